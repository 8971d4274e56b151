// SPDX-License-Identifier: MIT
// Selection to SM50, checked by running the selected SASS on the executor: ALU code against values computed by
// hand from NIR's definitions, texture instructions against the texels of a hand-made texture. The random
// comparison with the interpreter is in ir_select_diff_test.cpp.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "ir/builder.h"
#include "ir/sm50/select.h"
#include "ir/verify.h"
#include "ir_exec_harness.h"
#include "texunit/texture_set.h"

namespace tmu::ir {
namespace {

uint32_t f32(float f) { return std::bit_cast<uint32_t>(f); }

struct Kernel {
  Shader s;
  Builder b{s, Cursor{s.body[0].block.get(), 0}};

  DefId input(unsigned base, unsigned comps) {
    IntrinsicInstr i;
    i.op = Intrinsic::load_input;
    i.src = {b.imm_int(0)};
    i.set_index("base", std::to_string(base));
    i.dest.components = static_cast<uint8_t>(comps);
    return b.intrinsic(std::move(i));
  }
  void output(unsigned base, DefId v) {
    IntrinsicInstr i;
    i.op = Intrinsic::store_output;
    i.src = {v, b.imm_int(0)};
    i.set_index("base", std::to_string(base));
    b.intrinsic(std::move(i));
  }
  std::optional<test::ExecRun> run(const std::array<test::LaneSlots, 32>& in, const texunit::TextureUnit* unit = nullptr,
                                   const std::vector<test::TextureBinding>& bind = {}) {
    EXPECT_TRUE(verify(s).empty());
    auto sel = sm50::select(s);
    EXPECT_TRUE(sel.ok()) << sel.error();
    if (!sel.ok()) return std::nullopt;
    std::string err;
    auto r = test::run_selected(sel->program, in, unit, bind, err);
    EXPECT_TRUE(r.has_value()) << err << "\n" << sel->sass;
    if (r && !r->report.hazards.empty()) ADD_FAILURE() << r->report.hazards.front().to_string();
    return r;
  }
};

TEST(IrSelect, FloatArithmetic) {
  Kernel k;
  const DefId a = k.input(0, 2);
  const DefId x = k.b.channel(a, 0), y = k.b.channel(a, 1);
  k.output(0, k.b.vec(std::vector<DefId>{k.b.alu(AluOp::fadd, {x, y}), k.b.alu(AluOp::fmul, {x, y}),
                                          k.b.alu(AluOp::fsub, {x, y}), k.b.alu(AluOp::ffma, {x, y, x})}));
  k.output(1, k.b.vec(std::vector<DefId>{k.b.alu(AluOp::fmin, {x, y}), k.b.alu(AluOp::fmax, {x, y}),
                                          k.b.alu(AluOp::ffloor, {x}), k.b.alu(AluOp::ffract, {x})}));
  k.output(2, k.b.vec(std::vector<DefId>{k.b.alu(AluOp::fneg, {x}), k.b.alu(AluOp::fabs, {y}),
                                          k.b.alu(AluOp::fsat, {y}), k.b.alu(AluOp::fround_even, {x})}));
  std::array<test::LaneSlots, 32> in{};
  for (unsigned l = 0; l < 32; ++l) in[l][0] = {f32(1.25f * static_cast<float>(l) - 7.5f), f32(0.75f - 0.125f * static_cast<float>(l)), 0, 0};
  auto r = k.run(in);
  ASSERT_TRUE(r);
  for (unsigned l = 0; l < 32; ++l) {
    const float x0 = 1.25f * static_cast<float>(l) - 7.5f, y0 = 0.75f - 0.125f * static_cast<float>(l);
    EXPECT_EQ(r->outputs[l][0][0], f32(x0 + y0)) << l;
    EXPECT_EQ(r->outputs[l][0][1], f32(x0 * y0)) << l;
    EXPECT_EQ(r->outputs[l][0][2], f32(x0 - y0)) << l;
    EXPECT_EQ(r->outputs[l][0][3], f32(std::fma(x0, y0, x0))) << l;
    EXPECT_EQ(r->outputs[l][1][0], f32(std::fmin(x0, y0))) << l;
    EXPECT_EQ(r->outputs[l][1][1], f32(std::fmax(x0, y0))) << l;
    EXPECT_EQ(r->outputs[l][1][2], f32(std::floor(x0))) << l;
    EXPECT_EQ(r->outputs[l][1][3], f32(x0 - std::floor(x0))) << l;
    EXPECT_EQ(r->outputs[l][2][0], f32(-x0)) << l;
    EXPECT_EQ(r->outputs[l][2][1], f32(std::fabs(y0))) << l;
    EXPECT_EQ(r->outputs[l][2][2], f32(std::fmin(std::fmax(y0, 0.0f), 1.0f))) << l;
    EXPECT_EQ(r->outputs[l][2][3], f32(std::nearbyint(x0))) << l;
  }
}

TEST(IrSelect, IntegerArithmeticAndDivision) {
  Kernel k;
  const DefId a = k.input(0, 2);
  const DefId x = k.b.channel(a, 0), y = k.b.channel(a, 1);
  k.output(0, k.b.vec(std::vector<DefId>{k.b.alu(AluOp::udiv, {x, y}), k.b.alu(AluOp::umod, {x, y}),
                                          k.b.alu(AluOp::idiv, {x, y}), k.b.alu(AluOp::ishl, {x, y})}));
  k.output(1, k.b.vec(std::vector<DefId>{k.b.alu(AluOp::i2f32, {x}), k.b.alu(AluOp::u2f32, {x}),
                                          k.b.alu(AluOp::imin, {x, y}), k.b.alu(AluOp::umax, {x, y})}));
  std::array<test::LaneSlots, 32> in{};
  auto xs = [](unsigned l) { return static_cast<uint32_t>(l * 2654435761u); };
  auto ys = [](unsigned l) { return static_cast<uint32_t>(l % 7 == 0 ? 0u : (l * 40503u) % 1000u + 1u); };
  for (unsigned l = 0; l < 32; ++l) in[l][0] = {xs(l), ys(l), 0, 0};
  auto r = k.run(in);
  ASSERT_TRUE(r);
  for (unsigned l = 0; l < 32; ++l) {
    const uint32_t x0 = xs(l), y0 = ys(l);
    const auto sx = static_cast<int32_t>(x0), sy = static_cast<int32_t>(y0);
    if (y0 != 0) {
      EXPECT_EQ(r->outputs[l][0][0], x0 / y0) << l;
      EXPECT_EQ(r->outputs[l][0][1], x0 % y0) << l;
      EXPECT_EQ(r->outputs[l][0][2], static_cast<uint32_t>(sx / sy)) << l;
    } else {
      // NIR leaves it undefined; 0 as the interpreter defines it.
      EXPECT_EQ(r->outputs[l][0][0], 0u) << "x / 0";
      EXPECT_EQ(r->outputs[l][0][1], 0u) << "x % 0";
    }
    EXPECT_EQ(r->outputs[l][0][3], x0 << (y0 & 31)) << l;
    EXPECT_EQ(r->outputs[l][1][0], f32(static_cast<float>(sx))) << l;
    EXPECT_EQ(r->outputs[l][1][1], f32(static_cast<float>(x0))) << l;
    EXPECT_EQ(r->outputs[l][1][2], static_cast<uint32_t>(std::min(sx, sy))) << l;
    EXPECT_EQ(r->outputs[l][1][3], std::max(x0, y0)) << l;
  }
}

TEST(IrSelect, UnpackUnorm4x8IsCorrectlyRounded) {
  Kernel k;
  const DefId a = k.input(0, 1);
  k.output(0, k.b.alu(AluOp::unpack_unorm_4x8, {a}));
  // Every byte value appears once: lane l holds bytes 8l .. 8l + 3 (mod 256), twice over.
  for (unsigned round = 0; round < 2; ++round) {
    std::array<test::LaneSlots, 32> in{};
    for (unsigned l = 0; l < 32; ++l) {
      uint32_t w = 0;
      for (unsigned c = 0; c < 4; ++c) w |= ((8 * l + 4 * round + c) & 0xffu) << (8 * c);
      in[l][0][0] = w;
    }
    auto r = k.run(in);
    ASSERT_TRUE(r);
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned c = 0; c < 4; ++c) {
        const unsigned byte = (8 * l + 4 * round + c) & 0xffu;
        EXPECT_EQ(r->outputs[l][0][c], f32(static_cast<float>(byte) / 255.0f)) << byte;
      }
  }
}

TEST(IrSelect, IfElseWithPhi) {
  Kernel k;
  const DefId a = k.input(0, 1);
  const DefId cond = k.b.alu(AluOp::flt, {a, k.b.imm_float(0.0f)});
  // if (a < 0) v = -a * 2 else v = a + 1
  CfNode ifn;
  ifn.if_node = std::make_unique<IfNode>();
  ifn.if_node->condition = cond;
  for (CfList* side : {&ifn.if_node->then_list, &ifn.if_node->else_list}) {
    CfNode blk;
    blk.block = std::make_unique<Block>();
    side->push_back(std::move(blk));
  }
  Block* then_b = ifn.if_node->then_list[0].block.get();
  Block* else_b = ifn.if_node->else_list[0].block.get();
  k.s.body.push_back(std::move(ifn));
  CfNode join;
  join.block = std::make_unique<Block>();
  Block* join_b = join.block.get();
  k.s.body.push_back(std::move(join));
  Builder tb(k.s, Cursor{then_b, 0});
  const DefId t = tb.alu(AluOp::fmul, {tb.alu(AluOp::fneg, {a}), tb.imm_float(2.0f)});
  Builder eb(k.s, Cursor{else_b, 0});
  const DefId e = eb.alu(AluOp::fadd, {a, eb.imm_float(1.0f)});
  k.s.number_blocks();
  PhiInstr phi;
  phi.dest.id = k.s.new_def();
  phi.src = {PhiSrc{then_b->id, t}, PhiSrc{else_b->id, e}};
  Builder jb(k.s, Cursor{join_b, 0});
  const DefId v = jb.insert(Instr{phi});
  IntrinsicInstr st;
  st.op = Intrinsic::store_output;
  st.src = {v, jb.imm_int(0)};
  st.set_index("base", "0");
  jb.intrinsic(std::move(st));
  std::array<test::LaneSlots, 32> in{};
  for (unsigned l = 0; l < 32; ++l) in[l][0][0] = f32(static_cast<float>(l) - 15.5f);
  auto r = k.run(in);
  ASSERT_TRUE(r);
  for (unsigned l = 0; l < 32; ++l) {
    const float x = static_cast<float>(l) - 15.5f;
    EXPECT_EQ(r->outputs[l][0][0], f32(x < 0 ? -x * 2.0f : x + 1.0f)) << l;
  }
}

}  // namespace
}  // namespace tmu::ir
