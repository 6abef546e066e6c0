#include "phase_ticker.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "presentation.hpp"

namespace graphrun::cli {
namespace {

constexpr double default_delay_seconds = 1.0;
constexpr auto tick = std::chrono::milliseconds(200);

double delay_seconds() {
  const char* text = std::getenv("GRAPHRUN_PROGRESS_AFTER");
  if (text == nullptr || *text == '\0') return default_delay_seconds;
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  return (end != nullptr && *end == '\0' && value >= 0.0) ? value : default_delay_seconds;
}

}  // namespace

bool PhaseTicker::enabled_for(const std::string& phase) {
  if (phase == "read" || presentation().quiet) return false;
  const char* mode = std::getenv("GRAPHRUN_PROGRESS");
  if (mode != nullptr && std::strcmp(mode, "always") == 0) return true;
  if (mode != nullptr && std::strcmp(mode, "never") == 0) return false;
  return ::isatty(STDERR_FILENO) != 0;
}

PhaseTicker::PhaseTicker(const std::string& phase) : thread_(&PhaseTicker::run, this, phase, delay_seconds()) {}

PhaseTicker::~PhaseTicker() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  stop_signal_.notify_one();
  thread_.join();
  if (shown_) {
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
  }
}

void PhaseTicker::run(std::string phase, double delay) {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  // A zero delay shows the line at once, even for a phase that ends first.
  if (delay > 0.0 && stop_signal_.wait_for(lock, std::chrono::duration<double>(delay), [&] { return stop_; })) return;
  do {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "\rgraphrun: %s %.1f s", phase.c_str(), seconds);
    std::fflush(stderr);
    shown_ = true;
  } while (!stop_signal_.wait_for(lock, tick, [&] { return stop_; }));
}

}  // namespace graphrun::cli
