// SPDX-License-Identifier: MIT
// The llvmpipe peer of the benchmarks: an OSMesa GL 3.3 core context on Mesa's llvmpipe with one rendering thread
// (GALLIUM_DRIVER=llvmpipe, LP_NUM_THREADS=1, read when the first context is created), and shader compilation.
#pragma once

#if TMU_BENCH_OSMESA
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/osmesa.h>  // includes GL/gl.h, which glext.h needs first
#include <GL/glext.h>

namespace tmu::bench {

class LlvmpipeContext {
 public:
  LlvmpipeContext(uint32_t width, uint32_t height) : buffer_(std::size_t{width} * height * 4) {
    setenv("GALLIUM_DRIVER", "llvmpipe", 1);
    setenv("LP_NUM_THREADS", "1", 1);
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

}  // namespace tmu::bench
#endif
