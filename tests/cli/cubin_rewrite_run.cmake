# ctest driver for the cubin writer under `tmu run` (tests/CMakeLists.txt): compiles PTX with ptxas 11.8, rewrites
# the cubin with tmu_cubin_rewrite (isa::read_cubin_image, then isa::write_cubin), or with REWRITE=as-like lists it
# (`tmu dis --ctrl`) and assembles the listing back into a cubin like it (`tmu as --like`; with EDIT=1 after
# inserting a NOP, so that the code and its indirect branches move), runs
# `${TMU} run CUBIN --launch SPEC` on both and requires the same exit status and output. ptxas is looked for as
# the oracle tests look (tests/support/oracle.cpp); missing, the test prints "skipped: install ptxas" (ctest:
# skipped), or fails when TMU_REQUIRE_ORACLES=1.
include("${CMAKE_CURRENT_LIST_DIR}/find_ptxas.cmake")
if(NOT PTXAS)
  message(STATUS "skipped: install ptxas (scripts/setup.sh extracts it from Debian's nvidia-cuda-toolkit)")
  return()
endif()
file(MAKE_DIRECTORY "${WORK}")
set(theirs "${WORK}/${NAME}.ptxas.cubin")
set(ours "${WORK}/${NAME}.tmu.cubin")
execute_process(COMMAND "${PTXAS}" -arch=sm_50 "${PTX}" -o "${theirs}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ptxas ${PTX} failed: ${err}")
endif()
if(REWRITE STREQUAL "as-like")
  # The listing route: `tmu dis --ctrl` of ptxas's cubin, assembled back with `tmu as --like` it.
  set(listing "${WORK}/${NAME}.sass")
  execute_process(COMMAND ${TMU} dis --ctrl "${theirs}" OUTPUT_FILE "${listing}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tmu dis --ctrl ${theirs} failed: ${err}")
  endif()
  if(EDIT)
    # An edit that moves the code: a NOP after the first instruction (the indirect branches' targets move along).
    file(READ "${listing}" text)
    string(REGEX REPLACE "(\n/\\*0008\\*/[^\n]*\n)" "\\1NOP ;\n" edited "${text}")
    if(edited STREQUAL text)
      message(FATAL_ERROR "no instruction at 0x8 to insert a NOP after in ${listing}")
    endif()
    file(WRITE "${listing}" "${edited}")
  endif()
  execute_process(COMMAND ${TMU} as "${listing}" --like "${theirs}" -o "${ours}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tmu as --like ${theirs} failed: ${err}")
  endif()
  # The indirect branches' annotations (from the written EIATTR_INDIRECT_BRANCH_TARGETS) name what the source's did.
  execute_process(COMMAND ${TMU} dis --ctrl "${ours}" OUTPUT_VARIABLE relisted RESULT_VARIABLE rc)
  file(READ "${listing}" source)
  foreach(which source relisted)
    string(REGEX MATCHALL "[^\n]*BRANCH_TARGETS[^\n]*" lines "${${which}}")
    string(REGEX REPLACE "/\\*[0-9a-f]+\\*/ " "" ${which}_branches "${lines}")
  endforeach()
  if(NOT source_branches STREQUAL relisted_branches)
    message(FATAL_ERROR "the indirect branches of ${ours} differ from the source's:\n${relisted_branches}\n"
                        "source:\n${source_branches}")
  endif()
else()
  execute_process(COMMAND "${REWRITE}" "${theirs}" "${ours}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tmu_cubin_rewrite ${theirs} failed: ${err}")
  endif()
endif()
execute_process(COMMAND ${TMU} run "${theirs}" --launch "${SPEC}" WORKING_DIRECTORY "${WORK}"
                RESULT_VARIABLE rc_a OUTPUT_VARIABLE out_a ERROR_VARIABLE err_a)
execute_process(COMMAND ${TMU} run "${ours}" --launch "${SPEC}" WORKING_DIRECTORY "${WORK}"
                RESULT_VARIABLE rc_b OUTPUT_VARIABLE out_b ERROR_VARIABLE err_b)
if(NOT rc_a EQUAL 0)
  message(FATAL_ERROR "tmu run on ptxas's cubin exited with ${rc_a}:\n${out_a}${err_a}")
endif()
if(EDIT)  # one more instruction per warp: the counts differ, nothing else may
  string(REGEX REPLACE "\"instructions\": [0-9]+" "" out_a "${out_a}")
  string(REGEX REPLACE "\"instructions\": [0-9]+" "" out_b "${out_b}")
endif()
if(NOT rc_a EQUAL rc_b OR NOT "${out_a}" STREQUAL "${out_b}" OR NOT "${err_a}" STREQUAL "${err_b}")
  message(FATAL_ERROR "tmu run differs on the rewritten cubin (exit ${rc_b}, ptxas's ${rc_a}):\n"
                      "ptxas's:\n${out_a}${err_a}\nrewritten:\n${out_b}${err_b}")
endif()
message(STATUS "same output:\n${out_a}")
