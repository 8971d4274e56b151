// SPDX-License-Identifier: MIT
// `tmu render` throughput: the default scene (a flagstone floor to the horizon, a 512² mipmapped texture with 16x
// anisotropic trilinear filtering) drawn by tmu (rasterizer, warp executor running the SASS fragment program,
// texture unit; one thread) and by llvmpipe (OSMesa, LP_NUM_THREADS=1: the same clip-space triangles, the same
// texture levels and sampler state, `texture(tex, uv)` in GLSL) in the same run. Prints pixels per second of each
// (median of several runs, CPU time of the process), the ratio, and the executor's warp instructions per second.
// With --threads N (0: every core), tmu renders with N threads and llvmpipe with LP_NUM_THREADS=N, both timed by
// the wall clock.
// Usage: bench_render [--width W] [--height H] [--runs N] [--filter nearest|bilinear|trilinear|aniso]
//                     [--threads N] [--quick]
#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "common.h"
#include "llvmpipe.h"
#include "common/parallel.h"
#include "render/options.h"
#include "render/renderer.h"

using namespace tmu;

namespace {

struct Options {
  uint32_t width = 640, height = 400;
  int runs = 5;
  std::string filter = "aniso";
  std::optional<unsigned> threads;  // unset: one thread, CPU time
};

// The executor alone: a loop of integer and float ALU instructions and a branch, on a full warp, through the
// warp-wide fast handlers or (`reference`) the per-lane reference handlers.
double alu_loop_rate(int runs, bool reference) {
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
  const exec::DecodedProgram decoded(p);
  for (int r = 0; r < runs; ++r) {
    exec::Warp warp;
    exec::Machine machine;
    exec::RunReport report;
    exec::RunLimits limits;
    limits.reference = reference;
    const double t0 = bench::process_cpu_seconds();
    if (auto e = exec::run(decoded, warp, machine, limits, report)) throw std::runtime_error(e->to_string());
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
    else if (a == "--threads" && i + 1 < argc) o.threads = static_cast<unsigned>(std::atoi(argv[++i]));
    else if (a == "--quick") o.width = 96, o.height = 60, o.runs = 1;
    else {
      fmt::print(stderr, "usage: bench_render [--width W] [--height H] [--runs N] [--filter F] [--threads N] [--quick]\n");
      return 2;
    }
  }
  render::Scene scene = render::default_scene(o.width, o.height);
  for (render::SceneTexture& t : scene.textures)
    if (auto e = render::apply_filter(o.filter, 16, t.sampler)) throw std::runtime_error(*e);
  const double pixels = static_cast<double>(o.width) * o.height;
  const unsigned threads = o.threads ? worker_count(*o.threads) : 1;
  fmt::print("scene: default floor, {}x{} pixels, 512² texture, filter {}; {}\n", o.width, o.height, o.filter,
             o.threads ? fmt::format("{} threads, wall-clock time", threads) : "one thread, CPU time");
  // One thread: CPU time of the process (fair on a shared machine); several: the wall clock.
  auto clock = [&] {
    return o.threads ? bench::seconds_since(std::chrono::steady_clock::time_point{}) : bench::process_cpu_seconds();
  };
  render::RenderOptions options;
  options.threads = threads;
  // Textures are written once, as llvmpipe's are uploaded once: the runs time drawing.
  auto textures = render::bind_textures(scene);
  if (!textures) throw std::runtime_error(textures.error());

  std::vector<double> tmu_t, exec_rate;
  for (int r = 0; r < o.runs; ++r) {
    render::RenderStats stats;
    const double t0 = clock();
    auto img = render::render(scene, **textures, options, stats);
    const double t = clock() - t0;
    if (!img) throw std::runtime_error(img.error());
    tmu_t.push_back(t);
    exec_rate.push_back(static_cast<double>(stats.warp_instructions) / t);
  }
  const double tmu_rate = pixels / bench::median(tmu_t);
  fmt::print("tmu render:     {:>12.0f} pixels/s   (median of {} runs; {:.0f} warp instructions/s including texture "
             "sampling)\n", tmu_rate, o.runs, bench::median(exec_rate));
  if (!o.threads)
    for (bool reference : {false, true}) {
      const double r = alu_loop_rate(o.runs, reference);
      fmt::print("executor:       {:>12.0f} warp instructions/s on an ALU and branch loop ({:.0f}M lane-instructions/s; "
                 "{} handlers)\n", r, r * exec::kLanes / 1e6, reference ? "reference" : "fast");
    }
#if TMU_HAVE_OSMESA
  bench::LlvmpipeScene gl(scene, threads);
  std::vector<double> gl_t;
  for (int r = 0; r < o.runs; ++r) {
    const double t0 = clock();
    gl.draw();
    gl_t.push_back(clock() - t0);
  }
  const double gl_rate = pixels / bench::median(gl_t);
  fmt::print("{:<15} {:>12.0f} pixels/s   (LP_NUM_THREADS={})\n", "llvmpipe:", gl_rate, threads);
  fmt::print("ratio tmu/llvmpipe: {:.3f}x\n", tmu_rate / gl_rate);
#else
  fmt::print("llvmpipe: skipped: bench built without OSMesa (scripts/setup.sh --oracles installs it)\n");
#endif
  return 0;
} catch (const std::exception& e) {
  fmt::print(stderr, "bench_render: {}\n", e.what());
  return 1;
}
