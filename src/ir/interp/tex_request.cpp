// SPDX-License-Identifier: MIT
// Texture instructions through the texture unit: each nir_tex_instr (seed 003) becomes one texunit::Request for
// the whole warp, filled as NAK fills the SM50 instruction's registers (shared/reference/lowering-facts.md 2.1,
// 2.2: nak_nir_lower_tex.c and from_nir.rs), and the unit's registers become NIR's result the way NAK converts
// them. This is the only file that fills texunit::Request / texunit::Lane.
//
// The mapping (lowering-facts 2.1):
//   tex, txb, txl    TEX (lod mode implicit, .LB, .LL; .LZ for a txl whose lod is the constant 0, as NAK picks it)
//   txd              TXD
//   txf, txf_ms      TLD (.LZ / .LL), TLD.LZ.MS
//   tg4              TLD4 (.AOFFI, or .PTP for tg4_offsets), component, .DC
//   lod              TMML, result fixed up to NIR's (lod, unclamped lod)
//   txs              TXQ TEX_HEADER_DIMENSION at the lod; query_levels its level count (lod 0);
//   texture_samples  TXQ TEX_HEADER_TEXTURE_TYPE's sample count; hdr_dim_nv / tex_type_nv those TXQs raw
// Dimensions: 1D, BUF -> 1D / ARRAY_1D; 2D, MS, EXTERNAL, SUBPASS -> 2D / ARRAY_2D; RECT -> 2D with a sampler
// that forces unnormalized coordinates; 3D; CUBE -> CUBE / ARRAY_CUBE.
#include <algorithm>
#include <bit>
#include <cmath>

#include "ir/interp/state.h"
#include "ir/sm50/tex_flags.h"
#include "ir/tex.h"
#include "isa/sm50/tex_operands.h"
#include "texunit/texture_set.h"

namespace tmu::ir::interp::detail {
namespace {

using texunit::Dim;
using texunit::LodMode;

uint32_t fbits(float f) { return std::bit_cast<uint32_t>(f); }

struct Sources {
  const Reg* coord = nullptr;
  const Reg* comparator = nullptr;
  const Reg* offset = nullptr;
  const Reg* bias = nullptr;
  const Reg* lod = nullptr;
  const Reg* min_lod = nullptr;
  const Reg* ms_index = nullptr;
  const Reg* ddx = nullptr;
  const Reg* ddy = nullptr;
  const Reg* texture_offset = nullptr;
  const Reg* sampler_offset = nullptr;
  const Reg* texture_handle = nullptr;
  const Reg* sampler_handle = nullptr;
  const Reg* backend1 = nullptr;  // Ra and Rb of a prepared instruction
  const Reg* backend2 = nullptr;
  DefId texture_deref = kNoDef, sampler_deref = kNoDef, lod_def = kNoDef;
};

class TexRun {
 public:
  TexRun(const TexInstr& t, State& st, uint32_t mask)
      : t_(t), st_(st), mask_(mask), where_(ssa(t.dest.id)), prepared_(ir::sm50::decode_tex_flags(t.backend_flags)) {}

  void run() {
    refuse_op();
    collect_sources();
    Reg& d = st_.define(t_.dest);
    const unsigned want = dest_size(t_);
    if (t_.dest.components != want)
      fail("{}: {} returns {} components, the destination has {}", where_, name(t_.op), want, t_.dest.components);
    if (t_.dest.bit_size != 32 && t_.dest.bit_size != 16)
      fail("{}: {}-bit texture results: the texture unit returns 32-bit registers (16-bit destinations are converted)",
           where_, t_.dest.bit_size);

    texunit::Request rq;
    // Seed 000, "Notes on status bits": the pipe sees IPM & CTM as the active mask (helpers included), and also
    // ~KTM with .NODEP, which NAK sets for skip_helpers; CTM decides quad divergence.
    rq.active = mask_ & (t_.skip_helpers ? ~st_.helpers : ~0u);
    rq.ctm = mask_;
    rq.pixel_shader = st_.shader().stage == Stage::Fragment;

    switch (prepared_ ? TexOp::tex_prefetch : t_.op) {
      case TexOp::tex_prefetch:
        if (prepared_) {
          packed(rq);
          break;
        }
        [[fallthrough]];
      case TexOp::tex: case TexOp::txb: case TexOp::txl: case TexOp::txd:
        sample(rq);
        break;
      case TexOp::tg4: gather(rq); break;
      case TexOp::lod: query_lod(rq); break;
      case TexOp::txf: case TexOp::txf_ms: fetch(rq); break;
      case TexOp::txs: case TexOp::query_levels: case TexOp::texture_samples: case TexOp::hdr_dim_nv:
      case TexOp::tex_type_nv:
        query(rq);
        break;
      default: fail("{}: {} has no SM50 form", where_, name(t_.op));
    }

    texunit::Response resp;
    texunit::TextureUnit unit(st_.bindings().unit_bindings(), st_.bindings().policy());
    unit.set_fast_path(st_.options().texture_fast_path);
    unit.run(rq, resp);
    ++st_.texture_requests;
    if (st_.options().on_texture) st_.options().on_texture(t_, rq, resp);
    write_result(d, rq, resp);
  }

 private:
  // ---- What SM50 has no form for --------------------------------------------------------------------------

  void refuse_op() const {
    switch (t_.op) {
      case TexOp::txf_ms_fb:
        fail("{}: txf_ms_fb (framebuffer fetch) has no SM50 texture instruction: lower it to txf_ms of the "
             "attachment first",
             where_);
      case TexOp::samples_identical:
        fail("{}: samples_identical has no SM50 texture instruction (NAK's op mapping, lowering-facts 2.1, has "
             "none)",
             where_);
      case TexOp::lod_bias:
        fail("{}: lod_bias has no SM50 form: the texture unit applies the sampler's LOD bias itself; run "
             "nir_lower_tex without lower_sampler_lod_bias",
             where_);
      case TexOp::txf_ms_mcs_intel: case TexOp::fragment_fetch_amd: case TexOp::fragment_mask_fetch_amd:
      case TexOp::descriptor_amd: case TexOp::sampler_descriptor_amd: case TexOp::image_min_lod_agx:
      case TexOp::has_custom_border_color_agx: case TexOp::custom_border_color_agx:
        fail("{}: {} is another vendor's texture op: SM50 has no form for it", where_, name(t_.op));
      default: break;
    }
  }

  void collect_sources() {
    for (const TexSrc& s : t_.src) {
      const Reg* r = nullptr;
      const bool is_deref = s.type == TexSrcType::texture_deref || s.type == TexSrcType::sampler_deref;
      if (!is_deref) r = &st_.reg(s.def);
      switch (s.type) {
        case TexSrcType::coord: src_.coord = r; break;
        case TexSrcType::comparator: src_.comparator = r; break;
        case TexSrcType::offset: src_.offset = r; break;
        case TexSrcType::bias: src_.bias = r; break;
        case TexSrcType::lod: src_.lod = r; src_.lod_def = s.def; break;
        case TexSrcType::min_lod: src_.min_lod = r; break;
        case TexSrcType::ms_index: src_.ms_index = r; break;
        case TexSrcType::ddx: src_.ddx = r; break;
        case TexSrcType::ddy: src_.ddy = r; break;
        case TexSrcType::texture_offset: src_.texture_offset = r; break;
        case TexSrcType::sampler_offset: src_.sampler_offset = r; break;
        case TexSrcType::texture_handle: src_.texture_handle = r; break;
        case TexSrcType::sampler_handle: src_.sampler_handle = r; break;
        case TexSrcType::texture_deref: src_.texture_deref = s.def; break;
        case TexSrcType::sampler_deref: src_.sampler_deref = s.def; break;
        case TexSrcType::projector:
          fail("{}: {} with a projector: run nir_lower_tex with lower_txp first", where_, name(t_.op));
        case TexSrcType::plane:
          fail("{}: {} with a plane source (multi-planar YCbCr): SM50 samples one plane per texture; run "
               "nir_lower_tex's YUV lowerings first",
               where_, name(t_.op));
        case TexSrcType::backend1: case TexSrcType::backend2:
          if (!prepared_)
            fail("{}: {} with a {} source but backend_flags {:#x} that prepare_tex does not write: which "
                 "instruction are the packed registers for?",
                 where_, name(t_.op), name(s.type), t_.backend_flags);
          (s.type == TexSrcType::backend1 ? src_.backend1 : src_.backend2) = r;
          break;
        case TexSrcType::sampler_deref_intrinsic:
          fail("{}: {} with a sampler_deref_intrinsic source: inline functions first", where_, name(t_.op));
        case TexSrcType::ms_mcs_intel: case TexSrcType::lod_bias_min_agx:
          fail("{}: {} with a {} source (another vendor's): SM50 has no form for it", where_, name(t_.op),
               name(s.type));
      }
    }
    if (src_.texture_handle && src_.texture_deref != kNoDef)
      fail("{}: both a texture_handle and a texture_deref: which texture?", where_);
  }

  // ---- Operands ---------------------------------------------------------------------------------------------

  const Reg& need(const Reg* r, std::string_view what) const {
    if (!r) fail("{}: {} needs a {} source", where_, name(t_.op), what);
    return *r;
  }
  void refuse(const Reg* r, std::string_view what, std::string_view why = {}) const {
    if (r) fail("{}: {} with a {} source{}{}", where_, name(t_.op), what, why.empty() ? "" : ": ", why);
  }
  void check_comps(const Reg& r, unsigned n, std::string_view what) const {
    if (r.comps < n) fail("{}: the {} source has {} components, {} needs {}", where_, what, r.comps, name(t_.op), n);
  }
  float fl(const Reg& r, unsigned c, unsigned lane, std::string_view what) const {
    if (r.bits == 32) return f32(r.get(c, lane));
    if (r.bits == 16) return half_to_float(r.get(c, lane));
    fail("{}: the {} source is {}-bit: a float source is 16 or 32 bits", where_, what, r.bits);
  }
  int64_t in(const Reg& r, unsigned c, unsigned lane, std::string_view what) const {
    if (r.bits != 8 && r.bits != 16 && r.bits != 32)
      fail("{}: the {} source is {}-bit: an integer source is 8, 16 or 32 bits", where_, what, r.bits);
    return sign_extend(r.get(c, lane), r.bits);
  }
  uint32_t u32(const Reg& r, unsigned lane, std::string_view what) const {
    return static_cast<uint32_t>(in(r, 0, lane, what));
  }

  bool lane_active(const texunit::Request& rq, unsigned lane) const { return (rq.active >> lane) & 1; }

  // The coordinates before the layer, for the instruction's dimension.
  unsigned dims() const {
    switch (t_.sampler_dim) {
      case SamplerDim::Dim1D: case SamplerDim::Buf: return 1;
      case SamplerDim::Dim3D: case SamplerDim::Cube: return 3;
      default: return 2;  // 2D, RECT, EXTERNAL, MS, SUBPASS, SUBPASS_MS
    }
  }
  Dim unit_dim() const {
    const bool a = t_.is_array;
    switch (t_.sampler_dim) {
      case SamplerDim::Dim1D: return a ? Dim::Array1D : Dim::Tex1D;
      case SamplerDim::Buf:
        if (a) fail("{}: an array of buffer textures", where_);
        return Dim::Tex1D;
      case SamplerDim::Dim3D:
        if (a) fail("{}: a 3D array: SM50 has no ARRAY_3D (seed 000: RESERVED)", where_);
        return Dim::Tex3D;
      case SamplerDim::Cube: return a ? Dim::ArrayCube : Dim::Cube;
      default: return a ? Dim::Array2D : Dim::Tex2D;
    }
  }
  void check_coords(const Reg& c) const {
    unsigned want = dims() + (t_.is_array ? 1u : 0u);
    // A LOD query on an array names no layer (GLSL textureQueryLod, SPIR-V OpImageQueryLod: "not including any
    // array layer index"); one given anyway is ignored (NAK passes layer 0).
    if (t_.op == TexOp::lod && t_.is_array && t_.coord_components == dims()) want = dims();
    if (t_.coord_components != want)
      fail("{}: coord_components is {}, a {}{} {} takes {}", where_, t_.coord_components, name(t_.sampler_dim),
           t_.is_array ? " array" : "", name(t_.op), want);
    check_comps(c, want, "coord");
  }

  // ---- Texture and sampler --------------------------------------------------------------------------------

  uint32_t binding_of(DefId deref, unsigned lane) const {
    const DerefValue dv = st_.deref(deref, lane);
    if (dv.var->has_descriptor_set && dv.var->descriptor_set != 0)
      fail("{}: lane {}: {} is in descriptor set {}: Bindings hold set 0 only", where_, lane, dv.var->name,
           dv.var->descriptor_set);
    if (dv.element < 0 || dv.element > 0xfffff)
      fail("{}: lane {}: array index {} of {}", where_, lane, dv.element, dv.var->name);
    return static_cast<uint32_t>(dv.var->binding + dv.element);
  }

  // The lane's handle (samplerPtr[31:20] | headerPtr[19:0] in the pools) for the texture and sampler the
  // instruction names; RECT reads through the sampler's unnormalized twin.
  uint32_t handle(unsigned lane, bool needs_sampler) const {
    uint32_t ti = 0, si = 0;
    if (src_.texture_handle) {
      const uint32_t h = u32(*src_.texture_handle, lane, "texture_handle");
      ti = texunit::header_index(h);
      si = texunit::sampler_index(src_.sampler_handle ? u32(*src_.sampler_handle, lane, "sampler_handle") : h);
    } else {
      ti = src_.texture_deref != kNoDef ? binding_of(src_.texture_deref, lane) : t_.texture_index;
      if (src_.texture_offset) ti += u32(*src_.texture_offset, lane, "texture_offset");
      if (src_.sampler_handle) {
        si = texunit::sampler_index(u32(*src_.sampler_handle, lane, "sampler_handle"));
      } else {
        si = src_.sampler_deref != kNoDef ? binding_of(src_.sampler_deref, lane) : t_.sampler_index;
        if (src_.sampler_offset) si += u32(*src_.sampler_offset, lane, "sampler_offset");
      }
    }
    return pool_handle(lane, ti, si, needs_sampler);
  }

  // Texture `ti` and sampler `si` of the bindings as the pools' handle.
  uint32_t pool_handle(unsigned lane, uint32_t ti, uint32_t si, bool needs_sampler) const {
    const Bindings::Texture* tex = st_.bindings().texture(ti);
    if (!tex) fail("{}: lane {}: no texture is bound at index {}", where_, lane, ti);
    uint32_t pool_sampler = 0;
    if (needs_sampler) {
      const Bindings::Sampler* smp = st_.bindings().sampler(si);
      if (!smp) fail("{}: lane {}: no sampler is bound at index {}", where_, lane, si);
      // RECT: unnormalized coordinates. nir_lower_tex's lower_rect would divide by txs instead; SM50 samplers
      // have FLOAT_COORD_NORMALIZATION (clb097tex.h TEXSAMP word 1 bit 25, texunit::Sampler::force_unnormalized)
      // that makes the unit take texel-space coordinates, which is what GL's rectangle textures are.
      pool_sampler = t_.sampler_dim == SamplerDim::Rect ? smp->unnormalized_pool_index : smp->pool_index;
    }
    return texunit::TextureSet::handle(tex->pool_index, pool_sampler);
  }

  void handles(texunit::Request& rq, bool needs_sampler) const {
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (lane_active(rq, lane)) rq.lanes[lane].handle = handle(lane, needs_sampler);
  }

  // ---- Operand conversions (lowering-facts 2.2) -----------------------------------------------------------

  // NAK: a float layer becomes u32(max(L + 0.5, 0)), then umin 0xffff (round half up, negatives and NaN to 0;
  // ptxas and nouveau's saturating F2I rounds to nearest even instead, which differs at exact halves); the
  // unit then clamps it to the texture's layers.
  static uint32_t float_layer(float layer) {
    float f = layer + 0.5f;
    if (!(f > 0.0f)) f = 0.0f;  // fmax(x, 0): NaN and negatives give 0
    const double t = std::trunc(static_cast<double>(f));
    return static_cast<uint32_t>(std::min(t, 65535.0));
  }
  // txf / txf_ms: umin(u32(L), 0xffff), so that a negative index is out of range (zeros).
  static uint32_t int_layer(int64_t layer) {
    return std::min<uint32_t>(static_cast<uint32_t>(layer), 0xffff);
  }

  // NAK's min_lod: u32(fmax(min_lod * 256, 16)), the u4.8 LodClamp field (seed 000, Ra bits 27:16). Above
  // 4095 / 256 it saturates here (NAK's register would wrap; no LOD exceeds 15.996 anyway, so saturating keeps
  // NIR's meaning).
  static uint32_t lod_clamp(float min_lod) {
    float v = min_lod * 256.0f;
    if (!(v >= 16.0f)) v = 16.0f;  // fmax(v, 16), NaN included
    return static_cast<uint32_t>(std::min(std::trunc(static_cast<double>(v)), 4095.0));
  }

  // AOFFI: each offset clamped to the signed range of the hardware's field: 4 bits (TEX, TLD, TXD), 6 bits for
  // TLD4 (seed 000; NAK writes a byte per offset of which TLD4 reads six bits, and GL's gather offsets are
  // -32..31 on NVIDIA). The unit takes them decoded (tex::TexelOffsets).
  tex::TexelOffsets clamped_offsets(unsigned lane, unsigned bits) const {
    const Reg& o = *src_.offset;
    const int64_t hi = (int64_t{1} << (bits - 1)) - 1, lo = -hi - 1;
    tex::TexelOffsets out{};
    for (unsigned a = 0; a < dims(); ++a)
      out[a] = static_cast<int8_t>(std::clamp(in(o, a, lane, "offset"), lo, hi));
    return out;
  }

  // The lod source is the constant 0 (NAK then picks .LZ: nir_scalar_is_const and value 0), looking through
  // movs.
  bool lod_is_const_zero() const {
    DefId id = src_.lod_def;
    unsigned comp = 0;
    for (int hops = 0; hops < 64; ++hops) {
      const Instr* i = st_.def_instr(id);
      if (!i) return false;
      if (const auto* c = i->as<ConstInstr>()) return (c->value[comp] & mask_bits(c->dest.bit_size)) == 0;
      const auto* a = i->as<AluInstr>();
      if (!a || a->op != AluOp::mov) return false;
      comp = a->src[0].swizzle[comp];
      id = a->src[0].def;
    }
    return false;
  }

  // Float coordinates (tex, txb, txl, txd, tg4, lod): s, t, r, the layer, cube directions normalized.
  void float_coords(texunit::Request& rq, bool layer_zero) const {
    const Reg& c = need(src_.coord, "coord");
    check_coords(c);
    const unsigned n = dims();
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      if (!lane_active(rq, lane)) continue;
      texunit::Lane& ln = rq.lanes[lane];
      std::array<float, 3> xyz{};
      for (unsigned a = 0; a < n; ++a) xyz[a] = fl(c, a, lane, "coord");
      if (t_.sampler_dim == SamplerDim::Cube) {
        // nir_normalize_cubemap_coords, which NAK runs (nak_nir.c), and ptxas and nouveau do too
        // (lowering-facts 2.4, 3.2.8): the direction times frcp(max |component|).
        const float m = std::max(std::fabs(xyz[0]), std::max(std::fabs(xyz[1]), std::fabs(xyz[2])));
        // Under Options::sm50_transcendentals the reciprocal is MUFU.RCP's, as the selected SASS computes it.
        const float r = st_.options().sm50_transcendentals ? std::bit_cast<float>(sm50_rcp(std::bit_cast<uint32_t>(m)))
                                                           : 1.0f / m;
        for (float& v : xyz) v *= r;
      }
      for (unsigned a = 0; a < n; ++a) ln.coord[a] = fbits(xyz[a]);
      // TMML takes no layer: NAK passes 0.
      if (t_.is_array) ln.layer = layer_zero ? 0 : static_cast<uint16_t>(float_layer(fl(c, n, lane, "coord")));
    }
  }

  void offsets(texunit::Request& rq, unsigned bits) const {
    if (!src_.offset) return;
    if (t_.sampler_dim == SamplerDim::Cube) fail("{}: offsets on a cube map: AOFFI is not supported with cube maps (seed 000)", where_);
    check_comps(*src_.offset, dims(), "offset");
    rq.aoffi = true;
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (lane_active(rq, lane)) rq.lanes[lane].offset = clamped_offsets(lane, bits);
  }

  void comparator(texunit::Request& rq) const {
    if (!t_.is_shadow) {
      refuse(src_.comparator, "comparator", "the instruction is not is_shadow");
      return;
    }
    const Reg& z = need(src_.comparator, "comparator (is_shadow)");
    rq.depth_compare = true;
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (lane_active(rq, lane)) rq.lanes[lane].dref = fbits(fl(z, 0, lane, "comparator"));
  }

  void min_lod(texunit::Request& rq) const {
    if (!src_.min_lod) return;
    rq.lod_clamp = true;
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (lane_active(rq, lane))
        rq.lanes[lane].lod_clamp = static_cast<uint16_t>(lod_clamp(fl(*src_.min_lod, 0, lane, "min_lod")));
  }

  // ---- The ops --------------------------------------------------------------------------------------------

  void sample(texunit::Request& rq) const {
    rq.dim = unit_dim();
    refuse(src_.ms_index, "ms_index");
    const bool txd = t_.op == TexOp::txd;
    if (!txd) {
      refuse(src_.ddx, "ddx", "explicit derivatives are txd's");
      refuse(src_.ddy, "ddy", "explicit derivatives are txd's");
    }
    rq.op = txd ? texunit::TexOp::Gradient : texunit::TexOp::Sample;
    switch (t_.op) {
      case TexOp::txb: {
        refuse(src_.lod, "lod");
        const Reg& b = need(src_.bias, "bias");
        rq.lod = LodMode::Bias;
        for (unsigned lane = 0; lane < kLanes; ++lane)
          if (lane_active(rq, lane)) rq.lanes[lane].lod = fbits(fl(b, 0, lane, "bias"));
        break;
      }
      case TexOp::txl: {
        refuse(src_.bias, "bias");
        refuse(src_.min_lod, "min_lod", "an explicit LOD takes no clamp (NAK: TEX.LL has no .LC form)");
        const Reg& l = need(src_.lod, "lod");
        if (lod_is_const_zero()) {
          rq.lod = LodMode::Zero;
        } else {
          rq.lod = LodMode::Lod;
          for (unsigned lane = 0; lane < kLanes; ++lane)
            if (lane_active(rq, lane)) rq.lanes[lane].lod = fbits(fl(l, 0, lane, "lod"));
        }
        break;
      }
      case TexOp::txd: {
        refuse(src_.bias, "bias");
        refuse(src_.lod, "lod");
        // SM50's TXD has no 3D, cube or depth-compare form: ptxas and nouveau emulate those with TEX.NDV quad
        // loops, NAK lowers them to txl (lowering-facts 1.4, 2.5, 3.6).
        const bool strict = st_.options().sm50_txd_forms_only;
        if (strict && t_.sampler_dim == SamplerDim::Dim3D)
          fail("{}: txd on a 3D texture: SM50's TXD has no 3D form: run nir_lower_tex with lower_txd_3d first (as NAK does)", where_);
        if (strict && t_.sampler_dim == SamplerDim::Cube)
          fail("{}: txd on a cube map: SM50's TXD has no cube form: run nir_lower_tex with lower_txd_cube_map first (as NAK does)", where_);
        if (strict && t_.is_shadow)
          fail("{}: txd with a comparator: SM50's TXD has no depth compare: run nir_lower_tex with lower_txd_shadow first (as NAK does)", where_);
        const Reg& dx = need(src_.ddx, "ddx");
        const Reg& dy = need(src_.ddy, "ddy");
        check_comps(dx, dims(), "ddx");
        check_comps(dy, dims(), "ddy");
        rq.lod = LodMode::Implicit;
        for (unsigned lane = 0; lane < kLanes; ++lane) {
          if (!lane_active(rq, lane)) continue;
          for (unsigned a = 0; a < dims(); ++a) {
            rq.lanes[lane].gradients[2 * a] = fbits(fl(dx, a, lane, "ddx"));
            rq.lanes[lane].gradients[2 * a + 1] = fbits(fl(dy, a, lane, "ddy"));
          }
        }
        break;
      }
      default:  // tex, tex_prefetch
        refuse(src_.bias, "bias", "that is txb");
        refuse(src_.lod, "lod", "that is txl");
        rq.lod = LodMode::Implicit;
        break;
    }
    handles(rq, true);
    float_coords(rq, false);
    offsets(rq, 4);
    comparator(rq);
    min_lod(rq);
  }

  void gather(texunit::Request& rq) const {
    rq.op = texunit::TexOp::Gather;
    rq.dim = unit_dim();
    rq.lod = LodMode::Zero;
    // TLD4 reads level 0 of the view; the AMD extension's implicit LOD, bias and lod have no SM50 form.
    if (t_.is_gather_implicit_lod) fail("{}: tg4 with is_gather_implicit_lod: TLD4 reads the view's first level only", where_);
    refuse(src_.bias, "bias", "TLD4 takes no LOD");
    refuse(src_.lod, "lod", "TLD4 takes no LOD");
    refuse(src_.min_lod, "min_lod", "TLD4 takes no LOD");
    refuse(src_.ddx, "ddx");
    refuse(src_.ddy, "ddy");
    refuse(src_.ms_index, "ms_index");
    if (t_.component > 3) fail("{}: tg4 component {}", where_, t_.component);
    rq.component = static_cast<tex::Component>(t_.component);
    handles(rq, true);
    float_coords(rq, false);
    if (has_explicit_tg4_offsets(t_)) {
      if (src_.offset) fail("{}: tg4 with both an offset source and tg4_offsets", where_);
      if (t_.sampler_dim == SamplerDim::Cube) fail("{}: tg4_offsets on a cube map", where_);
      // TLD4.PTP: the four texels' offsets (NAK packs them as bytes x0, y0, x1, y1, ... in two registers,
      // lowering-facts 2.2; the unit takes them decoded).
      rq.ptp = true;
      for (unsigned lane = 0; lane < kLanes; ++lane)
        if (lane_active(rq, lane)) rq.lanes[lane].ptp = t_.tg4_offsets;
    } else {
      offsets(rq, 6);
    }
    comparator(rq);
  }

  void query_lod(texunit::Request& rq) const {
    rq.op = texunit::TexOp::QueryLod;
    rq.dim = unit_dim();
    rq.lod = LodMode::Implicit;
    refuse(src_.bias, "bias");
    refuse(src_.lod, "lod");
    refuse(src_.min_lod, "min_lod");
    refuse(src_.offset, "offset");
    refuse(src_.ddx, "ddx");
    refuse(src_.ddy, "ddy");
    refuse(src_.comparator, "comparator");
    handles(rq, true);
    float_coords(rq, true);
  }

  void fetch(texunit::Request& rq) const {
    rq.op = texunit::TexOp::Fetch;
    rq.dim = unit_dim();
    if (t_.sampler_dim == SamplerDim::Cube) fail("{}: {} on a cube map: TLD has no cube form", where_, name(t_.op));
    refuse(src_.bias, "bias");
    refuse(src_.min_lod, "min_lod");
    refuse(src_.ddx, "ddx");
    refuse(src_.ddy, "ddy");
    refuse(src_.comparator, "comparator", "TLD does not compare");
    const Reg& c = need(src_.coord, "coord");
    check_coords(c);
    if (t_.op == TexOp::txf_ms) {
      // TLD.LZ.MS (NAK drops the lod; multisampled textures have one level).
      const Reg& s = need(src_.ms_index, "ms_index");
      rq.multisample = true;
      rq.lod = LodMode::Zero;
      for (unsigned lane = 0; lane < kLanes; ++lane)
        if (lane_active(rq, lane)) rq.lanes[lane].sample = u32(s, lane, "ms_index");
    } else {
      refuse(src_.ms_index, "ms_index", "that is txf_ms");
      if (!src_.lod || lod_is_const_zero()) {
        rq.lod = LodMode::Zero;
      } else {
        rq.lod = LodMode::Lod;
        for (unsigned lane = 0; lane < kLanes; ++lane)
          if (lane_active(rq, lane)) rq.lanes[lane].lod = u32(*src_.lod, lane, "lod");
      }
    }
    handles(rq, false);
    const unsigned n = dims();
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      if (!lane_active(rq, lane)) continue;
      for (unsigned a = 0; a < n; ++a) rq.lanes[lane].coord[a] = static_cast<uint32_t>(in(c, a, lane, "coord"));
      if (t_.is_array) rq.lanes[lane].layer = static_cast<uint16_t>(int_layer(in(c, n, lane, "coord")));
    }
    offsets(rq, 4);
  }

  void query(texunit::Request& rq) const {
    rq.op = texunit::TexOp::Query;
    rq.dim = Dim::Tex2D;  // TXQ reads no coordinates (NAK smashes in 2D)
    for (const Reg* r : {src_.coord, src_.comparator, src_.offset, src_.bias, src_.min_lod, src_.ms_index, src_.ddx, src_.ddy})
      if (r) fail("{}: {} takes no coordinates or sampling operands", where_, name(t_.op));
    const bool dimension = t_.op == TexOp::txs || t_.op == TexOp::query_levels || t_.op == TexOp::hdr_dim_nv;
    rq.query = dimension ? texunit::Query::Dimension : texunit::Query::TextureType;
    // nir_lower_tex gives query_levels a lod of 0 (lowering-facts 1.2 step 16); the level count is the same at
    // every level and NAK queries level 0, so it is read and not used.
    if (!dimension) refuse(src_.lod, "lod");
    handles(rq, false);
    if (t_.op == TexOp::txs || t_.op == TexOp::hdr_dim_nv) {
      for (unsigned lane = 0; lane < kLanes; ++lane)
        if (lane_active(rq, lane) && src_.lod) rq.lanes[lane].lod = u32(*src_.lod, lane, "lod");
    }
  }

  // A prepared instruction (ir/sm50/prepare_tex.h): the SASS instruction's modifiers from backend_flags, each
  // lane's operands unpacked from backend1 (Ra) and backend2 (Rb) by the one unpacker, as the executor reads the
  // registers. A bindless handle's fields are binding indices here (the pools' indices on the hardware).
  void packed(texunit::Request& rq) const {
    static_cast<tex::Modifiers&>(rq) = prepared_->modifiers;
    const bool bindless = prepared_->bindless;
    const auto layout = isa::sm50::tex_layout(isa::sm50::long_form_op(rq.op, bindless), rq);
    if (!layout || !layout->fits()) fail("{}: backend_flags {:#x} name no SM50 instruction", where_, t_.backend_flags);
    auto check = [&](const Reg* r, unsigned n, TexSrcType type) {
      if (n == 0) return;
      if (!r) fail("{}: the instruction reads {} registers from {}, which it does not have", where_, n, name(type));
      if (r->bits != 32 || r->comps < n)
        fail("{}: {} is {}x{}-bit, the instruction reads {} 32-bit registers", where_, name(type), r->comps, r->bits, n);
    };
    check(src_.backend1, layout->ra_count, TexSrcType::backend1);
    check(src_.backend2, layout->rb_count, TexSrcType::backend2);
    const bool needs_sampler = rq.op != texunit::TexOp::Fetch && rq.op != texunit::TexOp::Query;
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      if (!lane_active(rq, lane)) continue;
      isa::sm50::TexRegisters regs;
      for (unsigned i = 0; i < layout->ra_count; ++i) regs.ra[i] = static_cast<uint32_t>(src_.backend1->get(i, lane));
      for (unsigned i = 0; i < layout->rb_count; ++i) regs.rb[i] = static_cast<uint32_t>(src_.backend2->get(i, lane));
      texunit::Lane& ln = rq.lanes[lane];
      ln = isa::sm50::unpack(*layout, regs);
      uint32_t ti = texunit::header_index(ln.handle), si = texunit::sampler_index(ln.handle);
      if (!bindless) {
        ti = t_.texture_index + (src_.texture_offset ? u32(*src_.texture_offset, lane, "texture_offset") : 0);
        si = t_.sampler_index + (src_.sampler_offset ? u32(*src_.sampler_offset, lane, "sampler_offset") : 0);
      }
      ln.handle = pool_handle(lane, ti, si, needs_sampler);
    }
  }

  // ---- Results --------------------------------------------------------------------------------------------

  uint64_t converted(uint32_t v) const {
    if (t_.dest.bit_size == 32) return v;
    // A 16-bit destination (mediump): floats rounded to nearest even, integers truncated.
    return t_.dest_type.base == BaseType::Float ? float_to_half(f32(v)) : (v & 0xffff);
  }

  void write_result(Reg& d, const texunit::Request& rq, const texunit::Response& resp) const {
    const unsigned n = result_size(t_);
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      if (!lane_active(rq, lane)) continue;
      const auto& v = resp.value[lane];
      std::array<uint32_t, 4> r{};
      // A prepared instruction returns the hardware's registers (TMML's raw, TXQ's four); ALU code after it
      // converts them.
      switch (prepared_ ? TexOp::tex : t_.op) {
        case TexOp::lod: {
          // NAK's conversion of TMML's registers (lowering-facts 2.2).
          const auto lod = lod_from_tmml(v[0], v[1]);
          r[0] = fbits(lod[0]);
          r[1] = fbits(lod[1]);
          break;
        }
        case TexOp::txs: {
          // TXQ DIMENSION: width, height, depth or layers (every array type: texture_unit.cpp), levels. NIR's
          // txs: the instruction's sizes, then the layer count (cubes for cube arrays), as `tmu sample` reads it.
          const unsigned sizes = n - (t_.is_array ? 1u : 0u);
          for (unsigned c = 0; c < sizes; ++c) r[c] = v[c];
          if (t_.is_array) r[sizes] = v[2];
          break;
        }
        case TexOp::query_levels: r[0] = v[3]; break;      // hdr_dim_nv(lod 0).w (NAK)
        case TexOp::texture_samples: r[0] = v[2]; break;   // tex_type_nv.z (NAK)
        default: r = v; break;
      }
      for (unsigned c = 0; c < n; ++c) d.set(c, lane, converted(r[c]));
      // The sparse residency code, last: NAK writes sel(fault, 0, 1) (from_nir.rs), so 1 means resident and
      // 0 not; is_sparse_texels_resident is code != 0 and sparse_residency_code_and an AND (interpreter.cpp).
      if (t_.is_sparse) d.set(n, lane, ((resp.resident >> lane) & 1) ? 1 : 0);
    }
  }

  const TexInstr& t_;
  State& st_;
  uint32_t mask_;
  std::string where_;
  std::optional<ir::sm50::PreparedTex> prepared_;
  Sources src_;
};

}  // namespace

void eval_tex(const TexInstr& t, State& st, uint32_t mask) { TexRun(t, st, mask).run(); }

}  // namespace tmu::ir::interp::detail
