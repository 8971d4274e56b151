// SPDX-License-Identifier: MIT
// Reading a parsed JSON document with errors that name where: a Cursor is a value and its JSON path
// ("requests[2].coords[5]"). Every getter checks the type and range and throws SpecError with the path; the spec
// reader catches it at its boundary. Objects are read with a list of the keys they may hold, so that a typo is an
// error, not a silently ignored key.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sample/spec_names.h"

namespace tmu::sample {

struct SpecError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Cursor {
 public:
  Cursor(const nlohmann::json& j, std::string path) : j_(&j), path_(std::move(path)) {}

  const nlohmann::json& json() const { return *j_; }
  const std::string& path() const { return path_; }
  [[noreturn]] void fail(std::string_view message) const;

  // Objects. `object` checks the type and that every key is one of `allowed` ("comment" is always allowed).
  void object(std::span<const std::string_view> allowed) const;
  void object(std::initializer_list<std::string_view> allowed) const { object(std::span(allowed.begin(), allowed.size())); }
  bool has(std::string_view key) const;
  std::optional<Cursor> find(std::string_view key) const;
  Cursor at(std::string_view key) const;  // required key

  // Arrays.
  bool is_array() const { return j_->is_array(); }
  std::size_t size() const;  // fails unless an array
  Cursor operator[](std::size_t i) const;
  // An array of exactly n elements; `what` names them in the error ("expected 2 numbers for a 2D texture").
  void array_of(std::size_t n, std::string_view what) const;

  // Scalars.
  bool boolean() const;
  std::string string() const;
  // A number or a string strtod reads whole (hex floats "0x1.8p-1", "inf", "-inf", "nan"), rounded to fp32.
  float number() const;
  double real() const;  // the same, as a double
  // An integral number in [lo, hi].
  int64_t integer(int64_t lo, int64_t hi) const;
  // A number that is a multiple of 2^-frac_bits in [lo, hi], as the fixed-point integer.
  int64_t fixed(unsigned frac_bits, double lo, double hi) const;

  template <typename T>
  T pick(std::span<const Named<T>> names) const {
    const std::string s = string();
    for (const auto& n : names)
      if (n.name == s) return n.value;
    fail_choice(s, names.size(), [&](std::size_t i) { return names[i].name; });
  }

 private:
  [[noreturn]] void fail_choice(const std::string& got, std::size_t n,
                                const std::function<std::string_view(std::size_t)>& name) const;

  const nlohmann::json* j_;
  std::string path_;
};

// A request's per-lane values: one value for every lane, or an array with one value per lane; f(value, lane).
template <typename F>
void each_lane(const Cursor& c, unsigned lanes, F&& f) {
  if (!c.is_array()) {
    for (unsigned i = 0; i < lanes; ++i) f(c, i);
    return;
  }
  if (c.size() != lanes) c.fail("expected one value per lane (" + std::to_string(lanes) + "), got " + std::to_string(c.size()));
  for (unsigned i = 0; i < lanes; ++i) f(c[i], i);
}

// One vector for every lane ([1, 0]), or an array with one vector per lane ([[1, 0], [0, 1]]).
template <typename F>
void each_lane_vector(const Cursor& c, unsigned lanes, F&& f) {
  c.size();  // must be an array
  if (c.size() == 0 || !c[0].is_array()) {
    for (unsigned i = 0; i < lanes; ++i) f(c, i);
    return;
  }
  if (c.size() != lanes) c.fail("expected one vector per lane (" + std::to_string(lanes) + "), got " + std::to_string(c.size()));
  for (unsigned i = 0; i < lanes; ++i) f(c[i], i);
}

// "null", "an object", "an array", "a string", "a boolean", "a number".
std::string_view json_kind(const nlohmann::json& j);

}  // namespace tmu::sample
