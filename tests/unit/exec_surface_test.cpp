// SPDX-License-Identifier: MIT
// The executor's surface instructions (ops_surface.cpp) on hand-made surfaces in the texture unit's memory: the
// forms ptxas does not emit for PTX (SULD.P, SUATOM, sizes, bindless registers, SM52's predicates) and the error
// cases. Expected values are the surfaces' own bytes, worked out by hand. (tests/unit/run_surface_test.cpp runs
// ptxas's surface code.)
#include <gtest/gtest.h>

#include <bit>

#include "exec_memory_util.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

namespace tmu::exec {
namespace {

using namespace texunit;

class ExecSurface : public ExecMemoryTest {
 protected:
  TextureSet set;
  TextureUnit unit{set.bindings()};
  uint32_t rgba = 0, words = 0;

  void SetUp() override {
    // rgba: A8B8G8R8 UNORM, 4 x 2, byte i of the level = i (texel (x, y) holds bytes 16y + 4x .. + 3).
    TextureHeader h;
    h.components = 0x08;
    h.types = {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
    h.swizzle = {Source::R, Source::G, Source::B, Source::A};
    h.width = 4;
    h.height = 2;
    rgba = *set.add_texture(h);
    std::array<uint8_t, 32> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i);
    ASSERT_TRUE(set.write_level(rgba, 0, 0, std::as_bytes(std::span(bytes))));
    // words: R32 UINT, 4 x 1, texel x = 10 * (x + 1).
    TextureHeader u;
    u.components = 0x0f;
    u.types = {DataType::Uint, DataType::Uint, DataType::Uint, DataType::Uint};
    u.swizzle = {Source::R, Source::Zero, Source::Zero, Source::OneInt};
    u.width = 4;
    u.type = TextureType::Tex1D;
    words = *set.add_texture(u);
    const std::array<uint32_t, 4> texels{10, 20, 30, 40};
    ASSERT_TRUE(set.write_level(words, 0, 0, std::as_bytes(std::span(texels))));
    set.bindings().invalidate();
    m.textures = &unit;
    m.global = ByteMemory::over(set.memory());
    m.texture_bank = 0;
    const std::array<uint32_t, 2> slots{rgba, words};  // index 0x10: rgba, 0x11: words
    m.set_cbank(0, 0x40, slots);
    four_lanes();
  }
  uint32_t word_texel(unsigned x) {
    std::array<uint32_t, 4> t{};
    EXPECT_TRUE(load_level(set.memory(), set.layout(words), 0, 0, std::as_writable_bytes(std::span(t))));
    return t[x];
  }
};

TEST_F(ExecSurface, RawLoadSizesAndSignExtension) {
  set_all(8, 5);  // x: byte 5 of row 1 (bytes 16..31)
  set_all(9, 1);
  set_all(4, 4);  // byte 4 of row 1; lane 1: byte 0
  set_all(5, 1);
  w.reg[4][1] = 0;
  set_all(6, 8);  // byte 8 of row 1, aligned for 64 bits
  set_all(7, 1);
  ok("SULD.D.BA.2D.U8.TRAP R0, [R8], 0x10;\n"      // byte 16 + 5 = 21
     "SULD.D.BA.2D.S16.TRAP R1, [R4], 0x10;\n"     // bytes 20, 21: 0x1514 (lane 1: bytes 16, 17: 0x1110)
     "SULD.D.BA.2D.64.TRAP R2, [R6], 0x10;\n");    // bytes 24..31
  EXPECT_EQ(w.reg[0][0], 21u);
  EXPECT_EQ(w.reg[1][0], 0x1514u);
  EXPECT_EQ(w.reg[1][1], 0x1110u);
  EXPECT_EQ(w.reg[2][0], 0x1b1a1918u);
  EXPECT_EQ(w.reg[3][0], 0x1f1e1d1cu);
  // A byte above 0x7f sign-extends: write 0x80 at byte 0, then read it as .S8.
  set_all(10, 0xffffff80);
  set_all(8, 0);
  set_all(9, 0);
  ok("SUST.D.BA.2D.U8.TRAP [R8], R10, 0x10;\nSULD.D.BA.2D.S8.TRAP R0, [R8], 0x10;\n"
     "SULD.D.BA.2D.128.TRAP R12, [R8], 0x10;");
  EXPECT_EQ(w.reg[0][0], 0xffffff80u);
  EXPECT_EQ(w.reg[12][0], 0x03020180u);  // the store changed only byte 0
  EXPECT_EQ(w.reg[15][0], 0x0f0e0d0cu);
}

TEST_F(ExecSurface, FormattedLoadWritesTheMaskCompactedAndBindlessReadsRc) {
  set_all(8, 3);  // texel (3, 1): bytes 28..31
  set_all(9, 1);
  set_all(20, rgba);  // the handle in a register (bindless): header index in bits 19:0
  ok("SULD.P.2D.RB.TRAP R0, [R8], R20;");
  EXPECT_EQ(w.reg[0][2], std::bit_cast<uint32_t>(28.0f / 255.0f));  // R
  EXPECT_EQ(w.reg[1][2], std::bit_cast<uint32_t>(30.0f / 255.0f));  // B, in the next register
  // A formatted store: (1.0, 0.5) into R and G of texel (0, 0); B and A are written as zero.
  set_all(8, 0);
  set_all(9, 0);
  set_all(12, std::bit_cast<uint32_t>(1.0f));
  set_all(13, std::bit_cast<uint32_t>(0.5f));
  ok("SUST.P.2D.RG.TRAP [R8], R12, 0x10;\nSULD.D.BA.2D.TRAP R0, [R8], 0x10;");
  EXPECT_EQ(w.reg[0][0], 0x000080ffu);  // 0.5 * 255 = 127.5 rounds to even: 128
}

TEST_F(ExecSurface, AtomicsReturnTheOldValueInLaneOrder) {
  set_all(8, 8);  // byte 8: texel 2 (30)
  for (unsigned l = 0; l < 4; ++l) w.reg[10][l] = l + 1;
  ok("SUATOM.D.BA.1D.ADD R0, [R8], R10, 0x11;");
  // Lanes in order: 30 -> 31 -> 33 -> 36 -> 40; each gets the value before its add.
  EXPECT_EQ(w.reg[0][0], 30u);
  EXPECT_EQ(w.reg[0][1], 31u);
  EXPECT_EQ(w.reg[0][3], 36u);
  EXPECT_EQ(word_texel(2), 40u);
  // CAS at texel 1 (20): compare R12, swap R13; only the first lane matches.
  set_all(8, 4);
  set_all(12, 20);
  set_all(13, 77);
  ok("SUATOM.D.BA.1D.CAS R0, [R8], R12, 0x11;");
  EXPECT_EQ(w.reg[0][0], 20u);
  EXPECT_EQ(w.reg[0][1], 77u);
  EXPECT_EQ(word_texel(1), 77u);
  // The formatted form addresses texels and takes U32 from the UINT format; SM52's predicate result is true.
  set_all(8, 3);
  set_all(10, 5);
  ok("SUATOM.P.1D.MIN R0, [R8], R10, 0x11;");
  EXPECT_EQ(word_texel(3), 5u);
  set_all(8, 12);
  set_all(21, words);
  w.pred[2] = 0;
  ok("SUATOM.D.BA.1D.EXCH.TRAP P2, R0, [R8], R10, R21;", isa::Arch::SM52);
  EXPECT_EQ(w.pred[2] & 0xfu, 0xfu);
}

TEST_F(ExecSurface, OutOfRangeAndMisalignedAccesses) {
  set_all(8, 16);  // byte 16 of a 16-byte row: outside
  set_all(9, 0);
  set_all(10, 0x12345678);
  set_all(0, 99);
  ok("SUST.D.BA.2D.IGN [R8], R10, 0x10;\nSULD.D.BA.2D.IGN R0, [R8], 0x10;");
  EXPECT_EQ(w.reg[0][0], 0u);  // .IGN: zero, and the store was dropped
  std::array<uint8_t, 32> level{};
  ASSERT_TRUE(load_level(set.memory(), set.layout(rgba), 0, 0, std::as_writable_bytes(std::span(level))));
  for (std::size_t i = 0; i < level.size(); ++i) EXPECT_EQ(level[i], i) << i;
  fails("SULD.D.BA.2D.TRAP R0, [R8], 0x10;", 0,
        {"SULD.D.TRAP: x 16 bytes, y 0 is outside the surface (header 0, level 0: 4 x 2 texels of 4 bytes (16 bytes a row))"});
  set_all(8, 2);
  fails("SULD.D.BA.2D.TRAP R0, [R8], 0x10;", 0, {"the access of 4 bytes at byte 2 of the row is not aligned to its size"});
  set_all(8, 0);
  set_all(20, 0xabc);
  fails("SULD.D.BA.2D.TRAP R0, [R8], R20;", 0, {"surface header 2748 (word 0xabc) is not a valid texture header"});
}

}  // namespace
}  // namespace tmu::exec
