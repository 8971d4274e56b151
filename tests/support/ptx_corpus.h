// SPDX-License-Identifier: MIT
// A corpus of PTX kernels covering the texture instructions of seed 004 (`tex` with every geometry, coordinate
// type, mipmap mode, offset and depth compare that the seed allows), `tld4` and `txq`, and the ways a texture can
// be named (unified texref, texture object in a parameter or in memory, indirect texref, independent sampler).
// ptxas compiles it into the SASS that tmu must disassemble exactly as nvdisasm does.
#pragma once

#include <string>
#include <vector>

namespace tmu::test {

struct PtxModule {
  std::string name;
  std::string source;
  std::string arch = "";  // ptxas's -arch when not the corpus's target (sm_53 for half-precision arithmetic)
};

// The modules for one target ("sm_50", "sm_52").
std::vector<PtxModule> ptx_corpus(const std::string& target);

// Kernels calling non-inlined .funcs (CAL to subroutines inside the kernel's section) and kernels with `.param
// .texref` / `.samplerref` parameters (symbols inside the kernel's section), video instructions, and for sm_52
// half-precision arithmetic (compiled for sm_53, whose code is SM52's), for the listing comparison with nvdisasm
// only: the cubin writer does not write .funcs yet (docs/cubin.md).
std::vector<PtxModule> ptx_call_corpus(const std::string& target);

}  // namespace tmu::test
