// SPDX-License-Identifier: MIT
// Small PTX kernels compiled by tmu's compiler and run by tmu run's launch on the warp executor, for the tests of
// the compiler on its own (ptx_compile_test.cpp, ptx_loops_test.cpp): kernel() wraps a body that reads four words
// per thread and writes four; check() compares every thread's output with PTX's semantics computed in C++.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <fmt/format.h>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "isa/cubin.h"
#include "ptx/compile.h"
#include "run/launch.h"
#include "run/launch_spec.h"

namespace tmu::ptx_kernel_harness {

using Words = std::array<uint32_t, 4>;
constexpr unsigned kThreads = 64;

// A kernel whose thread i reads in[i] (four words: %r1..%r4), runs `body`, and writes %r5..%r8 to out[i].
inline std::string kernel(const std::string& body) {
  return R"(.version 6.0
.target sm_50
.address_size 64
.visible .entry k(.param .u64 out, .param .u64 in)
{
  .reg .pred %p<8>;
  .reg .b32 %r<32>;
  .reg .f32 %f<16>;
  .reg .b64 %rd<32>; .reg .f64 %fd<16>;
  mov.u32 %r0, %tid.x;
  mul.wide.u32 %rd0, %r0, 16;
  ld.param.u64 %rd1, [in];
  cvta.to.global.u64 %rd1, %rd1;
  add.s64 %rd1, %rd1, %rd0;
  ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd2, %rd2;
  add.s64 %rd2, %rd2, %rd0;
  mov.u32 %r5, 0; mov.u32 %r6, 0; mov.u32 %r7, 0; mov.u32 %r8, 0;
)" + body + R"(
  st.global.v4.u32 [%rd2], {%r5, %r6, %r7, %r8};
  ret;
}
)";
}

// The text of tests/data/ptx/kernels/NAME (the kernels the oracle test also compiles with ptxas).
inline std::string kernel_file(const std::string& name) {
  std::ifstream f(std::filesystem::path(TMU_TEST_DATA) / "ptx" / "kernels" / name);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Compiles a whole module, launches it as `spec_json` says, and returns the first buffer as words (empty after a
// failure, which is reported).
inline std::vector<uint32_t> launch_words(const std::string& ptx, const std::string& file, const std::string& spec_json) {
  auto bytes = ptx::compile_to_cubin(ptx, file);
  EXPECT_TRUE(bytes) << (bytes ? "" : bytes.error());
  if (!bytes) return {};
  auto cubin = isa::read_cubin(*bytes);
  EXPECT_TRUE(cubin) << (cubin ? "" : cubin.error());
  if (!cubin) return {};
  auto spec = run::read_launch_spec(spec_json, ".");
  EXPECT_TRUE(spec) << (spec ? "" : spec.error());
  if (!spec) return {};
  auto r = run::launch(*cubin, *spec);
  EXPECT_TRUE(r) << (r ? "" : r.error());
  if (!r) return {};
  EXPECT_TRUE(r->hazards.empty());
  std::vector<uint32_t> out(r->buffers[0].bytes.size() / 4);
  std::memcpy(out.data(), r->buffers[0].bytes.data(), 4 * out.size());
  return out;
}

// kernel()'s module on `in` (one thread per element): the `out` buffer (the first) as words.
inline std::vector<Words> run_kernel(const std::string& ptx, const std::vector<Words>& in) {
  std::string words;
  for (const Words& w : in)
    for (uint32_t x : w) words += fmt::format("{}{}", words.empty() ? "" : ",", x);
  const auto flat = launch_words(
      ptx, "test.ptx",
      fmt::format(R"({{"block": [{}, 1, 1], "params": [{{"buffer": "out"}}, {{"buffer": "in"}}],
                      "buffers": [{{"name": "out", "size": {}}}, {{"name": "in", "size": {}, "u32": [{}]}}]}})",
                  in.size(), 16 * in.size(), 16 * in.size(), words));
  if (flat.size() != 4 * in.size()) return {};
  std::vector<Words> out(in.size());
  std::memcpy(out.data(), flat.data(), 16 * in.size());
  return out;
}

inline std::vector<Words> random_inputs(uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Words> in(kThreads);
  const uint32_t edges[] = {0, 1, 31, 32, 33, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe};
  for (unsigned t = 0; t < kThreads; ++t)
    for (uint32_t& w : in[t]) w = (rng() % 3 == 0) ? edges[rng() % std::size(edges)] : static_cast<uint32_t>(rng());
  return in;
}

// Runs the body on random inputs and checks each thread against `expect`.
template <typename F> void check(const std::string& body, F expect, const std::vector<Words>& in = random_inputs(1)) {
  const auto out = run_kernel(kernel(body), in);
  ASSERT_EQ(out.size(), in.size());
  for (unsigned t = 0; t < in.size(); ++t) {
    const Words want = expect(in[t]);
    EXPECT_EQ(out[t], want) << "thread " << t << " inputs " << fmt::format("{:#x} {:#x} {:#x} {:#x}", in[t][0], in[t][1], in[t][2], in[t][3]);
  }
}

// The compiler's message for kernel(body), compiled as "bad.ptx" (the body starts on its line 20); empty when it
// compiles.
inline std::string error_of(const std::string& body) {
  auto r = ptx::compile_to_cubin(kernel(body), "bad.ptx");
  return r ? "" : r.error();
}

}  // namespace tmu::ptx_kernel_harness
