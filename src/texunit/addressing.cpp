// SPDX-License-Identifier: MIT
#include "texunit/addressing.h"

#include <algorithm>
#include <cmath>

namespace tmu::texunit {
namespace {

int64_t floor_mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }

// A scaled coordinate rounded to an integer as the policy says.
double round_scaled(double scaled, Rounding r) {
  switch (r) {
    case Rounding::Truncate: return std::floor(scaled);
    case Rounding::NearestUp: return std::floor(scaled + 0.5);
    default: return std::nearbyint(scaled);
  }
}

// x in fixed point with `bits` fractional bits, rounded as the policy says; huge and NaN coordinates are pinned
// to a range far outside any texture so that integer arithmetic never overflows (NaN reads as 0).
int64_t to_fixed(double x, unsigned bits, Rounding r) {
  if (std::isnan(x)) return 0;
  return static_cast<int64_t>(round_scaled(std::ldexp(std::clamp(x, -double{1 << 30}, double{1 << 30}), static_cast<int>(bits)), r));
}

}  // namespace

int32_t wrap(AddressMode mode, int32_t i, int32_t n) {
  if (n <= 0) return kBorderTexel;
  switch (mode) {
    case AddressMode::Wrap: return static_cast<int32_t>(floor_mod(i, n));
    case AddressMode::Mirror: {
      // In 64 bits: 1D buffers reach n > 2^30, where the period 2n and the mirrored index overflow 32 bits.
      const int64_t m = floor_mod(i, 2 * int64_t{n});
      return static_cast<int32_t>(m < n ? m : 2 * int64_t{n} - 1 - m);
    }
    case AddressMode::ClampToEdge: return std::clamp(i, 0, n - 1);
    case AddressMode::MirrorOnceClampToEdge: return std::clamp(i < 0 ? -1 - i : i, 0, n - 1);
    case AddressMode::Border:
    case AddressMode::ClampOgl: return i >= 0 && i < n ? i : kBorderTexel;
    case AddressMode::MirrorOnceBorder:
    case AddressMode::MirrorOnceClampOgl: {
      const int32_t m = i < 0 ? -1 - i : i;
      return m < n ? m : kBorderTexel;
    }
  }
  return kBorderTexel;
}

double prepare_coordinate(AddressMode mode, double x, int32_t n) {
  switch (mode) {
    case AddressMode::ClampToEdge: return std::clamp(x, 0.5, double(n) - 0.5);
    case AddressMode::ClampOgl: return std::clamp(x, 0.0, double(n));
    case AddressMode::MirrorOnceClampOgl: return std::clamp(std::fabs(x), 0.0, double(n));
    default: return x;
  }
}

double normalized_coordinate(double u, const Policy& p) {
  if (p.coord_bits == 0 || std::isnan(u)) return u;
  // Held within +-2^24 (infinities included): on an H100 a normalized coordinate past 2^24 or infinite reads the
  // texel +-2^24 reads (gpu-tex seed 5151's fit half: every such lookup of 2d-rgba8-point-addr, -bilinear-addr and
  // 2d-nonfinite; 2^22 and 2^25 miss some). 2^24 times any size is a multiple of it: wrap and mirror read from
  // texel 0's edge.
  constexpr double kLimit = 0x1p24;
  const double scaled = std::ldexp(std::clamp(u, -kLimit, kLimit), p.coord_bits);
  return std::ldexp(std::floor(scaled), -static_cast<int>(p.coord_bits));
}

int32_t nearest_texel(double x, const Policy&) {
  // The floor of the coordinate itself: measured on an H200 (tests/hw, coord-precision), a lookup 2^-22 texel
  // below an edge still reads the lower texel, so point sampling does not round to the 8 sub-texel bits.
  if (std::isnan(x)) return 0;
  return static_cast<int32_t>(std::floor(std::clamp(x, -double{1 << 30}, double{1 << 30})));
}

double subtexel_position(double x, const Policy& p) {
  if (p.subtexel_rounding == Rounding::Exact || !std::isfinite(x)) return x;
  const int bits = static_cast<int>(p.subtexel_bits);
  return std::ldexp(round_scaled(std::ldexp(x, bits), p.subtexel_rounding), -bits);
}

AxisTaps linear_taps(double x, const Policy& p) {
  if (p.subtexel_rounding == Rounding::Exact) {
    const double c = std::isnan(x) ? -0.5 : std::clamp(x, -double{1 << 30}, double{1 << 30}) - 0.5;
    const double f = std::floor(c);
    return {static_cast<int32_t>(f), static_cast<float>(c - f)};
  }
  const unsigned bits = p.subtexel_bits;
  const int64_t fx = to_fixed(x, bits, p.subtexel_rounding) - (int64_t{1} << (bits - 1));
  const int64_t i0 = fx >> bits;  // arithmetic shift: floor
  const int64_t frac = fx - (i0 << bits);
  return {static_cast<int32_t>(i0), static_cast<float>(std::ldexp(static_cast<double>(frac), -static_cast<int>(bits)))};
}

}  // namespace tmu::texunit
