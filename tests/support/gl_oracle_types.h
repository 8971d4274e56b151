// SPDX-License-Identifier: MIT
// What the GL oracle samples: one texture, one sampler and a list of queries named after NIR texture ops, and
// what comes back. Shared by the client (gl_oracle.h) and the helper process (gl_oracle_helper/); no GL here.
// The wire format is in gl_oracle_wire.h, the design and the drivers' precision in docs/gl-oracle.md.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace tmu::test::gl {

enum class Driver { llvmpipe, softpipe };
enum class Target { tex1d, tex2d, tex3d, cube, tex1d_array, tex2d_array, cube_array };
enum class Format {
  rgba8,
  srgb8_alpha8,
  rgba16f,
  rgba32f,
  r32f,
  rg8,
  r8,
  rgba16,
  rgba8_snorm,
  rgba8ui,
  rgba8i,
  rgba32ui,
  rgba32i,
  depth16,
  depth24,
  depth32f,
  r11g11b10f,  // unsigned 11/11/10-bit floats packed in a u32 (GL_UNSIGNED_INT_10F_11F_11F_REV)
  rgb9e5,      // 9-bit mantissas and a shared 5-bit exponent in a u32 (GL_UNSIGNED_INT_5_9_9_9_REV)
};
// What a format's texels read as in a shader: float (vec4), signed or unsigned integer (ivec4/uvec4).
enum class Kind { floating, sint, uint };
enum class Filter { nearest, linear };
enum class MipFilter { none, nearest, linear };
enum class Wrap { repeat, mirrored_repeat, clamp_to_edge, clamp_to_border, mirror_clamp_to_edge };
enum class CompareFunc { never, less, equal, lequal, greater, notequal, gequal, always };
// GL texture swizzle sources.
enum class Swizzle { r, g, b, a, zero, one };
// NIR's texture ops. tex, txb and lod take implicit derivatives from the 2x2 quad.
enum class Op { tex, txb, txl, txd, txf, txf_ms, tg4, lod, txs, query_levels };

// Bytes of one texel as the raw level data holds it (the upload layout of docs/gl-oracle.md):
// rgba8/srgb8_alpha8/rgba8ui: 4 x u8; rgba8_snorm/rgba8i: 4 x s8; rg8: 2 x u8; r8: u8; rgba16: 4 x u16;
// rgba16f: 4 x binary16; rgba32f: 4 x f32; r32f: f32; rgba32ui/rgba32i: 4 x u32/s32; depth16: u16; depth24:
// u32 holding the 24-bit unorm value in bits 23:0; depth32f: f32; r11g11b10f: u32, R in 10:0, G in 21:11, B in
// 31:22; rgb9e5: u32, R in 8:0, G in 17:9, B in 26:18, exponent in 31:27. Little endian, rows tightly packed.
std::size_t texel_bytes(Format f);
Kind format_kind(Format f);
bool is_depth(Format f);
bool is_layered(Target t);  // 1D/2D/cube arrays
int faces(Target t);        // 6 for cube and cube arrays, else 1

std::string_view name(Driver d);
std::string_view name(Target t);
std::string_view name(Format f);
std::string_view name(Filter f);
std::string_view name(MipFilter f);
std::string_view name(Wrap w);
std::string_view name(CompareFunc c);
std::string_view name(Swizzle s);
std::string_view name(Op o);

// One texture with all its levels. Sizes are of level 0; `layers` counts array layers (cubes for a cube
// array); `height` is 1 for 1D targets, `depth` is 1 except for 3D. A cube's level holds the six faces
// +X, -X, +Y, -Y, +Z, -Z one after another; a cube array's level holds layer 0's six faces, then layer 1's...
struct Texture {
  Target target = Target::tex2d;
  Format format = Format::rgba8;
  int width = 1, height = 1, depth = 1, layers = 1;
  std::vector<std::vector<std::byte>> levels;  // level i: texels of size max(1, dim >> i)
  int base_level = 0;
  int max_level = -1;  // -1: levels.size() - 1
  std::array<Swizzle, 4> swizzle{Swizzle::r, Swizzle::g, Swizzle::b, Swizzle::a};

  // Texel count of level `level` (all faces and layers).
  std::size_t level_texels(int level) const;
};

struct Sampler {
  Filter min = Filter::nearest, mag = Filter::nearest;
  MipFilter mip = MipFilter::none;
  Wrap wrap_s = Wrap::repeat, wrap_t = Wrap::repeat, wrap_r = Wrap::repeat;
  std::array<float, 4> border{};        // border colour of float, normalized and depth formats
  std::array<int32_t, 4> border_int{};  // border colour of integer formats (bit patterns for uint formats)
  float min_lod = -1000.0f, max_lod = 1000.0f, lod_bias = 0.0f;
  bool compare = false;  // depth compare (shadow sampler); needs a depth format
  CompareFunc func = CompareFunc::lequal;
  float max_anisotropy = 1.0f;
  bool seamless_cube = false;
};

using Vec4 = std::array<float, 4>;
using IVec4 = std::array<int32_t, 4>;
using Quad = std::array<Vec4, 4>;  // pixels (0,0), (1,0), (0,1), (1,1) of a 2x2 quad; x right, y up

// One query. The coordinate's components are, by target: 1D (s), 1D array (s, layer), 2D (s, t), 2D array
// (s, t, layer), 3D and cube (s, t, r), cube array (s, t, r, layer). Build queries with the functions below.
struct Query {
  Op op = Op::tex;
  Quad coord{};                       // float coordinates per quad pixel (non-quad ops: all four the same)
  IVec4 icoord{};                     // txf/txf_ms integer coordinates
  std::array<float, 3> ddx{}, ddy{};  // txd gradients
  float lod = 0.0f;                   // txb bias, txl level of detail
  int32_t ilod = 0;                   // txf/txs level, txf_ms sample index
  float ref = 0.0f;                   // depth reference, used when the sampler compares
  bool has_offset = false;            // constant texel offset (textureOffset & co.)
  std::array<int32_t, 3> offset{};
  int32_t component = 0;     // tg4: which component to gather
  bool has_offsets = false;  // tg4: per-texel offsets (textureGatherOffsets)
  std::array<std::array<int32_t, 2>, 4> offsets{};

  Query& with_offset(int32_t x, int32_t y = 0, int32_t z = 0);
  Query& with_ref(float r);
  Query& with_offsets(std::array<std::array<int32_t, 2>, 4> o);
  Query& with_component(int32_t c);
};

// Quad from pixel 0's coordinate and its x and y derivatives: {c, c+dx, c+dy, c+dx+dy}.
Quad make_quad(const Vec4& c, const Vec4& dx, const Vec4& dy);
Query tex(const Quad& q);              // texture(): implicit derivatives from the quad
Query tex(const Vec4& c);              // same coordinate on all four pixels (zero derivatives)
Query txb(const Quad& q, float bias);  // texture(..., bias)
Query txl(const Vec4& c, float lod);   // textureLod
Query txd(const Vec4& c, std::array<float, 3> ddx, std::array<float, 3> ddy);  // textureGrad
Query txf(const IVec4& c, int32_t lod);                                        // texelFetch
Query txf_ms(const IVec4& c, int32_t sample);     // texelFetch on a multisample texture (not supported yet)
Query tg4(const Vec4& c, int32_t component = 0);  // textureGather
Query lod(const Quad& q);                         // textureQueryLod: x = level accessed, y = computed LOD
Query txs(int32_t lod);                           // textureSize
Query query_levels();                             // textureQueryLevels

// Four 32-bit words read back bit-exactly: float results as fp32 bit patterns, integer ones as int32/uint32.
struct Texel {
  std::array<uint32_t, 4> bits{};
  float f(int c) const { return std::bit_cast<float>(bits[static_cast<std::size_t>(c)]); }
  int32_t i(int c) const { return static_cast<int32_t>(bits[static_cast<std::size_t>(c)]); }
  uint32_t u(int c) const { return bits[static_cast<std::size_t>(c)]; }
  bool operator==(const Texel&) const = default;
};
// A query's result on each pixel of its quad (same order as Quad); non-quad ops give four equal texels.
struct QueryResult {
  std::array<Texel, 4> pixel{};
  const Texel& operator[](int p) const { return pixel[static_cast<std::size_t>(p)]; }
  float f(int c) const { return pixel[0].f(c); }  // pixel 0's components
  int32_t i(int c) const { return pixel[0].i(c); }
};

// Raw level data from a list of values (for building textures in tests).
template <typename T>
std::vector<std::byte> bytes_of(std::span<const T> values) {
  std::vector<std::byte> out(values.size_bytes());
  if (!out.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}
template <typename T>
std::vector<std::byte> bytes_of(const std::vector<T>& values) {
  return bytes_of(std::span<const T>(values));
}

}  // namespace tmu::test::gl
