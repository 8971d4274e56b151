// SPDX-License-Identifier: MIT
// nir_lower_tex against Mesa's own (Debian's mesa 22.3.6, built by scripts/build-mesa-nir.sh into the helper
// tests/support/mesa_nir_helper): the random shaders of ir_random.h are built by Mesa's nir_builder, lowered by
// Mesa's nir_lower_tex with each option, printed; tmu reads Mesa's output, lowers its own copy of the shader with
// the same option, and runs both on the interpreter with the same textures and inputs. The results must be
// bit-identical, except where 22.3.6 does not do what seed 003 and lowering-facts 1.3 say (docs/ir.md, "Mesa
// 22.3.6"): those cases are counted apart, each with its reason, and must differ as explained. Mesa's unlowered
// shader is run too, and must give the results of tmu's unlowered one (the reader and the helper agree).
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "ir/passes/lower_tex.h"
#include "ir/print.h"
#include "ir/read.h"
#include "ir/tex.h"
#include "ir/verify.h"
#include "ir_random.h"
#include "oracle.h"

namespace tmu::ir {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> find_mesa_helper() {
  if (const char* p = std::getenv("TMU_MESA_NIR"); p && fs::exists(p)) return std::string(p);
  const char* cache = std::getenv("TMU_CACHE");
  const char* home = std::getenv("HOME");
  const fs::path dir = cache ? fs::path(cache) : fs::path(home ? home : "/root") / ".cache/tmu";
  const fs::path helper = dir / "mesa-nir-22.3.6/bin/tmu_mesa_nir";
  if (fs::exists(helper)) return helper.string();
  return std::nullopt;
}

struct MesaResult {
  std::string before, after;  // printed shaders, tmu's (dim) fields added from the texinfo lines
  bool progress = false;
  std::string failure;        // "error ...", "crashed signal N", "timeout", "unsupported: ..."
};

// Mesa 22.3's printer leaves out sampler_dim and friends of index-based tex instructions; the helper lists them
// on texinfo lines, written here into the tex lines in tmu's extended syntax (print.h).
std::string with_tex_info(const std::string& shader, const std::vector<std::string>& info) {
  std::string out = shader;
  for (const std::string& line : info) {
    std::istringstream in(line);
    std::string word, ssa;
    in >> word >> ssa;
    std::map<std::string, std::string> kv;
    while (in >> word) {
      const auto eq = word.find('=');
      if (eq != std::string::npos) kv[word.substr(0, eq)] = word.substr(eq + 1);
    }
    std::string extra = ", " + kv["dim"] + " (dim), " + kv["coord_components"] + " (coord_components)";
    if (kv["array"] == "1") extra += ", array";
    if (kv["shadow"] == "1") extra += ", shadow";
    if (kv["new_shadow"] == "1") extra += ", new_style_shadow";
    if (kv["lowered_cube"] == "1") extra += ", lowered_cube";
    const auto at = out.find(ssa + " = (");
    if (at == std::string::npos) continue;
    const auto eol = out.find('\n', at);
    out.insert(eol, extra);
  }
  return out;
}

std::map<std::string, MesaResult> parse(const std::string& text) {
  std::map<std::string, MesaResult> out;
  std::istringstream in(text);
  std::string line, name, section;
  std::string buf;
  std::vector<std::string> info;
  MesaResult cur;
  auto flush = [&] {
    if (section == "before") cur.before = with_tex_info(buf, info);
    if (section == "after") cur.after = with_tex_info(buf, info);
    buf.clear();
    info.clear();
  };
  while (std::getline(in, line)) {
    if (line.rfind("case ", 0) == 0) {
      name = line.substr(5);
      cur = MesaResult{};
      section.clear();
    } else if (line == "before" || line == "after") {
      flush();
      section = line;
    } else if (line.rfind("progress ", 0) == 0) {
      flush();
      section.clear();
      cur.progress = line == "progress 1";
    } else if (line == "end") {
      flush();
      out[name] = cur;
    } else if (section.empty() && (line.rfind("error", 0) == 0 || line.rfind("crashed", 0) == 0 ||
                                   line.rfind("timeout", 0) == 0 || line.rfind("unsupported", 0) == 0)) {
      cur.failure += line + "; ";
    } else if (line.rfind("texinfo ", 0) == 0) {
      info.push_back(line);
    } else if (!section.empty()) {
      buf += line + "\n";
    }
  }
  return out;
}

using Results = std::array<std::array<uint32_t, 5>, 32>;

std::optional<Results> run(Shader& s, const test::RandomCase& c, std::string& err) {
  interp::Bindings bindings;
  if (auto r = bindings.bind_json(0, c.texture_json); !r) {
    err = r.error();
    return std::nullopt;
  }
  interp::Options opt;
  opt.sm50_txd_forms_only = false;
  auto out = interp::run(s, bindings, c.inputs, opt);
  if (!out) {
    err = out.error();
    return std::nullopt;
  }
  Results v{};
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned k = 0; k < 5; ++k) v[lane][k] = out->u(lane, k, 0);
  return v;
}

bool same(const Results& a, const Results& b, unsigned n) {
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned k = 0; k < n; ++k)
      if (a[lane][k] != b[lane][k] &&
          !(std::isnan(std::bit_cast<float>(a[lane][k])) && std::isnan(std::bit_cast<float>(b[lane][k]))))
        return false;
  return true;
}

struct Option {
  std::string lines;  // "FIELD=VALUE" separated by spaces, as the helper's option lines
  std::string compiler;
  std::function<bool(const test::RandomCase&)> applies;
};

bool has(const test::RandomCase& c, TexSrcType t) {
  return std::any_of(c.srcs.begin(), c.srcs.end(), [&](const auto& s) { return s.type == t; });
}

std::vector<Option> options() {
  auto any = [](const test::RandomCase&) { return true; };
  auto txd = [](const test::RandomCase& c) { return c.tex.op == TexOp::txd; };
  std::vector<Option> v = {
      {"lower_txp=0xffff", "", [](auto& c) { return has(c, TexSrcType::projector); }},
      {"lower_txp_array=1", "", [](auto& c) { return has(c, TexSrcType::projector) && c.tex.is_array; }},
      {"lower_txf_offset=1", "", [](auto& c) { return c.tex.op == TexOp::txf; }},
      {"lower_rect_offset=1", "", [](auto& c) { return c.tex.sampler_dim == SamplerDim::Rect; }},
      {"lower_offset_filter=always", "", [](auto& c) { return has(c, TexSrcType::offset); }},
      {"lower_rect=1", "has_txs=1", [](auto& c) { return c.tex.sampler_dim == SamplerDim::Rect; }},
      {"saturate_s=1", "", any},
      {"saturate_t=1", "", any},
      {"saturate_r=1", "", any},
      {"lower_srgb=1", "", any},
      {"swizzle_result=1 swizzles[0]=2,0,5,4", "", any},
      {"lower_txd=1", "", txd},
      {"lower_txd_cube_map=1", "", txd},
      {"lower_txd_3d=1", "", txd},
      {"lower_txd_array=1", "", txd},
      {"lower_txd_shadow=1", "", txd},
      {"lower_txd_shadow_clamp=1", "", txd},
      {"lower_txd_offset_clamp=1", "", txd},
      {"lower_txd_clamp_if_sampler_index_not_lt_16=1", "", txd},
      {"lower_txb_shadow_clamp=1", "", [](auto& c) { return c.tex.op == TexOp::txb; }},
      {"lower_tex_packing[0]=16", "", any},
      {"lower_tex_packing[0]=8", "", [](auto& c) { return c.tex.dest_type.base == BaseType::Float; }},
      {"lower_txs_lod=1", "", [](auto& c) { return c.tex.op == TexOp::txs; }},
      {"lower_txs_cube_array=1", "", [](auto& c) { return c.tex.op == TexOp::txs; }},
      {"lower_tg4_broadcom_swizzle=1", "", [](auto& c) { return c.tex.op == TexOp::tg4; }},
      {"lower_tg4_offsets=1", "", [](auto& c) { return c.tex.op == TexOp::tg4; }},
      {"lower_lod_zero_width=1", "", [](auto& c) { return c.tex.op == TexOp::lod; }},
      {"lower_array_layer_round_even=1", "", [](auto& c) { return c.tex.is_array; }},
  };
  return v;
}

// Where Mesa 22.3.6 departs from seed 003 / lowering-facts 1.3 (docs/ir.md lists them): the reason, or "".
std::string known_difference(const std::string& option, const test::RandomCase& c) {
  const bool sampler = need_sampler(c.tex);
  if (option.rfind("saturate_", 0) == 0) {
    if (!sampler) return "22.3.6 saturates ops without a sampler too (txf, txs, ...)";
    if (c.tex.op == TexOp::tex && c.tex.is_array)
      return "22.3.6's tex -> txd takes derivatives of the layer as well";
    return "";
  }
  return "";
}

TEST(IrMesa, LowerTexAgreesWithMesa2236) {
  auto helper = find_mesa_helper();
  if (!helper) {
    if (test::oracles_required()) FAIL() << "tmu_mesa_nir is required (TMU_REQUIRE_ORACLES=1) but missing: run scripts/setup.sh --oracles";
    GTEST_SKIP() << "skipped: install Mesa's NIR oracle: scripts/build-mesa-nir.sh";
  }
  // The cases: every applicable (shader, option) pair.
  struct Job {
    test::RandomCase c;
    Option o;
    std::string what;  // the case's descriptive name
  };
  std::vector<Job> jobs;
  std::string input;
  for (const test::RandomCase& c : test::random_cases(20261127)) {
    for (const Option& o : options()) {
      if (!o.applies(c)) continue;
      std::vector<std::string> lines;
      std::istringstream words(o.lines);
      for (std::string w; words >> w;) lines.push_back(w);
      // A projector the option does not lower cannot run on the interpreter: project it as well.
      if (has(c, TexSrcType::projector) && o.lines.rfind("lower_txp", 0) != 0) lines.push_back("lower_txp=0xffff");
      test::RandomCase named = c;
      named.name = "c" + std::to_string(jobs.size());
      std::string text = test::mesa_case_text(named, lines);
      if (!o.compiler.empty()) text.insert(text.rfind("end\n"), "compiler_option " + o.compiler + "\n");
      input += text;
      jobs.push_back({named, o, c.name});
    }
  }
  const std::string dir = test::temp_dir();
  test::write_text(dir + "/cases.txt", input);
  const test::RunResult r = test::run_program({"/bin/sh", "-c", "'" + *helper + "' < '" + dir + "/cases.txt'"});
  ASSERT_EQ(r.status, 0) << r.err.substr(0, 2000);
  const auto results = parse(r.out);

  struct Tally {
    unsigned cases = 0, identical = 0, known = 0, mesa_failed = 0;
  };
  std::map<std::string, Tally> tally;
  std::map<std::string, unsigned> known_reasons;
  unsigned sanity = 0, failures = 0;
  for (const Job& j : jobs) {
    Tally& t = tally[j.o.lines];
    ++t.cases;
    auto it = results.find(j.c.name);
    ASSERT_NE(it, results.end()) << j.c.name << " has no result";
    const MesaResult& m = it->second;
    const std::string reason = known_difference(j.o.lines, j.c);
    if (!m.failure.empty()) {
      ++t.mesa_failed;
      // Only 22.3.6's documented failures may stop it (docs/ir.md, "Mesa 22.3.6").
      const bool saturate = j.o.lines.rfind("saturate_", 0) == 0;
      const bool invalid = m.failure.find("validation failed") != std::string::npos;
      std::string why;
      if (m.failure.find("crashed") != std::string::npos && j.c.tex.op == TexOp::txb && saturate)
        why = "22.3.6 crashes on txb with saturate (lower_txb_to_txl copies two sources)";
      else if (invalid && saturate && j.c.tex.op == TexOp::tex && j.c.tex.is_array)
        why = "22.3.6's saturate turns tex into txd with the layer's derivative too: nir_validate fails";
      else if (invalid && j.o.lines == "lower_tex_packing[0]=8" && result_size(j.c.tex) == 1)
        why = "22.3.6's packing 8 gives a one-component shadow result a vec4: nir_validate fails";
      else if (j.c.tex.is_sparse && (j.o.lines == "lower_srgb=1" || j.o.lines.rfind("swizzle_result", 0) == 0 ||
                                     j.o.lines == "lower_tg4_broadcom_swizzle=1" ||
                                     j.o.lines.rfind("lower_tex_packing", 0) == 0))
        why = "22.3.6 asserts four result components: a sparse result (five) aborts or fails nir_validate";
      else if (invalid && saturate && j.c.tex.op == TexOp::tex && j.c.tex.is_sparse)
        why = "22.3.6's saturate turns tex into txd without is_sparse: nir_validate fails";
      if (why.empty() && failures++ < 20)
        ADD_FAILURE() << j.c.name << " " << j.what << " (" << j.o.lines << "): Mesa: " << m.failure;
      if (!why.empty()) ++known_reasons[why];
      continue;
    }
    auto mesa_before = read(m.before, j.c.name + ".before.nir");
    auto mesa_after = read(m.after, j.c.name + ".after.nir");
    ASSERT_TRUE(mesa_before.ok()) << mesa_before.error() << "\n" << m.before;
    ASSERT_TRUE(mesa_after.ok()) << mesa_after.error() << "\n" << m.after;

    Shader mine = test::build_shader(j.c);
    LowerTexOptions lo;
    std::istringstream words(j.o.lines);
    for (std::string w; words >> w;) {
      const auto eq = w.find('=');
      ASSERT_TRUE(set_option(lo, w.substr(0, eq), w.substr(eq + 1)).ok()) << w;
    }
    if (has(j.c, TexSrcType::projector)) lo.lower_txp = 0xffff;
    CompilerOptions co;
    if (!j.o.compiler.empty()) {
      const auto eq = j.o.compiler.find('=');
      ASSERT_TRUE(set_compiler_option(co, j.o.compiler.substr(0, eq), j.o.compiler.substr(eq + 1)).ok());
    }
    lower_tex(mine, lo, co);
    ASSERT_TRUE(verify(mine).empty()) << j.c.name;

    std::string err;
    const unsigned n = dest_size(j.c.tex);
    if (sanity < 40) {  // Mesa's unlowered shader, read back, runs as tmu's (when it can run: no projector)
      Shader original = test::build_shader(j.c);
      if (!has(j.c, TexSrcType::projector)) {
        auto a = run(*mesa_before, j.c, err);
        ASSERT_TRUE(a) << j.c.name << " Mesa before: " << err;
        auto b = run(original, j.c, err);
        ASSERT_TRUE(b) << err;
        EXPECT_TRUE(same(*a, *b, n)) << j.c.name << ": Mesa's unlowered shader, read by tmu, runs differently";
        ++sanity;
      }
    }
    auto a = run(*mesa_after, j.c, err);
    const std::string mesa_err = a ? "" : err;
    auto b = run(mine, j.c, err);
    ASSERT_TRUE(b) << j.c.name << " (" << j.o.lines << ") tmu's lowering does not run: " << err;
    const bool agree = a && same(*a, *b, n);
    if (agree) {
      ++t.identical;
    } else if (!reason.empty()) {
      ++t.known;
      ++known_reasons[reason];
    } else if (failures++ < 20) {
      ADD_FAILURE() << j.c.name << " " << j.what << " (" << j.o.lines << "): Mesa's lowering " << (a ? "gives other results" : "does not run: " + mesa_err)
                    << "\nMesa:\n" << m.after;
    }
  }
  for (const auto& [o, t] : tally)
    std::printf("  %-44s %3u cases: %3u identical, %3u known 22.3.6 differences, %3u Mesa failures\n", o.c_str(),
                t.cases, t.identical, t.known, t.mesa_failed);
  for (const auto& [why, n] : known_reasons) std::printf("  known: %s: %u\n", why.c_str(), n);
  EXPECT_GT(jobs.size(), 300u);
}

// Loops: the helper builds each of its "loop" shapes with nir_builder (loops, ifs, break and continue over
// function_temp variables), puts it in SSA form with nir_lower_vars_to_ssa, validates it and prints it. tmu reads
// Mesa's print and prints it back letter for letter (loop lines, jumps, phis, preds/succs with the back edges),
// verify() accepts it, and the interpreter runs it with n = L % 8 in lane L to the values worked out by hand from
// the shapes' C (tests/support/mesa_nir_helper/main.c, "Loop shaders").
TEST(IrMesa, LoopShadersPrintAndRunAsMesa2236) {
  auto helper = find_mesa_helper();
  if (!helper) {
    if (test::oracles_required()) FAIL() << "tmu_mesa_nir is required (TMU_REQUIRE_ORACLES=1) but missing: run scripts/setup.sh --oracles";
    GTEST_SKIP() << "skipped: install Mesa's NIR oracle: scripts/build-mesa-nir.sh";
  }
  const std::map<std::string, std::array<uint32_t, 8>> expected = {
      {"sum", {0, 0, 1, 3, 6, 10, 15, 21}},           // 0 + 1 + ... + (n - 1)
      {"two_breaks", {0, 0, 1, 3, 6, 20, 20, 20}},    // as sum until s >= 10 (at i = 4), then s * 2
      {"continue_odd", {0, 0, 2, 2, 6, 6, 12, 12}},   // the even numbers up to n
      {"nested", {0, 0, 0, 1, 4, 10, 20, 35}},        // the sum over i < n of 0 + ... + (i - 1)
      {"loop_in_if", {7, 7, 1, 3, 6, 10, 15, 21}},    // n >= 2 ? sum : 7
  };
  std::string input;
  for (const auto& [shape, values] : expected) input += "case " + shape + "\nloop " + shape + "\nend\n";
  const std::string dir = test::temp_dir();
  test::write_text(dir + "/loops.txt", input);
  const test::RunResult r = test::run_program({"/bin/sh", "-c", "'" + *helper + "' < '" + dir + "/loops.txt'"});
  ASSERT_EQ(r.status, 0) << r.err.substr(0, 2000);
  const auto results = parse(r.out);
  interp::Inputs in = interp::Inputs::quads();
  for (unsigned lane = 0; lane < 32; ++lane) in.set_input_bits(lane, 0, {lane % 8, 0, 0, 0});
  for (const auto& [shape, values] : expected) {
    SCOPED_TRACE(shape);
    ASSERT_TRUE(results.count(shape)) << r.out.substr(0, 2000);
    const MesaResult& m = results.at(shape);
    ASSERT_TRUE(m.failure.empty()) << m.failure << "\n" << r.err.substr(0, 2000);
    ASSERT_NE(m.before.find("\tloop {\n"), std::string::npos) << m.before;
    auto s = read(m.before, shape + ".nir");
    ASSERT_TRUE(s.ok()) << s.error() << "\n" << m.before;
    EXPECT_EQ(print(*s), m.before);
    EXPECT_TRUE(verify(*s).empty());
    interp::Bindings bindings;
    auto out = interp::run(*s, bindings, in);
    ASSERT_TRUE(out.ok()) << out.error();
    for (unsigned lane = 0; lane < 32; ++lane) EXPECT_EQ(out->u(lane, 0, 0), values[lane % 8]) << "lane " << lane;
  }
}

}  // namespace
}  // namespace tmu::ir
