// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary `tmu render` scene files. A scene is read or refused with a message (never a crash); a read
// scene with a small frame and small generated textures is rendered, which gives an image of the frame's size or
// an error with a message (bad programs, runaway loops, degenerate geometry), never a crash.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "render/renderer.h"
#include "render/scene_file.h"
#include "texunit/surface_layout.h"

using namespace tmu;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Program and texel files are not found (the fuzzer leaves the file system alone).
  const auto scene = render::read_scene(std::string_view(reinterpret_cast<const char*>(data), size),
                                        "/nonexistent/tmu-fuzz");
  if (!scene) {
    if (scene.error().empty()) std::abort();
    return 0;
  }
  if (uint64_t{scene->width} * scene->height * scene->samples > 64 * 64) return 0;
  for (const auto& t : scene->textures) {
    const auto layout = texunit::SurfaceLayout::make(t.texture.header);
    if (!layout) std::abort();  // the reader checked it
    if (layout->size_bytes() > (uint64_t{1} << 18)) return 0;
  }
  render::RenderOptions options;
  options.instruction_budget = 2000;
  options.threads = 1;
  render::RenderStats stats;
  const auto image = render::render(*scene, options, stats);
  if (image && image->rgba.size() != uint64_t{scene->width} * scene->height * 4) std::abort();
  if (!image && image.error().empty()) std::abort();
  return 0;
}
