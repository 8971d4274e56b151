// SPDX-License-Identifier: MIT
#include "render.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <numeric>

namespace tmu::test::gl {
namespace {

struct GlFormat {
  GLenum internal, format, type;
};
// Upload formats matching the raw layouts of gl_oracle_types.h (Mesa stores them with a plain copy).
GlFormat gl_format(Format f) {
  switch (f) {
    case Format::rgba8:
      return {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE};
    case Format::srgb8_alpha8:
      return {GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE};
    case Format::rgba16f:
      return {GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT};
    case Format::rgba32f:
      return {GL_RGBA32F, GL_RGBA, GL_FLOAT};
    case Format::r32f:
      return {GL_R32F, GL_RED, GL_FLOAT};
    case Format::rg8:
      return {GL_RG8, GL_RG, GL_UNSIGNED_BYTE};
    case Format::r8:
      return {GL_R8, GL_RED, GL_UNSIGNED_BYTE};
    case Format::rgba16:
      return {GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT};
    case Format::rgba8_snorm:
      return {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE};
    case Format::rgba8ui:
      return {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE};
    case Format::rgba8i:
      return {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE};
    case Format::rgba32ui:
      return {GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT};
    case Format::rgba32i:
      return {GL_RGBA32I, GL_RGBA_INTEGER, GL_INT};
    case Format::depth16:
      return {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT};
    // depth24 travels as 24 bits in a u32; it is uploaded as a normalized u32 that converts back to exactly d
    // (make_texture).
    case Format::depth24:
      return {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT};
    case Format::depth32f:
      return {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT};
    case Format::r11g11b10f:
      return {GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV};
    case Format::rgb9e5:
      return {GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV};
  }
  return {};
}

GLenum gl_target(Target t) {
  constexpr GLenum k[] = {GL_TEXTURE_1D,
                          GL_TEXTURE_2D,
                          GL_TEXTURE_3D,
                          GL_TEXTURE_CUBE_MAP,
                          GL_TEXTURE_1D_ARRAY,
                          GL_TEXTURE_2D_ARRAY,
                          GL_TEXTURE_CUBE_MAP_ARRAY};
  return k[static_cast<int>(t)];
}
GLint gl_wrap(Wrap w) {
  constexpr GLint k[] = {GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER,
                         GL_MIRROR_CLAMP_TO_EDGE};
  return k[static_cast<int>(w)];
}
GLint gl_min_filter(Filter f, MipFilter m) {
  const bool lin = f == Filter::linear;
  switch (m) {
    case MipFilter::none:
      return lin ? GL_LINEAR : GL_NEAREST;
    case MipFilter::nearest:
      return lin ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
    case MipFilter::linear:
      return lin ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
  }
  return GL_NEAREST;
}
GLint gl_swizzle(Swizzle s) {
  constexpr GLint k[] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE};
  return k[static_cast<int>(s)];
}

std::string gl_error_text(const char* what) {
  const GLenum e = glGetError();
  if (e == GL_NO_ERROR) return "";
  char buf[96];
  std::snprintf(buf, sizeof buf, "GL error 0x%04x %s", e, what);
  return buf;
}

int minify(int d, int level) {
  return std::max(1, d >> level);
}

// Creates and fills the texture and sets the sampler state on it; returns the GL name or an error.
Result<GLuint> make_texture(const Texture& t, const Sampler& s) {
  const GlFormat f = gl_format(t.format);
  const GLenum target = gl_target(t.target);
  if (t.levels.empty()) return make_error("texture without levels");
  if (t.width < 1 || t.height < 1 || t.depth < 1 || t.layers < 1) return make_error("texture size below 1");
  if (faces(t.target) == 6 && t.width != t.height) return make_error("cube faces must be square");
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(target, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (std::size_t l = 0; l < t.levels.size(); ++l) {
    const int li = static_cast<int>(l);
    const std::vector<std::byte>& data = t.levels[l];
    if (data.size() != t.level_texels(li) * texel_bytes(t.format)) {
      glDeleteTextures(1, &tex);
      return make_error("level " + std::to_string(l) + " holds " + std::to_string(data.size()) +
                        " bytes, expected " + std::to_string(t.level_texels(li) * texel_bytes(t.format)));
    }
    std::vector<uint32_t> d24;  // depth24: 24-bit values -> normalized u32
    const void* p = data.data();
    if (t.format == Format::depth24) {
      d24.resize(data.size() / 4);
      std::memcpy(d24.data(), data.data(), data.size());
      // The smallest u32 whose value d * (2^32 - 1) / (2^24 - 1) is not below d: Mesa's u32 -> z24 conversion
      // then gives d back whether it truncates or rounds (replicating the bits, d << 8 | d >> 16, falls short
      // by one for d < 2^16 and read back d - 1 when it truncates).
      for (uint32_t& v : d24) {
        const uint64_t d = v & 0xffffffu;
        v = static_cast<uint32_t>((d * 0xffffffffull + 0xfffffeull) / 0xffffffull);
      }
      p = d24.data();
    }
    const GLint in = static_cast<GLint>(f.internal);
    const int w = minify(t.width, li), h = minify(t.height, li), dz = minify(t.depth, li);
    switch (t.target) {
      case Target::tex1d:
        glTexImage1D(target, li, in, w, 0, f.format, f.type, p);
        break;
      case Target::tex2d:
        glTexImage2D(target, li, in, w, h, 0, f.format, f.type, p);
        break;
      case Target::tex1d_array:
        glTexImage2D(target, li, in, w, t.layers, 0, f.format, f.type, p);
        break;
      case Target::tex3d:
        glTexImage3D(target, li, in, w, h, dz, 0, f.format, f.type, p);
        break;
      case Target::tex2d_array:
        glTexImage3D(target, li, in, w, h, t.layers, 0, f.format, f.type, p);
        break;
      case Target::cube_array:
        glTexImage3D(target, li, in, w, h, 6 * t.layers, 0, f.format, f.type, p);
        break;
      case Target::cube: {
        const std::size_t face = data.size() / 6;
        for (GLenum k = 0; k < 6; ++k)
          glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + k, li, in, w, h, 0, f.format, f.type,
                       static_cast<const std::byte*>(p) + face * k);
        break;
      }
    }
    if (auto e = gl_error_text(("uploading level " + std::to_string(l)).c_str()); !e.empty()) {
      glDeleteTextures(1, &tex);
      return make_error(e);
    }
  }
  glTexParameteri(target, GL_TEXTURE_BASE_LEVEL, t.base_level);
  glTexParameteri(target, GL_TEXTURE_MAX_LEVEL,
                  t.max_level < 0 ? static_cast<int>(t.levels.size()) - 1 : t.max_level);
  const GLint sw[4] = {gl_swizzle(t.swizzle[0]), gl_swizzle(t.swizzle[1]), gl_swizzle(t.swizzle[2]),
                       gl_swizzle(t.swizzle[3])};
  glTexParameteriv(target, GL_TEXTURE_SWIZZLE_RGBA, sw);
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, gl_min_filter(s.min, s.mip));
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, s.mag == Filter::linear ? GL_LINEAR : GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_WRAP_S, gl_wrap(s.wrap_s));
  glTexParameteri(target, GL_TEXTURE_WRAP_T, gl_wrap(s.wrap_t));
  glTexParameteri(target, GL_TEXTURE_WRAP_R, gl_wrap(s.wrap_r));
  switch (format_kind(t.format)) {
    case Kind::floating:
      glTexParameterfv(target, GL_TEXTURE_BORDER_COLOR, s.border.data());
      break;
    case Kind::sint:
      glTexParameterIiv(target, GL_TEXTURE_BORDER_COLOR, s.border_int.data());
      break;
    case Kind::uint: {
      GLuint b[4];
      std::memcpy(b, s.border_int.data(), sizeof b);
      glTexParameterIuiv(target, GL_TEXTURE_BORDER_COLOR, b);
      break;
    }
  }
  glTexParameterf(target, GL_TEXTURE_MIN_LOD, s.min_lod);
  glTexParameterf(target, GL_TEXTURE_MAX_LOD, s.max_lod);
  glTexParameterf(target, GL_TEXTURE_LOD_BIAS, s.lod_bias);
  glTexParameteri(target, GL_TEXTURE_COMPARE_MODE, s.compare ? GL_COMPARE_REF_TO_TEXTURE : GL_NONE);
  glTexParameteri(target, GL_TEXTURE_COMPARE_FUNC,
                  static_cast<GLint>(GL_NEVER + static_cast<GLenum>(s.func)));
  glTexParameterf(target, GL_TEXTURE_MAX_ANISOTROPY, s.max_anisotropy);
  if (s.seamless_cube)
    glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  else
    glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  if (auto e = gl_error_text("setting sampler state"); !e.empty()) {
    glDeleteTextures(1, &tex);
    return make_error(e);
  }
  return tex;
}

// The six parameter texels of a query (see kParamSlots).
void write_params(const Query& q, uint32_t* out) {
  const bool integer = q.op == Op::txf || q.op == Op::txf_ms;
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 4; ++c)
      out[p * 4 + c] =
          integer
              ? static_cast<uint32_t>(q.icoord[static_cast<std::size_t>(c)])
              : std::bit_cast<uint32_t>(q.coord[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)]);
  for (int c = 0; c < 3; ++c) {
    out[16 + c] = std::bit_cast<uint32_t>(q.ddx[static_cast<std::size_t>(c)]);
    out[20 + c] = std::bit_cast<uint32_t>(q.ddy[static_cast<std::size_t>(c)]);
  }
  const bool int_lod = integer || q.op == Op::txs;
  out[19] = int_lod ? static_cast<uint32_t>(q.ilod) : std::bit_cast<uint32_t>(q.lod);
  out[23] = std::bit_cast<uint32_t>(q.ref);
}

}  // namespace

Result<unsigned> Renderer::program(const std::string& fragment) {
  if (auto it = programs_.find(fragment); it != programs_.end()) return it->second;
  auto compile = [](GLenum kind, const std::string& src, std::string& log) {
    const GLuint sh = glCreateShader(kind);
    const char* text = src.c_str();
    glShaderSource(sh, 1, &text, nullptr);
    glCompileShader(sh);
    GLint ok = 0;
    glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
      char buf[2048] = {};
      glGetShaderInfoLog(sh, sizeof buf, nullptr, buf);
      log = buf;
    }
    return sh;
  };
  std::string log;
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_shader(options_), log);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment, log);
  const GLuint prog = glCreateProgram();
  glAttachShader(prog, vs);
  glAttachShader(prog, fs);
  glLinkProgram(prog);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint linked = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &linked);
  if (!linked) {
    if (log.empty()) {
      char buf[2048] = {};
      glGetProgramInfoLog(prog, sizeof buf, nullptr, buf);
      log = buf;
    }
    glDeleteProgram(prog);
    std::string first_call;  // name the lookup that failed
    if (auto at = fragment.find("o_result = "); at != std::string::npos)
      first_call = fragment.substr(at + 11, fragment.find(';', at) - at - 11);
    return make_error("shader for '" + first_call + "' does not compile: " + log);
  }
  glUseProgram(prog);
  glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);
  glUniform1i(glGetUniformLocation(prog, "u_params"), 1);
  programs_.emplace(fragment, prog);
  return prog;
}

Result<std::vector<QueryResult>> Renderer::run(const Request& r) {
  const std::size_t n = r.queries.size();
  if (n == 0) return std::vector<QueryResult>{};
  constexpr std::size_t kQw = 256, kMaxQueries = kQw * 4096, kQuadsPerDraw = 512;
  if (n > kMaxQueries)
    return make_error("more than " + std::to_string(kMaxQueries) + " queries in one request");

  // Shader per query; slots are assigned in shader order so that every variant is one contiguous draw.
  std::vector<std::string> sources(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto fs = fragment_shader(r.texture, r.sampler, r.queries[i], options_);
    if (!fs) return make_error("query " + std::to_string(i) + ": " + fs.error());
    sources[i] = std::move(*fs);
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return sources[a] < sources[b]; });

  auto tex = make_texture(r.texture, r.sampler);
  if (!tex) return make_error(tex.error());

  // Parameters: kParamSlots RGBA32UI texels per slot, row-major in a kParamWidth-wide texture.
  const std::size_t texels = n * kParamSlots;
  const GLsizei pw = static_cast<GLsizei>(std::min<std::size_t>(texels, kParamWidth));
  const GLsizei ph = static_cast<GLsizei>((texels + kParamWidth - 1) / kParamWidth);
  std::vector<uint32_t> params(static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph) * 4);
  for (std::size_t s = 0; s < n; ++s)
    write_params(r.queries[order[s]], &params[s * kParamSlots * 4]);
  GLuint ptex = 0;
  glGenTextures(1, &ptex);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, ptex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, pw, ph, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, params.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);

  // Framebuffer: one 2x2 quad per slot, kQw quads a row.
  const std::size_t qw = std::min(n, kQw), rows = (n + qw - 1) / qw;
  const GLsizei fw = static_cast<GLsizei>(2 * qw), fh = static_cast<GLsizei>(2 * rows);
  GLuint rb = 0, fbo = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32UI, fw, fh);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  std::string error;
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    error = "RGBA32UI framebuffer incomplete";
  const GLuint sentinel[4] = {0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu};
  glClearBufferuiv(GL_COLOR, 0, sentinel);
  glViewport(0, 0, fw, fh);

  for (std::size_t first = 0; first < n && error.empty();) {
    std::size_t last = first;
    while (last < n && sources[order[last]] == sources[order[first]])
      ++last;
    auto prog = program(sources[order[first]]);
    if (!prog) {
      error = "query " + std::to_string(order[first]) + ": " + prog.error();
      break;
    }
    glUseProgram(*prog);
    glUniform1i(glGetUniformLocation(*prog, "u_qw"), static_cast<GLint>(qw));  // vertex shader
    glUniform2f(glGetUniformLocation(*prog, "u_size"), static_cast<float>(fw), static_cast<float>(fh));
    for (std::size_t at = first; at < last; at += kQuadsPerDraw) {
      glUniform1i(glGetUniformLocation(*prog, "u_first"), static_cast<GLint>(at));
      glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(std::min(kQuadsPerDraw, last - at) * 6));
    }
    first = last;
  }
  std::vector<uint32_t> pixels(static_cast<std::size_t>(fw) * static_cast<std::size_t>(fh) * 4);
  if (error.empty()) {
    glReadPixels(0, 0, fw, fh, GL_RGBA_INTEGER, GL_UNSIGNED_INT, pixels.data());
    error = gl_error_text("drawing or reading back");
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &ptex);
  glDeleteTextures(1, &*tex);
  if (!error.empty()) return make_error(error);

  std::vector<QueryResult> results(n);
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t x0 = 2 * (s % qw), y0 = 2 * (s / qw);
    for (std::size_t p = 0; p < 4; ++p) {
      const std::size_t at = ((y0 + p / 2) * static_cast<std::size_t>(fw) + x0 + p % 2) * 4;
      std::copy_n(&pixels[at], 4, results[order[s]].pixel[p].bits.begin());
      // A pixel still holding the clear value was never shaded: a driver problem, not a result.
      if (std::equal(sentinel, sentinel + 4, &pixels[at]))
        return make_error("query " + std::to_string(order[s]) + " pixel " + std::to_string(p) +
                          " was not drawn");
    }
  }
  return results;
}

}  // namespace tmu::test::gl
