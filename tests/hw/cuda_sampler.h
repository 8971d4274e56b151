// SPDX-License-Identifier: MIT
// The CUDA side of the hardware check (tests/hw/README.md): one texture and sampler made into a CUDA texture
// object and a list of lookups run through it on the GPU. Plain C++17 structs, no CUDA types, so that the
// host program (cuda_oracle_main.cpp, C++20) and the CUDA file (cuda_sampler.cu, built by nvcc) share them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tmu::hw {

enum class Geometry : int32_t { tex1d, tex2d, tex3d, cube, tex1d_array, tex2d_array, cube_array };

// cudaChannelFormatDesc and the read mode: bits per component (0: absent), kind 0 unsigned, 1 signed, 2 float.
struct Channel {
  int32_t bits[4] = {8, 8, 8, 8};
  int32_t kind = 0;
  bool normalized = true;  // cudaReadModeNormalizedFloat (8/16-bit integer texels read as [0,1] / [-1,1])
  bool srgb = false;
  int32_t result = 0;      // what the lookup returns: 0 float4, 1 int4, 2 uint4
};

struct TextureDesc {
  Geometry geometry = Geometry::tex2d;
  Channel channel;
  int32_t width = 1, height = 1, depth = 1, layers = 1;  // layers: array layers (cubes for cube arrays)
  // Level i: texels of size max(1, dim >> i), x fastest, then y, then slice / layer / face (+X -X +Y -Y +Z -Z).
  std::vector<std::vector<unsigned char>> levels;
  bool gather = false;  // cudaArrayTextureGather (2D only)
};

// cudaTextureDesc. Address modes: 0 wrap, 1 clamp, 2 mirror, 3 border.
struct SamplerDesc {
  int32_t address[3] = {0, 0, 0};
  bool linear = false;      // filterMode
  bool mip_linear = false;  // mipmapFilterMode
  float border[4] = {0, 0, 0, 0};
  uint32_t max_anisotropy = 1;
  float lod_bias = 0, min_lod = 0, max_lod = 0;
  bool seamless_cube = false;
  bool trilinear_optimization = false;  // !disableTrilinearOptimization
};

enum class LookupOp : int32_t { grad, level, fetch, gather };

// One lookup on one thread. grad: tex*Grad (ddx/ddy); level: tex*Lod; fetch: PTX tex.level with .s32
// coordinates (TLD); gather: tex2Dgather / PTX tld4. `offset`: PTX's offset operand (2D grad, level, gather).
struct Lookup {
  LookupOp op = LookupOp::level;
  float c[3] = {0, 0, 0};
  int32_t layer = 0;
  float lod = 0;
  float ddx[3] = {0, 0, 0}, ddy[3] = {0, 0, 0};
  int32_t ic[3] = {0, 0, 0};
  int32_t ilod = 0;
  int32_t component = 0;
  bool has_offset = false;
  int32_t offset[2] = {0, 0};
};

// The GPU, driver and runtime, in one line.
std::string describe_device();

// Runs `lookups` on `texture` with `sampler`; four result words per lookup (the register bits) in `out`. Returns
// "" or what failed (a CUDA error, an unsupported combination).
std::string run_lookups(const TextureDesc& texture, const SamplerDesc& sampler, const std::vector<Lookup>& lookups,
                        std::vector<uint32_t>& out);

}  // namespace tmu::hw
