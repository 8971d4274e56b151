// SPDX-License-Identifier: MIT
// prepare_tex (NAK's SM50 preparation): the packed words and the order of the Ra/Rb vectors written by hand from
// seeds 000/001 and lowering-facts.md 2.2, the queries rewritten to the hardware's, and the refusals. That the
// prepared shaders compute what the originals do is checked by execution in ir_select_diff_test.cpp (the
// interpreter before and after, and the executor on the selected SASS).
#include <gtest/gtest.h>

#include "ir/builder.h"
#include "ir/sm50/prepare_tex.h"
#include "ir/sm50/tex_flags.h"
#include "ir/tex.h"
#include "ir/verify.h"

namespace tmu::ir {
namespace {

struct Kernel {
  Shader s;
  Builder b{s, Cursor{s.body[0].block.get(), 0}};

  DefId input(unsigned base, unsigned comps, unsigned bits = 32) {
    IntrinsicInstr i;
    i.op = Intrinsic::load_input;
    i.src = {b.imm_int(0)};
    i.set_index("base", std::to_string(base));
    i.dest.components = static_cast<uint8_t>(comps);
    i.dest.bit_size = static_cast<uint8_t>(bits);
    return b.intrinsic(std::move(i));
  }
  void output(DefId v) {
    IntrinsicInstr i;
    i.op = Intrinsic::store_output;
    i.src = {v, b.imm_int(0)};
    i.set_index("base", "0");
    b.intrinsic(std::move(i));
  }
  DefId tex(TexOp op, SamplerDim dim, bool array, std::vector<TexSrc> srcs, unsigned components = 4) {
    TexInstr t;
    t.op = op;
    t.sampler_dim = dim;
    t.is_array = array;
    t.src = std::move(srcs);
    for (const TexSrc& x : t.src)
      if (x.type == TexSrcType::coord) t.coord_components = static_cast<uint8_t>(b.components(x.def));
    t.dest_type = src_type(op, TexSrcType::coord) == kFloat || op == TexOp::lod ? kFloat32 : AluType{BaseType::Int, 32};
    if (op == TexOp::txs || op == TexOp::query_levels || op == TexOp::texture_samples) t.dest_type = AluType{BaseType::Int, 32};
    t.dest.components = static_cast<uint8_t>(components);
    const DefId d = b.tex(t);
    output(d);
    return d;
  }
  DefId ivec(std::vector<int64_t> v) {
    std::vector<uint64_t> bits;
    for (int64_t x : v) bits.push_back(static_cast<uint32_t>(x));
    return b.imm_vec(bits, 32);
  }

  TexInstr& the_tex() {
    TexInstr* found = nullptr;
    s.for_each_instr([&](Instr& i) {
      if (TexInstr* t = i.as<TexInstr>()) found = t;
    });
    return *found;
  }
  sm50::PreparedTex flags() { return *sm50::decode_tex_flags(the_tex().backend_flags); }
  // Component c of backend1 or backend2: the definition and component the vec reads.
  std::pair<DefId, unsigned> part(TexSrcType backend, unsigned c) {
    const TexInstr& t = the_tex();
    const DefId v = t.src[static_cast<unsigned>(src_index(t, backend))].def;
    const AluInstr* a = s.def_instr(v)->as<AluInstr>();
    if (!a) return {v, c};
    if (a->op == AluOp::mov) return {a->src[0].def, a->src[0].swizzle[c]};
    return {a->src[c].def, a->src[c].swizzle[0]};
  }
  // The constant that component c of a backend vector is, if it is one.
  std::optional<uint32_t> word(TexSrcType backend, unsigned c) {
    auto [d, k] = part(backend, c);
    const ConstInstr* k_instr = s.def_instr(d)->as<ConstInstr>();
    if (!k_instr) return std::nullopt;
    return static_cast<uint32_t>(k_instr->value[k]);
  }
  unsigned size(TexSrcType backend) {
    const TexInstr& t = the_tex();
    const int i = src_index(t, backend);
    return i < 0 ? 0 : s.def_instr(t.src[static_cast<unsigned>(i)].def)->dest().components;
  }
  std::string prepare(isa::Arch arch = isa::Arch::SM50) {
    EXPECT_TRUE(verify(s).empty());
    auto r = sm50::prepare_tex(s, arch);
    if (!r) return r.error();
    EXPECT_TRUE(verify(s).empty());
    return "";
  }
};

TEST(IrPrepareTex, GatherPtpOffsetsAsBytesInTwoWords) {
  // lowering-facts 2.2: four explicit tg4 offsets, 8 bytes x0, y0, x1, y1, x2, y2, x3, y3 in two dwords.
  Kernel k;
  const DefId uv = k.input(0, 2);
  k.tex(TexOp::tg4, SamplerDim::Dim2D, false, {{TexSrcType::coord, uv}});
  k.the_tex().component = 1;
  k.the_tex().tg4_offsets = {{{1, -2}, {3, 4}, {-5, 6}, {7, -8}}};
  ASSERT_EQ(k.prepare(), "");
  const auto p = k.flags();
  EXPECT_EQ(p.modifiers.op, tex::TexOp::Gather);
  EXPECT_TRUE(p.modifiers.ptp);
  EXPECT_EQ(p.modifiers.component, tex::Component::G);
  EXPECT_EQ(p.modifiers.lod, tex::LodMode::Zero);
  ASSERT_EQ(k.size(TexSrcType::backend1), 2u);  // Ra: s, t
  ASSERT_EQ(k.size(TexSrcType::backend2), 2u);  // Rb: the two offset words
  EXPECT_EQ(k.part(TexSrcType::backend1, 0), std::pair(uv, 0u));
  EXPECT_EQ(k.part(TexSrcType::backend1, 1), std::pair(uv, 1u));
  EXPECT_EQ(k.word(TexSrcType::backend2, 0), 0x0403fe01u);  // x0 1, y0 -2, x1 3, y1 4
  EXPECT_EQ(k.word(TexSrcType::backend2, 1), 0xf80706fbu);  // x2 -5, y2 6, x3 7, y3 -8
}

TEST(IrPrepareTex, ConstantOffsetsPackedAndClampedAtCompileTime) {
  // TEX.AOFFI: 4 bits each, u in 3:0, v in 7:4 (seed 000), clamped to -8..7: (-1, 9) -> 0xf | 7 << 4.
  Kernel k;
  const DefId uv = k.input(0, 2);
  k.tex(TexOp::tex, SamplerDim::Dim2D, false, {{TexSrcType::coord, uv}, {TexSrcType::offset, k.ivec({-1, 9})}});
  ASSERT_EQ(k.prepare(), "");
  EXPECT_TRUE(k.flags().modifiers.aoffi);
  ASSERT_EQ(k.size(TexSrcType::backend2), 1u);
  EXPECT_EQ(k.word(TexSrcType::backend2, 0), 0x7fu);

  // TLD4.AOFFI: 6 bits each, u in 5:0, v in 13:8 (ptxas's BFI 0x608, lowering-facts 3.2 rule 6): (-3, 20).
  Kernel g;
  const DefId st = g.input(0, 2);
  g.tex(TexOp::tg4, SamplerDim::Dim2D, false, {{TexSrcType::coord, st}, {TexSrcType::offset, g.ivec({-3, 20})}});
  ASSERT_EQ(g.prepare(), "");
  EXPECT_EQ(g.word(TexSrcType::backend2, 0), 0x143du);
}

TEST(IrPrepareTex, FetchFromAMultisampleArrayInTheSeedsOrder) {
  // TLD.LZ.AOFFI.MS on ARRAY_2D: Ra = array index, x, y; Rb = offsets, then the sample index (seed 001's order
  // handle, LOD, toff, MS; NAK puts the sample before the offset, lowering-facts 2.2).
  Kernel k;
  const DefId xyl = k.input(0, 3);
  const DefId sample = k.input(1, 1);
  k.tex(TexOp::txf_ms, SamplerDim::MS, true,
        {{TexSrcType::coord, xyl}, {TexSrcType::ms_index, sample}, {TexSrcType::offset, k.ivec({2, -2})}});
  ASSERT_EQ(k.prepare(), "");
  const auto p = k.flags();
  EXPECT_EQ(p.modifiers.op, tex::TexOp::Fetch);
  EXPECT_EQ(p.modifiers.dim, tex::Dim::Array2D);
  EXPECT_EQ(p.modifiers.lod, tex::LodMode::Zero);
  EXPECT_TRUE(p.modifiers.multisample && p.modifiers.aoffi);
  ASSERT_EQ(k.size(TexSrcType::backend1), 3u);
  EXPECT_FALSE(k.word(TexSrcType::backend1, 0).has_value());  // the layer, umin(L, 0xffff)
  EXPECT_EQ(k.part(TexSrcType::backend1, 1), std::pair(xyl, 0u));
  EXPECT_EQ(k.part(TexSrcType::backend1, 2), std::pair(xyl, 1u));
  ASSERT_EQ(k.size(TexSrcType::backend2), 2u);
  EXPECT_EQ(k.word(TexSrcType::backend2, 0), 0xe2u);  // u 2, v -2
  EXPECT_EQ(k.part(TexSrcType::backend2, 1), std::pair(sample, 0u));
  // The sources NIR had are gone; the texture is still named by its index.
  EXPECT_EQ(src_index(k.the_tex(), TexSrcType::coord), -1);
  EXPECT_EQ(src_index(k.the_tex(), TexSrcType::ms_index), -1);
}

TEST(IrPrepareTex, ExplicitZeroLodIsLzAndBindlessHandlesCombine) {
  // txl with the constant LOD 0 -> TEX.LZ (NAK); separate texture and sampler handles -> one register,
  // (tex & 0xfffff) | (samp & 0xfff00000), first in Rb.
  Kernel k;
  const DefId uv = k.input(0, 2);
  const DefId th = k.input(1, 1), sh = k.input(2, 1);
  k.tex(TexOp::txl, SamplerDim::Dim2D, false,
        {{TexSrcType::coord, uv}, {TexSrcType::lod, k.b.imm_float(0.0f)}, {TexSrcType::texture_handle, th},
         {TexSrcType::sampler_handle, sh}});
  ASSERT_EQ(k.prepare(), "");
  const auto p = k.flags();
  EXPECT_TRUE(p.bindless);
  EXPECT_EQ(p.modifiers.lod, tex::LodMode::Zero);
  ASSERT_EQ(k.size(TexSrcType::backend2), 1u);  // the handle alone: .LZ reads no LOD register
  const auto [h, c] = k.part(TexSrcType::backend2, 0);
  const AluInstr* ior = k.s.def_instr(h)->as<AluInstr>();
  ASSERT_NE(ior, nullptr);
  EXPECT_EQ(ior->op, AluOp::ior);
}

TEST(IrPrepareTex, QueriesBecomeTheHardwaresAndLodIsConverted) {
  // txs on a 2D array -> hdr_dim_nv (TXQ TEX_HEADER_DIMENSION: width, height, layers, levels); NIR's (w, h, layers)
  // is components 0, 1, 2 of it.
  Kernel k;
  k.tex(TexOp::txs, SamplerDim::Dim2D, true, {{TexSrcType::lod, k.b.imm_int(1)}}, 3);
  ASSERT_EQ(k.prepare(), "");
  EXPECT_EQ(k.the_tex().op, TexOp::hdr_dim_nv);
  EXPECT_EQ(k.the_tex().dest.components, 4u);
  EXPECT_EQ(k.flags().modifiers.query, tex::Query::Dimension);
  EXPECT_EQ(k.word(TexSrcType::backend1, 0), 1u);  // the level queried

  // texture_samples -> tex_type_nv, its component 2 (NAK).
  Kernel n;
  n.tex(TexOp::texture_samples, SamplerDim::MS, false, {}, 1);
  ASSERT_EQ(n.prepare(), "");
  EXPECT_EQ(n.the_tex().op, TexOp::tex_type_nv);
  EXPECT_EQ(n.flags().modifiers.query, tex::Query::TextureType);

  // lod -> TMML's raw registers, then u2f32(r1 & 0xffff) / 256 and i2f32(sext16(r0)) / 256.
  Kernel l;
  const DefId uv = l.input(0, 2);
  l.tex(TexOp::lod, SamplerDim::Dim2D, false, {{TexSrcType::coord, uv}}, 2);
  ASSERT_EQ(l.prepare(), "");
  EXPECT_EQ(l.the_tex().dest_type.base, BaseType::Uint);
  bool u2f = false, i2f = false, sext = false;
  l.s.for_each_instr([&](Instr& i) {
    if (const AluInstr* a = i.as<AluInstr>()) {
      u2f |= a->op == AluOp::u2f32;
      i2f |= a->op == AluOp::i2f32;
      sext |= a->op == AluOp::extract_i16;
    }
  });
  EXPECT_TRUE(u2f && i2f && sext);
}

TEST(IrPrepareTex, RefusesWhatSm50HasNoFormFor) {
  Kernel k;
  const DefId uvw = k.input(0, 3);
  k.tex(TexOp::txd, SamplerDim::Dim3D, false,
        {{TexSrcType::coord, uvw}, {TexSrcType::ddx, uvw}, {TexSrcType::ddy, uvw}});
  EXPECT_NE(k.prepare().find("lower_txd_3d"), std::string::npos);

  Kernel m;
  const DefId uv = m.input(0, 2);
  m.tex(TexOp::tex, SamplerDim::Dim2D, false, {{TexSrcType::coord, uv}, {TexSrcType::min_lod, m.b.imm_float(1.0f)}});
  EXPECT_NE(m.prepare().find("--arch sm52"), std::string::npos);
  EXPECT_EQ(m.prepare(isa::Arch::SM52), "");
  // min_lod 1.0 -> LodClamp u4.8 = 256 in bits 27:16 of the array word (seed 000): computed by ALU code.
  EXPECT_TRUE(m.flags().modifiers.lod_clamp);
  EXPECT_EQ(m.size(TexSrcType::backend1), 3u);  // array/LOD-clamp word, s, t
}

}  // namespace
}  // namespace tmu::ir
