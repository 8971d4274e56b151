// SPDX-License-Identifier: MIT
// Lookups through a CUDA texture object (cuda_sampler.h). Filtered lookups use CUDA's texture functions; the
// ones CUDA C++ has no function for use PTX directly (seed 004): integer-coordinate `tex.level ... .s32` is a
// texel fetch (TLD), and the offset operand `e` of `tex.level`, `tex.grad` and `tld4` is AOFFI.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>

#include "cuda_sampler.h"

namespace tmu::hw {
namespace {

__device__ uint32_t bits(float f) { return __float_as_uint(f); }
__device__ uint32_t bits(int i) { return static_cast<uint32_t>(i); }
__device__ uint32_t bits(unsigned u) { return u; }

// PTX lookups, one set per result type: DT is the PTX destination type, C the register constraint.
#define TMU_PTX_LOOKUPS(T, DT, C)                                                                                  \
  __device__ T fetch(cudaTextureObject_t t, Geometry g, const Lookup& l, T) {                                       \
    T r{};                                                                                                          \
    const int x = l.ic[0], y = l.ic[1], z = l.ic[2], layer = l.layer, lod = l.ilod;                                 \
    switch (g) {                                                                                                    \
      case Geometry::tex1d:                                                                                         \
        asm volatile("tex.level.1d.v4" DT ".s32 {%0,%1,%2,%3}, [%4, {%5}], %6;"                                   \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "r"(x), "r"(lod));                                                                   \
        break;                                                                                                      \
      case Geometry::tex1d_array:                                                                                   \
        asm volatile("tex.level.a1d.v4" DT ".s32 {%0,%1,%2,%3}, [%4, {%5,%6}], %7;"                               \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "r"(layer), "r"(x), "r"(lod));                                                       \
        break;                                                                                                      \
      case Geometry::tex2d:                                                                                         \
        asm volatile("tex.level.2d.v4" DT ".s32 {%0,%1,%2,%3}, [%4, {%5,%6}], %7;"                                \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "r"(x), "r"(y), "r"(lod));                                                           \
        break;                                                                                                      \
      case Geometry::tex2d_array:                                                                                   \
        asm volatile("tex.level.a2d.v4" DT ".s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}], %9;"                         \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "r"(layer), "r"(x), "r"(y), "r"(y), "r"(lod));                                      \
        break;                                                                                                      \
      case Geometry::tex3d:                                                                                         \
        asm volatile("tex.level.3d.v4" DT ".s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}], %9;"                          \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "r"(x), "r"(y), "r"(z), "r"(z), "r"(lod));                                           \
        break;                                                                                                      \
      default:                                                                                                      \
        break;                                                                                                      \
    }                                                                                                               \
    return r;                                                                                                       \
  }                                                                                                                 \
  __device__ T level_offset(cudaTextureObject_t t, const Lookup& l, T) {                                            \
    T r{};                                                                                                          \
    asm volatile("tex.level.2d.v4" DT ".f32 {%0,%1,%2,%3}, [%4, {%5,%6}], %7, {%8,%9};"                           \
                 : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                                   \
                 : "l"(t), "f"(l.c[0]), "f"(l.c[1]), "f"(l.lod), "r"(l.offset[0]), "r"(l.offset[1]));               \
    return r;                                                                                                       \
  }                                                                                                                 \
  __device__ T grad_offset(cudaTextureObject_t t, const Lookup& l, T) {                                             \
    T r{};                                                                                                          \
    asm volatile("tex.grad.2d.v4" DT ".f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8}, {%9,%10}, {%11,%12};"           \
                 : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                                   \
                 : "l"(t), "f"(l.c[0]), "f"(l.c[1]), "f"(l.ddx[0]), "f"(l.ddx[1]), "f"(l.ddy[0]), "f"(l.ddy[1]),   \
                   "r"(l.offset[0]), "r"(l.offset[1]));                                                             \
    return r;                                                                                                       \
  }                                                                                                                 \
  __device__ T gather_offset(cudaTextureObject_t t, const Lookup& l, T) {                                           \
    T r{};                                                                                                          \
    switch (l.component) {                                                                                          \
      case 0:                                                                                                       \
        asm volatile("tld4.r.2d.v4" DT ".f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"                              \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "f"(l.c[0]), "f"(l.c[1]), "r"(l.offset[0]), "r"(l.offset[1]));                       \
        break;                                                                                                      \
      case 1:                                                                                                       \
        asm volatile("tld4.g.2d.v4" DT ".f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"                              \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "f"(l.c[0]), "f"(l.c[1]), "r"(l.offset[0]), "r"(l.offset[1]));                       \
        break;                                                                                                      \
      case 2:                                                                                                       \
        asm volatile("tld4.b.2d.v4" DT ".f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"                              \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "f"(l.c[0]), "f"(l.c[1]), "r"(l.offset[0]), "r"(l.offset[1]));                       \
        break;                                                                                                      \
      default:                                                                                                      \
        asm volatile("tld4.a.2d.v4" DT ".f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"                              \
                     : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                               \
                     : "l"(t), "f"(l.c[0]), "f"(l.c[1]), "r"(l.offset[0]), "r"(l.offset[1]));                       \
        break;                                                                                                      \
    }                                                                                                               \
    return r;                                                                                                       \
  }

TMU_PTX_LOOKUPS(float4, ".f32", "f")
TMU_PTX_LOOKUPS(int4, ".s32", "r")
TMU_PTX_LOOKUPS(uint4, ".u32", "r")
#undef TMU_PTX_LOOKUPS

template <class T>
__device__ T grad(cudaTextureObject_t t, Geometry g, const Lookup& l) {
  if (l.has_offset) return grad_offset(t, l, T{});
  const float4 dx = make_float4(l.ddx[0], l.ddx[1], l.ddx[2], 0), dy = make_float4(l.ddy[0], l.ddy[1], l.ddy[2], 0);
  const float2 dx2 = make_float2(dx.x, dx.y), dy2 = make_float2(dy.x, dy.y);
  switch (g) {
    case Geometry::tex1d: return tex1DGrad<T>(t, l.c[0], dx.x, dy.x);
    case Geometry::tex2d: return tex2DGrad<T>(t, l.c[0], l.c[1], dx2, dy2);
    case Geometry::tex3d: return tex3DGrad<T>(t, l.c[0], l.c[1], l.c[2], dx, dy);
    case Geometry::cube: return texCubemapGrad<T>(t, l.c[0], l.c[1], l.c[2], dx, dy);
    case Geometry::tex1d_array: return tex1DLayeredGrad<T>(t, l.c[0], l.layer, dx.x, dy.x);
    case Geometry::tex2d_array: return tex2DLayeredGrad<T>(t, l.c[0], l.c[1], l.layer, dx2, dy2);
    case Geometry::cube_array: return texCubemapLayeredGrad<T>(t, l.c[0], l.c[1], l.c[2], l.layer, dx, dy);
  }
  return T{};
}

template <class T>
__device__ T level(cudaTextureObject_t t, Geometry g, const Lookup& l) {
  if (l.has_offset) return level_offset(t, l, T{});
  switch (g) {
    case Geometry::tex1d: return tex1DLod<T>(t, l.c[0], l.lod);
    case Geometry::tex2d: return tex2DLod<T>(t, l.c[0], l.c[1], l.lod);
    case Geometry::tex3d: return tex3DLod<T>(t, l.c[0], l.c[1], l.c[2], l.lod);
    case Geometry::cube: return texCubemapLod<T>(t, l.c[0], l.c[1], l.c[2], l.lod);
    case Geometry::tex1d_array: return tex1DLayeredLod<T>(t, l.c[0], l.layer, l.lod);
    case Geometry::tex2d_array: return tex2DLayeredLod<T>(t, l.c[0], l.c[1], l.layer, l.lod);
    case Geometry::cube_array: return texCubemapLayeredLod<T>(t, l.c[0], l.c[1], l.c[2], l.layer, l.lod);
  }
  return T{};
}

template <class T>
__global__ void lookup_kernel(cudaTextureObject_t t, Geometry g, const Lookup* lookups, int n, uint32_t* out) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const Lookup& l = lookups[i];
  T r{};
  switch (l.op) {
    case LookupOp::grad: r = grad<T>(t, g, l); break;
    case LookupOp::level: r = level<T>(t, g, l); break;
    case LookupOp::fetch: r = fetch(t, g, l, T{}); break;
    case LookupOp::gather:
      r = l.has_offset ? gather_offset(t, l, T{}) : tex2Dgather<T>(t, l.c[0], l.c[1], l.component);
      break;
  }
  out[4 * i + 0] = bits(r.x);
  out[4 * i + 1] = bits(r.y);
  out[4 * i + 2] = bits(r.z);
  out[4 * i + 3] = bits(r.w);
}

// Frees what a run allocated, on every path out.
struct Resources {
  cudaArray_t array = nullptr;
  cudaMipmappedArray_t mipmapped = nullptr;
  cudaTextureObject_t texture = 0;
  Lookup* lookups = nullptr;
  uint32_t* results = nullptr;
  ~Resources() {
    if (texture) cudaDestroyTextureObject(texture);
    if (mipmapped) cudaFreeMipmappedArray(mipmapped);
    if (array) cudaFreeArray(array);
    if (lookups) cudaFree(lookups);
    if (results) cudaFree(results);
  }
};

#define TMU_CUDA(call)                                                              \
  do {                                                                              \
    const cudaError_t e_ = (call);                                                  \
    if (e_ != cudaSuccess) {                                                        \
      cudaGetLastError();                                                           \
      return std::string(#call) + ": " + cudaGetErrorString(e_);                    \
    }                                                                               \
  } while (0)

bool one_dimensional(Geometry g) { return g == Geometry::tex1d || g == Geometry::tex1d_array; }
bool is_cube(Geometry g) { return g == Geometry::cube || g == Geometry::cube_array; }
bool layered(Geometry g) {
  return g == Geometry::tex1d_array || g == Geometry::tex2d_array || g == Geometry::cube_array;
}

cudaTextureAddressMode address_mode(int32_t m) {
  switch (m) {
    case 0: return cudaAddressModeWrap;
    case 2: return cudaAddressModeMirror;
    case 3: return cudaAddressModeBorder;
    default: return cudaAddressModeClamp;
  }
}

// Allocates the array (mipmapped when there are several levels) and copies every level into it.
std::string upload(const TextureDesc& t, Resources& res) {
  const Channel& ch = t.channel;
  const cudaChannelFormatDesc desc = cudaCreateChannelDesc(
      ch.bits[0], ch.bits[1], ch.bits[2], ch.bits[3],
      ch.kind == 0 ? cudaChannelFormatKindUnsigned : ch.kind == 1 ? cudaChannelFormatKindSigned : cudaChannelFormatKindFloat);
  const std::size_t texel = static_cast<std::size_t>(ch.bits[0] + ch.bits[1] + ch.bits[2] + ch.bits[3]) / 8;
  unsigned flags = 0;
  if (layered(t.geometry)) flags |= cudaArrayLayered;
  if (is_cube(t.geometry)) flags |= cudaArrayCubemap;
  if (t.gather) flags |= cudaArrayTextureGather;
  const std::size_t w = static_cast<std::size_t>(t.width), h = static_cast<std::size_t>(t.height);
  const std::size_t layers = static_cast<std::size_t>(t.layers);
  cudaExtent extent{};
  switch (t.geometry) {
    case Geometry::tex1d: extent = make_cudaExtent(w, 0, 0); break;
    case Geometry::tex2d: extent = make_cudaExtent(w, h, 0); break;
    case Geometry::tex3d: extent = make_cudaExtent(w, h, static_cast<std::size_t>(t.depth)); break;
    case Geometry::cube: extent = make_cudaExtent(w, w, 6); break;
    case Geometry::tex1d_array: extent = make_cudaExtent(w, 0, layers); break;
    case Geometry::tex2d_array: extent = make_cudaExtent(w, h, layers); break;
    case Geometry::cube_array: extent = make_cudaExtent(w, w, 6 * layers); break;
  }
  const unsigned levels = static_cast<unsigned>(t.levels.size());
  if (levels > 1)
    TMU_CUDA(cudaMallocMipmappedArray(&res.mipmapped, &desc, extent, levels, flags));
  else
    TMU_CUDA(cudaMalloc3DArray(&res.array, &desc, extent, flags));
  for (unsigned level = 0; level < levels; ++level) {
    cudaArray_t a = res.array;
    if (res.mipmapped) TMU_CUDA(cudaGetMipmappedArrayLevel(&a, res.mipmapped, level));
    const std::size_t wl = std::max<std::size_t>(1, w >> level);
    const std::size_t hl = one_dimensional(t.geometry) ? 1 : is_cube(t.geometry) ? wl : std::max<std::size_t>(1, h >> level);
    std::size_t dl = 1;
    if (t.geometry == Geometry::tex3d) dl = std::max<std::size_t>(1, static_cast<std::size_t>(t.depth) >> level);
    if (layered(t.geometry)) dl = layers;
    if (is_cube(t.geometry)) dl *= 6;
    if (t.levels[level].size() != wl * hl * dl * texel)
      return "level " + std::to_string(level) + " holds " + std::to_string(t.levels[level].size()) + " bytes, expected " +
             std::to_string(wl * hl * dl * texel);
    cudaMemcpy3DParms p{};
    p.srcPtr = make_cudaPitchedPtr(const_cast<unsigned char*>(t.levels[level].data()), wl * texel, wl, hl);
    p.dstArray = a;
    p.extent = make_cudaExtent(wl, hl, dl);
    p.kind = cudaMemcpyHostToDevice;
    TMU_CUDA(cudaMemcpy3D(&p));
  }
  return "";
}

}  // namespace

std::string describe_device() {
  int device = 0, driver = 0, runtime = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess)
    return "no CUDA device";
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  return std::string(prop.name) + ", sm_" + std::to_string(prop.major) + std::to_string(prop.minor) + ", driver API " +
         std::to_string(driver) + ", runtime " + std::to_string(runtime);
}

std::string run_lookups(const TextureDesc& t, const SamplerDesc& s, const std::vector<Lookup>& lookups,
                        std::vector<uint32_t>& out) {
  Resources res;
  if (std::string e = upload(t, res); !e.empty()) return e;

  cudaResourceDesc rd{};
  if (res.mipmapped) {
    rd.resType = cudaResourceTypeMipmappedArray;
    rd.res.mipmap.mipmap = res.mipmapped;
  } else {
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = res.array;
  }
  cudaTextureDesc td{};
  for (int i = 0; i < 3; ++i) td.addressMode[i] = address_mode(s.address[i]);
  td.filterMode = s.linear ? cudaFilterModeLinear : cudaFilterModePoint;
  td.readMode = t.channel.normalized ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  td.sRGB = t.channel.srgb ? 1 : 0;
  for (int i = 0; i < 4; ++i) td.borderColor[i] = s.border[i];
  td.normalizedCoords = 1;
  td.maxAnisotropy = s.max_anisotropy;
  td.mipmapFilterMode = s.mip_linear ? cudaFilterModeLinear : cudaFilterModePoint;
  td.mipmapLevelBias = s.lod_bias;
  td.minMipmapLevelClamp = s.min_lod;
  td.maxMipmapLevelClamp = s.max_lod;
  td.disableTrilinearOptimization = s.trilinear_optimization ? 0 : 1;
#if CUDART_VERSION >= 12000
  td.seamlessCubemap = s.seamless_cube ? 1 : 0;
#else
  if (s.seamless_cube) return "seamless cube maps need CUDA 12 (cudaTextureDesc::seamlessCubemap)";
#endif
  TMU_CUDA(cudaCreateTextureObject(&res.texture, &rd, &td, nullptr));

  const int n = static_cast<int>(lookups.size());
  out.assign(4 * lookups.size(), 0);
  if (n == 0) return "";
  TMU_CUDA(cudaMalloc(&res.lookups, lookups.size() * sizeof(Lookup)));
  TMU_CUDA(cudaMalloc(&res.results, out.size() * sizeof(uint32_t)));
  TMU_CUDA(cudaMemcpy(res.lookups, lookups.data(), lookups.size() * sizeof(Lookup), cudaMemcpyHostToDevice));
  const int block = 128, grid = (n + block - 1) / block;
  switch (t.channel.result) {
    case 1: lookup_kernel<int4><<<grid, block>>>(res.texture, t.geometry, res.lookups, n, res.results); break;
    case 2: lookup_kernel<uint4><<<grid, block>>>(res.texture, t.geometry, res.lookups, n, res.results); break;
    default: lookup_kernel<float4><<<grid, block>>>(res.texture, t.geometry, res.lookups, n, res.results); break;
  }
  TMU_CUDA(cudaGetLastError());
  TMU_CUDA(cudaMemcpy(out.data(), res.results, out.size() * sizeof(uint32_t), cudaMemcpyDeviceToHost));
  return "";
}

}  // namespace tmu::hw
