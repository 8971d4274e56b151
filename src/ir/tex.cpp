// SPDX-License-Identifier: MIT
#include "ir/tex.h"

#include <algorithm>

namespace tmu::ir {

bool need_sampler(const TexInstr& t) {
  switch (t.op) {
    case TexOp::txf: case TexOp::txf_ms: case TexOp::txs: case TexOp::query_levels:
    case TexOp::texture_samples: case TexOp::samples_identical: case TexOp::descriptor_amd:
      return false;
    default:
      return true;
  }
}

unsigned result_size(const TexInstr& t) {
  const unsigned array = t.is_array ? 1u : 0u;
  switch (t.op) {
    case TexOp::txs:
      switch (t.sampler_dim) {
        case SamplerDim::Dim1D: case SamplerDim::Buf: return 1 + array;
        case SamplerDim::Dim3D: return 3 + array;
        default: return 2 + array;  // 2D, cube, MS, rect, external, subpass
      }
    case TexOp::lod: return 2;
    case TexOp::texture_samples: case TexOp::query_levels: case TexOp::samples_identical:
    case TexOp::fragment_mask_fetch_amd: case TexOp::lod_bias: case TexOp::image_min_lod_agx:
    case TexOp::has_custom_border_color_agx:
      return 1;
    case TexOp::descriptor_amd: return t.sampler_dim == SamplerDim::Buf ? 4 : 8;
    case TexOp::sampler_descriptor_amd: return 4;
    case TexOp::hdr_dim_nv: case TexOp::tex_type_nv: return 4;
    default:
      return t.is_shadow && t.is_new_style_shadow ? 1 : 4;
  }
}

bool is_query(const TexInstr& t) {
  switch (t.op) {
    case TexOp::txs: case TexOp::lod: case TexOp::texture_samples: case TexOp::query_levels:
    case TexOp::descriptor_amd: case TexOp::sampler_descriptor_amd: case TexOp::lod_bias:
    case TexOp::image_min_lod_agx: case TexOp::has_custom_border_color_agx: case TexOp::custom_border_color_agx:
    case TexOp::hdr_dim_nv: case TexOp::tex_type_nv:
      return true;
    default:
      return false;
  }
}

bool has_implicit_derivative(const TexInstr& t) {
  return t.op == TexOp::tex || t.op == TexOp::txb || t.op == TexOp::lod;
}

AluType src_type(TexOp op, TexSrcType type) {
  switch (type) {
    case TexSrcType::coord:
      switch (op) {
        case TexOp::txf: case TexOp::txf_ms: case TexOp::txf_ms_fb: case TexOp::txf_ms_mcs_intel:
        case TexOp::samples_identical: case TexOp::fragment_fetch_amd: case TexOp::fragment_mask_fetch_amd:
          return kInt;
        default:
          return kFloat;
      }
    case TexSrcType::lod:
      switch (op) {
        case TexOp::txs: case TexOp::txf: case TexOp::txf_ms: case TexOp::fragment_fetch_amd:
        case TexOp::fragment_mask_fetch_amd:
          return kInt;
        default:
          return kFloat;
      }
    case TexSrcType::projector: case TexSrcType::comparator: case TexSrcType::bias: case TexSrcType::min_lod:
    case TexSrcType::ddx: case TexSrcType::ddy: case TexSrcType::backend1: case TexSrcType::backend2:
      return kFloat;
    case TexSrcType::offset: case TexSrcType::ms_index: case TexSrcType::plane:
      return kInt;
    default:  // ms_mcs_intel, derefs, texture/sampler offsets and handles, lod_bias_min_agx
      return kUint;
  }
}

AluType src_type(const TexInstr& t, unsigned src) { return src_type(t.op, t.src[src].type); }

unsigned src_size(const TexInstr& t, unsigned src) {
  const unsigned n = t.coord_components;
  switch (t.src[src].type) {
    case TexSrcType::coord: return n;
    case TexSrcType::ms_mcs_intel: return 4;
    case TexSrcType::ddx: case TexSrcType::ddy:
      return t.is_array && !t.array_is_lowered_cube ? n - 1 : n;
    case TexSrcType::offset: return t.is_array ? n - 1 : n;
    case TexSrcType::backend1: case TexSrcType::backend2: case TexSrcType::texture_handle:
    case TexSrcType::sampler_handle:
      return 0;
    default: return 1;
  }
}

int src_index(const TexInstr& t, TexSrcType type) {
  for (std::size_t i = 0; i < t.src.size(); ++i)
    if (t.src[i].type == type) return static_cast<int>(i);
  return -1;
}

void add_src(TexInstr& t, TexSrcType type, DefId def) { t.src.push_back(TexSrc{type, def}); }

void remove_src(TexInstr& t, unsigned src_idx) { t.src.erase(t.src.begin() + src_idx); }

bool has_explicit_tg4_offsets(const TexInstr& t) {
  return t.op == TexOp::tg4 && t.tg4_offsets != kDefaultTg4Offsets;
}

std::array<float, 2> lod_from_tmml(uint32_t r0, uint32_t r1) {
  const float absolute = static_cast<float>(r1 & 0xffff) * (1.0f / 256.0f);
  const float relative = static_cast<float>(static_cast<int16_t>(r0 & 0xffff)) * (1.0f / 256.0f);
  return {absolute, relative};
}

}  // namespace tmu::ir
