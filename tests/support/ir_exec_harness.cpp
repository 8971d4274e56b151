// SPDX-License-Identifier: MIT
#include "ir_exec_harness.h"

#include <cstring>

namespace tmu::test {

std::optional<ExecRun> run_selected(const isa::sm50::Program& program, const std::array<LaneSlots, 32>& inputs,
                                    const texunit::TextureUnit* unit, const std::vector<TextureBinding>& bindings,
                                    std::string& error) {
  exec::Machine machine;
  exec::Warp warp;
  warp.masks = exec::ThreadMasks::launch(exec::kAllLanes);
  const std::size_t bytes = ir::sm50::attribute_address(kIoSlots, 0);
  for (unsigned lane = 0; lane < 32; ++lane) {
    machine.attribute_in[lane] = exec::ByteMemory(0, bytes);
    machine.attribute_out[lane] = exec::ByteMemory(0, bytes);
    for (unsigned s = 0; s < kIoSlots; ++s)
      std::memcpy(machine.attribute_in[lane].bytes().data() + ir::sm50::attribute_address(s, 0), inputs[lane][s].data(), 16);
  }
  machine.textures = unit;
  machine.texture_bank = 2;
  for (const TextureBinding& b : bindings) {
    const uint32_t handle = b.handle;
    machine.set_cbank(2, 4 * ir::sm50::texture_slot(b.texture, b.sampler), std::span(&handle, 1));
  }
  ExecRun out;
  if (auto err = exec::run(program, warp, machine, {}, out.report)) {
    error = err->to_string();
    return std::nullopt;
  }
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned s = 0; s < kIoSlots; ++s)
      std::memcpy(out.outputs[lane][s].data(), machine.attribute_out[lane].bytes().data() + ir::sm50::attribute_address(s, 0), 16);
  return out;
}

}  // namespace tmu::test
