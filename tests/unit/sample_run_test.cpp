// SPDX-License-Identifier: MIT
// `tmu sample` end to end: specs built into GPU memory and run through the texture unit. Expected values are
// computed by hand from the spec (the generator rules in docs/texunit.md), the texel formats (UNORM8 decodes to
// the correctly rounded n / 255) and the filter rules (8-bit sub-texel weights, lerp a + w (b - a) in fp32).
#include <gtest/gtest.h>

#include <bit>
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/png_image.h"
#include "sample/run_spec.h"
#include "sample/spec_reader.h"
#include "sample/texels.h"

namespace tmu::sample {
namespace {

namespace fs = std::filesystem;
using Bits = std::array<uint32_t, 4>;

constexpr uint32_t kOne = 0x3f800000;   // 1.0f
constexpr Bits kBlack{0, 0, 0, kOne};
constexpr Bits kWhite{kOne, kOne, kOne, kOne};

// UNORM8 n / 255, correctly rounded to fp32.
constexpr uint32_t kU10 = 0x3d20a0a1, kU20 = 0x3da0a0a1, kU30 = 0x3df0f0f1, kU40 = 0x3e20a0a1, kU64 = 0x3e808081, kU65 = 0x3e828283,
                   kU128 = 0x3f008081, kU160 = 0x3f20a0a1, kU182 = 0x3f36b6b7;

// A scratch folder for files a spec reads.
class SampleRun : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           fmt::format("tmu_sample_{}_{}", ::testing::UnitTest::GetInstance()->current_test_info()->name(), ::getpid());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& name, std::span<const std::byte> data) const {
    std::ofstream(dir_ / name, std::ios::binary).write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  }

  Outcome run(std::string_view text, const texunit::Policy& policy = texunit::Policy::nvidia()) {
    auto spec = read_spec(text);
    EXPECT_TRUE(spec) << spec.error();
    if (!spec) return {};
    spec_ = *spec;
    auto out = run_spec(*spec, dir_, policy);
    EXPECT_TRUE(out) << out.error();
    return out ? *out : Outcome{};
  }
  std::string run_error(std::string_view text) {
    auto spec = read_spec(text);
    EXPECT_TRUE(spec) << spec.error();
    if (!spec) return {};
    auto out = run_spec(*spec, dir_);
    EXPECT_FALSE(out);
    return out ? "" : out.error();
  }

  fs::path dir_;
  Spec spec_;
};

// NIR's result of a request in lane l (the shader's output).
Bits lane(const Outcome& o, std::size_t request, unsigned l) {
  if (request >= o.requests.size()) return {0xdead, 0xdead, 0xdead, 0xdead};
  return o.requests[request].result[l];
}
// The texture unit's registers.
Bits registers(const Outcome& o, std::size_t request, unsigned l) {
  if (request >= o.requests.size()) return {0xdead, 0xdead, 0xdead, 0xdead};
  return o.requests[request].response.value[l];
}

TEST_F(SampleRun, NearestOnACheckerboard) {
  // 4x4 checker, cells of one texel: texel (x, y) is white when x + y is odd.
  const Outcome o = run(R"({"texture": {"width": 4, "height": 4, "texels": {"source": "checker"}},
    "requests": [
      {"op": "txl", "lod": 0, "coords": [[0.125, 0.125], [0.375, 0.125], [0.625, 0.375], [0.875, 0.875]]},
      {"op": "tex", "coords": [[0.125, 0.125], [0.375, 0.125], [0.125, 0.375], [0.375, 0.375]]},
      {"op": "txf", "coords": [[0, 0], [1, 0], [2, 1], [3, 3]]},
      {"op": "txf", "coords": [[0, 0], [3, 3], [4, 0]], "offset": [1, 0]}
    ]})");
  EXPECT_EQ(lane(o, 0, 0), kBlack);  // texel (0, 0)
  EXPECT_EQ(lane(o, 0, 1), kWhite);  // (1, 0)
  EXPECT_EQ(lane(o, 0, 2), kWhite);  // (2, 1)
  EXPECT_EQ(lane(o, 0, 3), kBlack);  // (3, 3)
  EXPECT_EQ(lane(o, 1, 0), kBlack);  // (0, 0), (1, 0), (0, 1), (1, 1)
  EXPECT_EQ(lane(o, 1, 1), kWhite);
  EXPECT_EQ(lane(o, 1, 2), kWhite);
  EXPECT_EQ(lane(o, 1, 3), kBlack);
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(lane(o, 2, l), lane(o, 0, l)) << l;
  // Offsets move the fetch; past the edge a fetch returns zeros (seed 001).
  EXPECT_EQ(lane(o, 3, 0), kWhite);  // (1, 0)
  EXPECT_EQ(lane(o, 3, 1), (Bits{}));  // (4, 3)
  EXPECT_EQ(lane(o, 3, 2), (Bits{}));  // (5, 0)
  EXPECT_EQ(o.requests[3].response.resident & 7u, 7u);
}

TEST_F(SampleRun, LargerCellsLayersAndCubeFaces) {
  // Cells of two texels; array layers and cube faces flip the parity.
  Outcome o = run(R"({"texture": {"type": "2d_array", "width": 4, "height": 4, "layers": 3,
                                  "texels": {"source": "checker", "cell": 2, "colors": [[0, 0, 0, 1], [1, 1, 1, 1]]}},
    "requests": [{"op": "txf", "coords": [[1, 1, 0], [2, 0, 0], [2, 0, 1], [0, 0, 1], [0, 0, 2]]}]})");
  EXPECT_EQ(lane(o, 0, 0), kBlack);  // cell (0, 0), layer 0
  EXPECT_EQ(lane(o, 0, 1), kWhite);  // cell (1, 0)
  EXPECT_EQ(lane(o, 0, 2), kBlack);  // cell (1, 0), layer 1
  EXPECT_EQ(lane(o, 0, 3), kWhite);  // cell (0, 0), layer 1
  EXPECT_EQ(lane(o, 0, 4), kBlack);  // layer 2
  // A cube of 4x4 faces with one cell per face: face f is colour f & 1 (faces +X, -X, +Y, -Y, +Z, -Z).
  o = run(R"({"texture": {"type": "cube", "width": 4, "texels": {"source": "checker", "cell": 4}},
    "requests": [{"op": "txl", "lod": 0, "coords": [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]}]})");
  for (unsigned f = 0; f < 6; ++f) EXPECT_EQ(lane(o, 0, f), f & 1 ? kWhite : kBlack) << "face " << f;
}

TEST_F(SampleRun, TxfMsReadsSamplesOfTheSampleImage) {
  // Texel sources cover the sample image: 2 samples (2X1) over 2x1 pixels is a 4x1 image of R8_UINT samples 10,
  // 20, 30, 40 (a raw file). Pixel 1 sample 0 is texel 2, sample 1 texel 3; sample 2 is past the 2 samples: TLD's
  // zero border through R8_UINT's default swizzle (R, 0, 0, ONE_INT) is (0, 0, 0, 1).
  const std::byte raw[4] = {std::byte{10}, std::byte{20}, std::byte{30}, std::byte{40}};
  write("ms.raw", raw);
  Outcome o = run(R"({"texture": {"width": 2, "height": 1, "samples": 2, "format": "R8_UINT",
                                  "texels": {"source": "raw", "file": "ms.raw"}},
    "requests": [{"op": "txf_ms", "coords": [[1, 0], [1, 0], [1, 0], [0, 0]], "sample": [0, 1, 2, 1]},
                 {"op": "txf", "coords": [[1, 0]]},
                 {"op": "texture_samples"}]})");
  EXPECT_EQ(lane(o, 0, 0), (Bits{30, 0, 0, 1}));
  EXPECT_EQ(lane(o, 0, 1), (Bits{40, 0, 0, 1}));
  EXPECT_EQ(lane(o, 0, 2), (Bits{0, 0, 0, 1}));
  EXPECT_EQ(lane(o, 0, 3), (Bits{20, 0, 0, 1}));
  EXPECT_EQ(lane(o, 1, 0), (Bits{30, 0, 0, 1}));  // txf reads sample 0
  EXPECT_EQ(lane(o, 2, 0)[0], 2u);
  // A checker of one-texel cells over a 2x2-sample image: sample-image texel (X, Y) is white when X + Y is odd.
  // Pixel (1, 0) sample 0 (0, 0) -> (2, 0) black; 1 (1, 0) -> (3, 0) white; 2 (0, 1) -> (2, 1) white; 3 -> (3, 1) black.
  // Layer 1 flips the parity.
  o = run(R"({"texture": {"type": "2d_array", "width": 2, "height": 2, "layers": 2, "samples": 4,
                          "texels": {"source": "checker"}},
    "requests": [{"op": "txf_ms", "coords": [[1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 1]], "sample": [0, 1, 2, 3, 0]}]})");
  EXPECT_EQ(lane(o, 0, 0), kBlack);
  EXPECT_EQ(lane(o, 0, 1), kWhite);
  EXPECT_EQ(lane(o, 0, 2), kWhite);
  EXPECT_EQ(lane(o, 0, 3), kBlack);
  EXPECT_EQ(lane(o, 0, 4), kWhite);
  const std::string json = results_json(spec_, o);
  EXPECT_NE(json.find("\"samples\":4"), std::string::npos) << json;
  EXPECT_NE(json.find("\"instruction\":\"TLD.LZ.MS\""), std::string::npos) << json;
}

TEST_F(SampleRun, BilinearBetweenTwoTexelsWithEightBitWeights) {
  // A 1D R8_UNORM texture of two texels, 64 and 192 (a raw file). Texel-space s' = 2 s; the footprint is texels 0
  // and 1 with weight w = s' - 0.5 rounded to 1/256. UNORM8 filters in 16-bit fixed point (tests/hw): texels
  // 64 * 257 = 16448 and 192 * 257 = 49344, N = ((256 - w) 16448 + w 49344 + 128) >> 8, R = N / 65535.
  const std::byte raw[2] = {std::byte{64}, std::byte{192}};
  write("two.raw", raw);
  const std::string spec = R"({"texture": {"type": "1d", "width": 2, "format": "R8_UNORM",
                                           "texels": {"source": "raw", "file": "two.raw"}},
    "sampler": {"address_u": "clamp_to_edge", "mag_filter": "linear", "min_filter": "linear"},
    "requests": [{"op": "txl", "lod": 0, "coords": [[0.5], [0.4], [0.25], [0.75]]}]})";
  Outcome o = run(spec);
  // s = 0.5: w = 128; N = (128 * 65792 + 128) >> 8 = 32896 = 128 * 257, so R = 128/255 = 0x3f008081 (an fp32 lerp
  // would round twice, to 0x3f008080).
  EXPECT_EQ(lane(o, 0, 0), (Bits{0x3f008081, 0, 0, kOne}));
  // s = 0.4f = 0.40000000596: truncated to 2^-22, 1677721 / 2^22; s' - 0.5 = 0.29999971, times 256 = 76.79993
  // rounds to w = 77; N = (179 * 16448 + 77 * 49344 + 128) >> 8 = 6743808 >> 8 = 26343; 26343 / 65535 rounds
  // to 0x3ecdcece.
  EXPECT_EQ(lane(o, 0, 1), (Bits{0x3ecdcece, 0, 0, kOne}));
  // Texel centres read the texels themselves.
  EXPECT_EQ(lane(o, 0, 2), (Bits{kU64, 0, 0, kOne}));
  EXPECT_EQ(lane(o, 0, 3), (Bits{0x3f40c0c1, 0, 0, kOne}));
  // The float-exact policy keeps w = 0.3f (0x3e99999a): a + 0.3f (b - a) = 0x3ecd9a68.
  o = run(spec, texunit::Policy::float_exact());
  EXPECT_EQ(lane(o, 0, 1), (Bits{0x3ecd9a68, 0, 0, kOne}));
}

TEST_F(SampleRun, Snorm8FiltersSumCodeMinus128AsItIs) {
  // A 1D R8_SNORM texture of two texels, codes -128 (0x80) and 0, sampled halfway: weights 128 and 128. The filter
  // sums codes (tests/hw format-linear): T = 128 * -128 = -16384, n = round(-16384 * 32767 / (256 * 127)) =
  // round(-16512.504) = -16513, R = -16513 / 32767. Point sampling reads -128 as -1, as it does -127; summed as -127
  // the result would be -16384 / 32767.
  const std::byte raw[2] = {std::byte{0x80}, std::byte{0}};
  write("snorm.raw", raw);
  const Outcome o = run(R"({"texture": {"type": "1d", "width": 2, "format": "R8_SNORM",
                                        "texels": {"source": "raw", "file": "snorm.raw"}},
    "sampler": {"address_u": "clamp_to_edge", "mag_filter": "linear", "min_filter": "linear"},
    "requests": [{"op": "txl", "lod": 0, "coords": [[0.5], [0.25]]}]})");
  EXPECT_EQ(lane(o, 0, 0), (Bits{0xbf010302, 0, 0, kOne}));
  EXPECT_EQ(lane(o, 0, 1), (Bits{0xbf800000, 0, 0, kOne}));  // the texel centre: -1
}

TEST_F(SampleRun, ThreeDimensionalFarPlaneShareRoundsHalfDown) {
  // A 2x2x2 R8_UNORM volume with two levels, 0 everywhere but texel (0, 0, 1) of level 0, 255. At LOD 0.5 each
  // level's taps share 128; at (0.25, 0.25, 0.400390625) level 0's footprint has u and v fractions 0 and w
  // fraction 77/256: its far plane takes 77 * 128 / 256 = 38.5 rounded half down, 38 (tests/hw tri-3d-mip; half
  // up would be 39). N = (38 * 255 * 257 + 128) >> 8 = 9728, R = 9728 / 65535 (half up: 9984 / 65535).
  std::byte raw[9] = {};
  raw[4] = std::byte{255};
  write("vol.raw", raw);
  const Outcome o = run(R"({"texture": {"type": "3d", "width": 2, "height": 2, "depth": 2, "levels": 2, "format": "R8_UNORM",
                                        "texels": {"source": "raw", "file": "vol.raw"}},
    "sampler": {"address_u": "clamp_to_edge", "address_v": "clamp_to_edge", "address_p": "clamp_to_edge",
                "mag_filter": "linear", "min_filter": "linear", "mip_filter": "linear"},
    "requests": [{"op": "txl", "lod": 0.5, "coords": [[0.25, 0.25, 0.400390625]]}]})");
  EXPECT_EQ(lane(o, 0, 0), (Bits{0x3e180098, 0, 0, kOne}));
}

TEST_F(SampleRun, SizesLevelsAndSamples) {
  Outcome o = run(R"({"texture": {"width": 8, "height": 4, "levels": 3},
    "requests": [{"op": "txs", "lod": [0, 1, 2]}, {"op": "query_levels"}, {"op": "texture_samples", "lanes": 2}]})");
  EXPECT_EQ(lane(o, 0, 0)[0], 8u);
  EXPECT_EQ(lane(o, 0, 0)[1], 4u);
  EXPECT_EQ(lane(o, 0, 1)[0], 4u);
  EXPECT_EQ(lane(o, 0, 1)[1], 2u);
  EXPECT_EQ(lane(o, 0, 2)[0], 2u);
  EXPECT_EQ(lane(o, 0, 2)[1], 1u);
  EXPECT_EQ(lane(o, 1, 0)[0], 3u);   // query_levels
  EXPECT_EQ(registers(o, 1, 0)[3], 3u);  // TXQ's fourth register
  EXPECT_EQ(lane(o, 2, 1)[0], 1u);   // texture_samples
  // Two lanes run: the other two of their quad are helpers that the texture unit does not see.
  EXPECT_EQ(o.requests[2].response.written, 3u);
  // A view of levels 1..2 has two levels, and level 0 of the view is the resource's level 1.
  o = run(R"({"texture": {"width": 8, "height": 8, "levels": 4, "base_level": 1, "max_level": 2},
    "requests": [{"op": "query_levels"}, {"op": "txs"}]})");
  EXPECT_EQ(lane(o, 0, 0)[0], 2u);
  EXPECT_EQ(lane(o, 1, 0)[0], 4u);
  // 3D: width, height, depth; arrays: the layer count.
  o = run(R"({"texture": {"type": "3d", "width": 8, "height": 4, "depth": 2, "levels": 2}, "requests": [{"op": "txs", "lod": 1}]})");
  EXPECT_EQ(lane(o, 0, 0)[0], 4u);
  EXPECT_EQ(lane(o, 0, 0)[1], 2u);
  EXPECT_EQ(lane(o, 0, 0)[2], 1u);
  o = run(R"({"texture": {"type": "2d_array", "width": 4, "height": 2, "layers": 5}, "requests": [{"op": "txs"}]})");
  EXPECT_EQ(lane(o, 0, 0)[2], 5u);
}

TEST_F(SampleRun, MipSelectionIsVisibleWithPerLevelColours) {
  // 8x8 with 4 levels coloured red, green, blue, yellow (the "levels" palette); nearest mip.
  const Outcome o = run(R"({"texture": {"width": 8, "height": 8, "levels": 4, "texels": {"source": "levels"}},
    "sampler": {"mip_filter": "point"},
    "requests": [
      {"op": "txl", "coords": [[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]], "lod": [1, 2, 3]},
      {"op": "tex", "coords": [[0.125, 0.125], [0.375, 0.125], [0.125, 0.375], [0.375, 0.375]]},
      {"op": "txd", "coords": [[0.5, 0.5]], "ddx": [0.5, 0], "ddy": [0, 0.5]},
      {"op": "txb", "coords": [[0.125, 0.125], [0.375, 0.125], [0.125, 0.375], [0.375, 0.375]], "bias": 1},
      {"op": "lod", "coords": [[0.125, 0.125], [0.375, 0.125], [0.125, 0.375], [0.375, 0.375]]}
    ]})");
  const Bits red{kOne, 0, 0, kOne}, green{0, kOne, 0, kOne}, blue{0, 0, kOne, kOne}, yellow{kOne, kOne, 0, kOne};
  EXPECT_EQ(lane(o, 0, 0), green);
  EXPECT_EQ(lane(o, 0, 1), blue);
  EXPECT_EQ(lane(o, 0, 2), yellow);
  // Neighbouring lanes 0.25 apart on an 8-texel level 0: 2 texels per pixel, lambda = log2 2 = 1.
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(lane(o, 1, l), green) << l;
  // Gradients of half the texture: 4 texels, lambda 2.
  EXPECT_EQ(lane(o, 2, 0), blue);
  // Bias 1 on lambda 1.
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(lane(o, 3, l), blue) << l;
  // TMML: relative and absolute LOD 1.0 in 8.8 fixed point; NIR's (lod, unclamped lod) = (1.0, 1.0).
  EXPECT_EQ(registers(o, 4, 0)[0], 0x100u);
  EXPECT_EQ(registers(o, 4, 0)[1], 0x100u);
  EXPECT_EQ(lane(o, 4, 0)[0], kOne);
  EXPECT_EQ(lane(o, 4, 0)[1], kOne);
  EXPECT_EQ(red[0], kOne);
}

TEST_F(SampleRun, DepthCompare) {
  // Depth 0.5 everywhere; LESS passes when the reference is below the texel.
  const Outcome o = run(R"({"texture": {"width": 2, "height": 2, "format": "ZF32_FLOAT", "texels": {"source": "solid", "color": [0.5, 0, 0, 0]}},
    "sampler": {"depth_compare": true, "depth_compare_func": "less"},
    "requests": [{"op": "txl", "lod": 0, "coords": [[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]], "comparator": [0.25, 0.75, 0.5]}]})");
  EXPECT_EQ(lane(o, 0, 0)[0], kOne);
  EXPECT_EQ(lane(o, 0, 1)[0], 0u);
  EXPECT_EQ(lane(o, 0, 2)[0], 0u);
}

TEST_F(SampleRun, RequestsRunWithTheIrsConventions) {
  // The requests run as NIR through the IR interpreter, so NAK's operand conversions apply
  // (lowering-facts 2.2). A float layer L is u32(max(L + 0.5, 0)), capped at 0xffff, then clamped by the unit
  // to the texture's layers: 0.5 -> 1, 1.5 -> 2, 2.5 -> 3, -0.7 -> 0, 9 -> 3 (4 layers). The UINT gradient
  // returns (x, y, layer, 1).
  Outcome o = run(R"({"texture": {"type": "2d_array", "width": 2, "height": 2, "layers": 4, "format": "R32_G32_B32_A32_UINT",
                                  "texels": {"source": "gradient"}},
    "requests": [{"op": "txl", "lod": 0, "coords": [[0.25, 0.75, 0.5], [0.25, 0.75, 1.5], [0.75, 0.25, 2.5],
                                                      [0.75, 0.25, -0.7], [0.25, 0.25, 9]]}]})");
  EXPECT_EQ(lane(o, 0, 0), (Bits{0, 1, 1, 1}));
  EXPECT_EQ(lane(o, 0, 1), (Bits{0, 1, 2, 1}));
  EXPECT_EQ(lane(o, 0, 2), (Bits{1, 0, 3, 1}));
  EXPECT_EQ(lane(o, 0, 3), (Bits{1, 0, 0, 1}));
  EXPECT_EQ(lane(o, 0, 4), (Bits{0, 0, 3, 1}));
  // min_lod m becomes .LC's u4.8 clamp as u32(max(256 m, 16)): min_lod 0 clamps the LOD to 16/256. Levels 0
  // and 1 are 0 and 1 everywhere, the quad's texels one per pixel (lambda 0), linear mips: 0 + 0.0625 (1 - 0).
  o = run(R"({"texture": {"width": 4, "height": 4, "levels": 2, "format": "R32_FLOAT",
                          "texels": {"source": "levels", "colors": [[0, 0, 0, 1], [1, 0, 0, 1]]}},
    "sampler": {"mip_filter": "linear"},
    "requests": [{"op": "tex", "coords": [[0.125, 0.125], [0.375, 0.125], [0.125, 0.375], [0.375, 0.375]], "min_lod": 0},
                 {"op": "tex", "coords": [[0.125, 0.125], [0.375, 0.125], [0.125, 0.375], [0.375, 0.375]]}]})");
  EXPECT_EQ(lane(o, 0, 0)[0], std::bit_cast<uint32_t>(0.0625f));
  EXPECT_EQ(o.requests[0].request.lanes[0].lod_clamp, 16u);
  EXPECT_EQ(lane(o, 1, 0)[0], 0u);
}

TEST_F(SampleRun, GatherReturnsTheFootprintInHardwareOrder) {
  // 2x2 R8_UNORM: (0,0) 10, (1,0) 20, (0,1) 30, (1,1) 40. At the centre the footprint is all four texels; TLD4
  // returns (i0, j1), (i1, j1), (i1, j0), (i0, j0).
  const std::byte raw[4] = {std::byte{10}, std::byte{20}, std::byte{30}, std::byte{40}};
  write("g.raw", raw);
  const Outcome o = run(R"({"texture": {"width": 2, "height": 2, "format": "R8_UNORM", "texels": {"source": "raw", "file": "g.raw"}},
    "requests": [{"op": "tg4", "coords": [[0.5, 0.5]], "component": "r"}, {"op": "tg4", "coords": [[0.5, 0.5]], "component": "a"}]})");
  EXPECT_EQ(lane(o, 0, 0), (Bits{kU30, kU40, kU20, kU10}));
  EXPECT_EQ(lane(o, 1, 0), (Bits{kOne, kOne, kOne, kOne}));  // W is ONE_FLOAT for a format without alpha
}

TEST_F(SampleRun, PngLevelZeroAndBoxFilteredLevels) {
  // 2x1 pixels (255, 0, 0, 255) and (0, 128, 255, 65). Level 1 is their average, encoded to UNORM8 with round to
  // nearest even: (127.5, 64, 127.5, 160) -> (128, 64, 128, 160).
  RgbaImage img{2, 1, {255, 0, 0, 255, 0, 128, 255, 65}};
  auto png = encode_png(img);
  ASSERT_TRUE(png) << png.error();
  write("p.png", *png);
  const Outcome o = run(R"({"texture": {"width": 2, "height": 1, "levels": 2, "texels": {"source": "png", "file": "p.png"}},
    "requests": [{"op": "txf", "coords": [[0, 0], [1, 0], [0, 0]], "lod": [0, 0, 1]}]})");
  EXPECT_EQ(lane(o, 0, 0), (Bits{kOne, 0, 0, kOne}));
  EXPECT_EQ(lane(o, 0, 1), (Bits{0, kU128, kOne, kU65}));
  EXPECT_EQ(lane(o, 0, 2), (Bits{kU128, kU64, kU128, kU160}));
  // A PNG of the wrong size is refused.
  EXPECT_EQ(run_error(R"({"texture": {"width": 4, "texels": {"source": "png", "file": "p.png"}}, "requests": [{"op": "txs"}]})"),
            fmt::format("texture.texels.file: \"{}\" is 2x1; the texture takes 4x1 (1 rows x 1 slices x 1 layers)",
                        (dir_ / "p.png").string()));
}

// An sRGB texture from a PNG holds the PNG's codes (they are sRGB-encoded already), and `colors` for sRGB formats
// are linear values, stored as their sRGB codes: both read as a raw file holding those codes does. Level 1 averages
// linear light: R codes 0 and 255 are 0 and 1, their average 0.5 is code round(255 (1.055 * 0.5^(1/2.4) - 0.055)) =
// round(187.52) = 188; G 128 and 128 stay 128, B 255; alpha is not sRGB: (65 + 200) / 2 = 132.5 -> 132 (even).
TEST_F(SampleRun, SrgbTexturesFromPngHoldItsCodesAndColorsAreLinear) {
  RgbaImage img{2, 1, {0, 128, 255, 65, 255, 128, 255, 200}};
  auto png = encode_png(img);
  ASSERT_TRUE(png) << png.error();
  write("s.png", *png);
  const std::vector<uint8_t> codes = {0, 128, 255, 65, 255, 128, 255, 200, 188, 128, 255, 132};
  write("s.raw", std::as_bytes(std::span(codes)));
  constexpr std::string_view kRequests = R"("requests": [{"op": "txf", "coords": [[0, 0], [1, 0], [0, 0]], "lod": [0, 0, 1]}])";
  auto spec = [&](std::string_view texels) {
    return fmt::format(R"({{"texture": {{"width": 2, "height": 1, "levels": 2, "format": "A8B8G8R8_SRGB", "texels": {}}}, {}}})",
                       texels, kRequests);
  };
  const Outcome from_png = run(spec(R"({"source": "png", "file": "s.png"})"));
  const Outcome from_raw = run(spec(R"({"source": "raw", "file": "s.raw"})"));
  for (unsigned l = 0; l < 3; ++l) EXPECT_EQ(lane(from_png, 0, l), lane(from_raw, 0, l)) << "lane " << l;
  // Code 128 decodes near the curve's ((128 / 255 + 0.055) / 1.055)^2.4 = 0.21586 (not 0.504, the decode of 128
  // encoded once more).
  EXPECT_NEAR(std::bit_cast<float>(lane(from_png, 0, 0)[1]), 0.21586, 1e-3);
  // A solid colour of linear 0.21586 is stored as code 128 (linear_to_srgb8), 1 as 255, 0 as 0; alpha 65 / 255.
  const Outcome solid = run(fmt::format(
      R"({{"texture": {{"width": 2, "height": 1, "format": "A8B8G8R8_SRGB", "texels": {{"source": "solid", "color": [0, 0.21586, 1, 0.2549]}}}},
          "requests": [{{"op": "txf", "coords": [[0, 0]], "lod": [0]}}]}})"));
  EXPECT_EQ(lane(solid, 0, 0), lane(from_raw, 0, 0));
}

TEST_F(SampleRun, PitchAndBlockLinearMemoryReadTheSameTexels) {
  // Gradient: R = x / 7, G = y / 3 on an 8x4 texture; texel (5, 3): R = 182.14 -> 182, G = 255.
  for (const char* memory : {"block_linear", "pitch"}) {
    const Outcome o = run(fmt::format(R"({{"texture": {{"width": 8, "height": 4, "memory": "{}", "texels": {{"source": "gradient"}}}},
      "requests": [{{"op": "txf", "coords": [[5, 3], [0, 0]]}}]}})", memory));
    EXPECT_EQ(lane(o, 0, 0), (Bits{kU182, kOne, 0, kOne})) << memory;
    EXPECT_EQ(lane(o, 0, 1), (Bits{0, 0, 0, kOne})) << memory;
    const bool pitch = std::string_view(memory) == "pitch";
    EXPECT_EQ(o.header.version, pitch ? texunit::HeaderVersion::Pitch : texunit::HeaderVersion::BlockLinear);
    if (pitch) {
      EXPECT_EQ(o.header.pitch, 32u);  // 8 texels of 4 bytes
    }
  }
}

TEST_F(SampleRun, NoiseIsSplitMix64FromTheSeed) {
  // splitmix64 from state 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4 (the published reference sequence);
  // a UINT component takes a draw's low bits; R, G, B, A each take one draw.
  SplitMix64 r(0);
  EXPECT_EQ(r.next(), 0xe220a8397b1dcdafull);
  EXPECT_EQ(r.next(), 0x6e789e6aa1b965f4ull);
  const Outcome o = run(R"({"texture": {"width": 2, "format": "R32_UINT", "texels": {"source": "noise", "seed": 0}},
    "requests": [{"op": "txf", "coords": [[0, 0]]}]})");
  EXPECT_EQ(lane(o, 0, 0)[0], 0x7b1dcdafu);
  const Outcome a = run(R"({"texture": {"width": 4, "height": 4, "texels": {"source": "noise", "seed": 7}},
    "requests": [{"op": "txf", "coords": [[0, 0], [3, 3]]}]})");
  const Outcome b = run(R"({"texture": {"width": 4, "height": 4, "texels": {"source": "noise", "seed": 8}},
    "requests": [{"op": "txf", "coords": [[0, 0], [3, 3]]}]})");
  EXPECT_NE(lane(a, 0, 0), lane(b, 0, 0));
}

TEST_F(SampleRun, NonResidentPagesReadZeroAndClearResidency) {
  // 256x256 A8B8G8R8, block linear with 16-GOB blocks: a row of texels is 1024 bytes = 16 GOBs, a block is
  // 16 GOBs tall (128 rows) and 8 KiB, and blocks go x first (docs/texture-memory.md). So 64 KiB page 0 holds
  // x 0..127 of rows 0..127, page 1 x 128..255 of those rows, page 2 x 0..127 of rows 128..255.
  const Outcome o = run(R"({"texture": {"width": 256, "height": 256, "texels": {"source": "solid", "color": [1, 1, 1, 1]},
                                        "nonresident_pages": [1]},
    "requests": [{"op": "txf", "coords": [[10, 10], [200, 10], [10, 200], [200, 200], [128, 127], [127, 127]]}]})");
  EXPECT_TRUE(o.header.sparse);
  EXPECT_EQ(o.requests[0].response.resident & 0x3fu, 0b101101u);
  EXPECT_EQ(lane(o, 0, 0), kWhite);
  EXPECT_EQ(lane(o, 0, 1), (Bits{}));
  EXPECT_EQ(lane(o, 0, 3), kWhite);
  EXPECT_EQ(lane(o, 0, 4), (Bits{}));
  EXPECT_EQ(lane(o, 0, 5), kWhite);
  EXPECT_EQ(nlohmann::json::parse(results_json(spec_, o))["results"][0]["lanes"][1]["resident"], false);
}

TEST_F(SampleRun, RawFileOfTheWrongSize) {
  const std::byte raw[3] = {};
  write("r.raw", raw);
  EXPECT_EQ(run_error(R"({"texture": {"width": 2, "format": "R8_UNORM", "texels": {"source": "raw", "file": "r.raw"}}, "requests": [{"op": "txs"}]})"),
            fmt::format("texture.texels.file: \"{}\" holds 3 bytes, more than the 2 the texture can use", (dir_ / "r.raw").string()));
  write("s.raw", std::span(raw, 1));
  EXPECT_EQ(run_error(R"({"texture": {"width": 2, "format": "R8_UNORM", "texels": {"source": "raw", "file": "s.raw"}}, "requests": [{"op": "txs"}]})"),
            fmt::format("texture.texels.file: \"{}\" holds 1 bytes; the texture takes 2 (every level, every layer, linear "
                        "blocks in its format)", (dir_ / "s.raw").string()));
}

TEST_F(SampleRun, JsonOutputIsExactAndDeterministic) {
  const std::string text = R"({"texture": {"width": 1, "format": "R32_FLOAT", "texels": {"source": "solid", "color": [0.75, 0, 0, 0]}},
    "requests": [{"op": "txf", "name": "one", "coords": [[0, 0]]}, {"op": "lod", "coords": [[0, 0], [0, 0], [0, 0], [0, 0]]}]})";
  const Outcome o = run(text);
  const std::string out = results_json(spec_, o);
  EXPECT_EQ(out, results_json(spec_, run(text)));
  const auto j = nlohmann::json::parse(out);
  const auto& l0 = j["results"][0]["lanes"][0];
  EXPECT_EQ(j["results"][0]["op"], "txf");
  EXPECT_EQ(j["results"][0]["name"], "one");
  EXPECT_EQ(j["results"][0]["instruction"], "TLD.LZ");
  EXPECT_EQ(l0["value"], nlohmann::json::parse(R"(["0x1.8p-1", "0x0p+0", "0x0p+0", "0x1p+0"])"));
  EXPECT_EQ(l0["bits"], nlohmann::json::parse(R"(["0x3f400000", "0x00000000", "0x00000000", "0x3f800000"])"));
  EXPECT_EQ(l0["resident"], true);
  // Zero derivatives: lambda is -inf, TMML's relative LOD saturates to -128 (0x8000), the absolute one is 0.
  const auto& lod = j["results"][1]["lanes"][0];
  EXPECT_EQ(lod["lod"], nlohmann::json::parse(R"(["0x0p+0", "-0x1p+7"])"));
  EXPECT_EQ(j["tic"].size(), 8u);

  // Integer formats print integers (signed for SINT).
  const Outcome i = run(R"({"texture": {"width": 1, "format": "R32_SINT", "texels": {"source": "solid", "color": [-5, 0, 0, 0]}},
    "requests": [{"op": "txf", "coords": [[0, 0]]}]})");
  const auto k = nlohmann::json::parse(results_json(spec_, i));
  EXPECT_EQ(k["results"][0]["lanes"][0]["value"], nlohmann::json::parse("[-5, 0, 0, 1]"));
  EXPECT_EQ(k["results"][0]["lanes"][0]["bits"][0], "0xfffffffb");
}

TEST(SampleHexFloat, Spellings) {
  EXPECT_EQ(hex_float(0x3f400000), "0x1.8p-1");
  EXPECT_EQ(hex_float(0x80000000), "-0x0p+0");
  EXPECT_EQ(hex_float(0x00000001), "0x1p-149");
  EXPECT_EQ(hex_float(0x7f800000), "inf");
  EXPECT_EQ(hex_float(0x3d20a0a1), "0x1.414142p-5");  // 10/255
}

}  // namespace
}  // namespace tmu::sample
