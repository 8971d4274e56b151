// SPDX-License-Identifier: MIT
#include "gl_oracle_types.h"

#include <algorithm>

namespace tmu::test::gl {

std::size_t texel_bytes(Format f) {
  switch (f) {
    case Format::rgba8:
    case Format::srgb8_alpha8:
    case Format::rgba8_snorm:
    case Format::rgba8ui:
    case Format::rgba8i:
    case Format::r32f:
    case Format::depth24:
    case Format::depth32f:
    case Format::r11g11b10f:
    case Format::rgb9e5:
      return 4;
    case Format::rgba16f:
    case Format::rgba16:
      return 8;
    case Format::rgba32f:
    case Format::rgba32ui:
    case Format::rgba32i:
      return 16;
    case Format::rg8:
    case Format::depth16:
      return 2;
    case Format::r8:
      return 1;
  }
  return 0;
}

Kind format_kind(Format f) {
  switch (f) {
    case Format::rgba8ui:
    case Format::rgba32ui:
      return Kind::uint;
    case Format::rgba8i:
    case Format::rgba32i:
      return Kind::sint;
    default:
      return Kind::floating;
  }
}

bool is_depth(Format f) {
  return f == Format::depth16 || f == Format::depth24 || f == Format::depth32f;
}
bool is_layered(Target t) {
  return t == Target::tex1d_array || t == Target::tex2d_array || t == Target::cube_array;
}
int faces(Target t) {
  return t == Target::cube || t == Target::cube_array ? 6 : 1;
}

std::string_view name(Driver d) {
  return d == Driver::llvmpipe ? "llvmpipe" : "softpipe";
}
std::string_view name(Target t) {
  constexpr std::string_view n[] = {"1d", "2d", "3d", "cube", "1d_array", "2d_array", "cube_array"};
  return n[static_cast<int>(t)];
}
std::string_view name(Format f) {
  constexpr std::string_view n[] = {"rgba8",   "srgb8_alpha8", "rgba16f",     "rgba32f", "r32f",   "rg8",
                                    "r8",      "rgba16",       "rgba8_snorm", "rgba8ui", "rgba8i", "rgba32ui",
                                    "rgba32i", "depth16",      "depth24",     "depth32f", "r11g11b10f", "rgb9e5"};
  return n[static_cast<int>(f)];
}
std::string_view name(Filter f) {
  return f == Filter::nearest ? "nearest" : "linear";
}
std::string_view name(MipFilter f) {
  constexpr std::string_view n[] = {"none", "nearest", "linear"};
  return n[static_cast<int>(f)];
}
std::string_view name(Wrap w) {
  constexpr std::string_view n[] = {"repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_border",
                                    "mirror_clamp_to_edge"};
  return n[static_cast<int>(w)];
}
std::string_view name(CompareFunc c) {
  constexpr std::string_view n[] = {"never",   "less",     "equal",  "lequal",
                                    "greater", "notequal", "gequal", "always"};
  return n[static_cast<int>(c)];
}
std::string_view name(Swizzle s) {
  constexpr std::string_view n[] = {"r", "g", "b", "a", "0", "1"};
  return n[static_cast<int>(s)];
}
std::string_view name(Op o) {
  constexpr std::string_view n[] = {"tex",    "txb", "txl", "txd", "txf",
                                    "txf_ms", "tg4", "lod", "txs", "query_levels"};
  return n[static_cast<int>(o)];
}

std::size_t Texture::level_texels(int level) const {
  auto minify = [level](int d) { return static_cast<std::size_t>(std::max(1, d >> level)); };
  std::size_t n = minify(width);
  switch (target) {
    case Target::tex1d:
      break;
    case Target::tex1d_array:
      n *= static_cast<std::size_t>(layers);
      break;
    case Target::tex2d:
    case Target::cube:
      n *= minify(height);
      break;
    case Target::tex3d:
      n *= minify(height) * minify(depth);
      break;
    case Target::tex2d_array:
    case Target::cube_array:
      n *= minify(height) * static_cast<std::size_t>(layers);
      break;
  }
  return n * static_cast<std::size_t>(faces(target));
}

Query& Query::with_offset(int32_t x, int32_t y, int32_t z) {
  has_offset = true;
  offset = {x, y, z};
  return *this;
}
Query& Query::with_ref(float r) {
  ref = r;
  return *this;
}
Query& Query::with_offsets(std::array<std::array<int32_t, 2>, 4> o) {
  has_offsets = true;
  offsets = o;
  return *this;
}
Query& Query::with_component(int32_t c) {
  component = c;
  return *this;
}

Quad make_quad(const Vec4& c, const Vec4& dx, const Vec4& dy) {
  Quad q{c, c, c, c};
  for (std::size_t i = 0; i < 4; ++i) {
    q[1][i] = c[i] + dx[i];
    q[2][i] = c[i] + dy[i];
    q[3][i] = c[i] + dx[i] + dy[i];
  }
  return q;
}

namespace {
Query make(Op op, const Vec4& c) {
  Query q;
  q.op = op;
  q.coord = {c, c, c, c};
  return q;
}
}  // namespace

Query tex(const Quad& quad) {
  Query q;
  q.coord = quad;
  return q;
}
Query tex(const Vec4& c) {
  return make(Op::tex, c);
}
Query txb(const Quad& quad, float bias) {
  Query q = tex(quad);
  q.op = Op::txb;
  q.lod = bias;
  return q;
}
Query txl(const Vec4& c, float lod) {
  Query q = make(Op::txl, c);
  q.lod = lod;
  return q;
}
Query txd(const Vec4& c, std::array<float, 3> ddx, std::array<float, 3> ddy) {
  Query q = make(Op::txd, c);
  q.ddx = ddx;
  q.ddy = ddy;
  return q;
}
Query txf(const IVec4& c, int32_t lod) {
  Query q = make(Op::txf, {});
  q.icoord = c;
  q.ilod = lod;
  return q;
}
Query txf_ms(const IVec4& c, int32_t sample) {
  Query q = txf(c, sample);
  q.op = Op::txf_ms;
  return q;
}
Query tg4(const Vec4& c, int32_t component) {
  Query q = make(Op::tg4, c);
  q.component = component;
  return q;
}
Query lod(const Quad& quad) {
  Query q = tex(quad);
  q.op = Op::lod;
  return q;
}
Query txs(int32_t lod) {
  Query q = make(Op::txs, {});
  q.ilod = lod;
  return q;
}
Query query_levels() {
  return make(Op::query_levels, {});
}

}  // namespace tmu::test::gl
