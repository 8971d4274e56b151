// SPDX-License-Identifier: MIT
// Scene files of `tmu render` (JSON, docs/render.md "Scene files"): the frame, an optional camera, textures and
// samplers with `tmu sample`'s keys, fragment programs (built in, SASS text, raw SM52 blobs or cubins, inline or
// from files), and the draws. Everything is checked here; errors name the JSON path ("draws[1].vertices[4].
// position: expected 3 or 4 numbers"), or for JSON syntax the byte, line and column. The caller puts the file name
// in front.
#pragma once

#include <filesystem>
#include <string_view>

#include "common/result.h"
#include "render/scene.h"

namespace tmu::render {

// Reads a scene; files it names (programs, texel sources) are found relative to base_dir.
Result<Scene> read_scene(std::string_view json_text, const std::filesystem::path& base_dir);

}  // namespace tmu::render
