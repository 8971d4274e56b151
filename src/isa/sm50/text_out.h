// SPDX-License-Identifier: MIT
// TextOut: where the printer writes. A character buffer of its own (first on the stack, then on the heap) that an
// append fills with a bounds check and a short copy, with no call into the library: a listing of a million
// instructions makes some 30 million appends, which through std::string were most of the printer's cost.
// The caller takes the text with view() and may clear() the buffer to reuse it.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace tmu::isa::sm50 {

class TextOut {
 public:
  TextOut() = default;
  TextOut(const TextOut&) = delete;
  TextOut& operator=(const TextOut&) = delete;

  TextOut& append(const char* p, std::size_t n) {
    if (n > room()) grow(n);
    // Short texts (modifiers, register names) are copied as two overlapping words, like memcpy does inside but
    // without the call.
    if (n >= 8 && n <= 16) {
      copy<8>(cur_, p);
      copy<8>(cur_ + n - 8, p + n - 8);
    } else if (n >= 4 && n < 8) {
      copy<4>(cur_, p);
      copy<4>(cur_ + n - 4, p + n - 4);
    } else if (n > 0 && n < 4) {
      cur_[0] = p[0];
      cur_[n / 2] = p[n / 2];
      cur_[n - 1] = p[n - 1];
    } else if (n > 16) {
      std::memcpy(cur_, p, n);
    }
    cur_ += n;
    return *this;
  }
  TextOut& operator+=(std::string_view v) { return append(v.data(), v.size()); }
  TextOut& operator+=(const char* s) { return append(s, std::strlen(s)); }
  TextOut& operator+=(char c) {
    if (room() == 0) grow(1);
    *cur_++ = c;
    return *this;
  }

  // Room for at least `n` more characters, written through the pointer and committed with advance().
  char* cursor(std::size_t n) {
    if (n > room()) grow(n);
    return cur_;
  }
  void advance(std::size_t n) { cur_ += n; }

  std::size_t size() const { return static_cast<std::size_t>(cur_ - begin_); }
  std::string_view view() const { return {begin_, size()}; }
  void clear() { cur_ = begin_; }

 private:
  static constexpr std::size_t kInline = 512;
  template <std::size_t N>
  static void copy(char* d, const char* s) {
    char w[N];
    std::memcpy(w, s, N);
    std::memcpy(d, w, N);
  }
  std::size_t room() const { return static_cast<std::size_t>(end_ - cur_); }
  void grow(std::size_t n) {
    const std::size_t used = size(), cap = static_cast<std::size_t>(end_ - begin_);
    const std::size_t want = used + n > 2 * cap ? used + n : 2 * cap;
    std::unique_ptr<char[]> next(new char[want]);  // not zeroed: only written parts are read
    std::memcpy(next.get(), begin_, used);
    heap_ = std::move(next);
    begin_ = heap_.get();
    cur_ = begin_ + used;
    end_ = begin_ + want;
  }

  char inline_[kInline];
  std::unique_ptr<char[]> heap_;
  char* begin_ = inline_;
  char* cur_ = inline_;
  char* end_ = inline_ + kInline;
};

}  // namespace tmu::isa::sm50
