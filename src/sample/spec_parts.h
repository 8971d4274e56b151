// SPDX-License-Identifier: MIT
// The pieces of the spec reader that other JSON documents holding textures use (tmu render's scene files): the
// parse with duplicate keys refused and syntax errors placed ("byte 57: parse error at line 3, column 12: ..."),
// and a spec's `texture` and `sampler` objects read at a cursor. The readers throw SpecError naming the JSON path
// (json_cursor.h). Internal: not installed.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "common/result.h"
#include "sample/json_cursor.h"
#include "sample/spec.h"

namespace tmu::sample {

Result<nlohmann::json> parse_json(std::string_view json_text);
TextureSpec read_texture(const Cursor& texture);
texunit::Sampler read_sampler(const std::optional<Cursor>& sampler, const TextureSpec& texture);

}  // namespace tmu::sample
