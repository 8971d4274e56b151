// SPDX-License-Identifier: MIT
// GLSL for the GL oracle. Every query runs on one 2x2 quad; the fragment shader gets its query and pixel from
// the vertex shader (varyings), reads the query's parameters from an RGBA32UI parameter texture (6 texels per
// query, see kParamSlots) and writes the result's bit pattern to an RGBA32UI colour buffer. Constant offsets
// and gather components are baked into the source, so queries that differ in them need different shaders
// ("variants").
#pragma once

#include <string>

#include "common/result.h"
#include "gl_oracle_types.h"

namespace tmu::test::gl {

// Parameter texels per query: 0-3 the coordinate of quad pixel 0-3 (floats, or ints for txf),
// 4 = (ddx.xyz, lod/bias or integer lod), 5 = (ddy.xyz, depth reference). Texel i of all queries is at
// (i % 4096, i / 4096).
inline constexpr int kParamSlots = 6;
inline constexpr int kParamWidth = 4096;

struct ShaderOptions {
  bool glsl450 = true;  // else #version 330 core plus extensions (softpipe)
};

// The vertex shader: quad slot u_first + gl_VertexID / 6 covers pixels [2x, 2x+2) x [2y, 2y+2) of a u_size
// framebuffer, x = slot % u_qw, y = slot / u_qw.
std::string vertex_shader(const ShaderOptions& o);
// The fragment shader that answers `q` (only its op, offsets and component matter) on texture `t`.
Result<std::string> fragment_shader(const Texture& t, const Sampler& s, const Query& q,
                                    const ShaderOptions& o);

}  // namespace tmu::test::gl
