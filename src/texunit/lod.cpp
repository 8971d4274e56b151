// SPDX-License-Identifier: MIT
#include "texunit/lod.h"

#include <algorithm>
#include <cmath>

namespace tmu::texunit {

double rho(const Gradients& g, Rho formula) {
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
  return quantize_lod(std::log2(r), p);
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
