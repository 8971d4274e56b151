# The Python module `tmu` (python/, docs in README.md "Python"): pybind11 from Debian (python3-pybind11), the
# interpreter's headers (python3-dev), and at run time NumPy (python3-numpy); its tests run under pytest
# (python3-pytest). TMU_PYTHON is on by default for the top-level project and turns itself off, with a message,
# where one of them is missing, and in sanitizer and fuzzing builds (an instrumented module cannot be loaded into an
# uninstrumented python3 without preloading the sanitizer runtime).
#
# The interpreter is the first of `python3` on PATH and /usr/bin/python3 that imports numpy and pytest (a pyenv or
# virtualenv python3 first on PATH often has neither), or Python3_EXECUTABLE where given (it must import both).
#
# A Python module is a shared object: the static libraries it links are built as position-independent code in a
# build with TMU_PYTHON (-fPIC; with -fno-semantic-interposition so that GCC still inlines and optimises calls
# between a library's own functions as it does without -fPIC).
option(TMU_PYTHON "Build the Python module tmu (needs python3-pybind11, python3-dev, python3-numpy)" ${PROJECT_IS_TOP_LEVEL})
set(TMU_PYTHON_MISSING "")  # why the module is not built, for the message and the tests' skip line

# OUT: the first of CANDIDATES (default: `python3` on PATH, then /usr/bin/python3) that runs `import MODULES`
# ("numpy, pytest"), or empty.
function(tmu_python_importing out modules)
  set(candidates ${ARGN})
  if(NOT candidates)
    find_program(TMU_PATH_PYTHON3 python3)
    set(candidates "${TMU_PATH_PYTHON3}" /usr/bin/python3)
  endif()
  set(${out} "" PARENT_SCOPE)
  foreach(candidate IN LISTS candidates)
    if(candidate AND EXISTS "${candidate}")
      execute_process(COMMAND "${candidate}" -c "import ${modules}" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
      if(rc EQUAL 0)
        set(${out} "${candidate}" PARENT_SCOPE)
        return()
      endif()
    endif()
  endforeach()
endfunction()

if(TMU_PYTHON AND (TMU_SANITIZE OR TMU_FUZZ))
  message(STATUS "Python module tmu: not built in a sanitizer or fuzzing build")
  set(TMU_PYTHON OFF)
elseif(TMU_PYTHON)
  # The interpreter: the one given, else the first of `python3` on PATH and /usr/bin/python3 that has numpy and pytest.
  if(DEFINED Python3_EXECUTABLE)
    tmu_python_importing(interpreter "numpy, pytest" "${Python3_EXECUTABLE}")
    set(candidates "${Python3_EXECUTABLE}")
  else()
    tmu_python_importing(interpreter "numpy, pytest")
    set(candidates "${TMU_PATH_PYTHON3} /usr/bin/python3")
  endif()
  if(interpreter)
    set(Python3_EXECUTABLE "${interpreter}" CACHE FILEPATH "The python3 of the module tmu and its tests")
  else()
    set(TMU_PYTHON_MISSING "no python3 of ${candidates} imports numpy and pytest")
  endif()
  if(NOT TMU_PYTHON_MISSING)
    find_package(Python3 COMPONENTS Interpreter Development.Module)
    if(NOT Python3_Development.Module_FOUND)
      set(TMU_PYTHON_MISSING "the headers of ${Python3_EXECUTABLE} (python3-dev) were not found")
    else()
      find_package(pybind11 2.6 CONFIG QUIET HINTS /usr/lib/cmake)
      if(NOT pybind11_FOUND)
        set(TMU_PYTHON_MISSING "pybind11 (python3-pybind11) was not found")
      endif()
    endif()
  endif()
  if(TMU_PYTHON_MISSING)
    message(STATUS "Python module tmu: off, ${TMU_PYTHON_MISSING}; install python3-pybind11 python3-dev "
                   "python3-numpy python3-pytest (scripts/setup.sh)")
    set(TMU_PYTHON OFF)
  else()
    message(STATUS "Python module tmu: on (${Python3_EXECUTABLE}, pybind11 ${pybind11_VERSION})")
    set(CMAKE_POSITION_INDEPENDENT_CODE ON)
    add_compile_options(-fno-semantic-interposition)
  endif()
endif()
