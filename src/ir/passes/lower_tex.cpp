// SPDX-License-Identifier: MIT
// nir_lower_tex's driver: which lowerings apply to each texture instruction, in Mesa's order
// (shared/reference/lowering-facts.md 1.2), and the options read from text.
#include "ir/passes/lower_tex.h"

#include <fmt/format.h>

#include <charconv>
#include <string>

#include "ir/passes/lower_tex_internal.h"

namespace tmu::ir {
namespace lower_tex_detail {

bool names_texture(TexSrcType t) {
  switch (t) {
    case TexSrcType::texture_deref: case TexSrcType::sampler_deref: case TexSrcType::texture_offset:
    case TexSrcType::sampler_offset: case TexSrcType::texture_handle: case TexSrcType::sampler_handle:
      return true;
    default:
      return false;
  }
}

Builder Site::before() { return Builder(s, *find(s, instr)); }
Builder Site::after() {
  Cursor c = *find(s, instr);
  ++c.index;
  return Builder(s, c);
}

TexInstr query_of(const TexInstr& tex, TexOp op, AluType dest_type) {
  TexInstr q;
  q.op = op;
  q.sampler_dim = tex.sampler_dim;
  q.is_array = tex.is_array;
  q.is_shadow = tex.is_shadow;
  q.is_new_style_shadow = tex.is_new_style_shadow;
  q.texture_index = tex.texture_index;
  q.sampler_index = tex.sampler_index;
  q.dest_type = dest_type;
  for (const TexSrc& src : tex.src)
    if (names_texture(src.type)) q.src.push_back(src);
  return q;
}

DefId texture_size(Site& site, Builder& b) {
  TexInstr txs = query_of(site.tex(), TexOp::txs, kInt32);
  // "Add in an LOD because some back-ends require it": the level-0 size whatever LOD the instruction samples.
  add_src(txs, TexSrcType::lod, b.imm_int(0));
  txs.dest.components = static_cast<uint8_t>(dest_size(txs));
  return b.tex(std::move(txs));
}

DefId texture_lod(Site& site, Builder& b) {
  const TexInstr& tex = site.tex();
  TexInstr q = query_of(tex, TexOp::lod, kFloat32);
  q.coord_components = tex.coord_components;
  q.src.insert(q.src.begin(), tex.src[static_cast<unsigned>(src_index(tex, TexSrcType::coord))]);
  q.dest.components = 2;
  const DefId lod = b.tex(std::move(q));
  return b.channel(lod, 1);
}

void rewrite_result_after(Site& site, Cursor first, Builder& b, DefId to) {
  const DefId from = site.tex().dest.id;
  std::vector<const Instr*> inserted;
  for (std::size_t i = first.index; i < b.cursor().index; ++i) inserted.push_back(first.block->instrs[i].get());
  site.s.for_each_instr([&](Instr& i) {
    for (const Instr* n : inserted)
      if (n == &i) return;
    for (DefId* u : i.uses())
      if (*u == from) *u = to;
  });
}

std::optional<int64_t> const_int(Shader& s, DefId d) {
  const Instr* i = s.def_instr(d);
  const ConstInstr* c = i ? i->as<ConstInstr>() : nullptr;
  if (!c || c->dest.components != 1) return std::nullopt;
  const unsigned bits = c->dest.bit_size;
  const uint64_t v = c->value[0];
  if (bits >= 64) return static_cast<int64_t>(v);
  const uint64_t sign = uint64_t{1} << (bits - 1);
  return static_cast<int64_t>((v ^ sign) - sign);
}

void lower_index_to_offset(Site& site) {
  TexInstr& tex = site.tex();
  Builder b = site.before();
  for (TexSrc& src : tex.src) {
    uint32_t* index = src.type == TexSrcType::texture_offset   ? &tex.texture_index
                      : src.type == TexSrcType::sampler_offset ? &tex.sampler_index
                                                               : nullptr;
    if (!index || *index == 0) continue;  // no base index: nothing to fold
    src.def = b.alu(AluOp::iadd, {src.def, b.imm_int(*index)});
    *index = 0;
  }
}

}  // namespace lower_tex_detail

namespace {

using namespace lower_tex_detail;

bool offset_filter(const LowerTexOptions& o, Shader& s, const TexInstr& t) {
  if (o.offset_filter) return o.offset_filter(t);
  const int offset = src_index(t, TexSrcType::offset);
  switch (o.lower_offset_filter) {
    case OffsetFilter::None: case OffsetFilter::Never: return false;
    case OffsetFilter::Always: return true;
    case OffsetFilter::Tg4: return t.op == TexOp::tg4;
    case OffsetFilter::Txf: return t.op == TexOp::txf;
    case OffsetFilter::Array: return t.is_array;
    case OffsetFilter::NonConst: {
      if (offset < 0) return false;
      const Instr* i = s.def_instr(t.src[static_cast<unsigned>(offset)].def);
      return !(i && i->as<ConstInstr>());
    }
  }
  return false;
}

// The texture a YUV/sRGB/swizzle mask bit names: the deref'd variable's binding, else texture_index (1.2 step 8).
uint32_t texture_mask_of(Shader& s, const TexInstr& t, unsigned& texture_index) {
  texture_index = t.texture_index;
  const int d = src_index(t, TexSrcType::texture_deref);
  if (d >= 0) {
    DefId cur = t.src[static_cast<unsigned>(d)].def;
    for (int depth = 0; depth < 16; ++depth) {
      const Instr* i = s.def_instr(cur);
      const DerefInstr* deref = i ? i->as<DerefInstr>() : nullptr;
      if (!deref) return 0;
      if (deref->kind == DerefKind::Var) {
        if (deref->var >= s.variables.size()) return 0;
        texture_index = static_cast<unsigned>(s.variables[deref->var].binding);
        return texture_index < 32 ? 1u << texture_index : 0u;
      }
      cur = deref->parent;
    }
    return 0;
  }
  return texture_index < 32 ? 1u << texture_index : 0u;
}

bool sampler_index_lt(Shader& s, const TexInstr& t, unsigned max) {
  uint64_t index = t.sampler_index;
  const int off = src_index(t, TexSrcType::sampler_offset);
  if (off >= 0) {
    auto v = const_int(s, t.src[static_cast<unsigned>(off)].def);
    if (!v) return false;  // not statically known: "not < 16"
    index += static_cast<uint64_t>(*v);
  }
  return index < max;
}

bool lower_one(Shader& s, Instr* instr, const LowerTexOptions& o, const CompilerOptions& c) {
  Site site{s, instr};
  bool progress = false;
  TexInstr* tex = &site.tex();
  const bool lower_txp = (o.lower_txp >> static_cast<unsigned>(tex->sampler_dim)) & 1u;

  // Coordinates to saturate, keyed by sampler; ops without a sampler (txf, txs, ...) are never saturated.
  unsigned sat_mask = 0;
  if (need_sampler(*tex) && tex->sampler_index < 32) {
    const uint32_t bit = 1u << tex->sampler_index;
    if (o.saturate_s & bit) sat_mask |= 1;
    if (o.saturate_t & bit) sat_mask |= 2;
    if (o.saturate_r & bit) sat_mask |= 4;
  }

  if (o.lower_index_to_offset) {
    const uint32_t before = tex->texture_index | tex->sampler_index;
    lower_index_to_offset(site);
    progress |= before != (tex->texture_index | tex->sampler_index);
  }

  // Clamping happens after projection, so a saturated instruction is always projected first.
  if (lower_txp || sat_mask || (o.lower_txp_array && tex->is_array)) progress |= project_src(site);

  if ((tex->op == TexOp::txf && o.lower_txf_offset) || (sat_mask && src_index(*tex, TexSrcType::coord) >= 0) ||
      (tex->sampler_dim == SamplerDim::Rect && o.lower_rect_offset) || offset_filter(o, s, *tex))
    progress |= lower_offset(site, c);

  if (tex->sampler_dim == SamplerDim::Rect && o.lower_rect && tex->op != TexOp::txf) {
    if (is_query(*tex)) tex->sampler_dim = SamplerDim::Dim2D;
    else lower_rect(site, c);
    progress = true;
  }

  if (tex->sampler_dim == SamplerDim::Dim1D && (o.lower_1d || (tex->is_shadow && o.lower_1d_shadow))) {
    lower_1d(site);
    progress = true;
  }

  unsigned texture_index = 0;
  const uint32_t texture_mask = texture_mask_of(s, *tex, texture_index);
  if (texture_mask & external_textures(o)) {
    lower_external(site, o, texture_mask, texture_index);
    progress = true;
  }

  if (sat_mask) {
    site.instr = saturate_src(site, sat_mask);
    tex = &site.tex();
    progress = true;
  }

  // (Mesa asserts a four-component result; a one-component new-style shadow gather is left alone.)
  if (tex->op == TexOp::tg4 && o.lower_tg4_broadcom_swizzle && result_size(*tex) == 4) {
    swizzle_tg4_broadcom(site);
    progress = true;
  }

  if ((texture_mask & o.swizzle_result) && !is_query(*tex) && !(tex->is_shadow && tex->is_new_style_shadow)) {
    swizzle_result(site, o.swizzles[texture_index < 32 ? texture_index : 0]);
    progress = true;
  }

  // After the swizzle, so that the RGB channels are known.
  if ((texture_mask & o.lower_srgb) && !is_query(*tex) && !tex->is_shadow) {
    linearize_srgb_result(site);
    progress = true;
  }

  const bool has_min_lod = src_index(*tex, TexSrcType::min_lod) >= 0;
  const bool has_offset = src_index(*tex, TexSrcType::offset) >= 0;

  if (tex->op == TexOp::txb && tex->is_shadow && has_min_lod && o.lower_txb_shadow_clamp) {
    lower_implicit_lod(site);
    progress = true;
  }

  if (tex->op != TexOp::txs && tex->op != TexOp::query_levels && tex->op != TexOp::texture_samples) {
    const TexPacking packing = o.tex_packing_cb ? o.tex_packing_cb(*tex)
                               : tex->sampler_index < 32 ? o.lower_tex_packing[tex->sampler_index]
                                                         : TexPacking::None;
    if (packing != TexPacking::None) {
      lower_tex_packing(site, packing);
      progress = true;
    }
  }

  if (o.lower_sampler_lod_bias && need_sampler(*tex) && tex->op != TexOp::tg4) {
    lower_sampler_lod_bias(site);
    progress = true;
  }

  if (o.lower_array_layer_round_even && tex->is_array && tex->op != TexOp::lod)
    progress |= lower_array_layer_round_even(site);

  if (tex->op == TexOp::txd &&
      (o.lower_txd || (o.lower_txd_clamp && has_min_lod) || (o.lower_txd_shadow && tex->is_shadow) ||
       (o.lower_txd_shadow_clamp && tex->is_shadow && has_min_lod) ||
       (o.lower_txd_offset_clamp && has_offset && has_min_lod) ||
       (o.lower_txd_clamp_bindless_sampler && has_min_lod && src_index(*tex, TexSrcType::sampler_handle) >= 0) ||
       (o.lower_txd_clamp_if_sampler_index_not_lt_16 && has_min_lod && !sampler_index_lt(s, *tex, 16)) ||
       (o.lower_txd_cube_map && tex->sampler_dim == SamplerDim::Cube) ||
       (o.lower_txd_3d && tex->sampler_dim == SamplerDim::Dim3D) || (o.lower_txd_array && tex->is_array))) {
    lower_gradient(site);
    return true;
  }

  // txf, txs, txl and query_levels need a LOD that not every producer gives: 0 (not option-controlled).
  if (src_index(*tex, TexSrcType::lod) < 0 && (tex->op == TexOp::txf || tex->op == TexOp::txs ||
                                              tex->op == TexOp::txl || tex->op == TexOp::query_levels)) {
    Builder b = site.before();
    add_src(*tex, TexSrcType::lod, b.imm_int(0));
    return true;
  }

  // Implicit derivatives exist in fragment shaders only (compute with derivative groups aside); RECT has no mips.
  if (o.lower_invalid_implicit_lod && has_implicit_derivative(*tex) && tex->sampler_dim != SamplerDim::Rect &&
      s.stage != Stage::Fragment) {
    lower_zero_lod(site);
    return true;
  }

  if (o.lower_txs_lod && tex->op == TexOp::txs) return lower_txs_lod(site) || progress;

  if (o.lower_txs_cube_array && tex->op == TexOp::txs && tex->sampler_dim == SamplerDim::Cube && tex->is_array) {
    lower_txs_cube_array(site);
    return true;
  }

  // After everything else: the instruction is replaced by four.
  if (tex->op == TexOp::tg4 && has_explicit_tg4_offsets(*tex) && o.lower_tg4_offsets) {
    lower_tg4_offsets(site);
    return true;
  }

  if (o.lower_to_fragment_fetch_amd && tex->op == TexOp::txf_ms) {
    lower_txf_ms_to_fragment_fetch(site, c);
    return true;
  }
  if (o.lower_to_fragment_fetch_amd && tex->op == TexOp::samples_identical) {
    lower_samples_identical_to_fragment_fetch(site);
    return true;
  }

  if (o.lower_lod_zero_width && tex->op == TexOp::lod) {
    lower_lod_zero_width(site);
    return true;
  }
  return progress;
}

bool run(Shader& s, const LowerTexOptions& o, const CompilerOptions& c) {
  // Only the instructions present when the walk starts are lowered (nir_foreach_instr_safe): the queries and
  // copies the lowerings insert are not visited again.
  std::vector<Instr*> texs;
  // Instructions whose sources a backend already packed (backend1/backend2: NAK's preparation runs after this
  // pass) are the backend's and left as they are.
  s.for_each_instr([&](Instr& i) {
    const TexInstr* t = i.as<TexInstr>();
    if (t && src_index(*t, TexSrcType::backend1) < 0 && src_index(*t, TexSrcType::backend2) < 0) texs.push_back(&i);
  });
  bool progress = false;
  for (Instr* i : texs) progress |= lower_one(s, i, o, c);
  return progress;
}

}  // namespace

LowerTexOptions sm50_lower_tex_options() {
  LowerTexOptions o;
  o.lower_txd_3d = true;
  o.lower_txd_cube_map = true;
  o.lower_txd_clamp = true;
  o.lower_txd_shadow = true;
  o.lower_txp = ~0u;
  return o;
}

bool lower_tex(Shader& s, const LowerTexOptions& o, const CompilerOptions& c) {
  bool progress = false;
  // With both set, the four tg4s that lower_tg4_offsets makes must be swizzled as well: a first run does only
  // the offsets.
  if (o.lower_tg4_offsets && o.lower_tg4_broadcom_swizzle) {
    LowerTexOptions first;
    first.lower_tg4_offsets = true;
    progress |= run(s, first, c);
  }
  progress |= run(s, o, c);
  return progress;
}

}  // namespace tmu::ir
