// SPDX-License-Identifier: MIT
#include "render/renderer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>
#include <memory>
#include <span>
#include <tuple>

#include <fmt/format.h>

#include "common/parallel.h"
#include "interp/attribute_map.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"
#include "raster/rasterizer.h"
#include "raster/setup.h"
#include "texunit/texture_unit.h"

namespace tmu::render {

namespace {

// A float colour channel to 8 bits: clamp to [0, 1], round to nearest.
uint8_t to_unorm8(float f) {
  if (!(f > 0.0f)) return 0;  // NaN and negatives
  if (f >= 1.0f) return 255;
  return static_cast<uint8_t>(std::lround(f * 255.0f));
}

struct Framebuffer {
  uint32_t width, height;
  unsigned samples;
  std::vector<std::array<float, 4>> colour;  // per pixel, per sample

  Framebuffer(uint32_t w, uint32_t h, unsigned s, std::array<float, 4> clear)
      : width(w), height(h), samples(s), colour(std::size_t{w} * h * s, clear) {}
  std::array<float, 4>& at(int32_t x, int32_t y, unsigned s) {
    return colour[(static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x)) * samples + s];
  }
  Image resolve() const {
    Image img{width, height, std::vector<uint8_t>(std::size_t{width} * height * 4)};
    for (std::size_t p = 0; p < std::size_t{width} * height; ++p)
      for (unsigned c = 0; c < 4; ++c) {
        float sum = 0.0f;
        for (unsigned s = 0; s < samples; ++s) sum += colour[p * samples + s][c];
        img.rgba[p * 4 + c] = to_unorm8(sum / static_cast<float>(samples));
      }
    return img;
  }
};

raster::Triangle triangle_of(const Scene& scene, const std::array<uint32_t, 3>& t) {
  raster::Triangle tri;
  for (unsigned k = 0; k < 3; ++k) {
    const auto& p = scene.vertices[t[k]].position;
    tri.position[k] = {p[0], p[1], p[2], p[3]};
  }
  const std::size_t n = scene.vertices[t[0]].attributes.size();
  for (std::size_t a = 0; a < n; ++a)
    for (uint32_t c = 0; c < 4; ++c)
      tri.attributes.push_back(raster::VertexAttribute::floats(
          interp::attr::generic(static_cast<uint32_t>(a), c), interp::PixelImap::Perspective,
          scene.vertices[t[0]].attributes[a][c], scene.vertices[t[1]].attributes[a][c],
          scene.vertices[t[2]].attributes[a][c]));
  return tri;
}

// A triangle set up and rasterized, kept until the warps of its quads have run.
struct TriangleWork {
  raster::SetupTriangle setup;
  std::vector<raster::QuadFragment> quads;
};
// A fragment warp: up to eight consecutive quads of one triangle.
struct WarpJob {
  std::size_t triangle;
  const interp::TriangleRam* tram;
  std::span<const raster::QuadFragment> quads;
};
// What a warp left: the lanes that write and their colours (R0..R3 at EXIT), its report or its error.
struct WarpResult {
  uint32_t writes = 0;
  std::array<std::array<float, 4>, exec::kLanes> colour;
  exec::RunReport report;
  std::optional<exec::ExecError> error;
};
// Each thread's own machine (a copy of the render's), IPA inputs and warp, whose first `registers` registers (all
// that the program names) are cleared for each warp.
struct Worker {
  exec::Machine machine;
  exec::FragmentInputs inputs;
  unsigned registers;
  std::unique_ptr<exec::Warp> warp = std::make_unique<exec::Warp>();
  Worker(const exec::Machine& m, const exec::FragmentInputs& in, unsigned regs) : machine(m), inputs(in), registers(regs) {}
  Worker(const Worker& o) : Worker(o.machine, o.inputs, o.registers) {}
};
// Warps run between two takes of their results: enough that starting threads costs little, few enough that the
// results (about 600 bytes a warp) stay small.
constexpr std::size_t kWarpsPerBatch = 2048;

void run_warp(const isa::sm50::Program& program, const WarpJob& job, Worker& w, const RenderOptions& options,
              WarpResult& out) {
  w.machine.fragment = &w.inputs;
  w.inputs.context.tram = job.tram;
  uint32_t covered = 0;
  for (std::size_t q = 0; q < job.quads.size(); ++q) {
    const raster::QuadFragment& f = job.quads[q];
    covered |= uint32_t{f.covered} << (4 * q);
    for (unsigned l = 0; l < 4; ++l) w.inputs.pixel[4 * q + l] = f.position(l);
  }
  exec::Warp& warp = *w.warp;
  warp.reset(w.registers);
  warp.masks = exec::ThreadMasks::launch(covered);
  out.error = exec::run(program, warp, w.machine, {options.instruction_budget, options.poison}, out.report);
  out.writes = covered & ~warp.masks.ktm;
  exec::for_lanes(out.writes, [&](unsigned lane) {
    for (unsigned c = 0; c < 4; ++c) out.colour[lane][c] = std::bit_cast<float>(warp.reg[c][lane]);
  });
}

}  // namespace

Result<Image> render(const Scene& scene, const MipChain& texture, const RenderOptions& options, RenderStats& stats) {
  auto samples = interp::sample_count_from(scene.samples);
  if (!samples) return make_error(fmt::format("{} samples per pixel: choose 1, 2, 4 or 8", scene.samples));
  for (std::size_t i = 0; i < scene.triangles.size(); ++i)
    for (uint32_t v : scene.triangles[i])
      if (v >= scene.vertices.size() || scene.vertices[v].attributes.size() != scene.vertices[0].attributes.size())
        return make_error(fmt::format("triangle {} names vertex {}, which does not exist or has a different "
                                      "number of attributes", i, v));

  isa::sm50::Program program;
  if (scene.fragment_code) {
    program = *scene.fragment_code;
  } else if (auto err = isa::sm50::assemble(scene.fragment_program, isa::Arch::SM52, program)) {
    return make_error(fmt::format("{}:{}:{}: {}", scene.fragment_program_name, err->line, err->column, err->message));
  }
  if (program.code.empty()) return make_error(fmt::format("{}: the fragment program is empty", scene.fragment_program_name));

  texunit::TextureSet set;
  auto tex = upload(set, texture);
  if (!tex) return make_error("texture: " + tex.error());
  auto smp = set.add_sampler(scene.sampler);
  if (!smp) return make_error("sampler: " + smp.error());
  const texunit::TextureUnit unit(set.bindings(), options.policy);

  exec::Machine machine;
  machine.textures = &unit;
  machine.texture_bank = 0;
  const uint32_t handle = texunit::TextureSet::handle(*tex, *smp);
  machine.set_cbank(0, 0, std::span(&handle, 1));
  for (const auto& [bank, data] : scene.fragment_constants) {
    if (bank == 0 || bank >= exec::Machine::kBanks) return make_error(fmt::format("constant bank {} cannot be loaded", bank));
    machine.set_cbank(bank, 0, std::span<const std::byte>(data));
  }
  exec::FragmentInputs inputs;
  inputs.context.samples = *samples;
  machine.fragment = &inputs;

  raster::RasterState state;
  state.width = scene.width;
  state.height = scene.height;
  state.samples = *samples;
  // OpenGL's clip space has y up: the viewport flips it onto the window's y-down rows.
  const float w = static_cast<float>(scene.width), h = static_cast<float>(scene.height);
  state.viewport = raster::Viewport{w / 2, -h / 2, 0.5f, w / 2, h / 2, 0.5f};

  Framebuffer fb(scene.width, scene.height, scene.samples, scene.clear);
  std::set<std::tuple<uint64_t, uint64_t, unsigned>> seen_hazards;
  std::set<std::pair<uint64_t, unsigned>> seen_unwritten;
  const unsigned threads = worker_count(options.threads);
  std::vector<Worker> workers(threads, Worker{machine, inputs, isa::sm50::registers_named(program)});
  std::vector<WarpJob> jobs;
  std::vector<std::shared_ptr<const TriangleWork>> held;  // the triangles the pending jobs read
  std::vector<WarpResult> results;

  // Runs the pending warps (in parallel), then takes their results in order: the first error in warp order
  // stops the render, hazards are kept once each in order, colours go to the framebuffer, so that the image and
  // the report do not depend on the number of threads.
  auto flush = [&]() -> std::optional<std::string> {
    results.assign(jobs.size(), WarpResult{});
    for_each_index(jobs.size(), threads, [&](unsigned worker, std::size_t j) {
      run_warp(program, jobs[j], workers[worker], options, results[j]);
    });
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      const WarpJob& job = jobs[j];
      const WarpResult& r = results[j];
      if (r.error) {
        const unsigned q = r.error->lane >= 0 ? static_cast<unsigned>(r.error->lane) / 4 : 0;
        const raster::QuadFragment& f = job.quads[std::min<std::size_t>(q, job.quads.size() - 1)];
        return fmt::format("{} {} (triangle {}, quad at pixel {}, {})", scene.fragment_program_name,
                           r.error->to_string(), job.triangle, f.x, f.y);
      }
      ++stats.warps;
      stats.warp_instructions += r.report.instructions;
      for (const exec::Hazard& hz : r.report.hazards)
        if (seen_hazards.emplace(hz.address, hz.writer_address, hz.reg).second) stats.hazards.push_back(hz);
      for (const exec::UninitialisedRead& u : r.report.uninitialised)
        if (seen_unwritten.emplace(u.address, u.reg).second) stats.uninitialised.push_back(u);
      // Covered lanes that were not killed write their colour to their covered samples.
      exec::for_lanes(r.writes, [&](unsigned lane) {
        const raster::QuadFragment& f = job.quads[lane / 4];
        const interp::SampleMask m = f.samples[lane % 4];
        for (unsigned s = 0; s < scene.samples; ++s)
          if ((m >> s) & 1) fb.at(f.lane_x(lane % 4), f.lane_y(lane % 4), s) = r.colour[lane];
        ++stats.fragments;
        if (options.poison)
          for (unsigned c = 0; c < 4; ++c)
            if (std::bit_cast<uint32_t>(r.colour[lane][c]) == exec::kPoison) ++stats.unwritten_colour[c];
      });
    }
    jobs.clear();
    held.clear();
    return std::nullopt;
  };

  for (std::size_t i = 0; i < scene.triangles.size(); ++i) {
    auto st = raster::setup(triangle_of(scene, scene.triangles[i]), state);
    if (!st) return make_error(fmt::format("triangle {}: {}", i, st.error()));
    if (!st->visible) continue;
    auto tri = std::make_shared<TriangleWork>();
    tri->setup = std::move(*st);
    tri->quads = raster::rasterize(tri->setup, state);
    stats.quads += tri->quads.size();
    held.push_back(tri);
    for (std::size_t first = 0; first < tri->quads.size(); first += 8) {
      const std::size_t n = std::min<std::size_t>(8, tri->quads.size() - first);
      jobs.push_back({i, &tri->setup.tram, std::span(tri->quads).subspan(first, n)});
      if (jobs.size() == kWarpsPerBatch) {
        if (auto e = flush()) return make_error(*e);
        held.push_back(tri);
      }
    }
  }
  if (auto e = flush()) return make_error(*e);
  return fb.resolve();
}

}  // namespace tmu::render
