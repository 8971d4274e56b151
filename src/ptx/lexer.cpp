// SPDX-License-Identifier: MIT
#include "ptx/lexer.h"

#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <system_error>

namespace tmu::ptx {
namespace {

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}
bool is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
unsigned hex_value(char c) {
  if (is_digit(c)) return static_cast<unsigned>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
  return static_cast<unsigned>(c - 'A' + 10);
}

class Lexer {
 public:
  Lexer(std::string_view text, std::string_view file) : text_(text), file_(file) {}

  Result<std::vector<Token>> run() {
    std::vector<Token> out;
    bool spaced = true;
    while (true) {
      if (!skip_space(spaced)) return make_error(error_);
      Token t;
      t.loc = loc();
      t.spaced = spaced;
      spaced = false;
      if (pos_ >= text_.size()) {
        out.push_back(std::move(t));
        return out;
      }
      const char c = text_[pos_];
      const size_t start = pos_;
      if (is_ident_start(c)) {
        advance();
        while (pos_ < text_.size() && is_ident_char(text_[pos_])) advance();
        t.kind = TokenKind::Ident;
        t.text = std::string(text_.substr(start, pos_ - start));
      } else if (c == '.' && pos_ + 1 < text_.size() && is_ident_char(text_[pos_ + 1])) {
        advance();
        while (pos_ < text_.size() && is_ident_char(text_[pos_])) advance();
        t.kind = TokenKind::Directive;
        t.text = std::string(text_.substr(start, pos_ - start));
      } else if (is_digit(c)) {
        if (!number(t)) return make_error(error_);
      } else if (c == '"') {
        if (!string(t)) return make_error(error_);
      } else if (std::string_view(",;:{}[]()<>=+-!|@").find(c) != std::string_view::npos) {
        advance();
        t.kind = TokenKind::Punct;
        t.text = std::string(1, c);
      } else {
        const unsigned char u = static_cast<unsigned char>(c);
        return make_error(fmt::format("{}:{}:{}: unexpected character {} : expected an identifier, a directive, a "
                                      "constant or one of , ; : {{ }} [ ] ( ) < > = + - ! | @",
                                      file_, t.loc.line, t.loc.col,
                                      u >= 0x20 && u < 0x7f ? fmt::format("'{}'", c) : fmt::format("0x{:02x}", u)));
      }
      out.push_back(std::move(t));
    }
  }

 private:
  Loc loc() const { return {line_, static_cast<uint32_t>(pos_ - line_start_ + 1)}; }
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      line_start_ = pos_ + 1;
    }
    ++pos_;
  }
  bool fail(Loc at, std::string what) {
    error_ = fmt::format("{}:{}:{}: {}", file_, at.line, at.col, what);
    return false;
  }

  // Whitespace, // comments and /* */ comments (PTX uses C's comment syntax).
  bool skip_space(bool& spaced) {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        advance();
        spaced = true;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
        while (pos_ < text_.size() && text_[pos_] != '\n') advance();
        spaced = true;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') {
        const Loc at = loc();
        advance();
        advance();
        while (pos_ + 1 < text_.size() && !(text_[pos_] == '*' && text_[pos_ + 1] == '/')) advance();
        if (pos_ + 1 >= text_.size()) return fail(at, "unterminated /* comment: expected */ before the end of the file");
        advance();
        advance();
        spaced = true;
      } else {
        break;
      }
    }
    return true;
  }

  bool string(Token& t) {
    advance();
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] != '\n') advance();
      advance();
    }
    if (pos_ >= text_.size() || text_[pos_] != '"') return fail(t.loc, "unterminated string: expected \" before the end of the line");
    t.kind = TokenKind::String;
    t.text = std::string(text_.substr(start, pos_ - start));
    advance();
    return true;
  }

  // PTX's constants (PTX ISA "Constants"): integers in decimal, hex 0x, octal 0 and binary 0b, with an optional U;
  // floating point in decimal (fp64) and as exact bits, 0f + 8 hex digits (fp32) and 0d + 16 hex digits (fp64).
  bool number(Token& t) {
    const size_t start = pos_;
    const char next = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
    if (text_[pos_] == '0' && (next == 'f' || next == 'F' || next == 'd' || next == 'D')) {
      const bool f32 = next == 'f' || next == 'F';
      advance();
      advance();
      const size_t digits_start = pos_;
      uint64_t bits = 0;
      while (pos_ < text_.size() && is_hex(text_[pos_])) {
        bits = bits << 4 | hex_value(text_[pos_]);
        advance();
      }
      const size_t n = pos_ - digits_start;
      if (n != (f32 ? 8u : 16u) || (pos_ < text_.size() && is_ident_char(text_[pos_])))
        return fail(t.loc, fmt::format("malformed constant '{}': expected 0f and 8 hex digits (fp32 bits) or 0d and "
                                       "16 hex digits (fp64 bits)",
                                       text_.substr(start, pos_ - start + (pos_ < text_.size() ? 1 : 0))));
      t.kind = TokenKind::Float;
      t.float_bits = bits;
      t.is_f32 = f32;
      t.text = std::string(text_.substr(start, pos_ - start));
      return true;
    }
    unsigned base = 10;
    if (text_[pos_] == '0' && (next == 'x' || next == 'X')) {
      base = 16;
      advance();
      advance();
    } else if (text_[pos_] == '0' && (next == 'b' || next == 'B')) {
      base = 2;
      advance();
      advance();
    } else if (text_[pos_] == '0' && is_digit(next)) {
      base = 8;
      advance();
    }
    const size_t digits_start = pos_;
    while (pos_ < text_.size() && (base == 16 ? is_hex(text_[pos_]) : is_digit(text_[pos_]))) advance();
    // A decimal number with a fraction or an exponent is an fp64 constant.
    if (base == 10 && pos_ < text_.size() && (text_[pos_] == '.' || text_[pos_] == 'e' || text_[pos_] == 'E')) {
      if (text_[pos_] == '.') {
        advance();
        while (pos_ < text_.size() && is_digit(text_[pos_])) advance();
      }
      if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
        advance();
        if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) advance();
        const size_t exp_start = pos_;
        while (pos_ < text_.size() && is_digit(text_[pos_])) advance();
        if (pos_ == exp_start) return fail(t.loc, fmt::format("malformed constant '{}': expected digits after the exponent", text_.substr(start, pos_ - start)));
      }
      if (pos_ < text_.size() && is_ident_char(text_[pos_]))
        return fail(t.loc, fmt::format("malformed constant '{}': unexpected '{}' after the number", text_.substr(start, pos_ - start), text_[pos_]));
      double value = 0;
      const char* first = text_.data() + start;
      const char* last = text_.data() + pos_;
      const auto r = std::from_chars(first, last, value);
      if (r.ec != std::errc() || r.ptr != last)
        return fail(t.loc, fmt::format("malformed constant '{}': expected a decimal floating-point number or 0f/0d "
                                       "and hex digits", text_.substr(start, pos_ - start)));
      t.kind = TokenKind::Float;
      t.float_bits = std::bit_cast<uint64_t>(value);
      t.text = std::string(text_.substr(start, pos_ - start));
      return true;
    }
    const std::string_view digits = text_.substr(digits_start, pos_ - digits_start);
    if (base != 10 && base != 8 && digits.empty())
      return fail(t.loc, fmt::format("malformed constant '{}': expected {} digits after the prefix",
                                     text_.substr(start, pos_ - start), base == 16 ? "hex" : "binary"));
    uint64_t value = 0;
    for (const char d : digits) {
      const unsigned v = hex_value(d);
      if (v >= base)
        return fail(t.loc, fmt::format("malformed constant '{}': '{}' is not a base-{} digit", text_.substr(start, pos_ - start), d, base));
      if (value > (UINT64_MAX - v) / base)
        return fail(t.loc, fmt::format("constant '{}' does not fit in 64 bits", text_.substr(start, pos_ - start)));
      value = value * base + v;
    }
    if (pos_ < text_.size() && text_[pos_] == 'U') advance();
    if (pos_ < text_.size() && is_ident_char(text_[pos_]))
      return fail(t.loc, fmt::format("malformed constant '{}': unexpected '{}' after the number",
                                     text_.substr(start, pos_ - start), text_[pos_]));
    t.kind = TokenKind::Int;
    t.int_value = value;
    t.text = std::string(text_.substr(start, pos_ - start));
    return true;
  }

  std::string_view text_, file_;
  size_t pos_ = 0, line_start_ = 0;
  uint32_t line_ = 1;
  std::string error_;
};

}  // namespace

Result<std::vector<Token>> lex(std::string_view text, std::string_view file_name) {
  return Lexer(text, file_name).run();
}

}  // namespace tmu::ptx
