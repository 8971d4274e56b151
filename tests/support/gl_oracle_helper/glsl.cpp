// SPDX-License-Identifier: MIT
#include "glsl.h"

#include <string_view>

namespace tmu::test::gl {
namespace {

// Components of the float coordinate (with the layer), of gradients/offsets/textureQueryLod's coordinate
// (without the layer), and of textureSize's result, by target (order of enum Target).
constexpr int kCoord[] = {1, 2, 3, 3, 2, 3, 4};
constexpr int kGrad[] = {1, 2, 3, 3, 1, 2, 3};
constexpr int kSize[] = {1, 2, 3, 2, 2, 3, 3};
constexpr std::string_view kSamplerName[] = {"1D", "2D", "3D", "Cube", "1DArray", "2DArray", "CubeArray"};

int idx(Target t) {
  return static_cast<int>(t);
}
std::string swz(int n) {
  return n == 1 ? ".x" : n == 2 ? ".xy" : n == 3 ? ".xyz" : "";
}
std::string vec(std::string_view base, int n) {  // "float"/"int" for one component, else vecN/ivecN
  if (n == 1) return base == "vec" ? "float" : "int";
  return std::string(base) + std::to_string(n);
}

std::string header(const ShaderOptions& o) {
  if (o.glsl450) return "#version 450 core\n#extension GL_EXT_texture_shadow_lod : enable\n";
  return "#version 330 core\n"
         "#extension GL_ARB_texture_gather : enable\n"
         "#extension GL_ARB_gpu_shader5 : enable\n"
         "#extension GL_ARB_texture_query_lod : enable\n"
         "#extension GL_ARB_texture_query_levels : enable\n"
         "#extension GL_ARB_texture_cube_map_array : enable\n"
         "#extension GL_EXT_texture_shadow_lod : enable\n";
}

std::string ivec_literal(int n, const int32_t* v) {
  std::string s = vec("ivec", n) + "(";
  for (int k = 0; k < n; ++k)
    s += (k ? ", " : "") + std::to_string(v[k]);
  return s + ")";
}

// The coordinate argument(s) of a comparing lookup: the reference goes into the vector's last component
// (1D shadow has an unused second one), or is a separate argument for cube arrays.
Result<std::string> shadow_coord(Target t) {
  switch (t) {
    case Target::tex1d:
      return std::string("vec3(c.x, 0.0, ref)");
    case Target::tex1d_array:
    case Target::tex2d:
      return std::string("vec3(c.xy, ref)");
    case Target::tex2d_array:
    case Target::cube:
      return std::string("vec4(c.xyz, ref)");
    case Target::cube_array:
      return std::string("c, ref");
    case Target::tex3d:
      break;
  }
  return make_error("depth compare is not available on 3D textures");
}

}  // namespace

std::string vertex_shader(const ShaderOptions& o) {
  return header(o) + R"(
uniform int u_qw;
uniform int u_first;
uniform vec2 u_size;
flat out int v_slot;
out vec2 v_pix;  // 0..2 across the quad: 0.5 or 1.5 at the pixel centres
void main() {
  // Two triangles per quad slot, from slot u_first on. (Draws start at vertex 0 and stay below 4096 vertices:
  // softpipe's draw module splits longer draws and then gets gl_VertexID wrong.)
  int slot = u_first + gl_VertexID / 6, corner = gl_VertexID % 6;
  int cx = int[6](0, 1, 0, 0, 1, 1)[corner], cy = int[6](0, 0, 1, 1, 0, 1)[corner];
  vec2 p = vec2(2 * (slot % u_qw + cx), 2 * (slot / u_qw + cy));
  gl_Position = vec4(p / u_size * 2.0 - 1.0, 0.0, 1.0);
  v_slot = slot;
  v_pix = vec2(2 * cx, 2 * cy);
}
)";
}

Result<std::string> fragment_shader(const Texture& t, const Sampler& s, const Query& q,
                                    const ShaderOptions& o) {
  const Target tg = t.target;
  const int n = kCoord[idx(tg)], g = kGrad[idx(tg)];
  const Kind kind = format_kind(t.format);
  const bool cube = tg == Target::cube || tg == Target::cube_array;
  // texelFetch has no shadow form; it reads the depth value (as TLD, which never compares).
  const bool shadow = s.compare && q.op != Op::txf;
  if (shadow && (kind != Kind::floating || !is_depth(t.format)))
    return make_error("depth compare needs a depth format");
  if (q.has_offset && cube) return make_error("texel offsets are not available on cube maps");
  if (q.has_offsets && q.op != Op::tg4) return make_error("per-texel offsets are only for tg4");

  std::string p = "c";
  p += swz(n);
  if (shadow && q.op != Op::tg4 && q.op != Op::lod && q.op != Op::txs && q.op != Op::query_levels) {
    auto sc = shadow_coord(tg);
    if (!sc) return make_error(sc.error());
    p = *sc;
  }
  const std::string off = q.has_offset ? ", " + ivec_literal(g, q.offset.data()) : "";
  // What the expression returns: a sample (of the format's kind, or one float when comparing), floats, or
  // ints.
  enum class Out { sample, floats, ints } out = Out::sample;
  std::string e;
  switch (q.op) {
    case Op::tex:
      e = q.has_offset ? "textureOffset(u_tex, " + p + off + ")" : "texture(u_tex, " + p + ")";
      break;
    case Op::txb:
      e = q.has_offset ? "textureOffset(u_tex, " + p + off + ", lod)" : "texture(u_tex, " + p + ", lod)";
      break;
    case Op::txl:
      e = q.has_offset ? "textureLodOffset(u_tex, " + p + ", lod" + off + ")"
                       : "textureLod(u_tex, " + p + ", lod)";
      break;
    case Op::txd: {
      const std::string d = ", ddx" + swz(g) + ", ddy" + swz(g);
      e = q.has_offset ? "textureGradOffset(u_tex, " + p + d + off + ")"
                       : "textureGrad(u_tex, " + p + d + ")";
      break;
    }
    case Op::txf: {
      if (cube) return make_error("txf is not available on cube maps");
      const std::string ip = "ic" + swz(n);
      e = q.has_offset ? "texelFetchOffset(u_tex, " + ip + ", ilod" + off + ")"
                       : "texelFetch(u_tex, " + ip + ", ilod)";
      break;
    }
    case Op::txf_ms:
      return make_error("txf_ms is not supported (GL cannot upload multisample texel data)");
    case Op::tg4: {
      if (tg != Target::tex2d && tg != Target::tex2d_array && !cube)
        return make_error("tg4 needs a 2D, 2D array or cube target");
      if (q.component < 0 || q.component > 3) return make_error("tg4 component must be 0..3");
      if (shadow && q.component != 0) return make_error("a comparing tg4 has no component");
      std::string args = "u_tex, c" + swz(n) + (shadow ? ", ref" : "");
      if (q.has_offsets) {
        args += ", ivec2[4](";
        for (int k = 0; k < 4; ++k)
          args += (k ? ", " : "") + ivec_literal(2, q.offsets[static_cast<std::size_t>(k)].data());
        args += ")";
      } else {
        args += off;
      }
      if (q.component != 0) args += ", " + std::to_string(q.component);
      e = std::string(q.has_offsets  ? "textureGatherOffsets("
                      : q.has_offset ? "textureGatherOffset("
                                     : "textureGather(") +
          args + ")";
      if (shadow)
        out = Out::floats;  // a comparing gather returns vec4 even though the sampler is a shadow one
      break;
    }
    case Op::lod:  // ARB_texture_query_lod (softpipe) spells it textureQueryLOD
      e = std::string("vec4(") + (o.glsl450 ? "textureQueryLod" : "textureQueryLOD") + "(u_tex, c" + swz(g) +
          "), 0.0, 0.0)";
      out = Out::floats;
      break;
    case Op::txs: {
      const int k = kSize[idx(tg)];
      // The level is a constant: llvmpipe's size query takes the level of the first pixel of a whole SIMD
      // vector (two quads), so differing levels must not share a draw.
      e = "ivec4(textureSize(u_tex, " + std::to_string(q.ilod) + ")";
      for (int z = k; z < 4; ++z)
        e += ", 0";
      e += ")";
      out = Out::ints;
      break;
    }
    case Op::query_levels:
      e = "ivec4(textureQueryLevels(u_tex), 0, 0, 0)";
      out = Out::ints;
      break;
  }
  if ((q.has_offset || q.has_offsets) && q.op != Op::tex && q.op != Op::txb && q.op != Op::txl &&
      q.op != Op::txd && q.op != Op::txf && q.op != Op::tg4)
    return make_error("offsets are not available on this op");

  std::string result;
  if (out == Out::floats)
    result = "floatBitsToUint(" + e + ")";
  else if (out == Out::ints)
    result = "uvec4(" + e + ")";
  else if (shadow)
    result = "floatBitsToUint(vec4(" + e + ", 0.0, 0.0, 0.0))";
  else if (kind == Kind::floating)
    result = "floatBitsToUint(" + e + ")";
  else if (kind == Kind::sint)
    result = "uvec4(" + e + ")";
  else
    result = e;

  const std::string prefix = kind == Kind::sint ? "i" : kind == Kind::uint ? "u" : "";
  const std::string sampler =
      prefix + "sampler" + std::string(kSamplerName[idx(tg)]) + (shadow ? "Shadow" : "");
  std::string src = header(o);
  src +=
      "uniform usampler2D u_params;\nuniform " + sampler + " u_tex;\nflat in int v_slot;\nin vec2 v_pix;\n";
  src += "layout(location = 0) out uvec4 o_result;\n";
  src += "uvec4 param(int q, int slot) {\n  int i = q * " + std::to_string(kParamSlots) + " + slot;\n";
  src += "  return texelFetch(u_params, ivec2(i % " + std::to_string(kParamWidth) + ", i / " +
         std::to_string(kParamWidth) + "), 0);\n}\n";
  src += R"(void main() {
  // The query and the pixel within its quad come from varyings, not gl_FragCoord: softpipe lowers
  // gl_FragCoord with a y transform that goes stale when a cached program draws into a framebuffer of another
  // height.
  int q = v_slot;
  ivec2 pc = ivec2(v_pix);
  uvec4 raw = param(q, pc.y * 2 + pc.x);
  vec4 c = uintBitsToFloat(raw);
  ivec4 ic = ivec4(raw);
  uvec4 a = param(q, 4), b = param(q, 5);
  vec3 ddx = uintBitsToFloat(a.xyz), ddy = uintBitsToFloat(b.xyz);
  float lod = uintBitsToFloat(a.w), ref = uintBitsToFloat(b.w);
  int ilod = int(a.w);
)";
  src += "  o_result = " + result + ";\n}\n";
  return src;
}

}  // namespace tmu::test::gl
