// SPDX-License-Identifier: MIT
// Reads NIR's text format: what print.h prints (tmu's extensions included) and what Mesa 22.3's nir_print_shader
// prints, so that a shader dumped by a Mesa driver (NIR_DEBUG=print) can be pasted in.
//
// Fields Mesa 22.3 does not print are worked out as Mesa's front ends set them:
// * a texture instruction without tmu's "(dim)" takes sampler_dim, is_array and is_shadow from the GLSL type of
//   the variable its texture deref (else its sampler deref) reaches (glsl_sampler_type below); is_shadow also
//   from a comparator source; is_new_style_shadow when it is shadow and returns one component (two with
//   sparse); coord_components from the coord source's size. With no deref and no "(dim)" the dimension cannot be
//   known and reading fails there, saying to add ", 2D (dim)".
// * the SSA numbers of the text are kept (ssa_5 stays DefId 5); print() renumbers densely.
// * loops ("loop {" ... "}") and the jumps "break" and "continue" (inside a loop, last in their block); a phi may
//   name a value defined further down (a loop header's back edge); values defined in a loop body stay visible
//   after the loop, and verify() checks that their definitions dominate the uses.
// * ALU ".nsw"/".nuw" flags, "div"/"con" divergence marks, if-control comments ("/* flatten */") and the
//   preds/succs comments are read and dropped: the IR has no place for them.
// Not read, with a message saying so: registers (decl_reg, r0), the jumps return, halt and goto, calls, ALU source
// modifiers (-ssa_1, abs()) and ".sat", deref casts and wildcards, struct fields by name (tmu keeps indices:
// "->1"), variable initializers, functions with parameters or without a body, more than one function.
// Every error reads "FILE:LINE:COL: what was expected" (columns count bytes from 1). After reading, verify()
// runs; its findings are reported at the line of the instruction they name.
// Sizes are capped so that no input can make the reader allocate without bound: SSA and block numbers below
// 1,000,000, 1-16 components, bit sizes 1/8/16/32/64, ifs and loops nested 64 deep.
#pragma once

#include <optional>
#include <string_view>

#include "common/result.h"
#include "ir/shader.h"

namespace tmu::ir {

Result<Shader> read(std::string_view text, std::string_view file_name);

// What a GLSL sampler, texture or image type name (as Mesa prints it, array dimensions removed) says about a
// texture instruction on it: "sampler2DArrayShadow" -> 2D, array, shadow; "isampler3D" -> 3D; "samplerCube",
// "sampler2DRect", "samplerBuffer", "sampler2DMS", "samplerExternalOES", "texture2D", "utextureCubeArray",
// "image2DMS", "subpassInputMS", ... nullopt for other types (the bare "sampler" and "samplerShadow" included).
struct SamplerTypeInfo {
  SamplerDim dim = SamplerDim::Dim2D;
  bool is_array = false;
  bool is_shadow = false;
};
std::optional<SamplerTypeInfo> glsl_sampler_type(std::string_view name);

}  // namespace tmu::ir
