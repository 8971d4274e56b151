// SPDX-License-Identifier: MIT
// The texture unit reading a block-linear RGBA8 texture through descriptor pools in GPU memory.
#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "texunit/filter.h"
#include "texunit/memory_texture.h"
#include "texunit/texture_set.h"

namespace tmu::texunit {
namespace {

void write_words(GpuMemory& m, uint64_t address, const std::array<uint32_t, 8>& w) {
  std::array<std::byte, 32> b{};
  for (unsigned i = 0; i < 32; ++i) b[i] = static_cast<std::byte>((w[i / 4] >> (8 * (i % 4))) & 0xff);
  ASSERT_TRUE(m.write(address, b).ok());
}

// A block-linear 2D texture header with four UNORM components (`components`: the format code) placed in `mem`:
// its address set, its layout returned.
Result<SurfaceLayout> place_unorm_texture(GpuMemory& mem, TextureHeader& h, uint8_t components, uint32_t width,
                                          uint32_t height) {
  h.components = components;
  h.types = {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
  h.swizzle = {Source::R, Source::G, Source::B, Source::A};
  h.version = HeaderVersion::BlockLinear;
  h.type = TextureType::Tex2D;
  h.width = width;
  h.height = height;
  auto layout = SurfaceLayout::make(h);
  if (!layout) return layout;
  auto base = mem.allocate(layout->size_bytes(), 512);
  if (!base) return make_error("no memory for the texture");
  h.address = *base;
  return SurfaceLayout::make(h);
}

TEST(MemoryTexture, PoolsLayoutsAndFormats) {
  GpuMemory mem;
  // A 4x4 A8B8G8R8 UNORM block-linear texture with two levels.
  TextureHeader h;
  h.max_mip_level = 1;
  h.view_max_level = 1;
  auto layout = place_unorm_texture(mem, h, 0x08, 4, 4);
  ASSERT_TRUE(layout) << layout.error();
  // Level 0: texel (x, y) has R = 16 x + y, G = 255, B = 0, A = 128. Level 1: all R = 200.
  std::vector<std::byte> l0(16 * 4), l1(4 * 4);
  for (unsigned i = 0; i < 16; ++i) {
    l0[4 * i + 0] = static_cast<std::byte>(16 * (i % 4) + i / 4);
    l0[4 * i + 1] = std::byte{255};
    l0[4 * i + 3] = std::byte{128};
  }
  for (unsigned i = 0; i < 4; ++i) l1[4 * i] = std::byte{200};
  ASSERT_TRUE(store_level(mem, *layout, 0, 0, l0));
  ASSERT_TRUE(store_level(mem, *layout, 1, 0, l1));
  // Pools: header 3, sampler 1.
  auto pools = mem.allocate(4096);
  ASSERT_TRUE(pools);
  write_words(mem, *pools + 3 * 32, encode_header(h));
  Sampler s;
  s.address = {AddressMode::ClampToEdge, AddressMode::ClampToEdge, AddressMode::ClampToEdge};
  s.mag = MagFilter::Point;
  s.min = MinFilter::Point;
  s.mip = MipFilter::Point;
  s.max_lod_clamp = 0xfff;
  write_words(mem, *pools + 2048 + 1 * 32, encode_sampler(s));
  PoolBindings bindings(mem, {*pools, 3, *pools + 2048, 1, false});
  TextureUnit unit(bindings);

  Request r;
  r.op = TexOp::Sample;
  r.lod = LodMode::Lod;
  for (auto& l : r.lanes) {
    l.handle = 1u << 20 | 3;
    l.coord = {std::bit_cast<uint32_t>(0.625f), std::bit_cast<uint32_t>(0.125f), 0};  // texel (2, 0)
  }
  r.lanes[1].lod = std::bit_cast<uint32_t>(1.0f);
  Response out;
  unit.run(r, out);
  // UNORM8 to float is correctly rounded c / 255 (docs/formats.md).
  EXPECT_EQ(std::bit_cast<float>(out.value[0][0]), 32.0f / 255);
  EXPECT_EQ(std::bit_cast<float>(out.value[0][1]), 1.0f);
  EXPECT_EQ(std::bit_cast<float>(out.value[0][3]), 128.0f / 255);
  EXPECT_EQ(std::bit_cast<float>(out.value[1][0]), 200.0f / 255);  // level 1
  // Header 4 is past the pool's maximum (3): an invalid texture, zeros.
  for (auto& l : r.lanes) l.handle = 1u << 20 | 4;
  unit.run(r, out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{}));
  EXPECT_NE(bindings.header_error(4).find("past the pool's maximum"), std::string::npos);
}

}  // namespace
}  // namespace tmu::texunit

namespace tmu::texunit {
namespace {

TEST(TextureSet, BuildAndSample) {
  TextureSet set;
  TextureHeader h;
  h.components = 0x0f;  // R32 FLOAT
  h.types = {DataType::Float, DataType::Float, DataType::Float, DataType::Float};
  h.swizzle = {Source::R, Source::Zero, Source::Zero, Source::OneFloat};
  h.type = TextureType::Array2D;
  h.width = 2;
  h.height = 1;
  h.depth = 2;  // two layers
  auto t = set.add_texture(h);
  ASSERT_TRUE(t) << t.error();
  const float layer1[2] = {3.5f, -1.0f};
  ASSERT_TRUE(set.write_level(*t, 0, 1, std::as_bytes(std::span(layer1))));
  Sampler s;
  s.max_lod_clamp = 0xfff;
  auto smp = set.add_sampler(s);
  ASSERT_TRUE(smp);
  TextureUnit unit(set.bindings());
  Request r;
  r.op = TexOp::Sample;
  r.dim = Dim::Array2D;
  r.lod = LodMode::Zero;
  for (auto& l : r.lanes) {
    l.handle = TextureSet::handle(*t, *smp);
    l.coord = {std::bit_cast<uint32_t>(0.75f), std::bit_cast<uint32_t>(0.5f), 0};
    l.layer = 1;
  }
  Response out;
  unit.run(r, out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{std::bit_cast<uint32_t>(-1.0f), 0, 0, std::bit_cast<uint32_t>(1.0f)}));
}

// The same texture through an access without read_unorm16: the filter converts read()'s floats instead.
class FloatsOnly final : public TextureAccess {
 public:
  explicit FloatsOnly(const MemoryTexture& t) : t_(t) {}
  Extent extent(unsigned level) const override { return t_.extent(level); }
  unsigned levels() const override { return t_.levels(); }
  unsigned layers() const override { return t_.layers(); }
  Texel read(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident) const override {
    return t_.read(level, layer, x, y, z, resident);
  }

 private:
  const MemoryTexture& t_;
};

// Fixed-point filtering reads 8- and 16-bit UNORM texels as 16-bit values directly (decode_unorm16); random
// footprints of RGBA8 and RGBA16 textures, every address mode and level shares filter to the same
// bits and residency as through the decoded floats.
TEST(MemoryTexture, DirectFixedPointTexelsFilterAsDecodedFloats) {
  std::mt19937 rng(77);
  for (const uint8_t components : {uint8_t{0x08}, uint8_t{0x03}}) {
    GpuMemory mem;
    TextureHeader h;
    auto layout = place_unorm_texture(mem, h, components, 13, 6);
    ASSERT_TRUE(layout) << layout.error();
    auto format = FormatPlan::make(h.format());
    ASSERT_TRUE(format) << format.error();
    std::vector<std::byte> texels(linear_level_size(*layout, 0));
    for (auto& b : texels) b = static_cast<std::byte>(rng());
    ASSERT_TRUE(store_level(mem, *layout, 0, 0, texels));
    const MemoryTexture direct(mem, *layout, *format);
    const FloatsOnly floats(direct);
    const Policy policy = Policy::nvidia();
    for (int i = 0; i < 4000; ++i) {
      Sampler smp;
      const AddressMode modes[] = {AddressMode::Wrap, AddressMode::Mirror, AddressMode::ClampToEdge,
                                   AddressMode::Border, AddressMode::ClampOgl, AddressMode::MirrorOnceBorder};
      smp.address = {modes[rng() % 6], modes[rng() % 6], AddressMode::Wrap};
      smp.border = {std::bit_cast<uint32_t>(0.3f), std::bit_cast<uint32_t>(1.5f), std::bit_cast<uint32_t>(-2.0f),
                    std::bit_cast<uint32_t>(0.75f)};
      LevelSample s;
      s.format = &*format;
      s.sampler = &smp;
      s.header = &h;
      s.policy = &policy;
      s.dims = 2;
      s.linear = true;
      s.total = rng() % 2 ? 256u : static_cast<uint32_t>(1 + rng() % 255);
      std::uniform_real_distribution<double> coord(-20.0, 30.0);
      s.texel = {coord(rng), coord(rng), 0};
      FixedSums a, b;
      bool ra = true, rb = true;
      s.access = &direct;
      s.sums = &a;
      const Rgba x = sample_level(s, ra);
      s.access = &floats;
      s.sums = &b;
      const Rgba y = sample_level(s, rb);
      for (unsigned c = 0; c < 4; ++c) ASSERT_EQ(std::bit_cast<uint32_t>(x[c]), std::bit_cast<uint32_t>(y[c])) << i;
      ASSERT_EQ(a.sum, b.sum) << i;
      ASSERT_EQ(a.mask, 0xfu);
      ASSERT_EQ(ra, rb);
    }
  }
}

}  // namespace
}  // namespace tmu::texunit
