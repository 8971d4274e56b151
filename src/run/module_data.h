// SPDX-License-Identifier: MIT
// The module-wide data of a cubin that a launch loads before any kernel runs, as the CUDA driver does when it
// loads a module: the constant banks of the module's .const variables (.nv.constant3, bank 3: ptxas 11.8 reads
// them as c[0x3][...] and LDC c[0x3][R+...]).
#pragma once

#include "exec/machine.h"
#include "isa/cubin.h"

namespace tmu::run {

// Copies each module-wide bank's initial bytes into the machine's bank from offset 0.
void load_module_data(const isa::Cubin& cubin, exec::Machine& machine);

}  // namespace tmu::run
