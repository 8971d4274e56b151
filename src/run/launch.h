// SPDX-License-Identifier: MIT
// A compute launch of one kernel of a cubin on the warp executor, as the CUDA driver sets it up for sm_50/52:
// constant bank 0 (block and grid sizes, the stack pointer, the parameters, texture indices of texture
// references), global buffers and textures in one GPU memory, blocks one after another, each block's warps of 32
// threads in thread order, shared memory per block and local memory per thread. docs/run.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"
#include "isa/cubin.h"
#include "run/launch_spec.h"

namespace tmu::run {

struct BufferResult {
  std::string name;
  uint64_t address = 0;
  std::vector<std::byte> bytes;  // after the launch
};

struct LaunchResult {
  std::string kernel;
  uint64_t instructions = 0;        // warp instructions, all warps
  uint64_t warps = 0;
  std::vector<std::string> hazards; // control-word hazards the executor reported (first of each kind)
  std::vector<std::string> uninitialised;  // with LaunchSpec::poison: registers read before any write
  std::vector<BufferResult> buffers;
  std::vector<BufferResult> variables;  // the module's .global variables, by name
  std::vector<BufferResult> textures;   // the textures `outputs` names: level view_min of each layer, linear
};

// Runs the launch. A bad launch (no such kernel, a missing binding, parameters that do not match, a fault, an
// exhausted instruction budget) is an error naming the kernel and, for faults, the block, thread and address.
Result<LaunchResult> launch(const isa::Cubin& cubin, const LaunchSpec& spec);

}  // namespace tmu::run
