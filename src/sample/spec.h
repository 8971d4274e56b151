// SPDX-License-Identifier: MIT
// A `tmu sample` spec, read from JSON (spec_reader.h): one texture (its header fields and where its texels come
// from), one sampler (TSC fields), and requests named after the NIR texture ops, as NIR values: the op, the
// nir_tex_instr flags the texture implies, and each source's value in every lane. run_spec.h runs each as a
// one-instruction shader through the IR interpreter, which maps it to the texture unit as NAK maps it to SM50.
// docs/texunit.md ("tmu sample") documents the JSON form.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/shader.h"
#include "ir/vocab.h"
#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace tmu::sample {

// Where a texture's texels come from.
enum class TexelSource : uint8_t {
  Checker,   // two colours alternating in cells of `cell` level-0 texels (cells shrink with the level)
  Gradient,  // coordinates as colours: R = x / (w - 1), G = y / (h - 1), B = layer or slice, A = 1
  Noise,     // splitmix64 from `seed`, four draws per texel
  Solid,     // one colour everywhere
  Levels,    // one colour per mip level, so that mip selection is visible
  Png,       // level 0 from a PNG file (layers and slices stacked vertically), smaller levels box-filtered
  Raw,       // bytes in the texture's format: every level, every layer, linear blocks
  Flagstones,  // tmu render's floor: grey flagstones, grout lines, a checker tint; smaller levels box-filtered
};

struct Texels {
  TexelSource source = TexelSource::Checker;
  uint32_t cell = 1;
  std::vector<std::array<double, 4>> colors;  // R, G, B, A values (integers for SINT/UINT components)
  uint64_t seed = 0;
  std::string file;  // Png, Raw: as written in the spec; relative paths are relative to the spec's folder
  std::vector<std::byte> bytes;  // Raw without a file: the bytes themselves (programs that build textures)
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

// One NIR texture source (seed 003, nir_tex_src) in every lane: each component as the 32 bits a register holds
// (floats as their bits, integers in two's complement).
struct SourceSpec {
  ir::TexSrcType type = ir::TexSrcType::coord;
  unsigned components = 1;
  std::array<std::array<uint32_t, 4>, texunit::kWarpSize> lanes{};
};

struct RequestSpec {
  std::string name;  // optional label, echoed in the output
  // The op as the spec names it (echoed), and the op that runs: the same, but a tex with ddx and ddy runs as
  // txd (NIR's tex takes no derivatives).
  ir::TexOp op = ir::TexOp::tex;
  ir::TexOp nir_op = ir::TexOp::tex;
  unsigned lanes = 1;  // lanes 0 .. lanes - 1 run; their results are printed
  // nir_tex_instr's flags: the sampler dim and is_array from the texture's type, is_shadow when the request has
  // a comparator; tg4's component and explicit gather offsets (tg4_offsets, the same for every lane).
  ir::SamplerDim sampler_dim = ir::SamplerDim::Dim2D;
  bool is_array = false;
  bool is_shadow = false;
  uint8_t component = 0;
  std::optional<std::array<std::array<int8_t, 2>, 4>> tg4_offsets;
  // What the instruction returns: float32, int32 or uint32 texels by the texture's format, int32 sizes and
  // counts, float32 LODs.
  ir::AluType dest_type = ir::kFloat32;
  // The sources, in the order the spec's keys are read (coord first). Texture and sampler are index 0: the
  // spec's only texture and sampler.
  std::vector<SourceSpec> sources;
  // An image op instead of a texture op (NIR's image_load, image_store, image_atomic_*: image_request.h) on the
  // spec's texture as image 0. Its sources are the intrinsic's after the image and before the sample, in order:
  // the coordinate (4 integers), then image_store's value (4 components), an atomic's data (1), or comp_swap's
  // compared value and new value (1 each); `type` is unused.
  std::optional<ir::Intrinsic> image;
  std::string image_dim;  // image requests: Mesa's image_dim for the texture ("1D", "2D", "3D", "Cube", "Buf")

  const SourceSpec* source(ir::TexSrcType type) const;
};

struct Spec {
  TextureSpec texture;
  texunit::Sampler sampler;
  std::vector<RequestSpec> requests;
};

// The texture memory a spec may ask for (texels, including block-linear padding).
inline constexpr uint64_t kMaxTextureBytes = uint64_t{256} << 20;

}  // namespace tmu::sample
