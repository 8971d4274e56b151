// SPDX-License-Identifier: MIT
#include "render/scene.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "render/default_scene_json.h"  // generated from scenes/default.json (src/CMakeLists.txt)
#include "render/scene_file.h"

namespace tmu::render {

namespace {

using Mat4 = std::array<std::array<float, 4>, 4>;  // row-major

std::array<float, 4> mul(const Mat4& m, const std::array<float, 4>& v) {
  std::array<float, 4> r{};
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j) r[i] += m[i][j] * v[j];
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

float radians(float degrees) { return degrees * std::numbers::pi_v<float> / 180.0f; }

}  // namespace

std::vector<std::array<float, 4>> clip_positions(const Scene& scene, const Draw& draw) {
  std::vector<std::array<float, 4>> out;
  out.reserve(draw.vertices.size());
  if (!scene.camera) {
    for (const Vertex& v : draw.vertices) out.push_back(v.position);
    return out;
  }
  const Camera& cam = *scene.camera;
  const Mat4 p = perspective(radians(cam.fov_y), static_cast<float>(scene.width) / static_cast<float>(scene.height),
                             cam.near, cam.far);
  const float cy = std::cos(radians(cam.yaw)), sy = std::sin(radians(cam.yaw));
  const float cp = std::cos(radians(cam.pitch)), sp = std::sin(radians(cam.pitch));
  for (const Vertex& v : draw.vertices) {
    // World -> eye: translate by -eye, turn by -yaw about y, then tilt by +pitch about x (looking down).
    const float dx = v.position[0] - cam.eye[0], dy = v.position[1] - cam.eye[1], dz = v.position[2] - cam.eye[2];
    const float x = dx * cy - dz * sy, z = dx * sy + dz * cy;
    out.push_back(mul(p, {x, dy * cp - z * sp, dy * sp + z * cp, 1.0f}));
  }
  return out;
}

Scene default_scene(uint32_t width, uint32_t height) {
  auto scene = read_scene(kDefaultSceneJson, {});
  // The file is part of the build; a test reads it as every scene file is read.
  if (!scene) throw std::logic_error("scenes/default.json: " + scene.error());
  scene->width = width;
  scene->height = height;
  return std::move(*scene);
}

}  // namespace tmu::render
