// SPDX-License-Identifier: MIT
// The machine around a thread (src/ptx/compile/system.cpp, docs/ptx.md): tests/data/ptx/kernels/machine.ptx compiled
// by tmu and run by tmu run's launch, its special registers and isspacep answers against what tmu run's machine
// is (docs/run.md: one SM, 64 warp slots, the windows at 0x01000000 and 0x02000000, clocks counting instructions);
// the oracle test tmu_ptx_kernels_tests runs the same kernel compiled by ptxas 11.8 and compares. Then trap, and the
// operands ptxas refuses, in its words.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fmt/format.h>
#include <string>
#include <vector>

#include "isa/cubin.h"
#include "ptx/compile.h"
#include "ptx_kernel_harness.h"
#include "run/launch.h"
#include "run/launch_spec.h"

namespace tmu {
namespace {

using namespace ptx_kernel_harness;

// PTX ISA "isspacep" on tmu run's generic addresses: shared and local are their 16 MiB windows (the high word 0),
// global everything else, const nothing.
unsigned spaces(uint64_t a) {
  const bool shared = a >> 24 == 0x01, local = a >> 24 == 0x02;
  return (!shared && !local ? 1u : 0u) | (shared ? 2u : 0u) | (local ? 4u : 0u);
}

TEST(PtxCompileSystem, SpecialRegistersAndSpacesOnTmuRun) {
  const std::string spec_text = kernel_file("machine.json");
  const auto out = launch_words(kernel_file("machine.ptx"), "machine.ptx", spec_text);
  auto spec = run::read_launch_spec(spec_text, ".");
  ASSERT_TRUE(spec) << spec.error();
  const std::vector<std::byte>& in_bytes = spec->buffers.at(1).init;
  ASSERT_EQ(out.size(), 192u * 32);
  for (unsigned g = 0; g < 192; ++g) {
    const uint32_t* w = &out[32 * g];
    const unsigned tid = g % 96;
    SCOPED_TRACE(fmt::format("thread {}", g));
    EXPECT_EQ(w[0], tid / 32);       // %warpid: the warp's number in its block
    EXPECT_EQ(w[1], 0u);             // %smid
    EXPECT_EQ(w[2], 1u);             // %nsmid
    EXPECT_EQ(w[3], 64u);            // %nwarpid (ptxas's constant for sm_50)
    EXPECT_EQ(w[4], tid % 32);       // %laneid
    EXPECT_EQ(w[5], 128u + 64u);     // %total_smem_size: tile[128] and the launch's 64 dynamic bytes
    EXPECT_EQ(w[6], 64u);            // %dynamic_smem_size
    EXPECT_EQ(w[7], tid);
    EXPECT_EQ(w[8], tid % 32);       // cvt.u64.u32 of %laneid
    EXPECT_EQ(w[9], 0u);
    for (unsigned k = 10; k < 20; ++k) EXPECT_EQ(w[k], 0u) << "word " << k;  // %gridid, %envreg, %pm*
    // The global buffer, tile and dyn (shared), the local array; neither global (the local one) nor const.
    EXPECT_EQ(w[20], 1u | 2u | 4u | 8u);
    uint64_t a = 0;
    std::memcpy(&a, in_bytes.data() + 8 * tid, 8);
    EXPECT_EQ(w[21], spaces(a)) << fmt::format("{:#x}", a);
    EXPECT_EQ(w[22], (spaces(static_cast<uint32_t>(a)) & 2) ? 1u : 0u);  // isspacep.shared of the low word
    EXPECT_EQ(w[23], static_cast<uint32_t>(a));
    EXPECT_EQ(w[24], 15u);           // later clock, timer readings are larger
    EXPECT_EQ(w[25], 0u);            // their high words (a short kernel)
  }
}

TEST(PtxCompileSystem, TrapStopsTheKernel) {
  const std::string ptx = kernel("  setp.eq.u32 %p1, %r0, 5;\n  @%p1 trap;");
  auto bytes = ptx::compile_to_cubin(ptx, "trap.ptx");
  ASSERT_TRUE(bytes) << bytes.error();
  auto cubin = isa::read_cubin(*bytes);
  ASSERT_TRUE(cubin) << cubin.error();
  auto spec = run::read_launch_spec(R"({"block": [32], "params": [{"buffer": "out"}, {"buffer": "in"}],
      "buffers": [{"name": "out", "size": 512}, {"name": "in", "size": 512}]})", ".");
  ASSERT_TRUE(spec) << spec.error();
  auto r = run::launch(*cubin, *spec);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("thread (5,0,0) (warp 0, lane 5)"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("'BPT.TRAP 0x1' traps to a debugger"), std::string::npos) << r.error();
}

TEST(PtxCompileSystem, RefusalsInPtxasWords) {
  // The body starts on line 20 of kernel(); messages as ptxas 11.8 words them (checked by hand against it; tmu
  // adds what mismatched, and words pmevent.mask's range itself: ptxas prints garbage there).
  EXPECT_EQ(error_of("  add.u32 %r5, %clock, 1;"), "bad.ptx:20:16: Special register argument not allowed for instruction 'add'");
  EXPECT_EQ(error_of("  st.global.u32 [%rd2], %laneid;"),
            "bad.ptx:20:25: Special register argument not allowed for instruction 'st'");
  EXPECT_EQ(error_of("  mov.f32 %f1, %smid;"), "bad.ptx:20:16: Special register argument not allowed for instruction 'mov'");
  EXPECT_EQ(error_of("  mov.u32 %r5, %clock64;"),
            "bad.ptx:20:16: Arguments mismatch for instruction 'mov': %clock64 is a 64-bit special register, the "
            "instruction reads .u32");
  EXPECT_EQ(error_of("  mov.u64 %rd3, %smid;"),
            "bad.ptx:20:17: Arguments mismatch for instruction 'mov': %smid is a 32-bit special register, the "
            "instruction reads .u64");
  EXPECT_EQ(error_of("  mov.u32 %r5, %gridid;\n  mov.u64 %rd3, %gridid;"), "");
  EXPECT_EQ(error_of("  cvt.u32.u64 %r5, %clock64;"), "");
  EXPECT_EQ(error_of("  mov.u32 %r5, %aggr_smem_size;"), "bad.ptx:20:16: Unknown symbol '%aggr_smem_size'");
  EXPECT_EQ(error_of("  mov.u32 %r5, %reserved_smem_offset_end;"),
            "bad.ptx:20:16: Feature '%reserved_smem_offset_end' requires .target sm_80 or higher");
  EXPECT_EQ(error_of("  isspacep.param %p1, %rd1;"),
            "bad.ptx:20:3: Feature 'cvta/isspacep with .param state space' requires .target sm_70 or higher");
  EXPECT_EQ(error_of("  pmevent 16;"),
            "bad.ptx:20:11: Argument 0 of instruction 'pmevent': value '16' out of range, expected to be in range [0..15]");
  EXPECT_EQ(error_of("  pmevent %r1;"), "bad.ptx:20:11: Arguments mismatch for instruction 'pmevent': it takes a constant");
  EXPECT_EQ(error_of("  pmevent.mask 0x10000;"), "bad.ptx:20:16: pmevent.mask takes a 16-bit constant");
}

TEST(PtxCompileSurface, RefusalsInPtxasWords) {
  // Surfaces through a surface object (%rd1); the forms ptxas 11.8 refuses, in its words (checked by hand against it).
  EXPECT_EQ(error_of("  suld.b.2d.b32.trap {%r5}, [%rd1, {%r1, %r2}];"), "");
  EXPECT_EQ(error_of("  suld.b.2d.b32 {%r5}, [%rd1, {%r1, %r2}];"),
            "bad.ptx:20:3: Clamp modifier required for instruction 'suld.b'");
  EXPECT_EQ(error_of("  suld.b.2d.v4.b64.trap {%rd3, %rd4, %rd5, %rd6}, [%rd1, {%r1, %r2}];"),
            "bad.ptx:20:3: Vector type too large, exceeds 128 bit limit");
  EXPECT_EQ(error_of("  suld.p.2d.b32.trap {%r5}, [%rd1, {%r1, %r2}];"),
            "bad.ptx:20:3: Not a name of any known instruction: 'suld.p'");
  EXPECT_EQ(error_of("  sust.p.2d.v2.b16.trap [%rd1, {%r1, %r2}], {%r3, %r4};"),
            "bad.ptx:20:3: Unexpected instruction types specified for 'sust.p'");
  EXPECT_EQ(error_of("  sured.b.min.1d.u64.trap [%rd1, {%r1}], %rd3;"),
            "bad.ptx:20:3: Incorrect type '.u64' for operation '.min' in instruction 'sured'");
  EXPECT_EQ(error_of("  sured.b.and.1d.u32.trap [%rd1, {%r1}], %r3;"),
            "bad.ptx:20:3: Incorrect type '.u32' for operation '.and' in instruction 'sured'");
  EXPECT_EQ(error_of("  sured.p.add.1d.u32.trap [%rd1, {%r1}], %r3;"),
            "bad.ptx:20:3: Unexpected instruction types specified for 'sured.p'");
  EXPECT_EQ(error_of("  suq.width.b32 %r5, [%rd1];"), "");
  EXPECT_EQ(error_of("  suq.depth.b32 %r5, [%rd1];"),
            "bad.ptx:20:3: this suq query reads the CUDA driver's surface table (ptxas: an LDG from c[0x0][0xc0]): not "
            "compiled yet (.width and .height are)");
}

}  // namespace
}  // namespace tmu
