# Decides whether the CUDA backends are built (GRAPHRUN_CUDA = AUTO|ON|OFF)
# and sets GRAPHRUN_HAVE_CUDA.
include(CheckLanguage)

set(GRAPHRUN_HAVE_CUDA OFF)
if(NOT GRAPHRUN_CUDA STREQUAL "OFF")
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)  # H100 / H200; override on the command line
    endif()
    enable_language(CUDA)
    # CMake 3.25 knows no flag for the CUDA20 dialect, which the components'
    # cxx_std_20 compile feature asks of their CUDA sources ("requires the
    # language dialect CUDA20"); nvcc 13 takes -std=c++20.
    if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
    find_package(CUDAToolkit REQUIRED)
    set(GRAPHRUN_HAVE_CUDA ON)
  elseif(GRAPHRUN_CUDA STREQUAL "ON")
    message(FATAL_ERROR "GRAPHRUN_CUDA=ON but no CUDA compiler was found (looked for nvcc)")
  endif()
endif()
message(STATUS "graphrun: CUDA backends ${GRAPHRUN_HAVE_CUDA}")

# CMake 3.25 does not know nvcc 13's C++20 dialect and silently drops
# CUDA_STANDARD 20, so the flag is passed by hand to CUDA sources.
function(graphrun_cuda_flags target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:-std=c++20 --expt-relaxed-constexpr --extended-lambda -lineinfo
                                -Xcompiler=-fopenmp>)
endfunction()
