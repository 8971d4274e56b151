// SPDX-License-Identifier: MIT
// tmu_gl_oracle: samples textures with Mesa's llvmpipe or softpipe through OSMesa, for differential tests.
// The Gallium driver is fixed by GALLIUM_DRIVER when the first OSMesa context is created and cannot change
// later in the same process, so each driver runs in its own helper process (gl_oracle.h starts them).
//
//   GALLIUM_DRIVER=softpipe tmu_gl_oracle < request.txt
//
// On start it prints "ready<TAB>renderer<TAB>GL version<TAB>GLSL version" (or "fatal <why>" and exits 1),
// then answers requests (gl_oracle_wire.h, docs/gl-oracle.md) from stdin on stdout until stdin ends.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/osmesa.h>  // includes GL/gl.h, which glext.h needs first

#include <GL/glext.h>

#include <iostream>
#include <string>
#include <vector>

#include "gl_oracle_wire.h"
#include "render.h"

// Built with -fsanitize=address, the helper must not fail at exit over Mesa's and LLVM's allocations.
extern "C" const char* __asan_default_options() {
  return "detect_leaks=0";
}

namespace {

OSMesaContext create_context(int major, int minor) {
  const int attribs[] = {OSMESA_FORMAT,
                         OSMESA_RGBA,
                         OSMESA_PROFILE,
                         OSMESA_CORE_PROFILE,
                         OSMESA_CONTEXT_MAJOR_VERSION,
                         major,
                         OSMESA_CONTEXT_MINOR_VERSION,
                         minor,
                         0};
  return OSMesaCreateContextAttribs(attribs, nullptr);
}

std::string gl_string(GLenum e) {
  const GLubyte* s = glGetString(e);
  return s ? reinterpret_cast<const char*>(s) : "?";
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  // llvmpipe has GL 4.5 core; softpipe only 3.3 core (the shaders then use extensions).
  bool gl45 = true;
  OSMesaContext ctx = create_context(4, 5);
  if (!ctx) {
    gl45 = false;
    ctx = create_context(3, 3);
  }
  if (!ctx) {
    std::cout << "fatal OSMesa could not create a GL 4.5 or 3.3 core context" << std::endl;
    return 1;
  }
  std::vector<unsigned char> window(8 * 8 * 4);  // OSMesa needs a default framebuffer; we draw into an FBO
  if (!OSMesaMakeCurrent(ctx, window.data(), GL_UNSIGNED_BYTE, 8, 8)) {
    std::cout << "fatal OSMesaMakeCurrent failed" << std::endl;
    return 1;
  }
  GLuint vao = 0;  // core profile: drawing needs a vertex array object, even an empty one
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  std::cout << "ready\t" << gl_string(GL_RENDERER) << '\t' << gl_string(GL_VERSION) << '\t'
            << gl_string(GL_SHADING_LANGUAGE_VERSION) << std::endl;

  tmu::test::gl::Renderer renderer({.glsl450 = gl45});
  for (;;) {
    auto request = tmu::test::gl::read_request(std::cin);
    if (!request && request.error().empty()) break;  // end of input
    if (!request) {
      std::cout << tmu::test::gl::write_error("bad request: " + request.error()) << std::flush;
      continue;
    }
    auto results = renderer.run(*request);
    std::cout << (results ? tmu::test::gl::write_response(*results)
                          : tmu::test::gl::write_error(results.error()))
              << std::flush;
  }
  OSMesaDestroyContext(ctx);
  return 0;
}
