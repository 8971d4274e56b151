// SPDX-License-Identifier: MIT
#include "isa/sm50/cubin_labels.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>

namespace tmu::isa::sm50 {

namespace {

// Instructions after which control does not fall through when they run unconditionally.
bool ends_flow(Op op) {
  switch (op) {
    case Op::EXIT: case Op::RET: case Op::BRA: case Op::BRX: case Op::JMP: case Op::JMX: case Op::SYNC:
    case Op::BRK: case Op::CONT: case Op::KIL: case Op::LONGJMP: case Op::RTT:
      return true;
    default:
      return false;
  }
}

// nvdisasm lists only the reachable instructions of a function with a SYNC whose target it has to find itself
// (one that EIATTR_INDIRECT_BRANCH_TARGETS does not list; probed with tmu as --cubin: unreachable code after EXIT,
// after a branch to itself and between a BRA and its target is left out, also real instructions; ptxas's SYNCs
// are listed in the attribute, and their functions are listed whole). Reachable: from the function's entry and its subroutine
// symbols and every PC-relative and indirect target (of any instruction, reached or not), falling through unless
// an unconditional EXIT/BRA/SYNC/....
void hide_unreachable(const CubinFunction& f, const Program& p, LabelMap& map) {
  auto listed = [&](uint64_t a) {
    return std::any_of(f.indirect_branches.begin(), f.indirect_branches.end(),
                       [&](const CubinIndirectBranch& b) { return b.offset == a; });
  };
  if (std::none_of(p.code.begin(), p.code.end(),
                   [&](const Instruction& i) { return i.op() == Op::SYNC && !listed(i.address()); }))
    return;
  std::map<uint64_t, std::size_t> at;  // instruction address -> index
  for (std::size_t k = 0; k < p.code.size(); ++k) at[p.code[k].address()] = k;
  std::vector<bool> seen(p.code.size(), false);
  std::vector<std::size_t> work;
  auto reach = [&](uint64_t a) {
    if (a % 32 == 0) a += 8;  // a bundle's address: its first instruction
    auto it = at.find(a);
    if (it != at.end() && !seen[it->second]) {
      seen[it->second] = true;
      work.push_back(it->second);
    }
  };
  reach(0);
  for (const Instruction& inst : p.code)  // every branch target counts, even of a branch never reached
    if (auto t = inst.relative_target(); t && *t >= 0) reach(static_cast<uint64_t>(*t));
  for (const CubinFunctionSymbol& s : f.function_symbols) reach(s.value);
  for (const CubinIndirectBranch& b : f.indirect_branches)
    for (uint64_t t : b.targets) reach(t);
  while (!work.empty()) {
    const std::size_t k = work.back();
    work.pop_back();
    const Instruction& inst = p.code[k];
    if (auto t = inst.relative_target(); t && *t >= 0) reach(static_cast<uint64_t>(*t));
    if (!(ends_flow(inst.op()) && unconditional(inst)) && k + 1 < p.code.size()) reach(p.code[k + 1].address());
  }
  for (std::size_t k = 0; k < p.code.size(); ++k)
    if (!seen[k]) map.hide(p.code[k].address());
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
  // Relocations naming a symbol of the function's own code section (ptxas's `.param .texref` symbols in objects,
  // at value 0, patching in their bank-0 words): nvdisasm names the code address value + addend instead, and does
  // so first: the function symbol there (`(k)`), else a label of its own, numbered before any branch target, at
  // that address (`c[`(.L_x_0)]`, printed in the code) or, past the code, at its end (`c[`((.L_x_0 + 0x88))]`).
  std::vector<std::vector<CubinRelocation>> relocations(programs.size());
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const CubinFunction& f = cubin.functions[i];
    for (CubinRelocation r : f.relocations) {
      auto sym = std::find_if(f.data_symbols.begin(), f.data_symbols.end(),
                              [&](const CubinFunctionSymbol& d) { return d.name == r.symbol; });
      if (sym != f.data_symbols.end()) {
        const uint64_t at = sym->value + static_cast<uint64_t>(r.addend.value_or(0));
        const uint64_t label = std::min<uint64_t>(at, f.code.size());
        auto fn = std::find_if(f.function_symbols.begin(), f.function_symbols.end(),
                               [&](const CubinFunctionSymbol& s) { return s.value == at; });
        if (fn != f.function_symbols.end() && at < f.code.size()) {
          r.symbol = fn->name;
        } else {
          if (!maps[i].name_of(label)) maps[i].add(label, name());
          r.symbol = std::string(*maps[i].name_of(label));
        }
        r.addend = static_cast<int64_t>(at - label);
      }
      relocations[i].push_back(std::move(r));
    }
    // The symbols printed as labels, in reverse symbol-table order.
    for (auto d = f.data_symbols.rbegin(); d != f.data_symbols.rend(); ++d) maps[i].add_symbol_label(d->value, d->name);
  }
  // Direct targets, numbered in the order of the first branch to each.
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const int64_t size = static_cast<int64_t>(cubin.functions[i].code.size());
    std::set<int64_t> seen = named[i];
    for (const Instruction& inst : programs[i].code)
      if (auto t = inst.relative_target(); t && *t >= 0 && *t <= size && seen.insert(*t).second)
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
  // A subroutine starting on a bundle is named at its first instruction, so the end there gets its number and
  // is printed (`.L_x_242:` before `$k$f:`); one starting inside a bundle keeps its name (docs/cubin.md).
  for (const auto& [index, i] : by_index)
    for (const CubinFunctionSymbol& s : cubin.functions[i].function_symbols)
      if (s.index == index) {
        const uint64_t end = s.value + s.size;
        const bool on_bundle_start = end % 32 == 0 && std::any_of(
            cubin.functions[i].function_symbols.begin(), cubin.functions[i].function_symbols.end(),
            [&](const CubinFunctionSymbol& t) { return t.value == end && t.index != s.index; });
        if (on_bundle_start && !maps[i].end_label(end)) maps[i].add_end_label(end, name());
        else maps[i].add(end, name());
      }
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (cubin.functions[i].function_symbols.empty()) maps[i].add(cubin.functions[i].code.size(), name());
  for (std::size_t i = 0; i < programs.size(); ++i)
    for (CubinRelocation& r : relocations[i]) maps[i].add_relocation(r.offset, std::move(r));
  for (std::size_t i = 0; i < programs.size(); ++i) hide_unreachable(cubin.functions[i], programs[i], maps[i]);
  // SYNC, BRK and CONT: nvdisasm names the target of the innermost SSY, PBK or PCNT whose region [push, target)
  // holds the instruction (established on tmu ptxas's code: if/else as SSY .L1; @!P0 BRA .L0; ...; SYNC; .L0:
  // ...; SYNC; .L1:, both SYNCs annotated .L1; loops as PBK .L4; .L2: PCNT .L3; ... CONT; ... BRK; .L3: BRA .L2;
  // .L4:, the CONT annotated .L3 and the BRK .L4).
  for (std::size_t i = 0; i < programs.size(); ++i)
    for (auto [push, pop] : {std::pair{Op::SSY, Op::SYNC}, std::pair{Op::PBK, Op::BRK}, std::pair{Op::PCNT, Op::CONT}}) {
      std::vector<std::pair<uint64_t, uint64_t>> regions;  // (push address, target)
      for (const Instruction& inst : programs[i].code)
        if (inst.op() == push)
          if (auto t = inst.relative_target(); t && *t > static_cast<int64_t>(inst.address()))
            regions.emplace_back(inst.address(), static_cast<uint64_t>(*t));
      for (const Instruction& inst : programs[i].code) {
        if (inst.op() != pop) continue;
        const std::pair<uint64_t, uint64_t>* inner = nullptr;
        for (const auto& r : regions)
          if (r.first < inst.address() && inst.address() < r.second && (!inner || r.first > inner->first)) inner = &r;
        // One listed in EIATTR_INDIRECT_BRANCH_TARGETS keeps only that annotation (ptxas's waterfall loops).
        if (inner && !maps[i].branch_targets(inst.address())) maps[i].add_sync_target(inst.address(), inner->second);
      }
    }
  return maps;
}

bool unconditional(const Instruction& inst) {
  if (inst.slot(Opd::pg) >= 0 && !(inst.guard().is_pt() && !inst.guard_negated())) return false;
  const int cc = inst.slot(Opd::br_cc);
  return cc < 0 || inst.value(static_cast<std::size_t>(cc)) == kCondAlways;
}

std::optional<CubinListingFailure> decode_functions(const Cubin& cubin, std::vector<Program>& programs) {
  programs.assign(cubin.functions.size(), Program{});
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (auto fail = decode_program(cubin.functions[i].code, cubin.arch, 0, programs[i]))
      return CubinListingFailure{&cubin.functions[i], *fail};
  return std::nullopt;
}

bool function_selected(const Cubin& cubin, const CubinFunction& fn, std::span<const uint32_t> symbols) {
  return symbols.empty() || std::any_of(symbols.begin(), symbols.end(), [&](uint32_t k) {
           return k < cubin.symbol_sections.size() && cubin.symbol_sections[k] == fn.section_index;
         });
}

std::optional<CubinListingFailure> cubin_listing(const Cubin& cubin, ListingOptions options, std::string& out,
                                                 std::span<const uint32_t> symbols) {
  std::vector<Program> programs;
  if (auto fail = decode_functions(cubin, programs)) return fail;
  const auto labels = cubin_labels(cubin, programs);
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const auto& fn = cubin.functions[i];
    if (!function_selected(cubin, fn, symbols)) continue;
    out += fmt::format("// {} ({}, sm_{})\n{}:\n", fn.name, fn.section, cubin.sm, fn.name);
    options.labels = &labels[i];
    out += print_listing(programs[i], options);
    if (auto end = labels[i].name_of(fn.code.size())) out += fmt::format("{}:\n", *end);
  }
  return std::nullopt;
}

std::string function_symbols_error(const Cubin& cubin, std::span<const uint32_t> symbols) {
  for (uint32_t k : symbols) {
    if (k >= cubin.symbols.size())
      return fmt::format("no symbol with index {} (the symbol table has {})", k, cubin.symbols.size());
    if (cubin.symbol_sections[k] == 0)  // SHN_UNDEF: nvdisasm says "No section found for symbol"
      return fmt::format("no section found for symbol \"{}\", index {}", cubin.symbols[k], k);
  }
  return "";
}

unsigned registers_named(const Program& p) {
  const std::string text = print_listing(p, {});
  int highest = 1;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != 'R' || (i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1]))) ||
        !std::isdigit(static_cast<unsigned char>(text[i + 1])))
      continue;
    const int n = std::atoi(text.c_str() + i + 1);
    if (n < 255) highest = std::max(highest, n);  // RZ is R255
  }
  return static_cast<unsigned>(std::min(highest + 1 + 3, 255));
}

}  // namespace tmu::isa::sm50
