// SPDX-License-Identifier: MIT
// Work spread over threads: for_each_index runs fn(worker, i) for every i in [0, n), each index once, on up to
// `threads` workers (worker 0 is the calling thread; indices are taken in order from a shared counter, so which
// worker runs an index varies between runs: results must not depend on it).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace tmu {

// The worker count `requested` means: 0 asks for every core the machine has.
inline unsigned worker_count(unsigned requested) {
  return requested ? requested : std::max(1u, std::thread::hardware_concurrency());
}

template <typename F>
void for_each_index(std::size_t n, unsigned threads, F&& fn) {
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(std::max(threads, 1u), n));
  if (workers <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(0u, i);
    return;
  }
  std::atomic<std::size_t> next{0};
  auto work = [&](unsigned worker) {
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) fn(worker, i);
  };
  std::vector<std::jthread> pool;
  pool.reserve(workers - 1);
  for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work, w);
  work(0);
}

}  // namespace tmu
