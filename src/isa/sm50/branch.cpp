// SPDX-License-Identifier: MIT
// Composite kinds of the control-flow family (branch_rows.h): condition-code tests, PC-relative targets (printed as
// absolute addresses or cubin labels), register targets of BRX / JMX, constant-bank targets and optional numbers.
#include <fmt/format.h>

#include <cctype>
#include <string>
#include <string_view>

#include "isa/sm50/kinds.h"
#include "isa/sm50/parser.h"

namespace tmu::isa::sm50 {

namespace {

// ---- br_cc(cc): the condition-code test; 15 (always, "CC.T") is left out ------------------------------------

void cc_print(const PrintContext& c, TextOut& out) { out += kCondCode.values[c.val(0)].text; }
bool cc_omitted(const PrintContext& c) { return c.val(0) == kCondAlways; }
bool cc_parse(ParseContext& c, std::string_view t) {
  for (std::size_t v = 0; v < kCondCode.values.size(); ++v)
    if (kCondCode.values[v].text == t) {
      c.set(0, static_cast<uint32_t>(v));
      return true;
    }
  return c.fail(fmt::format("expected a condition-code test (CC.LT, CC.GEU, ...), got '{}'", t));
}
void cc_default(ParseContext& c) { c.set(0, kCondAlways); }

// ---- br_target(rel): a signed 24-bit byte offset from the next instruction ----------------------------------
// nvdisasm prints the absolute target (signed: a target before address 0 prints -0x7ffff0), or in cubin listings
// the label it gave that address: `(.L_x_3).

int64_t next_address(uint64_t address) { return static_cast<int64_t>(address) + 8; }

void target_print(const PrintContext& c, TextOut& out) {
  const int64_t target = next_address(c.inst.address()) + sign_extend(c.val(0), c.field(0).width());
  if (c.labels && target >= 0)
    if (auto name = c.labels->name_of(static_cast<uint64_t>(target))) {
      ((out += "`(") += *name) += ')';
      return;
    }
  append_signed_hex(out, target);
}

bool target_parse(ParseContext& c, std::string_view t) {
  std::optional<int64_t> target;
  std::string_view name = t;
  if (name.starts_with("`(") && name.ends_with(')')) name = name.substr(2, name.size() - 3);
  if (c.labels)
    if (auto a = c.labels->address_of(name)) target = static_cast<int64_t>(*a);
  if (!target && name == t) target = parse_integer(t);
  const bool identifier = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_' ||
                                            name[0] == '.' || name[0] == '$');
  if (!target && identifier) return c.fail(fmt::format("undefined label '{}' (no '{}:' in the program)", name, name));
  if (!target) return c.fail(fmt::format("expected a branch target (an address or a label), got '{}'", t));
  const unsigned width = c.field(0).width();
  const int64_t rel = *target - next_address(c.inst.address());
  const int64_t lo = -(int64_t{1} << (width - 1)), hi = (int64_t{1} << (width - 1)) - 1;
  if (rel < lo || rel > hi)
    return c.fail(fmt::format("branch target {} is out of reach: {:+#x} bytes from the next instruction, the limit "
                              "is {:#x}..{:#x}", t, rel, lo, hi));
  c.set(0, static_cast<uint32_t>(static_cast<uint64_t>(rel) & low_mask(width)));
  return true;
}

// ---- br_reg(ra, off): BRX "R4 0x10" (signed 24-bit offset), JMX (signed 32-bit); a zero offset is left out ----

void reg_print(const PrintContext& c, TextOut& out) {
  append_reg(out, c.val(0));
  if (const int64_t off = sign_extend(c.val(1), c.field(1).width()); off != 0) {
    out += ' ';
    append_signed_hex(out, off);
  }
}

bool reg_parse(ParseContext& c, std::string_view t) {
  const std::size_t sp = t.find(' ');
  const auto r = parse_reg(t.substr(0, sp));
  if (!r) return c.fail(fmt::format("expected a register target 'Ra' or 'Ra offset', got '{}'", t));
  int64_t off = 0;
  if (sp != std::string_view::npos) {
    const auto v = parse_integer(t.substr(sp + 1));
    const unsigned width = c.field(1).width();
    const int64_t lo = -(int64_t{1} << (width - 1)), hi = (int64_t{1} << (width - 1)) - 1;
    if (!v || *v < lo || *v > hi)
      return c.fail(fmt::format("register target offset must be a number in {:#x}..{:#x}, got '{}'", lo, hi, t));
    off = *v;
  }
  c.set(0, *r);
  c.set(1, static_cast<uint32_t>(static_cast<uint64_t>(off) & low_mask(c.field(1).width())));
  return true;
}

// ---- br_cbuf(bank, off): a target read from a constant bank, c[0x2][0x10] ------------------------------------

void cbuf_print(const PrintContext& c, TextOut& out) {
  append_cbuf_ref(out, c.val(0), Reg::kRZ, sign_extend(c.val(1), c.field(1).width()));
}

bool cbuf_parse(ParseContext& c, std::string_view t) {
  uint32_t bank = 0, ra = 0;
  int64_t off = 0;
  if (!parse_cbuf_ref(c, t, bank, ra, off)) return false;
  if (ra != Reg::kRZ) return c.fail(fmt::format("this constant-bank target takes no register: '{}'", t));
  c.set(0, bank);
  c.set(1, static_cast<uint32_t>(static_cast<uint64_t>(off) & low_mask(c.field(1).width())));
  return true;
}

// ---- br_imm(x): an unsigned number, left out when zero (NOP, BPT) -------------------------------------------

void imm_print(const PrintContext& c, TextOut& out) { append_hex(out, c.val(0)); }
bool imm_omitted(const PrintContext& c) { return c.val(0) == 0; }
bool imm_parse(ParseContext& c, std::string_view t) {
  const auto v = parse_integer(t);
  if (!v || *v < 0 || static_cast<uint64_t>(*v) > low_mask(c.field(0).width()))
    return c.fail(fmt::format("expected a number of at most {} bits, got '{}'", c.field(0).width(), t));
  c.set(0, static_cast<uint32_t>(*v));
  return true;
}
void imm_default(ParseContext& c) { c.set(0, 0); }

}  // namespace

const KindOps kBrCcKind{cc_print, cc_omitted, cc_parse, nullptr, cc_default};
const KindOps kBrTargetKind{target_print, nullptr, target_parse, nullptr, nullptr};
const KindOps kBrRegKind{reg_print, nullptr, reg_parse, nullptr, nullptr};
const KindOps kBrCbufKind{cbuf_print, nullptr, cbuf_parse, nullptr, nullptr};
const KindOps kBrImmKind{imm_print, imm_omitted, imm_parse, nullptr, imm_default};

}  // namespace tmu::isa::sm50
