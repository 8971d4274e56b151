// SPDX-License-Identifier: MIT
// Helpers for benchmarks that time tmu against a peer program in the same run.
#pragma once

#include <fcntl.h>
#include <time.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

extern char** environ;

namespace tmu::bench {

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// CPU time of the whole process (all threads), in seconds: per-core rates stay fair when the machine is shared.
inline double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Runs a program with stdout and stderr sent to /dev/null; returns its wall time, or nullopt if it failed.
inline std::optional<double> time_program(const std::vector<std::string>& argv) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  int st = 0;
  const bool started = posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ) == 0;
  if (started) waitpid(pid, &st, 0);
  const double t = seconds_since(t0);
  posix_spawn_file_actions_destroy(&fa);
  if (!started || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return std::nullopt;
  return t;
}

// NVIDIA's tools, as the tests find them.
inline std::optional<std::string> find_cuda_tool(const std::string& name) {
  namespace fs = std::filesystem;
  std::vector<fs::path> dirs;
  if (const char* d = std::getenv("TMU_CUDA_BIN")) dirs.emplace_back(d);
  if (const char* c = std::getenv("TMU_CACHE")) dirs.emplace_back(fs::path(c) / "cuda-11.8/bin");
  else if (const char* h = std::getenv("HOME")) dirs.emplace_back(fs::path(h) / ".cache/tmu/cuda-11.8/bin");
  for (const auto& d : dirs)
    if (::access((d / name).c_str(), X_OK) == 0) return (d / name).string();
  return std::nullopt;
}

}  // namespace tmu::bench
