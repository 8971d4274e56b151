// SPDX-License-Identifier: MIT
// `tmu render`: each draw's triangles are clipped (clip.h), set up and rasterized in 2x2 quads (src/raster); eight
// quads at a time form a fragment warp that runs the draw's fragment program on the executor (src/exec) with IPA
// reading the triangle's planes (src/interp) and TEX sampling through the texture unit (src/texunit); the colour in
// R0..R3 of every covered, not killed lane at EXIT goes to the framebuffer, over what earlier draws left. Samples are resolved by averaging. Warps run on several
// threads, each with its own copy of the machine; their results are taken in order.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/result.h"
#include "exec/executor.h"
#include "render/scene.h"
#include "texunit/policy.h"
#include "texunit/texture_set.h"

namespace tmu::render {

struct Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;  // 8-bit R, G, B, A per pixel, rows top to bottom
};

struct RenderOptions {
  uint64_t instruction_budget = 100'000;  // per warp: a program that runs longer stops the render
  texunit::Policy policy = texunit::Policy::nvidia();  // the texture unit's precision choices
  // Threads that run fragment warps (0: one per core). The image and the statistics do not depend on it.
  unsigned threads = 0;
  // Registers start as exec::kPoison in each warp, and reads of registers the program has not written are
  // reported (RenderStats::uninitialised).
  bool poison = false;
  // Every instruction through the executor's reference handlers instead of its warp-wide fast handlers (the
  // image is the same; for checking).
  bool reference_executor = false;
};

struct RenderStats {
  uint64_t quads = 0, warps = 0, fragments = 0, warp_instructions = 0;
  std::vector<exec::Hazard> hazards;  // control-word hazards the executor saw (each reported once)
  std::vector<exec::UninitialisedRead> uninitialised;  // with RenderOptions::poison, each (address, register) once
  // With RenderOptions::poison: per colour register R0..R3, the fragments whose value at EXIT was still kPoison
  // (the program never wrote it for them).
  std::array<uint64_t, 4> unwritten_colour{};
};

// A scene's textures and samplers written into one texture set (what render() does first); `handles[i]` is
// texture i's with its sampler. Callers that draw a scene repeatedly (benchmarks) bind them once.
struct SceneTextures {
  texunit::TextureSet set;
  std::vector<uint32_t> handles;
};
Result<std::unique_ptr<SceneTextures>> bind_textures(const Scene& scene);

// Renders `scene`: its textures are written into one texture set, then each draw's triangles are clipped, set up,
// rasterized and shaded in order. Errors name the draw, the triangle, and for a program's errors its name.
Result<Image> render(const Scene& scene, const RenderOptions& options, RenderStats& stats);

// A resolved colour channel as 8 bits: clamped to [0, 1] (NaN to 0), times 255, rounded to nearest with halves
// away from zero (std::lround).
uint8_t to_unorm8(float f);
// The same with the scene's textures bound already (bind_textures).
Result<Image> render(const Scene& scene, const SceneTextures& textures, const RenderOptions& options, RenderStats& stats);

}  // namespace tmu::render
