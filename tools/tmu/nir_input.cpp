// SPDX-License-Identifier: MIT
#include "nir_input.h"

#include <fmt/format.h>

#include "io.h"
#include "ir/read.h"
#include "ir/verify.h"

namespace tmu::cli {
namespace {

template <typename Set>
bool set_each(const std::vector<std::string>& settings, const std::string& flag, Set&& set) {
  for (const std::string& kv : settings) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      error(fmt::format("{} {}: expected NAME=VALUE", flag, kv));
      return false;
    }
    if (auto r = set(kv.substr(0, eq), kv.substr(eq + 1)); !r) {
      error(flag + " " + r.error());
      return false;
    }
  }
  return true;
}

}  // namespace

bool set_lower_tex_options(const std::vector<std::string>& settings, const std::string& flag, ir::LowerTexOptions& o) {
  return set_each(settings, flag, [&](const std::string& k, const std::string& v) { return ir::set_option(o, k, v); });
}

bool set_compiler_options(const std::vector<std::string>& settings, const std::string& flag, ir::CompilerOptions& c) {
  return set_each(settings, flag,
                  [&](const std::string& k, const std::string& v) { return ir::set_compiler_option(c, k, v); });
}

std::optional<ir::Shader> read_and_lower(const std::string& file, const ir::LowerTexOptions& o,
                                         const ir::CompilerOptions& c) {
  auto bytes = read_file(file);
  if (!bytes) return std::nullopt;
  auto shader = ir::read(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()), file);
  if (!shader) {
    error(shader.error());
    return std::nullopt;
  }
  ir::lower_tex(*shader, o, c);
  if (auto problems = ir::verify(*shader); !problems.empty()) {
    error(fmt::format("{}: the lowered shader does not validate (a tmu bug): {}", file, problems.front()));
    return std::nullopt;
  }
  return std::move(*shader);
}

}  // namespace tmu::cli
