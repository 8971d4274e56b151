// SPDX-License-Identifier: MIT
// nir_lower_tex: the lowerings that rewrite coordinates (lowering-facts.md 1.3): projector, offsets, RECT, 1D as
// 2D, saturation, array-layer rounding.
#include <algorithm>

#include "ir/passes/lower_tex_internal.h"

namespace tmu::ir::lower_tex_detail {
namespace {

// A scalar operand broadcast to every component (nir_build_alu replicates a narrower source).
AluSrc broadcast(DefId d) {
  AluSrc s{d};
  s.swizzle.fill(0);
  return s;
}

// vecN of `a`'s components 0..n-2 and `keep`'s component n-1: the array layer restored.
DefId restore_layer(Builder& b, DefId a, DefId keep, unsigned n) {
  std::vector<std::pair<DefId, unsigned>> parts;
  for (unsigned i = 0; i + 1 < n; ++i) parts.emplace_back(a, i);
  parts.emplace_back(keep, n - 1);
  return b.vec(parts);
}

// Component-wise op of a vector and another vector whose missing components repeat its last (nir_build_alu).
DefId alu_widen(Builder& b, AluOp op, DefId a, DefId c) {
  const unsigned n = std::max(b.components(a), b.components(c));
  AluSrc sa{a}, sc{c};
  const unsigned na = b.components(a), nc = b.components(c);
  for (unsigned i = na; i < kMaxComponents; ++i) sa.swizzle[i] = static_cast<uint8_t>(na - 1);
  for (unsigned i = nc; i < kMaxComponents; ++i) sc.swizzle[i] = static_cast<uint8_t>(nc - 1);
  return b.alu(op, {sa, sc}, n);
}

}  // namespace

bool project_src(Site& site) {
  TexInstr& tex = site.tex();
  const int proj = src_index(tex, TexSrcType::projector);
  if (proj < 0) return false;
  Builder b = site.before();
  const DefId inv = b.alu(AluOp::frcp, {tex.src[static_cast<unsigned>(proj)].def});
  for (TexSrc& src : tex.src) {
    if (src.type != TexSrcType::coord && src.type != TexSrcType::comparator) continue;
    const DefId unprojected = src.def;
    const unsigned n = b.components(unprojected);
    DefId projected = b.alu(AluOp::fmul, {AluSrc{unprojected}, broadcast(inv)}, n);
    // The array layer is not projected.
    if (tex.is_array && src.type == TexSrcType::coord) projected = restore_layer(b, projected, unprojected, n);
    src.def = projected;
  }
  remove_src(tex, static_cast<unsigned>(proj));
  return true;
}

bool lower_offset(Site& site, const CompilerOptions& c) {
  TexInstr& tex = site.tex();
  const int offset_index = src_index(tex, TexSrcType::offset);
  const int coord_index = src_index(tex, TexSrcType::coord);
  if (offset_index < 0 || coord_index < 0) return false;
  Builder b = site.before();
  const DefId offset = tex.src[static_cast<unsigned>(offset_index)].def;
  const DefId coord = tex.src[static_cast<unsigned>(coord_index)].def;
  DefId moved;
  if (src_type(tex, static_cast<unsigned>(coord_index)) == kFloat) {
    const DefId off = b.alu(AluOp::i2f32, {offset});
    if (tex.sampler_dim == SamplerDim::Rect) {
      moved = alu_widen(b, AluOp::fadd, coord, off);  // unnormalized: texels are coordinate units
    } else {
      DefId scale;
      if (c.has_texture_scaling) {
        IntrinsicInstr i;
        i.op = Intrinsic::load_texture_rect_scaling;
        i.src = {b.imm_int(tex.texture_index)};
        i.dest.components = 2;
        scale = b.intrinsic(std::move(i));
      } else {
        scale = b.alu(AluOp::frcp, {b.alu(AluOp::i2f32, {texture_size(site, b)})});
      }
      moved = alu_widen(b, AluOp::fadd, coord, alu_widen(b, AluOp::fmul, off, scale));
    }
  } else {
    moved = alu_widen(b, AluOp::iadd, coord, offset);
  }
  const unsigned n = tex.coord_components;
  if (tex.is_array) moved = restore_layer(b, moved, coord, n);  // the offset is not applied to the layer
  tex.src[static_cast<unsigned>(coord_index)].def = moved;
  remove_src(tex, static_cast<unsigned>(offset_index));
  return true;
}

void lower_rect(Site& site, const CompilerOptions& c) {
  TexInstr& tex = site.tex();
  // 2D first, so that the size query is a 2D one.
  tex.sampler_dim = SamplerDim::Dim2D;
  Builder b = site.before();
  DefId scale;
  if (c.has_texture_scaling || !c.has_txs) {
    IntrinsicInstr i;
    i.op = Intrinsic::load_texture_rect_scaling;
    i.src = {b.imm_int(tex.texture_index)};
    i.dest.components = 2;
    scale = b.intrinsic(std::move(i));
  } else {
    scale = b.alu(AluOp::frcp, {b.alu(AluOp::i2f32, {texture_size(site, b)})});
  }
  const int coord = src_index(tex, TexSrcType::coord);
  if (coord >= 0) {
    TexSrc& src = tex.src[static_cast<unsigned>(coord)];
    src.def = alu_widen(b, AluOp::fmul, src.def, scale);
  }
}

void lower_1d(Site& site) {
  TexInstr& tex = site.tex();
  Builder b = site.before();
  const bool int_coords = src_type(tex.op, TexSrcType::coord) == kInt;
  tex.sampler_dim = SamplerDim::Dim2D;
  // The new t is texel 0's centre for filtered ops (so wrap modes act as on a 1-texel-high texture) and 0 for
  // fetches.
  auto widen = [&](DefId v, DefId pad, bool array_layer) {
    const unsigned n = b.components(v);
    std::vector<std::pair<DefId, unsigned>> parts;
    const unsigned keep = array_layer ? n - 1 : n;
    for (unsigned i = 0; i < keep; ++i) parts.emplace_back(v, i);
    parts.emplace_back(pad, 0u);
    if (array_layer) parts.emplace_back(v, n - 1);
    return b.vec(parts);
  };
  for (TexSrc& src : tex.src) {
    switch (src.type) {
      case TexSrcType::coord: {
        const DefId y = int_coords ? b.imm_int(0) : b.imm_float(0.5f);
        const bool layer = tex.is_array && tex.op != TexOp::lod && b.components(src.def) > 1;
        src.def = widen(src.def, y, layer);
        break;
      }
      case TexSrcType::offset:
        src.def = widen(src.def, b.imm_int(0), false);
        break;
      case TexSrcType::ddx: case TexSrcType::ddy:
        src.def = widen(src.def, b.imm_float(0.0f), false);
        break;
      default:
        break;
    }
  }
  if (src_index(tex, TexSrcType::coord) >= 0) ++tex.coord_components;
  if (tex.op == TexOp::txs) {
    // The size gains a height the user never asked for: they see .x, or .xz for arrays.
    const Cursor first = site.after().cursor();
    tex.dest.components = static_cast<uint8_t>(dest_size(tex));
    Builder a = site.after();
    const DefId seen = tex.is_array ? a.swizzle(tex.dest.id, {0, 2}) : a.channel(tex.dest.id, 0);
    rewrite_result_after(site, first, a, seen);
  }
}

Instr* saturate_src(Site& site, unsigned sat_mask) {
  TexInstr* tex = &site.tex();
  if (tex->op == TexOp::tex) {
    // Explicit gradients of the unclamped coordinate keep the LOD the clamp would change (layer excluded).
    Builder b = site.before();
    const int ci = src_index(*tex, TexSrcType::coord);
    DefId coord = tex->src[static_cast<unsigned>(ci)].def;
    if (tex->is_array) {
      const unsigned n = tex->coord_components - 1;
      coord = n == 1 ? b.channel(coord, 0) : n == 2 ? b.swizzle(coord, {0, 1}) : b.swizzle(coord, {0, 1, 2});
    }
    add_src(*tex, TexSrcType::ddx, b.alu(AluOp::fddx, {coord}));
    add_src(*tex, TexSrcType::ddy, b.alu(AluOp::fddy, {coord}));
    tex->op = TexOp::txd;
  } else if (tex->op == TexOp::txb) {
    lower_implicit_lod(site);
  }
  const int ci = src_index(*tex, TexSrcType::coord);
  if (ci < 0) return site.instr;
  Builder b = site.before();
  TexSrc& src = tex->src[static_cast<unsigned>(ci)];
  std::vector<DefId> comp;
  for (unsigned j = 0; j < tex->coord_components; ++j) comp.push_back(b.channel(src.def, j));
  const unsigned ncomp = tex->coord_components - (tex->is_array ? 1u : 0u);  // the layer is never clamped
  for (unsigned j = 0; j < ncomp; ++j) {
    if (!((sat_mask >> j) & 1u)) continue;
    if (tex->sampler_dim == SamplerDim::Rect) {
      // Unnormalized coordinates: clamped to the size, not to [0, 1].
      const DefId size = b.alu(AluOp::i2f32, {texture_size(site, b)});
      comp[j] = b.alu(AluOp::fmax, {comp[j], b.imm_float(0.0f)});
      comp[j] = b.alu(AluOp::fmin, {comp[j], b.channel(size, j)});
    } else {
      comp[j] = b.alu(AluOp::fsat, {comp[j]});
    }
  }
  src.def = b.vec(comp);
  return site.instr;
}

bool lower_array_layer_round_even(Site& site) {
  TexInstr& tex = site.tex();
  const int ci = src_index(tex, TexSrcType::coord);
  if (ci < 0 || src_type(tex, static_cast<unsigned>(ci)) != kFloat) return false;
  Builder b = site.before();
  TexSrc& src = tex.src[static_cast<unsigned>(ci)];
  const unsigned layer = tex.coord_components - 1;
  const DefId rounded = b.alu(AluOp::fround_even, {b.channel(src.def, layer)});
  std::vector<std::pair<DefId, unsigned>> parts;
  for (unsigned i = 0; i < layer; ++i) parts.emplace_back(src.def, i);
  parts.emplace_back(rounded, 0u);
  src.def = b.vec(parts);
  return true;
}

}  // namespace tmu::ir::lower_tex_detail
