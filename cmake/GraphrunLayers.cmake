# The layers' include directories (docs/architecture.md, "Layers").
#
# graphrun_component(NAME [PUBLIC_HEADERS DIR] [PRIVATE_ROOT DIR]): a static
# library of the graphrun package. PUBLIC_HEADERS (a LAYER/include folder)
# is what the components linking it see, and what is installed; PRIVATE_ROOT
# is the folder its private headers are named from, seen by itself only.
# No component gets the source tree as an include path.
function(graphrun_component name)
  cmake_parse_arguments(ARG "" "PUBLIC_HEADERS;PRIVATE_ROOT" "" ${ARGN})
  add_library(${name} STATIC)
  target_compile_features(${name} PUBLIC cxx_std_20)
  if(ARG_PUBLIC_HEADERS)
    target_include_directories(${name} PUBLIC
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/${ARG_PUBLIC_HEADERS}>
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  endif()
  if(ARG_PRIVATE_ROOT)
    target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/${ARG_PRIVATE_ROOT})
  endif()
  target_compile_definitions(${name} PUBLIC GRAPHRUN_HAVE_CUDA=$<BOOL:${GRAPHRUN_HAVE_CUDA}>)
  target_link_libraries(${name} PUBLIC OpenMP::OpenMP_CXX)
  graphrun_warnings(${name})
  set_property(GLOBAL APPEND PROPERTY GRAPHRUN_COMPONENTS ${name})
endfunction()

# Internal header sets one layer publishes on purpose to named others. They
# are header-only INTERFACE libraries, never installed: a component links
# one PRIVATE and wrapped in $<BUILD_INTERFACE:...>, so the installed
# package does not mention it.
#
#   graphrun_core_internal     core/internal: "graphrun/internal/parallel.hpp"
#                              (OpenMP chunking), "graphrun/internal/bulk_download.hpp",
#                              "graphrun/internal/span_overlap.hpp";
#                              for engine, io and the tests
#   graphrun_engine_internal   engine/internal: "graphrun/internal/primitive_checks.hpp",
#                              the argument checks of the non-virtual primitives;
#                              for algorithms (the family interfaces), kernels and the tests
#   graphrun_kernels_internal  kernels/ as a root: "backends.hpp" (the concrete
#                              backends' factories), "cuda/spmv/spmv.cuh", ...;
#                              for the factory (graphrun), the tests and the
#                              bench's kernel-level timing programs
#   graphrun_io_internal       io/src as a root, for io's white-box tests
add_library(graphrun_core_internal INTERFACE)
target_include_directories(graphrun_core_internal INTERFACE ${PROJECT_SOURCE_DIR}/core/internal)

add_library(graphrun_engine_internal INTERFACE)
target_include_directories(graphrun_engine_internal INTERFACE ${PROJECT_SOURCE_DIR}/engine/internal)
target_link_libraries(graphrun_engine_internal INTERFACE graphrun_core_internal)

add_library(graphrun_kernels_internal INTERFACE)
target_include_directories(graphrun_kernels_internal INTERFACE ${PROJECT_SOURCE_DIR}/kernels)
target_link_libraries(graphrun_kernels_internal INTERFACE graphrun_engine_internal)

add_library(graphrun_io_internal INTERFACE)
target_include_directories(graphrun_io_internal INTERFACE ${PROJECT_SOURCE_DIR}/io/src)
target_link_libraries(graphrun_io_internal INTERFACE graphrun_core_internal)
