// SPDX-License-Identifier: MIT
// `tmu render` throughput: the default scene (a flagstone floor to the horizon, a 512² mipmapped texture with 16x
// anisotropic trilinear filtering) drawn by tmu (rasterizer, warp executor running the SASS fragment program,
// texture unit; one thread) and by llvmpipe (OSMesa, LP_NUM_THREADS=1: the same clip-space triangles, the same
// texture levels and sampler state, `texture(tex, uv)` in GLSL) in the same run. Prints pixels per second of each
// (median of several runs, CPU time of the process), the ratio, and the executor's warp instructions per second.
// Usage: bench_render [--width W] [--height H] [--runs N] [--filter nearest|bilinear|trilinear|aniso] [--quick]
#include <fmt/format.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "common.h"
#include "gl_bench.h"
#include "render/renderer.h"

using namespace tmu;

namespace {

struct Options {
  uint32_t width = 640, height = 400;
  int runs = 5;
  std::string filter = "aniso";
};

void set_filter(texunit::Sampler& s, const std::string& f) {
  using namespace texunit;
  if (f == "nearest") s.mag = MagFilter::Point, s.min = MinFilter::Point, s.mip = MipFilter::None;
  else if (f == "bilinear") s.mag = MagFilter::Linear, s.min = MinFilter::Linear, s.mip = MipFilter::Point;
  else if (f == "trilinear") s.mag = MagFilter::Linear, s.min = MinFilter::Linear, s.mip = MipFilter::Linear;
  else if (f == "aniso") s.mag = MagFilter::Linear, s.min = MinFilter::Aniso, s.mip = MipFilter::Linear;
  else throw std::runtime_error("unknown filter " + f);
}

#if TMU_BENCH_OSMESA
// The same scene in GL: positions and generic attribute 0 per vertex, perspective-correct varyings.
class GlScene {
 public:
  GlScene(const render::Scene& scene, const render::MipChain& chain, const std::string& filter)
      : ctx_(scene.width, scene.height), scene_(scene) {
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
    program_ = bench::link_program(
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
    bench::check_gl("setting up the scene");
  }
  ~GlScene() {
    glDeleteProgram(program_);
    glDeleteTextures(1, &tex_);
    glDeleteBuffers(1, &vbo_);
    glDeleteVertexArrays(1, &vao_);
  }
  GlScene(const GlScene&) = delete;
  GlScene& operator=(const GlScene&) = delete;

  void draw() {
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, count_);
    glFinish();
  }
  const std::string& renderer() const { return ctx_.renderer(); }

 private:
  bench::LlvmpipeContext ctx_;
  const render::Scene& scene_;
  GLuint vao_ = 0, vbo_ = 0, tex_ = 0, program_ = 0;
  GLsizei count_ = 0;
};
#endif

// The executor alone: a loop of integer and float ALU instructions and a branch, on a full warp.
double alu_loop_rate(int runs) {
  isa::sm50::Program p;
  const char* source = R"(
        MOV32I R0, 0x0 ;
        MOV32I R2, 0x3f800000 ;
loop:   FFMA R3, R2, R2, R3 ;
        FADD R4, R3, -R2 ;
        IADD32I R0, R0, 0x1 ;
        LOP.XOR R5, R0, R4 ;
        ISETP.LT.AND P0, PT, R0, 0x2000, PT ;
        @P0 BRA loop ;
        EXIT ;
)";
  if (auto e = isa::sm50::assemble(source, isa::Arch::SM52, p)) throw std::runtime_error(e->message);
  std::vector<double> rate;
  for (int r = 0; r < runs; ++r) {
    exec::Warp warp;
    exec::Machine machine;
    exec::RunReport report;
    const double t0 = bench::process_cpu_seconds();
    if (auto e = exec::run(p, warp, machine, {}, report)) throw std::runtime_error(e->to_string());
    rate.push_back(static_cast<double>(report.instructions) / (bench::process_cpu_seconds() - t0));
  }
  return bench::median(rate);
}

}  // namespace

int main(int argc, char** argv) try {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--width" && i + 1 < argc) o.width = static_cast<uint32_t>(std::atoi(argv[++i]));
    else if (a == "--height" && i + 1 < argc) o.height = static_cast<uint32_t>(std::atoi(argv[++i]));
    else if (a == "--runs" && i + 1 < argc) o.runs = std::atoi(argv[++i]);
    else if (a == "--filter" && i + 1 < argc) o.filter = argv[++i];
    else if (a == "--quick") o.width = 96, o.height = 60, o.runs = 1;
    else {
      fmt::print(stderr, "usage: bench_render [--width W] [--height H] [--runs N] [--filter F] [--quick]\n");
      return 2;
    }
  }
  render::Scene scene = render::default_scene(o.width, o.height);
  set_filter(scene.sampler, o.filter);
  const render::MipChain chain = render::flagstones(512);
  const double pixels = static_cast<double>(o.width) * o.height;
  fmt::print("scene: default floor, {}x{} pixels, 512² texture, filter {}\n", o.width, o.height, o.filter);

  std::vector<double> tmu_t, exec_rate;
  for (int r = 0; r < o.runs; ++r) {
    render::RenderStats stats;
    const double t0 = bench::process_cpu_seconds();
    auto img = render::render(scene, chain, {}, stats);
    const double t = bench::process_cpu_seconds() - t0;
    if (!img) throw std::runtime_error(img.error());
    tmu_t.push_back(t);
    exec_rate.push_back(static_cast<double>(stats.warp_instructions) / t);
  }
  const double tmu_rate = pixels / bench::median(tmu_t);
  fmt::print("tmu render:     {:>12.0f} pixels/s   (median of {} runs; {:.0f} warp instructions/s including texture "
             "sampling)\n", tmu_rate, o.runs, bench::median(exec_rate));
  fmt::print("executor:       {:>12.0f} warp instructions/s on an ALU and branch loop\n", alu_loop_rate(o.runs));
#if TMU_BENCH_OSMESA
  GlScene gl(scene, chain, o.filter);
  std::vector<double> gl_t;
  for (int r = 0; r < o.runs; ++r) {
    const double t0 = bench::process_cpu_seconds();
    gl.draw();
    gl_t.push_back(bench::process_cpu_seconds() - t0);
  }
  const double gl_rate = pixels / bench::median(gl_t);
  fmt::print("{:<15} {:>12.0f} pixels/s   (LP_NUM_THREADS=1)\n", "llvmpipe:", gl_rate);
  fmt::print("ratio tmu/llvmpipe: {:.3f}x\n", tmu_rate / gl_rate);
#else
  fmt::print("llvmpipe: skipped: bench built without OSMesa (scripts/setup.sh --oracles installs it)\n");
#endif
  return 0;
} catch (const std::exception& e) {
  fmt::print(stderr, "bench_render: {}\n", e.what());
  return 1;
}
