#pragma once
// Partial output files that a signal must not leave behind. OutputFile
// registers each temporary it creates; on SIGINT, SIGTERM or SIGHUP the
// handler unlinks every registered path, restores the default action and
// re-raises the signal, so the process still dies of it (exit status 128+N).
// The handler is installed at a registration for each signal whose action is
// then the default: a program's own handler, or an ignored
// signal (nohup), is left alone.
namespace graphrun::io::detail {

// Registers `path` (which must stay valid until unregistered). Returns a
// slot for unregister_partial_file, or -1 when every slot is taken (the file
// is then still removed on every failure but a signal).
int register_partial_file(const char* path) noexcept;
void unregister_partial_file(int slot) noexcept;

}  // namespace graphrun::io::detail
