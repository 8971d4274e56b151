// SPDX-License-Identifier: MIT
// A `tmu sample` request as an IR shader (src/ir): each source a load_input, the one texture instruction on
// texture and sampler 0, its result stored to output slot 0. The interpreter (src/ir/interp) then runs it as NAK
// runs NIR on SM50: the NIR op's texture-unit request, operand conversions and result fix-ups are the IR's
// (src/ir/interp/tex_request.cpp), none of them are `tmu sample`'s.
#pragma once

#include <cstdint>

#include "ir/interp/interpreter.h"
#include "ir/shader.h"
#include "sample/spec.h"

namespace tmu::sample {

struct RequestShader {
  ir::Shader shader;
  // Source i is input slot i of every lane; lanes past the request's run as helper lanes of its last quad.
  ir::interp::Inputs inputs;
};

RequestShader request_shader(const RequestSpec& request);

// The output slot that holds the texture instruction's result.
inline constexpr uint32_t kResultSlot = 0;

}  // namespace tmu::sample
