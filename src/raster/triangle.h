// SPDX-License-Identifier: MIT
// What the rasterizer is given: a triangle in clip space with its attributes, and the fixed-function state
// (viewport, render target size, samples, winding, culling).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "interp/sample_pattern.h"
#include "interp/triangle_ram.h"

namespace tmu::raster {

struct ClipPosition {
  float x = 0.0f, y = 0.0f, z = 0.0f, w = 1.0f;
};

// One attribute component at the three vertices: where it goes in the TRAM and how the fragment shader's
// header declares it.
struct VertexAttribute {
  uint32_t address = 0;  // byte address, 4-aligned (interp/attribute_map.h)
  interp::PixelImap imap = interp::PixelImap::Perspective;
  std::array<uint32_t, 3> bits{};  // fp32 bits, or any 32 bits for a Constant attribute

  static VertexAttribute floats(uint32_t address, interp::PixelImap imap, float v0, float v1, float v2) {
    return VertexAttribute{address, imap, {std::bit_cast<uint32_t>(v0), std::bit_cast<uint32_t>(v1),
                                           std::bit_cast<uint32_t>(v2)}};
  }
};

struct Triangle {
  std::array<ClipPosition, 3> position;
  std::vector<VertexAttribute> attributes;
  uint32_t primitive_id = 0;  // written to a[0x060] as a constant
};

// window = ndc * scale + offset, per axis (Maxwell's VIEWPORT_SCALE / VIEWPORT_OFFSET registers).
struct Viewport {
  float scale_x = 1.0f, scale_y = 1.0f, scale_z = 1.0f;
  float offset_x = 0.0f, offset_y = 0.0f, offset_z = 0.0f;

  // Vulkan's mapping: ndc (-1, -1) is the top-left corner (x, y) of the rectangle, depth [min_depth, max_depth].
  static constexpr Viewport from_rect(float x, float y, float width, float height, float min_depth = 0.0f,
                                      float max_depth = 1.0f) {
    return Viewport{width / 2, height / 2, max_depth - min_depth, x + width / 2, y + height / 2, min_depth};
  }
};

// Winding as seen on the screen (y down): Vulkan's VkFrontFace meaning.
enum class Winding : uint8_t { CounterClockwise, Clockwise };
enum class CullMode : uint8_t { None, Front, Back };
// Which vertex gives a Constant (flat) attribute its value: Vulkan and Direct3D use the first, GL the last.
enum class ProvokingVertex : uint8_t { First, Last };

struct RasterState {
  Viewport viewport;
  uint32_t width = 0;   // render target in pixels; pixels outside [0, width) x [0, height) are never covered
  uint32_t height = 0;
  interp::SampleCount samples = interp::SampleCount::X1;
  Winding front = Winding::CounterClockwise;
  CullMode cull = CullMode::None;
  ProvokingVertex provoking = ProvokingVertex::First;
};

// Window coordinates are snapped to 16.8 fixed point: 8 fractional bits (Direct3D 11 requires exactly 8 bits of
// sub-pixel precision for rasterization), a signed 16-bit integer part.
inline constexpr int kSubpixelBits = 8;
inline constexpr int32_t kSubpixelOne = 1 << kSubpixelBits;
inline constexpr int32_t kMaxWindowCoordinate = 1 << 15;  // |x|, |y| < 2^15 pixels
// The largest render target.
inline constexpr uint32_t kMaxTargetSize = 1u << 14;

}  // namespace tmu::raster
