// SPDX-License-Identifier: MIT
// The IR's core: nir_tex_instr's helpers (rules of shared/reference/lowering-facts.md 1.1, seed 003), the
// builder's shapes and the validator.
#include <gtest/gtest.h>

#include "ir/builder.h"
#include "ir/read.h"
#include "ir/print.h"
#include "ir/passes/opt_dce.h"
#include "ir/tex.h"
#include "ir/verify.h"

namespace tmu::ir {
namespace {

TexInstr make(TexOp op, SamplerDim dim, bool array = false, bool shadow = false) {
  TexInstr t;
  t.op = op;
  t.sampler_dim = dim;
  t.is_array = array;
  t.is_shadow = shadow;
  t.is_new_style_shadow = shadow;
  return t;
}

TEST(IrTex, NeedSampler) {
  for (TexOp op : {TexOp::txf, TexOp::txf_ms, TexOp::txs, TexOp::query_levels, TexOp::texture_samples,
                   TexOp::samples_identical, TexOp::descriptor_amd})
    EXPECT_FALSE(need_sampler(make(op, SamplerDim::Dim2D))) << name(op);
  for (TexOp op : {TexOp::tex, TexOp::txb, TexOp::txl, TexOp::txd, TexOp::tg4, TexOp::lod, TexOp::txf_ms_fb,
                   TexOp::hdr_dim_nv})
    EXPECT_TRUE(need_sampler(make(op, SamplerDim::Dim2D))) << name(op);
}

TEST(IrTex, ResultSize) {
  EXPECT_EQ(result_size(make(TexOp::txs, SamplerDim::Dim1D)), 1u);
  EXPECT_EQ(result_size(make(TexOp::txs, SamplerDim::Buf)), 1u);
  EXPECT_EQ(result_size(make(TexOp::txs, SamplerDim::Dim1D, true)), 2u);
  EXPECT_EQ(result_size(make(TexOp::txs, SamplerDim::Rect)), 2u);
  EXPECT_EQ(result_size(make(TexOp::txs, SamplerDim::Cube, true)), 3u);  // w, h, layers
  EXPECT_EQ(result_size(make(TexOp::txs, SamplerDim::Dim3D)), 3u);
  EXPECT_EQ(result_size(make(TexOp::lod, SamplerDim::Dim2D)), 2u);
  EXPECT_EQ(result_size(make(TexOp::query_levels, SamplerDim::Dim2D)), 1u);
  EXPECT_EQ(result_size(make(TexOp::tex, SamplerDim::Dim2D, false, true)), 1u);
  TexInstr old_shadow = make(TexOp::tex, SamplerDim::Dim2D, false, true);
  old_shadow.is_new_style_shadow = false;
  EXPECT_EQ(result_size(old_shadow), 4u);
  TexInstr sparse = make(TexOp::tg4, SamplerDim::Dim2D);
  sparse.is_sparse = true;
  EXPECT_EQ(dest_size(sparse), 5u);
}

TEST(IrTex, QueriesAndImplicitDerivatives) {
  EXPECT_TRUE(is_query(make(TexOp::txs, SamplerDim::Dim2D)));
  EXPECT_TRUE(is_query(make(TexOp::lod, SamplerDim::Dim2D)));
  EXPECT_FALSE(is_query(make(TexOp::tg4, SamplerDim::Dim2D)));
  EXPECT_FALSE(is_query(make(TexOp::samples_identical, SamplerDim::MS)));
  EXPECT_TRUE(has_implicit_derivative(make(TexOp::lod, SamplerDim::Dim2D)));
  EXPECT_FALSE(has_implicit_derivative(make(TexOp::tg4, SamplerDim::Dim2D)));
  EXPECT_FALSE(has_implicit_derivative(make(TexOp::txl, SamplerDim::Dim2D)));
}

TEST(IrTex, SourceTypesAndSizes) {
  TexInstr t = make(TexOp::txd, SamplerDim::Cube, true);
  t.coord_components = 4;
  add_src(t, TexSrcType::coord, 0);
  add_src(t, TexSrcType::ddx, 1);
  add_src(t, TexSrcType::offset, 2);
  add_src(t, TexSrcType::lod, 3);
  EXPECT_EQ(src_size(t, 0), 4u);
  EXPECT_EQ(src_size(t, 1), 3u);  // the layer has no derivative
  EXPECT_EQ(src_size(t, 2), 3u);
  EXPECT_EQ(src_size(t, 3), 1u);
  t.array_is_lowered_cube = true;
  EXPECT_EQ(src_size(t, 1), 4u);
  EXPECT_EQ(src_type(t, 0), kFloat);
  EXPECT_EQ(src_type(t, 2), kInt);
  EXPECT_EQ(src_type(TexOp::txf, TexSrcType::coord), kInt);
  EXPECT_EQ(src_type(TexOp::txs, TexSrcType::lod), kInt);
  EXPECT_EQ(src_type(TexOp::txl, TexSrcType::lod), kFloat);
  EXPECT_EQ(src_type(TexOp::tex, TexSrcType::texture_offset), kUint);
  EXPECT_EQ(src_index(t, TexSrcType::offset), 2);
  EXPECT_EQ(src_index(t, TexSrcType::comparator), -1);
  remove_src(t, 1);
  EXPECT_EQ(src_index(t, TexSrcType::offset), 1);
}

TEST(IrBuilder, ShapesFollowTheOpcodeTable) {
  Shader s;
  Builder b(s, Cursor{s.body[0].block.get(), 0});
  const DefId v = b.imm_vec({0x3f800000, 0x40000000, 0x40400000}, 32);
  const DefId one = b.imm_float(1.0f);
  EXPECT_EQ(b.components(b.alu(AluOp::fmul, {v, v})), 3u);
  EXPECT_EQ(b.components(b.alu(AluOp::fdot3, {v, v})), 1u);
  const DefId cmp = b.alu(AluOp::flt, {one, one});
  EXPECT_EQ(b.bit_size(cmp), 1u);
  EXPECT_EQ(b.bit_size(b.alu(AluOp::bcsel, {cmp, one, one})), 32u);
  EXPECT_EQ(b.components(b.vec(std::vector<DefId>{one, one})), 2u);
  EXPECT_EQ(b.components(b.swizzle(v, {2, 1})), 2u);
  EXPECT_EQ(b.bit_size(b.alu(AluOp::f2f16, {one})), 16u);
  EXPECT_TRUE(verify(s).empty());
}

TEST(IrVerify, FindsBadShapes) {
  Shader s;
  Builder b(s, Cursor{s.body[0].block.get(), 0});
  const DefId v2 = b.imm_vec({0, 0}, 32);
  const DefId one = b.imm_float(1.0f);
  TexInstr t = make(TexOp::tex, SamplerDim::Dim3D);
  t.coord_components = 3;
  add_src(t, TexSrcType::coord, v2);        // 2 components where 3D needs 3
  add_src(t, TexSrcType::comparator, one);  // not is_shadow
  t.dest.components = 4;
  b.tex(t);
  AluSrc bad{v2};
  bad.swizzle[0] = 3;
  b.alu(AluOp::fneg, {bad}, 1);  // reads .w of a vec2
  auto errors = verify(s);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_NE(errors[0].find("coord source has 2 components"), std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find("comparator"), std::string::npos) << errors[1];
  EXPECT_NE(errors[2].find("reads component 3"), std::string::npos) << errors[2];
}

TEST(IrVerify, UseBeforeDefinition) {
  Shader s;
  Builder b(s, Cursor{s.body[0].block.get(), 0});
  const DefId one = b.imm_float(1.0f);
  b.alu(AluOp::fadd, {one, one});
  b.cursor().index = 0;  // insert before the constant
  b.alu(AluOp::fneg, {one});
  auto errors = verify(s);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("not defined before it is read"), std::string::npos);
}

// opt_dce as nir_opt_dce: a value the loop carries that only feeds itself (ssa_4 and ssa_8: phi and its
// increment) is removed with the rest of what nothing reads, while the counter that decides the break stays.
TEST(IrDce, RemovesALoopCarriedCycleNothingReads) {
  const char* text = R"(shader: MESA_SHADER_FRAGMENT
name: dce
decl_function main (0 params)

impl main {
	block block_0:
	vec1 32 ssa_0 = load_const (0x00000000 = 0.000000)
	vec1 32 ssa_1 = load_const (0x00000001 = 0.000000)
	vec1 32 ssa_2 = load_const (0x0000000a = 0.000000)
	loop {
		block block_1:
		vec1 32 ssa_3 = phi block_0: ssa_0, block_4: ssa_7
		vec1 32 ssa_4 = phi block_0: ssa_0, block_4: ssa_8
		vec1  1 ssa_5 = uge ssa_3, ssa_2
		if ssa_5 {
			block block_2:
			break
		} else {
			block block_3:
		}
		block block_4:
		vec1 32 ssa_6 = imul ssa_3, ssa_3
		vec1 32 ssa_7 = iadd ssa_3, ssa_1
		vec1 32 ssa_8 = iadd ssa_4, ssa_6
	}
	block block_5:
	intrinsic store_output (ssa_3, ssa_0) (base=0, wrmask=x, component=0, src_type=uint32, io location=4 slots=1)
}
)";
  auto s = read(text, "dce.nir");
  ASSERT_TRUE(s) << s.error();
  std::vector<DefId> before, after;
  s->for_each_instr([&](Instr& i) { before.push_back(i.dest().id); });
  EXPECT_TRUE(opt_dce(*s));
  s->for_each_instr([&](Instr& i) { after.push_back(i.dest().id); });
  // Gone: ssa_4's phi, ssa_6 (read only by ssa_8) and ssa_8.
  EXPECT_EQ(before.size() - after.size(), 3u);
  const std::string printed = print(*s);
  EXPECT_EQ(printed.find("imul"), std::string::npos) << printed;
  EXPECT_NE(printed.find("uge"), std::string::npos) << printed;
  EXPECT_TRUE(verify(*s).empty());
  EXPECT_FALSE(opt_dce(*s));  // nothing more to remove
}

}  // namespace
}  // namespace tmu::ir
