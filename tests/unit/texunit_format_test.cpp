// SPDX-License-Identifier: MIT
// The format module: the layout table against clb097tex.h, plan checks, swizzles, sRGB, encoder rounding, and
// encode/decode round trips over every layout and data type. Per-layout decoding vectors are in
// texunit_format_vectors_test.cpp.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <set>

#include "texunit/numeric.h"
#include "texunit/srgb.h"
#include "texunit_format_util.h"

namespace tmu::texunit::test {
namespace {

uint32_t bits(float f) {
  return std::bit_cast<uint32_t>(f);
}

// ---- the table ----

TEST(FormatTable, CodesAndNamesFollowClb097) {
  // NVB097_TEXHEAD_BL_COMPONENTS_SIZES_*: a sample of codes, every kind.
  const std::pair<uint32_t, std::string_view> expected[] = {{0x01, "R32_G32_B32_A32"},
                                                            {0x05, "R32_B24G8"},
                                                            {0x08, "A8B8G8R8"},
                                                            {0x09, "A2B10G10R10"},
                                                            {0x0d, "G8R24"},
                                                            {0x12, "A4B4G4R4"},
                                                            {0x13, "A5B5G5R1"},
                                                            {0x14, "A1B5G5R5"},
                                                            {0x15, "B5G6R5"},
                                                            {0x16, "B6G5R5"},
                                                            {0x1f, "R1"},
                                                            {0x20, "E5B9G9R9_SHAREDEXP"},
                                                            {0x21, "BF10GF11RF11"},
                                                            {0x22, "G8B8G8R8"},
                                                            {0x23, "B8G8R8G8"},
                                                            {0x24, "DXT1"},
                                                            {0x29, "Z24S8"},
                                                            {0x2a, "X8Z24"},
                                                            {0x2b, "S8Z24"},
                                                            {0x2f, "ZF32"},
                                                            {0x30, "ZF32_X24S8"},
                                                            {0x3a, "Z16"},
                                                            {0x3e, "ZF32_X16V8S8__COV8R24V"},
                                                            {0x40, "ASTC_2D_4X4"},
                                                            {0x57, "ASTC_2D_10X6"}};
  for (const auto& [code, name] : expected) {
    const LayoutInfo* l = find_layout(code);
    ASSERT_NE(l, nullptr) << code;
    EXPECT_EQ(l->name, name);
    EXPECT_EQ(l->code, code);
  }
  // 0x01..0x3e are all defined, then 14 ASTC codes.
  EXPECT_EQ(all_layouts().size(), 62u + 14u);
  for (uint32_t code : {0x00u, 0x3fu, 0x43u, 0x47u, 0x4fu, 0x58u, 0x7fu, 0x80u, 0xffffffffu})
    EXPECT_EQ(find_layout(code), nullptr) << code;
}

TEST(FormatTable, BlockSizes) {
  const std::pair<uint32_t, unsigned> bytes_per_block[] = {
      {0x01, 16}, {0x02, 12}, {0x03, 8}, {0x04, 8}, {0x05, 8}, {0x07, 4}, {0x08, 4}, {0x09, 4},  {0x0c, 4},
      {0x0d, 4},  {0x0e, 4},  {0x0f, 4}, {0x12, 2}, {0x13, 2}, {0x14, 2}, {0x15, 2}, {0x16, 2},  {0x18, 2},
      {0x1b, 2},  {0x1c, 1},  {0x1d, 1}, {0x1e, 1}, {0x1f, 1}, {0x20, 4}, {0x21, 4}, {0x22, 4},  {0x23, 4},
      {0x29, 4},  {0x2a, 4},  {0x2b, 4}, {0x2f, 4}, {0x30, 8}, {0x3a, 2}, {0x24, 8}, {0x26, 16}, {0x46, 16}};
  for (const auto& [code, size] : bytes_per_block)
    EXPECT_EQ(find_layout(code)->block_bytes, size) << code;
  EXPECT_EQ(find_layout(0x1f)->block_width, 8);  // R1: eight texels a byte
  EXPECT_EQ(find_layout(0x22)->block_width, 2);
  EXPECT_EQ(find_layout(0x54)->block_width, 12);  // ASTC 12x10
  EXPECT_EQ(find_layout(0x54)->block_height, 10);
}

TEST(FormatTable, CompressedAndCsaaLayoutsAreRecognisedButRefused) {
  unsigned compressed = 0;
  for (const LayoutInfo& l : all_layouts()) {
    if (decodable(l)) continue;
    const std::string why = refusal({l.code, all(UN), kRGBA, false});
    EXPECT_NE(why.find(l.name), std::string::npos) << why;
    EXPECT_NE(why.find("not supported"), std::string::npos) << why;
    if (l.kind == LayoutKind::Compressed) {
      ++compressed;
      EXPECT_NE(why.find("block-compressed"), std::string::npos) << why;
    }
  }
  // DXT1/23/45, DXN1/2, BC6H x2, BC7U, ETC2 x3, EAC x2, 14 ASTC.
  EXPECT_EQ(compressed, 5u + 3u + 3u + 2u + 14u);
  EXPECT_EQ(refusal({0x24, all(UN), kRGBA, false}),
            "COMPONENTS 0x24 (DXT1) is a block-compressed layout: not supported");
}

// ---- plans ----

TEST(FormatPlan, RefusesUndefinedCodesAndImpossibleTypes) {
  EXPECT_EQ(refusal({0x00, all(UN), kRGBA, false}), "COMPONENTS 0x00 is not a Maxwell texture layout");
  EXPECT_EQ(refusal({0x1d, {DataType{0}, UN, UN, UN}, kRGBA, false}), "R8: R_DATA_TYPE 0 is not a data type");
  EXPECT_NE(refusal({0x1d, all(FL), kRGBA, false}).find("FLOAT needs 16 or 32 bits"), std::string::npos);
  EXPECT_NE(refusal({0x09, all(FL), kRGBA, false}).find("no 10-bit float"), std::string::npos);
  EXPECT_NE(refusal({0x1f, all(SN), kRGBA, false}).find("1-bit field cannot be signed"), std::string::npos);
  EXPECT_NE(refusal({0x20, all(UN), kRGBA, false}).find("must be FLOAT"), std::string::npos);
  EXPECT_NE(refusal({0x21, all(UI), kRGBA, false}).find("must be FLOAT"), std::string::npos);
  EXPECT_EQ(refusal({0x08, all(UN), {Source::R, Source{1}, Source::B, Source::A}, false}),
            "Y_SOURCE 1 is not a component source");
  // Components the layout lacks may carry any type code, even undefined ones.
  EXPECT_TRUE(FormatPlan::make({0x1d, {UN, DataType{0}, DataType{0}, DataType{0}}, kRGBA, false}).ok());
}

TEST(FormatPlan, IntegerLanesFollowTheSwizzle) {
  const FormatPlan p = plan(0x08, {UI, UN, UI, UN}, {Source::A, Source::R, Source::OneInt, Source::Zero});
  EXPECT_FALSE(p.lane_is_integer(0));  // A is UNORM
  EXPECT_TRUE(p.lane_is_integer(1));   // R is UINT
  EXPECT_TRUE(p.lane_is_integer(2));   // ONE_INT
  EXPECT_FALSE(p.lane_is_integer(3));  // ZERO
}

// ---- swizzle ----

TEST(FormatSwizzle, RoutesComponentsAndConstants) {
  const auto b = bytes({0x00, 0x80, 0xff, 0x33});  // R 0, G 128/255, B 1.0, A 0.2
  EXPECT_TEXEL(decode_texel(plan(0x08, all(UN), {Source::B, Source::G, Source::R, Source::A}), b),
               0x3f800000u, 0x3f008081u, 0u, 0x3e4ccccdu);
  // ZERO -> 0, ONE_INT -> integer 1, ONE_FLOAT -> 1.0f, and a component read twice.
  EXPECT_TEXEL(
      decode_texel(plan(0x08, all(UN), {Source::Zero, Source::OneInt, Source::OneFloat, Source::B}), b), 0u,
      1u, 0x3f800000u, 0x3f800000u);
  // A component the layout lacks reads 0 (R8's A).
  EXPECT_TEXEL(decode_texel(plan(0x1d, all(UN), {Source::R, Source::R, Source::R, Source::A}), bytes({0xff})),
               0x3f800000u, 0x3f800000u, 0x3f800000u, 0u);
  // NVK's depth view of Z24S8: (G, ZERO, ZERO, ONE_FLOAT).
  EXPECT_TEXEL(
      decode_texel(plan(0x29, {UI, UN, UI, UI}, {Source::G, Source::Zero, Source::Zero, Source::OneFloat}),
                   words({0xffffff00})),
      0x3f800000u, 0u, 0u, 0x3f800000u);
  // decode_components is the unswizzled view.
  EXPECT_TEXEL(decode_components(plan(0x08, all(UN), {Source::A, Source::A, Source::A, Source::A}), b), 0u,
               0x3f008081u, 0x3f800000u, 0x3e4ccccdu);
}

// ---- sRGB ----

TEST(FormatSrgb, ExactCurveEndpointsAndMidpoints) {
  // c = x/255; c <= 0.04045: c / 12.92, else ((c + 0.055) / 1.055)^2.4; rounded to fp32.
  EXPECT_EQ(bits(srgb8_to_linear_exact(0)), 0u);
  EXPECT_EQ(bits(srgb8_to_linear_exact(255)), 0x3f800000u);
  // 1/255/12.92 = 1/3294.6 = 3.0352698e-4 -> 0x399f22b4
  EXPECT_EQ(bits(srgb8_to_linear_exact(1)), 0x399f22b4u);
  // 10: c = 0.0392157 <= 0.04045, the last code on the linear segment: 10/3294.6 = 0.0030352698 -> 0x3b46eb61
  EXPECT_EQ(bits(srgb8_to_linear_exact(10)), 0x3b46eb61u);
  // 11: c = 0.0431373, first on the power segment: ((0.0431373 + 0.055)/1.055)^2.4 = 0.0930212^2.4 =
  // 0.0033465358 -> 0x3b5b518e
  EXPECT_EQ(bits(srgb8_to_linear_exact(11)), 0x3b5b518eu);
  // 64: (0.3034902 / 1.055)^2.4 = 0.2876684^2.4 = 0.0512694584 -> 0x3d51ffec
  EXPECT_EQ(bits(srgb8_to_linear_exact(64)), 0x3d51ffecu);
  // 128: (0.5569608 / 1.055)^2.4 = 0.5279249^2.4 = 0.2158605001 -> 0x3e5d0a89
  EXPECT_EQ(bits(srgb8_to_linear_exact(128)), 0x3e5d0a89u);
  // 188: (0.7922549 / 1.055)^2.4 = 0.7509525^2.4 = 0.5028864580 -> 0x3f00bd2b
  EXPECT_EQ(bits(srgb8_to_linear_exact(188)), 0x3f00bd2bu);
  // 254: (1.0510784 / 1.055)^2.4 = 0.9962828^2.4 = 0.9911020971 -> 0x3f7db8de
  EXPECT_EQ(bits(srgb8_to_linear_exact(254)), 0x3f7db8deu);
}

TEST(FormatSrgb, HardwareTable) {
  // The H200's decode (tests/hw srgb-table): 8 significant bits, within 1.3 of their units of the curve,
  // strictly increasing, and every entry names its code again (srgb_exact_from_decoded).
  for (unsigned x = 0; x < 256; ++x) {
    const float v = srgb8_to_linear(static_cast<uint8_t>(x)), e = srgb8_to_linear_exact(static_cast<uint8_t>(x));
    EXPECT_EQ(bits(v) & 0xffffu, 0u) << x;
    if (x > 0) {
      EXPECT_LT(srgb8_to_linear(static_cast<uint8_t>(x - 1)), v) << x;
      const double unit = std::ldexp(1.0, std::ilogb(e) - 7);
      EXPECT_LE(std::fabs(double(v) - double(e)), 1.31 * unit) << x;
    }
    EXPECT_EQ(bits(srgb_exact_from_decoded(v)), bits(e)) << x;
  }
  // The linear segment: 20/65536 per code (codes 1 to 12).
  EXPECT_EQ(srgb8_to_linear(1), 20.0f / 65536);
  EXPECT_EQ(srgb8_to_linear(12), 240.0f / 65536);
  // Not a table value: unchanged.
  EXPECT_EQ(srgb_exact_from_decoded(0.3f), 0.3f);
}

TEST(FormatSrgb, AppliesToEightBitUnormRgbOnly) {
  // A8B8G8R8 with S_R_G_B_CONVERSION: R, G, B through the hardware's table (codes 10 and 128 read 0x3b480000
  // and 0x3e5d0000 on the H200), A linear (128/255 = 0x3f008081).
  const FormatPlan p = plan(0x08, all(UN), kRGBA, true);
  EXPECT_TEXEL(decode_texel(p, bytes({10, 128, 255, 128})), 0x3b480000u, 0x3e5d0000u, 0x3f800000u,
               0x3f008081u);
  EXPECT_TRUE(p.srgb_applies(0) && p.srgb_applies(1) && p.srgb_applies(2));
  EXPECT_FALSE(p.srgb_applies(3));
  // Not SNORM, not 16-bit or 4-bit UNORM, not integers.
  EXPECT_TEXEL(decode_texel(plan(0x08, {SN, UI, UN16, UN}, kRGBA, true), bytes({0x7f, 0x80, 0x80, 0})),
               0x3f800000u, 0x80u, 0x3f008000u, 0u);
  EXPECT_TEXEL(decode_texel(plan(0x1b, all(UN), kRGBA, true), halves({0x8000})), 0x3f000080u, 0u, 0u, 0u);
  EXPECT_TEXEL(decode_texel(plan(0x12, all(UN), kRGBA, true), halves({0x000f})), 0x3f800000u, 0u, 0u, 0u);
  EXPECT_FALSE(plan(0x12, all(UN), kRGBA, true).srgb_applies(0));
}

TEST(FormatSrgb, CurveIsMonotonicAndEncodesBack) {
  for (unsigned x = 0; x < 256; ++x) {
    const float v = srgb8_to_linear(static_cast<uint8_t>(x));
    if (x > 0) {
      EXPECT_LT(srgb8_to_linear(static_cast<uint8_t>(x - 1)), v) << x;
    }
    EXPECT_EQ(linear_to_srgb8(v), x);
  }
  EXPECT_EQ(linear_to_srgb8(-1.0f), 0);
  EXPECT_EQ(linear_to_srgb8(std::numeric_limits<float>::quiet_NaN()), 0);
  EXPECT_EQ(linear_to_srgb8(2.0f), 255);
}

// ---- encoders ----

// Decoding a normalized field is code / max rounded to the nearest fp32 (ties to even; fp16's 11 bits for the
// ForceFp16 types): checked for every code of every width up to 16 bits (and samples of 24) with exact double
// products, the rounded value's distance to the quotient against its two neighbours'.
void expect_nearest(float r, uint64_t num, uint64_t den, bool fp16, const char* what) {
  const double q = static_cast<double>(num);
  auto dist = [&](double v) { return std::fabs(v * static_cast<double>(den) - q); };  // exact: 24 x 24 bits
  const int e = std::ilogb(r);
  const double ulp = std::ldexp(1.0, std::max(e, fp16 ? -14 : -126) - (fp16 ? 10 : 23));
  const double d = dist(r), lo = dist(r - ulp), hi = dist(r + ulp);
  ASSERT_TRUE(d < lo || (d == lo && std::fmod(r / ulp, 2.0) == 0)) << what << " " << num << "/" << den;
  ASSERT_TRUE(d < hi || (d == hi && std::fmod(r / ulp, 2.0) == 0)) << what << " " << num << "/" << den;
}

TEST(FormatDecode, NormalizedIsTheNearestFloat) {
  for (unsigned n : {1u, 2u, 4u, 5u, 6u, 8u, 10u, 11u, 16u, 24u}) {
    const uint64_t max = (uint64_t{1} << n) - 1, smax = (uint64_t{1} << (n - 1)) - 1;
    const uint64_t step = n == 24 ? 4099 : 1;
    for (uint64_t code = 1; code <= max; code += step) {
      for (const bool fp16 : {false, true}) {
        const Precision p = fp16 ? Precision::Fp16 : Precision::Fp32;
        expect_nearest(unorm_to_float(static_cast<uint32_t>(code), n, p), code, max, fp16, "unorm");
        if (n > 2 && code <= smax) {
          expect_nearest(snorm_to_float(static_cast<uint32_t>(code), n, p), code, smax, fp16, "snorm");
          EXPECT_EQ(snorm_to_float(static_cast<uint32_t>((uint64_t{1} << n) - code), n, p),
                    -snorm_to_float(static_cast<uint32_t>(code), n, p));
        }
      }
    }
    EXPECT_EQ(unorm_to_float(0, n), 0.0f);
    EXPECT_EQ(unorm_to_float(static_cast<uint32_t>(max), n), 1.0f);
  }
}

TEST(FormatEncode, NormalizedRoundsToNearestEven) {
  EXPECT_EQ(float_to_unorm(0.5f, 8), 128u);            // 0.5 * 255 = 127.5, a tie -> even 128
  EXPECT_EQ(float_to_unorm(0.5f, 4), 8u);              // 7.5 -> 8
  EXPECT_EQ(float_to_unorm(0.5f, 2), 2u);              // 1.5 -> 2
  EXPECT_EQ(float_to_unorm(0.5f, 1), 0u);              // 0.5 -> 0
  EXPECT_EQ(float_to_unorm(0x1.000002p-1f, 1), 1u);    // just above the tie
  EXPECT_EQ(float_to_unorm(0x1p-32f, 32), 1u);         // 2^-32 * (2^32 - 1) = 1 - 2^-32 -> 1
  EXPECT_EQ(float_to_unorm(0.999f, 32), 4290672383u);  // 16760439 * 2^-24 * 4294967295 = 4290672383.001
  EXPECT_EQ(float_to_unorm(-0.0f, 8), 0u);
  EXPECT_EQ(float_to_unorm(std::numeric_limits<float>::quiet_NaN(), 8), 0u);
  EXPECT_EQ(float_to_unorm(std::numeric_limits<float>::infinity(), 16), 0xffffu);
  EXPECT_EQ(float_to_snorm(0.5f, 8), 64u);     // 63.5 -> 64
  EXPECT_EQ(float_to_snorm(-0.5f, 8), 0xc0u);  // -64
  EXPECT_EQ(float_to_snorm(-1.0f, 8), 0x81u);  // -127: the most negative code is never written
  EXPECT_EQ(float_to_snorm(-7.0f, 8), 0x81u);
  EXPECT_EQ(float_to_snorm(-1.0f, 2), 3u);  // -1 in 2 bits
  EXPECT_EQ(float_to_snorm(std::numeric_limits<float>::quiet_NaN(), 16), 0u);
  EXPECT_EQ(int_to_sint_field(-200, 8), 0x80u);  // saturates to -128
  EXPECT_EQ(int_to_sint_field(-2, 10), 0x3feu);
  EXPECT_EQ(uint_to_uint_field(300, 8), 0xffu);
}

TEST(FormatEncode, HalfAndSmallFloats) {
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(-2.0f), 0xc000);
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);
  EXPECT_EQ(float_to_half(65519.996f), 0x7bff);  // below the midpoint 65520
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);    // the midpoint rounds to even: infinity
  EXPECT_EQ(float_to_half(0x1p-25f), 0x0000);    // half of the smallest denormal: tie to even, 0
  EXPECT_EQ(float_to_half(0x1.8p-25f), 0x0001);  // 0.75 of it -> 1
  EXPECT_EQ(float_to_half(0x1.002p0f), 0x3c00);  // 1 + 2^-11, a tie -> even
  EXPECT_EQ(float_to_half(0x1.006p0f), 0x3c02);  // 1 + 3 * 2^-11, a tie -> even 0x3c02
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
  EXPECT_EQ(float_to_half(std::bit_cast<float>(0x7fc00000u)), 0x7e00);
  EXPECT_EQ(float_to_half(std::bit_cast<float>(0x7f800001u)), 0x7e00);  // payload below fp16's: a quiet NaN
  // 11-bit unsigned float (EXT_packed_float).
  EXPECT_EQ(fp32_bits_to_float_field(bits(1.0f), 11), 0x3c0u);
  EXPECT_EQ(fp32_bits_to_float_field(bits(0x1p-20f), 11), 0x001u);
  EXPECT_EQ(fp32_bits_to_float_field(bits(70000.0f), 11), 0x7bfu);  // saturates to 65024
  EXPECT_EQ(fp32_bits_to_float_field(bits(-1.0f), 11), 0u);
  EXPECT_EQ(fp32_bits_to_float_field(bits(-std::numeric_limits<float>::infinity()), 11), 0u);
  EXPECT_EQ(fp32_bits_to_float_field(bits(std::numeric_limits<float>::infinity()), 11), 0x7c0u);
  EXPECT_EQ(fp32_bits_to_float_field(0xffc00000u, 11), 0x7e0u);     // -NaN -> NaN
  EXPECT_EQ(fp32_bits_to_float_field(bits(70000.0f), 10), 0x3dfu);  // 64512
}

TEST(FormatEncode, SharedExponent) {
  using A = std::array<uint32_t, 4>;
  // max = 1: exp' = floor(log2 1) + 1 + 15 = 16; 1 / 2^(16-24) + 0.5 = 256.5 -> 256 < 512, so E = 16.
  EXPECT_EQ(encode_shared_exponent(1.0f, 0.5f, 0.25f), (A{256, 128, 64, 16}));
  // max = 1 - 2^-11: floor(log2) = -1, exp' = 15; 511.75 + 0.5 -> 512 = 2^N, so E = 16 and R = 255.875 + 0.5
  // -> 256.
  EXPECT_EQ(encode_shared_exponent(0x1.ffcp-1f, 0.0f, 0.0f), (A{256, 0, 0, 16}));
  EXPECT_EQ(encode_shared_exponent(0.0f, 0.0f, 0.0f), (A{0, 0, 0, 0}));
  // Clamped to [0, 65408], NaN -> 0.
  EXPECT_EQ(encode_shared_exponent(1e10f, -1.0f, std::numeric_limits<float>::quiet_NaN()),
            (A{511, 0, 0, 31}));
  // Tiny values use the smallest exponent: 2^-24 -> mantissa 1, E = 0.
  EXPECT_EQ(encode_shared_exponent(0x1p-24f, 0.0f, 0x1p-26f), (A{1, 0, 0, 0}));
}

TEST(FormatEncode, WritesOnlyTheTexelsFields) {
  // G8B8G8R8: encoding texel 1 leaves texel 0's G alone; X8B8G8R8 leaves byte 3 alone.
  auto block = bytes({0x00, 0x11, 0x00, 0x00});
  encode_texel(plan(0x22, UN), Texel::from_floats(1.0f, 1.0f, 0.0f, 0.0f), block, 1);
  EXPECT_EQ(block, bytes({0xff, 0x11, 0x00, 0xff}));
  block = bytes({0, 0, 0, 0xaa});
  encode_texel(plan(0x07, UN), Texel::from_floats(1.0f, 0.5f, 0.0f, 1.0f), block);
  EXPECT_EQ(block, bytes({0xff, 0x80, 0x00, 0xaa}));
  // R1: texel 3 is bit 4.
  block = bytes({0x01});
  encode_texel(plan(0x1f, UN), Texel::from_floats(1.0f, 0, 0, 0), block, 3);
  EXPECT_EQ(block, bytes({0x11}));
  // Depth-stencil: S8Z24 from (depth 0.5, stencil 0x12): 0.5 * (2^24 - 1) = 8388607.5 -> even 8388608.
  block = bytes({0, 0, 0, 0});
  encode_texel(plan(0x2b, {UN, UI, UI, UI}), Texel{{bits(0.5f), 0x12, 0, 0}}, block);
  EXPECT_EQ(block, words({0x12800000}));
}

// ---- round trips ----

// A field's n-bit value as encoding it back must give: the same bits, except SNORM's most negative code,
// which decodes to -1 (2-bit: -2) and encodes as the code above it.
uint32_t canonical(DataType t, uint32_t field, unsigned width) {
  const bool snorm = t == SN || t == SN16;
  return snorm && field == (1u << (width - 1)) ? field + 1 : field;
}

// Whether decoding is injective, so encode(decode(x)) must give x back (up to canonical()).
bool injective(const LayoutInfo& l, DataType t, unsigned width) {
  if (l.kind == LayoutKind::SharedExponent) return false;
  if (t == UN || t == SN) return width <= 24;
  if (t == UN16 || t == SN16) return width <= 10;
  return true;
}

// Field access for the round trip (independent of the codec: plain bit arithmetic on the byte string).
uint32_t get_field(const std::vector<std::byte>& block, unsigned lo, unsigned width) {
  uint64_t v = 0;
  for (unsigned i = 0; i < width; ++i)
    v |= uint64_t{(std::to_integer<unsigned>(block[(lo + i) / 8]) >> ((lo + i) % 8)) & 1u} << i;
  return static_cast<uint32_t>(v);
}
void set_field(std::vector<std::byte>& block, unsigned lo, unsigned width, uint32_t value) {
  for (unsigned i = 0; i < width; ++i) {
    const auto bit = static_cast<std::byte>(1u << ((lo + i) % 8));
    block[(lo + i) / 8] = ((value >> i) & 1u) ? (block[(lo + i) / 8] | bit) : (block[(lo + i) / 8] & ~bit);
  }
}

TEST(FormatRoundTrip, EveryLayoutAndDataType) {
  std::mt19937 rng(12345);
  unsigned plans = 0;
  for (const LayoutInfo& l : all_layouts()) {
    if (!decodable(l)) continue;
    for (uint8_t code = 1; code <= 7; ++code) {
      const DataType t{code};
      Result<FormatPlan> r = FormatPlan::make({l.code, all(t), kRGBA, false});
      if (!r.ok()) continue;
      ++plans;
      const FormatPlan& p = *r;
      for (int iteration = 0; iteration < 300; ++iteration) {
        std::vector<std::byte> x(l.block_bytes);
        for (auto& b : x)
          b = static_cast<std::byte>(rng() & 0xff);
        const unsigned texel = static_cast<unsigned>(rng() % l.block_width);
        std::vector<std::byte> y(l.block_bytes);
        encode_texel(p, decode_components(p, x, texel), y, texel);
        std::vector<std::byte> x_canonical = x;
        for (unsigned c = 0; c < 4; ++c) {
          const Field& f = l.fields[c];
          if (!f.present()) continue;
          const auto lo = static_cast<unsigned>(f.offset + static_cast<int>(texel) * f.step);
          const uint32_t expected = canonical(t, get_field(x, lo, f.width), f.width);
          set_field(x_canonical, lo, f.width, expected);
          if (injective(l, t, f.width)) {
            ASSERT_EQ(get_field(y, lo, f.width), expected)
                << l.name << " " << data_type_name(t) << " component " << c;
          }
        }
        // Decoding what was encoded gives the same registers (NaN payloads included).
        ASSERT_EQ(hex(decode_components(p, y, texel)), hex(decode_components(p, x_canonical, texel)))
            << l.name << " " << data_type_name(t);
      }
    }
  }
  EXPECT_GE(plans, 60u);
}

TEST(FormatRoundTrip, SrgbCodes) {
  for (uint32_t code : {0x08u, 0x18u, 0x1du}) {
    const FormatPlan p = plan(code, all(UN), kRGBA, true);
    for (unsigned x = 0; x < 256; ++x) {
      std::vector<std::byte> in(p.layout().block_bytes, static_cast<std::byte>(x));
      std::vector<std::byte> out(in.size());
      encode_texel(p, decode_components(p, in), out);
      ASSERT_EQ(out, in) << p.layout().name << " " << x;
    }
  }
}

}  // namespace
}  // namespace tmu::texunit::test
