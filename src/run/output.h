// SPDX-License-Identifier: MIT
// What `tmu run` prints: the kernel, the launch's size, instructions executed, hazards, and the buffers the spec's
// "outputs" name (every buffer as u32 words when it names none), as JSON; raw files for outputs with a "file".
#pragma once

#include <string>

#include "common/result.h"
#include "run/launch.h"
#include "run/launch_spec.h"

namespace tmu::run {

std::string results_json(const LaunchSpec& spec, const LaunchResult& result);

// Writes the raw bytes of every output with a "file" (relative to the working directory).
Result<bool> write_output_files(const LaunchSpec& spec, const LaunchResult& result);

}  // namespace tmu::run
