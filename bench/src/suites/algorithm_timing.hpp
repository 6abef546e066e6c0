#pragma once
// Whole-algorithm timing shared by the algorithm suites. A run includes
// returning the result vectors to the host: the algorithm interface returns
// host vectors, exactly what a user of graphrun gets.
#include <functional>

#include "suites/suite_context.hpp"

namespace graphrun::bench {

// Fills upload_ms, first_call_ms (the first run, which may build formats)
// and time_ms (the repetitions, cache flushed before each).
inline void time_algorithm(const SuiteContext& context, EngineSession& session, ResultRow& row,
                           const std::function<void()>& run) {
  row.upload_ms = session.upload_ms();
  row.first_call_ms = wall_milliseconds(session.backend(), run);
  row.time_ms = time_repeated(session.backend(), run, session.flusher(), context.plan());
}

}  // namespace graphrun::bench
