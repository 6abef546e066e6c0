# Installs the library, public headers, CLI and a CMake package so that an
# outside project can `find_package(graphrun CONFIG REQUIRED)` and link
# graphrun::graphrun.

include(CMakePackageConfigHelpers)

get_property(graphrun_components GLOBAL PROPERTY GRAPHRUN_COMPONENTS)
install(TARGETS ${graphrun_components} EXPORT graphrunTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The layers' public headers only (LAYER/include); the internal header sets
# (core/internal, engine/internal, kernels/) are not part of the package.
set(graphrun_header_dirs core/include/ engine/include/ io/include/ algorithms/include/ include/)
if(GRAPHRUN_HAVE_MPI)
  list(APPEND graphrun_header_dirs distributed/include/)
endif()
install(DIRECTORY ${graphrun_header_dirs}
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
install(EXPORT graphrunTargets NAMESPACE graphrun:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/graphrun)

configure_package_config_file(cmake/graphrunConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/graphrunConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/graphrun)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/graphrunConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/graphrunConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/graphrunConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/graphrun)
