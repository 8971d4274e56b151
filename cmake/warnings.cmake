# Warnings are errors for tmu's own code. -Wconversion makes bit-twiddling mistakes build errors.
set(TMU_WARNINGS -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Wnon-virtual-dtor
    -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wimplicit-fallthrough -Werror)
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
