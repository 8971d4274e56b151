// SPDX-License-Identifier: MIT
// The PTX reader (src/ptx): tokens, modules in nvcc 11.8's style (tests/data/ptx), the PTX corpus the ptxas
// differential tests compile (tests/support/ptx_corpus.cpp), every tex form of lowering-facts.md Appendix A with
// ptxas 11.8's verdict, and bad text with its exact "file:line:col" message.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "ptx/lexer.h"
#include "ptx/print.h"
#include "ptx/reader.h"
#include "ptx_corpus.h"
#include "ptx_tex_forms.h"

namespace tmu::ptx {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Every instruction of a function, nested blocks included, in order.
void collect(const Block& b, std::vector<const Instruction*>& out) {
  for (const Statement& s : b.items) {
    if (const auto* i = std::get_if<Instruction>(&s.v)) out.push_back(i);
    if (const auto* inner = std::get_if<Block>(&s.v)) collect(*inner, out);
  }
}
std::vector<const Instruction*> instructions(const Function& f) {
  std::vector<const Instruction*> out;
  if (f.body) collect(*f.body, out);
  return out;
}
template <typename T>
std::vector<const T*> typed(const Function& f) {
  std::vector<const T*> out;
  for (const Instruction* i : instructions(f))
    if (i->texture)
      if (const T* t = std::get_if<T>(&*i->texture)) out.push_back(t);
  return out;
}
std::vector<std::string> names(const std::vector<Operand>& v) {
  std::vector<std::string> out;
  for (const Operand& o : v) out.push_back(o.kind == Operand::Kind::Sink ? "_" : o.kind == Operand::Kind::Int ? fmt::format("{}", static_cast<int64_t>(o.int_value)) : o.name);
  return out;
}
using Names = std::vector<std::string>;

// ---- tokens ----

TEST(PtxLexer, TokensKeepTheirPlace) {
  auto t = lex("tex.2d.v4 {%f1,_}, [t]; // c\n  /* x\n */ @!%p0 bra $L__BB0_2;", "a.ptx");
  ASSERT_TRUE(t) << t.error();
  const std::vector<Token>& v = *t;
  ASSERT_EQ(v.size(), 20u);
  EXPECT_EQ(v[0].text, "tex");
  EXPECT_EQ(v[1].kind, TokenKind::Directive);
  EXPECT_EQ(v[1].text, ".2d");
  EXPECT_FALSE(v[1].spaced);
  EXPECT_EQ(v[4].text, "%f1");
  EXPECT_EQ(v[4].loc, (Loc{1, 12}));
  EXPECT_EQ(v[6].text, "_");
  EXPECT_EQ(v[13].text, "@");
  EXPECT_EQ(v[13].loc, (Loc{3, 5}));
  EXPECT_EQ(v[15].text, "%p0");
  EXPECT_EQ(v[17].text, "$L__BB0_2");
  EXPECT_EQ(v[17].loc, (Loc{3, 15}));
  EXPECT_EQ(v.back().kind, TokenKind::End);
}

TEST(PtxLexer, Constants) {
  auto t = lex("42 0x2A 052 0b101 7U 0f3F800000 0dBFF0000000000000 1.5 2e3 7.8", "c.ptx");
  ASSERT_TRUE(t) << t.error();
  const std::vector<Token>& v = *t;
  EXPECT_EQ(v[0].int_value, 42u);
  EXPECT_EQ(v[1].int_value, 42u);
  EXPECT_EQ(v[2].int_value, 42u);  // octal
  EXPECT_EQ(v[3].int_value, 5u);
  EXPECT_EQ(v[4].int_value, 7u);
  EXPECT_EQ(v[5].kind, TokenKind::Float);
  EXPECT_TRUE(v[5].is_f32);
  EXPECT_EQ(v[5].float_bits, 0x3F800000u);
  EXPECT_FALSE(v[6].is_f32);
  EXPECT_EQ(v[6].float_bits, 0xBFF0000000000000u);
  EXPECT_EQ(v[7].float_bits, std::bit_cast<uint64_t>(1.5));
  EXPECT_EQ(v[8].float_bits, std::bit_cast<uint64_t>(2000.0));
  EXPECT_EQ(v[9].text, "7.8");
}

// ---- modules in nvcc's style ----

TEST(PtxReader, TextureObjectKernel) {
  const std::string path = std::string(TMU_TEST_DATA) + "/ptx/tex2d_object.ptx";
  auto m = read(slurp(path), "tex2d_object.ptx");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->version_major, 7u);
  EXPECT_EQ(m->version_minor, 8u);
  EXPECT_EQ(m->sm, 52u);
  EXPECT_EQ(m->address_size, 64u);
  ASSERT_EQ(m->functions.size(), 1u);
  const Function& f = m->functions[0];
  EXPECT_TRUE(f.entry);
  EXPECT_EQ(f.linkage, Linkage::Visible);
  ASSERT_EQ(f.params.size(), 4u);
  EXPECT_EQ(f.params[1].type, Type::U64);
  EXPECT_EQ(f.params[3].name, "_Z11sampleKernelPfyii_param_3");
  const auto texs = typed<Tex>(f);
  ASSERT_EQ(texs.size(), 1u);
  const Tex& t = *texs[0];
  EXPECT_EQ(t.mip, MipMode::None);
  EXPECT_EQ(t.geometry, (Geometry{tex::Dim::Tex2D, false}));
  EXPECT_EQ(t.dtype, Type::F32);
  EXPECT_EQ(t.ctype, Type::F32);
  EXPECT_EQ(names(t.dest), (Names{"%f5", "%f6", "%f7", "%f8"}));
  EXPECT_EQ(t.texture, (TextureRef{"%rd2", Loc{51, 44}, true}));
  EXPECT_FALSE(t.sampler);
  EXPECT_EQ(names(t.coords), (Names{"%f2", "%f4"}));
  // The guarded branch and its label; %tid.y keeps its component.
  const auto ins = instructions(f);
  const auto bra = std::find_if(ins.begin(), ins.end(), [](const Instruction* i) { return i->opcode == "bra"; });
  ASSERT_NE(bra, ins.end());
  ASSERT_TRUE((*bra)->guard);
  EXPECT_EQ((*bra)->guard->name, "%p3");
  EXPECT_EQ((*bra)->operands[0].name, "$L__BB0_2");
  EXPECT_EQ(ins[10]->operands[1].name, "%tid");
  EXPECT_EQ(ins[10]->operands[1].component, 'y');
  EXPECT_EQ(ins[17]->operands[2].float_bits, 0x3F000000u);
}

TEST(PtxReader, UnifiedTexrefKernel) {
  const std::string path = std::string(TMU_TEST_DATA) + "/ptx/texref_unified.ptx";
  auto m = read(slurp(path), "texref_unified.ptx");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->sm, 50u);
  EXPECT_FALSE(m->texmode_independent);
  ASSERT_EQ(m->opaque.size(), 3u);
  EXPECT_EQ(m->opaque[2].name, "ref_cube");
  ASSERT_EQ(m->variables.size(), 2u);
  EXPECT_EQ(m->variables[0].dims, (std::vector<uint64_t>{16}));
  EXPECT_EQ(m->variables[0].init.size(), 16u);
  EXPECT_EQ(m->variables[1].space, Space::Const);
  ASSERT_EQ(m->functions.size(), 2u);
  const Function& lerp = m->functions[0];
  EXPECT_FALSE(lerp.entry);
  ASSERT_EQ(lerp.returns.size(), 1u);
  EXPECT_EQ(lerp.returns[0].name, "func_retval0");
  const Function& k = m->functions[1];
  ASSERT_EQ(k.performance.size(), 1u);
  EXPECT_EQ(k.performance[0].name, ".maxntid");

  const auto texs = typed<Tex>(k);
  ASSERT_EQ(texs.size(), 2u);
  EXPECT_EQ(texs[0]->mip, MipMode::Level);
  EXPECT_EQ(texs[0]->geometry, (Geometry{tex::Dim::Array2D, false}));
  EXPECT_EQ(names(texs[0]->coords), (Names{"%r1", "%f1", "%f2", "%f2"}));
  ASSERT_TRUE(texs[0]->lod);
  EXPECT_EQ(texs[0]->lod->name, "%f3");
  EXPECT_EQ(texs[1]->geometry, (Geometry{tex::Dim::Cube, false}));
  ASSERT_TRUE(texs[1]->depth);
  EXPECT_EQ(texs[1]->depth->name, "%f4");
  EXPECT_TRUE(texs[1]->offset.empty());

  const auto tld4 = typed<Tld4>(k);
  ASSERT_EQ(tld4.size(), 1u);
  EXPECT_EQ(tld4[0]->component, tex::Component::G);
  EXPECT_EQ(tld4[0]->texture.name, "ref_2d");
  EXPECT_FALSE(tld4[0]->texture.is_register);
  EXPECT_EQ(names(tld4[0]->offset), (Names{"-1", "2"}));

  const auto txq = typed<Txq>(k);
  ASSERT_EQ(txq.size(), 3u);
  EXPECT_EQ(txq[0]->query, TxqQuery::Width);
  EXPECT_FALSE(txq[0]->level);
  EXPECT_EQ(txq[1]->query, TxqQuery::Height);
  EXPECT_TRUE(txq[1]->level);
  EXPECT_EQ(txq[1]->lod->name, "%r1");
  EXPECT_EQ(txq[2]->query, TxqQuery::NumMipmapLevels);

  // The call sequence in its own block: call.uni (retval0), _Z4lerpfff, (param0, param1, param2);
  const auto ins = instructions(k);
  const auto call = std::find_if(ins.begin(), ins.end(), [](const Instruction* i) { return i->opcode == "call"; });
  ASSERT_NE(call, ins.end());
  ASSERT_EQ((*call)->operands.size(), 3u);
  EXPECT_EQ((*call)->operands[0].kind, Operand::Kind::Paren);
  EXPECT_EQ((*call)->operands[1].name, "_Z4lerpfff");
  EXPECT_EQ(names((*call)->operands[2].elems), (Names{"param0", "param1", "param2"}));
}

TEST(PtxReader, IndependentModeKernel) {
  const std::string path = std::string(TMU_TEST_DATA) + "/ptx/independent_sampler.ptx";
  auto m = read(slurp(path), "independent_sampler.ptx");
  ASSERT_TRUE(m) << m.error();
  EXPECT_TRUE(m->texmode_independent);
  EXPECT_EQ(m->target_options, (std::vector<std::string>{"texmode_independent"}));
  ASSERT_EQ(m->opaque.size(), 3u);
  const OpaqueVariable& s = m->opaque[1];
  EXPECT_EQ(s.what, OpaqueVariable::What::Samplerref);
  ASSERT_EQ(s.fields.size(), 3u);
  EXPECT_EQ(s.fields[0].name, "filter_mode");
  EXPECT_EQ(s.fields[0].value, "linear");
  EXPECT_EQ(s.fields[1].value, "clamp_to_edge");
  const Function& f = m->functions[0];
  ASSERT_EQ(f.params.size(), 4u);
  EXPECT_TRUE(f.params[0].ptr);
  EXPECT_EQ(f.params[0].ptr_space, Space::Global);
  EXPECT_EQ(f.params[0].align, 16u);
  EXPECT_EQ(f.params[1].opaque, OpaqueVariable::What::Texref);
  EXPECT_EQ(f.params[3].array, 8u);
  const auto texs = typed<Tex>(f);
  ASSERT_EQ(texs.size(), 4u);
  EXPECT_EQ(texs[0]->geometry.dim, tex::Dim::Tex1D);
  EXPECT_EQ(texs[0]->sampler->name, "smp_linear");
  EXPECT_EQ(texs[1]->texture.name, "blur_param_1");
  EXPECT_EQ(texs[1]->sampler->name, "blur_param_2");
  EXPECT_EQ(texs[1]->dtype, Type::S32);
  EXPECT_EQ(names(texs[1]->dest), (Names{"%r2", "%r3", "_", "_"}));
  EXPECT_EQ(texs[2]->mip, MipMode::Grad);
  EXPECT_EQ(names(texs[2]->dpdx), (Names{"%f1", "%f2"}));
  EXPECT_EQ(names(texs[2]->dpdy), (Names{"%f2", "%f1"}));
  EXPECT_EQ(texs[3]->ctype, Type::S32);
  EXPECT_EQ(texs[3]->dtype, Type::U32);
  EXPECT_EQ(names(texs[3]->offset), (Names{"1", "-2", "3", "0"}));
  const auto txq = typed<Txq>(f);
  ASSERT_EQ(txq.size(), 1u);
  EXPECT_EQ(txq[0]->query, TxqQuery::FilterMode);
  EXPECT_EQ(txq[0]->texture.name, "smp_linear");
  // setp's pair destination and a negated guard stay generic operands.
  const auto ins = instructions(f);
  const auto setp = std::find_if(ins.begin(), ins.end(), [](const Instruction* i) { return i->opcode == "setp"; });
  ASSERT_NE(setp, ins.end());
  EXPECT_EQ((*setp)->operands[0].kind, Operand::Kind::Pair);
  EXPECT_TRUE((*(setp + 1))->guard->negated);
}

// nvcc's own output (13.0, retargeted to sm_52 and PTX 7.8, which ptxas 11.8 accepts): texture objects through
// tex2D, tex2DLod, tex2DGrad, tex2DLayered(Lod), texCubemap, tex2Dgather, tex3D and tex1Dfetch.
TEST(PtxReader, NvccTextureObjects) {
  const std::string path = std::string(TMU_TEST_DATA) + "/ptx/nvcc13_texture_objects.ptx";
  auto m = read(slurp(path), "nvcc13_texture_objects.ptx");
  ASSERT_TRUE(m) << m.error();
  ASSERT_EQ(m->functions.size(), 1u);
  const Function& f = m->functions[0];
  EXPECT_EQ(f.params.size(), 7u);
  const auto texs = typed<Tex>(f);
  ASSERT_EQ(texs.size(), 11u);
  unsigned grad = 0, level = 0, fetch = 0, cube = 0, layered = 0, volume = 0;
  for (const Tex* t : texs) {
    EXPECT_TRUE(t->texture.is_register);  // texture objects
    grad += t->mip == MipMode::Grad;
    level += t->mip == MipMode::Level;
    fetch += t->ctype == Type::S32;
    cube += t->geometry.dim == tex::Dim::Cube;
    layered += t->geometry.dim == tex::Dim::Array2D;
    volume += t->geometry.dim == tex::Dim::Tex3D;
    if (t->mip == MipMode::Grad) {
      EXPECT_EQ(t->dpdx.size(), 2u);
    }
    if (t->ctype == Type::S32) {
      EXPECT_EQ(t->geometry.dim, tex::Dim::Tex1D);
    }
  }
  EXPECT_EQ(grad, 1u);
  EXPECT_EQ(level, 5u);
  EXPECT_EQ(fetch, 1u);
  EXPECT_EQ(cube, 1u);
  EXPECT_EQ(layered, 5u);
  EXPECT_EQ(volume, 1u);
  const auto gathers = typed<Tld4>(f);
  ASSERT_EQ(gathers.size(), 1u);
  EXPECT_EQ(gathers[0]->component, tex::Component::G);
}

// nvcc's output for generic code around texture lookups (13.0, retargeted as above): an .extern vprintf
// prototype and its call, a .func called in a loop with a switch (brx-free branches), shared and local memory,
// shuffles, atomics, math functions, doubles.
TEST(PtxReader, NvccGenericCode) {
  const std::string path = std::string(TMU_TEST_DATA) + "/ptx/nvcc13_generic.ptx";
  auto m = read(slurp(path), "nvcc13_generic.ptx");
  ASSERT_TRUE(m) << m.error();
  ASSERT_EQ(m->functions.size(), 3u);
  EXPECT_EQ(m->functions[0].name, "vprintf");
  EXPECT_EQ(m->functions[0].linkage, Linkage::Extern);
  EXPECT_FALSE(m->functions[0].body);
  EXPECT_EQ(m->functions[0].returns.size(), 1u);
  EXPECT_EQ(m->functions[1].name, "_Z5shadeyffi");
  EXPECT_EQ(typed<Tex>(m->functions[1]).size(), 2u);
  EXPECT_EQ(typed<Tld4>(m->functions[1]).size(), 1u);
  const Function& k = m->functions[2];
  EXPECT_TRUE(k.entry);
  const auto ins = instructions(k);
  EXPECT_GT(ins.size(), 100u);
  const auto count = [&](std::string_view op) {
    return std::count_if(ins.begin(), ins.end(), [&](const Instruction* i) { return i->opcode == op; });
  };
  EXPECT_EQ(count("call"), 9);  // shade eight times (the loop unrolled), vprintf once
  EXPECT_GE(count("atom"), 1);
  EXPECT_GE(count("shfl"), 1);
}

// ---- the corpus ptxas compiles (tests/support/ptx_corpus.cpp) ----

// tex_<mip>_<geom>_<ctype>[_off][_dc]: the form the kernel's name says.
void expect_form(const Tex& t, const std::string& kernel) {
  std::vector<std::string> parts;
  std::stringstream ss(kernel);
  for (std::string p; std::getline(ss, p, '_');) parts.push_back(p);
  ASSERT_GE(parts.size(), 4u) << kernel;
  const std::string mip = parts[1];
  EXPECT_EQ(t.mip, mip == "none" ? MipMode::None : mip == "base" ? MipMode::Base : mip == "level" ? MipMode::Level : MipMode::Grad) << kernel;
  EXPECT_EQ(name(t.geometry), "." + parts[2]) << kernel;
  EXPECT_EQ(t.ctype, parts[3] == "f32" ? Type::F32 : Type::S32) << kernel;
  const bool off = kernel.find("_off") != std::string::npos, dc = kernel.find("_dc") != std::string::npos;
  EXPECT_EQ(t.offset.size(), off ? offset_elements(t.geometry) : 0u) << kernel;
  EXPECT_EQ(t.depth.has_value(), dc) << kernel;
  EXPECT_EQ(t.coords.size(), coordinate_elements(t.geometry)) << kernel;
  EXPECT_EQ(t.lod.has_value(), mip == "level") << kernel;
  EXPECT_EQ(t.dpdx.size(), mip == "grad" ? gradient_elements(t.geometry) : 0u) << kernel;
}

TEST(PtxReader, PtxasCorpus) {
  for (const char* target : {"sm_50", "sm_52"}) {
    unsigned tex_kernels = 0, tld4_kernels = 0, txq_kernels = 0;
    for (const auto& mod : test::ptx_corpus(target)) {
      auto m = read(mod.source, mod.name + ".ptx");
      ASSERT_TRUE(m) << m.error();
      EXPECT_EQ(m->texmode_independent, mod.name == "independent");
      for (const Function& f : m->functions) {
        if (f.name.rfind("tex_", 0) == 0) {
          const auto t = typed<Tex>(f);
          ASSERT_EQ(t.size(), 1u) << f.name;
          expect_form(*t[0], f.name);
          ++tex_kernels;
        } else if (f.name.rfind("tld4_", 0) == 0) {
          const auto t = typed<Tld4>(f);
          ASSERT_EQ(t.size(), 1u) << f.name;
          EXPECT_EQ(static_cast<char>("rgba"[static_cast<int>(t[0]->component)]), f.name[5]) << f.name;
          EXPECT_EQ(name(t[0]->geometry), "." + f.name.substr(7, f.name.find('_', 7) - 7)) << f.name;
          EXPECT_EQ(t[0]->offset.size(), f.name.find("_off") != std::string::npos ? 2u : 0u) << f.name;
          EXPECT_EQ(t[0]->depth.has_value(), f.name.find("_dc") != std::string::npos) << f.name;
          ++tld4_kernels;
        } else if (f.name.rfind("txq_", 0) == 0) {
          const auto t = typed<Txq>(f);
          ASSERT_EQ(t.size(), 1u) << f.name;
          const bool level = f.name.size() > 6 && f.name.substr(f.name.size() - 6) == "_level";
          EXPECT_EQ(t[0]->level, level) << f.name;
          const std::string q = f.name.substr(4, f.name.size() - 4 - (level ? 6 : 0));
          EXPECT_EQ(name(t[0]->query), "." + q) << f.name;
          ++txq_kernels;
        }
      }
    }
    // Appendix A's 136 accepted tex forms; tld4: 4 components x (2d, a2d: 4 forms; cube, acube: 2); txq: 9 + 3.
    EXPECT_EQ(tex_kernels, 136u) << target;
    EXPECT_EQ(tld4_kernels, 48u) << target;
    EXPECT_EQ(txq_kernels, 12u) << target;
  }
}

// ---- printing: what is printed reads back to the same module ----

void expect_round_trip(const std::string& text, const std::string& name) {
  auto m = read(text, name);
  ASSERT_TRUE(m) << m.error();
  const std::string printed = print(*m);
  auto again = read(printed, name + " (printed)");
  ASSERT_TRUE(again) << again.error() << "\n" << printed;
  EXPECT_EQ(print(*again), printed) << name;
  EXPECT_EQ(again->functions.size(), m->functions.size()) << name;
}

TEST(PtxPrint, RoundTrip) {
  for (const char* f : {"tex2d_object.ptx", "texref_unified.ptx", "independent_sampler.ptx", "nvcc13_texture_objects.ptx",
                        "nvcc13_generic.ptx"})
    expect_round_trip(slurp(std::string(TMU_TEST_DATA) + "/ptx/" + f), f);
  for (const auto& mod : test::ptx_corpus("sm_52")) expect_round_trip(mod.source, mod.name);
  auto m = read(".version 7.8\n.target sm_50\n.entry k()\n{\n .reg .b64 %rd<2>; .reg .f32 %f<2>;\n"
                "  mov.f32 %f0, -1.5; mov.f32 %f1, 0f3F800000; ld.global.f32 %f0, [%rd1+-0];\n"
                "  st.global.f32 [%rd1+-8], %f1; mov.b64 %rd0, -1; ret;\n}\n",
                "p.ptx");
  ASSERT_TRUE(m) << m.error();
  EXPECT_NE(print(*m).find("mov.f32 \t%f0, 0dBFF8000000000000;"), std::string::npos) << print(*m);
  EXPECT_NE(print(*m).find("st.global.f32 \t[%rd1+-8], %f1;"), std::string::npos) << print(*m);
  EXPECT_NE(print(*m).find("mov.b64 \t%rd0, -1;"), std::string::npos) << print(*m);
}

// ---- Appendix A: every form ptxas 11.8 was given, accepted or refused with its message ----

TEST(PtxReader, AppendixAMatrix) {
  const std::vector<test::TexForm> forms = test::appendix_a_forms(TMU_TEST_DATA);
  ASSERT_EQ(forms.size(), 288u);
  unsigned accepted = 0;
  for (const test::TexForm& f : forms) {
    const std::string text = test::tex_form_kernel(f);
    auto m = read(text, "form.ptx");
    const std::string what = fmt::format("tex.{}.{}.{}{}{}\n{}", f.mip, f.geom, f.ctype, f.offset ? " +e" : "", f.depth ? " +f" : "", text);
    if (f.verdict == "ok") {
      ASSERT_TRUE(m) << m.error() << "\n" << what;
      const auto t = typed<Tex>(m->functions[0]);
      ASSERT_EQ(t.size(), 1u);
      EXPECT_EQ(name(t[0]->geometry), "." + f.geom);
      EXPECT_EQ(t[0]->offset.empty(), !f.offset);
      EXPECT_EQ(t[0]->depth.has_value(), f.depth);
      ++accepted;
    } else {
      ASSERT_FALSE(m) << what;
      // "form.ptx:8:COL: " then ptxas's message, then tmu's explanation.
      const std::string& e = m.error();
      ASSERT_EQ(e.rfind("form.ptx:8:", 0), 0u) << e;
      const std::string message = e.substr(e.find(' ') + 1);
      EXPECT_EQ(message.rfind(f.verdict, 0), 0u) << "got: " << e << "\nexpected: " << f.verdict << "\n" << what;
    }
  }
  EXPECT_EQ(accepted, 136u);
}

// ---- what the seed allows beyond Appendix A's dtype: result types, the residency predicate ----

// Reads `statement` as a generic instruction (its opcode renamed to another of the same length, mov or setp, so
// that the module reads on sm_50 and the columns stay) and gives it back typed for `sm` and the texture mode.
Result<TextureInstruction> typed_at(std::string statement, unsigned sm, bool independent = false) {
  const std::string opcode = statement.substr(0, statement.find('.'));
  statement.replace(0, opcode.size(), opcode.size() == 4 ? "setp" : "mov");
  const std::string text = ".version 7.8\n.target sm_50, texmode_independent\n.global .texref t;\n.global .samplerref s;\n.entry k()\n{\n"
                           "  .reg .f32 %f<64>; .reg .b32 %r<64>; .reg .b64 %rd<4>; .reg .pred %p<4>; .reg .f16 %h<8>;\n"
                           "  " + statement + "\n}\n";
  auto m = read(text, "t.ptx");
  if (!m) return make_error(m.error());
  Instruction ins = *std::get_if<Instruction>(&m->functions[0].body->items.back().v);
  ins.opcode = opcode;
  const SymbolLookup lookup = [](std::string_view n) -> std::optional<SymbolInfo> {
    if (n == "t") return SymbolInfo{SymbolInfo::What::Texref, Type::B64};
    if (n == "s") return SymbolInfo{SymbolInfo::What::Samplerref, Type::B64};
    if (n.substr(0, 3) == "%rd") return SymbolInfo{SymbolInfo::What::Register, Type::B64};
    if (n.substr(0, 2) == "%f") return SymbolInfo{SymbolInfo::What::Register, Type::F32};
    if (n.substr(0, 2) == "%h") return SymbolInfo{SymbolInfo::What::Register, Type::F16};
    return SymbolInfo{SymbolInfo::What::Register, Type::B32};
  };
  return read_texture_instruction(ins, lookup, TexTarget{sm, independent}, "t.ptx");
}

TEST(PtxTexSyntax, ResultTypesAndResidency) {
  for (const char* dt : {"u32", "s32", "f32"}) {
    auto r = typed_at(fmt::format("tex.2d.v4.{}.f32 {{%r0, %r1, %r2, %r3}}, [t, {{%f0, %f1}}];", dt), 50);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(std::get<Tex>(*r).dtype, *parse_type(std::string(".") + dt));
  }
  // .f16 and .v2.f16x2 need sm_53, the residency predicate sm_60 (lowering-facts.md 3.7): typed there,
  // refused with ptxas's messages below.
  auto h = typed_at("tex.1d.v4.f16.f32 {%h0, %h1, %h2, %h3}, [t, s, {%f0}];", 53, true);
  ASSERT_TRUE(h) << h.error();
  EXPECT_EQ(std::get<Tex>(*h).dtype, Type::F16);
  EXPECT_EQ(std::get<Tex>(*h).sampler->name, "s");
  auto h2 = typed_at("tex.1d.v2.f16x2.f32 {%r0, %r1}, [t, s, {%f0}];", 53, true);
  ASSERT_TRUE(h2) << h2.error();
  EXPECT_EQ(std::get<Tex>(*h2).dtype, Type::F16x2);
  EXPECT_EQ(std::get<Tex>(*h2).dest.size(), 2u);
  auto p = typed_at("tex.3d.v4.s32.s32 {%r0, %r1, %r2, %r3}|%p1, [t, {%r4, %r5, %r6, %r7}];", 60);
  ASSERT_TRUE(p) << p.error();
  ASSERT_TRUE(std::get<Tex>(*p).residency);
  EXPECT_EQ(std::get<Tex>(*p).residency->name, "%p1");
  auto g = typed_at("tld4.a.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|%p0, [%rd1, {%f4, %f5}], {%r0, %r1}, %f6;", 60);
  ASSERT_TRUE(g) << g.error();
  EXPECT_TRUE(std::get<Tld4>(*g).texture.is_register);
  EXPECT_EQ(std::get<Tld4>(*g).component, tex::Component::A);
  EXPECT_TRUE(std::get<Tld4>(*g).depth);

  EXPECT_EQ(typed_at("tex.1d.v4.f16.f32 {%h0, %h1, %h2, %h3}, [t, {%f0}];", 52).error(),
            "t.ptx:8:12: Feature 'f16 arithemetic and compare instructions' requires .target sm_53 or higher "
            "(ptxas's spelling; this module targets sm_52)");
  EXPECT_EQ(typed_at("tex.1d.v2.f16x2.f32 {%r0, %r1}, [t, {%f0}];", 50).error(),
            "t.ptx:8:12: Feature '.f16x2 packed data-type' requires .target sm_53 or higher (this module targets sm_50)");
  EXPECT_EQ(typed_at("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|%p1, [t, {%f4, %f5}];", 52).error(),
            "t.ptx:8:42: Feature 'Texture instruction with optional predicate result' requires .target sm_60 or "
            "higher (this module targets sm_52)");
}

TEST(PtxTexSyntax, EveryTxqQuery) {
  for (const char* q : {"width", "height", "depth", "channel_data_type", "channel_order", "normalized_coords",
                        "array_size", "num_mipmap_levels", "num_samples"}) {
    auto r = typed_at(fmt::format("txq.{}.b32 %r0, [t];", q), 50);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(name(std::get<Txq>(*r).query), std::string(".") + q);
  }
  for (const char* q : {"force_unnormalized_coords", "filter_mode", "addr_mode_0", "addr_mode_1", "addr_mode_2"}) {
    auto r = typed_at(fmt::format("txq.{}.b32 %r0, [s];", q), 50, true);
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(is_sampler_query(std::get<Txq>(*r).query));
    // In unified mode the sampler state is the texture's (ptxas 11.8 takes the texref), but for
    // force_unnormalized_coords, which only a sampler has.
    auto u = typed_at(fmt::format("txq.{}.b32 %r0, [t];", q), 50);
    if (std::string_view(q) == "force_unnormalized_coords")
      EXPECT_EQ(u.error(), "t.ptx:8:42: Argument 1 of instruction 'txq': .samplerref expected (.force_unnormalized_coords "
                           "queries a sampler: .target sm_5x, texmode_independent)");
    else
      ASSERT_TRUE(u) << u.error();
  }
  auto r = typed_at("txq.level.depth.b32 %r0, [%rd0], %r1;", 50);
  ASSERT_TRUE(r) << r.error();
  EXPECT_TRUE(std::get<Txq>(*r).level);
  EXPECT_TRUE(std::get<Txq>(*r).texture.is_register);
}

// ---- bad text ----

// A kernel whose body's line 9 is `line` (with t a texref, s a .u64 variable, registers declared on line 8);
// with `mode` ", texmode_independent" s is a samplerref.
std::string bad(std::string_view line, std::string_view mode = "") {
  return fmt::format(".version 7.8\n.target sm_50{}\n.address_size 64\n.global .texref t;\n{}\n"
                     ".visible .entry k(.param .u64 p)\n{{\n"
                     "  .reg .f32 %f<16>; .reg .b32 %r<16>; .reg .b64 %rd<4>; .reg .pred %p<4>;\n"
                     "  {}\n  ret;\n}}\n",
                     mode, mode.empty() ? ".global .u64 s;" : ".global .samplerref s;", line);
}
std::string error_of(const std::string& text) {
  auto m = read(text, "bad.ptx");
  return m ? std::string("(read)") : m.error();
}

TEST(PtxReaderErrors, Header) {
  EXPECT_EQ(error_of(".target sm_50\n"), "bad.ptx:1:1: unexpected '.target': expected .version first: a PTX module starts with .version M.m");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_60\n"),
            "bad.ptx:2:9: target 'sm_60' is not supported: tmu reads PTX for Maxwell, expected .target sm_50 or .target sm_52");
  EXPECT_EQ(error_of(".version 8.0\n.target sm_50\n"), "bad.ptx:1:10: PTX ISA version 8.0 is newer than ptxas 11.8 reads: expected 7.8 or lower");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50\n.texmode_independent\n"),
            "bad.ptx:3:1: Parsing error near '.texmode_independent': syntax error (texture modes are written in the "
            "target: .target sm_50, texmode_independent)");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50\n.address_size 48\n"), "bad.ptx:3:15: address size 48 is not one PTX has: expected 32 or 64");
}

TEST(PtxReaderErrors, Tokens) {
  EXPECT_EQ(error_of(".version 7.8 /* open\n.target sm_50\n"), "bad.ptx:1:14: unterminated /* comment: expected */ before the end of the file");
  EXPECT_EQ(error_of(bad("mov.f32 %f0, 0f3F80;")), "bad.ptx:9:16: malformed constant '0f3F80;': expected 0f and 8 hex digits (fp32 bits) or 0d and 16 hex digits (fp64 bits)");
  EXPECT_EQ(error_of(bad("mov.b32 %r0, #1;")), "bad.ptx:9:16: unexpected character '#' : expected an identifier, a directive, a constant or one of , ; : { } [ ] ( ) < > = + - ! | @");
  EXPECT_EQ(error_of(bad("mov.b32 %r0, 0x;")), "bad.ptx:9:16: malformed constant '0x': expected hex digits after the prefix");
  EXPECT_EQ(error_of(bad("ld.global.f32 %f0, [%rd1-8];")), "bad.ptx:9:27: unexpected '-': expected ']' or ',' in the bracketed operand");
}

TEST(PtxReaderErrors, Declarations) {
  EXPECT_EQ(error_of(bad("mov.b32 %r16, 1;")), "bad.ptx:9:11: Unknown symbol '%r16': expected a declared register, variable, parameter, function or label");
  EXPECT_EQ(error_of(bad("bra $L__missing;")), "bad.ptx:9:7: Unknown symbol '$L__missing': expected a declared register, variable, parameter, function or label");
  EXPECT_EQ(error_of(bad("@%r1 bra $L;")), "bad.ptx:9:4: Predicate expression expected: the guard '%r1' is not a .pred register");
  EXPECT_EQ(error_of(bad(".reg .b32 %r<4>;")), "bad.ptx:9:13: Duplicate definition of variable '%r' (first declared at 8:31): expected a new name");
  EXPECT_EQ(error_of(bad("movv.b32 %r0, 1;")), "bad.ptx:9:3: Not a name of any known instruction: 'movv': expected a PTX opcode, a label or a declaration");
  EXPECT_EQ(error_of(bad("mov.b32 %r0, 1")), "bad.ptx:10:3: unexpected 'ret': expected ';' at the end of the 'mov' instruction (or ',' before another operand)");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50\n.entry k()\n{\n  ret;\n"), "bad.ptx:4:1: this block is not closed: expected '}' before the end of the file");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50, texmode_independent\n.global .samplerref s = { filter_mode = bilinear };\n"),
            "bad.ptx:3:41: Unrecognized initial value symbol 'bilinear': filter_mode is nearest or linear");
}

TEST(PtxReaderErrors, RefusedTexForms) {
  // lowering-facts.md 3.4, one of each, at the place the fault is.
  EXPECT_EQ(error_of(bad("tex.3d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5, %f6, %f7}], %f8;")),
            "bad.ptx:9:6: Illegal modifier '.3d' for instruction 'tex': depth compare is not supported for 3d textures");
  EXPECT_EQ(error_of(bad("tex.level.2d.v4.f32.s32 {%f0, %f1, %f2, %f3}, [t, {%r4, %r5}], %r6, %f8;")),
            "bad.ptx:9:71: Arguments mismatch for instruction 'tex.level': a depth compare operand needs .f32 coordinates");
  EXPECT_EQ(error_of(bad("tex.cube.v4.f32.s32 {%f0, %f1, %f2, %f3}, [t, {%r4, %r5, %r6, %r7}];")),
            "bad.ptx:9:18: Floating-point coordinates required: 'tex' on a cube map takes .f32 coordinates");
  EXPECT_EQ(error_of(bad("tex.2dms.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%r4, %f5, %f6, %f7}];")),
            "bad.ptx:9:18: Integer coordinates require .s32 instruction type: multisample geometry .2dms takes .s32 coordinates");
  EXPECT_EQ(error_of(bad("tex.level.a2dms.v4.f32.s32 {%f0, %f1, %f2, %f3}, [t, {%r4, %r5, %r6, %r7}], %r8;")),
            "bad.ptx:9:12: Illegal modifier 'Multi-sample geometry' for instruction 'tex.level': .a2dms takes no level of detail or gradients");
  EXPECT_EQ(error_of(bad("tex.acube.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%r4, %f5, %f6, %f7}], {%r1, %r2};")),
            "bad.ptx:9:6: Illegal modifier '.acube' for instruction 'tex': offsets are not supported for cube maps (Operand vector size doesn't match geometry)");
  EXPECT_EQ(error_of(bad("tex.level.a1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], %f6;")),
            "bad.ptx:9:55: Array index in the 'tex.level' instruction has unexpected type. Expecting type .u32 ('%f4' is .f32)");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|%p0, [t, {%f4, %f5}];")),
            "bad.ptx:9:42: Feature 'Texture instruction with optional predicate result' requires .target sm_60 or higher (this module targets sm_50)");
  EXPECT_EQ(error_of(bad("tld4.r.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4}];")),
            "bad.ptx:9:9: Illegal modifier '.1d' for instruction 'tld4': expected .2d, .a2d, .cube or .acube");
  EXPECT_EQ(error_of(bad("tld4.r.2d.v4.f32.s32 {%f0, %f1, %f2, %f3}, [t, {%r4, %r5}];")),
            "bad.ptx:9:19: Unexpected instruction types specified for 'tld4': expected .v4 with .u32, .s32 or .f32 results and .f32 coordinates");
}

TEST(PtxReaderErrors, TexOperands) {
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5, %f6}];")),
            "bad.ptx:9:47: Illegal vector size: 3 (a PTX vector has 1, 2 or 4 elements)");
  EXPECT_EQ(error_of(bad("tex.grad.3d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5, %f6, %f7}], {%f8, %f9}, {%f8, %f9};")),
            "bad.ptx:9:75: Operand vector size doesn't match geometry for instruction 'tex.grad': .3d takes gradients with 4 elements, got 2 and 2");
  EXPECT_EQ(error_of(bad("tex.1d.v4.f32.f32 {%f0, %f1, %f2}, [t, {%f4}];")),
            "bad.ptx:9:21: Illegal vector size: 3 (a PTX vector has 1, 2 or 4 elements)");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [s, {%f4, %f5}];")),
            "bad.ptx:9:44: Argument 1 of instruction 'tex': .texref or .u64 register expected ('s' is not a .texref)");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [%r1, {%f4, %f5}];")),
            "bad.ptx:9:44: Arguments mismatch for instruction 'tex': '%r1' is a .b32 register, a handle is a .u64 register");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [nope, {%f4, %f5}];")),
            "bad.ptx:9:44: Unknown symbol 'nope': expected a declared .texref or a .u64 register");
  EXPECT_EQ(error_of(bad("tex.4d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];")),
            "bad.ptx:9:6: unknown modifier '.4d' for instruction 'tex': expected a geometry, one of .1d .2d .3d .a1d .a2d .cube .acube .2dms .a2dms (after .base, .level or .grad)");
  EXPECT_EQ(error_of(bad("txq.level.channel_order.b32 %r0, [t], %r1;")),
            "bad.ptx:9:12: Illegal query modifier for instruction 'txq.level': '.channel_order' takes no level, only .width, .height and .depth do");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], {%r1, %r2}, %f6, %f7;")),
            "bad.ptx:9:77: Arguments mismatch for instruction 'tex': too many operands, nothing may follow the offset e and the depth compare value f");
}

// Checked against ptxas 11.8 by hand (its message, then tmu's explanation).
TEST(PtxReaderErrors, AsPtxasSays) {
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50\n.global .samplerref s;\n"), 
            "bad.ptx:3:1: Instruction or declaration violates .target texmode_unified setting: a .samplerref needs .target sm_5x, texmode_independent");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50\n.entry k(.param .samplerref ps)\n{\n  ret;\n}\n"), 
            "bad.ptx:3:10: Instruction or declaration violates .target texmode_unified setting: a .samplerref needs .target sm_5x, texmode_independent");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50\n.texref t;\n"), 
            "bad.ptx:3:1: No variable storage specified: expected .global .texref NAME;");
  EXPECT_EQ(error_of(".version 7.8\n.target sm_50\n.tex .u64 t;\n"), 
            "bad.ptx:3:1: Deprecated feature: '.tex' not supported as of PTX version 1.5: expected .global .texref NAME;");
  EXPECT_EQ(error_of(bad("mov.b32 {%r0, %r1, %r2}, %rd0;")), 
            "bad.ptx:9:11: Illegal vector size: 3 (a PTX vector has 1, 2 or 4 elements)");
  EXPECT_EQ(error_of(bad("tex.a2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%r4, %f5, %f6}];")), 
            "bad.ptx:9:48: Illegal vector size: 3 (a PTX vector has 1, 2 or 4 elements)");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];", ", texmode_independent")), 
            "bad.ptx:9:47: Argument 2 of instruction 'tex': .samplerref or .u64 register expected (texmode_independent: [texture, sampler, {coordinates}])");
  EXPECT_EQ(error_of(bad("txq.addr_mode_0.b32 %r0, [t];", ", texmode_independent")), 
            "bad.ptx:9:28: Argument 1 of instruction 'txq': .samplerref or .u64 register expected ('t' is not a .samplerref)");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}], {%f1, %f2};")), 
            "bad.ptx:9:61: Arguments mismatch for instruction 'tex': '%f1' is a .f32 register, an offset is an integer");
  EXPECT_EQ(error_of(bad("tex.2d.v4.s32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];")), 
            "bad.ptx:9:22: Arguments mismatch for instruction 'tex': '%f0' is a .f32 register, the destination is an integer");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.s32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];")), 
            "bad.ptx:9:48: Arguments mismatch for instruction 'tex': '%f4' is a .f32 register, a coordinate is an integer");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%rd1, %f5}];")), 
            "bad.ptx:9:54: Incompatible elements of vector expression: '%f5' is a .f32 register, the elements before it 64-bit ones");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %rd1}];")),
            "bad.ptx:9:53: Incompatible elements of vector expression: '%rd1' is a .b64 register, the elements before it 32-bit ones");
  EXPECT_EQ(error_of(bad("tex.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%rd1}];")),
            "bad.ptx:9:48: Arguments mismatch for instruction 'tex': '%rd1' is a .b64 register, a coordinate takes 32-bit registers");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %r3}, [t, {%f4, 1}];")),
            "bad.ptx:9:47: Vector with elements of different types are not allowed in tex instruction: floating-point and "
            "typed integer elements mixed (.bN registers go with either)");
  EXPECT_EQ(error_of(bad("txq.width.b32 %rd1, [t];")),
            "bad.ptx:9:17: Arguments mismatch for instruction 'txq': '%rd1' is a .b64 register, the destination takes 32-bit registers");
  EXPECT_EQ(error_of(bad("txq.width.u32 %r0, [t];")), 
            "bad.ptx:9:12: Unexpected instruction types specified for 'txq': expected .b32, not '.u32'");
  EXPECT_EQ(error_of(bad("txq.level.width.b32 %r0, [t], %f1;")), 
            "bad.ptx:9:33: Arguments mismatch for instruction 'txq.level': '%f1' is a .f32 register, the level is an integer");
  EXPECT_EQ(error_of(bad("tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, t, {%f4, %f5};")), 
            "bad.ptx:9:43: Address expected for argument 1 of instruction 'tex': expected [texture, {coordinates}] or [texture, sampler, {coordinates}]");
  EXPECT_EQ(error_of(bad("tld4.r.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f4, %f5}];", ", texmode_independent")), 
            "bad.ptx:9:50: Argument 2 of instruction 'tld4': .samplerref or .u64 register expected (texmode_independent: [texture, sampler, {coordinates}])");
}

}  // namespace
}  // namespace tmu::ptx
