// SPDX-License-Identifier: MIT
#include "listing.h"

#include <sstream>

#include "isa/cubin.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"
#include "oracle.h"

namespace tmu::test {

std::vector<std::string> nvdisasm_listing_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::stringstream ss(out);
  for (std::string line; std::getline(ss, line);) {
    const std::size_t a = line.find("/*");
    if (a == std::string::npos || line.compare(a, 3, "/* ") == 0) continue;
    const std::size_t b = line.find("*/", a);
    lines.push_back(normalize_nvdisasm_text(line.substr(b + 2)));
  }
  return lines;
}

std::vector<std::string> tmu_listing_lines(const std::vector<std::byte>& bytes) {
  std::vector<std::string> out;
  auto cubin = isa::read_cubin(bytes);
  if (!cubin) return out;
  std::vector<isa::sm50::Program> programs(cubin->functions.size());
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (isa::sm50::decode_program(cubin->functions[i].code, cubin->arch, 0, programs[i])) return out;
  const auto labels = isa::sm50::cubin_labels(*cubin, programs);
  for (std::size_t i = 0; i < programs.size(); ++i) {
    std::stringstream listing(isa::sm50::print_listing(programs[i], {.labels = &labels[i]}));
    for (std::string line; std::getline(listing, line);)
      if (line.starts_with("/*")) out.push_back(line.substr(line.find("*/") + 3));
  }
  return out;
}

}  // namespace tmu::test
