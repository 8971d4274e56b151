// SPDX-License-Identifier: MIT
// The executor against PTX semantics, through ptxas: small PTX kernels (one integer, conversion or float
// operation each) are compiled by ptxas 11.8 for sm_50, and the SASS it writes -- XMAD multiply sequences,
// division loops, MUFU-based IEEE division and square root with their slow-path subroutines -- runs on one warp of
// the executor. Every lane's result must be what the PTX ISA defines, computed here with host integer and IEEE
// float arithmetic (never tmu's). Inputs: edge values and random words.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <bit>
#include <cfenv>
#include <cmath>
#include <functional>
#include <random>
#include <type_traits>

#include "exec/executor.h"
#include "isa/cubin.h"
#include "isa/sm50/program.h"
#include "oracle.h"

namespace tmu {
namespace {

using Inputs = std::array<uint32_t, 3>;

struct Case {
  std::string name;
  std::string body;  // PTX using %a %b %c (u32) / %fa %fb %fc (f32), leaving the result in %r (u32) or %rd (u64)
  bool wide = false;
  std::function<uint64_t(uint32_t, uint32_t, uint32_t)> expect;
  bool is_float = false;          // results compare NaN-ness for NaNs
  std::function<bool(const Inputs&)> valid = nullptr;  // inputs the PTX result is defined for
};

std::string kernel(const Case& k) {
  return fmt::format(R"(.version 7.8
.target sm_50
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{{
  .reg .u32 %a, %b, %c, %r, %t, %u;
  .reg .s32 %sa, %sb;
  .reg .u64 %p, %q, %o, %rd, %x;
  .reg .f32 %fa, %fb, %fc, %fr;
  .reg .pred %pp;
  .reg .u64 %da, %db;
  .reg .s64 %sda, %sdb;
  .reg .f64 %fda, %fdb, %fdr;
  ld.param.u64 %p, [in];
  ld.param.u64 %o, [out];
  mov.u32 %t, %tid.x;
  mul.wide.u32 %x, %t, 12;
  add.u64 %q, %p, %x;
  ld.global.u32 %a, [%q];
  ld.global.u32 %b, [%q+4];
  ld.global.u32 %c, [%q+8];
  mov.b32 %fa, %a;
  mov.b32 %fb, %b;
  mov.b32 %fc, %c;
  mov.b32 %sa, %a;
  mov.b32 %sb, %b;
  mov.b64 %da, {{%a, %b}};
  mov.b64 %db, {{%c, %a}};
  mov.b64 %sda, %da;
  mov.b64 %sdb, %db;
  mov.b64 %fda, %da;
  mov.b64 %fdb, %db;
  {}
  {}
  mul.wide.u32 %x, %t, 8;
  add.u64 %q, %o, %x;
  st.global.u64 [%q], %rd;
  ret;
}}
)",
                     k.body, k.wide ? "" : "cvt.u64.u32 %rd, %r;");
}

int32_t s(uint32_t v) { return static_cast<int32_t>(v); }
float f(uint32_t v) { return std::bit_cast<float>(v); }
uint32_t bits(float v) { return std::bit_cast<uint32_t>(v); }

// The bits of one host float or double operation in a rounding mode (this file is built with -frounding-math).
template <typename Op>
auto rounded(int mode, Op op) {
  using T = decltype(op());
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  const int old = std::fegetround();
  std::fesetround(mode);
  volatile T r = op();
  std::fesetround(old);
  return std::bit_cast<Bits>(static_cast<T>(r));
}

// The 64-bit operands the kernel forms: da = b:a, db = a:c (high:low).
uint64_t da(uint32_t a, uint32_t b) { return uint64_t{b} << 32 | a; }
// PTX shf (after its count is wrapped or clamped): the high word of {hi, lo} << n, the low word of {hi, lo} >> n.
uint32_t funnel_hi(uint32_t lo, uint32_t hi, uint32_t n) { return static_cast<uint32_t>((da(lo, hi) << n) >> 32); }
uint32_t funnel_lo(uint32_t lo, uint32_t hi, uint32_t n) { return static_cast<uint32_t>(da(lo, hi) >> n); }
uint64_t db(uint32_t a, uint32_t c) { return uint64_t{a} << 32 | c; }
double d(uint64_t v) { return std::bit_cast<double>(v); }

// The high 64 bits of a 128-bit product, schoolbook on 32-bit limbs.
uint64_t mul_hi_u64(uint64_t x, uint64_t y) {
  const uint64_t x0 = x & 0xffffffffu, x1 = x >> 32, y0 = y & 0xffffffffu, y1 = y >> 32;
  const uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
  const uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

uint32_t bfe_s32(uint32_t a, uint32_t b, uint32_t c) {
  const uint32_t pos = b & 0xff, len = c & 0xff;
  const uint32_t sbit = len == 0 ? 0u : (a >> std::min(pos + len - 1, 31u)) & 1u;
  uint32_t r = 0;
  for (uint32_t i = 0; i < 32; ++i) r |= (i < len && pos + i <= 31 ? (a >> (pos + i)) & 1u : sbit) << i;
  return r;
}

uint32_t bfe_u32(uint32_t a, uint32_t b, uint32_t c) {
  const uint32_t pos = b & 0xff, len = c & 0xff;
  uint32_t d = 0;
  for (uint32_t i = 0; i < 32; ++i)
    if (i < len && pos + i <= 31) d |= ((a >> (pos + i)) & 1u) << i;
  return d;
}

uint32_t bfi_b32(uint32_t a, uint32_t b, uint32_t c) {  // f = a inserted into b at pos = c[7:0], len = c[15:8]
  const uint32_t pos = c & 0xff, len = (c >> 8) & 0xff;
  uint32_t d = b;
  for (uint32_t i = 0; i < len && pos + i <= 31; ++i) d = (d & ~(1u << (pos + i))) | (((a >> i) & 1u) << (pos + i));
  return d;
}

uint32_t prmt(uint32_t a, uint32_t b, uint32_t c) {  // generic mode: byte i from selector nibble i, bit 3: sign
  const uint64_t bytes = uint64_t{b} << 32 | a;
  uint32_t d = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const uint32_t sel = (c >> (4 * i)) & 0xf;
    uint32_t byte = static_cast<uint32_t>(bytes >> (8 * (sel & 7))) & 0xff;
    if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
    d |= byte << (8 * i);
  }
  return d;
}

uint32_t f2i(float v, int mode, bool is_signed) {  // cvt.{rni,rzi,rmi,rpi}.{s32,u32}.f32: NaN -> 0, saturating
  if (std::isnan(v)) return 0;
  double r = v;
  switch (mode) {
    case FE_TONEAREST: r = std::nearbyint(r); break;
    case FE_TOWARDZERO: r = std::trunc(r); break;
    case FE_DOWNWARD: r = std::floor(r); break;
    default: r = std::ceil(r); break;
  }
  if (is_signed) return static_cast<uint32_t>(static_cast<int32_t>(std::clamp(r, -2147483648.0, 2147483647.0)));
  return static_cast<uint32_t>(std::clamp(r, 0.0, 4294967295.0));
}

std::vector<Case> cases() {
  auto hi = [](uint64_t v) { return static_cast<uint32_t>(v >> 32); };
  auto smul = [](uint32_t a, uint32_t b) { return static_cast<uint64_t>(int64_t{s(a)} * s(b)); };
  auto nonzero_b = [](const Inputs& in) { return in[1] != 0; };
  auto sdiv_ok = [](const Inputs& in) { return in[1] != 0 && !(in[0] == 0x80000000u && in[1] == 0xffffffffu); };
  return {
      {"add.u32", "add.u32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return a + b; }},
      {"sub.u32", "sub.u32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return a - b; }},
      // Two adds with a negative constant: ptxas writes IADD3 Rd, Ra, 0xfffff, Rb (the immediate sign-extended).
      {"add3.s32.minus1", "add.s32 %r, %a, %b;\n  add.s32 %r, %r, -1;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return a + b - 1; }},
      {"add3.s32.minus77", "add.s32 %r, %a, %b;\n  add.s32 %r, %r, -77;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return a + b - 77; }},
      {"mul.lo.u32", "mul.lo.u32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return a * b; }},
      {"mul.hi.u32", "mul.hi.u32 %r, %a, %b;", false,
       [=](uint32_t a, uint32_t b, uint32_t) { return hi(uint64_t{a} * b); }},
      {"mul.hi.s32", "mul.hi.s32 %r, %a, %b;", false, [=](uint32_t a, uint32_t b, uint32_t) { return hi(smul(a, b)); }},
      {"mul.wide.u32", "mul.wide.u32 %rd, %a, %b;", true,
       [](uint32_t a, uint32_t b, uint32_t) { return uint64_t{a} * b; }},
      {"mul.wide.s32", "mul.wide.s32 %rd, %sa, %sb;", true, [=](uint32_t a, uint32_t b, uint32_t) { return smul(a, b); }},
      {"mad.lo.u32", "mad.lo.u32 %r, %a, %b, %c;", false,
       [](uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }},
      {"div.u32", "div.u32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return a / b; }, false, nonzero_b},
      {"rem.u32", "rem.u32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return a % b; }, false, nonzero_b},
      {"div.s32", "div.s32 %r, %a, %b;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return static_cast<uint32_t>(s(a) / s(b)); }, false, sdiv_ok},
      {"rem.s32", "rem.s32 %r, %a, %b;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return static_cast<uint32_t>(s(a) % s(b)); }, false, sdiv_ok},
      {"min.s32", "min.s32 %r, %a, %b;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return static_cast<uint32_t>(std::min(s(a), s(b))); }},
      {"max.u32", "max.u32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return std::max(a, b); }},
      {"abs.s32", "abs.s32 %r, %a;", false,
       [](uint32_t a, uint32_t, uint32_t) { return s(a) < 0 ? 0u - a : a; }},  // abs(INT_MIN) = INT_MIN
      {"shl.b32", "shl.b32 %r, %a, %b;", false,  // amounts past 32 clamp to 32
       [](uint32_t a, uint32_t b, uint32_t) { return b >= 32 ? 0u : a << b; }},
      {"shr.u32", "shr.u32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return b >= 32 ? 0u : a >> b; }},
      {"shr.s32", "shr.s32 %r, %a, %b;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return static_cast<uint32_t>(s(a) >> std::min(b, 31u)); }},
      {"bfe.u32", "bfe.u32 %r, %a, %b, %c;", false, bfe_u32},
      {"bfi.b32", "shr.u32 %u, %c, 8;\n  bfi.b32 %r, %a, %b, %c, %u;", false, bfi_b32},
      {"popc.b32", "popc.b32 %r, %a;", false,
       [](uint32_t a, uint32_t, uint32_t) { return static_cast<uint32_t>(std::popcount(a)); }},
      {"clz.b32", "clz.b32 %r, %a;", false,
       [](uint32_t a, uint32_t, uint32_t) { return static_cast<uint32_t>(std::countl_zero(a)); }},
      {"brev.b32", "brev.b32 %r, %a;", false,
       [](uint32_t a, uint32_t, uint32_t) {
         uint32_t d = 0;
         for (unsigned i = 0; i < 32; ++i) d |= ((a >> i) & 1u) << (31 - i);
         return d;
       }},
      {"prmt.b32", "prmt.b32 %r, %a, %b, %c;", false, prmt},
      {"xor.b32", "xor.b32 %r, %a, %b;", false, [](uint32_t a, uint32_t b, uint32_t) { return a ^ b; }},
      {"cvt.rn.f32.s32", "cvt.rn.f32.s32 %fr, %sa;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t, uint32_t) { return rounded(FE_TONEAREST, [=] { return static_cast<float>(s(a)); }); },
       true},
      {"cvt.rz.f32.u32", "cvt.rz.f32.u32 %fr, %a;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t, uint32_t) { return rounded(FE_TOWARDZERO, [=] { return static_cast<float>(a); }); },
       true},
      {"cvt.rni.s32.f32", "cvt.rni.s32.f32 %sa, %fa;\n  mov.b32 %r, %sa;", false,
       [](uint32_t a, uint32_t, uint32_t) { return f2i(f(a), FE_TONEAREST, true); }},
      {"cvt.rmi.u32.f32", "cvt.rmi.u32.f32 %r, %fa;", false,
       [](uint32_t a, uint32_t, uint32_t) { return f2i(f(a), FE_DOWNWARD, false); }},
      {"add.rz.f32", "add.rz.f32 %fr, %fa, %fb;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return rounded(FE_TOWARDZERO, [=] { return f(a) + f(b); }); }, true},
      {"mul.rm.f32", "mul.rm.f32 %fr, %fa, %fb;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return rounded(FE_DOWNWARD, [=] { return f(a) * f(b); }); }, true},
      {"fma.rp.f32", "fma.rp.f32 %fr, %fa, %fb, %fc;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t b, uint32_t c) { return rounded(FE_UPWARD, [=] { return std::fma(f(a), f(b), f(c)); }); },
       true},
      {"div.rn.f32", "div.rn.f32 %fr, %fa, %fb;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return rounded(FE_TONEAREST, [=] { return f(a) / f(b); }); }, true},
      {"rcp.rn.f32", "rcp.rn.f32 %fr, %fa;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t, uint32_t) { return rounded(FE_TONEAREST, [=] { return 1.0f / f(a); }); }, true},
      {"sqrt.rn.f32", "sqrt.rn.f32 %fr, %fa;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t, uint32_t) { return rounded(FE_TONEAREST, [=] { return std::sqrt(f(a)); }); }, true},
      {"setp.lt.f32", "setp.lt.f32 %pp, %fa, %fb;\n  selp.u32 %r, 1, 0, %pp;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return f(a) < f(b) ? 1u : 0u; }},
      {"bfe.s32", "bfe.s32 %sa, %sa, %b, %c;\n  mov.b32 %r, %sa;", false, bfe_s32},
      {"add.u64", "add.u64 %rd, %da, %db;", true,
       [](uint32_t a, uint32_t b, uint32_t c) { return da(a, b) + db(a, c); }},
      {"mul.lo.u64", "mul.lo.u64 %rd, %da, %db;", true,
       [](uint32_t a, uint32_t b, uint32_t c) { return da(a, b) * db(a, c); }},
      {"mul.hi.u64", "mul.hi.u64 %rd, %da, %db;", true,
       [](uint32_t a, uint32_t b, uint32_t c) { return mul_hi_u64(da(a, b), db(a, c)); }},
      // Funnel shifts: SHF.L / SHF.R with and without .W, by a register and by an immediate.
      {"shf.l.wrap.b32", "shf.l.wrap.b32 %r, %a, %b, %c;", false,
       [](uint32_t a, uint32_t b, uint32_t c) { return funnel_hi(a, b, c & 31); }},
      {"shf.l.clamp.b32", "shf.l.clamp.b32 %r, %a, %b, %c;", false,
       [](uint32_t a, uint32_t b, uint32_t c) { return funnel_hi(a, b, std::min(c, 32u)); }},
      {"shf.r.wrap.b32", "shf.r.wrap.b32 %r, %a, %b, %c;", false,
       [](uint32_t a, uint32_t b, uint32_t c) { return funnel_lo(a, b, c & 31); }},
      {"shf.r.clamp.b32", "shf.r.clamp.b32 %r, %a, %b, %c;", false,
       [](uint32_t a, uint32_t b, uint32_t c) { return funnel_lo(a, b, std::min(c, 32u)); }},
      {"shf.l.wrap.b32_imm", "shf.l.wrap.b32 %r, %a, %b, 7;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return funnel_hi(a, b, 7); }},
      {"shf.r.clamp.b32_imm", "shf.r.clamp.b32 %r, %a, %b, 9;", false,
       [](uint32_t a, uint32_t b, uint32_t) { return funnel_lo(a, b, 9); }},
      // 64-bit shifts: SHF.L.U64 / SHF.R.S64 / SHF.R.U64 make one half, SHL / SHR the other. PTX clamps counts
      // past 64; "and 127" spreads the counts over 0..127 so that 32..64 are hit often.
      {"shl.b64", "and.b32 %u, %c, 127;\n  shl.b64 %rd, %da, %u;", true,
       [](uint32_t a, uint32_t b, uint32_t c) { return (c & 127) >= 64 ? 0 : da(a, b) << (c & 127); }},
      {"shr.u64", "shr.u64 %rd, %da, %c;", true,
       [](uint32_t a, uint32_t b, uint32_t c) { return c >= 64 ? 0 : da(a, b) >> c; }},
      {"shr.s64", "and.b32 %u, %c, 127;\n  shr.s64 %sda, %sda, %u;\n  mov.b64 %rd, %sda;", true,
       [](uint32_t a, uint32_t b, uint32_t c) {
         return static_cast<uint64_t>(static_cast<int64_t>(da(a, b)) >> std::min(c & 127, 63u));
       }},
      {"shl.b64_imm", "shl.b64 %rd, %da, 5;", true, [](uint32_t a, uint32_t b, uint32_t) { return da(a, b) << 5; }},
      {"shr.u64_imm", "shr.u64 %rd, %da, 3;", true, [](uint32_t a, uint32_t b, uint32_t) { return da(a, b) >> 3; }},
      {"div.u64", "div.u64 %rd, %da, %db;", true,
       [](uint32_t a, uint32_t b, uint32_t c) { return da(a, b) / db(a, c); }, false,
       [](const Inputs& in) { return db(in[0], in[2]) != 0; }},
      {"rem.s64", "rem.s64 %sda, %sda, %sdb;\n  mov.b64 %rd, %sda;", true,
       [](uint32_t a, uint32_t b, uint32_t c) {
         return static_cast<uint64_t>(static_cast<int64_t>(da(a, b)) % static_cast<int64_t>(db(a, c)));
       },
       false,
       [](const Inputs& in) {
         const auto y = static_cast<int64_t>(db(in[0], in[2]));
         return y != 0 && !(y == -1 && da(in[0], in[1]) == 0x8000000000000000u);
       }},
      {"add.rn.f64", "add.rn.f64 %fdr, %fda, %fdb;\n  mov.b64 %rd, %fdr;", true,
       [](uint32_t a, uint32_t b, uint32_t c) {
         return rounded(FE_TONEAREST, [=] { return d(da(a, b)) + d(db(a, c)); });
       },
       true},
      {"fma.rz.f64", "fma.rz.f64 %fdr, %fda, %fdb, %fda;\n  mov.b64 %rd, %fdr;", true,
       [](uint32_t a, uint32_t b, uint32_t c) {
         return rounded(FE_TOWARDZERO, [=] { return std::fma(d(da(a, b)), d(db(a, c)), d(da(a, b))); });
       },
       true},
      {"div.rn.f64", "div.rn.f64 %fdr, %fda, %fdb;\n  mov.b64 %rd, %fdr;", true,
       [](uint32_t a, uint32_t b, uint32_t c) {
         return rounded(FE_TONEAREST, [=] { return d(da(a, b)) / d(db(a, c)); });
       },
       true},
      {"sqrt.rn.f64", "sqrt.rn.f64 %fdr, %fda;\n  mov.b64 %rd, %fdr;", true,
       [](uint32_t a, uint32_t b, uint32_t) { return rounded(FE_TONEAREST, [=] { return std::sqrt(d(da(a, b))); }); },
       true},
      {"cvt.rn.f32.f64", "cvt.rn.f32.f64 %fr, %fda;\n  mov.b32 %r, %fr;", false,
       [](uint32_t a, uint32_t b, uint32_t) {
         return rounded(FE_TONEAREST, [=] { return static_cast<float>(d(da(a, b))); });
       },
       true},
  };
}

// Edge words (integers and floats alike), then random words; every input triple of a run comes from them.
std::vector<Inputs> inputs() {
  const uint32_t edges[] = {0,          1,          2,          3,          7,          31,         32,
                            33,         0xff,       0xffff,     0x10000,    0x7fffffff, 0x80000000, 0x80000001,
                            0xfffffffe, 0xffffffff, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000,
                            0x00000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0x4b000000, 0x4f000000, 0xcf000000,
                            0x3eaaaaab, 0x40490fdb, 0x0c000000, 0x72800000, 0x12345678, 0x9abcdef0};
  std::vector<Inputs> v;
  for (uint32_t a : edges)
    for (uint32_t b : edges) v.push_back({a, b, b ^ 0x5a5a5a5a});
  std::mt19937 rng(2026);
  auto word = [&rng] { return static_cast<uint32_t>(rng()); };
  for (int i = 0; i < 640; ++i) v.push_back({word(), word(), word()});
  // Floats of moderate exponents, where the arithmetic does not just overflow or vanish.
  std::uniform_real_distribution<float> mag(-1e6f, 1e6f);
  for (int i = 0; i < 320; ++i) v.push_back({bits(mag(rng)), bits(mag(rng)), bits(mag(rng))});
  return v;
}

class ExecPtxas : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ExecPtxas, LoweredCodeComputesThePtxResult) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const Case k = cases()[GetParam()];
  const std::string base = test::temp_dir() + "/exec_" + std::to_string(GetParam());
  test::write_text(base + ".ptx", kernel(k));
  const auto compiled = test::run_program({ptxas, "-arch=sm_50", base + ".ptx", "-o", base + ".cubin"});
  ASSERT_EQ(compiled.status, 0) << k.name << ": ptxas: " << compiled.err;
  const auto cubin = isa::read_cubin(test::read_bytes(base + ".cubin"));
  ASSERT_TRUE(cubin) << cubin.error();
  ASSERT_EQ(cubin->functions.size(), 1u);
  isa::sm50::Program program;
  const auto fail = isa::sm50::decode_program(cubin->functions[0].code, cubin->arch, 0, program);
  ASSERT_FALSE(fail) << fail->reason;

  std::vector<Inputs> all = inputs();
  if (k.valid) std::erase_if(all, [&](const Inputs& in) { return !k.valid(in); });
  constexpr uint64_t kIn = 0x100000, kOut = kIn + 0x1000;
  std::size_t checked = 0;
  for (std::size_t at = 0; at < all.size(); at += exec::kLanes) {
    exec::Machine m;
    m.global = exec::ByteMemory(kIn, 0x2000);
    const uint32_t params[4] = {static_cast<uint32_t>(kIn), 0, static_cast<uint32_t>(kOut), 0};
    m.set_cbank(0, 0x140, params);
    const uint32_t stack = 0x4000;
    m.set_cbank(0, 0x20, std::span(&stack, 1));
    m.system.ntid = {exec::kLanes, 1, 1};
    for (const auto& [bank, data] : cubin->functions[0].constants)  // ptxas's literals (bank 2)
      if (bank != 0) m.set_cbank(bank, 0, std::span<const std::byte>(data));
    for (unsigned l = 0; l < exec::kLanes; ++l) {
      m.system.tid[l] = {l, 0, 0};
      const Inputs& in = all[std::min(at + l, all.size() - 1)];
      for (unsigned i = 0; i < 3; ++i) m.global.store32(kIn + 12 * l + 4 * i, in[i]);
    }
    exec::Warp w;
    w.masks = exec::ThreadMasks::launch(exec::kAllLanes);
    w.pixel_shader = false;
    exec::RunReport report;
    const auto err = exec::run(program, w, m, {}, report);
    ASSERT_FALSE(err) << k.name << ": " << err->to_string();
    for (unsigned l = 0; l < exec::kLanes && at + l < all.size(); ++l) {
      const Inputs& in = all[at + l];
      const uint64_t got = uint64_t{m.global.load32(kOut + 8 * l + 4)} << 32 | m.global.load32(kOut + 8 * l);
      const uint64_t want = k.expect(in[0], in[1], in[2]);
      const bool want_nan = k.wide ? std::isnan(d(want)) : std::isnan(f(static_cast<uint32_t>(want)));
      const bool got_nan = k.wide ? std::isnan(d(got)) : std::isnan(f(static_cast<uint32_t>(got)));
      if (k.is_float && want_nan) {
        EXPECT_TRUE(got_nan)
            << k.name << fmt::format(" of {:#x}, {:#x}, {:#x}: {:#x}, expected a NaN", in[0], in[1], in[2], got);
      } else {
        EXPECT_EQ(got, want) << k.name << fmt::format(" of {:#x}, {:#x}, {:#x}", in[0], in[1], in[2]);
      }
      ++checked;
    }
    if (HasFailure()) break;
  }
  std::printf("[ oracle ] %s: %zu lanes as PTX defines (%zu SASS instructions from ptxas)\n", k.name.c_str(), checked,
              program.code.size());
}

INSTANTIATE_TEST_SUITE_P(Ops, ExecPtxas, ::testing::Range<std::size_t>(0, cases().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& i) {
                           std::string n = cases()[i.param].name;
                           for (char& c : n)
                             if (c == '.') c = '_';
                           return n;
                         });

}  // namespace
}  // namespace tmu
