// SPDX-License-Identifier: MIT
// Surfaces under tmu run: the kernels of tests/data/run/surface.ptx, compiled by ptxas 11.8 at test time (SULD,
// SUST, SURED in bound and bindless forms), run through the texture unit's surfaces. Expected values follow from
// PTX's suld/sust/sured semantics and are worked out here by hand; where PTX leaves a choice open (components a
// formatted store does not give) the test names tmu's documented model. Without ptxas the tests skip.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>

#include "isa/cubin.h"
#include "oracle.h"
#include "run/launch.h"
#include "run/launch_spec.h"

namespace tmu::run {
namespace {

const std::string kData = TMU_TEST_DATA "/run/";

isa::Cubin surface_cubin(const std::string& ptxas) {
  const std::string dir = test::temp_dir();
  const auto r = test::run_program({ptxas, "-arch=sm_50", kData + "surface.ptx", "-o", dir + "/surface.cubin"});
  EXPECT_EQ(r.status, 0) << r.err;
  auto cubin = isa::read_cubin(test::read_bytes(dir + "/surface.cubin"));
  EXPECT_TRUE(cubin) << cubin.error();
  return cubin ? *cubin : isa::Cubin{};
}

LaunchSpec spec_of(const std::string& json) {
  auto s = read_launch_spec(json, kData);
  EXPECT_TRUE(s) << s.error();
  return s ? *s : LaunchSpec{};
}

std::vector<uint32_t> words_of(const std::vector<BufferResult>& list, const std::string& name) {
  for (const BufferResult& b : list)
    if (b.name == name) {
      std::vector<uint32_t> w(b.bytes.size() / 4);
      std::memcpy(w.data(), b.bytes.data(), w.size() * 4);
      return w;
    }
  ADD_FAILURE() << "no result " << name;
  return {};
}

// surf_rw: each thread stores v(x, y) at (x, y) of an 8 x 4 R32_UINT surface, then reads a neighbour's word, a
// byte of its own, a word past the row under .zero and a clamped word.
TEST(RunSurface, RawStoresAndLoadsWithTheClampModes) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = surface_cubin(ptxas);
  const LaunchSpec spec = spec_of(R"({
    "kernel": "surf_rw", "block": [8, 4],
    "textures": {"S": {"texture": {"type": "2d", "format": "R32_UINT", "width": 8, "height": 4,
                                   "texels": {"source": "solid", "color": [0, 0, 0, 0]}}}},
    "surfrefs": {"S": "S"},
    "buffers": [{"name": "out", "size": 512}],
    "params": [{"buffer": "out"}],
    "outputs": [{"buffer": "out"}, {"texture": "S"}]
  })");
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto v = [](uint32_t x, uint32_t y) { return x * 100 + y * 1000 + 7; };
  const auto out = words_of(r->buffers, "out");
  const auto texels = words_of(r->textures, "S");
  ASSERT_EQ(out.size(), 128u);
  ASSERT_EQ(texels.size(), 32u);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 8; ++x) {
      const uint32_t i = y * 8 + x;
      EXPECT_EQ(texels[i], v(x, y)) << i;                             // sust.b.2d.b32 at byte 4x of row y
      EXPECT_EQ(out[i], v((x + 1) % 8, (y + 1) % 4)) << i;            // a neighbour's store, after bar.sync
      EXPECT_EQ(out[32 + i], (v(x, y) >> 8) & 0xff) << i;             // .b8 at byte 4x + 1 (little endian)
      EXPECT_EQ(out[64 + i], 0u) << i;                                // bytes 4x + 32 lie past the 32-byte row
      EXPECT_EQ(out[96 + i], v(x >= 4 ? x - 4 : 0, 3)) << i;          // (4x - 16, y + 5) clamped into the surface
    }
}

// surf_fmt: sust.p converts f32 to the UNORM8 codes (round to nearest even: 0.25 * 255 = 63.75 -> 64, 127.5 ->
// 128), R, G, B, A into bytes 0..3 of the A8B8G8R8 texel. Threads x >= 2 give only R and G (.v2): tmu writes zero
// to B and A, which PTX calls unpredictable.
TEST(RunSurface, FormattedStoresConvertThroughTheFormat) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = surface_cubin(ptxas);
  const LaunchSpec spec = spec_of(R"({
    "kernel": "surf_fmt", "block": [4, 2],
    "textures": {"F": {"texture": {"type": "2d", "format": "A8B8G8R8_UNORM", "width": 4, "height": 2,
                                   "texels": {"source": "solid", "color": [1, 1, 1, 1]}}}},
    "surfrefs": {"F": "F"},
    "buffers": [{"name": "out", "size": 32}],
    "params": [{"buffer": "out"}]
  })");
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto out = words_of(r->buffers, "out");
  ASSERT_EQ(out.size(), 8u);
  const uint32_t red[4] = {0, 64, 128, 191};  // x / 4 * 255: 0, 63.75, 127.5, 191.25
  const uint32_t green[2] = {0, 128};          // y / 2 * 255: 0, 127.5
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const uint32_t ba = x < 2 ? (128u << 16 | 255u << 24) : 0u;  // 0.5 -> 127.5 -> 128; 1.0 -> 255
      EXPECT_EQ(out[y * 4 + x], red[x] | green[y] << 8 | ba) << x << "," << y;
    }
}

// surf_red: 64 threads (two warps). Texel t < 4 gets the sum of tid + 1 over tid = t mod 4: 16 (t + 1) + 4 * 120.
// Texel 4: the signed maximum of 0 and 5 - tid (5; unsigned, -58 would win). Texel 5: sured.p.min on a SINT
// format compares signed: min(0, tid - 40) = -40 (unsigned, 0 would stay).
TEST(RunSurface, ReductionsWithTheirTypes) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = surface_cubin(ptxas);
  const LaunchSpec spec = spec_of(R"({
    "kernel": "surf_red", "block": [64],
    "textures": {"R": {"texture": {"type": "1d", "format": "R32_SINT", "width": 8,
                                   "texels": {"source": "solid", "color": [0, 0, 0, 0]}}}},
    "surfrefs": {"R": "R"},
    "outputs": [{"texture": "R", "format": "s32"}]
  })");
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto t = words_of(r->textures, "R");
  ASSERT_EQ(t.size(), 8u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(t[i], 16 * (i + 1) + 4 * 120) << i;
  EXPECT_EQ(static_cast<int32_t>(t[4]), 5);
  EXPECT_EQ(static_cast<int32_t>(t[5]), -40);
  EXPECT_EQ(t[6], 0u);
  EXPECT_EQ(t[7], 0u);
}

// surf_obj: surface objects passed as .u64 parameters (ptxas reads their bank-0 words as bound surfaces). The
// gradient texels of an R32_G32_B32_A32_UINT surface are (x, y, layer or z, 1).
TEST(RunSurface, LayeredAnd3DSurfaceObjects) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = surface_cubin(ptxas);
  const LaunchSpec spec = spec_of(R"({
    "kernel": "surf_obj", "block": [4, 2],
    "textures": {
      "arr": {"texture": {"type": "2d_array", "format": "R32_G32_B32_A32_UINT", "width": 4, "height": 2, "layers": 3,
                          "texels": {"source": "gradient"}}},
      "vol": {"texture": {"type": "3d", "format": "R32_G32_B32_A32_UINT", "width": 4, "height": 2, "depth": 3,
                          "texels": {"source": "gradient"}}}},
    "buffers": [{"name": "out", "size": 256}],
    "params": [{"buffer": "out"}, {"texture": "arr"}, {"texture": "vol"}, {"u32": 2}]
  })");
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto out = words_of(r->buffers, "out");
  ASSERT_EQ(out.size(), 64u);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const uint32_t i = (y * 4 + x) * 8;
      const std::vector<uint32_t> want{x, y, 2, 1, x, y, 2, 1};
      EXPECT_EQ(std::vector<uint32_t>(out.begin() + i, out.begin() + i + 8), want) << x << "," << y;
    }
}

TEST(RunSurface, TrapAndBadBindingsAreErrors) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = surface_cubin(ptxas);
  LaunchSpec spec = spec_of(R"({
    "kernel": "surf_trap", "block": [8],
    "textures": {"R": {"texture": {"type": "1d", "format": "R32_SINT", "width": 8}}},
    "surfrefs": {"R": "R"},
    "buffers": [{"name": "out", "size": 4}],
    "params": [{"buffer": "out"}]
  })");
  auto r = launch(cubin, spec);
  ASSERT_FALSE(r);
  for (const char* part : {"thread (4,0,0)", "SULD.D.TRAP: x 32 bytes is outside the surface",
                           "level 0: 8 texels of 4 bytes (32 bytes a row)"})
    EXPECT_NE(r.error().find(part), std::string::npos) << r.error();
  spec.surfrefs.clear();
  r = launch(cubin, spec);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("surface reference 'R' (c[0x0][0x148]) is not bound: add \"surfrefs\""),
            std::string::npos)
      << r.error();
}

}  // namespace
}  // namespace tmu::run
