#include "phase_timer.hpp"

#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <memory>

#include "phase_ticker.hpp"
#include "presentation.hpp"

namespace graphrun::cli {
namespace {

// When exec() started this process: /proc/self/stat's start time (clock
// ticks after boot) against CLOCK_BOOTTIME, so the dynamic loader's work
// before any static object (mapping and relocating the CUDA libraries) is
// on the clock too. Resolution: one clock tick (10 ms); where /proc is not
// readable, the time this object is constructed.
Clock::time_point exec_time(Clock::time_point now) {
  std::ifstream stat("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto name_end = text.rfind(')');  // the command name may hold spaces
  if (name_end == std::string::npos) return now;
  std::istringstream fields(text.substr(name_end + 1));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i < 22) continue;
    timespec boot{};
    const long ticks_per_second = ::sysconf(_SC_CLK_TCK);
    if (::clock_gettime(CLOCK_BOOTTIME, &boot) != 0 || ticks_per_second <= 0) return now;
    const double age = static_cast<double>(boot.tv_sec) + static_cast<double>(boot.tv_nsec) * 1e-9 -
                       std::stod(field) / static_cast<double>(ticks_per_second);
    if (!(age >= 0.0 && age < 60.0)) return now;
    return now - std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(age));
  }
  return now;
}

const Clock::time_point constructed = Clock::now();
const Clock::time_point started = exec_time(constructed);

// The ticker of the phase now running (phases do not nest).
std::unique_ptr<PhaseTicker> running_ticker;

double seconds_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

}  // namespace

Clock::time_point process_start() { return started; }

Clock::time_point PhaseTimer::begin(const std::string& phase) {
  if (!running_ticker && PhaseTicker::enabled_for(phase)) running_ticker = std::make_unique<PhaseTicker>(phase);
  return Clock::now();
}

void PhaseTimer::end(const std::string& phase, Clock::time_point start) {
  const double seconds = seconds_between(start, Clock::now());
  running_ticker.reset();
  phases_.emplace_back(phase, seconds);
  report_phase(phase, seconds);
}

PhaseTimer::PhaseTimer() {
  // Once per process: the first timer owns the start-up.
  static bool startup_recorded = false;
  if (!startup_recorded) {
    startup_recorded = true;
    phases_.emplace_back("startup", seconds_between(started, constructed));
  }
}

double PhaseTimer::total_seconds() const {
  double total = 0.0;
  for (const auto& phase : phases_) total += phase.second;
  return total;
}

JsonObject PhaseTimer::json() const {
  const double wall = seconds_between(process_start(), Clock::now());
  JsonObject times;
  for (const auto& [phase, seconds] : phases_) times.add(phase + "_seconds", seconds);
  times.add("other_seconds", std::max(0.0, wall - total_seconds())).add("wall_seconds", wall);
  if (!overlapped_.empty()) {
    JsonObject overlapped;
    for (const auto& [phase, seconds] : overlapped_) overlapped.add(phase + "_seconds", seconds);
    times.add("overlapped", overlapped);
  }
  return times;
}

std::string PhaseTimer::summary() const {
  std::string text;
  auto append = [&](const std::string& phase, double seconds) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%s %.3f s", text.empty() ? "" : ", ", phase.c_str(), seconds);
    text += buf;
  };
  for (const auto& [phase, seconds] : phases_) append(phase, seconds);
  append("wall", seconds_between(process_start(), Clock::now()));
  return text;
}

}  // namespace graphrun::cli
