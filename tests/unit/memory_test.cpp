// SPDX-License-Identifier: MIT
// The memory family: spellings the assembler reads (addresses, CAS operands, DEPBAR lists, attribute addresses),
// forms that refuse some registers, spellings per architecture, forms without a guard, and the control-slot
// classes. Expected words and texts were checked with nvdisasm 11.8 (research note memory.md).
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

bool assembles(std::string_view text, Arch arch = Arch::SM50) {
  const ParseResult r = parse_instruction(text, arch);
  return r.ok() && static_cast<bool>(encode(*r.inst));
}

Control safe() {
  Control c;
  c.stall = 6;
  c.yield = true;
  return c;
}

std::string disassemble(uint64_t word, Arch arch = Arch::SM50, Control ctrl = safe()) {
  auto d = decode(word, arch, ctrl);
  EXPECT_TRUE(d) << d.error();
  return d ? to_string(*d) : std::string{};
}

TEST(Memory, Addresses) {
  EXPECT_EQ(assemble_one("LD R3, [RZ]"), 0x9c8000000007ff03u);
  EXPECT_EQ(assemble_one("LDG R3, [R4+-0x800000]"), 0xeed4080000070403u);
  EXPECT_EQ(assemble_one("LDG R3, [R4-0x10]"), 0xeed40fffff070403u);  // also read: [R4-0x10]
  EXPECT_EQ(disassemble(0xeed40fffff070403u), "LDG R3, [R4+-0x10]");
  // Without a register the field prints unsigned.
  EXPECT_EQ(assemble_one("LDG.E R3, [0xffffff]"), 0xeed42ffffff7ff03u);
  EXPECT_EQ(assemble_one("STL.WT [R245+-0xdc], R28"), 0xef543ffff247f51cu);
  // ATOMS and CCTL count the offset in words.
  EXPECT_EQ(assemble_one("ATOMS.CAS R7, [R12+-0x4], R6, R7"), 0xee4fffffc0670c07u);
  EXPECT_FALSE(assembles("ATOMS.ADD R7, [R12+0x6], R6"));
  EXPECT_FALSE(assembles("LDG R3, [R4+0x800000]"));  // past the signed 24-bit range
  // CCTL.QRY1 has its address in the mnemonic.
  EXPECT_EQ(assemble_one("CCTL.E.QRY1[R0+-0x80000000]"), 0xef78000000070000u);
  EXPECT_EQ(disassemble(0xef78000000070000u), "CCTL.E.QRY1[R0+-0x80000000]");
  EXPECT_EQ(assemble_one("LDC R3, c[0x0][-0x8000]"), 0xef9400080007ff03u);
  EXPECT_EQ(assemble_one("LDC.ISL R3, c[0x1f][R4+-0x8000]"), 0xef9431f800070403u);
}

TEST(Memory, CasOperands) {
  EXPECT_EQ(assemble_one("ATOM.CAS R0, [R2], R254, ???255"), 0xeef000000fe70200u);
  EXPECT_EQ(assemble_one("ATOM.CAS R0, [R2], RZ, RZ"), 0xeef400000ff70200u);  // Rb = RZ, second RZ
  EXPECT_EQ(assemble_one("ATOM.CAS R0, [R2], RZ, ???255"), 0xeef800000ff70200u);
  EXPECT_EQ(assemble_one("ATOM.CAS.64 R0, [R2], R4, R6"), 0xeef2000000470200u);
  EXPECT_EQ(disassemble(0xeef800000ff70200u), "ATOM.CAS R0, [R2], RZ, ???255");
  // The second operand is implied by the first.
  EXPECT_FALSE(assembles("ATOM.CAS R0, [R2], R4, R6"));
  EXPECT_FALSE(assembles("ATOM.CAS R0, [R2], ???255, RZ"));
  // BcRz = 3 has no spelling and nvdisasm refuses it.
  EXPECT_FALSE(decode(0xeefc000000470200u, Arch::SM50, safe()));
}

TEST(Memory, Sm52Forms) {
  EXPECT_EQ(assemble_one("LDG.E PT, R3, [R4+0x10]", Arch::SM52), 0xeecc200001070403u);
  EXPECT_EQ(assemble_one("ATOM.E.ADD P3, R25, [R2], R6", Arch::SM52), 0xee61080000670219u);
  EXPECT_FALSE(assembles("LDG.E PT, R3, [R4+0x10]", Arch::SM50));
  EXPECT_FALSE(decode(0xeecc200001070403u, Arch::SM50, safe()));
  // The predicate forms refuse Ra = RZ.
  EXPECT_FALSE(assembles("ATOM.E.ADD P3, R25, [RZ], R6", Arch::SM52));
  EXPECT_FALSE(decode(0xee6108000067ff19u, Arch::SM52, safe()));
  // ATOM type 4 is spelled per architecture.
  EXPECT_EQ(disassemble(0xed09000000670219u, Arch::SM50), "ATOM.E.ADD.U128 R25, [R2], R6");
  EXPECT_EQ(disassemble(0xed09000000670219u, Arch::SM52), "ATOM.E.ADD.F16x2.FTZ.RN R25, [R2], R6");
  EXPECT_EQ(assemble_one("ATOM.E.ADD.F16x2.FTZ.RN R25, [R2], R6", Arch::SM52), 0xed09000000670219u);
  EXPECT_FALSE(assembles("ATOM.E.ADD.F16x2.FTZ.RN R25, [R2], R6", Arch::SM50));
}

TEST(Memory, BarriersAndLists) {
  EXPECT_EQ(assemble_one("DEPBAR.LE SB5, 0x5, {5,4,3,2,1,0}"), 0xf0f000003457003fu);
  EXPECT_EQ(assemble_one("DEPBAR {4,2,0}"), 0xf0f0000000070015u);
  EXPECT_EQ(assemble_one("DEPBAR.LE ???6, 0x5"), 0xf0f0000038570000u);
  EXPECT_EQ(disassemble(0xf0f0000000070015u), "DEPBAR {4,2,0}");
  EXPECT_EQ(assemble_one("BAR.SYNC 0x0"), 0xf0a81b8000070000u);  // an immediate B of 0 is left out
  // BAR.SYNCALL prints no guard, and the assembler takes none.
  EXPECT_EQ(disassemble(0xf0a803840ff00300u), "BAR.SYNCALL");
  EXPECT_EQ(assemble_one("BAR.SYNCALL"), 0xf0a803840ff00000u);
  EXPECT_FALSE(parse_instruction("@P0 BAR.SYNCALL", Arch::SM50).ok());
}

TEST(Memory, Attributes) {
  EXPECT_EQ(assemble_one("ALD R3, a[RZ]"), 0xefd87f800007ff03u);
  EXPECT_EQ(assemble_one("ALD.P R3, a[R4+-0x400], R0"), 0xefd80000c0070403u);
  EXPECT_EQ(assemble_one("AST a[0x3ff], R3, R0"), 0xeff000003ff7ff03u);
  EXPECT_FALSE(assembles("ALD.PHYS R3, a[RZ]"));    // .PHYS needs a register
  EXPECT_FALSE(assembles("ALD R3, a[R4+0x10]"));    // a register offset needs .P
  EXPECT_FALSE(decode(0xefd8000000170403u, Arch::SM50, safe()));  // no .P, Ra = R4, offset 1: refused
  // Without a register only the low 10 offset bits count: 0x400 prints nothing and encodes as 0.
  EXPECT_EQ(disassemble(0xefa000004007ff03u), "AL2P P0, R3");
  EXPECT_EQ(*encode(*decode(0xefa000004007ff03u, Arch::SM50, safe())), 0xefa000000007ff03u);
  EXPECT_EQ(assemble_one("AL2P RZ, R133, 0x46"), 0xefa07000046785ffu);
}

TEST(Memory, ControlSlots) {
  Control bar = safe();
  bar.wrbar = 2;
  // Variable latency: barriers allowed.
  EXPECT_TRUE(decode(0xeed4200001070403u, Arch::SM50, bar));   // LDG
  EXPECT_TRUE(decode(0xef6000000007ff06u, Arch::SM50, bar));   // CCTL.IVALL
  EXPECT_TRUE(decode(0xf0a81b8000070000u, Arch::SM50, bar));   // BAR.SYNC
  // DEPBAR, CCTL.C.IVALL and CCTL.I.IVALL refuse barriers; every reuse bit is accepted.
  EXPECT_FALSE(decode(0xf0f0000034570000u, Arch::SM50, bar));
  EXPECT_FALSE(decode(0xef6000000007ff26u, Arch::SM50, bar));
  EXPECT_FALSE(decode(0xef6000000007ff36u, Arch::SM50, bar));
  Control reuse = safe();
  reuse.reuse = 0xf;
  EXPECT_EQ(disassemble(0xf0f0000034570000u, Arch::SM50, reuse), "DEPBAR.LE SB5, 0x5");
  EXPECT_EQ(disassemble(0xef6000000007ff26u, Arch::SM50, reuse), "CCTL.C.IVALL");
  EXPECT_EQ(disassemble(0xeed4200001070403u, Arch::SM50, reuse), "LDG.E R3, [R4+0x10]");
  // The assembler picks the fixed-latency row for CCTL.C.IVALL.
  const ParseResult r = parse_instruction("CCTL.C.IVALL", Arch::SM50);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(fixed_latency(r.inst->form().sched));
}

}  // namespace
}  // namespace tmu::isa::sm50
