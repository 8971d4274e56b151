// SPDX-License-Identifier: MIT
// tmu_hw: the host side of the hardware check (tests/hw/README.md).
//   tmu_hw requests                       the cases as GL-oracle requests, for tmu_cuda_oracle's stdin
//   tmu_hw record ORACLE_OUTPUT           pairs the cases with tmu_cuda_oracle's output: a recording on stdout
//   tmu_hw dump RECORDING [CATEGORY]      every query with the GPU's and tmu's answer, one per line
//   tmu_hw report RECORDING [POLICY...]   tmu against a recording, per category, for the named policies
//                                         (default: all of policy_variants()): exact answers, those the LOD
//                                         model explains (lambda within 2/256), each half's exact answers, and
//                                         the largest difference the model does not explain
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "hw_cases.h"
#include "hw_record.h"

namespace hw = tmu::test::hw;

namespace {

int usage() {
  std::cerr << "usage: tmu_hw requests | record ORACLE_OUTPUT | report RECORDING [POLICY...]\n";
  return 2;
}

int report(const std::string& path, const std::vector<std::string>& names) {
  auto rec = hw::read_recording(path);
  if (!rec) {
    std::cerr << "tmu_hw: " << rec.error() << '\n';
    return 1;
  }
  std::size_t refused = 0;
  for (const auto& c : rec->cases)
    if (c.gpu.empty()) {
      ++refused;
      std::cout << fmt::format("refused by the GPU side: {} ({})\n", c.category, c.error);
    }
  std::cout << fmt::format("device: {}\ncases: {} ({} refused)\n", rec->device, rec->cases.size(), refused);
  for (const auto& p : hw::policy_variants()) {
    if (!names.empty() && std::find(names.begin(), names.end(), p.name) == names.end()) continue;
    std::cout << fmt::format("\npolicy {}\n{:<20} {:>7} {:>7} {:>9} {:>8} {:>7} {:>10} {:>5} {:>11} {:>11} {:>10}\n", p.name,
                             "category", "queries", "exact", "<=2^-16", "<=2^-8", "beyond", "max diff", "lod",
                             "fit exact", "check exact", "other max");
    int q = 0, e = 0;
    for (const auto& [cat, t] : hw::judge(*rec, p.policy, true)) {
      q += t.queries, e += t.exact;
      std::cout << fmt::format("{:<20} {:>7} {:>7} {:>9} {:>8} {:>7} {:>10.3g} {:>5} {:>11} {:>11} {:>10.3g}\n", cat, t.queries,
                               t.exact, t.within_2e16, t.within_2e8, t.beyond, t.max_diff, t.lod_explained,
                               fmt::format("{}/{}", t.half[0].exact, t.half[0].queries),
                               fmt::format("{}/{}", t.half[1].exact, t.half[1].queries), t.max_unexplained);
      if (!t.worst_unexplained.empty()) std::cout << "    worst not explained by the LOD model: " << t.worst_unexplained << '\n';
    }
    std::cout << fmt::format("{:<20} {:>7} {:>7}\n", "all", q, e);
  }
  return 0;
}

// One line per query: category, the query, the GPU's and tmu's (NVIDIA policy) pixel-0 results as floats (or
// integers), for analysis scripts.
int dump(const std::string& path, const std::string& category) {
  auto rec = hw::read_recording(path);
  if (!rec) {
    std::cerr << "tmu_hw: " << rec.error() << '\n';
    return 1;
  }
  for (const auto& c : rec->cases) {
    if (c.gpu.empty() || (!category.empty() && c.category != category)) continue;
    const bool integer = tmu::test::gl::format_kind(c.request.texture.format) != tmu::test::gl::Kind::floating;
    const auto answers = hw::tmu_answers(c, tmu::texunit::Policy::nvidia());
    for (std::size_t i = 0; i < c.request.queries.size(); ++i) {
      const auto& mine = answers[i];
      auto text = [&](const tmu::test::gl::Texel& t) {
        std::string s;
        for (int k = 0; k < 4; ++k) s += integer ? fmt::format(" {}", t.i(k)) : fmt::format(" {:.9g}", t.f(k));
        return s;
      };
      std::cout << c.category << " | " << tmu::test::gl::name(c.request.texture.format) << ' '
                << tmu::test::gl::name(c.request.texture.target) << " | " << hw::describe_query(c.request.queries[i]) << " | gpu" << text(c.gpu[i][0])
                << " | tmu" << (mine ? text((*mine)[0]) : " error") << '\n';
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string cmd = argv[1];
  if (cmd == "requests" && argc == 2) {
    for (const auto& c : hw::hw_cases()) std::cout << tmu::test::gl::write_request(c.texture, c.sampler, c.queries);
    return 0;
  }
  if (cmd == "record" && argc == 3) {
    std::ifstream in(argv[2], std::ios::binary);
    if (!in) {
      std::cerr << "tmu_hw: " << argv[2] << ": cannot open\n";
      return 1;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    auto out = hw::write_recording(hw::hw_cases(), ss.str());
    if (!out) {
      std::cerr << "tmu_hw: " << argv[2] << ": " << out.error() << '\n';
      return 1;
    }
    std::cout << *out;
    return 0;
  }
  if (cmd == "dump" && (argc == 3 || argc == 4)) return dump(argv[2], argc == 4 ? argv[3] : "");
  if (cmd == "report" && argc >= 3) return report(argv[2], std::vector<std::string>(argv + 3, argv + argc));
  return usage();
}
