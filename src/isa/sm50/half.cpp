// SPDX-License-Identifier: MIT
// Composite kinds of the half-precision family (half_rows.h): a register source with its swizzle and
// decorations, written as nvdisasm 11.8 writes it ("-|R4.H1_H1|.reuse": the swizzle inside the bars, .reuse
// last), and one half of an immediate pair (issue 14).
#include <fmt/format.h>

#include <string_view>

#include "isa/sm50/float_text.h"
#include "isa/sm50/kinds.h"
#include "isa/sm50/table.h"

namespace tmu::isa::sm50 {

namespace {

constexpr std::string_view kReuse = ".reuse";

// ---- h_src(r, swz[, neg][, abs]) --------------------------------------------------------------------------
// Arguments: 0 the register, 1 its swizzle, then the negation (when Neg) and the absolute value (when Abs).

template <bool Neg>
constexpr int kAbsArg = Neg ? 3 : 2;

template <bool Neg, bool Abs>
void src_print(const PrintContext& c, TextOut& out) {
  const bool n = Neg && c.val(2) != 0;
  const bool a = Abs && c.val(kAbsArg<Neg>) != 0;
  if (n) out += '-';
  if (a) out += '|';
  append_reg(out, c.val(0));
  out += kHalfSwz_values[c.val(1) & 3].text;
  if (a) out += '|';
  if (c.reused(0)) out += kReuse;
}

template <bool Neg, bool Abs>
bool src_parse(ParseContext& c, std::string_view t) {
  bool n = false, a = false;
  if (Neg && t.starts_with('-')) {
    n = true;
    t.remove_prefix(1);
  }
  if (!take_reuse(c, t)) return false;
  if (Abs && t.size() >= 2 && t.front() == '|' && t.back() == '|') {
    a = true;
    t = t.substr(1, t.size() - 2);
  }
  uint32_t swz = 0;
  for (uint32_t v = 1; v < kHalfSwz_values.size(); ++v)
    if (t.ends_with(kHalfSwz_values[v].text)) {
      swz = v;
      t.remove_suffix(kHalfSwz_values[v].text.size());
      break;
    }
  const auto r = parse_reg(t);
  if (!r)
    return c.fail(fmt::format(
        "expected a register (R0..R254, RZ), optionally with .F32, .H0_H0 or .H1_H1, got '{}'", t));
  c.set(0, *r);
  c.set(1, swz);
  if constexpr (Neg) c.set(2, n ? 1 : 0);
  if constexpr (Abs) c.set(kAbsArg<Neg>, a ? 1 : 0);
  return true;
}

// ---- h_f16(imm): the top `width` bits of an IEEE half --------------------------------------------------

unsigned f16_shift(const Field& f) {
  return 16 - f.width();
}

void f16_print(const PrintContext& c, TextOut& out) {
  append_f16_text(out, static_cast<uint16_t>(c.val(0) << f16_shift(c.field(0))));
}

bool f16_parse(ParseContext& c, std::string_view t) {
  const unsigned shift = f16_shift(c.field(0));
  const auto b = parse_f16_text(t);
  if (!b || (*b & low_mask(shift)) != 0)
    return c.fail(fmt::format("expected a half-precision immediate{}, got '{}'",
                              shift ? " whose low 6 bits are zero (10-bit form)" : "", t));
  c.set(0, static_cast<uint32_t>(*b >> shift));
  return true;
}

// NaNs lose their payload in the text (nvdisasm prints only +QNAN / -QNAN).
void f16_normalize(ParseContext& c) {
  const unsigned shift = f16_shift(c.field(0));
  c.set(0, static_cast<uint32_t>(canonical_f16(static_cast<uint16_t>(c.val(0) << shift)) >> shift));
}

}  // namespace

const KindOps kHSrcKind{src_print<false, false>, nullptr, src_parse<false, false>, nullptr, nullptr};
const KindOps kHSrcNKind{src_print<true, false>, nullptr, src_parse<true, false>, nullptr, nullptr};
const KindOps kHSrcAKind{src_print<false, true>, nullptr, src_parse<false, true>, nullptr, nullptr};
const KindOps kHSrcNAKind{src_print<true, true>, nullptr, src_parse<true, true>, nullptr, nullptr};
const KindOps kHF16Kind{f16_print, nullptr, f16_parse, nullptr, nullptr, f16_normalize};

}  // namespace tmu::isa::sm50
