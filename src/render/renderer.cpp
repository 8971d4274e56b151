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
#include "interp/ipa.h"
#include "interp/sample_pattern.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"
#include "raster/rasterizer.h"
#include "raster/setup.h"
#include "render/clip.h"
#include "render/options.h"
#include "sample/texels.h"
#include "texunit/filter.h"
#include "texunit/texture_unit.h"

namespace tmu::render {

uint8_t to_unorm8(float f) {
  // In integer operations on the bits where it can (v - trunc(v) is exact and non-negative, so it compares with
  // 0.5 as an integer), without branches or calls, so that a loop of them vectorises.
  const auto b = std::bit_cast<int32_t>(f);
  const int32_t zero = -static_cast<int32_t>((b <= 0) | (b > 0x7f800000));  // +-0, negatives, NaN
  const float v = std::bit_cast<float>(std::min(b, 0x3f800000) & ~zero) * 255.0f;
  const auto i = static_cast<int32_t>(v);
  return static_cast<uint8_t>(i + static_cast<int32_t>(std::bit_cast<int32_t>(v - static_cast<float>(i)) >= 0x3f000000));
}

namespace {

// n channels; in blocks of a fixed count, which the compiler vectorises at -O2 (the pointers do not alias).
void to_unorm8_row(const float* __restrict in, uint8_t* __restrict out, std::size_t n) {
  std::size_t k = 0;
  for (; k + 16 <= n; k += 16)
    for (std::size_t j = 0; j < 16; ++j) out[k + j] = to_unorm8(in[k + j]);
  for (; k < n; ++k) out[k] = to_unorm8(in[k]);
}

struct Framebuffer {
  uint32_t width, height;
  unsigned samples;
  std::vector<std::array<float, 4>> colour;  // per pixel, per sample
  std::vector<float> depth;                  // the same, with a depth test

  Framebuffer(uint32_t w, uint32_t h, unsigned s, std::array<float, 4> clear, bool with_depth)
      : width(w), height(h), samples(s), colour(std::size_t{w} * h * s, clear),
        depth(with_depth ? std::size_t{w} * h * s : 0, 1.0f) {}
  std::size_t index(int32_t x, int32_t y, unsigned s) const {
    return (static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x)) * samples + s;
  }
  Image resolve() const {
    Image img{width, height, std::vector<uint8_t>(std::size_t{width} * height * 4)};
    const std::size_t pixels = std::size_t{width} * height;
    if (samples == 1) {
      static_assert(sizeof(std::array<float, 4>) == 4 * sizeof(float));  // the pixels' RGBA in a row
      to_unorm8_row(colour.front().data(), img.rgba.data(), 4 * pixels);
      return img;
    }
    // The sample count is a power of two: dividing by it is multiplying by its exact reciprocal.
    const float scale = 1.0f / static_cast<float>(samples);
    for (std::size_t p = 0; p < pixels; ++p)
      for (unsigned c = 0; c < 4; ++c) {
        float sum = 0.0f;
        for (unsigned s = 0; s < samples; ++s) sum += colour[p * samples + s][c];
        img.rgba[p * 4 + c] = to_unorm8(sum * scale);
      }
    return img;
  }
};

raster::Triangle triangle_of(const ClipTriangle& t) {
  raster::Triangle tri;
  for (unsigned k = 0; k < 3; ++k) {
    const auto& p = t[k].position;
    tri.position[k] = {p[0], p[1], p[2], p[3]};
  }
  for (std::size_t a = 0; a < t[0].attributes.size(); ++a)
    for (uint32_t c = 0; c < 4; ++c)
      tri.attributes.push_back(raster::VertexAttribute::floats(interp::attr::generic(static_cast<uint32_t>(a), c),
                                                               interp::PixelImap::Perspective, t[0].attributes[a][c],
                                                               t[1].attributes[a][c], t[2].attributes[a][c]));
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

void run_warp(const exec::DecodedProgram& program, const WarpJob& job, Worker& w, const RenderOptions& options,
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
  out.error = exec::run(program, warp, w.machine, {options.instruction_budget, options.poison, options.reference_executor},
                        out.report);
  out.writes = covered & ~warp.masks.ktm;
  exec::for_lanes(out.writes, [&](unsigned lane) {
    for (unsigned c = 0; c < 4; ++c) out.colour[lane][c] = std::bit_cast<float>(warp.reg[c][lane]);
  });
}

}  // namespace

Result<std::unique_ptr<SceneTextures>> bind_textures(const Scene& scene) {
  auto out = std::make_unique<SceneTextures>();
  for (const SceneTexture& t : scene.textures) {
    auto where = [&](const std::string& e) { return make_error(fmt::format("texture '{}': {}", t.name, e)); };
    auto tex = out->set.add_texture(t.texture.header);
    if (!tex) return where(tex.error());
    if (auto f = sample::fill_texels(out->set, *tex, t.texture, scene.base_dir); !f) return where(f.error());
    if (!t.texture.nonresident_pages.empty())
      if (auto u = sample::unbind_pages(out->set, *tex, t.texture.nonresident_pages); !u) return where(u.error());
    auto smp = out->set.add_sampler(t.sampler);
    if (!smp) return where("sampler: " + smp.error());
    out->handles.push_back(texunit::TextureSet::handle(*tex, *smp));
  }
  return out;
}

namespace {

// Window depth at a sample: the triangle's screen-linear z plane (raster/setup.h) at the sample's position, as IPA
// evaluates planes.
float sample_depth(const interp::Plane& z, int32_t x, int32_t y, interp::SampleOffset o) {
  constexpr float kSixteenth = 1.0f / 16.0f;
  const interp::Location at{static_cast<float>(x) + static_cast<float>(8 + o.dx) * kSixteenth,
                            static_cast<float>(y) + static_cast<float>(8 + o.dy) * kSixteenth};
  return interp::evaluate_plane(z, at, interp::PlaneRounding::FmaChain);
}

// What every draw of the render shares, and the warps waiting to run.
struct Pass {
  const Scene& scene;
  const RenderOptions& options;
  RenderStats& stats;
  Framebuffer fb;
  std::span<const interp::SampleOffset> pattern;
  raster::RasterState state;
  unsigned threads;
  std::set<std::tuple<uint64_t, uint64_t, unsigned>> seen_hazards;
  std::set<std::pair<uint64_t, unsigned>> seen_unwritten;
};

Result<bool> draw(Pass& pass, std::size_t d, const texunit::TextureUnit& unit, const std::vector<uint32_t>& handles) {
  const Scene& scene = pass.scene;
  const Draw& dr = scene.draws[d];
  RenderStats& stats = pass.stats;
  for (std::size_t i = 0; i < dr.triangles.size(); ++i)
    for (uint32_t v : dr.triangles[i])
      if (v >= dr.vertices.size() || dr.vertices[v].attributes.size() != dr.vertices[0].attributes.size())
        return make_error(fmt::format("draw {}, triangle {} names vertex {}, which does not exist or has a different "
                                      "number of attributes", d, i, v));
  for (uint32_t t : dr.textures)
    if (t >= handles.size()) return make_error(fmt::format("draw {} binds texture {}; the scene has {}", d, t, handles.size()));

  const FragmentProgram& fp = dr.program;
  isa::sm50::Program program;
  if (fp.code) {
    program = *fp.code;
  } else if (auto err = isa::sm50::assemble(fp.text, isa::Arch::SM52, program)) {
    return make_error(fmt::format("{}:{}:{}: {}", fp.name, err->line, err->column, err->message));
  }
  if (program.code.empty()) return make_error(fmt::format("{}: the fragment program is empty", fp.name));

  exec::Machine machine;
  machine.textures = &unit;
  machine.texture_bank = 0;
  for (const auto& bank : fp.constants)
    if (bank.first == 0)
      return make_error(fmt::format("{}: constant bank 0 holds the draw's texture handles; the program's constants "
                                    "go in banks 1 to 17", fp.name));
  for (const isa::ConstantBanks* banks : {&fp.constants, &dr.constants})
    for (const auto& [bank, data] : *banks) {
      if (bank >= exec::Machine::kBanks) return make_error(fmt::format("draw {}: constant bank {} cannot be loaded", d, bank));
      machine.set_cbank(bank, 0, std::span<const std::byte>(data));
    }
  std::vector<uint32_t> words;
  for (uint32_t t : dr.textures) words.push_back(handles[t]);
  if (!words.empty()) machine.set_cbank(0, 0, std::span<const uint32_t>(words));
  exec::FragmentInputs inputs;
  inputs.context.samples = pass.state.samples;
  machine.fragment = &inputs;

  const exec::DecodedProgram decoded(program);
  std::vector<Worker> workers(pass.threads, Worker{machine, inputs, isa::sm50::registers_named(program)});
  std::vector<WarpJob> jobs;
  std::vector<std::shared_ptr<const TriangleWork>> held;  // the triangles the pending jobs read
  std::vector<WarpResult> results;

  // Runs the pending warps (in parallel), then takes their results in order: the first error in warp order
  // stops the render, hazards are kept once each in order, colours go to the framebuffer, so that the image and
  // the report do not depend on the number of threads.
  auto flush = [&]() -> std::optional<std::string> {
    results.assign(jobs.size(), WarpResult{});
    for_each_index(jobs.size(), pass.threads, [&](unsigned worker, std::size_t j) {
      run_warp(decoded, jobs[j], workers[worker], pass.options, results[j]);
    });
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      const WarpJob& job = jobs[j];
      const WarpResult& r = results[j];
      if (r.error) {
        const unsigned q = r.error->lane >= 0 ? static_cast<unsigned>(r.error->lane) / 4 : 0;
        const raster::QuadFragment& f = job.quads[std::min<std::size_t>(q, job.quads.size() - 1)];
        return fmt::format("{} {} (draw {}, triangle {}, quad at pixel {}, {})", fp.name, r.error->to_string(), d,
                           job.triangle, f.x, f.y);
      }
      ++stats.warps;
      stats.warp_instructions += r.report.instructions;
      for (const exec::Hazard& hz : r.report.hazards)
        if (pass.seen_hazards.emplace(hz.address, hz.writer_address, hz.reg).second) stats.hazards.push_back(hz);
      for (const exec::UninitialisedRead& u : r.report.uninitialised)
        if (pass.seen_unwritten.emplace(u.address, u.reg).second) stats.uninitialised.push_back(u);
      // Covered lanes that were not killed write their colour to their covered samples.
      exec::for_lanes(r.writes, [&](unsigned lane) {
        const raster::QuadFragment& f = job.quads[lane / 4];
        const interp::SampleMask m = f.samples[lane % 4];
        const int32_t px = f.lane_x(lane % 4), py = f.lane_y(lane % 4);
        for (unsigned s = 0; s < scene.samples; ++s) {
          if (!((m >> s) & 1)) continue;
          const std::size_t at = pass.fb.index(px, py, s);
          if (scene.depth_test) {
            const float z = sample_depth(job.tram->plane(interp::attr::kPositionZ), px, py, pass.pattern[s]);
            // The depth test is the texture unit's depth compare, reference z against the kept depth.
            if (texunit::depth_compare(*scene.depth_test, z, pass.fb.depth[at]) == 0.0f) continue;
            pass.fb.depth[at] = z;
          }
          pass.fb.colour[at] = r.colour[lane];
        }
        ++stats.fragments;
        if (pass.options.poison)
          for (unsigned c = 0; c < 4; ++c)
            if (std::bit_cast<uint32_t>(r.colour[lane][c]) == exec::kPoison) ++stats.unwritten_colour[c];
      });
    }
    jobs.clear();
    held.clear();
    return std::nullopt;
  };

  const std::vector<std::array<float, 4>> positions = clip_positions(scene, dr);
  const float guard = guard_band(scene.width, scene.height);
  for (std::size_t i = 0; i < dr.triangles.size(); ++i) {
    ClipTriangle whole;
    for (unsigned k = 0; k < 3; ++k) {
      const uint32_t v = dr.triangles[i][k];
      whole[k] = {positions[v], dr.vertices[v].attributes};
      for (float c : positions[v])
        if (!std::isfinite(c))
          return make_error(fmt::format("draw {}, triangle {}: vertex {}'s clip position ({}, {}, {}, {}) is not finite",
                                        d, i, v, positions[v][0], positions[v][1], positions[v][2], positions[v][3]));
    }
    for (const ClipTriangle& piece : clip_triangle(whole, guard)) {
      auto st = raster::setup(triangle_of(piece), pass.state);
      if (!st) return make_error(fmt::format("draw {}, triangle {}: {}", d, i, st.error()));
      if (!st->visible) continue;
      auto tri = std::make_shared<TriangleWork>();
      tri->setup = std::move(*st);
      tri->quads = raster::rasterize(tri->setup, pass.state);
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
  }
  if (auto e = flush()) return make_error(*e);
  return true;
}

}  // namespace

Result<Image> render(const Scene& scene, const RenderOptions& options, RenderStats& stats) {
  auto bound = bind_textures(scene);
  if (!bound) return make_error(bound.error());
  return render(scene, **bound, options, stats);
}

Result<Image> render(const Scene& scene, const SceneTextures& bound, const RenderOptions& options, RenderStats& stats) {
  auto samples = interp::sample_count_from(scene.samples);
  if (!samples) return make_error(fmt::format("{} samples per pixel: choose 1, 2, 4 or 8", scene.samples));
  if (auto e = check_frame(scene.width, scene.height, scene.samples)) return make_error(*e);
  if (bound.handles.size() != scene.textures.size())
    return make_error(fmt::format("the scene has {} textures; {} were bound", scene.textures.size(), bound.handles.size()));
  const texunit::TextureUnit unit(bound.set.bindings(), options.policy);

  Pass pass{scene, options, stats, Framebuffer(scene.width, scene.height, scene.samples, scene.clear, scene.depth_test.has_value()),
            interp::standard_sample_pattern(*samples), {}, worker_count(options.threads), {}, {}};
  pass.state.width = scene.width;
  pass.state.height = scene.height;
  pass.state.samples = *samples;
  // OpenGL's clip space has y up: the viewport flips it onto the window's y-down rows.
  const float w = static_cast<float>(scene.width), h = static_cast<float>(scene.height);
  pass.state.viewport = raster::Viewport{w / 2, -h / 2, 0.5f, w / 2, h / 2, 0.5f};
  for (std::size_t d = 0; d < scene.draws.size(); ++d)
    if (auto r = draw(pass, d, unit, bound.handles); !r) return make_error(r.error());
  return pass.fb.resolve();
}

}  // namespace tmu::render
