#pragma once
// How an algorithm reaches the kernel interface of its family: a backend
// implements a family by deriving from its interface beside Backend, so the
// interface is a cross-cast away. One helper, so every accessor reports a
// missing family the same way.
#include <string>

#include "graphrun/backend.hpp"
#include "graphrun/error.hpp"

namespace graphrun::algorithms_detail {

// `backend` as the kernel interface Family; UsageError naming the backend
// and the family when it does not implement it.
template <class Family>
Family& kernel_family(Backend& backend, const char* family) {
  if (auto* kernels = dynamic_cast<Family*>(&backend)) return *kernels;
  throw UsageError(std::string("the ") + to_string(backend.kind()) + " backend has no " + family + " kernels");
}

}  // namespace graphrun::algorithms_detail
