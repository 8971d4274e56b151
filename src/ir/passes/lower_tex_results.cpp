// SPDX-License-Identifier: MIT
// nir_lower_tex: the lowerings that rewrite results (lowering-facts.md 1.3): YUV and other external formats, tg4
// and result swizzles, sRGB decoding, packed returns, txs at a LOD, cube-array sizes, explicit gather offsets,
// zero-width LOD queries.
#include <bit>
#include <cfloat>

#include "ir/passes/lower_tex_internal.h"

namespace tmu::ir::lower_tex_detail {
namespace {

uint64_t f32(float v) { return std::bit_cast<uint32_t>(v); }

// Colour-space conversion: columns m0 (Y), m1 (U), m2 (V) of R, G, B, and offsets (Mesa's
// nir_lower_tex.c tables for BT.601/709/2020, limited and full range).
struct Csc {
  float m[3][3];
  float offset[3];
};
constexpr Csc kBt601Limited{{{1.16438356f, 1.16438356f, 1.16438356f}, {0.0f, -0.39176229f, 2.01723214f},
                             {1.59602678f, -0.81296764f, 0.0f}},
                            {-0.874202218f, 0.531667823f, -1.085630789f}};
constexpr Csc kBt601Full{{{1.0f, 1.0f, 1.0f}, {0.0f, -0.34413629f, 1.772f}, {1.402f, -0.71413629f, 0.0f}},
                         {-0.701000000f, 0.529136286f, -0.886000000f}};
constexpr Csc kBt709Limited{{{1.16438356f, 1.16438356f, 1.16438356f}, {0.0f, -0.21324861f, 2.11240179f},
                             {1.79274107f, -0.53290933f, 0.0f}},
                            {-0.972945075f, 0.301482665f, -1.133402218f}};
constexpr Csc kBt709Full{{{1.0f, 1.0f, 1.0f}, {0.0f, -0.18732427f, 1.8556f}, {1.5748f, -0.46812427f, 0.0f}},
                         {-0.787400000f, 0.327724273f, -0.927800000f}};
constexpr Csc kBt2020Limited{{{1.16438356f, 1.16438356f, 1.16438356f}, {0.0f, -0.18732610f, 2.14177232f},
                              {1.67878795f, -0.65046843f, 0.0f}},
                             {-0.915745075f, 0.347480639f, -1.148145075f}};
constexpr Csc kBt2020Full{{{1.0f, 1.0f, 1.0f}, {0.0f, -0.16455313f, 1.88140000f}, {1.4747f, -0.57139187f, 0.0f}},
                          {-0.737350000f, 0.367972500f, -0.940700000f}};

// One plane of a multi-planar texture: a copy of the tex with a `plane` source (2D, float, 4 components),
// scaled by the texture's scale factor when one is set.
DefId sample_plane(Site& site, Builder& b, unsigned plane, const LowerTexOptions& o) {
  const TexInstr& tex = site.tex();
  TexInstr p;
  p.op = TexOp::tex;
  p.src = tex.src;
  add_src(p, TexSrcType::plane, b.imm_int(plane));
  p.sampler_dim = SamplerDim::Dim2D;
  p.dest_type = AluType{BaseType::Float, tex.dest.bit_size};
  p.coord_components = 2;
  p.texture_index = tex.texture_index;
  p.sampler_index = tex.sampler_index;
  p.dest.components = 4;
  p.dest.bit_size = tex.dest.bit_size;
  const DefId d = b.tex(std::move(p));
  const float scale = tex.texture_index < 32 ? o.scale_factors[tex.texture_index] : 0.0f;
  if (scale != 0.0f) return b.alu(AluOp::fmul, {AluSrc{d}, AluSrc{b.imm_float(scale)}}, 4);
  return d;
}

void convert_yuv_to_rgb(Site& site, Builder& b, Cursor first, const LowerTexOptions& o, unsigned texture_index,
                        std::pair<DefId, unsigned> y, std::pair<DefId, unsigned> u, std::pair<DefId, unsigned> v,
                        std::optional<std::pair<DefId, unsigned>> a) {
  const uint32_t bit = texture_index < 32 ? 1u << texture_index : 0u;
  const bool full = o.yuv_full_range_external & bit;
  const Csc& csc = (o.bt709_external & bit)    ? (full ? kBt709Full : kBt709Limited)
                   : (o.bt2020_external & bit) ? (full ? kBt2020Full : kBt2020Limited)
                                               : (full ? kBt601Full : kBt601Limited);
  // 10- and 12-bit values in the top of 16-bit channels: the matrix scaled by 65535/1023 or 65535/4095.
  const float sx = (o.lower_sx10_external & bit) ? 65535.0f / 1023.0f
                   : (o.lower_sx12_external & bit) ? 65535.0f / 4095.0f
                                                   : 1.0f;
  const DefId alpha = a ? b.channel(a->first, a->second) : b.imm_float(1.0f);
  const DefId offset = b.vec({std::pair{b.imm_float(csc.offset[0]), 0u}, std::pair{b.imm_float(csc.offset[1]), 0u},
                              std::pair{b.imm_float(csc.offset[2]), 0u}, std::pair{alpha, 0u}});
  DefId m[3];
  for (unsigned k = 0; k < 3; ++k)
    m[k] = b.imm_vec({f32(csc.m[k][0] * sx), f32(csc.m[k][1] * sx), f32(csc.m[k][2] * sx), f32(0.0f)}, 32);
  auto bcast = [](std::pair<DefId, unsigned> s) {
    AluSrc r{s.first};
    r.swizzle.fill(static_cast<uint8_t>(s.second));
    return r;
  };
  const DefId t2 = b.alu(AluOp::ffma, {bcast(v), AluSrc{m[2]}, AluSrc{offset}}, 4);
  const DefId t1 = b.alu(AluOp::ffma, {bcast(u), AluSrc{m[1]}, AluSrc{t2}}, 4);
  const DefId rgba = b.alu(AluOp::ffma, {bcast(y), AluSrc{m[0]}, AluSrc{t1}}, 4);
  rewrite_result_after(site, first, b, rgba);
}

}  // namespace

DefId with_residency(Site& site, Builder& b, DefId rgba) {
  const TexInstr& tex = site.tex();
  if (!tex.is_sparse) return rgba;
  std::vector<std::pair<DefId, unsigned>> parts;
  for (unsigned i = 0; i < b.components(rgba); ++i) parts.emplace_back(rgba, i);
  parts.emplace_back(tex.dest.id, result_size(tex));  // the residency code stays last
  return b.vec(parts);
}

namespace {

// The external formats: which option, how many planes are sampled, and where Y, U, V (and A, or 1.0) are read,
// as (plane, component).
struct YuvLayout {
  uint32_t LowerTexOptions::*option;
  uint8_t planes;
  std::array<std::pair<uint8_t, uint8_t>, 3> yuv;
  std::optional<std::pair<uint8_t, uint8_t>> alpha;
};
constexpr YuvLayout kYuvLayouts[] = {
    {&LowerTexOptions::lower_y_uv_external, 2, {{{0, 0}, {1, 0}, {1, 1}}}, std::nullopt},
    {&LowerTexOptions::lower_y_vu_external, 2, {{{0, 0}, {1, 1}, {1, 0}}}, std::nullopt},
    {&LowerTexOptions::lower_y_u_v_external, 3, {{{0, 0}, {1, 0}, {2, 0}}}, std::nullopt},
    {&LowerTexOptions::lower_yx_xuxv_external, 2, {{{0, 0}, {1, 1}, {1, 3}}}, std::nullopt},
    {&LowerTexOptions::lower_yx_xvxu_external, 2, {{{0, 0}, {1, 3}, {1, 1}}}, std::nullopt},
    {&LowerTexOptions::lower_xy_uxvx_external, 2, {{{0, 1}, {1, 0}, {1, 2}}}, std::nullopt},
    {&LowerTexOptions::lower_xy_vxux_external, 2, {{{0, 1}, {1, 2}, {1, 0}}}, std::nullopt},
    {&LowerTexOptions::lower_ayuv_external, 1, {{{0, 2}, {0, 1}, {0, 0}}}, std::pair<uint8_t, uint8_t>{0, 3}},
    {&LowerTexOptions::lower_xyuv_external, 1, {{{0, 2}, {0, 1}, {0, 0}}}, std::nullopt},
    {&LowerTexOptions::lower_yuv_external, 1, {{{0, 0}, {0, 1}, {0, 2}}}, std::nullopt},
    {&LowerTexOptions::lower_yu_yv_external, 1, {{{0, 1}, {0, 2}, {0, 0}}}, std::nullopt},
    {&LowerTexOptions::lower_yv_yu_external, 1, {{{0, 2}, {0, 1}, {0, 0}}}, std::nullopt},
    {&LowerTexOptions::lower_y41x_external, 1, {{{0, 1}, {0, 0}, {0, 2}}}, std::pair<uint8_t, uint8_t>{0, 3}},
};

}  // namespace

uint32_t external_textures(const LowerTexOptions& o) {
  uint32_t m = 0;
  for (const YuvLayout& l : kYuvLayouts) m |= o.*l.option;
  return m;
}

void lower_external(Site& site, const LowerTexOptions& o, uint32_t mask, unsigned texture_index) {
  Builder b = site.after();
  const Cursor first = b.cursor();
  for (const YuvLayout& l : kYuvLayouts) {
    if (!(mask & o.*l.option)) continue;
    std::array<DefId, 3> planes{};
    for (unsigned p = 0; p < l.planes; ++p) planes[p] = sample_plane(site, b, p, o);
    auto at = [&](std::pair<uint8_t, uint8_t> pc) { return std::pair<DefId, unsigned>{planes[pc.first], pc.second}; };
    std::optional<std::pair<DefId, unsigned>> alpha;
    if (l.alpha) alpha = at(*l.alpha);
    convert_yuv_to_rgb(site, b, first, o, texture_index, at(l.yuv[0]), at(l.yuv[1]), at(l.yuv[2]), alpha);
    return;  // the first layout whose mask names the texture
  }
}

void swizzle_tg4_broadcom(Site& site) {
  Builder b = site.after();
  const Cursor first = b.cursor();
  const DefId res = site.tex().dest.id;
  const DefId r = site.tex().is_sparse ? b.vec({std::pair{res, 2u}, std::pair{res, 3u}, std::pair{res, 1u},
                                                std::pair{res, 0u}})
                                       : b.swizzle(res, {2, 3, 1, 0});  // .zwyx: Broadcom's texel order
  rewrite_result_after(site, first, b, with_residency(site, b, r));
}

void swizzle_result(Site& site, const std::array<uint8_t, 4>& swz) {
  TexInstr& tex = site.tex();
  Builder b = site.after();
  const Cursor first = b.cursor();
  auto zero_or_one = [&](uint8_t s) {
    const uint64_t one = tex.dest_type.base == BaseType::Float ? f32(1.0f) : 1u;
    return b.imm_int(s == 4 ? 0 : static_cast<int64_t>(one));
  };
  DefId r;
  if (tex.op == TexOp::tg4) {
    if (swz[tex.component] < 4) {
      tex.component = swz[tex.component];  // gather another component
      return;
    }
    const DefId c = zero_or_one(swz[tex.component]);
    r = b.vec(std::vector<DefId>{c, c, c, c});
  } else {
    std::vector<std::pair<DefId, unsigned>> parts;
    for (unsigned i = 0; i < 4; ++i) parts.emplace_back(swz[i] < 4 ? tex.dest.id : zero_or_one(swz[i]),
                                                        swz[i] < 4 ? swz[i] : 0u);
    r = b.vec(parts);
  }
  rewrite_result_after(site, first, b, with_residency(site, b, r));
}

void linearize_srgb_result(Site& site) {
  Builder b = site.after();
  const Cursor first = b.cursor();
  const DefId res = site.tex().dest.id;
  // nir_format_srgb_to_linear: c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4, saturated.
  const DefId c = b.swizzle(res, {0, 1, 2});
  auto k = [&](float v) {
    AluSrc s{b.imm_float(v)};
    s.swizzle.fill(0);
    return s;
  };
  const DefId linear = b.alu(AluOp::fdiv, {AluSrc{c}, k(12.92f)}, 3);
  const DefId shifted = b.alu(AluOp::fdiv, {AluSrc{b.alu(AluOp::fadd, {AluSrc{c}, k(0.055f)}, 3)}, k(1.055f)}, 3);
  const DefId curved = b.alu(AluOp::fpow, {AluSrc{shifted}, k(2.4f)}, 3);
  const DefId le = b.alu(AluOp::fge, {k(0.04045f), AluSrc{c}}, 3);
  const DefId rgb = b.alu(AluOp::fsat, {b.alu(AluOp::bcsel, {le, linear, curved})});
  const DefId r = b.vec({std::pair{rgb, 0u}, std::pair{rgb, 1u}, std::pair{rgb, 2u}, std::pair{res, 3u}});
  rewrite_result_after(site, first, b, with_residency(site, b, r));
}

void lower_tex_packing(Site& site, TexPacking packing) {
  TexInstr& tex = site.tex();
  Builder b = site.after();
  const Cursor first = b.cursor();
  const DefId color = tex.dest.id;
  DefId r = color;
  if (packing == TexPacking::Pack16) {
    if (tex.dest_type.base == BaseType::Float) {
      switch (dest_size(tex)) {
        case 1:
          r = b.alu(AluOp::unpack_half_2x16_split_x, {b.channel(color, 0)});
          break;
        case 2: {
          const DefId rg = b.channel(color, 0);
          r = b.vec(std::vector<DefId>{b.alu(AluOp::unpack_half_2x16_split_x, {rg}),
                                       b.alu(AluOp::unpack_half_2x16_split_y, {rg})});
          break;
        }
        default: {
          const DefId rg = b.channel(color, 0), ba = b.channel(color, 1);
          r = b.vec(std::vector<DefId>{b.alu(AluOp::unpack_half_2x16_split_x, {rg}),
                                       b.alu(AluOp::unpack_half_2x16_split_y, {rg}),
                                       b.alu(AluOp::unpack_half_2x16_split_x, {ba}),
                                       b.alu(AluOp::unpack_half_2x16_split_y, {ba})});
          break;
        }
      }
    } else {
      // Four 16-bit fields in the first two words, sign- or zero-extended as nir_format_unpack_sint/uint do it:
      // the field shifted to the top, then down by 16 (arithmetic or logical).
      const bool sign = tex.dest_type.base == BaseType::Int;
      std::vector<DefId> parts;
      for (unsigned i = 0; i < 4; ++i) {
        const DefId word = b.channel(color, i / 2);
        const DefId top = b.alu(AluOp::ishl, {word, b.imm_int(16 - (i % 2) * 16)});
        parts.push_back(b.alu(sign ? AluOp::ishr : AluOp::ushr, {top, b.imm_int(16)}));
      }
      r = b.vec(parts);
    }
  } else if (packing == TexPacking::Pack8) {
    r = b.alu(AluOp::unpack_unorm_4x8, {b.channel(color, 0)});
  }
  // The destination keeps its size (nir_tex_instr_dest_size still says 4); the backend writes fewer words.
  rewrite_result_after(site, first, b, with_residency(site, b, r));
}

bool lower_txs_lod(Site& site) {
  TexInstr& tex = site.tex();
  const int li = src_index(tex, TexSrcType::lod);
  if (li < 0) return false;
  const DefId lod = tex.src[static_cast<unsigned>(li)].def;
  if (auto v = const_int(site.s, lod); v && *v == 0) return false;
  Builder pre = site.before();
  tex.src[static_cast<unsigned>(li)].def = pre.imm_int(0);
  Builder b = site.after();
  const Cursor first = b.cursor();
  const DefId size = tex.dest.id;
  const unsigned n = dest_size(tex);
  AluSrc lod_b{lod};
  lod_b.swizzle.fill(0);
  AluSrc one{b.imm_int(1)};
  one.swizzle.fill(0);
  // max(size >> lod, 1), and min with the level-0 size so that a null surface still reads 0.
  const DefId shifted = b.alu(AluOp::ushr, {AluSrc{size}, lod_b}, n);
  DefId minified = b.alu(AluOp::imin, {AluSrc{size}, AluSrc{b.alu(AluOp::imax, {AluSrc{shifted}, one}, n)}}, n);
  if (tex.is_array) {  // the layer count is not minified
    std::vector<std::pair<DefId, unsigned>> parts;
    for (unsigned i = 0; i + 1 < n; ++i) parts.emplace_back(minified, i);
    parts.emplace_back(size, n - 1);
    minified = b.vec(parts);
  }
  rewrite_result_after(site, first, b, minified);
  return true;
}

void lower_txs_cube_array(Site& site) {
  TexInstr& tex = site.tex();
  tex.sampler_dim = SamplerDim::Dim2D;  // as a 2D array: layers are faces
  Builder b = site.after();
  const Cursor first = b.cursor();
  const DefId s = tex.dest.id;
  const DefId cubes = b.alu(AluOp::idiv, {b.channel(s, 2), b.imm_int(6)});
  const DefId r = b.vec({std::pair{s, 1u}, std::pair{s, 1u}, std::pair{cubes, 0u}});
  rewrite_result_after(site, first, b, r);
}

void lower_tg4_offsets(Site& site) {
  TexInstr& tex = site.tex();
  Builder b = site.after();
  std::vector<std::pair<DefId, unsigned>> dest;
  DefId residency = kNoDef;
  for (unsigned i = 0; i < 4; ++i) {
    // A copy of the gather with one constant offset (Mesa 22.3.6's copies lose the indices: docs/ir.md).
    TexInstr copy = tex;
    copy.tg4_offsets = kDefaultTg4Offsets;
    copy.dest = Def{};
    add_src(copy, TexSrcType::offset, b.imm_vec({static_cast<uint64_t>(static_cast<uint32_t>(tex.tg4_offsets[i][0])),
                                                 static_cast<uint64_t>(static_cast<uint32_t>(tex.tg4_offsets[i][1]))},
                                                32));
    copy.dest.components = static_cast<uint8_t>(dest_size(tex));
    const DefId d = b.tex(std::move(copy));
    // Component w of a gather is the footprint's (i0, j0) texel: the one at the offset position.
    dest.emplace_back(d, 3u);
    if (tex.is_sparse) {
      const DefId code = b.channel(d, 4);
      if (residency == kNoDef) {
        residency = code;
      } else {
        IntrinsicInstr n;
        n.op = Intrinsic::sparse_residency_code_and;
        n.src = {residency, code};
        n.dest.components = 1;
        residency = b.intrinsic(std::move(n));
      }
    }
  }
  if (tex.is_sparse) dest.emplace_back(residency, 0u);
  const DefId res = b.vec(dest);
  site.s.rewrite_uses(tex.dest.id, res);
  site.s.remove(site.instr);
}

void lower_lod_zero_width(Site& site) {
  TexInstr& tex = site.tex();
  const int ci = src_index(tex, TexSrcType::coord);
  if (ci < 0) return;
  const DefId coord = tex.src[static_cast<unsigned>(ci)].def;
  Builder b = site.after();
  const Cursor first = b.cursor();
  DefId is_zero = b.imm_vec({1}, 1);
  for (unsigned i = 0; i < tex.coord_components; ++i) {
    const DefId c = b.channel(coord, i);
    const DefId width = b.alu(AluOp::fadd, {b.alu(AluOp::fabs, {b.alu(AluOp::fddx, {c})}),
                                            b.alu(AluOp::fabs, {b.alu(AluOp::fddy, {c})})});
    is_zero = b.alu(AluOp::iand, {is_zero, b.alu(AluOp::feq, {width, b.imm_float(0.0f)})});
  }
  const DefId lod = b.alu(AluOp::bcsel, {is_zero, b.imm_float(-FLT_MAX), b.channel(tex.dest.id, 1)});
  const DefId r = b.vec({std::pair{tex.dest.id, 0u}, std::pair{lod, 0u}});
  rewrite_result_after(site, first, b, r);
}

}  // namespace tmu::ir::lower_tex_detail
