// SPDX-License-Identifier: MIT
// Selection checked by execution: random texture shaders (every op x sampler dim x array x shadow, random
// sources and flags; ir_random.h), lowered as NAK lowers them for SM50, run twice: on the IR interpreter (with the
// SM50 transcendentals the selected MUFU code computes) and, selected and assembled, on the warp executor. Both
// drive the same texture unit on the same textures; every output component must be bit-identical (NaNs compare
// equal: the executor's are canonical). The texture instruction chosen for each case is printed.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <map>

#include "ir/builder.h"
#include "ir/passes/lower_tex.h"
#include "ir/sm50/select.h"
#include "ir/tex.h"
#include "ir/verify.h"
#include "ir_exec_harness.h"
#include "ir_random.h"
#include "texunit/texture_set.h"

namespace tmu::ir {
namespace {

bool same(uint32_t a, uint32_t b) {
  if (a == b) return true;
  return std::isnan(std::bit_cast<float>(a)) && std::isnan(std::bit_cast<float>(b));
}

// The first texture instruction's mnemonic in the selected SASS ("TEX.LZ.DC", "TLD4.G.PTP", ...).
std::string texture_form(const std::string& sass) {
  std::size_t pos = 0;
  while (pos < sass.size()) {
    const auto end = sass.find('\n', pos);
    const std::string line = sass.substr(pos, end - pos);
    pos = end == std::string::npos ? sass.size() : end + 1;
    for (const char* m : {"TEX", "TLD", "TXD", "TMML", "TXQ"})
      if (line.rfind(m, 0) == 0) return line.substr(0, line.find(' '));
  }
  return "?";
}

TEST(IrSelectExec, RandomShadersOnTheExecutorAndTheInterpreter) {
  std::map<std::string, unsigned> forms;
  unsigned cases = 0, identical = 0, identical_packed = 0, failures = 0;
  for (uint64_t seed : {20261126u, 7u, 99u}) {
    for (const test::RandomCase& c : test::random_cases(seed)) {
     // Twice: every component stored, then only some (write masks and the short forms' masks).
     for (unsigned pass = 0; pass < 2; ++pass) {
      Shader s = test::build_shader(c);
      unsigned stored = (1u << dest_size(c.tex)) - 1;
      if (pass == 1) {
        stored = 1u + static_cast<unsigned>((seed * 2654435761u + cases * 40503u) % ((1u << dest_size(c.tex)) - 1));
        std::vector<const Instr*> drop;
        s.for_each_instr([&](Instr& i) {
          const IntrinsicInstr* st = i.as<IntrinsicInstr>();
          if (st && st->op == Intrinsic::store_output && !((stored >> st->index("base").value_or(0)) & 1))
            drop.push_back(&i);
        });
        for (const Instr* i : drop) s.remove(i);
        // Every other case bindless: the texture named by a handle (TEX.B and friends). The interpreter reads a
        // handle's fields as binding indices, the hardware as pool indices: texture and sampler 0 are pool
        // entries 0 in these bindings (checked below).
        if ((cases / 2) % 2 == 0) {
          Instr* tex = nullptr;
          s.for_each_instr([&](Instr& i) {
            if (!tex && i.as<TexInstr>()) tex = &i;
          });
          Builder b(s, *find(s, tex));
          add_src(*tex->as<TexInstr>(), TexSrcType::texture_handle, b.imm_int(0));
        }
        // And every third with skip_helpers (.NODEP; every lane is covered here, so no lane drops out).
        if ((cases / 2) % 3 == 0)
          s.for_each_instr([](Instr& i) {
            if (TexInstr* t = i.as<TexInstr>()) t->skip_helpers = true;
          });
      }
      LowerTexOptions o = sm50_lower_tex_options();
      o.lower_rect = true;  // SM50 samples RECT textures through normalized coordinates here
      lower_tex(s, o);
      ASSERT_TRUE(verify(s).empty()) << c.name;

      interp::Bindings bindings;
      ASSERT_TRUE(bindings.bind_json(0, c.texture_json).ok()) << c.name;
      interp::Options io;
      io.sm50_transcendentals = true;
      auto want = interp::run(s, bindings, c.inputs, io);
      ASSERT_TRUE(want.ok()) << c.name << ": " << want.error();

      sm50::SelectOptions so;
      // Sparse residency (TEX's predicate) and min_lod (.LC) need SM52.
      const bool sm52 = c.tex.is_sparse || std::any_of(c.srcs.begin(), c.srcs.end(), [](const auto& x) {
                          return x.type == TexSrcType::min_lod;
                        });
      so.arch = sm52 ? isa::Arch::SM52 : isa::Arch::SM50;
      auto sel = sm50::select(s, so);
      ASSERT_TRUE(sel.ok()) << c.name << ": " << sel.error();
      ++forms[texture_form(sel->sass)];

      std::array<test::LaneSlots, 32> in{};
      for (unsigned lane = 0; lane < 32; ++lane)
        for (const auto& [slot, v] : c.inputs.lanes[lane].slots) {
          ASSERT_LT(slot, test::kIoSlots);
          in[lane][slot] = v;
        }
      ASSERT_EQ(bindings.texture(0)->pool_index, 0u);
      ASSERT_EQ(bindings.sampler(0)->pool_index, 0u);
      texunit::TextureUnit unit(bindings.unit_bindings(), bindings.policy());
      const uint32_t handle = texunit::TextureSet::handle(bindings.texture(0)->pool_index, bindings.sampler(0)->pool_index);
      std::string err;
      auto got = test::run_selected(sel->program, in, &unit, {test::TextureBinding{0, 0, handle}}, err);
      ASSERT_TRUE(got) << c.name << ": " << err << "\n" << sel->sass;
      if (!got->report.hazards.empty()) ADD_FAILURE() << c.name << ": " << got->report.hazards.front().to_string();

      // select() prepared the shader (prepare_tex: queries as the hardware's, sources packed into backend1 and
      // backend2); the interpreter runs the packed registers through the one unpacker and must agree too.
      auto packed = interp::run(s, bindings, c.inputs, io);
      ASSERT_TRUE(packed.ok()) << c.name << ": " << packed.error();

      ++cases;
      bool all = true, all_packed = true;
      const unsigned n = dest_size(c.tex);
      for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned k = 0; k < n; ++k) {
          if (!((stored >> k) & 1)) continue;
          const uint32_t a = want->u(lane, k, 0), b = got->outputs[lane][k][0];
          if (!same(a, packed->u(lane, k, 0))) {
            if (all_packed && failures++ < 12)
              ADD_FAILURE() << c.name << ": lane " << lane << " output " << k << ": interpreter " << std::hex << a
                            << ", interpreter on the prepared shader " << packed->u(lane, k, 0) << std::dec;
            all_packed = false;
          }
          if (same(a, b)) continue;
          all = false;
          if (failures++ < 12)
            ADD_FAILURE() << c.name << ": lane " << lane << " output " << k << ": interpreter " << std::hex << a
                          << ", executor " << b << std::dec << "\n"
                          << (failures == 1 ? sel->sass : "");
        }
      identical += all;
      identical_packed += all_packed;
     }
    }
  }
  std::printf("  %u random shaders: %u bit-identical on the executor and the interpreter\n", cases, identical);
  std::printf("  %u random shaders: %u bit-identical on the interpreter before and after prepare_tex\n", cases,
              identical_packed);
  std::printf("  texture instructions chosen:");
  for (const auto& [f, n] : forms) std::printf(" %s %u,", f.c_str(), n);
  std::printf("\n");
  EXPECT_EQ(identical, cases);
  EXPECT_EQ(identical_packed, cases);
  EXPECT_GT(cases, 500u);
}

}  // namespace
}  // namespace tmu::ir
