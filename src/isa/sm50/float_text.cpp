// SPDX-License-Identifier: MIT
#include "isa/sm50/float_text.h"

#include <bit>
#include <algorithm>
#include <charconv>
#include <limits>
#include <cmath>

namespace tmu::isa::sm50 {

namespace {

constexpr uint16_t kF16Sign = 0x8000;
constexpr uint32_t kF32Sign = 0x80000000u;
constexpr uint64_t kF64Sign = uint64_t{1} << 63;

// Finite or infinite value (not NaN), as nvdisasm writes it.
void append_value(TextOut& out, double v) {
  if (std::isinf(v)) {
    out += v < 0 ? "-INF " : "+INF ";
    return;
  }
  if (v == 0) {
    out += std::signbit(v) ? "-0.0 " : "0";
    return;
  }
  // std::to_chars with a precision is specified to give printf's text ("%.20e" / "%.20g") and is exact; it is
  // many times faster than glibc's printf (checked identical on 600M floats and doubles).
  char buf[64];
  const auto fmt = std::fabs(v) >= 1e9 ? std::chars_format::scientific : std::chars_format::general;
  const auto r = std::to_chars(buf, buf + sizeof buf, v, fmt, 20);
  out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

void append_nan(TextOut& out, bool negative, bool quiet) {
  out += negative ? '-' : '+';
  out += quiet ? "QNAN " : "SNAN ";
}

enum class Special { None, Inf, QNan, SNan, Bad };

struct Parsed {
  Special special = Special::None;
  bool negative = false;
  double value = 0;   // when special == None: the text rounded to double
  float fvalue = 0;   // and rounded to float directly (not through double)
};

Parsed parse_text(std::string_view t) {
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  Parsed p;
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) {
    p.negative = t.front() == '-';
    t.remove_prefix(1);
  }
  if (t == "INF") p.special = Special::Inf;
  else if (t == "QNAN") p.special = Special::QNan;
  else if (t == "SNAN") p.special = Special::SNan;
  if (p.special != Special::None) return p;
  // from_chars also reads "inf" and "nan"; only digits are numbers here.
  if (t.empty() || !((t.front() >= '0' && t.front() <= '9') || t.front() == '.')) return {Special::Bad};
  double v = 0;
  const auto r = std::from_chars(t.data(), t.data() + t.size(), v, std::chars_format::general);
  if (r.ec != std::errc{} || r.ptr != t.data() + t.size()) return {Special::Bad};
  float f = 0;
  const auto rf = std::from_chars(t.data(), t.data() + t.size(), f, std::chars_format::general);
  if (rf.ec != std::errc{}) f = std::numeric_limits<float>::infinity();  // out of float range
  p.value = p.negative ? -v : v;
  p.fvalue = p.negative ? -f : f;
  return p;
}

// The half with exactly this value, if there is one.
// The half nearest to d (ties to even); nullopt when d is beyond the largest finite half after rounding.
std::optional<uint16_t> nearest_f16(double d) {
  const uint16_t sign = std::signbit(d) ? kF16Sign : 0;
  const double a = std::fabs(d);
  if (a == 0) return sign;
  if (std::isinf(a)) return static_cast<uint16_t>(sign | 0x7c00);
  // Scale into units of the half's last place: subnormals and the smallest normals share 2^-24.
  int e = 0;
  std::frexp(a, &e);                     // a in [2^(e-1), 2^e)
  const int ulp_exp = std::max(e - 11, -24);
  const double units = std::nearbyint(std::ldexp(a, -ulp_exp));  // the default rounding mode is to nearest even
  const double r = std::ldexp(units, ulp_exp);
  if (r > 65504.0) return std::nullopt;
  // Re-encode the rounded value exactly.
  if (r < std::ldexp(1.0, -14)) return static_cast<uint16_t>(sign | static_cast<unsigned>(std::ldexp(r, 24)));
  int re = 0;
  const double m = std::frexp(r, &re);
  const unsigned frac = static_cast<unsigned>((2 * m - 1) * 1024);
  return static_cast<uint16_t>(sign | static_cast<unsigned>(re + 14) << 10 | frac);
}

}  // namespace

double f16_to_double(uint16_t bits) {
  const bool neg = (bits & kF16Sign) != 0;
  const int e = (bits >> 10) & 0x1f;
  const int m = bits & 0x3ff;
  double v = 0;
  if (e == 0x1f) v = m != 0 ? std::nan("") : HUGE_VAL;
  else if (e == 0) v = std::ldexp(m, -24);
  else v = std::ldexp(1024 + m, e - 25);
  return neg ? -v : v;
}

void append_f16_text(TextOut& out, uint16_t bits) {
  if ((bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0) return append_nan(out, (bits & kF16Sign) != 0, true);
  append_value(out, f16_to_double(bits));
}

void append_f32_text(TextOut& out, uint32_t bits) {
  if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu) != 0)
    return append_nan(out, (bits & kF32Sign) != 0, true);
  append_value(out, static_cast<double>(std::bit_cast<float>(bits)));
}

void append_f64_text(TextOut& out, uint64_t bits) {
  constexpr uint64_t kExp = uint64_t{0x7ff} << 52, kMant = (uint64_t{1} << 52) - 1, kQuiet = uint64_t{1} << 51;
  if ((bits & kExp) == kExp && (bits & kMant) != 0)
    return append_nan(out, (bits & kF64Sign) != 0, (bits & kQuiet) != 0);
  append_value(out, std::bit_cast<double>(bits));
}

std::optional<uint16_t> parse_f16_text(std::string_view text) {
  const Parsed p = parse_text(text);
  const uint16_t sign = p.negative ? kF16Sign : 0;
  switch (p.special) {
    case Special::Inf: return static_cast<uint16_t>(sign | 0x7c00);
    case Special::QNan: return static_cast<uint16_t>(sign | 0x7e00);
    case Special::SNan: return static_cast<uint16_t>(sign | 0x7d00);
    case Special::Bad: return std::nullopt;
    case Special::None: break;
  }
  return nearest_f16(p.value);
}

std::optional<uint32_t> parse_f32_text(std::string_view text) {
  const Parsed p = parse_text(text);
  const uint32_t sign = p.negative ? kF32Sign : 0;
  switch (p.special) {
    case Special::Inf: return sign | 0x7f800000u;
    case Special::QNan: return sign | 0x7fc00000u;
    case Special::SNan: return sign | 0x7fa00000u;
    case Special::Bad: return std::nullopt;
    case Special::None: break;
  }
  if (std::isinf(p.fvalue)) return std::nullopt;  // a finite number too large for a float
  return std::bit_cast<uint32_t>(p.fvalue);
}

std::optional<uint64_t> parse_f64_text(std::string_view text) {
  const Parsed p = parse_text(text);
  const uint64_t sign = p.negative ? kF64Sign : 0;
  switch (p.special) {
    case Special::Inf: return sign | uint64_t{0x7ff0000000000000};
    case Special::QNan: return sign | uint64_t{0x7ff8000000000000};
    case Special::SNan: return sign | uint64_t{0x7ff4000000000000};
    case Special::Bad: return std::nullopt;
    case Special::None: break;
  }
  return std::bit_cast<uint64_t>(p.value);
}

uint16_t canonical_f16(uint16_t bits) {
  if ((bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0) return static_cast<uint16_t>((bits & kF16Sign) | 0x7e00);
  return bits;
}

uint32_t canonical_f32(uint32_t bits) {
  if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu) != 0) return (bits & kF32Sign) | 0x7fc00000u;
  return bits;
}

uint64_t canonical_f64(uint64_t bits) {
  constexpr uint64_t kExp = uint64_t{0x7ff} << 52, kMant = (uint64_t{1} << 52) - 1, kQuiet = uint64_t{1} << 51;
  if ((bits & kExp) != kExp || (bits & kMant) == 0) return bits;
  return (bits & kF64Sign) | ((bits & kQuiet) != 0 ? uint64_t{0x7ff8000000000000} : uint64_t{0x7ff4000000000000});
}

// The std::string forms, for callers outside the printer.
void append_f16_text(std::string& out, uint16_t bits) {
  TextOut t;
  append_f16_text(t, bits);
  out += t.view();
}
void append_f32_text(std::string& out, uint32_t bits) {
  TextOut t;
  append_f32_text(t, bits);
  out += t.view();
}
void append_f64_text(std::string& out, uint64_t bits) {
  TextOut t;
  append_f64_text(t, bits);
  out += t.view();
}

}  // namespace tmu::isa::sm50
