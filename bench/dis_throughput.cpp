// SPDX-License-Identifier: MIT
// Disassembly throughput: about a million SM52 instructions (random valid words of every table row, in equal
// shares), disassembled by `tmu dis` (with one thread and with one per core) and by nvdisasm in the same run.
// Prints instructions per second of each (median of several runs) and the ratios. Usage: bench_dis [TMU_BINARY] [--runs N] [--instructions N]
#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <random>
#include <thread>

#include "common.h"
#include "isa/sm50/codec.h"
#include "isa/sm50/program.h"

using namespace tmu;
using namespace tmu::isa::sm50;

int main(int argc, char** argv) {
  std::string tmu_bin = "tools/tmu";
  int runs = 5, nv_runs = 3;
  std::size_t count = 1'000'002;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--instructions") == 0 && i + 1 < argc) count = std::strtoull(argv[++i], nullptr, 10);
    else tmu_bin = argv[i];
  }
  count -= count % 3;

  // Random valid words, every row in turn.
  std::mt19937_64 rng(42);
  Program p;
  p.arch = isa::Arch::SM52;
  Control ctrl;
  ctrl.stall = 2;
  ctrl.yield = true;
  std::size_t row = 0;
  while (p.code.size() < count) {
    const Form& f = kForms[row++ % kForms.size()];
    const Pattern& pat = pattern_of(f);
    for (int attempt = 0; attempt < 64; ++attempt) {
      auto d = decode((rng() & ~pat.mask) | pat.value, isa::Arch::SM52, ctrl);
      if (d) {
        p.code.push_back(*d);
        break;
      }
    }
  }
  auto bytes = encode_program(p);
  if (!bytes) {
    fmt::print(stderr, "cannot encode: {}\n", bytes.error());
    return 1;
  }
  const std::string file = (std::filesystem::temp_directory_path() / "tmu-bench-dis.bin").string();
  {
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  }
  fmt::print("workload: {} SM52 instructions ({} table rows, {:.1f} MB)\n", count, kForms.size(), static_cast<double>(bytes->size()) / 1e6);

  // tmu in-process (stream_listing: the work of `tmu dis` on a raw blob) and as a program, with one thread (the
  // default, as nvdisasm) and with one per core (-j0, at most 8).
  std::vector<double> inproc, proc, proc1, nv;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    std::size_t chars = 0;
    if (stream_listing(*bytes, isa::Arch::SM52, 0, {}, [&chars](std::string_view s) { chars += s.size(); })) return 1;
    inproc.push_back(bench::seconds_since(t0));
    if (chars == 0) return 1;
    auto t = bench::time_program({tmu_bin, "dis", "-b", "SM52", file});
    auto t1 = bench::time_program({tmu_bin, "dis", "-j0", "-b", "SM52", file});
    if (!t || !t1) {
      fmt::print(stderr, "{} dis failed\n", tmu_bin);
      return 1;
    }
    proc.push_back(*t);
    proc1.push_back(*t1);
  }
  const double tmu_rate = static_cast<double>(count) / bench::median(proc);
  const double tmu1_rate = static_cast<double>(count) / bench::median(proc1);
  fmt::print("tmu dis (program):    {:>12.0f} instructions/s  (median of {} runs)\n", tmu_rate, runs);
  fmt::print("tmu dis -j0:          {:>12.0f} instructions/s  ({} threads)\n", tmu1_rate,
             std::min(8u, std::max(1u, std::thread::hardware_concurrency())));
  fmt::print("tmu (in process):     {:>12.0f} instructions/s\n", static_cast<double>(count) / bench::median(inproc));

  const auto nvdisasm = bench::find_cuda_tool("nvdisasm");
  if (!nvdisasm) {
    fmt::print("nvdisasm: skipped: install it (scripts/setup.sh --oracles)\n");
    return 0;
  }
  for (int r = 0; r < nv_runs; ++r) {
    auto t = bench::time_program({*nvdisasm, "-b", "SM52", file});
    if (!t) {
      fmt::print(stderr, "nvdisasm failed on the workload\n");
      return 1;
    }
    nv.push_back(*t);
  }
  const double nv_rate = static_cast<double>(count) / bench::median(nv);
  fmt::print("nvdisasm:             {:>12.0f} instructions/s  (median of {} runs)\n", nv_rate, nv_runs);
  fmt::print("ratio tmu/nvdisasm:   {:>12.1f}x  (goal: 100x; -j0: {:.1f}x)\n", tmu_rate / nv_rate, tmu1_rate / nv_rate);
  if (!std::getenv("TMU_BENCH_KEEP")) std::filesystem::remove(file);
  return 0;
}
