// SPDX-License-Identifier: MIT
// Compile time: `tmu ptxas` against NVIDIA's ptxas 11.8 on the same PTX modules, in the same run, both as programs
// (what a user waits for), each module compiled `--runs` times; prints the median time per module of each and the
// ratio. Usage: bench_ptxas [TMU_BINARY] [--runs N] [PTX files or directories...] (default: the kernels of
// tests/data/run and tests/fuzz/seeds/ptx_compile that tmu compiles).
#include <fmt/format.h>

#include <cstring>
#include <filesystem>

#include "common.h"

namespace fs = std::filesystem;
using namespace tmu;

int main(int argc, char** argv) {
  std::string tmu_bin = "tools/tmu";
  int runs = 5;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (fs::path(argv[i]).extension() == ".ptx" || fs::is_directory(argv[i])) inputs.emplace_back(argv[i]);
    else tmu_bin = argv[i];
  }
  if (inputs.empty()) {
    const fs::path src = TMU_SOURCE_DIR;
    inputs = {src / "tests/fuzz/seeds/ptx_compile"};
  }
  std::vector<fs::path> files;
  for (const fs::path& p : inputs) {
    if (fs::is_directory(p)) {
      for (const auto& e : fs::directory_iterator(p))
        if (e.path().extension() == ".ptx") files.push_back(e.path());
    } else {
      files.push_back(p);
    }
  }
  std::sort(files.begin(), files.end());
  const auto ptxas = bench::find_cuda_tool("ptxas");
  const fs::path out = fs::temp_directory_path() / "tmu-bench-ptxas.cubin";
  std::vector<double> tmu_times, nv_times;
  unsigned compiled = 0;
  for (const fs::path& f : files) {
    std::vector<double> t, n;
    bool ok = true;
    for (int r = 0; r < runs && ok; ++r) {
      auto a = bench::time_program({tmu_bin, "ptxas", f.string(), "-o", out.string()});
      if (!a) ok = false;
      else t.push_back(*a);
      if (ptxas && ok) {
        auto b = bench::time_program({*ptxas, "-arch=sm_50", f.string(), "-o", out.string()});
        if (b) n.push_back(*b);
      }
    }
    if (!ok) {
      fmt::print("{}: tmu ptxas refuses it (skipped)\n", f.filename().string());
      continue;
    }
    ++compiled;
    tmu_times.push_back(bench::median(t));
    if (!n.empty()) nv_times.push_back(bench::median(n));
    fmt::print("{:<40} tmu {:8.2f} ms   ptxas {}\n", f.filename().string(), 1e3 * bench::median(t),
               n.empty() ? std::string("-") : fmt::format("{:8.2f} ms", 1e3 * bench::median(n)));
  }
  if (compiled == 0) {
    fmt::print(stderr, "no module compiled\n");
    return 1;
  }
  double ts = 0, ns = 0;
  for (double x : tmu_times) ts += x;
  for (double x : nv_times) ns += x;
  fmt::print("modules: {}  tmu ptxas total {:.1f} ms (medians of {} runs)\n", compiled, 1e3 * ts, runs);
  if (!ptxas) {
    fmt::print("ptxas: skipped: install it (scripts/setup.sh --oracles)\n");
    return 0;
  }
  fmt::print("ptxas total {:.1f} ms; ratio ptxas/tmu: {:.1f}x (above 1: tmu compiles faster)\n", 1e3 * ns, ns / ts);
  fs::remove(out);
  return 0;
}
