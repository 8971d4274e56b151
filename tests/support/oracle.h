// SPDX-License-Identifier: MIT
// Access to the external oracles (NVIDIA's nvdisasm, ptxas, cuobjdump) for differential tests. An oracle test
// fails when its tool is missing and TMU_REQUIRE_ORACLES=1 (as in CI); otherwise it is skipped with a message
// saying what to install.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "isa/arch.h"

namespace tmu::test {

// Looks for a tool in $TMU_CUDA_BIN, then ${TMU_CACHE:-~/.cache/tmu}/cuda-11.8/bin, then $PATH.
std::optional<std::string> find_tool(const std::string& name);
bool oracles_required();

// A count from the environment (decimal or 0x hex), or `fallback` when the variable is unset or empty.
std::size_t env_count(const char* name, std::size_t fallback);
// TMU_CORPUS_STRIDE: the corpus tests that run an oracle on every entry of a corpus (each entry a process of
// ptxas, nvdisasm or cuobjdump) check every stride-th entry, from the first. 1 (all) unless set; the sanitizer
// stage of scripts/test.sh sets it, since the release stage has checked every entry against the same oracles.
std::size_t corpus_stride();

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};
// Runs a program without a shell; stdout and stderr are captured.
RunResult run_program(const std::vector<std::string>& argv);

// A fresh temporary directory, removed at exit.
std::string temp_dir();
void write_bytes(const std::string& path, const std::vector<std::byte>& bytes);
std::vector<std::byte> read_bytes(const std::string& path);  // empty when the file cannot be read
void write_text(const std::string& path, const std::string& text);

// nvdisasm on a raw code blob. On success, the text of every instruction as nvdisasm prints it after the
// address comment, including its terminator (" ;", ";" or the " }" of a pair's second half) and the opening
// "{ " of a pair. On failure, nvdisasm's message without the "nvdisasm error   : " prefix.
struct NvdisasmOutput {
  bool ok = false;
  std::vector<std::string> lines;
  std::string error;
};
// nvdisasm's instruction text as tmu prints it: leading padding removed, "{         A ;" -> "{ A ;", the padding
// before a pair's closing '}' reduced to one space.
std::string normalize_nvdisasm_text(std::string text);

NvdisasmOutput nvdisasm_raw(const std::string& nvdisasm, const std::vector<std::byte>& code, isa::Arch arch);

// A control slot every instruction accepts (21 bits: stall 2, yield, no barriers, no wait, no reuse).
inline constexpr uint64_t kPlainSlot = 0x7f2;
// A raw code blob for nvdisasm: bundles of a control word and three instruction words, word i with control slot
// slots[i]; the last bundle is filled up with IPA.PASS R4, a[0x7c], RZ (every architecture accepts it).
std::vector<std::byte> nvdisasm_bundles(const std::vector<uint64_t>& words, const std::vector<uint64_t>& slots);

// Helper for tests: sets `path` to the tool, or skips (or fails, when required) the test.
#define TMU_REQUIRE_TOOL(path, name)                                                                      \
  std::string path;                                                                                       \
  if (auto found_ = ::tmu::test::find_tool(name)) {                                                        \
    path = *found_;                                                                                       \
  } else if (::tmu::test::oracles_required()) {                                                           \
    FAIL() << name << " is required (TMU_REQUIRE_ORACLES=1) but missing: run scripts/setup.sh";          \
  } else {                                                                                                \
    GTEST_SKIP() << "skipped: install " << name << " (scripts/setup.sh extracts it from Debian's nvidia-cuda-toolkit)"; \
  }

}  // namespace tmu::test
