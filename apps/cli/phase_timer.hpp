#pragma once
// Wall-clock phases of a run, reported by --json and the summary line, on
// stderr as each ends under --verbose, and as a live ticker on a terminal
// for every phase that lasts over a second.
//
// Invariant: the phases, `other` (time inside the process not covered by a
// phase: start-up, option parsing, the summary) and nothing else add up to
// `wall`, the time since the process started. Work done on another thread
// while a phase ran (device initialisation during the read) is reported
// apart, as `overlapped`, because it does not add to the wall time.
#include <chrono>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "json.hpp"

namespace graphrun::cli {

using Clock = std::chrono::steady_clock;

// When exec() started this process (see phase_timer.cpp).
Clock::time_point process_start();

class PhaseTimer {
 public:
  // The first timer of the process starts with the phase "startup": from
  // exec() to the construction of static objects (loading the libraries).
  PhaseTimer();
  template <class F>
  auto time(const std::string& phase, F&& work) {
    const auto start = begin(phase);
    struct End {  // also on an exception, so the ticker stops
      PhaseTimer& timer;
      Clock::time_point start;
      const std::string& phase;
      ~End() { timer.end(phase, start); }
    } end{*this, start, phase};
    return work();
  }
  // A phase that ran on another thread, overlapped with this thread's phases.
  void overlapped(const std::string& phase, double seconds) { overlapped_.emplace_back(phase, seconds); }

  const std::vector<std::pair<std::string, double>>& phases() const { return phases_; }
  // {"read_seconds": .., ..., "other_seconds": .., "wall_seconds": ..}, plus
  // "overlapped": {"device_init_seconds": ..} when something overlapped.
  JsonObject json() const;
  // "read 0.12 s, build 0.30 s, ..., wall 0.50 s"
  std::string summary() const;
  double total_seconds() const;  // the phases only

 private:
  Clock::time_point begin(const std::string& phase);
  void end(const std::string& phase, Clock::time_point start);

  std::vector<std::pair<std::string, double>> phases_;
  std::vector<std::pair<std::string, double>> overlapped_;
};

}  // namespace graphrun::cli
