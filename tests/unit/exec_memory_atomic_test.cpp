// SPDX-License-Identifier: MIT
// Executor semantics of the atomics: ATOM, ATOMS, RED and the CAS forms. Lanes are serialized in ascending
// order, so a sequence of lanes on one address is worked out step by step in the comments (PTX ISA "atom"
// definitions for each operation; fp32 / fp16 sums by hand).
#include "exec_memory_util.h"

namespace tmu::exec {
namespace {

using isa::Arch;

class ExecAtomic : public ExecMemoryTest {
 protected:
  void SetUp() override {
    m.global = ByteMemory(0x1000, 0x100);
    m.shared = ByteMemory(0, 0x40);
    set_all(2, 0x1000);
  }
  // Lanes 0..3 with R4 = v[lane].
  void four(std::initializer_list<uint32_t> v) {
    four_lanes();
    unsigned l = 0;
    for (uint32_t x : v) w.reg[4][l++] = x;
  }
  // Lane 0 only (guard P0).
  std::string lane0(const std::string& inst) {
    w.pred[0] = 1;
    return "@P0 " + inst;
  }
};

TEST_F(ExecAtomic, AddSerializesLanesInAscendingOrder) {
  m.global.store32(0x1000, 10);
  for (unsigned l = 0; l < kLanes; ++l) w.reg[4][l] = l + 1;
  ok("ATOM.ADD R6, [R2], R4;");
  // Lane l sees 10 + (1 + 2 + ... + l) = 10 + l (l + 1) / 2; the total is 10 + 32 * 33 / 2 = 538.
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(w.reg[6][l], 10 + l * (l + 1) / 2) << l;
  EXPECT_EQ(m.global.load32(0x1000), 538u);
}

TEST_F(ExecAtomic, MinMaxSignedAndUnsigned) {
  // Memory 5; lanes add 7, -3, 2, -8 in order.
  const std::initializer_list<uint32_t> v{7, 0xfffffffdu, 2, 0xfffffff8u};
  four(v);
  m.global.store32(0x1000, 5);
  ok("ATOM.MIN.S32 R6, [R2], R4;");  // 5 -> min(5,7)=5 -> -3 -> -3 -> -8
  EXPECT_EQ(m.global.load32(0x1000), 0xfffffff8u);
  EXPECT_EQ(w.reg[6][2], 0xfffffffdu);  // lane 2 saw -3
  m.global.store32(0x1000, 5);
  ok("ATOM.MIN R6, [R2], R4;");  // unsigned: 5, 5 (0xfffffffd is large), 2, 2
  EXPECT_EQ(m.global.load32(0x1000), 2u);
  m.global.store32(0x1000, 5);
  ok("ATOM.MAX.S32 R6, [R2], R4;");  // 7, 7, 7, 7
  EXPECT_EQ(m.global.load32(0x1000), 7u);
  m.global.store32(0x1000, 5);
  ok("ATOM.MAX R6, [R2], R4;");  // 7, 0xfffffffd, 0xfffffffd, max(0xfffffffd, 0xfffffff8)
  EXPECT_EQ(m.global.load32(0x1000), 0xfffffffdu);
  EXPECT_EQ(w.reg[6][3], 0xfffffffdu);
}

TEST_F(ExecAtomic, IncDecWrap) {
  four({3, 3, 3, 3});
  m.global.store32(0x1000, 2);
  ok("ATOM.INC R6, [R2], R4;");  // (old >= 3) ? 0 : old + 1: 2 -> 3 -> 0 -> 1 -> 2
  EXPECT_EQ(w.reg[6][0], 2u);
  EXPECT_EQ(w.reg[6][1], 3u);
  EXPECT_EQ(w.reg[6][2], 0u);
  EXPECT_EQ(w.reg[6][3], 1u);
  EXPECT_EQ(m.global.load32(0x1000), 2u);
  four({2, 2, 2, 2});
  m.global.store32(0x1000, 1);
  ok("ATOM.DEC R6, [R2], R4;");  // (old == 0 || old > 2) ? 2 : old - 1: 1 -> 0 -> 2 -> 1 -> 0
  EXPECT_EQ(w.reg[6][1], 0u);
  EXPECT_EQ(w.reg[6][2], 2u);
  EXPECT_EQ(m.global.load32(0x1000), 0u);
  m.global.store32(0x1000, 9);
  ok(lane0("ATOM.DEC R6, [R2], R4;"));  // 9 > 2 -> 2
  EXPECT_EQ(m.global.load32(0x1000), 2u);
}

TEST_F(ExecAtomic, BitwiseAndExchange) {
  set_all(4, 0x0ff00ff0);
  const auto with = [&](const char* inst, uint32_t expect) {
    m.global.store32(0x1000, 0xff00ff00);
    ok(lane0(inst));
    EXPECT_EQ(m.global.load32(0x1000), expect) << inst;
    EXPECT_EQ(w.reg[6][0], 0xff00ff00u) << inst;
  };
  with("ATOM.AND R6, [R2], R4;", 0x0f000f00);
  with("ATOM.OR R6, [R2], R4;", 0xfff0fff0);
  with("ATOM.XOR R6, [R2], R4;", 0xf0f0f0f0);
  with("ATOM.EXCH R6, [R2], R4;", 0x0ff00ff0);
  with("ATOM.AND.S32 R6, [R2], R4;", 0x0f000f00);
}

TEST_F(ExecAtomic, SixtyFourBit) {
  put(m.global, 0x1008, {0xffffffff, 0x00000001});  // 0x1_ffffffff
  set_all(4, 1);
  set_all(5, 0);
  ok(lane0("ATOM.ADD.U64 R6, [R2+0x8], R4;"));  // + 1 = 0x2_00000000 (carry into the high word)
  EXPECT_EQ(m.global.load32(0x1008), 0u);
  EXPECT_EQ(m.global.load32(0x100c), 2u);
  EXPECT_EQ(w.reg[6][0], 0xffffffffu);
  EXPECT_EQ(w.reg[7][0], 1u);
  put(m.global, 0x1008, {5, 0});
  set_all(4, 0xffffffff);
  set_all(5, 0xffffffff);  // -1
  ok(lane0("ATOM.MIN.S64 R6, [R2+0x8], R4;"));  // min(5, -1) = -1
  EXPECT_EQ(m.global.load32(0x100c), 0xffffffffu);
  put(m.global, 0x1008, {5, 0});
  ok(lane0("ATOM.MIN.U64 R6, [R2+0x8], R4;"));  // unsigned: 5 stays
  EXPECT_EQ(m.global.load32(0x1008), 5u);
  ok(lane0("ATOM.EXCH.U64 R6, [R2+0x8], R4;"));
  EXPECT_EQ(m.global.load32(0x1008), 0xffffffffu);
  EXPECT_EQ(w.reg[6][0], 5u);
  EXPECT_EQ(w.reg[7][0], 0u);
}

TEST_F(ExecAtomic, F32AddFtzRn) {
  const auto add = [&](uint32_t mem, uint32_t b) {
    m.global.store32(0x1000, mem);
    set_all(4, b);
    ok(lane0("ATOM.ADD.F32.FTZ.RN R6, [R2], R4;"));
    EXPECT_EQ(w.reg[6][0], mem);
    return m.global.load32(0x1000);
  };
  EXPECT_EQ(add(0x3fc00000, 0x40100000), 0x40700000u);  // 1.5 + 2.25 = 3.75
  // Denormal inputs flush: 2^-127 + 2^-127 would be 2^-126 (0x00800000); flushed, 0 + 0 = +0.
  EXPECT_EQ(add(0x00400000, 0x00400000), 0x00000000u);
  EXPECT_EQ(add(0x80000001, 0x80000001), 0x80000000u);  // -0 + -0 = -0
  // A denormal result flushes: 2^-126 - (2^-126 + 2^-149) = -2^-149 -> -0.
  EXPECT_EQ(add(0x00800000, 0x80800001), 0x80000000u);
  // Round to nearest even: 1 + 2^-24 is halfway between 1 and 1 + 2^-23 -> 1; a hair more rounds up.
  EXPECT_EQ(add(0x3f800000, 0x33800000), 0x3f800000u);
  EXPECT_EQ(add(0x3f800000, 0x33800001), 0x3f800001u);
  EXPECT_EQ(add(0x7f800000, 0x3f800000), 0x7f800000u);  // inf + 1 = inf
  EXPECT_EQ(add(0x7f800000, 0xff800000), 0x7fffffffu);  // inf - inf: canonical NaN
  EXPECT_EQ(add(0x7fc00001, 0x3f800000), 0x7fffffffu);  // NaN in, canonical NaN out
  EXPECT_EQ(add(0x7f7fffff, 0x7f7fffff), 0x7f800000u);  // FLT_MAX + FLT_MAX overflows to inf (RN)
}

TEST_F(ExecAtomic, F16x2AddSm52) {
  // hi 1.0 (0x3c00) + 2.0 (0x4000) = 3.0 (0x4200); lo 0.5 (0x3800) + 0.25 (0x3400) = 0.75 (0x3a00).
  m.global.store32(0x1000, 0x3c003800);
  set_all(4, 0x40003400);
  ok(lane0("ATOM.ADD.F16x2.FTZ.RN R6, [R2], R4;"), Arch::SM52);
  EXPECT_EQ(m.global.load32(0x1000), 0x42003a00u);
  // hi 65504 + 65504 overflows to inf (0x7c00); lo: the smallest denormals flush, 0 + 0 = 0.
  m.global.store32(0x1000, 0x7bff0001);
  set_all(4, 0x7bff0001);
  ok(lane0("ATOM.ADD.F16x2.FTZ.RN R6, [R2], R4;"), Arch::SM52);
  EXPECT_EQ(m.global.load32(0x1000), 0x7c000000u);
  // hi 1 + 2^-11 is halfway between 1 and 1 + 2^-10: even -> 1.0 (0x3c00); lo 1 + 1.5 * 2^-10 is halfway
  // between 1 + 2^-10 (odd mantissa 1) and 1 + 2 * 2^-10: even -> 0x3c02.
  m.global.store32(0x1000, 0x3c003c00);
  set_all(4, 0x10001600);  // hi 2^-11 (exponent 4: 0x1000), lo 1.5 * 2^-10 (exponent 5, mantissa 0x200: 0x1600)
  ok(lane0("ATOM.ADD.F16x2.FTZ.RN R6, [R2], R4;"), Arch::SM52);
  EXPECT_EQ(m.global.load32(0x1000), 0x3c003c02u);
}

TEST_F(ExecAtomic, Cas) {
  // Memory 7; compare R4 = 7, new R5 = 9. Lane 0 matches and stores 9; lanes 1..3 see 9 and do not.
  four_lanes();
  m.global.store32(0x1000, 7);
  set_all(4, 7);
  set_all(5, 9);
  ok("ATOM.CAS R6, [R2], R4, R5;");
  EXPECT_EQ(w.reg[6][0], 7u);
  EXPECT_EQ(w.reg[6][1], 9u);
  EXPECT_EQ(m.global.load32(0x1000), 9u);
  // First operand RZ: compare with 0, store R4.
  m.global.store32(0x1000, 0);
  ok(lane0("ATOM.CAS R6, [R2], RZ, R4;"));
  EXPECT_EQ(m.global.load32(0x1000), 7u);
  // Second operand RZ: compare with R4 = 7, store 0.
  ok(lane0("ATOM.CAS R6, [R2], R4, RZ;"));
  EXPECT_EQ(m.global.load32(0x1000), 0u);
  EXPECT_EQ(w.reg[6][0], 7u);
}

TEST_F(ExecAtomic, Cas64) {
  put(m.global, 0x1008, {2, 1});  // 0x1_00000002
  set_all(4, 2);
  set_all(5, 1);  // compare 0x1_00000002
  set_all(6, 3);
  set_all(7, 4);  // new 0x4_00000003
  ok(lane0("ATOM.CAS.64 R8, [R2+0x8], R4, R6;"));
  EXPECT_EQ(m.global.load32(0x1008), 3u);
  EXPECT_EQ(m.global.load32(0x100c), 4u);
  EXPECT_EQ(w.reg[8][0], 2u);
  EXPECT_EQ(w.reg[9][0], 1u);
  // Now the high words differ (4 != 1): no store.
  set_all(4, 3);
  ok(lane0("ATOM.CAS.64 R8, [R2+0x8], R4, R6;"));
  EXPECT_EQ(m.global.load32(0x100c), 4u);
  EXPECT_EQ(w.reg[8][0], 3u);
}

TEST_F(ExecAtomic, SharedAtomics) {
  for (unsigned l = 0; l < kLanes; ++l) w.reg[4][l] = 1;
  set_all(2, 0x8);
  m.shared.store32(0xc, 100);
  ok("ATOMS.ADD R6, [R2+0x4], R4;");  // word offset 1: 0x8 + 4 = 0xc; 100 + 32
  EXPECT_EQ(m.shared.load32(0xc), 132u);
  EXPECT_EQ(w.reg[6][31], 131u);
  set_all(4, 0xffffffff);
  set_all(5, 0x7fffffff);
  put(m.shared, 0x10, {1, 0});
  ok(lane0("ATOMS.ADD.U64 R6, [R2+0x8], R4;"));  // 1 + 0x7fffffff_ffffffff = 0x80000000_00000000
  EXPECT_EQ(m.shared.load32(0x10), 0u);
  EXPECT_EQ(m.shared.load32(0x14), 0x80000000u);
  put(m.shared, 0x10, {1, 0});
  ok(lane0("ATOMS.MAX.S64 R6, [R2+0x8], R4;"));  // max(1, 0x7fffffff_ffffffff)
  EXPECT_EQ(m.shared.load32(0x14), 0x7fffffffu);
}

TEST_F(ExecAtomic, SharedCasAndCast) {
  four_lanes();
  set_all(2, 0x0);
  m.shared.store32(0x4, 5);
  set_all(4, 5);
  set_all(5, 6);
  // .CAST.SPIN: Rd = 1 where the store happened (lane 0), 0 where it did not (memory is 6 by then).
  ok("ATOMS.CAST.SPIN R6, [R2+0x4], R4, R5;");
  EXPECT_EQ(w.reg[6][0], 1u);
  EXPECT_EQ(w.reg[6][1], 0u);
  EXPECT_EQ(m.shared.load32(0x4), 6u);
  m.shared.store32(0x4, 5);
  ok("ATOMS.CAST R6, [R2+0x4], R4, R5;");
  EXPECT_EQ(w.reg[6][0], 1u);
  EXPECT_EQ(w.reg[6][3], 0u);
  m.shared.store32(0x4, 5);
  ok("ATOMS.CAS R6, [R2+0x4], R4, R5;");  // plain CAS returns the old value: 5, then 6
  EXPECT_EQ(w.reg[6][0], 5u);
  EXPECT_EQ(w.reg[6][1], 6u);
}

TEST_F(ExecAtomic, RedHasNoResult) {
  m.global.store32(0x1010, 5);
  set_all(4, 1);
  set_all(3, 0);  // R3:R2 = 0x1000
  ok("RED.E.ADD [R2+0x10], R4;");  // 5 + 32 lanes * 1 = 37
  EXPECT_EQ(m.global.load32(0x1010), 37u);
  EXPECT_EQ(w.reg[4][0], 1u);
  m.global.store32(0x1010, 0xf0);
  ok("RED.E.OR [R2+0x10], R4;");
  EXPECT_EQ(m.global.load32(0x1010), 0xf1u);
  set_all(4, 0x3f800000);
  m.global.store32(0x1010, 0x3f800000);
  ok(lane0("RED.E.ADD.F32.FTZ.RN [R2+0x10], R4;"));  // 1 + 1 = 2 = 0x40000000
  EXPECT_EQ(m.global.load32(0x1010), 0x40000000u);
}

TEST_F(ExecAtomic, PredicateDestinationSm52) {
  set_all(3, 0);
  set_all(6, 1);
  ok("ATOM.E.ADD P3, R25, [R2], R6;", Arch::SM52);
  EXPECT_EQ(w.pred[3], kAllLanes);
  EXPECT_EQ(m.global.load32(0x1000), 32u);
  EXPECT_EQ(w.reg[25][31], 31u);
}

TEST_F(ExecAtomic, Errors) {
  fails("ATOM.INC.S32 R6, [R2], R4;", -1, {"ATOM.INC.S32", "no form"});
  fails("ATOM.MIN.F32.FTZ.RN R6, [R2], R4;", -1, {"MIN", "no form"});
  fails("ATOM.AND.F32.FTZ.RN R6, [R2], R4;", -1, {"no form"});
  fails("ATOM.SAFEADD R6, [R2], R4;", -1, {"SAFEADD", "not modelled"});
  fails("ATOM.ADD.U128 R6, [R2], R4;", -1, {".U128", "not modelled"});
  // Atomics fault like loads: address and lane.
  for (unsigned l = 0; l < kLanes; ++l) w.reg[2][l] = 0x1008;
  w.reg[2][9] = 0x1004;
  fails("ATOM.ADD.U64 R6, [R2], R4;", 9, {"lane 9", "0x1004", "not aligned to 8"});
  w.reg[2][9] = 0x1100;
  fails("ATOM.ADD R6, [R2], R4;", 9, {"lane 9", "0x1100", "outside"});
  fails("RED.ADD [R2], R4;", 9, {"lane 9", "0x1100"});
  set_all(2, 0x40);
  fails("ATOMS.ADD R6, [R2], R4;", 0, {"shared", "0x40", "outside"});
  set_all(2, 0x1000);
  fails("ATOM.ADD.U64 R7, [R2], R4;", 0, {"R7", "misaligned register"});
  fails("ATOM.CAS.64 R6, [R2], R5, R7;", 0, {"R5", "misaligned register"});
  const auto e = run_statement("ATOM.CAS R6, [R2], R254, ???255");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->lane, 0);
  EXPECT_NE(e->message.find("R255 runs past R254"), std::string::npos) << e->to_string();
}

}  // namespace
}  // namespace tmu::exec
