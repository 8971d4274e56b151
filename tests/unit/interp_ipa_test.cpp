// SPDX-License-Identifier: MIT
// IPA (seed 002), one lane at a time, against values worked out by hand; then the seed's three example programs,
// assembled from the seed's text and run on four lanes.
#include <gtest/gtest.h>

#include "exec/executor.h"

#include <array>
#include <string>

#include "interp/al2p.h"
#include "interp/attribute_map.h"
#include "interp/fp32.h"
#include "interp/ipa.h"
#include "isa/sm50/float_alu_enums.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/program.h"

namespace tmu::interp {
namespace {

namespace sm50 = isa::sm50;

IpaOp decode(std::string_view text) {
  auto parsed = sm50::parse_instruction(text, isa::Arch::SM50);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.error;
  auto op = ipa_op(*parsed.inst);
  EXPECT_TRUE(op.ok()) << op.error();
  return *op;
}

TEST(AttributeMap, SeedAddressesAndNames) {
  EXPECT_EQ(attr::kPositionW, 0x7cu);
  EXPECT_EQ(attribute_name(0x7c), "Position.W");
  EXPECT_EQ(attribute_name(0x300), "FixedFncTexture[0].S");  // seed: TEX0.s
  EXPECT_EQ(attribute_name(0x304), "FixedFncTexture[0].T");
  EXPECT_EQ(attribute_name(0x3fc), "FrontFace");
  EXPECT_EQ(attribute_name(0x80), "Generic[0].X");
  EXPECT_EQ(attr::generic(3, 1), 0xb4u);
  EXPECT_EQ(attribute_name(0xb4), "Generic[3].Y");
  EXPECT_EQ(attribute_name(0x27c), "Generic[31].W");
  EXPECT_EQ(attribute_name(0x2c8), "ClipDistance[2]");
  EXPECT_EQ(attribute_name(0x39c), "FixedFncTexture[9].Q");
  EXPECT_EQ(attribute_name(0x044), "a[0x044]");
  EXPECT_EQ(attribute_name(0x7f), "Position.W");  // byte bits ignored
  EXPECT_EQ(attribute_from_name("Generic[3].Y"), 0xb4u);
  EXPECT_EQ(attribute_from_name("FrontFace"), 0x3fcu);
  EXPECT_FALSE(attribute_from_name("Generic[32].X").has_value());
  EXPECT_EQ(attribute_slot(0x3ff), 0xffu);
  EXPECT_EQ(attribute_slot(0x47c), 0x1fu);  // above 10 bits ignored
}

TEST(Fp32Rules, DenormalFlushKeepsTheSign) {
  EXPECT_EQ(flush_denormal(0x00000001u), 0x00000000u);
  EXPECT_EQ(flush_denormal(0x807fffffu), 0x80000000u);
  EXPECT_EQ(flush_denormal(0x00800000u), 0x00800000u);  // smallest normal stays
  EXPECT_EQ(flush_denormal(0x7fc00001u), 0x7fc00001u);  // NaN payload stays
}

TEST(Fp32Rules, SaturateMapsNaNToZeroAndFlushesFirst) {
  EXPECT_EQ(saturate_bits(0x7fc00000u), 0u);            // NaN -> +0.0
  EXPECT_EQ(saturate_bits(0xffc00000u), 0u);            // -NaN -> +0.0
  EXPECT_EQ(saturate_bits(0x00400000u), 0u);            // +denormal: flushed, then 0
  EXPECT_EQ(saturate_bits(0x80000000u), 0u);            // -0.0 -> +0.0
  EXPECT_EQ(saturate_bits(bits_of(-3.0f)), 0u);
  EXPECT_EQ(saturate_bits(bits_of(0.75f)), bits_of(0.75f));
  EXPECT_EQ(saturate_bits(bits_of(1.5f)), bits_of(1.0f));
  EXPECT_EQ(saturate_bits(0x7f800000u), bits_of(1.0f));  // +inf
  EXPECT_EQ(saturate_bits(0xff800000u), 0u);             // -inf
  EXPECT_EQ(saturate_bits(0x00800000u), 0x00800000u);    // smallest normal is kept
}

// Seed 002's .OFFSET table: 4.12 values whose bits [11:8] are the offset in sixteenths.
TEST(IpaOffset, SeedTableOnlyBits11To8Count) {
  const std::array<std::pair<uint32_t, int>, 16> table{{{0b1111'1000'0000'0000, -8},
                                                         {0b1111'1001'0000'0000, -7},
                                                         {0b1111'1010'0000'0000, -6},
                                                         {0b1111'1011'0000'0000, -5},
                                                         {0b1111'1100'0000'0000, -4},
                                                         {0b1111'1101'0000'0000, -3},
                                                         {0b1111'1110'0000'0000, -2},
                                                         {0b1111'1111'0000'0000, -1},
                                                         {0b0000'0000'0000'0000, 0},
                                                         {0b0000'0001'0000'0000, 1},
                                                         {0b0000'0010'0000'0000, 2},
                                                         {0b0000'0011'0000'0000, 3},
                                                         {0b0000'0100'0000'0000, 4},
                                                         {0b0000'0101'0000'0000, 5},
                                                         {0b0000'0110'0000'0000, 6},
                                                         {0b0000'0111'0000'0000, 7}}};
  for (const auto& [field, sixteenths] : table) {
    EXPECT_EQ(ipa_offset(field).dx, sixteenths) << std::hex << field;
    EXPECT_EQ(ipa_offset(field << 16).dy, sixteenths) << std::hex << field;
    EXPECT_EQ(ipa_offset(field << 16).dx, 0);
  }
  // The integer nibble and the low 8 bits are ignored: 0000.1000... (+0.5 in true 4.12) reads as -8/16, and
  // 0x78AB'F3FF reads as dx = +3/16 (nibble 3), dy = -8/16 (nibble 8).
  EXPECT_EQ(ipa_offset(0x0800u).dx, -8);
  EXPECT_EQ(ipa_offset(0x78abf3ffu), ipa_offset(0x08000300u));
  EXPECT_EQ(ipa_offset(0x78abf3ffu), (SampleOffset{3, -8}));
}

constexpr Plane kPlane{0.25f, -0.5f, 3.0f};

TEST(PlaneEvaluation, CentreOffsetAndCentroidByHand) {
  const FragmentPosition px{4, 2, 0b0110};
  // Centre (4.5, 2.5): 0.25*4.5 - 0.5*2.5 + 3 = 2.875.
  auto at = sample_location(SampleMode::Center, px, SampleCount::X4, 0);
  EXPECT_EQ(at.x, 4.5f);
  EXPECT_EQ(at.y, 2.5f);
  EXPECT_EQ(evaluate_plane(kPlane, at, PlaneRounding::FmaChain), 2.875f);
  // Offset dx = +3/16, dy = -8/16: (4.6875, 2.0): 1.171875 - 1 + 3 = 3.171875.
  at = sample_location(SampleMode::Offset, px, SampleCount::X4, 0x78abf3ffu);
  EXPECT_EQ(at.x, 4.6875f);
  EXPECT_EQ(at.y, 2.0f);
  EXPECT_EQ(evaluate_plane(kPlane, at, PlaneRounding::FmaChain), 3.171875f);
  // Centroid, 4 samples, samples 1 and 2 covered: sample 1 = (+6, -2)/16 -> (4.875, 2.375):
  // 1.21875 - 1.1875 + 3 = 3.03125.
  at = sample_location(SampleMode::Centroid, px, SampleCount::X4, 0);
  EXPECT_EQ(at.x, 4.875f);
  EXPECT_EQ(at.y, 2.375f);
  EXPECT_EQ(evaluate_plane(kPlane, at, PlaneRounding::FmaChain), 3.03125f);
  // Centroid with all, none, or a single-sample target: the centre.
  for (const auto& [n, mask] : {std::pair{SampleCount::X4, SampleMask{0xf}}, std::pair{SampleCount::X4, SampleMask{0}},
                                std::pair{SampleCount::X1, SampleMask{1}}}) {
    at = sample_location(SampleMode::Centroid, FragmentPosition{4, 2, mask}, n, 0);
    EXPECT_EQ(at.x, 4.5f);
    EXPECT_EQ(at.y, 2.5f);
  }
  // Negative pixel coordinates stay exact: (-3 + 0.5 - 0.5, -1 + 0.5 + 7/16).
  at = sample_location(SampleMode::Offset, FragmentPosition{-3, -1, 1}, SampleCount::X1, 0x07000800u);
  EXPECT_EQ(at.x, -3.0f);
  EXPECT_EQ(at.y, -0.0625f);
}

// A = 1 + 2^-23 at x = 1.5, C = -1.5: A*x = 1.5 + 1.5*2^-23 is a tie in fp32 and rounds (to even) to 1.5 + 2^-22.
// Fused: 1.5*2^-23 exactly (0x34400000). Rounded separately: 2^-22 (0x34800000).
TEST(PlaneEvaluation, RoundingPolicyIsObservable) {
  const Plane p{float_of(0x3f800001u), 0.0f, -1.5f};
  const Location at{1.5f, 0.5f};
  EXPECT_EQ(bits_of(evaluate_plane(p, at, PlaneRounding::FmaChain)), 0x34400000u);
  EXPECT_EQ(bits_of(evaluate_plane(p, at, PlaneRounding::Separate)), 0x34800000u);
}

struct IpaFixture : ::testing::Test {
  TriangleRam tram;
  IpaContext ctx{&tram, SampleCount::X1, PlaneRounding::FmaChain};
  IpaLane lane;
  void SetUp() override {
    lane.pixel = FragmentPosition{4, 2, 1};
    tram.set(0x80, kPlane, PixelImap::Perspective);
    tram.set(0x84, kPlane, PixelImap::ScreenLinear);
    tram.set_constant_bits(0x88, 5);               // a flat integer: a denormal bit pattern
    tram.set_constant_bits(0x8c, bits_of(0.5f));
    tram.set(0x90, Plane{0.0f, 0.0f, 0.25f}, PixelImap::Perspective);
    tram.set(0x94, kPlane, PixelImap::Unused);
  }
  uint32_t run(std::string_view text) { return ipa(decode(text), ctx, lane); }
};

TEST_F(IpaFixture, PassAndMul) {
  lane.rb = bits_of(2.0f);
  EXPECT_EQ(run("IPA.PASS R0, a[0x80], RZ"), bits_of(2.875f));
  EXPECT_EQ(run("IPA R0, a[0x80], R4"), bits_of(5.75f));
  EXPECT_EQ(run("IPA.MUL R0, a[0x80], R4"), bits_of(5.75f));
  EXPECT_EQ(run("IPA.MUL.CENTER R0, a[0x80], R4"), bits_of(5.75f));
}

TEST_F(IpaFixture, MulFlushesRbAndOutputButNotThePlaneValue) {
  // Rb = -denormal: flushed to -0.0; 2.875 * -0.0 = -0.0.
  lane.rb = 0x80000001u;
  EXPECT_EQ(run("IPA R0, a[0x80], R4"), 0x80000000u);
  // 2^-120 * -2^-10 = -2^-130: a denormal result, flushed to -0.0.
  tram.set(0xa0, Plane{0.0f, 0.0f, float_of(0x03800000u)}, PixelImap::Perspective);  // 2^-120
  lane.rb = bits_of(-0x1p-10f);
  EXPECT_EQ(run("IPA R0, a[0xa0], R4"), 0x80000000u);
  // A denormal plane value (2^-130) times 2^20 = 2^-110, normal: the plane value is not flushed first.
  tram.set(0xa4, Plane{0.0f, 0.0f, 0x1p-130f}, PixelImap::Perspective);
  lane.rb = bits_of(0x1p20f);
  EXPECT_EQ(run("IPA R0, a[0xa4], R4"), 0x08800000u);
  // .PASS flushes it: -2^-130 -> -0.0.
  tram.set(0xa8, Plane{0.0f, 0.0f, -0x1p-130f}, PixelImap::ScreenLinear);
  EXPECT_EQ(run("IPA.PASS R0, a[0xa8], RZ"), 0x80000000u);
}

TEST_F(IpaFixture, PmulFalseSkipsTheMultiplyUnlessSat) {
  lane.rb = bits_of(2.0f);
  lane.pmul = false;
  EXPECT_EQ(run("IPA R0, a[0x90], R4, P0"), bits_of(0.25f));
  EXPECT_EQ(run("IPA.SAT R0, a[0x90], R4, P0"), bits_of(0.5f));  // "Pmul is ignored if .SAT is set"
  lane.pmul = true;
  EXPECT_EQ(run("IPA R0, a[0x90], R4, P0"), bits_of(0.5f));
  // .IDX has no Pmul (the slot is Puniform): always multiplies.
  lane.pmul = false;
  lane.ra = 0x90;
  EXPECT_EQ(run("IPA.IDX R0, a[R5], R4, P0"), bits_of(0.5f));
}

TEST_F(IpaFixture, ConstantPassesBitsOnlyForConstantAttributes) {
  lane.rb = bits_of(2.0f);
  EXPECT_EQ(run("IPA.CONSTANT R0, a[0x88], RZ"), 5u);  // no denormal flush
  EXPECT_EQ(run("IPA.CONSTANT R0, a[0x8c], RZ"), bits_of(0.5f));
  EXPECT_EQ(run("IPA.CONSTANT R0, a[0x80], RZ"), 0u);  // perspective in the header: 0
  EXPECT_EQ(run("IPA.CONSTANT R0, a[0x84], RZ"), 0u);
  EXPECT_EQ(run("IPA.CONSTANT R0, a[0x200], RZ"), 0u);  // unused
  // .SAT views the bits as fp32: 5 is a denormal, flushed to 0.
  EXPECT_EQ(run("IPA.CONSTANT.SAT R0, a[0x88], RZ"), 0u);
  EXPECT_EQ(run("IPA.CONSTANT.SAT R0, a[0x8c], RZ"), bits_of(0.5f));
}

TEST_F(IpaFixture, StateControlledModeFollowsTheHeader) {
  lane.rb = bits_of(2.0f);
  EXPECT_EQ(run("IPA.SC R0, a[0x80], R4"), bits_of(5.75f));   // perspective: multiply
  EXPECT_EQ(run("IPA.SC R0, a[0x84], R4"), bits_of(2.875f));  // screen linear: pass
  EXPECT_EQ(run("IPA.SC R0, a[0x88], R4"), 5u);               // constant: bits
  EXPECT_EQ(run("IPA.SC R0, a[0x94], R4"), bits_of(2.875f));  // unused: pass (policy)
}

TEST_F(IpaFixture, SatClampsAndMapsNaNToZero) {
  tram.set(0xb0, Plane{0.0f, 0.0f, float_of(0x7fc00000u)}, PixelImap::ScreenLinear);
  EXPECT_EQ(run("IPA.PASS R0, a[0xb0], RZ"), 0x7fc00000u);
  EXPECT_EQ(run("IPA.PASS.SAT R0, a[0xb0], RZ"), 0u);
  EXPECT_EQ(run("IPA.PASS.SAT R0, a[0x84], RZ"), bits_of(1.0f));  // 2.875
  lane.rb = bits_of(-1.0f);
  EXPECT_EQ(run("IPA.SAT R0, a[0x80], R4"), 0u);                  // -2.875
  lane.rb = bits_of(0.125f);
  EXPECT_EQ(run("IPA.SAT R0, a[0x80], R4"), bits_of(0.359375f));  // 2.875/8
  lane.rb = bits_of(0x1p127f);
  EXPECT_EQ(run("IPA.SAT R0, a[0x80], R4"), bits_of(1.0f));  // overflow to +inf, saturated
}

TEST_F(IpaFixture, FrontFaceIsABooleanThatIgnoresModeAndSat) {
  lane.rb = bits_of(2.0f);
  for (const char* text : {"IPA.PASS R0, a[0x3fc], RZ", "IPA R0, a[0x3fc], R4", "IPA.PASS.SAT R0, a[0x3fc], RZ",
                           "IPA.CONSTANT.SAT R0, a[0x3fc], RZ", "IPA.SC.CENTROID R0, a[0x3fc], R4"}) {
    tram.front_face = true;
    EXPECT_EQ(run(text), 0xffffffffu) << text;
    tram.front_face = false;
    EXPECT_EQ(run(text), 0u) << text;
  }
}

TEST_F(IpaFixture, SampleModesReachThePlane) {
  ctx.samples = SampleCount::X4;
  lane.pixel.coverage = 0b0110;
  lane.rc = 0x78abf3ffu;
  EXPECT_EQ(run("IPA.PASS R0, a[0x84], RZ"), bits_of(2.875f));
  EXPECT_EQ(run("IPA.PASS.CENTROID R0, a[0x84], RZ"), bits_of(3.03125f));
  EXPECT_EQ(run("IPA.PASS.OFFSET R0, a[0x84], RZ, R6"), bits_of(3.171875f));
}

TEST_F(IpaFixture, IndexedReadsTheAddressInRa) {
  lane.ra = 0x84;
  EXPECT_EQ(run("IPA.IDX.PASS R0, a[R5], RZ, PT"), bits_of(2.875f));
  lane.ra = 0x8c;
  EXPECT_EQ(run("IPA.IDX.CONSTANT R0, a[R5], RZ, PT"), bits_of(0.5f));
  lane.ra = 0x3fc;
  EXPECT_EQ(run("IPA.IDX.PASS R0, a[R5], RZ, PT"), tram.front_face ? 0xffffffffu : 0u);
  const std::array<uint32_t, 4> same{0x84, 0x84, 0x90, 0x84}, differ{0x84, 0x88, 0x84, 0x84};
  EXPECT_TRUE(ipa_index_uniform(same, 0b1011));  // lane 2 inactive
  EXPECT_FALSE(ipa_index_uniform(same, 0b1111));
  EXPECT_FALSE(ipa_index_uniform(differ, 0b0011));
  EXPECT_TRUE(ipa_index_uniform(differ, 0));
}

TEST(IpaDecode, FieldsAndInvalidSampleMode) {
  IpaOp op = decode("IPA.CONSTANT.CENTROID.SAT R0, a[0x3ff], RZ");
  EXPECT_EQ(op.mode, IpaMode::Constant);
  EXPECT_EQ(op.sample, SampleMode::Centroid);
  EXPECT_TRUE(op.sat);
  EXPECT_FALSE(op.indexed);
  EXPECT_EQ(op.address, 0x3ffu);
  op = decode("IPA.IDX.SC.OFFSET R2, a[R5], R4, R6, !P1");
  EXPECT_EQ(op.mode, IpaMode::SC);
  EXPECT_EQ(op.sample, SampleMode::Offset);
  EXPECT_TRUE(op.indexed);
  auto bad = sm50::parse_instruction("IPA.INVALID R0, a[0x10], RZ", isa::Arch::SM50);
  ASSERT_TRUE(bad.ok());
  bad.inst->set_address(0x28);
  const auto r = ipa_op(*bad.inst);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("0x0028"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("INVALID"), std::string::npos) << r.error();
  auto mov = sm50::parse_instruction("MUFU.RCP R1, R1", isa::Arch::SM50);
  ASSERT_TRUE(mov.ok());
  EXPECT_FALSE(ipa_op(*mov.inst).ok());
}

TEST(Al2p, IdentityLayoutAndUniformPredicate) {
  EXPECT_EQ(al2p(0x80, 0), 0x80u);
  EXPECT_EQ(al2p(0x80, 0x14), 0x94u);
  EXPECT_EQ(al2p(0x84, -4), 0x80u);
  EXPECT_EQ(al2p(0x3fc, 8), 0x004u);  // kept to the 10-bit space
  const std::array<uint32_t, 4> ra{0x80, 0x80, 0x84, 0x80};
  std::array<uint32_t, 4> out{9, 9, 9, 9};
  EXPECT_FALSE(al2p_warp(ra, 0x10, 0b1111, out));
  EXPECT_EQ(out, (std::array<uint32_t, 4>{0x90, 0x90, 0x94, 0x90}));
  out = {9, 9, 9, 9};
  EXPECT_TRUE(al2p_warp(ra, 0x10, 0b1011, out));
  EXPECT_EQ(out, (std::array<uint32_t, 4>{0x90, 0x90, 9, 0x90}));  // inactive lane untouched
}

// ---- The seed's examples, as written ---------------------------------------------------------------------

// The seed's examples run as written on the warp executor (one quad; MUFU.RCP is correctly rounded, so every w below
// is a power of two and exact).
struct SeedMachine {
  TriangleRam tram;
  std::array<FragmentPosition, 4> pixel{{{0, 0, 1}, {8, 0, 1}, {0, 4, 1}, {8, 4, 1}}};
  std::array<std::array<uint32_t, 256>, 4> r{};
  std::array<std::array<bool, 8>, 4> p{};

  float f(unsigned lane, unsigned i) const { return float_of(r[lane][i]); }

  void run(std::string source) {
    // "FCMP.NE P0, R1, 1.0" is not an SM50 form (FCMP writes a register; nvdisasm knows no predicate form):
    // FSETP.NE.AND with PT is the instruction that sets P0 = (R1 != 1.0).
    for (std::size_t k; (k = source.find("FCMP.NE  P0, R1, 1.0")) != std::string::npos;)
      source.replace(k, 20, "FSETP.NE.AND P0, PT, R1, 1.0, PT");
    sm50::Program full;
    const auto err = sm50::assemble(source + "\nEXIT ;\n", isa::Arch::SM50, full);
    ASSERT_FALSE(err.has_value()) << err->line << ":" << err->column << " " << err->message;
    exec::Machine machine;
    exec::FragmentInputs in;
    in.context = IpaContext{&tram, SampleCount::X1, PlaneRounding::FmaChain};
    for (unsigned l = 0; l < 4; ++l) in.pixel[l] = pixel[l];
    machine.fragment = &in;
    exec::Warp warp;
    warp.masks = exec::ThreadMasks::launch(0xf);
    for (unsigned l = 0; l < 4; ++l)
      for (unsigned i = 0; i < exec::kRegisters; ++i) warp.reg[i][l] = r[l][i];
    exec::RunReport report;
    const auto e = exec::run(full, warp, machine, {}, report);
    ASSERT_FALSE(e.has_value()) << e->to_string();
    for (unsigned l = 0; l < 4; ++l) {
      for (unsigned i = 0; i < exec::kRegisters; ++i) r[l][i] = warp.reg[i][l];
      for (unsigned i = 0; i < 7; ++i) p[l][i] = (warp.pred[i] >> l) & 1;
    }
  }
};

// Lanes sit at pixels (0,0), (8,0), (0,4), (8,4); centres (0.5|8.5, 0.5|4.5).
TEST(SeedExamples, PerspectiveTexcoord) {
  SeedMachine m;
  // 1/w = x/32 + 0.234375: 0.25 (w = 4) at x = 0.5, 0.5 (w = 2) at x = 8.5.
  m.tram.set(0x7c, Plane{0.03125f, 0.0f, 0.234375f}, PixelImap::ScreenLinear);
  m.tram.set(0x300, Plane{0.0625f, 0.125f, 0.0f}, PixelImap::Perspective);  // s/w
  m.tram.set(0x304, Plane{0.0f, -0.25f, 1.0f}, PixelImap::Perspective);     // t/w
  m.run(R"(IPA.PASS R4, a[0x7c];           # interpolate WPOS.w = 1/w
MUFU.RCP R4, R4;                # w
IPA.MUL  R0, a[0x300], R4;      # s: interpolate TEX0.s = s/w, multiply by w
IPA.MUL  R1, a[0x304], R4;      # t: interpolate TEX0.t = t/w, multiply by w
)");
  // s/w = x/16 + y/8: 0.09375, 0.59375, 0.59375, 1.09375; t/w = 1 - y/4: 0.875, 0.875, -0.125, -0.125.
  const std::array<float, 4> w{4, 2, 4, 2}, s{0.375f, 1.1875f, 2.375f, 2.1875f}, t{3.5f, 1.75f, -0.5f, -0.25f};
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(m.f(l, 4), w[l]) << l;
    EXPECT_EQ(m.f(l, 0), s[l]) << l;
    EXPECT_EQ(m.f(l, 1), t[l]) << l;
  }
}

TEST(SeedExamples, PmulSkipsTheMultiplyWhereWIsOne) {
  SeedMachine m;
  // 1/w = y/8 + 0.4375: 0.5 at y = 0.5, 1.0 at y = 4.5.
  m.tram.set(0x7c, Plane{0.0f, 0.125f, 0.4375f}, PixelImap::ScreenLinear);
  m.tram.set(0x300, Plane{0.0625f, 0.125f, 0.0f}, PixelImap::Perspective);
  m.tram.set(0x304, Plane{0.0f, -0.25f, 1.0f}, PixelImap::Perspective);
  m.run(R"(IPA.PASS R1, a[ 0x7c];          # WPOS.w
FCMP.NE  P0, R1, 1.0;
MUFU.RCP R1, R1;
IPA.MUL  R0, a[0x300], R1, P0;  # TEX0.s
IPA.MUL  R1, a[0x304], R1, P0;  # TEX0.t
)");
  const std::array<bool, 4> p0{true, true, false, false};
  const std::array<float, 4> s{0.1875f, 1.1875f, 0.59375f, 1.09375f}, t{1.75f, 1.75f, -0.125f, -0.125f};
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(m.p[l][0], p0[l]) << l;
    EXPECT_EQ(m.f(l, 0), s[l]) << l;
    EXPECT_EQ(m.f(l, 1), t[l]) << l;
  }
}

TEST(SeedExamples, IndexedThroughAl2p) {
  SeedMachine m;
  m.tram.set(0x80, Plane{0.0f, 0.0f, 1.5f}, PixelImap::ScreenLinear);
  m.tram.set(0x84, Plane{1.0f, 0.0f, 0.0f}, PixelImap::ScreenLinear);  // x
  m.tram.set(0x88, Plane{0.0f, 2.0f, -1.0f}, PixelImap::ScreenLinear); // 2y - 1
  m.tram.set(0x8c, Plane{0.0f, 0.0f, -7.0f}, PixelImap::ScreenLinear);
  const std::string program = R"(AL2P         P0, R5, R6,     0;
IPA.IDX.PASS R2,     a[R5], P0; # indexed IPA, with attribute pointed to by R6
)";
  // The same attribute on every lane: P0 (Puniform) true.
  for (unsigned l = 0; l < 4; ++l) m.r[l][6] = 0x84;
  m.run(program);
  const std::array<float, 4> x{0.5f, 8.5f, 0.5f, 8.5f};
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_TRUE(m.p[l][0]);
    EXPECT_EQ(m.r[l][5], 0x84u);
    EXPECT_EQ(m.f(l, 2), x[l]) << l;
  }
  // One attribute per lane: P0 false.
  for (unsigned l = 0; l < 4; ++l) m.r[l][6] = 0x80 + 4 * l;
  m.run(program);
  const std::array<float, 4> v{1.5f, 8.5f, 8.0f, -7.0f};
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_FALSE(m.p[l][0]);
    EXPECT_EQ(m.f(l, 2), v[l]) << l;
  }
}

}  // namespace
}  // namespace tmu::interp
