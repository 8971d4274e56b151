# ctest driver: runs `${TMU} ${ARGS}` (ARGS a ;-separated list) and checks the exit status (EXPECT: pass = 0,
# fail = non-zero) and that standard output plus standard error match REGEX.
execute_process(COMMAND ${TMU} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(EXPECT STREQUAL "pass" AND NOT rc EQUAL 0)
  message(FATAL_ERROR "tmu ${ARGS} exited with ${rc}:\n${out}${err}")
elseif(EXPECT STREQUAL "fail" AND rc EQUAL 0)
  message(FATAL_ERROR "tmu ${ARGS} exited with 0 where it must fail:\n${out}${err}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "tmu ${ARGS}: output does not match '${REGEX}':\n${out}${err}")
endif()
message(STATUS "${out}${err}")
