// SPDX-License-Identifier: MIT
// The SASS assembler: statements, labels, dual-issue braces and control annotations around parse_instruction().
#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/program.h"

namespace tmu::isa::sm50 {
namespace {

struct Statement {
  std::string_view text;    // instruction text with annotations
  std::size_t offset;       // into the source
  bool pair_first = false;  // "{ A ;"
};

struct LineMap {
  std::vector<std::size_t> starts;
  explicit LineMap(std::string_view s) {
    starts.push_back(0);
    for (std::size_t i = 0; i < s.size(); ++i)
      if (s[i] == '\n') starts.push_back(i + 1);
  }
  AsmError at(std::size_t off, std::string msg) const {
    auto it = std::upper_bound(starts.begin(), starts.end(), off);
    const std::size_t line = static_cast<std::size_t>(it - starts.begin());
    return AsmError{line, off - starts[line - 1] + 1, std::move(msg)};
  }
};

// Replaces comments by spaces so that offsets stay valid. `unterminated`: where a /* without its */ starts.
std::string strip_comments(std::string_view src, std::optional<std::size_t>& unterminated) {
  std::string s(src);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "/*") == 0) {
      const std::size_t end = s.find("*/", i + 2);
      if (end == std::string::npos && !unterminated) unterminated = i;
      const std::size_t stop = end == std::string::npos ? s.size() : end + 2;
      for (std::size_t k = i; k < stop; ++k)
        if (s[k] != '\n') s[k] = ' ';
      i = stop - 1;
    } else if (s.compare(i, 2, "//") == 0 || s[i] == '#') {
      while (i < s.size() && s[i] != '\n') s[i++] = ' ';
    }
  }
  return s;
}

bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

// Splits "TEXT &wr=5 ?stall=1" into the instruction and its annotations (which start at the first & or ?
// after a space or a brace, optionally inside braces as in the seed documents: {&wr5} {?sched}). A '?' inside
// a word is nvdisasm's spelling of an undefined modifier (PRMT.???8, I2I.???6).
std::size_t annotation_start(std::string_view t) {
  int depth = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '[') ++depth;
    if (t[i] == ']') --depth;
    const bool word_start = i == 0 || t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '{';
    if (depth == 0 && word_start && (t[i] == '&' || t[i] == '?')) {
      std::size_t k = i;
      while (k > 0 && (t[k - 1] == '{' || t[k - 1] == ' ')) --k;
      return k;
    }
  }
  return std::string_view::npos;
}

std::optional<std::string> parse_annotations(std::string_view t, Control& c) {
  c = Control{};
  c.yield = true;
  c.stall = 1;
  std::size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '{' || t[i] == '}')) ++i;
    if (i >= t.size()) break;
    std::size_t j = i;
    int depth = 0;
    while (j < t.size() && (depth > 0 || (t[j] != ' ' && t[j] != '\t' && t[j] != '}'))) {
      if (t[j] == '{') ++depth;
      if (t[j] == '}') --depth;
      ++j;
    }
    std::string_view a = t.substr(i, j - i);
    i = j;
    // Split "&wr=5", "&wr5", "&req_5" into key and value.
    std::size_t k = 1;
    while (k < a.size() && std::isalpha(static_cast<unsigned char>(a[k]))) ++k;
    const std::string_view key = a.substr(0, k);
    std::string_view val = a.substr(k);
    if (val.starts_with('=') || val.starts_with('_')) val.remove_prefix(1);
    const std::optional<int64_t> n = parse_integer(val);
    auto in = [&n](int64_t lo, int64_t hi) { return n && *n >= lo && *n <= hi; };
    if (key == "&wr" || key == "&rd") {
      if (!in(0, 7)) return fmt::format("bad barrier '{}' (0..5, or 7 for none)", a);
      (key == "&wr" ? c.wrbar : c.rdbar) = static_cast<uint8_t>(*n);
    } else if (key == "&req") {
      if (val.starts_with('{') && val.ends_with('}')) {
        std::string_view list = val.substr(1, val.size() - 2);
        while (!list.empty()) {
          const std::size_t comma = list.find(',');
          const auto b = parse_integer(list.substr(0, comma));
          if (!b || *b < 0 || *b > 5) return fmt::format("bad barrier in '{}' (0..5)", a);
          c.wait = static_cast<uint8_t>(c.wait | (1u << *b));
          list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        }
      } else if (val.starts_with("0x") && in(0, 0x3f)) {
        c.wait = static_cast<uint8_t>(*n);
      } else if (in(0, 5)) {
        c.wait = static_cast<uint8_t>(c.wait | (1u << *n));
      } else {
        return fmt::format("bad wait mask '{}' (&req={{0,5}}, &req=0x21 or &req_5)", a);
      }
    } else if (key == "?stall") {
      if (!in(0, 15)) return fmt::format("bad stall count '{}' (0..15)", a);
      c.stall = static_cast<uint8_t>(*n);
    } else if (key == "?yield" && val.empty()) {
      c.yield = true;
    } else if (key == "?noyield" && val.empty()) {
      c.yield = false;
    } else if (key == "?reuse") {
      if (!in(0, 15)) return fmt::format("bad reuse flags '{}' (0..15)", a);
      c.reuse = static_cast<uint8_t>(*n);
    } else {
      return fmt::format("unknown control annotation '{}'", a);
    }
  }
  return std::nullopt;
}

// A relocated operand found in an instruction's text: the text with 0 in the operand's place, where it starts, its
// symbol and addend, and where it stands.
struct RelocatedText {
  std::string zeroed;
  std::size_t at = 0;
  std::string symbol;
  int64_t addend = 0;
  enum class Place : uint8_t { Immediate, Constant, Offset } place = Place::Immediate;
  uint32_t lo_hi = 0;  // kRelocAbs32Lo20 / kRelocAbs32Hi20 for 32@lo( / 32@hi(, else 0
  std::string error;   // a malformed operand
};

bool is_symbol_char(char ch) { return is_ident_char(ch) || ch == '@'; }

// `labels_are_targets`: a `(name) naming a label of the code outside c[...] is a branch target, left in the text;
// otherwise (the retry of an instruction that takes no target, such as TEXS `(k)) a relocation of that label.
std::optional<RelocatedText> relocated_operand(std::string_view text, const LabelMap& labels, bool labels_are_targets) {
  RelocatedText r;
  for (const auto& [spelling, type] : {std::pair{std::string_view("32@lo("), kRelocAbs32Lo20},
                                       std::pair{std::string_view("32@hi("), kRelocAbs32Hi20}}) {
    const std::size_t at = text.find(spelling);
    if (at == std::string_view::npos) continue;
    const std::size_t close = text.find(')', at);
    const std::string_view name =
        close == std::string_view::npos ? std::string_view{} : text.substr(at + spelling.size(), close - at - spelling.size());
    r.at = at;
    if (name.empty() || !std::all_of(name.begin(), name.end(), is_ident_char))
      return r.error = fmt::format("{}: expected a symbol name and ')'", spelling.substr(0, 5)), r;
    r.symbol = name;
    r.lo_hi = type;
    r.zeroed = fmt::format("{}0x0{}", text.substr(0, at), text.substr(close + 1));
    return r;
  }
  for (std::size_t at = text.find("`("); at != std::string_view::npos; at = text.find("`(", at + 2)) {
    // `(name) or `((name + value)) (value possibly negative: + -0x4).
    const bool sum = text.substr(at + 2).starts_with('(');
    const std::size_t name_at = at + (sum ? 3 : 2);
    std::size_t name_end = name_at;
    while (name_end < text.size() && is_symbol_char(text[name_end])) ++name_end;
    const std::string_view name = text.substr(name_at, name_end - name_at);
    std::size_t end = name_end;
    int64_t addend = 0;
    if (sum) {
      const std::size_t close = text.find("))", name_end);
      std::string_view rest = close == std::string_view::npos ? std::string_view{} : text.substr(name_end, close - name_end);
      while (rest.starts_with(' ')) rest.remove_prefix(1);
      std::optional<int64_t> v;
      if (rest.starts_with('+')) {
        rest.remove_prefix(1);
        while (rest.starts_with(' ')) rest.remove_prefix(1);
        v = parse_integer(rest);
      }
      r.at = at;
      if (name.empty() || !v) return r.error = "expected `((symbol + offset))", r;
      addend = *v;
      end = close + 2;
    } else {
      if (name_end >= text.size() || text[name_end] != ')') continue;
      end = name_end + 1;
      const bool in_constant = text.substr(0, at).ends_with("c[");
      if (labels_are_targets && !in_constant && labels.address_of(name)) continue;  // a branch target
    }
    if (name.empty()) continue;
    r.at = at;
    r.symbol = name;
    r.addend = addend;
    // Where the operand stands: inside c[...] (the whole bank and offset), after '+' inside [...], or alone.
    std::string_view before = text.substr(0, at), after = text.substr(end);
    std::string_view zero = "0x0";
    if (before.ends_with("c[") && after.starts_with(']')) {
      r.place = RelocatedText::Place::Constant;
      before.remove_suffix(2);
      after.remove_prefix(1);
      zero = "c[0x0][0x0]";
    } else if (before.ends_with('+') || before.ends_with('[')) {  // [R20+`(sym)], or [`(sym)] without a register
      r.place = RelocatedText::Place::Offset;
    }
    r.zeroed = fmt::format("{}{}{}", before, zero, after);
    return r;
  }
  return std::nullopt;
}

// The relocation a relocated operand makes of the instruction it assembled into (isa/cubin.h's types).
Result<CubinRelocation> relocation_of(const Instruction& inst, const RelocatedText& r, uint64_t address) {
  const std::string_view op = op_name(inst.op());
  // ptxas writes a nonzero addend into a RELA relocation (.rela.text.<k>) and leaves the field 0.
  CubinRelocation rel{address, 0, r.symbol, r.addend != 0 ? std::optional<int64_t>(r.addend) : std::nullopt};
  if (r.lo_hi != 0) {
    if (op != "MOV32I") return make_error(fmt::format("32@lo( / 32@hi( patch MOV32I's 32-bit immediate; {} has none", op));
    rel.type = r.lo_hi;
    return rel;
  }
  switch (r.place) {
    case RelocatedText::Place::Constant:
      rel.type = op == "LDC" ? kRelocConstField21_20 : kRelocConstField19_20;
      return rel;
    case RelocatedText::Place::Offset: rel.type = kRelocAbs24_20; return rel;
    case RelocatedText::Place::Immediate: break;
  }
  if (op == "MOV32I" || op == "CAL" || op == "JCAL") {
    rel.type = kRelocAbs32_20;
    return rel;
  }
  if (inst.has(Opd::tsidx)) {
    rel.type = kRelocBindlessOff13_36;
    return rel;
  }
  return make_error(fmt::format("`({}) is not a label of the code, and {} has no operand a relocation patches", r.symbol, op));
}

// A branch target no program can reach: before address 0, or between instructions (which sit 8 bytes apart; a
// bundle's control word is a target too, as the address of its first instruction's bundle). "" when reachable.
std::string unreachable_target(const Instruction& inst) {
  std::optional<int64_t> t = inst.relative_target();
  if (!t && inst.has(Opd::br_abs)) t = int64_t{inst.raw(Opd::br_abs)};
  if (!t) return "";
  const std::string spelled = *t < 0 ? fmt::format("-{:#x}", -*t) : fmt::format("{:#x}", *t);
  if (*t < 0) return fmt::format("branch target {} lies before the start of the code (address 0)", spelled);
  if (*t % 8 != 0)
    return fmt::format("branch target {} is not an instruction address: instructions are 8 bytes apart (0x0, 0x8, "
                       "0x10, ...); the nearest are {:#x} and {:#x}", spelled, *t / 8 * 8, *t / 8 * 8 + 8);
  return "";
}

}  // namespace

std::optional<AsmError> assemble(std::string_view source, Arch arch, Program& out, const AssembleOptions& opt) {
  out = Program{arch, 0, {}, {}, {}};
  const LineMap lines(source);
  // Text, not a raw blob (tmu dis reads those): SASS has no NUL bytes.
  if (const std::size_t nul = source.find('\0'); nul != std::string_view::npos)
    return lines.at(nul, "a NUL byte: this is binary data, not SASS text (a raw code blob is read by tmu dis)");
  std::optional<std::size_t> unterminated;
  const std::string src = strip_comments(source, unterminated);
  if (unterminated) return lines.at(*unterminated, "a comment opened with /* is never closed with */");
  std::vector<Statement> stmts;
  std::map<std::string, std::size_t, std::less<>> labels;  // name -> instruction index

  bool in_pair = false;
  std::size_t pair_open = 0;
  std::size_t i = 0;
  while (i < src.size()) {
    const char c = src[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '.') {  // a label such as nvdisasm's ".L_x_3:", or a directive (.headerflags, .section, ...): ignored
      std::size_t j = i + 1;
      while (j < src.size() && (is_ident_char(src[j]) || src[j] == '.')) ++j;
      if (j == src.size() || src[j] != ':') {
        while (i < src.size() && src[i] != '\n') ++i;
        continue;
      }
    }
    if (c == '{' && i + 1 < src.size() && src[i + 1] != '&' && src[i + 1] != '?') {
      if (in_pair) return lines.at(i, "'{' inside a dual-issue pair");
      in_pair = true;
      pair_open = i;
      ++i;
      continue;
    }
    // A label?
    std::size_t j = i;
    while (j < src.size() && (is_ident_char(src[j]) || (src[i] == '.' && src[j] == '.'))) ++j;
    if (j > i && j < src.size() && src[j] == ':' && !std::isdigit(static_cast<unsigned char>(src[i]))) {
      std::string name(src.substr(i, j - i));
      if (labels.contains(name)) return lines.at(i, fmt::format("label '{}' defined twice", name));
      labels.emplace(std::move(name), stmts.size());
      i = j + 1;
      continue;
    }
    // A statement runs to ';' or, as the second of a dual-issue pair, to '}'.
    std::size_t end = i;
    int brace = 0;
    while (end < src.size()) {
      const char e = src[end];
      if (e == ';' && brace == 0) break;
      if (e == '{') ++brace;
      if (e == '}') {
        if (brace == 0) break;
        --brace;
      }
      if (e == '\n' && brace == 0) {
        // Statements may not span lines unless the line ends in ',' (long operand lists).
        std::size_t k = end;
        while (k > i && (src[k - 1] == ' ' || src[k - 1] == '\t')) --k;
        if (k > i && src[k - 1] != ',') break;
      }
      ++end;
    }
    if (end >= src.size() || src[end] == '\n') {
      return lines.at(i, "statement is not terminated by ';'");
    }
    Statement st{std::string_view(src).substr(i, end - i), i, false};
    if (src[end] == '}') {
      if (!in_pair) return lines.at(end, "'}' without '{'");
      in_pair = false;
    } else if (in_pair) {
      // "{ A ;" marks A; a pair holds exactly two instructions.
      if (!stmts.empty() && stmts.back().pair_first && stmts.back().offset > pair_open)
        return lines.at(i, "a dual-issue pair holds two instructions; expected '}'");
      st.pair_first = true;
    }
    stmts.push_back(st);
    i = end + 1;
  }
  if (in_pair) return lines.at(pair_open, "dual-issue pair is not closed by '}'");
  if (stmts.empty()) return lines.at(0, "no instructions: the text holds no SASS statement (INSTRUCTION ;)");

  LabelMap label_map;
  // A label on the first instruction of a bundle names the bundle (its control word), as ptxas's branch targets
  // and nvdisasm's labels do; elsewhere it names the instruction.
  for (const auto& [name, index] : labels)
    label_map.add(instruction_address(0, index) - (index % 3 == 0 ? 8 : 0), name);

  for (std::size_t index = 0; index < stmts.size(); ++index) {
    const Statement& st = stmts[index];
    std::string_view text = st.text;
    // nvdisasm's listing comments after an instruction, (*"BRANCH_TARGETS .L_x_6,.L_x_7"*) (an indirect branch's
    // targets, EIATTR_INDIRECT_BRANCH_TARGETS) and (*"TARGET= .L_x_0 "*) (a SYNC's reconvergence point), say what
    // the cubin's attributes and the code already hold: the labels they name must exist; the indirect branches are
    // kept in the program (a cubin's EIATTR_INDIRECT_BRANCH_TARGETS, for tmu as --like), the rest is dropped.
    std::string without_notes;
    if (const std::size_t note = text.find("(*\""); note != std::string_view::npos) {
      const std::size_t close = text.find("\"*)", note);
      if (close == std::string_view::npos) return lines.at(st.offset + note, "(*\"...\"*) is not closed with \"*)");
      std::string_view body = text.substr(note + 3, close - note - 3);
      const bool branch_targets = body.starts_with("BRANCH_TARGETS");
      for (std::string_view kw : {std::string_view("BRANCH_TARGETS"), std::string_view("TARGET=")})
        if (body.starts_with(kw)) body.remove_prefix(kw.size());
      CubinIndirectBranch indirect{instruction_address(0, index), {}};
      while (!body.empty()) {
        const std::size_t start = body.find_first_not_of(" ,");
        if (start == std::string_view::npos) break;
        const std::size_t end = body.find_first_of(" ,", start);
        const std::string_view name = body.substr(start, end == std::string_view::npos ? end : end - start);
        const auto at = label_map.address_of(name);
        const auto number = parse_integer(name);
        if (!at && !number)
          return lines.at(st.offset + note, fmt::format("(*\"...\"*) names '{}', which is not a label of the code", name));
        indirect.targets.push_back(at ? *at : static_cast<uint64_t>(*number));
        body = end == std::string_view::npos ? std::string_view{} : body.substr(end);
      }
      if (branch_targets) out.indirect_branches.push_back(std::move(indirect));
      without_notes = std::string(text.substr(0, note)) + std::string(text.substr(close + 3));
      text = without_notes;
    }
    const std::size_t ann = annotation_start(text);
    Control ctrl;
    bool annotated = false;
    if (ann != std::string_view::npos) {
      if (auto err = parse_annotations(text.substr(ann), ctrl)) return lines.at(st.offset + ann, *err);
      text = text.substr(0, ann);
      annotated = true;
    }
    // A relocated operand (as nvdisasm prints what a cubin or object leaves to the loader or linker) assembles as
    // the value its field holds, with a relocation naming the symbol: 32@lo(sym) / 32@hi(sym) (MOV32I of a .global
    // variable's address), `(sym) / `((sym + 0x8)) in place of an immediate (MOV32I, a CAL/JCAL target, a texture
    // index), of a constant operand (c[`((ctab + 0x8))]) or of a memory offset ([R20+`($__sh__16)]). A `(name)
    // that is a label of the code is a branch target, unless the instruction takes none: nvdisasm names a relocation
    // of a symbol in the code section by its address's label (TEXS ... `(k), c[`((.L_x_0 + 0x88))]).
    std::optional<RelocatedText> relocated;
    if (auto r = relocated_operand(text, label_map, true)) {
      if (!r->error.empty()) return lines.at(st.offset + r->at, r->error);
      relocated = std::move(*r);
    }
    bool has_reloc = relocated.has_value();
    ParseResult r = parse_instruction(has_reloc ? std::string_view(relocated->zeroed) : text, arch, instruction_address(0, index), &label_map);
    if (!r.ok() && !has_reloc)
      if (auto again = relocated_operand(text, label_map, false); again && again->error.empty())
        if (ParseResult r2 = parse_instruction(again->zeroed, arch, instruction_address(0, index), &label_map); r2.ok()) {
          relocated = std::move(*again);
          has_reloc = true;
          r = std::move(r2);
        }
    if (!r.ok()) return lines.at(st.offset + (has_reloc ? 0 : r.error_offset), r.error);
    Instruction inst = *r.inst;
    if (!opt.any_target)
      if (std::string e = unreachable_target(inst); !e.empty()) {
        // Point at the target: the last operand.
        std::string_view stmt = text;
        while (!stmt.empty() && std::isspace(static_cast<unsigned char>(stmt.back()))) stmt.remove_suffix(1);
        const std::size_t sep = stmt.find_last_of(" ,\t");
        return lines.at(st.offset + (sep == std::string_view::npos ? 0 : sep + 1),
                        e + " (tmu as --any-target accepts it, as nvdisasm lists such words)");
      }
    if (has_reloc) {
      auto rel = relocation_of(inst, *relocated, instruction_address(0, index));
      if (!rel) return lines.at(st.offset + relocated->at, rel.error());
      out.relocations.push_back(std::move(*rel));
    }
    if (!annotated) ctrl = safe_control(!fixed_latency(inst.form().sched));
    // Phase and .reuse written in the text win over the annotation's reuse field.
    const uint8_t text_reuse = inst.ctrl.reuse;
    inst.ctrl = ctrl;
    if (text_reuse != 0 || !annotated) inst.ctrl.reuse = static_cast<uint8_t>((ctrl.reuse & ~3u & (annotated ? 0xf : 0)) | text_reuse);
    if (st.pair_first) {
      inst.ctrl.stall = 0;
      inst.ctrl.yield = true;
    }
    if (std::string e = check_control(inst.form(), inst.ctrl); !e.empty()) {
      // check_control gives nvdisasm's words for the control word it refuses; say which annotation to drop.
      const bool barrier = fixed_latency(inst.form().sched) && (inst.ctrl.wrbar != 7 || inst.ctrl.rdbar != 7);
      return lines.at(st.offset,
                      barrier ? fmt::format("{} has a fixed latency and sets no barrier: drop its &wr/&rd annotation "
                                            "(nvdisasm refuses the control word: \"{}\")", op_name(inst.op()), e)
                              : fmt::format("{} does not take reuse flag 8 (?reuse=0x8 and above; nvdisasm refuses the "
                                            "control word: \"{}\")", op_name(inst.op()), e));
    }
    if (auto w = encode(inst); !w) return lines.at(st.offset, w.error());
    out.code.push_back(inst);
  }
  // Pad the last bundle with NOPs.
  while (out.code.size() % 3 != 0) {
    ParseResult nop = parse_instruction("NOP", arch, instruction_address(0, out.code.size()));
    if (!nop.ok()) return AsmError{0, 0, "cannot pad the last bundle: NOP is unknown"};
    Instruction n = *nop.inst;
    n.ctrl = safe_control(false);
    out.code.push_back(n);
  }
  // A pair may span two bundles (slot 2 with the next bundle's slot 0), but not start in the last slot of the code
  // (nvdisasm: "Unaligned instruction found").
  if (!out.code.empty() && out.code.back().ctrl.dual_issue() && out.code.size() - 1 < stmts.size())
    return lines.at(stmts[out.code.size() - 1].offset, "a dual-issue pair cannot start in the last slot of the code");
  return std::nullopt;
}

}  // namespace tmu::isa::sm50
