// SPDX-License-Identifier: MIT
// The PTX compiler (tmu::ptx::compile_to_cubin, src/ptx/compile.h) judged against NVIDIA's ptxas 11.8 by execution.
//
// A corpus of runnable PTX texture kernels covering seed 004's matrix: every `tex` form ptxas accepts
// (lowering-facts.md Appendix A: 9 geometries x ctype f32/s32 x mip none/base/level/grad x offset x depth compare,
// tests/support/ptx_tex_forms.h), the result types .f32/.u32/.s32, `tld4` (4 components x 2d/a2d/cube/acube x
// offset x depth, section 3.9), `txq` (width/height/depth, with .level, and the table queries of section 3.10),
// the unified and independent texture modes, texture objects passed as .u64 kernel parameters, sm_50 and sm_52.
//
// Every kernel has one shape: `.entry k(.param .u64 out, .param .u64 in [, .param .u64 tex] [, .param .u32 n])`,
// the thread index from %tid.x (or %ctaid.x * %ntid.x + %tid.x with a bounds check against n), every operand of
// the texture instruction its own 32-bit word of `in` (in + 4 * (tid * N + k)), the four results stored to
// out + 16 * tid; only ld.param, cvta.to.global, mov, mad.lo, setp, bra, mul.wide, add.s64, ld.global and
// st.global besides the texture instruction, as nvcc writes them.
//
// Each kernel is compiled by ptxas and by tmu, both cubins are launched by tmu run (src/run) on the same random
// texture (per geometry: sizes, mip levels, RGBA8 / float / integer / depth formats, random samplers) and the same
// random operands (a fixed seed per form), and the output buffers are compared bit for bit against the
// expectation of tests/data/ptx/compile_corpus_expect.txt. The test prints a table: every form, ptxas's texture
// instruction, tmu's, and the result. Every cubin tmu writes must be read by nvdisasm and listed by tmu dis as
// nvdisasm lists it.
//
// Run: ctest -R PtxCompileCorpus (or build/.../tests/tmu_ptx_compile_corpus_tests). Without ptxas / nvdisasm the
// tests skip ("skipped: install ptxas"), and fail with TMU_REQUIRE_ORACLES=1.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "isa/cubin.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"
#include "listing.h"
#include "oracle.h"
#include "ptx/compile.h"
#include "ptx_tex_forms.h"
#include "run/launch.h"
#include "run/launch_spec.h"

extern char** environ;

namespace tmu {
namespace {

const std::string kData = TMU_TEST_DATA;

// ---------------------------------------------------------------------------------------------------------------
// The corpus.

// What one word of `in` holds.
enum class Role : uint8_t {
  CoordN,   // a normalized float coordinate along axis `axis`
  CoordI,   // an integer texel coordinate along axis `axis`
  CoordCube,// a cube direction component
  PadF,     // an element the geometry does not use (float)
  PadI,     // the same, integer
  Layer,    // the array index (.b32)
  Sample,   // the sample number of a multisample geometry
  LodF,
  LodI,
  Grad,     // a derivative along axis `axis`
  Offset,   // -8..7
  Offset6,  // tld4: -32..31
  Dref,     // the depth reference
};

struct Slot {
  Role role;
  unsigned axis = 0;
  bool is_float = false;
};

struct Form {
  std::string name;  // unique: the instruction form, the mode, the target
  std::string ptx;
  std::string geom;   // the texture's geometry (1d, 2d, 3d, a1d, a2d, cube, acube, 2dms, a2dms)
  std::string dtype;  // f32, u32, s32 (txq: u32)
  std::string mode;   // unified, independent, object
  std::string arch;   // sm_50, sm_52
  bool depth = false, grad = false, integer_coords = false, table_query = false, bounded = false;
  std::vector<Slot> slots;
};

struct Shape {
  const char* name;
  unsigned coords, grads, offsets;
  int index;  // the array index's element, -1: none
  bool ms;
  unsigned axes;  // coordinate axes of the texture
};
// Seed 004's vector sizes (as tests/support/ptx_tex_forms.cpp has them); a2dms: {sample, layer, x, y}
// (lowering-facts.md 3.3, "a2dms element order").
constexpr Shape kShapes[] = {
    {"1d", 1, 1, 1, -1, false, 1},   {"2d", 2, 2, 2, -1, false, 2},    {"3d", 4, 4, 4, -1, false, 3},
    {"a1d", 2, 1, 1, 0, false, 1},   {"a2d", 4, 2, 2, 0, false, 2},    {"cube", 4, 4, 0, -1, false, 3},
    {"acube", 4, 4, 0, 0, false, 3}, {"2dms", 4, 0, 2, -1, true, 2},   {"a2dms", 4, 0, 2, 1, true, 2},
};
const Shape& shape(const std::string& g) {
  for (const Shape& s : kShapes)
    if (g == s.name) return s;
  throw std::runtime_error("no geometry " + g);
}

// Builds one kernel: operands are registers %f<10+k> / %r<10+k> for word k of the thread's operands.
struct KernelBuilder {
  std::vector<Slot> slots;
  std::string operand(Role role, bool is_float, unsigned axis = 0) {
    slots.push_back({role, axis, is_float});
    return fmt::format("%{}{}", is_float ? "f" : "r", 9 + slots.size());
  }
  std::string vec(std::vector<std::string> v) {
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s + "}";
  }
  // The coordinate vector of a geometry.
  std::string coords(const Shape& s, bool integer) {
    std::vector<std::string> v;
    const bool cube = std::string(s.name).find("cube") != std::string::npos;
    unsigned axis = 0;
    for (unsigned i = 0; i < s.coords; ++i) {
      if (s.ms && i == 0) v.push_back(operand(Role::Sample, false));
      else if (static_cast<int>(i) == s.index) v.push_back(operand(Role::Layer, false));
      else if (axis < s.axes)
        v.push_back(cube ? operand(Role::CoordCube, true, axis++)
                         : integer ? operand(Role::CoordI, false, axis++) : operand(Role::CoordN, true, axis++));
      else v.push_back(integer ? operand(Role::PadI, false) : operand(Role::PadF, true));
    }
    return vec(v);
  }
  std::string grads(const Shape& s) {
    std::vector<std::string> v;
    const unsigned n = s.ms ? 2 : s.grads;
    for (unsigned i = 0; i < n; ++i) v.push_back(operand(Role::Grad, true, std::min(i, s.axes - 1)));
    return vec(v);
  }
  std::string offsets(unsigned n, Role role = Role::Offset) {
    std::vector<std::string> v;
    for (unsigned i = 0; i < n; ++i) v.push_back(operand(role, false));
    return vec(v);
  }
};

// The kernel around one texture statement (`statement` uses the operands of `b`; its destinations are %f0..%f3,
// or %r60..%r63 for integer results, or %r60 alone for txq).
std::string kernel_text(const Form& f, const KernelBuilder& b, const std::string& statement, bool txq) {
  const bool independent = f.mode == "independent";
  std::string decls;
  if (f.mode != "object") decls += ".global .texref t;\n";
  if (independent) decls += ".global .samplerref s;\n";
  std::string params = "\t.param .u64 out,\n\t.param .u64 in";
  if (f.mode == "object") params += ",\n\t.param .u64 tex";
  if (f.bounded) params += ",\n\t.param .u32 n";
  const std::size_t n = b.slots.size();
  std::string body;
  body += "\tld.param.u64 %rd1, [out];\n\tld.param.u64 %rd2, [in];\n";
  if (f.mode == "object") body += "\tld.param.u64 %rd9, [tex];\n";
  if (f.bounded) body += "\tld.param.u32 %r2, [n];\n";
  body += "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n";
  const char* wide = f.bounded ? "s32" : "u32";
  if (f.bounded) {
    body += "\tmov.u32 %r3, %ctaid.x;\n\tmov.u32 %r4, %ntid.x;\n\tmov.u32 %r5, %tid.x;\n\tmad.lo.s32 %r1, %r3, %r4, %r5;\n";
    body += "\tsetp.ge.u32 %p1, %r1, %r2;\n\t@%p1 bra $L__BB0_2;\n";
  } else {
    body += "\tmov.u32 %r1, %tid.x;\n";
  }
  body += fmt::format("\tmul.wide.{} %rd5, %r1, {};\n\tadd.s64 %rd6, %rd4, %rd5;\n", wide, 4 * n);
  for (std::size_t k = 0; k < n; ++k) {
    const Slot& s = b.slots[k];
    const bool signed_word = s.role == Role::CoordI || s.role == Role::LodI || s.role == Role::Offset ||
                             s.role == Role::Offset6 || s.role == Role::PadI;
    const std::string addr = k ? fmt::format("[%rd6+{}]", 4 * k) : "[%rd6]";
    body += s.is_float ? fmt::format("\tld.global.f32 %f{}, {};\n", 10 + k, addr)
                       : fmt::format("\tld.global.{} %r{}, {};\n", signed_word ? "s32" : "u32", 10 + k, addr);
  }
  body += "\t" + statement + "\n";
  body += fmt::format("\tmul.wide.{} %rd7, %r1, 16;\n\tadd.s64 %rd8, %rd3, %rd7;\n", wide);
  if (txq) body += "\tst.global.u32 [%rd8], %r60;\n";
  else if (f.dtype == "f32") body += "\tst.global.v4.f32 [%rd8], {%f0, %f1, %f2, %f3};\n";
  else body += fmt::format("\tst.global.v4.{} [%rd8], {{%r60, %r61, %r62, %r63}};\n", f.dtype);
  if (f.bounded) body += "$L__BB0_2:\n";
  body += "\tret;\n";
  return fmt::format(".version 7.8\n.target {}{}\n.address_size 64\n\n{}\n.visible .entry k(\n{}\n)\n{{\n"
                     "\t.reg .pred %p<2>;\n\t.reg .f32 %f<80>;\n\t.reg .b32 %r<80>;\n\t.reg .b64 %rd<12>;\n\n{}}}\n",
                     f.arch, independent ? ", texmode_independent" : "", decls, params, body);
}

std::string texture_operand(const Form& f) {
  if (f.mode == "object") return "%rd9";
  if (f.mode == "independent") return "t, s";
  return "t";
}

std::string name_of(const std::string& form, const Form& f) { return fmt::format("{} {} {}", form, f.mode, f.arch); }

Form tex_form(const test::TexForm& t, const std::string& dtype, const std::string& mode, const std::string& arch) {
  Form f;
  f.geom = t.geom, f.dtype = dtype, f.mode = mode, f.arch = arch, f.depth = t.depth, f.grad = t.mip == "grad";
  f.integer_coords = t.ctype == "s32";
  KernelBuilder b;
  const Shape& s = shape(t.geom);
  std::string args = "[" + texture_operand(f) + ", " + b.coords(s, f.integer_coords) + "]";
  if (t.mip == "level") args += ", " + b.operand(f.integer_coords ? Role::LodI : Role::LodF, !f.integer_coords);
  if (t.mip == "grad") {
    args += ", " + b.grads(s);
    args += ", " + b.grads(s);
  }
  if (t.offset) args += ", " + b.offsets(s.offsets ? s.offsets : 4);
  if (t.depth) args += ", " + b.operand(Role::Dref, true);
  const std::string inst = fmt::format("tex{}.{}.v4.{}.{}", t.mip.empty() ? "" : "." + t.mip, t.geom, dtype, t.ctype);
  const std::string d = dtype == "f32" ? "{%f0, %f1, %f2, %f3}" : "{%r60, %r61, %r62, %r63}";
  f.name = name_of(inst + (t.offset ? " +e" : "") + (t.depth ? " +f" : ""), f);
  f.slots = b.slots;
  f.ptx = kernel_text(f, b, fmt::format("{} {}, {};", inst, d, args), false);
  return f;
}

Form tld4_form(const std::string& comp, const std::string& geom, bool offset, bool depth, const std::string& dtype,
               const std::string& mode, const std::string& arch) {
  Form f;
  f.geom = geom, f.dtype = dtype, f.mode = mode, f.arch = arch, f.depth = depth;
  KernelBuilder b;
  const Shape& s = shape(geom);
  std::string args = "[" + texture_operand(f) + ", " + b.coords(s, false) + "]";
  if (offset) args += ", " + b.offsets(2, Role::Offset6);
  if (depth) args += ", " + b.operand(Role::Dref, true);
  const std::string inst = fmt::format("tld4.{}.{}.v4.{}.f32", comp, geom, dtype);
  const std::string d = dtype == "f32" ? "{%f0, %f1, %f2, %f3}" : "{%r60, %r61, %r62, %r63}";
  f.name = name_of(inst + (offset ? " +e" : "") + (depth ? " +f" : ""), f);
  f.slots = b.slots;
  f.ptx = kernel_text(f, b, fmt::format("{} {}, {};", inst, d, args), false);
  return f;
}

Form txq_form(const std::string& query, bool level, const std::string& geom, const std::string& mode,
              const std::string& arch, bool sampler = false) {
  Form f;
  f.geom = geom, f.dtype = "u32", f.mode = mode, f.arch = arch;
  KernelBuilder b;
  const std::string ref = f.mode == "object" ? "%rd9" : sampler ? "s" : "t";
  const std::string inst = fmt::format("txq{}.{}.b32", level ? ".level" : "", query);
  const std::string st = level ? fmt::format("{} %r60, [{}], {};", inst, ref, b.operand(Role::LodI, false))
                               : fmt::format("{} %r60, [{}];", inst, ref);
  f.table_query = query != "width" && query != "height" && query != "depth";
  f.name = name_of(fmt::format("{} {}{}", inst, sampler ? "[s]" : "[t]", f.geom.empty() ? "" : " " + geom), f);
  f.slots = b.slots;
  f.ptx = kernel_text(f, b, st, true);
  return f;
}

std::vector<Form> build_corpus() {
  std::vector<Form> out;
  const auto forms = test::appendix_a_forms(kData);
  std::vector<test::TexForm> ok;
  for (const auto& t : forms)
    if (t.verdict == "ok") ok.push_back(t);
  // Every accepted tex form, unified texref, .f32 results, sm_50; every fourth on sm_52.
  for (std::size_t i = 0; i < ok.size(); ++i) {
    out.push_back(tex_form(ok[i], "f32", "unified", "sm_50"));
    if (i % 4 == 1) out.push_back(tex_form(ok[i], "f32", "unified", "sm_52"));
  }
  // Result types .u32 / .s32 on every geometry (and the integer-coordinate fetch on 2d).
  for (const Shape& s : kShapes)
    for (const char* dtype : {"u32", "s32"}) {
      out.push_back(tex_form({"", s.name, s.ms ? "s32" : "f32", false, false, "ok"}, dtype, "unified", "sm_50"));
      if (std::string(s.name) == "2d" || std::string(s.name) == "a1d")
        out.push_back(tex_form({"level", s.name, "s32", false, false, "ok"}, dtype, "unified", "sm_50"));
    }
  // The independent mode and texture objects: the forms without offset and depth compare on every geometry, and
  // every form of 1d (which stays 1D in independent mode, lowering-facts.md 3.2) and 2d / a2d.
  for (const auto& t : ok) {
    if ((!t.offset && !t.depth) || t.geom == "1d" || t.geom == "2d") out.push_back(tex_form(t, "f32", "independent", "sm_50"));
    if ((!t.offset && !t.depth) || t.geom == "1d" || t.geom == "a2d") out.push_back(tex_form(t, "f32", "object", "sm_50"));
  }
  // tld4: 4 components x 2d/a2d/cube/acube x offset (not on cube maps: ptxas rejects it) x depth compare.
  for (const char* comp : {"r", "g", "b", "a"})
    for (const char* geom : {"2d", "a2d", "cube", "acube"})
      for (bool offset : {false, true})
        for (bool depth : {false, true}) {
          if (offset && std::string(geom).find("cube") != std::string::npos) continue;
          out.push_back(tld4_form(comp, geom, offset, depth, "f32", "unified", "sm_50"));
          if (comp[0] == 'r') {
            out.push_back(tld4_form(comp, geom, offset, depth, "f32", "independent", "sm_50"));
            out.push_back(tld4_form(comp, geom, offset, depth, "f32", "object", "sm_50"));
          }
          if (comp[0] == 'g' && std::string(geom) == "2d") out.push_back(tld4_form(comp, geom, offset, depth, "f32", "unified", "sm_52"));
        }
  out.push_back(tld4_form("b", "2d", false, false, "u32", "unified", "sm_50"));
  out.push_back(tld4_form("a", "a2d", true, false, "s32", "unified", "sm_50"));
  // txq: the dimensions (TXQ), with and without .level, on every geometry; in every mode; the table queries.
  for (const char* q : {"width", "height", "depth"})
    for (bool level : {false, true}) {
      for (const Shape& s : kShapes) out.push_back(txq_form(q, level, s.name, "unified", "sm_50"));
      out.push_back(txq_form(q, level, "3d", "independent", "sm_50"));
      out.push_back(txq_form(q, level, "3d", "object", "sm_50"));
      out.push_back(txq_form(q, level, "a2d", "unified", "sm_52"));
    }
  for (const char* q : {"channel_data_type", "channel_order", "normalized_coords", "array_size", "num_mipmap_levels", "num_samples"}) {
    out.push_back(txq_form(q, false, "a2d", "unified", "sm_50"));
    out.push_back(txq_form(q, false, "a2d", "object", "sm_50"));
  }
  for (const char* q : {"force_unnormalized_coords", "filter_mode", "addr_mode_0", "addr_mode_1", "addr_mode_2"})
    out.push_back(txq_form(q, false, "2d", "independent", "sm_50", true));
  // Every third kernel takes its thread index from the block and checks it against n.
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (i % 3 != 2) continue;
    out[i].bounded = true;
    // Rebuild the text with the bounds check (the slots do not change).
    KernelBuilder b;
    b.slots = out[i].slots;
    const std::string& old = out[i].ptx;
    const std::size_t a = old.find("\n\ttex"), a2 = old.find("\n\ttld4"), a3 = old.find("\n\ttxq");
    const std::size_t at = std::min({a, a2, a3});
    const std::size_t e = old.find('\n', at + 1);
    out[i].ptx = kernel_text(out[i], b, old.substr(at + 2, e - at - 2), a3 == at);
  }
  std::set<std::string> names;
  for (const Form& f : out)
    if (!names.insert(f.name).second) throw std::runtime_error("duplicate form " + f.name);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Random textures and operands (a fixed seed per form).

struct Rng {
  uint64_t s;
  explicit Rng(const std::string& name) : s(0x5eed0004u) {
    for (char c : name) s = (s ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  }
  uint64_t next() {  // splitmix64
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(next() >> 11) * 0x1p-53; }
  int64_t range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1)); }
  double uniform8() { return static_cast<double>(next() % 9) / 8; }  // 0, 1/8, ..., 1
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[next() % v.size()]; }
};

struct Texture {
  std::string json;  // {"texture": ..., "sampler": ...}
  unsigned size[3] = {1, 1, 1};
  unsigned layers = 1, levels = 1, samples = 1;
};

Texture random_texture(const Form& f, Rng& rng) {
  Texture t;
  const std::string& g = f.geom;
  const bool ms = g == "2dms" || g == "a2dms", array = g[0] == 'a', cube = g.find("cube") != std::string::npos;
  const unsigned axes = shape(g).axes;
  const unsigned max = g == "3d" ? 9 : cube ? 12 : axes == 1 ? 40 : 20;
  for (unsigned a = 0; a < (cube ? 1u : axes); ++a) t.size[a] = static_cast<unsigned>(rng.range(1, max));
  if (cube) t.size[1] = t.size[0];
  if (array) t.layers = static_cast<unsigned>(rng.range(1, cube ? 3 : 5));
  const unsigned largest = std::max({t.size[0], t.size[1], g == "3d" ? t.size[2] : 1u});
  const unsigned full = static_cast<unsigned>(std::bit_width(largest));
  t.levels = ms ? 1 : static_cast<unsigned>(rng.range(f.grad ? std::min(2u, full) : 1, full));
  if (ms) t.samples = static_cast<unsigned>(rng.pick(std::vector<int>{2, 4, 8}));
  std::string format;
  const bool txq = f.name.starts_with("txq");
  if (f.depth) format = "ZF32_FLOAT";
  else if (!txq && f.dtype == "u32") format = "A8B8G8R8_UINT";
  else if (!txq && f.dtype == "s32") format = "A8B8G8R8_SINT";
  else format = rng.pick(std::vector<std::string>{"A8B8G8R8_UNORM", "A8B8G8R8_UNORM", "R16_G16_B16_A16_FLOAT", "R32_G32_B32_A32_FLOAT"});
  const bool int_format = format.find("INT") != std::string::npos;
  const char* type = g == "1d" ? "1d" : g == "2d" || g == "2dms" ? "2d" : g == "3d" ? "3d" : g == "a1d" ? "1d_array"
                   : g == "a2d" || g == "a2dms" ? "2d_array" : g == "cube" ? "cube" : "cube_array";
  std::string tex = fmt::format("{{\"type\":\"{}\",\"format\":\"{}\",\"width\":{}", type, format, t.size[0]);
  if (axes >= 2 && !cube) tex += fmt::format(",\"height\":{}", t.size[1]);
  if (g == "3d") tex += fmt::format(",\"depth\":{}", t.size[2]);
  if (array) tex += fmt::format(",\"layers\":{}", t.layers);
  if (t.levels > 1) tex += fmt::format(",\"levels\":{}", t.levels);
  if (ms) tex += fmt::format(",\"samples\":{}", t.samples);
  tex += fmt::format(",\"texels\":{{\"source\":\"noise\",\"seed\":{}}}}}", rng.next() % 100000);
  const std::vector<std::string> address{"wrap", "mirror", "clamp_to_edge", "border", "clamp_ogl",
                                         "mirror_once_clamp_to_edge", "mirror_once_border", "mirror_once_clamp_ogl"};
  std::string smp = fmt::format("{{\"address_u\":\"{}\",\"address_v\":\"{}\",\"address_p\":\"{}\"", rng.pick(address),
                                rng.pick(address), rng.pick(address));
  if (!int_format) {
    const std::vector<std::string> filters{"point", "linear"};
    smp += fmt::format(",\"mag_filter\":\"{}\"", rng.pick(filters));
    if (!f.depth && rng.range(0, 7) == 0) {
      smp += fmt::format(",\"min_filter\":\"aniso\",\"max_anisotropy\":{}", rng.pick(std::vector<int>{2, 4, 8, 16}));
    } else {
      smp += fmt::format(",\"min_filter\":\"{}\"", rng.pick(filters));
    }
    smp += fmt::format(",\"mip_filter\":\"{}\"", f.grad ? std::string("linear") : rng.pick(std::vector<std::string>{"none", "point", "linear"}));
    smp += fmt::format(",\"mip_lod_bias\":{}", static_cast<double>(rng.range(-4, 4)) / 4);
    smp += fmt::format(",\"border_color\":[{},{},{},{}]", rng.uniform8(), rng.uniform8(), rng.uniform8(), rng.uniform8());
  } else {
    smp += fmt::format(",\"mip_filter\":\"{}\"", rng.pick(std::vector<std::string>{"none", "point"}));
    smp += fmt::format(",\"border_color\":[{},{},{},{}]", rng.range(0, 255), rng.range(0, 255), rng.range(0, 255), rng.range(0, 255));
  }
  if (f.depth)
    smp += fmt::format(",\"depth_compare\":true,\"depth_compare_func\":\"{}\"",
                       rng.pick(std::vector<std::string>{"less", "less_equal", "greater", "not_equal", "greater_equal", "always"}));
  smp += "}";
  t.json = fmt::format("{{\"texture\":{},\"sampler\":{}}}", tex, smp);
  return t;
}

uint32_t fbits(double v) { return std::bit_cast<uint32_t>(static_cast<float>(v)); }

uint32_t random_word(const Slot& s, const Texture& t, Rng& rng) {
  switch (s.role) {
    case Role::CoordN: return fbits(rng.uniform(-0.25, 1.25));
    case Role::CoordI: return static_cast<uint32_t>(rng.range(-2, static_cast<int64_t>(t.size[s.axis]) + 1));
    case Role::CoordCube: {
      const double v = rng.uniform(-1.2, 1.2);
      return fbits(std::abs(v) < 0.01 ? 0.5 : v);
    }
    case Role::PadF: return fbits(rng.uniform(-2, 2));
    case Role::PadI: return static_cast<uint32_t>(rng.range(-3, 3));
    case Role::Layer: return static_cast<uint32_t>(rng.range(-1, static_cast<int64_t>(t.layers) + 1));
    case Role::Sample: return static_cast<uint32_t>(rng.range(0, static_cast<int64_t>(t.samples)));
    case Role::LodF: return fbits(rng.uniform(-1, t.levels + 0.5));
    case Role::LodI: return static_cast<uint32_t>(rng.range(-1, static_cast<int64_t>(t.levels)));
    case Role::Grad: {
      if (rng.range(0, 15) == 0) return 0;
      const double m = std::exp2(rng.uniform(-2, 4)) / t.size[std::min(s.axis, 2u)];
      return fbits(rng.range(0, 1) ? m : -m);
    }
    case Role::Offset: return static_cast<uint32_t>(rng.range(-8, 7));
    case Role::Offset6: return static_cast<uint32_t>(rng.range(-32, 31));
    case Role::Dref: return fbits(rng.uniform(-0.1, 1.1));
  }
  return 0;
}

constexpr unsigned kThreads = 64;          // two warps
constexpr unsigned kBoundedBlocks = 3;     // bounded kernels: 3 blocks of 32, n = 80 (the last block half out)
constexpr unsigned kBoundedN = 80;

// The launch spec of a form (texture, operands), as tmu run reads it.
std::string launch_json(const Form& f) {
  Rng rng(f.name);
  const Texture t = random_texture(f, rng);
  const unsigned threads = f.bounded ? kBoundedBlocks * 32 : kThreads;
  std::string words;
  for (unsigned i = 0; i < threads; ++i)
    for (const Slot& s : f.slots) words += (words.empty() ? "" : ",") + std::to_string(random_word(s, t, rng));
  const std::size_t in_size = std::max<std::size_t>(4, 4 * threads * f.slots.size());
  std::string params = "[{\"buffer\":\"out\"},{\"buffer\":\"in\"}";
  if (f.mode == "object") params += ",{\"texture\":\"img\"}";
  if (f.bounded) params += fmt::format(",{{\"u32\":{}}}", kBoundedN);
  params += "]";
  std::string refs;
  if (f.mode != "object") refs += ",\"texrefs\":{\"t\":\"img\"}";
  if (f.mode == "independent") refs += ",\"samplerrefs\":{\"s\":\"img\"}";
  return fmt::format("{{\"grid\":{},\"block\":{},\"params\":{},\"buffers\":[{{\"name\":\"out\",\"size\":{}}},"
                     "{{\"name\":\"in\",\"size\":{},\"u32\":[{}]}}],\"textures\":{{\"img\":{}}}{},"
                     "\"outputs\":[{{\"buffer\":\"out\"}}]}}",
                     f.bounded ? kBoundedBlocks : 1, f.bounded ? 32 : kThreads, params, 16 * threads, in_size, words,
                     t.json, refs);
}

// ---------------------------------------------------------------------------------------------------------------
// Running, disassembling.

Result<std::vector<std::byte>> run_cubin(const std::vector<std::byte>& bytes, const Form& f) {
  auto cubin = isa::read_cubin(bytes);
  if (!cubin) return make_error("read_cubin: " + cubin.error());
  auto spec = run::read_launch_spec(launch_json(f), kData);
  if (!spec) return make_error("launch spec: " + spec.error());
  auto r = run::launch(*cubin, *spec);
  if (!r) return make_error(r.error());
  for (const auto& b : r->buffers)
    if (b.name == "out") return b.bytes;
  return make_error("no output buffer");
}

// The texture instruction of a listing as "MNEMONIC GEOMETRY" (scheduling suffixes .P/.T and .NODEP dropped),
// with "xN" when there are N of them: the first sampling instruction (TEX, TEXS, TLD, TLDS, TLD4, TLD4S, TXD,
// TMML), else the first TXQ (a compiler may query the size for its own arithmetic), else an LDG.E.CI table read.
std::string texture_instruction(const std::vector<std::string>& lines) {
  static const std::set<std::string> geoms{"1D", "2D", "3D", "CUBE", "ARRAY_1D", "ARRAY_2D", "ARRAY_CUBE", "TEX_HEADER_DIMENSION"};
  static const std::set<std::string> sampling{"TEX", "TEXS", "TLD", "TLDS", "TLD4", "TLD4S", "TXD", "TMML"};
  std::string first[2];
  unsigned count[2] = {0, 0};
  bool ldg = false;
  for (std::string line : lines) {
    if (line.starts_with("{ ")) line = line.substr(2);
    if (line.starts_with("@")) line = line.substr(line.find(' ') + 1);
    const std::string mnemonic = line.substr(0, line.find(' '));
    const std::string op = mnemonic.substr(0, mnemonic.find('.'));
    if (op == "LDG" && line.find(".CI") != std::string::npos) ldg = true;
    const int kind = sampling.count(op) ? 0 : op == "TXQ" ? 1 : -1;
    if (kind < 0 || ++count[kind] > 1) continue;
    std::string m = op;
    std::stringstream parts(mnemonic.substr(op.size()));
    for (std::string p; std::getline(parts, p, '.');)
      if (!p.empty() && p != "P" && p != "T" && p != "NODEP") m += "." + p;
    std::string geom;
    std::stringstream ops(line.substr(line.find(' ') + 1));
    for (std::string o; std::getline(ops, o, ',');) {
      while (!o.empty() && o.front() == ' ') o.erase(0, 1);
      if (geoms.count(o)) geom = o;
    }
    first[kind] = geom.empty() ? m : m + " " + geom;
  }
  for (int k : {0, 1})
    if (count[k]) return count[k] > 1 ? fmt::format("{} x{}", first[k], count[k]) : first[k];
  return ldg ? "LDG.E.CI (table)" : "-";
}

// ptxas on many kernels at once: one process per kernel, a few at a time.
struct PtxasResult {
  bool ok = false;
  std::vector<std::byte> cubin;
  std::string error;
};

int spawn_wait(const std::vector<std::string>& argv, const std::string& out, const std::string& err) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int status = -1;
  if (posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ) == 0) {
    int st = 0;
    waitpid(pid, &st, 0);
    status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
  posix_spawn_file_actions_destroy(&fa);
  return status;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs commands a few at a time (one process each); returns each one's status, standard output and error.
std::vector<test::RunResult> run_all(const std::vector<std::vector<std::string>>& commands) {
  const std::string dir = test::temp_dir();
  static std::atomic<unsigned> batch{0};
  const unsigned b = batch++;
  std::vector<test::RunResult> out(commands.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next++) < commands.size();) {
      const std::string base = fmt::format("{}/run{}_{}", dir, b, i);
      out[i].status = spawn_wait(commands[i], base + ".out", base + ".err");
      out[i].out = slurp(base + ".out");
      out[i].err = slurp(base + ".err");
    }
  };
  std::vector<std::thread> pool;
  const unsigned n = std::clamp(std::thread::hardware_concurrency(), 2u, 8u);
  for (unsigned k = 0; k < n; ++k) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  return out;
}

std::vector<PtxasResult> run_ptxas(const std::string& ptxas, const std::vector<Form>& forms) {
  const std::string dir = test::temp_dir();
  std::vector<std::vector<std::string>> commands;
  for (std::size_t i = 0; i < forms.size(); ++i) {
    const std::string base = fmt::format("{}/corpus{}", dir, i);
    test::write_text(base + ".ptx", forms[i].ptx);
    commands.push_back({ptxas, "-arch=" + forms[i].arch, base + ".ptx", "-o", base + ".cubin"});
  }
  const auto runs = run_all(commands);
  std::vector<PtxasResult> out(forms.size());
  for (std::size_t i = 0; i < forms.size(); ++i) {
    out[i].ok = runs[i].status == 0;
    out[i].error = runs[i].err;
    if (out[i].ok) out[i].cubin = test::read_bytes(fmt::format("{}/corpus{}.cubin", dir, i));
  }
  return out;
}

const std::vector<Form>& full_corpus() {
  static const std::vector<Form> c = build_corpus();
  return c;
}

// The forms the oracle tests check: all of them, or every TMU_CORPUS_STRIDE-th (tests/support/oracle.h).
const std::vector<Form>& corpus() {
  static const std::vector<Form> c = [] {
    std::vector<Form> out;
    for (std::size_t i = 0; i < full_corpus().size(); i += test::corpus_stride()) out.push_back(full_corpus()[i]);
    return out;
  }();
  return c;
}

// ptxas's cubins, their texture instruction and their output (compiled and run once per test process: ctest runs
// every test in its own).
struct PtxasSide {
  std::vector<PtxasResult> compiled;
  std::vector<std::string> instruction;
  std::vector<Result<std::vector<std::byte>>> output;
};
const PtxasSide& ptxas_side(const std::string& ptxas) {
  static const PtxasSide side = [&] {
    PtxasSide s;
    s.compiled = run_ptxas(ptxas, corpus());
    for (std::size_t i = 0; i < corpus().size(); ++i) {
      if (!s.compiled[i].ok) {
        s.instruction.push_back("-");
        s.output.push_back(make_error("ptxas: " + s.compiled[i].error));
        continue;
      }
      s.instruction.push_back(texture_instruction(test::tmu_listing_lines(s.compiled[i].cubin)));
      s.output.push_back(run_cubin(s.compiled[i].cubin, corpus()[i]));
    }
    return s;
  }();
  return side;
}

// ---------------------------------------------------------------------------------------------------------------
// Expectations.

struct Expectation {
  std::string kind = "identical";  // identical, differs, refused, unrunnable
  std::string reason;
  bool listed = false;
};

std::map<std::string, Expectation> read_expectations() {
  std::map<std::string, Expectation> out;
  std::ifstream in(kData + "/ptx/compile_corpus_expect.txt");
  EXPECT_TRUE(in) << "cannot read tests/data/ptx/compile_corpus_expect.txt";
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t bar = line.find(" | ");
    if (bar == std::string::npos) {
      ADD_FAILURE() << "compile_corpus_expect.txt: no ' | ' in: " << line;
      continue;
    }
    Expectation e;
    e.listed = true;
    std::string rest = line.substr(bar + 3);
    const std::size_t colon = rest.find(':');
    e.kind = rest.substr(0, colon);
    if (colon != std::string::npos) e.reason = rest.substr(colon + 1);
    while (!e.reason.empty() && e.reason.front() == ' ') e.reason.erase(0, 1);
    if (e.kind != "identical" && e.kind != "differs" && e.kind != "refused" && e.kind != "unrunnable")
      ADD_FAILURE() << "compile_corpus_expect.txt: unknown expectation '" << e.kind << "' in: " << line;
    else if (e.kind != "identical" && e.reason.empty())
      ADD_FAILURE() << "compile_corpus_expect.txt: '" << e.kind << "' needs a reason: " << line;
    if (!out.emplace(line.substr(0, bar), e).second) ADD_FAILURE() << "compile_corpus_expect.txt: listed twice: " << line;
  }
  std::set<std::string> names;
  for (const Form& f : full_corpus()) names.insert(f.name);
  for (const auto& [name, e] : out)
    if (!names.count(name)) ADD_FAILURE() << "compile_corpus_expect.txt names no form of the corpus: " << name;
  return out;
}

Expectation expectation(const std::map<std::string, Expectation>& all, const std::string& name) {
  auto it = all.find(name);
  return it == all.end() ? Expectation{} : it->second;
}

bool all_zero(const std::vector<std::byte>& b) {
  return std::all_of(b.begin(), b.end(), [](std::byte x) { return x == std::byte{0}; });
}

// "N of M words differ, max |difference| D" (as floats for .f32 results, else as integers).
std::string difference(const std::vector<std::byte>& a, const std::vector<std::byte>& b, const std::string& dtype) {
  if (a.size() != b.size()) return fmt::format("sizes {} and {}", a.size(), b.size());
  const std::size_t n = a.size() / 4;
  std::size_t count = 0;
  double max = 0;
  for (std::size_t i = 0; i < n; ++i) {
    uint32_t x, y;
    std::memcpy(&x, a.data() + 4 * i, 4);
    std::memcpy(&y, b.data() + 4 * i, 4);
    if (x == y) continue;
    ++count;
    const double d = dtype == "f32" ? std::abs(static_cast<double>(std::bit_cast<float>(x)) - std::bit_cast<float>(y))
                     : dtype == "s32" ? std::abs(static_cast<double>(static_cast<int32_t>(x)) - static_cast<int32_t>(y))
                                      : std::abs(static_cast<double>(x) - static_cast<double>(y));
    max = std::isnan(d) ? d : std::isnan(max) ? max : std::max(max, d);
  }
  return fmt::format("{} of {} words, max |difference| {:g}", count, n, max);
}

// `nvdisasm -c`'s instruction lines (as tmu prints them, tests/support/oracle.h).
// nvdisasm (run on many cubins at once) read every cubin and listed it as tmu dis does; else what went wrong,
// per cubin (nullopt: agreed).
std::vector<std::optional<std::string>> listings_differ(const std::string& nvdisasm,
                                                        const std::vector<const std::vector<std::byte>*>& cubins,
                                                        const std::string& prefix) {
  std::vector<std::vector<std::string>> commands;
  for (std::size_t i = 0; i < cubins.size(); ++i) {
    const std::string path = fmt::format("{}/{}{}.cubin", test::temp_dir(), prefix, i);
    test::write_bytes(path, *cubins[i]);
    commands.push_back({nvdisasm, "-c", path});
  }
  const auto runs = run_all(commands);
  std::vector<std::optional<std::string>> out(cubins.size());
  for (std::size_t i = 0; i < cubins.size(); ++i) {
    const auto& dis = runs[i];
    if (dis.status != 0) {
      out[i] = "nvdisasm refuses it: " + dis.err;
      continue;
    }
    const std::vector<std::string> theirs = test::nvdisasm_listing_lines(dis.out), ours = test::tmu_listing_lines(*cubins[i]);
    if (theirs.empty()) out[i] = "nvdisasm lists no instruction:\n" + dis.out;
    else if (theirs != ours) {
      std::string diff;
      for (std::size_t k = 0; k < std::max(theirs.size(), ours.size()); ++k) {
        const std::string a = k < theirs.size() ? theirs[k] : "", b = k < ours.size() ? ours[k] : "";
        if (a != b) diff += fmt::format("  [{}] nvdisasm: {}\n  [{}] tmu dis:  {}\n", k, a, k, b);
      }
      out[i] = "tmu dis lists it differently from nvdisasm:\n" + diff;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The tests.

// The corpus is what the brief says: every accepted tex form, tld4, txq, three modes, two targets; and every
// kernel uses only the instructions of the kernel shape besides its texture instruction.
TEST(PtxCompileCorpus, CorpusCoversTheMatrix) {
  const auto& c = full_corpus();
  std::set<std::string> modes, archs, dtypes, geoms;
  unsigned tex = 0, tld4 = 0, txq = 0;
  for (const Form& f : c) {
    modes.insert(f.mode), archs.insert(f.arch), dtypes.insert(f.dtype), geoms.insert(f.geom);
    tex += f.name.starts_with("tex"), tld4 += f.name.starts_with("tld4"), txq += f.name.starts_with("txq");
    std::stringstream ss(f.ptx);
    bool in_body = false;
    for (std::string line; std::getline(ss, line);) {
      if (line == "{") in_body = true;
      if (!in_body || line.empty() || line[0] != '\t' || line.starts_with("\t.reg")) continue;
      std::string op = line.substr(1, line.find_first_of(" ;", 1) - 1);
      if (op.starts_with("@")) op = line.substr(line.find(' ') + 1, line.find(' ', line.find(' ') + 1) - line.find(' ') - 1);
      const std::string base = op.substr(0, op.find('.'));
      static const std::set<std::string> allowed{"ld", "cvta", "mov", "mad", "setp", "bra", "mul", "add", "st", "ret", "tex", "tld4", "txq"};
      EXPECT_TRUE(allowed.count(base)) << f.name << ": " << line;
    }
  }
  EXPECT_EQ(modes, (std::set<std::string>{"unified", "independent", "object"}));
  EXPECT_EQ(archs, (std::set<std::string>{"sm_50", "sm_52"}));
  EXPECT_EQ(dtypes, (std::set<std::string>{"f32", "u32", "s32"}));
  EXPECT_EQ(geoms.size(), 9u);
  EXPECT_GE(tex, 136u);
  EXPECT_GE(tld4, 48u);
  EXPECT_GE(txq, 36u);
  std::cout << fmt::format("corpus: {} kernels ({} tex, {} tld4, {} txq)\n", c.size(), tex, tld4, txq);
}

// ptxas compiles every kernel; tmu run runs every cubin (except the txq table queries, which read the driver's
// descriptor tables that tmu run does not provide: docs/run.md, Limitations) with a deterministic, non-trivial
// output; tmu dis lists ptxas's cubins as nvdisasm does (a check of the check TmuAgainstPtxas makes).
TEST(PtxCompileCorpus, PtxasCubinsRun) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const auto& c = corpus();
  const PtxasSide& side = ptxas_side(ptxas);
  const auto expect = read_expectations();
  unsigned ran = 0;
  std::map<std::string, unsigned> instructions;
  for (std::size_t i = 0; i < c.size(); ++i) {
    const Form& f = c[i];
    ASSERT_TRUE(side.compiled[i].ok) << f.name << ": ptxas: " << side.compiled[i].error << "\n" << f.ptx;
    const Expectation e = expectation(expect, f.name);
    const auto& out = side.output[i];
    if (e.kind == "unrunnable") {
      EXPECT_FALSE(out) << f.name << ": listed as unrunnable (" << e.reason << ") but tmu run ran ptxas's cubin: update compile_corpus_expect.txt";
      continue;
    }
    if (!out) {
      ADD_FAILURE() << f.name << ": tmu run: " << out.error() << "\n" << f.ptx << "\n" << launch_json(f);
      continue;
    }
    ++ran;
    instructions[side.instruction[i]]++;
    // A depth format has one component: tld4 with a depth compare gathers the others as zero (texunit).
    const bool one_component = f.name.starts_with("tld4.") && f.name[5] != 'r' && f.depth;
    if (!one_component) {
      EXPECT_FALSE(all_zero(*out)) << f.name << ": every result is zero\n" << launch_json(f);
    }
    auto again = run_cubin(side.compiled[i].cubin, f);
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(*again, *out) << f.name << ": two launches differ";
  }
  // The listing check of TmuAgainstPtxas on ptxas's cubins (every sixteenth: nvdisasm takes a tenth of a second a
  // cubin): nvdisasm and tmu dis agree.
  if (auto nvdisasm = test::find_tool("nvdisasm")) {
    std::vector<const std::vector<std::byte>*> cubins;
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < c.size(); i += 16)
      if (side.compiled[i].ok) cubins.push_back(&side.compiled[i].cubin), index.push_back(i);
    const auto bad = listings_differ(*nvdisasm, cubins, "ptxas");
    for (std::size_t k = 0; k < bad.size(); ++k)
      if (bad[k]) ADD_FAILURE() << c[index[k]].name << ": ptxas's cubin: " << *bad[k];
  } else if (test::oracles_required()) {
    ADD_FAILURE() << "nvdisasm is required (TMU_REQUIRE_ORACLES=1) but missing: run scripts/setup.sh";
  }
  std::cout << fmt::format("ptxas: {} kernels compiled, {} run by tmu run; texture instructions:\n", c.size(), ran);
  for (const auto& [inst, n] : instructions) std::cout << fmt::format("  {:4} {}\n", n, inst);
}

// tmu's compiler against ptxas: the same outputs (or the listed difference), the same instruction form counted,
// every tmu cubin read by nvdisasm and listed by tmu dis as nvdisasm lists it.
TEST(PtxCompileCorpus, TmuAgainstPtxas) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const auto& c = corpus();
  const PtxasSide& side = ptxas_side(ptxas);
  const auto expect = read_expectations();
  unsigned same_form = 0, identical = 0, refused = 0, compiled = 0, being_written = 0;
  std::string first_refusal;
  std::string table = fmt::format("{:<62} {:<34} {:<34} {}\n", "form", "ptxas", "tmu", "result");
  std::vector<std::string> failures;
  std::vector<Result<std::vector<std::byte>>> tmu_cubins;
  std::vector<const std::vector<std::byte>*> written;
  for (const Form& f : c) {
    ptx::CompileOptions options;
    options.arch = f.arch == "sm_52" ? isa::Arch::SM52 : isa::Arch::SM50;
    tmu_cubins.push_back(ptx::compile_to_cubin(f.ptx, "corpus.ptx", options));
  }
  for (const auto& r : tmu_cubins)
    if (r) written.push_back(&*r);
  // TMU_CORPUS_KEEP=DIR keeps every form's PTX, launch spec and both cubins there (N.ptx, N.json, N.ptxas.cubin,
  // N.tmu.cubin, N the form's row in the table from 0), for tmu run, tmu dis and nvdisasm by hand.
  if (const char* keep = std::getenv("TMU_CORPUS_KEEP")) {
    for (std::size_t i = 0; i < c.size(); ++i) {
      const std::string base = fmt::format("{}/{}", keep, i);
      test::write_text(base + ".ptx", "// " + c[i].name + "\n" + c[i].ptx);
      test::write_text(base + ".json", launch_json(c[i]));
      if (side.compiled[i].ok) test::write_bytes(base + ".ptxas.cubin", side.compiled[i].cubin);
      if (tmu_cubins[i]) test::write_bytes(base + ".tmu.cubin", *tmu_cubins[i]);
    }
  }
  const auto listing_failures = listings_differ(nvdisasm, written, "tmu");
  std::size_t next_written = 0;
  unsigned listed_differs_identical = 0;
  for (std::size_t i = 0; i < c.size(); ++i) {
    const Form& f = c[i];
    const Expectation e = expectation(expect, f.name);
    const auto& ours = tmu_cubins[i];
    std::string tmu_inst = "-", result;
    if (!ours) {
      ++refused;
      if (ours.error().find("being written") != std::string::npos) ++being_written;
      if (first_refusal.empty()) first_refusal = f.name + ": " + ours.error();
      result = "refused (" + ours.error() + ")";
      if (e.kind != "refused" && e.kind != "unrunnable") failures.push_back(f.name + ": refused: " + ours.error());
    } else {
      ++compiled;
      const std::vector<std::string> lines = test::tmu_listing_lines(*ours);
      tmu_inst = texture_instruction(lines);
      if (tmu_inst == side.instruction[i]) ++same_form;
      // nvdisasm reads the cubin and lists it as tmu dis does.
      if (const auto& bad = listing_failures[next_written++]) failures.push_back(f.name + ": tmu's cubin: " + *bad);
      const auto& theirs = side.output[i];
      auto mine = run_cubin(*ours, f);
      if (!theirs) {
        result = "ptxas's cubin does not run (" + theirs.error() + ")";
        if (e.kind != "unrunnable") failures.push_back(f.name + ": " + result);
      } else if (!mine) {
        result = "tmu's cubin does not run (" + mine.error() + ")";
        failures.push_back(f.name + ": " + result);
      } else if (*mine == *theirs) {
        ++identical;
        result = "identical";
        // "differs" means the outputs may differ (a depth compare, a clamp or a coarse LOD can hide a different
        // LOD): an identical result is noted, not a failure.
        if (e.kind == "differs") result = "identical (listed as differs)", ++listed_differs_identical;
        else if (e.kind != "identical") failures.push_back(f.name + ": identical, but listed as " + e.kind + ": " + e.reason);
      } else {
        result = "differs (" + difference(*theirs, *mine, f.dtype) + ")";
        if (e.kind != "differs") failures.push_back(f.name + ": " + result);
      }
      if (e.kind == "refused") failures.push_back(f.name + ": compiled, but listed as refused: " + e.reason);
    }
    table += fmt::format("{:<62} {:<34} {:<34} {}\n", f.name, side.instruction[i], tmu_inst, result);
  }
  table += fmt::format("summary: {} forms; tmu compiled {}, refused {}; same instruction form as ptxas: {} of {}; "
                       "identical results: {} of {} ({} of them listed as differs); failures: {}\n",
                       c.size(), compiled, refused, same_form, c.size(), identical, c.size(), listed_differs_identical,
                       failures.size());
  std::cout << table;
  // Until the compiler compiles anything there is nothing to compare: skipped, with the first refusal.
  if (compiled == 0) GTEST_SKIP() << "skipped: the PTX compiler compiles none of the " << c.size() << " forms yet ("
                                  << (being_written == c.size() ? "it is being written" : first_refusal) << ")";
  for (const std::string& f : failures) ADD_FAILURE() << f;
}

}  // namespace
}  // namespace tmu
