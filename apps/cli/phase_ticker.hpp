#pragma once
// A one-line "graphrun: PHASE 3.2 s" ticker on stderr while a long phase
// runs, so no phase over a second passes in silence on a terminal. It
// appears after the phase has run for a second and is erased when the phase
// ends. GRAPHRUN_PROGRESS=always|never overrides the terminal check (always:
// logs that want it; never: scripts), and GRAPHRUN_PROGRESS_AFTER=SECONDS
// the one-second delay. The read has its own bar with bytes and percent
// (io/src/read_progress), so the ticker leaves it alone.
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace graphrun::cli {

class PhaseTicker {
 public:
  explicit PhaseTicker(const std::string& phase);
  ~PhaseTicker();  // stops the thread and erases the line
  PhaseTicker(const PhaseTicker&) = delete;
  PhaseTicker& operator=(const PhaseTicker&) = delete;

  static bool enabled_for(const std::string& phase);

 private:
  void run(std::string phase, double delay_seconds);

  std::mutex mutex_;
  std::condition_variable stop_signal_;
  bool stop_ = false;
  bool shown_ = false;
  std::thread thread_;
};

}  // namespace graphrun::cli
