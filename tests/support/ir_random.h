// SPDX-License-Identifier: MIT
// Random texture shaders for the IR's execution tests: one texture instruction (op x sampler dim x sources x
// flags) whose sources are loaded from input slots (per-pixel values, affine in the pixel position so that
// derivatives are meaningful) or constants, and whose result components are stored to output slots 0.. (the
// residency code last). The same case is written for Mesa's helper (tests/support/mesa_nir_helper) so that
// both lower the same shader.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "ir/interp/interpreter.h"
#include "ir/shader.h"

namespace tmu::test {

struct RandomSrc {
  ir::TexSrcType type = ir::TexSrcType::coord;
  unsigned components = 1;
  bool is_int = false;
  bool constant = false;
  std::vector<int32_t> values;  // constant sources
  unsigned slot = 0;            // input slot of a varying source
};

struct RandomCase {
  std::string name;
  ir::TexInstr tex;  // op, dim and flags; sources come from `srcs`
  std::vector<RandomSrc> srcs;
  std::string texture_json;  // {"texture": ..., "sampler": ...} bound at texture and sampler 0
  unsigned levels = 1, layers = 1, width = 1, height = 1, depth = 1;
  ir::interp::Inputs inputs;
};

// A random case of the given op and sampler dim (flags and sources drawn from rng).
RandomCase random_case(std::mt19937_64& rng, ir::TexOp op, ir::SamplerDim dim, bool array, bool shadow);
// Every (op, dim, array, shadow) combination NIR allows and tmu can run, each once with random sources.
std::vector<RandomCase> random_cases(uint64_t seed);

ir::Shader build_shader(const RandomCase& c);
// The case as tmu_mesa_nir reads it, with the given `option FIELD=VALUE` lines.
std::string mesa_case_text(const RandomCase& c, const std::vector<std::string>& options);

}  // namespace tmu::test
