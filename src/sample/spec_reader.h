// SPDX-License-Identifier: MIT
// Reads a `tmu sample` spec (docs/texunit.md, "tmu sample") from JSON text. Everything is checked here, before
// any memory is allocated: unknown keys, wrong types and counts, values a field cannot hold, and textures that
// would need more than kMaxTextureBytes. Errors name where: "requests[2].coords[5]: expected 2 numbers for a 2D
// texture (s, t), got 3", or for JSON syntax "byte 57: parse error at line 3, column 12: ...". The caller puts
// the file name in front.
#pragma once

#include <string_view>

#include "common/result.h"
#include "sample/spec.h"

namespace tmu::sample {

Result<Spec> read_spec(std::string_view json_text);

}  // namespace tmu::sample
