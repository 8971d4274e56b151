// SPDX-License-Identifier: MIT
// TIC/TSC decoding against hand-assembled descriptor words (bit positions from clb097tex.h).
#include <gtest/gtest.h>

#include "texunit/descriptors.h"

namespace tmu::texunit {
namespace {

TEST(Descriptors, BlockLinearHeader) {
  std::array<uint32_t, 8> w{};
  // A8B8G8R8 (0x08), UNORM x4 (2 at 7, 10, 13, 16), swizzle R G B A (2, 3, 4, 5 at 19, 22, 25, 28).
  w[0] = 0x08 | 2u << 7 | 2u << 10 | 2u << 13 | 2u << 16 | 2u << 19 | 3u << 22 | 4u << 25 | 5u << 28;
  // Address 0x12_3456_7800: bits 31:9 at 63:41 (word 1 bits 31:9), bits 47:32 at 79:64.
  w[1] = 0x34567800u & ~0x1ffu;
  w[2] = 0x12 | 3u << 21;          // address high; HEADER_VERSION (85..87) = 3 (BLOCKLINEAR)
  w[3] = 4u << 3 | 9u << 28;       // GOBS_PER_BLOCK_HEIGHT (99..101) = 4; MAX_MIP_LEVEL (124..127) = 9
  w[4] = 1023 | 1u << 22 | 1u << 23;  // WIDTH_MINUS_ONE = 1023; S_R_G_B (150); TEXTURE_TYPE (151..154) = 1 (2D)
  w[5] = 511 | 0u << 16 | 1u << 31;   // HEIGHT_MINUS_ONE = 511, DEPTH_MINUS_ONE = 0, NORMALIZED_COORDS (191)
  w[6] = 0x1f00u << 6;             // MIP_LOD_BIAS (198..210) = -0x100 (s5.8: -1.0)
  w[7] = 2 | 7u << 4 | 0x180u << 12;  // view levels 2..7, MIN_LOD_CLAMP = 0x180 (1.5)
  auto h = decode_header(w);
  ASSERT_TRUE(h) << h.error();
  EXPECT_EQ(h->components, 0x08u);
  EXPECT_EQ(h->types[3], DataType::Unorm);
  EXPECT_EQ(h->swizzle[2], Source::B);
  EXPECT_EQ(h->address, 0x1234567800u);
  EXPECT_EQ(h->version, HeaderVersion::BlockLinear);
  EXPECT_EQ(h->block_height_log2, 4);
  EXPECT_EQ(h->max_mip_level, 9);
  EXPECT_EQ(h->width, 1024u);
  EXPECT_EQ(h->height, 512u);
  EXPECT_EQ(h->depth, 1u);
  EXPECT_TRUE(h->srgb);
  EXPECT_EQ(h->type, TextureType::Tex2D);
  EXPECT_TRUE(h->normalized_coords);
  EXPECT_EQ(h->mip_lod_bias, -0x100);
  EXPECT_EQ(h->view_min_level, 2);
  EXPECT_EQ(h->view_max_level, 7);
  EXPECT_EQ(h->min_lod_clamp, 0x180u);
  EXPECT_EQ(encode_header(*h), w);
}

TEST(Descriptors, PitchAndBufferHeaders) {
  std::array<uint32_t, 8> w{};
  w[0] = 0x0f | 7u << 7 | 7u << 10 | 7u << 13 | 7u << 16 | 2u << 19;  // R32 FLOAT
  w[1] = 0x00001000u;               // pitch layout: address bits 31:5 at 63:37
  w[2] = 2u << 21;                  // HEADER_VERSION = 2 (PITCH)
  w[3] = 0x20;                      // PITCH_BITS20TO5 = 0x20 -> 1024 bytes
  w[4] = 255 | 1u << 23;            // 256 wide, 2D
  auto h = decode_header(w);
  ASSERT_TRUE(h) << h.error();
  EXPECT_EQ(h->address, 0x1000u);
  EXPECT_EQ(h->pitch, 1024u);
  EXPECT_EQ(h->width, 256u);
  EXPECT_EQ(encode_header(*h), w);

  std::array<uint32_t, 8> b{};
  b[0] = w[0];
  b[1] = 0x00abcdefu;               // 1D buffer: address bits 31:0
  b[2] = 0;                         // HEADER_VERSION = 0 (ONE_D_BUFFER)
  b[3] = 0x0001;                    // width-1 bits 31:16
  b[4] = 0x2345 | 6u << 23;         // width-1 bits 15:0; TEXTURE_TYPE 6
  auto buf = decode_header(b);
  ASSERT_TRUE(buf) << buf->width;
  EXPECT_EQ(buf->address, 0xabcdefu);
  EXPECT_EQ(buf->width, 0x12346u);
  EXPECT_EQ(buf->type, TextureType::Buffer1D);
}

TEST(Descriptors, UndefinedValuesAreReported) {
  std::array<uint32_t, 8> w{};
  w[0] = 0x08 | 2u << 7 | 2u << 10 | 2u << 13 | 0u << 16;  // A_DATA_TYPE 0 is undefined
  w[2] = 3u << 21;
  auto h = decode_header(w);
  ASSERT_FALSE(h);
  EXPECT_NE(h.error().find("A_DATA_TYPE (bits 16..18)"), std::string::npos) << h.error();
  w[0] = 0x08 | 2u << 7 | 2u << 10 | 2u << 13 | 2u << 16;
  w[4] = 9u << 23;  // TEXTURE_TYPE 9
  EXPECT_FALSE(decode_header(w));
}

TEST(Descriptors, Sampler) {
  std::array<uint32_t, 8> w{};
  w[0] = 0u | 3u << 3 | 2u << 6 | 1u << 9 | 3u << 10 | 4u << 20;  // WRAP, BORDER, CLAMP_TO_EDGE; LEQUAL; aniso 8:1
  w[1] = 2 | 3u << 4 | 3u << 6 | 0x1fc0u << 12 | 1u << 25;       // LINEAR, ANISO, MIP LINEAR, bias -0.25, unnormalized
  w[2] = 0x080 | 0xf00u << 12 | 0xaau << 24;                      // min LOD 0.5, max 15.0, sRGB border R 0xaa
  w[3] = 0xbbu << 12 | 0xccu << 20;
  w[4] = 0x3f800000;  // border R = 1.0
  w[7] = 0x3f000000;  // border A = 0.5
  auto s = decode_sampler(w);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->address[1], AddressMode::Border);
  EXPECT_TRUE(s->depth_compare);
  EXPECT_EQ(s->compare, CompareFunc::LessEqual);
  EXPECT_EQ(anisotropy_ratio(s->max_anisotropy), 8u);
  EXPECT_EQ(s->mag, MagFilter::Linear);
  EXPECT_EQ(s->min, MinFilter::Aniso);
  EXPECT_EQ(s->mip, MipFilter::Linear);
  EXPECT_EQ(s->mip_lod_bias, -0x40);
  EXPECT_TRUE(s->force_unnormalized);
  EXPECT_EQ(s->min_lod_clamp, 0x80u);
  EXPECT_EQ(s->max_lod_clamp, 0xf00u);
  EXPECT_EQ(s->srgb_border, (std::array<uint8_t, 3>{0xaa, 0xbb, 0xcc}));
  EXPECT_EQ(s->border[0], 0x3f800000u);
  EXPECT_EQ(encode_sampler(*s), w);
  EXPECT_EQ(header_index(0xabc12345), 0x12345u);
  EXPECT_EQ(sampler_index(0xabc12345), 0xabcu);
}

}  // namespace
}  // namespace tmu::texunit
