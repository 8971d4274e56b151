// SPDX-License-Identifier: MIT
#include "texunit/filter.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "texunit/addressing.h"
#include "texunit/cube.h"
#include "texunit/numeric.h"
#include "texunit/srgb.h"

namespace tmu::texunit {
namespace {

bool integer_format(const FormatPlan& f) {
  for (unsigned c = 0; c < 4; ++c)
    if (f.type(c) == DataType::Sint || f.type(c) == DataType::Uint) return true;
  return false;
}

// A seamless cube lookup outside the face: the texel centre as a direction, re-projected onto the neighbouring
// face (Vulkan's rule for cube edges). Returns false when both coordinates are outside (a corner).
bool cube_neighbour(unsigned face, int32_t i, int32_t j, int32_t n, unsigned& nf, int32_t& ni, int32_t& nj) {
  const bool iout = i < 0 || i >= n, jout = j < 0 || j >= n;
  if (iout && jout) return false;
  // Face coordinates in [-1, 1] of the texel centre.
  const double sc = (2.0 * (i + 0.5)) / n - 1, tc = (2.0 * (j + 0.5)) / n - 1;
  // Inverse of the face table in cube.cpp: direction = ma * axis + sc * s_axis + tc * t_axis.
  double v[3] = {0, 0, 0};
  switch (face) {
    case 0: v[0] = 1; v[2] = -sc; v[1] = -tc; break;
    case 1: v[0] = -1; v[2] = sc; v[1] = -tc; break;
    case 2: v[1] = 1; v[0] = sc; v[2] = tc; break;
    case 3: v[1] = -1; v[0] = sc; v[2] = -tc; break;
    case 4: v[2] = 1; v[0] = sc; v[1] = -tc; break;
    default: v[2] = -1; v[0] = -sc; v[1] = -tc; break;
  }
  // The out-of-range coordinate exceeds 1 in magnitude: the re-projection picks the neighbouring face.
  const CubeCoord c = cube_face(v[0], v[1], v[2], CubeTie::PreferZ);
  nf = c.face;
  ni = std::clamp(static_cast<int32_t>(std::floor(c.s * n)), 0, n - 1);
  nj = std::clamp(static_cast<int32_t>(std::floor(c.t * n)), 0, n - 1);
  return true;
}

// The average of the three texels that meet at a cube corner.
Rgba average(const std::array<Rgba, 3>& t) {
  Rgba r;
  for (unsigned c = 0; c < 4; ++c) r[c] = (t[0][c] + t[1][c] + t[2][c]) / 3;
  return r;
}

// An SNORM8 texel's code from its decoded value (c / 127; -128 reads -1, so -127).
int64_t snorm8_code(float v) { return std::isnan(v) ? 0 : std::llround(static_cast<double>(v) * 127.0); }

class Fetcher {
 public:
  Fetcher(const LevelSample& s, bool& resident) : s_(s), resident_(resident), e_(s.access->extent(s.level)) {
    // Seamless cube edges replace the texels of LINEAR footprints (and gathers) that fall off the face; a
    // NEAREST lookup clamps to the face instead (Vulkan, "Wrapping Operation": cube images ignore the wrap
    // modes, NEAREST uses CLAMP_TO_EDGE; GL and Mesa alike), so s = 1.0 reads the face's last texel.
    seamless_ = s.cube && s.sampler->cube_interface >= 2 && (s.footprint || (s.linear && !integer()));
    // Faces are square; a header that says otherwise (or a zero-sized level) gets no seams to cross.
    if (e_.width == 0 || e_.width != e_.height) seamless_ = false;
    // Fixed-point depth formats clamp the reference to [0, 1] before comparing (D3D and Vulkan rules; llvmpipe
    // and the CTS do the same); float depth compares unclamped.
    dref_ = s.compare && s.format->type(0) == DataType::Unorm ? std::clamp(s.dref, 0.0f, 1.0f) : s.dref;
  }

  const Extent& extent() const { return e_; }

  // R, G, B, A of texel (i, j, k), after address modes; depth-compared when asked.
  Rgba texel(int32_t i, int32_t j, int32_t k) {
    if (seamless_) {
      const int32_t n = static_cast<int32_t>(e_.width);
      const unsigned face = s_.layer % 6, base = s_.layer - face;
      if (i < 0 || j < 0 || i >= n || j >= n) {
        unsigned nf;
        int32_t ni, nj;
        if (cube_neighbour(face, i, j, n, nf, ni, nj)) return read(base + nf, ni, nj, 0);
        // A corner: the average of the three texels that meet there (Vulkan; the GPU's filters weigh them apart:
        // corner(), split_corner).
        return average(*corner(i, j));
      }
      return read(s_.layer, i, j, 0);
    }
    const auto at = address(i, j, k);
    return at ? read(s_.layer, (*at)[0], (*at)[1], (*at)[2]) : border();
  }

  // A seamless cube footprint's texel off both edges of the face (a corner): the texels that meet there, the two
  // on the neighbouring faces and then the face's own corner texel; nothing for any other texel.
  std::optional<std::array<Rgba, 3>> corner(int32_t i, int32_t j) {
    if (!seamless_) return std::nullopt;
    const int32_t n = static_cast<int32_t>(e_.width);
    if (!((i < 0 || i >= n) && (j < 0 || j >= n))) return std::nullopt;
    const int32_t ci = std::clamp(i, 0, n - 1), cj = std::clamp(j, 0, n - 1);
    return std::array<Rgba, 3>{texel(ci, j, 0), texel(i, cj, 0), read(s_.layer, ci, cj, 0)};
  }

  // The SNORM8 codes of texel (i, j, k)'s R, G, B, A, for the filters that sum codes: the raw fields where the
  // access has them (-128 stays -128), else from the decoded values (seamless cube edges, the border, accesses
  // without read_fields: -128 reads as -127).
  std::array<int64_t, 4> snorm8_codes(int32_t i, int32_t j, int32_t k) {
    std::array<int64_t, 4> out{};
    if (!seamless_)
      if (const auto at = address(i, j, k)) {
        std::array<uint32_t, 4> fields{};
        bool res = true;
        if (s_.access->read_fields(s_.level, s_.layer, static_cast<uint32_t>((*at)[0]), static_cast<uint32_t>((*at)[1]),
                                   static_cast<uint32_t>((*at)[2]), res, fields)) {
          for (unsigned c = 0; c < 4; ++c) out[c] = static_cast<int8_t>(static_cast<uint8_t>(fields[c] & 0xff));
          return out;
        }
      }
    const Rgba r = texel(i, j, k);
    for (unsigned c = 0; c < 4; ++c) out[c] = snorm8_code(r[c]);
    return out;
  }

  bool integer() const { return integer_format(*s_.format); }
  bool seamless() const { return seamless_; }

  // Texel (i, j, k) of a format whose four components filter in fixed point (not depth-compared, not across cube
  // seams), as the 16-bit values the filter sums: what unorm16_of makes of texel()'s floats, read without them
  // where the access can (TextureAccess::read_unorm16).
  std::array<uint32_t, 4> texel16(int32_t i, int32_t j, int32_t k) {
    const auto at = address(i, j, k);
    std::array<uint32_t, 4> out;
    if (at) {
      bool res = true;
      if (s_.access->read_unorm16(s_.level, s_.layer, static_cast<uint32_t>((*at)[0]), static_cast<uint32_t>((*at)[1]),
                                  static_cast<uint32_t>((*at)[2]), res, out)) {
        if (!res) resident_ = false;
        return out;
      }
    }
    const Rgba r = at ? read(s_.layer, (*at)[0], (*at)[1], (*at)[2]) : border();
    for (unsigned c = 0; c < 4; ++c) out[c] = unorm16_of(r[c]);
    return out;
  }

 private:
  // Texel (i, j, k) after the address modes; nothing when it is the border.
  std::optional<std::array<int32_t, 3>> address(int32_t i, int32_t j, int32_t k) const {
    const int32_t x = wrap(mode(0), i, static_cast<int32_t>(e_.width));
    const int32_t y = s_.dims >= 2 ? wrap(mode(1), j, static_cast<int32_t>(e_.height)) : 0;
    const int32_t z = s_.dims >= 3 ? wrap(mode(2), k, static_cast<int32_t>(e_.depth)) : 0;
    if (x == kBorderTexel || y == kBorderTexel || z == kBorderTexel) return std::nullopt;
    return std::array<int32_t, 3>{x, y, z};
  }

  AddressMode mode(unsigned axis) const {
    // Cube maps clamp to the face edge unless the sampler says to use its wrap modes (USE_WRAP, 0); with the
    // seamless modes only NEAREST lookups get here.
    if (s_.cube && s_.sampler->cube_interface != 0) return AddressMode::ClampToEdge;
    return s_.sampler->address[axis];
  }

  Rgba read(unsigned layer, int32_t x, int32_t y, int32_t z) {
    bool res = true;
    const Texel t = apply_srgb_policy(*s_.format, *s_.policy,
                                      s_.access->read(s_.level, layer, static_cast<uint32_t>(x), static_cast<uint32_t>(y),
                                                      static_cast<uint32_t>(z), res));
    if (!res) resident_ = false;
    return finish(t.bits);
  }

  // The border colour, converted when a texel first needs it (most footprints never leave the texture).
  Rgba border() {
    if (!s_.border_zero && !border_ready_) border_ = border_color(*s_.header, *s_.format, *s_.sampler, *s_.policy);
    border_ready_ = true;
    return finish(apply_srgb_policy(*s_.format, *s_.policy, Texel{border_}).bits);
  }

  Rgba finish(const std::array<uint32_t, 4>& bits) {
    if (s_.compare) {
      const float c = depth_compare(s_.sampler->compare, dref_, std::bit_cast<float>(bits[0]));
      return {c, c, c, c};
    }
    Rgba out;
    for (unsigned c = 0; c < 4; ++c) out[c] = std::bit_cast<float>(bits[c]);
    return out;
  }

  const LevelSample& s_;
  bool& resident_;
  Extent e_;
  std::array<uint32_t, 4> border_{};
  bool border_ready_ = false;
  bool seamless_ = false;
  float dref_ = 0;
};

// The taps' 8-bit weights (tests/hw: filter-unorm8, filter-2d, wrap, mip-vs-flat, mip-footprint, tri-blend; gpu-tex
// seed 5151, 2d-formats-linear: the float formats too). The taps of a level share its total T (256, or 256 - f and
// f when two UNORM levels blend with lambda's 8-bit fraction f). T splits along u as u1 = round(wu T / 256),
// u0 = T - u1; each column along v: w11 = round(wv u1 / 256), w01 = u0 wv / 256 rounded half down (so that T = 256
// gives w11 = round(wu wv / 256), w01 = wv - w11); 3D splits T along w first, the far plane's share
// p1 = ww T / 256 rounded half down, p0 = T - p1, then each plane so (tests/hw tri-3d: 256 of 256; with two levels,
// of the 128 ways to round the seven splits only this one fits the fit half of tri-3d, tri-3d-mip and target-3d,
// 272 of 272, the far plane rounded half up 269; check half 272 of 272). Rounding is half up elsewhere. Tap i: u is bit 0, v bit 1, w bit
// 2 (sample_level's order).
using TapWeights = std::array<uint64_t, 8>;

TapWeights split_weights(const AxisTaps (&t)[3], unsigned dims, uint64_t total) {
  const auto w8 = [&](unsigned a) { return static_cast<uint64_t>(t[a].w1 * 256.0f); };
  const auto up = [](uint64_t x) { return (x + 128) >> 8; };
  const auto down = [](uint64_t x) { return (x + 127) >> 8; };
  TapWeights w{};
  auto split2d = [&](uint64_t plane, uint64_t* out) {
    const uint64_t u1 = up(w8(0) * plane), u0 = plane - u1;
    if (dims == 1) {
      out[0] = u0, out[1] = u1;
      return;
    }
    const uint64_t w11 = up(w8(1) * u1), w01 = down(w8(1) * u0);
    out[0] = u0 - w01, out[1] = u1 - w11, out[2] = w01, out[3] = w11;
  };
  if (dims == 3) {
    const uint64_t p1 = down(w8(2) * total);
    split2d(total - p1, w.data());
    split2d(p1, w.data() + 4);
  } else {
    split2d(total, w.data());
  }
  return w;
}

// Float filtering as the GPU does it: the taps that have weight are aligned to the largest one's exponent with
// `align` fractional bits, truncated towards zero; summed with their 8-bit weights (split_weights, summing to
// 256); the sum rounded to the result's precision, ties away from zero. FLOAT16: 14 bits aligned, an fp16 result
// (tests/hw filter-fp16: every one- and two-axis lookup); decoded sRGB: 7 bits (its table values have 8
// significant bits) below the exponent of the largest tap's code group (srgb_filter_exponent), fp16 (tests/hw
// filter-srgb, format-linear and border: all 1758 R, G, B components; the value's own exponent misses 18 of
// format-linear's 2D lookups and one border lookup); FLOAT32: 27 bits, an fp32 result (gpu-tex seed 5151,
// 2d-formats-linear, R32F and RGBA32F with the split weights: 139 of the fit half's 141 finite lookups, 26 bits
// 129, 28 bits 134; the check half 138 of 138; tests/hw filter-fp32's one-axis lookups, all 4112 components).
// NaN and infinite taps: nonfinite_filter.
struct FloatFilter {
  int align;         // fractional bits the largest tap keeps
  int mantissa;      // fractional bits of the result's significand
  int min_exponent;  // below it the result is subnormal
  double max;        // the largest finite result
  bool srgb = false;  // the largest tap's exponent from its sRGB code's group (srgb.h, srgb_filter_exponent)
};
constexpr FloatFilter kHalfFilter{14, 10, -14, 65504.0};
constexpr FloatFilter kSrgbFilter{7, 10, -14, 65504.0, true};
constexpr FloatFilter kFloatFilter{27, 23, -126, 0x1.fffffep127};

// The aligned-sum parameters of component c (float_filter_components says which components have them).
const FloatFilter& float_filter_for(const FormatPlan& f, unsigned c) {
  return f.srgb_applies(c) ? kSrgbFilter : f.layout().fields[c].width == 16 ? kHalfFilter : kFloatFilter;
}

// NaN and infinite taps (an H100, R32F and R16F, both filters' arithmetic; issue 13): the taps that have weight
// decide the result alone, whatever their weights. A NaN among them, or +Inf with -Inf, gives the GPU's NaN
// 0x7fffffff (a NaN texel read by point sampling keeps its bits); otherwise an infinity gives itself, also when
// it has all the weight (not a lerp's Inf + 0 * (x - Inf) = NaN). Taps without weight count for nothing, as they
// do not count in float_filter's alignment. Returns nothing when the weighted taps are finite.
inline constexpr uint32_t kFilteredNan = 0x7fffffff;

std::optional<float> nonfinite_filter(const Rgba* tap, unsigned n, unsigned weighted, unsigned c) {
  bool nan = false, pos = false, neg = false;
  for (unsigned i = 0; i < n; ++i) {
    if (!((weighted >> i) & 1)) continue;
    const float v = tap[i][c];
    nan |= std::isnan(v);
    pos |= v == std::numeric_limits<float>::infinity();
    neg |= v == -std::numeric_limits<float>::infinity();
  }
  if (nan || (pos && neg)) return std::bit_cast<float>(kFilteredNan);
  if (pos || neg) return pos ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
  return std::nullopt;
}

// The taps (bit i: tap i) whose weight is not zero, from the axes' exact weights (the fp32 lerps' weights).
unsigned weighted_taps(const AxisTaps (&t)[3], unsigned dims) {
  unsigned mask = 0;
  for (unsigned i = 0; i < (1u << dims); ++i) {
    bool has = true;
    for (unsigned a = 0; a < dims; ++a) has = has && (((i >> a) & 1) ? t[a].w1 > 0.0f : t[a].w1 < 1.0f);
    if (has) mask |= 1u << i;
  }
  return mask;
}

// Component c of n taps (at most 16: two levels' footprints) with 8-bit weights w, summing to 256.
float filter_float(const Rgba* tap, const uint64_t* w, unsigned n, unsigned c, const FloatFilter& f) {
  unsigned weighted = 0;
  for (unsigned i = 0; i < n; ++i)
    if (w[i] > 0) weighted |= 1u << i;
  if (const auto special = nonfinite_filter(tap, n, weighted, c)) return *special;
  // A zero result is -0 when every tap with weight is negative or -0 (gpu-tex seed 5151, 2d-formats-linear fit
  // half: an RGBA16F border's -0 alone reads -0).
  double largest = 0;
  bool negative = true;
  for (unsigned i = 0; i < n; ++i)
    if (w[i] > 0) {
      largest = std::max(largest, std::fabs(static_cast<double>(tap[i][c])));
      negative = negative && std::signbit(tap[i][c]);
    }
  const float zero = negative ? -0.0f : 0.0f;
  if (largest == 0) return zero;
  // Aligned taps are integers below 2^(align + 1), weights at most 2^8: the sum of 16 fits 64 bits.
  const int shift = f.align - (f.srgb ? srgb_filter_exponent(static_cast<float>(largest)) : std::ilogb(largest));
  int64_t sum = 0;
  for (unsigned i = 0; i < n; ++i)
    if (w[i] > 0)
      sum += static_cast<int64_t>(w[i]) * static_cast<int64_t>(std::trunc(std::ldexp(static_cast<double>(tap[i][c]), shift)));
  if (sum == 0) return zero;
  // |sum| * 2^scale, rounded to `mantissa` fractional bits below its leading one (fixed below min_exponent).
  const uint64_t m = static_cast<uint64_t>(sum < 0 ? -sum : sum);
  const int scale = -shift - 8;
  const int e = std::max(static_cast<int>(std::bit_width(m)) - 1 + scale, f.min_exponent);
  const int k = e - f.mantissa - scale;  // bits of m below the result's last place
  const uint64_t q = k <= 0 ? m << -k : (m + (uint64_t{1} << (k - 1))) >> k;
  const double v = std::ldexp(static_cast<double>(q), e - f.mantissa);
  const double r = v > f.max ? std::numeric_limits<double>::infinity() : v;
  return static_cast<float>(sum < 0 ? -r : r);
}

Rgba lerp(const Rgba& a, const Rgba& b, float w) {
  Rgba r;
  for (unsigned c = 0; c < 4; ++c) r[c] = a[c] + w * (b[c] - a[c]);
  return r;
}

}  // namespace

float depth_compare(CompareFunc f, float ref, float d) {
  bool r = false;
  switch (f) {
    case CompareFunc::Never: r = false; break;
    case CompareFunc::Less: r = ref < d; break;
    case CompareFunc::Equal: r = ref == d; break;
    case CompareFunc::LessEqual: r = ref <= d; break;
    case CompareFunc::Greater: r = ref > d; break;
    case CompareFunc::NotEqual: r = ref != d; break;
    case CompareFunc::GreaterEqual: r = ref >= d; break;
    case CompareFunc::Always: r = true; break;
  }
  return r ? 1.0f : 0.0f;
}

namespace {

// A border component converted to an n-bit UNORM or SNORM code and read back (Policy::border_conversion):
// the clamped value truncated to n + 4 fractional bits (SNORM: its magnitude, n - 1 + 4), then rounded to a code,
// half down. Measured on an H200 for n = 8 and 16 (tests/hw: every UNORM8, UNORM16 and SNORM8 border value).
float normalized_border(float v, DataType type, unsigned n) {
  if (type == DataType::Unorm) {
    const double c = v > 0.0f ? (v < 1.0f ? static_cast<double>(v) : 1.0) : 0.0;  // NaN -> 0
    const double t = std::ldexp(std::floor(std::ldexp(c, static_cast<int>(n) + 4)), -static_cast<int>(n) - 4);
    const double scaled = t * static_cast<double>((uint64_t{1} << n) - 1);
    return unorm_to_float(static_cast<uint32_t>(std::ceil(scaled - 0.5)), n);
  }
  const double c = v > -1.0f ? (v < 1.0f ? static_cast<double>(v) : 1.0) : (v <= -1.0f ? -1.0 : 0.0);  // NaN -> 0
  const int m = static_cast<int>(n) - 1;
  const double t = std::ldexp(std::floor(std::ldexp(std::fabs(c), m + 4)), -m - 4);
  const auto code = static_cast<int64_t>(std::ceil(t * static_cast<double>((uint64_t{1} << m) - 1) - 0.5));
  const int64_t field = c < 0 ? (int64_t{1} << n) - code : code;  // two's complement in n bits
  return snorm_to_float(static_cast<uint32_t>(field & static_cast<int64_t>((uint64_t{1} << n) - 1)), n);
}

// FLOAT16: truncated towards zero, saturated at +-65504 (tests/hw border-value); NaN stays NaN.
float half_border(float v) {
  if (std::isnan(v)) return v;
  const double a = std::min(std::fabs(static_cast<double>(v)), 65504.0);
  if (a == 0) return v;
  const int e = std::max(std::ilogb(a), -14);
  const double q = std::ldexp(std::floor(std::ldexp(a, 10 - e)), e - 10);
  return static_cast<float>(v < 0 ? -q : q);
}

}  // namespace

std::array<uint32_t, 4> border_color(const TextureHeader& h, const FormatPlan& f, const Sampler& s, const Policy& p) {
  std::array<uint32_t, 4> b = s.border;
  if (p.border_conversion)
    for (unsigned c = 0; c < 4; ++c) {
      const unsigned n = f.layout().fields[c].width;
      const float v = std::bit_cast<float>(b[c]);
      if ((f.type(c) == DataType::Unorm || f.type(c) == DataType::Snorm) && (n == 8 || n == 16))
        b[c] = std::bit_cast<uint32_t>(normalized_border(v, f.type(c), n));
      else if (f.type(c) == DataType::Float && n == 16)
        b[c] = std::bit_cast<uint32_t>(half_border(v));
    }
  if (h.srgb)
    for (unsigned c = 0; c < 3; ++c) b[c] = std::bit_cast<uint32_t>(srgb8_to_linear(s.srgb_border[c]));
  if (h.depth_texture) b[1] = b[2] = b[3] = b[0];  // DEPTH_TEXTURE smears the border's R over RGBA
  return b;
}

float blend_levels_float(const FormatPlan& f, unsigned c, float r0, float r1, float weight1) {
  std::array<Rgba, 8> tap{};
  tap[0][c] = r0;
  tap[1][c] = r1;
  const auto w1 = static_cast<uint64_t>(weight1 * 256.0f);
  const uint64_t w[2] = {256 - w1, w1};
  return filter_float(tap.data(), w, 2, c, float_filter_for(f, c));
}

float blend_levels_float(const FormatPlan& f, unsigned c, const FixedSums& l0, const FixedSums& l1) {
  std::array<Rgba, 16> tap{};
  std::array<uint64_t, 16> w{};
  std::copy_n(l0.tap.begin(), l0.taps, tap.begin());
  std::copy_n(l1.tap.begin(), l1.taps, tap.begin() + l0.taps);
  std::copy_n(l0.weight.begin(), l0.taps, w.begin());
  std::copy_n(l1.weight.begin(), l1.taps, w.begin() + l0.taps);
  return filter_float(tap.data(), w.data(), l0.taps + l1.taps, c, float_filter_for(f, c));
}

float blend_levels_lerp(float r0, float r1, float weight1) {
  std::array<Rgba, 8> tap{};
  tap[0][0] = r0;
  tap[1][0] = r1;
  const unsigned weighted = (weight1 < 1.0f ? 1u : 0u) | (weight1 > 0.0f ? 2u : 0u);
  if (const auto special = nonfinite_filter(tap.data(), 2, weighted, 0)) return *special;
  return r0 + weight1 * (r1 - r0);
}

namespace {

// Whether lookups filter with the GPU's arithmetic (fixed_point_components, float_filter_components): the policy
// asks for it and the weights are 8-bit; depth-compared lookups filter their 0/1 results in fp32.
bool gpu_arithmetic(const Policy& p, bool compare) {
  return p.unorm_fixed_point && !compare && p.subtexel_bits == 8 && p.subtexel_rounding != Rounding::Exact;
}

}  // namespace

unsigned float_filter_components(const FormatPlan& f, const Policy& p, bool compare) {
  if (!gpu_arithmetic(p, compare)) return 0;
  unsigned mask = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const unsigned width = f.layout().fields[c].width;
    const bool flt = f.type(c) == DataType::Float && (width == 16 || width == 32);
    if (flt || (f.srgb_applies(c) && p.srgb == SrgbDecode::Table)) mask |= 1u << c;
  }
  return mask;
}

unsigned snorm8_components(const FormatPlan& f, const Policy& p, bool compare) {
  if (!gpu_arithmetic(p, compare)) return 0;
  unsigned mask = 0;
  for (unsigned c = 0; c < 4; ++c)
    if (f.type(c) == DataType::Snorm && f.layout().fields[c].width == 8) mask |= 1u << c;
  return mask;
}

// SNORM8 filtering (tests/hw filter-snorm8: 416 of 514 lookups exact, the rest one unit of n; gpu-tex seed 5151,
// RGBA8 SNORM, fit half: 2D bilinear lookups inside the texture 39 of 49; the 2d-gather check half: 288 of 288
// components): the sum T of the taps' codes (-127..127) times their 8-bit weights (split_weights) becomes
// n = T * 32767 / (256 * 127) rounded half away from zero, the result n / 32767: a 16-bit SNORM value, not
// T / (256 * 127). The GPU's n is one lower on some lookups within about 0.1 of a tie (no rule found yet;
// docs/texunit.md), and it sums code -128 as -128 where tmu, reading decoded texels, sums -127. A gather returns
// each texel so (T = 256 c); point sampling returns c / 127.
float snorm8_of_sum(int64_t t) {
  const int64_t num = t * 32767, den = 256 * 127;
  const int64_t mag = (std::abs(num) * 2 + den) / (2 * den);
  const int64_t n = std::min<int64_t>(mag, 32767);
  return static_cast<float>(static_cast<double>(num < 0 ? -n : n) / 32767.0);
}

unsigned fixed_point_components(const FormatPlan& f, const Policy& p, bool compare) {
  if (!gpu_arithmetic(p, compare)) return 0;
  unsigned mask = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const unsigned width = f.layout().fields[c].width;
    if (f.type(c) == DataType::Unorm && (width == 8 || width == 16) && !f.srgb_applies(c)) mask |= 1u << c;
  }
  return mask;
}

Texel apply_srgb_policy(const FormatPlan& f, const Policy& p, Texel t) {
  if (p.srgb == SrgbDecode::Exact)
    for (unsigned c = 0; c < 4; ++c)
      if (f.srgb_applies(c)) t.bits[c] = std::bit_cast<uint32_t>(srgb_exact_from_decoded(std::bit_cast<float>(t.bits[c])));
  return t;
}

// A seamless cube footprint's corner tap `i` (Fetcher::corner: its texels) as the GPU filters it: of its 8-bit
// weight w, each of the two texels on the neighbouring faces takes round(w / 3) and the face's own corner texel the
// rest (tests/hw cube-seamless: every corner lookup's weights solve to that split and to no other, w from 11 to 64,
// e.g. 64 as 21 + 21 + 22, 26 as 9 + 9 + 8). The neighbours become taps n and n + 1; n grows by 2.
void split_corner(unsigned i, const std::array<Rgba, 3>& texels, unsigned& n, std::array<Rgba, 8>& tap,
                  std::array<std::array<uint32_t, 4>, 8>& tap16, TapWeights& w, TapWeights& w256, unsigned fixed) {
  for (TapWeights* weights : {&w, &w256}) {
    const uint64_t third = ((*weights)[i] + 1) / 3;  // round((*weights)[i] / 3): never a tie
    (*weights)[n] = (*weights)[n + 1] = third;
    (*weights)[i] -= 2 * third;
  }
  for (unsigned k = 0; k < 3; ++k) {
    const unsigned to = k < 2 ? n + k : i;
    tap[to] = texels[k];
    for (unsigned c = 0; c < 4; ++c)
      if ((fixed >> c) & 1) tap16[to][c] = unorm16_of(tap[to][c]);
  }
  n += 2;
}

Rgba sample_level(const LevelSample& s, bool& resident) {
  Fetcher f(s, resident);
  const Policy& p = *s.policy;
  const Extent& e = f.extent();
  const int32_t size[3] = {static_cast<int32_t>(e.width), static_cast<int32_t>(e.height), static_cast<int32_t>(e.depth)};
  auto coord = [&](unsigned a) {
    return s.cube ? s.texel[a] : prepare_coordinate(s.sampler->address[a], s.texel[a], size[a]);
  };
  const unsigned fixed = fixed_point_components(*s.format, p, s.compare);
  // Integer formats cannot be filtered: they are always point sampled.
  if (!s.linear || f.integer()) {
    int32_t ijk[3] = {0, 0, 0};
    for (unsigned a = 0; a < s.dims; ++a) {
      ijk[a] = nearest_texel(coord(a), p);
      // The GL clamp modes clamp the coordinate to [0, n]; at n itself point sampling reads the last texel.
      const AddressMode m = s.sampler->address[a];
      if (!s.cube && (m == AddressMode::ClampOgl || m == AddressMode::MirrorOnceClampOgl) && ijk[a] == size[a])
        ijk[a] = size[a] - 1;
    }
    Rgba r = f.texel(ijk[0], ijk[1], ijk[2]);
    if (s.footprint) {
      const unsigned snorm = snorm8_components(*s.format, p, s.compare);
      for (unsigned c = 0; c < 4; ++c)
        if ((snorm >> c) & 1) r[c] = snorm8_of_sum(256 * snorm8_code(r[c]));
    }
    if (s.sums) {
      *s.sums = FixedSums{};
      s.sums->mask = f.integer() ? 0 : fixed;
      for (unsigned c = 0; c < 4; ++c)
        if ((s.sums->mask >> c) & 1) s.sums->sum[c] = uint64_t{s.total} * unorm16_of(r[c]);
    }
    return r;
  }
  AxisTaps t[3];
  for (unsigned a = 0; a < s.dims; ++a) t[a] = linear_taps(coord(a), p);
  // The footprint's texels, i (u) fastest, then j, then k. When all four components filter in fixed point (and
  // no cube seam is crossed), the filter needs only their 16-bit values.
  unsigned n = 1u << s.dims;
  auto at = [&](unsigned i, unsigned a) { return a < s.dims ? t[a].i0 + static_cast<int32_t>((i >> a) & 1) : 0; };
  const bool only_fixed = fixed == 0xf && !f.seamless();
  // (Cleared only where the float route needs it: 256 bytes per footprint otherwise.)
  std::array<Rgba, 8> tap;
  std::array<std::array<uint32_t, 4>, 8> tap16;
  if (!only_fixed) tap = {};
  // A seamless cube footprint's tap off both edges of the face, and the three texels that meet there (a 2x2
  // footprint has at most one).
  std::optional<std::pair<unsigned, std::array<Rgba, 3>>> corner;
  for (unsigned i = 0; i < n; ++i) {
    if (only_fixed) {
      tap16[i] = f.texel16(at(i, 0), at(i, 1), at(i, 2));
    } else {
      if (f.seamless() && !corner)
        if (const auto texels = f.corner(at(i, 0), at(i, 1))) corner.emplace(i, *texels);
      tap[i] = corner && corner->first == i ? average(corner->second) : f.texel(at(i, 0), at(i, 1), at(i, 2));
      for (unsigned c = 0; c < 4; ++c)
        if ((fixed >> c) & 1) tap16[i][c] = unorm16_of(tap[i][c]);
    }
  }
  // fp32 lerps (along u, then v, then w) for what the GPU's arithmetic below does not cover, over the taps that
  // have weight (one without reads 0, so that its NaN or infinity does not reach the result; NaN and infinite
  // taps with weight as nonfinite_filter says); four fixed-point components (RGBA8, RGBA16) need none.
  const unsigned floats = float_filter_components(*s.format, p, s.compare);
  const unsigned snorm = snorm8_components(*s.format, p, s.compare);
  const unsigned gpu = fixed | floats | snorm;  // the components the GPU's arithmetic below covers
  Rgba r{};
  if (gpu != 0xf) {
    const unsigned weighted = weighted_taps(t, s.dims);
    std::array<Rgba, 8> wt = tap;
    for (unsigned i = 0; i < n; ++i)
      if (!((weighted >> i) & 1)) wt[i] = Rgba{};
    if (s.dims == 1) {
      r = lerp(wt[0], wt[1], t[0].w1);
    } else {
      auto plane = [&](unsigned base) { return lerp(lerp(wt[base], wt[base + 1], t[0].w1), lerp(wt[base + 2], wt[base + 3], t[0].w1), t[1].w1); };
      r = s.dims == 2 ? plane(0) : lerp(plane(0), plane(4), t[2].w1);
    }
    for (unsigned c = 0; c < 4; ++c)
      if (!((gpu >> c) & 1))
        if (const auto special = nonfinite_filter(tap.data(), n, weighted, c)) r[c] = *special;
  }
  if (s.sums) *s.sums = FixedSums{};
  if (!gpu) return r;
  // The taps' weights from the level's total; a level's own result, when two levels blend, from 256 (what the
  // caller falls back to when it cannot sum both levels' taps as one).
  TapWeights w = split_weights(t, s.dims, s.total);
  TapWeights w256 = s.total == 256 || !(floats | snorm) ? w : split_weights(t, s.dims, 256);
  if (corner) split_corner(corner->first, corner->second, n, tap, tap16, w, w256, fixed);
  if (floats) {
    if (s.sums) {
      s.sums->float_mask = floats;
      s.sums->taps = n;
      s.sums->tap = tap;
      s.sums->weight = w;
    }
    for (unsigned c = 0; c < 4; ++c)
      if ((floats >> c) & 1) r[c] = filter_float(tap.data(), w256.data(), n, c, float_filter_for(*s.format, c));
  }
  if (snorm) {
    if (s.sums) s.sums->snorm_mask = snorm;
    // The codes as the texture holds them (Fetcher::snorm8_codes: -128 is summed as -128 on an H100, tests/hw
    // format-linear); the taps a cube corner added (split_corner) from their decoded values.
    std::array<std::array<int64_t, 4>, 8> codes{};
    for (unsigned i = 0; i < n; ++i) {
      if (f.seamless()) {
        for (unsigned c = 0; c < 4; ++c) codes[i][c] = snorm8_code(tap[i][c]);
      } else {
        codes[i] = f.snorm8_codes(at(i, 0), at(i, 1), at(i, 2));
      }
    }
    for (unsigned c = 0; c < 4; ++c) {
      if (!((snorm >> c) & 1)) continue;
      int64_t sum = 0, sum256 = 0;
      for (unsigned i = 0; i < n; ++i) {
        const int64_t code = codes[i][c];
        sum += static_cast<int64_t>(w[i]) * code;
        sum256 += static_cast<int64_t>(w256[i]) * code;
      }
      if (s.sums) s.sums->snorm_sum[c] = sum;
      r[c] = snorm8_of_sum(sum256);
    }
  }
  if (!fixed) return r;
  // 16-bit fixed point (tests/hw: filter-unorm8, filter-2d, wrap, mip-vs-flat, mip-footprint, tri-blend): the
  // weighted 16-bit texels of all taps of both levels (split_weights with the level's total) sum and round once:
  // N = (S + 128) >> 8.
  if (s.sums) s.sums->mask = fixed;
  for (unsigned c = 0; c < 4; ++c) {
    if (!((fixed >> c) & 1)) continue;
    uint64_t sum = 0;
    for (unsigned i = 0; i < n; ++i) sum += w[i] * tap16[i][c];
    if (s.sums) s.sums->sum[c] = sum;
    r[c] = float_of_unorm16(static_cast<uint32_t>((sum + 128) >> 8));
  }
  return r;
}

}  // namespace tmu::texunit
