// SPDX-License-Identifier: MIT
// Code labels: names for addresses, used to print branch targets as `(name) in cubin listings (as nvdisasm
// does) and to resolve names in assembler source.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace tmu::isa::sm50 {

class LabelMap {
 public:
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
  bool empty() const { return by_address_.empty(); }

 private:
  std::map<uint64_t, std::string> by_address_;  // the first name given to an address is the one printed
  std::map<std::string, uint64_t, std::less<>> by_name_;
};

}  // namespace tmu::isa::sm50
