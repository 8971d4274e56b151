// SPDX-License-Identifier: MIT
#include "run/module_data.h"

#include <fmt/format.h>

#include <algorithm>

namespace tmu::run {

void load_module_data(const isa::Cubin& cubin, exec::Machine& machine) {
  for (const auto& [bank, data] : cubin.constants)
    if (bank != 0 && bank < exec::Machine::kBanks) machine.set_cbank(bank, 0, data);
}

Result<GlobalVariables> place_globals(const isa::Cubin& cubin, texunit::GpuMemory& memory) {
  std::vector<uint64_t> base(cubin.globals.size());
  for (std::size_t i = 0; i < cubin.globals.size(); ++i) {
    const isa::Cubin::DataSection& d = cubin.globals[i];
    if (d.size == 0) continue;
    auto at = memory.allocate(d.size, std::max<uint64_t>(256, d.align));
    if (!at) return make_error(fmt::format("{} ({} bytes): {}", d.name, d.size, at.error()));
    if (!d.bytes.empty() && !memory.write(*at, d.bytes))
      return make_error(fmt::format("{}: cannot write its initial bytes", d.name));
    base[i] = *at;
  }
  GlobalVariables out;
  for (const isa::Cubin::DataSymbol& s : cubin.global_symbols)
    out[s.name] = {base[s.section] + s.offset, s.size};
  return out;
}

Result<std::vector<std::byte>> relocated_code(const isa::CubinFunction& f, const GlobalVariables& variables) {
  std::vector<std::byte> code = f.code;
  for (const isa::CubinRelocation& r : f.relocations) {
    if (r.type != isa::kRelocAbs32_20 && r.type != isa::kRelocAbs32Lo20 && r.type != isa::kRelocAbs32Hi20) continue;
    auto v = variables.find(r.symbol);
    if (v == variables.end())
      return make_error(fmt::format("the code at {:#06x} needs the value of {} (a relocation): tmu run provides the "
                                    "addresses of the module's .global variables, not this symbol",
                                    r.offset, r.symbol));
    if (auto patched = isa::apply_code_relocation(code, r, v->second.address); !patched) return make_error(patched.error());
  }
  return code;
}

}  // namespace tmu::run
