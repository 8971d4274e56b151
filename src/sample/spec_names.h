// SPDX-License-Identifier: MIT
// The names a `tmu sample` spec gives texture types and sampler (TSC) values (docs/texunit.md, "tmu sample"): the
// spec reader reads them, and the Python module (python/) writes decoded descriptors with them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "texunit/descriptors.h"

namespace tmu::sample {

// A name for an enumerated value in the spec.
template <typename T>
struct Named {
  std::string_view name;
  T value;
};

// The texture header's and the sampler's enumerations (texunit/descriptors.h).
using texunit::AddressMode;
using texunit::CompareFunc;
using texunit::MagFilter;
using texunit::MinFilter;
using texunit::MipFilter;
using texunit::Reduction;
using texunit::TextureType;

// The name of `value` in `names`, or nullopt.
template <typename T>
std::optional<std::string_view> name_of(std::span<const Named<T>> names, T value) {
  for (const auto& n : names)
    if (n.value == value) return n.name;
  return std::nullopt;
}

inline constexpr Named<TextureType> kTypes[] = {
    {"1d", TextureType::Tex1D},         {"2d", TextureType::Tex2D},           {"3d", TextureType::Tex3D},
    {"cube", TextureType::Cube},        {"1d_array", TextureType::Array1D},   {"2d_array", TextureType::Array2D},
    {"cube_array", TextureType::ArrayCube},
};
// TSC ADDRESS_U/V/P, DEPTH_COMPARE_FUNC, MAG/MIN/MIP_FILTER, CUBEMAP_INTERFACE_FILTERING, REDUCTION and
// FLOAT_COORD_NORMALIZATION values (clb097tex.h names, lower case).
inline constexpr Named<AddressMode> kAddressModes[] = {
    {"wrap", AddressMode::Wrap},
    {"mirror", AddressMode::Mirror},
    {"clamp_to_edge", AddressMode::ClampToEdge},
    {"border", AddressMode::Border},
    {"clamp_ogl", AddressMode::ClampOgl},
    {"mirror_once_clamp_to_edge", AddressMode::MirrorOnceClampToEdge},
    {"mirror_once_border", AddressMode::MirrorOnceBorder},
    {"mirror_once_clamp_ogl", AddressMode::MirrorOnceClampOgl},
};
inline constexpr Named<CompareFunc> kCompareFuncs[] = {
    {"never", CompareFunc::Never},     {"less", CompareFunc::Less},
    {"equal", CompareFunc::Equal},     {"less_equal", CompareFunc::LessEqual},
    {"greater", CompareFunc::Greater}, {"not_equal", CompareFunc::NotEqual},
    {"greater_equal", CompareFunc::GreaterEqual}, {"always", CompareFunc::Always},
};
inline constexpr Named<MagFilter> kMagFilters[] = {
    {"point", MagFilter::Point}, {"linear", MagFilter::Linear}, {"vcaa_4", MagFilter::Vcaa4}, {"vcaa_8", MagFilter::Vcaa8}};
inline constexpr Named<MinFilter> kMinFilters[] = {{"point", MinFilter::Point}, {"linear", MinFilter::Linear}, {"aniso", MinFilter::Aniso}};
inline constexpr Named<MipFilter> kMipFilters[] = {{"none", MipFilter::None}, {"point", MipFilter::Point}, {"linear", MipFilter::Linear}};
inline constexpr Named<uint8_t> kCubeInterface[] = {
    {"use_wrap", 0}, {"override_wrap", 1}, {"auto_span_seam", 2}, {"auto_cross_seam", 3}};
inline constexpr Named<Reduction> kReductions[] = {
    {"weighted_average", Reduction::WeightedAverage}, {"min", Reduction::Min}, {"max", Reduction::Max}};
inline constexpr Named<bool> kCoordNormalization[] = {{"use_header", false}, {"force_unnormalized", true}};
inline constexpr int64_t kAnisotropyRatios[] = {1, 2, 4, 6, 8, 10, 12, 16};  // MAX_ANISOTROPY codes 0..7

}  // namespace tmu::sample
