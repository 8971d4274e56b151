// SPDX-License-Identifier: MIT
// Differential tests of tmu's texture unit against llvmpipe (default and SoA paths) and softpipe: seeded random
// cases over every texture target, many formats, wrap modes, filters, LOD modes and query ops, plus systematic
// sweeps. Judging (exact / tolerance model / known difference) is in texunit_mesa_diff.cpp. Set
// TMU_DIFF_SEED=<n> to run other random cases and TMU_DIFF_CASES=<n> for more of them; the seed is printed.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

#include <fmt/format.h>

#include "texunit/srgb.h"
#include "oracle.h"
#include "texunit_mesa_diff.h"

namespace tmu::test::diff {
namespace {

using gl::Format;
using gl::Target;

// Draws are taken one per statement (or in braced lists, which are sequenced): two draws that are operands of one
// operator or arguments of one call would come in an order that differs between compilers, and so would the cases.
class Rng {
 public:
  explicit Rng(uint64_t seed) : g_(seed) {}
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g_); }  // [lo, hi]
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(g_); }
  bool chance(double p) { return real(0, 1) < p; }
  template <typename T>
  const T& pick(const std::vector<T>& v) { return v[static_cast<std::size_t>(uniform(0, static_cast<int>(v.size()) - 1))]; }
  uint32_t bits() { return static_cast<uint32_t>(g_()); }

 private:
  std::mt19937_64 g_;
};

// Random texels of one format: every code of the normalized and integer formats; floats with exponents kept
// small (|v| < 2^3 or so) so that the tolerance model's ranges stay meaningful; depth within [0, 1].
std::vector<std::byte> random_texels(Rng& r, Format f, std::size_t n) {
  std::vector<std::byte> out(n * gl::texel_bytes(f));
  auto put32 = [&](std::size_t i, uint32_t v) { std::memcpy(out.data() + 4 * i, &v, 4); };
  auto half = [&] {
    const uint32_t sign = r.bits() & 0x8000;
    const auto exponent = static_cast<uint32_t>(r.uniform(0, 17));
    return static_cast<uint16_t>(sign | exponent << 10 | (r.bits() & 0x3ff));
  };
  // A field of a packed float: a 5-bit exponent below 18 above `mantissa` random bits.
  auto packed = [&](unsigned mantissa) {
    const auto exponent = static_cast<uint32_t>(r.uniform(0, 17));
    return exponent << mantissa | (r.bits() & ((1u << mantissa) - 1));
  };
  switch (f) {
    case Format::rgba16f:
      for (std::size_t i = 0; i < 4 * n; ++i) {
        const uint16_t h = half();
        std::memcpy(out.data() + 2 * i, &h, 2);
      }
      break;
    case Format::rgba32f:
    case Format::r32f:
      for (std::size_t i = 0; i < out.size() / 4; ++i) put32(i, std::bit_cast<uint32_t>(static_cast<float>(r.real(-4, 4))));
      break;
    case Format::depth32f:
      for (std::size_t i = 0; i < n; ++i) put32(i, std::bit_cast<uint32_t>(static_cast<float>(r.real(0, 1))));
      break;
    case Format::depth24:
      for (std::size_t i = 0; i < n; ++i) put32(i, r.bits() & 0xffffff);
      break;
    case Format::r11g11b10f:
      // 5-bit exponents kept below 18 in each field (no Inf/NaN, values below 8).
      for (std::size_t i = 0; i < n; ++i) {
        const uint32_t rr = packed(6);
        const uint32_t gg = packed(6);
        const uint32_t bb = packed(5);
        put32(i, rr | gg << 11 | bb << 22);
      }
      break;
    case Format::rgb9e5:
      for (std::size_t i = 0; i < n; ++i) {
        const uint32_t mantissas = r.bits() & 0x7ffffff;
        put32(i, mantissas | static_cast<uint32_t>(r.uniform(0, 17)) << 27);
      }
      break;
    default:
      for (auto& b : out) b = static_cast<std::byte>(r.bits());
      break;
  }
  return out;
}

bool cube_target(Target t) { return gl::faces(t) == 6; }

gl::Texture random_texture(Rng& r, Target target, Format f) {
  gl::Texture t;
  t.target = target;
  t.format = f;
  const std::vector<int> sizes = {1, 2, 3, 4, 5, 7, 8, 8, 16, 16};
  t.width = r.pick(sizes);
  t.height = target == Target::tex1d || target == Target::tex1d_array ? 1 : cube_target(target) ? t.width : r.pick(sizes);
  t.depth = target == Target::tex3d ? r.uniform(1, 8) : 1;
  t.layers = gl::is_layered(target) ? r.uniform(1, target == Target::cube_array ? 2 : 4) : 1;
  int full = 1;
  while ((std::max({t.width, t.height, t.depth}) >> full) > 0) ++full;
  const int levels = r.chance(0.3) ? 1 : r.uniform(1, full);
  for (int l = 0; l < levels; ++l) t.levels.push_back(random_texels(r, f, t.level_texels(l)));
  // Open observations kept out of the random cases (docs/gl-oracle.md, "Differential tests"): softpipe reads
  // other texels than llvmpipe and tmu for gathers and cube maps with BASE_LEVEL > 0, and llvmpipe a different
  // component for swizzled depth textures.
  const bool base_ok = !gl::is_layered(target) && !cube_target(target) && target != Target::tex2d;
  if (levels > 1 && base_ok && r.chance(0.3)) t.base_level = 1;
  if (levels > 2 && r.chance(0.2)) t.max_level = r.uniform(t.base_level, levels - 1);
  if (!gl::is_depth(f) && r.chance(0.15))
    for (auto& s : t.swizzle) s = static_cast<gl::Swizzle>(r.uniform(0, 5));
  return t;
}

// A border colour the format holds exactly (so that the border itself is not a precision question): k/255 for
// 8-bit unorm, sRGB-exact values for sRGB, k/127 for snorm, codes for integers.
void random_border(Rng& r, const gl::Texture& t, gl::Sampler& s) {
  for (std::size_t c = 0; c < 4; ++c) {
    switch (t.format) {
      case Format::srgb8_alpha8:
        s.border[c] = c < 3 ? texunit::srgb8_to_linear(static_cast<uint8_t>(r.uniform(0, 255))) : static_cast<float>(r.uniform(0, 255)) / 255;
        break;
      case Format::rgba8_snorm: s.border[c] = static_cast<float>(r.uniform(-127, 127)) / 127; break;
      case Format::rgba8:
      case Format::rg8:
      case Format::r8: s.border[c] = static_cast<float>(r.uniform(0, 255)) / 255; break;
      case Format::rgba8ui: s.border_int[c] = r.uniform(0, 255); break;
      case Format::rgba8i: s.border_int[c] = r.uniform(-128, 127); break;
      case Format::rgba32ui:
      case Format::rgba32i: s.border_int[c] = static_cast<int32_t>(r.bits()); break;
      default: s.border[c] = static_cast<float>(r.chance(0.3) ? r.uniform(0, 1) : r.real(0, 1)); break;
    }
  }
}

gl::Sampler random_sampler(Rng& r, const gl::Texture& t) {
  gl::Sampler s;
  const bool integer = gl::format_kind(t.format) != gl::Kind::floating;
  s.min = integer ? gl::Filter::nearest : static_cast<gl::Filter>(r.uniform(0, 1));
  s.mag = integer ? gl::Filter::nearest : r.chance(0.7) ? s.min : static_cast<gl::Filter>(r.uniform(0, 1));
  s.mip = static_cast<gl::MipFilter>(r.uniform(0, integer ? 1 : 2));
  s.wrap_s = static_cast<gl::Wrap>(r.uniform(0, 4));
  s.wrap_t = r.chance(0.5) ? s.wrap_s : static_cast<gl::Wrap>(r.uniform(0, 4));
  s.wrap_r = static_cast<gl::Wrap>(r.uniform(0, 4));
  random_border(r, t, s);
  if (r.chance(0.25)) {
    s.min_lod = static_cast<float>(r.uniform(0, 8)) / 4;
    s.max_lod = s.min_lod + static_cast<float>(r.uniform(0, 12)) / 4;
  }
  if (r.chance(0.25)) s.lod_bias = static_cast<float>(r.uniform(-8, 12)) / 8;
  if (gl::is_depth(t.format) && r.chance(0.6)) {
    s.compare = true;
    s.func = static_cast<gl::CompareFunc>(r.uniform(0, 7));
  }
  // Seamless corners of integer gathers are an open observation (tmu averages the three corner texels' bits).
  s.seamless_cube = cube_target(t.target) && !integer && r.chance(0.5);
  return s;
}

// A coordinate component: texel centres, texel edges (where the 8-bit subtexel rounding shows), and random
// values, some outside [0, 1] for the wrap modes.
float coordinate(Rng& r, int size) {
  const double n = size;
  switch (r.uniform(0, 5)) {
    case 0: return static_cast<float>((r.uniform(-2, 2 * size + 1) + 0.5) / n);
    case 1: {
      const int texel = r.uniform(-size, 2 * size);  // drawn in this order on every compiler
      return static_cast<float>(texel / n + r.real(-1, 1) / (256 * n));
    }
    case 2: return static_cast<float>(r.real(-1.5, 2.5));
    default: return static_cast<float>(r.real(-0.1, 1.1));
  }
}

// Layers: integers, half-way values (a known difference on softpipe) and out-of-range ones.
float layer_coordinate(Rng& r, int layers) {
  if (r.chance(0.15)) return static_cast<float>(r.uniform(-1, layers)) + 0.5f;
  if (r.chance(0.1)) return static_cast<float>(r.uniform(-2, layers + 2));
  const int layer = r.uniform(0, layers - 1);
  return static_cast<float>(layer) + static_cast<float>(r.real(-0.4, 0.4));
}

gl::Vec4 random_coord(Rng& r, const gl::Texture& t) {
  gl::Vec4 c{};
  switch (t.target) {
    case Target::tex1d: c[0] = coordinate(r, t.width); break;
    case Target::tex1d_array: c = {coordinate(r, t.width), layer_coordinate(r, t.layers), 0, 0}; break;
    case Target::tex2d: c = {coordinate(r, t.width), coordinate(r, t.height), 0, 0}; break;
    case Target::tex2d_array:
      c = {coordinate(r, t.width), coordinate(r, t.height), layer_coordinate(r, t.layers), 0};
      break;
    case Target::tex3d: c = {coordinate(r, t.width), coordinate(r, t.height), coordinate(r, t.depth), 0}; break;
    case Target::cube:
    case Target::cube_array: {
      // Directions: random, on face diagonals and edges (ties), and near corners.
      for (int a = 0; a < 3; ++a) c[static_cast<std::size_t>(a)] = static_cast<float>(r.real(-1, 1));
      const int kind = r.uniform(0, 4);
      if (kind == 0) c[static_cast<std::size_t>(r.uniform(0, 2))] = r.chance(0.5) ? 1.0f : -1.0f;
      if (kind == 1) {  // a tie between two axes
        const int a = r.uniform(0, 2), b = (a + r.uniform(1, 2)) % 3;
        const float m = static_cast<float>(r.uniform(1, 4)) / 4;
        c[static_cast<std::size_t>(a)] = r.chance(0.5) ? m : -m;
        c[static_cast<std::size_t>(b)] = r.chance(0.5) ? m : -m;
        c[static_cast<std::size_t>(3 - a - b)] = static_cast<float>(r.real(-m, m));
      }
      if (kind == 2)  // near a corner
        for (int a = 0; a < 3; ++a) {
          const int sign = r.chance(0.5) ? 1 : -1;
          c[static_cast<std::size_t>(a)] = static_cast<float>(sign * r.real(0.95, 1));
        }
      if (t.target == Target::cube_array) c[3] = layer_coordinate(r, t.layers);
      break;
    }
  }
  return c;
}

int levels_of(const gl::Texture& t) {
  const int last = t.max_level < 0 ? static_cast<int>(t.levels.size()) - 1 : t.max_level;
  return std::max(1, last - t.base_level + 1);
}

std::array<int32_t, 3> random_offset(Rng& r) {
  static const std::vector<std::array<int32_t, 3>> k = {{1, 0, 0}, {-1, 2, 1}, {-8, 7, -2}, {3, -3, 0}, {7, -8, 5}};
  return r.pick(k);
}

// Texel-space derivative magnitudes 2^[-3, 4] in a random direction (implicit LOD between -3 and 4).
std::array<double, 3> random_derivative(Rng& r, unsigned dims, const std::array<int, 3>& size) {
  std::array<double, 3> d{};
  const double len = std::exp2(r.real(-3, 4));
  double n = 0;
  for (unsigned a = 0; a < dims; ++a) {
    d[a] = r.real(-1, 1);
    n += d[a] * d[a];
  }
  n = std::sqrt(std::max(n, 1e-9));
  for (unsigned a = 0; a < dims; ++a) d[a] = d[a] / n * len / size[a];
  return d;
}

gl::Query random_query(Rng& r, const gl::Texture& t, const gl::Sampler& s) {
  const bool cube = cube_target(t.target);
  const bool integer = gl::format_kind(t.format) != gl::Kind::floating;
  const unsigned dims = t.target == Target::tex1d || t.target == Target::tex1d_array ? 1 : t.target == Target::tex3d ? 3 : 2;
  const std::array<int, 3> size{std::max(1, t.width >> t.base_level), std::max(1, t.height >> t.base_level),
                                std::max(1, t.depth >> t.base_level)};
  // Implicit LOD only where lambda's precision cannot switch filters or levels discontinuously: no NEAREST
  // mipmapping, equal min and mag filters; not on cube maps (the drivers project derivatives differently).
  const bool implicit_ok = !cube && s.mip != gl::MipFilter::nearest && s.min == s.mag;
  const bool gather_ok = (t.target == Target::tex2d || t.target == Target::tex2d_array || cube) &&
                         (!s.compare || true);
  // Op weights: txl 3, txs 1, query_levels 1, txf 2, tg4 2, implicit LOD (tex, txb, txd, lod) 4.
  std::vector<int> ops = {0, 0, 0, 1, 2};
  for (int k = 0; k < 2; ++k) {
    if (!cube) ops.push_back(3);
    if (gather_ok) ops.push_back(4);
  }
  for (int k = 0; k < 4 && implicit_ok; ++k) ops.push_back(5);
  gl::Query q;
  switch (r.pick(ops)) {
    case 0: {
      // LOD in steps of 1/16 (exact in tmu's 8.8 fixed point); not within 1/16 of 0 when the filters differ.
      float lod = static_cast<float>(r.uniform(-16, 16 * levels_of(t) + 16)) / 16;
      if (s.min != s.mag && std::fabs(lod) < 0.1f) lod = 0.25f;
      q = gl::txl(random_coord(r, t), lod);
      if (!cube && r.chance(0.25)) {
        const auto o = random_offset(r);
        q.with_offset(o[0], dims > 1 ? o[1] : 0, dims > 2 ? o[2] : 0);
      }
      break;
    }
    case 1: q = gl::txs(r.uniform(0, levels_of(t) - 1)); break;
    case 2: q = gl::query_levels(); break;
    case 3: {
      const int level = r.uniform(0, levels_of(t) - 1);
      const int b = t.base_level + level;
      gl::IVec4 c{};
      const int w = std::max(1, t.width >> b), h = std::max(1, t.height >> b), d = std::max(1, t.depth >> b);
      const bool oob = r.chance(0.15);
      c[0] = oob ? r.uniform(-2, w + 1) : r.uniform(0, w - 1);
      if (dims > 1) c[1] = oob ? r.uniform(-2, h + 1) : r.uniform(0, h - 1);
      if (dims > 2) c[2] = r.uniform(0, d - 1);
      if (gl::is_layered(t.target)) c[dims] = r.uniform(0, t.layers - 1);
      q = gl::txf(c, level);
      if (r.chance(0.2)) {
        // Offsets that stay inside (texelFetchOffset outside the level is the fetch_oob difference again).
        q.with_offset(c[0] > 0 ? -1 : 0, dims > 1 && c[1] + 1 < h ? 1 : 0, 0);
      }
      break;
    }
    case 4: {
      const auto coord = random_coord(r, t);
      q = gl::tg4(coord, s.compare ? 0 : r.uniform(0, 3));
      // Gather offsets with MIRRORED_REPEAT: an open observation on softpipe (offsets in normalized space).
      const bool mirror = s.wrap_s == gl::Wrap::mirrored_repeat || s.wrap_t == gl::Wrap::mirrored_repeat;
      if (!cube && !mirror && r.chance(0.3)) {
        const int u = r.uniform(-8, 7);
        q.with_offset(u, r.uniform(-8, 7));
      }
      else if (!cube && !mirror && r.chance(0.2))
        q.with_offsets({{{0, 0}, {1, -1}, {-2, 3}, {7, -8}}});
      break;
    }
    default: {
      const gl::Vec4 c = random_coord(r, t);
      const auto dx = random_derivative(r, dims, size), dy = random_derivative(r, dims, size);
      gl::Vec4 vx{}, vy{};
      for (unsigned a = 0; a < dims; ++a) {
        vx[a] = static_cast<float>(dx[a]);
        vy[a] = static_cast<float>(dy[a]);
      }
      const gl::Quad quad = gl::make_quad(c, vx, vy);
      const int op = r.uniform(0, 3);
      if (op == 0) q = gl::tex(quad);
      if (op == 1) q = gl::txb(quad, static_cast<float>(r.uniform(-8, 8)) / 8);
      if (op == 2) q = gl::txd(c, {vx[0], vx[1], vx[2]}, {vy[0], vy[1], vy[2]});
      if (op == 3) q = gl::lod(quad);
      break;
    }
  }
  if (s.compare) q.with_ref(static_cast<float>(r.real(-0.1, 1.1)));
  (void)integer;
  return q;
}

const std::vector<Format> kFloatFormats = {Format::rgba8,      Format::srgb8_alpha8, Format::rgba16f, Format::rgba32f,
                                           Format::r11g11b10f, Format::rgb9e5,       Format::rgba16,  Format::rg8,
                                           Format::r8,         Format::rgba8_snorm,  Format::r32f};
const std::vector<Format> kIntFormats = {Format::rgba8ui, Format::rgba8i, Format::rgba32ui, Format::rgba32i};
const std::vector<Format> kDepthFormats = {Format::depth16, Format::depth24, Format::depth32f};
const std::vector<Target> kTargets = {Target::tex1d,       Target::tex2d,       Target::tex3d,     Target::cube,
                                      Target::tex1d_array, Target::tex2d_array, Target::cube_array};

Case random_case(uint64_t seed, int index) {
  Rng r(seed * 1000003u + static_cast<uint64_t>(index));
  Case c;
  c.label = fmt::format("seed {} case {}", seed, index);
  const Target target = kTargets[static_cast<std::size_t>(index) % kTargets.size()];
  const int family = (index / 7) % 4;  // float, float, integer, depth
  Format f = family == 2 ? r.pick(kIntFormats) : family == 3 ? r.pick(kDepthFormats) : r.pick(kFloatFormats);
  if (target == Target::tex3d && gl::is_depth(f)) f = Format::rgba32f;  // GL has no 3D depth textures
  c.texture = random_texture(r, target, f);
  c.sampler = random_sampler(r, c.texture);
  for (int i = 0; i < 24; ++i) c.queries.push_back(random_query(r, c.texture, c.sampler));
  return c;
}

class TexunitMesaDiff : public ::testing::Test {
 protected:
  void SetUp() override { TMU_SKIP_WITHOUT_GL_ORACLE(); }
};

// The random suite, judged for tmu's NVIDIA policy and for its float-exact policy.
TEST_F(TexunitMesaDiff, RandomCases) {
  const uint64_t seed = test::env_count("TMU_DIFF_SEED", 20261122);
  const int cases = static_cast<int>(test::env_count("TMU_DIFF_CASES", 42));
  std::printf("[ oracle ] texunit vs Mesa: seed %llu, %d cases (TMU_DIFF_SEED, TMU_DIFF_CASES)\n",
              static_cast<unsigned long long>(seed), cases);
  Tallies tallies;
  for (int i = 0; i < cases && !HasFatalFailure(); ++i) run_case(random_case(seed, i), tallies);
  print_tallies("random", tallies);
  for (const auto& [k, t] : tallies) EXPECT_GT(t.exact, 0) << k;
}

}  // namespace
}  // namespace tmu::test::diff
