// SPDX-License-Identifier: MIT
// Instruction selection from the IR to SM50/SM52 SASS (docs/ir.md, "Selection"): lowered shaders in, text that
// `tmu as` assembles (and the assembled program) out. Texture instructions become TEX/TLD/TLD4/TXD/TMML/TXQ with
// their Ra/Rb vectors laid out by isa/sm50/tex_operands (the one packer); ALU code becomes SM50 ALU instructions;
// registers are allocated linearly; control words are the assembler's safe defaults (every variable-latency
// instruction sets write barrier 0 and read barrier 1, every instruction waits on all barriers), which the
// executor's hazard checker accepts.
//
// The shader's interface (the ABI the executor's caller fills in):
//   load_input base B component C      ALD from attribute a[0x80 + 16 B + 4 C] (Machine::attribute_in)
//   store_output base B component C    AST to attribute a[0x80 + 16 B + 4 C] (Machine::attribute_out)
//   texture T with sampler S           bound texture instructions with tsidx = 32 T + S: the constant-bank word
//                                      (Machine::texture_bank) at (32 T + S) * 4 holds that pair's handle
//                                      (direct_texture_index: tsidx = T)
// Compute kernels (docs/ir.md, "Compute kernels"), as ptxas 11.8 reads them:
//   load_kernel_input base B           c[0x0][0x140 + B + offset] (isa::kParamBase), a constant offset
//   load_local_invocation_id           S2R SR_TID.X/Y/Z
//   load_workgroup_id                  S2R SR_CTAID.X/Y/Z
//   load_subgroup_invocation           S2R SR_LANEID
//   load_workgroup_size                c[0x0][0x8], [0xc], [0x10]
//   load_num_workgroups                c[0x0][0x14], [0x18], [0x1c]
//   load_global_2x32 / store_global_2x32   LDG.E / STG.E (.64, .128) through the (lo, hi) register pair
// Booleans live in registers as 0 / 0xffffffff; 16-bit values in the low half of a register.
#pragma once

#include <string>

#include "common/result.h"
#include "ir/shader.h"
#include "isa/arch.h"
#include "isa/sm50/program.h"

namespace tmu::ir::sm50 {

inline constexpr unsigned kAttributeBase = 0x80;
constexpr unsigned attribute_address(unsigned base, unsigned component) {
  return kAttributeBase + 16 * base + 4 * component;
}
constexpr unsigned texture_slot(unsigned texture, unsigned sampler) { return 32 * texture + sampler; }

struct SelectOptions {
  isa::Arch arch = isa::Arch::SM50;  // sparse residency (TEX's predicate output) needs SM52
  // Bound texture instructions take tsidx = the TexInstr's texture_index (the constant-bank-0 word index a
  // CUDA kernel's texture reference or parameter is bound at, up to 0x1fff); the sampler index is ignored.
  bool direct_texture_index = false;
};

struct Selected {
  std::string sass;               // one statement per line, as `tmu as` reads it
  isa::sm50::Program program;     // the same, assembled
  unsigned registers = 0;         // R0 .. R(registers - 1) used
};

// Selects SASS for a shader whose texture instructions the hardware has forms for (run nir_lower_tex with NAK's
// SM50 options first: sm50_lower_tex_options()). Errors name the instruction (ssa_N) and what has no selection.
Result<Selected> select(Shader& s, const SelectOptions& o = {});

}  // namespace tmu::ir::sm50
