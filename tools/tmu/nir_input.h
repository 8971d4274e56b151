// SPDX-License-Identifier: MIT
// What `tmu lower` and `tmu compile` share: nir_lower_tex options from --option FIELD=VALUE, and a NIR file read,
// lowered and validated.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/passes/lower_tex.h"
#include "ir/shader.h"

namespace tmu::cli {

// Sets each FIELD=VALUE (`flag` names the option in messages: "--option"); false, with the error printed, on a
// malformed one or an unknown field.
bool set_lower_tex_options(const std::vector<std::string>& settings, const std::string& flag, ir::LowerTexOptions& o);
bool set_compiler_options(const std::vector<std::string>& settings, const std::string& flag, ir::CompilerOptions& c);

// Reads the NIR file and runs nir_lower_tex on it; nullopt, with the error printed (file:line:col), on failure.
std::optional<ir::Shader> read_and_lower(const std::string& file, const ir::LowerTexOptions& o,
                                         const ir::CompilerOptions& c);

}  // namespace tmu::cli
