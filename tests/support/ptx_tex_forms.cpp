// SPDX-License-Identifier: MIT
#include "ptx_tex_forms.h"

#include <fmt/format.h>

#include <array>
#include <fstream>
#include <sstream>

namespace tmu::test {
namespace {

struct Shape {
  const char* name;
  unsigned coords, grads, offsets;
  int index;  // the array index's element, -1: none
  bool ms;
};
// Seed 004's vector sizes (src/ptx/tex_syntax.cpp has the same table; this one is written from the seed again so
// that the test does not take the reader's word for it).
constexpr std::array<Shape, 9> kShapes{{
    {"1d", 1, 1, 1, -1, false},   {"2d", 2, 2, 2, -1, false},    {"3d", 4, 4, 4, -1, false},
    {"a1d", 2, 1, 1, 0, false},   {"a2d", 4, 2, 2, 0, false},    {"cube", 4, 4, 0, -1, false},
    {"acube", 4, 4, 0, 0, false}, {"2dms", 4, 0, 2, -1, true},   {"a2dms", 4, 0, 2, 1, true},
}};

const Shape& shape(const std::string& g) {
  for (const Shape& s : kShapes)
    if (g == s.name) return s;
  return kShapes[1];
}

std::string vec(const char* reg, unsigned first, unsigned n) {
  std::string v = "{";
  for (unsigned i = 0; i < n; ++i) v += fmt::format("{}%{}{}", i ? ", " : "", reg, first + i);
  return v + "}";
}

std::string kernel(const std::string& target, const std::string& decls, const std::string& statement) {
  return fmt::format(".version 7.8\n.target {}\n.address_size 64\n{}\n.visible .entry k()\n{{\n"
                     "  .reg .f32 %f<64>; .reg .b32 %r<64>; .reg .b64 %rd<4>; .reg .pred %p<4>; .reg .b16 %h<4>;\n  {}\n  ret;\n}}\n",
                     target, decls, statement);
}

std::string coords(const Shape& s, const std::string& ctype) {
  std::string c = "{";
  for (unsigned i = 0; i < s.coords; ++i) {
    const bool integer = static_cast<int>(i) == s.index || (s.ms && i == 0);
    c += fmt::format("{}%{}{}", i ? ", " : "", integer || ctype == "s32" ? "r" : "f", 10 + i);
  }
  return c + "}";
}

}  // namespace

std::vector<TexForm> appendix_a_forms(const std::string& data_dir) {
  std::vector<TexForm> out;
  std::ifstream f(data_dir + "/ptx/appendix_a_tex_forms.txt");
  for (std::string line; std::getline(f, line);) {
    if (line.empty() || line[0] == '#') continue;
    TexForm form;
    const size_t bar = line.find(" | ");
    form.verdict = line.substr(bar + 3);
    std::string spec = line.substr(0, bar);
    form.offset = spec.find(" +e") != std::string::npos;
    form.depth = spec.find(" +f") != std::string::npos;
    spec = spec.substr(0, spec.find(' '));
    std::vector<std::string> parts;
    std::stringstream ss(spec);
    for (std::string p; std::getline(ss, p, '.');) parts.push_back(p);
    const bool has_mip = parts.size() == 6;
    form.mip = has_mip ? parts[1] : "";
    form.geom = parts[has_mip ? 2 : 1];
    form.ctype = parts.back();
    out.push_back(form);
  }
  return out;
}

std::string tex_form_kernel(const TexForm& f, const std::string& dtype) {
  const Shape& s = shape(f.geom);
  const char* c = f.ctype == "f32" ? "f" : "r";
  std::string args = "[t, " + coords(s, f.ctype) + "]";
  if (f.mip == "level") args += fmt::format(", %{}20", c);
  if (f.mip == "grad") {
    const unsigned n = s.ms ? 2 : s.grads;
    args += ", " + vec("f", 21, n) + ", " + vec("f", 21, n);
  }
  if (f.offset) args += ", " + vec("r", 30, s.offsets ? s.offsets : 4);
  if (f.depth) args += ", %f40";
  const char* d = dtype == "f32" ? "f" : dtype == "f16" ? "h" : "r";
  return kernel("sm_50", ".global .texref t;",
                fmt::format("tex{}.{}.v4.{}.{} {}, {};", f.mip.empty() ? "" : "." + f.mip, f.geom, dtype, f.ctype, vec(d, 0, 4), args));
}

std::vector<NamedModule> texture_instruction_matrix() {
  std::vector<NamedModule> out;
  for (const Shape& s : kShapes) {
    const std::string ctype = s.ms ? "s32" : "f32";
    for (const char* dtype : {"u32", "s32", "f32", "f16"}) {
      TexForm f{"", s.name, ctype, false, false, ""};
      out.push_back({fmt::format("tex.{}.v4.{}.{}", s.name, dtype, ctype), tex_form_kernel(f, dtype)});
    }
  }
  for (const Shape& s : kShapes)
    for (const char* comp : {"r", "a"})
      for (const char* ctype : {"f32", "s32"})
        for (bool off : {false, true})
          for (bool dc : {false, true}) {
            std::string args = "[t, " + coords(s, ctype) + "]";
            if (off) args += ", " + vec("r", 30, 2);
            if (dc) args += ", %f40";
            out.push_back({fmt::format("tld4.{}.{}.v4.f32.{}{}{}", comp, s.name, ctype, off ? " +e" : "", dc ? " +f" : ""),
                           kernel("sm_50", ".global .texref t;", fmt::format("tld4.{}.{}.v4.f32.{} {}, {};", comp, s.name, ctype, vec("f", 0, 4), args))});
          }
  for (const char* q : {"width", "height", "depth", "channel_data_type", "channel_order", "normalized_coords",
                        "array_size", "num_mipmap_levels", "num_samples", "force_unnormalized_coords",
                        "filter_mode", "addr_mode_0", "addr_mode_1", "addr_mode_2"})
    for (bool level : {false, true})
      for (bool independent : {false, true})
        for (const char* operand : {"t", "s"}) {
          if (!independent && operand[0] == 's') continue;  // no samplerref in unified mode
          const std::string target = independent ? "sm_50, texmode_independent" : "sm_50";
          const std::string decls = independent ? ".global .texref t;\n.global .samplerref s;" : ".global .texref t;";
          const std::string st = level ? fmt::format("txq.level.{}.b32 %r0, [{}], %r1;", q, operand)
                                       : fmt::format("txq.{}.b32 %r0, [{}];", q, operand);
          out.push_back({fmt::format("{} ({})", st, independent ? "independent" : "unified"), kernel(target, decls, st)});
        }
  return out;
}

}  // namespace tmu::test
