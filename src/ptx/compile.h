// SPDX-License-Identifier: MIT
// The PTX compiler (`tmu ptxas`, docs/ptx.md "Compiling"): a module's kernels through the texture IR to SM50/SM52
// SASS and a cubin, as ptxas 11.8 lays kernels out for the CUDA driver (parameters in constant bank 0 from 0x140,
// texture references in bank-0 slots after them, texture objects in parameters used as bound indices).
//
//   PTX statements -> IR (src/ptx/compile/: registers to SSA values, structured control flow, 64-bit integers as
//   pairs of 32-bit values) -> nir_lower_tex with ptxas's choices (lowering-facts.md 3) -> NAK's SM50 preparation
//   and selection (src/ir/sm50) -> one CubinKernel per .entry.
//
// Errors name the statement ("FILE:LINE:COL: what was wrong"); forms the compiler does not handle yet are refused
// the same way, never compiled into something else.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "isa/arch.h"
#include "isa/cubin_image.h"
#include "ptx/module.h"

namespace tmu::ptx {

struct CompileOptions {
  std::optional<isa::Arch> arch;  // default: the module's .target (sm_50 or sm_52)
};

struct CompiledKernel {
  std::string name;
  std::string ir;    // the kernel's IR after lowering, as `tmu lower` prints it
  std::string sass;  // the selected SASS, one statement per line (what `tmu as` reads)
};

struct Compiled {
  isa::CubinImage image;               // write_cubin(image) gives the cubin
  std::vector<CompiledKernel> kernels;  // in .entry order
};

// Compiles every .entry of a module read by ptx::read (file_name for messages).
Result<Compiled> compile(const Module& module, std::string_view file_name, const CompileOptions& options = {});

// Reads and compiles PTX text, and writes the cubin.
Result<std::vector<std::byte>> compile_to_cubin(std::string_view text, std::string_view file_name,
                                                const CompileOptions& options = {});

}  // namespace tmu::ptx
