// SPDX-License-Identifier: MIT
// NIR's text format (src/ir/print.h, read.h). The texts here are written by hand from Mesa 22.3.6's nir_print.c
// (print_ssa_def's "%s %2u ssa_%u", print_alu_src's swizzle rule, print_const_from_load, print_deref_instr's
// trailing space, print_intrinsic_instr's "\t/* name */", print_tex_instr's field order, print_block's
// preds/succs, the end block) and tmu's extensions documented in print.h.
#include <gtest/gtest.h>

#include <bit>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ir/builder.h"
#include "ir/print.h"
#include "ir/read.h"
#include "ir/tex.h"
#include "ir/verify.h"

namespace tmu::ir {
namespace {

// The header a shader without header lines prints (nir_shader_create's zero counts): 7 lines.
constexpr std::string_view kFsHeader =
    "shader: MESA_SHADER_FRAGMENT\n"
    "source_sha1: {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}\n"
    "inputs: 0\n"
    "outputs: 0\n"
    "uniforms: 0\n"
    "shared: 0\n"
    "ray queries: 0\n";

// A fragment shader: header, declarations, "decl_function main", "impl main {" and the body (blocks and the end
// block line). Without declarations the body's first line is line 11.
std::string fs(std::string_view decls, std::string_view body) {
  std::string s(kFsHeader);
  s += decls;
  s += "decl_function main (0 params)\n\nimpl main {\n";
  s += body;
  s += "}\n\n";
  return s;
}

void expect_round_trip(const std::string& text) {
  auto r = read(text, "rt.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(print(*r), text);
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string data(const char* name) { return read_file(std::string(TMU_TEST_DATA) + "/nir/" + name); }

template <typename T> const T& instr_at(Shader& s, DefId id) {
  const Instr* i = s.def_instr(id);
  EXPECT_NE(i, nullptr) << "ssa_" << id;
  static const T empty{};
  if (!i || !i->as<T>()) return empty;
  return *i->as<T>();
}

// ------------------------------------------------------------------------------------------------------------
// Round trips: hand-written text, read, printed again, the same text.

TEST(IrTextRoundTrip, AluConstantsAndUndef) {
  expect_round_trip(fs("",
                       "\tblock block_0:\n"
                       "\t/* preds: */\n"
                       "\tvec4 32 ssa_0 = load_const (0x3f800000, 0x40000000, 0xbf800000, 0x00000000) = (1.000000, "
                       "2.000000, -1.000000, 0.000000)\n"
                       "\tvec1 32 ssa_1 = load_const (0x3f000000 = 0.500000)\n"
                       "\tvec4 32 ssa_2 = fadd ssa_0, ssa_1.xxxx\n"
                       "\tvec2 32 ssa_3 = fmul! ssa_0.wz, ssa_2.xy\n"
                       "\tvec1 32 ssa_4 = fdot3 ssa_0.xyz, ssa_2.yzw\n"
                       "\tvec1  1 ssa_5 = flt ssa_4, ssa_1\n"
                       "\tvec4 32 ssa_6 = bcsel ssa_5.xxxx, ssa_0, ssa_2\n"
                       "\tvec3 32 ssa_7 = undefined\n"
                       "\tvec5 32 ssa_8 = load_const (0x00000001, 0x00000002, 0x00000003, 0x00000004, 0x00000005) = "
                       "(0.000000, 0.000000, 0.000000, 0.000000, 0.000000)\n"
                       "\tvec2 32 ssa_9 = mov ssa_8.ec\n"
                       "\tvec1 16 ssa_10 = load_const (0x3c00 = 1.000000)\n"
                       "\tvec1 64 ssa_11 = load_const (0x3ff0000000000000 = 1.000000)\n"
                       "\tvec2  8 ssa_12 = load_const (0x01, 0xff)\n"
                       "\tvec2  1 ssa_13 = load_const (true, false)\n"
                       "\tvec1 32 ssa_14 = b2f32 ssa_13.y\n"
                       "\tvec1 16 ssa_15 = f2f16 ssa_4\n"
                       "\tvec4 32 ssa_16 = vec4 ssa_7.z, ssa_9.y, ssa_14, ssa_1\n"
                       "\tvec1  8 ssa_17 = iadd ssa_12.y, ssa_12.x\n"
                       "\t/* succs: block_1 */\n"
                       "\tblock block_1:\n"));
}

// tmu's header line for shader_info.float_controls_execution_mode (a kernel compiled from .ftz PTX): read into
// Shader::float_controls and printed after the header, only when not 0.
TEST(IrTextRoundTrip, FloatControlsHeaderLine) {
  std::string text = fs("", "\tblock block_0:\n\t/* preds: */\n\t/* succs: block_1 */\n\tblock block_1:\n");
  text.insert(kFsHeader.size(), "float_controls_execution_mode: 0x10\n");
  expect_round_trip(text);
  auto r = read(text, "rt.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r->flushes_fp32_denorms());
  EXPECT_TRUE(r->header.size() == 6) << "the line is not kept among the header lines";
}

TEST(IrTextRoundTrip, IntrinsicsDerefsAndVariableComments) {
  expect_round_trip(fs(
      "decl_var uniform INTERP_MODE_NONE sampler2D[4] texs (3, 4, 0)\n"
      "decl_var uniform INTERP_MODE_NONE vec4 tint (0, 0, 0)\n"
      "decl_var shader_in INTERP_MODE_SMOOTH vec2 uv (VARYING_SLOT_VAR2.zw, 1, 0)\n"
      "decl_var shader_in INTERP_MODE_NOPERSPECTIVE float depth (VARYING_SLOT_VAR3.y, 2, 0)\n"
      "decl_var shader_out INTERP_MODE_NONE vec4 out_color (FRAG_RESULT_DATA1.xyzw, 0, 0)\n",
      "\tblock block_0:\n"
      "\t/* preds: */\n"
      "\tvec1 32 ssa_0 = load_const (0x00000000 = 0.000000)\n"
      "\tvec4 32 ssa_1 = intrinsic load_uniform (ssa_0) (base=0, range=16, dest_type=float32 /*160*/)\t/* tint */\n"
      "\tvec2 32 ssa_2 = intrinsic load_barycentric_centroid () (interp_mode=1)\n"
      "\tvec2 32 ssa_3 = intrinsic load_interpolated_input (ssa_2, ssa_0) (base=1, component=2, dest_type=float32 "
      "/*160*/, io location=34 slots=1 /*162*/)\t/* uv */\n"
      "\tvec4 32 ssa_4 = intrinsic load_frag_coord () ()\n"
      "\tvec1 32 ssa_5 = intrinsic load_input (ssa_0) (base=2, component=1, dest_type=float32 /*160*/, io "
      "location=35 slots=1 /*163*/)\t/* depth */\n"
      "\tvec1 32 ssa_6 = deref_var &texs (uniform sampler2D[4]) \n"
      "\tvec1 32 ssa_7 = load_const (0x00000002 = 0.000000)\n"
      "\tvec1 32 ssa_8 = deref_array &(*ssa_6)[2] (uniform sampler2D) /* &texs[2] */\n"
      "\tvec1 32 ssa_9 = f2u32 ssa_5\n"
      "\tvec1 32 ssa_10 = deref_array &(*ssa_6)[ssa_9] (uniform sampler2D) /* &texs[ssa_9] */\n"
      "\tvec4 32 ssa_11 = (float32)tex ssa_8 (texture_deref), ssa_8 (sampler_deref), ssa_3 (coord), 2D (dim), 2 "
      "(coord_components)\n"
      "\tvec4 32 ssa_12 = (float32)tex ssa_10 (texture_deref), ssa_10 (sampler_deref), ssa_3 (coord), texture "
      "non-uniform, sampler non-uniform, 2D (dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_13 = fmul ssa_11, ssa_12\n"
      "\tvec1  1 ssa_14 = intrinsic load_helper_invocation () ()\n"
      "\tintrinsic discard_if (ssa_14) ()\n"
      "\tintrinsic store_output (ssa_13, ssa_0) (base=0, wrmask=xyzw /*15*/, component=0, src_type=float32 "
      "/*160*/, io location=5 slots=1 /*133*/, xfb() /*0*/, xfb2() /*0*/)\t/* out_color */\n"
      "\t/* succs: block_1 */\n"
      "\tblock block_1:\n"));
}

TEST(IrTextRoundTrip, NestedIfElseWithPhis) {
  expect_round_trip(fs("",
                       "\tblock block_0:\n"
                       "\t/* preds: */\n"
                       "\tvec1 32 ssa_0 = load_const (0x00000000 = 0.000000)\n"
                       "\tvec4 32 ssa_1 = intrinsic load_frag_coord () ()\n"
                       "\tvec1  1 ssa_2 = flt ssa_1.x, ssa_0\n"
                       "\t/* succs: block_1 block_5 */\n"
                       "\tif ssa_2 {\n"
                       "\t\tblock block_1:\n"
                       "\t\t/* preds: block_0 */\n"
                       "\t\tvec1  1 ssa_3 = flt ssa_1.y, ssa_0\n"
                       "\t\t/* succs: block_2 block_3 */\n"
                       "\t\tif ssa_3 {\n"
                       "\t\t\tblock block_2:\n"
                       "\t\t\t/* preds: block_1 */\n"
                       "\t\t\tvec1 32 ssa_4 = fneg ssa_1.x\n"
                       "\t\t\t/* succs: block_4 */\n"
                       "\t\t} else {\n"
                       "\t\t\tblock block_3:\n"
                       "\t\t\t/* preds: block_1 */\n"
                       "\t\t\t/* succs: block_4 */\n"
                       "\t\t}\n"
                       "\t\tblock block_4:\n"
                       "\t\t/* preds: block_2 block_3 */\n"
                       "\t\tvec1 32 ssa_5 = phi block_2: ssa_4, block_3: ssa_0\n"
                       "\t\t/* succs: block_6 */\n"
                       "\t} else {\n"
                       "\t\tblock block_5:\n"
                       "\t\t/* preds: block_0 */\n"
                       "\t\tvec1 32 ssa_6 = fabs ssa_1.w\n"
                       "\t\t/* succs: block_6 */\n"
                       "\t}\n"
                       "\tblock block_6:\n"
                       "\t/* preds: block_4 block_5 */\n"
                       "\tvec1 32 ssa_7 = phi block_4: ssa_5, block_5: ssa_6\n"
                       "\tintrinsic store_output (ssa_7, ssa_0) (base=0, wrmask=x /*1*/, component=0, "
                       "src_type=float32 /*160*/, io location=4 slots=1 /*132*/, xfb() /*0*/, xfb2() /*0*/)\n"
                       "\t/* succs: block_7 */\n"
                       "\tblock block_7:\n"));
}

// Each texture op of seed 003 with a meaning here, each source type, tg4 offsets, sparse and every flag.
TEST(IrTextRoundTrip, TextureOpsSourcesAndFields) {
  const std::string text = fs(
      "decl_var uniform INTERP_MODE_NONE sampler2D tex2d (0, 0, 0)\n",
      "\tblock block_0:\n"
      "\t/* preds: */\n"
      "\tvec1 32 ssa_0 = load_const (0x3f000000 = 0.500000)\n"
      "\tvec2 32 ssa_1 = load_const (0x3f000000, 0x3e800000) = (0.500000, 0.250000)\n"
      "\tvec3 32 ssa_2 = load_const (0x3f000000, 0x3e800000, 0x40000000) = (0.500000, 0.250000, 2.000000)\n"
      "\tvec4 32 ssa_3 = load_const (0x3f000000, 0x3e800000, 0x40000000, 0x3f800000) = (0.500000, 0.250000, "
      "2.000000, 1.000000)\n"
      "\tvec1 32 ssa_4 = load_const (0x00000001 = 0.000000)\n"
      "\tvec2 32 ssa_5 = load_const (0x00000001, 0x00000002) = (0.000000, 0.000000)\n"
      "\tvec3 32 ssa_6 = load_const (0x00000001, 0x00000002, 0x00000003) = (0.000000, 0.000000, 0.000000)\n"
      "\tvec1 32 ssa_7 = deref_var &tex2d (uniform sampler2D) \n"
      "\tvec1 64 ssa_8 = load_const (0x0000000100000002 = 0.000000)\n"
      "\tvec4 32 ssa_9 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_10 = (float32)txb ssa_1 (coord), ssa_0 (projector), ssa_5 (offset), ssa_0 (bias), ssa_0 "
      "(min_lod), 1 (texture), 1 (sampler), 2D (dim), 2 (coord_components)\n"
      "\tvec1 32 ssa_11 = (float32)txl ssa_2 (coord), ssa_0 (comparator), ssa_0 (lod), 2 (texture), 3 (sampler), "
      "2D (dim), 3 (coord_components), array, shadow, new_style_shadow\n"
      "\tvec4 32 ssa_12 = (float32)txd ssa_3 (coord), ssa_3 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), CUBE "
      "(dim), 4 (coord_components), array, lowered_cube\n"
      "\tvec4 32 ssa_13 = (float32)txd ssa_2 (coord), ssa_2 (ddx), ssa_2 (ddy), 0 (texture), 0 (sampler), 3D "
      "(dim), 3 (coord_components)\n"
      "\tvec4 32 ssa_14 = (int32)txf ssa_5 (coord), ssa_4 (lod), ssa_5 (offset), 0 (texture), 0 (sampler), 2D "
      "(dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_15 = (float32)txf_ms ssa_6 (coord), ssa_4 (ms_index), ssa_3 (ms_mcs_intel), 0 (texture), 0 "
      "(sampler), MS (dim), 3 (coord_components), array\n"
      "\tvec4 32 ssa_16 = (float32)txf_ms_fb ssa_1 (coord), ssa_4 (ms_index), 2D (dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_17 = (uint32)txf_ms_mcs_intel ssa_5 (coord), 0 (texture), 0 (sampler), MS (dim), 2 "
      "(coord_components)\n"
      "\tvec3 32 ssa_18 = (int32)txs ssa_4 (lod), 0 (texture), 0 (sampler), CUBE (dim), 0 (coord_components), "
      "array\n"
      "\tvec2 32 ssa_19 = (float32)lod ssa_2 (coord), 0 (texture), 0 (sampler), 3D (dim), 3 (coord_components)\n"
      "\tvec5 32 ssa_20 = (float32)tg4 ssa_1 (coord), 3 (gather_component), { (1, 2), (-3, 4), (5, -6), (-7, -8) "
      "} (offsets), 0 (texture), 0 (sampler), sparse, 2D (dim), 2 (coord_components), implicit_lod\n"
      "\tvec1 32 ssa_21 = (int32)query_levels , 4 (texture), 0 (sampler), 2D (dim), 0 (coord_components)\n"
      "\tvec1 32 ssa_22 = (int32)texture_samples ssa_7 (texture_deref), 0 (sampler), MS (dim), 0 "
      "(coord_components)\n"
      "\tvec1  1 ssa_23 = (bool1)samples_identical ssa_5 (coord), ssa_3 (ms_mcs_intel), 0 (texture), 0 (sampler), "
      "MS (dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_24 = (float32)tex (pre-dispatchable) ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 "
      "(coord_components)\n"
      "\tvec4 32 ssa_25 = (float32)fragment_fetch_amd ssa_5 (coord), ssa_4 (ms_index), 0 (texture), 0 (sampler), "
      "MS (dim), 2 (coord_components)\n"
      "\tvec1 32 ssa_26 = (uint32)fragment_mask_fetch_amd ssa_5 (coord), 0 (texture), 0 (sampler), MS (dim), 2 "
      "(coord_components)\n"
      "\tvec4 32 ssa_27 = (float32)tex ssa_1 (coord), ssa_8 (texture_handle), ssa_8 (sampler_handle), 0 "
      "(texture), 0 (sampler), 2D (dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_28 = (float32)tex ssa_1 (coord), ssa_4 (texture_offset), ssa_4 (sampler_offset), 5 "
      "(texture), 6 (sampler), texture non-uniform, sampler non-uniform, 2D (dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_29 = (float32)tex ssa_1 (coord), ssa_4 (plane), ssa_3 (backend1), ssa_2 (backend2), 0 "
      "(texture), 0 (sampler), EXTERNAL (dim), 2 (coord_components), skip_helpers, offset non-uniform, 0x5 "
      "(backend_flags)\n"
      "\tvec4 32 ssa_30 = (float32)tex ssa_1 (coord), ssa_7 (texture_deref), ssa_7 (sampler_deref), 7 (texture), "
      "2D (dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_31 = (float32)tex ssa_1 (coord), ssa_0 (comparator), 0 (texture), 0 (sampler), RECT (dim), 2 "
      "(coord_components), shadow\n"
      "\tvec4 32 ssa_32 = (float32)txf ssa_4 (coord), 0 (texture), 0 (sampler), BUF (dim), 1 (coord_components)\n"
      "\tvec4 32 ssa_33 = (float32)tex ssa_1 (coord), ssa_4 (lod_bias_min_agx), 0 (texture), 0 (sampler), 2D "
      "(dim), 2 (coord_components)\n"
      "\tvec4 32 ssa_34 = (uint32)hdr_dim_nv ssa_4 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 "
      "(coord_components)\n"
      "\tvec4 32 ssa_35 = (float32)txf_ms ssa_5 (coord), ssa_4 (ms_index), 0 (texture), 0 (sampler), SUBPASS_MS "
      "(dim), 2 (coord_components)\n"
      "\t/* succs: block_1 */\n"
      "\tblock block_1:\n");
  expect_round_trip(text);

  auto r = read(text, "t.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  const TexInstr& tg4 = instr_at<TexInstr>(*r, 20);
  EXPECT_EQ(tg4.op, TexOp::tg4);
  EXPECT_EQ(tg4.component, 3);
  EXPECT_TRUE(tg4.is_sparse);
  EXPECT_TRUE(tg4.is_gather_implicit_lod);
  EXPECT_EQ(tg4.tg4_offsets[1][0], -3);
  EXPECT_EQ(tg4.tg4_offsets[3][1], -8);
  const TexInstr& flags = instr_at<TexInstr>(*r, 29);
  EXPECT_EQ(flags.sampler_dim, SamplerDim::External);
  EXPECT_TRUE(flags.skip_helpers);
  EXPECT_TRUE(flags.offset_non_uniform);
  EXPECT_EQ(flags.backend_flags, 5u);
  ASSERT_EQ(flags.src.size(), 4u);
  EXPECT_EQ(flags.src[2].type, TexSrcType::backend1);
  const TexInstr& indexed = instr_at<TexInstr>(*r, 28);
  EXPECT_EQ(indexed.texture_index, 5u);
  EXPECT_EQ(indexed.sampler_index, 6u);
  EXPECT_TRUE(indexed.texture_non_uniform && indexed.sampler_non_uniform);
  EXPECT_EQ(instr_at<TexInstr>(*r, 24).op, TexOp::tex_prefetch);
  EXPECT_EQ(instr_at<TexInstr>(*r, 21).texture_index, 4u);
  EXPECT_TRUE(instr_at<TexInstr>(*r, 11).is_new_style_shadow);
  EXPECT_FALSE(instr_at<TexInstr>(*r, 31).is_new_style_shadow);
  EXPECT_TRUE(instr_at<TexInstr>(*r, 12).array_is_lowered_cube);
  EXPECT_EQ(instr_at<TexInstr>(*r, 30).texture_index, 7u);
}

// Variables: modes, qualifiers before and after the mode, location names by stage, components, compact,
// "~0", a descriptor set, temporaries of the shader and of the function; a struct deref by field index.
TEST(IrTextRoundTrip, VariablesOfAVertexShader) {
  expect_round_trip(
      "shader: MESA_SHADER_VERTEX\n"
      "source_sha1: {0x01234567, 0x89abcdef, 0x00000000, 0x00000000, 0x00000001}\n"
      "name: vs\n"
      "inputs: 2\n"
      "outputs: 3\n"
      "uniforms: 4\n"
      "shared: 0\n"
      "ray queries: 0\n"
      "decl_var shader_in INTERP_MODE_NONE vec4 pos (VERT_ATTRIB_POS.xyzw, 0, 0)\n"
      "decl_var shader_in INTERP_MODE_NONE vec2 uv (VERT_ATTRIB_GENERIC3.xy, 1, 0)\n"
      "decl_var centroid shader_out INTERP_MODE_SMOOTH vec2 v_uv (VARYING_SLOT_VAR5.zw, 1, 0)\n"
      "decl_var invariant shader_out INTERP_MODE_NONE vec4 gl_Position (VARYING_SLOT_POS.xyzw, 0, 0)\n"
      "decl_var shader_out INTERP_MODE_NONE float[8] gl_ClipDistance (VARYING_SLOT_CLIP_DIST0.x, 2, 0) compact\n"
      "decl_var shader_out INTERP_MODE_NONE int rate (VARYING_SLOT_PRIMITIVE_SHADING_RATE.x, 3, 0)\n"
      "decl_var uniform INTERP_MODE_NONE restrict readonly highp vec4[4] params (5, 0, 0)\n"
      "decl_var ubo INTERP_MODE_NONE block ubo_block (~0, 0, 7)\n"
      "decl_var system INTERP_MODE_NONE int gl_VertexID\n"
      "decl_var bindless uniform INTERP_MODE_NONE sampler2D bindless_tex (1, 0, 0)\n"
      "decl_var image INTERP_MODE_NONE writeonly r8g8b8a8_unorm image2D img (4, 0, 3)\n"
      "decl_var uniform INTERP_MODE_NONE texture2D vk_tex (0, 2)\n"
      "decl_var  INTERP_MODE_NONE vec4 global_tmp\n"
      "decl_function main (0 params)\n"
      "\n"
      "impl main {\n"
      "\tdecl_var  INTERP_MODE_NONE vec4 tmp\n"
      "\tblock block_0:\n"
      "\t/* preds: */\n"
      "\tvec1 32 ssa_0 = deref_var &tmp (function_temp vec4) \n"
      "\tvec1 32 ssa_1 = deref_var &pos (shader_in vec4) \n"
      "\tvec4 32 ssa_2 = intrinsic load_deref (ssa_1) (access=0)\n"
      "\tintrinsic store_deref (ssa_0, ssa_2) (wrmask=xyzw /*15*/, access=0)\n"
      "\tvec1 32 ssa_3 = deref_var &ubo_block (ubo block) \n"
      "\tvec1 32 ssa_4 = deref_struct &ssa_3->1 (ubo vec4) /* &ubo_block.1 */\n"
      "\tvec4 32 ssa_5 = intrinsic load_deref (ssa_4) (access=0)\n"
      "\tvec4 32 ssa_6 = fadd ssa_2, ssa_5\n"
      "\tvec1 32 ssa_7 = deref_var &gl_Position (shader_out vec4) \n"
      "\tintrinsic store_deref (ssa_7, ssa_6) (wrmask=xyzw /*15*/, access=0)\n"
      "\t/* succs: block_1 */\n"
      "\tblock block_1:\n"
      "}\n"
      "\n");
}

TEST(IrTextRoundTrip, VariableFieldsAreRead) {
  auto r = read(
      "shader: MESA_SHADER_VERTEX\n"
      "decl_var shader_in INTERP_MODE_NONE vec2 uv (VERT_ATTRIB_GENERIC3.xy, 1, 0)\n"
      "decl_var centroid shader_out INTERP_MODE_SMOOTH vec2 v_uv (VARYING_SLOT_VAR5.zw, 9, 2)\n"
      "decl_var shader_out INTERP_MODE_NONE float[8] gl_ClipDistance (VARYING_SLOT_CLIP_DIST0.x, 2, 0) compact\n"
      "decl_var uniform INTERP_MODE_NONE texture2D vk_tex (3, 2)\n"
      "decl_var ubo INTERP_MODE_NONE block ubo_block (~0, 0, 7)\n"
      "decl_function main (0 params)\n"
      "impl main {\n"
      "\tdecl_var  INTERP_MODE_NONE vec4 tmp\n"
      "\tblock block_0:\n"
      "\tblock block_1:\n"
      "}\n",
      "v.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->variables.size(), 6u);
  const auto& v = r->variables;
  EXPECT_EQ(v[0].location, 15 + 3);  // VERT_ATTRIB_GENERIC0 is 15
  EXPECT_EQ(v[1].mode, "shader_out");
  EXPECT_EQ(v[1].qualifiers, "centroid INTERP_MODE_SMOOTH");
  EXPECT_EQ(v[1].location, 32 + 5);  // VARYING_SLOT_VAR0 is 32
  EXPECT_EQ(v[1].location_frac, 2);
  EXPECT_EQ(v[1].driver_location, 9);
  EXPECT_EQ(v[1].binding, 2);
  EXPECT_EQ(v[2].location, 17);  // VARYING_SLOT_CLIP_DIST0
  EXPECT_TRUE(v[2].compact);
  EXPECT_EQ(v[2].type, "float[8]");
  EXPECT_TRUE(v[3].has_descriptor_set);
  EXPECT_EQ(v[3].descriptor_set, 3);
  EXPECT_EQ(v[3].binding, 2);
  EXPECT_EQ(v[4].location, -1);
  EXPECT_EQ(v[5].mode, "function_temp");
  EXPECT_TRUE(r->header.empty());
  EXPECT_EQ(r->stage, Stage::Vertex);
}

// ------------------------------------------------------------------------------------------------------------
// Mesa 22.3's own printed form (tests/data/nir): fields 22.3 does not print come from the deref'd variable's type.

TEST(IrTextMesa, ShadowArrayFragmentShader) {
  const std::string text = data("shadow_array_fs.nir");
  auto r = read(text, "shadow_array_fs.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  Shader& s = *r;
  EXPECT_EQ(s.stage, Stage::Fragment);
  EXPECT_EQ(s.name, "GLSL3");
  ASSERT_EQ(s.header.size(), 6u);
  EXPECT_EQ(s.header[0], "source_sha1: {0x8a9b3c5d, 0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00}");
  EXPECT_EQ(s.header[1], "inputs: 1");
  ASSERT_EQ(s.variables.size(), 3u);
  EXPECT_EQ(s.variables[0].type, "sampler2DArrayShadow");
  EXPECT_EQ(s.variables[0].qualifiers, "INTERP_MODE_NONE highp");
  EXPECT_EQ(s.variables[1].location, 32);

  const TexInstr& t = instr_at<TexInstr>(s, 6);
  EXPECT_EQ(t.op, TexOp::tex);
  EXPECT_EQ(t.sampler_dim, SamplerDim::Dim2D);
  EXPECT_TRUE(t.is_array);
  EXPECT_TRUE(t.is_shadow);
  EXPECT_TRUE(t.is_new_style_shadow);  // shadow, one component returned
  EXPECT_EQ(t.coord_components, 3);
  EXPECT_EQ(t.dest_type, kFloat32);
  ASSERT_EQ(t.src.size(), 4u);
  EXPECT_EQ(t.src[3].type, TexSrcType::comparator);

  const IntrinsicInstr& in = instr_at<IntrinsicInstr>(s, 2);
  EXPECT_EQ(in.op, Intrinsic::load_interpolated_input);
  ASSERT_EQ(in.indices.size(), 4u);
  EXPECT_EQ(in.indices[2].first, "dest_type");
  EXPECT_EQ(in.indices[2].second, "float32 /*160*/");
  EXPECT_EQ(in.indices[3].first, "io location");
  EXPECT_EQ(in.indices[3].second, "32 slots=1 /*160*/");
  EXPECT_EQ(in.index("base"), 0);

  // The swizzled movs read ssa_2's xyz and w.
  const AluInstr& w = instr_at<AluInstr>(s, 5);
  EXPECT_EQ(w.op, AluOp::mov);
  EXPECT_EQ(w.src[0].swizzle[0], 3);

  // Printed: the same text with tmu's fields after the texture instruction's.
  std::string expected = text;
  const std::string mesa_tex = "ssa_5 (comparator)\n";
  ASSERT_NE(expected.find(mesa_tex), std::string::npos);
  expected.replace(expected.find(mesa_tex), mesa_tex.size(),
                   "ssa_5 (comparator), 2D (dim), 3 (coord_components), array, shadow, new_style_shadow\n");
  EXPECT_EQ(print(s), expected);
}

TEST(IrTextMesa, CubeVolumeGatherWithIfAndPhi) {
  const std::string text = data("cube_volume_gather_fs.nir");
  auto r = read(text, "cube_volume_gather_fs.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  Shader& s = *r;
  const TexInstr& cube = instr_at<TexInstr>(s, 6);
  EXPECT_EQ(cube.op, TexOp::txl);
  EXPECT_EQ(cube.sampler_dim, SamplerDim::Cube);
  EXPECT_FALSE(cube.is_array);
  EXPECT_FALSE(cube.is_shadow);
  EXPECT_EQ(cube.coord_components, 3);
  const TexInstr& volume = instr_at<TexInstr>(s, 10);
  EXPECT_EQ(volume.op, TexOp::txf);
  EXPECT_EQ(volume.sampler_dim, SamplerDim::Dim3D);
  EXPECT_EQ(volume.dest_type, kInt32);
  const TexInstr& gather = instr_at<TexInstr>(s, 16);
  EXPECT_EQ(gather.sampler_dim, SamplerDim::Dim2D);  // sampler2D[2]: the element type
  EXPECT_EQ(gather.component, 1);
  EXPECT_EQ(gather.tg4_offsets[0][0], -1);
  EXPECT_EQ(gather.tg4_offsets[3][1], 1);
  EXPECT_EQ(gather.coord_components, 2);
  // deref_array &(*ssa_12)[1]: the index is the load_const 1 above it.
  const DerefInstr& element = instr_at<DerefInstr>(s, 14);
  EXPECT_EQ(element.kind, DerefKind::Array);
  EXPECT_EQ(element.parent, 12u);
  EXPECT_EQ(element.index, 13u);
  EXPECT_EQ(element.mode_and_type, "(uniform sampler2D)");
  const PhiInstr& phi = instr_at<PhiInstr>(s, 17);
  ASSERT_EQ(phi.src.size(), 2u);
  EXPECT_EQ(phi.src[0].pred_block, 1u);
  EXPECT_EQ(phi.src[0].def, 11u);
  EXPECT_EQ(phi.src[1].pred_block, 2u);
  EXPECT_EQ(instr_at<AluInstr>(s, 7).dest.bit_size, 1);

  std::string expected = text;
  for (auto [from, to] : {std::pair<std::string, std::string>{"ssa_5 (lod)\n", "ssa_5 (lod), CUBE (dim), 3 (coord_components)\n"},
                          {"ssa_1 (lod)\n", "ssa_1 (lod), 3D (dim), 3 (coord_components)\n"},
                          {"(offsets)\n", "(offsets), 2D (dim), 2 (coord_components)\n"}}) {
    ASSERT_NE(expected.find(from), std::string::npos) << from;
    expected.replace(expected.find(from), from.size(), to);
  }
  EXPECT_EQ(print(s), expected);
}

TEST(IrTextMesa, SeparateTextureAndSamplerVertexShader) {
  auto r = read(data("separate_sampler_vs.nir"), "separate_sampler_vs.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  Shader& s = *r;
  EXPECT_EQ(s.stage, Stage::Vertex);
  EXPECT_EQ(s.variables[3].location, 15);  // VERT_ATTRIB_GENERIC0
  EXPECT_EQ(s.variables[0].location, -1);  // ~0
  const TexInstr& l = instr_at<TexInstr>(s, 5);  // texture2D + sampler
  EXPECT_EQ(l.sampler_dim, SamplerDim::Dim2D);
  EXPECT_EQ(l.coord_components, 2);
  const TexInstr& buf = instr_at<TexInstr>(s, 8);  // utextureBuffer, texture deref only
  EXPECT_EQ(buf.sampler_dim, SamplerDim::Buf);
  EXPECT_EQ(buf.dest_type, kUint32);
  EXPECT_EQ(buf.coord_components, 1);
  const TexInstr& size = instr_at<TexInstr>(s, 9);
  EXPECT_EQ(size.op, TexOp::txs);
  EXPECT_EQ(size.coord_components, 0);
  EXPECT_EQ(instr_at<IntrinsicInstr>(s, 1).op, Intrinsic::load_deref);
}

// A comparator makes a texture instruction shadow even when the type does not (SPIR-V's texture2D); four
// components returned: old-style shadow.
TEST(IrTextMesa, ShadowFromTheComparator) {
  auto r = read(fs("decl_var uniform INTERP_MODE_NONE texture2D t (~0, 0, 1)\n"
                   "decl_var uniform INTERP_MODE_NONE samplerShadow s (~0, 0, 2)\n",
                   "\tblock block_0:\n"
                   "\tvec1 32 ssa_0 = deref_var &t (uniform texture2D) \n"
                   "\tvec1 32 ssa_1 = deref_var &s (uniform samplerShadow) \n"
                   "\tvec2 32 ssa_2 = load_const (0x00000000, 0x00000000) = (0.000000, 0.000000)\n"
                   "\tvec1 32 ssa_3 = load_const (0x3f000000 = 0.500000)\n"
                   "\tvec1 32 ssa_4 = (float32)tex ssa_0 (texture_deref), ssa_1 (sampler_deref), ssa_2 (coord), "
                   "ssa_3 (comparator)\n"
                   "\tvec4 32 ssa_5 = (float32)tex ssa_0 (texture_deref), ssa_1 (sampler_deref), ssa_2 (coord), "
                   "ssa_3 (comparator)\n"
                   "\tblock block_1:\n"),
                "c.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(instr_at<TexInstr>(*r, 4).is_shadow);
  EXPECT_TRUE(instr_at<TexInstr>(*r, 4).is_new_style_shadow);
  EXPECT_TRUE(instr_at<TexInstr>(*r, 5).is_shadow);
  EXPECT_FALSE(instr_at<TexInstr>(*r, 5).is_new_style_shadow);
}

// Mesa's printer output with divergence marks, an if-control comment, the old load_const comment form, ".nuw"
// and no preds/succs comments: all read (and dropped).
TEST(IrTextMesa, MarksAndCommentsAreDropped) {
  auto r = read(fs("",
                   "\tblock block_0:\n"
                   "\tvec1 32 con ssa_0 = load_const (0x00000003 /* 0.000000 */)\n"
                   "\tvec1 32 div ssa_1 = iadd.nuw ssa_0, ssa_0\n"
                   "\tvec1  1 con ssa_2 = ilt ssa_1, ssa_0\n"
                   "\tif ssa_2 /* flatten */ {\n"
                   "\t\tblock block_1:\n"
                   "\t} else {\n"
                   "\t\tblock block_2:\n"
                   "\t}\n"
                   "\tblock block_3:\n"
                   "\tblock block_4:\n"),
                "m.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(instr_at<ConstInstr>(*r, 0).value[0], 3u);
  EXPECT_EQ(instr_at<AluInstr>(*r, 1).op, AluOp::iadd);
  EXPECT_EQ(r->blocks().size(), 4u);
}

// The oracle's one-instruction shaders use texture indices: without tmu's "(dim)" the dimension is unknown.
TEST(IrTextMesa, IndexedTextureWithTmuDimension) {
  auto r = read(fs("",
                   "\tblock block_0:\n"
                   "\tvec2 32 ssa_0 = load_const (0x3f000000, 0x3f000000) = (0.500000, 0.500000)\n"
                   "\tvec4 32 ssa_1 = (float32)tex ssa_0 (coord), 0 (texture), 0 (sampler), RECT (dim)\n"
                   "\tblock block_1:\n"),
                "i.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  const TexInstr& t = instr_at<TexInstr>(*r, 1);
  EXPECT_EQ(t.sampler_dim, SamplerDim::Rect);
  EXPECT_EQ(t.coord_components, 2);  // from the coord source when not given
  EXPECT_FALSE(t.is_shadow);
}

// ------------------------------------------------------------------------------------------------------------
// Loops and jumps. tests/data/nir/loop_*_fs.nir are Mesa 22.3.6's own prints (tmu_mesa_nir's "loop" shapes:
// nir_builder's loops and ifs over function_temp variables, then nir_lower_vars_to_ssa): tmu reads and prints
// them back letter for letter, the preds/succs comments with the back edges, breaks and continues included.

TEST(IrTextLoops, MesaPrintedLoopsRoundTrip) {
  for (const char* name : {"loop_continue_odd_fs.nir", "loop_nested_fs.nir", "loop_two_breaks_fs.nir"}) {
    SCOPED_TRACE(name);
    const std::string text = data(name);
    ASSERT_FALSE(text.empty());
    expect_round_trip(text);
  }
}

TEST(IrTextLoops, NestedLoopStructure) {
  auto r = read(data("loop_nested_fs.nir"), "loop_nested_fs.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  // block_0, loop { block_1, if, block_4, loop { block_5, if, block_8 }, block_9 }, block_10
  ASSERT_EQ(r->body.size(), 3u);
  ASSERT_TRUE(r->body[1].loop);
  const CfList& outer = r->body[1].loop->body;
  ASSERT_EQ(outer.size(), 5u);
  EXPECT_TRUE(outer[1].if_node);
  ASSERT_TRUE(outer[3].loop);
  EXPECT_EQ(outer[3].loop->body.size(), 3u);
  const JumpInstr* j = r->body[1].loop->body[1].if_node->then_list[0].block->instrs[0]->as<JumpInstr>();
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->kind, JumpKind::Break);
  // The inner loop's header phi: from the block before the inner loop and from its last block.
  const PhiInstr* p = outer[3].loop->body[0].block->instrs[0]->as<PhiInstr>();
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->src.size(), 2u);
  EXPECT_EQ(p->src[0].pred_block, 4u);
  EXPECT_EQ(p->src[1].pred_block, 8u);
}

// Written by hand from nir_control_flow.c's rules: a loop whose if breaks on one side and continues on the other.
// block_4, the body's last block, is unreachable (no preds) and still goes back to the loop's first block, so
// block_1 has three predecessors; the block after the loop has the breaking block alone; ssa_3, defined in the
// loop's first block, dominates the break and is read after the loop.
TEST(IrTextLoops, BreakAndContinueEdges) {
  expect_round_trip(fs("",
                       "\tblock block_0:\n"
                       "\t/* preds: */\n"
                       "\tvec1 32 ssa_0 = load_const (0x00000000 = 0.000000)\n"
                       "\tvec1  1 ssa_1 = undefined\n"
                       "\t/* succs: block_1 */\n"
                       "\tloop {\n"
                       "\t\tblock block_1:\n"
                       "\t\t/* preds: block_0 block_3 block_4 */\n"
                       "\t\tvec1 32 ssa_2 = phi block_0: ssa_0, block_3: ssa_3, block_4: ssa_3\n"
                       "\t\tvec1 32 ssa_3 = iadd ssa_2, ssa_2\n"
                       "\t\t/* succs: block_2 block_3 */\n"
                       "\t\tif ssa_1 {\n"
                       "\t\t\tblock block_2:\n"
                       "\t\t\t/* preds: block_1 */\n"
                       "\t\t\tbreak\n"
                       "\t\t\t/* succs: block_5 */\n"
                       "\t\t} else {\n"
                       "\t\t\tblock block_3:\n"
                       "\t\t\t/* preds: block_1 */\n"
                       "\t\t\tcontinue\n"
                       "\t\t\t/* succs: block_1 */\n"
                       "\t\t}\n"
                       "\t\tblock block_4:\n"
                       "\t\t/* preds: */\n"
                       "\t\t/* succs: block_1 */\n"
                       "\t}\n"
                       "\tblock block_5:\n"
                       "\t/* preds: block_2 */\n"
                       "\tvec1 32 ssa_4 = ineg ssa_3\n"
                       "\t/* succs: block_6 */\n"
                       "\tblock block_6:\n"));
}

// A loop inside an if inside a loop: the inner loop's header has the then-branch's first block and its own last
// block as predecessors; the block after the inner loop goes to the block after the if.
TEST(IrTextLoops, LoopInIfInLoop) {
  expect_round_trip(fs("",
                       "\tblock block_0:\n"
                       "\t/* preds: */\n"
                       "\tvec1  1 ssa_0 = undefined\n"
                       "\t/* succs: block_1 */\n"
                       "\tloop {\n"
                       "\t\tblock block_1:\n"
                       "\t\t/* preds: block_0 block_6 */\n"
                       "\t\t/* succs: block_2 block_5 */\n"
                       "\t\tif ssa_0 {\n"
                       "\t\t\tblock block_2:\n"
                       "\t\t\t/* preds: block_1 */\n"
                       "\t\t\t/* succs: block_3 */\n"
                       "\t\t\tloop {\n"
                       "\t\t\t\tblock block_3:\n"
                       "\t\t\t\t/* preds: block_2 */\n"
                       "\t\t\t\tbreak\n"
                       "\t\t\t\t/* succs: block_4 */\n"
                       "\t\t\t}\n"
                       "\t\t\tblock block_4:\n"
                       "\t\t\t/* preds: block_3 */\n"
                       "\t\t\t/* succs: block_6 */\n"
                       "\t\t} else {\n"
                       "\t\t\tblock block_5:\n"
                       "\t\t\t/* preds: block_1 */\n"
                       "\t\t\tbreak\n"
                       "\t\t\t/* succs: block_7 */\n"
                       "\t\t}\n"
                       "\t\tblock block_6:\n"
                       "\t\t/* preds: block_4 */\n"
                       "\t\t/* succs: block_1 */\n"
                       "\t}\n"
                       "\tblock block_7:\n"
                       "\t/* preds: block_5 */\n"
                       "\t/* succs: block_8 */\n"
                       "\tblock block_8:\n"));
}

// What the reader cannot produce but a pass could: verify() on shaders changed after reading.
TEST(IrTextLoops, VerifierFindsMisplacedJumps) {
  const std::string text = fs("",
                              "\tblock block_0:\n"
                              "\tloop {\n"
                              "\t\tblock block_1:\n"
                              "\t\tbreak\n"
                              "\t}\n"
                              "\tblock block_2:\n"
                              "\tblock block_3:\n");
  auto fresh = [&] {
    auto r = read(text, "v.nir");
    EXPECT_TRUE(r.ok()) << r.error();
    return r.ok() ? std::move(*r) : Shader{};
  };
  Shader valid = fresh();
  ASSERT_EQ(valid.body.size(), 3u);
  EXPECT_TRUE(verify(valid).empty());

  Shader after = fresh();  // an instruction after the break
  Block& b1 = *after.body[1].loop->body[0].block;
  b1.instrs.push_back(std::make_unique<Instr>(Instr{UndefInstr{Def{after.new_def(), 1, 32}}}));
  EXPECT_EQ(verify(after), std::vector<std::string>{"break in block_1 is not the last instruction of its block"});

  Shader outside = fresh();  // the break moved out of the loop, into block_0
  Block& b1o = *outside.body[1].loop->body[0].block;
  outside.body[0].block->instrs.push_back(std::move(b1o.instrs.back()));
  b1o.instrs.clear();
  EXPECT_EQ(verify(outside), std::vector<std::string>{"break in block_0 is outside a loop"});

  Shader empty = fresh();  // a loop body without its block
  empty.body[1].loop->body.clear();
  const auto errors = verify(empty);
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0], "a loop body must start and end with a block");
}

// ------------------------------------------------------------------------------------------------------------
// Bad text: "file:line:col: what was expected". Without declarations, fs()'s body starts on line 11.

struct BadCase {
  const char* what;
  std::string text;
  std::string message_start;  // the message begins with this
  const char* also = "";      // and contains this
};

const char* const kB0 = "\tblock block_0:\n\t/* preds: */\n";  // lines 11, 12

std::vector<BadCase> bad_cases() {
  const std::string c0 = "\tvec1 32 ssa_0 = load_const (0x3f800000 = 1.000000)\n";  // line 13
  const std::string end = "\t/* succs: block_1 */\n\tblock block_1:\n";
  return {
      {"unknown ALU opcode", fs("", kB0 + c0 + "\tvec1 32 ssa_1 = fsqrtt ssa_0\n" + end),
       "e.nir:14:18: unknown ALU opcode 'fsqrtt'"},
      {"unknown intrinsic", fs("", std::string(kB0) + "\tvec4 32 ssa_0 = intrinsic load_fragcoord () ()\n" + end),
       "e.nir:13:28: unknown intrinsic 'load_fragcoord'"},
      {"break outside a loop", fs("", kB0 + c0 + "\tbreak\n" + end), "e.nir:14:2: 'break' outside a loop"},
      {"continue outside a loop", fs("", kB0 + c0 + "\tcontinue\n" + end), "e.nir:14:2: 'continue' outside a loop"},
      {"return", fs("", kB0 + c0 + "\treturn\n" + end), "e.nir:14:2: jumps other than break and continue"},
      {"instruction after a jump",
       fs("", std::string(kB0) + "\tloop {\n\t\tblock block_1:\n\t\tbreak\n\t\tvec1 32 ssa_0 = undefined\n\t}\n"
                                 "\tblock block_2:\n\tblock block_3:\n"),
       "e.nir:16:3: expected the end of the block after the jump"},
      {"else in a loop",
       fs("", std::string(kB0) + "\tloop {\n\t\tblock block_1:\n\t} else {\n\t\tblock block_2:\n\t}\n"
                                 "\tblock block_3:\n\tblock block_4:\n"),
       "e.nir:15:2: '} else {' in a loop: expected '}' closing the loop"},
      {"loop body without a block", fs("", std::string(kB0) + "\tloop {\n\t}\n\tblock block_1:\n\tblock block_2:\n"),
       "e.nir:14:2: expected 'block block_1:'"},
      {"no block after a loop", fs("", std::string(kB0) + "\tloop {\n\t\tblock block_1:\n\t\tbreak\n\t}\n"),
       "e.nir:17:1: expected 'block block_2:' after the loop (a block follows every loop)"},
      {"loop without its brace", fs("", std::string(kB0) + "\tloop\n\t\tblock block_1:\n\t}\n\tblock block_2:\n"),
       "e.nir:13:6: expected '{'"},
      {"phi source never defined",
       fs("", std::string(kB0) + "\tloop {\n\t\tblock block_1:\n\t\tvec1 32 ssa_0 = phi block_0: ssa_7, "
                                 "block_1: ssa_0\n\t}\n\tblock block_2:\n\tblock block_3:\n"),
       "e.nir:15:32: ssa_7 is not defined anywhere"},
      {"loop header phi without its back edge (verify())",
       fs("", kB0 + c0 + "\tloop {\n\t\tblock block_1:\n\t\tvec1 32 ssa_1 = phi block_0: ssa_0\n"
                         "\t}\n\tblock block_2:\n\tblock block_3:\n"),
       "e.nir:16:3: ssa_1: the phi has no source from block_1, a predecessor of block_1"},
      {"value after a loop not defined on the breaking path (verify())",
       fs("", std::string(kB0) + "\tvec1  1 ssa_0 = undefined\n\tloop {\n\t\tblock block_1:\n\t\tif ssa_0 {\n"
                                 "\t\t\tblock block_2:\n\t\t\tbreak\n\t\t} else {\n\t\t\tblock block_3:\n\t\t}\n"
                                 "\t\tblock block_4:\n\t\tvec1 32 ssa_1 = undefined\n\t}\n\tblock block_5:\n"
                                 "\tvec1 32 ssa_2 = fneg ssa_1\n\tblock block_6:\n"),
       "e.nir:26:2: ssa_2: source ssa_1 is not defined before it is read"},
      {"phi after a loop from a block that does not break (verify())",
       fs("", std::string(kB0) + "\tvec1 32 ssa_0 = undefined\n\tloop {\n\t\tblock block_1:\n\t\tbreak\n\t}\n"
                                 "\tblock block_2:\n\tvec1 32 ssa_1 = phi block_0: ssa_0\n\tblock block_3:\n"),
       "e.nir:19:2: ssa_1: phi source from block_0 is not a predecessor of block_2 (they are block_1)"},
      {"register declaration", fs("", "\tdecl_reg vec1 32 r0\n" + std::string(kB0) + end),
       "e.nir:11:2: registers (decl_reg) are not supported"},
      {"register destination", fs("", kB0 + c0 + "\tr0 = fneg ssa_0\n" + end),
       "e.nir:14:2: registers are not supported"},
      {"use before definition", fs("", std::string(kB0) + "\tvec1 32 ssa_1 = fneg ssa_0\n" + end),
       "e.nir:13:23: ssa_0 is not defined before this use"},
      {"defined twice", fs("", kB0 + c0 + "\tvec1 32 ssa_0 = fneg ssa_0\n" + end),
       "e.nir:14:10: ssa_0 is defined twice (first on line 13)"},
      {"texture by index without a dimension",
       fs("", kB0 + c0 + "\tvec4 32 ssa_1 = (float32)tex ssa_0 (coord), 0 (texture), 0 (sampler)\n" + end),
       "e.nir:14:27: the sampler dimension of this texture instruction cannot be known", "', 2D (dim)'"},
      {"bit size", fs("", std::string(kB0) + "\tvec1 33 ssa_0 = undefined\n" + end),
       "e.nir:13:7: expected a bit size of 1, 8, 16, 32 or 64, found 33"},
      {"component count", fs("", std::string(kB0) + "\tvec17 32 ssa_0 = undefined\n" + end),
       "e.nir:13:5: a component count (vec1 to vec16) is too large (at most 16)"},
      {"swizzle length",
       fs("", std::string(kB0) + "\tvec4 32 ssa_0 = undefined\n\tvec2 32 ssa_1 = fadd ssa_0.xyz, ssa_0.xy\n" + end),
       "e.nir:14:29: expected a swizzle of 2 components"},
      {"texture source type", fs("", kB0 + c0 + "\tvec4 32 ssa_1 = (float32)tex ssa_0 (cord), 2D (dim)\n" + end),
       "e.nir:14:38: unknown texture source type 'cord'"},
      {"stage", "shader: MESA_SHADER_PIXEL\n", "e.nir:1:9: expected a stage (MESA_SHADER_VERTEX"},
      {"first line", "decl_var uniform INTERP_MODE_NONE sampler2D t (0, 0, 0)\n",
       "e.nir:1:1: expected 'shader:', found 'decl_var uniform INTERP_...'"},
      {"validation: coord size (verify(), at the instruction's line)",
       fs("", std::string(kB0) + "\tvec2 32 ssa_0 = undefined\n" +
                  "\tvec4 32 ssa_1 = (float32)tex ssa_0 (coord), 0 (texture), 0 (sampler), 3D (dim), 3 "
                  "(coord_components)\n" + end),
       "e.nir:14:2: ssa_1: the coord source has 2 components, tex needs 3"},
      {"a branch's value after the if",
       fs("", std::string(kB0) + "\tvec1  1 ssa_0 = undefined\n\tif ssa_0 {\n\t\tblock block_1:\n"
                                 "\t\tvec1 32 ssa_1 = undefined\n\t} else {\n\t\tblock block_2:\n\t}\n"
                                 "\tblock block_3:\n\tvec1 32 ssa_2 = fneg ssa_1\n\tblock block_4:\n"),
       "e.nir:21:23: ssa_1 (line 16) is not visible here"},
      {"unknown variable", fs("", std::string(kB0) + "\tvec1 32 ssa_0 = deref_var &nope (uniform sampler2D) \n" + end),
       "e.nir:13:29: no variable named 'nope'"},
      {"unterminated comment", fs("", std::string(kB0) + "\tvec1 32 ssa_0 = undefined /* oops\n" + end),
       "e.nir:13:28: unterminated comment"},
      {"block number", fs("", "\tblock block_3:\n" + end), "e.nir:11:14: expected block_0"},
      {"phi with one source",
       fs("", std::string(kB0) + "\tvec1  1 ssa_0 = undefined\n\tif ssa_0 {\n\t\tblock block_1:\n\t} else {\n"
                                 "\t\tblock block_2:\n\t}\n\tblock block_3:\n"
                                 "\tvec1 32 ssa_1 = phi block_1: ssa_0\n\tblock block_4:\n"),
       "e.nir:20:2: ssa_1: ", "the phi has no source from block_2, a predecessor of block_3"},
      {"SSA number", fs("", std::string(kB0) + "\tvec1 32 ssa_1000000 = undefined\n" + end),
       "e.nir:13:14: an SSA number is too large (at most 999999)"},
      {"source modifier", fs("", kB0 + c0 + "\tvec1 32 ssa_1 = fneg -ssa_0\n" + end),
       "e.nir:14:23: ALU source modifiers"},
      {".sat", fs("", kB0 + c0 + "\tvec1 32 ssa_1 = fneg.sat ssa_0\n" + end),
       "e.nir:14:23: the .sat destination modifier is not supported"},
      {"trailing text", fs("", kB0 + c0 + "\tvec1 32 ssa_1 = fneg ssa_0 ssa_0\n" + end),
       "e.nir:14:29: expected end of line, found 'ssa_0'"},
      {"intrinsic sources", fs("", kB0 + c0 + "\tintrinsic discard_if () ()\n" + end),
       "e.nir:14:24: discard_if takes 1 source, not 0"},
      {"type without a dimension",
       fs("decl_var uniform INTERP_MODE_NONE vec4 v (0, 0, 0)\n",
          std::string(kB0) + "\tvec1 32 ssa_0 = deref_var &v (uniform vec4) \n"
                             "\tvec4 32 ssa_1 = (float32)txf ssa_0 (texture_deref), ssa_0 (coord)\n" + end),
       "e.nir:15:31: variable 'v' has type 'vec4', which is not a sampler, texture or image type"},
      {"comment delimiter in a name",
       fs("decl_var shader_out INTERP_MODE_NONE vec4 col2*/or (FRAG_RESULT_DATA0.xyzw, 0, 0)\n", std::string(kB0) + end),
       "e.nir:8:43: variable name 'col2*/or' contains a comment delimiter ('/*' or '*/')"},
      {"end of text", fs("", kB0 + c0).substr(0, fs("", kB0 + c0).size() - 3),
       "e.nir:13:52: expected the impl's closing '}', found the end of the text"},
      {"hexadecimal constant", fs("", std::string(kB0) + "\tvec1 32 ssa_0 = load_const (1.0)\n" + end),
       "e.nir:13:30: expected a constant in hexadecimal"},
      {"constant array index without its load_const",
       fs("decl_var uniform INTERP_MODE_NONE sampler2D[2] t (0, 0, 0)\n",
          std::string(kB0) + "\tvec1 32 ssa_0 = deref_var &t (uniform sampler2D[2]) \n"
                             "\tvec1 32 ssa_1 = deref_array &(*ssa_0)[5] (uniform sampler2D) /* &t[5] */\n" + end),
       "e.nir:15:40: array index 5: no scalar load_const of that value is visible here"},
      {"constant too wide", fs("", std::string(kB0) + "\tvec1  8 ssa_0 = load_const (0x100)\n" + end),
       "e.nir:13:30: a 8-bit constant is too large (at most 255)"},
  };
}

class IrTextErrors : public testing::TestWithParam<BadCase> {};

TEST_P(IrTextErrors, IsPlacedAndSaysWhatWasExpected) {
  const BadCase& c = GetParam();
  auto r = read(c.text, "e.nir");
  ASSERT_FALSE(r.ok()) << c.what;
  EXPECT_EQ(r.error().substr(0, c.message_start.size()), c.message_start) << c.what << "\n" << r.error();
  EXPECT_NE(r.error().find(c.also), std::string::npos) << c.what << "\n" << r.error();
}

INSTANTIATE_TEST_SUITE_P(Bad, IrTextErrors, testing::ValuesIn(bad_cases()),
                         [](const testing::TestParamInfo<BadCase>& p) {
                           std::string n;
                           for (const char* w = p.param.what; *w; ++w)
                             n += std::isalnum(static_cast<unsigned char>(*w)) ? *w : '_';
                           return n;
                         });

// ------------------------------------------------------------------------------------------------------------
// Shaders built with the Builder: print(read(print(x))) == print(x), and the printed form written out by hand.

float f32(uint32_t bits) { return std::bit_cast<float>(bits); }

Shader tex_heavy_shader() {
  Shader s;
  s.name = "tex_heavy";
  s.variables.push_back(Variable{"uniform", "sampler2DArray", "layers", "INTERP_MODE_NONE", 0, 0, 1});
  s.variables.push_back(Variable{"uniform", "samplerCubeShadow", "shadow_cube", "INTERP_MODE_NONE", 1, 0, 2});
  Builder b(s, Cursor{s.body[0].block.get(), 0});
  DerefInstr dv;
  dv.dest.components = 1;
  dv.dest.bit_size = 32;
  const DefId layers = b.insert(Instr{dv});
  dv.var = 1;
  const DefId cube = b.insert(Instr{dv});
  const DefId coord = b.imm_vec({0x3f000000, 0x3e800000, 0x40000000}, 32);  // 0.5, 0.25, 2.0
  const DefId lod = b.imm_float(f32(0x3fc00000));                          // 1.5

  TexInstr l;
  l.op = TexOp::txl;
  l.sampler_dim = SamplerDim::Dim2D;
  l.is_array = true;
  l.coord_components = 3;
  l.dest.components = 4;
  add_src(l, TexSrcType::texture_deref, layers);
  add_src(l, TexSrcType::sampler_deref, layers);
  add_src(l, TexSrcType::coord, coord);
  add_src(l, TexSrcType::lod, lod);
  const DefId texel = b.tex(l);

  TexInstr g;
  g.op = TexOp::tg4;
  g.sampler_dim = SamplerDim::Dim2D;
  g.is_array = true;
  g.coord_components = 3;
  g.component = 2;
  g.is_sparse = true;
  g.tg4_offsets = {{{{-1, 0}}, {{0, 1}}, {{2, -2}}, {{3, 3}}}};
  g.dest.components = 5;
  add_src(g, TexSrcType::texture_deref, layers);
  add_src(g, TexSrcType::sampler_deref, layers);
  add_src(g, TexSrcType::coord, coord);
  const DefId gathered = b.tex(g);

  const DefId dir = b.imm_vec({0x3f800000, 0x00000000, 0x00000000, 0x3f000000}, 32);  // 1, 0, 0, ref 0.5
  TexInstr c;
  c.op = TexOp::tex;
  c.sampler_dim = SamplerDim::Cube;
  c.is_shadow = true;
  c.is_new_style_shadow = true;
  c.coord_components = 3;
  c.dest.components = 1;
  add_src(c, TexSrcType::texture_deref, cube);
  add_src(c, TexSrcType::sampler_deref, cube);
  add_src(c, TexSrcType::coord, b.swizzle(dir, {0, 1, 2}));
  add_src(c, TexSrcType::comparator, b.channel(dir, 3));
  const DefId lit = b.tex(c);

  TexInstr q;
  q.op = TexOp::txs;
  q.sampler_dim = SamplerDim::Dim2D;
  q.is_array = true;
  q.dest_type = kInt32;
  q.dest.components = 3;
  q.texture_index = 3;
  add_src(q, TexSrcType::lod, b.imm_int(0));
  b.tex(q);

  const DefId resident = b.alu(AluOp::fmul, {texel, b.swizzle(gathered, {0, 1, 2, 3})});
  AluSrc splat{lit};
  splat.swizzle.fill(0);
  b.alu(AluOp::fmul, {AluSrc{resident}, splat}, 4);
  return s;
}

TEST(IrTextBuilder, TexHeavyShaderPrintsAsWrittenAndReadsBack) {
  Shader s = tex_heavy_shader();
  ASSERT_TRUE(verify(s).empty());
  const std::string expected =
      "shader: MESA_SHADER_FRAGMENT\n"
      "source_sha1: {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}\n"
      "name: tex_heavy\n"
      "inputs: 0\n"
      "outputs: 0\n"
      "uniforms: 0\n"
      "shared: 0\n"
      "ray queries: 0\n"
      "decl_var uniform INTERP_MODE_NONE sampler2DArray layers (0, 0, 1)\n"
      "decl_var uniform INTERP_MODE_NONE samplerCubeShadow shadow_cube (1, 0, 2)\n"
      "decl_function main (0 params)\n"
      "\n"
      "impl main {\n"
      "\tblock block_0:\n"
      "\t/* preds: */\n"
      "\tvec1 32 ssa_0 = deref_var &layers (uniform sampler2DArray) \n"
      "\tvec1 32 ssa_1 = deref_var &shadow_cube (uniform samplerCubeShadow) \n"
      "\tvec3 32 ssa_2 = load_const (0x3f000000, 0x3e800000, 0x40000000) = (0.500000, 0.250000, 2.000000)\n"
      "\tvec1 32 ssa_3 = load_const (0x3fc00000 = 1.500000)\n"
      "\tvec4 32 ssa_4 = (float32)txl ssa_0 (texture_deref), ssa_0 (sampler_deref), ssa_2 (coord), ssa_3 (lod), "
      "2D (dim), 3 (coord_components), array\n"
      "\tvec5 32 ssa_5 = (float32)tg4 ssa_0 (texture_deref), ssa_0 (sampler_deref), ssa_2 (coord), 2 "
      "(gather_component), { (-1, 0), (0, 1), (2, -2), (3, 3) } (offsets), sparse, 2D (dim), 3 "
      "(coord_components), array\n"
      "\tvec4 32 ssa_6 = load_const (0x3f800000, 0x00000000, 0x00000000, 0x3f000000) = (1.000000, 0.000000, "
      "0.000000, 0.500000)\n"
      "\tvec3 32 ssa_7 = mov ssa_6.xyz\n"
      "\tvec1 32 ssa_8 = mov ssa_6.w\n"
      "\tvec1 32 ssa_9 = (float32)tex ssa_1 (texture_deref), ssa_1 (sampler_deref), ssa_7 (coord), ssa_8 "
      "(comparator), CUBE (dim), 3 (coord_components), shadow, new_style_shadow\n"
      "\tvec1 32 ssa_10 = load_const (0x00000000 = 0.000000)\n"
      "\tvec3 32 ssa_11 = (int32)txs ssa_10 (lod), 3 (texture), 0 (sampler), 2D (dim), 0 (coord_components), "
      "array\n"
      "\tvec4 32 ssa_12 = mov ssa_5.abcd\n"
      "\tvec4 32 ssa_13 = fmul ssa_4, ssa_12\n"
      "\tvec4 32 ssa_14 = fmul ssa_13, ssa_9.xxxx\n"
      "\t/* succs: block_1 */\n"
      "\tblock block_1:\n"
      "}\n"
      "\n";
  const std::string printed = print(s);
  EXPECT_EQ(printed, expected);
  auto again = read(printed, "tex_heavy.nir");
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(print(*again), printed);
}

// Definitions numbered out of order and blocks with stale numbers print densely renumbered, in program order.
TEST(IrTextBuilder, RenumbersDefinitionsAndBlocks) {
  Shader s;
  s.reserve_defs(40);
  Builder b(s, Cursor{s.body[0].block.get(), 0});
  const DefId one = b.imm_float(1.0f);  // ssa_40
  const DefId cond = b.alu(AluOp::flt, {one, one});
  s.body[0].block->id = 9;
  // if cond { neg } else { } then a phi.
  CfNode ifn;
  ifn.if_node = std::make_unique<IfNode>();
  ifn.if_node->condition = cond;
  for (CfList* l : {&ifn.if_node->then_list, &ifn.if_node->else_list}) {
    CfNode n;
    n.block = std::make_unique<Block>();
    l->push_back(std::move(n));
  }
  Block* then_block = ifn.if_node->then_list[0].block.get();
  s.body.push_back(std::move(ifn));
  CfNode after;
  after.block = std::make_unique<Block>();
  Block* merge = after.block.get();
  s.body.push_back(std::move(after));
  Builder tb(s, Cursor{then_block, 0});
  const DefId neg = tb.alu(AluOp::fneg, {one});
  s.number_blocks();  // then = 1, else = 2
  PhiInstr phi;
  phi.dest.id = s.new_def();
  phi.src = {PhiSrc{1, neg}, PhiSrc{2, one}};
  merge->instrs.push_back(std::make_unique<Instr>(Instr{phi}));
  ASSERT_TRUE(verify(s).empty());

  const std::string printed = print(s);
  EXPECT_EQ(printed, fs("",
                        "\tblock block_0:\n"
                        "\t/* preds: */\n"
                        "\tvec1 32 ssa_0 = load_const (0x3f800000 = 1.000000)\n"
                        "\tvec1  1 ssa_1 = flt ssa_0, ssa_0\n"
                        "\t/* succs: block_1 block_2 */\n"
                        "\tif ssa_1 {\n"
                        "\t\tblock block_1:\n"
                        "\t\t/* preds: block_0 */\n"
                        "\t\tvec1 32 ssa_2 = fneg ssa_0\n"
                        "\t\t/* succs: block_3 */\n"
                        "\t} else {\n"
                        "\t\tblock block_2:\n"
                        "\t\t/* preds: block_0 */\n"
                        "\t\t/* succs: block_3 */\n"
                        "\t}\n"
                        "\tblock block_3:\n"
                        "\t/* preds: block_1 block_2 */\n"
                        "\tvec1 32 ssa_3 = phi block_1: ssa_2, block_2: ssa_0\n"
                        "\t/* succs: block_4 */\n"
                        "\tblock block_4:\n"));
  auto again = read(printed, "r.nir");
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(print(*again), printed);
}

// get_var_name: unnamed variables print "@N", a repeated name "name@N".
TEST(IrTextBuilder, VariableNamesAreMadeUnique) {
  Shader s;
  s.variables.push_back(Variable{"uniform", "sampler2D", "t", "INTERP_MODE_NONE", 0, 0, 0});
  s.variables.push_back(Variable{"uniform", "sampler3D", "t", "", 1, 0, 1});
  s.variables.push_back(Variable{"uniform", "samplerCube", "", "INTERP_MODE_NONE", 2, 0, 2});
  const std::string printed = print(s);
  EXPECT_NE(printed.find("decl_var uniform INTERP_MODE_NONE sampler2D t (0, 0, 0)\n"
                         "decl_var uniform INTERP_MODE_NONE sampler3D t@0 (1, 0, 1)\n"
                         "decl_var uniform INTERP_MODE_NONE samplerCube @1 (2, 0, 2)\n"),
            std::string::npos)
      << printed;
  auto again = read(printed, "n.nir");
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(print(*again), printed);
}

TEST(IrTextBuilder, PrintingLeavesTheShaderAlone) {
  Shader s = tex_heavy_shader();
  Shader copy = s.clone();
  const std::string once = print(s);
  auto r = read(once, "x.nir");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(print(*r), once);
  EXPECT_EQ(print(copy), once);  // printing does not change the shader
}

// ------------------------------------------------------------------------------------------------------------
// The vocabulary: GLSL sampler types, type components, location names.

TEST(IrTextTypes, SamplerTypeNames) {
  struct Row {
    const char* name;
    SamplerDim dim;
    bool array, shadow;
  };
  const Row rows[] = {
      {"sampler2DArrayShadow", SamplerDim::Dim2D, true, true}, {"isampler3D", SamplerDim::Dim3D, false, false},
      {"samplerCube", SamplerDim::Cube, false, false},         {"sampler2DRect", SamplerDim::Rect, false, false},
      {"samplerBuffer", SamplerDim::Buf, false, false},        {"sampler2DMS", SamplerDim::MS, false, false},
      {"samplerExternalOES", SamplerDim::External, false, false}, {"texture2D", SamplerDim::Dim2D, false, false},
      {"usamplerCubeArray", SamplerDim::Cube, true, false},    {"sampler1DShadow", SamplerDim::Dim1D, false, true},
      {"sampler2DRectShadow", SamplerDim::Rect, false, true},  {"utexture2DMSArray", SamplerDim::MS, true, false},
      {"vtexture1DArray", SamplerDim::Dim1D, true, false},     {"image2DMS", SamplerDim::MS, false, false},
      {"u64imageCubeArray", SamplerDim::Cube, true, false},    {"iimageBuffer", SamplerDim::Buf, false, false},
      {"subpassInput", SamplerDim::Subpass, false, false},     {"usubpassInputMS", SamplerDim::SubpassMS, false, false},
      {"textureExternalOES", SamplerDim::External, false, false},
  };
  for (const Row& r : rows) {
    auto t = glsl_sampler_type(r.name);
    ASSERT_TRUE(t.has_value()) << r.name;
    EXPECT_EQ(t->dim, r.dim) << r.name;
    EXPECT_EQ(t->is_array, r.array) << r.name;
    EXPECT_EQ(t->is_shadow, r.shadow) << r.name;
  }
  for (const char* no : {"sampler", "samplerShadow", "vec4", "isampler2DShadow", "usamplerExternalOES",
                         "image2DShadow", "i64sampler2D", "sampler4D", "vimage2DRect", "sampler2D[2]", ""})
    EXPECT_FALSE(glsl_sampler_type(no).has_value()) << no;
}

TEST(IrTextTypes, ComponentsAndLocations) {
  EXPECT_EQ(text::type_components("vec3"), 3u);
  EXPECT_EQ(text::type_components("u16vec16"), 16u);
  EXPECT_EQ(text::type_components("mat2x3"), 6u);
  EXPECT_EQ(text::type_components("dmat4"), 16u);
  EXPECT_EQ(text::type_components("float"), 1u);
  EXPECT_EQ(text::type_components("vec4[2]"), 0u);  // arrays: as glsl_get_components
  EXPECT_EQ(text::type_components("block"), 0u);
  EXPECT_EQ(text::without_array("sampler2D[4][2]"), "sampler2D");
  EXPECT_EQ(text::location_name(Stage::Fragment, "shader_in", 24), "VARYING_SLOT_FACE");
  EXPECT_EQ(text::location_name(Stage::Vertex, "shader_out", 24), "VARYING_SLOT_PRIMITIVE_SHADING_RATE");
  EXPECT_EQ(text::location_name(Stage::Vertex, "shader_in", 31), "VERT_ATTRIB_EDGEFLAG");
  EXPECT_EQ(text::location_name(Stage::Fragment, "shader_out", 11), "FRAG_RESULT_DATA7");
  EXPECT_EQ(text::location_name(Stage::Fragment, "shader_in", 63), "VARYING_SLOT_VAR31");
  EXPECT_EQ(text::location_name(Stage::Fragment, "shader_in", 64), "64");  // 22.3 prints UNKNOWN
  EXPECT_EQ(text::location_name(Stage::Compute, "shader_in", 3), "3");
  EXPECT_EQ(text::location_name(Stage::Fragment, "uniform", -1), "~0");
  EXPECT_EQ(text::parse_location("VARYING_SLOT_VAR31"), 63);
  EXPECT_EQ(text::parse_location("VARYING_SLOT_VAR32"), std::nullopt);
  EXPECT_EQ(text::parse_location("FRAG_RESULT_COLOR"), 2);
  EXPECT_EQ(text::parse_location("VERT_ATTRIB_GENERIC15"), 30);
  EXPECT_EQ(text::parse_location("~0"), -1);
  EXPECT_EQ(text::parse_location("UNKNOWN"), std::nullopt);
}

}  // namespace
}  // namespace tmu::ir
