// SPDX-License-Identifier: MIT
#include "isa/arch.h"

#include <algorithm>
#include <string>

namespace tmu::isa {

std::optional<Arch> parse_arch(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '_') s += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (s.starts_with("SM")) s.erase(0, 2);
  if (s == "50") return Arch::SM50;
  if (s == "52") return Arch::SM52;
  return std::nullopt;
}

}  // namespace tmu::isa
