// SPDX-License-Identifier: MIT
// The llvmpipe peer of the benchmarks and the render oracle: an OSMesa GL 3.3 core context on Mesa's llvmpipe with one rendering thread
// (GALLIUM_DRIVER=llvmpipe, LP_NUM_THREADS=1, read when the process's first context is created; a benchmark of
// several cores asks for more), and shader compilation.
#pragma once

#if TMU_HAVE_OSMESA
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "render/renderer.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/osmesa.h>  // includes GL/gl.h, which glext.h needs first
#include <GL/glext.h>

namespace tmu::bench {

class LlvmpipeContext {
 public:
  LlvmpipeContext(uint32_t width, uint32_t height, unsigned threads = 1) : buffer_(std::size_t{width} * height * 4) {
    setenv("GALLIUM_DRIVER", "llvmpipe", 1);
    setenv("LP_NUM_THREADS", std::to_string(threads).c_str(), 1);
    const int attribs[] = {OSMESA_FORMAT, OSMESA_RGBA, OSMESA_PROFILE, OSMESA_CORE_PROFILE,
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

// A render::Scene in GL: positions and generic attribute 0 per vertex, perspective-correct varyings.
class LlvmpipeScene {
 public:
  LlvmpipeScene(const render::Scene& scene, const render::MipChain& chain, const std::string& filter,
                unsigned threads = 1)
      : ctx_(scene.width, scene.height, threads), scene_(scene) {
    std::vector<float> vertices;
    for (const auto& t : scene.triangles)
      for (uint32_t v : t) {
        const auto& vx = scene.vertices[v];
        vertices.insert(vertices.end(), vx.position.begin(), vx.position.end());
        vertices.insert(vertices.end(), vx.attributes[0].begin(), vx.attributes[0].end());
      }
    count_ = static_cast<GLsizei>(vertices.size() / 8);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data(),
                 GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 8 * sizeof(float), nullptr);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 8 * sizeof(float), reinterpret_cast<void*>(4 * sizeof(float)));
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glGenTextures(1, &tex_);
    glBindTexture(GL_TEXTURE_2D, tex_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (std::size_t l = 0; l < chain.levels.size(); ++l)
      glTexImage2D(GL_TEXTURE_2D, static_cast<GLint>(l), GL_RGBA8, static_cast<GLsizei>(std::max(1u, chain.width >> l)),
                   static_cast<GLsizei>(std::max(1u, chain.height >> l)), 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   chain.levels[l].data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, static_cast<GLint>(chain.levels.size() - 1));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    const bool nearest = filter == "nearest";
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, nearest ? GL_NEAREST : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                    nearest ? GL_NEAREST : filter == "bilinear" ? GL_LINEAR_MIPMAP_NEAREST : GL_LINEAR_MIPMAP_LINEAR);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, filter == "aniso" ? 16.0f : 1.0f);
    program_ = link_program(
        "#version 330 core\n"
        "layout(location = 0) in vec4 position;\n"
        "layout(location = 1) in vec4 attr0;\n"
        "out vec4 uv;\n"
        "void main() { gl_Position = position; uv = attr0; }\n",
        "#version 330 core\n"
        "uniform sampler2D tex;\n"
        "in vec4 uv;\n"
        "out vec4 colour;\n"
        "void main() { colour = texture(tex, uv.xy); }\n");
    glUseProgram(program_);
    glUniform1i(glGetUniformLocation(program_, "tex"), 0);
    glViewport(0, 0, static_cast<GLsizei>(scene.width), static_cast<GLsizei>(scene.height));
    glClearColor(scene.clear[0], scene.clear[1], scene.clear[2], scene.clear[3]);
    draw();  // compiles the shader variant for this state
    check_gl("setting up the scene");
  }
  ~LlvmpipeScene() {
    glDeleteProgram(program_);
    glDeleteTextures(1, &tex_);
    glDeleteBuffers(1, &vbo_);
    glDeleteVertexArrays(1, &vao_);
  }
  LlvmpipeScene(const LlvmpipeScene&) = delete;
  LlvmpipeScene& operator=(const LlvmpipeScene&) = delete;

  void draw() {
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, count_);
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
  LlvmpipeContext ctx_;
  const render::Scene& scene_;
  GLuint vao_ = 0, vbo_ = 0, tex_ = 0, program_ = 0;
  GLsizei count_ = 0;
};

}  // namespace tmu::bench
#endif
