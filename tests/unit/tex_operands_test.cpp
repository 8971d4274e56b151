// SPDX-License-Identifier: MIT
// The Ra/Rb packing against the seed tables (000, 001) and ptxas's register assignments (lowering-facts.md 3.2,
// 3.3, Appendix A), and pack/unpack round trips on every texture row.
#include <gtest/gtest.h>

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
  // tld4 +e +f -> TLD4S.AOFFI.DC, Ra = [x, y], Rb = [toff, dref].
  l = layout_of("TLD4S.R.AOFFI.DC R6, R12, R34, R8, 0x57");
  EXPECT_EQ(v(l.ra_params()), (std::vector<P>{P::S, P::T}));
  EXPECT_EQ(v(l.rb_params()), (std::vector<P>{P::Offset, P::DepthRef}));
}

TEST(TexOperands, OffsetPacking) {
  // Seed 000: ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf).
  EXPECT_EQ(pack_offsets(-1, 2, -8), 0x82fu);
  EXPECT_EQ(unpack_offsets(0x82f), (std::array<int, 3>{-1, 2, -8}));
  // TLD4: 6-bit fields at bits 0 and 8 (ptxas BFI 0x608).
  EXPECT_EQ(pack_gather_offsets(-32, 31), 0x1f20u);
  EXPECT_EQ(unpack_gather_offsets(0x1f20), (std::array<int, 2>{-32, 31}));
  // .LC: u4.8 clamp 1.5 (0x180) in bits 27:16, array 7.
  EXPECT_EQ(pack_array_lod_clamp(7, 0x180), 0x01800007u);
}

TEST(TexOperands, PackUnpackRoundTripOnEveryTextureRow) {
  std::mt19937_64 rng(5);
  for (const Form& f : forms()) {
    const Pattern& p = pattern_of(f);
    for (int i = 0; i < 200; ++i) {
      auto d = decode((rng() & ~p.mask) | p.value, Arch::SM52, Control{});
      if (!d) continue;
      const TexLayout l = tex_layout(*d);
      TexOperands in;
      for (P q : l.ra_params()) in[q] = static_cast<uint32_t>(rng());
      for (P q : l.rb_params()) in[q] = static_cast<uint32_t>(rng());
      const TexOperands out = unpack(l, pack(l, in));
      for (std::size_t k = 0; k < kNumTexParams; ++k) EXPECT_EQ(out.value[k], in.value[k]) << f.opclass;
      if (!l.fits()) {
        EXPECT_TRUE((d->op() == Op::TXD || d->op() == Op::TXD_B) && d->get<Opd::dim>() >= TexDim::Tex3D) << f.opclass;
      }
    }
  }
}

}  // namespace
}  // namespace tmu::isa::sm50
