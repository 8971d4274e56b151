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
  bool empty() const { return by_address_.empty() && symbols_.empty(); }

  // The text printed in place of an instruction's patched operand (cubin relocations: `(name), 32@lo(name)).
  void add_operand_symbol(uint64_t address, std::string text) { symbols_.emplace(address, std::move(text)); }
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

  std::optional<std::string_view> operand_symbol(uint64_t address) const {
    auto it = symbols_.find(address);
    if (it == symbols_.end()) return std::nullopt;
    return std::string_view(it->second);
  }

 private:
  std::map<uint64_t, std::string> by_address_;  // the first name given to an address is the one printed
  std::map<std::string, uint64_t, std::less<>> by_name_;
  std::map<uint64_t, std::string> symbols_;
  std::map<uint64_t, std::vector<uint64_t>> targets_;
  std::map<uint64_t, uint64_t> sync_targets_;
  std::set<uint64_t> hidden_;
};

}  // namespace tmu::isa::sm50
