# Included by the ctest drivers that compile PTX (tests/cli/cubin_rewrite_run.cmake, tests/data/run/cli_run.cmake):
# sets PTXAS, looked for as the oracle tests look (tests/support/oracle.cpp): $TMU_CUDA_BIN,
# ${TMU_CACHE:-~/.cache/tmu}/cuda-11.8/bin, $PATH. Missing, it fails when TMU_REQUIRE_ORACLES=1; otherwise PTXAS is
# left false and the including driver prints "skipped: install ptxas" and returns (ctest: skipped).
set(hints)
if(DEFINED ENV{TMU_CUDA_BIN})
  list(APPEND hints "$ENV{TMU_CUDA_BIN}")
endif()
if(DEFINED ENV{TMU_CACHE})
  list(APPEND hints "$ENV{TMU_CACHE}/cuda-11.8/bin")
else()
  list(APPEND hints "$ENV{HOME}/.cache/tmu/cuda-11.8/bin")
endif()
find_program(PTXAS ptxas HINTS ${hints} NO_CACHE)
if(NOT PTXAS AND "$ENV{TMU_REQUIRE_ORACLES}" STREQUAL "1")
  message(FATAL_ERROR "ptxas is required (TMU_REQUIRE_ORACLES=1) but missing: run scripts/setup.sh")
endif()
