// SPDX-License-Identifier: MIT
// What `tmu render` and the Python module's render() take from their users, checked and turned into the scene:
// the frame's limits, the filter by name, the fragment program as text or code, the texture's size.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "render/scene.h"
#include "texunit/descriptors.h"

namespace tmu::render {

// A mipmapped 2D texture takes sides up to 16384 on compute capability 5.x (CUDA's maxTexture2DMipmap); the chain
// of a larger one would need more than the 15 levels past level 0 a header holds.
inline constexpr uint32_t kMaxTextureSide = 16384;
// A frame's width and height (scene files, tmu render's options, render()'s arguments).
inline constexpr uint32_t kMaxFrameSide = 4096;
// Every sample of the frame is held in memory (colour as four floats): 4096 x 4096 at 4 samples is about 1 GiB.
inline constexpr uint64_t kMaxSamples = uint64_t{kMaxFrameSide} * kMaxFrameSide * 4;

// A texture given in place of a scene's (tmu render --texture's PNG, render()'s array) has at most 2^24 texels.
inline constexpr uint64_t kMaxTexels = uint64_t{1} << 24;

// An error naming the limit when a width x height frame at `samples` per pixel holds more than kMaxSamples.
std::optional<std::string> check_frame(uint32_t width, uint32_t height, unsigned samples);
// An error naming the limit when a texture's side is over kMaxTextureSide; `name` starts the message.
std::optional<std::string> check_texture(std::string_view name, uint32_t width, uint32_t height);

// The sampler state of a filter by name (nearest, bilinear, trilinear, aniso) and a maximum anisotropy (1, 2, 4, 6,
// 8, 10, 12 or 16); an error for other values.
std::optional<std::string> apply_filter(std::string_view filter, unsigned anisotropy, texunit::Sampler& sampler);

// Sets a fragment program from the bytes of `name`: a cubin (its first function, its constant banks other than 0
// into `constants`), or with `raw_blob` a raw SM52 blob of 32-byte bundles, decoded into `code`; otherwise SASS
// text. Errors name `name`, and for code that does not decode the address, file offset and word.
Result<bool> set_program(FragmentProgram& program, std::string name, std::span<const std::byte> bytes, bool raw_blob);

// What `tmu render`'s options and the Python module's render() arguments change in a scene: each one given replaces
// the scene's value.
struct SceneOverrides {
  std::optional<uint32_t> width{}, height{};  // 1..kMaxFrameSide
  std::optional<unsigned> samples{};          // 1, 2, 4 or 8
  std::optional<std::string> filter{};        // every sampler's (apply_filter); aniso when only `anisotropy` is given
  std::optional<unsigned> anisotropy{};       // 16 when only `filter` is given
  std::optional<FragmentProgram> program{};   // every draw's
  struct Texture {
    std::string name;  // what messages call it: its file, or the argument
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> rgba{};  // level 0, RGBA8, rows from the top; the mip levels are box-filtered from it
  };
  std::optional<Texture> texture{};  // the scene's one texture
  bool mip_view = false;           // every texture's levels coloured flatly (show_levels)
};

struct OverrideError {
  std::string message;
  bool usage = false;  // a value outside what the option takes (tmu render exits 2), else 1
};

// Applies the overrides in the order above, checking each (the frame against kMaxSamples, the texture against
// kMaxTextureSide and kMaxTexels). Messages name the option as `prefix` + its name: "--msaa" for tmu render,
// "msaa" for the Python module (the names are the same); the texture's, by its name.
std::optional<OverrideError> apply_overrides(Scene& scene, SceneOverrides overrides, std::string_view prefix);

}  // namespace tmu::render
