// SPDX-License-Identifier: MIT
#include "hw_cases.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <numbers>

#include "sample/texels.h"

namespace tmu::test::hw {
namespace {

using gl::Format;
using gl::Target;
using gl::Vec4;

// splitmix64 (sample/texels.h): the same numbers everywhere (std's distributions differ between standard
// libraries).
class Rng {
 public:
  explicit Rng(uint64_t seed) : g_(seed) {}
  uint32_t bits() { return static_cast<uint32_t>(g_.next() >> 32); }
  int uniform(int lo, int hi) { return lo + static_cast<int>(g_.next() % static_cast<uint64_t>(hi - lo + 1)); }
  double real(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(g_.next() >> 11) * 0x1p-53; }
  bool chance(double p) { return real(0, 1) < p; }

 private:
  sample::SplitMix64 g_;
};

float f(double v) { return static_cast<float>(v); }

int slices(const gl::Texture& t) { return gl::faces(t.target) * (gl::is_layered(t.target) ? t.layers : 1); }

// A texture of `levels` levels whose texel bytes come from `texel(level, index_in_level, bytes)`.
gl::Texture make_texture(Target target, Format format, int w, int h, int d, int layers, int levels,
                         const std::function<void(int, std::size_t, std::byte*)>& texel) {
  gl::Texture t;
  t.target = target, t.format = format, t.width = w, t.height = h, t.depth = d, t.layers = layers;
  const std::size_t tb = gl::texel_bytes(format);
  for (int l = 0; l < levels; ++l) {
    std::vector<std::byte> bytes(t.level_texels(l) * tb);
    for (std::size_t i = 0; i < t.level_texels(l); ++i) texel(l, i, bytes.data() + i * tb);
    t.levels.push_back(std::move(bytes));
  }
  return t;
}

// RGBA32F texels from a function of (level, x, y, slice) where slice counts faces, layers or 3D slices.
gl::Texture rgba32f(Target target, int w, int h, int d, int layers, int levels,
                    const std::function<Vec4(int, int, int, int)>& v) {
  gl::Texture t;
  t.target = target, t.format = Format::rgba32f, t.width = w, t.height = h, t.depth = d, t.layers = layers;
  for (int l = 0; l < levels; ++l) {
    const int lw = std::max(1, w >> l), lh = target == Target::tex1d || target == Target::tex1d_array ? 1 : std::max(1, h >> l);
    const int ld = target == Target::tex3d ? std::max(1, d >> l) : slices(t);
    std::vector<float> out;
    for (int z = 0; z < ld; ++z)
      for (int y = 0; y < lh; ++y)
        for (int x = 0; x < lw; ++x) {
          const Vec4 c = v(l, x, y, z);
          out.insert(out.end(), c.begin(), c.end());
        }
    t.levels.push_back(gl::bytes_of(out));
  }
  return t;
}

int full_levels(int w, int h = 1, int d = 1) {
  int n = 1;
  while ((std::max({w, h, d}) >> n) > 0) ++n;
  return n;
}

// Random texels of a format: every bit pattern for normalized and integer formats; for half and single floats
// moderate values plus the specials (zeros, denormals, infinities, NaNs) now and then.
void random_texel(Rng& r, Format format, std::byte* out) {
  const std::size_t n = gl::texel_bytes(format);
  switch (format) {
    case Format::rgba16f:
      for (std::size_t c = 0; c < 4; ++c) {
        static constexpr uint16_t kSpecial[] = {0x0000, 0x8000, 0x0001, 0x83ff, 0x7c00, 0xfc00, 0x7e00, 0x7bff, 0x0400};
        const uint16_t h = r.chance(0.1) ? kSpecial[r.uniform(0, 8)]
                                         : static_cast<uint16_t>((r.bits() & 0x8000) | static_cast<uint32_t>(r.uniform(8, 17)) << 10 | (r.bits() & 0x3ff));
        std::memcpy(out + 2 * c, &h, 2);
      }
      return;
    case Format::rgba32f:
    case Format::r32f:
      for (std::size_t c = 0; c < n / 4; ++c) {
        static constexpr uint32_t kSpecial[] = {0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x7f800000,
                                                0xff800000, 0x7fc00000, 0x7f7fffff, 0x00800000};
        const uint32_t v = r.chance(0.1) ? kSpecial[r.uniform(0, 8)] : std::bit_cast<uint32_t>(f(r.real(-4, 4)));
        std::memcpy(out + 4 * c, &v, 4);
      }
      return;
    default:
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::byte>(r.bits());
      return;
  }
}

// Finite random texels (for filtered cases, where NaN and infinity would only hide the arithmetic).
void finite_texel(Rng& r, Format format, std::byte* out) {
  if (format == Format::rgba16f) {
    for (std::size_t c = 0; c < 4; ++c) {
      const uint16_t h = static_cast<uint16_t>((r.bits() & 0x8000) | static_cast<uint32_t>(r.uniform(10, 16)) << 10 | (r.bits() & 0x3ff));
      std::memcpy(out + 2 * c, &h, 2);
    }
  } else if (format == Format::rgba32f || format == Format::r32f) {
    for (std::size_t c = 0; c < gl::texel_bytes(format) / 4; ++c) {
      const float v = f(r.real(-2, 2));
      std::memcpy(out + 4 * c, &v, 4);
    }
  } else {
    random_texel(r, format, out);
  }
}

gl::Texture random_texture(Rng& r, Target target, Format format, int w, int h, int d, int layers, int levels,
                           bool finite = true) {
  return make_texture(target, format, w, h, d, layers, levels, [&](int, std::size_t, std::byte* out) {
    finite ? finite_texel(r, format, out) : random_texel(r, format, out);
  });
}

gl::Sampler sampler(gl::Filter filter, gl::MipFilter mip = gl::MipFilter::none, gl::Wrap wrap = gl::Wrap::clamp_to_edge) {
  gl::Sampler s;
  s.min = s.mag = filter;
  s.mip = mip;
  s.wrap_s = s.wrap_t = s.wrap_r = wrap;
  s.min_lod = 0;
  s.max_lod = 15;
  return s;
}

// A normalized coordinate: texel centres, texel edges give or take a little, and anything in [lo, hi].
float coordinate(Rng& r, int size, double lo = -0.25, double hi = 1.25) {
  const double n = size;
  switch (r.uniform(0, 3)) {
    case 0: return f((r.uniform(0, size - 1) + 0.5) / n);
    case 1: return f(r.uniform(-1, size + 1) / n + r.real(-1, 1) / (512 * n));
    default: return f(r.real(lo, hi));
  }
}

Vec4 coord(Rng& r, const gl::Texture& t, double lo = -0.25, double hi = 1.25) {
  Vec4 c{};
  switch (t.target) {
    case Target::tex1d: c[0] = coordinate(r, t.width, lo, hi); break;
    case Target::tex1d_array: c = {coordinate(r, t.width, lo, hi), f(r.uniform(0, t.layers + 1)), 0, 0}; break;
    case Target::tex2d: c = {coordinate(r, t.width, lo, hi), coordinate(r, t.height, lo, hi), 0, 0}; break;
    case Target::tex2d_array:
      c = {coordinate(r, t.width, lo, hi), coordinate(r, t.height, lo, hi), f(r.uniform(0, t.layers + 1)), 0};
      break;
    case Target::tex3d:
      c = {coordinate(r, t.width, lo, hi), coordinate(r, t.height, lo, hi), coordinate(r, t.depth, lo, hi), 0};
      break;
    case Target::cube:
    case Target::cube_array: {
      for (std::size_t a = 0; a < 3; ++a) c[a] = f(r.real(-1, 1));
      const int kind = r.uniform(0, 5);
      if (kind == 0) {  // a tie between two major axes
        const std::size_t a = static_cast<std::size_t>(r.uniform(0, 2)), b = (a + static_cast<std::size_t>(r.uniform(1, 2))) % 3;
        const float m = f(r.uniform(1, 4) / 4.0);
        c[a] = r.chance(0.5) ? m : -m;
        c[b] = r.chance(0.5) ? m : -m;
        c[3 - a - b] = f(r.real(-m, m));
      } else if (kind == 1) {  // a three-way tie
        for (std::size_t a = 0; a < 3; ++a) c[a] = r.chance(0.5) ? 0.5f : -0.5f;
      } else if (kind == 2) {  // near a corner
        for (std::size_t a = 0; a < 3; ++a) c[a] = f((r.chance(0.5) ? 1 : -1) * r.real(0.9, 1));
      }
      if (t.target == Target::cube_array) c[3] = f(r.uniform(0, t.layers + 1));
      break;
    }
  }
  return c;
}

unsigned dims(Target t) {
  return t == Target::tex1d || t == Target::tex1d_array ? 1 : t == Target::tex2d || t == Target::tex2d_array ? 2 : 3;
}

// Gradients of texel-space length 2^[lo, hi] in random directions, scaled to normalized coordinates.
void random_gradients(Rng& r, const gl::Texture& t, double lo, double hi, std::array<float, 3>& dx,
                      std::array<float, 3>& dy) {
  const int size[3] = {t.width, t.height, t.depth};
  const unsigned n = gl::faces(t.target) == 6 ? 3 : dims(t.target);
  for (auto* d : {&dx, &dy}) {
    double v[3] = {0, 0, 0}, len = 0;
    for (unsigned a = 0; a < n; ++a) {
      v[a] = r.real(-1, 1);
      len += v[a] * v[a];
    }
    len = std::sqrt(std::max(len, 1e-9));
    const double target = std::exp2(r.real(lo, hi));
    for (unsigned a = 0; a < 3; ++a) (*d)[a] = a < n ? f(v[a] / len * target / size[a]) : 0.0f;
  }
}

// The level-identity texture of the LOD probes: level L holds L in red everywhere, so a trilinear lookup
// returns lambda's clamped, fixed-point value (the level blend of L and L + 1).
gl::Texture level_ids(Target target = Target::tex2d, int size = 64) {
  const int levels = full_levels(size);
  return rgba32f(target, size, target == Target::tex1d ? 1 : size, target == Target::tex3d ? size : 1, 1, levels,
                 [](int l, int, int, int) { return Vec4{f(l), 0, 0, 1}; });
}

gl::Query txd2(float u, float v, float dxu, float dxv, float dyu, float dyv) {
  return gl::txd({u, v, 0, 0}, {dxu, dxv, 0}, {dyu, dyv, 0});
}

void weights(std::vector<HwCase>& out) {
  // R = x & 1, G = y & 1: a bilinear lookup between a 1-texel and a 0-texel returns the weight itself.
  HwCase c{"weights", rgba32f(Target::tex2d, 4, 4, 1, 1, 1, [](int, int x, int y, int) {
             return Vec4{f(x & 1), f(y & 1), 0, 1};
           }), sampler(gl::Filter::linear), {}};
  for (int k = 0; k <= 512; ++k) c.queries.push_back(gl::txl({f((1.5 + k / 512.0) / 4), f(1.5 / 4), 0, 0}, 0));
  for (int k = 0; k < 128; ++k) c.queries.push_back(gl::txl({f((1.5 + k / 8192.0) / 4), f(1.5 / 4), 0, 0}, 0));
  for (int k = 0; k < 128; ++k) c.queries.push_back(gl::txl({f(1.5 / 4), f((0.5 + k / 256.0 + 1 / 1024.0) / 4), 0, 0}, 0));
  out.push_back(std::move(c));

  // Coordinate precision far from the origin: 4096 and 65536 texels wide (R = x & 1).
  for (int width : {4096, 65536}) {
    HwCase w{"weights-wide", make_texture(Target::tex2d, Format::r32f, width, 1, 1, 1, 1, [](int, std::size_t i, std::byte* b) {
               const float v = f(static_cast<double>(i & 1));
               std::memcpy(b, &v, 4);
             }), sampler(gl::Filter::linear), {}};
    const double base = width == 4096 ? 3001.5 : 40001.5;
    for (int k = 0; k <= 256; ++k) w.queries.push_back(gl::txl({f((base + k / 256.0 + 1 / 2048.0) / width), 0.5f, 0, 0}, 0));
    out.push_back(std::move(w));
  }
}

void lods(std::vector<HwCase>& out) {
  const gl::Texture ids = level_ids();
  const gl::Sampler tri = sampler(gl::Filter::linear, gl::MipFilter::linear);
  const float texel = 1.0f / 64;
  {
    HwCase c{"lod-isotropic", ids, tri, {}};
    for (int k = 0; k <= 1024; ++k) {
      const float s = f(std::exp2(k / 512.0) / 64);
      c.queries.push_back(txd2(0.5f, 0.5f, s, 0, 0, s));
    }
    for (int k = 0; k < 128; ++k) {
      const float s = f(std::exp2(0.25 + k / 16384.0) / 64);
      c.queries.push_back(txd2(0.5f, 0.5f, s, 0, 0, s));
    }
    out.push_back(std::move(c));
  }
  {
    // Footprint shapes: which rho (Euclidean lengths, max of |d|, ...) and how the two derivatives combine.
    HwCase c{"lod-shape", ids, tri, {}};
    Rng r(11);
    for (int k = 0; k < 256; ++k) {
      const double a = r.real(0, 2 * std::numbers::pi), len = std::exp2(r.real(-0.5, 4.5)), ratio = r.real(0.1, 1);
      const double b = k % 4 == 0 ? a + std::numbers::pi / 2 : r.real(0, 2 * std::numbers::pi);
      c.queries.push_back(txd2(0.5f, 0.5f, f(std::cos(a) * len * texel), f(std::sin(a) * len * texel),
                               f(std::cos(b) * len * ratio * texel), f(std::sin(b) * len * ratio * texel)));
    }
    for (int k = 0; k <= 32; ++k) {  // a fixed length rotated through 90 degrees
      const double a = k * std::numbers::pi / 64, len = 3.0;
      c.queries.push_back(txd2(0.5f, 0.5f, f(std::cos(a) * len * texel), f(std::sin(a) * len * texel),
                               f(-std::sin(a) * len * texel), f(std::cos(a) * len * texel)));
    }
    out.push_back(std::move(c));
  }
  {
    HwCase c{"lod-explicit", ids, tri, {}};
    for (int k = -64; k <= 7 * 64; ++k) c.queries.push_back(gl::txl({0.5f, 0.5f, 0, 0}, f(k / 64.0)));
    for (int k = 0; k < 128; ++k) c.queries.push_back(gl::txl({0.5f, 0.5f, 0, 0}, f(1.25 + k / 16384.0)));
    out.push_back(std::move(c));
  }
  {
    HwCase c{"mip-nearest", ids, sampler(gl::Filter::linear, gl::MipFilter::nearest), {}};
    for (int l = 0; l < 4; ++l)
      for (double e : {-1 / 64.0, -1 / 256.0, -1 / 512.0, -1 / 1024.0, 0.0, 1 / 1024.0, 1 / 512.0, 1 / 256.0, 1 / 64.0}) {
        c.queries.push_back(gl::txl({0.5f, 0.5f, 0, 0}, f(l + 0.5 + e)));
        const float s = f(std::exp2(l + 0.5 + e) / 64);
        c.queries.push_back(txd2(0.5f, 0.5f, s, 0, 0, s));
      }
    out.push_back(std::move(c));
  }
  {
    gl::Sampler s = tri;
    s.lod_bias = 0.375f;
    s.min_lod = 0.75f;
    s.max_lod = 2.25f;
    HwCase c{"lod-clamp-bias", ids, s, {}};
    for (int k = -16; k <= 64; ++k) c.queries.push_back(gl::txl({0.5f, 0.5f, 0, 0}, f(k / 16.0)));
    for (int k = -16; k <= 64; ++k) {
      const float d = f(std::exp2(k / 16.0) / 64);
      c.queries.push_back(txd2(0.5f, 0.5f, d, 0, 0, d));
    }
    out.push_back(std::move(c));
  }
}

const std::vector<Format> kFormats = {Format::rgba8,   Format::srgb8_alpha8, Format::rg8,     Format::r8,
                                      Format::rgba16,  Format::rgba8_snorm,  Format::rgba16f, Format::rgba32f,
                                      Format::r32f,    Format::rgba8ui,      Format::rgba8i,  Format::rgba32ui,
                                      Format::rgba32i};

void formats(std::vector<HwCase>& out) {
  Rng r(21);
  for (Format format : kFormats) {
    gl::Texture t = random_texture(r, Target::tex2d, format, 8, 8, 1, 1, 1, false);
    // 8-bit formats: the 64 texels' 256 bytes hold every code once.
    if (format == Format::rgba8 || format == Format::srgb8_alpha8 || format == Format::rgba8_snorm ||
        format == Format::rgba8ui || format == Format::rgba8i)
      for (std::size_t i = 0; i < 256; ++i) t.levels[0][i] = static_cast<std::byte>((i * 167 + 13) & 255);
    HwCase c{"format-point", t, sampler(gl::Filter::nearest), {}};
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x) c.queries.push_back(gl::txl({f((x + 0.5) / 8), f((y + 0.5) / 8), 0, 0}, 0));
    out.push_back(c);
    HwCase fetch{"fetch", t, sampler(gl::Filter::nearest), {}};
    for (int k = 0; k < 24; ++k) fetch.queries.push_back(gl::txf({r.uniform(-2, 9), r.uniform(-2, 9), 0, 0}, 0));
    out.push_back(std::move(fetch));
    if (gl::format_kind(format) == gl::Kind::floating) {
      HwCase lin{"format-linear", random_texture(r, Target::tex2d, format, 8, 8, 1, 1, 1),
                 sampler(gl::Filter::linear, gl::MipFilter::none, gl::Wrap::repeat), {}};
      for (int k = 0; k < 48; ++k) lin.queries.push_back(gl::txl(coord(r, lin.texture, -0.5, 1.5), 0));
      out.push_back(std::move(lin));
    }
  }
}

void wraps(std::vector<HwCase>& out) {
  Rng r(31);
  const gl::Texture t = random_texture(r, Target::tex2d, Format::rgba8, 8, 8, 1, 1, 1);
  for (gl::Wrap w : {gl::Wrap::repeat, gl::Wrap::mirrored_repeat, gl::Wrap::clamp_to_edge, gl::Wrap::clamp_to_border})
    for (gl::Filter filter : {gl::Filter::nearest, gl::Filter::linear}) {
      gl::Sampler s = sampler(filter, gl::MipFilter::none, w);
      for (std::size_t i = 0; i < 4; ++i) s.border[i] = f(r.uniform(0, 255) / 255.0);
      HwCase c{"wrap", t, s, {}};
      for (int k = 0; k < 48; ++k) c.queries.push_back(gl::txl(coord(r, t, -2.5, 3.5), 0));
      out.push_back(std::move(c));
    }
  // Border colours on other formats: any float, sRGB (is the border decoded?), snorm (negative values).
  for (Format format : {Format::rgba16f, Format::rgba32f, Format::srgb8_alpha8, Format::rgba8_snorm, Format::r8}) {
    gl::Sampler s = sampler(gl::Filter::linear, gl::MipFilter::none, gl::Wrap::clamp_to_border);
    s.border = {0.3f, -0.7f, 1.7f, 0.55f};
    if (format == Format::srgb8_alpha8) s.border = {0.2f, 0.5f, 0.9f, 0.4f};
    HwCase c{"border", random_texture(r, Target::tex2d, format, 4, 4, 1, 1, 1), s, {}};
    for (int k = 0; k < 24; ++k) c.queries.push_back(gl::txl(coord(r, c.texture, -1, 2), 0));
    out.push_back(std::move(c));
  }
}

void cubes(std::vector<HwCase>& out) {
  Rng r(41);
  const gl::Texture t = random_texture(r, Target::cube, Format::rgba8, 8, 8, 1, 1, 1);
  for (bool seamless : {false, true})
    for (gl::Filter filter : {gl::Filter::nearest, gl::Filter::linear}) {
      gl::Sampler s = sampler(filter);
      s.seamless_cube = seamless;
      HwCase c{seamless ? "cube-seamless" : "cube", t, s, {}};
      for (int k = 0; k < 64; ++k) c.queries.push_back(gl::txl(coord(r, t), 0));
      out.push_back(std::move(c));
    }
  gl::Sampler s = sampler(gl::Filter::linear, gl::MipFilter::linear);
  s.seamless_cube = true;
  HwCase c{"cube-lod", random_texture(r, Target::cube, Format::rgba8, 16, 16, 1, 1, 5), s, {}};
  for (int k = 0; k < 64; ++k) {
    std::array<float, 3> dx{}, dy{};
    random_gradients(r, c.texture, -1, 4, dx, dy);
    c.queries.push_back(gl::txd(coord(r, c.texture), dx, dy));
  }
  out.push_back(std::move(c));
}

void arrays_and_3d(std::vector<HwCase>& out) {
  Rng r(51);
  struct Shape {
    Target target;
    int w, h, d, layers, levels;
  };
  for (const Shape& sh : {Shape{Target::tex1d, 16, 1, 1, 1, 5}, Shape{Target::tex1d_array, 16, 1, 1, 4, 5},
                          Shape{Target::tex2d_array, 8, 8, 1, 3, 4}, Shape{Target::cube_array, 4, 4, 1, 2, 3},
                          Shape{Target::tex3d, 8, 8, 8, 1, 4}}) {
    const gl::Texture t = random_texture(r, sh.target, Format::rgba8, sh.w, sh.h, sh.d, sh.layers, sh.levels);
    gl::Sampler s = sampler(gl::Filter::linear, gl::MipFilter::linear, gl::Wrap::repeat);
    s.seamless_cube = sh.target == Target::cube_array;
    HwCase c{std::string("target-") + std::string(gl::name(sh.target)), t, s, {}};
    for (int k = 0; k < 32; ++k) c.queries.push_back(gl::txl(coord(r, t), f(r.uniform(-8, 8 * sh.levels) / 8.0)));
    for (int k = 0; k < 32; ++k) {
      std::array<float, 3> dx{}, dy{};
      random_gradients(r, t, -1, 3, dx, dy);
      c.queries.push_back(gl::txd(coord(r, t), dx, dy));
    }
    out.push_back(c);
    if (gl::faces(sh.target) == 1) {
      HwCase fetch{"fetch", t, s, {}};
      for (int k = 0; k < 32; ++k) {
        const int level = r.uniform(0, sh.levels);  // one past the last level too
        gl::IVec4 ic{};
        const int w = std::max(1, sh.w >> level), h = std::max(1, sh.h >> level), d = std::max(1, sh.d >> level);
        ic[0] = r.uniform(-1, w);
        if (dims(sh.target) > 1) ic[1] = r.uniform(-1, h);
        if (dims(sh.target) > 2) ic[2] = r.uniform(-1, d);
        if (gl::is_layered(sh.target)) ic[dims(sh.target)] = r.uniform(0, sh.layers);
        fetch.queries.push_back(gl::txf(ic, level));
      }
      out.push_back(std::move(fetch));
    }
  }
}

void gathers_and_offsets(std::vector<HwCase>& out) {
  Rng r(61);
  for (Format format : {Format::rgba8, Format::rgba32f, Format::rgba8ui}) {
    const bool integer = gl::format_kind(format) != gl::Kind::floating;
    const gl::Texture t = random_texture(r, Target::tex2d, format, 8, 8, 1, 1, 1);
    for (gl::Wrap w : {gl::Wrap::repeat, gl::Wrap::clamp_to_edge}) {
      HwCase c{"gather", t, sampler(integer ? gl::Filter::nearest : gl::Filter::linear, gl::MipFilter::none, w), {}};
      for (int k = 0; k < 32; ++k) c.queries.push_back(gl::tg4(coord(r, t), r.uniform(0, 3)));
      // Exactly on texel edges and centres, and a hair to either side: the tie-break of the footprint.
      for (int k = 0; k < 32; ++k) {
        const double e = (k % 4 == 0 ? 0 : k % 4 == 1 ? 1 : k % 4 == 2 ? -1 : 0.5) / 4096.0;
        c.queries.push_back(gl::tg4({f(r.uniform(0, 16) / 16.0 + e), f(r.uniform(0, 16) / 16.0 - e), 0, 0}, r.uniform(0, 3)));
      }
      out.push_back(std::move(c));
    }
  }
  // Offsets (PTX's operand e, AOFFI): txl and txd on a mipmapped texture, tg4 on a single level (CUDA gathers
  // need cudaArrayTextureGather, which may not combine with mipmapped arrays).
  const gl::Texture mipped = random_texture(r, Target::tex2d, Format::rgba8, 16, 16, 1, 1, 5);
  HwCase c{"offset", mipped, sampler(gl::Filter::linear, gl::MipFilter::linear, gl::Wrap::repeat), {}};
  for (int k = 0; k < 64; ++k) {
    const Vec4 xy = coord(r, mipped);
    gl::Query q = gl::txl(xy, f(r.uniform(0, 32) / 8.0));
    if (k % 2) {
      std::array<float, 3> dx{}, dy{};
      random_gradients(r, mipped, -1, 4, dx, dy);
      q = gl::txd(xy, dx, dy);
    }
    q.with_offset(r.uniform(-8, 7), r.uniform(-8, 7));
    c.queries.push_back(q);
  }
  out.push_back(std::move(c));
  const gl::Texture single = random_texture(r, Target::tex2d, Format::rgba8, 16, 16, 1, 1, 1);
  HwCase g{"offset-gather", single, sampler(gl::Filter::linear, gl::MipFilter::none, gl::Wrap::repeat), {}};
  for (int k = 0; k < 32; ++k)
    g.queries.push_back(gl::tg4(coord(r, single), r.uniform(0, 3)).with_offset(r.uniform(-8, 7), r.uniform(-8, 7)));
  out.push_back(std::move(g));
}

void filtering(std::vector<HwCase>& out) {
  Rng r(71);
  {
    HwCase c{"trilinear", random_texture(r, Target::tex2d, Format::rgba8, 32, 32, 1, 1, 6),
             sampler(gl::Filter::linear, gl::MipFilter::linear, gl::Wrap::repeat), {}};
    for (int k = 0; k < 96; ++k) {
      std::array<float, 3> dx{}, dy{};
      random_gradients(r, c.texture, -1, 5, dx, dy);
      c.queries.push_back(gl::txd(coord(r, c.texture), dx, dy));
    }
    out.push_back(std::move(c));
  }
  // Anisotropic filtering on a smooth texture (values change slowly, so footprint models can be compared
  // with a tolerance): each level a different linear ramp.
  const gl::Texture ramp = rgba32f(Target::tex2d, 64, 64, 1, 1, full_levels(64), [](int l, int x, int y, int) {
    const double n = 64 >> l;
    return Vec4{f((x + 0.5) / n), f((y + 0.5) / n), f(l / 8.0), 1};
  });
  for (unsigned aniso : {2u, 4u, 8u, 16u}) {
    gl::Sampler s = sampler(gl::Filter::linear, gl::MipFilter::linear, gl::Wrap::repeat);
    s.max_anisotropy = static_cast<float>(aniso);
    HwCase c{"aniso", ramp, s, {}};
    for (int k = 0; k < 48; ++k) {
      const double a = r.real(0, std::numbers::pi), major = std::exp2(r.real(0, 5)), ratio = std::exp2(r.real(0, 5));
      const double t = 1.0 / 64;
      c.queries.push_back(txd2(f(r.real(0.2, 0.8)), f(r.real(0.2, 0.8)), f(std::cos(a) * major * t),
                               f(std::sin(a) * major * t), f(-std::sin(a) * major / ratio * t),
                               f(std::cos(a) * major / ratio * t)));
    }
    out.push_back(std::move(c));
  }
}

// Second round (after the first recording): the measurements the first one raised.
void srgb_and_borders(std::vector<HwCase>& out) {
  // Every sRGB code in R, G and B (the first round saw 192 of them): the hardware decodes to a table.
  HwCase table{"srgb-table", make_texture(Target::tex2d, Format::srgb8_alpha8, 16, 16, 1, 1, 1, [](int, std::size_t i, std::byte* b) {
                 for (int c = 0; c < 4; ++c) b[c] = static_cast<std::byte>(i);
               }), sampler(gl::Filter::nearest), {}};
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) table.queries.push_back(gl::txl({f((x + 0.5) / 16), f((y + 0.5) / 16), 0, 0}, 0));
  out.push_back(std::move(table));

  // Border colours alone (a lookup far outside a 1x1 texture): how each format converts the sampler's fp32
  // border (the first round saw R8 take 0.3 as 76/255 and SNORM8 clamp 1.7 to 1).
  Rng r(81);
  std::vector<float> values;
  for (int k : {0, 1, 2, 76, 77, 127, 128, 200, 254, 255}) values.push_back(f(k / 255.0));
  for (int k : {0, 1, 76, 127, 200, 254}) {
    values.push_back(f((k + 0.5) / 255.0));
    values.push_back(f((k + 0.5) / 255.0 - 1e-4));
    values.push_back(f((k + 0.5) / 255.0 + 1e-4));
  }
  for (float v : {0.3f, -0.3f, -0.7f, 0.55f, 1.7f, -1.5f, 1e-5f, 0.5f, 1.0f / 3, 2.0f / 3, 65504.0f, 70000.0f, 1e-8f,
                  -0.0f, 0.1f, 0.9f, 0.99f, 0.999f, 0.9999f, 0.0001f, 0.001f, 0.01f})
    values.push_back(v);
  while (values.size() % 4) values.push_back(f(r.real(-1.5, 1.5)));
  for (Format format : {Format::r8, Format::rgba8, Format::rgba8_snorm, Format::rgba16, Format::rgba16f,
                        Format::srgb8_alpha8, Format::rgba32f}) {
    for (std::size_t i = 0; i < values.size(); i += 4) {
      gl::Sampler s = sampler(gl::Filter::nearest, gl::MipFilter::none, gl::Wrap::clamp_to_border);
      s.border = {values[i], values[i + 1], values[i + 2], values[i + 3]};
      HwCase c{"border-value", random_texture(r, Target::tex2d, format, 1, 1, 1, 1, 1), s, {}};
      c.queries.push_back(gl::txl({-3.0f, -3.0f, 0, 0}, 0));
      c.queries.push_back(gl::txl({-3.0f, 0.5f, 0, 0}, 0));
      out.push_back(std::move(c));
    }
  }
}

void coordinate_precision(std::vector<HwCase>& out) {
  // R = x & 1 on 65536 texels: the weight of a lookup shows how many fractional bits the texel-space
  // coordinate kept, at normalized coordinates of different magnitudes (a fixed-point u keeps the same absolute
  // precision, a floating one a relative precision).
  auto wide = [](gl::Wrap w, gl::Filter filter) {
    gl::Texture t = make_texture(Target::tex2d, Format::r32f, 65536, 1, 1, 1, 1, [](int, std::size_t i, std::byte* b) {
      const float v = f(static_cast<double>(i & 1));
      std::memcpy(b, &v, 4);
    });
    return HwCase{"coord-precision", std::move(t), sampler(filter, gl::MipFilter::none, w), {}};
  };
  HwCase c = wide(gl::Wrap::clamp_to_edge, gl::Filter::linear);
  for (double base : {6.5, 655.5, 6553.5, 32767.5, 58982.5})
    for (int k = 0; k <= 64; ++k) c.queries.push_back(gl::txl({f((base + k / 64.0 + 1 / 4096.0) / 65536), 0.5f, 0, 0}, 0));
  out.push_back(std::move(c));
  HwCase w = wide(gl::Wrap::repeat, gl::Filter::linear);
  for (double base : {1.1 * 65536 + 0.5, -0.9 * 65536 + 0.5, 3.25 * 65536 + 0.5})
    for (int k = 0; k <= 64; ++k) w.queries.push_back(gl::txl({f((std::floor(base) + 0.5 + k / 64.0 + 1 / 4096.0) / 65536), 0.5f, 0, 0}, 0));
  out.push_back(std::move(w));
  // Nearest: how close below a texel edge a coordinate still reads the lower texel.
  HwCase n = wide(gl::Wrap::clamp_to_edge, gl::Filter::nearest);
  for (double edge : {4.0, 4096.0, 40000.0})
    for (int k = 2; k <= 24; ++k) {
      n.queries.push_back(gl::txl({f((edge - std::exp2(-k)) / 65536), 0.5f, 0, 0}, 0));
      n.queries.push_back(gl::txl({f((edge + std::exp2(-k)) / 65536), 0.5f, 0, 0}, 0));
    }
  out.push_back(std::move(n));
  // The same below an edge of an 8-texel texture, where the float coordinate itself is fine-grained.
  HwCase e{"coord-precision", make_texture(Target::tex2d, Format::r32f, 8, 1, 1, 1, 1, [](int, std::size_t i, std::byte* b) {
             const float v = f(static_cast<double>(i));
             std::memcpy(b, &v, 4);
           }), sampler(gl::Filter::nearest), {}};
  for (int k = 2; k <= 26; ++k) {
    e.queries.push_back(gl::txl({f((3 - std::exp2(-k)) / 8), 0.5f, 0, 0}, 0));
    e.queries.push_back(gl::txl({f((3 + std::exp2(-k)) / 8), 0.5f, 0, 0}, 0));
  }
  out.push_back(std::move(e));
}

void lod_vectors(std::vector<HwCase>& out) {
  // How the scale factor rho comes from the gradients (the first round: neither Euclidean lengths nor
  // max-abs; close to the Jacobian's larger singular value): one gradient at every angle, two orthogonal
  // ones of varying ratio, two at varying angles.
  const gl::Texture ids = level_ids();
  const gl::Sampler tri = sampler(gl::Filter::linear, gl::MipFilter::linear);
  const double t = 1.0 / 64;
  HwCase c{"lod-vector", ids, tri, {}};
  for (int k = 0; k <= 128; ++k) {
    const double a = k * std::numbers::pi / 256;
    c.queries.push_back(txd2(0.5f, 0.5f, f(3 * std::cos(a) * t), f(3 * std::sin(a) * t), 0, 0));
  }
  for (int k = 0; k <= 64; ++k) c.queries.push_back(txd2(0.5f, 0.5f, f(3 * t), 0, 0, f(3 * k / 32.0 * t)));
  for (double ratio : {0.25, 0.5, 0.75, 1.0})
    for (int k = 0; k <= 32; ++k) {
      const double a = k * std::numbers::pi / 32;
      c.queries.push_back(txd2(0.5f, 0.5f, f(3 * t), 0, f(3 * ratio * std::cos(a) * t), f(3 * ratio * std::sin(a) * t)));
    }
  Rng r(91);
  for (int k = 0; k < 256; ++k) {
    const double len = std::exp2(r.real(-0.5, 4.5));
    c.queries.push_back(txd2(0.5f, 0.5f, f(r.real(-1, 1) * len * t), f(r.real(-1, 1) * len * t), f(r.real(-1, 1) * len * t),
                             f(r.real(-1, 1) * len * t)));
  }
  out.push_back(std::move(c));

  // A 64x16 texture: how the two sizes scale the gradients.
  HwCase wide{"lod-vector", rgba32f(Target::tex2d, 64, 16, 1, 1, 7, [](int l, int, int, int) { return Vec4{f(l), 0, 0, 1}; }),
              tri, {}};
  for (int k = 0; k <= 32; ++k) {
    const double a = k * std::numbers::pi / 64;
    wide.queries.push_back(txd2(0.5f, 0.5f, f(4 * std::cos(a) / 64), f(4 * std::sin(a) / 16), f(-4 * std::sin(a) / 64),
                                f(4 * std::cos(a) / 16)));
  }
  out.push_back(std::move(wide));

  // 3D and cube maps: random gradients on level-identity textures.
  for (Target target : {Target::tex3d, Target::cube}) {
    const gl::Texture t3 = rgba32f(target, 32, 32, target == Target::tex3d ? 32 : 1, 1, 6,
                                   [](int l, int, int, int) { return Vec4{f(l), 0, 0, 1}; });
    HwCase k3{"lod-vector-" + std::string(gl::name(target)), t3, tri, {}};
    for (int k = 0; k < 64; ++k) {
      std::array<float, 3> dx{}, dy{};
      random_gradients(r, t3, -0.5, 4.5, dx, dy);
      const Vec4 at = target == Target::cube ? coord(r, t3) : Vec4{0.5f, 0.5f, 0.5f, 0};
      k3.queries.push_back(gl::txd(at, dx, dy));
    }
    out.push_back(std::move(k3));
  }
}

void aniso_probes(std::vector<HwCase>& out) {
  // The anisotropic LOD on the level-identity texture (the taps all read the same level pair there), for
  // ratios 1..32 along the axes and at angles; and tap placement on the ramp texture at sub-texel positions.
  const gl::Texture ids = level_ids();
  for (unsigned aniso : {4u, 16u}) {
    gl::Sampler s = sampler(gl::Filter::linear, gl::MipFilter::linear);
    s.max_anisotropy = static_cast<float>(aniso);
    HwCase c{"aniso-lod", ids, s, {}};
    const double t = 1.0 / 64;
    for (int k = 0; k <= 80; ++k) {
      const double ratio = std::exp2(k / 16.0);
      c.queries.push_back(txd2(0.5f, 0.5f, f(8 * t), 0, 0, f(8 / ratio * t)));
    }
    for (int k = 0; k <= 32; ++k) {
      const double a = k * std::numbers::pi / 64;
      c.queries.push_back(txd2(0.5f, 0.5f, f(8 * std::cos(a) * t), f(8 * std::sin(a) * t), f(-std::sin(a) * t), f(std::cos(a) * t)));
    }
    out.push_back(std::move(c));
  }
  const gl::Texture ramp = rgba32f(Target::tex2d, 64, 64, 1, 1, 7, [](int l, int x, int y, int) {
    const double n = 64 >> l;
    return Vec4{f((x + 0.5) / n), f((y + 0.5) / n), f(l / 8.0), 1};
  });
  gl::Sampler s = sampler(gl::Filter::linear, gl::MipFilter::linear, gl::Wrap::repeat);
  s.max_anisotropy = 16;
  HwCase c{"aniso-taps", ramp, s, {}};
  for (int k = 0; k < 64; ++k)
    c.queries.push_back(txd2(f((20 + k / 16.0) / 64), f(0.5 + 0.25 / 64), f(8.0 / 64), 0, 0, f(1.0 / 64)));
  out.push_back(std::move(c));
}

void cube_edges_and_bias(std::vector<HwCase>& out) {
  Rng r(101);
  gl::Sampler s = sampler(gl::Filter::linear);
  s.seamless_cube = true;
  HwCase c{"cube-edge", random_texture(r, Target::cube, Format::rgba8, 8, 8, 1, 1, 1), s, {}};
  for (int k = 0; k < 64; ++k) {
    Vec4 d{};
    const std::size_t major = static_cast<std::size_t>(r.uniform(0, 2)), edge = (major + static_cast<std::size_t>(r.uniform(1, 2))) % 3;
    d[major] = r.chance(0.5) ? 1.0f : -1.0f;
    d[edge] = f((r.chance(0.5) ? 1 : -1) * r.real(0.8, 1.0));
    d[3 - major - edge] = f(r.real(-1, 1));
    c.queries.push_back(gl::txl(d, 0));
  }
  out.push_back(std::move(c));
  // Sampler LOD bias and clamps that u4.8 / s5.8 cannot hold exactly.
  for (float bias : {0.3f, -0.3f, 0.1f, 1.0f / 512, 1.0f / 256 + 1.0f / 1024}) {
    gl::Sampler b = sampler(gl::Filter::linear, gl::MipFilter::linear);
    b.lod_bias = bias;
    b.min_lod = 0.3f + bias;
    b.max_lod = 3.1f + bias;
    HwCase k{"lod-bias-precision", level_ids(), b, {}};
    for (float lod : {-1.0f, 0.0f, 1.0f, 1.5f, 2.25f, 5.0f}) k.queries.push_back(gl::txl({0.5f, 0.5f, 0, 0}, lod));
    out.push_back(std::move(k));
  }
}

// Third round: the filter's arithmetic (the second recording showed filtered values close to, but mostly not
// bit-equal with, fp32 a + w (b - a)), border conversion of fixed-point formats, cube face coordinates.
void filter_arithmetic(std::vector<HwCase>& out) {
  Rng r(111);
  // One axis: a 2x1 texture, weights k/256 for k = 0..256 exactly (x - 0.5 = k/256 at v's texel centre).
  auto pair_sweep = [&](Format format, const char* category) {
    HwCase c{category, make_texture(Target::tex2d, format, 2, 1, 1, 1, 1, [&](int, std::size_t, std::byte* b) {
               finite_texel(r, format, b);
             }), sampler(gl::Filter::linear), {}};
    for (int k = 0; k <= 256; ++k) c.queries.push_back(gl::txl({f((0.5 + k / 256.0) / 2), 0.5f, 0, 0}, 0));
    out.push_back(std::move(c));
  };
  for (int i = 0; i < 8; ++i) pair_sweep(Format::rgba8, "filter-unorm8");
  for (int i = 0; i < 2; ++i) pair_sweep(Format::rgba16, "filter-unorm16");
  for (int i = 0; i < 2; ++i) pair_sweep(Format::rgba8_snorm, "filter-snorm8");
  for (int i = 0; i < 4; ++i) pair_sweep(Format::rgba16f, "filter-fp16");
  for (int i = 0; i < 4; ++i) pair_sweep(Format::rgba32f, "filter-fp32");
  for (int i = 0; i < 2; ++i) pair_sweep(Format::srgb8_alpha8, "filter-srgb");
  // Two axes: a 2x2 texture on a 17 x 17 grid of weights.
  for (Format format : {Format::rgba8, Format::rgba8, Format::rgba32f, Format::rgba16f}) {
    HwCase c{"filter-2d", random_texture(r, Target::tex2d, format, 2, 2, 1, 1, 1), sampler(gl::Filter::linear), {}};
    for (int j = 0; j <= 16; ++j)
      for (int k = 0; k <= 16; ++k) c.queries.push_back(gl::txl({f((0.5 + k / 16.0) / 2), f((0.5 + j / 16.0) / 2), 0, 0}, 0));
    out.push_back(std::move(c));
  }
  // Between levels: two levels of one texel value each, explicit LOD k/256.
  for (Format format : {Format::rgba8, Format::rgba8, Format::rgba32f}) {
    std::array<std::byte, 16> texel[2];
    for (auto& t : texel) finite_texel(r, format, t.data());
    HwCase c{"filter-mip", make_texture(Target::tex2d, format, 2, 2, 1, 1, 2, [&](int level, std::size_t, std::byte* b) {
               std::memcpy(b, texel[level].data(), gl::texel_bytes(format));
             }), sampler(gl::Filter::linear, gl::MipFilter::linear), {}};
    for (int k = 0; k <= 256; ++k) c.queries.push_back(gl::txl({0.5f, 0.5f, 0, 0}, f(k / 256.0)));
    out.push_back(std::move(c));
  }
}

void border_conversion(std::vector<HwCase>& out) {
  // Fixed-point formats' border colours (the second round: converted to the format, with a rounding that
  // neither nearest nor truncation of v * 255 explains): v = (k + j/8) / (2^n - 1) and random values.
  Rng r(121);
  for (Format format : {Format::rgba8, Format::rgba8_snorm, Format::rgba16}) {
    const double scale = format == Format::rgba8 ? 255 : format == Format::rgba8_snorm ? 127 : 65535;
    std::vector<float> values;
    for (int k : {0, 1, 2, 3, 50, 100, 126, 200})
      for (int j = 0; j < 8; ++j) values.push_back(f((k + j / 8.0) / scale));
    for (int i = 0; i < 64; ++i) values.push_back(f(r.real(format == Format::rgba8_snorm ? -1 : 0, 1)));
    for (std::size_t i = 0; i < values.size(); i += 4) {
      gl::Sampler s = sampler(gl::Filter::nearest, gl::MipFilter::none, gl::Wrap::clamp_to_border);
      s.border = {values[i], values[i + 1], values[i + 2], values[i + 3]};
      HwCase c{"border-conversion", random_texture(r, Target::tex2d, format, 1, 1, 1, 1, 1), s, {}};
      c.queries.push_back(gl::txl({-3.0f, -3.0f, 0, 0}, 0));
      out.push_back(std::move(c));
    }
  }
}

void cube_coordinates(std::vector<HwCase>& out) {
  // Face coordinates: directions on +X (and -Z) with s and t swept finely across texel edges of an 8x8 face.
  Rng r(131);
  const gl::Texture t = rgba32f(Target::cube, 8, 8, 1, 1, 1, [](int, int x, int y, int face) {
    return Vec4{f(x & 1), f(y & 1), f(face), 1};
  });
  for (gl::Filter filter : {gl::Filter::linear, gl::Filter::nearest}) {
    HwCase c{"cube-coord", t, sampler(filter), {}};
    for (int k = 0; k < 96; ++k) {
      const double sc = r.real(-0.9, 0.9), tc = r.real(-0.9, 0.9), ma = r.real(0.3, 3);
      c.queries.push_back(gl::txl(k % 2 ? Vec4{f(ma), f(-tc * ma), f(-sc * ma), 0} : Vec4{f(-sc * ma), f(-tc * ma), f(-ma), 0}, 0));
    }
    out.push_back(std::move(c));
  }
}

// Fourth round: which of REPEAT and the coarser mip levels makes LINEAR lookups inexact (the third recording:
// CLAMP_TO_EDGE level-0 lookups exact, REPEAT ones and mipmapped ones not): the same texture and coordinates
// with each address mode, at every integer LOD (one level each), coordinates inside [0, 1].
void mip_footprints(std::vector<HwCase>& out) {
  Rng r(141);
  const gl::Texture t = random_texture(r, Target::tex2d, Format::rgba8, 16, 16, 1, 1, 5);
  std::vector<Vec4> coords;
  for (int k = 0; k < 24; ++k) coords.push_back({f(r.real(0.02, 0.98)), f(r.real(0.02, 0.98)), 0, 0});
  for (gl::Wrap w : {gl::Wrap::clamp_to_edge, gl::Wrap::repeat, gl::Wrap::mirrored_repeat}) {
    HwCase c{std::string("mip-footprint-") + std::string(gl::name(w)), t, sampler(gl::Filter::linear, gl::MipFilter::linear, w), {}};
    for (int level = 0; level <= 4; ++level)
      for (const Vec4& xy : coords) c.queries.push_back(gl::txl(xy, f(level)));
    for (const Vec4& xy : coords) c.queries.push_back(gl::txl(xy, 1.5f));
    out.push_back(std::move(c));
  }
}

// Fifth round: whether having mip levels changes a level-0 LINEAR lookup (the fourth recording: a 16x16 texture
// with 5 levels at LOD 0 differs slightly, textures with one level agree exactly).
void mip_vs_flat(std::vector<HwCase>& out) {
  Rng r(151);
  const gl::Texture mipped = random_texture(r, Target::tex2d, Format::rgba8, 16, 16, 1, 1, 5);
  gl::Texture flat = mipped;
  flat.levels.resize(1);
  std::vector<Vec4> coords;
  for (int k = 0; k < 24; ++k) coords.push_back({f(r.real(0.02, 0.98)), f(r.real(0.02, 0.98)), 0, 0});
  auto add = [&](const char* category, const gl::Texture& t, gl::MipFilter mip) {
    HwCase c{category, t, sampler(gl::Filter::linear, mip), {}};
    for (float lod : {0.0f, -1.0f, 0.5f})
      for (const Vec4& xy : coords) c.queries.push_back(gl::txl(xy, lod));
    out.push_back(std::move(c));
  };
  add("mip-vs-flat-flat", flat, gl::MipFilter::linear);
  add("mip-vs-flat-mipped", mipped, gl::MipFilter::linear);
  add("mip-vs-flat-mipped-point", mipped, gl::MipFilter::nearest);
  // A 2x2 texture with a second level: the filter-2d grid at LOD 0.
  gl::Texture two = random_texture(r, Target::tex2d, Format::rgba8, 2, 2, 1, 1, 2);
  HwCase g{"mip-vs-flat-2x2", two, sampler(gl::Filter::linear, gl::MipFilter::linear), {}};
  for (int j = 0; j <= 16; ++j)
    for (int k = 0; k <= 16; ++k) g.queries.push_back(gl::txl({f((0.5 + k / 16.0) / 2), f((0.5 + j / 16.0) / 2), 0, 0}, 0));
  out.push_back(std::move(g));
}

// Sixth round: the blend of two levels' LINEAR footprints, isolated: textures of 2 texels (1D) or 2x2 whose
// second level is one texel, at exact sub-texel weights and lambda fractions; then a 4x4 texture of 3 levels.
void trilinear_blend(std::vector<HwCase>& out) {
  Rng r(161);
  const gl::Sampler tri = sampler(gl::Filter::linear, gl::MipFilter::linear);
  HwCase one{"tri-blend-1d", random_texture(r, Target::tex1d, Format::rgba8, 2, 1, 1, 1, 2), tri, {}};
  for (int k = 0; k < 256; ++k)
    one.queries.push_back(gl::txl({f((0.5 + r.uniform(0, 256) / 256.0) / 2), 0, 0, 0}, f(r.uniform(1, 255) / 256.0)));
  out.push_back(std::move(one));
  HwCase two{"tri-blend-2d", random_texture(r, Target::tex2d, Format::rgba8, 2, 2, 1, 1, 2), tri, {}};
  for (int k = 0; k < 256; ++k)
    two.queries.push_back(gl::txl({f((0.5 + r.uniform(0, 256) / 256.0) / 2), f((0.5 + r.uniform(0, 256) / 256.0) / 2), 0, 0},
                                  f(r.uniform(1, 255) / 256.0)));
  out.push_back(std::move(two));
  HwCase four{"tri-blend-4x4", random_texture(r, Target::tex2d, Format::rgba8, 4, 4, 1, 1, 3), tri, {}};
  for (int k = 0; k < 128; ++k)
    four.queries.push_back(gl::txl({f(r.real(0.1, 0.9)), f(r.real(0.1, 0.9)), 0, 0}, f(r.uniform(1, 511) / 256.0)));
  out.push_back(std::move(four));
}

// Seventh round: 3D footprints (how the eight taps' 8-bit weights split), one level and two.
void footprints_3d(std::vector<HwCase>& out) {
  Rng r(171);
  const gl::Sampler tri = sampler(gl::Filter::linear, gl::MipFilter::linear);
  auto at = [&] { return f((0.5 + r.uniform(0, 256) / 256.0) / 2); };
  HwCase one{"tri-3d", random_texture(r, Target::tex3d, Format::rgba8, 2, 2, 2, 1, 1), tri, {}};
  for (int k = 0; k < 256; ++k) one.queries.push_back(gl::txl({at(), at(), at(), 0}, 0));
  out.push_back(std::move(one));
  HwCase two{"tri-3d-mip", random_texture(r, Target::tex3d, Format::rgba8, 2, 2, 2, 1, 2), tri, {}};
  for (int k = 0; k < 256; ++k) two.queries.push_back(gl::txl({at(), at(), at(), 0}, f(r.uniform(1, 255) / 256.0)));
  out.push_back(std::move(two));
}

}  // namespace

// Eighth round: cube-map LOD (the seventh showed neither the derivative of the face coordinates nor 3D lengths):
// single gradients swept from 1/64 to 8 directions per pixel on a level-identity cube, at the centre of a face,
// off the centre, along the major axis, on a direction of length 2, on +X; and a second gradient at every angle
// (the 4-vector rho's diagonals).
void cube_lod_sweeps(std::vector<HwCase>& out) {
  const gl::Texture t = rgba32f(Target::cube, 32, 32, 1, 1, 6, [](int l, int, int, int) { return Vec4{f(l), 0, 0, 1}; });
  const gl::Sampler tri = sampler(gl::Filter::linear, gl::MipFilter::linear);
  HwCase c{"cube-lod-sweep", t, tri, {}};
  using G = std::array<float, 3>;
  struct Sweep {
    Vec4 at;
    G dx, dy;  // per unit of g
  };
  const Sweep sweeps[] = {
      {{0, 0, 1, 0}, {1, 0, 0}, {0, 1, 0}},      {{0, 0, 1, 0}, {1, 0, 0}, {0, 0, 0}},
      {{0, 0, 1, 0}, {0, 0, 1}, {0, 0, 0}},      {{0.5f, 0, 1, 0}, {0, 0, 1}, {0, 0, 0}},
      {{0.5f, 0.25f, 1, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, 2, 0}, {1, 0, 0}, {0, 1, 0}},
      {{1, 0, 0, 0}, {0, 0, 1}, {0, 1, 0}},
  };
  for (const Sweep& w : sweeps)
    for (int k = 0; k < 72; ++k) {
      const double g = std::exp2(k / 8.0) / 64;
      c.queries.push_back(gl::txd(w.at, {f(w.dx[0] * g), f(w.dx[1] * g), f(w.dx[2] * g)},
                                  {f(w.dy[0] * g), f(w.dy[1] * g), f(w.dy[2] * g)}));
    }
  for (const Vec4 at : {Vec4{0, 0, 1, 0}, Vec4{0.3f, -0.4f, 1, 0}})
    for (double len : {1.0, 0.5})
      for (int k = 0; k <= 32; ++k) {
        const double a = k * std::numbers::pi / 32, g = 1.0 / 8;
        c.queries.push_back(gl::txd(at, {f(g), 0, 0}, {f(len * g * std::cos(a)), f(len * g * std::sin(a)), 0}));
      }
  out.push_back(std::move(c));
}

std::vector<HwCase> hw_cases() {
  std::vector<HwCase> out;
  weights(out);
  lods(out);
  formats(out);
  wraps(out);
  cubes(out);
  arrays_and_3d(out);
  gathers_and_offsets(out);
  filtering(out);
  srgb_and_borders(out);
  coordinate_precision(out);
  lod_vectors(out);
  aniso_probes(out);
  cube_edges_and_bias(out);
  filter_arithmetic(out);
  border_conversion(out);
  cube_coordinates(out);
  mip_footprints(out);
  mip_vs_flat(out);
  trilinear_blend(out);
  footprints_3d(out);
  cube_lod_sweeps(out);
  return out;
}

}  // namespace tmu::test::hw
