#pragma once
// Turns every cuSPARSE status into a graphrun::RuntimeError naming the call
// and where it was made (the cuSPARSE twin of GRAPHRUN_CUDA_CHECK).
#include <cusparse.h>

#include <string>

#include "graphrun/error.hpp"

namespace graphrun::cusparse {

// CUSPARSE_STATUS_ALLOC_FAILED is an OutOfMemoryError; every other status a RuntimeError.
[[noreturn]] inline void throw_cusparse_error(cusparseStatus_t status, const char* call, const char* file, int line) {
  const std::string message = std::string("cuSPARSE error ") + cusparseGetErrorName(status) + " (" +
                              cusparseGetErrorString(status) + ") in " + call + " at " + file + ":" +
                              std::to_string(line);
  if (status == CUSPARSE_STATUS_ALLOC_FAILED) throw OutOfMemoryError(message);
  throw RuntimeError(message);
}

}  // namespace graphrun::cusparse

#define GRAPHRUN_CUSPARSE_CHECK(call)                                                                   \
  do {                                                                                                  \
    const cusparseStatus_t graphrun_cusparse_status_ = (call);                                          \
    if (graphrun_cusparse_status_ != CUSPARSE_STATUS_SUCCESS)                                           \
      ::graphrun::cusparse::throw_cusparse_error(graphrun_cusparse_status_, #call, __FILE__, __LINE__); \
  } while (0)
