// SPDX-License-Identifier: MIT
// The llvmpipe peer of the benchmarks and the render oracle: an OSMesa GL 3.3 core context on Mesa's llvmpipe with one rendering thread
// (GALLIUM_DRIVER=llvmpipe, LP_NUM_THREADS=1, read when the process's first context is created; a benchmark of
// several cores asks for more), and shader compilation.
#pragma once

#if TMU_HAVE_OSMESA
#include <algorithm>
#include <cstring>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "render/programs.h"
#include "render/renderer.h"
#include "sample/texels.h"
#include "texunit/surface_layout.h"
#include "texunit/texture_set.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/osmesa.h>  // includes GL/gl.h, which glext.h needs first
#include <GL/glext.h>

namespace tmu::bench {

class LlvmpipeContext {
 public:
  LlvmpipeContext(uint32_t width, uint32_t height, unsigned threads = 1) : buffer_(std::size_t{width} * height * 4) {
    setenv("GALLIUM_DRIVER", "llvmpipe", 1);
    setenv("LP_NUM_THREADS", std::to_string(threads).c_str(), 1);
    const int attribs[] = {OSMESA_FORMAT, OSMESA_RGBA, OSMESA_DEPTH_BITS, 24, OSMESA_PROFILE, OSMESA_CORE_PROFILE,
                           OSMESA_CONTEXT_MAJOR_VERSION, 3, OSMESA_CONTEXT_MINOR_VERSION, 3, 0};
    ctx_ = OSMesaCreateContextAttribs(attribs, nullptr);
    if (!ctx_) throw std::runtime_error("OSMesa could not create a GL 3.3 core context");
    if (!OSMesaMakeCurrent(ctx_, buffer_.data(), GL_UNSIGNED_BYTE, static_cast<GLsizei>(width),
                           static_cast<GLsizei>(height)))
      throw std::runtime_error("OSMesaMakeCurrent failed");
    const char* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    renderer_ = r ? r : "?";
    if (renderer_.find("llvmpipe") == std::string::npos)
      throw std::runtime_error("asked for llvmpipe, OSMesa gave '" + renderer_ + "'");
  }
  ~LlvmpipeContext() { OSMesaDestroyContext(ctx_); }
  LlvmpipeContext(const LlvmpipeContext&) = delete;
  LlvmpipeContext& operator=(const LlvmpipeContext&) = delete;

  const std::string& renderer() const { return renderer_; }
  // RGBA8 rows, bottom row first (OSMesa's buffer).
  const std::vector<uint8_t>& pixels() const { return buffer_; }

 private:
  std::vector<uint8_t> buffer_;
  OSMesaContext ctx_ = nullptr;
  std::string renderer_;
};

inline void check_gl(const char* what) {
  if (const GLenum e = glGetError(); e != GL_NO_ERROR)
    throw std::runtime_error(fmt::format("GL error {:#06x} while {}", e, what));
}

// Compiles and links a vertex and a fragment shader; throws with the compiler's log.
inline GLuint link_program(const std::string& vs, const std::string& fs) {
  auto shader = [](GLenum type, const std::string& src) {
    const GLuint s = glCreateShader(type);
    const char* p = src.c_str();
    glShaderSource(s, 1, &p, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
      char log[2048] = {};
      glGetShaderInfoLog(s, sizeof log, nullptr, log);
      throw std::runtime_error(std::string("shader: ") + log);
    }
    return s;
  };
  const GLuint p = glCreateProgram();
  const GLuint v = shader(GL_VERTEX_SHADER, vs), f = shader(GL_FRAGMENT_SHADER, fs);
  glAttachShader(p, v);
  glAttachShader(p, f);
  glLinkProgram(p);
  glDeleteShader(v);
  glDeleteShader(f);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) throw std::runtime_error("program does not link");
  return p;
}

// A render::Scene in GL: each draw's clip positions (the scene's camera applied) and generic attributes, its
// built-in program as the equivalent GLSL (perspective-correct varyings), its textures on units 0, 1, ... with
// the sampler state of their TSC, their texels read back from the texture memory tmu samples; MSAA through a
// multisampled framebuffer resolved by a blit (averaging, as tmu resolves).
class LlvmpipeScene {
 public:
  explicit LlvmpipeScene(const render::Scene& scene, unsigned threads = 1)
      : ctx_(scene.width, scene.height, threads), scene_(scene) {
    for (const render::SceneTexture& t : scene.textures) textures_.push_back(make_texture(t));
    for (std::size_t d = 0; d < scene.draws.size(); ++d) draws_.push_back(make_draw(scene.draws[d]));
    glViewport(0, 0, static_cast<GLsizei>(scene.width), static_cast<GLsizei>(scene.height));
    // Several samples or a depth test: a framebuffer of its own (RGBA8 and a 32-bit float depth, as tmu keeps
    // fp32 depths), resolved into OSMesa's by a blit.
    if (scene.samples > 1 || scene.depth_test) {
      const auto samples = static_cast<GLsizei>(scene.samples > 1 ? scene.samples : 0);
      const auto w = static_cast<GLsizei>(scene.width), h = static_cast<GLsizei>(scene.height);
      glGenFramebuffers(1, &fbo_);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
      glGenRenderbuffers(2, rbo_);
      glBindRenderbuffer(GL_RENDERBUFFER, rbo_[0]);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbo_[0]);
      glBindRenderbuffer(GL_RENDERBUFFER, rbo_[1]);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT32F, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rbo_[1]);
      if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error(fmt::format("llvmpipe has no {}-sample framebuffer with depth", scene.samples));
    }
    if (scene.depth_test) {
      const GLenum funcs[] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(funcs[static_cast<unsigned>(*scene.depth_test)]);
      glClearDepth(1.0);
    }
    glClearColor(scene.clear[0], scene.clear[1], scene.clear[2], scene.clear[3]);
    draw();  // compiles the shader variants for this state
    check_gl("setting up the scene");
  }
  ~LlvmpipeScene() {
    for (const Draw& d : draws_) {
      glDeleteProgram(d.program);
      glDeleteBuffers(1, &d.vbo);
      glDeleteVertexArrays(1, &d.vao);
    }
    for (const Texture& t : textures_) glDeleteTextures(1, &t.name);
    if (fbo_) glDeleteFramebuffers(1, &fbo_);
    if (rbo_[0]) glDeleteRenderbuffers(2, rbo_);
  }
  LlvmpipeScene(const LlvmpipeScene&) = delete;
  LlvmpipeScene& operator=(const LlvmpipeScene&) = delete;

  void draw() {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    for (const Draw& d : draws_) {
      glUseProgram(d.program);
      for (std::size_t i = 0; i < d.textures.size(); ++i) {
        glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(i));
        glBindTexture(textures_[d.textures[i]].target, textures_[d.textures[i]].name);
      }
      glBindVertexArray(d.vao);
      glDrawArrays(GL_TRIANGLES, 0, d.count);
    }
    if (fbo_) {
      glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      const auto w = static_cast<GLint>(scene_.width), h = static_cast<GLint>(scene_.height);
      glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    }
    glFinish();
  }
  const std::string& renderer() const { return ctx_.renderer(); }
  // The last draw as 8-bit RGBA rows, top row first (as tmu render's images).
  std::vector<uint8_t> image() const {
    const auto& px = ctx_.pixels();
    const std::size_t row = std::size_t{scene_.width} * 4;
    std::vector<uint8_t> out(px.size());
    for (uint32_t y = 0; y < scene_.height; ++y)
      std::copy_n(px.begin() + static_cast<std::ptrdiff_t>((scene_.height - 1 - y) * row), row,
                  out.begin() + static_cast<std::ptrdiff_t>(y * row));
    return out;
  }

 private:
  struct Texture {
    GLenum target = GL_TEXTURE_2D;
    GLuint name = 0;
  };
  struct Draw {
    GLuint vao = 0, vbo = 0, program = 0;
    GLsizei count = 0;
    std::vector<uint32_t> textures;
  };

  // The GLSL of a built-in program (render/programs.h): attribute i is `attr<i>`, texture i `tex<i>`.
  static std::string fragment_glsl(const render::Draw& d) {
    const std::string& text = d.program.text;
    using namespace render;
    if (text == kTexturedProgram) return "uniform sampler2D tex0;\nvoid main() { colour = texture(tex0, attr0.xy); }\n";
    if (text == kColourProgram) return "void main() { colour = attr0; }\n";
    if (text == kCubeProgram) return "uniform samplerCube tex0;\nvoid main() { colour = texture(tex0, attr0.xyz); }\n";
    if (text == kShadowProgram)
      return "uniform sampler2DShadow tex0;\n"
             "void main() { float v = texture(tex0, attr0.xyz); colour = vec4(v, v, v, 1.0); }\n";
    if (text == kArrayProgram) {
      // The layer is word 0 of constant bank 3.
      uint32_t layer = 0;
      for (const auto& [bank, data] : d.constants)
        if (bank == 3 && data.size() >= 4) std::memcpy(&layer, data.data(), 4);
      return fmt::format("uniform sampler2DArray tex0;\n"
                         "void main() {{ colour = texture(tex0, vec3(attr0.xy, {}.0)); }}\n", layer);
    }
    throw std::runtime_error(d.program.name + ": no GLSL equivalent (only built-in programs are compared)");
  }

  Draw make_draw(const render::Draw& d) {
    Draw out;
    out.textures = d.textures;
    const std::size_t attrs = d.vertices[0].attributes.size();
    const std::vector<std::array<float, 4>> positions = render::clip_positions(scene_, d);
    std::vector<float> data;
    for (const auto& t : d.triangles)
      for (uint32_t v : t) {
        data.insert(data.end(), positions[v].begin(), positions[v].end());
        for (const auto& a : d.vertices[v].attributes) data.insert(data.end(), a.begin(), a.end());
      }
    const auto stride = static_cast<GLsizei>((1 + attrs) * 4 * sizeof(float));
    out.count = static_cast<GLsizei>(d.triangles.size() * 3);
    glGenVertexArrays(1, &out.vao);
    glBindVertexArray(out.vao);
    glGenBuffers(1, &out.vbo);
    glBindBuffer(GL_ARRAY_BUFFER, out.vbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(), GL_STATIC_DRAW);
    std::string vs = "#version 330 core\nlayout(location = 0) in vec4 position;\n", fs = "#version 330 core\n",
                copy;
    for (std::size_t a = 0; a <= attrs; ++a) {
      glVertexAttribPointer(static_cast<GLuint>(a), 4, GL_FLOAT, GL_FALSE, stride,
                            reinterpret_cast<void*>(a * 4 * sizeof(float)));
      glEnableVertexAttribArray(static_cast<GLuint>(a));
      if (a == 0) continue;
      vs += fmt::format("layout(location = {}) in vec4 in{};\nout vec4 attr{};\n", a, a - 1, a - 1);
      fs += fmt::format("in vec4 attr{};\n", a - 1);
      copy += fmt::format(" attr{} = in{};", a - 1, a - 1);
    }
    vs += "void main() { gl_Position = position;" + copy + " }\n";
    fs += "out vec4 colour;\n" + fragment_glsl(d);
    out.program = link_program(vs, fs);
    glUseProgram(out.program);
    for (std::size_t i = 0; i < d.textures.size(); ++i)
      glUniform1i(glGetUniformLocation(out.program, fmt::format("tex{}", i).c_str()), static_cast<GLint>(i));
    return out;
  }

  // The texture's texels as tmu holds them (written through its memory layout, read back level by level), with
  // the sampler's state; A8B8G8R8_UNORM and ZF32_FLOAT formats, 2D, 2D array and cube textures.
  Texture make_texture(const render::SceneTexture& st) const {
    using namespace texunit;
    TextureSet set;
    auto index = set.add_texture(st.texture.header);
    if (!index) throw std::runtime_error(index.error());
    if (auto f = sample::fill_texels(set, *index, st.texture, scene_.base_dir); !f) throw std::runtime_error(f.error());
    const TextureHeader& h = st.texture.header;
    const SurfaceLayout& layout = set.layout(*index);
    Texture t;
    t.target = h.type == TextureType::Cube ? GL_TEXTURE_CUBE_MAP
               : h.type == TextureType::Array2D ? GL_TEXTURE_2D_ARRAY
                                                : GL_TEXTURE_2D;
    if (h.type != TextureType::Cube && h.type != TextureType::Array2D && h.type != TextureType::Tex2D)
      throw std::runtime_error(st.name + ": only 2d, 2d_array and cube textures are compared");
    const bool depth = st.texture.format == "ZF32_FLOAT";
    if (!depth && st.texture.format != "A8B8G8R8_UNORM")
      throw std::runtime_error(st.name + ": only A8B8G8R8_UNORM and ZF32_FLOAT textures are compared");
    const GLint internal = depth ? GL_DEPTH_COMPONENT32F : GL_RGBA8;
    const GLenum format = depth ? GL_DEPTH_COMPONENT : GL_RGBA, type = depth ? GL_FLOAT : GL_UNSIGNED_BYTE;
    glGenTextures(1, &t.name);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(t.target, t.name);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (unsigned l = 0; l < layout.levels(); ++l) {
      const auto w = static_cast<GLsizei>(layout.level(l).width), hh = static_cast<GLsizei>(layout.level(l).height);
      std::vector<std::byte> all;
      for (uint32_t layer = 0; layer < layout.layers(); ++layer) {
        std::vector<std::byte> bytes(linear_level_size(layout, l));
        if (auto r = load_level(set.memory(), layout, l, layer, bytes); !r) throw std::runtime_error(r.error());
        if (t.target == GL_TEXTURE_CUBE_MAP)
          glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer, static_cast<GLint>(l), internal, w, hh, 0, format, type,
                       bytes.data());
        all.insert(all.end(), bytes.begin(), bytes.end());
      }
      if (t.target == GL_TEXTURE_2D)
        glTexImage2D(GL_TEXTURE_2D, static_cast<GLint>(l), internal, w, hh, 0, format, type, all.data());
      else if (t.target == GL_TEXTURE_2D_ARRAY)
        glTexImage3D(GL_TEXTURE_2D_ARRAY, static_cast<GLint>(l), internal, w, hh,
                     static_cast<GLsizei>(layout.layers()), 0, format, type, all.data());
    }
    glTexParameteri(t.target, GL_TEXTURE_BASE_LEVEL, h.view_min_level);
    glTexParameteri(t.target, GL_TEXTURE_MAX_LEVEL, h.view_max_level);
    const Sampler& s = st.sampler;
    const GLenum axes[3] = {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R};
    for (unsigned a = 0; a < 3; ++a) {
      const GLint k[] = {GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER};
      if (static_cast<unsigned>(s.address[a]) > 3) throw std::runtime_error(st.name + ": address mode not compared");
      glTexParameteri(t.target, axes[a], k[static_cast<unsigned>(s.address[a])]);
    }
    const bool lin = s.min != MinFilter::Point;
    glTexParameteri(t.target, GL_TEXTURE_MAG_FILTER, s.mag == MagFilter::Point ? GL_NEAREST : GL_LINEAR);
    glTexParameteri(t.target, GL_TEXTURE_MIN_FILTER,
                    s.mip == MipFilter::None    ? (lin ? GL_LINEAR : GL_NEAREST)
                    : s.mip == MipFilter::Point ? (lin ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST)
                                                : (lin ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR));
    constexpr float kRatios[] = {1, 2, 4, 6, 8, 10, 12, 16};
    glTexParameterf(t.target, GL_TEXTURE_MAX_ANISOTROPY, s.min == MinFilter::Aniso ? kRatios[s.max_anisotropy & 7] : 1.0f);
    glTexParameterf(t.target, GL_TEXTURE_LOD_BIAS, static_cast<float>(s.mip_lod_bias) / 256.0f);
    glTexParameterf(t.target, GL_TEXTURE_MIN_LOD, static_cast<float>(s.min_lod_clamp) / 256.0f);
    glTexParameterf(t.target, GL_TEXTURE_MAX_LOD, static_cast<float>(s.max_lod_clamp) / 256.0f);
    std::array<float, 4> border{};
    for (unsigned c = 0; c < 4; ++c) std::memcpy(&border[c], &s.border[c], 4);
    glTexParameterfv(t.target, GL_TEXTURE_BORDER_COLOR, border.data());
    if (s.depth_compare) {
      const GLint funcs[] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
      glTexParameteri(t.target, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
      glTexParameteri(t.target, GL_TEXTURE_COMPARE_FUNC, funcs[static_cast<unsigned>(s.compare)]);
    }
    check_gl(("uploading texture " + st.name).c_str());
    return t;
  }

  LlvmpipeContext ctx_;
  const render::Scene& scene_;
  std::vector<Texture> textures_;
  std::vector<Draw> draws_;
  GLuint fbo_ = 0, rbo_[2] = {0, 0};
};

}  // namespace tmu::bench
#endif
