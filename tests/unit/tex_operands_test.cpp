// SPDX-License-Identifier: MIT
// The Ra/Rb packing against the seed tables (000, 001) and ptxas's register assignments (lowering-facts.md 3.2,
// 3.3, Appendix A), the words inside the registers worked out by hand from the same tables, pack/unpack round
// trips on every texture row, and the modifiers the instructions ask for.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/tex_operands.h"

namespace tmu::isa::sm50 {
namespace {

using P = TexParam;

TexLayout layout_of(std::string_view text, Arch arch = Arch::SM52) {
  const ParseResult r = parse_instruction(text, arch);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error;
  return r.ok() ? tex_layout(*r.inst) : TexLayout{};
}

std::vector<P> v(std::span<const P> s) { return {s.begin(), s.end()}; }

TEST(TexOperands, TexFollowsTheSeedTable) {
  // Seed 000: Ra = array, s, t, r; Rb = handle, LOD, toff, DC; absent items compacted.
  auto l = layout_of("TEX.LL.AOFFI.DC R0, R4, R8, 0x5, ARRAY_2D, 0xf");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::ArrayIndex, P::S, P::T}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::Lod, P::Offset, P::DepthRef}));
  l = layout_of("TEX.B.LB R0, R4, R8, 0x0, 2D, 0xf");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::S, P::T}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::Handle, P::Lod}));
  l = layout_of("TEX.LZ R0, R4, 0x5, CUBE, 0xf");  // .LZ needs no register
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::S, P::T, P::R}));
  EXPECT_EQ(l.rb_count, 0);
  l = layout_of("TEX.LC P0, R0, R4, 0x5, 2D, 0xf");  // .LC: clamp packed with the (absent) array index
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::ArrayIndex, P::S, P::T}));
}

TEST(TexOperands, TldPutsTheOffsetBeforeTheSample) {
  // Seed 001: Rb = handle, LOD, toff, MS.
  auto l = layout_of("TLD.B.LL.AOFFI.MS R0, R4, R8, 0x0, 2D, 0xf");
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::Handle, P::Lod, P::Offset, P::Sample}));
  l = layout_of("TLD.LZ R0, R4, 0x0, ARRAY_1D, 0xf");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::ArrayIndex, P::S}));
}

TEST(TexOperands, TxdAsPtxasPacksIt) {
  // ptxas tex.grad.a2d +e: Ra = [x, y, toff<<16 | idx]; Rb = [dx0, dy0, dx1, dy1].
  auto l = layout_of("TXD.AOFFI R4, R4, R8, 0x5c, ARRAY_2D, 0xf");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::S, P::T, P::LayerOffset}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::DsDx, P::DsDy, P::DtDx, P::DtDy}));
  // Bindless: the handle comes first in Ra.
  l = layout_of("TXD.B R4, R4, R8, 0x0, 1D, 0xf");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::Handle, P::S}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::DsDx, P::DsDy}));
}

TEST(TexOperands, ShortFormsUseFixedSplits) {
  // ptxas: tex.a2d -> TEXS ARRAY_2D, Ra = [idx, x], Rb = [y].
  auto l = layout_of("TEXS R8, R4, R4, R6, 0x56, ARRAY_2D, RGBA");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::ArrayIndex, P::S}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::T}));
  // tex.level.cube -> TEXS.LL CUBE, Ra = [x', y'], Rb = [z', lod].
  l = layout_of("TEXS.LL R8, R4, R4, R6, 0x57, CUBE, RGBA");
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::R, P::Lod}));
  // tex.a2d (s32) -> TLDS.LZ ARRAY_2D, Ra = [idx], Rb = [x, y].
  l = layout_of("TLDS.LZ R8, R4, R4, R6, 0x56, ARRAY_2D, RGBA");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::ArrayIndex}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::S, P::T}));
  // tld4 +e +f -> TLD4S.AOFFI.DC, Ra = [x, y], Rb = [toff, dref] (TLD4's 6-bit offsets).
  l = layout_of("TLD4S.R.AOFFI.DC R6, R12, R34, R8, 0x57");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::S, P::T}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::Tld4Offset, P::DepthRef}));
}

TEST(TexOperands, ValuesInsideAWord) {
  // Seed 000 .AOFFI: ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf).
  EXPECT_EQ(pack_offsets({-1, 2, 7}), 0x72fu);
  EXPECT_EQ(unpack_offsets(0x72f), (tex::TexelOffsets{-1, 2, 7}));
  EXPECT_EQ(pack_offsets({-8, 7, -1}), 0xf78u);
  EXPECT_EQ(unpack_offsets(0xf78), (tex::TexelOffsets{-8, 7, -1}));
  // ptxas's BFI(2, 0x404, -1) leaves the bits of a negative u above 3 set (lowering-facts 3.2 rule 6): the unit
  // reads bits 11:0 only.
  EXPECT_EQ(unpack_offsets(0xffffff2f), (tex::TexelOffsets{-1, 2, -1}));
  // TLD4: 6-bit fields at bits 0 and 8 (ptxas BFI 0x608).
  EXPECT_EQ(pack_tld4_offsets({-32, 31, 0}), 0x1f20u);
  EXPECT_EQ(unpack_tld4_offsets(0x1f20), (tex::TexelOffsets{-32, 31, 0}));
  EXPECT_EQ(pack_tld4_offsets({0, -1, 0}), 0x3f00u);
  // PTP: x0 | y0 << 8 | x1 << 16 | y1 << 24, then texels 2 and 3 (lowering-facts 2.2).
  const tex::PtpOffsets ptp{{{1, 2}, {-1, -2}, {3, 4}, {-128, 127}}};
  EXPECT_EQ(pack_ptp_offsets(ptp), (std::array<uint32_t, 2>{0xfeff0201u, 0x7f800403u}));
  EXPECT_EQ(unpack_ptp_offsets(0xfeff0201u, 0x7f800403u), ptp);
  // Seed 000, Ra+0 with .LC: LodClamp[27:16] | array[15:0]; clamp 1.5 is 0x180 in u4.8.
  EXPECT_EQ(pack_array_lod_clamp(7, 0x180), 0x01800007u);
  EXPECT_EQ(unpack_array_lod_clamp(0x01800007u).layer, 7u);
  EXPECT_EQ(unpack_array_lod_clamp(0x01800007u).lod_clamp, 0x180u);
  EXPECT_EQ(unpack_array_lod_clamp(0xf0000009u).lod_clamp, 0u);  // bits 31:28 are not the clamp's
  // TXD: toff[11:0] << 16 | layer (ptxas BFI 0xc10, lowering-facts 3.2 rule 6).
  EXPECT_EQ(pack_layer_offsets(3, {1, 1, 0}), 0x00110003u);
  EXPECT_EQ(pack_layer_offsets(0xffff, {-1, 2, 7}), 0x072fffffu);
  EXPECT_EQ(unpack_layer_offsets(0x072fffffu).layer, 0xffffu);
  EXPECT_EQ(unpack_layer_offsets(0x072fffffu).offset, (tex::TexelOffsets{-1, 2, 7}));
}

uint32_t f32(float f) { return std::bit_cast<uint32_t>(f); }

TEST(TexOperands, PacksALaneIntoTheSeedTableRegisters) {
  // Seed 000: Ra = array, s, t; Rb = LOD, toff, DC.
  const TexLayout l = layout_of("TEX.LL.AOFFI.DC R0, R4, R8, 0x5, ARRAY_2D, 0xf");
  tex::Lane lane;
  lane.layer = 2;
  lane.coord = {f32(0.25f), f32(0.75f), 0};
  lane.lod = f32(1.5f);
  lane.offset = {-1, 2, 7};
  lane.dref = f32(0.5f);
  const TexRegisters r = pack(l, lane);
  EXPECT_EQ(r.ra[0], 2u);
  EXPECT_EQ(r.ra[1], 0x3e800000u);  // 0.25f
  EXPECT_EQ(r.ra[2], 0x3f400000u);  // 0.75f
  EXPECT_EQ(r.rb[0], 0x3fc00000u);  // 1.5f
  EXPECT_EQ(r.rb[1], 0x72fu);
  EXPECT_EQ(r.rb[2], 0x3f000000u);  // 0.5f
  EXPECT_EQ(unpack(l, r), lane);

  // ptxas tex.grad.a2d +e, bindless: Ra = [handle, x, y, toff << 16 | idx].
  const TexLayout g = layout_of("TXD.B.AOFFI R4, R4, R8, 0x0, ARRAY_2D, 0xf");
  tex::Lane grad;
  grad.handle = 0x00300005;
  grad.layer = 3;
  grad.offset = {1, 1, 0};
  EXPECT_EQ(pack(g, grad).ra[3], 0x00110003u);
  EXPECT_EQ(unpack(g, pack(g, grad)), grad);

  // TLD4.PTP: Rb = the two offset words.
  const TexLayout p = layout_of("TLD4.R.PTP R0, R4, R8, 0x4, 2D, 0xf");
  tex::Lane gather;
  gather.ptp = {{{1, 0}, {0, 1}, {1, 1}, {-1, 0}}};
  EXPECT_EQ(pack(p, gather).rb[0], 0x01000001u);
  EXPECT_EQ(pack(p, gather).rb[1], 0x00ff0101u);
}

// Random values of the fields a parameter carries, within its packing's ranges.
void randomize(P p, tex::Lane& v, std::mt19937_64& rng) {
  auto in = [&](int lo, int hi) { return static_cast<int8_t>(lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1))); };
  auto u32 = [&] { return static_cast<uint32_t>(rng()); };
  switch (p) {
    case P::ArrayIndex:
      v.layer = static_cast<uint16_t>(rng());
      v.lod_clamp = static_cast<uint16_t>(rng() & 0xfff);
      break;
    case P::LayerOffset:
      v.layer = static_cast<uint16_t>(rng());
      [[fallthrough]];
    case P::Offset: v.offset = {in(-8, 7), in(-8, 7), in(-8, 7)}; break;
    case P::Tld4Offset: v.offset = {in(-32, 31), in(-32, 31), 0}; break;
    case P::PtpOffsetsLo:
    case P::PtpOffsetsHi:
      for (std::size_t t = p == P::PtpOffsetsLo ? 0 : 2, end = t + 2; t < end; ++t) v.ptp[t] = {in(-128, 127), in(-128, 127)};
      break;
    case P::S: v.coord[0] = u32(); break;
    case P::T: v.coord[1] = u32(); break;
    case P::R: v.coord[2] = u32(); break;
    case P::Handle: v.handle = u32(); break;
    case P::Lod: v.lod = u32(); break;
    case P::DepthRef: v.dref = u32(); break;
    case P::Sample: v.sample = u32(); break;
    default: v.gradients[static_cast<std::size_t>(p) - static_cast<std::size_t>(P::DsDx)] = u32(); break;
  }
}

TEST(TexOperands, PackUnpackRoundTripOnEveryTextureRow) {
  std::mt19937_64 rng(5);
  unsigned layouts = 0;
  for (const Form& f : forms()) {
    const Pattern& p = pattern_of(f);
    for (int i = 0; i < 200; ++i) {
      auto d = decode((rng() & ~p.mask) | p.value, Arch::SM52, Control{});
      if (!d) continue;
      const TexLayout l = tex_layout(*d);
      if (l.ra_count + l.rb_count == 0) continue;
      ++layouts;
      tex::Lane in;
      for (P q : l.ra_params()) randomize(q, in, rng);
      for (P q : l.rb_params()) randomize(q, in, rng);
      EXPECT_EQ(unpack(l, pack(l, in)), in) << f.opclass;
      if (!l.fits()) {
        EXPECT_TRUE((d->op() == Op::TXD || d->op() == Op::TXD_B) && d->get<Opd::dim>() >= tex::Dim::Tex3D) << f.opclass;
      }
      // The layout from the instruction is the layout its modifiers give, what a compiler builds it from.
      const auto m = tex_modifiers(*d);
      ASSERT_TRUE(m) << f.opclass;
      const auto built = tex_layout(d->op(), *m);
      ASSERT_TRUE(built) << f.opclass;
      EXPECT_EQ(v(built->ra_params()), v(l.ra_params())) << f.opclass;
      EXPECT_EQ(v(built->rb_params()), v(l.rb_params())) << f.opclass;
    }
  }
  EXPECT_GT(layouts, 1000u);
}

tex::Modifiers modifiers_of(std::string_view text) {
  const ParseResult r = parse_instruction(text, Arch::SM52);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error;
  const auto m = r.ok() ? tex_modifiers(*r.inst) : std::nullopt;
  EXPECT_TRUE(m) << text;
  return m.value_or(tex::Modifiers{});
}

TEST(TexOperands, ModifiersInTheSharedVocabulary) {
  tex::Modifiers m = modifiers_of("TEX.LBA.LC.AOFFI.DC.NDV P0, R0, R4, R8, 0x5, ARRAY_CUBE, 0xf");
  EXPECT_EQ(m.op, tex::TexOp::Sample);
  EXPECT_EQ(m.dim, tex::Dim::ArrayCube);
  EXPECT_EQ(m.lod, tex::LodMode::BiasAveraged);
  EXPECT_TRUE(m.lod_clamp && m.aoffi && m.depth_compare && m.ndv);
  EXPECT_FALSE(m.ptp || m.multisample || m.edge_clamp);
  m = modifiers_of("TLD.LL.MS R0, R4, R8, 0x5, 2D, 0xf");
  EXPECT_EQ(m.op, tex::TexOp::Fetch);
  EXPECT_EQ(m.lod, tex::LodMode::Lod);
  EXPECT_TRUE(m.multisample);
  m = modifiers_of("TLD4.G.B.PTP R0, R4, R8, 0x0, 2D, 0xf");
  EXPECT_EQ(m.op, tex::TexOp::Gather);
  EXPECT_EQ(m.component, tex::Component::G);
  EXPECT_TRUE(m.ptp);
  EXPECT_FALSE(m.aoffi);
  m = modifiers_of("TXQ R0, R4, TEX_HEADER_TEXTURE_TYPE, 0x5, 0xf");
  EXPECT_EQ(m.op, tex::TexOp::Query);
  EXPECT_EQ(m.query, tex::Query::TextureType);
  // The short forms: TEXS 9 is ARRAY_2D .LZ.DC, TLDS 12 2D .LL.AOFFI, TLD4S always 2D (reference 4.6).
  m = modifiers_of("TEXS.LZ.DC R8, R4, R4, R6, 0x56, ARRAY_2D, RGBA");
  EXPECT_EQ(m.dim, tex::Dim::Array2D);
  EXPECT_EQ(m.lod, tex::LodMode::Zero);
  EXPECT_TRUE(m.depth_compare);
  EXPECT_EQ(short_encoding(Op::TEXS, m), 9u);
  m = modifiers_of("TLDS.LL.AOFFI R8, R4, R4, R6, 0x56, 2D, RGBA");
  EXPECT_EQ(m.op, tex::TexOp::Fetch);
  EXPECT_EQ(m.lod, tex::LodMode::Lod);
  EXPECT_TRUE(m.aoffi);
  EXPECT_EQ(short_encoding(Op::TLDS, m), 12u);
  m = modifiers_of("TLD4S.A.DC R6, R12, R34, R8, 0x57");
  EXPECT_EQ(m.dim, tex::Dim::Tex2D);
  EXPECT_EQ(m.component, tex::Component::A);
  EXPECT_TRUE(m.depth_compare);
  // What no short form has.
  m.lod_clamp = true;
  EXPECT_FALSE(tex_layout(Op::TLD4S, m));
  tex::Modifiers cube_dc;
  cube_dc.dim = tex::Dim::Cube;
  cube_dc.depth_compare = true;
  EXPECT_FALSE(short_encoding(Op::TEXS, cube_dc));
  EXPECT_FALSE(tex_layout(Op::TEXS, cube_dc));
  EXPECT_FALSE(tex_layout(Op::IPA, cube_dc));
}

TEST(TexOperands, EveryShortEncodingIsFoundFromItsModifiers) {
  for (const Form& f : forms()) {
    if (f.op != Op::TEXS && f.op != Op::TLDS) continue;
    const Pattern& p = pattern_of(f);
    for (uint64_t e = 0; e < 16; ++e) {
      auto d = decode((e << 53) | p.value, Arch::SM52, Control{});
      if (!d) continue;
      const auto m = tex_modifiers(*d);
      ASSERT_TRUE(m) << f.opclass << " " << e;
      EXPECT_EQ(short_encoding(f.op, *m), e) << f.opclass;
    }
  }
}

TEST(TexOperands, LongFormOfEachOp) {
  EXPECT_EQ(long_form_op(tex::TexOp::Sample, false), Op::TEX);
  EXPECT_EQ(long_form_op(tex::TexOp::Gather, true), Op::TLD4_B);
  EXPECT_EQ(long_form_op(tex::TexOp::Gradient, false), Op::TXD);
  EXPECT_EQ(long_form_op(tex::TexOp::Query, true), Op::TXQ_B);
}

TEST(TexOperands, LodModesOfTheEncodings) {
  EXPECT_EQ(lod_mode(LodMode::LB), tex::LodMode::Bias);
  EXPECT_EQ(lod_mode(LodMode::Invalid5), std::nullopt);
  EXPECT_EQ(lod_encoding(tex::LodMode::LodAveraged), LodMode::LLA);
  EXPECT_EQ(lod_mode(TldLod::LL), tex::LodMode::Lod);
  EXPECT_EQ(tld_lod_encoding(tex::LodMode::Bias), std::nullopt);
}

}  // namespace
}  // namespace tmu::isa::sm50
