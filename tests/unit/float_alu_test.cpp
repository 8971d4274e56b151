// SPDX-License-Identifier: MIT
// The float ALU family: spellings the assembler reads, .reuse flags per form, control-slot classes, and the
// canonical encoding of NaN immediates. Expected words are nvdisasm-verified (research note float-alu.md).
#include <gtest/gtest.h>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"

namespace tmu::isa::sm50 {
namespace {

uint64_t assemble_one(std::string_view text, Arch arch = Arch::SM50) {
  const ParseResult r = parse_instruction(text, arch);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error << " at " << r.error_offset;
  if (!r.ok()) return 0;
  auto w = encode(*r.inst);
  EXPECT_TRUE(w) << text << ": " << w.error();
  return w ? *w : 0;
}

uint8_t reuse_of(std::string_view text, Arch arch = Arch::SM50) {
  const ParseResult r = parse_instruction(text, arch);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error;
  return r.ok() ? r.inst->ctrl.reuse : 0xff;
}

Control slot_with_reuse(uint8_t reuse) {
  Control c;
  c.stall = 6;
  c.yield = true;
  c.reuse = reuse;
  return c;
}

std::string disassemble(uint64_t word, Arch arch = Arch::SM50, uint8_t reuse = 0) {
  auto d = decode(word, arch, slot_with_reuse(reuse));
  EXPECT_TRUE(d) << d.error();
  return d ? to_string(*d) : std::string{};
}

TEST(FloatAlu, ReferenceWords) {
  EXPECT_EQ(assemble_one("FADD R3, R4, R5"), 0x5c58000000570403u);
  EXPECT_EQ(assemble_one("FADD.FTZ.SAT R3.CC, -|R4|, -|R5|"), 0x5c5ff00000570403u);
  EXPECT_EQ(assemble_one("FADD R3, R4, c[0x1f][-0x4]"), 0x4c58007ffff70403u);
  EXPECT_EQ(assemble_one("FADD R3, R4, c[0x1f][0xfffc]"), 0x4c58007ffff70403u);  // unsigned offset accepted
  EXPECT_EQ(assemble_one("FMUL.INVALIDSCALE37 R3, R4, R5"), 0x5c680e0000570403u);
  EXPECT_EQ(assemble_one("FFMA R3, R4, R6, c[0x3][0x10]"), 0x5180030c00470403u);
  EXPECT_EQ(assemble_one("FSETP.F.AND P0, P3, R4, R5, P0"), 0x5bb0000000570403u);
  EXPECT_EQ(assemble_one("FSET.BF.F.FTZ.AND R3.CC, -|R4|, -|R5|, !P0"), 0x58f09c0000570403u);
  // FCHK ignores [0..2] and [6..7] (its predicate sits at [3..5]): encoded as zero.
  EXPECT_EQ(assemble_one("FCHK.INVALIDCHKMODE16 P0, R4, c[0x3][0x10]"), 0x4c88080c00470400u);
  EXPECT_EQ(assemble_one("FSWZADD R3, R4, R5, PPPPPPNP"), 0x50f8000010570403u);
  EXPECT_EQ(assemble_one("@P5 FSWZADD.FTZ.RP.NDV R246.CC, R16, R207, ZPZPPPNP") >> 28 & 0xff, 0xf1u);
  EXPECT_EQ(assemble_one("RRO.EX2 R3, -|c[0x3][0x10]|"), 0x4c92208c00470003u);
  EXPECT_EQ(assemble_one("DMNMX R3, R4, R5, P0"), 0x5c50000000570403u);
}

TEST(FloatAlu, ComparisonDefaults) {
  // FCMP prints GT as nothing but reads ".GT" too; FSET/FSETP always print the comparison.
  EXPECT_EQ(assemble_one("FCMP R3, R4, R5, R6"), 0x5ba4030000570403u);
  EXPECT_EQ(assemble_one("FCMP.GT R3, R4, R5, R6"), 0x5ba4030000570403u);
  EXPECT_EQ(disassemble(0x5ba4030000570403u), "FCMP R3, R4, R5, R6");
  EXPECT_EQ(assemble_one("FCMP.FTZ R3, R4, R5, R6"), 0x5ba4830000570403u);
  EXPECT_FALSE(parse_instruction("FSET.AND R3, R4, R5, P0", Arch::SM50).ok());
}

TEST(FloatAlu, MufuSqrtIsSm52) {
  EXPECT_EQ(disassemble(0x5080000000870403u, Arch::SM50), "MUFU.INVALIDMUFUOPCODE8 R3, R4");
  EXPECT_EQ(disassemble(0x5080000000870403u, Arch::SM52), "MUFU.SQRT R3, R4");
  EXPECT_EQ(assemble_one("MUFU.SQRT R3, R4", Arch::SM52), 0x5080000000870403u);
  EXPECT_EQ(assemble_one("MUFU.INVALIDMUFUOPCODE8 R3, R4", Arch::SM50), 0x5080000000870403u);
  EXPECT_FALSE(parse_instruction("MUFU.SQRT R3, R4", Arch::SM50).ok());
  EXPECT_EQ(assemble_one("MUFU.RCP64H R3, -|R4|"), 0x5081400000670403u);
}

TEST(FloatAlu, FloatImmediates) {
  EXPECT_EQ(assemble_one("FADD R3, R4, 1"), 0x3858003f80070403u);
  EXPECT_EQ(assemble_one("FADD R3, R4, -0.0 "), 0x3958000000070403u);
  EXPECT_EQ(assemble_one("FADD R3, R4, -0.0"), 0x3958000000070403u);
  EXPECT_EQ(assemble_one("DADD R3, R4, 0.0078125"), 0x3870003f80070403u);
  EXPECT_EQ(assemble_one("DADD R3, R4, 1.79418201545828794697e+308"), 0x3870007feff70403u);
  EXPECT_EQ(assemble_one("FADD32I R3, R4, -3.40282346638528859812e+38"), 0x080ff7fffff70403u);
  EXPECT_EQ(assemble_one("FADD32I R3, R4, 0.10000000149011611938"), 0x0803dcccccd70403u);
  // Other decimals round to the nearest float (float_text.h): 0.1 is 0x3dcccccd.
  EXPECT_EQ(assemble_one("FADD32I R3, R4, 0.1"), 0x0803dcccccd70403u);
  // .NEG comes before .ABS and follows the number's own text, space included.
  EXPECT_EQ(assemble_one("@!P5 DADD.RZ R208, -R202, -1.4364241749661470161e-185.NEG.ABS", Arch::SM52),
            0x397737998f4dcad0u & ~(uint64_t{0xf} << 41 | uint64_t{1} << 50));
  EXPECT_EQ(disassemble(0x3870207ff0070403u), "DADD R3, R4, +INF .NEG");
  EXPECT_EQ(assemble_one("DADD R3, R4, +INF .NEG"), 0x3870207ff0070403u);
  // 0.1 needs the low 12 bits of an F32: only the 32I forms can hold it.
  EXPECT_FALSE(parse_instruction("FADD R3, R4, 0.1", Arch::SM50).ok());
  // A NaN's payload is not printed: the signalling pattern 0x7f801 prints +QNAN and encodes as the quiet NaN.
  auto d = decode(0x3858007f80170403u, Arch::SM50, slot_with_reuse(0));
  ASSERT_TRUE(d);
  EXPECT_EQ(to_string(*d), "FADD R3, R4, +QNAN ");
  EXPECT_EQ(*encode(*d), 0x3858007fc0070403u);
  EXPECT_EQ(assemble_one("FADD R3, R4, +QNAN "), 0x3858007fc0070403u);
  // An F64 NaN keeps its quiet bit: SNAN and QNAN are different words.
  EXPECT_EQ(disassemble(0x3870007ff0170403u), "DADD R3, R4, +SNAN ");
}

TEST(FloatAlu, Ffma32iAccumulatorIsTheDestination) {
  EXPECT_EQ(assemble_one("FFMA32I R3, R4, 1, R3"), 0x0c03f80000070403u);
  EXPECT_EQ(assemble_one("FFMA32I R3, -R4, 1, -R3"), 0x0f03f80000070403u);
  EXPECT_FALSE(parse_instruction("FFMA32I R3, R4, 1, R5", Arch::SM50).ok());
}

TEST(FloatAlu, ReuseFlagsPerForm) {
  // FADD_R, FSWZADD and DADD_R: Rb takes flag 2, flag 1 shows nothing (section 0.5).
  EXPECT_EQ(disassemble(0x5c58000000570403u, Arch::SM50, 7), "FADD R3, R4.reuse, R5.reuse");
  EXPECT_EQ(disassemble(0x5c58000000570403u, Arch::SM50, 2), "FADD R3, R4, R5");
  EXPECT_EQ(reuse_of("FADD R3, R4.reuse, R5.reuse"), 0b101);
  EXPECT_EQ(reuse_of("FSWZADD R3, R4, R5.reuse, PPPPPPPP"), 0b100);
  EXPECT_EQ(reuse_of("DADD R3, R4.reuse, R5.reuse"), 0b101);
  // Default positions: Ra 0, Rb 1, Rc 2.
  EXPECT_EQ(reuse_of("FFMA R3, R4.reuse, R5.reuse, R6.reuse"), 0b111);
  EXPECT_EQ(reuse_of("DFMA R3, R4, c[0x3][0x10], R6.reuse"), 0b100);
  // _RC forms: Rc, the second operand, takes flag 1.
  EXPECT_EQ(reuse_of("FFMA R3, R4, R6.reuse, c[0x3][0x10]"), 0b010);
  EXPECT_EQ(reuse_of("FCMP.F R3, R4, R6.reuse, c[0x3][0x10]"), 0b010);
  // FFMA32I's accumulator takes flag 2, even for RZ.
  EXPECT_EQ(disassemble(0x0c03f800000704ffu, Arch::SM50, 5), "FFMA32I RZ, R4.reuse, 1, RZ.reuse");
  EXPECT_EQ(reuse_of("FFMA32I RZ, R4.reuse, 1, RZ.reuse"), 0b101);
  // RRO has no Ra: only its register source (flag 1) is marked.
  EXPECT_EQ(disassemble(0x5c90000000570403u, Arch::SM50, 7), "RRO.SINCOS R3, R5.reuse");
  // MUFU, DMNMX, DSET and DSETP ignore reuse flags.
  EXPECT_EQ(disassemble(0x5080000000570403u, Arch::SM50, 15), "MUFU.RSQ R3, R4");
  EXPECT_FALSE(parse_instruction("MUFU.RSQ R3, R4.reuse", Arch::SM50).ok());
}

TEST(FloatAlu, ControlSlotClasses) {
  const auto check = [](std::string_view text, Control c) {
    const ParseResult r = parse_instruction(text, Arch::SM50);
    EXPECT_TRUE(r.ok()) << text;
    return r.ok() && check_control(r.inst->form(), c).empty();
  };
  Control barrier;
  barrier.wrbar = 2;
  Control reuse3;
  reuse3.reuse = 8;
  EXPECT_FALSE(check("FADD R3, R4, R5", barrier));
  EXPECT_FALSE(check("FADD R3, R4, R5", reuse3));
  EXPECT_TRUE(check("DADD R3, R4, R5", barrier));  // variable latency, but decodes reuse
  EXPECT_FALSE(check("DADD R3, R4, R5", reuse3));
  EXPECT_TRUE(check("MUFU.RSQ R3, R4", barrier));
  EXPECT_TRUE(check("MUFU.RSQ R3, R4", reuse3));
  EXPECT_TRUE(check("DSETP.F.AND P0, P3, R4, R5, P0", reuse3));
}

}  // namespace
}  // namespace tmu::isa::sm50
