// SPDX-License-Identifier: MIT
// Composite kinds of the surface family (surface_rows.h): the predicate result SM52 prints first.
#include <fmt/format.h>

#include <string_view>

#include "isa/sm50/kinds.h"

namespace tmu::isa::sm50 {

namespace {

// ---- su_pd(p): SULD's sparse-residency predicate and SUATOM.CAS's result -------------------------------------
// Stored as 7 - index (0 is PT), printed before the destination unless PT. SM50 prints none: SULD's bits are
// ignored there (normalized to PT), and SUATOM.CAS's field only holds PT on SM50 (its FIELD_SINCE refuses the rest).

constexpr uint32_t kStoredPT = 0;

void pd_print(const PrintContext& c, TextOut& out) { append_pred(out, Pred::kPT - c.val(0)); }
bool pd_omitted(const PrintContext& c) { return c.inst.arch() < Arch::SM52 || c.val(0) == kStoredPT; }
bool pd_parse(ParseContext& c, std::string_view t) {
  const auto p = parse_pred(t);
  if (!p) return c.fail(fmt::format("expected a predicate (P0..P6, PT), got '{}'", t));
  if (*p != Pred::kPT && c.inst.arch() < Arch::SM52)
    return c.fail(fmt::format("a predicate result ({}) needs sm52 (assemble with --arch sm52)", t));
  c.set(0, Pred::kPT - *p);
  return true;
}
void pd_default(ParseContext& c) { c.set(0, kStoredPT); }
void pd_normalize(ParseContext& c) {
  if (c.inst.arch() < Arch::SM52) c.set(0, kStoredPT);
}

}  // namespace

const KindOps kSuPredKind{pd_print, pd_omitted, pd_parse, nullptr, pd_default, pd_normalize};

}  // namespace tmu::isa::sm50
