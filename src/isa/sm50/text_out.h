// SPDX-License-Identifier: MIT
// TextOut: where the printer writes. A character buffer of its own (first on the stack, then on the heap) that an
// append fills with a bounds check and a short copy, with no call into the library: a listing of a million
// instructions makes some 30 million appends, which through std::string were most of the printer's cost.
// The caller takes the text with view() and may clear() the buffer to reuse it.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
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
  // Keeps what was written from cursor() up to p.
  void commit(char* p) { cur_ = p; }

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

namespace detail {
// The eight hex digits of a 32-bit value as ASCII bytes, most significant first in memory: the nibbles are spread
// one per byte, then each becomes '0'..'9' or 'a'..'f' without a branch (operands have a random number of digits,
// so the exit of a digit loop is mispredicted on most of them).
static_assert(std::endian::native == std::endian::little, "hex8's byte order is that of a little-endian host");
inline uint64_t hex8(uint32_t v) {
  uint64_t n = v;
  n = ((n & 0xffff0000u) << 16) | (n & 0xffffu);
  n = ((n & 0x0000ff000000ff00u) << 8) | (n & 0x000000ff000000ffu);
  n = ((n & 0x00f000f000f000f0u) << 4) | (n & 0x000f000f000f000fu);
  const uint64_t letters = ((n + 0x0606060606060606u) >> 4) & 0x0101010101010101u;  // 1 where the nibble > 9
  n += 0x3030303030303030u + letters * ('a' - '0' - 10);
  return __builtin_bswap64(n);  // byte 0 (the first in memory) holds the most significant digit
}
}  // namespace detail

// The lowercase hex digits of a 32-bit value, at least `min_digits` (1..8) of them, written at p (which has room
// for 8); returns the end.
inline char* put_hex_digits(char* p, uint32_t x, unsigned min_digits = 1) {
  const unsigned width = (static_cast<unsigned>(std::bit_width(x)) + 3u) / 4u;
  const unsigned digits = width > min_digits ? width : min_digits;
  const uint64_t text = detail::hex8(x) >> (8u * (8u - digits));  // drops the leading zeros
  std::memcpy(p, &text, 8);
  return p + digits;
}

// The lowercase hex digits of v, at least `min_digits` (1..8) of them, without a prefix.
inline void append_hex_digits(TextOut& out, uint64_t v, unsigned min_digits = 1) {
  if (v > 0xffffffffu) {
    char tmp[16];
    char* end = tmp + sizeof tmp;
    char* p = end;
    for (; v != 0; v >>= 4) *--p = "0123456789abcdef"[v & 15];
    out.append(p, static_cast<std::size_t>(end - p));
    return;
  }
  out.commit(put_hex_digits(out.cursor(8), static_cast<uint32_t>(v), min_digits));
}

}  // namespace tmu::isa::sm50
