// SPDX-License-Identifier: MIT
// IEEE half precision (F16) for the conversions (ops_conversion.cpp) and the half-precision ALU (ops_half.cpp): the
// value of an F16 as a double, and a double correctly rounded to F16 in a rounding mode. NaN results are the
// canonical F16 NaN 0x7fff (model, docs/exec.md). Internal to src/exec.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tmu::exec {

enum class Rnd : uint8_t { RN, RM, RP, RZ };

inline constexpr uint16_t kNanF16 = 0x7fffu;

// Round to an integral value; RN is to nearest even. Zero keeps the source's sign (-0.3 rounds to -0).
inline double round_integral(double v, Rnd r) {
  if (!std::isfinite(v)) return v;
  double f = 0;
  switch (r) {
    case Rnd::RM: f = std::floor(v); break;
    case Rnd::RP: f = std::ceil(v); break;
    case Rnd::RZ: f = std::trunc(v); break;
    case Rnd::RN: {
      f = std::floor(v);
      const double diff = v - f;
      if (diff > 0.5 || (diff == 0.5 && std::fmod(f, 2.0) != 0)) f += 1;
      break;
    }
  }
  return f == 0 ? std::copysign(0.0, v) : f;
}

inline double f16_value(uint16_t h) {
  const unsigned e = (h >> 10) & 31u, m = h & 1023u;
  double v = 0;
  if (e == 31) v = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (e == 0) v = std::ldexp(double(m), -24);
  else v = std::ldexp(double(1024 + m), static_cast<int>(e) - 25);
  return (h >> 15) ? -v : v;
}

// A double rounded to F16 in mode r: the value is scaled so that its 11 significant bits (fewer for subnormals)
// are integral, rounded there, and encoded; overflow gives infinity or the largest finite half by mode.
inline uint16_t to_f16(double v, Rnd r) {
  if (std::isnan(v)) return kNanF16;
  const bool neg = std::signbit(v);
  const auto sign = static_cast<uint16_t>(neg ? 0x8000u : 0u);
  const double a = std::fabs(v);
  if (std::isinf(a)) return sign | 0x7c00u;
  if (a == 0) return sign;
  int e = 0;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  const int ex = std::max(e - 1, -14);
  const double q = std::ldexp(1.0, ex - 10);
  double n = a / q;
  const Rnd mag = r == Rnd::RM ? (neg ? Rnd::RP : Rnd::RZ) : r == Rnd::RP ? (neg ? Rnd::RZ : Rnd::RP) : r;
  n = round_integral(n, mag);
  const double val = n * q;
  if (val >= 65536.0) {
    const bool to_inf = r == Rnd::RN || (r == Rnd::RM && neg) || (r == Rnd::RP && !neg);
    return sign | (to_inf ? 0x7c00u : 0x7bffu);
  }
  if (val < std::ldexp(1.0, -14)) return sign | static_cast<uint16_t>(val / std::ldexp(1.0, -24));
  std::frexp(val, &e);
  const auto mant = static_cast<unsigned>((val / std::ldexp(1.0, e - 1) - 1) * 1024);
  return sign | static_cast<uint16_t>(static_cast<unsigned>(e - 1 + 15) << 10 | mant);
}

}  // namespace tmu::exec
