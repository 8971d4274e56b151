// SPDX-License-Identifier: MIT
#include "sample/texels.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

#include "common/input_file.h"
#include "common/png_image.h"
#include "texunit/srgb.h"

namespace tmu::sample {
namespace {

using texunit::DataType;
using texunit::FormatPlan;
using texunit::SurfaceLayout;
using Value = std::array<double, 4>;  // R, G, B, A as the spec writes them

bool is_integer(DataType t) { return t == DataType::Sint || t == DataType::Uint; }

// R, G, B, A register values for encode_texel: fp32 bits, or integers (truncated, saturated) for SINT/UINT.
texunit::Texel to_register(const FormatPlan& plan, const Value& v) {
  texunit::Texel t;
  for (unsigned c = 0; c < 4; ++c) {
    const double x = std::isnan(v[c]) ? 0.0 : std::trunc(v[c]);
    if (plan.type(c) == DataType::Uint)
      t.bits[c] = static_cast<uint32_t>(std::clamp(x, 0.0, 4294967295.0));
    else if (plan.type(c) == DataType::Sint)
      t.bits[c] = static_cast<uint32_t>(static_cast<int32_t>(std::clamp(x, -2147483648.0, 2147483647.0)));
    else
      t.bits[c] = std::bit_cast<uint32_t>(static_cast<float>(v[c]));
  }
  return t;
}

using Generator = std::function<Value(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z)>;

// One level of one layer as linear format blocks (x fastest, then y, then z), texel by texel.
std::vector<std::byte> encode_level(const SurfaceLayout& layout, const FormatPlan& plan, unsigned level,
                                    unsigned layer, const Generator& gen) {
  const texunit::LevelLayout& lv = layout.level(level);
  const uint32_t bw = layout.block_width(), bh = layout.block_height(), bb = layout.block_bytes();
  std::vector<std::byte> out(texunit::linear_level_size(layout, level));
  for (uint32_t z = 0; z < lv.depth; ++z)
    for (uint32_t y = 0; y < lv.height; ++y)
      for (uint32_t x = 0; x < lv.width; ++x) {
        const uint64_t block = (uint64_t{z} * lv.blocks_y + y / bh) * lv.blocks_x + x / bw;
        texunit::encode_texel(plan, to_register(plan, gen(level, layer, x, y, z)),
                              std::span(out).subspan(block * bb, bb), (y % bh) * bw + x % bw);
      }
  return out;
}

Result<std::vector<std::byte>> read_whole(const std::filesystem::path& path, uint64_t limit) {
  // One read of whatever the path is (a directory refused, a FIFO read to its end), at most `limit` bytes.
  auto in = InputFile::open(path.string());
  if (!in) return make_error(fmt::format("cannot read {}", in.error()));
  if (in->regular() && in->size() > limit)
    return make_error(fmt::format("\"{}\" holds {} bytes, more than the {} the texture can use", path.string(), in->size(), limit));
  auto bytes = in->read_all(limit);
  if (!bytes) return make_error(fmt::format("cannot read {}", bytes.error()));
  return bytes;
}

// A noise component from one 64-bit draw: uniform in [0, 1) (UNORM, FLOAT), [-1, 1) (SNORM), or the field's bits
// (UINT; SINT sign-extended).
double noise_component(const FormatPlan& plan, unsigned c, uint64_t r) {
  const unsigned width = plan.layout().fields[c].present() ? plan.layout().fields[c].width : 32;
  const uint64_t bits = width >= 32 ? (r & 0xffffffffu) : (r & ((uint64_t{1} << width) - 1));
  switch (plan.type(c)) {
    case DataType::Uint: return static_cast<double>(bits);
    case DataType::Sint: {
      const uint64_t sign = uint64_t{1} << ((width >= 32 ? 32 : width) - 1);
      return static_cast<double>(static_cast<int64_t>(bits ^ sign) - static_cast<int64_t>(sign));
    }
    case DataType::Snorm:
    case DataType::SnormForceFp16: return std::ldexp(static_cast<double>(r >> 40), -23) - 1.0;
    default: return std::ldexp(static_cast<double>(r >> 40), -24);
  }
}

Result<uint64_t> fill_generated(texunit::TextureSet& set, uint32_t texture, const TextureSpec& spec, const FormatPlan& plan) {
  const SurfaceLayout& layout = set.layout(texture);
  const Texels& tx = spec.texels;
  const texunit::TextureHeader& h = spec.header;
  const bool volume = h.type == texunit::TextureType::Tex3D;
  SplitMix64 rng(tx.seed);
  Generator gen;
  switch (tx.source) {
    case TexelSource::Checker:
      gen = [&](unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z) {
        const uint32_t cell = std::max(1u, tx.cell >> level);
        return tx.colors[(x / cell + y / cell + z / cell + layer) & 1];
      };
      break;
    case TexelSource::Gradient:
      gen = [&](unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z) {
        const texunit::LevelLayout& lv = layout.level(level);
        auto ramp = [&](uint32_t i, uint32_t n, unsigned c) {
          if (is_integer(plan.type(c))) return static_cast<double>(i);
          return n > 1 ? static_cast<double>(i) / (n - 1) : 0.0;
        };
        const double b = volume ? ramp(z, lv.depth, 2) : ramp(layer, layout.layers(), 2);
        return Value{ramp(x, lv.width, 0), ramp(y, lv.height, 1), b, 1.0};
      };
      break;
    case TexelSource::Noise:
      gen = [&](unsigned, unsigned, uint32_t, uint32_t, uint32_t) {
        Value v;
        for (unsigned c = 0; c < 4; ++c) v[c] = noise_component(plan, c, rng.next());
        return v;
      };
      break;
    case TexelSource::Solid:
      gen = [&](unsigned, unsigned, uint32_t, uint32_t, uint32_t) { return tx.colors[0]; };
      break;
    case TexelSource::Levels:
      gen = [&](unsigned level, unsigned, uint32_t, uint32_t, uint32_t) {
        return tx.colors.empty() ? level_palette(level) : tx.colors[level];
      };
      break;
    default: return make_error("not a generator");
  }
  uint64_t bytes = 0;
  for (unsigned level = 0; level < layout.levels(); ++level)
    for (uint32_t layer = 0; layer < layout.layers(); ++layer) {
      const auto data = encode_level(layout, plan, level, layer, gen);
      auto w = set.write_level(texture, level, layer, data);
      if (!w) return make_error(w.error());
      bytes += *w;
    }
  return bytes;
}

// Every level of every layer from `path`, or from `bytes` when `path` is empty.
Result<uint64_t> fill_raw(texunit::TextureSet& set, uint32_t texture, const std::filesystem::path& path,
                          const std::vector<std::byte>& bytes) {
  const SurfaceLayout& layout = set.layout(texture);
  uint64_t want = 0;
  for (unsigned level = 0; level < layout.levels(); ++level) want += texunit::linear_level_size(layout, level) * layout.layers();
  Result<std::vector<std::byte>> data = bytes;
  if (!path.empty()) data = read_whole(path, want);
  if (!data) return make_error(data.error());
  if (data->size() != want)
    return make_error(fmt::format("\"{}\" holds {} bytes; the texture takes {} (every level, every layer, linear blocks "
                                  "in its format)", path.empty() ? "texels" : path.string(), data->size(), want));
  uint64_t at = 0;
  for (unsigned level = 0; level < layout.levels(); ++level)
    for (uint32_t layer = 0; layer < layout.layers(); ++layer) {
      const uint64_t n = texunit::linear_level_size(layout, level);
      auto w = set.write_level(texture, level, layer, std::span(*data).subspan(at, n));
      if (!w) return make_error(w.error());
      at += n;
    }
  return at;
}

// Level 0 of every layer from `level0` (layer, x, y, z); every further level the 2x2(x2) box average of the one
// before (clamped at odd edges), kept in double until encoded.
using Level0 = std::function<Value(uint32_t layer, uint32_t x, uint32_t y, uint32_t z)>;
Result<uint64_t> fill_box_filtered(texunit::TextureSet& set, uint32_t texture, const FormatPlan& plan, const Level0& level0) {
  const SurfaceLayout& layout = set.layout(texture);
  uint64_t bytes = 0;
  for (uint32_t layer = 0; layer < layout.layers(); ++layer) {
    std::vector<Value> prev, cur;
    uint32_t pw = 0, ph = 0, pd = 0;
    for (unsigned level = 0; level < layout.levels(); ++level) {
      const texunit::LevelLayout& lv = layout.level(level);
      cur.assign(uint64_t{lv.width} * lv.height * lv.depth, Value{});
      for (uint32_t z = 0; z < lv.depth; ++z)
        for (uint32_t y = 0; y < lv.height; ++y)
          for (uint32_t x = 0; x < lv.width; ++x) {
            Value v{};
            if (level == 0) {
              v = level0(layer, x, y, z);
            } else {
              unsigned n = 0;
              for (uint32_t dz = 0; dz < (pd > 1 ? 2u : 1u); ++dz)
                for (uint32_t dy = 0; dy < (ph > 1 ? 2u : 1u); ++dy)
                  for (uint32_t dx = 0; dx < (pw > 1 ? 2u : 1u); ++dx) {
                    const uint32_t sx = std::min(2 * x + dx, pw - 1), sy = std::min(2 * y + dy, ph - 1),
                                   sz = std::min(2 * z + dz, pd - 1);
                    const Value& s = prev[(uint64_t{sz} * ph + sy) * pw + sx];
                    for (unsigned c = 0; c < 4; ++c) v[c] += s[c];
                    ++n;
                  }
              for (unsigned c = 0; c < 4; ++c) v[c] /= n;
            }
            cur[(uint64_t{z} * lv.height + y) * lv.width + x] = v;
          }
      const auto data = encode_level(layout, plan, level, layer, [&](unsigned, unsigned, uint32_t x, uint32_t y, uint32_t z) {
        return cur[(uint64_t{z} * lv.height + y) * lv.width + x];
      });
      auto w = set.write_level(texture, level, layer, data);
      if (!w) return make_error(w.error());
      bytes += *w;
      prev.swap(cur);
      pw = lv.width;
      ph = lv.height;
      pd = lv.depth;
    }
  }
  return bytes;
}

// An 8-bit code as a component value: c / 255, the code itself for integer components, and for components the
// format decodes as sRGB the curve's linear value of c, which encode_texel turns back into c (srgb.h).
double code_value(const FormatPlan& plan, unsigned c, uint8_t code) {
  if (is_integer(plan.type(c))) return code;
  if (plan.srgb_applies(c)) return texunit::srgb8_to_linear_exact(code);
  return code / 255.0;
}

// Level 0 of every layer from the image (layers, and slices of 3D textures, stacked top to bottom), the smaller
// levels box-filtered. A PNG's bytes are sRGB-encoded already: components the format decodes as sRGB hold the
// image's codes at level 0, and the smaller levels average linear light.
Result<uint64_t> fill_png(texunit::TextureSet& set, uint32_t texture, const FormatPlan& plan, const std::filesystem::path& path) {
  const SurfaceLayout& layout = set.layout(texture);
  const texunit::LevelLayout& l0 = layout.level(0);
  const uint64_t rows = uint64_t{l0.height} * l0.depth * layout.layers();
  auto file = read_whole(path, uint64_t{1} << 30);
  if (!file) return make_error(file.error());
  auto image = decode_png(*file, uint64_t{l0.width} * rows);
  if (!image) return make_error(fmt::format("\"{}\": {}", path.string(), image.error()));
  if (image->width != l0.width || image->height != rows)
    return make_error(fmt::format("\"{}\" is {}x{}; the texture takes {}x{} ({} rows x {} slices x {} layers)", path.string(),
                                  image->width, image->height, l0.width, rows, l0.height, l0.depth, layout.layers()));
  return fill_box_filtered(set, texture, plan, [&](uint32_t layer, uint32_t x, uint32_t y, uint32_t z) {
    const uint64_t row = (uint64_t{layer} * l0.depth + z) * l0.height + y;
    const uint8_t* p = &image->pixels[(row * l0.width + x) * 4];
    Value v;
    for (unsigned c = 0; c < 4; ++c) v[c] = code_value(plan, c, p[c]);
    return v;
  });
}

// tmu render's floor (docs/texunit.md): square flagstones of a checker of light and dark greys, each tile tinted a
// little (so that aliasing shows as shimmer), dark grout lines; the sizes follow level 0's width.
Result<uint64_t> fill_flagstones(texunit::TextureSet& set, uint32_t texture, const FormatPlan& plan) {
  const uint32_t width = set.layout(texture).level(0).width;
  const uint32_t tile = std::max(4u, width / 8), grout = std::max(1u, width / 128);
  return fill_box_filtered(set, texture, plan, [&](uint32_t, uint32_t x, uint32_t y, uint32_t) {
    const uint32_t tx = x / tile, ty = y / tile;
    const bool line = x % tile < grout || y % tile < grout;
    const bool dark = (tx + ty) % 2 == 1;
    const unsigned v = (tx * 37 + ty * 91) % 24;
    std::array<uint8_t, 4> code{static_cast<uint8_t>(dark ? 150 + v : 205 + v), static_cast<uint8_t>(dark ? 140 + v : 195 + v),
                                static_cast<uint8_t>(dark ? 120 + v : 170 + v), 255};
    if (line) code = {40, 38, 36, 255};
    Value out;
    for (unsigned c = 0; c < 4; ++c) out[c] = code_value(plan, c, code[c]);
    return out;
  });
}

}  // namespace

Result<uint64_t> fill_texels(texunit::TextureSet& set, uint32_t texture, const TextureSpec& spec,
                             const std::filesystem::path& base_dir) {
  auto plan = FormatPlan::make(spec.header.format());
  if (!plan) return make_error(fmt::format("texture.format: {}", plan.error()));
  Result<uint64_t> r = make_error("");
  switch (spec.texels.source) {
    case TexelSource::Png: r = fill_png(set, texture, *plan, base_dir / spec.texels.file); break;
    case TexelSource::Raw:
      r = fill_raw(set, texture, spec.texels.file.empty() ? std::filesystem::path() : base_dir / spec.texels.file,
                   spec.texels.bytes);
      break;
    case TexelSource::Flagstones: return fill_flagstones(set, texture, *plan);
    default: return fill_generated(set, texture, spec, *plan);
  }
  if (!r) return make_error(fmt::format("texture.texels.file: {}", r.error()));
  return r;
}

Result<uint64_t> unbind_pages(texunit::TextureSet& set, uint32_t texture, const std::vector<uint64_t>& pages) {
  texunit::GpuMemory& mem = set.memory();
  constexpr uint64_t kPage = texunit::GpuMemory::kPageSize;
  const uint64_t base = set.header(texture).address, bytes = set.layout(texture).size_bytes();
  const uint64_t size = (bytes + kPage - 1) / kPage * kPage;
  std::vector<std::byte> texels(bytes);
  if (!mem.read(base, texels) || !mem.unmap(base)) return make_error("cannot read the texture's memory");
  if (auto m = mem.map_sparse(base, size); !m) return make_error(m.error());
  if (auto r = mem.set_resident(base, size, true); !r) return make_error(r.error());
  if (!mem.write(base, texels)) return make_error("cannot write the texture's memory");
  for (uint64_t p : pages)
    if (auto r = mem.set_resident(base + p * kPage, kPage, false); !r) return make_error(r.error());
  return pages.size();
}

}  // namespace tmu::sample
