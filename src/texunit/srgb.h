// SPDX-License-Identifier: MIT
// sRGB decoding of 8-bit UNORM colour components (texture header S_R_G_B_CONVERSION, bit 150 of the
// blocklinear header; NVIDIA clb097tex.h). The hardware applies it to R, G and B, never A, before filtering
// (Direct3D and OpenGL: sRGB textures are linearised per texel, then filtered; EXT_texture_sRGB).
//
// The function is the IEC 61966-2-1 transfer function, with c = x / 255:
//     linear = c / 12.92                      if c <= 0.04045
//     linear = ((c + 0.055) / 1.055) ^ 2.4    otherwise
// evaluated in double precision (std::pow) and rounded once to fp32 (round to nearest even). NVIDIA's
// hardware uses a table whose exact entries are not public; this is the reference choice, and a precision
// policy may substitute another table later. APIs allow some tolerance here, so hardware results may differ
// from these in the last fp32 bits.
#pragma once

#include <cstdint>

namespace tmu::texunit {

// The linear value of an 8-bit sRGB code.
float srgb8_to_linear(uint8_t code);

// The 8-bit sRGB code of a linear value (for encoders): NaN and values <= 0 give 0, values >= 1 give 255;
// otherwise s = 12.92 * v if v <= 0.0031308, else 1.055 * v^(1/2.4) - 0.055, computed in double, then
// round(s * 255), ties to even. For every code x, linear_to_srgb8(srgb8_to_linear(x)) == x.
uint8_t linear_to_srgb8(float linear);

}  // namespace tmu::texunit
