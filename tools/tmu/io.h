// SPDX-License-Identifier: MIT
// File helpers shared by the subcommands.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tmu::cli {

// Reads a whole file; on failure prints "tmu: error: PATH: reason" and returns nullopt.
std::optional<std::vector<std::byte>> read_file(const std::string& path);
bool write_file(const std::string& path, const std::vector<std::byte>& data);

// Prints "tmu: error: ..." to stderr.
void error(const std::string& message);

}  // namespace tmu::cli
