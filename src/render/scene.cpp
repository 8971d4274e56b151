// SPDX-License-Identifier: MIT
#include "render/scene.h"

#include <cmath>
#include <numbers>

#include "render/programs.h"

namespace tmu::render {

namespace {

using Mat4 = std::array<std::array<float, 4>, 4>;  // row-major

std::array<float, 4> mul(const Mat4& m, const std::array<float, 4>& v) {
  std::array<float, 4> r{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) r[static_cast<std::size_t>(i)] += m[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] * v[static_cast<std::size_t>(j)];
  return r;
}

// OpenGL-style perspective projection (clip z in -w..w).
Mat4 perspective(float fovy, float aspect, float near, float far) {
  const float f = 1.0f / std::tan(fovy / 2);
  Mat4 m{};
  m[0][0] = f / aspect;
  m[1][1] = f;
  m[2][2] = (far + near) / (near - far);
  m[2][3] = 2 * far * near / (near - far);
  m[3][2] = -1;
  return m;
}

}  // namespace

texunit::Sampler default_sampler() {
  using namespace texunit;
  Sampler s;
  s.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Wrap};
  s.mag = MagFilter::Linear;
  s.min = MinFilter::Aniso;
  s.mip = MipFilter::Linear;
  s.max_anisotropy = 7;  // 16:1
  s.max_lod_clamp = 0xfff;
  return s;
}

Scene default_scene(uint32_t width, uint32_t height) {
  Scene s;
  s.width = width;
  s.height = height;
  s.sampler = default_sampler();
  s.fragment_program = std::string(kTexturedProgram);
  // Eye 1 unit above the floor looking slightly down; the floor is a trapezoid from z = -0.6 (x in [-3, 3]) to z =
  // -400 (x in [-400, 400]), wider than the view at every depth,
  // with a texture repeat every 2 units.
  const float pitch = 8.0f * std::numbers::pi_v<float> / 180.0f;
  const Mat4 p = perspective(55.0f * std::numbers::pi_v<float> / 180.0f, static_cast<float>(width) / static_cast<float>(height), 0.1f, 500.0f);
  const float c = std::cos(pitch), sn = std::sin(pitch);
  auto vertex = [&](float x, float z) {
    // World (x, 0, z) -> eye: translate by -eye (0, 1, 0), then rotate about x by +pitch (looking down).
    const float ey = -1.0f;
    const std::array<float, 4> eye{x, ey * c - z * sn, ey * sn + z * c, 1.0f};
    Vertex v;
    v.position = mul(p, eye);
    v.attributes.push_back({x / 2.0f, z / 2.0f, 0.0f, 1.0f});
    return v;
  };
  s.vertices = {vertex(-3, -0.6f), vertex(3, -0.6f), vertex(400, -400), vertex(-400, -400)};
  s.triangles = {{0, 1, 2}, {0, 2, 3}};
  return s;
}

}  // namespace tmu::render
