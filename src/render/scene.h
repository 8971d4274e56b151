// SPDX-License-Identifier: MIT
// What `tmu render` draws: a frame (size, samples, clear colour), textures with their samplers (`tmu sample`'s
// texture and sampler descriptions), and draws in order, each with its triangles, per-vertex attributes, fragment
// program, texture bindings and constant-bank contents. Scene files (JSON, docs/render.md "Scene files") are read
// by scene_file.h; the embedded default scene is one of them (scenes/default.json).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "isa/cubin.h"
#include "isa/sm50/program.h"
#include "sample/spec.h"
#include "texunit/descriptors.h"

namespace tmu::render {

struct Vertex {
  // Clip space (x, y, z, w); with a Scene::camera, world space (x, y, z) with w = 1.
  std::array<float, 4> position{0.0f, 0.0f, 0.0f, 1.0f};
  std::vector<std::array<float, 4>> attributes;  // generic attributes 0, 1, ... (a[0x80 + 16 i] ...)
};

// A perspective camera (OpenGL's: clip z in -w..w, y up): at `eye`, turned by `yaw` degrees about the vertical
// axis (positive: to the left), then tilted down by `pitch` degrees, seeing `fov_y` degrees vertically.
struct Camera {
  float fov_y = 60.0f, near = 0.1f, far = 100.0f;
  std::array<float, 3> eye{};
  float yaw = 0.0f, pitch = 0.0f;
};

// A texture of the scene and its sampler: the texel source's files are found from Scene::base_dir.
struct SceneTexture {
  std::string name;
  sample::TextureSpec texture;
  texunit::Sampler sampler;
};

struct FragmentProgram {
  std::string text;  // SASS (tmu as syntax)
  // What errors call the program: its file when it came from one.
  std::string name = "fragment program";
  // Or already-encoded code (a raw blob of 32-byte bundles or a cubin's function), used when set.
  std::optional<isa::sm50::Program> code;
  // Constant banks other than 0 that the program reads (a cubin's .nv.constantN sections: ptxas's literals in
  // bank 2).
  isa::ConstantBanks constants;
};

struct Draw {
  std::vector<Vertex> vertices;
  std::vector<std::array<uint32_t, 3>> triangles;
  FragmentProgram program;
  // Scene::textures bound for the program: texture i's handle (samplerPtr << 20 | headerPtr) is word i of
  // constant bank 0, which TEX index i reads (bindless through the constant bank, as the default program does).
  std::vector<uint32_t> textures;
  // Constant-bank contents, written after the program's own banks; bank 0 from word textures.size() on.
  isa::ConstantBanks constants;
};

struct Scene {
  uint32_t width = 640, height = 400;
  unsigned samples = 1;  // MSAA: 1, 2, 4 or 8
  std::array<float, 4> clear{0.55f, 0.72f, 0.92f, 1.0f};
  std::optional<Camera> camera;
  // With a depth test, each sample keeps a depth (window z in [0, 1], cleared to 1) and a fragment's sample is
  // written, colour and depth, only where `depth_test(its depth, the kept one)` holds; without, later draws and
  // triangles cover earlier ones.
  std::optional<texunit::CompareFunc> depth_test;
  std::vector<SceneTexture> textures;
  std::vector<Draw> draws;  // drawn in order
  std::filesystem::path base_dir;  // texel files (png, raw) are found from here
};

// The clip-space positions of a draw's vertices: as given, or through the scene's camera for its frame's aspect.
std::vector<std::array<float, 4>> clip_positions(const Scene& scene, const Draw& draw);

// The embedded default scene (scenes/default.json), width x height: a floor plane of flagstones from just in front
// of the camera to far away, seen from eye height, minified more and more, and ever more anisotropically, toward
// the horizon; one 512x512 texture with a trilinear 16x anisotropic wrapping sampler.
Scene default_scene(uint32_t width, uint32_t height);

}  // namespace tmu::render
