// SPDX-License-Identifier: MIT
// Executor semantics of AL2P, ALD, AST, PIXLD and OUT against the model documented in docs/exec.md: attribute
// memory per lane (vertex handle in Rc as a byte offset), AL2P's identity mapping with the Puniform predicate of
// seed 002, and PIXLD reading Machine::pixel (offsets in IPA.OFFSET's 4.12 format, centroid rule of seed 002).
#include "exec_memory_util.h"

namespace tmu::exec {
namespace {

class ExecAttr : public ExecMemoryTest {
 protected:
  void SetUp() override {
    for (unsigned l = 0; l < kLanes; ++l) {
      m.attribute_in[l] = ByteMemory(0, 0x200);
      m.attribute_out[l] = ByteMemory(0, 0x100);
      put(m.attribute_in[l], 0x80, {100 + l, 200 + l});
      put(m.attribute_in[l], 0x180, {300 + l});
      put(m.attribute_out[l], 0x10, {400 + l});
    }
  }
};

TEST_F(ExecAttr, Al2pMapsOneToOneAndReportsUniformity) {
  set_all(6, 0x80);
  ok("AL2P P0, R5, R6, 0x10;\nAL2P P1, R7, R6, -0x4;");
  EXPECT_EQ(w.reg[5][0], 0x90u);  // 0x80 + 0x10
  EXPECT_EQ(w.reg[7][5], 0x7cu);  // 0x80 - 4
  EXPECT_EQ(w.pred[0], kAllLanes);  // every lane got 0x90: uniform
  EXPECT_EQ(w.pred[1], kAllLanes);
  w.reg[6][3] = 0x84;  // lane 3 differs
  ok("AL2P P0, R5, R6, 0x10;");
  EXPECT_EQ(w.reg[5][3], 0x94u);
  EXPECT_EQ(w.pred[0], 0u);
  ok("AL2P P2, R5, RZ, 0x300;");  // absolute: 0x300
  EXPECT_EQ(w.reg[5][9], 0x300u);
  EXPECT_EQ(w.pred[2], kAllLanes);
}

TEST_F(ExecAttr, AldForms) {
  set_all(4, 0x84);
  set_all(10, 0x100);  // vertex handle: a byte offset in the model
  ok("ALD.64 R8, a[0x80];\n"        // 100 + l, 200 + l
     "ALD R12, a[0x80], R10;\n"     // 0x80 + 0x100 = 0x180: 300 + l
     "ALD.P R13, a[R4+-0x4];\n"     // 0x80: 100 + l
     "ALD.PHYS R14, a[R4];\n"       // 0x84: 200 + l
     "ALD.O R15, a[0x10];\n");      // output attributes: 400 + l
  for (unsigned l : {0u, 21u}) {
    EXPECT_EQ(w.reg[8][l], 100 + l);
    EXPECT_EQ(w.reg[9][l], 200 + l);
    EXPECT_EQ(w.reg[12][l], 300 + l);
    EXPECT_EQ(w.reg[13][l], 100 + l);
    EXPECT_EQ(w.reg[14][l], 200 + l);
    EXPECT_EQ(w.reg[15][l], 400 + l);
  }
}

TEST_F(ExecAttr, AstWritesOutputs) {
  for (unsigned l = 0; l < kLanes; ++l) {
    w.reg[20][l] = 0xa0 + l;
    w.reg[21][l] = 0xb0 + l;
    w.reg[22][l] = 0xc0 + l;
  }
  set_all(4, 0x20);
  set_all(10, 0x40);
  ok("AST a[0x30], R20;\n"            // out[0x30] = 0xa0 + l
     "AST.P.96 a[R4+0x4], R20, R10;\n" // 0x20 + 4 + 0x40 = 0x64: three words
     "AST.PHYS a[R4], R22;\n");        // out[0x20] = 0xc0 + l
  EXPECT_EQ(m.attribute_out[7].load32(0x30), 0xa7u);
  EXPECT_EQ(m.attribute_out[7].load32(0x64), 0xa7u);
  EXPECT_EQ(m.attribute_out[7].load32(0x68), 0xb7u);
  EXPECT_EQ(m.attribute_out[7].load32(0x6c), 0xc7u);
  EXPECT_EQ(m.attribute_out[7].load32(0x20), 0xc7u);
  EXPECT_EQ(m.attribute_in[7].load32(0x30), 0u);  // inputs untouched
}

TEST_F(ExecAttr, Errors) {
  set_all(4, 0x82);
  fails("ALD.P R8, a[R4];", 0, {"input attribute", "0x82", "not aligned to 4"});
  for (unsigned l = 0; l < kLanes; ++l) w.reg[4][l] = 0x100;
  w.reg[4][11] = 0x1fc;  // .64 at 0x1fc runs past the 0x200 bytes
  fails("ALD.P.64 R8, a[R4];", 11, {"lane 11", "0x1fc", "outside [0x0, 0x200)"});
  fails("AST a[0x100], R8;", 0, {"output attribute", "0x100", "outside"});
  fails("ALD.128 R252, a[0x80];", 0, {"R252..R255", "past R254"});
  fails("OUT.EMIT R0, R1, R2;", -1, {"OUT", "not modelled"});
}

// Instructions the table holds but the executor has no semantics for (issue 14: TXA, R2B, ISBERD, STP) stop the run with the instruction's text and "does not model", never crash it.
TEST_F(ExecAttr, TableOnlyInstructionsAreRefused) {
  // Surfaces run through the texture unit (exec_surface_test.cpp); a machine without one stops them.
  fails("SULD.D.BA.2D.TRAP R11, [R8], 0x54;", 0, {"needs the texture unit"});
  fails("TXA.NODEP R11, R8, 0x54, 0xc;", -1, {"does not model TXA"});
  fails("R2B.WARP 0xf, R40;", -1, {"does not model R2B"});
  fails("ISBERD.O.PATCH.U16 R154, [R140];", -1, {"does not model ISBERD"});
  fails("STP.WAIT.T 0x51;", -1, {"STP.WAIT.T 0x51", "does not model STP"});
}

// The video and half-precision instructions that were refused here before run now (their semantics: the oracle
// test tests/oracle/exec_video_half_test.cpp); values worked out by hand.
TEST_F(ExecAttr, VideoAndHalfInstructionsRun) {
  set_all(0, 0x12345678);
  set_all(5, 0x00ff8001);
  set_all(6, 10);
  ok("VADD.UD.U32.U32 R4, R0, R5, RZ;\n"                // 0x12345678 + 0x00ff8001
     "VABSDIFF.SD.S16.S16.SAT R11, R0, R5.H1, RZ;\n"     // |0x5678 - 0xff| = 22136 - 255 = 21881 = 0x5579
     "VMNMX.UD.U8.U8.MX.MAX R13, R0.B3, R5.B1, R6;\n"    // max(0x12, 0x80) = 128, then max with 10
     "VSET.NE.S8.S8.ACC R21, R0.B1, R5.B2, R6;\n"        // 0x56 != -1: 1, plus 10
     "VSHL.UD.U32.U32 R15, R0, R5, RZ;\n"                // count 0xff8001 clamps to 32: 0
     "VSHR.W.ACC R16, R0, R5, R6;\n"                     // count wraps to 1: 0x091a2b3c, plus 10
     "VMAD.S16.S16.SHR_15 R17, R0, R5.H1, R6;\n");       // (22136 * 255 + 10) >> 15 = 5644690 >> 15 = 172
  EXPECT_EQ(w.reg[4][0], 0x1333d679u);
  EXPECT_EQ(w.reg[11][0], 0x5579u);
  EXPECT_EQ(w.reg[13][0], 0x80u);
  EXPECT_EQ(w.reg[21][0], 11u);
  EXPECT_EQ(w.reg[15][0], 0u);
  EXPECT_EQ(w.reg[16][0], 0x091a2b46u);
  EXPECT_EQ(w.reg[17][0], 172u);
  set_all(1, 0x3c00c000);  // halves (1, -2)
  set_all(2, 0x38003800);  // (0.5, 0.5)
  ok("HADD2 R18, R1, R2;\n"                  // (1.5, -1.5) = 0x3e00, 0xbe00
     "HSETP2.LT.AND P1, P2, R1, R2, PT;\n",  // H0: -2 < 0.5 (P1), H1: 1 < 0.5 is false (P2)
     isa::Arch::SM52);
  EXPECT_EQ(w.reg[18][0], 0x3e00be00u);
  EXPECT_EQ(w.pred[1], kAllLanes);
  EXPECT_EQ(w.pred[2], 0u);
}

class ExecPixld : public ExecMemoryTest {
 protected:
  void SetUp() override {
    four_lanes();
    m.pixel.samples = 4;
    m.pixel.sample_offsets[0] = {-2, -6};
    m.pixel.sample_offsets[1] = {6, -2};
    m.pixel.sample_offsets[2] = {-6, 2};
    m.pixel.sample_offsets[3] = {2, 6};
    m.pixel.coverage[0] = 0xf;   // all covered
    m.pixel.coverage[1] = 0x6;   // samples 1, 2
    m.pixel.coverage[2] = 0x0;   // none
    m.pixel.coverage[3] = 0x8;   // sample 3
    for (unsigned l = 0; l < 4; ++l) m.pixel.sample_index[l] = l;
  }
};

TEST_F(ExecPixld, Modes) {
  for (unsigned l = 0; l < 4; ++l) w.reg[2][l] = l;
  ok("PIXLD R10, [RZ];\n"
     "PIXLD.COVMASK R11, P1, [RZ];\n"
     "PIXLD.COVERED R12, [RZ];\n"
     "PIXLD.MY_INDEX R13, [RZ];\n"
     "PIXLD.OFFSET R14, [R2];\n"
     "PIXLD.CENTROID_OFFSET R15, [RZ];\n"
     "PIXLD.OFFSET R16, [0x1];\n");
  const uint32_t covered[] = {1, 1, 0, 1};  // own sample l covered? 0xf bit 0, 0x6 bit 1, 0 bit 2, 0x8 bit 3
  // Offsets in 1/16 pixel to 4.12: n * 256 per half; dy in 31:16.
  // s0 (-2,-6): 0xfe00, 0xfa00; s1 (6,-2): 0x0600, 0xfe00; s2 (-6,2): 0xfa00, 0x0200; s3 (2,6): 0x0200, 0x0600.
  const uint32_t offsets[] = {0xfa00fe00, 0xfe000600, 0x0200fa00, 0x06000200};
  // Centroid: lane 0 all covered -> centre; lane 1 first covered is sample 1; lane 2 none -> centre; lane 3 s3.
  const uint32_t centroid[] = {0, 0xfe000600, 0, 0x06000200};
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(w.reg[10][l], 4u);
    EXPECT_EQ(w.reg[11][l], m.pixel.coverage[l]);
    EXPECT_EQ(w.reg[12][l], covered[l]) << l;
    EXPECT_EQ(w.reg[13][l], l);
    EXPECT_EQ(w.reg[14][l], offsets[l]) << l;
    EXPECT_EQ(w.reg[15][l], centroid[l]) << l;
    EXPECT_EQ(w.reg[16][l], offsets[1]);
  }
  EXPECT_EQ(w.pred[1], 0xfu);
}

TEST_F(ExecPixld, NoMultisamplingCentroidIsCentre) {
  m.pixel.samples = 1;
  m.pixel.coverage[1] = 1;
  ok("PIXLD.CENTROID_OFFSET R15, [RZ];");
  EXPECT_EQ(w.reg[15][1], 0u);
}

TEST_F(ExecPixld, Errors) {
  for (unsigned l = 0; l < 4; ++l) w.reg[2][l] = l + 1;  // lane 3 asks for sample 4 of 4
  fails("PIXLD.OFFSET R14, [R2];", 3, {"lane 3", "sample 4", "4 sample(s)"});
  fails("PIXLD.INVALID0 R14, [RZ];", -1, {"INVALID0"});
  m.pixel.samples = 17;
  fails("PIXLD R14, [RZ];", -1, {"samples is 17"});
}

}  // namespace
}  // namespace tmu::exec
