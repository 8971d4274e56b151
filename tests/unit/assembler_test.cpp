// SPDX-License-Identifier: MIT
// The assembler: the seed documents' spelling, control annotations, dual issue, labels and errors. Expected words
// are nvdisasm-verified encodings from shared/reference/sm50-encodings.md section 5.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "isa/sm50/codec.h"
#include "isa/sm50/labels.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"
#include "isa/sm50/program.h"

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

TEST(Assembler, SeedSpelling) {
  EXPECT_EQ(assemble_one("TEX.B.DC R4,R0,R8,0x0,1D,0xf"), 0xdebc000780870004u);  // seed 000 writes 5: see below
  EXPECT_EQ(assemble_one("TEX.LB     R0,R2,R4,5,2D,0xf"), 0xc1380057a0470200u);
  EXPECT_EQ(assemble_one("TLD.LZ     R0, R4, 0, 2D, 0xf"), 0xdc380007aff70400u);
  EXPECT_EQ(assemble_one("TLD.LZ.MS R0, R4, R6, 0, 2D, 0xf"), 0xdc3c0007a0670400u);
  EXPECT_EQ(assemble_one("IPA.PASS R4, a[0x7c]"), 0xe003ff87cff7ff04u);
  EXPECT_EQ(assemble_one("IPA.PASS R4, a[ 0x7c]"), 0xe003ff87cff7ff04u);  // seed 002's second example
  EXPECT_EQ(assemble_one("IPA.MUL  R0, a[0x300], R4"), 0xe043ffb00047ff00u);
  EXPECT_EQ(assemble_one("IPA.MUL  R0, a[0x300], R1, P0"), 0xe0407fb00017ff00u);
  EXPECT_EQ(assemble_one("IPA.IDX.PASS R2,     a[R5], P0"), 0xe0007fc00ff70502u);
}

TEST(Assembler, FermiStyleTextureIndex) {
  // "#tid, #smp" is {smp[4:0], tid[7:0]}: tid 5, smp 1 -> 0x105 in bits 36..48 (seed 000).
  const uint64_t split = assemble_one("TEX R0, R2, 5, 1, 2D, 0xf");
  const uint64_t whole = assemble_one("TEX R0, R2, 0x105, 2D, 0xf");
  EXPECT_EQ(split, whole);
  EXPECT_EQ((split >> 36) & 0x1fff, 0x105u);
}

TEST(Assembler, ShortFormEncodingFromModifiersAndType) {
  // TEXS .LZ.DC with ARRAY_2D is encoding 9 (reference section 4.6).
  const uint64_t w = assemble_one("TEXS.LZ.DC.NODEP R10, R8, R2, R4, 0x3, ARRAY_2D, RGBA");
  EXPECT_EQ(w, 0xd9320030a0470208u);
  const ParseResult bad = parse_instruction("TEXS.LZ.DC R10, R8, R2, R4, 0x3, 3D, RGBA", Arch::SM50);
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.error.find("no encoding"), std::string::npos) << bad.error;
}

TEST(Assembler, Sm52OnlyFieldsAreRefusedOnSm50) {
  const ParseResult r = parse_instruction("TEX.LB.LC P1, R0, R2, R4, 0x5, 2D, 0xf", Arch::SM50);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(encode(*r.inst));
  EXPECT_EQ(assemble_one("TEX.LB.LC P1, R0, R2, R4, 0x5, 2D, 0xf", Arch::SM52), 0xc5080057a0470200u);
}

TEST(Assembler, PhaseGoesToTheControlWord) {
  const ParseResult r = parse_instruction("TEX.AOFFI.T R4, R34, R9, 0x56, 2D, 0xf", Arch::SM50);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.inst->ctrl.reuse & 3, 1);
}

// STP (issue 14): fixed latency, yet its phase is the control slot's reuse bits 0..1 as on texture
// instructions. Words, slots and texts as nvdisasm 11.8 shows them (nvdisasm-pairs/texture.tsv holds more).
TEST(Assembler, StpPhaseAndFixedLatency) {
  const ParseResult r = parse_instruction("STP.WAIT.T 0x51", Arch::SM50);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.inst->ctrl.reuse & 3, 1);
  EXPECT_EQ(*encode(*r.inst), 0xeea0000085100000u);
  Control c = unpack_slot(0x7f6 | 0xe << 17);  // reuse bits 2..3 are ignored: .P
  auto d = decode(0xeea7ffff70cfffff, Arch::SM52, c);  // every ignored bit set, the guard field included
  ASSERT_TRUE(d) << d.error();
  EXPECT_EQ(to_string(*d), "STP.P 0xc");
  EXPECT_EQ(*encode(*d), 0xeea0000000c00000u);
  c.wrbar = 2;  // a barrier: refused like any fixed-latency instruction
  EXPECT_EQ(decode(0xeea0000085100000, Arch::SM50, c).error(), kUnrecognized);
  EXPECT_EQ(assemble_one("STP 0xff"), 0xeea000000ff00000u);
  EXPECT_FALSE(parse_instruction("STP 0x100", Arch::SM50).ok());
  EXPECT_FALSE(parse_instruction("@P0 STP 0x1", Arch::SM50).ok());
  Program p;
  const auto e = assemble("STP 0x1 &wr=1 ;", Arch::SM50, p);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("STP has a fixed latency"), std::string::npos) << e->message;
}

TEST(Assembler, ProgramWithAnnotationsAndErrors) {
  Program p;
  auto err = assemble(
      "// comment\n"
      "start:\n"
      "  IPA.PASS R4, a[0x7c] &wr=2 ?stall=3 ;   # trailing comment\n"
      "  /*0010*/ TEX R0, R2, 0x5, 2D, 0xf &req={2} &wr=0 ?stall=1 ?yield ;\n",
      Arch::SM50, p);
  ASSERT_FALSE(err) << err->line << ":" << err->column << " " << err->message;
  ASSERT_EQ(p.code.size(), 3u);  // padded with a NOP
  EXPECT_EQ(p.code[0].ctrl.wrbar, 2);
  EXPECT_EQ(p.code[0].ctrl.stall, 3);
  EXPECT_EQ(p.code[1].ctrl.wait, 1 << 2);
  EXPECT_EQ(p.code[1].ctrl.wrbar, 0);

  auto e1 = assemble("IPA.PASS R4, a[0x7c];\nTEX R0, R2, 0x5, 2D, QQ;\n", Arch::SM50, p);
  ASSERT_TRUE(e1);
  EXPECT_EQ(e1->line, 2u);
  EXPECT_EQ(e1->column, 22u);  // the 'QQ'
  EXPECT_NE(e1->message.find("QQ"), std::string::npos);
  auto e2 = assemble("FOO R1, R2;\n", Arch::SM50, p);
  ASSERT_TRUE(e2);
  EXPECT_NE(e2->message.find("unknown instruction 'FOO'"), std::string::npos);
  auto e3 = assemble("TEX R0, R2, 0x5, 2D, 0xf\n", Arch::SM50, p);
  ASSERT_TRUE(e3);
  EXPECT_NE(e3->message.find("not terminated"), std::string::npos);
}

// Bad text refused with where and why (issue 15): immediates out of their field's range, unclosed comments, no
// instructions, binary data, a texture index on a .B form (seed 000 writes "TEX.B.DC R4,R0,R8,5,1D,0xf", but the
// word has no index field: nvdisasm prints 0x0 for every .B word, so 5 would be dropped silently).
TEST(Assembler, RefusesWhatItCannotEncode) {
  Program p;
  auto msg = [&](std::string_view text) {
    auto e = assemble(text, Arch::SM50, p);
    return e ? fmt::format("{}:{}: {}", e->line, e->column, e->message) : std::string("accepted");
  };
  // MOV's, IADD's and SHL's 20-bit immediates are signed (bits 38:20 and the sign in 56): 0x80000 would print as
  // -0x80000.
  EXPECT_NE(msg("MOV R0, 0x80000 ;").find("1:9: "), std::string::npos);
  EXPECT_NE(msg("MOV R0, 0x80000 ;").find("0x80000 is out of range: -0x80000 to 0x7ffff (20-bit signed)"),
            std::string::npos);
  EXPECT_NE(msg("IADD R0, R0, 524288 ;").find("524288 is out of range: -0x80000 to 0x7ffff"), std::string::npos);
  EXPECT_NE(msg("SHL R0, R0, 0x80000 ;").find("out of range"), std::string::npos);
  EXPECT_EQ(msg("MOV R0, -0x80000 ;"), "accepted");
  EXPECT_EQ(msg("TEX.B.DC R4, R0, R8, 5, 1D, 0xf ;"),
            "1:22: 5 is not encodable here: a bindless (.B) texture instruction has no texture index (the handle "
            "register selects texture and sampler); write 0x0");
  EXPECT_EQ(msg("TLD.B.LZ R0, R4, R6, 0x3, 2D, 0xf ;"),
            "1:22: 0x3 is not encodable here: a bindless (.B) texture instruction has no texture index (the handle "
            "register selects texture and sampler); write 0x0");
  EXPECT_EQ(msg("TEX.B R0, R0, R4, 0, 2D, 0xf ;"), "accepted");
  EXPECT_EQ(msg("MOV R0, 0x7ffff ;"), "accepted");
  // A 32-bit immediate takes its two's complement: MOV32I R0, -1 is 0xffffffff.
  EXPECT_EQ(msg("MOV32I R0, -1 ;"), "accepted");
  auto minus_one = encode(p.code[0]);
  ASSERT_TRUE(minus_one);
  EXPECT_EQ(*minus_one, assemble_one("MOV32I R0, 0xffffffff"));
  EXPECT_NE(msg("MOV32I R0, 0x100000000 ;").find("0x100000000 is out of range: -0x80000000 to 0xffffffff"),
            std::string::npos);
  EXPECT_EQ(msg("MOV R0, R1 ;\nEXIT ; /* a\nb"), "2:8: a comment opened with /* is never closed with */");
  // A missing modifier: the spellings that position takes (F2I's destination types).
  EXPECT_EQ(msg("F2I R0, R1 ;"), "1:4: expected one of the modifiers .U16, .U32, .U64, .S16, .S32, .S64 here");
  // A missing operand: what its position takes, in the words of the operand parsers (for each form the mnemonic
  // may be: IADD's third operand is a register, an immediate or a constant).
  EXPECT_EQ(msg("FSETP.LT.AND P0, PT, R1, R2 ;"), "1:29: missing operand 5: expected a predicate");
  EXPECT_EQ(msg("IADD R0, R1 ;"), "1:13: missing operand 3: expected a register (R0..R254, RZ); or expected a number; "
                                  "or expected a constant c[bank][byte offset]");
  // MOV is fixed-latency: no scoreboard barrier.
  EXPECT_NE(msg("MOV R0, R1 &wr5 ;").find("MOV has a fixed latency and sets no barrier: drop its &wr/&rd"),
            std::string::npos);
  EXPECT_NE(msg("BRA nowhere ;").find("1:5: undefined label 'nowhere' (no 'nowhere:' in the program)"),
            std::string::npos);
  EXPECT_EQ(msg("x: BRA x ;"), "accepted");
  // A form of a later architecture, named as written.
  EXPECT_EQ(msg("TEXS.F16 RZ, R0, R2, R3, 0x0, 2D, RG ;"), "1:1: TEXS.F16 needs SM52 or later (assemble with --arch sm52)");
  EXPECT_EQ(msg(""), "1:1: no instructions: the text holds no SASS statement (INSTRUCTION ;)");
  EXPECT_EQ(msg("// only a comment\n"), "1:1: no instructions: the text holds no SASS statement (INSTRUCTION ;)");
  EXPECT_EQ(msg(std::string_view("MOV R0, R1 ;\0\x01", 14)),
            "1:13: a NUL byte: this is binary data, not SASS text (a raw code blob is read by tmu dis)");
}

// Branch targets no program can reach are refused (nvdisasm lists them for arbitrary words: any_target keeps
// them). BRA's target is PC-relative (a signed 24-bit byte offset from the next instruction), JMP's absolute.
TEST(Assembler, UnreachableBranchTargets) {
  Program p;
  auto msg = [&](std::string_view text, AssembleOptions opt = {}) {
    auto e = assemble(text, Arch::SM50, p, opt);
    return e ? fmt::format("{}:{}: {}", e->line, e->column, e->message) : std::string("accepted");
  };
  const std::string hint = " (tmu as --any-target accepts it, as nvdisasm lists such words)";
  EXPECT_EQ(msg("BRA 0x7 ;"), "1:5: branch target 0x7 is not an instruction address: instructions are 8 bytes apart "
                              "(0x0, 0x8, 0x10, ...); the nearest are 0x0 and 0x8" + hint);
  EXPECT_EQ(msg("NOP ;\nBRA -0x10 ;"), "2:5: branch target -0x10 lies before the start of the code (address 0)" + hint);
  EXPECT_EQ(msg("SSY 0x2c ;"), "1:5: branch target 0x2c is not an instruction address: instructions are 8 bytes "
                               "apart (0x0, 0x8, 0x10, ...); the nearest are 0x28 and 0x30" + hint);
  EXPECT_EQ(msg("BRA CC.LT, 0x33 ;").substr(0, 36), "1:12: branch target 0x33 is not an i");
  EXPECT_EQ(msg("JMP 0x3 ;").substr(0, 34), "1:5: branch target 0x3 is not an i");
  // Instruction addresses and bundle starts (a control word's address: the bundle's first instruction) are fine.
  EXPECT_EQ(msg("BRA 0x8 ;"), "accepted");
  EXPECT_EQ(msg("BRA 0x0 ;"), "accepted");
  EXPECT_EQ(msg("BRA 0x20 ;"), "accepted");
  EXPECT_EQ(msg("JMP 0x18 ;"), "accepted");
  // With any_target, what nvdisasm lists assembles to its word: BRA -0x10 at 0x8 is an offset of -0x20 from the
  // next instruction (0x10): 0xffffe0 in bits 20..43.
  EXPECT_EQ(msg("BRA -0x10 ;", {.any_target = true}), "accepted");
  auto w = encode(p.code[0]);
  ASSERT_TRUE(w);
  EXPECT_EQ(*w & 0xfff0000000000000ull, 0xe240000000000000ull);
  EXPECT_EQ((*w >> 20) & 0xffffff, 0xffffe0u);
  EXPECT_EQ(to_string(p.code[0]), "BRA -0x10");
  EXPECT_EQ(msg("BRA 0x7 ;", {.any_target = true}), "accepted");
  EXPECT_EQ(to_string(p.code[0]), "BRA 0x7");
}

// A relocated operand (nvdisasm's 32@lo(sym) / 32@hi(sym) for ptxas's .global addresses) assembles as 0 with a
// relocation; patching it writes the address's word into MOV32I's immediate (bits 20..51).
TEST(Assembler, RelocatedMov32IImmediates) {
  Program p;
  ASSERT_FALSE(assemble("MOV32I R4, 32@lo(counter) ;\nMOV32I R5, 32@hi(counter) ;\nEXIT ;\n", Arch::SM50, p));
  EXPECT_EQ(p.relocations, (std::vector<CubinRelocation>{{0x8, kRelocAbs32Lo20, "counter"},
                                                         {0x10, kRelocAbs32Hi20, "counter"}}));
  auto code = encode_program(p);
  ASSERT_TRUE(code) << code.error();
  for (const CubinRelocation& r : p.relocations) {
    auto patched = apply_code_relocation(*code, r, 0x123456789abcdef0);
    ASSERT_TRUE(patched) << patched.error();
  }
  Program back;
  ASSERT_FALSE(decode_program(*code, Arch::SM50, 0, back));
  EXPECT_EQ(to_string(back.code[0]), "MOV32I R4, 0x9abcdef0");
  EXPECT_EQ(to_string(back.code[1]), "MOV32I R5, 0x12345678");
  EXPECT_FALSE(apply_code_relocation(*code, {0x18, 2, "x"}, 0));  // R_CUDA_64: not an instruction field
  EXPECT_FALSE(apply_code_relocation(*code, {0x400, kRelocAbs32Lo20, "x"}, 0));  // past the code

  auto err = assemble("IADD32I R4, R4, 32@lo(counter) ;\n", Arch::SM50, p);
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("32@lo( / 32@hi( patch MOV32I's 32-bit immediate; IADD32I has none"), std::string::npos)
      << err->message;
  err = assemble("MOV32I R4, 32@lo(counter ;\n", Arch::SM50, p);
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("expected a symbol name and ')'"), std::string::npos) << err->message;
}

// The relocated operands nvdisasm prints in relocatable objects (docs/cubin.md): each field assembles as 0, a
// nonzero addend goes into the relocation (RELA), and the operand's place gives the type. A `(name) that is a
// label stays a branch target; nvdisasm's (*"..."*) comments are dropped once their labels are checked.
TEST(Assembler, RelocatedOperandsOfObjects) {
  Program p;
  ASSERT_FALSE(assemble("TEXS.P RZ, R0, R0, R5, `(tref), 2D, R ;\n"
                        "MOV R5, c[`((ctab + 0x8))] ;\n"
                        "LDC.U8 R9, c[`((tab + 0x3))] ;\n"
                        "STS [R8+`(($__ring__21 + -0x100))], R5 ;\n"
                        "LDS.U.32 R4, [`($__sums__9)] ;\n"
                        "JCAL `(__cuda_sm20_div_u16) ;\n"
                        "L:\nSYNC (*\"BRANCH_TARGETS L\"*) ;\n",
                        Arch::SM50, p));
  const std::vector<CubinRelocation> want{
      {0x08, kRelocBindlessOff13_36, "tref"},       {0x10, kRelocConstField19_20, "ctab", 8},
      {0x18, kRelocConstField21_20, "tab", 3},      {0x28, kRelocAbs24_20, "$__ring__21", -0x100},
      {0x30, kRelocAbs24_20, "$__sums__9"},         {0x38, kRelocAbs32_20, "__cuda_sm20_div_u16"}};
  EXPECT_EQ(p.relocations, want);
  EXPECT_EQ(to_string(p.code[1]), "MOV R5, c[0x0][0x0]");  // the field holds 0
  EXPECT_EQ(to_string(p.code[3]), "STS [R8], R5");
  // Printed with the relocations, the listing is the text again.
  LabelMap labels;
  for (const CubinRelocation& r : p.relocations) labels.add_relocation(r.offset, r);
  std::string text;
  print(p.code[3], text, &labels);
  EXPECT_EQ(text, "STS [R8+`(($__ring__21 + -0x100))], R5");
  auto err = assemble("IADD R4, R4, `(nowhere) ;\n", Arch::SM50, p);
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("`(nowhere) is not a label of the code, and IADD has no operand a relocation patches"),
            std::string::npos) << err->message;
  err = assemble("SYNC (*\"BRANCH_TARGETS .L_x_9\"*) ;\n", Arch::SM50, p);
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("names '.L_x_9', which is not a label of the code"), std::string::npos) << err->message;
}

}  // namespace
}  // namespace tmu::isa::sm50
