// SPDX-License-Identifier: MIT
#include "run/module_data.h"

namespace tmu::run {

void load_module_data(const isa::Cubin& cubin, exec::Machine& machine) {
  for (const auto& [bank, data] : cubin.constants)
    if (bank != 0 && bank < exec::Machine::kBanks) machine.set_cbank(bank, 0, data);
}

}  // namespace tmu::run
