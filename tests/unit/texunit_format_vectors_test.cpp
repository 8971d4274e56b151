// SPDX-License-Identifier: MIT
// Bit-exact decoding vectors for every decodable Maxwell texture layout and the data types that make sense on
// it. Expected values are worked out by hand (the comments show the arithmetic) and given as fp32 bit
// patterns; "x/255" means that quotient correctly rounded to fp32 (checked independently with exact rational
// arithmetic). Swizzle is the identity (R, G, B, A) unless said; absent components read 0.
#include <gtest/gtest.h>

#include "texunit_format_util.h"

namespace tmu::texunit::test {
namespace {

constexpr uint32_t kOne = 0x3f800000;       // 1.0f
constexpr uint32_t kMinusOne = 0xbf800000;  // -1.0f

Texel dec(const FormatPlan& p, const std::vector<std::byte>& block, unsigned texel = 0) {
  return decode_texel(p, block, texel);
}

TEST(FormatDecode, A8B8G8R8AllDataTypes) {
  // Bytes in memory R, G, B, A (R in bits 7:0).
  const auto b = bytes({0x00, 0x80, 0xff, 0x33});
  // 0/255, 128/255 = 0.50196081 (0x3f008081), 255/255, 51/255 = 0.2 -> 0x3e4ccccd
  EXPECT_TEXEL(dec(plan(0x08, UN), b), 0u, 0x3f008081u, kOne, 0x3e4ccccdu);
  // SNORM: 0x80 = -128 -> max(-128/127, -1) = -1; 0x81 = -127 -> -1; 0x7f -> 1; 0xc0 = -64 -> -64/127
  // (0xbf010204)
  EXPECT_TEXEL(dec(plan(0x08, SN), bytes({0x80, 0x81, 0x7f, 0xc0})), kMinusOne, kMinusOne, kOne, 0xbf010204u);
  // SINT sign-extends, UINT zero-extends.
  EXPECT_TEXEL(dec(plan(0x08, SI), bytes({0x80, 0x7f, 0xff, 0x01})), 0xffffff80u, 0x7fu, 0xffffffffu, 1u);
  EXPECT_TEXEL(dec(plan(0x08, UI), bytes({0x80, 0x7f, 0xff, 0x01})), 0x80u, 0x7fu, 0xffu, 1u);
  // UNORM_FORCE_FP16: 128/255 = 0.50196 -> fp16 has 10 fraction bits below 0.5's exponent: 0.50196*2048 =
  // 1028.02 -> 1028/2048 = 0.501953125 (0x3f008000); 1/255 = 0.0039216 -> 2^-8 * 1.00392 -> 1028/1024 * 2^-8
  // = 0x3b808000; 1.0; 0.
  EXPECT_TEXEL(dec(plan(0x08, UN16), bytes({0x80, 0x01, 0xff, 0x00})), 0x3f008000u, 0x3b808000u, kOne, 0u);
  // SNORM_FORCE_FP16: -1/127 = -0.0078740 = -2^-7 * 1.007874 -> -(1032/1024) * 2^-7 = 0xbc010000; -128 -> -1.
  EXPECT_TEXEL(dec(plan(0x08, SN16), bytes({0xff, 0x80, 0x7f, 0x00})), 0xbc010000u, kMinusOne, kOne, 0u);
  // Per-component types (NVK's R8SG8SB8UX8U_NORM): SNORM, SNORM, UNORM, UNORM.
  // 0xc0 -> -64/127; 0x40 -> 64/127 = 0x3f010204; 0x80 -> 128/255; 0xff -> 1.
  EXPECT_TEXEL(dec(plan(0x08, {SN, SN, UN, UN}), bytes({0xc0, 0x40, 0x80, 0xff})), 0xbf010204u, 0x3f010204u,
               0x3f008081u, kOne);
}

TEST(FormatDecode, X8B8G8R8HasNoAlpha) {
  // Byte 3 is X: not a component, so A reads 0 whatever it holds.
  EXPECT_TEXEL(dec(plan(0x07, UN), bytes({0xff, 0x00, 0x80, 0xaa})), kOne, 0u, 0x3f008081u, 0u);
}

TEST(FormatDecode, R32Layouts) {
  // FLOAT 32: bits pass through: 1.0, -0.0, a NaN with payload 1, the smallest denormal.
  const auto f = words({0x3f800000, 0x80000000, 0x7fc00001, 0x00000001});
  EXPECT_TEXEL(dec(plan(0x01, FL), f), kOne, 0x80000000u, 0x7fc00001u, 1u);
  EXPECT_TEXEL(dec(plan(0x01, UI), words({0xdeadbeef, 0, 1, 0xffffffff})), 0xdeadbeefu, 0u, 1u, 0xffffffffu);
  EXPECT_TEXEL(dec(plan(0x01, SI), words({0x80000000, 0x7fffffff, 1, 0xffffffff})), 0x80000000u, 0x7fffffffu,
               1u, 0xffffffffu);
  // UNORM 32: 0xffffffff -> 1; 2^31/(2^32-1) = 0.5 + 1.2e-10, nearer 0.5 than the next float -> 0x3f000000;
  // 1/(2^32-1) = 2^-32 (1 + 2^-32 + ...) -> 2^-32 = 0x2f800000; (2^32-2)/(2^32-1) = 1 - 2.3e-10 -> 1.0.
  EXPECT_TEXEL(dec(plan(0x01, UN), words({0xffffffff, 0x80000000, 1, 0xfffffffe})), kOne, 0x3f000000u,
               0x2f800000u, kOne);
  // SNORM 32: -2^31 and -2^31+1 -> -1; 2^31-1 -> 1; 1/(2^31-1) -> 2^-31 = 0x30000000.
  EXPECT_TEXEL(dec(plan(0x01, SN), words({0x80000000, 0x80000001, 0x7fffffff, 1})), kMinusOne, kMinusOne,
               kOne, 0x30000000u);
  // SNORM_FORCE_FP16 of -1/(2^31-1) = -4.7e-10, below fp16's smallest denormal 2^-24 (5.96e-8) by far: rounds
  // to zero, keeping the sign as IEEE rounding does (-0.0); +1/(2^31-1) gives +0.
  EXPECT_TEXEL(dec(plan(0x01, SN16), words({0xffffffff, 1, 0, 0x7fffffff})), 0x80000000u, 0u, 0u, kOne);
  // Three components (12 bytes): A absent.
  EXPECT_TEXEL(dec(plan(0x02, FL), words({0x3f800000, 0x40000000, 0x40400000})), kOne, 0x40000000u,
               0x40400000u, 0u);
  EXPECT_TEXEL(dec(plan(0x04, UI), words({7, 9})), 7u, 9u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x0f, FL), words({0xc0490fdb})), 0xc0490fdbu, 0u, 0u, 0u);  // -pi
  EXPECT_TEXEL(dec(plan(0x0f, SI), words({0x80000000})), 0x80000000u, 0u, 0u, 0u);
}

TEST(FormatDecode, R32B24G8) {
  // R: bytes 0-3; G: byte 4 (bits 39:32); B: bytes 5-7 (bits 63:40), little endian.
  const auto b = bytes({0x44, 0x33, 0x22, 0x11, 0x5a, 0x56, 0x34, 0x12});
  EXPECT_TEXEL(dec(plan(0x05, UI), b), 0x11223344u, 0x5au, 0x123456u, 0u);
  // B as UNORM 24: 0x123456 / (2^24 - 1) = 1193046 / 16777215 = 0.0711111 -> 0x3d91a2b1.
  EXPECT_TEXEL(dec(plan(0x05, {UI, UI, UN, UN}), b), 0x11223344u, 0x5au, 0x3d91a2b1u, 0u);
}

TEST(FormatDecode, R16Layouts) {
  // FLOAT 16: 0x3c00 = 1.0; 0xc000 = -2.0; 0x0001 = 2^-24 (smallest denormal) = 0x33800000;
  // 0x7bff = 65504 = 1.1111111111b * 2^15 -> 0x477fe000.
  EXPECT_TEXEL(dec(plan(0x03, FL), halves({0x3c00, 0xc000, 0x0001, 0x7bff})), kOne, 0xc0000000u, 0x33800000u,
               0x477fe000u);
  // +inf, -inf, the quiet NaN 0x7e00 (fraction 0x200 -> fp32 fraction 0x200 << 13 = 0x400000), -0.
  EXPECT_TEXEL(dec(plan(0x03, FL), halves({0x7c00, 0xfc00, 0x7e00, 0x8000})), 0x7f800000u, 0xff800000u,
               0x7fc00000u, 0x80000000u);
  // Largest denormal 0x03ff = 1023 * 2^-24 = 1.1111111110b * 2^-15 -> 0x387fc000; 0x0200 = 2^-15 =
  // 0x38000000; a NaN with payload 1 keeps it: 0x7c01 -> 0x7f800000 | 1 << 13.
  EXPECT_TEXEL(dec(plan(0x03, FL), halves({0x03ff, 0x0200, 0x7c01, 0x3555})), 0x387fc000u, 0x38000000u,
               0x7f802000u, 0x3eaaa000u);  // 0x3555: exponent 13, fraction 0x155 -> 0x3e800000 | 0x155 << 13
  // UNORM 16: 65535 -> 1; 32768/65535 = 0.50000763 -> 0x3f000080; 1/65535 = 1.5259022e-5 -> 0x37800080;
  // 0x1234/65535 = 4660/65535 = 0.07110704 -> 0x3d91a092.
  EXPECT_TEXEL(dec(plan(0x03, UN), halves({0xffff, 0x8000, 0x0001, 0x1234})), kOne, 0x3f000080u, 0x37800080u,
               0x3d91a092u);
  // SNORM 16: -32768 and -32767 -> -1; 0x4000 = 16384/32767 = 0.50001526 -> 0x3f000100; 32767 -> 1.
  EXPECT_TEXEL(dec(plan(0x03, SN), halves({0x8000, 0x8001, 0x4000, 0x7fff})), kMinusOne, kMinusOne,
               0x3f000100u, kOne);
  EXPECT_TEXEL(dec(plan(0x03, SI), halves({0x8000, 0x7fff, 0xffff, 0})), 0xffff8000u, 0x7fffu, 0xffffffffu,
               0u);
  // UNORM_FORCE_FP16 of 1/65535: 1.5259e-5 is below 2^-14, an fp16 denormal (step 2^-24): 256.004 steps ->
  // 256
  // * 2^-24 = 2^-16 = 0x37800000.
  EXPECT_TEXEL(dec(plan(0x1b, UN16), halves({0x0001})), 0x37800000u, 0u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x0c, FL), halves({0x3c00, 0xbc00})), kOne, kMinusOne, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x0c, UN), halves({0xffff, 0})), kOne, 0u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x1b, FL), halves({0xc000})), 0xc0000000u, 0u, 0u, 0u);
}

TEST(FormatDecode, A2B10G10R10) {
  // R in 9:0, G in 19:10, B in 29:20, A in 31:30. R = 1023, G = 512, B = 0, A = 2:
  // 0x3ff | 512 << 10 | 2 << 30 = 0x800803ff.
  const auto w = words({0x800803ff});
  // 1023/1023 = 1; 512/1023 = 0.50048876 -> 0x3f002008; 0; 2/3 -> 0x3f2aaaab.
  EXPECT_TEXEL(dec(plan(0x09, UN), w), kOne, 0x3f002008u, 0u, 0x3f2aaaabu);
  EXPECT_TEXEL(dec(plan(0x09, UI), w), 1023u, 512u, 0u, 2u);
  EXPECT_TEXEL(dec(plan(0x09, SI), w), 0xffffffffu, 0xfffffe00u, 0u, 0xfffffffeu);
  // SNORM: R = 0x200 (-512) -> -1, G = 0x201 (-511) -> -1, B = 0x100 (256) -> 256/511 = 0.50097847
  // (0x3f004020), A = 2 (-2): 2-bit SNORM is not clamped (NVK, nil_format.c) -> -2/1 = -2.0. 0x200 | 0x201 <<
  // 10 | 0x100 << 20 | 2 << 30 = 0x90080600.
  EXPECT_TEXEL(dec(plan(0x09, SN), words({0x90080600})), kMinusOne, kMinusOne, 0x3f004020u, 0xc0000000u);
  // A = 3 (-1) -> -1.0, A = 1 -> 1.0.
  EXPECT_EQ(dec(plan(0x09, SN), words({0xc0000000})).bits[3], kMinusOne);
  EXPECT_EQ(dec(plan(0x09, SN), words({0x40000000})).bits[3], kOne);
}

TEST(FormatDecode, StencilViewLayouts) {
  // G8R24: R in 23:0, G in 31:24.
  EXPECT_TEXEL(dec(plan(0x0d, UI), words({0x5a123456})), 0x123456u, 0x5au, 0u, 0u);
  // 0x123456/(2^24-1) -> 0x3d91a2b1; 0x5a/255 = 90/255 = 0.35294118 -> 0x3eb4b4b5.
  EXPECT_TEXEL(dec(plan(0x0d, UN), words({0x5a123456})), 0x3d91a2b1u, 0x3eb4b4b5u, 0u, 0u);
  // G24R8: R in 7:0, G in 31:8.
  EXPECT_TEXEL(dec(plan(0x0e, UI), words({0x1234565a})), 0x5au, 0x123456u, 0u, 0u);
}

TEST(FormatDecode, Packed16BitLayouts) {
  // A4B4G4R4, word 0x4321: R = 1, G = 2, B = 3, A = 4 -> 1/15 (0x3d888889), 2/15 (0x3e088889),
  // 3/15 = 0.2 (0x3e4ccccd), 4/15 (0x3e888889).
  EXPECT_TEXEL(dec(plan(0x12, UN), halves({0x4321})), 0x3d888889u, 0x3e088889u, 0x3e4ccccdu, 0x3e888889u);
  // A5B5G5R1: R bit 0, G 5:1, B 10:6, A 15:11. R = 1, G = 3, B = 5, A = 31:
  // 1 | 3 << 1 | 5 << 6 | 31 << 11 = 0xf947 -> 1.0, 3/31 (0x3dc6318c), 5/31 (0x3e25294a), 1.0.
  EXPECT_TEXEL(dec(plan(0x13, UN), halves({0xf947})), kOne, 0x3dc6318cu, 0x3e25294au, kOne);
  EXPECT_TEXEL(dec(plan(0x13, UI), halves({0x0001})), 1u, 0u, 0u, 0u);   // bit 0 is R
  EXPECT_TEXEL(dec(plan(0x13, UI), halves({0x0800})), 0u, 0u, 0u, 1u);   // bit 11 is A's lowest
  EXPECT_TEXEL(dec(plan(0x13, UI), halves({0x003e})), 0u, 31u, 0u, 0u);  // bits 5:1 are G
  // A1B5G5R5: R 4:0, G 9:5, B 14:10, A 15. R = 31, G = 0, B = 16, A = 1: 31 | 16 << 10 | 1 << 15 = 0xc01f
  // -> 1.0, 0, 16/31 (0x3f042108), 1.0.
  EXPECT_TEXEL(dec(plan(0x14, UN), halves({0xc01f})), kOne, 0u, 0x3f042108u, kOne);
  EXPECT_TEXEL(dec(plan(0x14, UI), halves({0x8000})), 0u, 0u, 0u, 1u);  // bit 15 is A
  // B5G6R5: R 4:0, G 10:5, B 15:11. 0x07e1: R = 1 -> 1/31 (0x3d042108), G = 63 -> 1, B = 0.
  EXPECT_TEXEL(dec(plan(0x15, UN), halves({0x07e1})), 0x3d042108u, kOne, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x15, UI), halves({0xf800})), 0u, 0u, 31u, 0u);
  // B6G5R5: R 4:0, G 9:5, B 15:10. B = 32: 0x8000 -> 32/63 = 0.50793651 (0x3f020821).
  EXPECT_TEXEL(dec(plan(0x16, UN), halves({0x8000})), 0u, 0u, 0x3f020821u, 0u);
  // NVK's R5SG5SB6U_NORM: SNORM, SNORM, UNORM. R = 0x10 (-16) -> -1, G = 0x0f -> 15/15 = 1, B = 63 -> 1:
  // 0x10 | 0x0f << 5 | 63 << 10 = 0xfdf0.
  EXPECT_TEXEL(dec(plan(0x16, {SN, SN, UN, UN}), halves({0xfdf0})), kMinusOne, kOne, kOne, 0u);
}

TEST(FormatDecode, EightBitLayouts) {
  // G8R8: R = byte 0, G = byte 1. 0x12/255 = 18/255 = 0.07058824 (0x3d909091); 128/255 (0x3f008081).
  EXPECT_TEXEL(dec(plan(0x18, UN), bytes({0x12, 0x80})), 0x3d909091u, 0x3f008081u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x18, SN), bytes({0x81, 0x7f})), kMinusOne, kOne, 0u, 0u);
  // R8: 64/255 = 0.25098041 (0x3e808081); SNORM -128 -> -1.0; SINT -128; UINT 128.
  EXPECT_TEXEL(dec(plan(0x1d, UN), bytes({0x40})), 0x3e808081u, 0u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x1d, SN), bytes({0x80})), kMinusOne, 0u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x1d, SI), bytes({0x80})), 0xffffff80u, 0u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x1d, UI), bytes({0x80})), 0x80u, 0u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x1c, UN), bytes({0x80})), 0x3f008081u, 0u, 0u, 0u);  // Y8_VIDEO, as R8
  // G4R4, byte 0x4f: R = 15 -> 1, G = 4 -> 4/15 (0x3e888889).
  EXPECT_TEXEL(dec(plan(0x1e, UN), bytes({0x4f})), kOne, 0x3e888889u, 0u, 0u);
}

TEST(FormatDecode, R1ReadsTheMostSignificantBitFirst) {
  // 0x35 = 0011 0101b: texels 0..7 (bit 7 - t) are 0, 0, 1, 1, 0, 1, 0, 1.
  const FormatPlan p = plan(0x1f, UN);
  const auto b = bytes({0x35});
  const uint32_t expected[8] = {0, 0, kOne, kOne, 0, kOne, 0, kOne};
  for (unsigned t = 0; t < 8; ++t)
    EXPECT_EQ(dec(p, b, t).bits[0], expected[t]) << "texel " << t;
}

TEST(FormatDecode, SharedExponent) {
  // value = mantissa * 2^(E - 15 - 9). R 8:0, G 17:9, B 26:18, E 31:27.
  // E = 15: R = 256 -> 256 * 2^-9 = 0.5; G = 1 -> 2^-9 (0x3b000000); B = 511 -> 511/512 = 0.998046875
  // (0x3f7f8000). 256 | 1 << 9 | 511 << 18 | 15 << 27 = 0x7ffc0300.
  const FormatPlan p = plan(0x20, FL);
  EXPECT_TEXEL(dec(p, words({0x7ffc0300})), 0x3f000000u, 0x3b000000u, 0x3f7f8000u, 0u);
  // E = 0: R = 1 -> 2^-24 (0x33800000), the smallest value; G = 511 -> 511 * 2^-24 = 1.11111111b * 2^-16
  // (0x37ff8000); B = 0. 1 | 511 << 9 = 0x3fe01.
  EXPECT_TEXEL(dec(p, words({0x0003fe01})), 0x33800000u, 0x37ff8000u, 0u, 0u);
  // All ones: 511 * 2^(31 - 24) = 65408 (0x477f8000), the largest value; no infinity or NaN exists.
  EXPECT_TEXEL(dec(p, words({0xffffffff})), 0x477f8000u, 0x477f8000u, 0x477f8000u, 0u);
  // Zero mantissas are zero whatever the exponent.
  EXPECT_TEXEL(dec(p, words({0xf8000000})), 0u, 0u, 0u, 0u);
}

TEST(FormatDecode, PackedFloats) {
  // BF10GF11RF11: R 10:0 and G 21:11 are e5m6, B 31:22 is e5m5, bias 15, no sign.
  const FormatPlan p = plan(0x21, FL);
  // R = 0x3c0 (e 15, m 0) = 1.0; G = 0x001 (denormal) = 1/64 * 2^-14 = 2^-20 (0x35800000); B = 0x3e0 (e 31,
  // m 0) = +inf. 0x3c0 | 0x001 << 11 | 0x3e0 << 22 = 0xf8000bc0.
  EXPECT_TEXEL(dec(p, words({0xf8000bc0})), kOne, 0x35800000u, 0x7f800000u, 0u);
  // R = 0x7bf (e 30, m 63) = (1 + 63/64) * 2^15 = 65024 (0x477e0000), the largest 11-bit value;
  // G = 0x7c1 (e 31, m 1): NaN, mantissa moved to the top of fp32's: 0x7f800000 | 1 << 17 = 0x7f820000;
  // B = 0x3df (e 30, m 31) = (1 + 31/32) * 2^15 = 64512 (0x477c0000). 0x7bf | 0x7c1 << 11 | 0x3df << 22.
  EXPECT_TEXEL(dec(p, words({0xf7fe0fbf})), 0x477e0000u, 0x7f820000u, 0x477c0000u, 0u);
  // R = 0x03f, the largest 11-bit denormal: 63/64 * 2^-14 = 1.11111b * 2^-15 (0x387c0000);
  // B = 0x001, the smallest 10-bit denormal: 1/32 * 2^-14 = 2^-19 (0x36000000). 0x03f | 1 << 22 = 0x40003f.
  EXPECT_TEXEL(dec(p, words({0x0040003f})), 0x387c0000u, 0u, 0x36000000u, 0u);
}

TEST(FormatDecode, VideoPairsShareRAndB) {
  // G8B8G8R8, bytes R, G0, B, G1 = 0x10, 0x20, 0x30, 0x40. 16/255 = 0x3d808081, 32/255 = 0x3e008081,
  // 48/255 = 0x3e40c0c1, 64/255 = 0x3e808081.
  const FormatPlan g = plan(0x22, UN);
  const auto b = bytes({0x10, 0x20, 0x30, 0x40});
  EXPECT_TEXEL(dec(g, b, 0), 0x3d808081u, 0x3e008081u, 0x3e40c0c1u, 0u);
  EXPECT_TEXEL(dec(g, b, 1), 0x3d808081u, 0x3e808081u, 0x3e40c0c1u, 0u);
  // B8G8R8G8, bytes G0, R, G1, B.
  const FormatPlan r = plan(0x23, UN);
  const auto c = bytes({0x20, 0x10, 0x40, 0x30});
  EXPECT_TEXEL(dec(r, c, 0), 0x3d808081u, 0x3e008081u, 0x3e40c0c1u, 0u);
  EXPECT_TEXEL(dec(r, c, 1), 0x3d808081u, 0x3e808081u, 0x3e40c0c1u, 0u);
}

TEST(FormatDecode, DepthLayouts) {
  // Z16: 32768/65535 -> 0x3f000080.
  EXPECT_TEXEL(dec(plan(0x3a, UN), halves({0x8000})), 0x3f000080u, 0u, 0u, 0u);
  // X8Z24: depth in 23:0, bits 31:24 ignored. 2^23/(2^24-1) = 0.5 + 2.98e-8 -> 0x3f000001 (one ULP above 0.5:
  // fp32's ULP at 0.5 is 5.96e-8, and 2.98e-8 is just above half of it).
  EXPECT_TEXEL(dec(plan(0x2a, UN), words({0xab800000})), 0x3f000001u, 0u, 0u, 0u);
  // Z24S8 (NVK: R UINT stencil, G UNORM depth): stencil in 7:0, depth in 31:8.
  EXPECT_TEXEL(dec(plan(0x29, {UI, UN, UI, UI}), words({0x80000012})), 0x12u, 0x3f000001u, 0u, 0u);
  // S8Z24 (NVK: R UNORM depth, G UINT stencil): depth in 23:0, stencil in 31:24.
  EXPECT_TEXEL(dec(plan(0x2b, {UN, UI, UI, UI}), words({0x12800000})), 0x3f000001u, 0x12u, 0u, 0u);
  // Depth extremes: 0xffffff -> 1.0; 1 -> 1/(2^24-1) = 2^-24 (1 + 2^-24 + ...) -> 0x33800001.
  EXPECT_TEXEL(dec(plan(0x2b, {UN, UI, UI, UI}), words({0xffffffff})), kOne, 0xffu, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x2b, {UN, UI, UI, UI}), words({0x00000001})), 0x33800001u, 0u, 0u, 0u);
  // ZF32: the float; ZF32_X24S8: the float, then stencil in byte 4, bytes 5-7 ignored.
  EXPECT_TEXEL(dec(plan(0x2f, FL), words({0x3f400000})), 0x3f400000u, 0u, 0u, 0u);
  EXPECT_TEXEL(dec(plan(0x30, {FL, UI, UI, UI}), bytes({0x00, 0x00, 0x40, 0x3f, 0x5a, 0xff, 0xff, 0xff})),
               0x3f400000u, 0x5au, 0u, 0u);
}

}  // namespace
}  // namespace tmu::texunit::test
