// SPDX-License-Identifier: MIT
// Whole CUDA kernels (tests/data/ptx/kernels: each NAME.ptx with its launch spec NAME.json) compiled by NVIDIA's
// ptxas 11.8 and by tmu's compiler, both cubins launched by tmu run on the same inputs: every output buffer must be
// bit-identical. The kernels are what texture code does around its lookups — loops with lookups inside (a blur
// over a texture reference, a ray march through a 3D texture object with per-thread exits), integer loops with
// continues and breaks, nvcc's rotated loops and other loop shapes, byte and half-word data, module .global variables, surfaces, f64 arithmetic and conversions on special values, correctly rounded division and square root (f32, f64), directed roundings, shfl/vote and bit counts. nvdisasm must list tmu's cubin as tmu dis does. Without ptxas the test skips ("skipped:
// install ptxas"), and fails with TMU_REQUIRE_ORACLES=1.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <string>
#include <vector>

#include "isa/cubin.h"
#include "listing.h"
#include "oracle.h"
#include "ptx/compile.h"
#include "run/launch.h"
#include "run/launch_spec.h"

namespace tmu {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(TMU_TEST_DATA) / "ptx" / "kernels";

std::vector<std::string> kernel_names() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(kDir))
    if (e.path().extension() == ".ptx") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string read_text(const fs::path& p) {
  const auto bytes = test::read_bytes(p.string());
  return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

// Every buffer of the launch, every .global variable of the module (by name: tmu and ptxas may place them
// differently) and every texture the spec's outputs name (surfaces written), or the error.
Result<std::vector<std::vector<std::byte>>> launch(const std::vector<std::byte>& cubin_bytes, const std::string& name) {
  auto cubin = isa::read_cubin(cubin_bytes);
  if (!cubin) return make_error("reading the cubin: " + cubin.error());
  auto spec = run::read_launch_spec(read_text(kDir / (name + ".json")), kDir.string());
  if (!spec) return make_error("the launch spec: " + spec.error());
  auto r = run::launch(*cubin, *spec);
  if (!r) return make_error("the launch: " + r.error());
  if (!r->hazards.empty()) return make_error(fmt::format("{} hazards", r->hazards.size()));
  std::vector<std::vector<std::byte>> out;
  for (const auto& b : r->buffers) out.push_back(b.bytes);
  for (const auto& v : r->variables) out.push_back(v.bytes);
  for (const auto& t : r->textures) out.push_back(t.bytes);
  return out;
}

class PtxKernels : public ::testing::TestWithParam<std::string> {};

TEST_P(PtxKernels, TmuAgreesWithPtxasByExecution) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const std::string name = GetParam();
  const std::string dir = test::temp_dir();
  const std::string cubin = dir + "/" + name + ".cubin";
  const auto run = test::run_program({ptxas, "-arch=sm_50", (kDir / (name + ".ptx")).string(), "-o", cubin});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto theirs = launch(test::read_bytes(cubin), name);
  ASSERT_TRUE(theirs) << "ptxas's cubin: " << theirs.error();

  const std::string text = read_text(kDir / (name + ".ptx"));
  auto mine_bytes = ptx::compile_to_cubin(text, name + ".ptx");
  ASSERT_TRUE(mine_bytes) << mine_bytes.error();
  const auto mine = launch(*mine_bytes, name);
  ASSERT_TRUE(mine) << "tmu's cubin: " << mine.error();

  // nvdisasm reads tmu's cubin and lists it as tmu dis does (labels, reconvergence targets of SYNC/BRK/CONT).
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const std::string mine_path = dir + "/" + name + ".tmu.cubin";
  test::write_bytes(mine_path, *mine_bytes);
  const auto dis = test::run_program({nvdisasm, "-c", mine_path});
  ASSERT_EQ(dis.status, 0) << dis.err;
  EXPECT_EQ(test::nvdisasm_listing_lines(dis.out), test::tmu_listing_lines(*mine_bytes));

  ASSERT_EQ(mine->size(), theirs->size());
  const bool written = std::any_of(theirs->begin(), theirs->end(), [](const std::vector<std::byte>& b) {
    return std::any_of(b.begin(), b.end(), [](std::byte x) { return x != std::byte{0}; });
  });
  EXPECT_TRUE(written) << "the kernel wrote only zeros: a comparison of nothing";
  for (std::size_t b = 0; b < mine->size(); ++b) {
    const auto& m = (*mine)[b];
    const auto& t = (*theirs)[b];
    ASSERT_EQ(m.size(), t.size());
    const auto diff = std::mismatch(m.begin(), m.end(), t.begin());
    EXPECT_TRUE(diff.first == m.end()) << "buffer or variable " << b << " differs first at byte " << (diff.first - m.begin());
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, PtxKernels, ::testing::ValuesIn(kernel_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
}  // namespace tmu
