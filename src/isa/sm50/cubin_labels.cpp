// SPDX-License-Identifier: MIT
#include "isa/sm50/cubin_labels.h"

#include <algorithm>
#include <set>
#include <utility>

#include <fmt/format.h>

namespace tmu::isa::sm50 {

namespace {

// The absolute targets of an instruction's PC-relative operand, if it has one (address + 8 + signed offset).
std::optional<int64_t> relative_target(const Instruction& inst) {
  const int s = inst.slot(Opd::br_rel);
  if (s < 0) return std::nullopt;
  const Field& f = field(inst.form().format[static_cast<std::size_t>(s)]);
  return static_cast<int64_t>(inst.address()) + 8 + sign_extend(inst.value(static_cast<std::size_t>(s)), f.width());
}

}  // namespace

std::vector<LabelMap> cubin_labels(const Cubin& cubin, std::span<const Program> programs) {
  std::vector<LabelMap> maps(programs.size());
  unsigned next = 0;
  auto name = [&next] { return fmt::format(".L_x_{}", next++); };
  // Subroutines (FUNC symbols inside a function's section other than its own) are labelled with their names;
  // a branch to one (CAL `($k$f)) takes no number.
  std::vector<std::set<int64_t>> named(programs.size());
  for (std::size_t i = 0; i < programs.size(); ++i)
    for (const CubinFunctionSymbol& s : cubin.functions[i].function_symbols)
      if (s.index != cubin.functions[i].symbol && s.value <= cubin.functions[i].code.size()) {
        maps[i].add(s.value, s.name);
        named[i].insert(static_cast<int64_t>(s.value));
      }
  // Direct targets, numbered in the order of the first branch to each.
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const int64_t size = static_cast<int64_t>(cubin.functions[i].code.size());
    std::set<int64_t> seen = named[i];
    for (const Instruction& inst : programs[i].code)
      if (auto t = relative_target(inst); t && *t >= 0 && *t <= size && seen.insert(*t).second)
        maps[i].add(static_cast<uint64_t>(*t), name());
  }
  // Indirect branches: one number for the branch, one per target (an address keeps its first name).
  for (std::size_t i = 0; i < programs.size(); ++i)
    for (const CubinIndirectBranch& b : cubin.functions[i].indirect_branches) {
      maps[i].add(b.offset, name());
      for (uint64_t t : b.targets) maps[i].add(t, name());
      maps[i].add_branch_targets(b.offset, b.targets);
    }
  // Function ends: one number per FUNC symbol, at its value + size, in symbol-table order (a subroutine's end is
  // often the next one's start, which keeps its name); then the ends of sections without FUNC symbols.
  std::vector<std::pair<uint32_t, std::size_t>> by_index;  // (symbol index, function)
  for (std::size_t i = 0; i < programs.size(); ++i)
    for (std::size_t k = 0; k < cubin.functions[i].function_symbols.size(); ++k)
      by_index.emplace_back(cubin.functions[i].function_symbols[k].index, i);
  std::sort(by_index.begin(), by_index.end());
  for (const auto& [index, i] : by_index)
    for (const CubinFunctionSymbol& s : cubin.functions[i].function_symbols)
      if (s.index == index) maps[i].add(s.value + s.size, name());
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (cubin.functions[i].function_symbols.empty()) maps[i].add(cubin.functions[i].code.size(), name());
  for (std::size_t i = 0; i < programs.size(); ++i)
    for (const CubinRelocation& r : cubin.functions[i].relocations) maps[i].add_operand_symbol(r.offset, r.symbol);
  return maps;
}

}  // namespace tmu::isa::sm50
