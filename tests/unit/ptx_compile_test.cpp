// SPDX-License-Identifier: MIT
// The PTX compiler (src/ptx/compile.h) on its own: small kernels compiled by tmu and run by tmu run's launch on the
// warp executor, their outputs against PTX's semantics computed here in C++ (PTX ISA: 64-bit integer arithmetic,
// mul.wide/.hi, shifts past the width, rem's sign, float comparisons with NaN, cvt rounding) and control flow
// (if/else, guards, early returns); and the refusals with their positions. The corpus test against ptxas is
// tests/oracle/ptx_compile_corpus_test.cpp.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <random>
#include <string>
#include <vector>

#include "ptx_kernel_harness.h"

namespace tmu {
namespace {

using namespace ptx_kernel_harness;

uint64_t u64(uint32_t lo, uint32_t hi) { return uint64_t{hi} << 32 | lo; }
Words split2(uint64_t a, uint64_t b) {
  return {static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32), static_cast<uint32_t>(b), static_cast<uint32_t>(b >> 32)};
}

TEST(PtxCompile, SixtyFourBitAddSub) {
  check(R"(
  mov.b64 %rd3, {%r1, %r2}; mov.b64 %rd4, {%r3, %r4};
  add.s64 %rd5, %rd3, %rd4; sub.s64 %rd6, %rd3, %rd4;
  mov.b64 {%r5, %r6}, %rd5; mov.b64 {%r7, %r8}, %rd6;)",
        [](const Words& w) {
          const uint64_t a = u64(w[0], w[1]), b = u64(w[2], w[3]);
          return split2(a + b, a - b);
        });
}

TEST(PtxCompile, SixtyFourBitSelect) {
  // selp.b64 picks both halves (a vector select with a scalar condition).
  check(R"(
  mov.b64 %rd3, {%r1, %r2}; mov.b64 %rd4, {%r3, %r4};
  setp.lt.u32 %p1, %r1, %r3;
  selp.b64 %rd5, %rd3, %rd4, %p1; selp.b64 %rd6, %rd4, %rd3, %p1;
  mov.b64 {%r5, %r6}, %rd5; mov.b64 {%r7, %r8}, %rd6;)",
        [](const Words& w) {
          const uint64_t a = u64(w[0], w[1]), b = u64(w[2], w[3]);
          return w[0] < w[2] ? split2(a, b) : split2(b, a);
        });
}

TEST(PtxCompile, SixtyFourBitMultiplyAndShifts) {
  check(R"(
  mov.b64 %rd3, {%r1, %r2}; mov.b64 %rd4, {%r3, %r4};
  mul.lo.u64 %rd5, %rd3, %rd4; shl.b64 %rd6, %rd3, 13; shr.s64 %rd7, %rd4, 40; shr.u64 %rd8, %rd3, 3;
  xor.b64 %rd9, %rd7, %rd8; add.s64 %rd10, %rd6, %rd9;
  mov.b64 {%r5, %r6}, %rd5; mov.b64 {%r7, %r8}, %rd10;)",
        [](const Words& w) {
          const uint64_t a = u64(w[0], w[1]), b = u64(w[2], w[3]);
          const uint64_t sra = static_cast<uint64_t>(static_cast<int64_t>(b) >> 40);
          return split2(a * b, (a << 13) + (sra ^ (a >> 3)));
        });
}

// div and rem .u64 / .s64 (divmod64.cpp) against C++ on random words with edges (0, 1, -1, INT_MIN halves): the
// long division (operands past 32 bits) and the 32-bit one; by zero all ones (ptxas's result, divide64.ptx).
TEST(PtxCompile, SixtyFourBitDivisionAndRemainder) {
  auto ones_if_zero = [](uint64_t d, uint64_t v) { return d == 0 ? ~uint64_t{0} : v; };
  for (uint32_t seed : {3u, 4u}) {
    auto in = random_inputs(seed);
    if (seed == 4)  // small operands: the 32-bit path
      for (Words& w : in) w[1] = w[3] = 0;
    check(R"(
  mov.b64 %rd3, {%r1, %r2}; mov.b64 %rd4, {%r3, %r4};
  div.u64 %rd5, %rd3, %rd4; rem.u64 %rd6, %rd3, %rd4;
  mov.b64 {%r5, %r6}, %rd5; mov.b64 {%r7, %r8}, %rd6;)",
          [&](const Words& w) {
            const uint64_t a = u64(w[0], w[1]), b = u64(w[2], w[3]);
            return split2(ones_if_zero(b, b ? a / b : 0), ones_if_zero(b, b ? a % b : 0));
          },
          in);
    check(R"(
  mov.b64 %rd3, {%r1, %r2}; mov.b64 %rd4, {%r3, %r4};
  div.s64 %rd5, %rd3, %rd4; rem.s64 %rd6, %rd4, %rd3;
  mov.b64 {%r5, %r6}, %rd5; mov.b64 {%r7, %r8}, %rd6;)",
          [&](const Words& w) {
            const auto a = static_cast<int64_t>(u64(w[0], w[1])), b = static_cast<int64_t>(u64(w[2], w[3]));
            auto div = [](int64_t x, int64_t y) {  // INT64_MIN / -1 wraps to INT64_MIN
              return x == INT64_MIN && y == -1 ? static_cast<uint64_t>(x) : static_cast<uint64_t>(x / y);
            };
            auto rem = [](int64_t x, int64_t y) { return x == INT64_MIN && y == -1 ? 0 : static_cast<uint64_t>(x % y); };
            return split2(ones_if_zero(static_cast<uint64_t>(b), b ? div(a, b) : 0),
                          ones_if_zero(static_cast<uint64_t>(a), a ? rem(b, a) : 0));
          },
          in);
  }
}

TEST(PtxCompile, WideAndHighMultiplies) {
  check(R"(
  mul.wide.s32 %rd3, %r1, %r2; mul.wide.u32 %rd4, %r3, %r4;
  mad.wide.s32 %rd5, %r1, %r3, %rd4;
  mov.b64 {%r5, %r6}, %rd3; mov.b64 {%r9, %r10}, %rd5; add.s32 %r6, %r6, %r9;
  mul.hi.s32 %r7, %r1, %r4; mul.hi.u32 %r8, %r2, %r3; add.s32 %r8, %r8, %r10;)",
        [](const Words& w) {
          auto s = [](uint32_t x) { return static_cast<int64_t>(static_cast<int32_t>(x)); };
          const uint64_t ws = static_cast<uint64_t>(s(w[0]) * s(w[1]));
          const uint64_t wu = uint64_t{w[2]} * w[3];
          const uint64_t mad = static_cast<uint64_t>(s(w[0]) * s(w[2])) + wu;
          const uint32_t hs = static_cast<uint32_t>(static_cast<uint64_t>(s(w[0]) * s(w[3])) >> 32);
          const uint32_t hu = static_cast<uint32_t>((uint64_t{w[1]} * w[2]) >> 32);
          return Words{static_cast<uint32_t>(ws), static_cast<uint32_t>(ws >> 32) + static_cast<uint32_t>(mad), hs,
                       hu + static_cast<uint32_t>(mad >> 32)};
        });
}

TEST(PtxCompile, ShiftsPastTheWidthAndSignedRemainder) {
  // Shift amounts from 0 to 63 (PTX clamps: 0, or the sign for shr.s32); rem.s32 has the dividend's sign.
  check(R"(
  and.b32 %r9, %r3, 63;
  shl.b32 %r5, %r1, %r9; shr.s32 %r6, %r2, %r9;
  or.b32 %r10, %r4, 1;
  rem.s32 %r7, %r1, %r10; div.s32 %r8, %r2, %r10;)",
        [](const Words& w) {
          const uint32_t n = w[2] & 63;
          const uint32_t shl = n >= 32 ? 0 : w[0] << n;
          const int32_t b = static_cast<int32_t>(w[1]);
          const uint32_t sra = static_cast<uint32_t>(n >= 32 ? (b >> 31) : (b >> n));
          const int32_t d = static_cast<int32_t>(w[3] | 1);
          const int32_t a = static_cast<int32_t>(w[0]);
          const bool overflow_a = a == INT32_MIN && d == -1, overflow_b = b == INT32_MIN && d == -1;
          const uint32_t rem = overflow_a ? 0 : static_cast<uint32_t>(a % d);
          const uint32_t div = overflow_b ? static_cast<uint32_t>(INT32_MIN) : static_cast<uint32_t>(b / d);
          return Words{shl, sra, rem, div};
        });
}

TEST(PtxCompile, FloatComparisonsWithNaN) {
  // Inputs as floats; a quarter of the lanes compare NaN. Each setp's result as a bit of %r5.
  std::vector<Words> in = random_inputs(7);
  for (unsigned t = 0; t < in.size(); ++t) {
    const float vals[] = {1.0f, -2.5f, NAN, 1.0f, 0.0f, -0.0f, INFINITY};
    float a = vals[t % 7], b = vals[(t / 7) % 7];
    std::memcpy(&in[t][0], &a, 4);
    std::memcpy(&in[t][1], &b, 4);
  }
  const std::string body = R"(
  mov.b32 %f1, %r1; mov.b32 %f2, %r2;
  setp.eq.f32 %p1, %f1, %f2; selp.u32 %r10, 1, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.ne.f32 %p1, %f1, %f2; selp.u32 %r10, 2, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.lt.f32 %p1, %f1, %f2; selp.u32 %r10, 4, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.le.f32 %p1, %f1, %f2; selp.u32 %r10, 8, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.gt.f32 %p1, %f1, %f2; selp.u32 %r10, 16, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.ge.f32 %p1, %f1, %f2; selp.u32 %r10, 32, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.equ.f32 %p1, %f1, %f2; selp.u32 %r10, 64, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.neu.f32 %p1, %f1, %f2; selp.u32 %r10, 128, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.ltu.f32 %p1, %f1, %f2; selp.u32 %r10, 256, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.geu.f32 %p1, %f1, %f2; selp.u32 %r10, 512, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.nan.f32 %p1, %f1, %f2; selp.u32 %r10, 1024, 0, %p1; or.b32 %r5, %r5, %r10;
  setp.lt.and.f32 %p2|%p3, %f1, %f2, %p1; selp.u32 %r6, 1, 0, %p2; selp.u32 %r7, 1, 0, %p3;)";
  const auto out = run_kernel(kernel(body), in);
  ASSERT_EQ(out.size(), in.size());
  for (unsigned t = 0; t < in.size(); ++t) {
    float a, b;
    std::memcpy(&a, &in[t][0], 4);
    std::memcpy(&b, &in[t][1], 4);
    const bool nan = std::isnan(a) || std::isnan(b);
    const auto bits = static_cast<uint32_t>(
        (a == b) | (!nan && a != b) << 1 | (a < b) << 2 | (a <= b) << 3 | (a > b) << 4 | (a >= b) << 5 |
        (nan || a == b) << 6 | (nan || a != b) << 7 | (nan || a < b) << 8 | (nan || a >= b) << 9 | nan << 10);
    EXPECT_EQ(out[t][0], bits) << a << " " << b;
    EXPECT_EQ(out[t][1], (a < b && nan) ? 1u : 0u);
    EXPECT_EQ(out[t][2], (!(a < b) && nan) ? 1u : 0u);
  }
}

TEST(PtxCompile, Conversions) {
  std::vector<Words> in = random_inputs(3);
  for (unsigned t = 0; t < in.size(); ++t) {
    const float v = (static_cast<float>(t) - 32.0f) * 0.75f + 0.25f;  // halves, quarters, negatives
    std::memcpy(&in[t][0], &v, 4);
  }
  check(R"(
  mov.b32 %f1, %r1;
  cvt.rni.s32.f32 %r5, %f1; cvt.rzi.s32.f32 %r6, %f1; cvt.rmi.s32.f32 %r7, %f1;
  cvt.s64.s32 %rd3, %r2; cvt.u64.u32 %rd4, %r3; add.s64 %rd5, %rd3, %rd4; cvt.u32.u64 %r8, %rd5;
  shr.u64 %rd6, %rd5, 32; cvt.u32.u64 %r9, %rd6; xor.b32 %r8, %r8, %r9;)",
        [&](const Words& w) {
          float f;
          std::memcpy(&f, &w[0], 4);
          const uint64_t sum = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(w[1]))) + w[2];
          return Words{static_cast<uint32_t>(static_cast<int32_t>(std::nearbyint(f))),
                       static_cast<uint32_t>(static_cast<int32_t>(std::trunc(f))),
                       static_cast<uint32_t>(static_cast<int32_t>(std::floor(f))),
                       static_cast<uint32_t>(sum) ^ static_cast<uint32_t>(sum >> 32)};
        },
        in);
}

// f64 arithmetic and conversions against the host's IEEE double arithmetic (round to nearest even): a NaN result
// must be a NaN (the GPU's canonical one; the host keeps payloads).
TEST(PtxCompile, DoubleArithmetic) {
  std::mt19937_64 rng(64);
  const double edges[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.5, -2.5, 0.1, 1e300, -1e-310, 5e-324,
                          9007199254740993.0, 3.4028235677973366e38, 2147483647.5, -2147483648.75};
  auto pick = [&] {
    if (rng() % 2) return edges[rng() % std::size(edges)];
    double d;
    const uint64_t bits = rng();
    std::memcpy(&d, &bits, 8);
    return std::isnan(d) ? 0.75 : d;
  };
  std::vector<Words> in(kThreads);
  for (Words& w : in) {
    const uint64_t a = std::bit_cast<uint64_t>(pick()), b = std::bit_cast<uint64_t>(pick());
    w = split2(a, b);
  }
  auto dbl = [](uint32_t lo, uint32_t hi) { return std::bit_cast<double>(u64(lo, hi)); };
  auto same = [](double want, uint64_t got) {
    return std::isnan(want) ? std::isnan(std::bit_cast<double>(got)) : std::bit_cast<uint64_t>(want) == got;
  };
  const std::string load = "  mov.b64 %fd1, {%r1, %r2}; mov.b64 %fd2, {%r3, %r4};\n";
  // fma(a, b, a - b) and a * b + 0.25 (rounded twice).
  const auto arith = run_kernel(kernel(load + R"(
  sub.f64 %fd3, %fd1, %fd2; fma.rn.f64 %fd4, %fd1, %fd2, %fd3; mov.b64 {%r5, %r6}, %fd4;
  mul.f64 %fd5, %fd1, %fd2; add.f64 %fd6, %fd5, 0d3FD0000000000000; mov.b64 {%r7, %r8}, %fd6;)"), in);
  // cvt.rn.f32.f64 a, cvt.rni.s32.f64 b, min(a, b) compared with max(a, b) (setp.lt), cvt.rn.f64.s32 of the s32.
  const auto conv = run_kernel(kernel(load + R"(
  cvt.rn.f32.f64 %f1, %fd1; mov.b32 %r5, %f1; cvt.rni.s32.f64 %r6, %fd2;
  min.f64 %fd3, %fd1, %fd2; max.f64 %fd4, %fd1, %fd2; setp.lt.f64 %p1, %fd3, %fd4; selp.u32 %r7, 1, 0, %p1;
  cvt.rn.f64.s32 %fd5, %r6; neg.f64 %fd5, %fd5; mov.b64 {%r8, %r9}, %fd5;)"), in);
  ASSERT_EQ(arith.size(), in.size());
  ASSERT_EQ(conv.size(), in.size());
  for (unsigned t = 0; t < in.size(); ++t) {
    const double a = dbl(in[t][0], in[t][1]), b = dbl(in[t][2], in[t][3]);
    const std::string where = fmt::format("thread {}: a {} b {}", t, a, b);
    EXPECT_TRUE(same(std::fma(a, b, a - b), u64(arith[t][0], arith[t][1]))) << where;
    EXPECT_TRUE(same(a * b + 0.25, u64(arith[t][2], arith[t][3]))) << where;
    const float f = static_cast<float>(a);
    EXPECT_TRUE(std::isnan(f) ? std::isnan(std::bit_cast<float>(conv[t][0])) : std::bit_cast<uint32_t>(f) == conv[t][0]) << where;
    // cvt.rni: to nearest even, saturated, NaN -> 0 (PTX ISA "cvt").
    const double r = std::nearbyint(b);
    const int32_t i = std::isnan(b) ? 0 : r <= -2147483648.0 ? INT32_MIN : r >= 2147483647.0 ? INT32_MAX : static_cast<int32_t>(r);
    EXPECT_EQ(static_cast<int32_t>(conv[t][1]), i) << where;
    const bool ordered = !std::isnan(a) && !std::isnan(b);
    EXPECT_EQ(conv[t][2], ordered && std::fmin(a, b) < std::fmax(a, b) ? 1u : 0u) << where;
  }
}

// div.rn, rcp.rn and sqrt.rn .f32 against the host's IEEE single-precision /, 1 / x and sqrt (correctly rounded,
// ties to even), on normal, denormal, extreme and special operands; the .ftz forms with operands and results
// flushed to zero of their sign. A NaN result must be a NaN.
TEST(PtxCompile, CorrectlyRoundedDivisionAndSquareRoot) {
  std::mt19937 rng(2611);
  const uint32_t edges[] = {0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 1, 0x80000003, 0x007fffff, 0x00800000,
                            0x7f7fffff, 0x3f800000, 0x40400000, 0x00000005, 0x01cfdf53, 0x0dff6f5d};
  std::vector<Words> in(kThreads);
  for (Words& w : in)
    for (unsigned k = 0; k < 2; ++k) {
      const uint32_t kind = static_cast<uint32_t>(rng() % 4), bits = static_cast<uint32_t>(rng());
      w[k] = kind == 0   ? edges[bits % std::size(edges)]
             : kind == 1 ? (bits & 0x807fffffu)                                      // denormal
                         : (bits & 0x807fffffu) | ((1 + (bits >> 8) % 254) << 23);  // normal
    }
  auto f = [](uint32_t u) { return std::bit_cast<float>(u); };
  auto flush = [](float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; };
  auto same = [](float want, uint32_t got) {
    return std::isnan(want) ? std::isnan(std::bit_cast<float>(got)) : std::bit_cast<uint32_t>(want) == got;
  };
  for (const bool ftz : {false, true}) {
    const std::string m = ftz ? ".ftz" : "";
    const auto out = run_kernel(kernel(fmt::format(R"(
  mov.b32 %f1, %r1; mov.b32 %f2, %r2;
  div.rn{0}.f32 %f3, %f1, %f2; mov.b32 %r5, %f3;
  rcp.rn{0}.f32 %f4, %f2; mov.b32 %r6, %f4;
  sqrt.rn{0}.f32 %f5, %f1; mov.b32 %r7, %f5;)", m)), in);
    ASSERT_EQ(out.size(), in.size());
    for (unsigned t = 0; t < in.size(); ++t) {
      const float a = ftz ? flush(f(in[t][0])) : f(in[t][0]), b = ftz ? flush(f(in[t][1])) : f(in[t][1]);
      auto result = [&](float r) { return ftz ? flush(r) : r; };
      const std::string where = fmt::format("{} thread {}: a {:#x} b {:#x}", m, t, in[t][0], in[t][1]);
      EXPECT_TRUE(same(result(a / b), out[t][0])) << where << " got " << fmt::format("{:#x}", out[t][0]);
      EXPECT_TRUE(same(result(1.0f / b), out[t][1])) << where << " got " << fmt::format("{:#x}", out[t][1]);
      EXPECT_TRUE(same(result(std::sqrt(a)), out[t][2])) << where << " got " << fmt::format("{:#x}", out[t][2]);
    }
  }
}

// div.rn, rcp.rn and sqrt.rn .f64 against the host's IEEE double /, 1 / x and sqrt (correctly rounded, ties
// to even), 4096 operand pairs: special values, denormals, the ends of the range, and hard cases — quotients
// and roots close to a midpoint, denormal quotients that are exact ties or close to one. A NaN result must be
// a NaN.
TEST(PtxCompile, CorrectlyRoundedDoubleDivisionAndSquareRoot) {
  std::mt19937_64 rng(6411);
  const uint64_t edges[] = {0, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000,
                            0x7ff4000000000123, 0xfff8000000000000, 1, 0x800000000000000f,
                            0x000fffffffffffff, 0x0010000000000000, 0x7fefffffffffffff, 0x3ff0000000000000,
                            0x4008000000000000, 0x3fb999999999999a, 0x0000000000000003, 0x7fe0000000000000,
                            0x3ff0000000000001, 0x3fffffffffffffff};
  auto bits = [](double d) { return std::bit_cast<uint64_t>(d); };
  auto dbl = [](uint64_t u) { return std::bit_cast<double>(u); };
  auto mantissa = [&] { return rng() & 0x000fffffffffffffu; };
  auto random_double = [&]() -> uint64_t {
    const uint64_t sign = rng() & 0x8000000000000000u;
    switch (rng() % 5) {
      case 0:
        return edges[rng() % std::size(edges)];
      case 1:
        return sign | mantissa();  // denormal
      case 2:
        return sign | mantissa() | (1 + rng() % 2046) << 52;  // normal, any exponent
      case 3:
        return sign | mantissa() | (1 + rng() % 60) << 52;  // tiny
      default:
        return sign | mantissa() | (1986 + rng() % 60) << 52;  // huge
    }
  };
  std::vector<Words> in(1024);
  std::vector<std::pair<uint64_t, uint64_t>> cases;
  for (unsigned k = 0; k < 4 * in.size(); ++k) {
    uint64_t a = random_double(), b = random_double();
    if (k % 4 == 1) {  // a = RN(q b): a / b within an ulp of q, often near a midpoint
      b = mantissa() | (700 + rng() % 600) << 52;
      a = bits(dbl(mantissa() | uint64_t{1023 + rng() % 400 - 200} << 52) * dbl(b));
    } else if (k % 4 == 2) {
      // Denormal quotients: exact ties (odd multiples of 2^-1074 over 2^j) and near ties.
      const uint64_t odd = (rng() & 0xffffffffffu) | 1;
      a = (rng() % 2) ? odd : bits(dbl(odd) * dbl(mantissa() | 0x3ff0000000000000u));
      b = uint64_t{1023 + 1 + rng() % 60} << 52 | ((rng() % 2) ? mantissa() : 0);
    }
    cases.emplace_back(a, b);
  }
  auto same = [&](double want, uint64_t got) {
    return std::isnan(want) ? std::isnan(dbl(got)) : bits(want) == got;
  };
  for (unsigned part = 0; part < cases.size() / in.size(); ++part) {
    for (unsigned t = 0; t < in.size(); ++t) {
      const auto [a, b] = cases[part * in.size() + t];
      in[t] = split2(a, b);
    }
    const std::string load = "  mov.b64 %fd1, {%r1, %r2}; mov.b64 %fd2, {%r3, %r4};\n";
    const auto div = run_kernel(kernel(load + R"(
  div.rn.f64 %fd3, %fd1, %fd2; mov.b64 {%r5, %r6}, %fd3; rcp.rn.f64 %fd4, %fd2; mov.b64 {%r7, %r8}, %fd4;)"),
                                in);
    // sqrt of a near the square of a midpoint between two doubles (half the threads), and of b.
    for (unsigned t = 0; t < in.size(); ++t) {
      if (t % 2) continue;
      const long double mid = static_cast<long double>(dbl(mantissa() | 0x3ff0000000000000u)) + 0x1p-53L;
      const long double square = mid * mid;
      const uint64_t x =
          bits(static_cast<double>(square)) + (uint64_t{rng() % 2000} << 52) - (uint64_t{1000} << 52);
      in[t][0] = static_cast<uint32_t>(x), in[t][1] = static_cast<uint32_t>(x >> 32);
    }
    const auto sqrt = run_kernel(kernel(load + R"(
  sqrt.rn.f64 %fd3, %fd1; mov.b64 {%r5, %r6}, %fd3; sqrt.rn.f64 %fd4, %fd2; mov.b64 {%r7, %r8}, %fd4;)"),
                                 in);
    ASSERT_EQ(div.size(), in.size());
    ASSERT_EQ(sqrt.size(), in.size());
    for (unsigned t = 0; t < in.size(); ++t) {
      const auto [a, b] = cases[part * in.size() + t];
      const double x = dbl(u64(in[t][0], in[t][1])), y = dbl(b);
      const std::string where = fmt::format("a {:#x} b {:#x}", a, b);
      EXPECT_TRUE(same(dbl(a) / y, u64(div[t][0], div[t][1])))
          << "div " << where << fmt::format(" got {:#x}", u64(div[t][0], div[t][1]));
      EXPECT_TRUE(same(1.0 / y, u64(div[t][2], div[t][3])))
          << "rcp " << where << fmt::format(" got {:#x}", u64(div[t][2], div[t][3]));
      EXPECT_TRUE(same(std::sqrt(x), u64(sqrt[t][0], sqrt[t][1])))
          << fmt::format("sqrt {:#x} got {:#x}", bits(x), u64(sqrt[t][0], sqrt[t][1]));
      EXPECT_TRUE(same(std::sqrt(y), u64(sqrt[t][2], sqrt[t][3]))) << "sqrt " << where;
    }
  }
}

// f(args...) under the host's rounding mode `mode` (fesetround): one IEEE operation rounded that way.
template <typename T>
void opaque(T& v) {
  asm volatile("" : "+m"(v));
}  // computed after fesetround, not before
template <typename F, typename... A>
auto host_rounded(int mode, F f, A... args) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  (opaque(args), ...);
  auto v = f(args...);
  opaque(v);
  std::fesetround(saved);
  return v;
}

// add, sub, mul, fma, div, rcp, sqrt .rz/.rm/.rp on .f64 and .f32 and cvt.rz/.rm/.rp from f64 and 64-bit integers
// against the host's IEEE operations in the same rounding mode.
TEST(PtxCompile, DirectedRoundings) {
  std::mt19937_64 rng(1127);
  const uint64_t edges[] = {0, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000, 1,
                            0x800fffffffffffff, 0x7fefffffffffffff, 0x3ff0000000000000, 0x47efffffe0000000,
                            0x3ff0000010000000, 0x36a0000000000000, 0x0000000100000001, 0x0020000000000001};
  std::vector<Words> in(kThreads * 4);
  for (Words& w : in) {
    const uint64_t a = rng() % 3 == 0 ? edges[rng() % std::size(edges)] : rng();
    uint64_t b = rng() % 3 == 0 ? edges[rng() % std::size(edges)] : rng();
    if (rng() % 2) b = (a & ~uint64_t{0xfffffffff}) ^ (rng() & 0xfffffffff);  // near a: sums that round
    w = split2(a, b);
  }
  const std::string load =
      "  mov.b64 %fd1, {%r1, %r2}; mov.b64 %fd2, {%r3, %r4}; mov.b64 %rd3, {%r3, %r4};\n"
      "  mov.b32 %f1, %r1; mov.b32 %f2, %r3;\n";
  const auto wide = run_kernel(kernel(load + R"(
  add.rz.f64 %fd3, %fd1, %fd2; mov.b64 {%r5, %r6}, %fd3; fma.rp.f64 %fd4, %fd1, %fd2, %fd1; mov.b64 {%r7, %r8}, %fd4;)"),
                               in);
  const auto wide2 = run_kernel(kernel(load + R"(
  sub.rm.f64 %fd3, %fd1, %fd2; mov.b64 {%r5, %r6}, %fd3; cvt.rp.f64.u64 %fd4, %rd3; mov.b64 {%r7, %r8}, %fd4;)"),
                                in);
  const auto narrow = run_kernel(kernel(load + R"(
  add.rm.f32 %f3, %f1, %f2; mov.b32 %r5, %f3; mul.rp.f32 %f4, %f1, %f2; mov.b32 %r6, %f4;
  cvt.rz.f32.f64 %f5, %fd1; mov.b32 %r7, %f5; cvt.rm.f32.s64 %f6, %rd3; mov.b32 %r8, %f6;)"),
                                 in);
  const auto quotients = run_kernel(kernel(load + R"(
  div.rz.f64 %fd3, %fd1, %fd2; mov.b64 {%r5, %r6}, %fd3; sqrt.rp.f64 %fd4, %fd2; mov.b64 {%r7, %r8}, %fd4;)"), in);
  const auto quotients2 = run_kernel(kernel(load + R"(
  div.rm.f64 %fd3, %fd1, %fd2; mov.b64 {%r5, %r6}, %fd3; rcp.rp.f64 %fd4, %fd1; mov.b64 {%r7, %r8}, %fd4;)"), in);
  const auto quotients32 = run_kernel(kernel(load + R"(
  div.rp.f32 %f3, %f1, %f2; mov.b32 %r5, %f3; rcp.rz.f32 %f4, %f2; mov.b32 %r6, %f4;
  sqrt.rm.f32 %f5, %f1; mov.b32 %r7, %f5; div.rz.f32 %f6, %f2, %f1; mov.b32 %r8, %f6;)"), in);
  ASSERT_EQ(wide.size(), in.size());
  ASSERT_EQ(wide2.size(), in.size());
  ASSERT_EQ(narrow.size(), in.size());
  ASSERT_EQ(quotients.size(), in.size());
  ASSERT_EQ(quotients2.size(), in.size());
  ASSERT_EQ(quotients32.size(), in.size());
  auto same64 = [](double want, uint32_t lo, uint32_t hi) {
    return std::isnan(want) ? std::isnan(std::bit_cast<double>(u64(lo, hi)))
                            : std::bit_cast<uint64_t>(want) == u64(lo, hi);
  };
  auto same32 = [](float want, uint32_t got) {
    return std::isnan(want) ? std::isnan(std::bit_cast<float>(got)) : std::bit_cast<uint32_t>(want) == got;
  };
  for (unsigned t = 0; t < in.size(); ++t) {
    const uint64_t ab = u64(in[t][0], in[t][1]), bb = u64(in[t][2], in[t][3]);
    const double a = std::bit_cast<double>(ab), b = std::bit_cast<double>(bb);
    const float fa = std::bit_cast<float>(in[t][0]), fb = std::bit_cast<float>(in[t][2]);
    const std::string where = fmt::format("thread {}: a {:#x} b {:#x}", t, ab, bb);
    EXPECT_TRUE(same64(host_rounded(
                           FE_TOWARDZERO, [](double x, double y) { return x + y; }, a, b),
                       wide[t][0], wide[t][1]))
        << where;
    EXPECT_TRUE(same64(host_rounded(
                           FE_UPWARD, [](double x, double y) { return std::fma(x, y, x); }, a, b),
                       wide[t][2], wide[t][3]))
        << where;
    EXPECT_TRUE(same64(host_rounded(
                           FE_DOWNWARD, [](double x, double y) { return x - y; }, a, b),
                       wide2[t][0], wide2[t][1]))
        << where;
    EXPECT_TRUE(same64(host_rounded(
                           FE_UPWARD, [](uint64_t x) { return static_cast<double>(x); }, bb),
                       wide2[t][2], wide2[t][3]))
        << where;
    EXPECT_TRUE(same32(host_rounded(
                           FE_DOWNWARD, [](float x, float y) { return x + y; }, fa, fb),
                       narrow[t][0]))
        << where;
    EXPECT_TRUE(same32(host_rounded(
                           FE_UPWARD, [](float x, float y) { return x * y; }, fa, fb),
                       narrow[t][1]))
        << where;
    EXPECT_TRUE(same32(host_rounded(
                           FE_TOWARDZERO, [](double x) { return static_cast<float>(x); }, a),
                       narrow[t][2]))
        << where;
    EXPECT_TRUE(
        same32(host_rounded(
                   FE_DOWNWARD, [](int64_t x) { return static_cast<float>(x); }, static_cast<int64_t>(bb)),
               narrow[t][3]))
        << where;
    auto div = [](auto x, auto y) { return x / y; };
    auto root = [](auto x) { return std::sqrt(x); };
    const Words &q = quotients[t], &q2 = quotients2[t], &q32 = quotients32[t];
    EXPECT_TRUE(same64(host_rounded(FE_TOWARDZERO, div, a, b), q[0], q[1])) << "div.rz " << where;
    EXPECT_TRUE(same64(host_rounded(FE_UPWARD, root, b), q[2], q[3])) << "sqrt.rp " << where;
    EXPECT_TRUE(same64(host_rounded(FE_DOWNWARD, div, a, b), q2[0], q2[1])) << "div.rm " << where;
    EXPECT_TRUE(same64(host_rounded(FE_UPWARD, div, 1.0, a), q2[2], q2[3])) << "rcp.rp " << where;
    EXPECT_TRUE(same32(host_rounded(FE_UPWARD, div, fa, fb), q32[0])) << "div.rp.f32 " << where;
    EXPECT_TRUE(same32(host_rounded(FE_TOWARDZERO, div, 1.0f, fb), q32[1])) << "rcp.rz.f32 " << where;
    EXPECT_TRUE(same32(host_rounded(FE_DOWNWARD, root, fa), q32[2])) << "sqrt.rm.f32 " << where;
    EXPECT_TRUE(same32(host_rounded(FE_TOWARDZERO, div, fb, fa), q32[3])) << "div.rz.f32 " << where;
  }
}

TEST(PtxCompile, StructuredControlFlow) {
  // if/else from branches, a guard, a nested region, a predicated instruction, registers merged after each.
  check(R"(
  setp.lt.u32 %p1, %r1, %r2;
  @%p1 bra ELSE;
  add.s32 %r5, %r1, 1;
  setp.eq.u32 %p2, %r3, 0;
  @%p2 bra INNER_END;
  mov.u32 %r6, 7;
INNER_END:
  bra END;
ELSE:
  sub.s32 %r5, %r2, %r1;
  @!%p1 mov.u32 %r7, 99;
END:
  setp.gt.u32 %p3, %r4, 0x80000000;
  @%p3 add.s32 %r8, %r5, %r4;)",
        [](const Words& w) {
          Words o{0, 0, 0, 0};
          if (!(w[0] < w[1])) {
            o[0] = w[0] + 1;
            if (w[2] != 0) o[1] = 7;
          } else {
            o[0] = w[1] - w[0];
          }
          if (w[3] > 0x80000000u) o[3] = o[0] + w[3];
          return o;
        });
}

TEST(PtxCompile, EarlyReturns) {
  // Threads leave at `@p ret` and after a region that returns; the others store further words.
  const std::string ptx = R"(.version 6.0
.target sm_50
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], 1;
  ld.param.u32 %r2, [n];
  setp.ge.u32 %p1, %r1, %r2;
  @%p1 ret;
  and.b32 %r3, %r1, 1;
  setp.eq.u32 %p2, %r3, 0;
  @%p2 bra ODD;
  st.global.u32 [%rd1+4], 3;
  ret;
ODD:
  st.global.u32 [%rd1+4], 2;
  ret;
}
)";
  const auto out = launch_words(ptx, "early.ptx", R"({"block": 40, "params": [{"buffer": "out"}, {"u32": 21}],
                                                    "buffers": [{"name": "out", "size": 320}]})");
  ASSERT_EQ(out.size(), 80u);
  for (uint32_t t = 0; t < 40; ++t) {
    EXPECT_EQ(out[2 * t], 1u) << t;
    EXPECT_EQ(out[2 * t + 1], t >= 21 ? 0u : (t & 1) ? 3u : 2u) << t;
  }
}

TEST(PtxCompile, CallsAreInlined) {
  // nvcc's call sequence: .param variables, st.param, call.uni, ld.param; the .func reads a 32- and a 64-bit
  // parameter and returns from two places. pick(t, t) = t < 16 ? 3 t : lo + hi of the 64-bit parameter (t + 0:
  // mul.wide.u32's immediate is a 32-bit 1).
  const std::string ptx = R"(.version 6.0
.target sm_50
.address_size 64
.func (.param .b32 func_retval0) pick(.param .b32 pick_param_0, .param .b64 pick_param_1)
{
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<3>;
  ld.param.u32 %r1, [pick_param_0];
  ld.param.u64 %rd1, [pick_param_1];
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra SMALL;
  mov.b64 {%r2, %r3}, %rd1;
  add.s32 %r4, %r2, %r3;
  st.param.b32 [func_retval0+0], %r4;
  ret;
SMALL:
  mul.lo.s32 %r5, %r1, 3;
  st.param.b32 [func_retval0+0], %r5;
  ret;
}
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<6>;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd1, %r1, 0x100000001;
  {
  .param .b32 param0;
  st.param.b32 [param0+0], %r1;
  .param .b64 param1;
  st.param.b64 [param1+0], %rd1;
  .param .b32 retval0;
  call.uni (retval0), pick, (param0, param1);
  ld.param.b32 %r2, [retval0+0];
  }
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd3, %rd2;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  st.global.u32 [%rd5], %r2;
  ret;
}
)";
  const auto out = launch_words(ptx, "call.ptx", R"({"block": 32, "params": [{"buffer": "out"}],
                                                  "buffers": [{"name": "out", "size": 128}]})");
  ASSERT_EQ(out.size(), 32u);
  for (uint32_t t = 0; t < 32; ++t) EXPECT_EQ(out[t], t < 16 ? 3 * t : t) << t;
  // A recursive call is refused.
  std::string recursive = ptx;
  recursive.replace(recursive.find("  mul.lo.s32 %r5, %r1, 3;"), 0,
                    "  { .param .b32 q0; .param .b64 q1; .param .b32 q2; st.param.b32 [q0], %r1;\n"
                    "  call.uni (q2), pick, (q0, q1); }\n");
  auto rec = ptx::compile_to_cubin(recursive, "rec.ptx");
  ASSERT_FALSE(rec);
  EXPECT_EQ(rec.error(), "rec.ptx:19:3: the call of pick is recursive: recursion is not compiled");
}

TEST(PtxCompile, SharedAndLocalMemory) {
  // A local array written and read back at a lane-dependent index (nvcc's depot, addressed through a 64-bit
  // register), and a module-scope shared array written by every lane and read at the neighbour's slot and a fixed
  // one (one warp: every store happens before the loads). out[t] = depot_{t^1}[(t^1) & 3] + depot_2[2], with
  // depot_t = {t, t + 100, 3t, t}.
  const std::string ptx = R"(.version 6.0
.target sm_50
.address_size 64
.shared .align 4 .b8 tile[128];
.visible .entry k(.param .u64 out)
{
  .local .align 8 .b8 depot[32];
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  mov.u64 %rd1, depot;
  st.local.u32 [%rd1], %r1;
  add.s32 %r2, %r1, 100;
  st.local.u32 [%rd1+4], %r2;
  mul.lo.s32 %r3, %r1, 3;
  st.local.v2.u32 [%rd1+8], {%r3, %r1};
  and.b32 %r4, %r1, 3;
  shl.b32 %r5, %r4, 2;
  cvt.u64.u32 %rd2, %r5;
  add.s64 %rd3, %rd1, %rd2;
  ld.local.u32 %r6, [%rd3];
  mov.u32 %r7, tile;
  shl.b32 %r8, %r1, 2;
  add.s32 %r9, %r7, %r8;
  st.shared.u32 [%r9], %r6;
  xor.b32 %r10, %r1, 1;
  shl.b32 %r11, %r10, 2;
  add.s32 %r12, %r7, %r11;
  ld.shared.u32 %r13, [%r12];
  ld.shared.u32 %r14, [tile+8];
  add.s32 %r15, %r13, %r14;
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r15;
  ret;
}
)";
  const auto out = launch_words(ptx, "mem.ptx", R"({"block": 32, "params": [{"buffer": "out"}],
                                                  "buffers": [{"name": "out", "size": 128}]})");
  ASSERT_EQ(out.size(), 32u);
  auto depot = [](uint32_t t) { return std::array<uint32_t, 4>{t, t + 100, 3 * t, t}[t & 3]; };
  for (uint32_t t = 0; t < 32; ++t) EXPECT_EQ(out[t], depot(t ^ 1) + depot(2)) << t;
  // A shared variable read as local, and an access past its end, are refused.
  std::string wrong = ptx;
  wrong.replace(wrong.find("ld.shared.u32 %r14, [tile+8]"), 28, "ld.local.u32 %r14, [tile+8]");
  auto w = ptx::compile_to_cubin(wrong, "mem.ptx");
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error(), "mem.ptx:30:22: tile is a .shared variable, the instruction accesses .local");
  std::string past = ptx;
  past.replace(past.find("[tile+8]"), 8, "[tile+128]");
  auto p = ptx::compile_to_cubin(past, "mem.ptx");
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), "mem.ptx:30:23: the access is outside tile (128 bytes)");
}

TEST(PtxCompile, RefusalsNameTheStatement) {
  // The body starts on line 20 of kernel().
  EXPECT_EQ(error_of("  setp.lt.u32 %p1, %r5, %r1;\n  @%p1 bra A;\n  @%p1 bra B;\n  mov.u32 %r5, 1;\nA:\n  mov.u32 %r6, 1;\nB:"),
            "");  // branches that do not nest: guarded blocks
  EXPECT_EQ(error_of("  setp.lt.u32 %p1, %r5, %r1;\n  @%p1 bra B;\nA:\n  mov.u32 %r5, 1;\nB:\n  @%p1 bra A;"),
            "bad.ptx:21:8: the branch to B enters the loop at A other than through its head (irreducible control "
            "flow): not compiled");
  EXPECT_EQ(error_of("  ex2.approx.ftz.f32 %f1, %f1;"), "");  // MUFU: what ptxas emits for the .ftz form
  EXPECT_EQ(error_of("  add.ftz.f32 %f1, %f1, %f1;\n  mul.ftz.f32 %f2, %f1, %f1;"), "");  // one mode: flush
  EXPECT_EQ(error_of("  add.ftz.f32 %f1, %f1, %f1;\n  mul.f32 %f2, %f1, %f1;"),
            "bad.ptx:21:3: this f32 instruction has no .ftz, the one at line 20 col 3 has: a kernel flushes denormals "
            "everywhere or nowhere (NIR 22.3's float_controls_execution_mode is per shader)");
  EXPECT_EQ(error_of("  min.rz.f32 %f1, %f1, %f1;"), "bad.ptx:20:6: min.rz is not compiled yet");
  EXPECT_EQ(error_of("  add.f32 %f1, %f1, 1;"),
            "bad.ptx:20:21: an integer constant where the instruction needs .f32: write it as a float");
  EXPECT_EQ(error_of("  add.rz.f64 %fd1, %fd1, %fd1;\n  fma.rm.f32 %f1, %f1, %f1, %f1;\n  cvt.rp.f32.f64 %f2, %fd1;"), "");
  EXPECT_EQ(error_of("  sqrt.approx.f64 %fd1, %fd1;"),
            "bad.ptx:20:3: sqrt.f64 needs a rounding modifier (.rn, .rz, .rm or .rp)");
  EXPECT_EQ(error_of("  cvt.rzi.f32.s32 %f1, %r1;"),
            "bad.ptx:20:3: cvt.rzi.f32.s32: PTX's integer roundings are for conversions from floats");
  EXPECT_EQ(error_of("  bar.arrive 1, 64;\n  membar.sys;"), "");  // BAR.ARV, MEMBAR.SYS (PtxCompileMemory.NamedBarrierForms)
  EXPECT_EQ(error_of("  bar.arrive 1;"), "bad.ptx:20:3: Instruction 'bar.arrive' requires a non-zero thread count argument");
  // A .param .texref compiles (tests/data/ptx/kernels/texparams.ptx against ptxas); a .param .surfref does not.
  auto texref_param = ptx::compile_to_cubin(
      ".version 7.8\n.target sm_50\n.address_size 64\n.visible .entry k(.param .u64 out, .param .texref t)\n{\n  ret;\n}\n",
      "t.ptx");
  EXPECT_TRUE(texref_param) << texref_param.error();
  auto surfref_param = ptx::compile_to_cubin(
      ".version 7.8\n.target sm_50\n.address_size 64\n.visible .entry k(.param .u64 out, .param .surfref t)\n{\n  ret;\n}\n",
      "t.ptx");
  EXPECT_TRUE(surfref_param) << surfref_param.error();  // surfparams.ptx runs one
  EXPECT_EQ(error_of("  add.u32 %r5, %laneid, 1;"),
            "bad.ptx:20:16: Special register argument not allowed for instruction 'add'");
  EXPECT_EQ(error_of("  add.s32 %r5, %rd1, 1;"), "bad.ptx:20:16: Arguments mismatch: %rd1 is a 64-bit register (.b64), the instruction needs 32 bits");
}

}  // namespace
}  // namespace tmu
