#pragma once
// Number formatting shared by the table, CSV and JSON writers: NaN (not
// measured) prints as the writer's empty marker, never as "nan".
#include <cmath>
#include <cstdio>
#include <string>

namespace graphrun::bench {

// Fixed or general notation with `digits` significant digits; `empty` for NaN.
inline std::string format_number(double value, int digits = 4, const char* empty = "-") {
  if (std::isnan(value)) return empty;
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char text[48];
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return text;
}

}  // namespace graphrun::bench
