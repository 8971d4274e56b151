// SPDX-License-Identifier: MIT
// The `tmu sample` spec reader: what good specs become (header, sampler, and requests as NIR texture instructions:
// op, flags and each source per lane), and the exact error text for malformed ones.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>

#include "sample/spec_reader.h"

namespace tmu::sample {
namespace {

using texunit::AddressMode;
using texunit::DataType;
using texunit::Dim;
using ir::TexOp;
using ir::TexSrcType;
using texunit::Source;

Spec ok(std::string_view text) {
  auto s = read_spec(text);
  EXPECT_TRUE(s) << s.error();
  return s ? *s : Spec{};
}

std::string error_of(std::string_view text) {
  auto s = read_spec(text);
  EXPECT_FALSE(s) << "accepted: " << text;
  return s ? "" : s.error();
}

uint32_t f(float v) { return std::bit_cast<uint32_t>(v); }

TEST(SampleSpec, DefaultsOfAMinimalSpec) {
  const Spec s = ok(R"({"texture": {"width": 8}, "requests": [{"op": "query_levels"}]})");
  const texunit::TextureHeader& h = s.texture.header;
  EXPECT_EQ(h.type, texunit::TextureType::Tex2D);
  EXPECT_EQ(h.components, 0x08u);  // A8B8G8R8
  EXPECT_EQ(h.types[0], DataType::Unorm);
  EXPECT_EQ(h.swizzle, (std::array<Source, 4>{Source::R, Source::G, Source::B, Source::A}));
  EXPECT_EQ(h.width, 8u);
  EXPECT_EQ(h.height, 1u);
  EXPECT_EQ(h.max_mip_level, 0);
  EXPECT_EQ(h.version, texunit::HeaderVersion::BlockLinear);
  EXPECT_EQ(h.block_height_log2, 4);
  EXPECT_TRUE(h.normalized_coords);
  EXPECT_EQ(s.texture.texels.source, TexelSource::Checker);
  EXPECT_EQ(s.sampler.address[0], AddressMode::Wrap);
  EXPECT_EQ(s.sampler.mag, texunit::MagFilter::Point);
  EXPECT_EQ(s.sampler.mip, texunit::MipFilter::None);
  EXPECT_EQ(s.sampler.max_lod_clamp, 0xfffu);
  ASSERT_EQ(s.requests.size(), 1u);
  EXPECT_EQ(s.requests[0].op, TexOp::query_levels);
  EXPECT_EQ(s.requests[0].nir_op, TexOp::query_levels);
  EXPECT_EQ(s.requests[0].lanes, 1u);
  EXPECT_EQ(s.requests[0].sampler_dim, ir::SamplerDim::Dim2D);
  EXPECT_FALSE(s.requests[0].is_array);
  EXPECT_EQ(s.requests[0].dest_type, ir::kInt32);
  EXPECT_TRUE(s.requests[0].sources.empty());
}

TEST(SampleSpec, FormatsByNameAndObject) {
  Spec s = ok(R"({"texture": {"width": 1, "format": "R32_FLOAT"}, "requests": [{"op": "txs"}]})");
  EXPECT_EQ(s.texture.header.components, 0x0fu);
  // Missing components read zero, a missing alpha one (ONE_FLOAT for float formats, ONE_INT for integer ones).
  EXPECT_EQ(s.texture.header.swizzle, (std::array<Source, 4>{Source::R, Source::Zero, Source::Zero, Source::OneFloat}));
  s = ok(R"({"texture": {"width": 1, "format": "R16_G16_SINT"}, "requests": [{"op": "txs"}]})");
  EXPECT_EQ(s.texture.header.types[1], DataType::Sint);
  EXPECT_EQ(s.texture.header.swizzle[3], Source::OneInt);
  s = ok(R"({"texture": {"width": 1, "format": "A8B8G8R8_SRGB"}, "requests": [{"op": "txs"}]})");
  EXPECT_TRUE(s.texture.header.srgb);
  EXPECT_EQ(s.texture.header.types[0], DataType::Unorm);
  s = ok(R"({"texture": {"width": 1, "format": "E5B9G9R9_SHAREDEXP_FLOAT"}, "requests": [{"op": "txs"}]})");
  EXPECT_EQ(s.texture.header.components, 0x20u);
  s = ok(R"({"texture": {"width": 1, "format": {"layout": "Z24S8", "types": ["UINT", "UNORM", "UNORM", "UNORM"],
            "swizzle": ["G", "G", "G", "ONE_FLOAT"]}}, "requests": [{"op": "txs"}]})");
  EXPECT_EQ(s.texture.header.types[0], DataType::Uint);
  EXPECT_EQ(s.texture.header.swizzle[0], Source::G);
  EXPECT_EQ(s.texture.format, "Z24S8 UINT/UNORM/UNORM/UNORM");
}

TEST(SampleSpec, SamplerFieldsByName) {
  const Spec s = ok(R"({"texture": {"width": 4, "format": "R32_UINT"},
    "sampler": {"address_u": "clamp_to_edge", "address_v": "mirror", "address_p": "border", "mag_filter": "linear",
                "min_filter": "aniso", "mip_filter": "linear", "max_anisotropy": 8, "mip_lod_bias": -0.5,
                "min_lod_clamp": 1.25, "max_lod_clamp": 3, "depth_compare": true, "depth_compare_func": "greater_equal",
                "reduction": "max", "cubemap_interface_filtering": "auto_span_seam", "trilin_opt": 3,
                "float_coord_normalization": "force_unnormalized", "srgb_border_color": [1, 2, 3],
                "border_color": [7, 0, 0, 4294967295]},
    "requests": [{"op": "txs"}]})");
  const texunit::Sampler& m = s.sampler;
  EXPECT_EQ(m.address, (std::array<AddressMode, 3>{AddressMode::ClampToEdge, AddressMode::Mirror, AddressMode::Border}));
  EXPECT_EQ(m.mag, texunit::MagFilter::Linear);
  EXPECT_EQ(m.min, texunit::MinFilter::Aniso);
  EXPECT_EQ(m.mip, texunit::MipFilter::Linear);
  EXPECT_EQ(m.max_anisotropy, 4);      // ratio 8 is code 4
  EXPECT_EQ(m.mip_lod_bias, -128);     // s5.8
  EXPECT_EQ(m.min_lod_clamp, 320u);    // u4.8: 1.25 * 256
  EXPECT_EQ(m.max_lod_clamp, 768u);
  EXPECT_TRUE(m.depth_compare);
  EXPECT_EQ(m.compare, texunit::CompareFunc::GreaterEqual);
  EXPECT_EQ(m.reduction, texunit::Reduction::Max);
  EXPECT_EQ(m.cube_interface, 2);
  EXPECT_EQ(m.trilin_opt, 3);
  EXPECT_TRUE(m.force_unnormalized);
  EXPECT_EQ(m.srgb_border, (std::array<uint8_t, 3>{1, 2, 3}));
  // An integer format takes its border colour as integers (register bits).
  EXPECT_EQ(m.border, (std::array<uint32_t, 4>{7, 0, 0, 0xffffffff}));
}

// Source `type` of request `r`, lane `lane`: its components' bits (zeros when absent).
std::array<uint32_t, 4> src(const RequestSpec& r, TexSrcType type, unsigned lane) {
  const SourceSpec* s = r.source(type);
  EXPECT_NE(s, nullptr) << ir::name(type);
  return s ? s->lanes[lane] : std::array<uint32_t, 4>{};
}
using U4 = std::array<uint32_t, 4>;
uint32_t i(int32_t v) { return static_cast<uint32_t>(v); }

TEST(SampleSpec, RequestsBecomeNirTextureInstructions) {
  const Spec s = ok(R"({"texture": {"type": "2d_array", "width": 4, "height": 4, "layers": 3, "levels": 3},
    "requests": [
      {"op": "txb", "coords": [[0, 0, 1.5], [1, 0, 2.5], [0, 1, -3], [1, 1, 70000]], "bias": [0.5, 1, 1.5, 2]},
      {"op": "txl", "coords": [[0.25, "0x1.8p-1", 0]], "lod": 1.5, "offset": [-8, 7]},
      {"op": "txd", "coords": [[0.5, 0.5, 0], [0.5, 0.5, 0]], "ddx": [0.25, 0], "ddy": [[0, 0.5], [0, 1]]},
      {"op": "txf", "coords": [[3, -1, 2]], "lod": 2},
      {"op": "tg4", "coords": [[0.5, 0.5, 0]], "component": "b", "offsets": [[1, 2], [-1, -2], [3, 4], [-128, 127]]},
      {"op": "txs", "lod": [0, 1, 2]},
      {"op": "tex", "coords": [[0.5, 0.5, 0]], "ddx": [1, 0], "ddy": [0, 1], "min_lod": 1.25},
      {"op": "query_levels"}
    ]})");
  ASSERT_EQ(s.requests.size(), 8u);
  for (const RequestSpec& r : s.requests) {
    EXPECT_EQ(r.sampler_dim, ir::SamplerDim::Dim2D);
    EXPECT_TRUE(r.is_array);
    EXPECT_FALSE(r.is_shadow);
  }
  const RequestSpec& txb = s.requests[0];
  EXPECT_EQ(txb.nir_op, TexOp::txb);
  EXPECT_EQ(txb.lanes, 4u);
  EXPECT_EQ(txb.dest_type, ir::kFloat32);
  ASSERT_EQ(txb.sources.size(), 2u);
  EXPECT_EQ(txb.sources[0].type, TexSrcType::coord);
  EXPECT_EQ(txb.sources[0].components, 3u);
  // Layers stay floats, as NIR has them: the IR rounds them when it makes the texture-unit request.
  EXPECT_EQ(src(txb, TexSrcType::coord, 1), (U4{f(1.0f), 0, f(2.5f), 0}));
  EXPECT_EQ(src(txb, TexSrcType::coord, 3), (U4{f(1.0f), f(1.0f), f(70000.0f), 0}));
  EXPECT_EQ(src(txb, TexSrcType::coord, 2)[2], f(-3.0f));
  EXPECT_EQ(src(txb, TexSrcType::bias, 3)[0], f(2.0f));

  const RequestSpec& txl = s.requests[1];
  EXPECT_EQ(src(txl, TexSrcType::coord, 0), (U4{f(0.25f), f(0.75f), 0, 0}));
  EXPECT_EQ(src(txl, TexSrcType::lod, 0)[0], f(1.5f));
  EXPECT_EQ(txl.source(TexSrcType::offset)->components, 2u);
  EXPECT_EQ(src(txl, TexSrcType::offset, 0), (U4{i(-8), 7, 0, 0}));

  const RequestSpec& txd = s.requests[2];
  EXPECT_EQ(txd.nir_op, TexOp::txd);
  EXPECT_EQ(src(txd, TexSrcType::ddx, 0), (U4{f(0.25f), 0, 0, 0}));
  EXPECT_EQ(src(txd, TexSrcType::ddx, 1), (U4{f(0.25f), 0, 0, 0}));
  EXPECT_EQ(src(txd, TexSrcType::ddy, 0), (U4{0, f(0.5f), 0, 0}));
  EXPECT_EQ(src(txd, TexSrcType::ddy, 1), (U4{0, f(1.0f), 0, 0}));

  // txf: integers, the layer an integer too.
  const RequestSpec& txf = s.requests[3];
  EXPECT_EQ(src(txf, TexSrcType::coord, 0), (U4{3, 0xffffffffu, 2, 0}));
  EXPECT_EQ(src(txf, TexSrcType::lod, 0)[0], 2u);

  const RequestSpec& tg4 = s.requests[4];
  EXPECT_EQ(tg4.component, 2u);
  ASSERT_TRUE(tg4.tg4_offsets.has_value());
  EXPECT_EQ(*tg4.tg4_offsets, (std::array<std::array<int8_t, 2>, 4>{{{1, 2}, {-1, -2}, {3, 4}, {-128, 127}}}));

  EXPECT_EQ(s.requests[5].lanes, 3u);
  EXPECT_EQ(src(s.requests[5], TexSrcType::lod, 2)[0], 2u);
  // tex with derivatives is NIR's txd; min_lod is a float.
  EXPECT_EQ(s.requests[6].op, TexOp::tex);
  EXPECT_EQ(s.requests[6].nir_op, TexOp::txd);
  EXPECT_EQ(src(s.requests[6], TexSrcType::min_lod, 0)[0], f(1.25f));
  // txs without a lod: level 0, as NIR builders make it; query_levels takes none.
  EXPECT_EQ(s.requests[7].sources.size(), 0u);
  const Spec t = ok(R"({"texture": {"type": "cube", "width": 4}, "requests": [{"op": "txs"}]})");
  ASSERT_EQ(t.requests.size(), 1u);
  EXPECT_EQ(t.requests[0].sampler_dim, ir::SamplerDim::Cube);
  EXPECT_FALSE(t.requests[0].is_array);
  EXPECT_EQ(src(t.requests[0], TexSrcType::lod, 0)[0], 0u);
}

TEST(SampleSpec, DestinationTypesAndShadow) {
  const Spec s = ok(R"({"texture": {"width": 4, "format": "R32_UINT"}, "sampler": {"depth_compare": true},
    "requests": [{"op": "txl", "coords": [[0, 0]], "lod": 0, "comparator": [0.5]}, {"op": "txf", "coords": [[0, 0]]},
                 {"op": "lod", "coords": [[0, 0], [0, 0], [0, 0], [0, 0]]}, {"op": "txs"}]})");
  EXPECT_TRUE(s.requests[0].is_shadow);
  EXPECT_EQ(src(s.requests[0], TexSrcType::comparator, 0)[0], f(0.5f));
  EXPECT_EQ(s.requests[1].dest_type, ir::kUint32);
  EXPECT_FALSE(s.requests[1].is_shadow);
  EXPECT_EQ(s.requests[2].dest_type, ir::kFloat32);
  EXPECT_EQ(s.requests[3].dest_type, ir::kInt32);
  const Spec t = ok(R"({"texture": {"type": "1d_array", "width": 4, "layers": 2, "format": "R16_G16_SINT"},
    "requests": [{"op": "txl", "coords": [[0.5, 1]], "lod": 0}]})");
  EXPECT_EQ(t.requests[0].dest_type, ir::kInt32);
  EXPECT_EQ(t.requests[0].sampler_dim, ir::SamplerDim::Dim1D);
  EXPECT_TRUE(t.requests[0].is_array);
}

TEST(SampleSpec, SampleCountsAndTxfMs) {
  // samples -> MULTI_SAMPLE_COUNT: 1X1 (0), 2X1 (1), 2X2 (2), 4X2 (3), 4X4 (6).
  const std::pair<int, uint8_t> modes[] = {{1, 0}, {2, 1}, {4, 2}, {8, 3}, {16, 6}};
  for (const auto& [n, mode] : modes) {
    const Spec s = ok(fmt::format(R"({{"texture": {{"width": 4, "samples": {}}}, "requests": [{{"op": "texture_samples"}}]}})", n));
    EXPECT_EQ(s.texture.header.multisample, mode) << n;
    // A multisampled texture is NIR's MS dim (GLSL's sampler2DMS).
    EXPECT_EQ(s.requests[0].sampler_dim, n > 1 ? ir::SamplerDim::MS : ir::SamplerDim::Dim2D) << n;
  }
  const Spec s = ok(R"({"texture": {"type": "2d_array", "width": 4, "height": 2, "layers": 2, "samples": 4},
    "requests": [{"op": "txf_ms", "coords": [[3, 1, 1], [-1, 0, 0]], "sample": [3, 4000000000]},
                 {"op": "txf_ms", "coords": [[0, 0, 0]], "sample": 2}]})");
  const RequestSpec& q = s.requests[0];
  EXPECT_EQ(q.nir_op, TexOp::txf_ms);
  EXPECT_EQ(q.sampler_dim, ir::SamplerDim::MS);
  EXPECT_TRUE(q.is_array);
  EXPECT_EQ(q.lanes, 2u);
  EXPECT_EQ(src(q, TexSrcType::coord, 0), (U4{3, 1, 1, 0}));
  EXPECT_EQ(src(q, TexSrcType::ms_index, 0)[0], 3u);
  EXPECT_EQ(src(q, TexSrcType::coord, 1)[0], 0xffffffffu);
  EXPECT_EQ(src(q, TexSrcType::ms_index, 1)[0], 4000000000u);
  EXPECT_EQ(src(s.requests[1], TexSrcType::ms_index, 0)[0], 2u);
}

TEST(SampleSpec, TexelSources) {
  Spec s = ok(R"({"texture": {"width": 4, "levels": 3, "texels": {"source": "levels", "colors": [[1,0,0,1],[0,1,0,1],[0,0,1,1]]}},
                  "requests": [{"op": "txs"}]})");
  EXPECT_EQ(s.texture.texels.source, TexelSource::Levels);
  ASSERT_EQ(s.texture.texels.colors.size(), 3u);
  EXPECT_EQ(s.texture.texels.colors[2][2], 1.0);
  s = ok(R"({"texture": {"width": 4, "texels": {"source": "noise", "seed": 42}}, "requests": [{"op": "txs"}]})");
  EXPECT_EQ(s.texture.texels.seed, 42u);
  s = ok(R"({"texture": {"width": 4, "texels": {"source": "png", "file": "a.png"}}, "requests": [{"op": "txs"}]})");
  EXPECT_EQ(s.texture.texels.file, "a.png");
  s = ok(R"({"texture": {"width": 4, "texels": {"source": "checker", "cell": 2, "colors": [[0,0,0,0],[1,0.5,0.25,1]]}},
             "comment": "comments are allowed anywhere", "requests": [{"op": "txs", "comment": "here too"}]})");
  EXPECT_EQ(s.texture.texels.cell, 2u);
  EXPECT_EQ(s.texture.texels.colors[1][2], 0.25);
}

// Malformed specs: the exact message (the CLI puts "FILE: " in front).
struct Bad {
  const char* spec;
  const char* error;
};

constexpr Bad kBad[] = {
    {R"({"texture": {"width": 4,}})", "byte 25: parse error at line 1, column 25: syntax error while parsing object key - "
                                       "unexpected '}'; expected string literal"},
    {R"({"texture": {"width": 4}})", "missing key \"requests\""},
    {R"({"textures": {}})", "unknown key \"textures\" (expected one of: texture, sampler, requests)"},
    {R"({"texture": {"width": 4, "width": 4}, "requests": []})", "texture: duplicate key \"width\""},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txs"}, {"op": "txs", "lod": 0, "lod": 1}]})",
     "requests[1]: duplicate key \"lod\""},
    {R"({"texture": {"width": 4, "heigth": 4}, "requests": []})",
     "texture: unknown key \"heigth\" (expected one of: type, format, width, height, depth, layers, levels, memory, pitch, "
     "block_height, block_depth, base_level, max_level, min_lod_clamp, normalized_coords, texels, nonresident_pages, "
     "samples)"},
    {R"({"texture": {"width": 4}, "requests": []})", "requests: expected at least one request"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txs"}, {"op": "txs"},
        {"op": "txl", "lod": 0, "coords": [[0, 0], [1, 1], [0, 0], [0, 0], [0, 0], [1, 2, 3]]}]})",
     "requests[2].coords[5]: expected 2 numbers for a 2D texture (s, t), got 3"},
    {R"({"texture": {"type": "cube_array", "width": 4}, "requests": [{"op": "txl", "lod": 0, "coords": [[0, 0, 1]]}]})",
     "requests[0].coords[0]: expected 4 numbers for a cube array texture (x, y, z, cube), got 3"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txf", "coords": [[0.5, 0]]}]})",
     "requests[0].coords[0][0]: expected an integer in [-2147483648, 2147483647], got 0.5"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "tex", "coords": [[0, 0]]}]})",
     "requests[0].coords: tex takes its LOD from quads of lanes (top-left, top-right, bottom-left, bottom-right): give "
     "4, 8, ... 32 coordinates, not 1, or ddx and ddy"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txb", "coords": [[0, 0]], "lod": 1}]})",
     "requests[0]: \"lod\" does not apply to txb (it takes: op, name, coords, bias, offset, comparator, min_lod)"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txl", "coords": [[0, 0]], "lod": 0, "lood": 1}]})",
     "requests[0]: unknown key \"lood\" (txl takes: op, name, coords, lod, offset, comparator)"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "tx"}]})",
     "requests[0].op: unknown op \"tx\" (expected one of: tex, txb, txl, txd, txf, txf_ms, tg4, txs, lod, query_levels, "
     "texture_samples, image_load, image_store, image_atomic_add, image_atomic_imin, image_atomic_umin, "
     "image_atomic_imax, image_atomic_umax, image_atomic_and, image_atomic_or, image_atomic_xor, "
     "image_atomic_exchange, image_atomic_comp_swap, image_atomic_inc_wrap, image_atomic_dec_wrap)"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "image_store", "coords": [[0, 0]]}]})",
     "requests[0]: missing key \"value\""},
    {R"({"texture": {"width": 4}, "requests": [{"op": "image_load", "coords": [[0, 0]], "lod": 0}]})",
     "requests[0]: unknown key \"lod\" (expected one of: op, name, coords)"},
    {R"({"texture": {"type": "2d_array", "width": 4, "layers": 2}, "requests": [{"op": "image_load", "coords": [[0, 0]]}]})",
     "requests[0].coords[0]: expected 3 integers for a 2D array texture (x, y, layer), got 2"},
    {R"({"texture": {"width": 4, "format": "R32_UINT"}, "requests": [{"op": "image_atomic_add", "coords": [[0, 0]], "data": [1, 2]}]})",
     "requests[0].data: expected one value per lane (1), got 2"},
    {R"({"texture": {"width": 4, "height": 4, "samples": 4}, "requests": [{"op": "image_load", "coords": [[0, 0]]}]})",
     "requests[0].op: image_load on a multisampled texture is not modelled"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txf_ms", "coords": [[0, 0]]}]})",
     "requests[0]: missing key \"sample\""},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txf_ms", "coords": [[0.5, 0]], "sample": 0}]})",
     "requests[0].coords[0][0]: expected an integer in [-2147483648, 2147483647], got 0.5"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txf_ms", "coords": [[0, 0]], "sample": -1}]})",
     "requests[0].sample: expected an integer in [0, 4294967295], got -1"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txf_ms", "coords": [[0, 0], [1, 1]], "sample": [0]}]})",
     "requests[0].sample: expected one value per lane (2), got 1"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txf", "coords": [[0, 0]], "sample": 1}]})",
     "requests[0]: \"sample\" does not apply to txf (it takes: op, name, coords, lod, offset)"},
    {R"({"texture": {"type": "3d", "width": 4}, "requests": [{"op": "txf_ms", "coords": [[0, 0, 0]], "sample": 0}]})",
     "requests[0].op: txf_ms applies to 2d and 2d_array textures, not to a 3D texture"},
    {R"({"texture": {"width": 4, "samples": 3}, "requests": [{"op": "txs"}]})",
     "texture.samples: expected 1, 2, 4, 8 or 16 (MULTI_SAMPLE_COUNT modes 1X1, 2X1, 2X2, 4X2, 4X4), got 3"},
    {R"({"texture": {"width": 4, "samples": 0}, "requests": [{"op": "txs"}]})",
     "texture.samples: expected 1, 2, 4, 8 or 16 (MULTI_SAMPLE_COUNT modes 1X1, 2X1, 2X2, 4X2, 4X4), got 0"},
    {R"({"texture": {"width": 4, "samples": 32}, "requests": [{"op": "txs"}]})",
     "texture.samples: expected 1, 2, 4, 8 or 16 (MULTI_SAMPLE_COUNT modes 1X1, 2X1, 2X2, 4X2, 4X4), got 32"},
    {R"({"texture": {"width": 4, "samples": -4}, "requests": [{"op": "txs"}]})",
     "texture.samples: expected 1, 2, 4, 8 or 16 (MULTI_SAMPLE_COUNT modes 1X1, 2X1, 2X2, 4X2, 4X4), got -4"},
    {R"({"texture": {"width": 4, "samples": 1e30}, "requests": [{"op": "txs"}]})",
     "texture.samples: expected an integer in [-2147483648, 2147483647], got 1e+30"},
    {R"({"texture": {"width": 4, "samples": "four"}, "requests": [{"op": "txs"}]})",
     "texture.samples: expected an integer in [-2147483648, 2147483647], got a string"},
    {R"({"texture": {"type": "cube", "width": 4, "samples": 4}, "requests": [{"op": "txs"}]})",
     "texture.samples: multisampled textures are 2d or 2d_array, not a cube texture"},
    {R"({"texture": {"width": 4, "levels": 2, "samples": 4}, "requests": [{"op": "txs"}]})",
     "texture.samples: multisampled textures have one level, not 2"},
    {R"({"texture": {"width": 4, "samples": 2, "memory": "pitch"}, "requests": [{"op": "txs"}]})",
     "texture.memory: multisampled textures are block linear"},
    {R"({"texture": {"width": 8192, "height": 8192, "samples": 16}, "requests": [{"op": "txs"}]})",
     "texture: the texture needs 4294967296 bytes of texture memory, more than the limit of 256 MiB"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txl", "coords": [[0, 0]], "lod": 0, "offset": [8, 0]}]})",
     "requests[0].offset[0]: expected an integer in [-8, 7], got 8"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txl", "coords": [[0, 0]], "lod": 0, "comparator": 0.5}]})",
     "requests[0].comparator: the sampler does not compare depth: set \"depth_compare\": true in the sampler"},
    {R"({"texture": {"width": 4}, "sampler": {"depth_compare": true}, "requests": [{"op": "txl", "coords": [[0, 0]], "lod": 0}]})",
     "requests[0]: the sampler compares depth (depth_compare): txl needs a comparator"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txl", "coords": [[0, 0], [1, 1]], "lod": [1, 2, 3]}]})",
     "requests[0].lod: expected one value per lane (2), got 3"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txl", "coords": [[0, "zero"]], "lod": 0}]})",
     "requests[0].coords[0][1]: \"zero\" is not a number (write numbers, or strings such as \"0x1.8p-1\", \"inf\", \"nan\")"},
    {R"({"texture": {"width": 65536, "height": 65536}, "requests": [{"op": "txs"}]})",
     "texture: the texture needs 17179869184 bytes of texture memory, more than the limit of 256 MiB"},
    {R"({"texture": {"width": 4096, "height": 4096, "format": "R32_G32_B32_A32_FLOAT", "levels": 2}, "requests": [{"op": "txs"}]})",
     "texture: the texture needs 335544320 bytes of texture memory, more than the limit of 256 MiB"},
    {R"({"texture": {"width": 70000}, "requests": [{"op": "txs"}]})", "texture.width: expected an integer in [1, 65536], got 70000"},
    {R"({"texture": {"width": 4, "levels": 4}, "requests": [{"op": "txs"}]})",
     "texture.levels: a texture of 4 texels has at most 3 levels, got 4"},
    {R"({"texture": {"type": "1d", "width": 4, "height": 4}, "requests": [{"op": "txs"}]})",
     "texture.height: a 1D texture has no height"},
    {R"({"texture": {"type": "cube", "width": 4, "height": 2}, "requests": [{"op": "txs"}]})",
     "texture.height: cube faces are square: height must be 4"},
    {R"({"texture": {"width": 4, "layers": 2}, "requests": [{"op": "txs"}]})",
     "texture.layers: layers apply to array textures, not to a 2D texture"},
    {R"({"texture": {"width": 4, "format": "DXT1_UNORM"}, "requests": [{"op": "txs"}]})",
     "texture.format: COMPONENTS 0x24 (DXT1) is a block-compressed layout: not supported"},
    {R"({"texture": {"width": 4, "format": "BF10GF11RF11_UNORM"}, "requests": [{"op": "txs"}]})",
     "texture.format: BF10GF11RF11: BF10GF11RF11 holds floats: R_DATA_TYPE must be FLOAT, not UNORM"},
    {R"({"texture": {"width": 4, "levels": 2, "memory": "pitch"}, "requests": [{"op": "txs"}]})",
     "texture.memory: pitch memory holds one level of a 1d or 2d texture"},
    {R"({"texture": {"width": 4, "memory": "pitch", "pitch": 40}, "requests": [{"op": "txs"}]})",
     "texture.pitch: the pitch is a multiple of 32 bytes holding a row of 16 bytes"},
    {R"({"texture": {"width": 4, "block_height": 3}, "requests": [{"op": "txs"}]})",
     "texture.block_height: expected a power of two: 1, 2, 4, 8, 16 or 32 GOBs"},
    {R"({"texture": {"width": 4, "texels": {"source": "checker", "seed": 1}}, "requests": [{"op": "txs"}]})",
     "texture.texels: unknown key \"seed\" (expected one of: source, cell, colors)"},
    {R"({"texture": {"width": 4, "texels": {"source": "solid", "color": [1, 0, 0]}}, "requests": [{"op": "txs"}]})",
     "texture.texels.color: expected 4 numbers (R, G, B, A), got 3"},
    {R"({"texture": {"width": 4, "format": "R8_UINT", "texels": {"source": "solid", "color": [1.5, 0, 0, 1]}},
        "requests": [{"op": "txs"}]})",
     "texture.texels.color[0]: expected an integer in [-2147483648, 4294967295], got 1.5"},
    {R"({"texture": {"width": 4, "levels": 2, "texels": {"source": "levels", "colors": [[1, 0, 0, 1]]}}, "requests": [{"op": "txs"}]})",
     "texture.texels.colors: expected one colour per level (2), got 1"},
    {R"({"texture": {"width": 4, "texels": {"source": "png"}}, "requests": [{"op": "txs"}]})",
     "texture.texels: missing key \"file\""},
    {R"({"texture": {"width": 4}, "sampler": {"mag_filter": "bilinear"}, "requests": [{"op": "txs"}]})",
     "sampler.mag_filter: unknown value \"bilinear\" (expected one of: point, linear, vcaa_4, vcaa_8)"},
    {R"({"texture": {"width": 4}, "sampler": {"mip_lod_bias": 0.1}, "requests": [{"op": "txs"}]})",
     "sampler.mip_lod_bias: 0.1 is not a multiple of 1/256 (the field is fixed point)"},
    {R"({"texture": {"width": 4}, "sampler": {"max_anisotropy": 3}, "requests": [{"op": "txs"}]})",
     "sampler.max_anisotropy: MAX_ANISOTROPY holds the ratios 1, 2, 4, 6, 8, 10, 12, 16; got 3"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "tg4", "coords": [[0, 0]], "offset": [1, 1], "offsets": [[0, 0], [0, 0], [0, 0], [0, 0]]}]})",
     "requests[0].offset: give offset or offsets, not both"},
    {R"({"texture": {"type": "cube", "width": 4}, "requests": [{"op": "txf", "coords": [[0, 0, 0]]}]})",
     "requests[0].coords: txf does not apply to cube textures (TLD has no cube form)"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txd", "coords": [[0, 0]], "ddx": [0, 0]}]})",
     "requests[0]: missing key \"ddy\""},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txs", "lanes": 33}]})", "requests[0].lanes: expected an integer in [1, 32], got 33"},
    {R"({"texture": {"width": 4}, "requests": [{"op": "txs", "lanes": 2, "lod": [0, 1, 2]}]})",
     "requests[0].lanes: 2 lanes, but lod has 3 values"},
    {R"({"texture": {"width": 4, "nonresident_pages": [1]}, "requests": [{"op": "txs"}]})",
     "texture.nonresident_pages[0]: expected an integer in [0, 0], got 1"},
    {R"([1, 2])", "expected an object, got an array"},
    {"", "byte 1: parse error at line 1, column 1: syntax error while parsing value - unexpected end of input; expected "
         "'[', '{', or a literal"},
};

TEST(SampleSpec, MalformedSpecsGetExactErrors) {
  for (const Bad& b : kBad) EXPECT_EQ(error_of(b.spec), b.error) << b.spec;
}

TEST(SampleSpec, DeepNestingIsRefused) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(error_of(deep), "JSON nesting deeper than 64 levels");
}

}  // namespace
}  // namespace tmu::sample
