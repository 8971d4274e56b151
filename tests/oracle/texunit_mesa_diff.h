// SPDX-License-Identifier: MIT
// Differential testing of tmu's texture unit (scalar reference path) against llvmpipe and softpipe: a case is
// one texture, one sampler and a list of GL queries; it runs on every driver configuration and on tmu (through
// texunit_gl_bridge.h), and each query's result is judged
//   exact       bit for bit equal,
//   known       different exactly as one of the listed known differences (kKnownDifferences) says, or
//   tolerance   a filtered value or LOD within the bound of the tolerance model (texunit_mesa_diff.cpp),
// or the test fails and prints the seed, the case and the query. docs/gl-oracle.md, "Differential tests".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gl_oracle.h"
#include "gl_oracle_test_util.h"
#include "texunit/policy.h"
#include "texunit_gl_bridge.h"

namespace tmu::test::diff {

using gltest::Config;

// A known difference between tmu (NVIDIA's behaviour as modelled) and a Mesa driver: the name the tallies use
// and what the difference is. Every entry has a detector in texunit_mesa_diff.cpp that checks the difference is
// exactly this (usually by re-running tmu with the one policy or compiler choice changed and requiring equality)
// and a test of its own in texunit_mesa_known_differences_test.cpp.
struct KnownDifference {
  const char* name;
  const char* drivers;
  const char* what;
};
extern const KnownDifference kKnownDifferences[];
extern const std::size_t kKnownDifferenceCount;

struct Case {
  std::string label;  // how it was made (seed, index), printed on failure
  gl::Texture texture;
  gl::Sampler sampler;
  std::vector<gl::Query> queries;
};

enum class Verdict { exact, tolerance, known, fail };
struct Judgement {
  Verdict verdict = Verdict::exact;
  std::string known;   // which known difference
  std::string detail;  // failure explanation
};

struct Tally {
  int exact = 0, tolerance = 0, fail = 0, unsupported = 0;
  std::map<std::string, int> known;
  void add(const Judgement& j);
  int known_total() const;
  std::string summary() const;
};

// Tallies per configuration label ("llvmpipe", ...) and tmu policy ("nvidia", "float_exact").
using Tallies = std::map<std::string, Tally>;

// Whether `driver` can compile the query's lookup for this texture and sampler (docs/gl-oracle.md, "What each
// driver can run").
bool supported(const Config& c, const gl::Texture& t, const gl::Sampler& s, const gl::Query& q);

struct NamedPolicy {
  texunit::Policy policy;
  const char* name;
};
// tmu's NVIDIA policy, and the float-exact one (no fixed point in coordinates and LOD).
inline const std::vector<NamedPolicy> kPolicies = {{texunit::Policy::nvidia(), "nvidia"},
                                                   {texunit::Policy::float_exact(), "float_exact"}};

// Runs the case on every configuration and judges every query for tmu with each policy; failures are reported
// with ADD_FAILURE (at most `max_failures` per tally, then counted only).
void run_case(const Case& c, Tallies& tallies, const std::vector<NamedPolicy>& policies = kPolicies,
              int max_failures = 10);

// Prints "[ oracle ] <what> <config> policy=<policy>: N exact, N within tolerance, N known (name n, ...)".
void print_tallies(const std::string& what, const Tallies& tallies);

std::string describe(const gl::Texture& t, const gl::Sampler& s);
std::string describe(const gl::Query& q);

}  // namespace tmu::test::diff
