// SPDX-License-Identifier: MIT
// Composite slot kinds of the float ALU family (declared in float_alu.inc). Research note float-alu.md section 0.2:
// a register or constant-bank source is decorated "-|X|" and then ".reuse"; an immediate keeps its own sign in the
// number and takes the negate and absolute-value bits as suffixes, ".NEG" first, then ".ABS" ("1.NEG.ABS",
// "+INF .NEG.ABS" with the space of the "+INF " token kept). Float immediates print through float_text.h.
#include <fmt/format.h>

#include "isa/sm50/compiled.h"
#include "isa/sm50/float_text.h"
#include "isa/sm50/kinds.h"
#include "isa/sm50/parser.h"

namespace tmu::isa::sm50 {
namespace {

constexpr std::string_view kReuse = ".reuse";

// What the first argument of a source kind holds.
enum class Core : uint8_t { Reg, Cbuf, F32Imm20, F64Imm20, F32Imm32 };

Core core_of(const Field& f) {
  if (info(f.opd).kind == Kind::Gpr) return Core::Reg;
  switch (f.opd) {
    case Opd::fa_cb: return Core::Cbuf;
    case Opd::fa_fimm20: return Core::F32Imm20;
    case Opd::fa_dimm20: return Core::F64Imm20;
    default: return Core::F32Imm32;
  }
}

bool is_imm(Core c) { return c == Core::F32Imm20 || c == Core::F64Imm20 || c == Core::F32Imm32; }


// Float immediates (section 0.3). A 20-bit immediate holds the top bits of the value: the sign at bit 19 of the
// field ([56] in the word), the 19 bits below it at [20..38].
constexpr unsigned kF32Shift = 12;  // 32 - 20
constexpr unsigned kF64Shift = 44;  // 64 - 20

void append_imm(TextOut& out, Core core, uint32_t v) {
  switch (core) {
    case Core::F32Imm20: append_f32_text(out, v << kF32Shift); break;
    case Core::F64Imm20: append_f64_text(out, uint64_t{v} << kF64Shift); break;
    default: append_f32_text(out, v); break;
  }
}

std::optional<uint32_t> parse_imm(Core core, std::string_view t) {
  switch (core) {
    case Core::F32Imm20: {
      const auto b = parse_f32_text(t);
      if (!b || (*b & low_mask(kF32Shift)) != 0) return std::nullopt;
      return *b >> kF32Shift;
    }
    case Core::F64Imm20: {
      const auto b = parse_f64_text(t);
      if (!b || (*b & low_mask(kF64Shift)) != 0) return std::nullopt;
      return static_cast<uint32_t>(*b >> kF64Shift);
    }
    default: return parse_f32_text(t);
  }
}

// What print and parse keep of an immediate: NaNs lose their payload (nvdisasm prints only QNAN/SNAN).
uint32_t canonical_imm(Core core, uint32_t v) {
  switch (core) {
    case Core::F32Imm20: return canonical_f32(v << kF32Shift) >> kF32Shift;
    case Core::F64Imm20: return static_cast<uint32_t>(canonical_f64(uint64_t{v} << kF64Shift) >> kF64Shift);
    case Core::F32Imm32: return canonical_f32(v);
    default: return v;
  }
}

// ---- the decorated source operand ---------------------------------------------------------------------------
// Argument 0 is the operand; `neg` and `abs` are the arguments holding its decoration bits, or -1.

void print_source(const PrintContext& c, int neg, int abs, TextOut& out) {
  const Core core = core_of(c.field(0));
  const uint32_t v = c.val(0);
  const bool n = neg >= 0 && c.val(neg) != 0, a = abs >= 0 && c.val(abs) != 0;
  if (is_imm(core)) {
    append_imm(out, core, v);
    if (n) out += kFaFlagNeg_values[1].text;
    if (a) out += kFaFlagAbs_values[1].text;
    return;
  }
  if (n) out += '-';
  if (a) out += '|';
  if (core == Core::Reg) append_reg(out, v);
  else append_cbuf(c, out, v, false);
  if (a) out += '|';
  if (core == Core::Reg && c.reused(0)) out += kReuse;
}

bool parse_source(ParseContext& c, int neg, int abs, std::string_view t) {
  const Field& f = c.field(0);
  const Core core = core_of(f);
  bool n = false, a = false;
  if (is_imm(core)) {
    const std::string_view neg_text = kFaFlagNeg_values[1].text, abs_text = kFaFlagAbs_values[1].text;
    if (abs >= 0 && t.ends_with(abs_text)) {
      a = true;
      t.remove_suffix(abs_text.size());
    }
    if (neg >= 0 && t.ends_with(neg_text)) {
      n = true;
      t.remove_suffix(neg_text.size());
    }
    const auto v = parse_imm(core, t);
    if (!v)
      return c.fail(fmt::format("expected a float{} immediate{}, got '{}'", core == Core::F64Imm20 ? " (F64)" : "",
                                core == Core::F32Imm32 ? "" : " whose low bits are zero (20-bit form)", t));
    c.set(0, *v);
  } else {
    if (neg >= 0 && t.starts_with('-')) {
      n = true;
      t.remove_prefix(1);
    }
    if (core == Core::Reg && t.ends_with(kReuse)) {
      const int rb = c.reuse_bit(0);
      if (!decodes_reuse(c.form.sched) || rb < 0) return c.fail("this operand cannot be marked .reuse");
      c.reuse = static_cast<uint8_t>(c.reuse | (1u << rb));
      t.remove_suffix(kReuse.size());
    }
    if (abs >= 0 && t.size() >= 2 && t.front() == '|' && t.back() == '|') {
      a = true;
      t = t.substr(1, t.size() - 2);
    }
    if (core == Core::Reg) {
      const auto r = parse_reg(t);
      if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ), got '{}'", t));
      c.set(0, *r);
    } else {
      const auto cb = parse_cbuf(t);
      if (!cb) return c.fail(fmt::format("expected a constant c[bank][byte offset], got '{}'", t));
      c.set(0, *cb);
    }
  }
  if (neg >= 0) c.set(neg, n ? 1 : 0);
  if (abs >= 0) c.set(abs, a ? 1 : 0);
  return true;
}

void normalize_source(ParseContext& c) {
  const Core core = core_of(c.field(0));
  if (is_imm(core)) c.set(0, canonical_imm(core, c.val(0)));
}

void src_print(const PrintContext& c, TextOut& out) { print_source(c, -1, -1, out); }
bool src_parse(ParseContext& c, std::string_view t) { return parse_source(c, -1, -1, t); }
void neg_print(const PrintContext& c, TextOut& out) { print_source(c, 1, -1, out); }
bool neg_parse(ParseContext& c, std::string_view t) { return parse_source(c, 1, -1, t); }
void negabs_print(const PrintContext& c, TextOut& out) { print_source(c, 1, 2, out); }
bool negabs_parse(ParseContext& c, std::string_view t) { return parse_source(c, 1, 2, t); }

// FFMA32I's accumulator (section 1.6): the destination register printed again, so the source must name it.
bool acc_parse(ParseContext& c, std::string_view t) {
  const uint32_t rd = c.val(0);
  if (!parse_source(c, 1, -1, t)) return false;
  if (c.val(0) != rd) {
    c.set(0, rd);
    return c.fail("the accumulator of FFMA32I is the destination register");
  }
  return true;
}

// ---- destination with .CC -------------------------------------------------------------------------------------

void rdcc_print(const PrintContext& c, TextOut& out) {
  append_reg(out, c.val(0));
  if (c.val(1)) out += kFaFlagCC_values[1].text;
}

bool rdcc_parse(ParseContext& c, std::string_view t) {
  const std::string_view cc = kFaFlagCC_values[1].text;
  const bool has_cc = t.ends_with(cc);
  if (has_cc) t.remove_suffix(cc.size());
  const auto r = parse_reg(t);
  if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ), optionally with .CC, got '{}'", t));
  c.set(0, *r);
  c.set(1, has_cc ? 1 : 0);
  return true;
}

// ---- MUFU function (section 1.12): value 8 is .SQRT from SM52 on ----------------------------------------------

std::string_view mufu_name(uint32_t v, Arch arch) {
  const Spelling& s = kFaMufuOp_values[v & 15];
  return arch >= Arch::SM52 && !s.column2.empty() ? s.column2 : s.text;
}

void mufu_print(const PrintContext& c, TextOut& out) { out += mufu_name(c.val(0), c.inst.arch()); }

int mufu_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  std::size_t best = 0;
  for (uint32_t v = 0; v < kFaMufuOp_values.size(); ++v) {
    const std::string_view name = mufu_name(v, c.inst.arch());
    if (name.size() > best && spelled_at(mnem, pos, name)) {
      best = name.size();
      c.set(0, v);
    }
  }
  if (best == 0) return c.fail("missing MUFU function (.COS, .SIN, .EX2, .LG2, .RCP, .RSQ, ...)"), kNoMatch;
  return static_cast<int>(best);
}

// ---- FSWZADD swizzle (section 0.4): sub-operation k at bits 2k..2k+1, printed from k = 3 down to 0 -------------

constexpr std::array<std::string_view, 4> kSwzNames{"PP", "NP", "PN", "ZP"};

void swz_print(const PrintContext& c, TextOut& out) {
  const uint32_t v = c.val(0);
  for (int k = 3; k >= 0; --k) out += kSwzNames[(v >> (2 * k)) & 3];
}

bool swz_parse(ParseContext& c, std::string_view t) {
  if (t.size() != 8) return c.fail(fmt::format("expected eight swizzle letters (PP, NP, PN, ZP four times), got '{}'", t));
  uint32_t v = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    const std::string_view pair = t.substr(2 * k, 2);
    std::size_t op = 0;
    while (op < kSwzNames.size() && kSwzNames[op] != pair) ++op;
    if (op == kSwzNames.size()) return c.fail(fmt::format("unknown swizzle operation '{}' (PP, NP, PN, ZP)", pair));
    v = v << 2 | static_cast<uint32_t>(op);
  }
  c.set(0, v);
  return true;
}

}  // namespace

const KindOps kFaRdCCKind{rdcc_print, nullptr, rdcc_parse, nullptr, nullptr};
const KindOps kFaSrcKind{src_print, nullptr, src_parse, nullptr, nullptr, normalize_source};
const KindOps kFaNegKind{neg_print, nullptr, neg_parse, nullptr, nullptr, normalize_source};
const KindOps kFaNegAbsKind{negabs_print, nullptr, negabs_parse, nullptr, nullptr, normalize_source};
const KindOps kFaAccKind{neg_print, nullptr, acc_parse, nullptr, nullptr};
const KindOps kFaMufuKind{mufu_print, nullptr, nullptr, mufu_parse_modifier, nullptr};
const KindOps kFaSwzKind{swz_print, nullptr, swz_parse, nullptr, nullptr};

}  // namespace tmu::isa::sm50
