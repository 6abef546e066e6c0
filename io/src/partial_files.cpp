#include "partial_files.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>

namespace graphrun::io::detail {
namespace {

// Fixed slots of atomic pointers: the handler may only read memory that
// needs no lock (async-signal-safe), so there is no container to walk.
constexpr int slot_count = 64;
std::atomic<const char*> slots[slot_count];

constexpr int cleaned_signals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void remove_partial_files_and_reraise(int signal_number) {
  for (auto& slot : slots)
    if (const char* path = slot.load(std::memory_order_acquire)) ::unlink(path);
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  ::sigaction(signal_number, &default_action, nullptr);
  ::raise(signal_number);  // delivered when the handler returns (the signal is blocked in it)
}

void install_handlers() {
  for (const int signal_number : cleaned_signals) {
    struct sigaction current {};
    if (::sigaction(signal_number, nullptr, &current) != 0 || current.sa_handler != SIG_DFL ||
        (current.sa_flags & SA_SIGINFO) != 0)
      continue;
    struct sigaction cleanup {};
    cleanup.sa_handler = remove_partial_files_and_reraise;
    sigemptyset(&cleanup.sa_mask);
    for (const int other : cleaned_signals) sigaddset(&cleanup.sa_mask, other);
    ::sigaction(signal_number, &cleanup, nullptr);
  }
}

}  // namespace

int register_partial_file(const char* path) noexcept {
  install_handlers();  // checked every time: a signal's action may have changed since
  for (int k = 0; k < slot_count; ++k) {
    const char* empty = nullptr;
    if (slots[k].compare_exchange_strong(empty, path, std::memory_order_acq_rel)) return k;
  }
  return -1;
}

void unregister_partial_file(int slot) noexcept {
  if (slot >= 0 && slot < slot_count) slots[slot].store(nullptr, std::memory_order_release);
}

}  // namespace graphrun::io::detail
