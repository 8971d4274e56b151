// SPDX-License-Identifier: MIT
// The executor's texture path: Ra/Rb unpacked with the codec's packing, the handle read from the texture constant
// bank at tsidx * 4, results written by write mask (compacted) or into TEXS's register pairs, Ps from residency,
// and the seed-000 masks the texture unit sees. Expected texels are the hand-made texture's own values.
#include <gtest/gtest.h>

#include <bit>

#include "exec/executor.h"
#include "isa/sm50/program.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

namespace tmu::exec {
namespace {

using namespace texunit;

uint32_t f32(float f) { return std::bit_cast<uint32_t>(f); }

// A 2x2 RGBA8 texture: texel (x, y) = (16 * (1 + x + 2y), 0x40, 0x80, 0xff), point sampled, clamped.
struct Fixture {
  TextureSet set;
  TextureUnit unit{set.bindings()};
  Machine machine;
  Warp warp;
  uint32_t tex = 0, smp = 0;

  Fixture() {
    TextureHeader h;
    h.components = 0x08;  // A8B8G8R8
    h.types = {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
    h.swizzle = {Source::R, Source::G, Source::B, Source::A};
    h.width = 2;
    h.height = 2;
    tex = *set.add_texture(h);
    std::array<uint8_t, 16> texels{};
    for (std::size_t i = 0; i < 4; ++i) {
      texels[4 * i] = static_cast<uint8_t>(16 * (1 + i));
      texels[4 * i + 1] = 0x40;
      texels[4 * i + 2] = 0x80;
      texels[4 * i + 3] = 0xff;
    }
    EXPECT_TRUE(set.write_level(tex, 0, 0, std::as_bytes(std::span(texels))));
    Sampler s;
    s.address = {AddressMode::ClampToEdge, AddressMode::ClampToEdge, AddressMode::ClampToEdge};
    s.max_lod_clamp = 0xfff;
    smp = *set.add_sampler(s);
    machine.textures = &unit;
    machine.texture_bank = 2;
    const uint32_t handle = TextureSet::handle(tex, smp);
    machine.set_cbank(2, 0x10, std::span(&handle, 1));  // tsidx 4
    warp.masks = ThreadMasks::launch(kAllLanes);
  }

  std::optional<ExecError> run(std::string_view sass) {
    isa::sm50::Program p;
    auto err = isa::sm50::assemble(sass, isa::Arch::SM52, p);
    EXPECT_FALSE(err) << (err ? err->message : "");
    RunReport report;
    return exec::run(p, warp, machine, {}, report);
  }
};

// UNORM8 v reads as v / 255.
uint32_t unorm(unsigned v) { return f32(static_cast<float>(v) / 255.0f); }

TEST(ExecTexture, TexWritesTheMaskedComponentsCompacted) {
  Fixture f;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    // Texel centres: s = (x + 0.5) / 2, t = (y + 0.5) / 2 with x = lane & 1, y = (lane >> 1) & 1.
    f.warp.reg[8][lane] = f32((static_cast<float>(lane & 1) + 0.5f) / 2);
    f.warp.reg[9][lane] = f32((static_cast<float>((lane >> 1) & 1) + 0.5f) / 2);
  }
  // Write mask 0xa (G and A) lands in R0 and R1.
  ASSERT_FALSE(f.run("TEX.LZ R0, R8, 0x4, 2D, 0xa &wr=0 ;\nEXIT &req={0} ;"));
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    EXPECT_EQ(f.warp.reg[0][lane], unorm(0x40)) << lane;
    EXPECT_EQ(f.warp.reg[1][lane], unorm(0xff)) << lane;
    EXPECT_EQ(f.warp.reg[2][lane], 0u) << "only two registers are written";
  }
}

TEST(ExecTexture, TexsSplitsThreeComponentsOverTwoPairs) {
  Fixture f;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    f.warp.reg[8][lane] = f32(0.75f);  // texel x = 1
    f.warp.reg[9][lane] = f32(0.25f);  // texel y = 0: red = 16 * 2 = 32
  }
  // TEXS with Rd2 = R6 and mask RGB: R, G to R4, R5 and B to R6 (reference 4.6, verified with ptxas).
  ASSERT_FALSE(f.run("TEXS.LZ R6, R4, R8, R9, 0x4, 2D, RGB &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[4][0], unorm(32));
  EXPECT_EQ(f.warp.reg[5][0], unorm(0x40));
  EXPECT_EQ(f.warp.reg[6][0], unorm(0x80));
  EXPECT_EQ(f.warp.reg[7][0], 0u);
}

TEST(ExecTexture, Tld4sF16PacksTheGatheredTexelsInPairs) {
  Fixture f;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    f.warp.reg[8][lane] = f32(0.5f);  // the centre of the 2x2 texture: the footprint is all four texels
    f.warp.reg[9][lane] = f32(0.5f);
  }
  // Gather order (i0,j1), (i1,j1), (i1,j0), (i0,j0): reds 48, 64, 32, 16. As FP16 (v / 255 rounded to nearest
  // even, worked out with IEEE half conversion): 0x3206, 0x3404, 0x3004, 0x2c04; first component in the low half.
  ASSERT_FALSE(f.run("TLD4S.F16.R R6, R4, R8, R9, 0x4 &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[4][0], 0x34043206u);
  EXPECT_EQ(f.warp.reg[6][0], 0x2c043004u);
  EXPECT_EQ(f.warp.reg[5][0], 0u);
  EXPECT_EQ(f.warp.reg[7][0], 0u);
}

TEST(ExecTexture, TldFetchesIntegerCoordinatesAndBindlessHandles) {
  Fixture f;
  const uint32_t handle = TextureSet::handle(f.tex, f.smp);
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    f.warp.reg[2][lane] = lane & 1;  // TLD.B: Ra = x, y; Rb = handle (seed 001)
    f.warp.reg[3][lane] = 1;
    f.warp.reg[5][lane] = handle;
  }
  ASSERT_FALSE(f.run("TLD.B.LZ R0, R2, R5, 0x0, 2D, 0x1 &wr=0 ;\nEXIT &req={0} ;"));
  // Texel (x, 1): red = 16 * (1 + x + 2).
  EXPECT_EQ(f.warp.reg[0][0], unorm(48));
  EXPECT_EQ(f.warp.reg[0][1], unorm(64));
}

TEST(ExecTexture, TldMsReadsTheSampleIndexFromRb) {
  Fixture f;
  // One pixel with 2x2 samples (MULTI_SAMPLE_COUNT 2X2): the sample image is the fixture's 2x2 texels, so sample s
  // at grid position (s & 1, s >> 1) (texunit/multisample.h) has red 16 * (1 + s).
  TextureHeader h = f.set.header(f.tex);
  h.width = h.height = 1;
  h.multisample = 2;
  const uint32_t ms = *f.set.add_texture(h);
  std::array<uint8_t, 16> texels{};
  for (std::size_t i = 0; i < 4; ++i) texels[4 * i] = static_cast<uint8_t>(16 * (1 + i));
  ASSERT_TRUE(f.set.write_level(ms, 0, 0, std::as_bytes(std::span(texels))));
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    f.warp.reg[2][lane] = 0;  // Ra = x, y
    f.warp.reg[3][lane] = 0;
    f.warp.reg[4][lane] = TextureSet::handle(ms, f.smp);  // Rb = handle, sample (seed 001's Rb packing)
    f.warp.reg[5][lane] = lane % 5;                       // sample 4 is past the 4 samples: zero
  }
  ASSERT_FALSE(f.run("TLD.B.LZ.MS R0, R2, R4, 0x0, 2D, 0x1 &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[0][0], unorm(16));
  EXPECT_EQ(f.warp.reg[0][1], unorm(32));
  EXPECT_EQ(f.warp.reg[0][2], unorm(48));
  EXPECT_EQ(f.warp.reg[0][3], unorm(64));
  EXPECT_EQ(f.warp.reg[0][4], 0u);
}

// The words inside Ra/Rb below are worked out by hand from seed 000's packing: AOFFI
// ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf); TXD's layer in 15:0 with toff[11:0] in 27:16 and TLD4's
// offsets 6 bits at 5:0 and 13:8 (lowering-facts 3.2 rules 4 and 6); PTP x0 | y0 << 8 | x1 << 16 | y1 << 24, then
// texels 2 and 3 (lowering-facts 2.2).

TEST(ExecTexture, TldAddsSignExtendedAoffiOffsets) {
  Fixture f;
  f.warp.reg[2][0] = 1;  // lane 0: texel (1, 1) offset by (-1, 0): 0x00f
  f.warp.reg[3][0] = 1;
  f.warp.reg[8][0] = 0x00f;
  f.warp.reg[2][1] = 0;  // lane 1: texel (0, 0) offset by (1, 1): 0x011
  f.warp.reg[3][1] = 0;
  f.warp.reg[8][1] = 0x011;
  ASSERT_FALSE(f.run("TLD.LZ.AOFFI R0, R2, R8, 0x4, 2D, 0x1 &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[0][0], unorm(48));  // texel (0, 1): 16 * (1 + 0 + 2)
  EXPECT_EQ(f.warp.reg[0][1], unorm(64));  // texel (1, 1)
}

TEST(ExecTexture, TxdSplitsTheLayerWordIntoLayerAndOffsets) {
  Fixture f;
  // Ra = s, t, toff << 16 | layer; Rb = the four gradients (zero: magnified, point sampled). The 2D texture
  // ignores the layer bits, which must not leak into the offsets.
  f.warp.reg[4][0] = f32(0.25f);  // texel (0, 0) offset by (1, 1)
  f.warp.reg[5][0] = f32(0.25f);
  f.warp.reg[6][0] = 0x00110003;
  f.warp.reg[4][1] = f32(0.75f);  // texel (1, 1) offset by (-1, 0)
  f.warp.reg[5][1] = f32(0.75f);
  f.warp.reg[6][1] = 0x000f0005;
  ASSERT_FALSE(f.run("TXD.AOFFI R0, R4, R8, 0x4, 2D, 0x1 &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[0][0], unorm(64));  // texel (1, 1)
  EXPECT_EQ(f.warp.reg[0][1], unorm(48));  // texel (0, 1)
}

TEST(ExecTexture, Tld4ReadsSixBitOffsets) {
  Fixture f;
  // The centre of the texture; v = -1 (0x3f00) moves the footprint up a row, clamped to row 0: the gather order
  // (i0, j1), (i1, j1), (i1, j0), (i0, j0) reads (0, 0), (1, 0), (1, 0), (0, 0).
  f.warp.reg[4][0] = f32(0.5f);
  f.warp.reg[5][0] = f32(0.5f);
  f.warp.reg[8][0] = 0x3f00;
  ASSERT_FALSE(f.run("TLD4.R.AOFFI R0, R4, R8, 0x4, 2D, 0xf &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[0][0], unorm(16));
  EXPECT_EQ(f.warp.reg[1][0], unorm(32));
  EXPECT_EQ(f.warp.reg[2][0], unorm(32));
  EXPECT_EQ(f.warp.reg[3][0], unorm(16));
}

TEST(ExecTexture, Tld4PtpOffsetsEachTexel) {
  Fixture f;
  // Texel space (0.5, 0.5): each gathered texel is (0, 0) plus its own offset: (1, 0), (0, 1), (1, 1), (-1, 0)
  // (clamped to column 0).
  f.warp.reg[4][0] = f32(0.25f);
  f.warp.reg[5][0] = f32(0.25f);
  f.warp.reg[8][0] = 0x01000001;
  f.warp.reg[9][0] = 0x00ff0101;
  ASSERT_FALSE(f.run("TLD4.R.PTP R0, R4, R8, 0x4, 2D, 0xf &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[0][0], unorm(32));  // texel (1, 0)
  EXPECT_EQ(f.warp.reg[1][0], unorm(48));  // texel (0, 1)
  EXPECT_EQ(f.warp.reg[2][0], unorm(64));  // texel (1, 1)
  EXPECT_EQ(f.warp.reg[3][0], unorm(16));  // texel (0, 0)
}

TEST(ExecTexture, PredicatedOffLanesAreLeftAlone) {
  Fixture f;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    f.warp.reg[8][lane] = f32(0.25f);
    f.warp.reg[9][lane] = f32(0.25f);
    f.warp.reg[0][lane] = 0xdead;
  }
  f.warp.pred[0] = 0x0000ffff;  // lanes 0..15
  ASSERT_FALSE(f.run("@P0 TEX.LZ R0, R8, 0x4, 2D, 0x1 &wr=0 ;\nEXIT &req={0} ;"));
  EXPECT_EQ(f.warp.reg[0][3], unorm(16));
  EXPECT_EQ(f.warp.reg[0][20], 0xdeadu);
}

TEST(ExecTexture, AMissingConstantIsAnErrorNamingAddressAndLane) {
  Fixture f;
  auto e = f.run("TEX.LZ R0, R8, 0x40, 2D, 0x1 &wr=0 ;\nEXIT &req={0} ;");  // c[0x2][0x100] was never written
  ASSERT_TRUE(e);
  EXPECT_EQ(e->address, 0x8u);
  EXPECT_EQ(e->lane, 0);
  EXPECT_NE(e->message.find("c[0x2][0x100]"), std::string::npos) << e->message;
}

TEST(ExecTexture, ReadingTheResultBeforeItsBarrierIsAHazard) {
  Fixture f;
  isa::sm50::Program p;
  // EXIT does not read R0, but a second TEX reading R0 without waiting on SB0 does.
  ASSERT_FALSE(isa::sm50::assemble("TEX.LZ R0, R8, 0x4, 2D, 0x3 &wr=0 ;\nTEX.LZ R4, R0, 0x4, 2D, 0x1 &wr=1 ;\n"
                                   "EXIT &req={0,1} ;",
                                   isa::Arch::SM52, p));
  RunReport report;
  ASSERT_FALSE(exec::run(p, f.warp, f.machine, {}, report));
  ASSERT_EQ(report.hazards.size(), 2u);  // R0 and R1
  EXPECT_EQ(report.hazards[0].address, 0x10u);
  EXPECT_EQ(report.hazards[0].writer_address, 0x8u);
  EXPECT_EQ(report.hazards[0].reg, 0u);
  EXPECT_EQ(report.hazards[0].barrier, 0u);
}

}  // namespace
}  // namespace tmu::exec
