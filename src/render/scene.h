// SPDX-License-Identifier: MIT
// What `tmu render` draws: triangles in clip space with generic attributes, a texture and sampler, a fragment
// program, and the framebuffer's size and sample count. The embedded default is a floor receding to the horizon.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "isa/cubin.h"
#include "isa/sm50/program.h"
#include "texunit/descriptors.h"

namespace tmu::render {

struct Vertex {
  std::array<float, 4> position{};             // clip space (x, y, z, w)
  std::vector<std::array<float, 4>> attributes;  // generic attributes 0, 1, ... (a[0x80 + 16 i] ...)
};

struct Scene {
  uint32_t width = 640, height = 400;
  unsigned samples = 1;  // MSAA: 1, 2, 4 or 8
  std::array<float, 4> clear{0.55f, 0.72f, 0.92f, 1.0f};
  std::vector<Vertex> vertices;
  std::vector<std::array<uint32_t, 3>> triangles;
  texunit::Sampler sampler;
  std::string fragment_program;  // SASS text (tmu as syntax)
  // What errors call the program: its file when it came from one (tmu render --program).
  std::string fragment_program_name = "fragment program";
  // Or already-encoded code (a raw blob of 32-byte bundles or a cubin's function), used when set.
  std::optional<isa::sm50::Program> fragment_code;
  // Constant banks other than 0 that the program reads (a cubin's .nv.constantN sections: ptxas's literals in
  // bank 2). Bank 0 is the renderer's: word 0 holds the texture handle.
  isa::ConstantBanks fragment_constants;
};

// A floor plane of flagstones from just in front of the camera to far away, seen from eye height: the texture is
// minified more and more, and ever more anisotropically, toward the horizon.
Scene default_scene(uint32_t width, uint32_t height);

// The trilinear 16x anisotropic wrapping sampler the default scene uses.
texunit::Sampler default_sampler();

}  // namespace tmu::render
