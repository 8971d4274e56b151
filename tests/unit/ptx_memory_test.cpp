// SPDX-License-Identifier: MIT
// The PTX compiler's atomics and barriers (docs/ptx.md "Compiling"): tests/data/ptx/kernels/atomics.ptx compiled by
// tmu and run by tmu run's launch, its outputs against PTX ISA "atom"/"red" computed here in C++ (the oracle test
// tmu_ptx_kernels_tests runs the same kernel compiled by ptxas 11.8 and compares); the SASS chosen for barriers;
// and the refusals with their positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "ptx/reader.h"
#include "ptx_kernel_harness.h"

namespace tmu {
namespace {

using namespace ptx_kernel_harness;

uint64_t word_pair(const std::vector<uint32_t>& out, unsigned at) { return uint64_t{out[at + 1]} << 32 | out[at]; }

int32_t s32(uint32_t v) { return static_cast<int32_t>(v); }

// atomics.ptx: 4 blocks of 32 threads, thread g (ctaid * 32 + tid) reading v = in[g]. out[0..7]: a shared histogram
// of v & 7 per block (atom.shared.add 1, red.shared.add 2), summed by red.global.add; out[8..]: global atomics
// every thread applies to one word (only their order-independent results); out[32 + 4g ..]: a chain of shared
// atomics on the thread's own word.
TEST(PtxCompileMemory, AtomicsAgainstPtxSemantics) {
  std::mt19937 rng(5);
  const uint32_t edges[] = {0, 1, 3, 4, 5, 7, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff};
  std::vector<uint32_t> in(128);
  for (uint32_t& v : in) v = rng() % 3 == 0 ? edges[rng() % std::size(edges)] : static_cast<uint32_t>(rng());
  std::vector<uint32_t> init(32 + 4 * 128, 0);
  init[11] = 0x7fffffff;  // atom.global.min.s32's start
  init[18] = 0xffffffff;  // atom.global.and.b32's start
  auto list = [](const std::vector<uint32_t>& w) {
    std::string s;
    for (uint32_t x : w) s += fmt::format("{}{}", s.empty() ? "" : ",", x);
    return s;
  };
  const auto out = launch_words(
      kernel_file("atomics.ptx"), "atomics.ptx",
      fmt::format(R"({{"kernel": "atomics", "grid": 4, "block": 32, "params": [{{"buffer": "out"}}, {{"buffer": "in"}}],
                      "buffers": [{{"name": "out", "size": {}, "u32": [{}]}}, {{"name": "in", "size": 512, "u32": [{}]}}]}})",
                  4 * init.size(), list(init), list(in)));
  ASSERT_EQ(out.size(), init.size());

  std::vector<uint32_t> want(20, 0);
  uint32_t vmax = 0, vor = 0, vxor = 0, vand = 0xffffffff, dec = 0;
  int32_t vmin = 0x7fffffff;
  float fsum = 0;
  uint64_t sum64 = 0, max64 = 0;
  for (uint32_t v : in) {
    want[v & 7] += 3;  // 1 + 2 in its block's bin, each bin added to out once per block
    vmax = std::max(vmax, v), vmin = std::min(vmin, s32(v));
    vor |= v, vxor ^= v, vand &= v;
    dec = (dec == 0 || dec > 1000) ? 1000 : dec - 1;  // PTX atom.dec
    fsum += static_cast<float>(v & 255);                // small integers: exact in any order
    sum64 += uint64_t{v} << 20, max64 = std::max(max64, uint64_t{v} << 20);
  }
  want[8] = 128, want[9] = 127 * 128 / 2;  // atom.add 1: the old values are 0..127 in some order
  want[10] = vmax, want[11] = static_cast<uint32_t>(vmin);
  want[12] = 0x1234, want[13] = 1;  // cas(0 -> 0x1234) by everyone: one succeeds
  want[14] = 128, want[15] = dec;   // inc with a bound of 1000 from 0
  want[16] = vor, want[17] = vxor, want[18] = vand, want[19] = std::bit_cast<uint32_t>(fsum);
  for (unsigned w = 0; w < 20; ++w) EXPECT_EQ(out[w], want[w]) << "out[" << w << "]";
  EXPECT_EQ(word_pair(out, 20), sum64);
  EXPECT_EQ(word_pair(out, 22), max64);
  EXPECT_EQ(word_pair(out, 24), 0x123456789abu);           // exch by everyone of one value
  EXPECT_EQ(word_pair(out, 28), 127 * 0x123456789abu);     // the old values: 0 once, then the value
  EXPECT_EQ(word_pair(out, 26), 0xabcdef012345u);          // cas.b64 (0 -> value) by everyone
  EXPECT_EQ(out[30], 1u);                                  // one of them succeeded
  for (uint32_t g = 0; g < 128; ++g) {
    const uint32_t v = in[g];
    const uint32_t mx = static_cast<uint32_t>(std::max(s32(v), 5));  // max.s32 5, then exch g (old: mx)
    const uint32_t inc = v >= 0x7fffffff ? 0 : v + 1;                 // cas g -> v, then inc 0x7fffffff
    const uint32_t d = (inc == 0 || inc > 3) ? 3 : inc - 1;          // dec 3, then xor g
    const std::array<uint32_t, 4> row{mx, v, inc, d ^ g};
    for (unsigned k = 0; k < 4; ++k) EXPECT_EQ(out[32 + 4 * g + k], row[k]) << "thread " << g << " word " << k;
  }
}

// atomics_loops.ptx: 2 blocks of 64 threads, thread g (ctaid * 64 + tid) reading a 64-bit v = in[g] (low word
// r, f = r & 63). The shared atomics ATOMS lacks (compare-and-swap loops: f32 add, 64-bit add/and/or/xor/min/max)
// and generic atomics into the shared window and global memory; the final words against PTX ISA "atom" computed
// here (the tmu_ptx_kernels_tests oracle compares every thread's old values with ptxas's too).
TEST(PtxCompileMemory, LoopedAndGenericAtomicsAgainstPtxSemantics) {
  std::mt19937_64 rng(77);
  const uint64_t edges[] = {0, 1, 63, 0x3fffffffffffffff, 0x4000000000000000, 0x4000000000000001,
                            0x7fffffffffffffff, 0x8000000000000000, 0xffffffff, 0x100000000, ~uint64_t{0}};
  std::vector<uint64_t> in(128);
  for (uint64_t& v : in) v = rng() % 3 == 0 ? edges[rng() % std::size(edges)] : rng() >> (rng() % 64);
  std::vector<uint32_t> init(128, 0);
  init[33] = 0x7fffffff;                    // red.min.s32's start
  init[37] = 0x80000000;                    // atom.max.s64's start: INT64_MIN
  std::string in_words, init_words;
  for (uint64_t v : in) in_words += fmt::format("{}{},{}", in_words.empty() ? "" : ",", v & 0xffffffff, v >> 32);
  for (uint32_t w : init) init_words += fmt::format("{}{}", init_words.empty() ? "" : ",", w);
  const auto out = launch_words(
      kernel_file("atomics_loops.ptx"), "atomics_loops.ptx",
      fmt::format(R"({{"kernel": "atomics_loops", "grid": 2, "block": 64,
                      "params": [{{"buffer": "out"}}, {{"buffer": "olds"}}, {{"buffer": "in"}}],
                      "buffers": [{{"name": "out", "size": 512, "u32": [{}]}}, {{"name": "olds", "size": 16384}},
                                  {{"name": "in", "size": 1024, "u32": [{}]}}]}})",
                  init_words, in_words));
  ASSERT_EQ(out.size(), 128u);
  auto f32 = [](uint32_t w) { return std::bit_cast<float>(w); };
  auto s64 = [](uint64_t v) { return static_cast<int64_t>(v); };

  // Global words (generic addresses above 4 GiB): out + 128 ...
  uint32_t sum = 0, xr = 0;
  int32_t mn = 0x7fffffff;
  float fsum = 0;
  int64_t mx = INT64_MIN;
  for (uint64_t v : in) {
    const uint32_t r = static_cast<uint32_t>(v);
    sum += r & 63, mn = std::min(mn, s32(r)), fsum += static_cast<float>(r & 63) * 0.25f, mx = std::max(mx, s64(v));
    xr ^= r;
  }
  EXPECT_EQ(out[32], sum);
  EXPECT_EQ(s32(out[33]), mn);
  EXPECT_EQ(f32(out[34]), fsum);  // multiples of 1/4 below 2^11: exact in any order
  EXPECT_EQ(s64(word_pair(out, 36)), mx);
  EXPECT_NE(std::find(in.begin(), in.end(), word_pair(out, 38)), in.end());  // cas.b64 0 -> v: someone's v
  EXPECT_EQ(out[40], xr);
  // ... and each block's shared words (the CAS loops, and generic addresses into the window) at out + 256.
  for (unsigned blk = 0; blk < 2; ++blk) {
    const unsigned w0 = 64 + 32 * blk;
    float fa = 0, fb = 0;
    uint64_t add = 0, band = 0, bor = 0, bxor = 0, umax = 0, umin = 0x4000000000000000;
    int64_t smin = 0x4000000000000000, smax = 0;
    uint32_t add32 = 0, max32 = 0, inc = 0;
    for (unsigned t = 0; t < 64; ++t) {
      const uint64_t v = in[64 * blk + t];
      const uint32_t r = static_cast<uint32_t>(v), f = r & 63;
      fa += static_cast<float>(f) * 0.25f, fb += static_cast<float>(f);
      add += v, band &= v, bor |= v, bxor ^= v, umax = std::max(umax, v), umin = std::min(umin, v);
      smin = std::min(smin, s64(v)), smax = std::max(smax, s64(v));
      add32 += f, max32 = std::max(max32, r), inc = inc >= 40 ? 0 : inc + 1;
    }
    EXPECT_EQ(f32(out[w0 + 0]), fa) << blk;
    EXPECT_EQ(f32(out[w0 + 1]), fb) << blk;
    EXPECT_EQ(word_pair(out, w0 + 2), add) << blk;
    EXPECT_EQ(word_pair(out, w0 + 4), band) << blk;
    EXPECT_EQ(word_pair(out, w0 + 6), bor) << blk;
    EXPECT_EQ(s64(word_pair(out, w0 + 8)), smin) << blk;
    EXPECT_EQ(word_pair(out, w0 + 10), umax) << blk;
    EXPECT_EQ(word_pair(out, w0 + 12), umin) << blk;
    EXPECT_EQ(word_pair(out, w0 + 14), bxor) << blk;
    EXPECT_EQ(s64(word_pair(out, w0 + 16)), smax) << blk;
    EXPECT_EQ(out[w0 + 18], add32) << blk;
    EXPECT_EQ(out[w0 + 19], max32) << blk;
    EXPECT_EQ(f32(out[w0 + 21]), fa) << blk;
    EXPECT_EQ(word_pair(out, w0 + 22), add) << blk;
    EXPECT_EQ(out[w0 + 25], inc) << blk;
  }

  // The forms, as ptxas writes them: the generic branch (ATOM.E on one side, ATOMS on the low 24 bits on the
  // other) and the loops' LDS and ATOMS.CAS.
  auto m = ptx::read(kernel_file("atomics_loops.ptx"), "atomics_loops.ptx");
  ASSERT_TRUE(m) << m.error();
  auto c = ptx::compile(*m, "atomics_loops.ptx");
  ASSERT_TRUE(c) << c.error();
  const std::string& sass = c->kernels.at(0).sass;
  for (const char* form : {"ATOMS.CAS R", "ATOMS.CAS.64 R", "ATOM.E.ADD.F32.FTZ.RN R", "ATOMS.ADD R", "ATOM.E.ADD R",
                           "RED.E.MIN.S32 [", "ATOMS.MAX RZ, [", "ATOM.E.CAS.64 R", "ATOM.E.MAX.S64 R", "0xffffff ;"})
    EXPECT_NE(sass.find(form), std::string::npos) << form << " in\n" << sass;
}

// consts.ptx: .const tables in bank 3 read at constant offsets, through mov'd addresses (LDC), as a vector and a
// 64-bit value; thread t: tab[t & 3] + tab[2] + ctab's words 2 and 3 + fk's bits + zeros[1] + both words of ctab's
// 64-bit element t & 1.
TEST(PtxCompileMemory, ConstVariablesInBankThree) {
  const auto out = launch_words(kernel_file("consts.ptx"), "consts.ptx", R"({"kernel": "consts", "block": 32,
      "params": [{"buffer": "out"}], "buffers": [{"name": "out", "size": 128}]})");
  ASSERT_EQ(out.size(), 32u);
  const uint32_t tab[4] = {1, 2, 3, 4}, ctab[4] = {0x04030201, 0x08070605, 0x0c0b0a09, 0x100f0e0d};
  for (uint32_t t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], tab[t & 3] + tab[2] + ctab[2] + ctab[3] + 0x3f800000u + 0u + ctab[2 * (t & 1)] + ctab[2 * (t & 1) + 1])
        << t;
  // The cubin's .nv.constant3 is ptxas's: the variables at their alignments, zeros where none is initialized.
  auto m = ptx::read(kernel_file("consts.ptx"), "consts.ptx");
  ASSERT_TRUE(m) << m.error();
  auto c = ptx::compile(*m, "consts.ptx");
  ASSERT_TRUE(c) << c.error();
  ASSERT_EQ(c->image.constant3.size(), 0x34u);  // tab 0x0, ctab 0x10 (24 bytes), fk 0x28, zeros 0x2c
  EXPECT_EQ(c->image.constant3_align, 8u);
  EXPECT_EQ(c->image.variables.at(2), (isa::CubinVariable{"fk", 0x28, 4, isa::VariableSection::Constant3}));
  EXPECT_NE(c->kernels[0].sass.find("LDC R"), std::string::npos) << c->kernels[0].sass;
  EXPECT_NE(c->kernels[0].sass.find(", c[0x3][0x8] ;"), std::string::npos) << c->kernels[0].sass;
}

// The SASS of atom/red forms and barriers: ptxas 11.8's spellings (nvdisasm of ptxas -arch=sm_50).
TEST(PtxCompileMemory, SelectionSpellsPtxasForms) {
  auto m = ptx::read(kernel_file("atomics.ptx"), "atomics.ptx");
  ASSERT_TRUE(m) << m.error();
  auto c = ptx::compile(*m, "atomics.ptx");
  ASSERT_TRUE(c) << c.error();
  const std::string& sass = c->kernels.at(0).sass;
  for (const char* form : {"BAR.SYNC 0x0 ;\nMEMBAR.CTA ;", "ATOMS.ADD RZ, [", "RED.E.ADD [", "ATOM.E.ADD R",
                           "RED.E.MAX [", "RED.E.MIN.S32 [", "ATOM.E.CAS R", "RED.E.INC [", "RED.E.DEC [",
                           "RED.E.ADD.F32.FTZ.RN [", "RED.E.ADD.U64 [", "RED.E.MAX.S64 [", "ATOM.E.EXCH.U64 R",
                           "ATOM.E.CAS.64 R", "MEMBAR.GL.IVALLD ;", "ATOMS.MAX.S32 RZ, [", "ATOMS.EXCH R",
                           "ATOMS.CAS RZ, [", "ATOMS.INC R", "ATOMS.DEC R"})
    EXPECT_NE(sass.find(form), std::string::npos) << form << " in\n" << sass;
  auto named = ptx::compile(*ptx::read(kernel("  bar.sync 1, 64;\n  barrier.sync 2;"), "b.ptx"), "b.ptx");
  ASSERT_TRUE(named) << named.error();
  EXPECT_NE(named->kernels[0].sass.find("BAR.SYNC 0x1, 0x40 ;\nMEMBAR.CTA ;\nBAR.SYNC 0x2 ;"), std::string::npos)
      << named->kernels[0].sass;
  EXPECT_EQ(named->image.kernels[0].barriers, 3u);  // SHF_BARRIERS: barriers 0-2 (ptxas: the highest used + 1)
}

// bar.arrive, bar.red, barriers in registers and membar.sys: ptxas 11.8's instructions (nvdisasm of ptxas
// -arch=sm_50 on the same statements: BAR.ARV 0x5, 0x40; BAR.RED.POPC 0x2, 0x40, !P1 ... B2R.RESULT R2;
// BAR.RED.AND 0x3, P1 ... B2R.RESULT RZ, P0; BAR.SYNC R0, R2; MEMBAR.SYS.IVALLD), each BAR followed by MEMBAR.CTA.
// SHF_BARRIERS is 16 once a barrier number is in a register (ptxas: 0x1000006 for `bar.sync %r2`).
TEST(PtxCompileMemory, NamedBarrierForms) {
  auto sass_of = [](const std::string& body) -> std::pair<std::string, unsigned> {
    auto c = ptx::compile(*ptx::read(kernel(body), "b.ptx"), "b.ptx");
    if (!c) return {c.error(), 0};
    return {c->kernels[0].sass, c->image.kernels[0].barriers};
  };
  const std::vector<std::pair<std::string, std::vector<std::string>>> forms = {
      {"  bar.arrive 5, 64;", {"BAR.ARV 0x5, 0x40 ;\nMEMBAR.CTA ;"}},
      {"  barrier.arrive.aligned 5, 4128;", {"BAR.ARV 0x5, 0x20 ;"}},  // the count modulo 4096, as ptxas
      {"  bar.arrive 5, 4096;", {"BAR.ARV 0x5, 0x0 ;"}},
      {"  bar.red.popc.u32 %r5, 1, 4096, 1;", {"BAR.RED.POPC 0x1, PT ;"}},
      {"  bar.arrive %r1, %r2;", {"BAR.ARV R"}},
      {"  bar.sync %r1;", {"BAR.SYNC R"}},
      {"  bar.sync 1, 4096;", {"BAR.SYNC 0x1 ;"}},
      {"  barrier.sync 3, %r2;", {"BAR.SYNC 0x3, R"}},
      {"  setp.ne.u32 %p1, %r1, 0;\n  bar.red.popc.u32 %r5, 2, 64, %p1;",
       {"ISETP.NE.AND P1, PT, R", "BAR.RED.POPC 0x2, 0x40, P1 ;\nB2R.RESULT R", "MEMBAR.CTA ;"}},
      {"  bar.red.popc.u32 %r5, 1, 1;", {"BAR.RED.POPC 0x1, PT ;\nB2R.RESULT R"}},
      {"  bar.red.popc.u32 %r5, 1, 0;", {"BAR.RED.POPC 0x1, !PT ;"}},
      {"  setp.ne.u32 %p1, %r1, 0;\n  bar.red.and.pred %p2, 3, %p1;\n  selp.u32 %r5, 1, 0, %p2;",
       {"BAR.RED.AND 0x3, P1 ;\nB2R.RESULT RZ, P1 ;\nISET.EQ.AND R"}},
      {"  setp.ne.u32 %p1, %r1, 0;\n  barrier.red.or.aligned.pred %p2, %r3, %r2, !%p1;\n  selp.u32 %r5, 1, 0, %p2;",
       {"BAR.RED.OR R", "B2R.RESULT RZ, P1 ;"}},
      // An unread reduction is still a barrier (kept by opt_dce), with no B2R.
      {"  setp.ne.u32 %p1, %r1, 0;\n  bar.red.popc.u32 %r20, 4, %p1;", {"BAR.RED.POPC 0x4, P1 ;\nMEMBAR.CTA ;"}},
      {"  membar.sys;", {"MEMBAR.SYS.IVALLD ;"}},
      {"  membar.gl;", {"MEMBAR.GL.IVALLD ;"}},
      {"  membar.cta;", {"MEMBAR.CTA ;"}},
  };
  for (const auto& [body, expected] : forms) {
    const auto [sass, barriers] = sass_of(body);
    for (const std::string& e : expected) EXPECT_NE(sass.find(e), std::string::npos) << body << ": " << e << " in\n" << sass;
  }
  EXPECT_EQ(sass_of("  bar.arrive 5, 64;").second, 6u);
  EXPECT_EQ(sass_of("  bar.sync %r1;").second, 16u);
  EXPECT_EQ(sass_of("  bar.red.popc.u32 %r5, 1, 1;").second, 2u);
  EXPECT_EQ(sass_of("  membar.sys;").second, 0u);
}

// Barrier statements ptxas 11.8 refuses, refused with its message (ptxas's words first) and the position.
TEST(PtxCompileMemory, NamedBarrierRefusals) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"  bar.arrive 5;", "bad.ptx:20:3: Instruction 'bar.arrive' requires a non-zero thread count argument"},
      {"  barrier.arrive 5, 0;", "bad.ptx:20:21: Instruction 'barrier.arrive' requires a non-zero thread count argument"},
      {"  bar 1;", "bad.ptx:20:3: Barrier modifier required for instruction 'bar': .sync, .arrive or .red"},
      {"  bar.sync 16;", "bad.ptx:20:12: Barrier number '16' out of range, expected to be in range [0..15]"},
      {"  bar.sync -1;", "bad.ptx:20:12: Barrier number '18446744073709551615' out of range, expected to be in range [0..15]"},
      {"  bar.sync 1, 33;", "bad.ptx:20:15: Number of threads participating in barrier must be in multiple of warp size"},
      {"  bar.sync.aligned 1;", "bad.ptx:20:11: Illegal modifier '.aligned' for instruction 'bar'"},
      {"  bar.sync 1, 64, 3;", "bad.ptx:20:3: Arguments mismatch for instruction 'bar.sync': it takes 1 to 2 operands"},
      {"  bar.sync %p1;", "bad.ptx:20:12: Arguments mismatch: %p1 is .pred, the instruction needs .u32"},
      {"  bar.red.popc.u32 %r5, 1;", "bad.ptx:20:3: Arguments mismatch for instruction 'bar.red': it takes 3 to 4 operands"},
      {"  bar.red.popc.u32 %r5, 1, %r2;",
       "bad.ptx:20:28: Arguments mismatch for instruction 'bar.red': the last operand is a predicate"},
      {"  bar.red.popc.u32 %p1, 1, %p2;",
       "bad.ptx:20:20: Arguments mismatch for instruction 'bar.red': the destination is a .u32 register"},
      {"  bar.red.popc.u32 _, 1, %p2;", "bad.ptx:20:20: Result discard mode is not allowed for instruction 'bar.red'"},
      {"  bar.red.and.u32 %r5, 1, %p2;", "bad.ptx:20:3: Operation requires .pred type"},
      {"  bar.red.popc.pred %p1, 1, %p2;", "bad.ptx:20:3: Operation requires .u32 type"},
      {"  bar.red.popc %r5, 1, %p2;",
       "bad.ptx:20:3: Unexpected instruction types specified for 'bar.red': .popc takes .u32, .and and .or .pred"},
      {"  bar.red.u32 %r5, 1, %p2;",
       "bad.ptx:20:3: Reduction operation is required for instruction 'bar.red': .popc, .and or .or"},
      {"  bar.red.popc.and.u32 %r5, 1, %p2;", "bad.ptx:20:15: Multiple instruction post-operation flags set"},
      {"  membar;", "bad.ptx:20:3: Membar level required for instruction 'membar': .cta, .gl or .sys"},
      {"  membar.cta.gl;", "bad.ptx:20:13: Multiple scope modifiers specified"},
      {"  membar.sys.sync;", "bad.ptx:20:13: Illegal modifier '.sync' for instruction 'membar'"},
      {"  fence.sc.cta;", "bad.ptx:20:3: Feature 'fence instruction' requires .target sm_70 or higher"},
  };
  for (const auto& [body, message] : cases) EXPECT_EQ(error_of(body), message) << body;
}

TEST(PtxCompileMemory, RefusalsNameTheStatement) {
  // The body starts on line 20 of kernel().
  EXPECT_EQ(error_of("  atom.add.u32 %r5, [%rd1], 1;"), "");  // generic: ATOM.E or ATOMS
  EXPECT_EQ(error_of("  cvta.u64 %rd3, %rd1;"), "bad.ptx:20:3: cvta needs a space: .global, .shared or .local");
  EXPECT_EQ(error_of("  .local .b8 lv[4];\n  cvta.shared.u64 %rd3, lv;"),
            "bad.ptx:21:25: lv is not a .shared variable or a register");
  EXPECT_EQ(error_of("  .local .b8 lv[4];\n  ld.u32 %r5, [lv];"),
            "bad.ptx:21:15: lv is not a register or a .global variable of the module");
  EXPECT_EQ(error_of("  ld.u32 %r5, [%rd1];\n  st.u8 [%rd2+1], %r5;"), "");  // generic: LD.E, ST.E.U8
  EXPECT_EQ(error_of("  atom.global.inc.s32 %r5, [%rd1], 1;"),
            "bad.ptx:20:3: atom.inc.s32 is not an sm_50 atomic (PTX ISA \"atom\")");
  EXPECT_EQ(error_of("  atom.shared.add.f32 %f1, [%r1], %f2;"), "");  // a compare-and-swap loop
  EXPECT_EQ(error_of("  red.add.f32 [%rd1], %f2;"), "");
  EXPECT_EQ(error_of("  atom.global.gpu.add.u32 %r5, [%rd1], 1;"), "bad.ptx:20:14: atom.gpu is not compiled yet");
  EXPECT_EQ(error_of("  st.const.u32 [%rd1], %r1;"), "bad.ptx:20:3: st.const: constant memory is read-only (PTX ISA \"st\")");
}

}  // namespace
}  // namespace tmu
