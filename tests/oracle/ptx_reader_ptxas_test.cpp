// SPDX-License-Identifier: MIT
// The PTX reader against ptxas 11.8 (src/ptx, docs/ptx.md): the same text given to both must be accepted by
// both or refused by both, on the same line, and where tmu refuses it speaks ptxas's words first (its message
// starts with one of the errors ptxas printed for that line). The texts: the kernels of tests/data/ptx, the 288
// tex forms of lowering-facts.md Appendix A, a wider matrix of tex/tld4/txq forms (result types, tld4 on every
// geometry, txq in both texture modes) and bad text.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "oracle.h"
#include "ptx/reader.h"
#include "ptx_tex_forms.h"

namespace tmu::ptx {
namespace {

struct PtxasVerdict {
  bool ok = false;
  unsigned line = 0;                  // of the first error
  std::vector<std::string> messages;  // every error on that line, "error   : " removed
};

PtxasVerdict run_ptxas(const std::string& ptxas, const std::string& text, const std::string& name) {
  const std::string path = test::temp_dir() + "/" + name + ".ptx";
  test::write_text(path, text);
  const test::RunResult r = test::run_program({ptxas, "-arch=sm_52", path, "-o", path + ".cubin"});
  PtxasVerdict v;
  v.ok = r.status == 0;
  // "ptxas FILE, line N; error   : MESSAGE" (also "fatal   : " for parse errors)
  std::stringstream ss(r.err);
  for (std::string l; std::getline(ss, l);) {
    const size_t at = l.find(", line ");
    const size_t e = l.find("; error   : ") != std::string::npos ? l.find("; error   : ") : l.find("; fatal   : ");
    if (at == std::string::npos || e == std::string::npos) continue;
    const unsigned n = static_cast<unsigned>(std::stoul(l.substr(at + 7, e - at - 7)));
    if (v.line == 0) v.line = n;
    if (n == v.line) v.messages.push_back(l.substr(e + 12));
  }
  return v;
}

struct Tally {
  unsigned both_ok = 0, both_refused = 0, same_words = 0, ptxas_crashed = 0;
  std::vector<std::string> own_words;  // refused by both on the same line, in tmu's words
};

// One text through both; a disagreement fails the test.
void compare(const std::string& ptxas, const std::string& name, const std::string& text, Tally& tally) {
  static unsigned counter = 0;
  const PtxasVerdict p = run_ptxas(ptxas, text, fmt::format("t{}", counter++));
  auto m = read(text, "t.ptx");
  if (p.ok) {
    EXPECT_TRUE(m) << name << ": ptxas accepts it, tmu says " << m.error() << "\n" << text;
    if (m) ++tally.both_ok;
    return;
  }
  if (p.messages.empty()) {
    // ptxas 11.8 crashes on some malformed texture statements (a segmentation fault, no message): no verdict.
    ++tally.ptxas_crashed;
    return;
  }
  if (m) {
    ADD_FAILURE() << name << ": tmu accepts it, ptxas says line " << p.line << ": " << p.messages[0] << "\n" << text;
    return;
  }
  ++tally.both_refused;
  const std::string& e = m.error();
  const size_t c1 = e.find(':'), c2 = e.find(':', c1 + 1), c3 = e.find(':', c2 + 1);
  const unsigned line = static_cast<unsigned>(std::stoul(e.substr(c1 + 1, c2 - c1 - 1)));
  EXPECT_EQ(line, p.line) << name << ": tmu: " << e << "\nptxas: " << p.messages[0];
  const std::string words = e.substr(c3 + 2);
  for (const std::string& pm : p.messages)
    if (words.rfind(pm, 0) == 0) {
      ++tally.same_words;
      return;
    }
  tally.own_words.push_back(fmt::format("{}: ptxas \"{}\", tmu \"{}\"", name, p.messages[0], words));
}

void report(const char* what, const Tally& t) {
  std::printf("%s: %u accepted by both, %u refused by both (%u in ptxas's words)%s\n", what, t.both_ok, t.both_refused,
              t.same_words, t.ptxas_crashed ? fmt::format(", {} crashed ptxas", t.ptxas_crashed).c_str() : "");
  for (const std::string& s : t.own_words) std::printf("  in tmu's words: %s\n", s.c_str());
}

TEST(PtxReaderPtxas, DataKernels) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  Tally t;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TMU_TEST_DATA) + "/ptx")) {
    if (entry.path().extension() != ".ptx") continue;
    std::ifstream f(entry.path());
    std::stringstream ss;
    ss << f.rdbuf();
    compare(ptxas, entry.path().filename().string(), ss.str(), t);
  }
  EXPECT_EQ(t.both_ok, 5u);
}

TEST(PtxReaderPtxas, AppendixAForms) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  Tally t;
  for (const test::TexForm& f : test::appendix_a_forms(TMU_TEST_DATA))
    compare(ptxas, fmt::format("tex.{}.{}.{}{}{}", f.mip, f.geom, f.ctype, f.offset ? " +e" : "", f.depth ? " +f" : ""),
            test::tex_form_kernel(f), t);
  report("Appendix A", t);
  EXPECT_EQ(t.both_ok, 136u);
  EXPECT_TRUE(t.own_words.empty());
}

TEST(PtxReaderPtxas, TextureInstructionMatrix) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  Tally t;
  for (const test::NamedModule& m : test::texture_instruction_matrix()) compare(ptxas, m.name, m.text, t);
  report("tex/tld4/txq matrix", t);
  EXPECT_TRUE(t.own_words.empty());
}

// Bad text: a kernel whose line 9 is the statement (t a texref; in independent mode s a samplerref).
std::string kernel(const std::string& statement, bool independent = false) {
  return fmt::format(".version 7.8\n.target sm_50{}\n.address_size 64\n.global .texref t;\n{}\n"
                     ".visible .entry k(.param .u64 p)\n{{\n"
                     "  .reg .f32 %f<16>; .reg .b32 %r<16>; .reg .b64 %rd<4>; .reg .pred %p<4>;\n  {}\n  ret;\n}}\n",
                     independent ? ", texmode_independent" : "", independent ? ".global .samplerref s;" : ".global .u64 s;",
                     statement);
}

TEST(PtxReaderPtxas, BadText) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  Tally t;
  const std::vector<std::pair<std::string, bool>> cases = {
      {"mov.b32 %r16, 1;", false},
      {"movv.b32 %r1, 1;", false},
      {"ld.global.f32 %f0, [%rd1-8];", false},
      {"ld.global.f32 %f0, [%rd1+-8];", false},
      {"bra $L__missing;", false},
      {"@%r1 bra $L;", false},
      {".reg .b32 %r<4>;", false},
      {"mov.b32 {%r0, %r1, %r2}, %rd0;", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5, %f6}];", false},
      {"tex.grad.3d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5, %f6, %f7}], {%f8, %f9}, {%f8, %f9};", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [s, {%f4, %f5}];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [%r1, {%f4, %f5}];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [nope, {%f4, %f5}];", false},
      {"txq.level.channel_order.b32 %r0, [t], %r1;", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], {%r1, %r2}, %f6, %f7;", false},
      {"tex.level.a1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], %f6;", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, t, {%f4, %f5};", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], {%f1, %f2};", false},
      {"tex.2d.v4.s32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];", false},
      {"tex.2d.v4.f32.s32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%rd1, %f5}];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|%p0, [t, {%f4, %f5}];", false},
      {"txq.width.u32 %r0, [t];", false},
      {"txq.level.width.b32 %r0, [t], %f1;", false},
      {"txq.width.b32 %r0, [s];", true},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];", true},
      {"tld4.r.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];", true},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [s, t, {%f4, %f5}];", true},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f0, %rd1}];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %r3}, [t, {%f0, 1}];", false},
      {"st.global.v2.f32 [%rd0], {%f0, %rd1};", false},
      {"txq.width.b32 %rd1, [t];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], {%r0};", false},
      {"tex.level.a2d.v4.u32.s32 {%r0, %r1, %r2, %r3}, [t, {%r0, %r5, %r5, %r2}], %f2;", false},
      {"tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], 1;", false},
      {"tex.level.2d.v4.f32.s32 {%f0, %f1, %f2, %f3}, [t, {%r4, %r5}], 1.0;", false},
      {"tex.grad.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], {%f1, %f2}, {%u1, %u2};", false},
      // accepted by both
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], %r1;", false},
      {"tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], %r1;", false},
      {"tex.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], {%r0, %r1, %r2, %r3};", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, s, {%f4, %f5}];", false},
      {"tex.3d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, t, {%f4, %r0, %r2, %f2}];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %r3}, [t, {%r0, %f1}], {1, %r2};", false},
      {"st.global.v2.f32 [%rd0], {%f0, %r1};", false},
      {"txq.width.b32 %f1, [t];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, _, %f3}, [t, {%f4, 0f3F000000}], {1, -9};", false},
      {"tex.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5, %f6, %f7}];", false},
      {"tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, %rd1, {%r4, %r5}];", false},
      {"txq.filter_mode.b32 %r0, [t];", false},
  };
  for (const auto& [statement, independent] : cases) compare(ptxas, statement, kernel(statement, independent), t);
  const std::vector<std::pair<std::string, std::string>> modules = {
      {"samplerref in unified mode", ".version 7.8\n.target sm_50\n.global .samplerref s;\n"},
      {"samplerref parameter in unified mode", ".version 7.8\n.target sm_50\n.entry k(.param .samplerref ps)\n{\n  ret;\n}\n"},
      {"texref without storage", ".version 7.8\n.target sm_50\n.texref t;\n"},
      {".tex", ".version 7.8\n.target sm_50\n.tex .u64 t;\n"},
      {"bad sampler field", ".version 7.8\n.target sm_50, texmode_independent\n.global .samplerref s = { filter_mode = bilinear };\n"},
      {"duplicate texref", ".version 7.8\n.target sm_50\n.global .texref t;\n.global .texref t;\n"},
      {".texmode_independent", ".version 7.8\n.target sm_50\n.texmode_independent\n"},
  };
  for (const auto& [name, text] : modules) compare(ptxas, name, text, t);
  report("bad text", t);
}

// Random texture statements, mostly well-formed with a fault or two (types, sizes, kinds of registers and
// constants, modifiers, sampler, mode), given to both with a fixed seed. The verdicts and the lines must agree but
// for the differences docs/ptx.md lists: a vector mixing floating-point and typed-integer elements with a .bN
// register (ptxas refuses some, tmu accepts them all) and a scalar coordinate beyond 1d (ptxas accepts it).
class RandomStatement {
 public:
  explicit RandomStatement(uint32_t seed) : rng_(seed) {}

  std::string next(bool& independent) {
    independent = pick(10) < 3;
    const unsigned op = pick(10);
    return op < 6 ? tex() : op < 8 ? tld4() : txq();
  }

 private:
  unsigned pick(unsigned n) { return static_cast<unsigned>(rng_() % n); }
  template <size_t N>
  const char* one(const char* const (&a)[N]) { return a[pick(N)]; }
  std::string reg() {
    static const char* const kinds[] = {"f", "f", "f", "r", "r", "r", "u", "s", "rd", "h"};
    return fmt::format("%{}{}", one(kinds), pick(8));
  }
  std::string scalar() {
    const unsigned c = pick(100);
    return c < 92 ? reg() : c < 96 ? fmt::format("{}", static_cast<int>(pick(19)) - 9) : "0f3F000000";
  }
  std::string vec(unsigned n) {
    std::string v = "{";
    for (unsigned i = 0; i < n; ++i) v += (i ? ", " : "") + scalar();
    return v + "}";
  }
  unsigned size() {
    static const unsigned sizes[] = {1, 2, 2, 4, 4, 4};
    return sizes[pick(6)];
  }
  std::string texture_operand() {
    static const char* const textures[] = {"t", "t", "t", "t", "%rd1", "s", "%r1"};
    static const char* const samplers[] = {"s", "%rd2", "t"};
    std::string a = std::string("[") + one(textures);
    if (pick(10) < 3) a += std::string(", ") + one(samplers);
    return a + ", " + (pick(20) ? vec(size()) : scalar()) + "]";
  }
  std::string tail(const std::string& mip) {
    std::string out;
    if (mip == "level") out += ", " + scalar();
    if (mip == "grad") out += ", " + vec(size()) + ", " + vec(size());
    if (pick(10) < 3) out += ", " + vec(size());
    if (pick(10) < 3) out += ", " + scalar();
    return out;
  }
  std::string tex() {
    static const char* const geoms[] = {".1d", ".2d", ".3d", ".a1d", ".a2d", ".cube", ".acube", ".2dms", ".a2dms"};
    static const char* const mips[] = {"", "", "base", "level", "grad"};
    static const char* const dtypes[] = {".f32", ".s32", ".u32"};
    static const char* const ctypes[] = {".f32", ".s32"};
    const std::string mip = one(mips);
    std::string dest = vec(4);
    if (pick(10) == 0) dest += "|%p1";
    return fmt::format("tex{}{}.v4{}{} {}, {}{};", mip.empty() ? "" : "." + mip, one(geoms), one(dtypes), one(ctypes), dest,
                       texture_operand(), tail(mip));
  }
  std::string tld4() {
    static const char* const comps[] = {".r", ".g", ".b", ".a"};
    static const char* const geoms[] = {".2d", ".2d", ".a2d", ".cube", ".acube", ".1d", ".2dms"};
    static const char* const dtypes[] = {".f32", ".s32", ".u32"};
    static const char* const ctypes[] = {".f32", ".f32", ".s32"};
    return fmt::format("tld4{}{}.v4{}{} {}, {}{};", one(comps), one(geoms), one(dtypes), one(ctypes), vec(4),
                       texture_operand(), tail(""));
  }
  std::string txq() {
    static const char* const queries[] = {"width", "height", "depth", "channel_order", "num_samples",
                                          "num_mipmap_levels", "filter_mode", "addr_mode_1", "force_unnormalized_coords"};
    static const char* const operands[] = {"t", "t", "s", "%rd1", "%r1"};
    static const char* const types[] = {".b32", ".b32", ".b32", ".u32"};
    const bool level = pick(10) < 3;
    return fmt::format("txq{}.{}{} {}, [{}]{};", level ? ".level" : "", one(queries), one(types), reg(), one(operands),
                       level ? ", " + scalar() : "");
  }

  std::mt19937 rng_;
};

TEST(PtxReaderPtxas, RandomTextureStatements) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  RandomStatement gen(20261127);
  unsigned agree = 0, refused = 0, lenient = 0, crashed = 0, same_words = 0;
  for (int i = 0; i < 200; ++i) {
    bool independent = false;
    const std::string st = gen.next(independent);
    const std::string text = fmt::format(
        ".version 7.8\n.target sm_52{}\n.address_size 64\n.global .texref t;\n{}\n.visible .entry k()\n{{\n"
        "  .reg .f32 %f<8>; .reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .b16 %h<8>; .reg .u32 %u<8>; .reg .s32 %s<8>;"
        " .reg .pred %p<4>;\n  {}\n  ret;\n}}\n",
        independent ? ", texmode_independent" : "", independent ? ".global .samplerref s;" : ".global .u64 s;", st);
    const PtxasVerdict p = run_ptxas(ptxas, text, fmt::format("r{}", i));
    auto m = read(text, "r.ptx");
    if (!p.ok && p.messages.empty()) {
      ++crashed;
      continue;
    }
    const std::string what = fmt::format("{} ({})", st, independent ? "independent" : "unified");
    if (p.ok && m) {
      ++agree;
    } else if (!p.ok && !m) {
      const std::string& e = m.error();
      const size_t c1 = e.find(':'), c2 = e.find(':', c1 + 1), c3 = e.find(':', c2 + 1);
      EXPECT_EQ(static_cast<unsigned>(std::stoul(e.substr(c1 + 1, c2 - c1 - 1))), p.line) << what << "\ntmu: " << e;
      ++agree;
      ++refused;
      const std::string words = e.substr(c3 + 2);
      if (std::any_of(p.messages.begin(), p.messages.end(), [&](const std::string& pm) { return words.rfind(pm, 0) == 0; }))
        ++same_words;
    } else if (m && p.messages[0].rfind("Vector with elements of different types", 0) == 0) {
      ++lenient;  // docs/ptx.md: vectors mixing kinds with a .bN register
    } else if (!m && m.error().find("Operand vector size doesn't match geometry") != std::string::npos &&
               st.find(", {") > st.find("], ")) {
      ++lenient;  // docs/ptx.md: a scalar coordinate beyond 1d
    } else {
      ADD_FAILURE() << what << ": ptxas " << (p.ok ? "accepts it" : "says " + p.messages[0]) << ", tmu "
                    << (m ? "accepts it" : "says " + m.error());
    }
  }
  std::printf("random texture statements: %u agree (%u refused, %u of them in ptxas's words), %u documented leniencies, "
              "%u crashed ptxas\n", agree, refused, same_words, lenient, crashed);
}

}  // namespace
}  // namespace tmu::ptx
