// SPDX-License-Identifier: MIT
// NAK's SM50 preparation of texture instructions (prepare_tex.h; lowering-facts.md 2.1-2.2).
#include "ir/sm50/prepare_tex.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <unordered_map>

#include "ir/passes/lower_tex_internal.h"
#include "ir/sm50/tex_flags.h"
#include "isa/sm50/tex_operands.h"

namespace tmu::ir::sm50 {
namespace {

using isa::sm50::TexParam;
using lower_tex_detail::Site;

struct PrepareError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using Part = std::pair<DefId, unsigned>;  // a 32-bit scalar: component of a definition

constexpr uint64_t mask_bits(unsigned bits) { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }
constexpr int64_t sign_extend(uint64_t v, unsigned bits) {
  const uint64_t m = mask_bits(bits), sign = uint64_t{1} << (bits - 1);
  return static_cast<int64_t>(((v & m) ^ sign) - sign);
}

class Prepare {
 public:
  Prepare(Shader& s, Instr* instr, isa::Arch arch, const std::unordered_map<DefId, const Instr*>& defs)
      : site_{s, instr}, arch_(arch), defs_(defs) {}

  void run() {
    derefs_to_indices();
    check();
    const PreparedTex p = modifiers();
    const auto layout = isa::sm50::tex_layout(isa::sm50::long_form_op(p.modifiers.op, p.bindless), p.modifiers);
    if (!layout) fail("SM50 has no instruction with these modifiers");
    if (!layout->fits())
      fail("the instruction needs more than four registers in Ra or Rb (TXD.B on an array: handle, coordinates and "
           "layer), which the hardware cannot read");
    Builder b = site_.before();
    std::vector<Part> ra, rb;
    for (TexParam q : layout->ra_params()) ra.push_back(param(b, q, p.modifiers));
    for (TexParam q : layout->rb_params()) rb.push_back(param(b, q, p.modifiers));
    const DefId backend1 = ra.empty() ? kNoDef : b.vec(ra);
    const DefId backend2 = rb.empty() ? kNoDef : b.vec(rb);

    TexInstr& t = tex();
    std::vector<TexSrc> kept;
    for (const TexSrc& s : t.src)
      if (!p.bindless && (s.type == TexSrcType::texture_offset || s.type == TexSrcType::sampler_offset))
        kept.push_back(s);
    t.src = std::move(kept);
    if (backend1 != kNoDef) add_src(t, TexSrcType::backend1, backend1);
    if (backend2 != kNoDef) add_src(t, TexSrcType::backend2, backend2);
    t.backend_flags = encode_tex_flags(p);
    results();
  }

 private:
  TexInstr& tex() { return site_.tex(); }
  [[noreturn]] void fail(const std::string& what) {
    throw PrepareError(fmt::format("ssa_{}: {}: {}", tex().dest.id, name(tex().op), what));
  }
  std::optional<DefId> src(TexSrcType type) {
    const int i = src_index(tex(), type);
    if (i < 0) return std::nullopt;
    return tex().src[static_cast<unsigned>(i)].def;
  }
  std::optional<uint64_t> constant(DefId d, unsigned c) const {
    auto it = defs_.find(d);
    if (it == defs_.end()) return std::nullopt;
    const ConstInstr* k = it->second->as<ConstInstr>();
    if (!k || c >= k->dest.components) return std::nullopt;
    return k->value[c] & mask_bits(k->dest.bit_size);
  }
  std::optional<int64_t> signed_constant(DefId d, unsigned c) const {
    auto v = constant(d, c);
    if (!v) return std::nullopt;
    return sign_extend(*v, bit_size(d));
  }
  unsigned bit_size(DefId d) const { return defs_.at(d)->dest().bit_size; }
  unsigned components(DefId d) const { return defs_.at(d)->dest().components; }

  // nir_lower_samplers' part: a texture or sampler deref becomes the index it names, binding + array element
  // (as the interpreter resolves derefs: Bindings' indices are bindings), a non-constant element an index offset
  // source.
  void derefs_to_indices() {
    for (auto [deref, offset] : {std::pair{TexSrcType::texture_deref, TexSrcType::texture_offset},
                                 std::pair{TexSrcType::sampler_deref, TexSrcType::sampler_offset}}) {
      const int i = src_index(tex(), deref);
      if (i < 0) continue;
      const DefId d = tex().src[static_cast<unsigned>(i)].def;
      const DerefInstr* x = site_.s.def_instr(d) ? site_.s.def_instr(d)->as<DerefInstr>() : nullptr;
      if (!x) fail(fmt::format("the {} ssa_{} is not a deref", name(deref), d));
      DefId element = kNoDef;
      if (x->kind == DerefKind::Array) {
        element = x->index;
        const Instr* parent = site_.s.def_instr(x->parent);
        x = parent ? parent->as<DerefInstr>() : nullptr;
      }
      if (!x || x->kind != DerefKind::Var || x->var >= site_.s.variables.size())
        fail(fmt::format("the {} is not a variable or an element of an array variable", name(deref)));
      const Variable& v = site_.s.variables[x->var];
      if (v.has_descriptor_set && v.descriptor_set != 0)
        fail(fmt::format("{} is in descriptor set {}: texture indices are bindings of set 0", v.name, v.descriptor_set));
      int64_t index = v.binding;
      if (element != kNoDef) {
        if (auto k = signed_constant(element, 0)) index += *k;
        else if (src(offset)) fail(fmt::format("both a {} with a variable element and a {}", name(deref), name(offset)));
        else add_src(tex(), offset, element);
      }
      if (index < 0 || index > 0xfffff) fail(fmt::format("{}: index {} out of range", v.name, index));
      (deref == TexSrcType::texture_deref ? tex().texture_index : tex().sampler_index) = static_cast<uint32_t>(index);
      remove_src(tex(), static_cast<unsigned>(src_index(tex(), deref)));
    }
  }

  // ---- What SM50 has forms for (lowering-facts 2.1, and the nir_lower_tex options NAK sets, 1.4) ----------

  void check() {
    TexInstr& t = tex();
    switch (t.op) {
      case TexOp::tex: case TexOp::tex_prefetch: case TexOp::txb: case TexOp::txl: case TexOp::txd: case TexOp::txf:
      case TexOp::txf_ms: case TexOp::tg4: case TexOp::lod: case TexOp::txs: case TexOp::query_levels:
      case TexOp::texture_samples: case TexOp::hdr_dim_nv: case TexOp::tex_type_nv:
        break;
      default: fail("no SM50 instruction (nir_lower_tex lowers it, or the hardware has none)");
    }
    if (src(TexSrcType::projector)) fail("a projector: run nir_lower_tex with lower_txp first");
    for (TexSrcType k : {TexSrcType::plane, TexSrcType::backend1, TexSrcType::backend2,
                         TexSrcType::sampler_deref_intrinsic, TexSrcType::ms_mcs_intel, TexSrcType::lod_bias_min_agx})
      if (src(k)) fail(fmt::format("a {} source: SM50 has no form for it", name(k)));
    if (src(TexSrcType::sampler_handle) && !src(TexSrcType::texture_handle))
      fail("a sampler handle without a texture handle: the bindless forms take one combined handle");
    if (src(TexSrcType::min_lod) && arch_ != isa::Arch::SM52)
      fail("min_lod needs the LOD clamp (.LC), which SM52 has: select with --arch sm52");
    if (t.is_sparse && arch_ != isa::Arch::SM52)
      fail("sparse residency needs TEX's predicate output, which SM52 has: select with --arch sm52");
    if (t.sampler_dim == SamplerDim::Rect && t.op != TexOp::txf && !query())
      fail("RECT textures are unnormalized: run nir_lower_tex with lower_rect first");
    if (t.op == TexOp::txd) {
      if (t.is_shadow) fail("TXD has no depth compare: run nir_lower_tex with lower_txd_shadow");
      if (t.sampler_dim == SamplerDim::Dim3D || t.sampler_dim == SamplerDim::Cube)
        fail("TXD on 3D and cube textures: run nir_lower_tex with lower_txd_3d and lower_txd_cube_map");
      if (src(TexSrcType::min_lod)) fail("TXD takes no LOD clamp: run nir_lower_tex with lower_txd_clamp");
    }
    if (t.op == TexOp::txl && src(TexSrcType::min_lod)) fail("an explicit LOD takes no clamp (TEX.LL has no .LC)");
    if (t.op == TexOp::tg4 && t.is_gather_implicit_lod) fail("TLD4 reads the view's first level only");
    if (src(TexSrcType::offset) && t.sampler_dim == SamplerDim::Cube)
      fail("offsets on a cube map: AOFFI is not supported with cube maps (seed 000)");
    if (t.op == TexOp::tg4 && has_explicit_tg4_offsets(t) && src(TexSrcType::offset))
      fail("both an offset source and tg4_offsets");
    if ((t.op == TexOp::txf || t.op == TexOp::txf_ms) && src(TexSrcType::comparator))
      fail("a comparator: TLD does not compare");
    if (t.dest.bit_size != 32 && t.dest.bit_size != 16) fail("the texture unit returns 32-bit registers");
  }

  bool query() {
    const TexOp op = tex().op;
    return op == TexOp::txs || op == TexOp::query_levels || op == TexOp::texture_samples || op == TexOp::hdr_dim_nv ||
           op == TexOp::tex_type_nv;
  }

  // ---- The instruction's modifiers -----------------------------------------------------------------------

  tex::Dim dim() {
    const TexInstr& t = tex();
    const bool a = t.is_array;
    switch (t.sampler_dim) {
      case SamplerDim::Dim1D: case SamplerDim::Buf: return a ? tex::Dim::Array1D : tex::Dim::Tex1D;
      case SamplerDim::Dim3D:
        if (a) fail("a 3D array: SM50 has no ARRAY_3D (seed 000: RESERVED)");
        return tex::Dim::Tex3D;
      case SamplerDim::Cube: return a ? tex::Dim::ArrayCube : tex::Dim::Cube;
      default: return a ? tex::Dim::Array2D : tex::Dim::Tex2D;  // 2D, RECT, EXTERNAL, MS, SUBPASS(_MS)
    }
  }

  // The lod source is the constant 0: NAK picks .LZ (nir_scalar_is_const and value 0).
  bool lod_is_zero() {
    auto l = src(TexSrcType::lod);
    if (!l) return true;
    auto k = constant(*l, 0);
    return k && *k == 0;
  }

  PreparedTex modifiers() {
    TexInstr& t = tex();
    PreparedTex p;
    tex::Modifiers& m = p.modifiers;
    p.bindless = src(TexSrcType::texture_handle).has_value();
    m.dim = dim();
    m.depth_compare = t.is_shadow && src(TexSrcType::comparator);
    m.aoffi = src(TexSrcType::offset).has_value();
    m.lod_clamp = src(TexSrcType::min_lod).has_value();
    switch (t.op) {
      case TexOp::txb: m.lod = tex::LodMode::Bias; break;
      case TexOp::txl: m.lod = lod_is_zero() ? tex::LodMode::Zero : tex::LodMode::Lod; break;
      case TexOp::txd: m.op = tex::TexOp::Gradient; break;
      case TexOp::txf: m.op = tex::TexOp::Fetch, m.lod = lod_is_zero() ? tex::LodMode::Zero : tex::LodMode::Lod; break;
      case TexOp::txf_ms: m.op = tex::TexOp::Fetch, m.lod = tex::LodMode::Zero, m.multisample = true; break;
      case TexOp::tg4:
        m.op = tex::TexOp::Gather, m.lod = tex::LodMode::Zero, m.component = static_cast<tex::Component>(t.component & 3);
        if (has_explicit_tg4_offsets(t)) m.ptp = true;
        break;
      case TexOp::lod: m.op = tex::TexOp::QueryLod; break;
      case TexOp::txs: case TexOp::query_levels: case TexOp::hdr_dim_nv:
        m = tex::Modifiers{}, m.op = tex::TexOp::Query, m.query = tex::Query::Dimension;
        break;
      case TexOp::texture_samples: case TexOp::tex_type_nv:
        m = tex::Modifiers{}, m.op = tex::TexOp::Query, m.query = tex::Query::TextureType;
        break;
      default: break;  // tex, tex_prefetch: TEX with the implicit LOD
    }
    if (t.op == TexOp::tg4 && t.component > 3) fail(fmt::format("component {}", t.component));
    return p;
  }

  // ---- Register words -------------------------------------------------------------------------------------

  DefId imm(uint32_t v, Builder& b) { return b.imm_int(static_cast<int64_t>(v)); }

  // A source component as a 32-bit scalar (16-bit floats widened exactly, narrow integers sign-extended).
  Part wide(Builder& b, DefId d, unsigned c, bool is_float) {
    if (bit_size(d) == 32) return {d, c};
    return {b.alu(is_float ? AluOp::f2f32 : AluOp::i2i32, {b.channel(d, c)}), 0u};
  }
  Part coord(Builder& b, unsigned c) {
    const DefId d = *src(TexSrcType::coord);
    if (c >= components(d)) fail(fmt::format("the coord source has {} components, needs {}", components(d), c + 1));
    if (tex().sampler_dim == SamplerDim::Cube && c < 3) return {cube(b), c};
    return wide(b, d, c, src_type(tex().op, TexSrcType::coord) == kFloat);
  }

  // nir_normalize_cubemap_coords (NAK runs it; ptxas and nouveau do the same): the direction times
  // frcp(max |x|, |y|, |z|).
  DefId cube(Builder& b) {
    if (cube_ != kNoDef) return cube_;
    const DefId d = *src(TexSrcType::coord);
    std::vector<Part> xyz;
    for (unsigned k = 0; k < 3; ++k) xyz.push_back(wide(b, d, k, true));
    auto fabs = [&](Part p) { return b.alu(AluOp::fabs, {b.channel(p.first, p.second)}); };
    const DefId m = b.alu(AluOp::fmax, {b.alu(AluOp::fmax, {fabs(xyz[0]), fabs(xyz[1])}), fabs(xyz[2])});
    const DefId r = b.alu(AluOp::frcp, {m});
    const DefId v = b.vec(xyz);
    AluSrc broadcast{r};
    broadcast.swizzle.fill(0);
    cube_ = b.alu(AluOp::fmul, {AluSrc{v}, broadcast}, 3);
    return cube_;
  }
  DefId cube_ = kNoDef;

  // A word of fields: constant fields packed by the one packer at compile time (pack_param with a lane holding
  // them), the others inserted at the packer's positions: (value << shift) & mask, the mask found by packing a
  // lane whose field alone is all ones.
  struct Word {
    TexParam param;
    tex::Lane constants{};
    std::vector<std::pair<DefId, uint32_t>> fields;  // value, mask
  };
  template <typename F>
  void field(Word& w, DefId value, F&& set_all_ones) {
    tex::Lane probe{};
    set_all_ones(probe);
    w.fields.emplace_back(value, isa::sm50::pack_param(w.param, probe));
  }
  Part finish(Builder& b, const Word& w) {
    // The constant fields' word; a zero one is left out when run-time fields follow.
    const uint32_t constant = isa::sm50::pack_param(w.param, w.constants);
    DefId word = constant != 0 || w.fields.empty() ? imm(constant, b) : kNoDef;
    for (const auto& [value, mask] : w.fields) {
      const unsigned shift = static_cast<unsigned>(std::countr_zero(mask));
      const DefId shifted = shift ? b.alu(AluOp::ishl, {value, imm(shift, b)}) : value;
      const DefId f = b.alu(AluOp::iand, {shifted, imm(mask, b)});
      word = word == kNoDef ? f : b.alu(AluOp::ior, {word, f});
    }
    return {word, 0u};
  }

  // The array index: float layers rounded to the nearest integer, NAK's u32(max(L + 0.5, 0)); txf's integer
  // layers as they are; both at most 0xffff (lowering-facts 2.2). TMML takes none (NAK passes 0).
  void layer(Builder& b, Word& w) {
    const TexInstr& t = tex();
    if (!t.is_array || t.op == TexOp::lod) return;
    const unsigned n = tex::coordinate_count(dim());
    const bool is_float = src_type(t.op, TexSrcType::coord) == kFloat;
    const Part l = wide(b, *src(TexSrcType::coord), n, is_float);
    DefId v = b.channel(l.first, l.second);
    if (is_float) {
      v = b.alu(AluOp::fadd, {v, b.imm_float(0.5f)});
      v = b.alu(AluOp::f2u32, {b.alu(AluOp::fmax, {v, b.imm_float(0.0f)})});
    }
    v = b.alu(AluOp::umin, {v, imm(0xffff, b)});
    field(w, v, [](tex::Lane& x) { x.layer = 0xffff; });
  }

  // AOFFI offsets, each clamped to its field's signed range: 4 bits, TLD4's 6 bits (seed 000; GL's gather offsets
  // are -32..31 on NVIDIA).
  void offsets(Builder& b, Word& w, int hi) {
    const DefId o = *src(TexSrcType::offset);
    const unsigned n = std::min(components(o), tex::texel_dims(dim()));
    for (unsigned c = 0; c < n; ++c) {
      if (auto k = signed_constant(o, c)) {
        w.constants.offset[c] = static_cast<int8_t>(std::clamp<int64_t>(*k, -hi - 1, hi));
        continue;
      }
      const Part p = wide(b, o, c, false);
      const DefId v = b.alu(AluOp::imax, {b.alu(AluOp::imin, {b.channel(p.first, p.second), imm(static_cast<uint32_t>(hi), b)}),
                                          imm(static_cast<uint32_t>(-hi - 1), b)});
      field(w, v, [c](tex::Lane& x) { x.offset[c] = -1; });
    }
  }

  // .LC's clamp in u4.8 fixed point, as NAK encodes it: u32(fmax(min_lod * 256, 16)), at most 0xfff.
  void lod_clamp(Builder& b, Word& w) {
    if (!src(TexSrcType::min_lod)) return;
    const Part m = wide(b, *src(TexSrcType::min_lod), 0, true);
    DefId v = b.alu(AluOp::fmul, {b.channel(m.first, m.second), b.imm_float(256.0f)});
    v = b.alu(AluOp::f2u32, {b.alu(AluOp::fmax, {v, b.imm_float(16.0f)})});
    v = b.alu(AluOp::umin, {v, imm(0xfff, b)});
    field(w, v, [](tex::Lane& x) { x.lod_clamp = 0xffff; });
  }

  Part param(Builder& b, TexParam p, const tex::Modifiers& m) {
    TexInstr& t = tex();
    Word w{p, {}, {}};
    switch (p) {
      case TexParam::S: return coord(b, 0);
      case TexParam::T: return coord(b, 1);
      case TexParam::R: return coord(b, 2);
      case TexParam::ArrayIndex:
        layer(b, w);
        lod_clamp(b, w);
        return finish(b, w);
      case TexParam::LayerOffset:
        layer(b, w);
        if (m.aoffi) offsets(b, w, 7);
        return finish(b, w);
      case TexParam::Offset: offsets(b, w, 7); return finish(b, w);
      case TexParam::Tld4Offset: offsets(b, w, 31); return finish(b, w);
      case TexParam::PtpOffsetsLo: case TexParam::PtpOffsetsHi:
        w.constants.ptp = t.tg4_offsets;
        return finish(b, w);
      case TexParam::Handle: {
        // One handle: the texture's header index with a separate sampler handle's sampler index on top (NAK:
        // (tex & 0x000fffff) | (samp & 0xfff00000)).
        const Part th = wide(b, *src(TexSrcType::texture_handle), 0, false);
        auto sh = src(TexSrcType::sampler_handle);
        if (!sh) return th;
        const Part s = wide(b, *sh, 0, false);
        tex::Lane header{}, sampler{};
        header.handle = 0xfffff;
        sampler.handle = 0xfff00000;
        const DefId a = b.alu(AluOp::iand, {b.channel(th.first, th.second), imm(isa::sm50::pack_param(p, header), b)});
        const DefId c = b.alu(AluOp::iand, {b.channel(s.first, s.second), imm(isa::sm50::pack_param(p, sampler), b)});
        return {b.alu(AluOp::ior, {a, c}), 0u};
      }
      case TexParam::Lod: {
        if (m.op == tex::TexOp::Query) {
          // TXQ's level: txs's (and hdr_dim_nv's) lod; query_levels counts the levels of level 0 (NAK), the type
          // query reads none.
          auto l = src(TexSrcType::lod);
          if (l && (t.op == TexOp::txs || t.op == TexOp::hdr_dim_nv)) return wide(b, *l, 0, false);
          return {imm(0, b), 0u};
        }
        auto l = src(TexSrcType::lod);
        if (!l) l = src(TexSrcType::bias);
        if (!l) fail("the instruction needs a LOD or bias source");
        return wide(b, *l, 0, m.op != tex::TexOp::Fetch);
      }
      case TexParam::DepthRef: return wide(b, *src(TexSrcType::comparator), 0, true);
      case TexParam::Sample: {
        auto s = src(TexSrcType::ms_index);
        if (!s) fail("txf_ms needs an ms_index source");
        return wide(b, *s, 0, false);
      }
      case TexParam::DsDx: case TexParam::DsDy: case TexParam::DtDx: case TexParam::DtDy: case TexParam::DrDx:
      case TexParam::DrDy: {
        const unsigned k = static_cast<unsigned>(p) - static_cast<unsigned>(TexParam::DsDx);
        auto d = src(k % 2 ? TexSrcType::ddy : TexSrcType::ddx);
        if (!d) fail(fmt::format("txd needs {} sources", k % 2 ? "ddy" : "ddx"));
        if (k / 2 >= components(*d)) fail("a derivative source has too few components");
        return wide(b, *d, k / 2, true);
      }
      default: fail(fmt::format("no value for the {} operand", isa::sm50::tex_param_name(p)));
    }
  }

  // ---- Results: the hardware's registers, and ALU code for NIR's (lowering-facts 2.1, 2.2) ------------------

  void results() {
    TexInstr& t = tex();
    const TexOp op = t.op;
    if (op != TexOp::txs && op != TexOp::query_levels && op != TexOp::texture_samples && op != TexOp::lod) return;
    const unsigned nir_components = t.dest.components, nir_bits = t.dest.bit_size;
    const bool is_array = t.is_array;
    if (op == TexOp::lod) {
      t.dest_type = AluType{BaseType::Uint, 32};
    } else {
      t.op = op == TexOp::texture_samples ? TexOp::tex_type_nv : TexOp::hdr_dim_nv;
      t.dest_type = AluType{BaseType::Uint, 32};
      t.dest.components = 4;
    }
    t.dest.bit_size = 32;
    const DefId raw = t.dest.id;
    Builder b = site_.after();
    const Cursor first = b.cursor();
    DefId r = kNoDef;
    switch (op) {
      case TexOp::lod: {
        // TMML: register 1 the absolute LOD (unsigned 8.8), register 0 the relative one (signed 8.8); NIR's lod is
        // (absolute, relative) as floats.
        const float scale = 1.0f / 256.0f;
        const DefId abs = b.alu(AluOp::fmul, {b.alu(AluOp::u2f32, {b.alu(AluOp::iand, {b.channel(raw, 1), imm(0xffff, b)})}),
                                              b.imm_float(scale)});
        const DefId rel = b.alu(AluOp::fmul, {b.alu(AluOp::i2f32, {b.alu(AluOp::extract_i16, {b.channel(raw, 0), imm(0, b)})}),
                                              b.imm_float(scale)});
        r = b.vec({abs, rel});
        if (nir_bits == 16) r = b.alu(AluOp::f2f16, {r});
        break;
      }
      case TexOp::txs: {
        // Sizes, then the layer count of arrays from component 2 (cubes of cube arrays).
        std::vector<Part> parts;
        const unsigned sizes = nir_components - (is_array ? 1u : 0u);
        for (unsigned k = 0; k < sizes; ++k) parts.emplace_back(raw, k);
        if (is_array) parts.emplace_back(raw, 2u);
        r = b.vec(parts);
        if (nir_bits == 16) r = b.alu(AluOp::u2u16, {r});
        break;
      }
      default: {
        r = b.channel(raw, op == TexOp::query_levels ? 3u : 2u);  // levels: .w; samples: .z
        if (nir_bits == 16) r = b.alu(AluOp::u2u16, {r});
        break;
      }
    }
    lower_tex_detail::rewrite_result_after(site_, first, b, r);
  }

  Site site_;
  isa::Arch arch_;
  const std::unordered_map<DefId, const Instr*>& defs_;
};

}  // namespace

bool is_prepared(const TexInstr& t) { return decode_tex_flags(t.backend_flags).has_value(); }

Result<bool> prepare_tex(Shader& s, isa::Arch arch) {
  std::vector<Instr*> todo;
  std::unordered_map<DefId, const Instr*> defs;
  s.for_each_instr([&](Instr& i) {
    if (i.dest().id != kNoDef) defs[i.dest().id] = &i;
    if (const TexInstr* t = i.as<TexInstr>(); t && !is_prepared(*t)) todo.push_back(&i);
  });
  try {
    for (Instr* i : todo) {
      Prepare(s, i, arch, defs).run();
      // The instructions inserted define new values later instructions' checks may look up.
      s.for_each_instr([&](Instr& j) {
        if (j.dest().id != kNoDef) defs[j.dest().id] = &j;
      });
    }
  } catch (const PrepareError& e) {
    return make_error(e.what());
  }
  return true;
}

}  // namespace tmu::ir::sm50
