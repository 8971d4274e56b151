// SPDX-License-Identifier: MIT
// A `tmu sample` spec, read from JSON (spec_reader.h): one texture (its header fields and where its texels come
// from), one sampler (TSC fields), and requests named after the NIR texture ops, already turned into texture
// unit requests. docs/texunit.md ("tmu sample") documents the JSON form.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace tmu::sample {

// The NIR texture ops `tmu sample` knows (seed 003, nir_texop_*).
enum class NirOp : uint8_t { Tex, Txb, Txl, Txd, Txf, TxfMs, Tg4, Txs, Lod, QueryLevels, TextureSamples };
std::string_view op_name(NirOp op);

// Where a texture's texels come from.
enum class TexelSource : uint8_t {
  Checker,   // two colours alternating in cells of `cell` level-0 texels (cells shrink with the level)
  Gradient,  // coordinates as colours: R = x / (w - 1), G = y / (h - 1), B = layer or slice, A = 1
  Noise,     // splitmix64 from `seed`, four draws per texel
  Solid,     // one colour everywhere
  Levels,    // one colour per mip level, so that mip selection is visible
  Png,       // level 0 from a PNG file (layers and slices stacked vertically), smaller levels box-filtered
  Raw,       // bytes in the texture's format: every level, every layer, linear blocks
};

struct Texels {
  TexelSource source = TexelSource::Checker;
  uint32_t cell = 1;
  std::vector<std::array<double, 4>> colors;  // R, G, B, A values (integers for SINT/UINT components)
  uint64_t seed = 0;
  std::string file;  // Png, Raw: as written in the spec; relative paths are relative to the spec's folder
};

struct TextureSpec {
  texunit::TextureHeader header;  // every field the texture needs but the address (TextureSet allocates it)
  std::string format;             // the format as the spec names it, for the output
  std::string type;               // the type as the spec names it
  uint32_t layers = 1;            // array layers (cubes for cube arrays), 1 otherwise
  Texels texels;
  // Sparse textures (SPARSE_ENABLE): the 64 KiB pages of the texture's memory, counted from its address, that are
  // not resident. Texels there read zero and clear the lane's residency predicate.
  std::vector<uint64_t> nonresident_pages;
};

struct RequestSpec {
  std::string name;  // optional label, echoed in the output
  NirOp op = NirOp::Tex;
  unsigned lanes = 1;  // lanes 0 .. lanes - 1 are active
  // Handles are 0 (texture 0, sampler 0: the spec's only texture and sampler).
  texunit::Request request;
};

struct Spec {
  TextureSpec texture;
  texunit::Sampler sampler;
  std::vector<RequestSpec> requests;
};

// The texture memory a spec may ask for (texels, including block-linear padding).
inline constexpr uint64_t kMaxTextureBytes = uint64_t{256} << 20;

}  // namespace tmu::sample
