// SPDX-License-Identifier: MIT
// The layout table, its compile-time checks, and FormatPlan construction.
#include "texunit/formats.h"

#include <fmt/format.h>

#include <array>
#include <string>

namespace tmu::texunit {
namespace {

using K = LayoutKind;

// Row helpers for format_table.inc.
constexpr LayoutInfo color(uint8_t code, std::string_view name, LayoutKind kind, uint8_t bytes, Field r,
                           Field g = {}, Field b = {}, Field a = {}) {
  return {code, name, kind, bytes, 1, 1, {r, g, b, a}, {}};
}
constexpr LayoutInfo multi(uint8_t code, std::string_view name, LayoutKind kind, uint8_t bytes,
                           uint8_t texels, Field r, Field g = {}, Field b = {}, Field a = {}) {
  return {code, name, kind, bytes, texels, 1, {r, g, b, a}, {}};
}
constexpr LayoutInfo shared_exponent(uint8_t code, std::string_view name, Field r, Field g, Field b,
                                     Field e) {
  return {code, name, K::SharedExponent, 4, 1, 1, {r, g, b, Field{}}, e};
}
constexpr LayoutInfo compressed(uint8_t code, std::string_view name, uint8_t width, uint8_t height,
                                uint8_t bytes) {
  return {code, name, K::Compressed, bytes, width, height, {}, {}};
}
constexpr LayoutInfo coverage(uint8_t code, std::string_view name, uint8_t bytes) {
  return {code, name, K::CoverageDepth, bytes, 1, 1, {}, {}};
}

constexpr std::array kLayouts = {
#include "texunit/format_table.inc"
};

constexpr unsigned kCodes = 128;  // COMPONENTS is 7 bits

// ---- compile-time checks of the table ----

constexpr bool codes_ascend_and_fit() {
  for (std::size_t i = 0; i < kLayouts.size(); ++i) {
    if (kLayouts[i].code >= kCodes) return false;
    if (i > 0 && kLayouts[i].code <= kLayouts[i - 1].code) return false;
  }
  return true;
}
static_assert(codes_ascend_and_fit(), "layout codes must be unique, ascending and below 128");

// Every field of every texel of a block: inside the block, inside one 32-bit word (the decoder reads words),
// at most 32 bits wide, and not overlapping another field of the same texel.
constexpr bool fields_are_sound(const LayoutInfo& l) {
  if (l.block_bytes == 0 || l.block_bytes > 16 || l.block_width == 0 || l.block_height == 0) return false;
  std::array<Field, 5> all{l.fields[0], l.fields[1], l.fields[2], l.fields[3], l.exponent};
  if (l.kind != K::SharedExponent && l.exponent.present()) return false;
  const bool has_fields = all[0].present() || all[1].present() || all[2].present() || all[3].present();
  if ((l.kind == K::Compressed || l.kind == K::CoverageDepth) == has_fields) return false;
  if (l.kind != K::Compressed && l.block_height != 1) return false;
  for (unsigned t = 0; t < l.block_width && has_fields; ++t) {
    std::array<unsigned, 4> used{};  // bit mask per 32-bit word
    for (const Field& f : all) {
      if (!f.present()) continue;
      if (f.step != 0 && l.block_width == 1) return false;
      const int signed_lo = f.offset + static_cast<int>(t) * f.step;
      if (signed_lo < 0) return false;
      const auto lo = static_cast<unsigned>(signed_lo);
      if (f.width > 32 || lo + f.width > l.block_bytes * 8u || lo % 32 + f.width > 32) return false;
      const unsigned mask = static_cast<unsigned>((uint64_t{1} << f.width) - 1) << (lo % 32);
      if (used[lo / 32] & mask) return false;
      used[lo / 32] |= mask;
    }
  }
  return true;
}
constexpr bool all_fields_sound() {
  for (const LayoutInfo& l : kLayouts)
    if (!fields_are_sound(l)) return false;
  return true;
}
static_assert(all_fields_sound(),
              "a layout row has a field outside its block, across a word, or overlapping");

constexpr std::array<int16_t, kCodes> make_index() {
  std::array<int16_t, kCodes> index{};
  for (auto& i : index)
    i = -1;
  for (std::size_t i = 0; i < kLayouts.size(); ++i)
    index[kLayouts[i].code] = static_cast<int16_t>(i);
  return index;
}
constexpr std::array<int16_t, kCodes> kIndex = make_index();

constexpr std::array<std::string_view, 4> kComponentNames{"R", "G", "B", "A"};

bool is_signed_normalized(DataType t) {
  return t == DataType::Snorm || t == DataType::SnormForceFp16;
}
bool is_integer(DataType t) {
  return t == DataType::Sint || t == DataType::Uint;
}
bool valid(DataType t) {
  return static_cast<uint8_t>(t) >= 1 && static_cast<uint8_t>(t) <= 7;
}
bool valid(Source s) {
  return static_cast<uint8_t>(s) <= 7 && static_cast<uint8_t>(s) != 1;
}

// Why `type` cannot describe field `f` of `layout`, or empty.
std::string check_type(const LayoutInfo& layout, unsigned component, DataType type) {
  const Field& f = layout.fields[component];
  const std::string_view c = kComponentNames[component];
  if (!valid(type)) return fmt::format("{}_DATA_TYPE {} is not a data type", c, static_cast<unsigned>(type));
  const bool special = layout.kind == K::PackedFloat || layout.kind == K::SharedExponent;
  if (special && type != DataType::Float)
    return fmt::format("{} holds floats: {}_DATA_TYPE must be FLOAT, not {}", layout.name, c,
                       data_type_name(type));
  if (is_signed_normalized(type) && f.width < 2)
    return fmt::format("{}_DATA_TYPE {}: a {}-bit field cannot be signed normalized", c, data_type_name(type),
                       f.width);
  if (type == DataType::Float && !special && f.width != 16 && f.width != 32)
    return fmt::format("{}_DATA_TYPE FLOAT: {} has no {}-bit float (FLOAT needs 16 or 32 bits)", c,
                       layout.name, f.width);
  return {};
}

}  // namespace

bool decodable(const LayoutInfo& layout) {
  return layout.kind != K::Compressed && layout.kind != K::CoverageDepth;
}

std::string_view layout_kind_name(LayoutKind kind) {
  switch (kind) {
    case K::Color:
      return "color";
    case K::PackedFloat:
      return "packed float";
    case K::SharedExponent:
      return "shared exponent";
    case K::Depth:
      return "depth";
    case K::DepthStencil:
      return "depth-stencil";
    case K::Video422:
      return "4:2:2 video";
    case K::Bitmap:
      return "bitmap";
    case K::Compressed:
      return "block-compressed";
    case K::CoverageDepth:
      return "coverage-sampled depth";
  }
  return "?";
}

std::string_view data_type_name(DataType type) {
  static constexpr std::array<std::string_view, 8> kNames{
      "?", "SNORM", "UNORM", "SINT", "UINT", "SNORM_FORCE_FP16", "UNORM_FORCE_FP16", "FLOAT"};
  const auto i = static_cast<uint8_t>(type);
  return i < kNames.size() ? kNames[i] : "?";
}

std::string_view source_name(Source source) {
  static constexpr std::array<std::string_view, 8> kNames{"ZERO", "?", "R",       "G",
                                                          "B",    "A", "ONE_INT", "ONE_FLOAT"};
  const auto i = static_cast<uint8_t>(source);
  return i < kNames.size() ? kNames[i] : "?";
}

const LayoutInfo* find_layout(uint32_t code) {
  if (code >= kCodes || kIndex[code] < 0) return nullptr;
  return &kLayouts[static_cast<std::size_t>(kIndex[code])];
}

std::span<const LayoutInfo> all_layouts() {
  return kLayouts;
}

Result<FormatPlan> FormatPlan::make(const FormatFields& fields) {
  const LayoutInfo* layout = find_layout(fields.components);
  if (layout == nullptr)
    return make_error(fmt::format("COMPONENTS 0x{:02x} is not a Maxwell texture layout", fields.components));
  if (layout->kind == K::Compressed)
    return make_error(fmt::format("COMPONENTS 0x{:02x} ({}) is a block-compressed layout: not supported",
                                  fields.components, layout->name));
  if (layout->kind == K::CoverageDepth)
    return make_error(
        fmt::format("COMPONENTS 0x{:02x} ({}) is a coverage-sampled (CSAA) depth layout: not supported",
                    fields.components, layout->name));
  FormatPlan plan;
  plan.layout_ = layout;
  plan.fields_ = fields;
  for (unsigned c = 0; c < 4; ++c) {
    if (!layout->fields[c].present()) continue;
    if (std::string why = check_type(*layout, c, fields.types[c]); !why.empty())
      return make_error(fmt::format("{}: {}", layout->name, why));
    if (fields.srgb && c < 3 && fields.types[c] == DataType::Unorm && layout->fields[c].width == 8)
      plan.srgb_mask_ = static_cast<uint8_t>(plan.srgb_mask_ | (1u << c));
  }
  for (unsigned lane = 0; lane < 4; ++lane) {
    const Source s = fields.swizzle[lane];
    if (!valid(s))
      return make_error(
          fmt::format("{}_SOURCE {} is not a component source", "XYZW"[lane], static_cast<unsigned>(s)));
    bool integer = s == Source::OneInt;
    if (s >= Source::R && s <= Source::A) {
      const unsigned c = static_cast<unsigned>(s) - static_cast<unsigned>(Source::R);
      integer = layout->fields[c].present() && is_integer(fields.types[c]);
    }
    if (integer) plan.integer_lanes_ = static_cast<uint8_t>(plan.integer_lanes_ | (1u << lane));
  }
  return plan;
}

}  // namespace tmu::texunit
