// SPDX-License-Identifier: MIT
// The numeric conversions of the texture unit's format stage: a handful of functions, one per numeric type of
// the texture header's R/G/B/A_DATA_TYPE fields (NVIDIA clb097tex.h, NVB097_TEXHEAD_BL_*_DATA_TYPE), applied
// to a component of any width. Formats are built from these (formats.h); nothing here knows a format.
//
// Every result is defined exactly, so tests can compare bits:
//
// * UNORM n bits (1..32):  x / (2^n - 1), correctly rounded (round to nearest even) to fp32. The value is the
//   one Direct3D ("Data Conversion Rules", Fixed Point Integer Conversion) and Vulkan ("Conversion from
//   Normalized Fixed-Point to Floating-Point") define; NVIDIA documents nothing about its rounding, so
//   correct rounding is our definition. Computed in integers, never through double (for n > 24 a double
//   quotient rounded again to fp32 can be one ULP off).
// * SNORM n bits (2..32):  max(x / (2^(n-1) - 1), -1), correctly rounded, x the two's-complement value. The
//   most negative code and the one above it both give -1.0 (Direct3D "Data Conversion Rules", SNORM; Vulkan).
//   Exception, 2-bit components: Mesa's NVK driver reports that "the image/texture hardware doesn't clamp
//   2-bit SNORM alpha components to [-1, 1]" (src/nouveau/nil/nil_format.c, nil_format_supports_texturing),
//   so a 2-bit code 2 (-2) reads -2.0 here. The only 2-bit component Maxwell has is A2B10G10R10's alpha.
// * *_FORCE_FP16: the same exact value, correctly rounded to fp16 precision (11 significant bits, subnormals
//   below 2^-14) instead of fp32, then widened to fp32 exactly. NVIDIA does not say how the hardware rounds;
//   one rounding of the exact value is the only definition without double rounding. A negative value too
//   small for fp16 rounds to -0.0, as IEEE rounding does.
// * SINT / UINT: sign or zero extension of the field to the 32-bit register.
// * FLOAT 32: the bits as stored (NaN payloads, -0 and denormals kept; whether the texture unit flushes fp32
//   denormals on Maxwell is unknown, and is a later stage's choice).
// * FLOAT 16, 11, 10: IEEE binary16, and the unsigned 11- and 10-bit floats of BF10GF11RF11 (5-bit exponent,
//   bias 15, 6 or 5 mantissa bits, no sign; EXT_packed_float, also OpenGL 4.6 "Unsigned 11-Bit / 10-Bit
//   Floating-Point Numbers"). Exact in fp32: denormals are scaled, infinities stay infinite, a NaN keeps its
//   mantissa bits at the top of the fp32 mantissa.
// * Shared exponent (E5B9G9R9): mantissa * 2^(exponent - 15 - 9), no implicit 1 (EXT_texture_shared_exponent,
//   also OpenGL 4.6 "Shared Exponent Texture Color Conversion"). Exact in fp32.
//
// Encoders (for tests, procedural textures, render targets), the inverses:
// * UNORM/SNORM: clamp to [0, 1] / [-1, 1], NaN -> 0, then v * (2^n - 1) or v * (2^(n-1) - 1) rounded to the
//   nearest integer, ties to even, computed exactly (Direct3D and Vulkan ask for round to nearest; ties to
//   even is our choice). SNORM never writes the most negative code.
// * SINT/UINT: saturate to the field's range.
// * FLOAT 16: IEEE round to nearest even; overflow gives infinity, NaN stays NaN.
// * FLOAT 11/10 (EXT_packed_float): round to nearest even; negative values and -inf give 0, finite values
//   above the largest finite value give it (65024 for 11 bits, 64512 for 10), +inf stays +inf, NaN stays NaN.
// * Shared exponent: the EXT_texture_shared_exponent algorithm (it rounds half up, floor(x + 1/2), not to
//   even).
#pragma once

#include <array>
#include <cstdint>

namespace tmu::texunit {

// The precision a normalized value is rounded to.
enum class Precision : uint8_t { Fp32, Fp16 };

// Decoders. `field` holds the component's n bits (higher bits ignored).
float unorm_to_float(uint32_t field, unsigned bits, Precision p = Precision::Fp32);
float snorm_to_float(uint32_t field, unsigned bits, Precision p = Precision::Fp32);
uint32_t sint_to_register(uint32_t field, unsigned bits);  // sign extended, two's complement
uint32_t uint_to_register(uint32_t field, unsigned bits);  // zero extended
// FLOAT fields of 32, 16, 11 or 10 bits, as fp32 bits.
uint32_t float_field_to_fp32_bits(uint32_t field, unsigned bits);
float half_to_float(uint16_t half);
float shared_exponent_to_float(uint32_t mantissa9, uint32_t exponent5);

// Encoders. Results are the n-bit field (SNORM and SINT in two's complement, masked to n bits).
uint32_t float_to_unorm(float v, unsigned bits);
uint32_t float_to_snorm(float v, unsigned bits);
uint32_t int_to_sint_field(int32_t v, unsigned bits);
uint32_t uint_to_uint_field(uint32_t v, unsigned bits);
// FLOAT fields of 32, 16, 11 or 10 bits, from fp32 bits.
uint32_t fp32_bits_to_float_field(uint32_t fp32_bits, unsigned bits);
uint16_t float_to_half(float v);
// The three 9-bit mantissas and the 5-bit exponent, as {r, g, b, e}.
std::array<uint32_t, 4> encode_shared_exponent(float r, float g, float b);

// The exact rational num / den (den > 0), correctly rounded to fp32 or to fp16 precision, with the sign
// given. The primitive under the UNORM and SNORM decoders; exposed for tests and for later fixed-point
// stages.
float round_rational(bool negative, uint64_t num, uint64_t den, Precision p);

}  // namespace tmu::texunit
