// SPDX-License-Identifier: MIT
// What `tmu render` and the Python module's render() take from their users, checked and turned into the scene:
// the frame's limits, the filter by name, the fragment program as text or code, the texture's size.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "common/result.h"
#include "render/scene.h"
#include "texunit/descriptors.h"

namespace tmu::render {

// A mipmapped 2D texture takes sides up to 16384 on compute capability 5.x (CUDA's maxTexture2DMipmap); the chain
// of a larger one would need more than the 15 levels past level 0 a header holds.
inline constexpr uint32_t kMaxTextureSide = 16384;
// Every sample of the frame is held in memory (colour as four floats): 4096 x 4096 at 4 samples is about 1 GiB.
inline constexpr uint64_t kMaxSamples = uint64_t{4096} * 4096 * 4;

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

}  // namespace tmu::render
