// SPDX-License-Identifier: MIT
// Executor semantics of loads, stores and LDC: sizes and extension, register vectors, address forms (.E pairs,
// absolute, negative offsets, generic windows), predication, and the errors (misaligned and out-of-range
// addresses, misaligned register vectors, invalid sizes, constant-bank bounds). Expected values are worked out
// by hand in the comments from the memory contents each test writes.
#include "exec_memory_util.h"

namespace tmu::exec {
namespace {

using isa::Arch;

class ExecLoadStore : public ExecMemoryTest {
 protected:
  void SetUp() override {
    m.global = ByteMemory(0x1000, 0x100);
    // Little-endian bytes at 0x1000: 80 ff 34 12 | 78 56 34 12 | ef cd ab 89 | 01 00 00 00
    put(m.global, 0x1000, {0x1234ff80, 0x12345678, 0x89abcdef, 0x00000001});
  }
};

TEST_F(ExecLoadStore, LoadSizesExtend) {
  set_all(2, 0x1000);
  ok("LDG.U8 R10, [R2];\n"     // byte 0x80 -> 0x00000080
     "LDG.S8 R11, [R2];\n"     // 0x80 = -128 -> 0xffffff80
     "LDG.U16 R12, [R2];\n"    // 0xff80 -> 0x0000ff80
     "LDG.S16 R13, [R2];\n"    // 0xff80 = -128 -> 0xffffff80
     "LDG.U8 R14, [R2+0x2];\n" // 0x34
     "LDG.S16 R15, [R2+0x2];\n" // 0x1234 positive -> 0x00001234
     "LDG R16, [R2+0x4];\n"    // 0x12345678
     "LDG.64 R18, [R2+0x8];\n"  // R18 = 0x89abcdef, R19 = 1
     "LDG.128 R20, [R2];\n"     // the four words
     "LDG.U.128 R24, [R2];\n"); // .U.128 moves 128 bits too
  for (unsigned lane : {0u, 17u, 31u}) {
    EXPECT_EQ(w.reg[10][lane], 0x80u);
    EXPECT_EQ(w.reg[11][lane], 0xffffff80u);
    EXPECT_EQ(w.reg[12][lane], 0xff80u);
    EXPECT_EQ(w.reg[13][lane], 0xffffff80u);
    EXPECT_EQ(w.reg[14][lane], 0x34u);
    EXPECT_EQ(w.reg[15][lane], 0x1234u);
    EXPECT_EQ(w.reg[16][lane], 0x12345678u);
    EXPECT_EQ(w.reg[18][lane], 0x89abcdefu);
    EXPECT_EQ(w.reg[19][lane], 1u);
    EXPECT_EQ(w.reg[20][lane], 0x1234ff80u);
    EXPECT_EQ(w.reg[23][lane], 1u);
    EXPECT_EQ(w.reg[24][lane], 0x1234ff80u);
    EXPECT_EQ(w.reg[27][lane], 1u);
  }
}

TEST_F(ExecLoadStore, StoreSizesTruncate) {
  four_lanes();
  for (unsigned l = 0; l < 4; ++l) w.reg[2][l] = 0x1040 + 16 * l;  // lane l stores at 0x1040 + 16 l
  set_all(4, 0xaabbccdd);
  set_all(5, 0x11223344);
  set_all(6, 0x55667788);
  set_all(7, 0x99000011);
  ok("STG.U8 [R2], R4;\n"          // byte 0xdd at +0
     "STG.S16 [R2+0x2], R4;\n"     // 0xccdd at +2
     "STG.64 [R2+0x8], R4;\n");    // R4, R5 at +8
  EXPECT_EQ(byte(m.global, 0x1040), 0xdd);
  EXPECT_EQ(byte(m.global, 0x1041), 0x00);  // untouched
  EXPECT_EQ(m.global.load32(0x1040), 0xccdd00ddu);
  EXPECT_EQ(m.global.load32(0x1048), 0xaabbccddu);
  EXPECT_EQ(m.global.load32(0x104c), 0x11223344u);
  EXPECT_EQ(m.global.load32(0x1078), 0xaabbccddu);  // lane 3: 0x1070 + 8
  EXPECT_EQ(m.global.load32(0x1080), 0u);           // lane 4 did not run
  ok("STG.128 [R2], R4;\n");
  EXPECT_EQ(m.global.load32(0x105c), 0x99000011u);  // lane 1: 0x1050 + 12 = R7
}

TEST_F(ExecLoadStore, WideAddressPairAndNegativeOffset) {
  m.global = ByteMemory(0x100000000ull, 0x40);
  put(m.global, 0x100000010ull, {0xcafef00d});
  set_all(2, 0x00000020);  // R3:R2 = 0x1_00000020; - 0x10 = 0x1_00000010
  set_all(3, 0x1);
  ok("LDG.E R8, [R2+-0x10];");
  EXPECT_EQ(w.reg[8][9], 0xcafef00du);
  // Without .E the address is R2 - 0x10 = 0x10, 32 bits: outside this global memory.
  fails("LDG R8, [R2+-0x10];", 0, {"0x10", "outside", "global"});
}

TEST_F(ExecLoadStore, WideAddressNeedsEvenRegister) {
  fails("LDG.E R8, [R3];", 0, {"R3", "even", "misaligned register"});
}

TEST_F(ExecLoadStore, AbsoluteAddress) {
  // [RZ] with an offset: the unsigned field, 0x1004.
  ok("LDG R8, [0x1004];");
  EXPECT_EQ(w.reg[8][0], 0x12345678u);
}

TEST_F(ExecLoadStore, MisalignedAddressNamesAddressAndLane) {
  for (unsigned l = 0; l < kLanes; ++l) w.reg[2][l] = 0x1000;
  w.reg[2][6] = 0x1004;  // lane 6: 0x1004 is not 8-byte aligned
  fails("LDG.64 R8, [R2];", 6, {"lane 6", "0x1004", "not aligned to 8", "misaligned address"});
  w.reg[2][6] = 0x1002;
  fails("STG [R2], R8;", 6, {"lane 6", "store", "0x1002", "not aligned to 4"});
}

TEST_F(ExecLoadStore, OutOfRangeNamesAddressAndLane) {
  set_all(2, 0x1000);
  w.reg[2][13] = 0x10f8;  // 0x10f8 + 8 = 0x1100, the end of global memory
  fails("LDG.64 R8, [R2+0x8];", 13, {"at 0x0008", "lane 13", "0x1100", "[0x1000, 0x1100)", "out of range"});
  fails("STG [R2+0x100], R8;", 0, {"lane 0", "0x1100", "store"});
  // A load that fails leaves the register alone.
  EXPECT_EQ(w.reg[8][13], 0u);
}

TEST_F(ExecLoadStore, MisalignedRegisterVector) {
  set_all(2, 0x1000);
  fails("LDG.64 R9, [R2];", 0, {"R9", "misaligned register"});
  fails("LDG.128 R10, [R2];", 0, {"R10", "aligned to 4"});
  fails("STG.128 [R2], R6;", 0, {"R6"});
}

TEST_F(ExecLoadStore, PredicatedOffLanesDoNothing) {
  w.pred[0] = 0x00000005;  // lanes 0 and 2
  for (unsigned l = 0; l < kLanes; ++l) {
    w.reg[2][l] = 0x1040 + 4 * l;
    w.reg[4][l] = 100 + l;
  }
  ok("@P0 STG [R2], R4;\n@!P0 LDG R6, [R2+-0x40];");
  EXPECT_EQ(m.global.load32(0x1040), 100u);
  EXPECT_EQ(m.global.load32(0x1044), 0u);  // lane 1 is off
  EXPECT_EQ(m.global.load32(0x1048), 102u);
  EXPECT_EQ(w.reg[6][0], 0u);            // lane 0 did not load
  EXPECT_EQ(w.reg[6][1], 0x12345678u);   // lane 1: 0x1044 - 0x40 = 0x1004
  // A lane whose guard is false never faults.
  w.pred[1] = 0;
  set_all(3, 0x7777);
  ok("@P1 LDG R8, [R3];");
}

TEST_F(ExecLoadStore, OverlappingStoresHighestLaneWins) {
  set_all(2, 0x1080);
  for (unsigned l = 0; l < kLanes; ++l) w.reg[4][l] = l;
  ok("STG [R2], R4;");
  EXPECT_EQ(m.global.load32(0x1080), 31u);
}

TEST_F(ExecLoadStore, RzData) {
  set_all(2, 0x1000);
  ok("STG.64 [R2], RZ;\nLDG.64 RZ, [R2+0x8];");  // stores zeros; the load result vanishes
  EXPECT_EQ(m.global.load32(0x1000), 0u);
  EXPECT_EQ(m.global.load32(0x1004), 0u);
}

TEST_F(ExecLoadStore, SharedAndLocal) {
  m.shared = ByteMemory(0, 0x40);
  for (auto& l : m.local) l = ByteMemory(0, 0x10);
  for (unsigned l = 0; l < kLanes; ++l) w.reg[4][l] = 1000 + l;
  set_all(2, 0x8);
  ok("STS [R2+0x4], R4;\n"      // shared 0xc: every lane stores, lane 31 last: 1031
     "STL [R2], R4;\n"          // each lane's own local 0x8
     "LDS.U8 R6, [R2+0x4];\n"   // 1031 = 0x407 -> byte 0x07
     "LDS.U.32 R7, [R2+0x4];\n"
     "LDL R8, [R2];\n");
  EXPECT_EQ(m.shared.load32(0xc), 1031u);
  EXPECT_EQ(w.reg[6][3], 0x07u);
  EXPECT_EQ(w.reg[7][3], 1031u);
  EXPECT_EQ(w.reg[8][3], 1003u);   // lane 3's own local value
  EXPECT_EQ(m.local[20].load32(0x8), 1020u);
  set_all(2, 0x40);
  fails("LDS R6, [R2];", 0, {"shared", "0x40", "outside"});
  fails("STL.64 [R2+-0x3c], R4;", 0, {"local", "0x4", "not aligned to 8"});
}

TEST_F(ExecLoadStore, GenericWindows) {
  m.shared = ByteMemory(0, 0x40);
  m.shared_window = 0x01000000;
  for (auto& l : m.local) l = ByteMemory(0, 0x20);
  m.local_window = 0x02000000;
  m.shared.store32(0x8, 0x5555);
  m.local[2].store32(0x4, 0x2222);
  set_all(2, 0x01000008);  // shared window + 8
  set_all(3, 0x02000004);  // local window + 4
  set_all(4, 0x1004);      // global
  ok("LD R10, [R2];\nLD R11, [R3];\nLD R12, [R4];\nST [R2+0x4], R4;");
  EXPECT_EQ(w.reg[10][2], 0x5555u);
  EXPECT_EQ(w.reg[11][2], 0x2222u);
  EXPECT_EQ(w.reg[11][3], 0u);
  EXPECT_EQ(w.reg[12][2], 0x12345678u);
  EXPECT_EQ(m.shared.load32(0xc), 0x1004u);
}

TEST_F(ExecLoadStore, GenericWindowPastItsMemoryIsOutOfRange) {
  // A 16 MiB window over 64 bytes of shared memory: 0x01000040 is in the window, past the memory: a shared fault,
  // not a global access.
  m.shared = ByteMemory(0, 0x40);
  m.shared_window = 0x01000000;
  m.shared_window_size = 0x01000000;
  set_all(2, 0x01000040);
  fails("LD R10, [R2];", 0, {"shared", "0x40", "outside"});
}

TEST_F(ExecLoadStore, LdStSecondPredicateDoesNotGateTheAccess) {
  // LD/ST's trailing Ps is, in ptxas's generic accesses, LEA.HI.X's "the address is above 4 GiB" (docs/exec.md):
  // every lane accesses memory whether it holds or not, and the windows decide which memory.
  m.shared = ByteMemory(0, 0x40);
  m.shared_window = 0x01000000;
  w.pred[1] = 0x2;
  set_all(2, 0x1004);
  set_all(3, 0x01000008);
  ok("LD R10, [R2], P1;\nST [R3], R2, P1;");
  EXPECT_EQ(w.reg[10][0], 0x12345678u);
  EXPECT_EQ(w.reg[10][1], 0x12345678u);
  EXPECT_EQ(m.shared.load32(0x8), 0x1004u);
}

TEST_F(ExecLoadStore, LdgPredicateDestinationSm52) {
  set_all(2, 0x1000);
  ok("LDG.E P2, R8, [R2+0x4];", Arch::SM52);
  EXPECT_EQ(w.reg[8][0], 0x12345678u);
  EXPECT_EQ(w.pred[2], kAllLanes);
}

TEST_F(ExecLoadStore, InvalidStoreSize) {
  // ST size 7 prints .INVALIDSIZE7; the assembler reads it back.
  fails("STG.INVALIDSIZE7 [R2], R4;", -1, {"INVALIDSIZE7"});
}

class ExecLdc : public ExecMemoryTest {
 protected:
  void SetUp() override {
    const uint32_t b3[] = {0x8081fe7f, 0x11223344, 0xdeadbeef, 0x0badf00d};
    m.set_cbank(3, 0, b3);
    const uint32_t b5[] = {0x00000005, 0x00000006};
    m.set_cbank(5, 0x10, b5);
  }
};

TEST_F(ExecLdc, SizesAndOffsets) {
  set_all(2, 0x4);
  ok("LDC R10, c[0x3][R2];\n"            // 0x11223344
     "LDC.U8 R11, c[0x3][R2+-0x1];\n"    // byte 3 = 0x80 -> 0x80
     "LDC.S8 R12, c[0x3][R2+-0x1];\n"    // -> 0xffffff80
     "LDC.S16 R13, c[0x3][R2+-0x4];\n"   // 0xfe7f -> 0xfffffe7f
     "LDC.U16 R14, c[0x3][R2+-0x2];\n"   // 0x8081
     "LDC.64 R16, c[0x3][R2+0x4];\n"     // R16 = 0xdeadbeef, R17 = 0x0badf00d
     "LDC R18, c[0x3][0xc];\n");         // absolute: 0x0badf00d
  EXPECT_EQ(w.reg[10][0], 0x11223344u);
  EXPECT_EQ(w.reg[11][0], 0x80u);
  EXPECT_EQ(w.reg[12][0], 0xffffff80u);
  EXPECT_EQ(w.reg[13][0], 0xfffffe7fu);
  EXPECT_EQ(w.reg[14][0], 0x8081u);
  EXPECT_EQ(w.reg[16][0], 0xdeadbeefu);
  EXPECT_EQ(w.reg[17][0], 0x0badf00du);
  EXPECT_EQ(w.reg[18][0], 0x0badf00du);
}

TEST_F(ExecLdc, SegmentedModeTakesBankFromRa) {
  // .IS: bank = 3 + R2[31:16] = 3 + 2 = 5, offset = R2[15:0] + 4 = 0x10 + 4 = 0x14 -> 6.
  set_all(2, 0x00020010);
  ok("LDC.IS R10, c[0x3][R2+0x4];\nLDC.ISL R11, c[0x3][R2];\nLDC.IL R12, c[0x3][RZ];");
  EXPECT_EQ(w.reg[10][0], 6u);
  EXPECT_EQ(w.reg[11][0], 5u);          // c[5][0x10]
  EXPECT_EQ(w.reg[12][0], 0x8081fe7fu);  // .IL addresses like the default mode
}

TEST_F(ExecLdc, Errors) {
  for (unsigned l = 0; l < kLanes; ++l) w.reg[2][l] = 4 * l;
  // Lane 4 reads c[3][0x10], one word past the 16-byte bank.
  fails("LDC R10, c[0x3][R2];", 4, {"lane 4", "c[0x3][0x10]", "outside constant bank 3 (0x10 bytes"});
  set_all(2, 0);
  fails("LDC R10, c[0x3][R2+-0x4];", 0, {"c[0x3][-0x4]"});
  fails("LDC.64 R10, c[0x3][0x4];", 0, {"c[0x3][0x4]", "not aligned to 8"});
  fails("LDC R10, c[0x4][0x0];", 0, {"constant bank 4 (0x0 bytes"});
  set_all(2, 0x00100000);  // .IS: bank 3 + 0x10 = 19, past the 18 banks
  fails("LDC.IS R10, c[0x3][R2];", 0, {"c[0x13][0x0]"});
  fails("LDC.64 R11, c[0x3][0x0];", 0, {"R11", "misaligned register"});
}

TEST_F(ExecLdc, CacheControlIsANoOp) {
  set_all(2, 0x4);
  ok("CCTL.E.IV [R2];\nCCTLL.IVALL;\nCCTLT.IVALL;\nMEMBAR.GL;\nBAR.SYNC 0x0;\nLDC R10, c[0x3][R2];");
  EXPECT_EQ(w.reg[10][0], 0x11223344u);
}

}  // namespace
}  // namespace tmu::exec
