# Asserts that a graphrun-bench --out directory holds results.csv and
# results.json, with rows, and that no row's status is FAIL.
# Usage: cmake -DBENCH_OUT=DIR -P check_quick_output.cmake
foreach(file results.csv results.json)
  if(NOT EXISTS "${BENCH_OUT}/${file}")
    message(FATAL_ERROR "graphrun-bench wrote no ${BENCH_OUT}/${file}")
  endif()
endforeach()

# Read whole, not with file(STRINGS): a ';' inside a field would split a
# CMake list element.
file(READ "${BENCH_OUT}/results.csv" csv)
if(NOT csv MATCHES "^graph,[^\n]*,status,")
  message(FATAL_ERROR "results.csv has an unexpected header")
endif()
string(REGEX MATCHALL "\n" newlines "${csv}")
list(LENGTH newlines line_count)
if(line_count LESS 2)
  message(FATAL_ERROR "results.csv has no rows")
endif()
string(FIND "${csv}" ",FAIL," fail_at)
if(NOT fail_at EQUAL -1)
  message(FATAL_ERROR "results.csv has a FAIL row")
endif()

file(READ "${BENCH_OUT}/results.json" json)
string(JSON row_count LENGTH "${json}" rows)
math(EXPR csv_rows "${line_count} - 1")
if(NOT row_count EQUAL csv_rows)
  message(FATAL_ERROR "results.json has ${row_count} rows, results.csv ${csv_rows}")
endif()
math(EXPR last "${row_count} - 1")
foreach(i RANGE ${last})
  string(JSON status GET "${json}" rows ${i} status)
  if(status STREQUAL "FAIL")
    string(JSON detail GET "${json}" rows ${i} check_detail)
    message(FATAL_ERROR "results.json row ${i} FAILED: ${detail}")
  endif()
endforeach()
string(JSON device GET "${json}" run backends 0 device_name)
message(STATUS "bench quick output: ${row_count} rows, none FAIL, device ${device}")

# The call floor (a fill of one float, timed like the rows) was measured.
string(JSON call_floor GET "${json}" run backends 0 call_floor_ms)
if(NOT call_floor GREATER 0)
  message(FATAL_ERROR "results.json: call_floor_ms is '${call_floor}', expected a positive time")
endif()
