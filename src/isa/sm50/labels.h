// SPDX-License-Identifier: MIT
// Code labels: names for addresses, used to print branch targets as `(name) in cubin listings (as nvdisasm
// does) and to resolve names in assembler source.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "isa/cubin.h"

namespace tmu::isa::sm50 {

class LabelMap {
 public:
  // Names `address`; an address keeps the first name it was given (the one printed and used by branches).
  void add(uint64_t address, std::string name) {
    by_name_[name] = address;
    by_address_.emplace(address, std::move(name));
  }
  std::optional<std::string_view> name_of(uint64_t address) const {
    auto it = by_address_.find(address);
    if (it == by_address_.end()) return std::nullopt;
    return std::string_view(it->second);
  }
  std::optional<uint64_t> address_of(std::string_view name) const {
    auto it = by_name_.find(name);
    if (it == by_name_.end()) return std::nullopt;
    return it->second;
  }
  bool empty() const {
    return by_address_.empty() && relocations_.empty() && symbol_labels_.empty() && end_labels_.empty();
  }

  // More names printed at `address` before its label, in the order given, that branches never use: the symbols a
  // cubin defines in a code section besides its functions (ptxas's `.param .texref` symbols).
  void add_symbol_label(uint64_t address, std::string name) { symbol_labels_.emplace(address, std::move(name)); }
  // The symbol labels at `address`, as `name:` lines, after the end label there.
  void print_symbol_labels(uint64_t address, std::string& out) const {
    if (auto e = end_labels_.find(address); e != end_labels_.end()) (out += e->second) += ":\n";
    if (!symbol_labels_.empty())
      for (auto [it, end] = symbol_labels_.equal_range(address); it != end; ++it) (out += it->second) += ":\n";
  }
  // A function's end label where the next subroutine starts on a bundle (nvdisasm prints `.L_x_242:` before the
  // subroutine's name there; branches still name the subroutine).
  void add_end_label(uint64_t address, std::string name) {
    by_name_[name] = address;
    end_labels_.emplace(address, std::move(name));
  }
  std::optional<std::string_view> end_label(uint64_t address) const {
    auto it = end_labels_.find(address);
    if (it == end_labels_.end()) return std::nullopt;
    return std::string_view(it->second);
  }

  // A cubin relocation of the instruction at `address` (its offset is ignored): the operand whose field it patches
  // prints as the symbol (relocation_operand: `(name), `((name + 0x8)), 32@lo(name)).
  void add_relocation(uint64_t address, CubinRelocation r) { relocations_.emplace(address, std::move(r)); }
  // The text in place of the operand whose field starts at bit `lo` of the instruction at `address`, `value` being
  // what the field holds as printed (a REL relocation's addend); nullopt when no relocation patches that field.
  std::optional<std::string> relocated(uint64_t address, unsigned lo, int64_t value) const {
    if (relocations_.empty()) return std::nullopt;
    auto [it, end] = relocations_.equal_range(address);
    for (; it != end; ++it)
      if (relocation_field_lo(it->second.type) == lo)
        return relocation_operand(it->second.type, it->second.symbol, it->second.addend.value_or(value));
    return std::nullopt;
  }
  // Targets of an indirect branch (cubin attributes), printed after it as (*"BRANCH_TARGETS .L_x_6"*).
  void add_branch_targets(uint64_t address, std::vector<uint64_t> targets) {
    targets_.emplace(address, std::move(targets));
  }
  const std::vector<uint64_t>* branch_targets(uint64_t address) const {
    auto it = targets_.find(address);
    return it == targets_.end() ? nullptr : &it->second;
  }

  // The reconvergence point of a SYNC, BRK or CONT (the target of the SSY, PBK or PCNT whose region holds it),
  // printed after it as (*"TARGET= .L_x_0 "*).
  void add_sync_target(uint64_t address, uint64_t target) { sync_targets_.emplace(address, target); }
  std::optional<uint64_t> sync_target(uint64_t address) const {
    auto it = sync_targets_.find(address);
    if (it == sync_targets_.end()) return std::nullopt;
    return it->second;
  }

  // An instruction nvdisasm leaves out of the listing (unreachable code of a function with SSY, cubin_labels.h).
  void hide(uint64_t address) { hidden_.insert(address); }
  bool hidden(uint64_t address) const { return !hidden_.empty() && hidden_.count(address) != 0; }

 private:
  std::map<uint64_t, std::string> by_address_;  // the first name given to an address is the one printed
  std::multimap<uint64_t, std::string> symbol_labels_;
  std::map<uint64_t, std::string> end_labels_;
  std::map<std::string, uint64_t, std::less<>> by_name_;
  std::multimap<uint64_t, CubinRelocation> relocations_;
  std::map<uint64_t, std::vector<uint64_t>> targets_;
  std::map<uint64_t, uint64_t> sync_targets_;
  std::set<uint64_t> hidden_;
};

}  // namespace tmu::isa::sm50
