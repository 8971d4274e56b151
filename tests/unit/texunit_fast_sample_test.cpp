// SPDX-License-Identifier: MIT
// The fast path (texunit/fast_sample.h) against the scalar reference path: random textures, samplers and warp
// requests; every request the fast path serves must give the reference's register bits, written and resident
// masks exactly. Requests outside its cases must be refused (and then the unit's result is the reference's).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "texunit/fast_sample.h"
#include "texunit/lod.h"
#include "texunit/texture_set.h"

namespace tmu::texunit {
namespace {

uint32_t fb(float f) { return std::bit_cast<uint32_t>(f); }

struct World {
  TextureSet set{16, 8192};
  std::vector<uint32_t> textures;
};

// An A8B8G8R8 UNORM block-linear texture of w x h with a full mip chain of random bytes.
uint32_t add_texture(World& w, std::mt19937& rng, uint32_t width, uint32_t height, uint8_t block_height_log2,
                     std::array<Source, 4> swizzle = {Source::R, Source::G, Source::B, Source::A}) {
  TextureHeader h;
  h.components = 0x08;
  h.types = {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
  h.swizzle = swizzle;
  h.version = HeaderVersion::BlockLinear;
  h.block_height_log2 = block_height_log2;
  h.type = TextureType::Tex2D;
  h.width = width;
  h.height = height;
  const unsigned levels = static_cast<unsigned>(std::bit_width(std::max(width, height)));
  h.max_mip_level = static_cast<uint8_t>(levels - 1);
  h.view_max_level = h.max_mip_level;
  auto t = w.set.add_texture(h);
  EXPECT_TRUE(t) << t.error();
  for (unsigned l = 0; l < levels; ++l) {
    const uint32_t lw = std::max(1u, width >> l), lh = std::max(1u, height >> l);
    std::vector<std::byte> bytes(std::size_t{lw} * lh * 4);
    for (auto& b : bytes) b = static_cast<std::byte>(rng() & 0xff);
    EXPECT_TRUE(w.set.write_level(*t, l, 0, bytes));
  }
  return *t;
}

// A warp of 8 quads, each at a random place with its own random derivatives (some magnifying, some minifying,
// some anisotropic).
Request random_request(std::mt19937& rng, uint32_t handle, bool odd_masks) {
  std::uniform_real_distribution<float> pos(-2.5f, 2.5f), unit(0.0f, 1.0f);
  Request r;
  r.op = TexOp::Sample;
  r.dim = Dim::Tex2D;
  r.lod = LodMode::Implicit;
  for (unsigned q = 0; q < 8; ++q) {
    const float u = pos(rng), v = pos(rng);
    // Derivatives from 1/64 to 64 texels of a 256 texture per pixel, either sign.
    auto d = [&] { return (rng() & 1 ? 1.0f : -1.0f) * std::exp2(unit(rng) * 12.0f - 6.0f) / 256.0f; };
    const float dux = d(), dvx = rng() % 4 == 0 ? 0.0f : d(), duy = rng() % 4 == 0 ? 0.0f : d(), dvy = d();
    for (unsigned k = 0; k < 4; ++k) {
      Lane& l = r.lanes[4 * q + k];
      l.handle = handle;
      const float x = static_cast<float>(k & 1), y = static_cast<float>(k >> 1);
      l.coord = {fb(u + x * dux + y * duy), fb(v + x * dvx + y * dvy), fb(unit(rng))};
    }
  }
  if (odd_masks) {
    r.active = static_cast<uint32_t>(rng());
    r.ctm = rng() % 2 ? 0xffffffffu : static_cast<uint32_t>(rng()) | r.active;
    r.ndv = rng() % 4 == 0;
    r.pixel_shader = rng() % 8 != 0;
  }
  return r;
}

Sampler random_sampler(std::mt19937& rng) {
  Sampler s;
  const AddressMode modes[] = {AddressMode::Wrap, AddressMode::ClampToEdge};
  s.address = {modes[rng() % 2], modes[rng() % 2], AddressMode::Wrap};
  s.mag = rng() % 2 ? MagFilter::Linear : MagFilter::Point;
  s.min = rng() % 2 ? MinFilter::Linear : MinFilter::Point;
  const MipFilter mips[] = {MipFilter::None, MipFilter::Point, MipFilter::Linear};
  s.mip = mips[rng() % 3];
  s.max_lod_clamp = rng() % 4 == 0 ? static_cast<uint32_t>(rng() % 0x500) : 0xfff;
  s.min_lod_clamp = rng() % 4 == 0 ? static_cast<uint32_t>(rng() % 0x300) : 0;
  s.mip_lod_bias = rng() % 4 == 0 ? static_cast<int32_t>(rng() % 1024) - 512 : 0;
  return s;
}

void expect_same(const Response& fast, const Response& ref, int request) {
  ASSERT_EQ(fast.written, ref.written) << "request " << request;
  ASSERT_EQ(fast.resident, ref.resident) << "request " << request;
  for (unsigned l = 0; l < kWarpSize; ++l)
    for (unsigned c = 0; c < 4; ++c)
      ASSERT_EQ(fast.value[l][c], ref.value[l][c]) << "request " << request << " lane " << l << " component " << c;
}

// The tests below run once per instruction set the fast path is compiled for (fast_sample.h FastIsa).
class FastSample : public ::testing::TestWithParam<FastIsa> {};

std::string skip_reason(FastIsa isa) {
  return isa == FastIsa::Avx2
             ? "skipped: the fast path needs x86-64 with AVX2"
             : "skipped: this CPU has no AVX-512F/VL/BW/DQ (the AVX2 build of the path is tested)";
}

INSTANTIATE_TEST_SUITE_P(Isa, FastSample, ::testing::Values(FastIsa::Avx2, FastIsa::Avx512),
                         [](const ::testing::TestParamInfo<FastIsa>& i) {
                           return i.param == FastIsa::Avx2 ? "Avx2" : "Avx512";
                         });

// Random requests with random samplers (random_sampler, changed by `adjust`) on random `textures`, each request
// changed by `reshape`; every request the fast path serves must equal the reference's. Counts what it served.
struct Served {
  int all = 0, trilinear = 0;
};
template <typename Adjust, typename Reshape>
Served compare_random(FastIsa isa, std::mt19937& rng, World& w, const std::vector<uint32_t>& textures, int requests,
                      Adjust adjust, Reshape reshape) {
  TextureUnit reference(w.set.bindings());
  reference.set_fast_path(false);
  Served served;
  for (int i = 0; i < requests; ++i) {
    Sampler s = random_sampler(rng);
    adjust(s);
    auto smp = w.set.add_sampler(s);
    EXPECT_TRUE(smp) << smp.error();
    if (!smp) return served;
    const uint32_t t = textures[rng() % textures.size()];
    Request rq = random_request(rng, TextureSet::handle(t, *smp), i % 3 == 0);
    reshape(i, rq);
    Response fast, ref;
    reference.run(rq, ref);
    if (!fast_sample(w.set.bindings(), Policy::nvidia(), rq, fast, isa)) continue;
    ++served.all;
    if (s.mip == MipFilter::Linear) ++served.trilinear;
    expect_same(fast, ref, i);
    if (::testing::Test::HasFatalFailure()) return served;
  }
  return served;
}

TEST_P(FastSample, BitIdenticalToReference) {
  if (!fast_sample_available(GetParam())) GTEST_SKIP() << skip_reason(GetParam());
  std::mt19937 rng(7);
  World w;
  const std::vector<uint32_t> textures = {
      add_texture(w, rng, 256, 256, 4), add_texture(w, rng, 64, 16, 1), add_texture(w, rng, 8, 128, 5),
      add_texture(w, rng, 1024, 2, 0), add_texture(w, rng, 32, 32, 2, {Source::B, Source::OneFloat, Source::R, Source::Zero})};
  const int kRequests = 6000;
  const Served served = compare_random(GetParam(), rng, w, textures, kRequests, [](Sampler&) {}, [](int, Request&) {});
  if (HasFatalFailure()) return;
  EXPECT_GT(served.all, kRequests / 2);
  EXPECT_GT(served.trilinear, kRequests / 6);
}

// Anisotropic filtering (MIN_FILTER ANISO, maximum ratios 2 to 16): random warps (fast_aniso.cpp) and draw-like
// ones stretched up to 32:1 along a random direction, so that lookups take 1 to 16 taps on one or two levels,
// some clamped by the ratio.
TEST_P(FastSample, AnisotropicBitIdenticalToReference) {
  if (!fast_sample_available(GetParam())) GTEST_SKIP() << skip_reason(GetParam());
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  World w;
  const std::vector<uint32_t> textures = {
      add_texture(w, rng, 256, 256, 4), add_texture(w, rng, 64, 16, 1), add_texture(w, rng, 1024, 512, 3),
      add_texture(w, rng, 32, 32, 2, {Source::B, Source::OneFloat, Source::R, Source::Zero})};
  auto aniso = [&rng](Sampler& s) {
    s.min = MinFilter::Aniso;
    s.max_anisotropy = static_cast<uint8_t>(1 + rng() % 7);
  };
  auto stretch = [&](int i, Request& rq) {
    if (i % 2 == 0) return;  // draw-like: a quad grid stretched along one direction
    const float angle = unit(rng) * 6.2832f, ratio = std::exp2(unit(rng) * 5.0f);
    const float step = std::exp2(unit(rng) * 8.0f - 5.0f) / 256.0f, u0 = unit(rng) * 4 - 2, v0 = unit(rng) * 4 - 2;
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const unsigned q = lane / 4, k = lane % 4;
      const float x = static_cast<float>((q % 4) * 2 + (k & 1)), y = static_cast<float>((q / 4) * 2 + (k >> 1));
      const float a = x * step, b = y * step * ratio;
      rq.lanes[lane].coord = {fb(u0 + a * std::cos(angle) - b * std::sin(angle)),
                              fb(v0 + a * std::sin(angle) + b * std::cos(angle)), 0};
    }
  };
  const int kRequests = 3000;
  const Served served = compare_random(GetParam(), rng, w, textures, kRequests, aniso, stretch);
  if (HasFatalFailure()) return;
  // (Refused: requests with a quad point-sampled while magnified, MAG_FILTER POINT.)
  EXPECT_GT(served.all, kRequests / 2);
  EXPECT_GT(served.trilinear, kRequests / 6);
}

// Denormal coordinates read as zero in both paths (texture_unit.cpp, flush_denormal): -2^-149 is texel 0, not
// the last texel (wrap) or texel -1's share of a footprint.
TEST_P(FastSample, DenormalCoordinatesReadAsZero) {
  if (!fast_sample_available(GetParam())) GTEST_SKIP() << skip_reason(GetParam());
  std::mt19937 rng(13);
  World w;
  const uint32_t t = add_texture(w, rng, 64, 64, 3);
  TextureUnit reference(w.set.bindings());
  reference.set_fast_path(false);
  const uint32_t denormals[] = {0x80000001u, 0x00000001u, 0x807fffffu, 0x007fffffu};
  for (int i = 0; i < 200; ++i) {
    auto smp = w.set.add_sampler(random_sampler(rng));
    ASSERT_TRUE(smp) << smp.error();
    Request rq = random_request(rng, TextureSet::handle(t, *smp), false);
    for (unsigned l = 0; l < kWarpSize; l += 3) rq.lanes[l].coord[rng() % 2] = denormals[rng() % 4];
    Response fast, ref;
    reference.run(rq, ref);
    ASSERT_TRUE(fast_sample(w.set.bindings(), Policy::nvidia(), rq, fast, GetParam())) << i;
    expect_same(fast, ref, i);
    if (HasFatalFailure()) return;
  }
}

TEST_P(FastSample, ManyRequestsOneSampler) {
  if (!fast_sample_available(GetParam())) GTEST_SKIP() << skip_reason(GetParam());
  std::mt19937 rng(11);
  World w;
  const uint32_t t = add_texture(w, rng, 128, 256, 3);
  std::vector<uint32_t> samplers;
  for (int i = 0; i < 64; ++i) samplers.push_back(*w.set.add_sampler(random_sampler(rng)));
  TextureUnit reference(w.set.bindings());
  reference.set_fast_path(false);
  int served = 0;
  for (int i = 0; i < 8000; ++i) {
    const Request rq = random_request(rng, TextureSet::handle(t, samplers[rng() % samplers.size()]), i % 4 == 0);
    Response fast, ref;
    reference.run(rq, ref);
    if (!fast_sample(w.set.bindings(), Policy::nvidia(), rq, fast, GetParam())) continue;
    ++served;
    expect_same(fast, ref, i);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(served, 6000);
}

// Warps of a draw: 8x4 pixels of a plane seen at one scale, so that the quads mostly choose the same levels
// and the fast path takes its uniform-request route (trilinear blending two levels with each quad's own
// fraction, some quads on an integer LOD with one level), with random masks; scales around each level
// boundary.
TEST_P(FastSample, CoherentWarps) {
  if (!fast_sample_available(GetParam())) GTEST_SKIP() << skip_reason(GetParam());
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  World w;
  const uint32_t t = add_texture(w, rng, 256, 128, 3);
  std::vector<uint32_t> samplers;
  for (int i = 0; i < 32; ++i) {
    Sampler s = random_sampler(rng);
    s.max_lod_clamp = 0xfff;
    s.min_lod_clamp = 0;
    samplers.push_back(*w.set.add_sampler(s));
  }
  TextureUnit reference(w.set.bindings());
  reference.set_fast_path(false);
  int served = 0;
  for (int i = 0; i < 4000; ++i) {
    Request r;
    r.op = TexOp::Sample;
    r.dim = Dim::Tex2D;
    r.lod = LodMode::Implicit;
    // texels per pixel 2^e for e in [-2, 6], often close to an integer (one level, or two with a small
    // fraction)
    const float e =
        static_cast<float>(rng() % 9) - 2.0f + (rng() % 2 ? unit(rng) : (unit(rng) - 0.5f) * 0x1p-6f);
    const float step = std::exp2(e) / 256.0f, u0 = unit(rng) * 4.0f - 2.0f, v0 = unit(rng) * 4.0f - 2.0f;
    const uint32_t handle = TextureSet::handle(t, samplers[rng() % samplers.size()]);
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const unsigned q = lane / 4, k = lane % 4;
      const float x = static_cast<float>((q % 4) * 2 + (k & 1)),
                  y = static_cast<float>((q / 4) * 2 + (k >> 1));
      r.lanes[lane].handle = handle;
      r.lanes[lane].coord = {fb(u0 + x * step), fb(v0 + y * step * (rng() % 8 == 0 ? 1.5f : 1.0f)), 0};
    }
    if (i % 2) r.active = static_cast<uint32_t>(rng()) | (rng() % 2 ? 0xff00ff00u : 0u);
    Response fast, ref;
    reference.run(r, ref);
    if (!fast_sample(w.set.bindings(), Policy::nvidia(), r, fast, GetParam())) continue;
    ++served;
    expect_same(fast, ref, i);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(served, 3500);
}

// The fast path keeps a thread's last plan while the bindings' stable_key() stays the same. Requests that
// alternate between two texture sets with the same handle but different samplers, and a set rebuilt in the same
// place with another sampler, must each get their own bindings' result.
TEST_P(FastSample, KeptPlanFollowsTheBindings) {
  if (!fast_sample_available(GetParam())) GTEST_SKIP() << skip_reason(GetParam());
  std::mt19937 rng(5);
  Sampler point, linear;
  point.address = linear.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Wrap};
  point.mag = MagFilter::Point;
  point.min = MinFilter::Point;
  linear.mag = MagFilter::Linear;
  linear.min = MinFilter::Linear;
  linear.mip = MipFilter::Linear;
  linear.max_lod_clamp = 0xfff;
  auto a = std::make_unique<World>(), b = std::make_unique<World>();
  const uint32_t ta = add_texture(*a, rng, 64, 64, 2), tb = add_texture(*b, rng, 64, 64, 2);
  ASSERT_EQ(ta, tb);
  ASSERT_TRUE(a->set.add_sampler(point));
  ASSERT_TRUE(b->set.add_sampler(linear));
  EXPECT_NE(a->set.bindings().stable_key(), 0u);
  EXPECT_NE(a->set.bindings().stable_key(), b->set.bindings().stable_key());
  const uint64_t before = a->set.bindings().stable_key();
  a->set.bindings().invalidate();
  EXPECT_NE(a->set.bindings().stable_key(), before);
  auto check = [&](World& w, int i) {
    const Request rq = random_request(rng, TextureSet::handle(ta, 0), false);
    TextureUnit reference(w.set.bindings());
    reference.set_fast_path(false);
    Response fast, ref;
    reference.run(rq, ref);
    ASSERT_TRUE(fast_sample(w.set.bindings(), Policy::nvidia(), rq, fast, GetParam())) << "request " << i;
    expect_same(fast, ref, i);
  };
  for (int i = 0; i < 40; ++i) {
    check(i % 2 ? *a : *b, i);
    if (HasFatalFailure()) return;
  }
  // A new set, likely in the same place: sampler 0 is now linear where it was point.
  a.reset();
  a = std::make_unique<World>();
  ASSERT_EQ(add_texture(*a, rng, 64, 64, 2), ta);
  ASSERT_TRUE(a->set.add_sampler(linear));
  for (int i = 0; i < 10; ++i) {
    check(*a, 100 + i);
    if (HasFatalFailure()) return;
  }
}

// What the fast path must refuse: other ops and modes, coordinates outside int32 fixed point, mixed handles,
// non-power-of-two levels, other formats. The unit then answers as the reference.
TEST_P(FastSample, RefusesWhatItDoesNotCover) {
  if (!fast_sample_available(GetParam())) GTEST_SKIP() << skip_reason(GetParam());
  std::mt19937 rng(3);
  World w;
  const uint32_t t = add_texture(w, rng, 64, 64, 2), odd = add_texture(w, rng, 48, 64, 2);
  Sampler s;
  s.mag = MagFilter::Linear;
  s.min = MinFilter::Linear;
  s.mip = MipFilter::Linear;
  s.max_lod_clamp = 0xfff;
  const uint32_t smp = *w.set.add_sampler(s);
  s.min = MinFilter::Aniso;
  s.max_anisotropy = 7;
  const uint32_t aniso = *w.set.add_sampler(s);
  s.min = MinFilter::Linear;
  s.address = {AddressMode::Border, AddressMode::Wrap, AddressMode::Wrap};
  const uint32_t border = *w.set.add_sampler(s);
  const Request base = random_request(rng, TextureSet::handle(t, smp), false);
  Response out;
  ASSERT_TRUE(fast_sample(w.set.bindings(), Policy::nvidia(), base, out, GetParam()));

  std::vector<std::pair<const char*, Request>> cases;
  auto add = [&](const char* what, auto change) {
    Request r = base;
    change(r);
    cases.emplace_back(what, r);
  };
  add("explicit LOD", [](Request& r) { r.lod = LodMode::Lod; });
  add("gather", [](Request& r) { r.op = TexOp::Gather; });
  add("array", [](Request& r) { r.dim = Dim::Array2D; });
  add("offsets", [](Request& r) { r.aoffi = true; });
  add("depth compare", [](Request& r) { r.depth_compare = true; });
  add("mixed handles", [&](Request& r) { r.lanes[17].handle = TextureSet::handle(t, aniso); });
  add("border", [&](Request& r) { for (auto& l : r.lanes) l.handle = TextureSet::handle(t, border); });
  add("non-power-of-two", [&](Request& r) { for (auto& l : r.lanes) l.handle = TextureSet::handle(odd, smp); });
  add("NaN", [](Request& r) { r.lanes[9].coord[0] = fb(std::nanf("")); });
  add("huge", [](Request& r) { r.lanes[30].coord[1] = fb(1e9f); });
  TextureUnit unit(w.set.bindings()), reference(w.set.bindings());
  reference.set_fast_path(false);
  for (const auto& [what, r] : cases) {
    Response f{}, u, ref;
    EXPECT_FALSE(fast_sample(w.set.bindings(), Policy::nvidia(), r, f, GetParam())) << what;
    unit.run(r, u);
    reference.run(r, ref);
    expect_same(u, ref, 0);
  }
  // A NaN or huge coordinate in an inactive lane does not matter.
  Request r = base;
  r.lanes[9].coord[0] = fb(std::nanf(""));
  r.active = ~(1u << 9);
  Response f{}, ref;
  EXPECT_TRUE(fast_sample(w.set.bindings(), Policy::nvidia(), r, f, GetParam()));
  reference.run(r, ref);
  expect_same(f, ref, 0);
}

// The fast path's 4-vector rho, four quads per vector, against lod.cpp's rho() bit for bit: gradients from 2^-20
// to 2^12 texels, either sign, zeros, equal and near-equal components (where the max and the length's mid
// change sides), on square and oblong levels.
TEST(FastSampleRho, BitIdenticalToReference) {
  if (!fast_sample_available()) GTEST_SKIP() << "skipped: the fast path needs x86-64 with AVX2";
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  auto component = [&](float other) {
    switch (rng() % 6) {
      case 0: return 0.0f;
      case 1: return other;                                     // equal magnitudes
      case 2: return -other * (1.0f + 0x1p-20f);                // near-equal, opposite sign
      default: return (rng() & 1 ? 1.0f : -1.0f) * std::exp2(unit(rng) * 32.0f - 20.0f) / 4096.0f;
    }
  };
  const double sizes[][2] = {{4096, 4096}, {256, 16}, {1, 2048}, {1, 1}};
  int compared = 0;
  for (int i = 0; i < 4000; ++i) {
    const double* size = sizes[i % 4];
    Request r;
    for (unsigned q = 0; q < 8; ++q) {
      const float u = unit(rng) * 4.0f - 2.0f, v = unit(rng) * 4.0f - 2.0f;
      const float dux = component(1.0f / 4096), dvx = component(dux), duy = component(dvx), dvy = component(duy);
      for (unsigned k = 0; k < 4; ++k) {
        const float x = static_cast<float>(k & 1), y = static_cast<float>(k >> 1);
        r.lanes[4 * q + k].coord = {fb(u + x * dux + y * duy), fb(v + x * dvx + y * dvy), 0};
      }
    }
    const auto fast = fast_quad_rho(r, size[0], size[1]);
    for (unsigned q = 0; q < 8; ++q) {
      const Lane* l = &r.lanes[4 * q];
      Gradients g;
      for (unsigned a = 0; a < 2; ++a) {
        const double c0 = std::bit_cast<float>(l[0].coord[a]);
        g.dx[a] = (std::bit_cast<float>(l[1].coord[a]) - c0) * size[a];
        g.dy[a] = (std::bit_cast<float>(l[2].coord[a]) - c0) * size[a];
      }
      const double want = rho(g, Rho::FourVectors);
      ASSERT_EQ(std::bit_cast<uint64_t>(fast[q]), std::bit_cast<uint64_t>(want))
          << "request " << i << " quad " << q << ": " << fast[q] << " vs " << want;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 32000);
}

}  // namespace
}  // namespace tmu::texunit
