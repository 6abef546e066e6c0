# Installs graphrun from BUILD_DIR into a fresh prefix, configures and builds
# the consumer project against it, and runs the example on GRAPH.
foreach(var BUILD_DIR WORK_DIR CONSUMER_DIR EXAMPLE_SOURCE GRAPH)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer.cmake: ${var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${step}:\n${out}${err}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${step} failed (${status})")
  endif()
endfunction()

run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run("configure consumer" ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${prefix}
    -DEXAMPLE_SOURCE=${EXAMPLE_SOURCE} -DCMAKE_BUILD_TYPE=Release)
run("build consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run("run example" ${WORK_DIR}/build/pagerank_example ${GRAPH} cpu)
