// SPDX-License-Identifier: MIT
// The printer follows src/compiler/nir/nir_print.c of Mesa 22.3.6 (print_ssa_def, print_alu_src,
// print_const_from_load, print_var_decl, print_deref_instr, print_intrinsic_instr, print_tex_instr, print_block,
// print_if, print_loop, print_jump_instr, print_function_impl, nir_print_shader_annotated) and shader_enums.c for
// the location names. The preds/succs comments come from cfg.h (nir_block's edges).
#include "ir/print.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

#include "ir/cfg.h"
#include "ir/read.h"

namespace tmu::ir {
namespace text {
namespace {

// shader_enums.c: gl_vert_attrib_name, gl_varying_slot_name_for_stage, gl_frag_result_name (22.3).
constexpr std::array<std::string_view, 32> kVertAttribs{
    "VERT_ATTRIB_POS",       "VERT_ATTRIB_NORMAL",    "VERT_ATTRIB_COLOR0",    "VERT_ATTRIB_COLOR1",
    "VERT_ATTRIB_FOG",       "VERT_ATTRIB_COLOR_INDEX", "VERT_ATTRIB_TEX0",    "VERT_ATTRIB_TEX1",
    "VERT_ATTRIB_TEX2",      "VERT_ATTRIB_TEX3",      "VERT_ATTRIB_TEX4",      "VERT_ATTRIB_TEX5",
    "VERT_ATTRIB_TEX6",      "VERT_ATTRIB_TEX7",      "VERT_ATTRIB_POINT_SIZE", "VERT_ATTRIB_GENERIC0",
    "VERT_ATTRIB_GENERIC1",  "VERT_ATTRIB_GENERIC2",  "VERT_ATTRIB_GENERIC3",  "VERT_ATTRIB_GENERIC4",
    "VERT_ATTRIB_GENERIC5",  "VERT_ATTRIB_GENERIC6",  "VERT_ATTRIB_GENERIC7",  "VERT_ATTRIB_GENERIC8",
    "VERT_ATTRIB_GENERIC9",  "VERT_ATTRIB_GENERIC10", "VERT_ATTRIB_GENERIC11", "VERT_ATTRIB_GENERIC12",
    "VERT_ATTRIB_GENERIC13", "VERT_ATTRIB_GENERIC14", "VERT_ATTRIB_GENERIC15", "VERT_ATTRIB_EDGEFLAG"};

// Slots 0-31; VARYING_SLOT_VAR0..VAR31 are 32-63.
constexpr std::array<std::string_view, 32> kVaryingSlots{
    "VARYING_SLOT_POS",          "VARYING_SLOT_COL0",         "VARYING_SLOT_COL1",
    "VARYING_SLOT_FOGC",         "VARYING_SLOT_TEX0",         "VARYING_SLOT_TEX1",
    "VARYING_SLOT_TEX2",         "VARYING_SLOT_TEX3",         "VARYING_SLOT_TEX4",
    "VARYING_SLOT_TEX5",         "VARYING_SLOT_TEX6",         "VARYING_SLOT_TEX7",
    "VARYING_SLOT_PSIZ",         "VARYING_SLOT_BFC0",         "VARYING_SLOT_BFC1",
    "VARYING_SLOT_EDGE",         "VARYING_SLOT_CLIP_VERTEX",  "VARYING_SLOT_CLIP_DIST0",
    "VARYING_SLOT_CLIP_DIST1",   "VARYING_SLOT_CULL_DIST0",   "VARYING_SLOT_CULL_DIST1",
    "VARYING_SLOT_PRIMITIVE_ID", "VARYING_SLOT_LAYER",        "VARYING_SLOT_VIEWPORT",
    "VARYING_SLOT_FACE",         "VARYING_SLOT_PNTC",         "VARYING_SLOT_TESS_LEVEL_OUTER",
    "VARYING_SLOT_TESS_LEVEL_INNER", "VARYING_SLOT_BOUNDING_BOX0", "VARYING_SLOT_BOUNDING_BOX1",
    "VARYING_SLOT_VIEW_INDEX",   "VARYING_SLOT_VIEWPORT_MASK"};
constexpr int kVaryingVar0 = 32, kVaryingMax = 64, kVaryingFace = 24;

constexpr std::array<std::string_view, 12> kFragResults{
    "FRAG_RESULT_DEPTH", "FRAG_RESULT_STENCIL", "FRAG_RESULT_COLOR", "FRAG_RESULT_SAMPLE_MASK",
    "FRAG_RESULT_DATA0", "FRAG_RESULT_DATA1",   "FRAG_RESULT_DATA2", "FRAG_RESULT_DATA3",
    "FRAG_RESULT_DATA4", "FRAG_RESULT_DATA5",   "FRAG_RESULT_DATA6", "FRAG_RESULT_DATA7"};

std::string varying_name(Stage stage, int slot) {
  if (stage != Stage::Fragment && slot == kVaryingFace) return "VARYING_SLOT_PRIMITIVE_SHADING_RATE";
  if (slot >= 0 && slot < kVaryingVar0) return std::string(kVaryingSlots[static_cast<std::size_t>(slot)]);
  if (slot >= kVaryingVar0 && slot < kVaryingMax) return fmt::format("VARYING_SLOT_VAR{}", slot - kVaryingVar0);
  return {};
}

template <std::size_t N>
std::string table_name(const std::array<std::string_view, N>& t, int v) {
  return v >= 0 && static_cast<std::size_t>(v) < N ? std::string(t[static_cast<std::size_t>(v)]) : std::string();
}

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string location_name(Stage stage, std::string_view mode, int location) {
  std::string loc;
  const bool in = mode == "shader_in", out = mode == "shader_out";
  switch (stage) {
    case Stage::Vertex:
      if (in) loc = table_name(kVertAttribs, location);
      else if (out) loc = varying_name(stage, location);
      break;
    case Stage::Geometry:
      if (in || out) loc = varying_name(stage, location);
      break;
    case Stage::Fragment:
      if (in) loc = varying_name(stage, location);
      else if (out) loc = table_name(kFragResults, location);
      break;
    default:
      break;
  }
  if (!loc.empty()) return loc;
  if (location == -1) return "~0";
  return std::to_string(static_cast<unsigned>(location));
}

std::optional<int> parse_location(std::string_view s) {
  if (s == "~0") return -1;
  if (is_digits(s)) {
    int64_t v = 0;
    for (char c : s) {
      v = v * 10 + (c - '0');
      if (v > 0x7fffffff) return std::nullopt;
    }
    return static_cast<int>(v);
  }
  for (std::size_t i = 0; i < kVertAttribs.size(); ++i)
    if (kVertAttribs[i] == s) return static_cast<int>(i);
  for (std::size_t i = 0; i < kVaryingSlots.size(); ++i)
    if (kVaryingSlots[i] == s) return static_cast<int>(i);
  for (std::size_t i = 0; i < kFragResults.size(); ++i)
    if (kFragResults[i] == s) return static_cast<int>(i);
  constexpr std::string_view kVar = "VARYING_SLOT_VAR";
  if (s.substr(0, kVar.size()) == kVar && is_digits(s.substr(kVar.size())) && s.size() <= kVar.size() + 2) {
    int n = 0;
    for (char c : s.substr(kVar.size())) n = n * 10 + (c - '0');
    if (n < kVaryingMax - kVaryingVar0) return kVaryingVar0 + n;
    return std::nullopt;
  }
  // Names shader_enums.h gives to slots that also have another name.
  if (s == "VARYING_SLOT_PRIMITIVE_SHADING_RATE") return kVaryingFace;
  if (s == "VARYING_SLOT_PRIMITIVE_COUNT") return 26;
  if (s == "VARYING_SLOT_PRIMITIVE_INDICES") return 27;
  if (s == "VARYING_SLOT_TASK_COUNT" || s == "VARYING_SLOT_CULL_PRIMITIVE") return 28;
  return std::nullopt;
}

std::string_view without_array(std::string_view t) {
  while (!t.empty() && t.back() == ']') {
    const auto open = t.rfind('[');
    if (open == std::string_view::npos) break;
    t = t.substr(0, open);
  }
  return t;
}

unsigned type_components(std::string_view t) {
  if (!t.empty() && t.back() == ']') return 0;  // arrays: glsl_get_components is 0
  constexpr std::string_view kScalars[] = {"float", "int", "uint", "bool", "double", "float16_t", "int64_t",
                                           "uint64_t", "int16_t", "uint16_t", "int8_t", "uint8_t"};
  for (std::string_view s : kScalars)
    if (t == s) return 1;
  constexpr std::string_view kVectors[] = {"f16vec", "i64vec", "u64vec", "i16vec", "u16vec", "i8vec", "u8vec",
                                           "bvec",   "ivec",   "uvec",   "dvec",   "vec"};
  for (std::string_view v : kVectors) {
    if (t.substr(0, v.size()) != v) continue;
    const std::string_view n = t.substr(v.size());
    if (n == "2" || n == "3" || n == "4" || n == "5" || n == "8") return static_cast<unsigned>(n[0] - '0');
    if (n == "16") return 16;
    return 0;
  }
  constexpr std::string_view kMatrices[] = {"f16mat", "dmat", "mat"};
  for (std::string_view m : kMatrices) {
    if (t.substr(0, m.size()) != m) continue;
    const std::string_view n = t.substr(m.size());
    auto dim = [](char c) { return c >= '2' && c <= '4' ? static_cast<unsigned>(c - '0') : 0u; };
    if (n.size() == 1 && dim(n[0])) return dim(n[0]) * dim(n[0]);
    if (n.size() == 3 && n[1] == 'x' && dim(n[0]) && dim(n[2])) return dim(n[0]) * dim(n[2]);
    return 0;
  }
  if (glsl_sampler_type(t) || t == "sampler" || t == "samplerShadow") return 1;
  return 0;
}

}  // namespace text

namespace {

// _mesa_half_to_float, exactly (every half is a float).
float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h >> 15) << 31;
  const uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ffu;
  if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (man << 13));
  if (exp == 0) {
    const float v = std::ldexp(static_cast<float>(man), -24);
    return sign ? -v : v;
  }
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (man << 13));
}

// printf's "%f", as Mesa prints constants.
std::string printf_f(double v) {
  char buf[400];
  std::snprintf(buf, sizeof(buf), "%f", v);
  return buf;
}

bool is_pre_mode_flag(std::string_view w) {
  constexpr std::string_view kFlags[] = {"bindless", "centroid", "sample", "patch", "invariant", "per_view",
                                         "per_primitive", "ray_query"};
  return std::find(std::begin(kFlags), std::end(kFlags), w) != std::end(kFlags);
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// print_tex_instr's op names; 22.3 spells tex_prefetch so.
std::string_view tex_op_text(TexOp op) { return op == TexOp::tex_prefetch ? "tex (pre-dispatchable)" : name(op); }

class Printer {
 public:
  explicit Printer(Shader& s) : s_(s) {}

  std::string run() {
    s_.number_blocks();
    index_defs();
    cfg_ = build_cfg(s_);
    name_variables();
    header();
    for (std::size_t i = 0; i < s_.variables.size(); ++i)
      if (s_.variables[i].mode != "function_temp") var_decl(i);
    out_ += fmt::format("decl_function {} (0 params)\n", s_.function_name);
    out_ += fmt::format("\nimpl {} {{\n", s_.function_name);
    for (std::size_t i = 0; i < s_.variables.size(); ++i) {
      if (s_.variables[i].mode != "function_temp") continue;
      out_ += '\t';
      var_decl(i);
    }
    list(s_.body, 1);
    out_ += fmt::format("\tblock block_{}:\n}}\n\n", s_.blocks().size());
    return std::move(out_);
  }

 private:
  // nir_index_ssa_defs: dense numbers in program order.
  void index_defs() {
    uint32_t n = 0;
    s_.for_each_instr([&](Instr& i) {
      const DefId d = i.dest().id;
      if (d == kNoDef) return;
      if (num_.emplace(d, n).second) ++n;
      def_instr_.emplace(d, &i);
    });
  }

  // get_var_name: unnamed variables become "@N", a repeated name "name@N", N counting up.
  void name_variables() {
    std::unordered_set<std::string> seen;
    unsigned index = 0;
    names_.resize(s_.variables.size());
    auto give = [&](std::size_t i) {
      const std::string& nm = s_.variables[i].name;
      if (nm.empty()) names_[i] = fmt::format("@{}", index++);
      else if (!seen.insert(nm).second) names_[i] = fmt::format("{}@{}", nm, index++);
      else names_[i] = nm;
    };
    for (std::size_t i = 0; i < s_.variables.size(); ++i)
      if (s_.variables[i].mode != "function_temp") give(i);
    for (std::size_t i = 0; i < s_.variables.size(); ++i)
      if (s_.variables[i].mode == "function_temp") give(i);
  }

  // The lines nir_print_shader_annotated prints before the variables. Shader::header keeps those read; a shader
  // without any gets the ones of a new nir_shader (zero counts).
  void header() {
    out_ += fmt::format("shader: {}\n", name(s_.stage));
    std::vector<std::string> lines = s_.header;
    if (lines.empty()) {
      lines.push_back("source_sha1: {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}");
      if (s_.stage == Stage::Compute || s_.stage == Stage::Kernel) {
        lines.push_back("workgroup-size: 0, 0, 0");
        lines.push_back("shared-size: 0");
      }
      for (const char* l : {"inputs: 0", "outputs: 0", "uniforms: 0", "shared: 0", "ray queries: 0"})
        lines.push_back(l);
      if (s_.stage == Stage::Geometry) {
        for (const char* l : {"invocations: 0", "vertices in: 0", "vertices out: 0", "input primitive: POINTS",
                              "output primitive: POINTS", "active_stream_mask: 0x0", "uses_end_primitive: 0"})
          lines.push_back(l);
      }
    }
    // "name:" follows "source_sha1:" (or leads when there is none).
    const std::string name_line = s_.name.empty() ? std::string() : fmt::format("name: {}\n", s_.name);
    const bool has_sha = !lines.empty() && lines.front().rfind("source_sha1:", 0) == 0;
    if (!has_sha) out_ += name_line;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      out_ += lines[i];
      out_ += '\n';
      if (i == 0 && has_sha) out_ += name_line;
    }
    if (s_.float_controls) out_ += fmt::format("float_controls_execution_mode: {:#x}\n", s_.float_controls);
  }

  void var_decl(std::size_t index) {
    const Variable& v = s_.variables[index];
    std::string pre, post;
    bool has_interp = false;
    for (std::string_view w : words(v.qualifiers)) {
      if (is_pre_mode_flag(w)) {
        pre += w;
        pre += ' ';
      } else {
        if (w.substr(0, 12) == "INTERP_MODE_") has_interp = true;
        post += ' ';
        post += w;
      }
    }
    if (!has_interp) post.insert(0, " INTERP_MODE_NONE");
    const bool temp = v.mode == "shader_temp" || v.mode == "function_temp";
    out_ += fmt::format("decl_var {}{}{} {} {}", pre, temp ? "" : v.mode, post, v.type, names_[index]);
    if (v.has_descriptor_set) {
      out_ += fmt::format(" ({}, {})", v.descriptor_set, v.binding);
    } else if (v.mode == "shader_in" || v.mode == "shader_out" || v.mode == "uniform" || v.mode == "ubo" ||
               v.mode == "ssbo" || v.mode == "image") {
      std::string components;
      const unsigned n = text::type_components(text::without_array(v.type));
      if ((v.mode == "shader_in" || v.mode == "shader_out") && n != 0 && n < 16) {
        components = ".";
        for (unsigned i = 0; i < n; ++i) components += component_letter(n, i + v.location_frac);
      }
      out_ += fmt::format(" ({}{}, {}, {}){}", text::location_name(s_.stage, v.mode, v.location), components,
                          static_cast<unsigned>(v.driver_location), static_cast<unsigned>(v.binding),
                          v.compact ? " compact" : "");
    }
    out_ += '\n';
  }

  // comp_mask_string: "xyzw" for values of up to four components, "abcdefghijklmnop" above; a component past
  // "w" of a small value (invalid IR) prints from the long alphabet so that it reads back the same.
  static char component_letter(unsigned live, unsigned c) {
    if (live <= 4 && c < 4) return "xyzw"[c];
    return c < 16 ? "abcdefghijklmnop"[c] : '?';
  }

  std::string ssa(DefId d) const {
    auto it = num_.find(d);
    if (it == num_.end()) return d == kNoDef ? "ssa_none" : fmt::format("ssa_undefined_{}", d);
    return fmt::format("ssa_{}", it->second);
  }

  std::string def(const Def& d) const {
    return fmt::format("vec{} {:>2} {}", static_cast<unsigned>(d.components), static_cast<unsigned>(d.bit_size),
                       ssa(d.id));
  }

  unsigned components_of(DefId d) const {
    auto it = def_instr_.find(d);
    return it == def_instr_.end() ? 0u : it->second->dest().components;
  }

  void list(CfList& l, unsigned tabs) {
    for (CfNode& n : l) {
      if (n.block) block(*n.block, tabs);
      else if (n.if_node) if_node(*n.if_node, tabs);
      else loop(*n.loop, tabs);
    }
  }

  // print_if: "if ssa_N {" / "} else {" / "}".
  void if_node(IfNode& f, unsigned tabs) {
    line(tabs, fmt::format("if {} {{", ssa(f.condition)));
    list(f.then_list, tabs + 1);
    line(tabs, "} else {");
    list(f.else_list, tabs + 1);
    line(tabs, "}");
  }

  // print_loop: "loop {" / "}", the body one tab deeper.
  void loop(LoopNode& l, unsigned tabs) {
    line(tabs, "loop {");
    list(l.body, tabs + 1);
    line(tabs, "}");
  }

  void line(unsigned tabs, std::string_view text) {
    out_.append(tabs, '\t');
    out_ += text;
    out_ += '\n';
  }

  void block(Block& b, unsigned tabs) {
    const std::vector<uint32_t>& preds = cfg_.preds[b.id];
    const std::vector<uint32_t>& succs = cfg_.succs[b.id];
    out_.append(tabs, '\t');
    out_ += fmt::format("block block_{}:\n", b.id);
    out_.append(tabs, '\t');
    out_ += "/* preds: ";
    for (uint32_t p : preds) out_ += fmt::format("block_{} ", p);
    out_ += "*/\n";
    for (InstrPtr& ip : b.instrs) {
      out_.append(tabs, '\t');
      instr(*ip);
      out_ += '\n';
    }
    out_.append(tabs, '\t');
    out_ += "/* succs: ";
    for (uint32_t p : succs) out_ += fmt::format("block_{} ", p);
    out_ += "*/\n";
  }

  void instr(Instr& i) {
    std::visit([&](auto& x) { print_instr(x); }, i.v);
  }

  void print_instr(const AluInstr& a) {
    const AluOpInfo& in = info(a.op);
    out_ += fmt::format("{} = {}{}{} ", def(a.dest), in.name, suffix(a.rounding), a.exact ? "!" : "");
    for (std::size_t k = 0; k < a.src.size(); ++k) {
      if (k) out_ += ", ";
      const AluSrc& src = a.src[k];
      out_ += ssa(src.def);
      const unsigned used = std::min<unsigned>(
          k < in.input_size.size() && in.input_size[k] ? in.input_size[k] : a.dest.components, kMaxComponents);
      unsigned live = components_of(src.def);
      if (live == 0) live = used;
      bool swizzle = used != live;
      for (unsigned c = 0; c < used; ++c)
        if (src.swizzle[c] != c) swizzle = true;
      if (!swizzle) continue;
      out_ += '.';
      for (unsigned c = 0; c < used; ++c) out_ += component_letter(live, src.swizzle[c]);
    }
  }

  void print_instr(const ConstInstr& c) {
    out_ += def(c.dest);
    out_ += " = load_const (";
    const unsigned n = std::min<unsigned>(c.dest.components, kMaxComponents);
    const unsigned bits = c.dest.bit_size;
    for (unsigned i = 0; i < n; ++i) {
      if (i) out_ += ", ";
      const uint64_t v = c.value[i];
      switch (bits) {
        case 64: out_ += fmt::format("0x{:016x}", v); break;
        case 32: out_ += fmt::format("0x{:08x}", static_cast<uint32_t>(v)); break;
        case 16: out_ += fmt::format("0x{:04x}", static_cast<uint16_t>(v)); break;
        case 8: out_ += fmt::format("0x{:02x}", static_cast<uint8_t>(v)); break;
        case 1: out_ += (v & 1) ? "true" : "false"; break;
        default: out_ += fmt::format("0x{:x}", v); break;
      }
    }
    if (bits == 16 || bits == 32 || bits == 64) {
      out_ += n > 1 ? ") = (" : " = ";
      for (unsigned i = 0; i < n; ++i) {
        if (i) out_ += ", ";
        const uint64_t v = c.value[i];
        const double f = bits == 64   ? std::bit_cast<double>(v)
                         : bits == 32 ? static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(v)))
                                      : static_cast<double>(half_to_float(static_cast<uint16_t>(v)));
        out_ += printf_f(f);
      }
    }
    out_ += ')';
  }

  void print_instr(const UndefInstr& u) {
    out_ += def(u.dest);
    out_ += " = undefined";
  }

  void print_instr(const IntrinsicInstr& n) {
    const IntrinsicInfo& in = info(n.op);
    if (in.dest_size >= 0) out_ += fmt::format("{} = ", def(n.dest));
    out_ += fmt::format("intrinsic {} (", in.name);
    for (std::size_t k = 0; k < n.src.size(); ++k) {
      if (k) out_ += ", ";
      out_ += ssa(n.src[k]);
    }
    out_ += ") (";
    for (std::size_t k = 0; k < n.indices.size(); ++k) {
      if (k) out_ += ", ";
      const auto& [key, value] = n.indices[k];
      out_ += key;
      // IO_XFB and IO_XFB2 print as "xfb(...)", every other index as "name=value".
      if (!((key == "xfb" || key == "xfb2") && !value.empty() && value.front() == '(')) out_ += '=';
      out_ += value;
    }
    out_ += ')';
    variable_comment(n);
  }

  // The "\t/* name */" print_intrinsic_instr adds after I/O intrinsics: the first variable of the mode whose
  // driver_location is the base (and whose components hold the intrinsic's first component).
  void variable_comment(const IntrinsicInstr& n) {
    std::string_view mode;
    switch (n.op) {
      case Intrinsic::load_uniform: mode = "uniform"; break;
      case Intrinsic::load_input: case Intrinsic::load_interpolated_input: mode = "shader_in"; break;
      case Intrinsic::store_output: mode = "shader_out"; break;
      default: return;
    }
    const auto base = n.index("base");
    const auto component = n.index("component");
    if (!base) return;
    for (const Variable& v : s_.variables) {
      if (v.mode != mode || v.driver_location != *base || v.name.empty()) continue;
      if (n.op != Intrinsic::load_uniform) {
        const int64_t first = v.location_frac;
        const int64_t end = first + text::type_components(v.type);
        if (!component || *component < first || *component >= end) continue;
      }
      out_ += fmt::format("\t/* {} */", v.name);
      return;
    }
  }

  // The deref's "(mode type)": as read, else made from the variable (or the parent's element type).
  std::string deref_annotation(const DerefInstr& d) const {
    if (!d.mode_and_type.empty())
      return d.mode_and_type.front() == '(' ? d.mode_and_type : fmt::format("({})", d.mode_and_type);
    const Variable* v = deref_variable(d);
    if (!v) return "(unknown)";
    std::string_view type = v->type;
    if (d.kind == DerefKind::Array) {
      const auto open = type.rfind('[');
      if (open != std::string_view::npos) type = type.substr(0, open);
    }
    return fmt::format("({} {})", v->mode, type);
  }

  const Variable* deref_variable(const DerefInstr& d) const {
    const DerefInstr* cur = &d;
    for (int depth = 0; depth < 64 && cur; ++depth) {
      if (cur->kind == DerefKind::Var) return cur->var < s_.variables.size() ? &s_.variables[cur->var] : nullptr;
      auto it = def_instr_.find(cur->parent);
      cur = it == def_instr_.end() ? nullptr : it->second->as<DerefInstr>();
    }
    return nullptr;
  }

  const DerefInstr* parent_deref(const DerefInstr& d) const {
    auto it = def_instr_.find(d.parent);
    return it == def_instr_.end() ? nullptr : it->second->as<DerefInstr>();
  }

  // The array index as print_deref_link prints it: a constant's value, else the SSA value.
  std::string array_index(const DerefInstr& d) const {
    auto it = def_instr_.find(d.index);
    if (it != def_instr_.end()) {
      if (const ConstInstr* c = it->second->as<ConstInstr>(); c && c->dest.components == 1) {
        const unsigned bits = c->dest.bit_size;
        int64_t v = static_cast<int64_t>(c->value[0]);
        if (bits > 0 && bits < 64) {
          const uint64_t m = (uint64_t{1} << bits) - 1, u = c->value[0] & m;
          v = (u >> (bits - 1)) & 1 ? static_cast<int64_t>(u | ~m) : static_cast<int64_t>(u);
        }
        return fmt::format("[{}]", v);
      }
    }
    return fmt::format("[{}]", ssa(d.index));
  }

  // print_deref_link: the path from the parent's SSA value, or (whole_chain) from the variable.
  std::string deref_link(const DerefInstr& d, bool whole_chain, int depth = 0) const {
    if (d.kind == DerefKind::Var) {
      return d.var < names_.size() ? names_[d.var] : fmt::format("@variable{}", d.var);
    }
    if (d.kind == DerefKind::Cast) return fmt::format("({} *){}", cast_type(d), ssa(d.parent));
    const DerefInstr* parent = parent_deref(d);
    const bool parent_cast = parent && parent->kind == DerefKind::Cast;
    const bool is_parent_cast = whole_chain && parent_cast;
    const bool is_parent_pointer = !whole_chain || parent_cast;
    const bool need_deref = is_parent_pointer && d.kind != DerefKind::Struct;
    std::string s;
    if (is_parent_cast || need_deref) s += '(';
    if (need_deref) s += '*';
    if (whole_chain && parent && depth < 64) s += deref_link(*parent, true, depth + 1);
    else s += ssa(d.parent);
    if (is_parent_cast || need_deref) s += ')';
    if (d.kind == DerefKind::Struct) s += fmt::format("{}{}", is_parent_pointer ? "->" : ".", d.field);
    else s += array_index(d);
    return s;
  }

  std::string cast_type(const DerefInstr& d) const {
    std::string a = deref_annotation(d);  // "(mode type)"
    const auto space = a.rfind(' ');
    return space == std::string::npos ? "void" : a.substr(space + 1, a.size() - space - 2);
  }

  void print_instr(const DerefInstr& d) {
    static constexpr std::string_view kOps[] = {"deref_var", "deref_array", "deref_struct", "deref_cast"};
    out_ += fmt::format("{} = {} ", def(d.dest), kOps[static_cast<unsigned>(d.kind)]);
    if (d.kind != DerefKind::Cast) out_ += '&';
    out_ += deref_link(d, false);
    out_ += ' ';
    out_ += deref_annotation(d);
    out_ += ' ';
    if (d.kind == DerefKind::Array || d.kind == DerefKind::Struct)
      out_ += fmt::format("/* &{} */", deref_link(d, true));
    if (d.kind == DerefKind::Cast) out_ += " /* ptr_stride=0, align_mul=0, align_offset=0 */";
  }

  void print_instr(const TexInstr& t) {
    out_ += fmt::format("{} = ({}){} ", def(t.dest), name(t.dest_type), tex_op_text(t.op));
    bool has_texture_deref = false, has_sampler_deref = false;
    for (std::size_t k = 0; k < t.src.size(); ++k) {
      if (k) out_ += ", ";
      out_ += fmt::format("{} ({})", ssa(t.src[k].def), name(t.src[k].type));
      has_texture_deref |= t.src[k].type == TexSrcType::texture_deref;
      has_sampler_deref |= t.src[k].type == TexSrcType::sampler_deref;
    }
    if (t.op == TexOp::tg4 || t.component != 0) out_ += fmt::format(", {} (gather_component)", t.component);
    // Mesa prints explicit gather offsets (not its default); tmu also where a non-tg4 holds others.
    if (t.tg4_offsets != kDefaultTg4Offsets) {
      out_ += fmt::format(", {{ ({}, {})", t.tg4_offsets[0][0], t.tg4_offsets[0][1]);
      for (unsigned i = 1; i < 4; ++i) out_ += fmt::format(", ({}, {})", t.tg4_offsets[i][0], t.tg4_offsets[i][1]);
      out_ += " } (offsets)";
    }
    const bool fb = t.op == TexOp::txf_ms_fb;
    if ((!fb && !has_texture_deref) || t.texture_index != 0) out_ += fmt::format(", {} (texture)", t.texture_index);
    if ((!fb && !has_sampler_deref) || t.sampler_index != 0) out_ += fmt::format(", {} (sampler)", t.sampler_index);
    if (t.texture_non_uniform) out_ += ", texture non-uniform";
    if (t.sampler_non_uniform) out_ += ", sampler non-uniform";
    if (t.is_sparse) out_ += ", sparse";
    // tmu's fields (print.h).
    out_ += fmt::format(", {} (dim), {} (coord_components)", name(t.sampler_dim), t.coord_components);
    if (t.is_array) out_ += ", array";
    if (t.is_shadow) out_ += ", shadow";
    if (t.is_new_style_shadow) out_ += ", new_style_shadow";
    if (t.array_is_lowered_cube) out_ += ", lowered_cube";
    if (t.is_gather_implicit_lod) out_ += ", implicit_lod";
    if (t.skip_helpers) out_ += ", skip_helpers";
    if (t.offset_non_uniform) out_ += ", offset non-uniform";
    if (t.backend_flags) out_ += fmt::format(", 0x{:x} (backend_flags)", t.backend_flags);
  }

  void print_instr(const JumpInstr& j) { out_ += name(j.kind); }

  void print_instr(const PhiInstr& p) {
    out_ += fmt::format("{} = phi ", def(p.dest));
    for (std::size_t k = 0; k < p.src.size(); ++k) {
      if (k) out_ += ", ";
      out_ += fmt::format("block_{}: {}", p.src[k].pred_block, ssa(p.src[k].def));
    }
  }

  Shader& s_;
  std::string out_;
  std::unordered_map<DefId, uint32_t> num_;
  std::unordered_map<DefId, const Instr*> def_instr_;
  Cfg cfg_;
  std::vector<std::string> names_;
};

}  // namespace

std::string print(Shader& s) { return Printer(s).run(); }

}  // namespace tmu::ir
