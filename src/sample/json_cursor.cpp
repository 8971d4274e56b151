// SPDX-License-Identifier: MIT
#include "sample/json_cursor.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

namespace tmu::sample {

std::string_view json_kind(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::binary: return "binary data";
    case nlohmann::json::value_t::discarded: return "nothing";
    default: return "a number";
  }
}

void Cursor::fail(std::string_view message) const {
  throw SpecError(path_.empty() ? std::string(message) : fmt::format("{}: {}", path_, message));
}

void Cursor::fail_choice(const std::string& got, std::size_t n,
                         const std::function<std::string_view(std::size_t)>& name) const {
  std::string list;
  for (std::size_t i = 0; i < n; ++i) list += fmt::format("{}{}", i ? ", " : "", name(i));
  fail(fmt::format("unknown value \"{}\" (expected one of: {})", got, list));
}

void Cursor::object(std::span<const std::string_view> allowed) const {
  if (!j_->is_object()) fail(fmt::format("expected an object, got {}", json_kind(*j_)));
  for (const auto& [key, value] : j_->items()) {
    bool ok = key == "comment";
    for (std::string_view a : allowed) ok = ok || key == a;
    if (ok) continue;
    std::string list;
    for (std::string_view a : allowed) list += fmt::format("{}{}", list.empty() ? "" : ", ", a);
    fail(fmt::format("unknown key \"{}\" (expected one of: {})", key, list));
  }
}

bool Cursor::has(std::string_view key) const { return j_->is_object() && j_->contains(key); }

std::optional<Cursor> Cursor::find(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return Cursor(j_->at(std::string(key)), path_.empty() ? std::string(key) : fmt::format("{}.{}", path_, key));
}

Cursor Cursor::at(std::string_view key) const {
  if (auto c = find(key)) return *c;
  fail(fmt::format("missing key \"{}\"", key));
}

std::size_t Cursor::size() const {
  if (!j_->is_array()) fail(fmt::format("expected an array, got {}", json_kind(*j_)));
  return j_->size();
}

Cursor Cursor::operator[](std::size_t i) const { return Cursor((*j_)[i], fmt::format("{}[{}]", path_, i)); }

void Cursor::array_of(std::size_t n, std::string_view what) const {
  if (!j_->is_array()) fail(fmt::format("expected {}, got {}", what, json_kind(*j_)));
  if (j_->size() != n) fail(fmt::format("expected {}, got {}", what, j_->size()));
}

bool Cursor::boolean() const {
  if (!j_->is_boolean()) fail(fmt::format("expected true or false, got {}", json_kind(*j_)));
  return j_->get<bool>();
}

std::string Cursor::string() const {
  if (!j_->is_string()) fail(fmt::format("expected a string, got {}", json_kind(*j_)));
  return j_->get<std::string>();
}

double Cursor::real() const {
  if (j_->is_number()) return j_->get<double>();
  if (j_->is_string()) {
    const std::string& s = j_->get_ref<const std::string&>();
    if (!s.empty() && s.find_first_of(" \t\n\r\f\v") == std::string::npos) {
      char* end = nullptr;
      const double v = std::strtod(s.c_str(), &end);
      if (end == s.c_str() + s.size()) return v;
    }
    fail(fmt::format("\"{}\" is not a number (write numbers, or strings such as \"0x1.8p-1\", \"inf\", \"nan\")", s));
  }
  fail(fmt::format("expected a number, got {}", json_kind(*j_)));
}

float Cursor::number() const { return static_cast<float>(real()); }

int64_t Cursor::integer(int64_t lo, int64_t hi) const {
  if (j_->is_number_integer()) {
    // number_unsigned values above INT64_MAX are out of every range used here.
    if (j_->is_number_unsigned() && j_->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
      fail(fmt::format("expected an integer in [{}, {}], got {}", lo, hi, j_->get<uint64_t>()));
    const int64_t v = j_->get<int64_t>();
    if (v < lo || v > hi) fail(fmt::format("expected an integer in [{}, {}], got {}", lo, hi, v));
    return v;
  }
  if (j_->is_number_float()) {
    const double d = j_->get<double>();
    if (std::isfinite(d) && d == std::floor(d) && d >= static_cast<double>(lo) && d <= static_cast<double>(hi))
      return static_cast<int64_t>(d);
    fail(fmt::format("expected an integer in [{}, {}], got {}", lo, hi, j_->dump()));
  }
  fail(fmt::format("expected an integer in [{}, {}], got {}", lo, hi, json_kind(*j_)));
}

int64_t Cursor::fixed(unsigned frac_bits, double lo, double hi) const {
  const double v = real();
  const double scaled = std::ldexp(v, static_cast<int>(frac_bits));
  if (!(v >= lo && v <= hi)) fail(fmt::format("expected a number in [{}, {}], got {}", lo, hi, v));
  if (scaled != std::floor(scaled))
    fail(fmt::format("{} is not a multiple of 1/{} (the field is fixed point)", v, 1u << frac_bits));
  return static_cast<int64_t>(scaled);
}

}  // namespace tmu::sample
