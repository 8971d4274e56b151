// SPDX-License-Identifier: MIT
// The texture instructions' handler in parts, so that the fast handler (fast_fragment.cpp) can reuse what it
// decodes once: the modifiers and the Ra/Rb layout (the plan), and the texture bank's word for non-bindless
// forms. Internal to src/exec.
#pragma once

#include <cstdint>
#include <optional>

#include "exec/context.h"
#include "isa/sm50/tex_operands.h"

namespace tmu::exec {

struct TexPlan {
  std::optional<tex::Modifiers> modifiers;  // nullopt: an undefined short-form encoding
  isa::sm50::TexLayout layout;
};
TexPlan tex_plan(const isa::sm50::Instruction& in);

// Runs a texture instruction on c.lanes. `handle`: for a non-bindless form, the texture bank's word at tsidx
// when the caller has read it (every lane reads the same word); otherwise each lane reads it.
void run_texture(Context& c, const isa::sm50::Instruction& in, const TexPlan& plan, std::optional<uint32_t> handle);

}  // namespace tmu::exec
