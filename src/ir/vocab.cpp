// SPDX-License-Identifier: MIT
#include "ir/vocab.h"

#include <array>
#include <string>

namespace tmu::ir {
namespace {

constexpr std::array<std::string_view, kNumTexOps> kOps{
    "tex", "txb", "txl", "txd", "txf", "txf_ms", "txf_ms_fb", "txf_ms_mcs_intel", "txs", "lod", "tg4",
    "query_levels", "texture_samples", "samples_identical", "tex_prefetch", "lod_bias", "fragment_fetch_amd",
    "fragment_mask_fetch_amd", "descriptor_amd", "sampler_descriptor_amd", "image_min_lod_agx",
    "has_custom_border_color_agx", "custom_border_color_agx", "hdr_dim_nv", "tex_type_nv"};

constexpr std::array<std::string_view, kNumTexSrcTypes> kSrcTypes{
    "coord", "projector", "comparator", "offset", "bias", "lod", "min_lod", "lod_bias_min_agx", "ms_index",
    "ms_mcs_intel", "ddx", "ddy", "texture_deref", "sampler_deref", "texture_offset", "sampler_offset",
    "texture_handle", "sampler_handle", "sampler_deref_intrinsic", "plane", "backend1", "backend2"};

constexpr std::array<std::string_view, kNumSamplerDims> kDims{"1D",  "2D",       "3D", "CUBE",    "RECT",
                                                               "BUF", "EXTERNAL", "MS", "SUBPASS", "SUBPASS_MS"};

template <typename E, std::size_t N>
std::optional<E> lookup(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace

std::string_view name(TexOp op) { return kOps[static_cast<std::size_t>(op)]; }
std::string_view name(TexSrcType t) { return kSrcTypes[static_cast<std::size_t>(t)]; }
std::string_view name(SamplerDim d) { return kDims[static_cast<std::size_t>(d)]; }

std::string name(AluType t) {
  std::string base;
  switch (t.base) {
    case BaseType::Int: base = "int"; break;
    case BaseType::Uint: base = "uint"; break;
    case BaseType::Float: base = "float"; break;
    case BaseType::Bool: base = "bool"; break;
    case BaseType::Invalid: return "invalid";
  }
  return t.bits ? base + std::to_string(t.bits) : base;
}

std::optional<TexOp> parse_tex_op(std::string_view s) { return lookup<TexOp>(kOps, s); }
std::optional<TexSrcType> parse_tex_src_type(std::string_view s) { return lookup<TexSrcType>(kSrcTypes, s); }
std::optional<SamplerDim> parse_sampler_dim(std::string_view s) { return lookup<SamplerDim>(kDims, s); }

std::optional<AluType> parse_alu_type(std::string_view s) {
  struct Base {
    std::string_view prefix;
    BaseType base;
  };
  constexpr Base kBases[] = {{"uint", BaseType::Uint}, {"int", BaseType::Int}, {"float", BaseType::Float},
                             {"bool", BaseType::Bool}};
  for (const Base& b : kBases) {
    if (s.substr(0, b.prefix.size()) != b.prefix) continue;
    std::string_view rest = s.substr(b.prefix.size());
    if (rest.empty()) return AluType{b.base, 0};
    unsigned bits = 0;
    for (char c : rest) {
      if (c < '0' || c > '9') return std::nullopt;
      bits = bits * 10 + static_cast<unsigned>(c - '0');
      if (bits > 64) return std::nullopt;
    }
    if (bits != 1 && bits != 8 && bits != 16 && bits != 32 && bits != 64) return std::nullopt;
    return AluType{b.base, static_cast<uint8_t>(bits)};
  }
  return std::nullopt;
}

}  // namespace tmu::ir
