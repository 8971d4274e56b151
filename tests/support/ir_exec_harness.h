// SPDX-License-Identifier: MIT
// Runs SASS selected from the IR (ir/sm50/select.h) on the warp executor with the selector's interface: input
// attribute slots per lane, output attribute slots per lane, textures bound by tsidx = 32 T + S.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "exec/executor.h"
#include "ir/sm50/select.h"
#include "texunit/texture_unit.h"

namespace tmu::test {

inline constexpr unsigned kIoSlots = 8;
using LaneSlots = std::array<std::array<uint32_t, 4>, kIoSlots>;  // slot, component

struct ExecRun {
  std::array<LaneSlots, 32> outputs{};
  exec::RunReport report;
};

struct TextureBinding {
  unsigned texture = 0, sampler = 0;  // the shader's indices
  uint32_t handle = 0;                // TextureSet::handle of the pair
};

// Runs the program on one warp (all 32 lanes covered). nullopt and `error` set when the executor stops.
std::optional<ExecRun> run_selected(const isa::sm50::Program& program, const std::array<LaneSlots, 32>& inputs,
                                    const texunit::TextureUnit* unit, const std::vector<TextureBinding>& bindings,
                                    std::string& error);

}  // namespace tmu::test
