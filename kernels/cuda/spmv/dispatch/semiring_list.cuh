#pragma once
// The semirings SpmvPlan::run is instantiated for (spmv.cuh): each dispatch
// file instantiates its templates with this one list.
#include "graphrun/semiring.hpp"

#define GRAPHRUN_SPMV_FOR_EACH_SEMIRING(MACRO) \
  MACRO(::graphrun::PlusTimes<float>)          \
  MACRO(::graphrun::PlusTimes<double>)         \
  MACRO(::graphrun::MinPlus)                   \
  MACRO(::graphrun::OrAnd)                     \
  MACRO(::graphrun::MinSecond)
