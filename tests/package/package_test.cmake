# The CMake package end to end (cmake/package.cmake, README "Using tmu as a library"): the build tree installed into
# a scratch prefix, then examples/package and this directory's program configured against that prefix alone with
# find_package(tmu), built and run. Run by ctest (tests/CMakeLists.txt, package.install_and_use) as
#   cmake -DBUILD=<build tree> -DSOURCE=<source tree> -DWORK=<scratch dir> -DGENERATOR=<generator>
#         -DCXX=<compiler> -DCONFIG=<configuration> [-DPYTHON=<python3> -DPYTHON_DIR=<module dir>] -P package_test.cmake
# The install copies what the build made; it builds nothing (ctest runs after the build).
cmake_minimum_required(VERSION 3.25)
foreach(var BUILD SOURCE WORK GENERATOR CXX CONFIG)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "package_test.cmake: -D${var}= is missing")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK})
set(prefix ${WORK}/prefix)
run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix} --config ${CONFIG})

# Every installed header includes only installed headers: the internal ones (src/CMakeLists.txt,
# TMU_INTERNAL_HEADERS) are not needed by any public one.
set(include_dir ${prefix}/include/tmu)
file(GLOB_RECURSE headers RELATIVE ${include_dir} ${include_dir}/*)
list(LENGTH headers count)
if(count LESS 50 OR NOT "isa/sm50/codec.h" IN_LIST headers OR NOT "texunit/texture_unit.h" IN_LIST headers)
  message(FATAL_ERROR "${count} headers under ${include_dir}: the public headers are missing")
endif()
foreach(internal isa/sm50/compiled.h isa/sm50/print_plan.h ir/sm50/select_internal.h sample/json_cursor.h)
  if(internal IN_LIST headers)
    message(FATAL_ERROR "the internal header ${internal} was installed")
  endif()
endforeach()
foreach(header IN LISTS headers)
  file(STRINGS ${include_dir}/${header} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  get_filename_component(dir ${header} DIRECTORY)
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[^\"]*\"([^\"]+)\".*$" "\\1" included "${line}")
    if(NOT EXISTS ${include_dir}/${included} AND NOT EXISTS ${include_dir}/${dir}/${included})
      message(FATAL_ERROR "the installed ${header} includes \"${included}\", which is not installed")
    endif()
  endforeach()
endforeach()

# The package asks its users for no more than the libraries need: not the tool's CLI11, not nlohmann_json (used
# inside the libraries only), not tmu's warning flags.
file(GLOB package_files ${prefix}/lib*/cmake/tmu/*.cmake)
foreach(f IN LISTS package_files)
  file(READ ${f} text)
  if(text MATCHES "CLI11|nlohmann|-Werror|-Wconversion")
    message(FATAL_ERROR "${f} names '${CMAKE_MATCH_0}', which users of the package must not need")
  endif()
endforeach()

# Configures, builds and runs a program against the installed package only: no package registry, and CLI11 and
# nlohmann_json made unfindable.
function(build_and_run name source program)
  run("configure ${name}" ${CMAKE_COMMAND} -S ${source} -B ${WORK}/${name} -G ${GENERATOR}
      -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix}
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON
      -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON)
  file(STRINGS ${WORK}/${name}/CMakeCache.txt tmu_dir REGEX "^tmu_DIR:")
  if(NOT tmu_dir MATCHES "^tmu_DIR:PATH=${prefix}/lib[^/]*/cmake/tmu$")
    message(FATAL_ERROR "${name} found tmu elsewhere: ${tmu_dir}")
  endif()
  run("build ${name}" ${CMAKE_COMMAND} --build ${WORK}/${name} --config ${CONFIG})
  run("${program}" ${WORK}/${name}/${program})
  set(out "${out}" PARENT_SCOPE)
endfunction()

# The example. Its expected output is worked out by hand from the seed documents, not taken from tmu:
# - The word of `TEX.LB R0,R2,R4,5,2D,0xf;` from the field layout of reference sm50-encodings.md (sections 2, 3
#   and 4.1): opcode 11000 at [63:59] 0xc000000000000000, LOD mode .LB = 2 at [57:55] 0x0100000000000000, Ps = PT
#   (7) at [53:51] 0x0038000000000000, index 5 at [48:36] 0x0000005000000000, write mask 0xf at [34:31]
#   0x0000000780000000, type 2D = 2 at [30:28] 0x20000000, Rb = R4 at [27:20] 0x400000, Pg = PT at [19:16] 0x70000,
#   Ra = R2 at [15:8] 0x200, Rd = R0: together 0xc1380057a0470200 (section 5 lists the same word).
# - Its text as nvdisasm prints it (section 5): index in hex, ", " between operands; with a control slot of stall 0
#   and no yield the terminator is ";" without the space (section 2).
# - 0xc438000000070000, TEX with .LC (bit 58), which SM50 refuses with nvdisasm's 'uC' message (section 8).
# - The texture (examples/package/main.cpp): 4x4 texels (x, y) = (x + 4y, 2(x + 4y), 0, 1) in R32_G32_B32_A32
#   FLOAT (COMPONENTS 0x01, reference texture-unit-facts.md), WRAP on both axes, linear filtering, level 0. A
#   bilinear tap at normalized (s, t) reads texels around (4s - 0.5, 4t - 0.5):
#   (0.5, 0.625): (1.5, 2.0), texels (1, 2) and (2, 2) weighted 1/2 each, row 3 weight 0: R = (9 + 10) / 2 = 9.5,
#     G = (18 + 20) / 2 = 19;
#   (1.125, 0.375): (4.0, 1.0), x = 4 wraps to texel 0, row 1: texel (0, 1) = (4, 8);
#   (-0.125, 0.375): (-1.0, 1.0), x = -1 wraps to texel 3: texel (3, 1) = (7, 14).
#   Halves of floats of this size, summed and rounded once, are exact.
build_and_run(example ${SOURCE}/examples/package tmu_example)
set(expected "word: 0xc1380057a0470200
text: TEX.LB R0, R2, R4, 0x5, 2D, 0xf;
refused: Unrecognized operation for functional unit 'uC'
sample (0.5, 0.625): 9.5 19 0 1
sample (1.125, 0.375): 4 8 0 1
sample (-0.125, 0.375): 7 14 0 1
")
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "tmu_example printed\n${out}\nexpected\n${expected}")
endif()

# Every exported library linked into one program.
build_and_run(all_libraries ${SOURCE}/tests/package tmu_all_libraries)
if(NOT out STREQUAL "16 libraries linked\n")
  message(FATAL_ERROR "tmu_all_libraries printed\n${out}")
endif()
# The Python module (where the build has one): installed under the prefix's TMU_PYTHON_INSTALL_DIR and imported from
# there alone, it disassembles the example's word (the text worked out above).
if(PYTHON)
  if(NOT EXISTS ${prefix}/${PYTHON_DIR})
    message(FATAL_ERROR "the Python module was not installed in ${prefix}/${PYTHON_DIR}")
  endif()
  # (Lines, not semicolons, between the statements: a semicolon would split the CMake argument.)
  run("import tmu" ${CMAKE_COMMAND} -E env PYTHONPATH=${prefix}/${PYTHON_DIR} PYTHONNOUSERSITE=1 ${PYTHON} -c
      "import tmu\nprint(tmu.__file__)\nprint(tmu.disassemble_word(0xc1380057a0470200))")
  if(NOT out MATCHES "^${prefix}/${PYTHON_DIR}/tmu[^\n]*[.]so\nTEX[.]LB R0, R2, R4, 0x5, 2D, 0xf\n$")
    message(FATAL_ERROR "the installed module printed\n${out}")
  endif()
endif()
# Passed: the scratch tree (a copy of the libraries and the tool) is not kept.
file(REMOVE_RECURSE ${WORK})
message(STATUS "installed, and the example and every library built against the installed package")
