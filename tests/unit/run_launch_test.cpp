// SPDX-License-Identifier: MIT
// tmu run's launches (src/run) on kernels that ptxas 11.8 compiles at test time from tests/data/run/*.ptx: a
// vector add, the launch's dimensions, local memory through the stack pointer, texture objects (bank-0 index and
// bindless handle), a texture reference, and bad launches. Expected values are computed here by hand. Without
// ptxas the tests skip ("skipped: install ptxas"), or fail when TMU_REQUIRE_ORACLES=1.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "isa/cubin.h"
#include "oracle.h"
#include "run/kernel_info.h"
#include "run/launch.h"
#include "run/launch_spec.h"

namespace tmu::run {
namespace {

const std::string kData = TMU_TEST_DATA "/run/";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Compiles a PTX file (or text) with ptxas -arch=sm_50 and reads the cubin.
isa::Cubin compile(const std::string& ptxas, const std::string& ptx_text) {
  const std::string dir = test::temp_dir();
  test::write_text(dir + "/k.ptx", ptx_text);
  const auto r = test::run_program({ptxas, "-arch=sm_50", dir + "/k.ptx", "-o", dir + "/k.cubin"});
  EXPECT_EQ(r.status, 0) << r.err;
  auto cubin = isa::read_cubin(test::read_bytes(dir + "/k.cubin"));
  EXPECT_TRUE(cubin) << cubin.error();
  return cubin ? *cubin : isa::Cubin{};
}

// A PTX module for sm_50 holding `entries`.
std::string ptx_module(const std::string& entries) { return ".version 6.0\n.target sm_50\n.address_size 64\n" + entries; }

// PTX statements that store the u32 `value` at out[index] (the parameter `out`; they use %rd1..%rd3).
std::string store_out(const std::string& index, const std::string& value) {
  return "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd2, %rd1;\n  mul.wide.u32 %rd3, " + index +
         ", 4;\n  add.s64 %rd2, %rd2, %rd3;\n  st.global.u32 [%rd2], " + value + ";\n";
}

LaunchSpec spec_of(const std::string& json) {
  auto s = read_launch_spec(json, kData);
  EXPECT_TRUE(s) << s.error();
  return s ? *s : LaunchSpec{};
}

std::vector<uint32_t> words(const LaunchResult& r, const std::string& buffer) {
  for (const BufferResult& b : r.buffers)
    if (b.name == buffer) {
      std::vector<uint32_t> w(b.bytes.size() / 4);
      std::memcpy(w.data(), b.bytes.data(), w.size() * 4);
      return w;
    }
  ADD_FAILURE() << "no buffer " << buffer;
  return {};
}

void expect_error(const Result<LaunchResult>& r, const std::string& part) {
  ASSERT_FALSE(r) << "launch succeeded; expected: " << part;
  EXPECT_NE(r.error().find(part), std::string::npos) << r.error();
}

TEST(RunLaunch, VectorAddU32AndF32) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "vadd.ptx"));
  const LaunchSpec spec = spec_of(read_text(kData + "vadd.json"));
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  // n = 7: the eighth element is left alone (zero).
  EXPECT_EQ(words(*r, "c"), (std::vector<uint32_t>{11, 22, 33, 44, 55, 66, 77, 0}));
  const std::vector<float> f{0.75f, 2.0f, 0.0f, 4.25f, 2e30f, 0.0f, 0.0f, 0.0f};
  const auto fw = words(*r, "f");
  ASSERT_EQ(fw.size(), f.size());
  for (std::size_t i = 0; i < f.size(); ++i) EXPECT_EQ(fw[i], std::bit_cast<uint32_t>(f[i])) << i;
  EXPECT_EQ(r->warps, 2u);  // two blocks of four threads
}

// --poison: ptxas's code writes every register before reading it, so the launch reports nothing and computes
// the same results with registers starting as the poison value.
TEST(RunLaunch, PoisonFindsNoUnwrittenReadsInPtxasCode) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "vadd.ptx"));
  LaunchSpec spec = spec_of(read_text(kData + "vadd.json"));
  spec.poison = true;
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(words(*r, "c"), (std::vector<uint32_t>{11, 22, 33, 44, 55, 66, 77, 0}));
  EXPECT_TRUE(r->uninitialised.empty()) << r->uninitialised.front();
}

TEST(RunLaunch, ThreadBlockAndGridDimensions) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "dims.ptx"));
  const LaunchSpec spec = spec_of(read_text(kData + "dims.json"));
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto w = words(*r, "out");
  ASSERT_EQ(w.size(), 96u);  // 2x1x2 blocks of 3x2x1 threads, four words each
  const uint32_t ntid = 3 | 2 << 8 | 1 << 16, nctaid = 2 | 1 << 8 | 2 << 16;
  for (uint32_t bz = 0; bz < 2; ++bz)
    for (uint32_t bx = 0; bx < 2; ++bx)
      for (uint32_t ty = 0; ty < 2; ++ty)
        for (uint32_t tx = 0; tx < 3; ++tx) {
          const uint32_t t = (bz * 2 + bx) * 6 + ty * 3 + tx;
          EXPECT_EQ(w[4 * t + 0], tx | ty << 8) << t;
          EXPECT_EQ(w[4 * t + 1], bx | bz << 16) << t;
          EXPECT_EQ(w[4 * t + 2], ntid) << t;
          EXPECT_EQ(w[4 * t + 3], nctaid) << t;
        }
}

// A local array indexed by a parameter: ptxas lowers the stack pointer from c[0x0][0x20] and stores with STL.
TEST(RunLaunch, LocalMemoryThroughTheStackPointer) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "local.ptx"));
  auto info = kernel_info(cubin, cubin.functions.at(0));
  ASSERT_TRUE(info) << info.error();
  EXPECT_EQ(info->frame_size, 0x40u);  // EIATTR_FRAME_SIZE: the 16-word array
  for (uint32_t pick : {1u, 2u}) {
    const LaunchSpec spec = spec_of(R"({"block": [2, 3], "buffers": [{"name": "out", "size": 24}],
                                        "params": [{"buffer": "out"}, {"u32": )" + std::to_string(pick) + "}]}");
    auto r = launch(cubin, spec);
    ASSERT_TRUE(r) << r.error();
    // Each thread stores tid.y at local[pick] and reads local[1] back into out[thread]; tmu's local memory
    // starts zeroed (on a GPU it is undefined).
    const auto w = words(*r, "out");
    for (uint32_t t = 0; t < 6; ++t) EXPECT_EQ(w[t], pick == 1 ? t / 2 : 0u) << t;
  }
}

TEST(RunLaunch, KernelInfoFromAttributes) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "vadd.ptx"));
  auto info = kernel_info(cubin, cubin.functions.at(0));
  ASSERT_TRUE(info) << info.error();
  EXPECT_EQ(info->param_base, 0x140u);
  EXPECT_EQ(info->param_size, 0x34u);  // six pointers and a u32
  ASSERT_EQ(info->params.size(), 7u);
  EXPECT_EQ(info->params[5].offset, 0x28u);
  EXPECT_EQ(info->params[6].offset, 0x30u);
  EXPECT_EQ(info->params[6].size, 4u);
}

// Integer texture (x, y) and float checker at texel centres with point filtering: the texels themselves.
TEST(RunLaunch, TextureObjectAsIndexAndAsBindlessHandle) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "tex.ptx"));
  const LaunchSpec spec = spec_of(read_text(kData + "tex_object.json"));
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto w = words(*r, "out");
  ASSERT_EQ(w.size(), 16u);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const uint32_t i = y * 4 + x;
      EXPECT_EQ(w[2 * i], x | y << 8) << i;
      EXPECT_EQ(w[2 * i + 1], std::bit_cast<uint32_t>((x + y) % 2 ? 0.75f : 0.25f)) << i;
    }
}

TEST(RunLaunch, TextureReferenceInUnifiedMode) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "tex.ptx"));
  auto info = kernel_info(cubin, cubin.functions.at(1).name == "tex_ref" ? cubin.functions.at(1) : cubin.functions.at(0));
  ASSERT_TRUE(info) << info.error();
  ASSERT_EQ(info->texture_slots.size(), 1u);
  EXPECT_EQ(info->texture_slots[0].texture, "tref");
  EXPECT_EQ(info->texture_slots[0].offset, 0x148u);  // the word after the one parameter
  const LaunchSpec spec = spec_of(read_text(kData + "tex_ref.json"));
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto w = words(*r, "out");
  ASSERT_EQ(w.size(), 8u);
  for (uint32_t i = 0; i < 8; ++i)
    EXPECT_EQ(w[i], std::bit_cast<uint32_t>((i % 4 + i / 4) % 2 ? 0.75f : 0.25f)) << i;
}

// Independent mode: the header index from the texref, the sampler from the samplerref, ORed into one word. The
// texture's own sampler is point (texel (1, 0): 0.75); the samplerref's is linear: halfway, (0.25 + 0.75) / 2.
TEST(RunLaunch, TextureAndSamplerReferencesInIndependentMode) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "tex_independent.ptx"));
  auto info = kernel_info(cubin, cubin.functions.at(0));
  ASSERT_TRUE(info) << info.error();
  ASSERT_EQ(info->texture_slots.size(), 1u);
  EXPECT_EQ(info->texture_slots[0].texture, "tex0");
  EXPECT_EQ(info->texture_slots[0].sampler, "smp0");
  LaunchSpec spec = spec_of(read_text(kData + "tex_independent.json"));
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(words(*r, "out"), std::vector<uint32_t>{std::bit_cast<uint32_t>(0.5f)});
  spec.samplerrefs["smp0"] = "check";
  r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(words(*r, "out"), std::vector<uint32_t>{std::bit_cast<uint32_t>(0.75f)});
  spec.samplerrefs.clear();
  expect_error(launch(cubin, spec), "sampler reference 'smp0' (c[0x0][0x148]) is not bound");
}

TEST(RunLaunch, TextureAndSamplerParameters) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "tex_params.ptx"));
  auto info = kernel_info(cubin, cubin.functions.at(0));
  ASSERT_TRUE(info) << info.error();
  ASSERT_EQ(info->params.size(), 3u);
  EXPECT_EQ(info->params[1].ref, KernelParam::Ref::Texture);
  EXPECT_EQ(info->params[1].symbol, "t");
  EXPECT_EQ(info->params[2].ref, KernelParam::Ref::Sampler);
  LaunchSpec spec = spec_of(read_text(kData + "tex_independent.json"));
  spec.texrefs.clear();
  spec.samplerrefs.clear();
  spec.params.push_back(ParamSpec{ParamSpec::Kind::Texture, 0, "check", 0, {}});
  spec.params.push_back(ParamSpec{ParamSpec::Kind::Texture, 0, "linear", 0, {}});
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(words(*r, "out"), std::vector<uint32_t>{std::bit_cast<uint32_t>(0.5f)});
  spec.params[2] = ParamSpec{ParamSpec::Kind::U32, 0, "", 0, {}};
  expect_error(launch(cubin, spec), "parameter 2 is a .samplerref (its sampler), params[2] must name a texture");
}

// A kernel writes a texture's texels with STG through a pointer to them, then samples them: one memory.
TEST(RunLaunch, StoresToTextureMemoryAreSampled) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "write_then_sample.ptx"));
  const LaunchSpec spec = spec_of(read_text(kData + "write_then_sample.json"));
  auto r = launch(cubin, spec);
  ASSERT_TRUE(r) << r.error();
  const auto w = words(*r, "out");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], std::bit_cast<uint32_t>(42.5f));  // the value stored, not the texture's 0.25
}

TEST(RunLaunch, BadLaunchesNameKernelThreadAndAddress) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin vadd = compile(ptxas, read_text(kData + "vadd.ptx"));
  LaunchSpec s = spec_of(read_text(kData + "vadd.json"));
  s.grid = {3, 1, 1};
  s.params[6].bits = 9;  // thread 8 reads a[8], past the 32-byte buffer
  expect_error(launch(vadd, s),
               "kernel 'vadd': block (2,0,0), thread (0,0,0) (warp 0, lane 0): at 0x0098: 4-byte load from global "
               "memory at 0x");
  s = spec_of(read_text(kData + "vadd.json"));
  s.params.pop_back();
  expect_error(launch(vadd, s), "kernel 'vadd': the kernel takes 7 parameters, the launch gives 6");
  s = spec_of(read_text(kData + "vadd.json"));
  s.params[6] = ParamSpec{ParamSpec::Kind::U64, 7, "", 0, {}};
  expect_error(launch(vadd, s), "parameter 6 (c[0x0][0x170]) is 4 bytes, params[6] gives 8 bytes");
  s.kernel = "nope";
  expect_error(launch(vadd, s), "no kernel named 'nope' in the cubin (it has: vadd)");

  const isa::Cubin tex = compile(ptxas, read_text(kData + "tex.ptx"));
  s = spec_of(read_text(kData + "tex_ref.json"));
  s.texrefs.clear();
  expect_error(launch(tex, s), "kernel 'tex_ref': texture reference 'tref' (c[0x0][0x148]) is not bound");

  const isa::Cubin spin = compile(ptxas, read_text(kData + "spin.ptx"));
  expect_error(launch(spin, spec_of(read_text(kData + "spin.json"))),
               "kernel 'spin': block (0,0,0), warp 0: at 0x0070: instruction budget of 10000 exhausted");
}

// A block's warps run together: each thread stores 3 * tid.x in shared memory, waits at bar.sync, and reads its
// right neighbour's word, which another warp wrote when the neighbour is the next warp's first thread.
TEST(RunLaunch, BarrierAcrossWarps) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "barrier.ptx"));
  for (uint32_t n : {32u, 64u, 96u, 1024u}) {
    auto r = launch(cubin, spec_of(R"({"block": )" + std::to_string(n) + R"(, "buffers": [{"name": "out", "size": )" +
                                   std::to_string(4 * n) + R"(}], "params": [{"buffer": "out"}]})"));
    ASSERT_TRUE(r) << r.error();
    const auto w = words(*r, "out");
    for (uint32_t t = 0; t < n; ++t) EXPECT_EQ(w[t], (t + 1) % n * 3) << n << " threads, thread " << t;
    EXPECT_EQ(r->warps, (n + 31) / 32);
  }
}

// A block-wide tree reduction through shared memory, bar.sync between the steps: thread t contributes 3t + 1, so
// block b of n threads sums to 3n(n-1)/2 + n, plus 1000 b from its block id. Two blocks: shared memory is the
// block's own.
const std::string kReducePtx = ptx_module(R"(.visible .entry reduce(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<4>;
  .shared .align 4 .b8 s[4096];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %ctaid.x;
  mad.lo.s32 %r4, %r1, 3, 1;
  mov.u32 %r5, s;
  shl.b32 %r6, %r1, 2;
  add.s32 %r7, %r5, %r6;
  st.shared.u32 [%r7], %r4;
  shr.u32 %r8, %r2, 1;
STEP:
  bar.sync 0;
  setp.ge.u32 %p1, %r1, %r8;
  @%p1 bra NEXT;
  shl.b32 %r9, %r8, 2;
  add.s32 %r10, %r7, %r9;
  ld.shared.u32 %r11, [%r10];
  ld.shared.u32 %r12, [%r7];
  add.s32 %r12, %r12, %r11;
  st.shared.u32 [%r7], %r12;
NEXT:
  shr.u32 %r8, %r8, 1;
  setp.ne.u32 %p2, %r8, 0;
  @%p2 bra STEP;
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  ld.shared.u32 %r13, [s];
  mad.lo.s32 %r13, %r3, 1000, %r13;
)" + store_out("%r3", "%r13") + R"(DONE:
  ret;
}
)");

TEST(RunLaunch, BlockReductionWithBarSync) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, kReducePtx);
  for (uint32_t n : {64u, 128u, 256u, 512u, 1024u}) {
    auto r = launch(cubin, spec_of(R"({"grid": 2, "block": )" + std::to_string(n) +
                                   R"(, "buffers": [{"name": "out", "size": 8}], "params": [{"buffer": "out"}]})"));
    ASSERT_TRUE(r) << r.error();
    const uint32_t sum = 3 * n * (n - 1) / 2 + n;
    EXPECT_EQ(words(*r, "out"), (std::vector<uint32_t>{sum, sum + 1000})) << n << " threads";
  }
}

// bar.arrive does not wait, bar.sync with a count waits for that many threads: warp 0 waits at barrier 1 for 64
// threads until warp 1 has stored its words and arrived, then reads them: out[t] = 7 * (t + 32) for t < 32.
TEST(RunLaunch, BarArriveReleasesAWaitingWarp) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, ptx_module(R"(.visible .entry produce(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  .shared .align 4 .b8 s[256];
  mov.u32 %r1, %tid.x;
  mov.u32 %r5, s;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra CONSUME;
  mul.lo.s32 %r2, %r1, 7;
  sub.s32 %r3, %r1, 32;
  shl.b32 %r4, %r3, 2;
  add.s32 %r6, %r5, %r4;
  st.shared.u32 [%r6], %r2;
  bar.arrive 1, 64;
  ret;
CONSUME:
  bar.sync 1, 64;
  shl.b32 %r4, %r1, 2;
  add.s32 %r6, %r5, %r4;
  ld.shared.u32 %r7, [%r6];
)" + store_out("%r1", "%r7") + R"(  ret;
}
)"));
  auto r = launch(cubin, spec_of(R"({"block": 64, "buffers": [{"name": "out", "size": 128}],
                                     "params": [{"buffer": "out"}]})"));
  ASSERT_TRUE(r) << r.error();
  const auto w = words(*r, "out");
  for (uint32_t t = 0; t < 32; ++t) EXPECT_EQ(w[t], 7 * (t + 32)) << t;
}

// bar.red across a block of 96 threads with P = tid < n: .popc counts min(n, 96), .and is 1 when n >= 96, .or of
// !P is 1 when n < 96. ptxas reads the results with B2R.RESULT. out[t] = popc + 1000 and + 10000 or.
TEST(RunLaunch, BarRedPopcAndOr) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, ptx_module(R"(.visible .entry reductions(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<4>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  ld.param.u32 %r9, [n];
  setp.lt.u32 %p1, %r1, %r9;
  bar.red.popc.u32 %r2, 0, %p1;
  bar.red.and.pred %p2, 1, %p1;
  bar.red.or.pred %p3, 2, !%p1;
  selp.u32 %r3, 1000, 0, %p2;
  selp.u32 %r4, 10000, 0, %p3;
  add.s32 %r2, %r2, %r3;
  add.s32 %r2, %r2, %r4;
)" + store_out("%r1", "%r2") + R"(  ret;
}
)"));
  for (uint32_t n : {0u, 40u, 95u, 96u, 200u}) {
    auto r = launch(cubin, spec_of(R"({"block": 96, "buffers": [{"name": "out", "size": 384}],
                                       "params": [{"buffer": "out"}, {"u32": )" + std::to_string(n) + "}]}"));
    ASSERT_TRUE(r) << r.error();
    const uint32_t expected = std::min(n, 96u) + (n >= 96 ? 1000 : 0) + (n < 96 ? 10000 : 0);
    EXPECT_EQ(words(*r, "out"), std::vector<uint32_t>(96, expected)) << n;
  }
}

// A barrier that can never complete stops the launch with the barrier, the block and the waiting warps named: here
// the threads of warp 1 return before bar.sync, and warp 0 waits for all 64 threads; with a count above the
// block's threads every warp waits.
TEST(RunLaunch, BarrierDeadlockIsAnError) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, ptx_module(R"(.visible .entry early_exit(.param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra DONE;
  bar.sync 0;
DONE:
  ret;
}
.visible .entry too_many(.param .u32 n)
{
  bar.sync 2, 96;
  ret;
}
)"));
  LaunchSpec s = spec_of(R"({"kernel": "early_exit", "grid": 2, "block": 64, "params": [{"u32": 0}]})");
  auto r = launch(cubin, s);
  expect_error(r, "kernel 'early_exit': block (0,0,0): at 0x");
  expect_error(r, ": deadlock: barrier 0 waits for 64 threads, 32 have arrived; waiting: warp 0 (at 0x");
  expect_error(r, "; warp 1 has exited (an exited warp never arrives at a barrier)");
  // One warp per block: nobody else to wait for.
  s.block = {32, 1, 1};
  EXPECT_TRUE(launch(cubin, s));
  s.kernel = "too_many";
  s.block = {64, 1, 1};
  expect_error(launch(cubin, s), "deadlock: barrier 2 waits for 96 threads, 64 have arrived; waiting: warp 0 (at 0x");
  s.block = {32, 1, 1};
  expect_error(launch(cubin, s), "deadlock: barrier 2 waits for 96 threads, 32 have arrived; waiting: warp 0 (at 0x");
}

// The instruction budget still stops a runaway warp while another warp of its block waits at a barrier.
TEST(RunLaunch, RunawayWarpBesideAWaitingWarp) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, ptx_module(R"(.visible .entry spin_or_wait(.param .u64 flag)
{
  .reg .pred %p<3>; .reg .b32 %r<4>; .reg .b64 %rd<4>;
  mov.u32 %r2, %tid.x;
  setp.lt.u32 %p2, %r2, 32;
  @%p2 bra SYNC;
  ld.param.u64 %rd1, [flag];
  cvta.to.global.u64 %rd2, %rd1;
WAIT:
  ld.volatile.global.u32 %r1, [%rd2];
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra WAIT;
SYNC:
  bar.sync 0;
  ret;
}
)"));
  expect_error(launch(cubin, spec_of(R"({"block": 64, "max_instructions": 5000, "buffers": [{"name": "flag", "size": 4}],
                                         "params": [{"buffer": "flag"}]})")),
               "block (0,0,0), warp 1: at 0x");
  expect_error(launch(cubin, spec_of(R"({"block": 64, "max_instructions": 5000, "buffers": [{"name": "flag", "size": 4}],
                                         "params": [{"buffer": "flag"}]})")),
               "instruction budget of 5000 exhausted");
}

// generic.ptx stores through cvta.shared and cvta.local pointers (ST.E guarded by LEA.HI.X's predicate) and loads
// through a plain global pointer: out[2t] = 5t (shared), out[2t + 1] = t + 100 (local), out[64 + t] = out[2t].
TEST(RunLaunch, GenericLoadsAndStoresThroughTheWindows) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, read_text(kData + "generic.ptx"));
  for (uint32_t pick : {0u, 3u}) {
    auto r = launch(cubin, spec_of(R"({"block": 32, "buffers": [{"name": "out", "size": 512}],
                                       "params": [{"buffer": "out"}, {"u32": )" + std::to_string(pick) + "}]}"));
    ASSERT_TRUE(r) << r.error();
    const auto w = words(*r, "out");
    for (uint32_t t = 0; t < 32; ++t) {
      EXPECT_EQ(w[2 * t], 5 * t) << t;
      EXPECT_EQ(w[2 * t + 1], t + 100) << t;
      EXPECT_EQ(w[64 + t], 5 * t) << t;
    }
  }
}

// Generic accesses through parameter pointers and generic atomics: ptxas branches on LEA.HI.X's predicate between
// ATOM.E (global) and ATOMS (shared window). in[t] = t + 1; each thread adds in[t] to the global word out[64] and 1
// to a shared counter, then (after bar.sync) out[t] = 2 in[t] + 1000 * counter: 2(t + 1) + 64000 for 64 threads,
// and out[64] = 64 * 65 / 2 = 2080.
TEST(RunLaunch, GenericAtomicsToGlobalAndShared) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, ptx_module(R"(.visible .entry gen_atom(.param .u64 out, .param .u64 in)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<12>;
  .shared .align 4 .u32 cnt;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.u32 %r2, [%rd4];
  atom.add.u32 %r3, [%rd2+256], %r2;
  mov.u64 %rd5, cnt;
  cvta.shared.u64 %rd6, %rd5;
  atom.add.u32 %r4, [%rd6], 1;
  bar.sync 0;
  ld.u32 %r5, [%rd6];
  shl.b32 %r6, %r2, 1;
  mad.lo.s32 %r7, %r5, 1000, %r6;
  add.s64 %rd7, %rd2, %rd3;
  st.u32 [%rd7], %r7;
  ret;
}
)"));
  std::string in;
  for (uint32_t t = 0; t < 64; ++t) in += (t ? ", " : "") + std::to_string(t + 1);
  auto r = launch(cubin, spec_of(R"({"block": 64, "buffers": [{"name": "out", "size": 260}, {"name": "in", "size": 256,
                                     "u32": [)" + in + R"(]}], "params": [{"buffer": "out"}, {"buffer": "in"}]})"));
  ASSERT_TRUE(r) << r.error();
  const auto w = words(*r, "out");
  for (uint32_t t = 0; t < 64; ++t) EXPECT_EQ(w[t], 2 * (t + 1) + 64000) << t;
  EXPECT_EQ(w[64], 2080u);
}

// A structure passed by value (.param .align 4 .b8 s[12]) takes raw bytes; .reqntid fixes the block's shape.
TEST(RunLaunch, StructureParameterAndRequiredBlockShape) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, ptx_module(R"(.visible .entry by_value(.param .u64 out, .param .align 4 .b8 s[12]) .reqntid 2, 1, 1
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u32 %r1, [s+8];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  st.global.u32 [%rd2], %r1;
  ret;
}
)"));
  auto info = kernel_info(cubin, cubin.functions.at(0));
  ASSERT_TRUE(info) << info.error();
  ASSERT_EQ(info->params.size(), 2u);
  EXPECT_EQ(info->params[1].size, 12u);
  ASSERT_TRUE(info->reqntid);
  EXPECT_EQ(*info->reqntid, (std::array<uint32_t, 3>{2, 1, 1}));
  auto r = launch(cubin, spec_of(R"({"block": 2, "buffers": [{"name": "out", "size": 4}],
                                     "params": [{"buffer": "out"}, {"hex": "000000000000000078563412"}]})"));
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(words(*r, "out"), std::vector<uint32_t>{0x12345678});
  expect_error(launch(cubin, spec_of(R"({"block": 4, "buffers": [{"name": "out", "size": 4}],
                                         "params": [{"buffer": "out"}, {"hex": "000000000000000078563412"}]})")),
               "the kernel requires blocks of (2,1,1) threads (.reqntid), the launch gives (4,1,1)");
  expect_error(launch(cubin, spec_of(R"({"block": 2, "buffers": [{"name": "out", "size": 4}],
                                         "params": [{"buffer": "out"}, {"hex": "00"}]})")),
               "parameter 1 (c[0x0][0x148]) is 12 bytes, params[1] gives 1 bytes");
}

// Module .global variables: placed and initialized by the launch, the code's MOV32I relocations patched with their
// addresses, contents given by the spec, read back by name.
TEST(RunLaunch, ModuleGlobalVariables) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const isa::Cubin cubin = compile(ptxas, ptx_module(R"(
.global .align 4 .u32 table[4] = {10, 20, 30, 40};
.global .align 4 .u32 sum;
.global .align 4 .u32 seen[4];
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  mov.u32 %r1, %tid.x;
  mov.u64 %rd4, table;
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd4, %rd4, %rd5;
  ld.global.u32 %r2, [%rd4];
  atom.global.add.u32 %r3, [sum], %r2;
  mov.u64 %rd4, seen;
  add.s64 %rd4, %rd4, %rd5;
  st.global.u32 [%rd4], %r2;
)" + store_out("%r1", "%r2") + "  ret;\n}\n"));
  ASSERT_EQ(cubin.globals.size(), 2u);
  auto r = launch(cubin, spec_of(R"({"block": 4, "buffers": [{"name": "out", "size": 16}], "params": [{"buffer": "out"}],
                                     "variables": [{"name": "sum", "u32": [5]}, {"name": "table", "u32": [1, 2]}]})"));
  ASSERT_TRUE(r) << r.error();
  // table's first two words replaced by the spec, sum starting at 5.
  EXPECT_EQ(words(*r, "out"), (std::vector<uint32_t>{1, 2, 30, 40}));
  std::map<std::string, std::vector<std::byte>> vars;
  for (const BufferResult& v : r->variables) vars[v.name] = v.bytes;
  ASSERT_EQ(vars.size(), 3u);
  uint32_t sum = 0;
  std::memcpy(&sum, vars.at("sum").data(), 4);
  EXPECT_EQ(sum, 5u + 1 + 2 + 30 + 40);
  std::vector<uint32_t> seen(4);
  std::memcpy(seen.data(), vars.at("seen").data(), 16);
  EXPECT_EQ(seen, (std::vector<uint32_t>{1, 2, 30, 40}));
  expect_error(launch(cubin, spec_of(R"({"block": 4, "buffers": [{"name": "out", "size": 16}], "params": [{"buffer": "out"}],
                                         "variables": [{"name": "nope", "u32": [1]}]})")),
               "variables: 'nope' is not a .global variable of the module");
  expect_error(launch(cubin, spec_of(R"({"block": 4, "buffers": [{"name": "out", "size": 16}], "params": [{"buffer": "out"}],
                                         "variables": [{"name": "sum", "u32": [1, 2]}]})")),
               "variables: 'sum' holds 4 bytes, the spec gives 8");
  expect_error(launch(cubin, spec_of(R"({"block": 4, "buffers": [{"name": "out", "size": 16}], "params": [{"buffer": "out"}],
                                         "outputs": [{"variable": "total"}]})")),
               "outputs: 'total' is not a .global variable of the module");
}

TEST(RunLaunchSpec, ErrorsNameTheKey) {
  auto bad = [](const std::string& json, const std::string& part) {
    auto s = read_launch_spec(json, kData);
    ASSERT_FALSE(s) << json;
    EXPECT_NE(s.error().find(part), std::string::npos) << s.error();
  };
  bad(R"({"grid": [0]})", "grid: dimension x is 0");
  bad(R"({"block": [64, 32]})", "block: 64x32x1 threads, more than the 1024");
  bad(R"({"params": [{"u32": -1}]})", "params[0].u32: expected an unsigned integer");
  bad(R"({"params": [{"buffer": "x"}]})", "params[0]: no buffer named 'x'");
  bad(R"({"buffers": [{"name": "a", "size": 2, "u32": [1]}]})", "buffers[0]: size 2 is smaller than its 4 initial bytes");
  bad(R"({"buffers": [{"name": "a", "hex": "0g"}]})", "buffers[0].hex: 'g' at digit 0 is not a hex digit");
  bad(R"({"textures": {"t": {"texture": {"type": "2d", "width": 0}}}})", "textures.t.texture.width");
  bad(R"({"grid": [1], "grid": [2]})", "duplicate key \"grid\"");
  bad(R"({"textures": {"t": {"texture": {"type": "2d"}, "smapler": {}}}})", "textures.t: unknown key \"smapler\"");
  bad(R"({"texrefs": {"tref": "none"}})", "texrefs.tref: no texture named 'none'");
  bad(R"({"kernal": "x"})", "spec: unknown key 'kernal'");
  bad("{\"grid\": ", "byte ");
  bad(R"({"grid": [65536, 256], "block": 1024})", "grid x block: 17179869184 threads, more than");
  bad(R"({"params": [{"hex": "0"}]})", "params[0].hex: an odd number of hex digits");
  bad(R"({"variables": [{"u32": [1]}]})", "variables[0]: expected an object with a \"name\"");
  bad(R"({"variables": [{"name": "a"}, {"name": "a"}]})", "variables[1]: 'a' is given twice");
  bad(R"({"outputs": [{"variable": "a", "buffer": "b"}]})",
      "outputs[0]: expected an object with one of \"buffer\", \"variable\" or \"texture\"");
  bad(R"({"outputs": [{"texture": "t"}]})", "outputs[0]: no texture named 't' in \"textures\"");
  bad(R"({"surfrefs": {"s": "t"}})", "surfrefs.s: no texture named 't' in \"textures\"");
}

}  // namespace
}  // namespace tmu::run
