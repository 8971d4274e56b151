// SPDX-License-Identifier: MIT
#include "isa/sm50/parser.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "isa/sm50/codec.h"
#include "isa/sm50/compiled.h"
#include "isa/sm50/kinds.h"

namespace tmu::isa::sm50 {

std::optional<int64_t> parse_integer(std::string_view t) {
  bool neg = false;
  if (!t.empty() && (t.front() == '-' || t.front() == '+')) {
    neg = t.front() == '-';
    t.remove_prefix(1);
  }
  int base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    t.remove_prefix(2);
  }
  if (t.empty()) return std::nullopt;
  uint64_t v = 0;
  auto r = std::from_chars(t.data(), t.data() + t.size(), v, base);
  if (r.ec != std::errc{} || r.ptr != t.data() + t.size() || v > (uint64_t{1} << 63)) return std::nullopt;
  return neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
}

namespace {

struct Operand {
  std::string_view text;
  std::size_t offset;
};

std::string_view trim(std::string_view s, std::size_t& offset) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
    ++offset;
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Splits at commas outside brackets and braces (DEPBAR's scoreboard list {5,4,0}).
std::vector<Operand> split_operands(std::string_view s, std::size_t base) {
  std::vector<Operand> out;
  std::size_t ignored = base;
  if (trim(s, ignored).empty()) return out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && (s[i] == '[' || s[i] == '{')) ++depth;
    if (i < s.size() && (s[i] == ']' || s[i] == '}')) --depth;
    if (i == s.size() || (s[i] == ',' && depth == 0)) {
      std::size_t off = base + start;
      out.push_back({trim(s.substr(start, i - start), off), off});
      start = i + 1;
    }
  }
  return out;
}

class Attempt {
 public:
  Attempt(const Form& f, Arch arch, uint64_t address, const LabelMap* labels)
      : form_(f), syn_(syntax_of(f)), inst_(f, arch), labels_(labels) {
    cand_.fill(~uint64_t{0});
    inst_.set_address(address);
  }

  bool match(std::string_view mnem, std::size_t mnem_off, const std::vector<Operand>& ops, std::size_t end_off) {
    if (!match_mnemonic(mnem, mnem_off)) return false;
    if (!match_items(0, 0, ops, end_off)) return false;
    return resolve();
  }

  Instruction& inst() { return inst_; }
  uint8_t reuse() const { return reuse_; }
  std::size_t err_off = 0;
  std::string err;
  int depth = -1;  // how far the attempt got, to pick the most telling error among candidate forms

 private:
  bool fail(std::size_t off, std::string msg, int d) {
    if (d >= depth) {
      depth = d;
      err_off = off;
      err = std::move(msg);
    }
    return false;
  }
  const Field& fd(int8_t a) const { return field(form_.format[static_cast<std::size_t>(a)]); }
  std::size_t idx(int8_t a) const { return static_cast<std::size_t>(a); }

  ParseContext context(const Slot& slot) { return ParseContext{inst_, form_, slot, reuse_, cand_, {}, labels_}; }

  bool match_mnemonic(std::string_view mnem, std::size_t off) {
    std::size_t pos = 0;
    for (std::size_t i = 0; i < syn_.npieces; ++i) {
      const Piece& p = syn_.pieces[i];
      if (!p.is_slot) {
        if (mnem.substr(pos, p.literal.size()) != p.literal)
          return fail(off + pos, fmt::format("expected '{}'", p.literal), 0);
        pos += p.literal.size();
        continue;
      }
      ParseContext c = context(p.slot);
      const KindOps& k = kind_ops(p.slot.fn);
      const int n = k.parse_modifier ? k.parse_modifier(c, mnem, pos) : kNoMatch;
      if (n == kNoMatch) return fail(off + pos, c.error.empty() ? "unexpected modifier" : c.error, 0);
      pos += static_cast<std::size_t>(n);
    }
    if (pos != mnem.size()) {
      const std::size_t next = mnem.find('.', pos + 1);
      return fail(off + pos, fmt::format("unexpected modifier '{}'", mnem.substr(pos, next - pos)), 0);
    }
    return true;
  }

  bool match_items(std::size_t i, std::size_t j, const std::vector<Operand>& ops, std::size_t end_off) {
    const int d = static_cast<int>(1 + j);
    if (i == syn_.nitems) {
      if (j == ops.size()) return true;
      return fail(ops[j].offset, "too many operands", d);
    }
    const Item& it = syn_.items[i];
    const bool is_tsidx = it.has_slot && it.slot.fn == Fn::Plain && info(fd(it.slot.args[0]).opd).name == "tsidx";
    if (j < ops.size()) {
      // The Fermi-style texture index: "#tid, #smp" becomes {smp[4:0], tid[7:0]} (seed 000).
      if (is_tsidx && j + 1 < ops.size()) {
        auto tid = parse_integer(ops[j].text), smp = parse_integer(ops[j + 1].text);
        if (tid && smp && *tid >= 0 && *tid <= 0xff && *smp >= 0 && *smp <= 0x1f) {
          inst_.set_value(idx(it.slot.args[0]), static_cast<uint32_t>(*smp << 8 | *tid));
          if (match_items(i + 1, j + 2, ops, end_off)) return true;
        }
      }
      if (parse_item(it, ops[j], d) && match_items(i + 1, j + 1, ops, end_off)) return true;
    }
    if (it.has_slot && (it.slot.optional || it.slot.elidable)) {
      set_default(it.slot);
      return match_items(i + 1, j, ops, end_off);
    }
    if (j >= ops.size()) return fail(end_off, fmt::format("missing operand {}: {}", i + 1, expected(it, end_off)), d);
    return false;
  }

  // What an operand position takes, in the words its parser refuses an empty operand with ("expected a predicate
  // (P0..P6, PT)"), for the message about a missing operand.
  std::string expected(const Item& it, std::size_t off) {
    const int saved_depth = depth;
    const std::size_t saved_off = err_off;
    std::string saved = std::move(err);
    depth = -1;
    parse_item(it, Operand{"", off}, 0);
    std::string what = depth >= 0 && !err.empty() ? std::move(err) : std::string("an operand");
    if (const std::size_t got = what.rfind(", got"); got != std::string::npos) what.resize(got);
    depth = saved_depth, err_off = saved_off, err = std::move(saved);
    return what;
  }

  void set_default(const Slot& s) {
    ParseContext c = context(s);
    if (const KindOps& k = kind_ops(s.fn); k.set_default) k.set_default(c);
  }

  bool parse_item(const Item& it, const Operand& op, int d) {
    std::string_view t = op.text;
    if (!it.has_slot) {
      if (t == it.prefix) return true;
      // A literal index such as the .B texture forms' "0x0": the word has no index field there (those bits hold
      // other fields; nvdisasm prints 0x0 for every .B word), so another number cannot be encoded. Seed 000's
      // example "TEX.B.DC R4,R0,R8,5,1D,0xf" writes 5; it is refused rather than silently dropped.
      const auto want = parse_integer(it.prefix), got = parse_integer(t);
      if (want && got && *want == *got) return true;
      if (want && got)
        return fail(op.offset, fmt::format("{} is not encodable here: a bindless (.B) texture instruction has no "
                                           "texture index (the handle register selects texture and sampler); "
                                           "write {}", t, it.prefix), d + 1);
      return fail(op.offset, fmt::format("expected '{}'", it.prefix), d);
    }
    if (!t.starts_with(it.prefix) || !t.ends_with(it.suffix) || t.size() < it.prefix.size() + it.suffix.size())
      return fail(op.offset, fmt::format("expected an operand of the form {}...{}", it.prefix, it.suffix), d);
    t = t.substr(it.prefix.size(), t.size() - it.prefix.size() - it.suffix.size());
    // Spaces inside brackets are the seeds' spelling too ("a[ 0x7c]").
    std::size_t lead = 0;
    while (!it.prefix.empty() && lead < t.size() && t[lead] == ' ') ++lead;
    t.remove_prefix(lead);
    while (!it.suffix.empty() && !t.empty() && t.back() == ' ') t.remove_suffix(1);
    ParseContext c = context(it.slot);
    const KindOps& k = kind_ops(it.slot.fn);
    if (k.parse && k.parse(c, t)) return true;
    return fail(op.offset + it.prefix.size() + lead, c.error.empty() ? "unexpected operand" : c.error, d);
  }

  // Enumerated fields constrained from several places (TEXS: modifiers and texture type) take the one value
  // that satisfies all of them.
  bool resolve() {
    for (std::size_t i = 0; i < form_.format.size(); ++i) {
      const OpdInfo& oi = info(field(form_.format[i]).opd);
      if (oi.kind != Kind::Enum || cand_[i] == ~uint64_t{0}) continue;
      if (cand_[i] == 0)
        return fail(0, fmt::format("{} has no encoding for this combination of modifiers and operands", form_.opclass), 99);
      inst_.set_value(i, static_cast<uint32_t>(std::countr_zero(cand_[i])));
    }
    return true;
  }

  const Form& form_;
  const Syntax& syn_;
  Instruction inst_;
  std::array<uint64_t, kMaxFields> cand_{};
  uint8_t reuse_ = 0;
  const LabelMap* labels_ = nullptr;
};

}  // namespace

ParseResult parse_instruction(std::string_view text, Arch arch, uint64_t address, const LabelMap* labels) {
  ParseResult out;
  std::size_t pos = 0;
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
  uint32_t guard = Pred::kPT, guard_neg = 0;
  if (pos < text.size() && text[pos] == '@') {
    std::size_t end = text.find_first_of(" \t", pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view g = text.substr(pos + 1, end - pos - 1);
    if (g.starts_with('!')) {
      guard_neg = 1;
      g.remove_prefix(1);
    }
    auto p = parse_pred(g);
    if (!p) {
      out.error_offset = pos;
      out.error = fmt::format("expected a guard predicate (@P0..@P6, @PT, with optional '!'), got '{}'", text.substr(pos, end - pos));
      return out;
    }
    guard = *p;
    pos = end;
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
  }
  std::size_t mend = text.find_first_of(" \t", pos);
  if (mend == std::string_view::npos) mend = text.size();
  const std::string_view mnem = text.substr(pos, mend - pos);
  if (mnem.empty()) {
    out.error_offset = pos;
    out.error = "expected an instruction";
    return out;
  }
  const std::string_view base = mnem.substr(0, mnem.find('.'));
  const std::vector<Operand> ops = split_operands(text.substr(mend), mend);
  for (const Operand& o : ops)
    if (o.text.empty()) {
      out.error_offset = o.offset;
      out.error = "empty operand";
      return out;
    }

  std::optional<Attempt> best;
  std::vector<std::string> reasons;
  for (const Form& f : forms()) {
    // The all-zero word prints "NOP;" but "NOP" assembles to the real NOP encoding.
    if (syntax_of(f).base != base || f.sched == Sched::Ignored) continue;
    Attempt a(f, arch, address, labels);
    if (a.match(mnem, pos, ops, text.size())) {
      Instruction inst = a.inst();
      if (inst.has(Opd::pg)) {
        inst.set<Opd::pg>(Pred{static_cast<uint8_t>(guard)});
        inst.set<Opd::pg_neg>(guard_neg != 0);
      } else if (guard != Pred::kPT || guard_neg != 0) {
        out.error_offset = 0;
        while (out.error_offset < text.size() && text[out.error_offset] != '@') ++out.error_offset;
        out.error = fmt::format("{} takes no guard predicate", base);
        return out;
      }
      inst.ctrl = Control{};
      // The word belongs to the row the decoder finds for it: a more specific row of the same text (VMAD with a
      // 32-bit source is a variable-latency row whose selector bits the fixed-latency row also spells) wins, so
      // that the control word is checked against the right scheduling class.
      if (auto word = encode(inst))
        if (auto d = decode(*word, arch, Control{}, address); d && &d->form() != &f && d->op() == inst.op())
          inst = std::move(*d);
      inst.ctrl.reuse = a.reuse();
      out.inst = inst;
      return out;
    }
    // Keep the forms that got furthest; when several fail at the same operand, say why each did.
    const bool further = !best || a.depth > best->depth || (a.depth == best->depth && a.err_off > best->err_off);
    if (further) {
      reasons.assign(1, a.err);
      best.emplace(std::move(a));
    } else if (a.depth == best->depth && a.err_off == best->err_off &&
               std::find(reasons.begin(), reasons.end(), a.err) == reasons.end()) {
      reasons.push_back(a.err);
    }
  }
  if (!best) {
    out.error_offset = pos;
    out.error = fmt::format("unknown instruction '{}'", base);
    return out;
  }
  out.error_offset = best->err_off;
  // "missing operand 3: expected a register; or expected a number", the position said once.
  std::string_view common;
  if (reasons[0].starts_with("missing operand ")) common = std::string_view(reasons[0]).substr(0, reasons[0].find(": ") + 2);
  for (const std::string& r : reasons)
    if (!r.starts_with(common)) common = {};
  for (const std::string& r : reasons)
    out.error += out.error.empty() ? r : "; or " + r.substr(common.size());
  return out;
}

}  // namespace tmu::isa::sm50
