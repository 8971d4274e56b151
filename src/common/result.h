// SPDX-License-Identifier: MIT
// Result<T>: a value or an error message (C++20 has no std::expected).
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace tmu {

struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error e) : error_(std::move(e.message)) {}  // NOLINT
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const& { return *value_; }
  T& operator*() & { return *value_; }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }
  const std::string& error() const { return error_; }

 private:
  std::optional<T> value_;
  std::string error_;
};

inline Error make_error(std::string message) { return Error{std::move(message)}; }

}  // namespace tmu
