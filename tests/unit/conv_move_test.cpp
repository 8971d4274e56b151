// SPDX-License-Identifier: MIT
// The conversion / move / predicate family: hand-written spellings the assembler reads, float immediate text
// (float_text.h), and the canonical encoding of bits nvdisasm ignores. Expected words are nvdisasm-verified
// (shared/reference/sm50-encodings.md section 10, research note conv-move.md).
#include <gtest/gtest.h>

#include "isa/sm50/codec.h"
#include "isa/sm50/float_text.h"
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

std::string disassemble(uint64_t word, Arch arch = Arch::SM50) {
  Control ctrl;
  ctrl.stall = 6;
  ctrl.yield = true;
  auto d = decode(word, arch, ctrl);
  EXPECT_TRUE(d) << d.error();
  return d ? to_string(*d) : std::string{};
}

TEST(ConvMove, ReferenceWords) {
  EXPECT_EQ(assemble_one("MOV R1, c[0x0][0x20]"), 0x4c98078000870001u);
  EXPECT_EQ(assemble_one("MOV R5, R9"), 0x5c98078000970005u);
  EXPECT_EQ(assemble_one("MOV32I R5, 0x12345678"), 0x010123456787f005u);
  EXPECT_EQ(assemble_one("S2R R0, SR_TID.X"), 0xf0c8000002170000u);
  EXPECT_EQ(assemble_one("S2R R0, SR33"), 0xf0c8000002170000u);  // by number
  EXPECT_EQ(assemble_one("MOV R2, R3, 0x5"), 0x5c98028000370002u);
  EXPECT_EQ(assemble_one("PRMT.RC16 R2, R4, R5, c[0x3][0x10]"), 0x53c6028c00470402u);
  EXPECT_EQ(assemble_one("VOTE.ALL P0, P0"), 0x50d80000000700ffu);
  // R2P prints its immediate unsigned and ignores [0..7], [39] and [43..50].
  constexpr uint64_t kR2p = 0x39f7fd6f6bd21684u;
  EXPECT_EQ(disassemble(kR2p), "@P2 R2P CC, R22.B2, 0xef6bd");
  EXPECT_EQ(assemble_one("@P2 R2P CC, R22.B2, 0xef6bd"),
            kR2p & ~(uint64_t{0xff} | uint64_t{1} << 39 | uint64_t{0xff} << 43));
}

TEST(ConvMove, FloatImmediates) {
  EXPECT_EQ(assemble_one("F2F.F32.F32 R2, +INF"), 0x38a8007f80070a02u);
  EXPECT_EQ(assemble_one("F2F.F32.F32 R2, -0.0"), 0x39a8000000070a02u);
  EXPECT_EQ(assemble_one("F2F.F32.F16 R2, -32768"), 0x38a8000f80070602u);  // f16 0xf800 in the low 16 bits
  EXPECT_EQ(assemble_one("F2F.F32.F64 R2, 0.0078125"), 0x38a8003f80070e02u);
  EXPECT_EQ(assemble_one("F2I.S32.F32 R2, 1.5"), 0x38b0003fc0071a02u);
  // 0.1 is not an F32 whose low 12 bits are zero.
  EXPECT_FALSE(parse_instruction("F2F.F32.F32 R2, 0.1", Arch::SM50).ok());
  EXPECT_EQ(disassemble(0x38a8007f80070a02u), "F2F.F32.F32 R2, +INF ");
}

TEST(ConvMove, FloatText) {
  auto f32 = [](uint32_t b) {
    std::string s;
    append_f32_text(s, b);
    return s;
  };
  EXPECT_EQ(f32(0x4e6e6000), "999817216");  // %.20g below 1e9 ...
  EXPECT_EQ(f32(0x4e6e7000), "1.00007936000000000000e+09");  // ... %.20e from 1e9 on
  EXPECT_EQ(f32(0x7f800000), "+INF ");
  EXPECT_EQ(f32(0x80000000), "-0.0 ");
  EXPECT_EQ(f32(0), "0");
  EXPECT_EQ(f32(0xff800001), "-QNAN ");  // signalling F32 NaNs print QNAN
  std::string d;
  append_f64_text(d, 0x7ff4000000000000u);
  EXPECT_EQ(d, "+SNAN ");
  EXPECT_EQ(parse_f32_text("+QNAN "), 0x7fc00000u);
  EXPECT_EQ(parse_f64_text("-SNAN"), 0xfff4000000000000u);
  EXPECT_EQ(parse_f16_text("5.9604644775390625e-08"), 0x0001u);
  EXPECT_EQ(parse_f16_text("65504"), 0x7bffu);
  EXPECT_EQ(parse_f16_text("65505"), 0x7bffu);  // rounds to the nearest half
  EXPECT_FALSE(parse_f16_text("65520"));         // rounds to 65536, past the largest half
  EXPECT_FALSE(parse_f32_text("nan"));
}

TEST(ConvMove, SpecialRegister15DependsOnArch) {
  EXPECT_EQ(disassemble(0xf0c8000000f70002u, Arch::SM50), "S2R R2, SR15");
  EXPECT_EQ(disassemble(0xf0c8000000f70002u, Arch::SM52), "S2R R2, SR_ORDERING_TICKET");
  EXPECT_FALSE(parse_instruction("S2R R2, SR_ORDERING_TICKET", Arch::SM50).ok());
  EXPECT_EQ(assemble_one("S2R R2, SR_ORDERING_TICKET", Arch::SM52), 0xf0c8000000f70002u);
}

TEST(ConvMove, IgnoredBitsEncodeAsZero) {
  // F2F: [41] (.H1) is ignored unless the source is F16; [42] unless dst == src; .PASS is 1, 2 or 3.
  Control ctrl;
  auto canonical = [&](uint64_t w) {
    auto d = decode(w, Arch::SM50, ctrl);
    EXPECT_TRUE(d);
    return d ? *encode(*d) : 0;
  };
  EXPECT_EQ(canonical(0x5ca8020000370a02u), 0x5ca8000000370a02u);  // .H1 with an F32 source
  EXPECT_EQ(canonical(0x5ca8060000370602u), 0x5ca8020000370602u);  // F16 source keeps .H1, drops [42]
  EXPECT_EQ(canonical(0x5ca8018000370a02u), 0x5ca8008000370a02u);  // .PASS
  // F16 immediates ignore the immediate's bits 16..19; NaN payloads are not printed.
  EXPECT_EQ(canonical(0x39a8007fc0070602u), 0x38a8000fc0070602u);
  EXPECT_EQ(canonical(0x38a8007f80170a02u) >> 20 & 0x7ffff, 0x7fc00u);  // F32 NaN 0x7f801000 -> 0x7fc00000
}

TEST(ConvMove, QuestionMarksInModifiersAreNotAnnotations) {
  // nvdisasm spells undefined modifiers ???n; only a '?' that starts a word begins a control annotation.
  Program p;
  const auto err = assemble("PRMT.???12 R2, R4, R3, R5 ?stall=6 ;\nI2I.???6.INVALID6 R2, R3 ;\n"
                            "F2F.F32.F32 R2, +INF  ;\n",
                            Arch::SM50, p);
  ASSERT_FALSE(err) << err->line << ":" << err->column << " " << err->message;
  ASSERT_GE(p.code.size(), 3u);
  EXPECT_EQ(*encode(p.code[0]), 0x5bcc028000370402u);
  EXPECT_EQ(p.code[0].ctrl.stall, 6);
  EXPECT_EQ(to_string(p.code[1]), "I2I.???6.INVALID6 R2, R3");
  EXPECT_EQ(to_string(p.code[2]), "F2F.F32.F32 R2, +INF ");
}

}  // namespace
}  // namespace tmu::isa::sm50
