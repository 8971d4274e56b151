// SPDX-License-Identifier: MIT
#include "isa/sm50/tex_operands.h"

#include "common/bits.h"

namespace tmu::isa::sm50 {
namespace {

using P = TexParam;
using tex::Dim;
using tex::TexOp;

constexpr std::array<std::string_view, kNumTexParams> kNames{
    "array", "s", "t", "r", "handle", "lod", "offset", "tld4_offset", "ptp_lo", "ptp_hi", "dref", "sample",
    "layer_offset", "dsdx", "dsdy", "dtdx", "dtdy", "drdx", "drdy"};

// ---- Modifiers ------------------------------------------------------------------------------------------------

std::optional<TexOp> tex_op(Op op) {
  switch (op) {
    case Op::TEX:
    case Op::TEX_B:
    case Op::TEXS: return TexOp::Sample;
    case Op::TLD:
    case Op::TLD_B:
    case Op::TLDS: return TexOp::Fetch;
    case Op::TLD4:
    case Op::TLD4_B:
    case Op::TLD4S: return TexOp::Gather;
    case Op::TXD:
    case Op::TXD_B: return TexOp::Gradient;
    case Op::TMML:
    case Op::TMML_B: return TexOp::QueryLod;
    case Op::TXQ:
    case Op::TXQ_B: return TexOp::Query;
    default: return std::nullopt;
  }
}

bool bindless(Op op) {
  return op == Op::TEX_B || op == Op::TLD_B || op == Op::TLD4_B || op == Op::TMML_B || op == Op::TXD_B ||
         op == Op::TXQ_B;
}

// A short form's modifiers, read at compile time from its encoding's spelling (kTexsEncoding, kTldsEncoding:
// the modifiers, then #paramA in the second column); nullopt for undefined encodings.
constexpr std::optional<tex::Modifiers> spelled_modifiers(const Spelling& s, TexOp op) {
  if (s.rejected) return std::nullopt;
  tex::Modifiers m;
  m.op = op;
  bool dim = false;
  for (std::size_t i = 0; i < kTexDim_values.size(); ++i)
    if (kTexDim_values[i].text == s.column2) {
      m.dim = static_cast<Dim>(i);
      dim = true;
    }
  if (!dim) return std::nullopt;
  for (std::string_view rest = s.text; !rest.empty();) {
    const std::size_t next = rest.find('.', 1);
    const std::string_view token = rest.substr(0, next);
    rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next);
    bool known = false;
    for (std::size_t e = 0; e < kLodMode_values.size(); ++e)
      if (kLodMode_values[e].text == token && lod_mode(static_cast<LodMode>(e))) {
        m.lod = *lod_mode(static_cast<LodMode>(e));
        known = true;
      }
    if (token == kFlagDC_values[1].text) m.depth_compare = known = true;
    if (token == kFlagAOFFI_values[1].text) m.aoffi = known = true;
    if (token == kFlagMS_values[1].text) m.multisample = known = true;
    if (!known) return std::nullopt;
  }
  return m;
}

template <std::size_t N>
constexpr std::array<std::optional<tex::Modifiers>, N> spelled_forms(const std::array<Spelling, N>& t, TexOp op) {
  std::array<std::optional<tex::Modifiers>, N> out{};
  for (std::size_t e = 0; e < N; ++e) out[e] = spelled_modifiers(t[e], op);
  return out;
}
constexpr auto kTexsForms = spelled_forms(kTexsEncoding_values, TexOp::Sample);
constexpr auto kTldsForms = spelled_forms(kTldsEncoding_values, TexOp::Fetch);

template <std::size_t N>
constexpr bool every_defined_encoding_read(const std::array<Spelling, N>& t,
                                           const std::array<std::optional<tex::Modifiers>, N>& forms) {
  for (std::size_t e = 0; e < N; ++e)
    if (forms[e].has_value() == t[e].rejected) return false;
  return true;
}
static_assert(every_defined_encoding_read(kTexsEncoding_values, kTexsForms));
static_assert(every_defined_encoding_read(kTldsEncoding_values, kTldsForms));

// What the short forms cannot ask for: their encodings have no .LC, .PTP, .CL or .NDV.
bool short_form_can(const tex::Modifiers& m) { return !m.lod_clamp && !m.ptp && !m.edge_clamp && !m.ndv; }

// ---- Layouts --------------------------------------------------------------------------------------------------

class Builder {
 public:
  void a(P p) { l_.ra[l_.ra_count++] = p; }
  void b(P p) { l_.rb[l_.rb_count++] = p; }
  void coords_to_a(Dim d) {
    const P c[3] = {P::S, P::T, P::R};
    for (unsigned i = 0; i < tex::coordinate_count(d); ++i) a(c[i]);
  }
  TexLayout done() const { return l_; }

 private:
  TexLayout l_;
};

// TEX, TLD, TLD4, TMML (seed 000/001 tables): Ra = [array], s, t, r; Rb = [handle], [lod], [offset(s)],
// [dref | sample]. TLD puts the offset before the sample index, as the seed's table and ptxas do.
TexLayout long_form(Op op, bool lod, const tex::Modifiers& m) {
  Builder b;
  if (tex::is_array(m.dim) || m.lod_clamp) b.a(P::ArrayIndex);
  b.coords_to_a(m.dim);
  if (bindless(op)) b.b(P::Handle);
  if (lod) b.b(P::Lod);
  if (m.ptp) {
    b.b(P::PtpOffsetsLo);
    b.b(P::PtpOffsetsHi);
  } else if (m.aoffi) {
    b.b(op == Op::TLD4 || op == Op::TLD4_B ? P::Tld4Offset : P::Offset);
  }
  if (m.depth_compare) b.b(P::DepthRef);
  if (m.multisample) b.b(P::Sample);
  return b.done();
}

// TXD: Ra = [handle], coords, [array | offsets << 16]; Rb = the gradients, x and y derivative of each coordinate
// in turn (ptxas, lowering-facts 3.2 rule 4).
TexLayout txd(Op op, const tex::Modifiers& m) {
  Builder b;
  if (bindless(op)) b.a(P::Handle);
  b.coords_to_a(m.dim);
  if (tex::is_array(m.dim) || m.aoffi) b.a(P::LayerOffset);
  const P g[6] = {P::DsDx, P::DsDy, P::DtDx, P::DtDy, P::DrDx, P::DrDy};
  for (unsigned i = 0; i < 2 * tex::coordinate_count(m.dim); ++i) b.b(g[i]);
  return b.done();
}

// TXQ: Ra = [handle], the level queried (ptxas txq.level; lowering-facts 3.10).
TexLayout txq(Op op) {
  Builder b;
  if (bindless(op)) b.a(P::Handle);
  b.a(P::Lod);
  return b.done();
}

struct ShortSplit {
  std::array<P, 3> ra;
  uint8_t ra_count;
  std::array<P, 3> rb;
  uint8_t rb_count;
};

// TEXS encodings 0..13 (reference 4.6; ptxas confirms 1, 3, 4, 5, 7, 10, 12, 13).
constexpr std::array<ShortSplit, 14> kTexsSplits{{
    {{P::S}, 1, {}, 0},                         // 0  1D .LZ
    {{P::S}, 1, {P::T}, 1},                     // 1  2D
    {{P::S}, 1, {P::T}, 1},                     // 2  2D .LZ
    {{P::S, P::T}, 2, {P::Lod}, 1},             // 3  2D .LL
    {{P::S, P::T}, 2, {P::DepthRef}, 1},        // 4  2D .DC
    {{P::S, P::T}, 2, {P::Lod, P::DepthRef}, 2},  // 5  2D .LL.DC
    {{P::S, P::T}, 2, {P::DepthRef}, 1},        // 6  2D .LZ.DC
    {{P::ArrayIndex, P::S}, 2, {P::T}, 1},      // 7  ARRAY_2D
    {{P::ArrayIndex, P::S}, 2, {P::T}, 1},      // 8  ARRAY_2D .LZ
    {{P::ArrayIndex, P::S}, 2, {P::T, P::DepthRef}, 2},  // 9  ARRAY_2D .LZ.DC
    {{P::S, P::T}, 2, {P::R}, 1},               // 10 3D
    {{P::S, P::T}, 2, {P::R}, 1},               // 11 3D .LZ
    {{P::S, P::T}, 2, {P::R}, 1},               // 12 CUBE
    {{P::S, P::T}, 2, {P::R, P::Lod}, 2},       // 13 CUBE .LL
}};

// TLDS encodings (reference 4.6; ptxas confirms 0, 2, 4, 6, 7, 8, 12). Undefined encodings have no split.
constexpr std::array<ShortSplit, 13> kTldsSplits{{
    {{P::S}, 1, {}, 0},                            // 0  1D .LZ
    {{P::S}, 1, {P::Lod}, 1},                      // 1  1D .LL
    {{P::S}, 1, {P::T}, 1},                        // 2  2D .LZ
    {{}, 0, {}, 0},                                // 3  undefined
    {{P::S, P::T}, 2, {P::Offset}, 1},             // 4  2D .LZ.AOFFI
    {{P::S, P::T}, 2, {P::Lod}, 1},                // 5  2D .LL
    {{P::S, P::T}, 2, {P::Sample}, 1},             // 6  2D .LZ.MS
    {{P::S, P::T}, 2, {P::R}, 1},                  // 7  3D .LZ
    {{P::ArrayIndex}, 1, {P::S, P::T}, 2},         // 8  ARRAY_2D .LZ
    {{}, 0, {}, 0},                                // 9  undefined
    {{}, 0, {}, 0},                                // 10 undefined
    {{}, 0, {}, 0},                                // 11 undefined
    {{P::S, P::T}, 2, {P::Lod, P::Offset}, 2},     // 12 2D .LL.AOFFI
}};

TexLayout from_split(const ShortSplit& s) {
  Builder b;
  for (int i = 0; i < s.ra_count; ++i) b.a(s.ra[static_cast<std::size_t>(i)]);
  for (int i = 0; i < s.rb_count; ++i) b.b(s.rb[static_cast<std::size_t>(i)]);
  return b.done();
}

// TLD4S, a 2D gather: like TEXS 2D, with the offset and reference in Rb (ptxas, lowering-facts 3.9).
TexLayout tld4s(const tex::Modifiers& m) {
  Builder b;
  b.a(P::S);
  if (!m.aoffi && !m.depth_compare) {
    b.b(P::T);
    return b.done();
  }
  b.a(P::T);
  if (m.aoffi) b.b(P::Tld4Offset);
  if (m.depth_compare) b.b(P::DepthRef);
  return b.done();
}

bool has_lod_register(tex::LodMode m) {
  return m == tex::LodMode::Bias || m == tex::LodMode::Lod || m == tex::LodMode::BiasAveraged ||
         m == tex::LodMode::LodAveraged;
}

// ---- Values inside a register ---------------------------------------------------------------------------------

uint32_t field_bits(int v, unsigned lo, unsigned width) {
  return static_cast<uint32_t>(insert_bits(0, lo, width, static_cast<uint32_t>(v)));
}
int8_t signed_field(uint32_t word, unsigned lo, unsigned width) {
  return static_cast<int8_t>(sign_extend(extract_bits(word, lo, width), width));
}

}  // namespace

// ---- Modifiers ------------------------------------------------------------------------------------------------

std::optional<tex::Modifiers> tex_modifiers(const Instruction& in) {
  const std::optional<TexOp> op = tex_op(in.op());
  if (!op) return std::nullopt;
  if (in.op() == Op::TEXS) {
    const uint32_t e = in.get<Opd::texs_enc>();
    return e < kTexsForms.size() ? kTexsForms[e] : std::nullopt;
  }
  if (in.op() == Op::TLDS) {
    const uint32_t e = in.get<Opd::tlds_enc>();
    return e < kTldsForms.size() ? kTldsForms[e] : std::nullopt;
  }
  tex::Modifiers m;
  m.op = *op;
  m.dim = in.get_or<Opd::dim>(Dim::Tex2D);  // TLD4S: always 2D
  // What INVALIDBLOD4/5 do is not known: tmu treats them as no .lod modifier.
  if (in.has(Opd::lod)) m.lod = lod_mode(in.get<Opd::lod>()).value_or(tex::LodMode::Implicit);
  if (in.has(Opd::tld_lod)) m.lod = lod_mode(in.get<Opd::tld_lod>());
  m.depth_compare = in.get_or<Opd::dc>(false);
  m.aoffi = in.get_or<Opd::aoffi>(false);
  if (in.has(Opd::goff)) {
    m.aoffi = in.get<Opd::goff>() == GatherOffset::AOFFI;
    m.ptp = in.get<Opd::goff>() == GatherOffset::PTP;
  }
  m.component = in.get_or<Opd::comp>(tex::Component::R);
  m.lod_clamp = in.get_or<Opd::lc>(false);
  m.multisample = in.get_or<Opd::ms>(false);
  m.edge_clamp = in.get_or<Opd::cl>(false);
  m.ndv = in.get_or<Opd::ndv>(false);
  m.query = in.get_or<Opd::query>(tex::Query::Dimension);
  return m;
}

Op long_form_op(tex::TexOp op, bool b) {
  for (Op o : {Op::TEX, Op::TEX_B, Op::TLD, Op::TLD_B, Op::TLD4, Op::TLD4_B, Op::TXD, Op::TXD_B, Op::TMML, Op::TMML_B,
               Op::TXQ, Op::TXQ_B})
    if (tex_op(o) == op && bindless(o) == b) return o;
  return Op::TEX;  // (unreachable: every op has both forms)
}

std::optional<uint32_t> short_encoding(Op op, const tex::Modifiers& m) {
  if (!short_form_can(m)) return std::nullopt;
  const std::span<const std::optional<tex::Modifiers>> forms =
      op == Op::TEXS ? std::span<const std::optional<tex::Modifiers>>(kTexsForms)
      : op == Op::TLDS ? std::span<const std::optional<tex::Modifiers>>(kTldsForms)
                       : std::span<const std::optional<tex::Modifiers>>();
  for (std::size_t e = 0; e < forms.size(); ++e) {
    const auto& f = forms[e];
    if (f && f->dim == m.dim && f->lod == m.lod && f->depth_compare == m.depth_compare && f->aoffi == m.aoffi &&
        f->multisample == m.multisample)
      return static_cast<uint32_t>(e);
  }
  return std::nullopt;
}

// ---- Register layouts ---------------------------------------------------------------------------------------

std::string_view tex_param_name(TexParam p) { return kNames[static_cast<std::size_t>(p)]; }

bool TexLayout::has(TexParam p) const {
  for (TexParam q : ra_params())
    if (q == p) return true;
  for (TexParam q : rb_params())
    if (q == p) return true;
  return false;
}

std::optional<TexLayout> tex_layout(Op op, const tex::Modifiers& m) {
  switch (op) {
    case Op::TEX:
    case Op::TEX_B: return long_form(op, has_lod_register(m.lod), m);
    case Op::TLD:
    case Op::TLD_B: return long_form(op, m.lod == tex::LodMode::Lod, m);
    case Op::TLD4:
    case Op::TLD4_B:
    case Op::TMML:
    case Op::TMML_B: return long_form(op, false, m);
    case Op::TXD:
    case Op::TXD_B: return txd(op, m);
    case Op::TXQ:
    case Op::TXQ_B: return txq(op);
    case Op::TEXS: {
      const auto e = short_encoding(op, m);
      return e ? std::optional(from_split(kTexsSplits[*e])) : std::nullopt;
    }
    case Op::TLDS: {
      const auto e = short_encoding(op, m);
      return e ? std::optional(from_split(kTldsSplits[*e])) : std::nullopt;
    }
    case Op::TLD4S:
      if (m.dim != Dim::Tex2D || m.multisample || !short_form_can(m)) return std::nullopt;
      return tld4s(m);
    default: return std::nullopt;
  }
}

TexLayout tex_layout(const Instruction& in) {
  const std::optional<tex::Modifiers> m = tex_modifiers(in);
  if (!m) return TexLayout{};
  return tex_layout(in.op(), *m).value_or(TexLayout{});
}

unsigned required_alignment(unsigned n) { return n <= 1 ? 1 : n == 2 ? 2 : 4; }

// ---- Values inside a register ---------------------------------------------------------------------------------

uint32_t pack_offsets(const tex::TexelOffsets& o) {
  return field_bits(o[0], 0, 4) | field_bits(o[1], 4, 4) | field_bits(o[2], 8, 4);
}

tex::TexelOffsets unpack_offsets(uint32_t w) { return {signed_field(w, 0, 4), signed_field(w, 4, 4), signed_field(w, 8, 4)}; }

uint32_t pack_tld4_offsets(const tex::TexelOffsets& o) { return field_bits(o[0], 0, 6) | field_bits(o[1], 8, 6); }

tex::TexelOffsets unpack_tld4_offsets(uint32_t w) { return {signed_field(w, 0, 6), signed_field(w, 8, 6), 0}; }

std::array<uint32_t, 2> pack_ptp_offsets(const tex::PtpOffsets& o) {
  std::array<uint32_t, 2> w{};
  for (unsigned t = 0; t < 4; ++t) {
    const unsigned shift = 16 * (t % 2);
    w[t / 2] |= field_bits(o[t][0], shift, 8) | field_bits(o[t][1], shift + 8, 8);
  }
  return w;
}

tex::PtpOffsets unpack_ptp_offsets(uint32_t lo, uint32_t hi) {
  tex::PtpOffsets o{};
  for (unsigned t = 0; t < 4; ++t) {
    const uint32_t w = t < 2 ? lo : hi;
    const unsigned shift = 16 * (t % 2);
    o[t] = {signed_field(w, shift, 8), signed_field(w, shift + 8, 8)};
  }
  return o;
}

uint32_t pack_array_lod_clamp(uint16_t layer, uint16_t lod_clamp) {
  return static_cast<uint32_t>(insert_bits(layer, 16, 12, lod_clamp));
}

ArrayLodClamp unpack_array_lod_clamp(uint32_t w) {
  return {static_cast<uint16_t>(extract_bits(w, 0, 16)), static_cast<uint16_t>(extract_bits(w, 16, 12))};
}

uint32_t pack_layer_offsets(uint16_t layer, const tex::TexelOffsets& o) {
  return static_cast<uint32_t>(insert_bits(layer, 16, 12, pack_offsets(o)));
}

LayerOffsets unpack_layer_offsets(uint32_t w) {
  return {static_cast<uint16_t>(extract_bits(w, 0, 16)), unpack_offsets(static_cast<uint32_t>(extract_bits(w, 16, 12)))};
}

// ---- Whole operand sets -------------------------------------------------------------------------------------

uint32_t pack_param(TexParam p, const tex::Lane& v) {
  switch (p) {
    case P::ArrayIndex: return pack_array_lod_clamp(v.layer, v.lod_clamp);
    case P::S: return v.coord[0];
    case P::T: return v.coord[1];
    case P::R: return v.coord[2];
    case P::Handle: return v.handle;
    case P::Lod: return v.lod;
    case P::Offset: return pack_offsets(v.offset);
    case P::Tld4Offset: return pack_tld4_offsets(v.offset);
    case P::PtpOffsetsLo: return pack_ptp_offsets(v.ptp)[0];
    case P::PtpOffsetsHi: return pack_ptp_offsets(v.ptp)[1];
    case P::DepthRef: return v.dref;
    case P::Sample: return v.sample;
    case P::LayerOffset: return pack_layer_offsets(v.layer, v.offset);
    case P::DsDx:
    case P::DsDy:
    case P::DtDx:
    case P::DtDy:
    case P::DrDx:
    case P::DrDy: return v.gradients[static_cast<std::size_t>(p) - static_cast<std::size_t>(P::DsDx)];
    case P::Count: break;
  }
  return 0;
}

void unpack_param(TexParam p, uint32_t w, tex::Lane& v) {
  switch (p) {
    case P::ArrayIndex: {
      const ArrayLodClamp a = unpack_array_lod_clamp(w);
      v.layer = a.layer;
      v.lod_clamp = a.lod_clamp;
      break;
    }
    case P::S: v.coord[0] = w; break;
    case P::T: v.coord[1] = w; break;
    case P::R: v.coord[2] = w; break;
    case P::Handle: v.handle = w; break;
    case P::Lod: v.lod = w; break;
    case P::Offset: v.offset = unpack_offsets(w); break;
    case P::Tld4Offset: v.offset = unpack_tld4_offsets(w); break;
    case P::PtpOffsetsLo: {
      const tex::PtpOffsets o = unpack_ptp_offsets(w, 0);
      v.ptp[0] = o[0];
      v.ptp[1] = o[1];
      break;
    }
    case P::PtpOffsetsHi: {
      const tex::PtpOffsets o = unpack_ptp_offsets(0, w);
      v.ptp[2] = o[2];
      v.ptp[3] = o[3];
      break;
    }
    case P::DepthRef: v.dref = w; break;
    case P::Sample: v.sample = w; break;
    case P::LayerOffset: {
      const LayerOffsets l = unpack_layer_offsets(w);
      v.layer = l.layer;
      v.offset = l.offset;
      break;
    }
    case P::DsDx:
    case P::DsDy:
    case P::DtDx:
    case P::DtDy:
    case P::DrDx:
    case P::DrDy: v.gradients[static_cast<std::size_t>(p) - static_cast<std::size_t>(P::DsDx)] = w; break;
    case P::Count: break;
  }
}

TexRegisters pack(const TexLayout& layout, const tex::Lane& v) {
  TexRegisters r;
  for (std::size_t i = 0; i < layout.ra_count; ++i) r.ra[i] = pack_param(layout.ra[i], v);
  for (std::size_t i = 0; i < layout.rb_count; ++i) r.rb[i] = pack_param(layout.rb[i], v);
  return r;
}

tex::Lane unpack(const TexLayout& layout, const TexRegisters& r) {
  tex::Lane v;
  for (std::size_t i = 0; i < layout.ra_count; ++i) unpack_param(layout.ra[i], r.ra[i], v);
  for (std::size_t i = 0; i < layout.rb_count; ++i) unpack_param(layout.rb[i], r.rb[i], v);
  return v;
}

}  // namespace tmu::isa::sm50
