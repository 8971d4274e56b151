// SPDX-License-Identifier: MIT
#include "render/renderer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "interp/attribute_map.h"
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
  for (std::size_t i = 0; i < scene.triangles.size(); ++i) {
    auto st = raster::setup(triangle_of(scene, scene.triangles[i]), state);
    if (!st) return make_error(fmt::format("triangle {}: {}", i, st.error()));
    if (!st->visible) continue;
    inputs.context.tram = &st->tram;
    const std::vector<raster::QuadFragment> quads = raster::rasterize(*st, state);
    stats.quads += quads.size();
    for (std::size_t first = 0; first < quads.size(); first += 8) {
      const std::size_t n = std::min<std::size_t>(8, quads.size() - first);
      uint32_t covered = 0;
      for (std::size_t q = 0; q < n; ++q) {
        const raster::QuadFragment& f = quads[first + q];
        covered |= uint32_t{f.covered} << (4 * q);
        for (unsigned l = 0; l < 4; ++l) inputs.pixel[4 * q + l] = f.position(l);
      }
      exec::Warp warp;
      warp.masks = exec::ThreadMasks::launch(covered);
      exec::RunReport report;
      if (auto e = exec::run(program, warp, machine, {options.instruction_budget}, report)) {
        const unsigned q = e->lane >= 0 ? static_cast<unsigned>(e->lane) / 4 : 0;
        const raster::QuadFragment& f = quads[first + std::min<std::size_t>(q, n - 1)];
        return make_error(fmt::format("{} {} (triangle {}, quad at pixel {}, {})", scene.fragment_program_name,
                                      e->to_string(), i, f.x, f.y));
      }
      ++stats.warps;
      stats.warp_instructions += report.instructions;
      for (const exec::Hazard& hz : report.hazards)
        if (seen_hazards.emplace(hz.address, hz.writer_address, hz.reg).second) stats.hazards.push_back(hz);
      // Covered lanes that were not killed write their colour to their covered samples.
      const uint32_t writes = covered & ~warp.masks.ktm;
      exec::for_lanes(writes, [&](unsigned lane) {
        const raster::QuadFragment& f = quads[first + lane / 4];
        const std::array<float, 4> c{std::bit_cast<float>(warp.reg[0][lane]), std::bit_cast<float>(warp.reg[1][lane]),
                                     std::bit_cast<float>(warp.reg[2][lane]), std::bit_cast<float>(warp.reg[3][lane])};
        const interp::SampleMask m = f.samples[lane % 4];
        for (unsigned s = 0; s < scene.samples; ++s)
          if ((m >> s) & 1) fb.at(f.lane_x(lane % 4), f.lane_y(lane % 4), s) = c;
        ++stats.fragments;
      });
    }
  }
  return fb.resolve();
}

}  // namespace tmu::render
