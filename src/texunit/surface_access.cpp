// SPDX-License-Identifier: MIT
// Surfaces: placing an access and moving its bytes or texels (surface_access.h).
#include "texunit/surface_access.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace tmu::texunit {

std::string image_atomic_format_error(std::string_view op, const LayoutInfo& layout) {
  if (layout.block_bytes == 4 && layout.fields[0].width == 32) return "";
  return fmt::format("{} needs a format of one 32-bit component (R32_UINT, R32_SINT, R32_FLOAT), not {}", op,
                     layout.name);
}

Result<SurfaceView> SurfaceView::make(const BoundTexture& bound) {
  if (!bound.layout) return make_error("the texture has no memory layout (it is not in GPU memory)");
  const SurfaceLayout& l = *bound.layout;
  if (l.block_width() != 1 || l.block_height() != 1)
    return make_error(fmt::format("its format ({}) packs {}x{} texels into a block; surfaces address single texels",
                                  bound.format.layout().name, l.block_width(), l.block_height()));
  return SurfaceView(l, bound.format, view_min(bound.header));
}

Result<SurfacePlace> SurfaceView::place(const SurfaceCoords& at, unsigned bytes, bool byte_addressed,
                                        SurfaceClamp clamp) const {
  const uint32_t tb = texel_bytes();
  // x in bytes from the row's start; a texel access covers its texel.
  int64_t x = byte_addressed ? int64_t{at.x} : int64_t{at.x} * tb;
  if (x % bytes != 0)
    return make_error(fmt::format("the access of {} bytes at byte {} of the row is not aligned to its size", bytes, x));
  const int64_t row = row_bytes();
  const bool x_in = x >= 0 && x + bytes <= row;
  const bool y_in = at.y >= 0 && uint32_t(at.y) < height();
  const bool z_in = at.z >= 0 && uint32_t(at.z) < depth();
  const bool layer_in = at.layer < layout_->layers();
  SurfacePlace p;
  p.inside = x_in && y_in && z_in && layer_in;
  if (!p.inside && clamp != SurfaceClamp::Clamp) return p;
  // .clamp: the nearest position inside, x kept aligned to the access (PTX: "the nearest surface location,
  // sized appropriately").
  if (!x_in) x = std::clamp<int64_t>(x, 0, std::max<int64_t>(0, (row - bytes) / bytes * bytes));
  const auto near = [](int32_t v, uint32_t n) { return static_cast<uint32_t>(std::clamp<int64_t>(v, 0, n - 1)); };
  p.inside = true;
  p.texel = TexelCoord{static_cast<uint32_t>(x / tb), near(at.y, height()), near(at.z, depth()),
                       std::min(at.layer, layout_->layers() - 1), level_};
  p.byte = static_cast<uint32_t>(x % tb);
  return p;
}

std::string SurfaceView::describe(const SurfaceCoords& at, bool byte_addressed) const {
  std::string s = fmt::format("x {}{}", at.x, byte_addressed ? " bytes" : "");
  if (height() > 1 || at.y != 0) s += fmt::format(", y {}", at.y);
  if (depth() > 1 || at.z != 0) s += fmt::format(", z {}", at.z);
  if (layout_->layers() > 1 || at.layer != 0) s += fmt::format(", layer {}", at.layer);
  return s;
}

std::string SurfaceView::describe_extent() const {
  std::string size = fmt::format("{}", width());
  if (height() > 1 || depth() > 1) size += fmt::format(" x {}", height());
  if (depth() > 1) size += fmt::format(" x {}", depth());
  std::string s = fmt::format("level {}: {} texels of {} bytes ({} bytes a row)", level_, size, texel_bytes(), row_bytes());
  if (layout_->layers() > 1) s += fmt::format(", {} layers", layout_->layers());
  return s;
}

namespace {

// Visits the texels an access of n bytes from `at` covers (one row): f(texel, first byte in it, bytes, offset
// into the access).
template <typename F>
void for_each_texel(const SurfaceView& v, const SurfacePlace& at, std::size_t n, F&& f) {
  TexelCoord t = at.texel;
  uint32_t byte = at.byte;
  for (std::size_t done = 0; done < n; ++t.x, byte = 0) {
    const std::size_t k = std::min<std::size_t>(v.texel_bytes() - byte, n - done);
    f(t, byte, k, done);
    done += k;
  }
}

}  // namespace

MemoryAccess SurfaceView::read(const GpuMemory& memory, const SurfacePlace& at, std::span<std::byte> out) const {
  MemoryAccess first{};
  std::array<std::byte, 16> block{};
  for_each_texel(*this, at, out.size(), [&](const TexelCoord& t, uint32_t byte, std::size_t k, std::size_t off) {
    const MemoryAccess a = layout_->read_block(memory, t, std::span(block).first(texel_bytes()));
    if (first.ok()) first = a;
    std::copy_n(block.begin() + byte, k, out.begin() + static_cast<std::ptrdiff_t>(off));
  });
  return first;
}

MemoryAccess SurfaceView::write(GpuMemory& memory, const SurfacePlace& at, std::span<const std::byte> in) const {
  MemoryAccess first{};
  std::array<std::byte, 16> block{};
  for_each_texel(*this, at, in.size(), [&](const TexelCoord& t, uint32_t byte, std::size_t k, std::size_t off) {
    const auto whole = std::span(block).first(texel_bytes());
    MemoryAccess a{};
    if (k < texel_bytes()) a = layout_->read_block(memory, t, whole);  // part of a texel: keep the rest
    std::copy_n(in.begin() + static_cast<std::ptrdiff_t>(off), k, block.begin() + byte);
    if (a.ok()) a = layout_->write_block(memory, t, whole);
    if (first.ok()) first = a;
  });
  return first;
}

Texel SurfaceView::load_texel(const GpuMemory& memory, const TexelCoord& at, MemoryAccess& access) const {
  std::array<std::byte, 16> block{};
  access = layout_->read_block(memory, at, std::span(block).first(texel_bytes()));
  return decode_texel(*format_, block);
}

MemoryAccess SurfaceView::store_texel(GpuMemory& memory, const TexelCoord& at, const Texel& rgba) const {
  std::array<std::byte, 16> block{};
  encode_texel(*format_, rgba, block);
  return layout_->write_block(memory, at, std::span(block).first(texel_bytes()));
}

}  // namespace tmu::texunit
