// SPDX-License-Identifier: MIT
// nir_lower_tex: the lowerings that turn implicit or gradient LODs into explicit ones (lowering-facts.md 1.3):
// txd -> txl from the gradients (cube maps by the quotient rule), txb with a shadow clamp, the sampler's LOD bias,
// implicit LODs outside fragment shaders, and AMD's fragment fetches.
#include <bit>

#include "ir/passes/lower_tex_internal.h"

namespace tmu::ir::lower_tex_detail {
namespace {

// Removes the source of that type and returns its definition (nir_steal_tex_src), or kNoDef.
DefId steal(TexInstr& t, TexSrcType type) {
  const int i = src_index(t, type);
  if (i < 0) return kNoDef;
  const DefId d = t.src[static_cast<unsigned>(i)].def;
  remove_src(t, static_cast<unsigned>(i));
  return d;
}

// lod (+ bias) (max min_lod) as the explicit LOD of a txl.
void lower_lod(Site& site, Builder& b, DefId lod) {
  TexInstr& tex = site.tex();
  const DefId bias = steal(tex, TexSrcType::bias);
  if (bias != kNoDef) lod = b.alu(AluOp::fadd, {lod, b.bit_size(bias) == 32 ? bias : b.alu(AluOp::f2f32, {bias})});
  const DefId min_lod = steal(tex, TexSrcType::min_lod);
  if (min_lod != kNoDef) lod = b.alu(AluOp::fmax, {lod, min_lod});
  add_src(tex, TexSrcType::lod, lod);
  tex.op = TexOp::txl;
}

void replace_gradient_with_lod(Site& site, Builder& b, DefId lod) {
  TexInstr& tex = site.tex();
  steal(tex, TexSrcType::ddx);
  steal(tex, TexSrcType::ddy);
  const DefId min_lod = steal(tex, TexSrcType::min_lod);
  if (min_lod != kNoDef) lod = b.alu(AluOp::fmax, {lod, min_lod});
  add_src(tex, TexSrcType::lod, lod);
  tex.op = TexOp::txl;
}

void lower_gradient_cube_map(Site& site, Builder& b) {
  TexInstr& tex = site.tex();
  // The level-0 face size; the coordinate is projected onto the major axis's face, whose derivative follows by
  // the quotient rule: d(Q.xy / Q.z) = (dQ.xy - Q.xy / Q.z * dQ.z) / Q.z.
  const DefId size = b.alu(AluOp::i2f32, {texture_size(site, b)});
  const DefId coord = tex.src[static_cast<unsigned>(src_index(tex, TexSrcType::coord))].def;
  const DefId p = b.swizzle(coord, {0, 1, 2});
  const DefId dpdx = tex.src[static_cast<unsigned>(src_index(tex, TexSrcType::ddx))].def;
  const DefId dpdy = tex.src[static_cast<unsigned>(src_index(tex, TexSrcType::ddy))].def;
  const DefId abs_p = b.alu(AluOp::fabs, {p});
  const DefId ax = b.channel(abs_p, 0), ay = b.channel(abs_p, 1), az = b.channel(abs_p, 2);
  const DefId cond_z = b.alu(AluOp::fge, {az, b.alu(AluOp::fmax, {ax, ay})});
  const DefId cond_y = b.alu(AluOp::fge, {ay, b.alu(AluOp::fmax, {ax, az})});
  auto select = [&](DefId v) {
    AluSrc z{cond_z}, y{cond_y};
    z.swizzle.fill(0);
    y.swizzle.fill(0);
    const DefId inner = b.alu(AluOp::bcsel, {y, AluSrc{b.swizzle(v, {0, 2, 1})}, AluSrc{b.swizzle(v, {1, 2, 0})}}, 3);
    return b.alu(AluOp::bcsel, {z, AluSrc{v}, AluSrc{inner}}, 3);
  };
  const DefId q = select(p), dqdx = select(dpdx), dqdy = select(dpdy);
  const DefId rcp_qz = b.alu(AluOp::frcp, {b.channel(q, 2)});
  AluSrc rcp{rcp_qz};
  rcp.swizzle.fill(0);
  const DefId tmp = b.alu(AluOp::fmul, {AluSrc{b.swizzle(q, {0, 1})}, rcp}, 2);
  auto face_derivative = [&](DefId dq) {
    AluSrc dz{b.channel(dq, 2)};
    dz.swizzle.fill(0);
    const DefId t = b.alu(AluOp::fmul, {AluSrc{tmp}, dz}, 2);
    const DefId diff = b.alu(AluOp::fsub, {b.swizzle(dq, {0, 1}), t});
    return b.alu(AluOp::fmul, {rcp, AluSrc{diff}}, 2);
  };
  const DefId dx = face_derivative(dqdx), dy = face_derivative(dqdy);
  const DefId m = b.alu(AluOp::fmax, {b.alu(AluOp::fdot2, {dx, dx}), b.alu(AluOp::fdot2, {dy, dy})});
  const DefId l = b.channel(size, 0);
  // lod = -1 + 0.5 * log2(L * L * M): log2 of the face-space rho times half the face size.
  const DefId lod = b.alu(AluOp::fadd, {b.imm_float(-1.0f),
                                        b.alu(AluOp::fmul, {b.imm_float(0.5f),
                                                            b.alu(AluOp::flog2, {b.alu(AluOp::fmul, {l, b.alu(AluOp::fmul, {l, m})})})})});
  replace_gradient_with_lod(site, b, lod);
}

}  // namespace

void lower_implicit_lod(Site& site) {
  Builder b = site.before();
  lower_lod(site, b, texture_lod(site, b));
}

void lower_zero_lod(Site& site) {
  Builder b = site.before();
  TexInstr& tex = site.tex();
  if (tex.op == TexOp::lod) {
    const DefId zero = b.imm_vec({0, 0}, 32);
    site.s.rewrite_uses(tex.dest.id, zero);
    site.s.remove(site.instr);
    return;
  }
  lower_lod(site, b, b.imm_int(0));
}

void lower_gradient(Site& site) {
  TexInstr& tex = site.tex();
  Builder b = site.before();
  if (tex.sampler_dim == SamplerDim::Cube) {
    lower_gradient_cube_map(site, b);
    return;
  }
  // The level-0 size in the gradients' dimensions (the layer dropped); rho as in GL 3.0's equation 3.19, with no
  // GL bias or clamp state.
  const unsigned n = tex.sampler_dim == SamplerDim::Dim3D ? 3 : tex.sampler_dim == SamplerDim::Dim1D ? 1 : 2;
  const DefId all = b.alu(AluOp::i2f32, {texture_size(site, b)});
  // (nir_channels: the whole vector when it has just those components.)
  const DefId size = n == b.components(all) ? all
                     : n == 1               ? b.channel(all, 0)
                     : n == 2               ? b.swizzle(all, {0, 1})
                                            : b.swizzle(all, {0, 1, 2});
  const DefId ddx = tex.src[static_cast<unsigned>(src_index(tex, TexSrcType::ddx))].def;
  const DefId ddy = tex.src[static_cast<unsigned>(src_index(tex, TexSrcType::ddy))].def;
  const DefId px = b.alu(AluOp::fmul, {ddx, size});
  const DefId py = b.alu(AluOp::fmul, {ddy, size});
  DefId rho;
  if (b.components(px) == 1) {
    rho = b.alu(AluOp::fmax, {b.alu(AluOp::fabs, {px}), b.alu(AluOp::fabs, {py})});
  } else {
    const AluOp dot = b.components(px) == 2 ? AluOp::fdot2 : AluOp::fdot3;
    rho = b.alu(AluOp::fmax, {b.alu(AluOp::fsqrt, {b.alu(dot, {px, px})}), b.alu(AluOp::fsqrt, {b.alu(dot, {py, py})})});
  }
  replace_gradient_with_lod(site, b, b.alu(AluOp::flog2, {rho}));
}

void lower_sampler_lod_bias(Site& site) {
  TexInstr& tex = site.tex();
  Builder b = site.before();
  // The sampler's bias (a float16 query, nir_texop_lod_bias) added where the hardware would have added it.
  TexInstr q = query_of(tex, TexOp::lod_bias, kFloat16);
  q.dest.components = 1;
  q.dest.bit_size = 16;
  const DefId bias = b.tex(std::move(q));
  if (tex.op == TexOp::txd) {
    // log2(exp2(bias) * rho) = bias + log2(rho): the gradients scaled.
    const DefId scale = b.alu(AluOp::fexp2, {b.alu(AluOp::f2f32, {bias})});
    AluSrc sc{scale};
    sc.swizzle.fill(0);
    for (TexSrcType t : {TexSrcType::ddx, TexSrcType::ddy}) {
      const DefId d = steal(tex, t);
      add_src(tex, t, b.alu(AluOp::fmul, {AluSrc{d}, sc}, b.components(d)));
    }
    return;
  }
  if (tex.op == TexOp::tex) tex.op = TexOp::txb;
  const TexSrcType where = tex.op == TexOp::txl ? TexSrcType::lod : TexSrcType::bias;
  const int i = src_index(tex, where);
  if (i >= 0) {
    TexSrc& s = tex.src[static_cast<unsigned>(i)];
    s.def = b.alu(AluOp::fadd, {bias, b.alu(AluOp::f2f16, {s.def})});
  } else {
    add_src(tex, where, bias);
  }
}

void lower_txf_ms_to_fragment_fetch(Site& site, const CompilerOptions& c) {
  lower_offset(site, c);
  TexInstr& tex = site.tex();
  Builder b = site.before();
  TexInstr fmask;
  fmask.op = TexOp::fragment_mask_fetch_amd;
  fmask.coord_components = tex.coord_components;
  fmask.sampler_dim = tex.sampler_dim;
  fmask.is_array = tex.is_array;
  fmask.texture_non_uniform = tex.texture_non_uniform;
  fmask.texture_index = tex.texture_index;
  fmask.dest_type = kUint32;
  for (const TexSrc& s : tex.src)
    if (s.type != TexSrcType::ms_index) fmask.src.push_back(s);
  fmask.dest.components = 1;
  const DefId mask = b.tex(std::move(fmask));
  // The FMASK holds a fragment index per sample, 4 bits apart, of which 3 are read (lowering-facts 1.3, later
  // Mesa; 22.3.6 read 4): the sample's fragment replaces the sample index.
  TexSrc& ms = tex.src[static_cast<unsigned>(src_index(tex, TexSrcType::ms_index))];
  const DefId fragment = b.alu(AluOp::ubfe, {mask, b.alu(AluOp::ishl, {ms.def, b.imm_int(2)}), b.imm_int(3)});
  ms.def = fragment;
  tex.op = TexOp::fragment_fetch_amd;
}

void lower_samples_identical_to_fragment_fetch(Site& site) {
  TexInstr& tex = site.tex();
  Builder b = site.after();
  TexInstr fmask = tex;
  fmask.op = TexOp::fragment_mask_fetch_amd;
  fmask.dest_type = kUint32;
  fmask.dest = Def{};
  fmask.dest.components = 1;
  const DefId mask = b.tex(std::move(fmask));
  const DefId same = b.alu(AluOp::ieq, {mask, b.imm_int(0)});
  site.s.rewrite_uses(tex.dest.id, same);
  site.s.remove(site.instr);
}

}  // namespace tmu::ir::lower_tex_detail
