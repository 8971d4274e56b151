# ctest driver for `tmu run` (tests/CMakeLists.txt, tmu_run_cli_test): compiles PTX with ptxas 11.8 into a
# temporary cubin, runs `${TMU} run CUBIN --launch SPEC ${ARGS}` and checks the exit status (EXPECT: pass = 0,
# fail = non-zero) and that standard output plus standard error match REGEX. ptxas is looked for as the oracle
# tests look (tests/support/oracle.cpp): $TMU_CUDA_BIN, ${TMU_CACHE:-~/.cache/tmu}/cuda-11.8/bin, $PATH. Missing, the
# test prints "skipped: install ptxas" (ctest: skipped), or fails when TMU_REQUIRE_ORACLES=1.
# With COMPILER=tmu the PTX is compiled by `${TMU} ptxas` instead (no ptxas needed).
get_filename_component(stem "${PTX}" NAME_WE)
set(cubin "${WORK}/${NAME}.cubin")
file(MAKE_DIRECTORY "${WORK}")
if(COMPILER STREQUAL "tmu")
  execute_process(COMMAND ${TMU} ptxas "${PTX}" -o "${cubin}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tmu ptxas ${PTX} failed: ${err}")
  endif()
else()
include("${CMAKE_CURRENT_LIST_DIR}/../../cli/find_ptxas.cmake")
if(NOT PTXAS)
  message(STATUS "skipped: install ptxas (scripts/setup.sh extracts it from Debian's nvidia-cuda-toolkit)")
  return()
endif()
execute_process(COMMAND "${PTXAS}" -arch=sm_50 "${PTX}" -o "${cubin}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ptxas ${PTX} failed: ${err}")
endif()
endif()
execute_process(COMMAND ${TMU} run "${cubin}" --launch "${SPEC}" ${ARGS} WORKING_DIRECTORY "${WORK}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(EXPECT STREQUAL "pass" AND NOT rc EQUAL 0)
  message(FATAL_ERROR "tmu run ${cubin} --launch ${SPEC} exited with ${rc}:\n${out}${err}")
elseif(EXPECT STREQUAL "fail" AND rc EQUAL 0)
  message(FATAL_ERROR "tmu run ${cubin} --launch ${SPEC} exited with 0 where it must fail:\n${out}${err}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "tmu run: output does not match '${REGEX}':\n${out}${err}")
endif()
message(STATUS "${out}${err}")
