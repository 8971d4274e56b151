// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as a cubin. Reading must fail with a message or succeed, never crash; what is read is
// listed as `tmu dis` lists it (labels, subroutine symbols, relocation symbols, indirect-branch targets) and
// graphed as `tmu dis -cfg` / `-bbcfg` graph it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "isa/cubin.h"
#include "isa/sm50/cubin_graph.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  auto cubin = tmu::isa::read_cubin(bytes);
  if (!cubin) return 0;
  std::vector<tmu::isa::sm50::Program> programs(cubin->functions.size());
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (tmu::isa::sm50::decode_program(cubin->functions[i].code, cubin->arch, 0, programs[i])) return 0;
  const auto labels = tmu::isa::sm50::cubin_labels(*cubin, programs);
  for (std::size_t i = 0; i < programs.size(); ++i) {
    (void)tmu::isa::sm50::print_listing(programs[i], {.labels = &labels[i]});
    (void)labels[i].name_of(cubin->functions[i].code.size());
  }
  std::string graph;
  (void)tmu::isa::sm50::cubin_graph(*cubin, false, graph);
  (void)tmu::isa::sm50::cubin_graph(*cubin, true, graph);
  return 0;
}
