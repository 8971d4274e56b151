// SPDX-License-Identifier: MIT
// TIC and TSC field tables. Each row: the bit span within the 256-bit descriptor, the header versions that have
// the field, and how it maps to the decoded struct. Decoding, encoding and validation walk the same rows.
#include "texunit/descriptors.h"

#include <fmt/format.h>

#include <type_traits>

namespace tmu::texunit {
namespace {

uint32_t get_bits(std::span<const uint32_t, 8> w, unsigned lo, unsigned width) {
  uint64_t v = 0;
  for (unsigned i = 0; i < width; ++i) {
    const unsigned b = lo + i;
    v |= uint64_t{(w[b / 32] >> (b % 32)) & 1u} << i;
  }
  return static_cast<uint32_t>(v);
}

void put_bits(std::array<uint32_t, 8>& w, unsigned lo, unsigned width, uint32_t v) {
  for (unsigned i = 0; i < width; ++i) {
    const unsigned b = lo + i;
    const uint32_t bit = 1u << (b % 32);
    if ((v >> i) & 1u) w[b / 32] |= bit;
    else w[b / 32] &= ~bit;
  }
}

// Header versions, as a mask.
constexpr uint8_t kBL = 1 << 3 | 1 << 4, kPitch = 1 << 1 | 1 << 2, k1D = 1 << 0, kAll = 0x1f, kNot1D = kBL | kPitch;

template <typename T>
struct Row {
  const char* name;
  uint16_t lo;
  uint8_t width;
  uint8_t versions;  // header versions having the field (samplers: kAll)
  uint32_t (*get)(const T&);
  void (*set)(T&, uint32_t);
  bool (*valid)(uint32_t);
};

bool data_type_ok(uint32_t v) { return v >= 1 && v <= 7; }
bool source_ok(uint32_t v) { return v != 1; }
bool texture_type_ok(uint32_t v) { return v <= 8; }
bool version_ok(uint32_t v) { return v <= 4; }
bool nonzero(uint32_t v) { return v != 0; }

#define F(name, lo, width, versions, member, valid)                                                     \
  Row<TextureHeader> {                                                                                  \
    #name, lo, width, versions, [](const TextureHeader& h) { return static_cast<uint32_t>(h.member); }, \
        [](TextureHeader& h, uint32_t v) { h.member = static_cast<std::remove_cvref_t<decltype(h.member)>>(v); }, valid      \
  }
#define F1(name, lo, width, versions, member)                                                                  \
  Row<TextureHeader> {                                                                                         \
    #name, lo, width, versions, [](const TextureHeader& h) { return static_cast<uint32_t>(h.member - 1); },    \
        [](TextureHeader& h, uint32_t v) { h.member = static_cast<std::remove_cvref_t<decltype(h.member)>>(v + 1); }, nullptr        \
  }

// NVB097_TEXHEAD_BL / _PITCH / _1D (clb097tex.h); bit numbers are MW() positions.
const Row<TextureHeader> kHeaderRows[] = {
    F(COMPONENTS, 0, 7, kAll, components, nonzero),
    F(R_DATA_TYPE, 7, 3, kAll, types[0], data_type_ok),
    F(G_DATA_TYPE, 10, 3, kAll, types[1], data_type_ok),
    F(B_DATA_TYPE, 13, 3, kAll, types[2], data_type_ok),
    F(A_DATA_TYPE, 16, 3, kAll, types[3], data_type_ok),
    F(X_SOURCE, 19, 3, kAll, swizzle[0], source_ok),
    F(Y_SOURCE, 22, 3, kAll, swizzle[1], source_ok),
    F(Z_SOURCE, 25, 3, kAll, swizzle[2], source_ok),
    F(W_SOURCE, 28, 3, kAll, swizzle[3], source_ok),
    F(PACK_COMPONENTS, 31, 1, kAll, pack_components, nullptr),
    F(GOB_DEPTH_OFFSET, 37, 2, kBL, gob_depth_offset, nullptr),
    Row<TextureHeader>{"ADDRESS_BITS31TO9", 41, 23, kBL,
                       [](const TextureHeader& h) { return static_cast<uint32_t>(h.address >> 9) & 0x7fffff; },
                       [](TextureHeader& h, uint32_t v) { h.address = (h.address & ~uint64_t{0xffffffff}) | uint64_t{v} << 9; },
                       nullptr},
    Row<TextureHeader>{"ADDRESS_BITS31TO5", 37, 27, kPitch,
                       [](const TextureHeader& h) { return static_cast<uint32_t>(h.address >> 5) & 0x7ffffff; },
                       [](TextureHeader& h, uint32_t v) { h.address = (h.address & ~uint64_t{0xffffffff}) | uint64_t{v} << 5; },
                       nullptr},
    Row<TextureHeader>{"ADDRESS_BITS31TO0", 32, 32, k1D,
                       [](const TextureHeader& h) { return static_cast<uint32_t>(h.address); },
                       [](TextureHeader& h, uint32_t v) { h.address = (h.address & ~uint64_t{0xffffffff}) | v; }, nullptr},
    Row<TextureHeader>{"ADDRESS_BITS47TO32", 64, 16, kAll,
                       [](const TextureHeader& h) { return static_cast<uint32_t>(h.address >> 32) & 0xffff; },
                       [](TextureHeader& h, uint32_t v) { h.address = (h.address & 0xffffffff) | uint64_t{v} << 32; },
                       nullptr},
    F(HEADER_VERSION, 85, 3, kAll, version, version_ok),
    F(GOBS_PER_BLOCK_HEIGHT, 99, 3, kBL, block_height_log2, nullptr),
    F(GOBS_PER_BLOCK_DEPTH, 102, 3, kBL, block_depth_log2, nullptr),
    F(SPARSE_ENABLE, 105, 1, kBL, sparse, nullptr),
    F(TILE_WIDTH_IN_GOBS, 106, 3, kBL, tile_width_gobs_log2, nullptr),
    F(GOB3D, 109, 1, kBL, gob3d, nullptr),
    F(USE_ARRAY_TILE_ALIGNMENT, 110, 1, kBL, array_tile_alignment, nullptr),
    Row<TextureHeader>{"PITCH_BITS20TO5", 96, 16, kPitch, [](const TextureHeader& h) { return (h.pitch >> 5) & 0xffff; },
                       [](TextureHeader& h, uint32_t v) { h.pitch = v << 5; }, nullptr},
    F(LOD_ANISO_QUALITY2, 112, 1, kNot1D, lod_aniso_quality2, nullptr),
    F(LOD_ANISO_QUALITY, 113, 1, kNot1D, lod_aniso_quality, nullptr),
    F(LOD_ISO_QUALITY, 114, 1, kNot1D, lod_iso_quality, nullptr),
    F(ANISO_COARSE_SPREAD_MODIFIER, 115, 2, kNot1D, aniso_coarse_spread_modifier, nullptr),
    F(ANISO_SPREAD_SCALE, 117, 5, kNot1D, aniso_spread_scale, nullptr),
    F(USE_HEADER_OPT_CONTROL, 122, 1, kNot1D, use_header_opt_control, nullptr),
    F(DEPTH_TEXTURE, 123, 1, kNot1D, depth_texture, nullptr),
    F(MAX_MIP_LEVEL, 124, 4, kNot1D, max_mip_level, nullptr),
    F1(WIDTH_MINUS_ONE, 128, 16, kNot1D, width),
    // 1D buffers: a 32-bit width split over two fields.
    Row<TextureHeader>{"WIDTH_MINUS_ONE_BITS15TO0", 128, 16, k1D,
                       [](const TextureHeader& h) { return (h.width - 1) & 0xffff; },
                       [](TextureHeader& h, uint32_t v) { h.width = ((h.width - 1) & 0xffff0000u) + v + 1; }, nullptr},
    Row<TextureHeader>{"WIDTH_MINUS_ONE_BITS31TO16", 96, 16, k1D,
                       [](const TextureHeader& h) { return (h.width - 1) >> 16; },
                       [](TextureHeader& h, uint32_t v) { h.width = (((h.width - 1) & 0xffffu) | v << 16) + 1; }, nullptr},
    F(ANISO_SPREAD_MAX_LOG2, 147, 3, kNot1D, aniso_spread_max_log2, nullptr),
    F(S_R_G_B_CONVERSION, 150, 1, kAll, srgb, nullptr),
    F(TEXTURE_TYPE, 151, 4, kAll, type, texture_type_ok),
    F(SECTOR_PROMOTION, 155, 2, kAll, sector_promotion, nullptr),
    F(BORDER_SIZE, 157, 3, kNot1D, border_size, nullptr),
    F1(HEIGHT_MINUS_ONE, 160, 16, kNot1D, height),
    F1(DEPTH_MINUS_ONE, 176, 14, kNot1D, depth),
    F(NORMALIZED_COORDS, 191, 1, kNot1D, normalized_coords, nullptr),
    F(TRILIN_OPT, 193, 5, kNot1D, trilin_opt, nullptr),
    Row<TextureHeader>{"MIP_LOD_BIAS", 198, 13, kNot1D, [](const TextureHeader& h) { return static_cast<uint32_t>(h.mip_lod_bias) & 0x1fff; },
                       [](TextureHeader& h, uint32_t v) { h.mip_lod_bias = static_cast<int32_t>(v << 19) >> 19; }, nullptr},
    F(ANISO_BIAS, 211, 4, kNot1D, aniso_bias, nullptr),
    F(ANISO_FINE_SPREAD_FUNC, 215, 2, kNot1D, aniso_fine_spread_func, nullptr),
    F(ANISO_COARSE_SPREAD_FUNC, 217, 2, kNot1D, aniso_coarse_spread_func, nullptr),
    F(MAX_ANISOTROPY, 219, 3, kNot1D, max_anisotropy, nullptr),
    F(ANISO_FINE_SPREAD_MODIFIER, 222, 2, kNot1D, aniso_fine_spread_modifier, nullptr),
    F(RES_VIEW_MIN_MIP_LEVEL, 224, 4, kBL, view_min_level, nullptr),
    F(RES_VIEW_MAX_MIP_LEVEL, 228, 4, kBL, view_max_level, nullptr),
    F(MULTI_SAMPLE_COUNT, 232, 4, kBL, multisample, nullptr),
    F(MIN_LOD_CLAMP, 236, 12, kBL, min_lod_clamp, nullptr),
};
#undef F
#undef F1

#define S(name, lo, width, member, valid)                                                           \
  Row<Sampler> {                                                                                    \
    #name, lo, width, kAll, [](const Sampler& s) { return static_cast<uint32_t>(s.member); },       \
        [](Sampler& s, uint32_t v) { s.member = static_cast<std::remove_cvref_t<decltype(s.member)>>(v); }, valid         \
  }

bool mag_ok(uint32_t v) { return v >= 1 && v <= 4; }
bool min_ok(uint32_t v) { return v >= 1 && v <= 3; }
bool reduction_ok(uint32_t v) { return v <= 2; }

// NVB097_TEXSAMP0..7 (clb097tex.h; word 0 bits 19:14 are reserved). REDUCTION at word 1 bits 11:10 is not in
// that header; envytools and yuzu document it for GM204 and later.
const Row<Sampler> kSamplerRows[] = {
    S(ADDRESS_U, 0, 3, address[0], nullptr),
    S(ADDRESS_V, 3, 3, address[1], nullptr),
    S(ADDRESS_P, 6, 3, address[2], nullptr),
    S(DEPTH_COMPARE, 9, 1, depth_compare, nullptr),
    S(DEPTH_COMPARE_FUNC, 10, 3, compare, nullptr),
    S(S_R_G_B_CONVERSION, 13, 1, srgb_conversion, nullptr),
    S(MAX_ANISOTROPY, 20, 3, max_anisotropy, nullptr),
    S(MAG_FILTER, 32, 3, mag, mag_ok),
    S(MIN_LOD_CLAMP_BEHAVIOR_FOR_NEAREST_MIP, 35, 1, min_lod_clamp_integer_only, nullptr),
    S(MIN_FILTER, 36, 2, min, min_ok),
    S(MIP_FILTER, 38, 2, mip, min_ok),
    S(CUBEMAP_INTERFACE_FILTERING, 40, 2, cube_interface, nullptr),
    S(REDUCTION, 42, 2, reduction, reduction_ok),
    Row<Sampler>{"MIP_LOD_BIAS", 44, 13, kAll, [](const Sampler& s) { return static_cast<uint32_t>(s.mip_lod_bias) & 0x1fff; },
                 [](Sampler& s, uint32_t v) { s.mip_lod_bias = static_cast<int32_t>(v << 19) >> 19; }, nullptr},
    S(FLOAT_COORD_NORMALIZATION, 57, 1, force_unnormalized, nullptr),
    S(TRILIN_OPT, 58, 5, trilin_opt, nullptr),
    S(MIN_LOD_CLAMP, 64, 12, min_lod_clamp, nullptr),
    S(MAX_LOD_CLAMP, 76, 12, max_lod_clamp, nullptr),
    S(S_R_G_B_BORDER_COLOR_R, 88, 8, srgb_border[0], nullptr),
    S(S_R_G_B_BORDER_COLOR_G, 108, 8, srgb_border[1], nullptr),
    S(S_R_G_B_BORDER_COLOR_B, 116, 8, srgb_border[2], nullptr),
    S(BORDER_COLOR_R, 128, 32, border[0], nullptr),
    S(BORDER_COLOR_G, 160, 32, border[1], nullptr),
    S(BORDER_COLOR_B, 192, 32, border[2], nullptr),
    S(BORDER_COLOR_A, 224, 32, border[3], nullptr),
};
#undef S

template <typename T, std::size_t N>
Result<T> decode_rows(const Row<T> (&rows)[N], std::span<const uint32_t, 8> w, uint8_t version_bit, const char* what) {
  T out{};
  for (const Row<T>& r : rows) {
    if (!(r.versions & version_bit)) continue;
    const uint32_t v = get_bits(w, r.lo, r.width);
    if (r.valid && !r.valid(v))
      return make_error(fmt::format("{} field {} (bits {}..{}) holds undefined value {}", what, r.name, r.lo,
                                    r.lo + r.width - 1, v));
    r.set(out, v);
  }
  return out;
}

template <typename T, std::size_t N>
std::array<uint32_t, 8> encode_rows(const Row<T> (&rows)[N], const T& in, uint8_t version_bit) {
  std::array<uint32_t, 8> w{};
  for (const Row<T>& r : rows)
    if (r.versions & version_bit) put_bits(w, r.lo, r.width, r.get(in));
  return w;
}

}  // namespace

Result<TextureHeader> decode_header(std::span<const uint32_t, 8> words) {
  const uint32_t version = get_bits(words, 85, 3);
  if (!version_ok(version)) return make_error(fmt::format("texture header field HEADER_VERSION (bits 85..87) holds undefined value {}", version));
  auto h = decode_rows(kHeaderRows, words, static_cast<uint8_t>(1u << version), "texture header");
  if (h && h->version == HeaderVersion::Buffer1D) {
    h->type = TextureType::Buffer1D;
    h->normalized_coords = false;
  }
  return h;
}

Result<Sampler> decode_sampler(std::span<const uint32_t, 8> words) { return decode_rows(kSamplerRows, words, kAll, "sampler"); }

std::array<uint32_t, 8> encode_header(const TextureHeader& h) {
  return encode_rows(kHeaderRows, h, static_cast<uint8_t>(1u << static_cast<unsigned>(h.version)));
}

std::array<uint32_t, 8> encode_sampler(const Sampler& s) { return encode_rows(kSamplerRows, s, kAll); }

}  // namespace tmu::texunit
