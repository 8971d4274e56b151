// SPDX-License-Identifier: MIT
#include "texunit/lod.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace tmu::texunit {
namespace {

// NVIDIA's log2 for the LOD: the fraction (in 1/256) of log2(1.m) for each value of the mantissa's top 8 bits,
// read off an H200 (tests/hw, category lod-isotropic: 1153 gradients, each bin seen in two or three octaves
// with the same answer). Close to round(256 log2(1 + (b + 0.5) / 256)), but not equal to it in 14 of 256 bins.
constexpr uint8_t kLog2Fraction[256] = {
      0,   2,   4,   5,   6,   8,   9,  11,  12,  13,  15,  16,  18,  19,  20,  22,
     23,  24,  26,  27,  28,  30,  31,  32,  34,  35,  36,  38,  39,  40,  42,  43,
     44,  45,  47,  48,  49,  50,  52,  53,  54,  55,  57,  58,  59,  60,  62,  63,
     64,  65,  66,  68,  69,  70,  71,  72,  74,  75,  76,  77,  78,  79,  81,  82,
     83,  84,  85,  86,  88,  89,  90,  91,  92,  93,  94,  95,  97,  98,  99, 100,
    101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
    118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
    135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
    150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164,
    165, 166, 167, 168, 169, 170, 171, 172, 173, 173, 174, 175, 176, 177, 178, 179,
    180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
    194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206,
    207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219,
    220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232,
    233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
    245, 245, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};

// The vector length of Rho::FourVectors: the largest component magnitude plus 350/1024 of the middle one and
// 250/1024 of the smallest (fitted to the H200's answers for one gradient at 129 angles and random 3D ones).
double approximate_length(const std::array<double, 3>& v, unsigned dims) {
  const double x = std::fabs(v[0]), y = dims > 1 ? std::fabs(v[1]) : 0.0, z = dims > 2 ? std::fabs(v[2]) : 0.0;
  const double hi = std::max(x, y), lo = std::min(x, y);
  const double top = std::max(hi, z), low = std::min(lo, z), mid = x + y + z - top - low;
  return top + 350.0 / 1024 * mid + 250.0 / 1024 * low;
}

double four_vectors(const Gradients& g) {
  std::array<double, 3> sum{}, diff{};
  for (unsigned i = 0; i < 3; ++i) {
    sum[i] = g.dx[i] + g.dy[i];
    diff[i] = g.dx[i] - g.dy[i];
  }
  return std::max({approximate_length(g.dx, g.dims), approximate_length(g.dy, g.dims),
                   11.0 / 16 * approximate_length(sum, g.dims), 11.0 / 16 * approximate_length(diff, g.dims)});
}

}  // namespace

double footprint_length(const std::array<double, 3>& v, unsigned dims, Rho formula) {
  if (formula == Rho::FourVectors) return approximate_length(v, dims);
  double l = 0;
  for (unsigned i = 0; i < dims && i < 3; ++i) l = formula == Rho::Length ? std::hypot(l, v[i]) : std::max(l, std::fabs(v[i]));
  return l;
}

double table_log2(double r) {
  if (std::isnan(r) || r <= 0) return r > 0 ? r : -std::numeric_limits<double>::infinity();
  if (std::isinf(r)) return r;
  if (r < 0x1p-1000 || r > 0x1p1000) {  // far outside any LOD range: frexp handles denormals
    int e = 0;
    const double m = std::frexp(r, &e);  // r = m * 2^e, m in [0.5, 1)
    return (e - 1) + kLog2Fraction[static_cast<unsigned>(std::ldexp(m, 9)) - 256] / 256.0;
  }
  // A normal double: the exponent field and the mantissa's top 8 bits.
  const auto bits = std::bit_cast<uint64_t>(r);
  const int e = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  return e + kLog2Fraction[(bits >> 44) & 0xff] / 256.0;
}

double rho(const Gradients& g, Rho formula) {
  if (formula == Rho::FourVectors) return four_vectors(g);
  double x = 0, y = 0;
  for (unsigned i = 0; i < g.dims && i < 3; ++i) {
    if (formula == Rho::Length) {
      x += g.dx[i] * g.dx[i];
      y += g.dy[i] * g.dy[i];
    } else {
      x = std::max(x, std::fabs(g.dx[i]));
      y = std::max(y, std::fabs(g.dy[i]));
    }
  }
  return formula == Rho::Length ? std::sqrt(std::max(x, y)) : std::max(x, y);
}

double quantize_lod(double lambda, const Policy& p) {
  if (!std::isfinite(lambda) || p.lod_rounding == Rounding::Exact) return lambda;
  const double s = std::ldexp(lambda, p.lod_bits);
  return std::ldexp(p.lod_rounding == Rounding::Truncate ? std::floor(s) : std::nearbyint(s), -static_cast<int>(p.lod_bits));
}

double lambda_from_rho(double r, const Policy& p) {
  if (std::isnan(r)) return 0;
  if (r <= 0) return -std::numeric_limits<double>::infinity();
  if (p.lod_log2 == Log2::Table) return table_log2(r);
  return quantize_lod(std::log2(r), p);
}

AnisoFootprint anisotropic_footprint(const Gradients& g, unsigned max_ratio, Rho formula, const Policy& p) {
  AnisoFootprint f;
  const double lx = footprint_length(g.dx, g.dims, formula), ly = footprint_length(g.dy, g.dims, formula);
  const auto& v = lx >= ly ? g.dx : g.dy;
  f.major = std::max(lx, ly);
  const double euclid = std::hypot(v[0], v[1], v[2]);
  if (euclid > 0 && std::isfinite(euclid))
    for (unsigned a = 0; a < 3; ++a) f.axis[a] = v[a] / euclid;
  // |d/dx x d/dy|: the parallelogram's area (2D), the length of the cross product in 3D.
  const double cx = g.dx[1] * g.dy[2] - g.dx[2] * g.dy[1], cy = g.dx[2] * g.dy[0] - g.dx[0] * g.dy[2];
  const double cz = g.dx[0] * g.dy[1] - g.dx[1] * g.dy[0];
  const double area = g.dims > 2 ? std::hypot(cx, cy, cz) : std::fabs(cz);
  if (std::isnan(f.major) || std::isnan(area)) return {lambda_from_rho(area + f.major, p), 0, {}};  // as rho NaN: 0
  const double major_lod = lambda_from_rho(f.major, p);
  const double clamped = major_lod - std::log2(static_cast<double>(max_ratio));
  f.lambda = area > 0 ? std::max(lambda_from_rho(area, p) - major_lod, clamped) : clamped;
  return f;
}

AnisoTaps anisotropic_taps(double major, double lambda, unsigned max_ratio) {
  AnisoTaps t;
  const double units = major / std::exp2(std::max(lambda, 0.0));
  if (!(units > 1) || !std::isfinite(units)) return t;
  t.count = static_cast<unsigned>(std::min<double>(std::ceil(units), std::max(max_ratio, 1u)));
  if (t.count == 2) t.stride = 2 * (units - 1) / units;
  if (t.count == 2 && units > 2) t.stride = 1;  // a maximum ratio of 2, clamped
  if (t.count < 3) return t;
  t.count += t.count % 2;  // (maximum ratios are even)
  const double box = std::min(units, static_cast<double>(max_ratio));
  t.stride = 1;
  t.end_weight = (box - (t.count - 2)) / 2;
  return t;
}

double biased_lod(double lambda, const LodControls& c) {
  const double lo = std::max(c.min, c.view_min);
  double l = lambda + c.bias;
  if (std::isnan(l)) l = lo;
  return std::clamp(l, lo, std::max(lo, c.max));
}

LevelChoice choose_levels(double lambda, MipFilter mip, unsigned view_min_level, unsigned view_max_level,
                          const Policy& p) {
  LevelChoice c;
  c.magnify = lambda <= 0;
  const unsigned top = std::max(view_min_level, view_max_level);
  c.level0 = c.level1 = view_min_level;
  if (mip == MipFilter::None || lambda <= 0) {
    // No mipmapping, or magnification: the view's first level. (A linear mip filter at lambda <= 0 reads level
    // 0 with weight 0 for level 1.)
    return c;
  }
  if (mip == MipFilter::Point) {
    const double d = p.mip_nearest == MipNearest::RoundHalfUp ? std::floor(lambda + 0.5) : std::ceil(lambda + 0.5) - 1;
    c.level0 = c.level1 = static_cast<unsigned>(std::min<double>(view_min_level + std::max(d, 0.0), top));
    return c;
  }
  const double d = std::floor(lambda);
  c.level0 = static_cast<unsigned>(std::min<double>(view_min_level + d, top));
  c.level1 = std::min(c.level0 + 1, top);
  c.weight1 = c.level1 == c.level0 ? 0.0f : static_cast<float>(lambda - d);
  return c;
}

}  // namespace tmu::texunit
