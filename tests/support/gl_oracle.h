// SPDX-License-Identifier: MIT
// The GL oracle: samples a texture with Mesa's llvmpipe or softpipe (OSMesa) and returns the bit patterns,
// for differential tests of tmu's texture unit. Each driver runs in its own helper process (tmu_gl_oracle),
// because Mesa fixes the Gallium driver for a process when its first context is created. See
// docs/gl-oracle.md.
//
//   auto gl = GlOracle::open(gl::Driver::softpipe);   // or TMU_REQUIRE_GL_ORACLE(gl, driver) in a test
//   auto r = gl->sample(texture, sampler, {gl::txl({0.5f, 0.5f}, 0.0f), gl::txs(0)});
//   r->at(0).f(0)  // red of the first query
#pragma once

#include <gtest/gtest.h>
#include <sys/types.h>

#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "common/result.h"
#include "gl_oracle_types.h"
#include "oracle.h"

namespace tmu::test {

struct GlOracleOptions {
  std::string gallivm_perf;  // GALLIVM_PERF for llvmpipe, e.g. "no_aos_sampling"; empty: the environment's
  int lp_num_threads = 1;    // LP_NUM_THREADS; < 0: the environment's
  int timeout_s = 300;       // per request
};

class GlOracle {
 public:
  // Starts the helper for `driver`. Errors say what is missing (OSMesa not found when tmu was configured, the
  // helper not starting, the context not being the driver asked for).
  static Result<GlOracle> open(gl::Driver driver, const GlOracleOptions& options = {});
  // One helper per driver and GALLIVM_PERF value, started on first use and kept for the test program's life.
  static Result<GlOracle*> shared(gl::Driver driver, const std::string& gallivm_perf = "");
  // Whether tmu was built with OSMesa (the helper exists); when not, GL oracle tests skip.
  static bool available();

  GlOracle(GlOracle&& o) noexcept;
  GlOracle& operator=(GlOracle&& o) noexcept;
  GlOracle(const GlOracle&) = delete;
  GlOracle& operator=(const GlOracle&) = delete;
  ~GlOracle();

  // Runs the queries on one texture and sampler; one result per query, in order. Errors: GL errors, shaders
  // the driver cannot compile (an op the driver lacks), or the helper dying.
  Result<std::vector<gl::QueryResult>> sample(const gl::Texture& t, const gl::Sampler& s,
                                              std::span<const gl::Query> queries);
  Result<std::vector<gl::QueryResult>> sample(const gl::Texture& t, const gl::Sampler& s,
                                              std::initializer_list<gl::Query> queries) {
    return sample(t, s, std::span<const gl::Query>(queries.begin(), queries.size()));
  }

  gl::Driver driver() const { return driver_; }
  const std::string& renderer() const { return renderer_; }      // GL_RENDERER, e.g. "softpipe"
  const std::string& gl_version() const { return gl_version_; }  // GL_VERSION

 private:
  GlOracle() = default;
  Result<std::string> read_until_end();  // lines up to and including "end"
  Result<std::string> read_line();
  std::string stderr_tail() const;
  void close();

  gl::Driver driver_ = gl::Driver::llvmpipe;
  pid_t pid_ = -1;
  int fd_ = -1;  // socket: the helper's stdin and stdout
  int timeout_ms_ = 300000;
  std::string buffer_;  // bytes read past the last line
  std::string stderr_path_, renderer_, gl_version_;
};

inline constexpr const char* kGlOracleInstallHint =
    "install libosmesa6-dev libgl1-mesa-dri (scripts/setup.sh --oracles)";

// When tmu was built without OSMesa, skips the test ("skipped: install ..."), or fails it when
// TMU_REQUIRE_ORACLES=1. Usable in a test body or a fixture's SetUp.
#define TMU_SKIP_WITHOUT_GL_ORACLE()                                                                 \
  if (!::tmu::test::GlOracle::available()) {                                                         \
    if (::tmu::test::oracles_required())                                                             \
      GTEST_FAIL() << "the GL oracle is required (TMU_REQUIRE_ORACLES=1) but tmu was built without " \
                      "OSMesa: "                                                                     \
                   << ::tmu::test::kGlOracleInstallHint;                                             \
    GTEST_SKIP() << "skipped: " << ::tmu::test::kGlOracleInstallHint;                                \
  }

// Sets `var` (a GlOracle&) to the shared oracle of `driver` (optionally: a GALLIVM_PERF value). Skips or
// fails as TMU_SKIP_WITHOUT_GL_ORACLE; any other failure to start the helper fails the test.
#define TMU_REQUIRE_GL_ORACLE(var, driver, ...)                                          \
  TMU_SKIP_WITHOUT_GL_ORACLE()                                                           \
  auto var##_opened_ = ::tmu::test::GlOracle::shared(driver __VA_OPT__(, ) __VA_ARGS__); \
  ASSERT_TRUE(var##_opened_) << var##_opened_.error();                                   \
  ::tmu::test::GlOracle& var = **var##_opened_

}  // namespace tmu::test
