// SPDX-License-Identifier: MIT
// Texel decoding and encoding: the layout table gives where each component is, the plan its numeric type; the
// conversions are those of numeric.h and srgb.h. No code here depends on a particular layout.
#include <algorithm>
#include <cassert>

#include "common/bits.h"
#include "texunit/formats.h"
#include "texunit/numeric.h"
#include "texunit/srgb.h"

namespace tmu::texunit {
namespace {

// A block as little-endian 32-bit words (every field lies inside one word; formats.cpp checks it).
using Words = std::array<uint32_t, 4>;

Words load(const LayoutInfo& layout, std::span<const std::byte> block) {
  assert(block.size() >= layout.block_bytes);
  Words w{};
  const std::size_t n = std::min<std::size_t>(block.size(), layout.block_bytes);
  for (std::size_t i = 0; i < n; ++i)
    w[i / 4] |= static_cast<uint32_t>(std::to_integer<uint8_t>(block[i])) << (8 * (i % 4));
  return w;
}

void store(const LayoutInfo& layout, const Words& w, std::span<std::byte> block) {
  assert(block.size() >= layout.block_bytes);
  const std::size_t n = std::min<std::size_t>(block.size(), layout.block_bytes);
  for (std::size_t i = 0; i < n; ++i)
    block[i] = static_cast<std::byte>((w[i / 4] >> (8 * (i % 4))) & 0xff);
}

uint32_t get(const Words& w, unsigned lo, unsigned width) {
  return static_cast<uint32_t>(extract_bits(w[lo / 32], lo % 32, width));
}

void put(Words& w, unsigned lo, unsigned width, uint32_t value) {
  w[lo / 32] = static_cast<uint32_t>(insert_bits(w[lo / 32], lo % 32, width, value));
}

unsigned field_offset(const Field& f, unsigned texel_in_block) {
  return static_cast<unsigned>(f.offset + static_cast<int>(texel_in_block) * f.step);
}

uint32_t fp32(float v) {
  return std::bit_cast<uint32_t>(v);
}

uint32_t decode_component(const FormatPlan& plan, unsigned c, uint32_t field) {
  const unsigned n = plan.layout().fields[c].width;
  switch (plan.type(c)) {
    case DataType::Unorm:
      return fp32(plan.srgb_applies(c) ? srgb8_to_linear(static_cast<uint8_t>(field))
                                       : unorm_to_float(field, n));
    case DataType::UnormForceFp16:
      return fp32(unorm_to_float(field, n, Precision::Fp16));
    case DataType::Snorm:
      return fp32(snorm_to_float(field, n));
    case DataType::SnormForceFp16:
      return fp32(snorm_to_float(field, n, Precision::Fp16));
    case DataType::Sint:
      return sint_to_register(field, n);
    case DataType::Uint:
      return uint_to_register(field, n);
    case DataType::Float:
      return float_field_to_fp32_bits(field, n);
  }
  return 0;  // unreachable: FormatPlan::make refuses other codes
}

uint32_t encode_component(const FormatPlan& plan, unsigned c, uint32_t value) {
  const unsigned n = plan.layout().fields[c].width;
  const float f = std::bit_cast<float>(value);
  switch (plan.type(c)) {
    case DataType::Unorm:
    case DataType::UnormForceFp16:
      return plan.srgb_applies(c) ? linear_to_srgb8(f) : float_to_unorm(f, n);
    case DataType::Snorm:
    case DataType::SnormForceFp16:
      return float_to_snorm(f, n);
    case DataType::Sint:
      return int_to_sint_field(static_cast<int32_t>(value), n);
    case DataType::Uint:
      return uint_to_uint_field(value, n);
    case DataType::Float:
      return fp32_bits_to_float_field(value, n);
  }
  return 0;
}

}  // namespace

Texel decode_components(const FormatPlan& plan, std::span<const std::byte> block, unsigned texel_in_block) {
  const LayoutInfo& layout = plan.layout();
  assert(texel_in_block < layout.block_width);
  const Words w = load(layout, block);
  Texel out;
  if (layout.kind == LayoutKind::SharedExponent) {
    const uint32_t e = get(w, layout.exponent.offset, layout.exponent.width);
    for (unsigned c = 0; c < 3; ++c)
      out.bits[c] =
          fp32(shared_exponent_to_float(get(w, layout.fields[c].offset, layout.fields[c].width), e));
    return out;
  }
  for (unsigned c = 0; c < 4; ++c) {
    const Field& f = layout.fields[c];
    if (f.present())
      out.bits[c] = decode_component(plan, c, get(w, field_offset(f, texel_in_block), f.width));
  }
  return out;
}

std::array<uint32_t, 4> decode_unorm16(const FormatPlan& plan, std::span<const std::byte> block,
                                       unsigned texel_in_block) {
  const LayoutInfo& layout = plan.layout();
  std::array<uint32_t, 4> out{};
  for (unsigned c = 0; c < 4; ++c) {
    const Field& f = layout.fields[c];
    const unsigned at = field_offset(f, texel_in_block);
    uint32_t v;
    if (at % 8 == 0) {  // whole bytes, little endian (every such layout in the table)
      const auto byte = [&](unsigned i) { return std::to_integer<uint32_t>(block[at / 8 + i]); };
      v = f.width == 8 ? byte(0) : byte(0) | byte(1) << 8;
    } else {
      v = get(load(layout, block), at, f.width);
    }
    out[c] = f.width == 8 ? v * 257 : v;
  }
  return out;
}

std::array<uint32_t, 4> component_fields(const FormatPlan& plan, std::span<const std::byte> block,
                                         unsigned texel_in_block) {
  const LayoutInfo& layout = plan.layout();
  std::array<uint32_t, 4> out{};
  if (layout.kind == LayoutKind::SharedExponent) return out;
  const Words w = load(layout, block);
  for (unsigned c = 0; c < 4; ++c) {
    const Field& f = layout.fields[c];
    if (f.present()) out[c] = get(w, field_offset(f, texel_in_block), f.width);
  }
  return out;
}

Texel apply_swizzle(const FormatPlan& plan, const Texel& rgba) {
  Texel out;
  for (unsigned lane = 0; lane < 4; ++lane) {
    const Source s = plan.fields().swizzle[lane];
    if (s >= Source::R && s <= Source::A) {
      out.bits[lane] = rgba.bits[static_cast<unsigned>(s) - static_cast<unsigned>(Source::R)];
    } else if (s == Source::OneInt) {
      out.bits[lane] = 1;
    } else if (s == Source::OneFloat) {
      out.bits[lane] = 0x3f800000u;
    }  // Zero: 0
  }
  return out;
}

Texel decode_texel(const FormatPlan& plan, std::span<const std::byte> block, unsigned texel_in_block) {
  return apply_swizzle(plan, decode_components(plan, block, texel_in_block));
}

void encode_texel(const FormatPlan& plan, const Texel& rgba, std::span<std::byte> block,
                  unsigned texel_in_block) {
  const LayoutInfo& layout = plan.layout();
  assert(texel_in_block < layout.block_width);
  Words w = load(layout, block);
  if (layout.kind == LayoutKind::SharedExponent) {
    const std::array<uint32_t, 4> m = encode_shared_exponent(rgba.f(0), rgba.f(1), rgba.f(2));
    for (unsigned c = 0; c < 3; ++c)
      put(w, layout.fields[c].offset, layout.fields[c].width, m[c]);
    put(w, layout.exponent.offset, layout.exponent.width, m[3]);
  } else {
    for (unsigned c = 0; c < 4; ++c) {
      const Field& f = layout.fields[c];
      if (f.present())
        put(w, field_offset(f, texel_in_block), f.width, encode_component(plan, c, rgba.bits[c]));
    }
  }
  store(layout, w, block);
}

}  // namespace tmu::texunit
