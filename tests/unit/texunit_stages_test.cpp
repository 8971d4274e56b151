// SPDX-License-Identifier: MIT
// The sampling stages on their own: addressing, weights, LOD and cube faces, against values worked out by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "texunit/addressing.h"
#include "texunit/cube.h"
#include "texunit/lod.h"

namespace tmu::texunit {
namespace {

TEST(Addressing, ModesOnFourTexels) {
  EXPECT_EQ(wrap(AddressMode::Wrap, -1, 4), 3);
  EXPECT_EQ(wrap(AddressMode::Wrap, 5, 4), 1);
  // Mirror has period 2n: ... 1 0 | 0 1 2 3 | 3 2 1 0 | 0 1 ...
  EXPECT_EQ(wrap(AddressMode::Mirror, -1, 4), 0);
  EXPECT_EQ(wrap(AddressMode::Mirror, 4, 4), 3);
  EXPECT_EQ(wrap(AddressMode::Mirror, 9, 4), 1);
  // 1D buffers reach extents past 2^30: the mirrored index 2n - 1 - m must not overflow 32 bits (fuzz finding).
  // n = 2^31 - 1, period 2n = 2^32 - 2: -1 mirrors to 0; -2^31 + 2n = 2^31 - 2 < n is read unmirrored.
  EXPECT_EQ(wrap(AddressMode::Mirror, -1, INT32_MAX), 0);
  EXPECT_EQ(wrap(AddressMode::Mirror, INT32_MIN, INT32_MAX), INT32_MAX - 1);
  EXPECT_EQ(wrap(AddressMode::ClampToEdge, -3, 4), 0);
  EXPECT_EQ(wrap(AddressMode::ClampToEdge, 7, 4), 3);
  EXPECT_EQ(wrap(AddressMode::Border, -1, 4), kBorderTexel);
  EXPECT_EQ(wrap(AddressMode::Border, 4, 4), kBorderTexel);
  EXPECT_EQ(wrap(AddressMode::Border, 2, 4), 2);
  EXPECT_EQ(wrap(AddressMode::MirrorOnceClampToEdge, -1, 4), 0);
  EXPECT_EQ(wrap(AddressMode::MirrorOnceClampToEdge, -6, 4), 3);
  EXPECT_EQ(wrap(AddressMode::MirrorOnceBorder, -5, 4), kBorderTexel);
  EXPECT_EQ(wrap(AddressMode::MirrorOnceBorder, -4, 4), 3);
  // GL clamp: the coordinate is clamped to [0, n] first, so linear filtering at the edge reaches the border.
  EXPECT_EQ(prepare_coordinate(AddressMode::ClampOgl, -3.0, 4), 0.0);
  EXPECT_EQ(prepare_coordinate(AddressMode::ClampOgl, 9.0, 4), 4.0);
  EXPECT_EQ(prepare_coordinate(AddressMode::MirrorOnceClampOgl, -1.5, 4), 1.5);
}

TEST(Addressing, EightBitSubtexelPrecision) {
  const Policy nv = Policy::nvidia();
  EXPECT_EQ(nearest_texel(2.5, nv), 2);
  // NEAREST takes the floor of the coordinate itself (measured): 2.9999 reads texel 2 although 2.9999 * 256 =
  // 767.97 would round to texel 3's first sub-texel position.
  EXPECT_EQ(nearest_texel(2.9999, nv), 2);
  EXPECT_EQ(nearest_texel(-0.0001, nv), -1);
  EXPECT_EQ(nearest_texel(2.9999, Policy::float_exact()), 2);
  // x = 2.75: (704 - 128) = 576 = 2 * 256 + 64 -> texels 2, 3 with weight 64/256.
  auto t = linear_taps(2.75, nv);
  EXPECT_EQ(t.i0, 2);
  EXPECT_EQ(t.w1, 0.25f);
  // x = 0.25: 64 - 128 = -64 = -1 * 256 + 192 -> texels -1, 0 with weight 0.75.
  t = linear_taps(0.25, nv);
  EXPECT_EQ(t.i0, -1);
  EXPECT_EQ(t.w1, 0.75f);
  // x = 1/3: 85.33 rounds to 85; 85 - 128 = -43 = -256 + 213 -> weight 213/256.
  t = linear_taps(1.0 / 3, nv);
  EXPECT_EQ(t.i0, -1);
  EXPECT_EQ(t.w1, 213.0f / 256);
  t = linear_taps(1.0 / 3, Policy::float_exact());
  EXPECT_EQ(t.i0, -1);
  EXPECT_FLOAT_EQ(t.w1, 5.0f / 6);
  // A tie, x - 0.5 = 2 + 1/512: 512.5 rounds up to 513 (measured), to even 512 with Rounding::Nearest.
  t = linear_taps(2.5 + 1.0 / 512, nv);
  EXPECT_EQ(t.i0, 2);
  EXPECT_EQ(t.w1, 1.0f / 256);
  Policy even = nv;
  even.subtexel_rounding = Rounding::Nearest;
  EXPECT_EQ(linear_taps(2.5 + 1.0 / 512, even).w1, 0.0f);
  // -1.5 / 256 below 0: -1.5 + 0.5 = -1 -> weight 255/256 of texel 0 (ties go up, not away from zero).
  t = linear_taps(0.5 - 1.5 / 256, nv);
  EXPECT_EQ(t.i0, -1);
  EXPECT_EQ(t.w1, 255.0f / 256);
  // NaN and huge coordinates stay defined.
  EXPECT_EQ(nearest_texel(std::nan(""), nv), 0);
  EXPECT_EQ(linear_taps(1e300, nv).i0, (1 << 30) - 1);
}

TEST(Addressing, NormalizedCoordinatesKeep22Bits) {
  const Policy nv = Policy::nvidia();
  // Truncated to 2^-22 towards -infinity: 0.75 + 2^-23 -> 0.75, -2^-23 -> -2^-22.
  EXPECT_EQ(normalized_coordinate(0.75 + std::ldexp(1.0, -23), nv), 0.75);
  EXPECT_EQ(normalized_coordinate(-std::ldexp(1.0, -23), nv), -std::ldexp(1.0, -22));
  EXPECT_EQ(normalized_coordinate(0.1, Policy::float_exact()), 0.1);
  // On a 65536-texel axis that leaves 6 fractional bits: u = (40001.5 + 2/256) / 65536 reads weight 0, not 2/256
  // (the H200's answer, tests/hw weights-wide).
  const double x = normalized_coordinate((40001.5 + 2.0 / 256) / 65536, nv) * 65536;
  EXPECT_EQ(x, 40001.5);
  EXPECT_TRUE(std::isnan(normalized_coordinate(std::nan(""), nv)));
}

TEST(Lod, RhoAndLambda) {
  const Policy nv = Policy::nvidia();
  Gradients g;
  g.dx = {2, 0, 0};
  g.dy = {0, 1, 0};
  EXPECT_EQ(lambda_from_rho(rho(g, Rho::Length), nv), 1.0);
  // Four vectors: L(dx) = 2, L(dy) = 1, 11/16 L(2, +-1) = 11/16 (2 + 350/1024) = 1.61 -> rho 2.
  EXPECT_EQ(rho(g, Rho::FourVectors), 2.0);
  // A footprint rotated by 45 degrees: vector length sqrt(2) -> lambda 0.5; the max-abs approximation says 0.
  g.dx = {1, 1, 0};
  g.dy = {-1, 1, 0};
  EXPECT_EQ(lambda_from_rho(rho(g, Rho::Length), nv), 0.5);
  EXPECT_EQ(lambda_from_rho(rho(g, Rho::MaxAbs), nv), 0.0);
  // Four vectors: L(1, 1) = 1 + 350/1024 = 1.341796875; dx + dy = (0, 2) and dx - dy = (2, 0) give 11/16 * 2 =
  // 1.375 -> rho 1.375 = 1.011b: table bin 96 holds 118 -> lambda 118/256.
  EXPECT_EQ(rho(g, Rho::FourVectors), 1.375);
  EXPECT_EQ(lambda_from_rho(1.375, nv), 118.0 / 256);
  // 3D: max + 350/1024 mid + 250/1024 min: (4, 2, 1) -> 4 + 700/1024 + 250/1024.
  g.dims = 3;
  g.dx = {1, -4, 2};
  g.dy = {0, 0, 0};
  EXPECT_EQ(rho(g, Rho::FourVectors), 4 + 950.0 / 1024);
  // log2(3): 3 = 1.1b * 2, bin 128 holds 150 -> 1 + 150/256 (the exact log2, 1.5849625 * 256 = 405.75,
  // truncates to 405).
  EXPECT_EQ(lambda_from_rho(3.0, nv), 406.0 / 256);
  Policy exact = nv;
  exact.lod_log2 = Log2::Exact;
  EXPECT_EQ(lambda_from_rho(3.0, exact), 405.0 / 256);
  EXPECT_EQ(lambda_from_rho(0.0, nv), -std::numeric_limits<double>::infinity());
}

TEST(Lod, BiasClampsAndLevels) {
  LodControls c;
  c.bias = 0.5;
  c.max = 1.25;
  EXPECT_EQ(biased_lod(1.0, c), 1.25);
  EXPECT_EQ(biased_lod(std::nan(""), c), 0.0);
  c.view_min = 0.75;  // header MIN_LOD_CLAMP or .LC
  EXPECT_EQ(biased_lod(-3.0, c), 0.75);
  const Policy nv = Policy::nvidia();
  auto l = choose_levels(1.5, MipFilter::Linear, 2, 7, nv);
  EXPECT_EQ(l.level0, 3u);
  EXPECT_EQ(l.level1, 4u);
  EXPECT_EQ(l.weight1, 0.5f);
  EXPECT_EQ(choose_levels(0.5, MipFilter::Point, 2, 7, nv).level0, 3u);  // floor(0.5 + 0.5) = 1
  Policy gl = nv;
  gl.mip_nearest = MipNearest::RoundHalfDown;
  EXPECT_EQ(choose_levels(0.5, MipFilter::Point, 2, 7, gl).level0, 2u);  // ceil(1.0) - 1 = 0
  l = choose_levels(10, MipFilter::Linear, 2, 7, nv);
  EXPECT_EQ(l.level0, 7u);
  EXPECT_EQ(l.weight1, 0.0f);
  l = choose_levels(-1, MipFilter::Linear, 2, 7, nv);
  EXPECT_TRUE(l.magnify);
  EXPECT_EQ(l.level0, 2u);
  EXPECT_EQ(choose_levels(3.0, MipFilter::None, 2, 7, nv).level0, 2u);
}

// Anisotropic footprints (lod.h, anisotropic_footprint and anisotropic_taps; measured on an H100).
TEST(Lod, AnisotropicFootprintAndTaps) {
  const Policy nv = Policy::nvidia();
  Gradients g;
  // 8 x 2 texels along the axes, maximum ratio 16: area 16 over major 8 -> lambda log2(2) = 1; the major axis in
  // 2^1 texels is 4: four taps, one unit apart.
  g.dx = {8, 0, 0};
  g.dy = {0, 2, 0};
  AnisoFootprint f = anisotropic_footprint(g, 16, Rho::FourVectors, nv);
  EXPECT_EQ(f.lambda, 1.0);
  EXPECT_EQ(f.major, 8.0);
  EXPECT_EQ(f.axis[0], 1.0);
  EXPECT_EQ(f.axis[1], 0.0);
  AnisoTaps t = anisotropic_taps(f.major, f.lambda, 16);
  EXPECT_EQ(t.count, 4u);
  EXPECT_EQ(t.stride, 1.0);  // 4 (4 - 1) / (4 (4 - 1))
  // Ratio 8 at maximum ratio 4: the LOD rises to log2(8 / 4) = 1 (minor axis 1 alone would give 0); four taps.
  g.dy = {0, 1, 0};
  f = anisotropic_footprint(g, 4, Rho::FourVectors, nv);
  EXPECT_EQ(f.lambda, 1.0);
  t = anisotropic_taps(f.major, f.lambda, 4);
  EXPECT_EQ(t.count, 4u);
  EXPECT_EQ(t.stride, 1.0);
  // The same footprint rotated by 45 degrees and sheared: dx = (4, 4), dy = (-1, 1). Major L(4, 4) =
  // 4 + 350/1024 * 4 = 5.3671875 = 1.341796875 * 4 (table bin 87: 109/256); area |4 * 1 - 4 * -1| = 8. The minor
  // axis is area / major: lambda = 3 - (2 + 109/256) = 147/256 (the shorter gradient, L(-1, 1), would give
  // 109/256).
  g.dx = {4, 4, 0};
  g.dy = {-1, 1, 0};
  f = anisotropic_footprint(g, 16, Rho::FourVectors, nv);
  EXPECT_EQ(f.major, 5.3671875);
  EXPECT_EQ(f.lambda, 147.0 / 256);
  EXPECT_DOUBLE_EQ(f.axis[0], std::sqrt(0.5));
  EXPECT_DOUBLE_EQ(f.axis[1], std::sqrt(0.5));
  // L = 5.3671875 / 2^(147/256) = 3.605: a box of 3.605 units covered by four taps one unit apart, the inner two
  // weighted 1, the outer two by the 0.8025 units of the box their units cover.
  t = anisotropic_taps(f.major, f.lambda, 16);
  const double l = 5.3671875 / std::exp2(147.0 / 256);
  EXPECT_EQ(t.count, 4u);
  EXPECT_EQ(t.stride, 1.0);
  EXPECT_DOUBLE_EQ(t.end_weight, (l - 2) / 2);
  // L = 5.5 at maximum ratio 16: ceil 6 taps, the outer two weighted (5.5 - 4) / 2; at maximum ratio 4 the ratio
  // is clamped: four equal taps.
  t = anisotropic_taps(11.0, 1.0, 16);
  EXPECT_EQ(t.count, 6u);
  EXPECT_EQ(t.end_weight, 0.75);
  t = anisotropic_taps(11.0, 1.0, 4);
  EXPECT_EQ(t.count, 4u);
  EXPECT_EQ(t.stride, 1.0);
  EXPECT_EQ(t.end_weight, 1.0);
  // L = 2.5: three taps rounded up to four, ends (2.5 - 2) / 2.
  t = anisotropic_taps(2.5, 0.0, 8);
  EXPECT_EQ(t.count, 4u);
  EXPECT_EQ(t.end_weight, 0.25);
  // Magnification: 1.5 x 0.25 texels -> lambda log2(0.375) - log2(1.5) = (-2 + 150/256) - 150/256 = -2; the
  // taps are counted in texels of level 0 (lambda 0 after the clamps): L = 1.5, two taps 2 - 2 / 1.5 = 2/3 apart.
  g.dx = {1.5, 0, 0};
  g.dy = {0, 0.25, 0};
  f = anisotropic_footprint(g, 16, Rho::FourVectors, nv);
  EXPECT_EQ(f.lambda, -2.0);
  t = anisotropic_taps(f.major, 0.0, 16);
  EXPECT_EQ(t.count, 2u);
  EXPECT_DOUBLE_EQ(t.stride, 2.0 / 3);
  // A major axis of at most one unit is one tap; so is a maximum ratio of 1.
  EXPECT_EQ(anisotropic_taps(0.8, 0.0, 16).count, 1u);
  t = anisotropic_taps(4.0, 1.0, 2);  // L = 2, maximum ratio 2: two taps one unit apart
  EXPECT_EQ(t.count, 2u);
  EXPECT_EQ(t.stride, 1.0);
  t = anisotropic_taps(6.0, 1.0, 2);  // L = 3, clamped to two taps, one unit apart
  EXPECT_EQ(t.count, 2u);
  EXPECT_EQ(t.stride, 1.0);
  EXPECT_EQ(anisotropic_taps(4.0, 1.0, 1).count, 1u);
  // A degenerate footprint (no area) takes the clamped ratio's LOD: log2(4) - log2(2) = 1.
  g.dx = {4, 0, 0};
  g.dy = {0, 0, 0};
  EXPECT_EQ(anisotropic_footprint(g, 2, Rho::FourVectors, nv).lambda, 1.0);
}

TEST(Cube, FacesAndTies) {
  // +X: sc = -z, tc = -y, ma = x.
  auto c = cube_face(1, 0.5, -0.25, CubeTie::PreferZ);
  EXPECT_EQ(c.face, 0u);
  EXPECT_EQ(c.s, 0.625);
  EXPECT_EQ(c.t, 0.25);
  c = cube_face(0, 0, -2, CubeTie::PreferZ);
  EXPECT_EQ(c.face, 5u);
  EXPECT_EQ(c.s, 0.5);
  // Ties (texture-unit-facts 4.3): llvmpipe picks +Y for (1,1,0) and +Z for (1,1,1); softpipe +X for both.
  EXPECT_EQ(cube_face(1, 1, 0, CubeTie::PreferZ).face, 2u);
  EXPECT_EQ(cube_face(1, 1, 1, CubeTie::PreferZ).face, 4u);
  EXPECT_EQ(cube_face(1, 1, 0, CubeTie::PreferX).face, 0u);
  EXPECT_EQ(cube_face(1, 1, 1, CubeTie::PreferX).face, 0u);
  // The zero vector reads the face centre instead of dividing by zero.
  EXPECT_EQ(cube_face(0, 0, 0, CubeTie::PreferZ).s, 0.5);
  // Derivative on +Z at (0, 0, 1) moving along x: s = (x/z + 1)/2, ds/dx = 1/2.
  const auto z = cube_face(0, 0, 1, CubeTie::PreferZ);
  const auto d = cube_derivative(z, 0, 0, 1, 1, 0, 0);
  EXPECT_EQ(d[0], 0.5);
  EXPECT_EQ(d[1], 0.0);
}

// Policy::CubeLod::Unfolded, by hand from the face table (+Z: sc = x, tc = -y, ma = z; +X: sc = -z, tc = -y).
TEST(CubeDifference, SameFaceIsTheFiniteDifference) {
  // (0.5, 0, 1) + (0, 0, 1) = (0.5, 0, 2): s goes from 0.5 to 0.25 in [-1, 1] units, -0.125 in s units (the
  // derivative would say -0.25).
  const auto c = cube_face(0.5, 0, 1, CubeTie::PreferZ);
  const auto d = cube_difference(c, 0.5, 0, 1, 0, 0, 1);
  EXPECT_EQ(d[0], -0.125);
  EXPECT_EQ(d[1], 0.0);
  EXPECT_EQ(cube_derivative(c, 0.5, 0, 1, 0, 0, 1)[0], -0.25);
  // (0, 0, 1) + (0.5, 0.25, 0): (0.5, -0.25) on the face, so (0.25, -0.125) in s, t units.
  const auto z = cube_face(0, 0, 1, CubeTie::PreferZ);
  const auto e = cube_difference(z, 0, 0, 1, 0.5, 0.25, 0);
  EXPECT_EQ(e[0], 0.25);
  EXPECT_EQ(e[1], -0.125);
}

TEST(CubeDifference, UnfoldsAcrossTheEdge) {
  const auto z = cube_face(0, 0, 1, CubeTie::PreferZ);
  // (0, 0, 1) + (2, 0, 0) = (2, 0, 1) lies on +X, 1/2 from its edge with +Z (-z/x = -0.5, the edge at -1):
  // unfolded s = 1 + (1 - 0.5) = 1.5 = 2 - 1/2, so ds = 1.5 / 2 = 0.75 (the H100's lambda log2(1.5 * size / 2)).
  auto d = cube_difference(z, 0, 0, 1, 2, 0, 0);
  EXPECT_EQ(d[0], 0.75);
  EXPECT_EQ(d[1], 0.0);
  // The other way: (-4, 0, 1) on -X, 1/4 from the edge: s = -(2 - 1/4) = -1.75.
  d = cube_difference(z, 0, 0, 1, -4, 0, 0);
  EXPECT_EQ(d[0], -0.875);
  // Along t: (0, 0, 1) + (0.25, -2, 0) = (0.25, -2, 1) on -Y: t = -y = 2 past the edge t = 1, so
  // t = 2 - 1/2 = 1.5 and s = 0.25 / 2 = 0.125 (the neighbour's coordinate along the edge).
  d = cube_difference(z, 0, 0, 1, 0.25, -2, 0);
  EXPECT_EQ(d[0], 0.0625);
  EXPECT_EQ(d[1], 0.75);
}

}  // namespace
}  // namespace tmu::texunit
