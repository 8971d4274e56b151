// SPDX-License-Identifier: MIT
// Texel formats of the Maxwell texture unit: one table of component layouts (format_table.inc), the
// per-component numeric types of the texture header applied generically (numeric.h), sRGB (srgb.h) and the
// header's component swizzle. A format is layout x numeric type, as in the hardware's texture header (TIC),
// not a list of formats.
//
// The texture header's format fields (NVIDIA open-gpu-kernel-modules, clb097tex.h, NVB097_TEXHEAD_BL_*; the
// same bits in every header version):
//   6:0    COMPONENTS        the layout code (LayoutInfo::code)
//   9:7    R_DATA_TYPE   1 SNORM, 2 UNORM, 3 SINT, 4 UINT, 5 SNORM_FORCE_FP16, 6 UNORM_FORCE_FP16, 7 FLOAT
//   12:10  G_DATA_TYPE,  15:13 B_DATA_TYPE, 18:16 A_DATA_TYPE
//   21:19  X_SOURCE      0 ZERO, 2 R, 3 G, 4 B, 5 A, 6 ONE_INT, 7 ONE_FLOAT (1 is not defined)
//   24:22  Y_SOURCE,     27:25 Z_SOURCE, 30:28 W_SOURCE
//   150    S_R_G_B_CONVERSION
// Those bits are read by the texture-header decoder, which fills a FormatFields and builds a FormatPlan once
// per header; this module never sees the header itself.
//
// Layout naming (NVIDIA's): a name without underscores lists components from the most significant bit down,
// so A8B8G8R8 has R in bits 7:0 and A in bits 31:24; underscores separate 32-bit-aligned parts in memory
// order, so R32_G32 has R in bytes 0-3. Texels are little endian. Component fields are given in the
// hardware's R, G, B, A order, the order the header's data types and swizzle sources use.
//
// Decoded texels are four 32-bit register values (Texel): fp32 bits for UNORM, SNORM, FLOAT and their
// FORCE_FP16 forms, two's-complement integers for SINT and UINT. Components a layout lacks read as 0 (integer
// 0, which is also +0.0f). That value is a choice: NVIDIA's drivers always route missing components to ZERO
// or ONE_* sources (Mesa nil_format.c), so no known software reads them.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/result.h"

namespace tmu::texunit {

// The header's R/G/B/A_DATA_TYPE codes. 0 is not defined.
enum class DataType : uint8_t {
  Snorm = 1,
  Unorm = 2,
  Sint = 3,
  Uint = 4,
  SnormForceFp16 = 5,
  UnormForceFp16 = 6,
  Float = 7,
};

// The header's X/Y/Z/W_SOURCE codes. 1 is not defined.
enum class Source : uint8_t {
  Zero = 0,
  R = 2,
  G = 3,
  B = 4,
  A = 5,
  OneInt = 6,    // integer 1 (0x00000001)
  OneFloat = 7,  // 1.0f (0x3f800000)
};

// What a layout holds. Decoding is generic for every decodable kind; the kind names the special encodings and
// tells later stages what the components mean.
enum class LayoutKind : uint8_t {
  Color,           // plain fields, any data type
  PackedFloat,     // BF10GF11RF11: unsigned 11/11/10-bit floats; needs FLOAT data types
  SharedExponent,  // E5B9G9R9: three 9-bit mantissas and a shared 5-bit exponent; needs FLOAT
  Depth,           // depth only (Z16, X8Z24, ZF32): depth in R
  DepthStencil,    // depth and stencil (Z24S8, S8Z24, ZF32_X24S8): see the rows for which is R and which G
  Video422,        // G8B8G8R8, B8G8R8G8: two texels share R and B, each has its own G
  Bitmap,          // R1: eight 1-bit texels per byte
  Compressed,      // block-compressed (DXT, DXN, BC6H, BC7, ETC2, EAC, ASTC): recognised, not decoded
  CoverageDepth,   // CSAA depth layouts (…__COV*): recognised, not decoded
};

// A component's bit field within a block. A block holds block_width texels; texel t of the block finds the
// component at bit offset + t * step (step is 0 unless the block holds several texels; R1's is -1).
struct Field {
  uint8_t offset = 0;
  uint8_t width = 0;  // 0: the layout has no such component
  int8_t step = 0;
  constexpr bool present() const { return width != 0; }
};

struct LayoutInfo {
  uint8_t code = 0;  // COMPONENTS
  std::string_view name;
  LayoutKind kind = LayoutKind::Color;
  uint8_t block_bytes = 0;        // bytes of one block (one texel when block_width == block_height == 1)
  uint8_t block_width = 1;        // texels per block along x
  uint8_t block_height = 1;       // texels per block along y (compressed layouts)
  std::array<Field, 4> fields{};  // R, G, B, A
  Field exponent{};               // SharedExponent only
};

// Whether texels of this layout can be decoded (every kind but Compressed and CoverageDepth).
bool decodable(const LayoutInfo& layout);
std::string_view layout_kind_name(LayoutKind kind);
std::string_view data_type_name(DataType type);  // "UNORM", ..., or "?" for undefined codes
std::string_view source_name(Source source);     // "ZERO", "R", ..., or "?"

// The layout with that COMPONENTS code, or nullptr for codes Maxwell does not define.
const LayoutInfo* find_layout(uint32_t code);
// Every layout, in code order.
std::span<const LayoutInfo> all_layouts();

// The texture header's format fields, as the header holds them.
struct FormatFields {
  uint32_t components = 0;
  std::array<DataType, 4> types{DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
  std::array<Source, 4> swizzle{Source::R, Source::G, Source::B, Source::A};
  bool srgb = false;
};

// A header's format, checked and prepared once ("plan"): immutable, cheap to copy, used for every texel.
class FormatPlan {
 public:
  // Refuses (with a message) undefined COMPONENTS codes, block-compressed and CSAA layouts, undefined
  // data-type or swizzle codes, and data types a component cannot have: SNORM on 1-bit fields, FLOAT on
  // widths other than 16 and 32 (11 and 10 in BF10GF11RF11), anything but FLOAT in BF10GF11RF11 and E5B9G9R9.
  // Data types of components the layout lacks are not checked.
  static Result<FormatPlan> make(const FormatFields& fields);

  const LayoutInfo& layout() const { return *layout_; }
  const FormatFields& fields() const { return fields_; }
  DataType type(unsigned component) const { return fields_.types[component]; }
  // Whether component (0 R .. 3 A) is sRGB-decoded: S_R_G_B_CONVERSION set, R, G or B, UNORM, 8 bits wide.
  bool srgb_applies(unsigned component) const { return (srgb_mask_ >> component) & 1u; }
  // Whether output lane (0 X .. 3 W, after the swizzle) holds an integer (SINT, UINT or ONE_INT) rather than
  // fp32 bits. ZERO counts as float (its bits are both).
  bool lane_is_integer(unsigned lane) const { return (integer_lanes_ >> lane) & 1u; }

 private:
  FormatPlan() = default;
  const LayoutInfo* layout_ = nullptr;
  FormatFields fields_{};
  uint8_t srgb_mask_ = 0;
  uint8_t integer_lanes_ = 0;
};

// Four 32-bit register values: X, Y, Z, W after the swizzle (R, G, B, A before it).
struct Texel {
  std::array<uint32_t, 4> bits{};

  float f(unsigned i) const { return std::bit_cast<float>(bits[i]); }
  std::array<float, 4> floats() const { return {f(0), f(1), f(2), f(3)}; }  // the view filtering uses
  int32_t i(unsigned lane) const { return static_cast<int32_t>(bits[lane]); }
  static Texel from_floats(float r, float g, float b, float a) {
    return {{std::bit_cast<uint32_t>(r), std::bit_cast<uint32_t>(g), std::bit_cast<uint32_t>(b),
             std::bit_cast<uint32_t>(a)}};
  }
  static Texel from_ints(int32_t r, int32_t g, int32_t b, int32_t a) {
    return {{static_cast<uint32_t>(r), static_cast<uint32_t>(g), static_cast<uint32_t>(b),
             static_cast<uint32_t>(a)}};
  }
  bool operator==(const Texel&) const = default;
};

// Decoding, from the raw bytes of one block (little endian, at least layout().block_bytes of them);
// texel_in_block selects the texel of a multi-texel block (R1, G8B8G8R8, B8G8R8G8), 0 otherwise. Pure
// functions.
//
// decode_components gives R, G, B, A before the swizzle; apply_swizzle routes them to X, Y, Z, W;
// decode_texel does both.
Texel decode_components(const FormatPlan& plan, std::span<const std::byte> block,
                        unsigned texel_in_block = 0);
Texel apply_swizzle(const FormatPlan& plan, const Texel& rgba);
Texel decode_texel(const FormatPlan& plan, std::span<const std::byte> block, unsigned texel_in_block = 0);
// For formats whose R, G, B and A are all 8- or 16-bit UNORM: each component as a 16-bit fixed-point value (an
// 8-bit code times 257, a 16-bit code itself), what the fixed-point filter takes from decode_components' floats.
std::array<uint32_t, 4> decode_unorm16(const FormatPlan& plan, std::span<const std::byte> block,
                                       unsigned texel_in_block = 0);
// R, G, B, A as the raw bits of their fields (0 for absent components), before any decoding.
std::array<uint32_t, 4> component_fields(const FormatPlan& plan, std::span<const std::byte> block,
                                         unsigned texel_in_block = 0);

// Encoding: the inverse of decode_components. `rgba` holds R, G, B, A register values in the representation
// decoding produces (fp32 bits for normalized and float components, integers for SINT and UINT); the swizzle
// is not involved. Writes exactly the bits of the texel's fields into `block` (read-modify-write, so the
// texels of a shared block can be encoded one after another; start from zeroed bytes), at least
// layout().block_bytes. Rounding and saturation are those of numeric.h (UNORM/SNORM round to nearest even);
// sRGB components go through linear_to_srgb8; E5B9G9R9 uses the OpenGL shared-exponent algorithm. FORCE_FP16
// types encode like their plain forms. Components absent from the layout are ignored.
void encode_texel(const FormatPlan& plan, const Texel& rgba, std::span<std::byte> block,
                  unsigned texel_in_block = 0);

}  // namespace tmu::texunit
