// SPDX-License-Identifier: MIT
// 8- and 16-bit data in the PTX compiler (load_store.cpp, instructions.cpp): 16-bit arithmetic, conversions between
// every integer width and to and from floats, narrow loads and stores (vectors of bytes, wider registers) compiled
// by tmu and run by tmu run's launch, against PTX ISA's semantics written in C++ (shr and the clamped shift amount,
// mul.hi, division, cvt's extension, truncation and saturation).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "ptx_kernel_harness.h"

namespace tmu {
namespace {

using namespace ptx_kernel_harness;

uint32_t u16(uint32_t x) { return x & 0xffff; }
int32_t s16(uint32_t x) { return static_cast<int16_t>(x & 0xffff); }
int32_t s8(uint32_t x) { return static_cast<int8_t>(x & 0xff); }
uint32_t bits(int32_t x) { return static_cast<uint32_t>(x); }

TEST(PtxNarrow, SixteenBitArithmetic) {
  check(R"(
  .reg .b16 %rs<16>;
  cvt.u16.u32 %rs1, %r1;
  cvt.u16.u32 %rs2, %r2;
  and.b32 %r10, %r3, 31;
  add.s16 %rs3, %rs1, %rs2;
  mul.lo.u16 %rs4, %rs1, %rs2;
  mul.hi.s16 %rs5, %rs1, %rs2;
  mul.hi.u16 %rs6, %rs1, %rs2;
  shr.s16 %rs7, %rs1, %r10;
  shr.u16 %rs8, %rs1, %r10;
  shl.b16 %rs9, %rs2, %r10;
  min.s16 %rs10, %rs1, %rs2;
  or.b16 %rs11, %rs2, 1;
  div.u16 %rs12, %rs1, %rs11;
  rem.s16 %rs13, %rs1, %rs11;
  mov.b32 %r5, {%rs3, %rs4};
  mov.b32 %r6, {%rs5, %rs6};
  mov.b32 %r7, {%rs7, %rs8};
  cvt.u32.u16 %r8, %rs9;
  cvt.u32.u16 %r11, %rs10;
  shl.b32 %r11, %r11, 16;
  or.b32 %r8, %r8, %r11;
  cvt.u32.u16 %r11, %rs12;
  xor.b32 %r8, %r8, %r11;
  cvt.s32.s16 %r11, %rs13;
  add.s32 %r8, %r8, %r11;)",
        [](const Words& w) {
          const uint32_t a = u16(w[0]), b = u16(w[1]), n = std::min(w[2] & 31, 16u);
          const int32_t sa = s16(a), sb = s16(b);
          auto pair = [](uint32_t lo, uint32_t hi) { return (lo & 0xffff) | (hi & 0xffff) << 16; };
          const uint32_t shr_s = bits(sa >> n), shr_u = a >> n, shl = b << n;
          const uint32_t d = b | 1;
          const int32_t rem = sa % s16(d);
          uint32_t r8 = pair(shl, bits(std::min(sa, sb)));
          r8 ^= a / d;
          r8 += bits(rem);
          return Words{pair(a + b, a * b), pair(bits((sa * sb) >> 16), (a * b) >> 16), pair(shr_s, shr_u), r8};
        });
}

TEST(PtxNarrow, ConversionsBetweenWidthsAndFloats) {
  check(R"(
  .reg .b16 %rs<16>;
  cvt.u16.u32 %rs1, %r1;
  cvt.s32.s8 %r5, %rs1;
  cvt.u32.u8 %r11, %rs1;
  shl.b32 %r11, %r11, 24;
  xor.b32 %r5, %r5, %r11;
  cvt.sat.s8.s32 %r6, %r2;
  cvt.sat.u16.s32 %r11, %r2;
  shl.b32 %r11, %r11, 8;
  add.s32 %r6, %r6, %r11;
  cvt.sat.s16.u32 %r7, %r3;
  cvt.s8.s32 %r11, %r3;
  shl.b32 %r11, %r11, 16;
  xor.b32 %r7, %r7, %r11;
  mov.b32 %f1, %r4;
  cvt.rzi.s16.f32 %r8, %f1;
  cvt.rni.sat.u8.f32 %rs2, %f1;
  cvt.u32.u16 %r11, %rs2;
  shl.b32 %r11, %r11, 16;
  xor.b32 %r8, %r8, %r11;)",
        [](const Words& w) {
          const int32_t x = static_cast<int32_t>(w[1]);
          const uint32_t r5 = bits(s8(w[0])) ^ ((w[0] & 0xff) << 24);
          const uint32_t r6 = bits(std::clamp(x, -128, 127)) + (static_cast<uint32_t>(std::clamp(x, 0, 0xffff)) << 8);
          const uint32_t r7 = std::min(w[2], 0x7fffu) ^ (bits(s8(w[2])) << 16);
          const float f = std::bit_cast<float>(w[3]);
          // Float to integer: rounded, clamped to the type's range, NaN is 0.
          auto to_int = [&](float v, double lo, double hi) {
            return std::isnan(v) ? 0.0 : std::clamp(static_cast<double>(v), lo, hi);
          };
          const int32_t rzi = static_cast<int32_t>(std::trunc(to_int(f, -32768, 32767)));
          const uint32_t rni = static_cast<uint32_t>(std::nearbyint(to_int(f, 0, 255)));
          return Words{r5, r6, r7, bits(rzi) ^ (rni << 16)};
        });
}

TEST(PtxNarrow, BytesAndHalfWordsInMemory) {
  // The input words as bytes: ld.global.s8 / .v4.u8 / .v2.u8 / .u16 into wider registers; local memory written with
  // st.local.v4.u8 and st.local.u16 and read back as words.
  check(R"(
  .reg .b16 %rs<16>;
  .local .align 8 .b8 lo[8];
  ld.global.s8 %r5, [%rd1+1];
  ld.global.v4.u8 {%rs1, %rs2, %rs3, %rs4}, [%rd1+4];
  ld.global.v2.u8 {%rs5, %rs6}, [%rd1+10];
  ld.global.u16 %rd5, [%rd1+14];
  cvt.u32.u64 %r8, %rd5;
  st.local.v4.u8 [lo], {%rs4, %rs3, %rs2, %rs1};
  st.local.v2.u8 [lo+4], {%rs6, %rs5};
  st.local.u16 [lo+6], %r3;
  ld.local.v2.u32 {%r6, %r7}, [lo];)",
        [](const Words& w) {
          const uint32_t swapped = (w[1] >> 24) | (w[1] >> 8 & 0xff00) | (w[1] << 8 & 0xff0000) | w[1] << 24;
          const uint32_t b10 = (w[2] >> 16) & 0xff, b11 = w[2] >> 24;
          const uint32_t r7 = b11 | b10 << 8 | (w[2] & 0xffff) << 16;
          return Words{bits(s8(w[0] >> 8)), swapped, r7, w[3] >> 16};
        });
}

TEST(PtxNarrow, RefusedForms) {
  EXPECT_NE(error_of("  .reg .b8 %b<2>;\n  add.u8 %b1, %b0, %b0;").find("8-bit types are for ld, st and cvt only"),
            std::string::npos);
  EXPECT_NE(error_of("  .reg .b16 %rs<2>;\n  add.u16 %rs1, %r1, %r1;").find("is a 32-bit register"), std::string::npos);
}

}  // namespace
}  // namespace tmu
