// SPDX-License-Identifier: MIT
// Writing cubins: CUDA ELF files as ptxas 11.8 writes them for sm_50/sm_52, from kernels' code and metadata
// (isa/cubin_image.h), so that nvdisasm, cuobjdump and tmu (read_cubin, `tmu dis`) read them. The sections, their
// order, flags and link/info fields, the symbols and the .nv.info attributes are those of ptxas's output; see
// isa/cubin_format.h for every constant and where it was established.
//
// Written: null, .shstrtab, .strtab, .symtab, .nv.info (REGCOUNT, MAX_STACK_SIZE, MIN_STACK_SIZE, FRAME_SIZE per
// kernel; SAMPLER_INIT per sampler), .nv.info.<k> (CUDA_API_VERSION, SW2393858_WAR, SW1850030_WAR, PARAM_CBANK,
// CBANK_PARAM_SIZE, KPARAM_INFO, MAXREG_COUNT, BINDLESS_SURFACE_BANK, BINDLESS_TEXTURE_BANK,
// INT_WARP_WIDE_INSTR_OFFSETS, COOP_GROUP_INSTR_OFFSETS, EXIT_INSTR_OFFSETS, INDIRECT_BRANCH_TARGETS,
// CRS_STACK_SIZE, MAX_THREADS, REQNTID, in that order), .rel.nv.constant0.<k>
// (texture/sampler/surface slots), .rel.text.<k>, .nv.constant2.<k>, .nv.constant0.<k>, .text.<k>,
// .nv.shared.<k>, and the program headers (PHDR, LOAD of the constants and code, LOAD of shared memory, LOAD of
// the program headers). Not written: .nv.rel.action, ptxas's fixed table of relocation actions, which only
// relocation types tmu's cubins do not use (byte-wise data relocations for the linker) need.
#pragma once

#include <cstddef>
#include <vector>

#include "common/result.h"
#include "isa/cubin_image.h"

namespace tmu::isa {

// Checks the image (names, code in whole bundles that decode for its architecture, parameters inside the
// parameter area, handle slots after it) and writes the ELF bytes. Errors name the kernel and what is wrong.
Result<std::vector<std::byte>> write_cubin(const CubinImage& image);

}  // namespace tmu::isa
