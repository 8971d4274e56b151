# The ctest test python.bindings of a build without the Python module (tests/python/CMakeLists.txt): skipped, or
# failed when TMU_REQUIRE_ORACLES=1.
set(packages "python3-pybind11 python3-numpy python3-pytest (and python3-dev)")
if("$ENV{TMU_REQUIRE_ORACLES}" STREQUAL "1")
  message(FATAL_ERROR "the Python module is required (TMU_REQUIRE_ORACLES=1) but was not built (${MISSING}): "
                      "scripts/setup.sh installs ${packages}")
endif()
message(STATUS "skipped: install ${packages}: ${MISSING}")
