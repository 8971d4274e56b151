// SPDX-License-Identifier: MIT
// sRGB decoding of 8-bit UNORM colour components (texture header S_R_G_B_CONVERSION, bit 150 of the
// blocklinear header; NVIDIA clb097tex.h). The hardware applies it to R, G and B, never A, before filtering
// (Direct3D and OpenGL: sRGB textures are linearised per texel, then filtered; EXT_texture_sRGB).
//
// The hardware decodes with a table (measured on an H200 through CUDA, tests/hw): srgb8_to_linear returns its
// entries, which have 8 significant bits and differ from the IEC 61966-2-1 transfer function
//     linear = c / 12.92                      if c <= 0.04045        (c = x / 255)
//     linear = ((c + 0.055) / 1.055) ^ 2.4    otherwise
// by up to 1.3 units of that precision; srgb8_to_linear_exact evaluates the curve in double and rounds once to
// fp32 (Policy::srgb selects which one sampling uses).
#pragma once

#include <cstdint>

namespace tmu::texunit {

// The linear value of an 8-bit sRGB code as NVIDIA's texture unit decodes it.
float srgb8_to_linear(uint8_t code);
// ... and from the sRGB curve.
float srgb8_to_linear_exact(uint8_t code);
// The curve's value for the code whose hardware decode is `decoded` (unchanged if no code decodes to it).
float srgb_exact_from_decoded(float decoded);

// The exponent (std::ilogb) that linear filtering aligns sRGB taps to when `decoded` is the largest of them: not
// the value's own exponent but that of the largest value in its code's group of eight (codes c & ~7 .. c | 7),
// so that codes 248-255 align as 1.0 does, 184-191 as 0.5 and 136-143 as 0.25 (tests/hw, format-linear: an H100
// filters 2D sRGB lookups whose largest tap is 0.9375-0.977 or 0.492-0.496 one bit coarser than an exponent
// from the value predicts; 1D ones, filter-srgb, do not reach those codes' groups apart). The value's own exponent
// for a value no code decodes to.
int srgb_filter_exponent(float decoded);

// The 8-bit sRGB code of a linear value (for encoders): NaN and values <= 0 give 0, values >= 1 give 255;
// otherwise s = 12.92 * v if v <= 0.0031308, else 1.055 * v^(1/2.4) - 0.055, computed in double, then
// round(s * 255), ties to even. For every code x, linear_to_srgb8(srgb8_to_linear_exact(x)) == x.
uint8_t linear_to_srgb8(float linear);

}  // namespace tmu::texunit
