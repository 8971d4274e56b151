// SPDX-License-Identifier: MIT
#include "isa/sm50/tex_operands.h"

namespace tmu::isa::sm50 {
namespace {

using P = TexParam;

constexpr std::array<std::string_view, kNumTexParams> kNames{
    "array", "s", "t", "r", "handle", "lod", "offset", "ptp_lo", "ptp_hi", "dref", "sample", "layer_offset",
    "dsdx", "dsdy", "dtdx", "dtdy", "drdx", "drdy"};

// What a long-form instruction asks for, read from its fields.
struct Features {
  TexDim dim = TexDim::Tex2D;
  bool bindless = false, lod = false, offset = false, ptp = false, dc = false, ms = false, lc = false;
};

int coords(TexDim d) {
  switch (d) {
    case TexDim::Tex1D:
    case TexDim::Array1D: return 1;
    case TexDim::Tex2D:
    case TexDim::Array2D: return 2;
    default: return 3;  // 3D, ARRAY_3D, CUBE, ARRAY_CUBE
  }
}
bool is_array(TexDim d) { return (static_cast<unsigned>(d) & 1) != 0; }

class Builder {
 public:
  void a(P p) { l_.ra[l_.ra_count++] = p; }
  void b(P p) { l_.rb[l_.rb_count++] = p; }
  void coords_to_a(TexDim d) {
    const P c[3] = {P::S, P::T, P::R};
    for (int i = 0; i < coords(d); ++i) a(c[i]);
  }
  TexLayout done() const { return l_; }

 private:
  TexLayout l_;
};

// TEX, TLD, TLD4, TMML (seed 000/001 tables): Ra = [array], s, t, r; Rb = [handle], [lod], [offset(s)],
// [dref | sample]. TLD puts the offset before the sample index, as the seed's table and ptxas do.
TexLayout long_form(const Features& f) {
  Builder b;
  if (is_array(f.dim) || f.lc) b.a(P::ArrayIndex);
  b.coords_to_a(f.dim);
  if (f.bindless) b.b(P::Handle);
  if (f.lod) b.b(P::Lod);
  if (f.ptp) {
    b.b(P::PtpOffsetsLo);
    b.b(P::PtpOffsetsHi);
  } else if (f.offset) {
    b.b(P::Offset);
  }
  if (f.dc) b.b(P::DepthRef);
  if (f.ms) b.b(P::Sample);
  return b.done();
}

// TXD: Ra = [handle], coords, [array | offsets << 16]; Rb = the gradients, x and y derivative of each coordinate
// in turn (ptxas, lowering-facts 3.2 rule 4).
TexLayout txd(const Features& f) {
  Builder b;
  if (f.bindless) b.a(P::Handle);
  b.coords_to_a(f.dim);
  if (is_array(f.dim) || f.offset) b.a(P::LayerOffset);
  const P g[6] = {P::DsDx, P::DsDy, P::DtDx, P::DtDy, P::DrDx, P::DrDy};
  for (int i = 0; i < 2 * coords(f.dim); ++i) b.b(g[i]);
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
TexLayout tld4s(bool offset, bool dc) {
  Builder b;
  b.a(P::S);
  if (!offset && !dc) {
    b.b(P::T);
    return b.done();
  }
  b.a(P::T);
  if (offset) b.b(P::Offset);
  if (dc) b.b(P::DepthRef);
  return b.done();
}

bool has_lod_register(LodMode m) { return m == LodMode::LB || m == LodMode::LL || m == LodMode::LBA || m == LodMode::LLA; }

}  // namespace

std::string_view tex_param_name(TexParam p) { return kNames[static_cast<std::size_t>(p)]; }

bool TexLayout::has(TexParam p) const {
  for (TexParam q : ra_params())
    if (q == p) return true;
  for (TexParam q : rb_params())
    if (q == p) return true;
  return false;
}

TexLayout tex_layout(const Instruction& in) {
  Features f;
  f.dim = in.get_or<Opd::dim>(TexDim::Tex2D);
  f.lc = in.get_or<Opd::lc>(false);
  f.dc = in.get_or<Opd::dc>(false);
  f.offset = in.get_or<Opd::aoffi>(false);
  switch (in.op()) {
    case Op::TEX_B:
    case Op::TLD_B:
    case Op::TLD4_B:
    case Op::TMML_B:
    case Op::TXD_B:
    case Op::TXQ_B: f.bindless = true; break;
    default: break;
  }
  switch (in.op()) {
    case Op::TEX:
    case Op::TEX_B:
      f.lod = has_lod_register(in.get<Opd::lod>());
      return long_form(f);
    case Op::TLD:
    case Op::TLD_B:
      f.lod = in.get<Opd::tld_lod>() == TldLod::LL;
      f.ms = in.get<Opd::ms>();
      return long_form(f);
    case Op::TLD4:
    case Op::TLD4_B: {
      const GatherOffset g = in.get<Opd::goff>();
      f.offset = g == GatherOffset::AOFFI;
      f.ptp = g == GatherOffset::PTP;
      return long_form(f);
    }
    case Op::TMML:
    case Op::TMML_B: return long_form(f);
    case Op::TXD:
    case Op::TXD_B: return txd(f);
    case Op::TXQ:
    case Op::TXQ_B: {
      // TXQ: Ra = [handle], the level queried (ptxas txq.level; lowering-facts 3.10).
      Builder b;
      if (f.bindless) b.a(P::Handle);
      b.a(P::Lod);
      return b.done();
    }
    case Op::TEXS: {
      const uint32_t e = in.get<Opd::texs_enc>();
      return e < kTexsSplits.size() ? from_split(kTexsSplits[e]) : TexLayout{};
    }
    case Op::TLDS: {
      const uint32_t e = in.get<Opd::tlds_enc>();
      return e < kTldsSplits.size() ? from_split(kTldsSplits[e]) : TexLayout{};
    }
    case Op::TLD4S: return tld4s(in.get<Opd::aoffi>(), in.get<Opd::dc>());
    default: return TexLayout{};
  }
}

namespace {

using D = TexDim;
using L = LodMode;
// TEXS encodings 0..13 and TLDS 0..12 (the spellings of kTexsEncoding / kTldsEncoding, as fields).
constexpr std::array<ShortForm, 14> kTexsForms{{
    {D::Tex1D, L::LZ},         {D::Tex2D, L::None},       {D::Tex2D, L::LZ},        {D::Tex2D, L::LL},
    {D::Tex2D, L::None, true}, {D::Tex2D, L::LL, true},   {D::Tex2D, L::LZ, true},  {D::Array2D, L::None},
    {D::Array2D, L::LZ},       {D::Array2D, L::LZ, true}, {D::Tex3D, L::None},      {D::Tex3D, L::LZ},
    {D::Cube, L::None},        {D::Cube, L::LL},
}};
constexpr std::array<std::optional<ShortForm>, 13> kTldsForms{{
    ShortForm{D::Tex1D, L::LZ}, ShortForm{D::Tex1D, L::LL}, ShortForm{D::Tex2D, L::LZ}, std::nullopt,
    ShortForm{D::Tex2D, L::LZ, false, true}, ShortForm{D::Tex2D, L::LL}, ShortForm{D::Tex2D, L::LZ, false, false, true},
    ShortForm{D::Tex3D, L::LZ}, ShortForm{D::Array2D, L::LZ}, std::nullopt, std::nullopt, std::nullopt,
    ShortForm{D::Tex2D, L::LL, false, true},
}};

}  // namespace

std::optional<ShortForm> short_form(const Instruction& in) {
  switch (in.op()) {
    case Op::TEXS: {
      const uint32_t e = in.get<Opd::texs_enc>();
      return e < kTexsForms.size() ? std::optional(kTexsForms[e]) : std::nullopt;
    }
    case Op::TLDS: {
      const uint32_t e = in.get<Opd::tlds_enc>();
      return e < kTldsForms.size() ? kTldsForms[e] : std::nullopt;
    }
    case Op::TLD4S: return ShortForm{D::Tex2D, L::None, in.get<Opd::dc>(), in.get<Opd::aoffi>()};
    default: return std::nullopt;
  }
}

TexRegisters pack(const TexLayout& layout, const TexOperands& v) {
  TexRegisters r;
  for (std::size_t i = 0; i < layout.ra_count; ++i) r.ra[i] = v[layout.ra[i]];
  for (std::size_t i = 0; i < layout.rb_count; ++i) r.rb[i] = v[layout.rb[i]];
  return r;
}

TexOperands unpack(const TexLayout& layout, const TexRegisters& r) {
  TexOperands v;
  for (std::size_t i = 0; i < layout.ra_count; ++i) v[layout.ra[i]] = r.ra[i];
  for (std::size_t i = 0; i < layout.rb_count; ++i) v[layout.rb[i]] = r.rb[i];
  return v;
}

unsigned required_alignment(unsigned n) { return n <= 1 ? 1 : n == 2 ? 2 : 4; }

uint32_t pack_offsets(int u, int v, int w) {
  return (static_cast<uint32_t>(w) & 0xf) << 8 | (static_cast<uint32_t>(v) & 0xf) << 4 | (static_cast<uint32_t>(u) & 0xf);
}

std::array<int, 3> unpack_offsets(uint32_t p) {
  auto s4 = [](uint32_t x) { return static_cast<int>(sign_extend(x & 0xf, 4)); };
  return {s4(p), s4(p >> 4), s4(p >> 8)};
}

uint32_t pack_gather_offsets(int u, int v) {
  return (static_cast<uint32_t>(v) & 0x3f) << 8 | (static_cast<uint32_t>(u) & 0x3f);
}

std::array<int, 2> unpack_gather_offsets(uint32_t p) {
  return {static_cast<int>(sign_extend(p & 0x3f, 6)), static_cast<int>(sign_extend((p >> 8) & 0x3f, 6))};
}

uint32_t pack_array_lod_clamp(uint32_t array, uint32_t lod_clamp) { return (lod_clamp & 0xfff) << 16 | (array & 0xffff); }

}  // namespace tmu::isa::sm50
