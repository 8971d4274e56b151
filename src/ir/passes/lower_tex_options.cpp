// SPDX-License-Identifier: MIT
// nir_lower_tex_options fields read from text (`tmu lower --option FIELD=VALUE`, the tests, the Mesa oracle).
#include <fmt/format.h>

#include <charconv>
#include <string>

#include "ir/passes/lower_tex.h"

namespace tmu::ir {
namespace {

struct BoolField {
  std::string_view name;
  bool LowerTexOptions::*member;
};
struct MaskField {
  std::string_view name;
  uint32_t LowerTexOptions::*member;
};

#define TMU_B(f) BoolField{#f, &LowerTexOptions::f}
#define TMU_M(f) MaskField{#f, &LowerTexOptions::f}
constexpr BoolField kBools[] = {
    TMU_B(lower_txp_array), TMU_B(lower_txf_offset), TMU_B(lower_rect_offset), TMU_B(lower_rect),
    TMU_B(lower_1d), TMU_B(lower_1d_shadow), TMU_B(lower_txd_cube_map), TMU_B(lower_txd_3d),
    TMU_B(lower_txd_array), TMU_B(lower_txd_shadow), TMU_B(lower_txd), TMU_B(lower_txd_clamp),
    TMU_B(lower_txb_shadow_clamp), TMU_B(lower_txd_shadow_clamp), TMU_B(lower_txd_offset_clamp),
    TMU_B(lower_txd_clamp_bindless_sampler), TMU_B(lower_txd_clamp_if_sampler_index_not_lt_16),
    TMU_B(lower_txs_lod), TMU_B(lower_txs_cube_array), TMU_B(lower_tg4_broadcom_swizzle),
    TMU_B(lower_tg4_offsets), TMU_B(lower_to_fragment_fetch_amd), TMU_B(lower_lod_zero_width),
    TMU_B(lower_sampler_lod_bias), TMU_B(lower_invalid_implicit_lod), TMU_B(lower_index_to_offset),
    TMU_B(lower_array_layer_round_even),
};
constexpr MaskField kMasks[] = {
    TMU_M(lower_txp), TMU_M(lower_y_uv_external), TMU_M(lower_y_vu_external), TMU_M(lower_y_u_v_external),
    TMU_M(lower_yx_xuxv_external), TMU_M(lower_yx_xvxu_external), TMU_M(lower_xy_uxvx_external),
    TMU_M(lower_xy_vxux_external), TMU_M(lower_ayuv_external), TMU_M(lower_xyuv_external),
    TMU_M(lower_yuv_external), TMU_M(lower_yu_yv_external), TMU_M(lower_yv_yu_external),
    TMU_M(lower_y41x_external), TMU_M(bt709_external), TMU_M(bt2020_external), TMU_M(yuv_full_range_external),
    TMU_M(lower_sx10_external), TMU_M(lower_sx12_external), TMU_M(saturate_s), TMU_M(saturate_t),
    TMU_M(saturate_r), TMU_M(swizzle_result), TMU_M(lower_srgb),
};
#undef TMU_B
#undef TMU_M

std::optional<uint64_t> parse_uint(std::string_view v) {
  uint64_t out = 0;
  int base = 10;
  if (v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
    v.remove_prefix(2);
    base = 16;
  }
  if (v.empty()) return std::nullopt;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out, base);
  if (ec != std::errc{} || p != v.data() + v.size()) return std::nullopt;
  return out;
}

std::optional<bool> parse_bool(std::string_view v) {
  if (v == "1" || v == "true") return true;
  if (v == "0" || v == "false") return false;
  return std::nullopt;
}

// FIELD[I] -> FIELD and I (0..31).
Result<std::pair<std::string_view, unsigned>> split_index(std::string_view field) {
  const auto open = field.find('[');
  if (open == std::string_view::npos || field.back() != ']')
    return make_error(fmt::format("'{}' needs an index: {}[N] with N 0-31", field, field));
  auto n = parse_uint(field.substr(open + 1, field.size() - open - 2));
  if (!n || *n > 31) return make_error(fmt::format("'{}': the index must be 0-31", field));
  return std::pair{field.substr(0, open), static_cast<unsigned>(*n)};
}

}  // namespace

Result<bool> set_option(LowerTexOptions& o, std::string_view field, std::string_view value) {
  for (const BoolField& f : kBools) {
    if (f.name != field) continue;
    auto b = parse_bool(value);
    if (!b) return make_error(fmt::format("{}={}: a boolean is 1 or 0", field, value));
    o.*f.member = *b;
    return true;
  }
  for (const MaskField& f : kMasks) {
    if (f.name != field) continue;
    auto m = parse_uint(value);
    if (!m || *m > 0xffffffffu)
      return make_error(fmt::format("{}={}: a mask is a 32-bit number, decimal or 0x hex", field, value));
    o.*f.member = static_cast<uint32_t>(*m);
    return true;
  }
  if (field == "lower_offset_filter") {
    constexpr std::pair<std::string_view, OffsetFilter> kFilters[] = {
        {"none", OffsetFilter::None}, {"always", OffsetFilter::Always}, {"never", OffsetFilter::Never},
        {"tg4", OffsetFilter::Tg4},   {"txf", OffsetFilter::Txf},       {"nonconst", OffsetFilter::NonConst},
        {"array", OffsetFilter::Array}};
    for (auto [n, f] : kFilters) {
      if (n != value) continue;
      o.lower_offset_filter = f;
      return true;
    }
    return make_error(fmt::format("lower_offset_filter={}: expected always, never, tg4, txf, nonconst or array", value));
  }
  if (field.starts_with("swizzles") || field.starts_with("scale_factors") || field.starts_with("lower_tex_packing")) {
    auto idx = split_index(field);
    if (!idx) return make_error(idx.error());
    const auto [name, i] = *idx;
    if (name == "swizzles") {
      std::array<uint8_t, 4> s{};
      unsigned k = 0;
      std::string_view rest = value;
      while (!rest.empty() && k < 5) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        // 0-3 a component, 4 zero, 5 one (nir_lower_tex_options::swizzles); or x, y, z, w, zero, one.
        constexpr std::string_view kNames[] = {"x", "y", "z", "w", "zero", "one"};
        int v = -1;
        if (item.size() == 1 && item[0] >= '0' && item[0] <= '5') v = item[0] - '0';
        for (int n = 0; n < 6; ++n)
          if (item == kNames[n]) v = n;
        if (v < 0 || k >= 4)
          return make_error(fmt::format("{}={}: four components, each 0-3 or x-w (a component), 4 or zero, 5 or one", field, value));
        s[k++] = static_cast<uint8_t>(v);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
      }
      if (k != 4) return make_error(fmt::format("{}={}: four components, e.g. 2,1,0,5", field, value));
      o.swizzles[i] = s;
      return true;
    }
    if (name == "scale_factors") {
      float f = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), f);
      if (ec != std::errc{} || p != value.data() + value.size())
        return make_error(fmt::format("{}={}: a decimal number", field, value));
      o.scale_factors[i] = f;
      return true;
    }
    if (name == "lower_tex_packing") {
      if (value == "none") o.lower_tex_packing[i] = TexPacking::None;
      else if (value == "16") o.lower_tex_packing[i] = TexPacking::Pack16;
      else if (value == "8") o.lower_tex_packing[i] = TexPacking::Pack8;
      else return make_error(fmt::format("{}={}: expected none, 16 or 8", field, value));
      return true;
    }
  }
  return make_error(fmt::format("'{}' is not a nir_lower_tex_options field (docs/ir.md lists them)", field));
}

Result<bool> set_compiler_option(CompilerOptions& c, std::string_view name, std::string_view value) {
  auto b = parse_bool(value);
  if (!b) return make_error(fmt::format("{}={}: a boolean is 1 or 0", name, value));
  if (name == "has_txs") c.has_txs = *b;
  else if (name == "has_texture_scaling") c.has_texture_scaling = *b;
  else return make_error(fmt::format("'{}' is not a compiler option lower_tex reads: has_txs, has_texture_scaling", name));
  return true;
}

}  // namespace tmu::ir
