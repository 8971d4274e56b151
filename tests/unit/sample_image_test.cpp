// SPDX-License-Identifier: MIT
// `tmu sample`'s image requests (image_load, image_store, image_atomic_*): NIR image intrinsics run by the IR
// interpreter through the texture unit's surfaces. Expected values are worked out by hand from the texel sources
// (docs/texunit.md: `gradient` gives integer components x, y and the layer, face or slice, A = 1), the formats'
// rounding (UNORM8: round to nearest even, saturated) and GL's robust out-of-range behaviour.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <bit>

#include "sample/run_spec.h"
#include "sample/spec_reader.h"

namespace tmu::sample {
namespace {

using Bits = std::array<uint32_t, 4>;

Outcome run(std::string_view text) {
  auto spec = read_spec(text);
  EXPECT_TRUE(spec) << spec.error();
  if (!spec) return {};
  auto out = run_spec(*spec, ".");
  EXPECT_TRUE(out) << out.error();
  return out ? *out : Outcome{};
}

Bits lane(const Outcome& o, std::size_t request, unsigned l) {
  if (request >= o.requests.size()) return {0xdead, 0xdead, 0xdead, 0xdead};
  return o.requests[request].result[l];
}

TEST(SampleImage, LoadStoreAndAtomicsOnAnIntegerImage) {
  const Outcome o = run(R"({
    "texture": {"format": "R32_UINT", "width": 4, "height": 2, "texels": {"source": "gradient"}},
    "requests": [
      {"op": "image_load", "coords": [[0, 0], [3, 1], [4, 0], [-1, 0]]},
      {"op": "image_store", "coords": [[1, 0], [2, 1]], "value": [[7, 0, 0, 0], [9, 0, 0, 0]]},
      {"op": "image_atomic_add", "coords": [[1, 0], [1, 0], [1, 0], [9, 9]], "data": [1, 2, 3, 4]},
      {"op": "image_atomic_imin", "coords": [[2, 1]], "data": -5},
      {"op": "image_atomic_umin", "coords": [[3, 1]], "data": -5},
      {"op": "image_atomic_comp_swap", "coords": [[0, 1], [0, 1]], "compare": 0, "data": [100, 200]},
      {"op": "image_atomic_inc_wrap", "coords": [[3, 0], [3, 0]], "data": 3},
      {"op": "image_load", "coords": [[1, 0], [2, 1], [0, 1], [3, 1], [3, 0]]}
    ]})");
  ASSERT_EQ(o.requests.size(), 8u);
  EXPECT_EQ(lane(o, 0, 0), (Bits{0, 0, 0, 1}));  // R = x; A is ONE_INT
  EXPECT_EQ(lane(o, 0, 1), (Bits{3, 0, 0, 1}));
  EXPECT_EQ(lane(o, 0, 2), (Bits{0, 0, 0, 0}));  // outside: zero
  EXPECT_EQ(lane(o, 0, 3), (Bits{0, 0, 0, 0}));
  EXPECT_EQ(lane(o, 1, 0), (Bits{7, 0, 0, 1}));  // the texel read back after the store
  EXPECT_EQ(lane(o, 1, 1), (Bits{9, 0, 0, 1}));
  // Lanes in order: 7 -> 8 -> 10 -> 13; lane 3 is outside (returns 0, changes nothing).
  EXPECT_EQ(lane(o, 2, 0)[0], 7u);
  EXPECT_EQ(lane(o, 2, 1)[0], 8u);
  EXPECT_EQ(lane(o, 2, 2)[0], 10u);
  EXPECT_EQ(lane(o, 2, 3)[0], 0u);
  EXPECT_EQ(lane(o, 3, 0)[0], 9u);  // imin(9, -5) = -5, signed
  EXPECT_EQ(lane(o, 4, 0)[0], 3u);  // umin(3, 0xfffffffb) = 3
  EXPECT_EQ(lane(o, 5, 0)[0], 0u);  // 0 == 0: 100 stored
  EXPECT_EQ(lane(o, 5, 1)[0], 100u);  // 100 != 0: unchanged
  EXPECT_EQ(lane(o, 6, 0)[0], 3u);  // inc_wrap with 3: 3 >= 3 -> 0, then 0 -> 1
  EXPECT_EQ(lane(o, 6, 1)[0], 0u);
  EXPECT_EQ(lane(o, 7, 0)[0], 13u);
  EXPECT_EQ(lane(o, 7, 1)[0], 0xfffffffbu);
  EXPECT_EQ(lane(o, 7, 2)[0], 100u);
  EXPECT_EQ(lane(o, 7, 3)[0], 3u);
  EXPECT_EQ(lane(o, 7, 4)[0], 1u);
}

// The output names the surface instruction the interpreter models and prints SINT values signed.
TEST(SampleImage, OutputNamesTheInstruction) {
  auto spec = read_spec(R"({"texture": {"type": "1d", "format": "R32_SINT", "width": 2,
      "texels": {"source": "solid", "color": [-7, 0, 0, 0]}},
      "requests": [{"op": "image_atomic_imax", "coords": [[0]], "data": -3},
                   {"op": "image_load", "coords": [[0]]}]})");
  ASSERT_TRUE(spec) << spec.error();
  auto out = run_spec(*spec, ".");
  ASSERT_TRUE(out) << out.error();
  const std::string json = results_json(*spec, *out);
  for (const char* part : {R"("op":"image_atomic_imax","instruction":"SUATOM.D.1D.MAX.S32.IGN")", R"({"lane":0,"old":-7})",
                           R"("op":"image_load","instruction":"SULD.P.1D.IGN")", R"("value":[-3,0,0,1])"})
    EXPECT_NE(json.find(part), std::string::npos) << part << "\n" << json;
}

// UNORM8 stores round to nearest even and saturate: 0.25 -> 63.75 -> 64, 0.5 -> 127.5 -> 128, 2.0 -> 255; the
// texel reads back as n / 255.
TEST(SampleImage, FormattedStoreConvertsThroughTheFormat) {
  const Outcome o = run(R"({
    "texture": {"format": "A8B8G8R8_UNORM", "width": 2, "texels": {"source": "solid", "color": [0, 0, 0, 0]}},
    "requests": [{"op": "image_store", "coords": [[0, 0]], "value": [0.25, 0.5, 1.0, 2.0]}]})");
  EXPECT_EQ(lane(o, 0, 0), (Bits{std::bit_cast<uint32_t>(64.0f / 255.0f), std::bit_cast<uint32_t>(128.0f / 255.0f),
                                 0x3f800000, 0x3f800000}));
}

// Coordinates after x and y: the layer of a 2D array, the face of a cube map, the slice of a 3D texture.
TEST(SampleImage, LayersFacesAndSlices) {
  for (const char* texture : {R"("type": "2d_array", "width": 2, "height": 2, "layers": 3)",
                              R"("type": "cube", "width": 2)", R"("type": "3d", "width": 2, "height": 2, "depth": 3)"}) {
    const Outcome o = run(fmt::format(R"({{"texture": {{{}, "format": "R32_G32_B32_A32_UINT",
        "texels": {{"source": "gradient"}}}}, "requests": [{{"op": "image_load", "coords": [[1, 0, 2], [0, 1, 1]]}}]}})",
                                      texture));
    EXPECT_EQ(lane(o, 0, 0), (Bits{1, 0, 2, 1})) << texture;
    EXPECT_EQ(lane(o, 0, 1), (Bits{0, 1, 1, 1})) << texture;
  }
}

TEST(SampleImage, AtomicsNeed32BitTexels) {
  auto spec = read_spec(R"({"texture": {"width": 2}, "requests": [{"op": "image_atomic_add", "coords": [[0, 0]], "data": 1}]})");
  ASSERT_FALSE(spec);
  EXPECT_EQ(spec.error(), "requests[0].op: image_atomic_add needs a format of one 32-bit component (R32_UINT, R32_SINT, "
                          "R32_FLOAT), not A8B8G8R8");
}

}  // namespace
}  // namespace tmu::sample
