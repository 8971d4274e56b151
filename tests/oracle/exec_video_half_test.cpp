// SPDX-License-Identifier: MIT
// The executor's video and half-precision instructions against their PTX definitions.
//
// Video (VADD, VABSDIFF, VABSDIFF4, VMNMX, VSET, VSHL, VSHR, VMAD): small PTX kernels, one vadd/vsub/vabsdiff/vmin/
// vmax/vset/vshl/vshr/vmad/vabsdiff4 each, are compiled by ptxas 11.8 for sm_50 and run on one warp; every lane's
// result must be what the PTX ISA's pseudo-code (partSelectSignExtend, optSaturate, optSecondaryOp, optMerge, vmad's
// 128-bit sum) gives, computed here with host integers.
//
// Half precision (HADD2, HMUL2, HFMA2, HSET2, HSETP2, the _32I forms) and the video forms ptxas never writes
// (VSETP, VABSDIFF4's byte selectors and immediate): ptxas accepts f16 arithmetic only for sm_53 and later ("Feature
// 'f16 arithemetic and compare instructions' requires .target sm_53"), so these are SASS assembled here for SM52,
// run with the inputs in registers, and compared with IEEE half arithmetic of the host (host doubles rounded to
// halves with nearbyint, ties to even; the fused multiply-add rounded to odd in double first), never tmu's.
//
// Inputs: edge values (integers, halves: zeros, denormals, the largest finite, infinities, NaN) and random words.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>
#include <variant>

#include "exec/executor.h"
#include "isa/cubin.h"
#include "isa/sm50/program.h"
#include "oracle.h"

namespace tmu {
namespace {

__extension__ typedef __int128 i128;

using Inputs = std::array<uint32_t, 3>;
using Expect = std::function<uint32_t(uint32_t, uint32_t, uint32_t)>;

// A case's name as a test name: gtest takes no dots.
std::string test_name(std::string n) {
  std::replace(n.begin(), n.end(), '.', '_');
  return n;
}

// ---- PTX video semantics on the host ------------------------------------------------------------------------------

// A source selector as PTX spells it: .b0 .. .b3, .h0, .h1, or the whole word.
enum Sel { b0, b1, b2, b3, h0, h1, w };

// partSelectSignExtend: the selected byte, half or word, sign-extended for a signed type.
int64_t ext(uint32_t v, Sel s, bool sgn) {
  if (s == w) return sgn ? int64_t{static_cast<int32_t>(v)} : int64_t{v};
  const unsigned k = static_cast<unsigned>(s), bits = s <= b3 ? 8 : 16, shift = s <= b3 ? 8 * k : 16 * (k - 4);
  const uint32_t raw = (v >> shift) & ((1u << bits) - 1);
  const int64_t top = int64_t{1} << (bits - 1);
  return sgn && raw >= top ? int64_t{raw} - 2 * top : int64_t{raw};
}

enum class Op2 { none, add, min, max };

// optSaturate (to the width dsel keeps, signed or not by the destination type), then optSecondaryOp or optMerge.
uint32_t ptx_video(i128 tmp, bool sat, bool dsigned, Op2 op2, Sel dsel, uint32_t c) {
  if (sat) {
    const unsigned bits = dsel <= b3 ? 8 : dsel <= h1 ? 16 : 32;
    const i128 top = dsigned ? (i128{1} << (bits - 1)) - 1 : (i128{1} << bits) - 1;
    const i128 bottom = dsigned ? -(i128{1} << (bits - 1)) : 0;
    tmp = tmp > top ? top : tmp < bottom ? bottom : tmp;
  }
  const i128 cv = dsigned ? i128{static_cast<int32_t>(c)} : i128{c};
  switch (op2) {
    case Op2::add: tmp += cv; break;
    case Op2::min: tmp = tmp < cv ? tmp : cv; break;
    case Op2::max: tmp = tmp > cv ? tmp : cv; break;
    case Op2::none: break;
  }
  const auto t = static_cast<uint32_t>(tmp);
  switch (dsel) {
    case b0: case b1: case b2: case b3: {
      const unsigned sh = 8 * static_cast<unsigned>(dsel);
      return (c & ~(0xffu << sh)) | (t & 0xffu) << sh;
    }
    case h0: return (c & 0xffff0000u) | (t & 0xffffu);
    case h1: return (c & 0xffffu) | t << 16;
    default: return t;
  }
}

// vmad: the exact product, negated (by inversion plus one) or with C negated, or plus one (.po); C sign-extended when
// the result is signed; the scale; the saturation by that signedness.
uint32_t ptx_vmad(int64_t ta, int64_t tb, bool signed_final, char negated, bool po, unsigned shr, bool sat,
                  uint32_t c) {
  i128 tmp = i128{ta} * tb;
  int lsb = 0;
  if (po) lsb = 1;
  else if (negated == 'p') tmp = ~tmp, lsb = 1;
  else if (negated == 'c') c = ~c, lsb = 1;
  const i128 c128 = signed_final ? i128{static_cast<int32_t>(c)} : i128{c};
  i128 r = (tmp + c128 + lsb) >> shr;
  if (sat) {
    const i128 top = signed_final ? INT32_MAX : i128{UINT32_MAX}, bottom = signed_final ? INT32_MIN : 0;
    r = r > top ? top : r < bottom ? bottom : r;
  }
  return static_cast<uint32_t>(r);
}

// vabsdiff4 with the default selectors (A's bytes 3210, B's 7654): per byte lane |a - b|, .sat to S8/U8, then for the
// lanes of mask either merged into c or (.add) summed with c.
uint32_t ptx_vabsdiff4(uint32_t a, uint32_t b, uint32_t c, bool sa, bool sb, bool dsigned, bool sat, bool add,
                       unsigned mask = 15) {
  uint32_t d = c;
  for (unsigned i = 0; i < 4; ++i) {
    if (!((mask >> i) & 1)) continue;
    int64_t t = std::abs(ext(a, static_cast<Sel>(i), sa) - ext(b, static_cast<Sel>(i), sb));
    if (sat) t = std::min<int64_t>(t, dsigned ? 127 : 255);
    if (add) d += static_cast<uint32_t>(t);
    else d = (d & ~(0xffu << (8 * i))) | (static_cast<uint32_t>(t) & 0xffu) << (8 * i);
  }
  return d;
}

i128 shl(int64_t a, int64_t n) { return i128{a} * (i128{1} << n); }
int64_t clamp32(int64_t n) { return std::min<int64_t>(n, 32); }

struct VideoCase {
  std::string name;
  std::string body;  // PTX using %a %b %c (u32), leaving the result in %r
  Expect expect;
};

std::vector<VideoCase> video_cases() {
  using enum Op2;
  return {
      {"vadd.u32.u32.u32", "vadd.u32.u32.u32 %r, %a, %b;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, w, 0) + ext(b, w, 0), 0, 0, none, w, c); }},
      {"vadd.s32.s32.s32.sat", "vadd.s32.s32.s32.sat %r, %a, %b;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, w, 1) + ext(b, w, 1), 1, 1, none, w, c); }},
      {"vadd.u32.u32.s32.sat_b1_h1", "vadd.u32.u32.s32.sat %r, %a.b1, %b.h1;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b1, 0) + ext(b, h1, 1), 1, 0, none, w, c); }},
      {"vsub.s32.s32.u32.sat_h0_b2", "vsub.s32.s32.u32.sat %r, %a.h0, %b.b2;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, h0, 1) - ext(b, b2, 0), 1, 1, none, w, c); }},
      {"vsub.u32.s32.s32.sat.min", "vsub.u32.s32.s32.sat.min %r, %a.h1, %b.b3, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, h1, 1) - ext(b, b3, 1), 1, 0, min, w, c); }},
      {"vadd.s32.u32.u32.max", "vadd.s32.u32.u32.max %r, %a.b0, %b.b1, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b0, 0) + ext(b, b1, 0), 0, 1, max, w, c); }},
      {"vadd.u32.u32.u32.add", "vadd.u32.u32.u32.add %r, %a.b1, %b.h1, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b1, 0) + ext(b, h1, 0), 0, 0, add, w, c); }},
      {"vadd.u32.u32.u32.sat_mrg_h1", "vadd.u32.u32.u32.sat %r.h1, %a, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, w, 0) + ext(b, w, 0), 1, 0, none, h1, c); }},
      {"vsub.s32.s32.s32.sat_mrg_b0", "vsub.s32.s32.s32.sat %r.b0, %a.b1, %b.b2, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b1, 1) - ext(b, b2, 1), 1, 1, none, b0, c); }},
      {"vadd.u32.s32.u32_mrg_b1", "vadd.u32.s32.u32 %r.b1, %a.b1, %b.b2, %c;",  // MRG_8B0, then PRMT
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b1, 1) + ext(b, b2, 0), 0, 0, none, b1, c); }},
      {"vadd.u32.s32.u32.sat_mrg_b2", "vadd.u32.s32.u32.sat %r.b2, %a.h1, %b.b2, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, h1, 1) + ext(b, b2, 0), 1, 0, none, b2, c); }},
      {"vadd.s32.u32.u32.sat_mrg_h0", "vadd.s32.u32.u32.sat %r.h0, %a.h1, %b.b2, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, h1, 0) + ext(b, b2, 0), 1, 1, none, h0, c); }},
      {"vadd.s32.s32.s32_imm", "vadd.s32.s32.s32.add %r, %a.b1, 0x7fff, %c;",
       [](uint32_t a, uint32_t, uint32_t c) { return ptx_video(ext(a, b1, 1) + 0x7fff, 0, 1, add, w, c); }},
      {"vabsdiff.s32.s32.s32.sat", "vabsdiff.s32.s32.s32.sat %r, %a, %b;",
       [](uint32_t a, uint32_t b, uint32_t c) {
         return ptx_video(std::abs(ext(a, w, 1) - ext(b, w, 1)), 1, 1, none, w, c);
       }},
      {"vabsdiff.u32.u32.s32.add", "vabsdiff.u32.u32.s32.add %r, %a.b2, %b.h0, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) {
         return ptx_video(std::abs(ext(a, b2, 0) - ext(b, h0, 1)), 0, 0, add, w, c);
       }},
      {"vabsdiff.s32.s32.s32.max", "vabsdiff.s32.s32.s32.max %r, %a, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) {
         return ptx_video(std::abs(ext(a, w, 1) - ext(b, w, 1)), 0, 1, max, w, c);
       }},
      {"vmin.u32.s32.u32.sat", "vmin.u32.s32.u32.sat %r, %a.h1, %b;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(std::min(ext(a, h1, 1), ext(b, w, 0)), 1, 0, none, w, c); }},
      {"vmax.s32.u32.s32.sat.max", "vmax.s32.u32.s32.sat.max %r, %a.b3, %b.h1, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(std::max(ext(a, b3, 0), ext(b, h1, 1)), 1, 1, max, w, c); }},
      {"vmax.s32.s32.s32.min_imm", "vmax.s32.s32.s32.min %r, %a.h0, 1000, %c;",
       [](uint32_t a, uint32_t, uint32_t c) { return ptx_video(std::max<int64_t>(ext(a, h0, 1), 1000), 0, 1, min, w, c); }},
      {"vmin.u32.u32.u32.add_imm", "vmin.u32.u32.u32.add %r, %a.h1, 0x8123, %c;",
       [](uint32_t a, uint32_t, uint32_t c) { return ptx_video(std::min<int64_t>(ext(a, h1, 0), 0x8123), 0, 0, add, w, c); }},
      {"vshl.u32.u32.u32.clamp.sat", "and.b32 %b, %b, 63;\n  vshl.u32.u32.u32.clamp.sat %r, %a, %b;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(shl(ext(a, w, 0), clamp32(b & 63)), 1, 0, none, w, c); }},
      {"vshl.s32.s32.u32.wrap_h0_b0", "vshl.s32.s32.u32.wrap %r, %a.h0, %b.b0;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(shl(ext(a, h0, 1), ext(b, b0, 0) & 31), 0, 1, none, w, c); }},
      {"vshl.s32.s32.u32.clamp.sat_mrg_h1", "and.b32 %b, %b, 31;\n  vshl.s32.s32.u32.clamp.sat %r.h1, %a.b1, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(shl(ext(a, b1, 1), b & 31), 1, 1, none, h1, c); }},
      {"vshr.s32.s32.u32.clamp", "and.b32 %b, %b, 63;\n  vshr.s32.s32.u32.clamp %r, %a, %b;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, w, 1) >> clamp32(b & 63), 0, 1, none, w, c); }},
      {"vshr.u32.u32.u32.wrap.add", "vshr.u32.u32.u32.wrap.add %r, %a.b2, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b2, 0) >> (b & 31), 0, 0, add, w, c); }},
      {"vshr.s32.s32.u32.clamp.max_imm", "vshr.s32.s32.u32.clamp.max %r, %a.h1, 9, %c;",
       [](uint32_t a, uint32_t, uint32_t c) { return ptx_video(ext(a, h1, 1) >> 9, 0, 1, max, w, c); }},
      {"vset.s32.u32.lt", "vset.s32.u32.lt %r, %a, %b;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, w, 1) < ext(b, w, 0), 0, 0, none, w, c); }},
      {"vset.u32.s32.ge.add", "vset.u32.s32.ge.add %r, %a.b1, %b.h1, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b1, 0) >= ext(b, h1, 1), 0, 0, add, w, c); }},
      {"vset.s32.s32.ne.max", "vset.s32.s32.ne.max %r, %a.h0, %b.h0, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, h0, 1) != ext(b, h0, 1), 0, 0, max, w, c); }},
      {"vset.u32.u32.eq_mrg_b2", "vset.u32.u32.eq %r.b2, %a.b2, %b.b2, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_video(ext(a, b2, 0) == ext(b, b2, 0), 0, 0, none, b2, c); }},
      {"vset.s32.s32.le.add_imm", "vset.s32.s32.le.add %r, %a.h1, -7, %c;",
       [](uint32_t a, uint32_t, uint32_t c) { return ptx_video(ext(a, h1, 1) <= -7, 0, 0, add, w, c); }},
      {"vmad.u32.u32.u32_h0_h1", "vmad.u32.u32.u32 %r, %a.h0, %b.h1, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vmad(ext(a, h0, 0), ext(b, h1, 0), false, 0, false, 0, false, c); }},
      {"vmad.s32.s32.s32.sat.shr15", "vmad.s32.s32.s32.sat.shr15 %r, %a.h1, %b.h0, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vmad(ext(a, h1, 1), ext(b, h0, 1), true, 0, false, 15, true, c); }},
      {"vmad.u32.u32.u32_negc", "vmad.u32.u32.u32 %r, %a.b0, %b.h0, -%c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vmad(ext(a, b0, 0), ext(b, h0, 0), true, 'c', false, 0, false, c); }},
      {"vmad.u32.u32.u32.sat_nega", "vmad.u32.u32.u32.sat %r, -%a.b0, %b.b3, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vmad(ext(a, b0, 0), ext(b, b3, 0), true, 'p', false, 0, true, c); }},
      {"vmad.s32.s32.s32", "vmad.s32.s32.s32 %r, %a, %b, %c;",  // 32-bit sources: a variable-latency row
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vmad(ext(a, w, 1), ext(b, w, 1), true, 0, false, 0, false, c); }},
      {"vmad.u32.u32.u32.po.sat.shr7", "vmad.u32.u32.u32.po.sat.shr7 %r, %a, %b.h1, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vmad(ext(a, w, 0), ext(b, h1, 0), false, 0, true, 7, true, c); }},
      {"vmad.s32.u32.s32.shr7", "vmad.s32.u32.s32.shr7 %r, %a.b2, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vmad(ext(a, b2, 0), ext(b, w, 1), true, 0, false, 7, false, c); }},
      {"vabsdiff4.u32.u32.u32", "vabsdiff4.u32.u32.u32 %r, %a, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vabsdiff4(a, b, c, false, false, false, false, false); }},
      {"vabsdiff4.u32.s32.u32.add", "vabsdiff4.u32.s32.u32.add %r, %a, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vabsdiff4(a, b, c, true, false, false, false, true); }},
      {"vabsdiff4.s32.s32.s32.sat", "vabsdiff4.s32.s32.s32.sat %r, %a, %b, %c;",  // lowered to PRMT, BFE, I2I
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vabsdiff4(a, b, c, true, true, true, true, false); }},
      {"vabsdiff4.u32.u32.u32_b20", "vabsdiff4.u32.u32.u32 %r.b20, %a, %b, %c;",
       [](uint32_t a, uint32_t b, uint32_t c) { return ptx_vabsdiff4(a, b, c, false, false, false, false, false, 5); }},
  };
}

// A kernel: thread t loads %a, %b, %c from in + 12 t, runs `body` and stores %r at out + 4 t.
std::string kernel(const std::string& body, int sm = 50) {
  return fmt::format(R"(.version 7.8
.target sm_{}
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{{
  .reg .b32 %a, %b, %c, %r, %t, %s, %u, %v;
  .reg .b16 %hx, %hy, %hz, %hw;
  .reg .pred %pp, %pq;
  .reg .u64 %p, %q, %o, %x;
  ld.param.u64 %p, [in];
  ld.param.u64 %o, [out];
  mov.u32 %t, %tid.x;
  mul.wide.u32 %x, %t, 12;
  add.u64 %q, %p, %x;
  ld.global.u32 %a, [%q];
  ld.global.u32 %b, [%q+4];
  ld.global.u32 %c, [%q+8];
  {}
  mul.wide.u32 %x, %t, 4;
  add.u64 %q, %o, %x;
  st.global.u32 [%q], %r;
  ret;
}}
)",
                     sm, body);
}

std::vector<Inputs> video_inputs() {
  const uint32_t edges[] = {0,          1,          2,          7,          8,          9,          15,
                            16,         31,         32,         33,         63,         0x7f,       0x80,
                            0xff,       0x100,      0x7fff,     0x8000,     0xffff,     0x10000,    0x7fffffff,
                            0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x807f80ff, 0x7f80ff00, 0x01ff7f80,
                            0x8000ffff, 0xffff8000, 0x12345678, 0x9abcdef0, 0xfedcba98, 0x00800080};
  std::vector<Inputs> v;
  for (uint32_t a : edges)
    for (uint32_t b : edges) v.push_back({a, b, b ^ 0xa5a5a5a5u});
  std::mt19937 rng(1414);
  auto word = [&rng] { return static_cast<uint32_t>(rng()); };
  for (int i = 0; i < 640; ++i) v.push_back({word(), word(), word()});
  return v;
}

// ptxas's code for one kernel (sm_50, or sm_53 read as SM52: see the half-precision kernels below), decoded; empty
// (with a failure recorded) when a step fails.
isa::sm50::Program compile(const std::string& ptxas, const std::string& ptx, const std::string& base, int sm = 50) {
  isa::sm50::Program program;
  test::write_text(base + ".ptx", ptx);
  std::vector<std::byte> bytes;
  if (const auto r = test::run_program({ptxas, fmt::format("-arch=sm_{}", sm), base + ".ptx", "-o", base + ".cubin"});
      r.status != 0) {
    ADD_FAILURE() << "ptxas: " << r.err;
    return program;
  }
  bytes = test::read_bytes(base + ".cubin");
  if (const auto cubin = isa::read_cubin(bytes); !cubin) {
    ADD_FAILURE() << cubin.error();
  } else if (cubin->functions.size() != 1) {
    ADD_FAILURE() << cubin->functions.size() << " functions";
  } else if (const auto bad = isa::sm50::decode_program(cubin->functions[0].code, cubin->arch, 0, program)) {
    ADD_FAILURE() << bad->reason;
  }
  return program;
}

// Runs a kernel on warps of 32 input triples (thread t reads in[t] at `in` + 12 t and writes one word at `out` + 4 t);
// the words written, or the first error.
std::variant<std::vector<uint32_t>, std::string> run_kernel(const isa::sm50::Program& program,
                                                            const std::vector<Inputs>& all) {
  constexpr uint32_t kIn = 0x100000, kOut = kIn + 0x1000, params[4] = {kIn, 0, kOut, 0};
  std::vector<uint32_t> out;
  for (std::size_t at = 0; at < all.size(); at += exec::kLanes) {
    exec::Machine m;
    m.set_cbank(0, 0x140, params);
    m.global = exec::ByteMemory(kIn, 0x2000);
    m.system.ntid = {exec::kLanes, 1, 1};
    for (unsigned t = 0; t < exec::kLanes; ++t) {
      m.system.tid[t] = {t, 0, 0};
      for (unsigned i = 0; i < 3; ++i) m.global.store32(kIn + 12 * t + 4 * i, all[std::min(at + t, all.size() - 1)][i]);
    }
    exec::Warp warp;
    warp.masks = exec::ThreadMasks::launch(exec::kAllLanes);
    warp.pixel_shader = false;
    exec::RunReport report;
    if (const auto err = exec::run(program, warp, m, {}, report)) return err->to_string();
    for (unsigned t = 0; t < exec::kLanes && at + t < all.size(); ++t) out.push_back(m.global.load32(kOut + 4 * t));
  }
  return out;
}

class ExecVideo : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ExecVideo, LoweredCodeComputesThePtxResult) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const VideoCase k = video_cases()[GetParam()];
  const isa::sm50::Program program =
      compile(ptxas, kernel(k.body), test::temp_dir() + "/video_" + std::to_string(GetParam()));
  ASSERT_FALSE(program.code.empty()) << k.name;
  const std::vector<Inputs> all = video_inputs();
  const auto result = run_kernel(program, all);
  ASSERT_FALSE(std::holds_alternative<std::string>(result)) << k.name << ": " << std::get<std::string>(result);
  const auto& got = std::get<std::vector<uint32_t>>(result);
  std::size_t agreed = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Inputs& in = all[i];
    const uint32_t want = k.expect(in[0], in[1], in[2]);
    EXPECT_EQ(got[i], want) << k.name << fmt::format(" of {:#x}, {:#x}, {:#x}", in[0], in[1], in[2]);
    agreed += got[i] == want;
    if (i + 1 - agreed >= 8) break;  // enough to see what is wrong
  }
  std::size_t video = 0;
  for (const auto& inst : program.code) {
    using isa::sm50::Op;
    const Op op = inst.op();
    video += op == Op::VADD || op == Op::VABSDIFF || op == Op::VABSDIFF4 || op == Op::VMNMX || op == Op::VSET ||
             op == Op::VSHL || op == Op::VSHR || op == Op::VMAD;
  }
  std::printf("[ oracle ] %s: %zu of %zu lanes as PTX defines (%zu video instructions from ptxas)\n", k.name.c_str(),
              agreed, all.size(), video);
}

INSTANTIATE_TEST_SUITE_P(Ops, ExecVideo, ::testing::Range<std::size_t>(0, video_cases().size()),
                         [](const auto& i) { return test_name(video_cases()[i.param].name); });

// ---- IEEE half arithmetic on the host -----------------------------------------------------------------------------

// The value of a half (exact in double).
double hv(uint16_t h) {
  const int e = (h >> 10) & 31, m = h & 1023;
  const double mag = e == 31 ? (m ? std::nan("") : HUGE_VAL) : e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25);
  return (h & 0x8000u) ? -mag : mag;
}
// A double rounded to the nearest half, ties to even: the significand scaled to an integer in units of the half's
// last place (2^-24 for subnormals) and rounded there by the host's nearbyint.
uint16_t hr(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000u : 0u;
  if (std::isnan(v)) return 0x7e00u;
  const double a = std::fabs(v);
  const int e = a == 0 ? -14 : std::max(std::ilogb(a), -14);
  const double r = std::ldexp(std::nearbyint(std::ldexp(a, 10 - e)), e - 10);
  if (r >= 65536) return sign | 0x7c00u;
  if (r < 0x1p-14) return static_cast<uint16_t>(sign | static_cast<unsigned>(r * 0x1p24));
  const int k = std::ilogb(r);
  return static_cast<uint16_t>(sign | static_cast<unsigned>(k + 15) << 10 |
                               static_cast<unsigned>(std::ldexp(r, 10 - k) - 1024));
}
uint16_t lo(uint32_t v) { return static_cast<uint16_t>(v); }
uint16_t hi(uint32_t v) { return static_cast<uint16_t>(v >> 16); }
uint32_t pack(uint32_t l, uint32_t h) { return (h & 0xffffu) << 16 | (l & 0xffffu); }
bool nan16(uint16_t h) { return (h & 0x7fffu) > 0x7c00u; }
uint16_t neg(uint16_t h) { return static_cast<uint16_t>(h ^ 0x8000u); }
uint16_t habs(uint16_t h) { return static_cast<uint16_t>(h & 0x7fffu); }
uint16_t ftz(uint16_t h) { return (h & 0x7c00u) == 0 ? static_cast<uint16_t>(h & 0x8000u) : h; }
uint16_t from_f32(uint32_t v) { return hr(static_cast<double>(std::bit_cast<float>(v))); }

// PTX .sat: [0, 1], NaN to +0.
uint16_t hsat(uint16_t h) {
  if (nan16(h) || (h & 0x8000u)) return 0;
  return hv(h) > 1 ? 0x3c00u : h;
}

// fma.rn.f16: the exact a * b + c rounded to odd in double (toward zero, last bit set when inexact), then to half.
uint16_t hfma(uint16_t a, uint16_t b, uint16_t c) {
  const double x = hv(a), y = hv(b), z = hv(c);
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return hr(x * y + z);
  std::feclearexcept(FE_INEXACT);
  const int saved = std::fegetround();
  std::fesetround(FE_TOWARDZERO);
  volatile double r = std::fma(x, y, z);
  const bool inexact = std::fetestexcept(FE_INEXACT) != 0;
  std::fesetround(saved);
  double t = r;
  if (inexact) t = std::bit_cast<double>(std::bit_cast<uint64_t>(t) | 1u);
  return hr(t);
}

uint16_t hadd(uint16_t a, uint16_t b) { return hr(hv(a) + hv(b)); }
uint16_t hmul(uint16_t a, uint16_t b) { return hr(hv(a) * hv(b)); }
// .FMZ: a zero factor gives a zero product (sign: the product's) even against Inf and NaN.
uint16_t hmul_fmz(uint16_t a, uint16_t b) {
  a = ftz(a), b = ftz(b);
  if (habs(a) == 0 || habs(b) == 0) return static_cast<uint16_t>((a ^ b) & 0x8000u);
  return ftz(hmul(a, b));
}
uint16_t hfma_fmz(uint16_t a, uint16_t b, uint16_t c) {
  a = ftz(a), b = ftz(b), c = ftz(c);
  if (habs(a) == 0 || habs(b) == 0) return ftz(hadd(static_cast<uint16_t>((a ^ b) & 0x8000u), c));
  return ftz(hfma(a, b, c));
}

// setp's comparisons of two halves (unordered: NaN on either side).
bool lt(uint16_t a, uint16_t b) { return hv(a) < hv(b); }
bool ge(uint16_t a, uint16_t b) { return hv(a) >= hv(b); }
bool ne(uint16_t a, uint16_t b) { return hv(a) != hv(b) && !nan16(a) && !nan16(b); }
bool gtu(uint16_t a, uint16_t b) { return nan16(a) || nan16(b) || hv(a) > hv(b); }

// What a case's result is: a half pair (a NaN half matches any NaN), an F32 (any NaN), or exact bits.
enum class Kind { pair, f32, exact };
constexpr unsigned kHalves[] = {0, 16};  // where H0 and H1 lie in a register

bool agrees(Kind kind, uint32_t got, uint32_t want) {
  if (kind == Kind::pair)  // a NaN half matches any NaN
    return std::all_of(std::begin(kHalves), std::end(kHalves), [&](unsigned shift) {
      const auto g = static_cast<uint16_t>(got >> shift), e = static_cast<uint16_t>(want >> shift);
      return nan16(e) ? nan16(g) : g == e;
    });
  if (kind == Kind::f32 && std::isnan(std::bit_cast<float>(want))) return std::isnan(std::bit_cast<float>(got));
  return got == want;
}

struct HalfCase {
  std::string name;
  std::string sass;  // inputs: R0 = a, R1 = b, R2 = c, R3 = d (also the result), P0; P1, P2 are read as bits 0, 1
  Kind kind;
  std::function<uint32_t(uint32_t a, uint32_t b, uint32_t c, uint32_t d, bool p0)> expect;
};

constexpr uint32_t kConst = 0xc4003e00u;  // c[0x2][0x8]: H1 = -4, H0 = 1.5

std::vector<HalfCase> half_cases() {
  using U = uint32_t;
  return {
      {"HADD2", "HADD2 R3, R0, R1;", Kind::pair,
       [](U a, U b, U, U, bool) { return pack(hadd(lo(a), lo(b)), hadd(hi(a), hi(b))); }},
      {"HADD2.FTZ.SAT_swizzles", "HADD2.FTZ.SAT R3, -R0.H1_H1, |R1.H0_H0|;", Kind::pair,
       [](U a, U b, U, U, bool) {
         const uint16_t x = ftz(neg(hi(a))), y = ftz(habs(lo(b)));
         const uint16_t r = hsat(ftz(hadd(x, y)));
         return pack(r, r);
       }},
      {"HADD2.MRG_H1", "HADD2.MRG_H1 R3, R0, -R1;", Kind::pair,
       [](U a, U b, U, U d, bool) { return pack(lo(d), hadd(hi(a), neg(hi(b)))); }},
      {"HADD2.F32", "HADD2.F32 R3, R0.F32, R1.H1_H1;", Kind::f32,
       [](U a, U b, U, U, bool) { return std::bit_cast<U>(static_cast<float>(hv(hadd(from_f32(a), hi(b))))); }},
      {"HADD2_imm", "HADD2 R3, R0, 1.5, -0.25;", Kind::pair,
       [](U a, U, U, U, bool) { return pack(hadd(lo(a), hr(-0.25)), hadd(hi(a), hr(1.5))); }},
      {"HADD2_const", "HADD2 R3, -|R0|, c[0x2][0x8];", Kind::pair,
       [](U a, U, U, U, bool) { return pack(hadd(neg(habs(lo(a))), lo(kConst)), hadd(neg(habs(hi(a))), hi(kConst))); }},
      {"HADD2_32I", "HADD2_32I R3, R0, 0.1, 3;", Kind::pair,
       [](U a, U, U, U, bool) { return pack(hadd(lo(a), hr(3)), hadd(hi(a), hr(0.1))); }},
      {"HMUL2", "HMUL2 R3, R0, R1;", Kind::pair,
       [](U a, U b, U, U, bool) { return pack(hmul(lo(a), lo(b)), hmul(hi(a), hi(b))); }},
      {"HMUL2.FMZ", "HMUL2.FMZ R3, R0.H0_H0, -R1;", Kind::pair,
       [](U a, U b, U, U, bool) { return pack(hmul_fmz(lo(a), neg(lo(b))), hmul_fmz(lo(a), neg(hi(b)))); }},
      {"HMUL2.MRG_H0.FTZ", "HMUL2.MRG_H0.FTZ R3, |R0|, R1.H1_H1;", Kind::pair,
       [](U a, U b, U, U d, bool) { return pack(ftz(hmul(ftz(habs(lo(a))), ftz(hi(b)))), hi(d)); }},
      {"HMUL2_32I.FMZ", "HMUL2_32I.FMZ R3, R0.H1_H1, -65504, 0.000061;", Kind::pair,
       [](U a, U, U, U, bool) { return pack(hmul_fmz(hi(a), 0x03ffu), hmul_fmz(hi(a), hr(-65504))); }},
      {"HFMA2", "HFMA2 R3, R0, R1, R2;", Kind::pair,
       [](U a, U b, U c, U, bool) { return pack(hfma(lo(a), lo(b), lo(c)), hfma(hi(a), hi(b), hi(c))); }},
      {"HFMA2.FMZ.SAT", "HFMA2.FMZ.SAT R3, R0.H1_H1, -R1, -R2.H0_H0;", Kind::pair,
       [](U a, U b, U c, U, bool) {
         return pack(hsat(hfma_fmz(hi(a), neg(lo(b)), neg(lo(c)))), hsat(hfma_fmz(hi(a), neg(hi(b)), neg(lo(c)))));
       }},
      {"HFMA2_const", "HFMA2 R3, R0, c[0x2][0x8], R2;", Kind::pair,
       [](U a, U, U c, U, bool) { return pack(hfma(lo(a), lo(kConst), lo(c)), hfma(hi(a), hi(kConst), hi(c))); }},
      {"HFMA2_RC", "HFMA2 R3, R0, -R2.H1_H1, c[0x2][0x8];", Kind::pair,
       [](U a, U, U c, U, bool) {
         return pack(hfma(lo(a), neg(hi(c)), lo(kConst)), hfma(hi(a), neg(hi(c)), hi(kConst)));
       }},
      {"HFMA2_imm", "HFMA2 R3, R0, -2, 0.5, -R2;", Kind::pair,
       [](U a, U, U c, U, bool) { return pack(hfma(lo(a), hr(0.5), neg(lo(c))), hfma(hi(a), hr(-2), neg(hi(c)))); }},
      {"HFMA2_32I", "HFMA2_32I R3, R0, 2, -1, R3;", Kind::pair,
       [](U a, U, U, U d, bool) { return pack(hfma(lo(a), hr(-1), lo(d)), hfma(hi(a), hr(2), hi(d))); }},
      {"HSET2.BF.LT.AND", "HSET2.BF.LT.AND R3, R0, R1, PT;", Kind::exact,
       [](U a, U b, U, U, bool) {
         return pack(lt(lo(a), lo(b)) ? 0x3c00u : 0u, lt(hi(a), hi(b)) ? 0x3c00u : 0u);
       }},
      {"HSET2.GE.FTZ.OR", "HSET2.GE.FTZ.OR R3, -R0, R1.H0_H0, P0;", Kind::exact,
       [](U a, U b, U, U, bool p) {
         const bool l = ge(ftz(neg(lo(a))), ftz(lo(b))) || p, h = ge(ftz(neg(hi(a))), ftz(lo(b))) || p;
         return pack(l ? 0xffffu : 0u, h ? 0xffffu : 0u);
       }},
      {"HSETP2.NE.AND", "HSETP2.NE.AND P1, P2, R0, R1, PT;", Kind::exact,
       [](U a, U b, U, U, bool) { return U{ne(lo(a), lo(b))} | U{ne(hi(a), hi(b))} << 1; }},
      {"HSETP2.GTU.H_AND.XOR", "HSETP2.GTU.H_AND.XOR P1, P2, R0.H1_H1, R1, !P0;", Kind::exact,
       [](U a, U b, U, U, bool p) {
         const bool both = gtu(hi(a), lo(b)) && gtu(hi(a), hi(b));
         return U{both != !p} | U{!both != !p} << 1;
       }},
      // The video forms ptxas does not write.
      {"VSETP.LT.S16.U8.AND", "VSETP.LT.S16.U8.AND P1, P2, R0.H1, R1.B2, PT;", Kind::exact,
       [](U a, U b, U, U, bool) {
         const bool r = ext(a, h1, 1) < ext(b, b2, 0);
         return U{r} | U{!r} << 1;
       }},
      {"VSETP.GE.OR_imm", "VSETP.GE.S8.S16.OR P1, P2, R0.B3, -0x1234, P0;", Kind::exact,
       [](U a, U, U, U, bool p) {
         const bool r = ext(a, b3, 1) >= -0x1234;
         return U{r || p} | U{!r || p} << 1;
       }},
      {"VABSDIFF4.S8.U8.ACC.XZ_selectors", "VABSDIFF4.S8.U8.ACC.XZ R3, R0.3201, R1.6543, R2;", Kind::exact,
       [](U a, U b, U c, U, bool) {
         // Lane 0: A byte 1 (.3201's last digit), B byte 3 (.6543: a's byte 3); lane 2: A byte 2, B byte 5 (b's byte 1).
         const int64_t x = std::abs(ext(a, b1, 1) - ext(a, b3, 0)), z = std::abs(ext(a, b2, 1) - ext(b, b1, 0));
         return c + static_cast<U>(x + z);
       }},
      {"VABSDIFF4.SD.SAT.Y_imm", "VABSDIFF4.SD.SAT.Y R3, R0.4321, -0x7b, R2;", Kind::exact,
       [](U a, U, U c, U, bool) {
         // Lane 1: A byte 2 (.4321), B the immediate -0x7b; both signed, clamped to S8's 127.
         const auto t = static_cast<U>(std::min<int64_t>(std::abs(ext(a, b2, 1) + 0x7b), 127));
         return (c & 0xffff00ffu) | t << 8;
       }},
  };
}

std::vector<Inputs> half_inputs() {
  const uint16_t edges[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x7bff, 0xfbff, 0x7c00, 0xfc00,
                            0x7e00, 0x0400, 0x03ff, 0x0001, 0x8001, 0x3c01, 0x3555, 0xc500, 0x6800, 0x7bfe,
                            0x1400, 0x0200, 0xb800, 0x5bff};
  constexpr std::size_t n = std::size(edges);
  std::vector<Inputs> v;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      v.push_back({pack(edges[i], edges[j]), pack(edges[j], edges[i]), pack(edges[(i + j) % n], edges[(3 * i + j) % n])});
  std::mt19937 rng(1515);
  auto word = [&rng] { return static_cast<uint32_t>(rng()); };
  for (int i = 0; i < 480; ++i) v.push_back({word(), word(), word()});
  // Halves of nearby exponents (14 +- 3), where sums and products round rather than overflow or vanish.
  auto near = [&rng] { return static_cast<uint16_t>((rng() & 0x8000u) | (11 + rng() % 7) << 10 | (rng() & 0x3ffu)); };
  for (int i = 0; i < 480; ++i) v.push_back({pack(near(), near()), pack(near(), near()), pack(near(), near())});
  return v;
}

class ExecHalf : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ExecHalf, AssembledCodeComputesTheIeeeResult) {
  const HalfCase k = half_cases()[GetParam()];
  isa::sm50::Program program;
  const auto bad = isa::sm50::assemble(k.sass + "\nEXIT;\n", isa::Arch::SM52, program);
  ASSERT_FALSE(bad) << k.name << ": " << bad->message;
  const std::vector<Inputs> all = half_inputs();
  std::size_t checked = 0, agreed = 0;
  for (std::size_t at = 0; at < all.size(); at += exec::kLanes) {
    exec::Machine m;
    m.set_cbank(2, 0x8, std::span(&kConst, 1));
    exec::Warp warp;
    warp.masks = exec::ThreadMasks::launch(exec::kAllLanes);
    warp.pixel_shader = false;
    warp.pred[0] = 0xaaaaaaaau;  // P0 in odd lanes
    for (unsigned l = 0; l < exec::kLanes; ++l) {
      const Inputs& in = all[std::min(at + l, all.size() - 1)];
      for (unsigned r = 0; r < 3; ++r) warp.reg[r][l] = in[r];
      warp.reg[3][l] = in[2] ^ 0x5a5a5a5au;
    }
    exec::RunReport report;
    const auto err = exec::run(program, warp, m, {}, report);
    ASSERT_FALSE(err) << k.name << ": " << err->to_string();
    for (unsigned l = 0; l < exec::kLanes && at + l < all.size(); ++l) {
      const Inputs& in = all[at + l];
      const bool p0 = (l & 1) != 0;
      const uint32_t want = k.expect(in[0], in[1], in[2], in[2] ^ 0x5a5a5a5au, p0);
      const bool pred = k.sass.find(" P1, P2") != std::string::npos;
      const uint32_t got = pred ? ((warp.pred[1] >> l) & 1) | ((warp.pred[2] >> l) & 1) << 1 : warp.reg[3][l];
      const bool same = agrees(k.kind, got, want);
      EXPECT_TRUE(same) << fmt::format("{} of {:#010x}, {:#010x}, {:#010x} (lane {}): {:#010x}, expected {:#010x}",
                                       k.name, in[0], in[1], in[2], l, got, want);
      agreed += same;
      ++checked;
    }
    if (HasFailure()) break;
  }
  std::printf("[ oracle ] %s: %zu of %zu lanes as the host computes them\n", k.name.c_str(), agreed, checked);
}

INSTANTIATE_TEST_SUITE_P(Ops, ExecHalf, ::testing::Range<std::size_t>(0, half_cases().size()),
                         [](const auto& i) { return test_name(half_cases()[i.param].name); });

// ---- ptxas's half-precision code -----------------------------------------------------------------------------------
// ptxas 11.8 writes HADD2 & co. only for sm_53, whose Maxwell encodings are SM52's (read_cubin reads an sm_53 cubin
// as SM52; its listing is nvdisasm's, PtxasCorpus): the cubin is read as SM52 and run on the same
// inputs, against the host's half arithmetic. This checks how ptxas uses the fields (swizzles for scalar halves,
// HSETP2's predicate order, HSET2's .BF, negation through -RZ).

struct HalfPtxCase {
  std::string name;
  std::string body;  // PTX using %a %b %c (b32, f16x2), leaving the result in %r
  Kind kind;
  Expect expect;
};

std::vector<HalfPtxCase> half_ptx_cases() {
  using U = uint32_t;
  return {
      {"add.rn.f16x2", "add.rn.f16x2 %r, %a, %b;", Kind::pair,
       [](U a, U b, U) { return pack(hadd(lo(a), lo(b)), hadd(hi(a), hi(b))); }},
      {"sub.rn.f16x2", "sub.rn.f16x2 %r, %a, %b;", Kind::pair,
       [](U a, U b, U) { return pack(hadd(lo(a), neg(lo(b))), hadd(hi(a), neg(hi(b)))); }},
      {"mul.rn.f16x2", "mul.rn.f16x2 %r, %a, %b;", Kind::pair,
       [](U a, U b, U) { return pack(hmul(lo(a), lo(b)), hmul(hi(a), hi(b))); }},
      {"fma.rn.f16x2", "fma.rn.f16x2 %r, %a, %b, %c;", Kind::pair,
       [](U a, U b, U c) { return pack(hfma(lo(a), lo(b), lo(c)), hfma(hi(a), hi(b), hi(c))); }},
      {"add.ftz.sat.f16x2", "add.ftz.sat.f16x2 %r, %a, %b;", Kind::pair,
       [](U a, U b, U) {
         return pack(hsat(ftz(hadd(ftz(lo(a)), ftz(lo(b))))), hsat(ftz(hadd(ftz(hi(a)), ftz(hi(b))))));
       }},
      {"mul.ftz.f16x2", "mul.ftz.f16x2 %r, %a, %b;", Kind::pair,
       [](U a, U b, U) { return pack(ftz(hmul(ftz(lo(a)), ftz(lo(b)))), ftz(hmul(ftz(hi(a)), ftz(hi(b))))); }},
      {"fma.rn.ftz.sat.f16x2", "fma.rn.ftz.sat.f16x2 %r, %a, %b, %c;", Kind::pair,
       [](U a, U b, U c) {
         return pack(hsat(ftz(hfma(ftz(lo(a)), ftz(lo(b)), ftz(lo(c))))),
                     hsat(ftz(hfma(ftz(hi(a)), ftz(hi(b)), ftz(hi(c))))));
       }},
      {"neg.f16x2", "neg.f16x2 %r, %a;", Kind::pair, [](U a, U, U) { return pack(neg(lo(a)), neg(hi(a))); }},
      {"abs.f16x2", "abs.f16x2 %r, %a;", Kind::pair, [](U a, U, U) { return pack(habs(lo(a)), habs(hi(a))); }},
      {"set.ge.f16x2.f16x2", "set.ge.f16x2.f16x2 %r, %a, %b;", Kind::exact,
       [](U a, U b, U) { return pack(ge(lo(a), lo(b)) ? 0x3c00u : 0u, ge(hi(a), hi(b)) ? 0x3c00u : 0u); }},
      {"set.ltu.u32.f16x2", "set.ltu.u32.f16x2 %r, %a, %b;", Kind::exact,
       [](U a, U b, U) {
         return pack(ge(lo(a), lo(b)) ? 0u : 0xffffu, ge(hi(a), hi(b)) ? 0u : 0xffffu);  // ltu = not ge
       }},
      {"set.neu.or.f16x2.f16x2", "setp.ne.b32 %pp, %c, 0;\n  set.neu.or.f16x2.f16x2 %r, %a, %b, %pp;", Kind::exact,
       [](U a, U b, U c) {
         auto neu = [](uint16_t x, uint16_t y) { return !(hv(x) == hv(y)); };
         return pack(neu(lo(a), lo(b)) || c != 0 ? 0x3c00u : 0u, neu(hi(a), hi(b)) || c != 0 ? 0x3c00u : 0u);
       }},
      {"setp.lt.f16x2", "setp.lt.f16x2 %pp|%pq, %a, %b;\n  selp.u32 %u, 1, 0, %pp;\n  selp.u32 %v, 2, 0, %pq;\n"
       "  or.b32 %r, %u, %v;", Kind::exact,
       [](U a, U b, U) { return U{lt(lo(a), lo(b))} | U{lt(hi(a), hi(b))} << 1; }},
      {"fma.rn.f16x2_imm", "mov.b32 %s, 0x40003c00;\n  fma.rn.f16x2 %r, %a, %s, %c;", Kind::pair,
       [](U a, U, U c) { return pack(hfma(lo(a), 0x3c00u, lo(c)), hfma(hi(a), 0x4000u, hi(c))); }},
      {"mul.rn.f16x2_imm", "mov.b32 %s, 0xc1003800;\n  mul.rn.f16x2 %r, %a, %s;", Kind::pair,
       [](U a, U, U) { return pack(hmul(lo(a), 0x3800u), hmul(hi(a), 0xc100u)); }},
      {"add.f16_halves",
       "mov.b32 {%hx, %hy}, %a;\n  mov.b32 {%hz, %hw}, %b;\n  add.f16 %hx, %hx, %hw;\n  mov.b32 %r, {%hy, %hx};",
       Kind::pair, [](U a, U b, U) { return pack(hi(a), hadd(lo(a), hi(b))); }},
      {"mul.ftz.f16_halves",
       "mov.b32 {%hx, %hy}, %a;\n  mov.b32 {%hz, %hw}, %b;\n  mul.ftz.f16 %hx, %hx, %hw;\n  mov.b32 %r, {%hx, %hy};",
       Kind::pair, [](U a, U b, U) { return pack(ftz(hmul(ftz(lo(a)), ftz(hi(b)))), hi(a)); }},
      {"fma.rn.sat.f16_halves",
       "mov.b32 {%hx, %hy}, %a;\n  mov.b32 {%hz, %hw}, %b;\n  fma.rn.sat.f16 %hy, %hy, %hz, %hw;\n"
       "  mov.b32 %r, {%hx, %hy};",
       Kind::pair, [](U a, U b, U) { return pack(lo(a), hsat(hfma(hi(a), lo(b), hi(b)))); }},
  };
}

class ExecHalfPtxas : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ExecHalfPtxas, Sm53CodeComputesTheIeeeResult) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const HalfPtxCase k = half_ptx_cases()[GetParam()];
  const isa::sm50::Program program =
      compile(ptxas, kernel(k.body, 53), test::temp_dir() + "/half_" + std::to_string(GetParam()), 53);
  ASSERT_FALSE(program.code.empty()) << k.name;
  const std::vector<Inputs> all = half_inputs();
  const auto result = run_kernel(program, all);
  ASSERT_FALSE(std::holds_alternative<std::string>(result)) << k.name << ": " << std::get<std::string>(result);
  const auto& got = std::get<std::vector<uint32_t>>(result);
  std::size_t agreed = 0, half = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Inputs& in = all[i];
    const uint32_t want = k.expect(in[0], in[1], in[2]);
    const bool same = agrees(k.kind, got[i], want);
    EXPECT_TRUE(same) << fmt::format("{} of {:#010x}, {:#010x}, {:#010x}: {:#010x}, expected {:#010x}", k.name, in[0],
                                     in[1], in[2], got[i], want);
    agreed += same;
    if (i + 1 - agreed >= 8) break;
  }
  for (const auto& inst : program.code) {
    using isa::sm50::Op;
    const Op op = inst.op();
    half += op == Op::HADD2 || op == Op::HMUL2 || op == Op::HFMA2 || op == Op::HSET2 || op == Op::HSETP2 ||
            op == Op::HADD2_32I || op == Op::HMUL2_32I || op == Op::HFMA2_32I;
  }
  std::printf("[ oracle ] %s: %zu of %zu lanes as the host computes them (%zu half instructions from ptxas)\n",
              k.name.c_str(), agreed, all.size(), half);
}

INSTANTIATE_TEST_SUITE_P(Ops, ExecHalfPtxas, ::testing::Range<std::size_t>(0, half_ptx_cases().size()),
                         [](const auto& i) { return test_name(half_ptx_cases()[i.param].name); });

}  // namespace
}  // namespace tmu
