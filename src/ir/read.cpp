// SPDX-License-Identifier: MIT
// The reader: one pass over the lines, a cursor per line. Grammar (Mesa 22.3's nir_print.c and print.h):
//   shader: STAGE / header lines "key: value" / decl_var ... / decl_function NAME (0 params) /
//   impl NAME { [decl_var ...] LIST block block_END: }
//   LIST := BLOCK ((IF | LOOP) BLOCK)*      BLOCK := block block_N: INSTR* [JUMP]      JUMP := break | continue
//   IF := if ssa_N { LIST } else { LIST }      LOOP := loop { LIST }
#include "ir/read.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "ir/print.h"
#include "ir/tex.h"
#include "ir/verify.h"

namespace tmu::ir {

// ---------------------------------------------------------------------------------------------------------------
// GLSL sampler, texture and image types (glsl_types.cpp / builtin_type_macros.h of Mesa 22.3): a family's name
// is a prefix, a kind and a dimension; the table lists each dimension with the prefixes 22.3 declares for it.

namespace {

struct SamplerTypeRow {
  std::string_view suffix;  // after the kind word
  SamplerDim dim;
  bool array, shadow;
};
constexpr SamplerTypeRow kDims[] = {
    {"1D", SamplerDim::Dim1D, false, false},          {"2D", SamplerDim::Dim2D, false, false},
    {"3D", SamplerDim::Dim3D, false, false},          {"Cube", SamplerDim::Cube, false, false},
    {"2DRect", SamplerDim::Rect, false, false},       {"Buffer", SamplerDim::Buf, false, false},
    {"ExternalOES", SamplerDim::External, false, false}, {"2DMS", SamplerDim::MS, false, false},
    {"1DArray", SamplerDim::Dim1D, true, false},      {"2DArray", SamplerDim::Dim2D, true, false},
    {"CubeArray", SamplerDim::Cube, true, false},     {"2DMSArray", SamplerDim::MS, true, false},
    {"1DShadow", SamplerDim::Dim1D, false, true},     {"2DShadow", SamplerDim::Dim2D, false, true},
    {"CubeShadow", SamplerDim::Cube, false, true},    {"2DRectShadow", SamplerDim::Rect, false, true},
    {"1DArrayShadow", SamplerDim::Dim1D, true, true}, {"2DArrayShadow", SamplerDim::Dim2D, true, true},
    {"CubeArrayShadow", SamplerDim::Cube, true, true},
};

// Which (prefix, kind, dimension) triples 22.3 has.
bool declared(std::string_view prefix, std::string_view kind, const SamplerTypeRow& d) {
  const std::string_view s = d.suffix;
  const bool basic = s == "1D" || s == "2D" || s == "3D" || s == "Cube" || s == "2DRect" || s == "Buffer" ||
                     s == "2DMS" || s == "1DArray" || s == "2DArray" || s == "CubeArray" || s == "2DMSArray";
  if (kind == "sampler") {
    if (prefix.empty()) return true;  // every row, shadows and ExternalOES included
    return (prefix == "i" || prefix == "u") && basic;
  }
  if (kind == "texture") {
    if (prefix.empty()) return basic || s == "ExternalOES";
    if (prefix == "i" || prefix == "u") return basic;
    return prefix == "v" && (s == "1D" || s == "2D" || s == "3D" || s == "1DArray" || s == "2DArray" ||
                             s == "Buffer");
  }
  // image
  if (prefix.empty() || prefix == "i" || prefix == "u" || prefix == "i64" || prefix == "u64") return basic;
  return prefix == "v" && (s == "1D" || s == "2D" || s == "3D" || s == "1DArray" || s == "2DArray");
}

}  // namespace

std::optional<SamplerTypeInfo> glsl_sampler_type(std::string_view n) {
  for (std::string_view prefix : {"", "i64", "u64", "i", "u", "v"}) {
    if (n.substr(0, prefix.size()) != prefix) continue;
    const std::string_view rest = n.substr(prefix.size());
    const bool int_or_plain = prefix.empty() || prefix == "i" || prefix == "u";
    if (rest == "subpassInput" && int_or_plain) return SamplerTypeInfo{SamplerDim::Subpass, false, false};
    if (rest == "subpassInputMS" && int_or_plain) return SamplerTypeInfo{SamplerDim::SubpassMS, false, false};
    if (rest == "buffer" && prefix == "v") return SamplerTypeInfo{SamplerDim::Buf, false, false};
    for (std::string_view kind : {"sampler", "texture", "image"}) {
      if (rest.substr(0, kind.size()) != kind) continue;
      const std::string_view suffix = rest.substr(kind.size());
      for (const SamplerTypeRow& d : kDims)
        if (d.suffix == suffix && declared(prefix, kind, d)) return SamplerTypeInfo{d.dim, d.array, d.shadow};
    }
  }
  return std::nullopt;
}

namespace {

constexpr uint32_t kMaxSsa = 1000000;
constexpr uint32_t kMaxBlocks = 1000000;
constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxIndices = 32;

struct ParseError {
  std::size_t line;  // 1-based
  std::size_t col;   // 1-based
  std::string message;
};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// What stands at a position, for messages: the next few characters, non-printing ones escaped.
std::string shown(std::string_view rest) {
  if (rest.empty()) return "end of line";
  std::string out = "'";
  std::size_t n = 0;
  for (char c : rest) {
    if (n++ == 24) {
      out += "...";
      break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) out += fmt::format("\\x{:02x}", u);
    else out += c;
  }
  out += '\'';
  return out;
}

// A cursor over one line.
class Cursor {
 public:
  Cursor(std::string_view text, std::size_t line) : s_(text), line_(line) {}

  std::size_t pos() const { return pos_; }
  std::string_view rest() const { return s_.substr(pos_); }
  bool at_end() const { return pos_ >= s_.size(); }
  char peek() const { return at_end() ? '\0' : s_[pos_]; }

  [[noreturn]] void fail_at(std::size_t pos, std::string message) const {
    throw ParseError{line_, pos + 1, std::move(message)};
  }
  [[noreturn]] void fail(std::string message) const { fail_at(pos_, std::move(message)); }
  [[noreturn]] void expected(std::string_view what) const {
    fail(fmt::format("expected {}, found {}", what, shown(rest())));
  }

  void ws() {
    while (!at_end() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\r')) ++pos_;
  }
  // Spaces and /* comments */.
  void ws_comments() {
    for (;;) {
      ws();
      if (rest().substr(0, 2) != "/*") return;
      const auto end = s_.find("*/", pos_ + 2);
      if (end == std::string_view::npos) fail("unterminated comment: expected '*/' on this line");
      pos_ = end + 2;
    }
  }
  bool accept(std::string_view t) {
    ws();
    if (rest().substr(0, t.size()) != t) return false;
    pos_ += t.size();
    return true;
  }
  void expect(std::string_view t) {
    if (!accept(t)) expected(fmt::format("'{}'", t));
  }
  // Letters, digits and '_'.
  std::string_view word() {
    ws();
    const std::size_t b = pos_;
    while (!at_end() && is_word_char(s_[pos_])) ++pos_;
    return s_.substr(b, pos_ - b);
  }
  // Up to the next space.
  std::string_view token() {
    ws();
    const std::size_t b = pos_;
    while (!at_end() && s_[pos_] != ' ' && s_[pos_] != '\t' && s_[pos_] != '\r') ++pos_;
    return s_.substr(b, pos_ - b);
  }
  // A decimal (or, with allow_hex, 0x-prefixed hexadecimal) number no larger than max.
  uint64_t number(uint64_t max, std::string_view what, bool allow_hex = false) {
    ws();
    const std::size_t b = pos_;
    unsigned base = 10;
    if (allow_hex && rest().substr(0, 2) == "0x") {
      base = 16;
      pos_ += 2;
    }
    uint64_t v = 0;
    std::size_t digits = 0;
    for (; !at_end(); ++pos_, ++digits) {
      const char c = s_[pos_];
      unsigned d;
      if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
      else if (base == 16 && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
      else if (base == 16 && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
      else break;
      if (d > max || v > (max - d) / base) fail_at(b, fmt::format("{} is too large (at most {})", what, max));
      v = v * base + d;
    }
    if (digits == 0) {
      pos_ = b;
      expected(what);
    }
    return v;
  }
  void skip(std::size_t n) { pos_ = std::min(pos_ + n, s_.size()); }
  // Up to (not including) the first of `stops`.
  std::string_view until(std::string_view stops) {
    const std::size_t b = pos_;
    while (!at_end() && stops.find(s_[pos_]) == std::string_view::npos) ++pos_;
    return s_.substr(b, pos_ - b);
  }
  // Checks that nothing but spaces and comments is left.
  void end() {
    ws_comments();
    if (!at_end()) expected("end of line");
  }

 private:
  std::string_view s_;
  std::size_t line_;
  std::size_t pos_ = 0;
};

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

constexpr std::string_view kModes[] = {"shader_in", "shader_out", "uniform", "ubo", "system", "ssbo", "shared",
                                       "global", "push_const", "constant", "image", "shader_call_data",
                                       "ray_hit_attrib", "task_payload", "generic", "shader_temp",
                                       "function_temp"};
constexpr std::string_view kInterpModes[] = {"INTERP_MODE_NONE", "INTERP_MODE_SMOOTH", "INTERP_MODE_FLAT",
                                             "INTERP_MODE_NOPERSPECTIVE", "INTERP_MODE_EXPLICIT",
                                             "INTERP_MODE_COLOR"};
constexpr std::string_view kPreModeFlags[] = {"bindless", "centroid", "sample", "patch", "invariant",
                                              "per_view", "per_primitive", "ray_query"};
template <std::size_t N>
bool one_of(const std::string_view (&set)[N], std::string_view w) {
  return std::find(std::begin(set), std::end(set), w) != std::end(set);
}

int component_index(char c) {
  switch (c) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    case 'w': return 3;
    default: return c >= 'a' && c <= 'p' ? c - 'a' : -1;
  }
}

class Reader {
 public:
  Reader(std::string_view text, std::string_view file) : file_(file) {
    std::size_t b = 0;
    while (b <= text.size()) {
      std::size_t e = text.find('\n', b);
      if (e == std::string_view::npos) e = text.size();
      lines_.push_back(text.substr(b, e - b));
      if (e == text.size()) break;
      b = e + 1;
    }
  }

  Result<Shader> run() {
    try {
      parse();
    } catch (const ParseError& e) {
      return make_error(fmt::format("{}:{}:{}: {}", file_, e.line, e.col, e.message));
    }
    return check();
  }

 private:
  // ----- lines -----
  bool eof() const { return li_ >= lines_.size(); }
  std::size_t line_no() const { return li_ + 1; }
  Cursor cursor() const { return Cursor(eof() ? std::string_view() : lines_[li_], line_no()); }
  // Skips blank lines; true when a line is left.
  bool next_line() {
    while (!eof() && trim(lines_[li_]).empty()) ++li_;
    return !eof();
  }
  std::string_view current() const { return trim(lines_[li_]); }
  // Placed just after the last non-blank line.
  [[noreturn]] void fail_eof(std::string_view what) const {
    std::size_t last = lines_.size();
    while (last > 0 && trim(lines_[last - 1]).empty()) --last;
    std::size_t col = 1;
    if (last > 0) {
      const std::string_view l = lines_[last - 1];
      std::size_t e = l.size();
      while (e > 0 && (l[e - 1] == ' ' || l[e - 1] == '\t' || l[e - 1] == '\r')) --e;
      col = e + 1;
    }
    const std::size_t line = last == 0 ? 1 : last;
    throw ParseError{line, col, fmt::format("expected {}, found the end of the text", what)};
  }
  // ----- the shader -----
  void parse() {
    if (!next_line()) fail_eof("'shader: MESA_SHADER_...'");
    {
      Cursor c = cursor();
      c.expect("shader:");
      c.ws();
      const std::size_t at = c.pos();
      const std::string_view st = c.token();
      auto stage = parse_stage(st);
      if (!stage)
        c.fail_at(at, fmt::format("expected a stage (MESA_SHADER_VERTEX, MESA_SHADER_TESS_CTRL, "
                                  "MESA_SHADER_TESS_EVAL, MESA_SHADER_GEOMETRY, MESA_SHADER_FRAGMENT, "
                                  "MESA_SHADER_COMPUTE or MESA_SHADER_KERNEL), found {}",
                                  shown(st)));
      s_.stage = *stage;
      c.end();
      ++li_;
    }
    s_.header.clear();
    while (next_line() && !starts_with(current(), "decl_var") && !starts_with(current(), "decl_function"))
      header_line();
    while (next_line() && starts_with(current(), "decl_var")) var_decl(false);
    if (eof()) fail_eof("'decl_function main (0 params)'");
    function();
  }

  void header_line() {
    const std::string_view l = current();
    Cursor c = cursor();
    c.ws();
    const auto colon = l.find(':');
    bool key_ok = colon != std::string_view::npos && colon > 0;
    for (std::size_t i = 0; key_ok && i < colon; ++i)
      key_ok = is_word_char(l[i]) || l[i] == ' ' || l[i] == '-';
    if (!key_ok)
      c.expected("a header line such as 'inputs: 1', a 'decl_var' or 'decl_function main (0 params)'");
    constexpr std::string_view kFloatControls = "float_controls_execution_mode:";
    if (starts_with(l, "name:")) {
      s_.name = std::string(trim(l.substr(5)));
    } else if (starts_with(l, kFloatControls)) {
      c.skip(kFloatControls.size());
      c.ws();
      s_.float_controls = static_cast<uint32_t>(c.number(0xffff, "float_controls_execution_mode's bits", true));
    } else {
      s_.header.emplace_back(l);
    }
    ++li_;
  }

  // decl_var [flags] MODE INTERP_MODE_... [qualifiers] TYPE NAME [(LOC[.xyzw], DRIVER_LOC, BINDING)[ compact]]
  void var_decl(bool in_impl) {
    Cursor c = cursor();
    c.expect("decl_var");
    Variable v;
    std::vector<std::string_view> quals;
    c.ws();
    std::size_t at = c.pos();
    std::string_view w = c.token();
    while (one_of(kPreModeFlags, w)) {
      quals.push_back(w);
      c.ws();
      at = c.pos();
      w = c.token();
    }
    if (starts_with(w, "INTERP_MODE_")) {
      v.mode = in_impl ? "function_temp" : "shader_temp";  // 22.3 prints no mode for temporaries
    } else if (one_of(kModes, w)) {
      v.mode = std::string(w);
      c.ws();
      at = c.pos();
      w = c.token();
    } else {
      c.fail_at(at, fmt::format("expected a variable mode (shader_in, shader_out, uniform, ubo, ssbo, image, "
                                "system, shared, ...) or INTERP_MODE_..., found {}",
                                shown(w)));
    }
    if (!one_of(kInterpModes, w))
      c.fail_at(at, fmt::format("expected an interpolation mode (INTERP_MODE_NONE, INTERP_MODE_SMOOTH, "
                                "INTERP_MODE_FLAT, INTERP_MODE_NOPERSPECTIVE, INTERP_MODE_EXPLICIT or "
                                "INTERP_MODE_COLOR), found {}",
                                shown(w)));
    quals.push_back(w);
    std::vector<std::pair<std::size_t, std::string_view>> rest;  // qualifiers, type, name
    for (;;) {
      c.ws();
      if (c.at_end() || c.peek() == '(' || c.peek() == '=') break;
      const std::size_t p = c.pos();
      rest.emplace_back(p, c.token());
    }
    if (rest.size() < 2) c.expected("the variable's type and name");
    for (std::size_t i = 0; i + 2 < rest.size(); ++i) quals.push_back(rest[i].second);
    v.type = std::string(rest[rest.size() - 2].second);
    v.name = std::string(rest.back().second);
    // The printer writes variable names inside comments (`/* v_dir */` after an access): a name that opens or
    // closes one would not read back.
    if (v.name.find("*/") != std::string::npos || v.name.find("/*") != std::string::npos)
      c.fail_at(rest.back().first, fmt::format("variable name {} contains a comment delimiter ('/*' or '*/')", shown(v.name)));
    for (std::string_view q : quals) {
      if (!v.qualifiers.empty()) v.qualifiers += ' ';
      v.qualifiers += q;
    }
    if (c.peek() == '(') location(c, v);
    c.ws();
    if (c.peek() == '=')
      c.fail("variable initializers ('= { ... }', '= &var') are not supported: expected end of line");
    c.end();
    if (auto [it, fresh] = var_index_.emplace(v.name, s_.variables.size()); !fresh)
      c.fail_at(rest.back().first, fmt::format("variable '{}' is declared twice (first on line {})", v.name,
                                               var_line_[it->second]));
    var_line_.push_back(line_no());
    s_.variables.push_back(std::move(v));
    ++li_;
  }

  // (LOC[.comps], DRIVER_LOCATION, BINDING)[ compact], or (SET, BINDING)
  void location(Cursor& c, Variable& v) {
    c.expect("(");
    c.ws();
    if (c.peek() >= '0' && c.peek() <= '9') {
      Cursor two = c;
      const uint64_t set = two.number(0xffffffff, "a location or descriptor set");
      if (two.accept(",")) {
        const uint64_t binding = two.number(0xffffffff, "a binding");
        if (two.accept(")")) {
          v.has_descriptor_set = true;
          v.descriptor_set = static_cast<int>(static_cast<uint32_t>(set));
          v.binding = static_cast<int>(static_cast<uint32_t>(binding));
          c = two;
          return;
        }
      }
    }
    const std::size_t at = c.pos();
    const std::string_view loc = c.until(",.) \t");
    auto l = text::parse_location(loc);
    if (!l)
      c.fail_at(at, fmt::format("expected a location (VARYING_SLOT_VAR0, FRAG_RESULT_DATA0, VERT_ATTRIB_GENERIC0, "
                                "a number or ~0), found {}",
                                shown(loc)));
    v.location = *l;
    if (c.peek() == '.') {
      const std::size_t dot = c.pos();
      c.skip(1);
      std::vector<int> comps;
      while (!c.at_end() && component_index(c.peek()) >= 0 && comps.size() <= kMaxComponents) {
        comps.push_back(component_index(c.peek()));
        c.skip(1);
      }
      if (comps.empty() || comps.size() > kMaxComponents) c.expected("components such as 'xyzw' after '.'");
      for (std::size_t i = 1; i < comps.size(); ++i)
        if (comps[i] != comps[0] + static_cast<int>(i))
          c.fail_at(dot + 1, "expected consecutive components after '.' (such as 'yzw')");
      const unsigned want = text::type_components(text::without_array(v.type));
      if (want >= 1 && want < 16 && comps.size() != want)
        c.fail_at(dot + 1, fmt::format("expected {} component{} after '.' for type {}", want,
                                       want == 1 ? "" : "s", v.type));
      if (static_cast<std::size_t>(comps[0]) + comps.size() > kMaxComponents)
        c.fail_at(dot + 1, "the components run past the sixteenth ('p')");
      v.location_frac = static_cast<uint8_t>(comps[0]);
    }
    c.expect(",");
    v.driver_location = static_cast<int>(static_cast<uint32_t>(c.number(0xffffffff, "a driver location")));
    c.expect(",");
    v.binding = static_cast<int>(static_cast<uint32_t>(c.number(0xffffffff, "a binding")));
    c.expect(")");
    c.ws();
    if (starts_with(c.rest(), "compact")) {
      c.expect("compact");
      v.compact = true;
    }
  }

  // decl_function NAME (0 params) / impl NAME { ... }
  void function() {
    {
      Cursor c = cursor();
      c.expect("decl_function");
      c.ws();
      const std::string_view nm = c.token();
      if (nm.empty()) c.expected("a function name");
      s_.function_name = std::string(nm);
      c.expect("(");
      c.ws();
      const std::size_t params_at = c.pos();
      const uint64_t params = c.number(1000000, "the number of parameters");
      if (params != 0)
        c.fail_at(params_at, fmt::format("function '{}' takes parameters; only a shader's entry point without "
                                         "parameters (0 params) is supported",
                                         nm));
      c.expect("params");
      c.expect(")");
      c.end();
      ++li_;
    }
    if (!next_line()) fail_eof(fmt::format("'impl {} {{'", s_.function_name));
    {
      Cursor c = cursor();
      if (starts_with(current(), "decl_function"))
        c.fail("a second function: only one function (the entry point, with its impl) is supported");
      c.expect("impl");
      c.ws();
      const std::size_t at = c.pos();
      const std::string_view nm = c.token();
      if (nm != s_.function_name)
        c.fail_at(at, fmt::format("expected 'impl {}', the function declared above, found {}", s_.function_name,
                                  shown(nm)));
      c.expect("{");
      c.end();
      impl_line_ = line_no();
      ++li_;
    }
    // Function temporaries, then the body.
    for (;;) {
      if (!next_line()) fail_eof("'block block_0:'");
      const std::string_view l = current();
      if (starts_with(l, "decl_var")) {
        var_decl(true);
        continue;
      }
      if (starts_with(l, "decl_reg"))
        cursor_at_text().fail("registers (decl_reg) are not supported: expected SSA form, as NIR is before "
                              "nir_convert_from_ssa");
      if (starts_with(l, "preamble"))
        cursor_at_text().fail("preambles are not supported: expected 'decl_var' or 'block block_0:'");
      break;
    }
    s_.body.clear();
    list(s_.body, 0, true);
    // After the impl's closing brace: nothing but blank lines.
    if (next_line()) {
      Cursor c = cursor_at_text();
      if (starts_with(current(), "decl_function"))
        c.fail("a second function: only one function (the entry point, with its impl) is supported");
      c.expected("the end of the text after the impl's closing '}'");
    }
  }

  // A cursor on the current line, past its indentation.
  Cursor cursor_at_text() const {
    Cursor c = cursor();
    c.ws();
    return c;
  }

  // ----- control flow -----
  enum class LineKind { Block, If, Else, Close, Loop, Other };
  LineKind kind() const {
    const std::string_view l = current();
    if (starts_with(l, "block ")) return LineKind::Block;
    if (starts_with(l, "if ")) return LineKind::If;
    if (starts_with(l, "loop")) return LineKind::Loop;
    if (starts_with(l, "}")) {
      std::string_view r = trim(l.substr(1));
      return starts_with(r, "else") ? LineKind::Else : LineKind::Close;
    }
    return LineKind::Other;
  }

  // "block block_N:" with N the next block number.
  void block_header() {
    Cursor c = cursor_at_text();
    c.expect("block");
    c.ws();
    c.expect("block_");
    const std::size_t at = c.pos();
    const uint64_t n = c.number(kMaxBlocks - 1, "a block number");
    if (n != blocks_)
      c.fail_at(at, fmt::format("expected block_{}: blocks are numbered in program order", blocks_));
    c.expect(":");
    c.end();
    ++li_;
  }

  // LIST := BLOCK ((IF | LOOP) BLOCK)*, ended by "} else {" or "}" (left for the caller). At the top level the end
  // block ("block block_N:" right before the impl's "}") ends it too.
  void list(CfList& out, int depth, bool top) {
    if (!next_line()) fail_eof("'block block_N:'");
    if (kind() != LineKind::Block) cursor_at_text().expected(fmt::format("'block block_{}:'", blocks_));
    for (;;) {
      // A block.
      block_header();
      CfNode node;
      node.block = std::make_unique<Block>();
      node.block->id = blocks_++;
      Block* b = node.block.get();
      out.push_back(std::move(node));
      block_body(*b);
      if (!next_line()) fail_eof(top ? "the impl's closing '}'" : "'} else {' or '}'");
      switch (kind()) {
        case LineKind::If:
          if_node(out, depth);
          break;
        case LineKind::Loop:
          loop_node(out, depth);
          break;
        case LineKind::Else:
          if (top) cursor_at_text().fail("'} else {' outside an if: expected an instruction, 'if' or '}'");
          return;
        case LineKind::Close:
          if (top) close_impl();
          return;
        case LineKind::Block:
          if (top && end_block_follows()) {
            block_header();  // the end block: numbered after the others, no instructions
            next_line();
            close_impl();
            return;
          }
          cursor_at_text().fail(top ? "a block after a block: NIR's control-flow lists alternate blocks and ifs or "
                                      "loops; expected 'if', 'loop', or the end block right before the impl's '}'"
                                    : "a block after a block: NIR's control-flow lists alternate blocks and ifs or "
                                      "loops; expected 'if', 'loop', '} else {' or '}'");
        case LineKind::Other:
          cursor_at_text().expected(jumped_ ? "the end of the block after the jump: a jump is the last instruction "
                                              "of its block ('if', 'loop', '} else {' or '}')"
                                            : "an instruction, 'if', 'loop', '} else {' or '}'");
      }
      // After an if or a loop: the next block.
      const char* what = out.back().loop ? "loop" : "if";
      if (!next_line()) fail_eof(fmt::format("'block block_{}:' after the {}", blocks_, what));
      if (kind() != LineKind::Block)
        cursor_at_text().expected(
            fmt::format("'block block_{}:' after the {} (a block follows every {})", blocks_, what, what));
    }
  }

  // True when the current line (a block header) is followed by the impl's "}".
  bool end_block_follows() const {
    std::size_t k = li_ + 1;
    while (k < lines_.size() && trim(lines_[k]).empty()) ++k;
    return k < lines_.size() && trim(lines_[k]) == "}";
  }

  void close_impl() {
    Cursor c = cursor_at_text();
    c.expect("}");
    c.end();
    ++li_;
  }

  // if ssa_N { LIST } else { LIST }
  void if_node(CfList& out, int depth) {
    Cursor c = cursor_at_text();
    const std::size_t if_col = c.pos();
    if (depth + 1 > kMaxDepth) c.fail(fmt::format("ifs and loops nested more than {} deep", kMaxDepth));
    c.expect("if");
    CfNode node;
    node.if_node = std::make_unique<IfNode>();
    IfNode& f = *node.if_node;
    f.condition = use(c, false);
    c.ws_comments();  // "/* flatten */" and the like
    c.expect("{");
    c.end();
    if_pos_.push_back({f.condition, {line_no(), if_col + 1}});
    ++li_;
    const std::size_t mark = scope_.size();
    list(f.then_list, depth + 1, false);
    leave(mark);
    {
      if (kind() != LineKind::Else) cursor_at_text().expected("'} else {'");
      Cursor e = cursor_at_text();
      e.expect("}");
      e.expect("else");
      e.expect("{");
      e.end();
      ++li_;
    }
    list(f.else_list, depth + 1, false);
    leave(mark);
    {
      Cursor e = cursor_at_text();
      e.expect("}");
      e.end();
      ++li_;
    }
    out.push_back(std::move(node));
  }

  // loop { LIST }. Values defined in the body stay visible after it (NIR needs no phi there: a value whose block
  // dominates the use may be read after the loop; verify() checks dominance).
  void loop_node(CfList& out, int depth) {
    Cursor c = cursor_at_text();
    if (depth + 1 > kMaxDepth) c.fail(fmt::format("ifs and loops nested more than {} deep", kMaxDepth));
    c.expect("loop");
    c.ws_comments();  // "/* unroll */"-style comments of later Mesas
    c.expect("{");
    c.end();
    ++li_;
    CfNode node;
    node.loop = std::make_unique<LoopNode>();
    ++loops_;
    list(node.loop->body, depth + 1, false);
    --loops_;
    if (kind() != LineKind::Close) cursor_at_text().fail("'} else {' in a loop: expected '}' closing the loop");
    Cursor e = cursor_at_text();
    e.expect("}");
    e.end();
    ++li_;
    out.push_back(std::move(node));
  }

  void leave(std::size_t mark) {
    while (scope_.size() > mark) {
      visible_.erase(scope_.back());
      scope_.pop_back();
    }
  }

  void block_body(Block& b) {
    jumped_ = false;
    while (next_line()) {
      const std::string_view l = current();
      if (starts_with(l, "/*")) {
        Cursor c = cursor_at_text();
        c.end();  // a comment line (preds, succs)
        ++li_;
        continue;
      }
      if (kind() != LineKind::Other) return;
      if (jumped_) return;  // list() says what may follow a jump
      instruction(b);
      jumped_ = b.instrs.back()->as<JumpInstr>() != nullptr;
      ++li_;
    }
  }

  // ----- SSA values -----
  // "ssa_N" as a source: defined above and visible here (for phis: defined anywhere, later too: a loop's back
  // edges; forward_ keeps those until the end of the text).
  DefId use(Cursor& c, bool phi) {
    c.ws();
    const std::size_t at = c.pos();
    const std::string_view r = c.rest();
    if (r.size() > 1 && r[0] == 'r' && r[1] >= '0' && r[1] <= '9')
      c.fail("registers are not supported: expected an SSA value 'ssa_N' (NIR before nir_convert_from_ssa)");
    if (!starts_with(r, "ssa_")) c.expected("an SSA value 'ssa_N'");
    c.skip(4);
    const auto n = static_cast<DefId>(c.number(kMaxSsa - 1, "an SSA number"));
    auto it = defs_.find(n);
    if (it == defs_.end() && phi) {
      forward_.emplace(n, std::pair{line_no(), at + 1});
      return n;
    }
    if (it == defs_.end())
      c.fail_at(at, fmt::format("ssa_{} is not defined before this use: expected a value defined above", n));
    if (!phi && !visible_.count(n))
      c.fail_at(at, fmt::format("ssa_{} (line {}) is not visible here: it is defined in an if branch, which does "
                                "not dominate this use (expected a phi after the if)",
                                n, it->second.line));
    return n;
  }

  // "vecN BITS [div|con] ssa_K"
  Def def(Cursor& c) {
    Def d;
    c.expect("vec");
    const std::size_t comps_at = c.pos();
    const uint64_t comps = c.number(kMaxComponents, "a component count (vec1 to vec16)");
    if (comps == 0) c.fail_at(comps_at, "expected a component count of 1 to 16 (vec1 to vec16)");
    c.ws();
    const std::size_t bits_at = c.pos();
    const uint64_t bits = c.number(64, "a bit size (1, 8, 16, 32 or 64)");
    if (bits != 1 && bits != 8 && bits != 16 && bits != 32 && bits != 64)
      c.fail_at(bits_at, fmt::format("expected a bit size of 1, 8, 16, 32 or 64, found {}", bits));
    c.ws();
    if (starts_with(c.rest(), "div ") || starts_with(c.rest(), "con ")) c.skip(4);  // divergence analysis marks
    c.ws();
    const std::size_t at = c.pos();
    if (!starts_with(c.rest(), "ssa_")) {
      if (c.peek() == 'r') c.fail("registers are not supported: expected an SSA definition 'ssa_N'");
      c.expected("an SSA definition 'ssa_N'");
    }
    c.skip(4);
    d.id = static_cast<DefId>(c.number(kMaxSsa - 1, "an SSA number"));
    if (auto it = defs_.find(d.id); it != defs_.end())
      c.fail_at(at, fmt::format("ssa_{} is defined twice (first on line {})", d.id, it->second.line));
    d.components = static_cast<uint8_t>(comps);
    d.bit_size = static_cast<uint8_t>(bits);
    return d;
  }

  void instruction(Block& b) {
    Cursor c = cursor_at_text();
    const std::size_t start = c.pos();
    const std::string_view r = c.rest();
    auto word_is = [&](std::string_view w) {
      return starts_with(r, w) && (r.size() == w.size() || !is_word_char(r[w.size()]));
    };
    Instr instr;
    if (word_is("intrinsic")) {
      instr = intrinsic(c, std::nullopt);
    } else if (starts_with(r, "vec")) {
      const Def d = def(c);
      c.expect("=");
      c.ws();
      const std::size_t op_at = c.pos();
      if (c.peek() == '(') {
        instr = tex(c, d);
      } else {
        const std::string_view w = c.word();
        if (w.empty()) c.expected("an instruction after '='");
        if (w == "load_const") instr = load_const(c, d);
        else if (w == "undefined") instr = Instr{UndefInstr{d}};
        else if (w == "intrinsic") instr = intrinsic(c, d, start);
        else if (w == "phi") instr = phi(c, d, op_at);
        else if (starts_with(w, "deref_")) instr = deref(c, d, w, op_at);
        else instr = alu(c, d, w, op_at);
      }
    } else if (r.size() > 1 && r[0] == 'r' && r[1] >= '0' && r[1] <= '9') {
      c.fail("registers are not supported: expected an SSA definition 'vecN BITS ssa_K = ...'");
    } else if (word_is("break") || word_is("continue")) {
      instr = jump(c);
    } else if (word_is("return") || word_is("halt") || word_is("goto")) {
      c.fail("jumps other than break and continue (return, halt, goto) are not supported: expected an instruction");
    } else if (word_is("call")) {
      c.fail("function calls are not supported: expected an instruction");
    } else if (word_is("decl_reg")) {
      c.fail("registers (decl_reg) are not supported: expected an instruction");
    } else {
      c.expected("an instruction ('vecN BITS ssa_K = ...' or 'intrinsic NAME (...) (...)')");
    }
    c.end();
    auto ip = std::make_unique<Instr>(std::move(instr));
    const DefId id = ip->dest().id;
    if (id != kNoDef) {
      defs_[id] = DefInfo{ip.get(), line_no(), start + 1};
      visible_.insert(id);
      scope_.push_back(id);
      max_def_ = std::max(max_def_, id);
      any_def_ = true;
      if (const ConstInstr* k = ip->as<ConstInstr>(); k && k->dest.components == 1)
        consts_[sign_extend(k->value[0], k->dest.bit_size)].push_back(id);
    }
    b.instrs.push_back(std::move(ip));
  }

  static int64_t sign_extend(uint64_t v, unsigned bits) {
    if (bits == 0 || bits >= 64) return static_cast<int64_t>(v);
    const uint64_t m = (uint64_t{1} << bits) - 1, u = v & m;
    return (u >> (bits - 1)) & 1 ? static_cast<int64_t>(u | ~m) : static_cast<int64_t>(u);
  }

  // OP[!][.nsw][.nuw] SRC, SRC...   SRC := ssa_N[.swizzle]
  Instr alu(Cursor& c, const Def& d, std::string_view w, std::size_t op_at) {
    // A rounding other than to nearest even is the opcode's suffix (fadd_rtz: AluInstr::rounding).
    Rounding rounding = Rounding::nearest_even;
    auto op = parse_alu_op(w);
    for (Rounding r : {Rounding::zero, Rounding::down, Rounding::up})
      if (!op && w.ends_with(suffix(r))) {
        op = parse_alu_op(w.substr(0, w.size() - suffix(r).size()));
        if (op && !takes_rounding(*op)) op.reset();
        rounding = r;
      }
    if (!op)
      c.fail_at(op_at, fmt::format("unknown ALU opcode '{}': expected an opcode of src/ir/alu_ops.inc, "
                                   "load_const, undefined, intrinsic, phi, deref_* or a texture instruction "
                                   "'(float32)tex ...'",
                                   w));
    const AluOpInfo& in = info(*op);
    AluInstr a;
    a.op = *op;
    a.dest = d;
    a.rounding = rounding;
    if (c.peek() == '!') {
      a.exact = true;
      c.skip(1);
    }
    while (c.peek() == '.') {
      c.skip(1);
      const std::size_t at = c.pos();
      const std::string_view flag = c.word();
      if (flag == "sat")
        c.fail_at(at, "the .sat destination modifier is not supported: expected an opcode without it (fsat)");
      if (flag != "nsw" && flag != "nuw") c.fail_at(at, fmt::format("expected .nsw or .nuw, found {}", shown(flag)));
    }
    for (unsigned k = 0; k < in.num_inputs; ++k) {
      if (k) c.expect(",");
      c.ws();
      if (c.peek() == '-' || starts_with(c.rest(), "abs("))
        c.fail("ALU source modifiers ('-ssa_N', 'abs(ssa_N)') are not supported: expected 'ssa_N'");
      AluSrc src;
      src.def = use(c, false);
      const unsigned fixed = k < in.input_size.size() ? in.input_size[k] : 0;
      const unsigned used = fixed ? fixed : d.components;
      if (c.peek() == '.') {
        c.skip(1);
        const std::size_t at = c.pos();
        unsigned n = 0;
        while (!c.at_end() && component_index(c.peek()) >= 0 && n <= kMaxComponents) {
          if (n < kMaxComponents) src.swizzle[n] = static_cast<uint8_t>(component_index(c.peek()));
          ++n;
          c.skip(1);
        }
        if (n != used)
          c.fail_at(at, fmt::format("expected a swizzle of {} component{} ({} source {} reads {})", used,
                                    used == 1 ? "" : "s", in.name, k, used));
      }
      a.src.push_back(src);
    }
    c.ws();
    if (c.peek() == ',')
      c.fail(fmt::format("{} takes {} source{}: expected end of line", in.name, in.num_inputs,
                         in.num_inputs == 1 ? "" : "s"));
    return Instr{std::move(a)};
  }

  // load_const (0x3f800000 = 1.000000), (0x1, 0x2) = (..., ...), (true); 22.3 before: (0x3f800000 /* 1.0 */)
  Instr load_const(Cursor& c, const Def& d) {
    ConstInstr k;
    k.dest = d;
    c.expect("(");
    const uint64_t max = d.bit_size >= 64 ? ~uint64_t{0} : (uint64_t{1} << d.bit_size) - 1;
    unsigned n = 0;
    for (;;) {
      c.ws_comments();
      const std::size_t at = c.pos();
      if (n == d.components)
        c.fail(fmt::format("more values than the {} component{} of vec{}", d.components,
                           d.components == 1 ? "" : "s", d.components));
      uint64_t v = 0;
      const bool is_true = c.accept("true");
      if (is_true || c.accept("false")) {
        if (d.bit_size != 1)
          c.fail_at(at, fmt::format("true and false are 1-bit constants: expected 0x... for {} bits", d.bit_size));
        v = is_true ? 1 : 0;
      } else {
        if (!starts_with(c.rest(), "0x")) c.expected("a constant in hexadecimal ('0x3f800000') or true/false");
        v = c.number(max, fmt::format("a {}-bit constant", d.bit_size), true);
      }
      k.value[n++] = v;
      c.ws_comments();
      if (!c.accept(",")) break;
    }
    if (n != d.components)
      c.expected(fmt::format("{} values for vec{}, found {}: ','", d.components, d.components, n));
    c.ws_comments();
    if (c.accept("=")) {  // the scalar's float value
      c.until(")");
      c.expect(")");
    } else {
      c.expect(")");
      c.ws();
      if (c.accept("=")) {  // the vector's float values
        c.expect("(");
        c.until(")");
        c.expect(")");
      }
    }
    return Instr{k};
  }

  // [dest =] intrinsic NAME (SRC, ...) (INDEX, ...)
  Instr intrinsic(Cursor& c, std::optional<Def> d, std::size_t start = 0) {
    if (!d) {
      start = c.pos();
      c.expect("intrinsic");
    }
    c.ws();
    const std::size_t name_at = c.pos();
    const std::string_view nm = c.word();
    auto op = parse_intrinsic(nm);
    if (!op)
      c.fail_at(name_at, fmt::format("unknown intrinsic {}: expected one of src/ir/intrinsics.inc (load_input, "
                                     "load_interpolated_input, store_output, load_deref, ...)",
                                     shown(nm)));
    const IntrinsicInfo& in = info(*op);
    if (d && in.dest_size < 0)
      c.fail_at(start, fmt::format("intrinsic {} has no destination: expected 'intrinsic {} (...) (...)' "
                                   "without 'vecN BITS ssa_K ='",
                                   nm, nm));
    if (!d && in.dest_size >= 0)
      c.fail_at(start, fmt::format("intrinsic {} defines a value: expected 'vecN BITS ssa_K = intrinsic {} ...'",
                                   nm, nm));
    IntrinsicInstr n;
    n.op = *op;
    if (d) n.dest = *d;
    c.expect("(");
    const std::size_t srcs_at = c.pos();
    c.ws();
    if (!c.accept(")")) {
      for (;;) {
        if (n.src.size() == in.num_srcs)
          c.fail(fmt::format("{} takes {} source{}: expected ')'", nm, in.num_srcs, in.num_srcs == 1 ? "" : "s"));
        n.src.push_back(use(c, false));
        if (c.accept(",")) continue;
        c.expect(")");
        break;
      }
    }
    if (n.src.size() != in.num_srcs)
      c.fail_at(srcs_at, fmt::format("{} takes {} source{}, not {}", nm, in.num_srcs, in.num_srcs == 1 ? "" : "s",
                                     n.src.size()));
    c.expect("(");
    indices(c, n.indices);
    return Instr{std::move(n)};
  }

  // The indices up to the matching ')': "name=value" items (value as printed, raw comments included) or
  // "xfb(...)"; commas inside parentheses and comments belong to the value.
  void indices(Cursor& c, std::vector<std::pair<std::string, std::string>>& out) {
    const std::string_view r = c.rest();
    const std::size_t base = c.pos();
    std::size_t depth = 0, item = 0;
    auto finish = [&](std::size_t end, bool last) {
      const std::string_view raw = r.substr(item, end - item);
      const std::string_view t = trim(raw);
      const std::size_t col = base + item + static_cast<std::size_t>(t.data() - raw.data());
      if (t.empty()) {
        if (last && out.empty()) return;  // "()"
        c.fail_at(col, "expected an index 'name=value'");
      }
      if (out.size() == kMaxIndices) c.fail_at(col, fmt::format("more than {} indices", kMaxIndices));
      const std::size_t eq = t.find('='), par = t.find('(');
      std::string_view key, value;
      if (par != std::string_view::npos && (eq == std::string_view::npos || par < eq)) {
        key = trim(t.substr(0, par));
        value = t.substr(par);
      } else if (eq != std::string_view::npos) {
        key = trim(t.substr(0, eq));
        value = trim(t.substr(eq + 1));
      }
      const bool key_ok = !key.empty() && std::all_of(key.begin(), key.end(), [](char ch) {
        return is_word_char(ch) || ch == ' ';
      });
      if (!key_ok) c.fail_at(col, fmt::format("expected an index 'name=value', found {}", shown(t)));
      out.emplace_back(std::string(key), std::string(value));
    };
    for (std::size_t i = 0; i < r.size();) {
      if (r.substr(i, 2) == "/*") {
        const std::size_t e = r.find("*/", i + 2);
        if (e == std::string_view::npos) c.fail_at(base + i, "unterminated comment: expected '*/' on this line");
        i = e + 2;
        continue;
      }
      const char ch = r[i];
      if (ch == '(') {
        ++depth;
      } else if (ch == ')') {
        if (depth == 0) {
          finish(i, true);
          c.skip(i + 1);
          return;
        }
        --depth;
      } else if (ch == ',' && depth == 0) {
        finish(i, false);
        item = i + 1;
      }
      ++i;
    }
    c.skip(r.size());
    c.expected("')' closing the intrinsic's indices");
  }

  // "break" / "continue" (nir_jump_instr): only inside a loop.
  Instr jump(Cursor& c) {
    const std::size_t at = c.pos();
    const std::string_view w = c.word();
    if (loops_ == 0) c.fail_at(at, fmt::format("'{}' outside a loop: expected an instruction", w));
    return Instr{JumpInstr{w == "break" ? JumpKind::Break : JumpKind::Continue, Def{}}};
  }

  // phi block_A: ssa_X, block_B: ssa_Y, ... : one source per predecessor (verify() checks which). A phi at the
  // start of a loop reads values of the loop's later blocks (the back edges): those may come after it.
  Instr phi(Cursor& c, const Def& d, std::size_t op_at) {
    PhiInstr p;
    p.dest = d;
    for (;;) {
      c.ws();
      if (c.at_end() && p.src.empty()) c.fail_at(op_at, "a phi without sources: expected 'phi block_A: ssa_X, ...'");
      c.expect("block_");
      const auto blk = static_cast<uint32_t>(c.number(kMaxBlocks - 1, "a block number"));
      c.expect(":");
      p.src.push_back(PhiSrc{blk, use(c, true)});
      if (!c.accept(",")) break;
    }
    return Instr{std::move(p)};
  }

  const DerefInstr* deref_def(DefId id) const {
    auto it = defs_.find(id);
    return it == defs_.end() ? nullptr : it->second.instr->as<DerefInstr>();
  }

  DefId parent_deref(Cursor& c) {
    c.ws();
    const std::size_t at = c.pos();
    const DefId p = use(c, false);
    if (!deref_def(p)) c.fail_at(at, fmt::format("ssa_{} is not a deref: expected the parent deref", p));
    return p;
  }

  // deref_var &NAME (MODE TYPE) / deref_array &(*ssa_P)[I] (MODE TYPE) /* ... */ / deref_struct &ssa_P->N (...)
  Instr deref(Cursor& c, const Def& d, std::string_view w, std::size_t op_at) {
    DerefInstr r;
    r.dest = d;
    if (w == "deref_var") {
      r.kind = DerefKind::Var;
      c.expect("&");
      const std::size_t at = c.pos();
      const std::string_view nm = c.token();
      auto it = var_index_.find(std::string(nm));
      if (it == var_index_.end())
        c.fail_at(at, fmt::format("no variable named {}: expected a variable declared with decl_var", shown(nm)));
      r.var = static_cast<uint32_t>(it->second);
    } else if (w == "deref_array") {
      r.kind = DerefKind::Array;
      c.expect("&");
      c.expect("(");
      c.expect("*");
      r.parent = parent_deref(c);
      c.expect(")");
      c.expect("[");
      c.ws();
      const std::size_t at = c.pos();
      if (c.peek() == '*') c.fail("array wildcards ([*]) are not supported: expected an index");
      if (starts_with(c.rest(), "ssa_")) {
        r.index = use(c, false);
      } else {
        const bool neg = c.accept("-");
        const uint64_t mag = c.number(neg ? (uint64_t{1} << 63) : (uint64_t{1} << 63) - 1, "an array index");
        const int64_t v = neg ? static_cast<int64_t>(0 - mag) : static_cast<int64_t>(mag);
        r.index = constant(v, d.bit_size);
        if (r.index == kNoDef)
          c.fail_at(at, fmt::format("array index {}: no scalar load_const of that value is visible here (Mesa "
                                    "prints a constant index by its value; its load_const must come above)",
                                    v));
      }
      c.expect("]");
    } else if (w == "deref_struct") {
      r.kind = DerefKind::Struct;
      c.expect("&");
      r.parent = parent_deref(c);
      if (!c.accept("->")) c.expect(".");
      c.ws();
      const std::size_t at = c.pos();
      if (!(c.peek() >= '0' && c.peek() <= '9'))
        c.fail_at(at, fmt::format("struct field {}: tmu keeps struct fields by index, not by name; expected "
                                  "'->N'",
                                  shown(c.word())));
      r.field = static_cast<uint32_t>(c.number(0xffffffff, "a field index"));
    } else if (w == "deref_cast" || w == "deref_ptr_as_array") {
      c.fail_at(op_at, fmt::format("{} is not supported: expected deref_var, deref_array or deref_struct", w));
    } else {
      c.fail_at(op_at, fmt::format("unknown deref {}: expected deref_var, deref_array or deref_struct", shown(w)));
    }
    c.ws();
    if (c.peek() != '(') c.expected("the deref's '(mode type)'");
    c.skip(1);
    const std::string_view inner = trim(c.until(")"));
    if (inner.empty()) c.expected("the deref's mode and type");
    c.expect(")");
    r.mode_and_type = fmt::format("({})", inner);
    return Instr{std::move(r)};
  }

  // The latest visible scalar load_const of value v, of the given bit size if there is one.
  DefId constant(int64_t v, unsigned bits) const {
    auto it = consts_.find(v);
    if (it == consts_.end()) return kNoDef;
    DefId any = kNoDef;
    for (auto k = it->second.rbegin(); k != it->second.rend(); ++k) {
      if (!visible_.count(*k)) continue;
      if (defs_.at(*k).instr->dest().bit_size == bits) return *k;
      if (any == kNoDef) any = *k;
    }
    return any;
  }

  // (TYPE)OP SRC (TYPE), ..., N (gather_component), { (x, y), ... } (offsets), N (texture), N (sampler),
  // texture non-uniform, sampler non-uniform, sparse, and tmu's: DIM (dim), N (coord_components), array, shadow,
  // new_style_shadow, lowered_cube, implicit_lod, skip_helpers, offset non-uniform, 0xN (backend_flags).
  Instr tex(Cursor& c, const Def& d) {
    TexInstr t;
    t.dest = d;
    c.expect("(");
    const std::size_t type_at = c.pos();
    const std::string_view tw = trim(c.until(")"));
    auto type = parse_alu_type(tw);
    if (!type)
      c.fail_at(type_at, fmt::format("expected the destination type (float32, int32, uint32, float16, ...), "
                                     "found {}",
                                     shown(tw)));
    t.dest_type = *type;
    c.expect(")");
    c.ws();
    const std::size_t op_at = c.pos();
    const std::string_view ow = c.word();
    auto op = parse_tex_op(ow);
    if (!op)
      c.fail_at(op_at, fmt::format("unknown texture op {}: expected tex, txb, txl, txd, txf, txf_ms, txs, lod, "
                                   "tg4, query_levels, texture_samples, samples_identical, ...",
                                   shown(ow)));
    t.op = *op;
    if (t.op == TexOp::tex && c.accept("(pre-dispatchable)")) t.op = TexOp::tex_prefetch;

    bool dim_given = false, cc_given = false, texture_given = false, sampler_given = false;
    bool component_given = false, offsets_given = false;
    bool seen[kNumTexSrcTypes] = {};
    c.ws();
    bool items = true;
    if (c.peek() == ',') c.skip(1);  // Mesa prints "txs , 0 (texture)" when there are no sources
    else if (c.at_end()) items = false;
    while (items) {
      c.ws();
      const std::size_t at = c.pos();
      if (starts_with(c.rest(), "ssa_")) {
        const DefId def = use(c, false);
        c.expect("(");
        c.ws();
        const std::size_t type_pos = c.pos();
        const std::string_view sw = c.word();
        auto st = parse_tex_src_type(sw);
        if (!st)
          c.fail_at(type_pos, fmt::format("unknown texture source type {}: expected coord, projector, comparator, "
                                          "offset, bias, lod, min_lod, ms_index, ddx, ddy, texture_deref, "
                                          "sampler_deref, texture_offset, sampler_offset, texture_handle, ...",
                                          shown(sw)));
        c.expect(")");
        if (seen[static_cast<unsigned>(*st)])
          c.fail_at(at, fmt::format("a second {} source: each source type appears once", name(*st)));
        seen[static_cast<unsigned>(*st)] = true;
        t.src.push_back(TexSrc{*st, def});
      } else if (c.peek() == '{') {
        if (offsets_given) c.fail("the tg4 offsets are given twice");
        offsets_given = true;
        c.skip(1);
        for (unsigned i = 0; i < 4; ++i) {
          if (i) c.expect(",");
          c.expect("(");
          t.tg4_offsets[i][0] = small_int(c);
          c.expect(",");
          t.tg4_offsets[i][1] = small_int(c);
          c.expect(")");
        }
        c.expect("}");
        c.expect("(");
        c.expect("offsets");
        c.expect(")");
      } else {
        const std::string_view tok = c.until(" \t(,");
        if (tok.empty()) c.expected("a texture source 'ssa_N (type)', a field 'VALUE (name)' or a flag");
        c.ws();
        if (c.peek() == '(') {
          c.skip(1);
          c.ws();
          const std::size_t label_at = c.pos();
          const std::string_view label = c.word();
          c.expect(")");
          auto once = [&](bool& given) {
            if (given) c.fail_at(at, fmt::format("({}) is given twice", label));
            given = true;
          };
          if (label == "texture") {
            once(texture_given);
            t.texture_index = static_cast<uint32_t>(value(c, at, tok, 0xffffffff, "a texture index"));
          } else if (label == "sampler") {
            once(sampler_given);
            t.sampler_index = static_cast<uint32_t>(value(c, at, tok, 0xffffffff, "a sampler index"));
          } else if (label == "gather_component") {
            once(component_given);
            t.component = static_cast<uint8_t>(value(c, at, tok, 3, "a gathered component (0-3)"));
          } else if (label == "coord_components") {
            once(cc_given);
            t.coord_components = static_cast<uint8_t>(value(c, at, tok, 4, "a coordinate component count (0-4)"));
          } else if (label == "backend_flags") {
            if (t.backend_flags) c.fail_at(at, "(backend_flags) is given twice");
            t.backend_flags = static_cast<uint32_t>(value(c, at, tok, 0xffffffff, "backend flags", true));
          } else if (label == "dim") {
            once(dim_given);
            auto dim = parse_sampler_dim(tok);
            if (!dim)
              c.fail_at(at, fmt::format("expected a sampler dimension (1D, 2D, 3D, CUBE, RECT, BUF, EXTERNAL, MS, "
                                        "SUBPASS, SUBPASS_MS), found {}",
                                        shown(tok)));
            t.sampler_dim = *dim;
          } else {
            c.fail_at(label_at, fmt::format("unknown texture field ({}): expected (texture), (sampler), "
                                            "(gather_component), (offsets), (dim), (coord_components) or "
                                            "(backend_flags)",
                                            label));
          }
        } else if (tok == "texture" || tok == "sampler" || tok == "offset") {
          c.ws();
          const std::size_t nu_at = c.pos();
          if (c.until(" \t,") != "non-uniform") c.fail_at(nu_at, fmt::format("expected '{} non-uniform'", tok));
          (tok == "texture" ? t.texture_non_uniform : tok == "sampler" ? t.sampler_non_uniform
                                                                       : t.offset_non_uniform) = true;
        } else if (tok == "sparse") {
          t.is_sparse = true;
        } else {
          if (tok == "array") t.is_array = true;
          else if (tok == "shadow") t.is_shadow = true;
          else if (tok == "new_style_shadow") t.is_new_style_shadow = true;
          else if (tok == "lowered_cube") t.array_is_lowered_cube = true;
          else if (tok == "implicit_lod") t.is_gather_implicit_lod = true;
          else if (tok == "skip_helpers") t.skip_helpers = true;
          else
            c.fail_at(at, fmt::format("expected a texture source 'ssa_N (type)', a field 'VALUE (name)' or a flag "
                                      "(texture non-uniform, sampler non-uniform, sparse, array, shadow, "
                                      "new_style_shadow, lowered_cube, implicit_lod, skip_helpers, offset "
                                      "non-uniform), found {}",
                                      shown(tok)));
        }
      }
      c.ws();
      if (!c.accept(",")) break;
    }

    // What Mesa 22.3 does not print (read.h).
    if (!dim_given) infer_from_type(c, t, op_at);
    if (src_index(t, TexSrcType::comparator) >= 0 && !dim_given) t.is_shadow = true;
    if (!cc_given) {
      const int coord = src_index(t, TexSrcType::coord);
      t.coord_components = coord < 0 ? 0 : defs_.at(t.src[static_cast<unsigned>(coord)].def).instr->dest().components;
    }
    if (!dim_given && t.is_shadow && d.components == (t.is_sparse ? 2 : 1)) t.is_new_style_shadow = true;
    return Instr{std::move(t)};
  }

  // sampler_dim, is_array and is_shadow from the type of the variable the texture (else sampler) deref reaches.
  void infer_from_type(Cursor& c, TexInstr& t, std::size_t op_at) {
    int k = src_index(t, TexSrcType::texture_deref);
    if (k < 0) k = src_index(t, TexSrcType::sampler_deref);
    if (k < 0)
      c.fail_at(op_at, "the sampler dimension of this texture instruction cannot be known: it reaches its texture "
                       "by index or handle, not by a deref of a typed variable, and Mesa 22.3 does not print "
                       "sampler_dim; add tmu's field ', 2D (dim)' (with ', array' and ', shadow' as they apply) "
                       "at the end of the line");
    const DefId deref = t.src[static_cast<unsigned>(k)].def;
    const Variable* v = nullptr;
    DefId cur = deref;
    for (uint32_t guard = 0; guard < kMaxSsa && !v; ++guard) {
      const DerefInstr* r = deref_def(cur);
      if (!r) break;
      if (r->kind == DerefKind::Var) v = &s_.variables[r->var];
      else cur = r->parent;
    }
    const std::size_t at = def_use_col(c, t, k, op_at);
    if (!v)
      c.fail_at(at, fmt::format("ssa_{} is not a deref of a variable, so the sampler dimension cannot be known; "
                                "add ', 2D (dim)' (with ', array' and ', shadow' as they apply) at the end of the "
                                "line",
                                deref));
    auto info = glsl_sampler_type(text::without_array(v->type));
    if (!info)
      c.fail_at(at, fmt::format("variable '{}' has type '{}', which is not a sampler, texture or image type "
                                "with a dimension; add ', 2D (dim)' (with ', array' and ', shadow' as they apply) "
                                "at the end of the line",
                                v->name, v->type));
    t.sampler_dim = info->dim;
    t.is_array = t.is_array || info->is_array;
    t.is_shadow = t.is_shadow || info->is_shadow;
  }

  // The column of a source's "ssa_N" on the current line (for messages), else the op's.
  std::size_t def_use_col(const Cursor&, const TexInstr& t, int k, std::size_t fallback) const {
    const std::string needle = fmt::format("ssa_{} ({})", t.src[static_cast<unsigned>(k)].def,
                                           name(t.src[static_cast<unsigned>(k)].type));
    const auto p = lines_[li_].find(needle);
    return p == std::string_view::npos ? fallback : p;
  }

  // A labelled field's value: decimal, or hexadecimal with 0x where allowed.
  static uint64_t value(const Cursor& c, std::size_t at, std::string_view tok, uint64_t max, std::string_view what,
                        bool hex = false) {
    Cursor v(tok, 0);
    uint64_t n = 0;
    try {
      n = v.number(max, what, hex || starts_with(tok, "0x"));
    } catch (const ParseError& e) {
      c.fail_at(at + e.col - 1, e.message);
    }
    if (!v.at_end()) c.fail_at(at, fmt::format("expected {}, found {}", what, shown(tok)));
    return n;
  }

  static int8_t small_int(Cursor& c) {
    c.ws();
    const std::size_t at = c.pos();
    const bool neg = c.accept("-");
    const uint64_t mag = c.number(128, "an offset (-128 to 127)");
    if (!neg && mag > 127) c.fail_at(at, "expected an offset of -128 to 127");
    return static_cast<int8_t>(neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag));
  }

  // ----- after reading: verify(), its findings placed at the instructions they name -----
  Result<Shader> check() {
    for (const auto& [id, pos] : forward_)
      if (!defs_.count(id))
        return make_error(fmt::format("{}:{}:{}: ssa_{} is not defined anywhere: expected a value defined in the "
                                      "shader (a phi may read one defined after it, on a loop's back edge)",
                                      file_, pos.first, pos.second, id));
    if (any_def_) s_.reserve_defs(max_def_ + 1);
    const std::vector<std::string> problems = verify(s_);
    if (problems.empty()) return std::move(s_);
    std::string message;
    for (const std::string& p : problems) {
      std::size_t line = impl_line_, col = 1;
      auto number_after = [&](std::size_t from) -> std::optional<DefId> {
        uint64_t n = 0;
        std::size_t i = from;
        for (; i < p.size() && p[i] >= '0' && p[i] <= '9' && n < kMaxSsa; ++i) n = n * 10 + static_cast<unsigned>(p[i] - '0');
        if (i == from) return std::nullopt;
        return static_cast<DefId>(n);
      };
      constexpr std::string_view kIf = "if condition ssa_";
      if (starts_with(p, "ssa_")) {
        if (auto id = number_after(4); id && defs_.count(*id)) {
          line = defs_.at(*id).line;
          col = defs_.at(*id).col;
        }
      } else if (starts_with(p, kIf)) {
        if (auto id = number_after(kIf.size())) {
          for (const auto& [cond, pos] : if_pos_) {
            if (cond != *id) continue;
            line = pos.first;
            col = pos.second;
            break;
          }
        }
      }
      if (!message.empty()) message += '\n';
      message += fmt::format("{}:{}:{}: {}", file_, line, col, p);
    }
    return make_error(std::move(message));
  }

  struct DefInfo {
    Instr* instr = nullptr;
    std::size_t line = 0, col = 0;
  };

  std::string_view file_;
  std::vector<std::string_view> lines_;
  std::size_t li_ = 0;
  Shader s_;
  std::unordered_map<std::string, std::size_t> var_index_;
  std::vector<std::size_t> var_line_;
  std::size_t impl_line_ = 1;
  uint32_t blocks_ = 0;
  std::unordered_map<DefId, DefInfo> defs_;
  std::unordered_set<DefId> visible_;
  std::vector<DefId> scope_;                                  // visible_ in definition order, for leaving ifs
  std::unordered_map<int64_t, std::vector<DefId>> consts_;    // scalar load_consts by value
  DefId max_def_ = 0;
  bool any_def_ = false;
  std::vector<std::pair<DefId, std::pair<std::size_t, std::size_t>>> if_pos_;
  std::map<DefId, std::pair<std::size_t, std::size_t>> forward_;  // phi sources read before their definition
  int loops_ = 0;                                                 // loops around the current line
  bool jumped_ = false;                                           // the block read last ends in a jump
};

}  // namespace

Result<Shader> read(std::string_view text, std::string_view file_name) { return Reader(text, file_name).run(); }

}  // namespace tmu::ir
