// SPDX-License-Identifier: MIT
// The IR's compute additions (docs/ir.md, "Compute kernels"): the integer opcodes the PTX front end needs,
// run on the interpreter and, selected, on the executor, both against values computed here from
// nir_opcodes.py's definitions; the compute intrinsics selected (kernel parameters, launch system values,
// LDG/STG) and run on the executor with a launch's constant bank 0 and global memory; their text round trip
// and refusals; and SelectOptions::direct_texture_index.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <optional>
#include <random>

#include "exec/executor.h"
#include "ir/builder.h"
#include "ir/interp/interpreter.h"
#include "ir/passes/opt_dce.h"
#include "ir/print.h"
#include "ir/read.h"
#include "ir/sm50/select.h"
#include "ir/verify.h"
#include "ir_exec_harness.h"

namespace tmu::ir {
namespace {

// ---- hand computations (nir_opcodes.py)
// ----------------------------------------------------------------------

uint32_t umul_high(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>((uint64_t{a} * b) >> 32);
}
uint32_t imul_high(uint32_t a, uint32_t b) {
  const int64_t p = int64_t{static_cast<int32_t>(a)} * int64_t{static_cast<int32_t>(b)};
  return static_cast<uint32_t>(static_cast<uint64_t>(p) >> 32);
}
uint32_t uadd_carry(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(a + b < a);
}
uint32_t ufind_msb(uint32_t a) {
  return a == 0 ? 0xffffffffu : 31u - static_cast<uint32_t>(std::countl_zero(a));
}
uint32_t bit_count(uint32_t a) {
  return static_cast<uint32_t>(std::popcount(a));
}
uint32_t bitfield_reverse(uint32_t a) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 32; ++i)
    if ((a >> i) & 1) r |= 1u << (31 - i);
  return r;
}

// Operand pairs per lane: edges first, then random.
std::array<std::array<uint32_t, 2>, 32> operands(uint32_t seed) {
  std::array<std::array<uint32_t, 2>, 32> v{};
  const uint32_t edges[][2] = {{0, 0},          {0xffffffff, 0xffffffff}, {0x80000000, 0x80000000},
                               {0x80000000, 1}, {0xffffffff, 1},          {0x7fffffff, 0x7fffffff},
                               {1, 0xffffffff}, {0x80000000, 0xffffffff}};
  std::mt19937 rng(seed);
  for (unsigned l = 0; l < 32; ++l)
    v[l] = l < std::size(edges)
               ? std::array<uint32_t, 2>{edges[l][0], edges[l][1]}
               : std::array<uint32_t, 2>{static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng())};
  return v;
}

// ---- shaders
// ---------------------------------------------------------------------------------------------------

struct Kernel {
  Shader s;
  Builder b{s, Cursor{s.body[0].block.get(), 0}};

  DefId intrinsic(Intrinsic op, std::vector<DefId> src, unsigned comps,
                  std::vector<std::pair<std::string, std::string>> indices = {}) {
    IntrinsicInstr i;
    i.op = op;
    i.src = std::move(src);
    i.indices = std::move(indices);
    if (info(op).dest_size >= 0) i.dest.components = static_cast<uint8_t>(comps);
    return b.intrinsic(std::move(i));
  }
  DefId param(unsigned byte, unsigned comps = 1) {
    return intrinsic(Intrinsic::load_kernel_input, {b.imm_int(0)}, comps,
                     {{"base", std::to_string(byte)}, {"range", "4"}});
  }
  // (lo, hi) + offset, with the carry into the high word: iadd, uadd_carry, iadd.
  DefId address(DefId base, DefId offset) {
    const DefId lo = b.channel(base, 0), hi = b.channel(base, 1);
    const DefId carry = b.alu(AluOp::uadd_carry, {lo, offset});
    return b.vec(std::vector<DefId>{b.alu(AluOp::iadd, {lo, offset}), b.alu(AluOp::iadd, {hi, carry})});
  }
  DefId load(DefId addr, unsigned comps) { return intrinsic(Intrinsic::load_global_2x32, {addr}, comps); }
  void store(DefId value, DefId addr, std::string wrmask = "") {
    std::vector<std::pair<std::string, std::string>> idx;
    if (!wrmask.empty()) idx.emplace_back("wrmask", wrmask);
    intrinsic(Intrinsic::store_global_2x32, {value, addr}, 0, std::move(idx));
  }

  Result<sm50::Selected> select(const sm50::SelectOptions& o = {}) {
    const auto errors = verify(s);
    EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors.front());
    return sm50::select(s, o);
  }
};

// ---- a compute launch on the executor
// --------------------------------------------------------------------------

// One warp of block (ctaid) of a grid: bank 0 holds ntid at 0x8, nctaid at 0x14 and the parameters at 0x140
// (docs/run.md); global memory is `global` words from `global_base`.
struct Launch {
  std::array<uint32_t, 3> ntid{8, 4, 1}, nctaid{3, 2, 5}, ctaid{2, 1, 4};
  std::vector<uint32_t> params;
  uint64_t global_base = 0xffffff00;  // crosses 4 GiB: the address arithmetic carries
  std::vector<uint32_t> global = std::vector<uint32_t>(1024, 0xdeadbeef);

  uint32_t lo(uint32_t byte) const { return static_cast<uint32_t>(global_base + byte); }
  uint32_t hi(uint32_t byte) const { return static_cast<uint32_t>((global_base + byte) >> 32); }
  std::array<uint32_t, 3> tid(unsigned lane) const { return {lane % ntid[0], lane / ntid[0] % ntid[1], 0}; }

  bool run(const isa::sm50::Program& program, std::string& sass_for_errors) {
    exec::Machine m;
    exec::Warp warp;
    warp.masks = exec::ThreadMasks::launch(exec::kAllLanes);
    m.set_cbank(0, 0, std::vector<uint32_t>(0x140 / 4, 0));
    m.set_cbank(0, 0x8, ntid);
    m.set_cbank(0, 0x14, nctaid);
    if (!params.empty()) m.set_cbank(0, 0x140, params);
    for (unsigned l = 0; l < 32; ++l)
      m.system.tid[l] = tid(l);
    m.system.ctaid = ctaid;
    m.system.ntid = ntid;
    m.system.nctaid = nctaid;
    m.global = exec::ByteMemory(global_base, global.size() * 4);
    std::memcpy(m.global.bytes().data(), global.data(), global.size() * 4);
    exec::RunReport report;
    if (auto err = exec::run(program, warp, m, {}, report)) {
      ADD_FAILURE() << err->to_string() << "\n" << sass_for_errors;
      return false;
    }
    if (!report.hazards.empty()) {
      ADD_FAILURE() << report.hazards.front().to_string() << "\n" << sass_for_errors;
      return false;
    }
    std::memcpy(global.data(), m.global.bytes().data(), global.size() * 4);
    return true;
  }
};

// ---- the integer opcodes
// ---------------------------------------------------------------------------------------

// A fragment-style shader (load_input / store_output): the interpreter and the selected SASS on the executor,
// both against the hand computations.
TEST(IrCompute, IntegerOpcodesInterpreterAndExecutor) {
  for (uint32_t seed : {1u, 2u, 3u}) {
    Kernel k;
    IntrinsicInstr ld;
    ld.op = Intrinsic::load_input;
    ld.src = {k.b.imm_int(0)};
    ld.set_index("base", "0");
    ld.dest.components = 2;
    const DefId v = k.b.intrinsic(std::move(ld));
    const DefId a = k.b.channel(v, 0), c = k.b.channel(v, 1);
    auto out = [&](unsigned base, std::vector<DefId> vals) {
      IntrinsicInstr st;
      st.op = Intrinsic::store_output;
      st.src = {k.b.vec(vals), k.b.imm_int(0)};
      st.set_index("base", std::to_string(base));
      k.b.intrinsic(std::move(st));
    };
    out(0, {k.b.alu(AluOp::umul_high, {a, c}), k.b.alu(AluOp::imul_high, {a, c}),
            k.b.alu(AluOp::uadd_carry, {a, c}), k.b.alu(AluOp::ufind_msb, {a})});
    out(1, {k.b.alu(AluOp::bit_count, {a}), k.b.alu(AluOp::bitfield_reverse, {a}),
            k.b.alu(AluOp::ufind_msb, {c}), k.b.alu(AluOp::bitfield_reverse, {c})});
    ASSERT_TRUE(verify(k.s).empty());
    const auto ops = operands(seed);
    auto expect = [&](unsigned l, unsigned slot) -> std::array<uint32_t, 4> {
      const uint32_t x = ops[l][0], y = ops[l][1];
      if (slot == 0) return {umul_high(x, y), imul_high(x, y), uadd_carry(x, y), ufind_msb(x)};
      return {bit_count(x), bitfield_reverse(x), ufind_msb(y), bitfield_reverse(y)};
    };

    interp::Inputs ii = interp::Inputs::quads();
    for (unsigned l = 0; l < 32; ++l)
      ii.set_input_bits(l, 0, {ops[l][0], ops[l][1], 0, 0});
    auto ir = interp::run(k.s, interp::Bindings{}, ii);
    ASSERT_TRUE(ir.ok()) << ir.error();

    auto sel = sm50::select(k.s);
    ASSERT_TRUE(sel.ok()) << sel.error();
    EXPECT_NE(sel->sass.find("IMUL.U32.U32.HI"), std::string::npos) << sel->sass;
    EXPECT_NE(sel->sass.find("IMUL.HI"), std::string::npos);
    EXPECT_NE(sel->sass.find(".CC,"), std::string::npos);
    EXPECT_NE(sel->sass.find("IADD.X"), std::string::npos);
    EXPECT_NE(sel->sass.find("FLO.U32"), std::string::npos);
    EXPECT_NE(sel->sass.find("POPC"), std::string::npos);
    EXPECT_NE(sel->sass.find("BFE.U32.BREV"), std::string::npos);
    std::array<test::LaneSlots, 32> in{};
    for (unsigned l = 0; l < 32; ++l)
      in[l][0] = {ops[l][0], ops[l][1], 0, 0};
    std::string err;
    auto r = test::run_selected(sel->program, in, nullptr, {}, err);
    ASSERT_TRUE(r) << err << "\n" << sel->sass;
    EXPECT_TRUE(r->report.hazards.empty());
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned slot = 0; slot < 2; ++slot) {
        const auto want = expect(l, slot);
        for (unsigned j = 0; j < 4; ++j) {
          EXPECT_EQ(r->outputs[l][slot][j], want[j])
              << "executor lane " << l << " slot " << slot << " ." << j;
          EXPECT_EQ(ir->u(l, slot, j), want[j]) << "interpreter lane " << l << " slot " << slot << " ." << j;
        }
      }
  }
}

// shuffle: lane l reads the value of lane (x_l mod 32), two components at once; the interpreter and SHFL.IDX on
// the executor against the permutation computed here.
TEST(IrCompute, ShuffleInterpreterAndExecutor) {
  Kernel k;
  IntrinsicInstr ld;
  ld.op = Intrinsic::load_input;
  ld.src = {k.b.imm_int(0)};
  ld.set_index("base", "0");
  ld.dest.components = 3;
  const DefId v = k.b.intrinsic(std::move(ld));
  IntrinsicInstr sh;
  sh.op = Intrinsic::shuffle;
  sh.dest.components = 2;
  sh.src = {k.b.swizzle(v, {0, 1}), k.b.channel(v, 2)};
  const DefId r = k.b.intrinsic(std::move(sh));
  IntrinsicInstr st;
  st.op = Intrinsic::store_output;
  st.src = {k.b.vec({k.b.channel(r, 0), k.b.channel(r, 1), k.b.imm_int(0), k.b.imm_int(0)}), k.b.imm_int(0)};
  st.set_index("base", "0");
  k.b.intrinsic(std::move(st));
  ASSERT_TRUE(verify(k.s).empty());
  std::array<std::array<uint32_t, 3>, 32> in{};
  for (unsigned l = 0; l < 32; ++l) in[l] = {0x1000 + l, 0x2000 + 7 * l, (l * 13 + 5) % 32 + (l % 3) * 32};
  interp::Inputs ii = interp::Inputs::quads();
  for (unsigned l = 0; l < 32; ++l) ii.set_input_bits(l, 0, {in[l][0], in[l][1], in[l][2], 0});
  auto ir = interp::run(k.s, interp::Bindings{}, ii);
  ASSERT_TRUE(ir.ok()) << ir.error();
  auto sel = sm50::select(k.s);
  ASSERT_TRUE(sel.ok()) << sel.error();
  EXPECT_NE(sel->sass.find("SHFL.IDX PT, "), std::string::npos) << sel->sass;
  std::array<test::LaneSlots, 32> lanes{};
  for (unsigned l = 0; l < 32; ++l) lanes[l][0] = {in[l][0], in[l][1], in[l][2], 0};
  std::string err;
  auto ex = test::run_selected(sel->program, lanes, nullptr, {}, err);
  ASSERT_TRUE(ex) << err << "\n" << sel->sass;
  for (unsigned l = 0; l < 32; ++l) {
    const unsigned from = in[l][2] % 32;
    for (unsigned c = 0; c < 2; ++c) {
      EXPECT_EQ(ir->u(l, 0, c), in[from][c]) << "interpreter lane " << l;
      EXPECT_EQ(ex->outputs[l][0][c], in[from][c]) << "executor lane " << l;
    }
  }
}

// ---- the compute intrinsics
// ------------------------------------------------------------------------------------

TEST(IrCompute, SystemValuesAndKernelInputs) {
  Kernel k;
  const DefId out = k.param(0, 2);  // u64 out at param byte 0
  const DefId p2 = k.param(8),
              p3 = k.intrinsic(Intrinsic::load_kernel_input, {k.b.imm_int(4)}, 1, {{"base", "8"}});
  const DefId tid = k.intrinsic(Intrinsic::load_local_invocation_id, {}, 3);
  const DefId ctaid = k.intrinsic(Intrinsic::load_workgroup_id, {}, 3);
  const DefId ntid = k.intrinsic(Intrinsic::load_workgroup_size, {}, 3);
  const DefId nctaid = k.intrinsic(Intrinsic::load_num_workgroups, {}, 3);
  const DefId lane = k.intrinsic(Intrinsic::load_subgroup_invocation, {}, 1);
  const DefId row = k.address(out, k.b.alu(AluOp::ishl, {lane, k.b.imm_int(6)}));
  auto at = [&](unsigned byte) { return k.address(row, k.b.imm_int(byte)); };
  auto ch = [&](DefId v, unsigned c) { return k.b.channel(v, c); };
  k.store(k.b.vec(std::vector<DefId>{ch(tid, 0), ch(tid, 1), ch(tid, 2), lane}), row);
  k.store(k.b.vec(std::vector<DefId>{ch(ctaid, 0), ch(ctaid, 1), ch(ctaid, 2), p2}), at(16));
  k.store(k.b.vec(std::vector<DefId>{ch(ntid, 0), ch(ntid, 1), ch(ntid, 2), p3}), at(32));
  k.store(nctaid, at(48), "xyz");
  auto sel = k.select();
  ASSERT_TRUE(sel.ok()) << sel.error();
  for (const char* s : {"SR_TID.X", "SR_TID.Y", "SR_TID.Z", "SR_CTAID.X", "SR_CTAID.Z", "SR_LANEID",
                        "c[0x0][0x8]", "c[0x0][0x10]", "c[0x0][0x14]", "c[0x0][0x1c]", "c[0x0][0x140]",
                        "c[0x0][0x144]", "c[0x0][0x148]", "c[0x0][0x14c]", "STG.E.128 [R"})
    EXPECT_NE(sel->sass.find(s), std::string::npos) << s << "\n" << sel->sass;

  Launch L;
  const uint32_t base = 0x40;  // the output rows start 0x40 bytes in (lo 0xffffff40: lane >= 3 carries)
  L.params = {L.lo(base), L.hi(base), 0x12345678, 0x9abcdef0};
  ASSERT_TRUE(L.run(sel->program, sel->sass));
  for (unsigned l = 0; l < 32; ++l) {
    const uint32_t* w = L.global.data() + (base + 64 * l) / 4;
    const auto t = L.tid(l);
    const std::array<uint32_t, 16> want{
        t[0],      t[1],      t[2],      l,          L.ctaid[0],  L.ctaid[1],  L.ctaid[2],  0x12345678,
        L.ntid[0], L.ntid[1], L.ntid[2], 0x9abcdef0, L.nctaid[0], L.nctaid[1], L.nctaid[2], 0xdeadbeef};
    for (unsigned i = 0; i < 16; ++i)
      EXPECT_EQ(w[i], want[i]) << "lane " << l << " word " << i;
  }
}

// LDG/STG of 1, 2 and 4 words and a partial write mask; each lane copies its 7 words (a vec4, a vec2, a
// scalar) from `in` to `out`, then writes words 0 and 2 of another vec4 with wrmask xz (0x5).
TEST(IrCompute, GlobalLoadsAndStores) {
  Kernel k;
  const DefId in = k.param(0, 2), out = k.param(8, 2);
  const DefId lane = k.intrinsic(Intrinsic::load_subgroup_invocation, {}, 1);
  const DefId off = k.b.alu(AluOp::ishl, {lane, k.b.imm_int(5)});  // 32 bytes per lane
  const DefId src = k.address(in, off), dst = k.address(out, off);
  const DefId v4 = k.load(src, 4), v2 = k.load(k.address(src, k.b.imm_int(16)), 2);
  const DefId v1 = k.load(k.address(src, k.b.imm_int(24)), 1);
  k.store(v4, dst);
  k.store(v2, k.address(dst, k.b.imm_int(16)));
  k.store(v1, k.address(dst, k.b.imm_int(24)));
  const DefId marks =
      k.b.vec(std::vector<DefId>{lane, k.b.imm_int(7), k.b.alu(AluOp::iadd, {lane, k.b.imm_int(100)}), lane});
  k.store(marks, k.address(dst, k.b.imm_int(32 * 32)), "0x5");
  auto sel = k.select();
  ASSERT_TRUE(sel.ok()) << sel.error();
  for (const char* s :
       {"LDG.E.128 R", "LDG.E.64 R", "LDG.E R", "STG.E.128 [R", "STG.E.64 [R", "STG.E [R", "+0x8], R"})
    EXPECT_NE(sel->sass.find(s), std::string::npos) << s << "\n" << sel->sass;

  Launch L;
  L.params = {L.lo(0), L.hi(0), L.lo(0x800), L.hi(0x800)};
  for (unsigned i = 0; i < 256; ++i)
    L.global[i] = 0x1000 * i + 0x5a;
  ASSERT_TRUE(L.run(sel->program, sel->sass));
  for (unsigned l = 0; l < 32; ++l) {
    for (unsigned i = 0; i < 7; ++i)
      EXPECT_EQ(L.global[0x200 + 8 * l + i], 0x1000 * (8 * l + i) + 0x5a) << l << " " << i;
    EXPECT_EQ(L.global[0x200 + 8 * l + 7], 0xdeadbeef) << l;
    const uint32_t* m = L.global.data() + 0x200 + 256 + 8 * l;
    EXPECT_EQ(m[0], l);
    EXPECT_EQ(m[1], 0xdeadbeef);
    EXPECT_EQ(m[2], l + 100);
    EXPECT_EQ(m[3], 0xdeadbeef);
  }
}

TEST(IrCompute, Refusals) {
  {
    Kernel k;  // a parameter at a run-time offset
    const DefId lane = k.intrinsic(Intrinsic::load_subgroup_invocation, {}, 1);
    k.intrinsic(Intrinsic::load_kernel_input, {lane}, 1, {{"base", "0"}});
    auto sel = k.select();
    ASSERT_FALSE(sel.ok());
    EXPECT_NE(sel.error().find("load_kernel_input with a non-constant offset"), std::string::npos)
        << sel.error();
  }
  {
    Kernel k;  // the interpreter has no compute launch
    const DefId a = k.param(0, 2);
    k.load(a, 1);
    auto r = interp::run(k.s, interp::Bindings{}, interp::Inputs::quads());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("load_kernel_input needs a compute launch: run the selected SASS with tmu run"),
              std::string::npos)
        << r.error();
  }
  {
    Kernel k;  // three components have no LDG form; 16-bit addresses are not (lo, hi) words
    k.load(k.param(0, 2), 3);
    const auto errors = verify(k.s);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("load_global_2x32's destination has 3 components: 1, 2 or 4"), std::string::npos)
        << errors[0];
  }
}

// A kernel's text: Mesa's header, one block holding `body` (tab-indented lines), the end block.
std::string kernel_text(std::string_view body) {
  std::string s =
      "shader: MESA_SHADER_KERNEL\n"
      "source_sha1: {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}\n"
      "inputs: 0\noutputs: 0\nuniforms: 0\nshared: 0\nray queries: 0\n"
      "decl_function main (0 params)\n\nimpl main {\n\tblock block_0:\n\t/* preds: */\n";
  s += body;
  s += "\t/* succs: block_1 */\n\tblock block_1:\n}\n\n";
  return s;
}

// The text read, printed (into `printed`), read again and printed the same: the shader read back, or nothing after
// a failure (reported).
std::optional<Shader> round_trip(const std::string& text, std::string& printed) {
  auto r = read(text, "compute.nir");
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  if (!r.ok()) return std::nullopt;
  printed = print(*r);
  auto again = read(printed, "printed.nir");
  EXPECT_TRUE(again.ok()) << (again.ok() ? "" : again.error()) << "\n" << printed;
  if (!again.ok()) return std::nullopt;
  EXPECT_EQ(print(*again), printed);
  return std::move(*again);
}

// Every new intrinsic and opcode in NIR's text: read, printed, read again, printed the same.
TEST(IrCompute, TextRoundTrip) {
  const std::string text = kernel_text(
      "\tvec1 32 ssa_0 = load_const (0x00000000 /* 0.000000 */)\n"
      "\tvec2 32 ssa_1 = intrinsic load_kernel_input (ssa_0) (base=0, range=8)\n"
      "\tvec3 32 ssa_2 = intrinsic load_local_invocation_id () ()\n"
      "\tvec3 32 ssa_3 = intrinsic load_workgroup_id () ()\n"
      "\tvec3 32 ssa_4 = intrinsic load_num_workgroups () ()\n"
      "\tvec3 32 ssa_5 = intrinsic load_workgroup_size () ()\n"
      "\tvec1 32 ssa_6 = intrinsic load_subgroup_invocation () ()\n"
      "\tvec4 32 ssa_7 = intrinsic load_global_2x32 (ssa_1) (access=0, align_mul=16, align_offset=0)\n"
      "\tvec1 32 ssa_8 = umul_high ssa_7.x, ssa_7.y\n"
      "\tvec1 32 ssa_9 = imul_high ssa_7.z, ssa_2.x\n"
      "\tvec1 32 ssa_10 = uadd_carry ssa_8, ssa_9\n"
      "\tvec1 32 ssa_11 = ufind_msb ssa_3.y\n"
      "\tvec1 32 ssa_12 = bit_count ssa_4.z\n"
      "\tvec1 32 ssa_13 = bitfield_reverse ssa_5.x\n"
      "\tvec4 32 ssa_14 = vec4 ssa_10, ssa_11, ssa_12, ssa_13\n"
      "\tintrinsic store_global_2x32 (ssa_14, ssa_1) (wrmask=xyzw, access=0, align_mul=16, align_offset=0)\n"
      "\tintrinsic store_global_2x32 (ssa_6, ssa_1) (wrmask=x, access=0, align_mul=4, align_offset=0)\n"
      "\tvec2 32 ssa_15 = intrinsic shuffle (ssa_1, ssa_6) ()\n"
      "\tintrinsic store_shared (ssa_15, ssa_6) (base=16, wrmask=xy, align_mul=8, align_offset=0)\n"
      "\tvec4 32 ssa_16 = intrinsic load_shared (ssa_6) (base=32, align_mul=16, align_offset=0)\n"
      "\tintrinsic store_scratch (ssa_16, ssa_0) (wrmask=xyzw, align_mul=16, align_offset=0)\n"
      "\tvec1 32 ssa_17 = intrinsic load_scratch (ssa_6) (align_mul=4, align_offset=0)\n"
      "\tintrinsic store_global_2x32 (ssa_17, ssa_1) (wrmask=x, access=0, align_mul=4, align_offset=0)\n");
  std::string printed;
  auto again = round_trip(text, printed);
  ASSERT_TRUE(again);
  for (const char* s :
       {"load_kernel_input", "load_local_invocation_id", "load_workgroup_id", "load_num_workgroups",
        "load_workgroup_size", "load_subgroup_invocation", "load_global_2x32", "store_global_2x32",
        "umul_high", "imul_high", "uadd_carry", "ufind_msb", "bit_count", "bitfield_reverse", "wrmask=x,", "shuffle",
        "store_shared", "load_shared", "store_scratch", "load_scratch"})
    EXPECT_NE(printed.find(s), std::string::npos) << s << "\n" << printed;
  // The text selects (wrmask=xyzw: one STG.E.128; wrmask=x: one STG.E).
  auto sel = sm50::select(*again);
  ASSERT_TRUE(sel.ok()) << sel.error();
  EXPECT_NE(sel->sass.find("STG.E.128"), std::string::npos) << sel->sass;
  for (const char* s : {"SHFL.IDX PT,", "STS.64 [R", "+0x10]", "LDS.128 ", "+0x20]", "STL.128 [R", "LDL R"})
    EXPECT_NE(sel->sass.find(s), std::string::npos) << s << "\n" << sel->sass;
}

// tmu's named-barrier intrinsics (PTX bar.sync / bar.arrive / bar.red with operands as sources) and
// memory_barrier_system in the text: read, printed, read again; selected as ptxas 11.8 spells bar.arrive,
// bar.red and membar.sys (BAR.ARV, BAR.RED.POPC ... B2R.RESULT, MEMBAR.SYS.IVALLD); an unread reduction kept by
// opt_dce; a predicate that is not a boolean refused (verify, when the text is read).
TEST(IrCompute, NamedBarrierText) {
  const std::string text = kernel_text(
      "	vec1 32 ssa_0 = load_const (0x00000001 /* 0.000000 */)\n"
      "	vec1 32 ssa_1 = load_const (0x00000040 /* 0.000000 */)\n"
      "	vec1 32 ssa_2 = load_const (0x00000000 /* 0.000000 */)\n"
      "	vec1 32 ssa_3 = intrinsic load_subgroup_invocation () ()\n"
      "	vec1 1 ssa_4 = ieq ssa_3, ssa_2\n"
      "	intrinsic bar_arrive (ssa_0, ssa_1) ()\n"
      "	intrinsic bar_sync (ssa_3, ssa_2) ()\n"
      "	vec1 32 ssa_5 = intrinsic bar_red_popc (ssa_0, ssa_1, ssa_4) ()\n"
      "	vec1 1 ssa_6 = intrinsic bar_red_and (ssa_0, ssa_3, ssa_4) ()\n"
      "	vec1 1 ssa_7 = intrinsic bar_red_or (ssa_0, ssa_2, ssa_4) ()\n"
      "	intrinsic memory_barrier_system () ()\n"
      "	vec1 32 ssa_8 = b2i32 ssa_6\n"
      "	vec1 32 ssa_9 = iadd ssa_5, ssa_8\n"
      "	intrinsic store_shared (ssa_9, ssa_2) (base=0, wrmask=x, align_mul=4, align_offset=0)\n");
  std::string printed;
  auto again = round_trip(text, printed);
  ASSERT_TRUE(again);
  for (const char* s : {"bar_arrive", "bar_sync", "bar_red_popc", "bar_red_and", "bar_red_or", "memory_barrier_system"})
    EXPECT_NE(printed.find(s), std::string::npos) << s << "\n" << printed;
  EXPECT_TRUE(verify(*again).empty());
  opt_dce(*again);  // ssa_7 is not read: the reduction stays (it is a barrier)
  EXPECT_NE(print(*again).find("bar_red_or"), std::string::npos);
  auto sel = sm50::select(*again);
  ASSERT_TRUE(sel.ok()) << sel.error();
  for (const char* s : {"BAR.ARV 0x1, 0x40 ;", "BAR.SYNC R", "BAR.RED.POPC 0x1, 0x40, P1 ;\nB2R.RESULT R",
                        "BAR.RED.AND 0x1, R", "B2R.RESULT RZ, P1 ;\nISET.EQ.AND R", "BAR.RED.OR 0x1, P1 ;\nMEMBAR.SYS.IVALLD ;"})
    EXPECT_NE(sel->sass.find(s), std::string::npos) << s << "\n" << sel->sass;
  // A 32-bit predicate is not a boolean.
  std::string bad = text;
  bad.replace(bad.find("bar_red_popc (ssa_0, ssa_1, ssa_4)"), 34, "bar_red_popc (ssa_0, ssa_1, ssa_3)");
  auto r = read(bad, "bad.nir");  // the reader verifies
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "bad.nir:20:2: ssa_5: bar_red_popc's predicate is 32-bit, not a boolean");
}

// Directed roundings (AluInstr::rounding) in NIR's text as Mesa spells rounded conversions (f2f16_rtz): read,
// printed, read again; selected with ptxas's .RZ / .RM / .RP; refused on opcodes that do not round.
TEST(IrCompute, DirectedRoundingText) {
  const std::string text = kernel_text(
      "\tvec1 32 ssa_0 = load_const (0x00000000 /* 0.000000 */)\n"
      "\tvec2 32 ssa_1 = intrinsic load_kernel_input (ssa_0) (base=0, range=8)\n"
      "\tvec4 32 ssa_2 = intrinsic load_global_2x32 (ssa_1) (access=0, align_mul=16, align_offset=0)\n"
      "\tvec1 32 ssa_3 = fadd_rtz ssa_2.x, ssa_2.y\n"
      "\tvec1 32 ssa_4 = ffma_ru ssa_3, ssa_2.z, ssa_2.w\n"
      "\tvec1 64 ssa_5 = pack_64_2x32_split ssa_2.x, ssa_2.y\n"
      "\tvec1 64 ssa_6 = fmul_rd ssa_5, ssa_5\n"
      "\tvec1 32 ssa_7 = f2f32_rtz ssa_6\n"
      "\tvec1 32 ssa_8 = i2f32_ru ssa_2.w\n"
      "\tvec1 64 ssa_9 = u2f64_rd ssa_6\n"
      "\tvec1 32 ssa_10 = unpack_64_2x32_split_x ssa_9\n"
      "\tvec4 32 ssa_11 = vec4 ssa_4, ssa_7, ssa_8, ssa_10\n"
      "\tintrinsic store_global_2x32 (ssa_11, ssa_1) (wrmask=xyzw, access=0, align_mul=16, align_offset=0)\n");
  std::string printed;
  auto again = round_trip(text, printed);
  ASSERT_TRUE(again);
  for (const char* s : {"= fadd_rtz ssa_", "= ffma_ru ", "= fmul_rd ", "= f2f32_rtz ", "= i2f32_ru ", "= u2f64_rd "})
    EXPECT_NE(printed.find(s), std::string::npos) << s << "\n" << printed;
  auto sel = sm50::select(*again);
  ASSERT_TRUE(sel.ok()) << sel.error();
  for (const char* s : {"FADD.RZ ", "FFMA.RP ", "DMUL.RM ", "F2F.F32.F64.RZ ", "I2F.F32.S32.RP ", "I2F.F64.U64.RM "})
    EXPECT_NE(sel->sass.find(s), std::string::npos) << s << "\n" << sel->sass;
  auto bad = read(kernel_text("\tvec1 32 ssa_0 = load_const (0x00000000 /* 0.000000 */)\n"
                              "\tvec1 32 ssa_1 = imax_rtz ssa_0, ssa_0\n"),
                  "bad.nir");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("unknown ALU opcode 'imax_rtz'"), std::string::npos) << bad.error();
}

// direct_texture_index: tsidx is the texture index itself (CUDA's bank-0 word), past the 32-texture limit.
TEST(IrCompute, DirectTextureIndex) {
  const std::string text = kernel_text(
      "\tvec1 32 ssa_0 = load_const (0x00000000 /* 0.000000 */)\n"
      "\tvec2 32 ssa_1 = intrinsic load_kernel_input (ssa_0) (base=0, range=8)\n"
      "\tvec4 32 ssa_2 = (float32)tex ssa_1 (coord), 84 (texture), 0 (sampler), 2D (dim), 2 "
      "(coord_components)\n"
      "\tintrinsic store_global_2x32 (ssa_2, ssa_1) (wrmask=xyzw)\n");
  {
    auto s = read(text, "direct.nir");
    ASSERT_TRUE(s.ok()) << s.error();
    sm50::SelectOptions o;
    o.direct_texture_index = true;
    auto sel = sm50::select(*s, o);
    ASSERT_TRUE(sel.ok()) << sel.error();
    EXPECT_NE(sel->sass.find("TEXS"), std::string::npos) << sel->sass;
    EXPECT_NE(sel->sass.find(", 0x54, 2D, RGBA"), std::string::npos) << sel->sass;
  }
  {
    auto s = read(text, "default.nir");
    ASSERT_TRUE(s.ok()) << s.error();
    auto sel = sm50::select(*s);
    ASSERT_FALSE(sel.ok());
    EXPECT_NE(sel.error().find("below 32"), std::string::npos) << sel.error();
  }
  {
    std::string big = text;
    big.replace(big.find("84 (texture)"), 2, "8192");
    auto s = read(big, "big.nir");
    ASSERT_TRUE(s.ok()) << s.error();
    sm50::SelectOptions o;
    o.direct_texture_index = true;
    auto sel = sm50::select(*s, o);
    ASSERT_FALSE(sel.ok());
    EXPECT_NE(sel.error().find("past tsidx's 13 bits"), std::string::npos) << sel.error();
  }
}

}  // namespace
}  // namespace tmu::ir
