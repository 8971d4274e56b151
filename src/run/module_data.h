// SPDX-License-Identifier: MIT
// The module-wide data of a cubin that a launch loads before any kernel runs, as the CUDA driver does when it
// loads a module: the constant banks of the module's .const variables (.nv.constant3, bank 3: ptxas 11.8 reads
// them as c[0x3][...] and LDC c[0x3][R+...]), and its .global variables (.nv.global.init, .nv.global) placed in
// global memory, with the code relocations that give the code their addresses patched.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/result.h"
#include "exec/machine.h"
#include "isa/cubin.h"
#include "texunit/gpu_memory.h"

namespace tmu::run {

// Copies each module-wide bank's initial bytes into the machine's bank from offset 0.
void load_module_data(const isa::Cubin& cubin, exec::Machine& machine);

// A .global variable's place in global memory.
struct GlobalVariable {
  uint64_t address = 0;
  uint64_t size = 0;
};
using GlobalVariables = std::map<std::string, GlobalVariable, std::less<>>;

// Allocates each .global section (256-byte aligned, as the driver's allocations), writes its initial bytes
// (zeros for .nv.global) and returns every variable's place.
Result<GlobalVariables> place_globals(const isa::Cubin& cubin, texunit::GpuMemory& memory);

// The function's code with the relocations of its MOV32I immediates patched: a variable's address (32@lo, 32@hi).
// A relocation of a symbol tmu run does not provide (the driver's descriptor size of ptxas's txq table lookups)
// is an error naming it.
Result<std::vector<std::byte>> relocated_code(const isa::CubinFunction& f, const GlobalVariables& variables);

}  // namespace tmu::run
