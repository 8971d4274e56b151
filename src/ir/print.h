// SPDX-License-Identifier: MIT
// NIR's text format: the shader as Mesa 22.3's nir_print_shader prints it (NIR_DEBUG=print), checked against
// src/compiler/nir/nir_print.c of Mesa 22.3.6. read.h reads it back.
//
//   shader: MESA_SHADER_FRAGMENT
//   source_sha1: {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}
//   name: NAME                                    (Shader::name; the other header lines are Shader::header)
//   inputs: 0 ...
//   decl_var uniform INTERP_MODE_NONE sampler2D tex (0, 0, 0)
//   decl_function main (0 params)
//
//   impl main {
//   	block block_0:
//   	/* preds: */
//   	vec1 32 ssa_0 = deref_var &tex (uniform sampler2D)      (and a space: Mesa ends deref lines with one)
//   	vec2 32 ssa_1 = load_const (0x3f000000, 0x3f000000) = (0.500000, 0.500000)
//   	vec4 32 ssa_2 = (float32)tex ssa_1 (coord), ssa_0 (texture_deref), ssa_0 (sampler_deref), 2D (dim), ...
//   	/* succs: block_1 */
//   	block block_1:
//   }
//
// As Mesa: definitions are "vecN BITS ssa_K" (bit size right-aligned in two columns, "vec1  1 ssa_3"), SSA values
// are renumbered densely in program order (nir_index_ssa_defs) and blocks in program order (nir_index_blocks);
// ALU sources print a swizzle when it is not the identity or reads fewer components than the value has ("xyzw",
// or "abcdefghijklmnop" for values of more than four components); load_const prints the bits in hex and, above
// 8 bits, the value as a float ("(0x3f800000 = 1.000000)", "(0x1, 0x2) = (..)", 1-bit "(true)"); intrinsics
// print their sources and their indices as read ("(base=0, component=0, dest_type=float32 /*160*/, ...)") and the
// "\t/* name */" of the variable an I/O intrinsic reaches; derefs print "(mode type) " after the path (and the
// whole chain as a comment); phis "phi block_1: ssa_4, block_2: ssa_5"; ifs "if ssa_3 {" / "} else {" / "}";
// loops "loop {" / "}" and the jumps "break" / "continue"; each block's "/* preds: */" and "/* succs: */" as
// nir_block's edges (cfg.h: loop back edges, break and continue included).
// A shader without header lines prints the ones nir_shader_create leaves (zero counts).
//
// tmu's extensions, where 22.3's printer loses what tmu keeps:
// * Texture instructions: after Mesa's fields (sources, gather_component, offsets, texture, sampler,
//   "texture non-uniform", "sampler non-uniform", "sparse") come, always,
//       , DIM (dim)                 sampler_dim as vocab.h names it: 1D 2D 3D CUBE RECT BUF EXTERNAL MS SUBPASS ...
//       , N (coord_components)
//   and, when set,
//       , array                     is_array
//       , shadow                    is_shadow
//       , new_style_shadow          is_new_style_shadow
//       , lowered_cube              array_is_lowered_cube
//       , implicit_lod              is_gather_implicit_lod
//       , skip_helpers              skip_helpers
//       , offset non-uniform        offset_non_uniform
//       , 0x1 (backend_flags)       backend_flags (hex)
//   Mesa's own fields are also printed where 22.3 would skip them but tmu holds a value: "N (texture)" /
//   "N (sampler)" when non-zero beside a deref (or on txf_ms_fb), "N (gather_component)" when non-zero on an
//   op other than tg4, "{ ... } (offsets)" when non-zero on an op other than tg4. Texture ops and source types
//   22.3 does not have print their vocab.h names ("(float32)hdr_dim_nv", "ssa_3 (lod_bias_min_agx)").
// * Vectors of 6, 7 and 9-15 components print as vec6 ... vec15 (22.3 prints "error").
// * Struct derefs print the field index where Mesa prints the field name ("&ssa_2->1"): tmu keeps no struct types.
// * Variable locations of 1000 or more print in full (22.3 truncates them to three digits); a location past the
//   name tables prints as its number (22.3: "UNKNOWN", which cannot be read back).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ir/shader.h"

namespace tmu::ir {

// The shader in Mesa 22.3's text format with tmu's extensions (above). Numbers the blocks (Shader::number_blocks).
std::string print(Shader& s);

// The text format's vocabulary, shared by print and read.
namespace text {

// A variable's location as decl_var prints it for `mode` in `stage`: gl_vert_attrib names for vertex inputs,
// gl_varying_slot names for varyings, gl_frag_result names for fragment outputs, "~0" for -1, else the number.
std::string location_name(Stage stage, std::string_view mode, int location);
// The location a name (of any of those tables), "~0" or a decimal number stands for.
std::optional<int> parse_location(std::string_view s);
// Components of a GLSL type as glsl_get_components(glsl_without_array(type)): "vec3" 3, "mat2x3" 6, "float" 1;
// 0 for structs, samplers and what it does not know.
unsigned type_components(std::string_view glsl_type);
// The GLSL type with its array dimensions ("sampler2D[4][2]" -> "sampler2D").
std::string_view without_array(std::string_view glsl_type);

}  // namespace text
}  // namespace tmu::ir
