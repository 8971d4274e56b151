// SPDX-License-Identifier: MIT
#include "ptx/reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <unordered_map>
#include <unordered_set>

#include "ptx/lexer.h"
#include "ptx/opcodes.h"

namespace tmu::ptx {
namespace {

constexpr unsigned kMaxBlockDepth = 64;
constexpr unsigned kMaxInitDepth = 8;

// The special registers (PTX ISA "Special Registers") an instruction may read without declaring them.
bool is_special_register(std::string_view n) {
  static constexpr std::array<std::string_view, 27> kNames{
      "%tid", "%ntid", "%laneid", "%warpid", "%nwarpid", "%ctaid", "%nctaid", "%smid", "%nsmid", "%gridid",
      "%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%clock", "%clock_hi",
      "%clock64", "%globaltimer", "%globaltimer_lo", "%globaltimer_hi", "%total_smem_size", "%dynamic_smem_size",
      "%aggr_smem_size", "%reserved_smem_offset_begin", "%reserved_smem_offset_end", "WARP_SZ"};
  for (std::string_view s : kNames)
    if (s == n) return true;
  // %pm0..%pm7 (and their _64 forms), %envreg0..%envreg31.
  auto numbered = [&](std::string_view prefix, unsigned count) {
    if (n.substr(0, prefix.size()) != prefix) return false;
    std::string_view rest = n.substr(prefix.size());
    if (rest.size() > 3 && rest.substr(rest.size() - 3) == "_64") rest.remove_suffix(3);
    if (rest.empty() || rest.size() > 2) return false;
    unsigned v = 0;
    for (char c : rest) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + static_cast<unsigned>(c - '0');
    }
    return v < count;
  };
  return numbered("%pm", 8) || numbered("%envreg", 32);
}

struct Symbol {
  SymbolInfo info;
  std::optional<uint32_t> range;  // name<N>
  Loc loc;
};
using Scope = std::unordered_map<std::string, Symbol>;

class Reader {
 public:
  Reader(std::vector<Token> tokens, std::string_view file) : t_(std::move(tokens)), file_(file) {}

  Result<Module> run() {
    if (!module()) return make_error(error_);
    return std::move(m_);
  }

 private:
  // ---- tokens ----
  const Token& peek(size_t ahead = 0) const { return t_[std::min(pos_ + ahead, t_.size() - 1)]; }
  const Token& next() {
    const Token& t = t_[pos_];
    if (pos_ + 1 < t_.size()) ++pos_;
    return t;
  }
  bool is_punct(char c, size_t ahead = 0) const {
    const Token& t = peek(ahead);
    return t.kind == TokenKind::Punct && t.text[0] == c;
  }
  bool is_directive(std::string_view d) const { return peek().kind == TokenKind::Directive && peek().text == d; }
  static std::string describe(const Token& t) {
    switch (t.kind) {
      case TokenKind::End: return "the end of the file";
      case TokenKind::String: return fmt::format("\"{}\"", t.text);
      default: return fmt::format("'{}'", t.text);
    }
  }
  bool fail(Loc at, std::string what) {
    if (error_.empty()) error_ = fmt::format("{}:{}:{}: {}", file_, at.line, at.col, what);
    return false;
  }
  bool fail_here(std::string expected) { return fail(peek().loc, fmt::format("unexpected {}: expected {}", describe(peek()), expected)); }
  bool expect_punct(char c, std::string_view context) {
    if (!is_punct(c)) return fail_here(fmt::format("'{}' {}", c, context));
    next();
    return true;
  }
  bool expect_int(uint64_t& v, std::string_view what) {
    if (peek().kind != TokenKind::Int) return fail_here(std::string(what));
    v = next().int_value;
    return true;
  }
  bool expect_ident(std::string& s, std::string_view what) {
    if (peek().kind != TokenKind::Ident || peek().text == "_") return fail_here(std::string(what));
    s = next().text;
    return true;
  }

  // ---- symbols ----
  bool declare(Scope& scope, const std::string& name, Symbol s) {
    auto [it, inserted] = scope.emplace(name, s);
    if (!inserted)
      return fail(s.loc, fmt::format("Duplicate definition of variable '{}' (first declared at {}:{}): expected a new name", name, it->second.loc.line, it->second.loc.col));
    return true;
  }
  static const Symbol* find_in(const Scope& scope, std::string_view name) {
    if (auto it = scope.find(std::string(name)); it != scope.end() && !it->second.range) return &it->second;
    // %r12 against a range %r<N>: the digits at the end are the register's number (no leading zeros).
    size_t d = name.size();
    while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9') --d;
    if (d == name.size() || d == 0 || name.size() - d > 9 || (name[d] == '0' && name.size() - d > 1)) return nullptr;
    uint32_t n = 0;
    for (size_t i = d; i < name.size(); ++i) n = n * 10 + static_cast<uint32_t>(name[i] - '0');
    if (auto it = scope.find(std::string(name.substr(0, d))); it != scope.end() && it->second.range && n < *it->second.range)
      return &it->second;
    return nullptr;
  }
  const Symbol* find(std::string_view name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (const Symbol* s = find_in(*it, name)) return s;
    return find_in(globals_, name);
  }
  std::optional<SymbolInfo> lookup(std::string_view name) const {
    if (const Symbol* s = find(name)) return s->info;
    return std::nullopt;
  }

  // Every name an operand uses is declared; names not declared may be labels of the function (checked at its end).
  bool check_names(const Operand& op) {
    switch (op.kind) {
      case Operand::Kind::Name:
      case Operand::Kind::Address:
        if (op.name.empty() || is_special_register(op.name) || find(op.name)) return true;
        pending_labels_.push_back({op.name, op.loc});
        return true;
      case Operand::Kind::Vector:
      case Operand::Kind::Bracket:
      case Operand::Kind::Pair:
      case Operand::Kind::Paren:
        for (const Operand& e : op.elems)
          if (!check_names(e)) return false;
        return true;
      default: return true;
    }
  }

  // ptxas's rules for a vector's elements (checked by hand against ptxas 11.8): registers of one size
  // ("Incompatible elements of vector expression"), and not both a floating-point element (an .fN register or a
  // floating-point constant) and a typed integer one (a .uN/.sN register or an integer constant) unless a .bN
  // register is among them. Texture instructions check the second rule themselves, in the words of the
  // instruction's full name (tex_syntax.cpp).
  bool check_vectors(const Operand& op, const std::string& opcode) {
    if (op.kind == Operand::Kind::Pair || op.kind == Operand::Kind::Bracket) {
      for (const Operand& e : op.elems)
        if (!check_vectors(e, opcode)) return false;
      return true;
    }
    if (op.kind != Operand::Kind::Vector) return true;
    unsigned size = 0;
    const Operand* fp = nullptr;
    const Operand* integer = nullptr;
    bool bits_register = false;
    for (const Operand& e : op.elems) {
      if (e.kind == Operand::Kind::Int && !integer) integer = &e;
      if (e.kind == Operand::Kind::Float && !fp) fp = &e;
      if (e.kind != Operand::Kind::Name) continue;
      const Symbol* s = find(e.name);
      if (!s || s->info.what != SymbolInfo::What::Register) continue;
      const unsigned bits = bit_size(s->info.type);
      if (size != 0 && bits != size)
        return fail(e.loc, fmt::format("Incompatible elements of vector expression: '{}' is a {} register, the elements before it {}-bit ones", e.name, name(s->info.type), size));
      size = bits;
      const Kind k = kind(s->info.type);
      bits_register = bits_register || k == Kind::Bits;
      if (k == Kind::Float && !fp) fp = &e;
      if ((k == Kind::Unsigned || k == Kind::Signed) && !integer) integer = &e;
    }
    if (fp && integer && !bits_register && !is_texture_opcode(opcode))
      return fail(op.loc, fmt::format("Vector with elements of different types are not allowed in {} instruction: floating-point and typed integer elements mixed (.bN registers go with either)", opcode));
    return true;
  }

  // ---- module ----
  bool module() {
    if (!is_directive(".version")) return fail_here(".version first: a PTX module starts with .version M.m");
    next();
    if (peek().kind != TokenKind::Float || peek().is_f32 || peek().text.find_first_of("eE") != std::string::npos ||
        peek().text.find('.') == std::string::npos)
      return fail_here("the PTX ISA version as MAJOR.MINOR (.version 7.8)");
    {
      const Token& v = next();
      const size_t dot = v.text.find('.');
      const std::string major = v.text.substr(0, dot), minor = v.text.substr(dot + 1);
      if (major.empty() || minor.empty() || major.size() > 2 || minor.size() > 2)
        return fail(v.loc, fmt::format("malformed version '{}': expected MAJOR.MINOR (.version 7.8)", v.text));
      m_.version_major = static_cast<unsigned>(std::stoul(major));
      m_.version_minor = static_cast<unsigned>(std::stoul(minor));
      // ptxas 11.8 (lowering-facts.md 3.1) reads PTX ISA 7.8 at most.
      if (m_.version_major > 7 || (m_.version_major == 7 && m_.version_minor > 8))
        return fail(v.loc, fmt::format("PTX ISA version {} is newer than ptxas 11.8 reads: expected 7.8 or lower", v.text));
    }
    if (!target()) return false;
    while (peek().kind != TokenKind::End)
      if (!module_item()) return false;
    return true;
  }

  bool target() {
    if (!is_directive(".target")) return fail_here(".target after .version (.target sm_50 or .target sm_52)");
    next();
    bool have_sm = false;
    while (true) {
      if (peek().kind != TokenKind::Ident) return fail_here("a target: sm_50 or sm_52, optionally followed by , texmode_independent");
      const Token& t = next();
      if (t.text == "sm_50" || t.text == "sm_52") {
        if (have_sm) return fail(t.loc, fmt::format("second architecture '{}' in .target: expected one of sm_50, sm_52", t.text));
        have_sm = true;
        m_.sm = t.text == "sm_50" ? 50 : 52;
      } else if (t.text.rfind("sm_", 0) == 0 || t.text.rfind("compute_", 0) == 0) {
        return fail(t.loc, fmt::format("target '{}' is not supported: tmu reads PTX for Maxwell, expected .target sm_50 or .target sm_52", t.text));
      } else if (t.text == "texmode_independent" || t.text == "texmode_unified" || t.text == "map_f64_to_f32" || t.text == "debug") {
        m_.target_options.push_back(t.text);
        if (t.text == "texmode_independent") m_.texmode_independent = true;
      } else {
        return fail(t.loc, fmt::format("unknown target option '{}': expected sm_50, sm_52, texmode_unified, texmode_independent, map_f64_to_f32 or debug", t.text));
      }
      if (!is_punct(',')) break;
      next();
    }
    if (!have_sm) return fail(peek().loc, "the .target names no architecture: expected sm_50 or sm_52");
    if (is_directive(".address_size")) {
      next();
      uint64_t v = 0;
      const Loc at = peek().loc;
      if (!expect_int(v, "the address size 32 or 64")) return false;
      if (v != 32 && v != 64) return fail(at, fmt::format("address size {} is not one PTX has: expected 32 or 64", v));
      m_.address_size = static_cast<unsigned>(v);
    }
    return true;
  }

  bool module_item() {
    const Token& t = peek();
    if (t.kind != TokenKind::Directive)
      return fail_here("a directive at module scope (.entry, .func, .global, .const, .shared, .texref, .samplerref, ...)");
    if (t.text == ".version" || t.text == ".target" || t.text == ".address_size")
      return fail(t.loc, fmt::format("{} appears once, at the top of the module: expected .version, .target, .address_size there in that order", t.text));
    if (t.text == ".texmode_independent")
      // lowering-facts.md 3.4: ptxas's parser refuses the directive form.
      return fail(t.loc, "Parsing error near '.texmode_independent': syntax error (texture modes are written in the target: .target sm_50, texmode_independent)");
    if (t.text == ".file") return file_directive();
    if (t.text == ".section") return fail(t.loc, "debug sections (.section) are not read: expected code without DWARF sections (ptxas without -G)");
    Linkage linkage = Linkage::None;
    if (t.text == ".visible" || t.text == ".extern" || t.text == ".weak" || t.text == ".common") {
      linkage = t.text == ".visible" ? Linkage::Visible : t.text == ".extern" ? Linkage::Extern : t.text == ".weak" ? Linkage::Weak : Linkage::Common;
      next();
    }
    const Token& d = peek();
    if (d.kind == TokenKind::Directive && (d.text == ".entry" || d.text == ".func")) return function(linkage);
    if (d.kind == TokenKind::Directive && (d.text == ".texref" || d.text == ".samplerref" || d.text == ".surfref"))
      return fail(d.loc, fmt::format("No variable storage specified: expected .global {} NAME;", d.text));
    if (const auto space = d.kind == TokenKind::Directive ? parse_space(d.text) : std::nullopt;
        space && (*space == Space::Global || *space == Space::Const || *space == Space::Shared || *space == Space::Tex)) {
      const Loc at = d.loc;
      next();
      return variable_decl(*space, linkage, at, true);
    }
    return fail_here("a directive at module scope (.entry, .func, .global, .const, .shared, .texref, .samplerref, .surfref)");
  }

  // .file N "name" [, timestamp, size]: debug information, read and dropped.
  bool file_directive() {
    next();
    uint64_t n = 0;
    if (!expect_int(n, "the file number")) return false;
    if (peek().kind != TokenKind::String) return fail_here("the file name as a string");
    next();
    while (is_punct(',')) {
      next();
      if (!expect_int(n, "a number")) return false;
    }
    return true;
  }

  // ---- declarations ----
  // After the state space: [.align N] [.vN] (.type | .texref | .samplerref | .surfref) names [= init] ;
  bool variable_decl(Space space, Linkage linkage, Loc at, bool module_scope) {
    unsigned align = 0, vec = 0;
    std::optional<Type> type;
    std::optional<OpaqueVariable::What> opaque;
    while (peek().kind == TokenKind::Directive) {
      const Token& d = peek();
      if (d.text == ".align") {
        next();
        uint64_t a = 0;
        const Loc aloc = peek().loc;
        if (!expect_int(a, "the alignment in bytes")) return false;
        if (a == 0 || (a & (a - 1)) != 0 || a > 4096) return fail(aloc, fmt::format("alignment {} is not a power of two up to 4096", a));
        align = static_cast<unsigned>(a);
      } else if (d.text == ".v2" || d.text == ".v4" || d.text == ".v8") {
        vec = static_cast<unsigned>(d.text[2] - '0');
        next();
      } else if (auto ty = parse_type(d.text)) {
        if (type) return fail(d.loc, fmt::format("second type '{}' in a declaration: expected one type", d.text));
        type = ty;
        next();
      } else if (d.text == ".texref" || d.text == ".samplerref" || d.text == ".surfref") {
        opaque = d.text == ".texref" ? OpaqueVariable::What::Texref : d.text == ".samplerref" ? OpaqueVariable::What::Samplerref : OpaqueVariable::What::Surfref;
        next();
        break;
      } else {
        return fail(d.loc, fmt::format("unexpected '{}' in a {} declaration: expected .align N, .v2/.v4 or a type (.b32, .u64, .f32, ...)", d.text, name(space)));
      }
    }
    if (space == Space::Tex) {
      // The `.tex .u64 name;` of PTX 1.x declared a texture reference; ptxas 11.8 refuses it from PTX 1.5 on.
      if (m_.version_major > 1 || m_.version_minor >= 5)
        return fail(at, "Deprecated feature: '.tex' not supported as of PTX version 1.5: expected .global .texref NAME;");
      if (opaque || !type) return fail(peek().loc, "expected a .u32 or .u64 type after .tex (.tex .u64 name;)");
      opaque = OpaqueVariable::What::Texref;
    }
    if (opaque) {
      if (!module_scope) return fail(at, "texture, sampler and surface references are declared at module scope or as kernel parameters");
      if (*opaque == OpaqueVariable::What::Samplerref && !m_.texmode_independent) return unified_sampler(at);
      return opaque_decl(*opaque, space, linkage, at);
    }
    if (!type) return fail_here(fmt::format("a type in the {} declaration (.b32, .u64, .f32, .pred, ...)", name(space)));
    if (vec == 8 || (vec != 0 && *type == Type::Pred)) return fail(at, "a vector variable is .v2 or .v4 of a non-predicate type");
    while (true) {
      Variable v;
      v.loc = peek().loc;
      v.linkage = linkage;
      v.space = space;
      v.type = *type;
      v.vector = vec;
      v.align = align;
      if (!expect_ident(v.name, "a variable name")) return false;
      if (is_punct('<')) {
        if (space != Space::Reg) return fail(peek().loc, "only .reg declarations take a count <N>");
        next();
        uint64_t n = 0;
        const Loc nloc = peek().loc;
        if (!expect_int(n, "the number of registers")) return false;
        if (n == 0 || n > 1000000) return fail(nloc, fmt::format("register count {} is out of range: expected 1 to 1000000", n));
        v.range = static_cast<uint32_t>(n);
        if (!expect_punct('>', "after the register count")) return false;
      }
      while (is_punct('[')) {
        next();
        uint64_t n = 0;
        if (is_punct(']')) {
          n = 0;
        } else if (!expect_int(n, "the array size")) {
          return false;
        }
        if (v.dims.size() >= 8) return fail(peek().loc, "more than 8 array dimensions");
        v.dims.push_back(n);
        if (!expect_punct(']', "after the array size")) return false;
      }
      if (is_punct('=')) {
        if (space == Space::Reg || space == Space::Shared || space == Space::Local || space == Space::Param)
          return fail(peek().loc, fmt::format("{} variables cannot be initialized", name(space)));
        next();
        v.has_init = true;
        if (!initializer(v.init, 0)) return false;
      }
      Symbol s;
      s.info.what = space == Space::Reg ? SymbolInfo::What::Register : space == Space::Param ? SymbolInfo::What::Param : SymbolInfo::What::Variable;
      s.info.type = v.type;
      s.range = v.range;
      s.loc = v.loc;
      if (!declare(module_scope ? globals_ : scopes_.back(), v.name, s)) return false;
      const bool more = is_punct(',');
      if (module_scope) m_.variables.push_back(std::move(v));
      else block_stack_.back()->items.push_back(Statement{std::move(v)});
      if (!more) break;
      next();
    }
    return expect_punct(';', "at the end of the declaration");
  }

  // ptxas 11.8 at a .samplerref (declaration or kernel parameter) without texmode_independent.
  bool unified_sampler(Loc at) {
    return fail(at, "Instruction or declaration violates .target texmode_unified setting: a .samplerref needs .target sm_5x, texmode_independent");
  }

  bool initializer(std::vector<Operand>& out, unsigned depth) {
    if (depth >= kMaxInitDepth) return fail(peek().loc, "initializer braces nest more than 8 deep");
    if (is_punct('{')) {
      next();
      while (true) {
        if (!initializer(out, depth + 1)) return false;
        if (is_punct(',')) {
          next();
          continue;
        }
        return expect_punct('}', "or ',' in the initializer");
      }
    }
    Operand op;
    if (!operand(op, 2)) return false;
    if (!op.is_scalar() || op.negated) return fail(op.loc, "an initializer value is a constant or a variable's name");
    out.push_back(std::move(op));
    return true;
  }

  // = { field = value, ... } (PTX ISA "Texture Sampler and Surface Types").
  bool opaque_decl(OpaqueVariable::What what, Space space, Linkage linkage, Loc at) {
    OpaqueVariable o;
    o.loc = at;
    o.what = what;
    o.linkage = linkage;
    o.space = space;
    if (!expect_ident(o.name, what == OpaqueVariable::What::Texref ? "the texture reference's name" : what == OpaqueVariable::What::Samplerref ? "the sampler reference's name" : "the surface reference's name")) return false;
    const Loc name_loc = t_[pos_ - 1].loc;
    if (is_punct('=')) {
      next();
      if (!expect_punct('{', "to open the field list (= { filter_mode = linear, ... })")) return false;
      while (!is_punct('}')) {
        OpaqueVariable::Field f;
        f.loc = peek().loc;
        if (!expect_ident(f.name, "a field name (filter_mode, addr_mode_0, normalized_coords, ...)")) return false;
        if (!valid_field(what, f.name)) return fail(f.loc, fmt::format("unknown field '{}' for a {}: expected {}", f.name, what == OpaqueVariable::What::Samplerref ? ".samplerref" : what == OpaqueVariable::What::Texref ? ".texref" : ".surfref", what == OpaqueVariable::What::Samplerref ? "filter_mode, addr_mode_0, addr_mode_1, addr_mode_2 or force_unnormalized_coords" : "width, height, depth, channel_data_type, channel_order, normalized_coords, filter_mode, addr_mode_0/1/2, array_size, num_mipmap_levels or num_samples"));
        if (!expect_punct('=', "after the field name")) return false;
        const Token& v = peek();
        if (v.kind != TokenKind::Ident && v.kind != TokenKind::Int) return fail_here("the field's value");
        f.value = next().text;
        if (!valid_value(f.name, f.value)) return fail(v.loc, fmt::format("Unrecognized initial value symbol '{}': {} is {}", f.value, f.name, expected_values(f.name)));
        o.fields.push_back(std::move(f));
        if (o.fields.size() > 16) return fail(v.loc, "more than 16 fields");
        if (!is_punct(',')) break;
        next();
      }
      if (!expect_punct('}', "or ',' after a field")) return false;
    }
    Symbol s;
    s.info.what = what == OpaqueVariable::What::Texref ? SymbolInfo::What::Texref : what == OpaqueVariable::What::Samplerref ? SymbolInfo::What::Samplerref : SymbolInfo::What::Surfref;
    s.info.type = Type::B64;
    s.loc = name_loc;
    if (!declare(globals_, o.name, s)) return false;
    m_.opaque.push_back(std::move(o));
    return expect_punct(';', "at the end of the declaration");
  }
  static bool valid_field(OpaqueVariable::What what, std::string_view f) {
    const bool sampler_field = f == "filter_mode" || f == "addr_mode_0" || f == "addr_mode_1" || f == "addr_mode_2";
    if (what == OpaqueVariable::What::Samplerref) return sampler_field || f == "force_unnormalized_coords";
    return sampler_field || f == "width" || f == "height" || f == "depth" || f == "channel_data_type" ||
           f == "channel_order" || f == "normalized_coords" || f == "array_size" || f == "num_mipmap_levels" ||
           f == "num_samples";
  }
  static bool valid_value(std::string_view f, std::string_view v) {
    if (f == "filter_mode") return v == "nearest" || v == "linear";
    if (f.substr(0, 9) == "addr_mode")
      return v == "wrap" || v == "mirror" || v == "clamp_ogl" || v == "clamp_to_edge" || v == "clamp_to_border";
    return !v.empty() && v[0] >= '0' && v[0] <= '9';  // the numeric fields
  }
  static std::string expected_values(std::string_view f) {
    if (f == "filter_mode") return "nearest or linear";
    if (f.substr(0, 9) == "addr_mode") return "wrap, mirror, clamp_ogl, clamp_to_edge or clamp_to_border";
    return "a number";
  }

  // ---- functions ----
  bool function(Linkage linkage) {
    Function f;
    f.loc = peek().loc;
    f.entry = next().text == ".entry";
    f.linkage = linkage;
    scopes_.emplace_back();  // the parameters
    if (!f.entry && is_punct('(')) {
      if (!params(f.returns, false)) return false;
    }
    if (!expect_ident(f.name, "the function's name")) return false;
    const Loc name_loc = t_[pos_ - 1].loc;
    if (const Symbol* prior = find_in(globals_, f.name)) {
      // A prototype may be followed by its definition.
      const bool prototype = std::any_of(m_.functions.begin(), m_.functions.end(), [&](const Function& g) { return g.name == f.name && !g.body; });
      if (!prototype) return fail(name_loc, fmt::format("Duplicate definition of function '{}' (first declared at {}:{}): expected a new name", f.name, prior->loc.line, prior->loc.col));
    } else {
      Symbol s;
      s.info.what = SymbolInfo::What::Other;
      s.loc = name_loc;
      globals_.emplace(f.name, s);
    }
    if (is_punct('(') && !params(f.params, f.entry)) return false;
    while (peek().kind == TokenKind::Directive) {
      const Token& d = peek();
      if (d.text == ".noreturn" && !f.entry) {
        f.noreturn = true;
        next();
      } else if (d.text == ".maxntid" || d.text == ".reqntid" || d.text == ".minnctapersm" || d.text == ".maxnreg" || d.text == ".maxnctapersm") {
        BodyDirective p;
        p.loc = d.loc;
        p.name = next().text;
        do {
          if (!p.args.empty()) next();
          if (peek().kind != TokenKind::Int) return fail_here(fmt::format("a number after {}", p.name));
          p.args.push_back(next());
        } while (is_punct(',') && p.args.size() < 3);
        f.performance.push_back(std::move(p));
      } else if (d.text == ".pragma") {
        BodyDirective p;
        if (!pragma(p)) return false;
        f.performance.push_back(std::move(p));
      } else {
        return fail(d.loc, fmt::format("unexpected '{}' after the parameters of '{}': expected .maxntid, .reqntid, .minnctapersm, .maxnreg, .pragma{}, a body {{ ... }} or ';'", d.text, f.name, f.entry ? "" : ", .noreturn"));
      }
    }
    if (is_punct(';')) {
      next();
    } else if (is_punct('{')) {
      labels_.clear();
      pending_labels_.clear();
      f.body.emplace();
      if (!block(*f.body, 0)) return false;
      for (const auto& [label, at] : pending_labels_)
        if (!labels_.contains(label)) return fail(at, fmt::format("Unknown symbol '{}': expected a declared register, variable, parameter, function or label", label));
    } else {
      return fail_here(fmt::format("the body of '{}' ({{ ... }}) or ';' for a declaration", f.name));
    }
    scopes_.pop_back();
    m_.functions.push_back(std::move(f));
    return true;
  }

  bool pragma(BodyDirective& p) {
    p.loc = peek().loc;
    p.name = next().text;
    if (peek().kind != TokenKind::String) return fail_here("the pragma as a string (.pragma \"nounroll\";)");
    p.args.push_back(next());
    return expect_punct(';', "after the pragma");
  }

  // ( .param .u64 a, .param .align 8 .b8 b[16], .param .texref t, .reg .b32 r )
  bool params(std::vector<Param>& out, bool entry) {
    next();  // (
    if (is_punct(')')) {
      next();
      return true;
    }
    while (true) {
      Param p;
      p.loc = peek().loc;
      const bool reg = is_directive(".reg");
      p.reg = reg;
      if (!is_directive(".param") && !reg) return fail_here("a parameter: .param TYPE NAME");
      next();
      while (peek().kind == TokenKind::Directive) {
        const Token& d = peek();
        if (d.text == ".align") {
          next();
          uint64_t a = 0;
          const Loc aloc = peek().loc;
          if (!expect_int(a, "the alignment in bytes")) return false;
          if (a == 0 || (a & (a - 1)) != 0 || a > 4096) return fail(aloc, fmt::format("alignment {} is not a power of two up to 4096", a));
          p.align = static_cast<unsigned>(a);
        } else if (auto ty = parse_type(d.text)) {
          p.type = *ty;
          next();
        } else if (d.text == ".texref" || d.text == ".samplerref" || d.text == ".surfref") {
          if (!entry) return fail(d.loc, "texture, sampler and surface references are parameters of kernels (.entry) only");
          if (d.text == ".samplerref" && !m_.texmode_independent) return unified_sampler(p.loc);
          p.opaque = d.text == ".texref" ? OpaqueVariable::What::Texref : d.text == ".samplerref" ? OpaqueVariable::What::Samplerref : OpaqueVariable::What::Surfref;
          p.type = Type::B64;
          next();
        } else if (d.text == ".ptr") {
          p.ptr = true;
          next();
          if (peek().kind == TokenKind::Directive) {
            if (auto sp = parse_space(peek().text)) {
              p.ptr_space = sp;
              next();
            }
          }
        } else {
          return fail(d.loc, fmt::format("unexpected '{}' in a parameter: expected .align N, a type, .ptr or .texref/.samplerref/.surfref", d.text));
        }
      }
      if (!expect_ident(p.name, "the parameter's name")) return false;
      if (is_punct('[')) {
        next();
        uint64_t n = 0;
        if (!expect_int(n, "the array size")) return false;
        p.array = n;
        if (!expect_punct(']', "after the array size")) return false;
      }
      Symbol s;
      s.info.what = p.opaque ? (*p.opaque == OpaqueVariable::What::Texref ? SymbolInfo::What::Texref : *p.opaque == OpaqueVariable::What::Samplerref ? SymbolInfo::What::Samplerref : SymbolInfo::What::Surfref)
                             : reg ? SymbolInfo::What::Register : SymbolInfo::What::Param;
      s.info.type = p.type;
      s.loc = p.loc;
      if (!declare(scopes_.back(), p.name, s)) return false;
      out.push_back(std::move(p));
      if (is_punct(',')) {
        next();
        continue;
      }
      return expect_punct(')', "or ',' after a parameter");
    }
  }

  // ---- bodies ----
  bool block(Block& b, unsigned depth) {
    if (depth >= kMaxBlockDepth) return fail(peek().loc, "blocks nest more than 64 deep");
    b.loc = next().loc;  // {
    scopes_.emplace_back();
    block_stack_.push_back(&b);
    while (!is_punct('}')) {
      const Token& t = peek();
      if (t.kind == TokenKind::End) return fail(b.loc, "this block is not closed: expected '}' before the end of the file");
      if (is_punct('{')) {
        Block inner;
        if (!block(inner, depth + 1)) return false;
        b.items.push_back(Statement{std::move(inner)});
        continue;
      }
      if (t.kind == TokenKind::Directive) {
        if (!body_directive(b)) return false;
        continue;
      }
      if (t.kind == TokenKind::Ident && is_punct(':', 1)) {
        Label l{t.loc, t.text};
        if (!labels_.insert(l.name).second) return fail(l.loc, fmt::format("duplicate label '{}': expected a new name", l.name));
        next();
        next();
        b.items.push_back(Statement{std::move(l)});
        continue;
      }
      Instruction ins;
      if (!instruction(ins)) return false;
      b.items.push_back(Statement{std::move(ins)});
    }
    next();  // }
    block_stack_.pop_back();
    scopes_.pop_back();
    return true;
  }

  bool body_directive(Block& b) {
    const Token& d = peek();
    if (d.text == ".pragma") {
      BodyDirective p;
      if (!pragma(p)) return false;
      b.items.push_back(Statement{std::move(p)});
      return true;
    }
    if (d.text == ".loc") {
      // .loc FILE LINE COLUMN: debug information, kept as written.
      BodyDirective p;
      p.loc = d.loc;
      p.name = next().text;
      for (int i = 0; i < 3; ++i) {
        if (peek().kind != TokenKind::Int) return fail_here(".loc FILE LINE COLUMN");
        p.args.push_back(next());
      }
      b.items.push_back(Statement{std::move(p)});
      return true;
    }
    const auto space = parse_space(d.text);
    if (!space || *space == Space::Tex)
      return fail(d.loc, fmt::format("unexpected '{}' in a function body: expected a declaration (.reg, .local, .shared, .param, .const, .global), .pragma, a label, an instruction or a block", d.text));
    const Loc at = next().loc;
    return variable_decl(*space, Linkage::None, at, false);
  }

  bool instruction(Instruction& ins) {
    if (is_punct('@')) {
      next();
      Operand g;
      g.kind = Operand::Kind::Name;
      g.loc = peek().loc;
      if (is_punct('!')) {
        g.negated = true;
        next();
      }
      if (!expect_ident(g.name, "a predicate register after '@'")) return false;
      const Symbol* s = find(g.name);
      if (!s) return fail(g.loc, fmt::format("Unknown symbol '{}': the guard must be a declared .pred register", g.name));
      if (s->info.what != SymbolInfo::What::Register || s->info.type != Type::Pred)
        return fail(g.loc, fmt::format("Predicate expression expected: the guard '{}' is not a .pred register", g.name));
      ins.guard = std::move(g);
    }
    if (peek().kind != TokenKind::Ident || peek().text == "_") return fail_here("an instruction, a label, a declaration or '}'");
    ins.loc = peek().loc;
    ins.opcode = next().text;
    if (!is_known_opcode(ins.opcode))
      return fail(ins.loc, fmt::format("Not a name of any known instruction: '{}': expected a PTX opcode, a label or a declaration", ins.opcode));
    while (peek().kind == TokenKind::Directive) {
      if (ins.mods.size() >= 16) return fail(peek().loc, "more than 16 modifiers on one instruction");
      const Token& m = next();
      ins.mods.push_back({m.text, m.loc});
    }
    if (!is_punct(';')) {
      while (true) {
        Operand op;
        if (!operand(op, 0)) return false;
        ins.operands.push_back(std::move(op));
        if (ins.operands.size() > 16) return fail(ins.operands.back().loc, "more than 16 operands on one instruction");
        if (!is_punct(',')) break;
        next();
      }
    }
    if (!expect_punct(';', fmt::format("at the end of the '{}' instruction (or ',' before another operand)", ins.opcode))) return false;
    for (const Operand& op : ins.operands)
      if (!check_names(op) || !check_vectors(op, ins.opcode)) return false;
    if (is_texture_opcode(ins.opcode)) {
      const SymbolLookup symbols = [this](std::string_view n) { return lookup(n); };
      auto typed = read_texture_instruction(ins, symbols, TexTarget{m_.sm, m_.texmode_independent}, file_);
      if (!typed) {
        error_ = typed.error();
        return false;
      }
      ins.texture = std::move(*typed);
    }
    return true;
  }

  // One operand. depth: 0 at the top, 1 inside [ ] or ( ), 2 inside { } (vectors hold scalars only). At the top
  // an operand may be a pair d|p (setp's two predicates, a texture instruction's residency predicate).
  bool operand(Operand& op, unsigned depth) {
    if (!primary(op, depth)) return false;
    if (depth != 0 || !is_punct('|')) return true;
    Operand first = std::move(op);
    next();
    Operand second;
    if (!primary(second, 2)) return false;
    if (second.kind != Operand::Kind::Name || second.negated) return fail(second.loc, "expected a predicate register after '|'");
    op = Operand{};
    op.kind = Operand::Kind::Pair;
    op.loc = first.loc;
    op.elems.push_back(std::move(first));
    op.elems.push_back(std::move(second));
    return true;
  }

  bool primary(Operand& op, unsigned depth) {
    op.loc = peek().loc;
    if (is_punct('{')) {
      if (depth >= 2) return fail(op.loc, "a vector cannot be nested in a vector: expected a register or a constant");
      next();
      op.kind = Operand::Kind::Vector;
      while (true) {
        Operand e;
        if (!operand(e, 2)) return false;
        if (!e.is_scalar() && e.kind != Operand::Kind::Sink) return fail(e.loc, "a vector element is a register, a constant or _");
        op.elems.push_back(std::move(e));
        if (op.elems.size() > 8) return fail(op.elems.back().loc, "a vector has at most 8 elements");
        if (!is_punct(',')) break;
        next();
      }
      if (!expect_punct('}', "or ',' in the vector")) return false;
      // PTX's vectors have 1, 2, 4 (or 8) elements; ptxas refuses {a, b, c} whatever the instruction.
      const size_t n = op.elems.size();
      if (n != 1 && n != 2 && n != 4 && n != 8) return fail(op.loc, fmt::format("Illegal vector size: {} (a PTX vector has 1, 2 or 4 elements)", n));
      return true;
    }
    if (is_punct('[')) {
      if (depth >= 1) return fail(op.loc, "'[' cannot appear inside an operand here: expected a register, a constant or a vector");
      next();
      std::vector<Operand> elems;
      while (true) {
        Operand e;
        if (!operand(e, 1)) return false;
        // [reg+8], [reg+-8] (nvcc's spelling of a negative offset; ptxas refuses [reg-8]).
        if (is_punct('+') && e.kind == Operand::Kind::Name) {
          next();
          const bool minus = is_punct('-');
          if (minus) next();
          uint64_t v = 0;
          if (!expect_int(v, "a byte offset after '+' (a negative one as +-N)")) return false;
          if (v > static_cast<uint64_t>(INT64_MAX)) return fail(e.loc, "the offset does not fit in 64 bits");
          e.kind = Operand::Kind::Address;
          e.offset = minus ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
        }
        elems.push_back(std::move(e));
        if (elems.size() > 3) return fail(elems.back().loc, "a bracketed operand has at most 3 elements: [texture, sampler, coordinates]");
        if (!is_punct(',')) break;
        next();
      }
      if (!expect_punct(']', "or ',' in the bracketed operand")) return false;
      if (elems.size() == 1) {
        Operand& e = elems[0];
        if (e.kind == Operand::Kind::Int) {
          op.kind = Operand::Kind::Address;
          op.offset = static_cast<int64_t>(e.int_value);
          return true;
        }
        if ((e.kind != Operand::Kind::Name && e.kind != Operand::Kind::Address) || e.negated || e.component != 0)
          return fail(e.loc, "an address is [register], [variable], [register+offset] or [constant]");
        op.kind = Operand::Kind::Address;
        op.name = std::move(e.name);
        op.offset = e.offset;
        return true;
      }
      for (const Operand& e : elems)
        if (e.kind == Operand::Kind::Address) return fail(e.loc, "an offset cannot be added inside a texture operand");
      op.kind = Operand::Kind::Bracket;
      op.elems = std::move(elems);
      return true;
    }
    if (is_punct('(')) {
      if (depth >= 1) return fail(op.loc, "'(' cannot appear inside an operand: expected a register or a constant");
      next();
      op.kind = Operand::Kind::Paren;
      if (!is_punct(')')) {
        while (true) {
          Operand e;
          if (!operand(e, 2)) return false;
          if (!e.is_scalar()) return fail(e.loc, "a call's argument list holds names or constants");
          op.elems.push_back(std::move(e));
          if (op.elems.size() > 64) return fail(op.elems.back().loc, "more than 64 call arguments");
          if (!is_punct(',')) break;
          next();
        }
      }
      return expect_punct(')', "or ',' in the list");
    }
    bool minus = false;
    if (is_punct('!')) {
      next();
      op.negated = true;
      if (peek().kind != TokenKind::Ident || peek().text == "_") return fail_here("a predicate register after '!'");
    } else if (is_punct('-')) {
      next();
      minus = true;
      if (peek().kind != TokenKind::Int && peek().kind != TokenKind::Float) return fail_here("a constant after '-'");
    }
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::Int:
        op.kind = Operand::Kind::Int;
        op.int_value = minus ? 0 - t.int_value : t.int_value;
        next();
        return true;
      case TokenKind::Float:
        op.kind = Operand::Kind::Float;
        op.is_f32 = t.is_f32;
        op.hex_float = t.text.size() > 2 && t.text[0] == '0' && (t.text[1] == 'f' || t.text[1] == 'F' || t.text[1] == 'd' || t.text[1] == 'D');
        op.float_bits = t.float_bits ^ (minus ? (t.is_f32 ? uint64_t{1} << 31 : uint64_t{1} << 63) : 0);
        next();
        return true;
      case TokenKind::Ident: {
        if (t.text == "_") {
          op.kind = Operand::Kind::Sink;
          next();
          return true;
        }
        op.kind = Operand::Kind::Name;
        op.name = next().text;
        // %tid.x, %r.y: a component written right after the name.
        const Token& c = peek();
        if (c.kind == TokenKind::Directive && !c.spaced && c.text.size() == 2 &&
            std::string_view("xyzwrgba").find(c.text[1]) != std::string_view::npos) {
          op.component = c.text[1];
          next();
        }
        return true;
      }
      default: return fail_here("an operand: a register, a constant, a vector {...}, an address [...] or _");
    }
  }

  std::vector<Token> t_;
  size_t pos_ = 0;
  std::string_view file_;
  std::string error_;
  Module m_;
  Scope globals_;
  std::vector<Scope> scopes_;
  std::vector<Block*> block_stack_;
  std::unordered_set<std::string> labels_;
  std::vector<std::pair<std::string, Loc>> pending_labels_;
};

}  // namespace

Result<Module> read(std::string_view text, std::string_view file_name) {
  auto tokens = lex(text, file_name);
  if (!tokens) return make_error(tokens.error());
  return Reader(std::move(*tokens), file_name).run();
}

}  // namespace tmu::ptx
