# tmu's own code is built with these warnings (never its users': the options are PRIVATE). -Wconversion catches
# bit-twiddling mistakes. With TMU_WERROR, a developer option that is on when tmu is the top-level project (and off
# when another project adds it with add_subdirectory, or with -DTMU_WERROR=OFF), they are errors.
option(TMU_WERROR "Make warnings in tmu's own code errors (-Werror)" ${PROJECT_IS_TOP_LEVEL})
set(TMU_WARNINGS -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Wnon-virtual-dtor
    -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wimplicit-fallthrough)
if(TMU_WERROR)
  list(APPEND TMU_WARNINGS -Werror)
endif()
function(tmu_target_warnings target)
  target_compile_options(${target} PRIVATE ${TMU_WARNINGS})
endfunction()

# The instruction table is compiled and checked in constant expressions (src/isa/sm50/compiled.h, codec.cpp):
# give the compilers room.
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  add_compile_options(-fconstexpr-steps=200000000)
elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  add_compile_options(-fconstexpr-ops-limit=2000000000 -fconstexpr-loop-limit=10000000)
endif()
