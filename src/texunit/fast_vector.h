// SPDX-License-Identifier: MIT
// The fast paths' shared parts (fast_sample.cpp, fast_aniso.cpp; internal to texunit): the plan of a texture the
// paths cover (2D A8B8G8R8 UNORM, block-linear with Tegra GOBs, power-of-two levels), its levels' address and
// coordinate parameters, and the AVX2 steps from 8 fixed-point coordinates to texel addresses, footprint weights,
// texels and weighted sums. fast_sample.cpp's opening comment says why each step equals the reference's.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <type_traits>

#include "texunit/block_linear.h"
#include "texunit/filter.h"
#include "texunit/lod.h"
#include "texunit/memory_texture.h"
#include "texunit/numeric.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TMU_FAST_X86 1
#include <immintrin.h>
#define TMU_AVX2 __attribute__((target("avx2,fma")))
// The same code compiled for AVX-512VL (FastIsa::Avx512): still 256-bit vectors, but 32 of them, so that the
// four interleaved groups spill less.
#define TMU_AVX512 __attribute__((target("avx2,fma,avx512f,avx512vl,avx512bw,avx512dq")))
#define TMU_AVX2_INLINE __attribute__((target("avx2,fma"), always_inline)) inline
#define TMU_AVX2_LAMBDA __attribute__((target("avx2,fma"), always_inline))
#else
#define TMU_FAST_X86 0
#endif

namespace tmu::texunit::fast {

// Block-linear addresses of 4-byte texels on levels whose width in GOBs is a power of two are sums of two
// disjoint bit fields (block_linear_offset with Tegra GOBs): X(x) holds x's bits, Y(y) y's, and the texel is at
// level offset + X(x) + Y(y):
//   X(x) = (x >> 4) << block_shift | gob_x(x & 15)                              (GOB column; bytes in the GOB)
//   Y(y) = (y >> row_shift) << row_log2 | (y >> 3 & gob_mask) << 9 | gob_y(y & 7)  (block row; GOB; row)
// where gob_x and gob_y are the x and y parts of block_linear.h's gob_offset, which for Tegra GOBs are separable.
// The next texel's field follows from the field alone: with M = X(width - 1), the bits x may use,
// X(x + 1 mod width) = ((X(x) | ~M) + 1) & M (the carry runs through the bits that are not x's).
constexpr uint32_t gob_x(uint32_t x) { return gob_offset(GobLayout::Tegra, (4 * x) & 63, 0); }  // x < 16
constexpr uint32_t gob_y(uint32_t y) { return gob_offset(GobLayout::Tegra, 0, y); }             // y < 8
constexpr bool tegra_gob_separable() {
  for (uint32_t x = 0; x < 16; ++x)
    for (uint32_t y = 0; y < 8; ++y)
      if (gob_offset(GobLayout::Tegra, 4 * x, y) != (gob_x(x) | gob_y(y))) return false;
  return true;
}
static_assert(tegra_gob_separable());
// x_bits takes x & 7 from a byte table and x & 8 by a shift.
static_assert(gob_x(8) == 8u << 5 && gob_x(7) < 256 && gob_y(7) < 256);

struct Fields {
  int32_t block_shift;  // log2 of the bytes of a block (GOBs per block in y and z times 512)
  int32_t row_shift;    // texel row to block row: 3 + log2(GOBs per block in y)
  int32_t row_log2;     // log2 of the bytes of a row of blocks
  int32_t gob_mask;     // GOBs per block in y - 1
};

constexpr uint32_t x_field(uint32_t x, const Fields& f) { return (x >> 4) << f.block_shift | gob_x(x & 15); }
constexpr uint32_t y_field(uint32_t y, const Fields& f) {
  return (y >> f.row_shift) << f.row_log2 | (y >> 3 & static_cast<uint32_t>(f.gob_mask)) << kGobShift | gob_y(y & 7);
}

// gob_x and gob_y of 0..7 as VPSHUFB tables (the other 8 entries 0).
constexpr std::array<uint8_t, 16> gob_table(uint32_t (*part)(uint32_t)) {
  std::array<uint8_t, 16> t{};
  for (uint32_t i = 0; i < 8; ++i) t[i] = static_cast<uint8_t>(part(i));
  return t;
}
inline constexpr std::array<uint8_t, 16> kGobX = gob_table(gob_x), kGobY = gob_table(gob_y);

// Per mip level: what the address and coordinate arithmetic needs, as 32-bit values.
struct LevelParams {
  int32_t wmax, hmax;      // width - 1, height - 1: the clamp limits and (powers of two) the wrap masks
  int32_t lin_u, lin_v;    // 14 - log2(size): U (u in 2^-22 fixed point) >> lin is the 8-bit sub-texel coordinate
  int32_t bias_u, bias_v;  // 2^(lin - 1) - 128 * 2^lin: rounds U >> lin to nearest and subtracts 128 (fixed8)
  int32_t near_u, near_v;  // 22 - log2(size): U >> near is the texel
  Fields fields;
  int32_t x_mask, y_mask;  // X(width - 1), Y(height - 1): the bits the fields use
  int32_t offset;          // the level's first byte from the surface's
};

// What a request needs of its texture and sampler. Level parameters are filled when a quad first uses them.
struct Plan {
  // Looked up again when the memory's mappings change (PlanCache::memory_key).
  const std::byte* base = nullptr;
  const SurfaceLayout* layout = nullptr;
  const GpuMemory* memory = nullptr;
  bool wrap_u = true, wrap_v = true;  // WRAP, else CLAMP_TO_EDGE
  bool identity_swizzle = true;
  uint32_t ready = 0;  // bit i: level[i] is filled
  std::array<LevelParams, kMaxLevels> level;  // filled on first use

  const LevelParams& at(unsigned i) {
    if (!((ready >> i) & 1)) fill(i);
    return level[i];
  }

 private:
  void fill(unsigned i) {
    const LevelLayout& lv = layout->level(i);
    LevelParams& q = level[i];
    q.wmax = static_cast<int32_t>(lv.width - 1);
    q.hmax = static_cast<int32_t>(lv.height - 1);
    // Power-of-two sizes up to 4096 and widths in GOBs (make_plan): log2 is the position of the single bit.
    q.lin_u = 14 - std::countr_zero(lv.width), q.lin_v = 14 - std::countr_zero(lv.height);
    q.bias_u = (1 << (q.lin_u - 1)) - (128 << q.lin_u), q.bias_v = (1 << (q.lin_v - 1)) - (128 << q.lin_v);
    q.near_u = q.lin_u + 8, q.near_v = q.lin_v + 8;
    Fields& f = q.fields;
    f.block_shift = 9 + lv.bl.gob_height_log2 + lv.bl.gob_depth_log2;
    f.row_shift = 3 + lv.bl.gob_height_log2;
    f.row_log2 = f.block_shift + std::countr_zero(lv.bl.gobs_x);
    f.gob_mask = (1 << lv.bl.gob_height_log2) - 1;
    q.x_mask = static_cast<int32_t>(x_field(lv.width - 1, f));
    q.y_mask = static_cast<int32_t>(y_field(lv.height - 1, f));
    q.offset = static_cast<int32_t>(lv.offset);
    ready |= 1u << i;
  }
};

// A quad's levels and filters, as the reference's sample() chooses them.
struct QuadChoice {  // no default initializers: QuadChoice{} is all zeros, a plain declaration costs nothing
  bool active;
  bool linear;
  bool two_levels;  // blend level1 into level0 with weight f / 256
  unsigned level0, level1;
  int32_t f;
};

inline float f32(uint32_t bits) { return std::bit_cast<float>(bits); }

// The reference's level choice for an implicit-LOD lookup at `lambda` (lod.h: the bias and clamps, the policy's
// quantization, choose_levels) as both fast paths take it: the quantized LOD and the quad's choice, the blend
// weight f in 1/256 (the policies the paths take keep lambda in 8.8 fixed point). MIN_FILTER ANISO counts as a
// linear minification.
struct LevelPick {
  double lam;
  QuadChoice choice;
};
inline LevelPick pick_levels(double lambda, const LodControls& c, const Sampler& s, const TextureHeader& h,
                             const Policy& p) {
  LevelPick r{};
  r.lam = quantize_lod(biased_lod(lambda, c), p);
  const LevelChoice lc = choose_levels(r.lam, s.mip, view_min(h), view_max(h), p);
  QuadChoice& q = r.choice;
  q.active = true;
  q.linear = lc.magnify ? s.mag == MagFilter::Linear : s.min != MinFilter::Point;
  q.level0 = lc.level0;
  q.two_levels = lc.weight1 > 0 && lc.level1 != lc.level0;
  q.level1 = q.two_levels ? lc.level1 : lc.level0;
  q.f = static_cast<int32_t>(lc.weight1 * 256.0f);
  return r;
}

#if TMU_FAST_X86

TMU_AVX2_INLINE __m256i pair_i(int32_t a, int32_t b) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_set1_epi32(a)), _mm_set1_epi32(b), 1);
}

// Per-lane level parameters of two quads (lanes 0-3 from level a, 4-7 from level b).
struct Lanes {
  __m256i lin_u, lin_v, bias_u, bias_v, near_u, near_v, wmax, hmax;
  __m256i block_shift, row_shift, row_log2, gob_bits, x_mask, y_mask, offset;
  __m256i x_other, y_other;  // ~x_mask, ~y_mask (next_bits)
};

TMU_AVX2_INLINE Lanes lanes_of(const LevelParams& a, const LevelParams& b) {
  const Fields &fa = a.fields, &fb = b.fields;
  return {pair_i(a.lin_u, b.lin_u),
          pair_i(a.lin_v, b.lin_v),
          pair_i(a.bias_u, b.bias_u),
          pair_i(a.bias_v, b.bias_v),
          pair_i(a.near_u, b.near_u),
          pair_i(a.near_v, b.near_v),
          pair_i(a.wmax, b.wmax),
          pair_i(a.hmax, b.hmax),
          pair_i(fa.block_shift, fb.block_shift),
          pair_i(fa.row_shift, fb.row_shift),
          pair_i(fa.row_log2, fb.row_log2),
          pair_i(fa.gob_mask << kGobShift, fb.gob_mask << kGobShift),
          pair_i(a.x_mask, b.x_mask),
          pair_i(a.y_mask, b.y_mask),
          pair_i(a.offset, b.offset),
          pair_i(~a.x_mask, ~b.x_mask),
          pair_i(~a.y_mask, ~b.y_mask)};
}

TMU_AVX2_INLINE __m256i wrap(__m256i i, __m256i max, bool repeat) {
  // WRAP on a power of two is the low bits (floor_mod); CLAMP_TO_EDGE clamps to [0, n - 1].
  return repeat ? _mm256_and_si256(i, max) : _mm256_min_epi32(_mm256_max_epi32(i, _mm256_setzero_si256()), max);
}

// X(x) and Y(y) of 8 lanes (x_field, y_field). The GOB's low bits through VPSHUFB tables (kGobX, kGobY; a
// 32-bit element's other bytes index entry 0, which is 0).
TMU_AVX2_INLINE __m256i gob_lookup(const std::array<uint8_t, 16>& table, __m256i i) {
  // (Element by element, so that the table is a constant of the code rather than a load.)
  auto b = [&table](unsigned k) { return static_cast<char>(table[k]); };
  const __m256i t = _mm256_setr_epi8(b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7), 0, 0, 0, 0, 0, 0, 0, 0,
                                     b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7), 0, 0, 0, 0, 0, 0, 0, 0);
  return _mm256_shuffle_epi8(t, _mm256_and_si256(i, _mm256_set1_epi32(7)));
}
TMU_AVX2_INLINE __m256i x_bits(__m256i x, const Lanes& l) {
  const __m256i gob = _mm256_sllv_epi32(_mm256_srli_epi32(x, 4), l.block_shift);
  const __m256i x3 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(8)), 5);  // gob_x(8)
  return _mm256_or_si256(_mm256_or_si256(gob, x3), gob_lookup(kGobX, x));
}
TMU_AVX2_INLINE __m256i y_bits(__m256i y, const Lanes& l) {
  const __m256i row = _mm256_sllv_epi32(_mm256_srlv_epi32(y, l.row_shift), l.row_log2);
  const __m256i gob = _mm256_and_si256(_mm256_slli_epi32(y, 6), l.gob_bits);
  return _mm256_or_si256(_mm256_or_si256(row, gob), gob_lookup(kGobY, y));
}

// The field of the texel after texel c (x_field's comment), from c's field: WRAP wraps around the level;
// CLAMP_TO_EDGE (`field` is that of c clamped to [0, max]) keeps the field unless 0 <= c < max. `other` is
// ~mask.
TMU_AVX2_INLINE __m256i next_bits(__m256i field, __m256i mask, __m256i other, __m256i c, __m256i max,
                                  bool repeat) {
  const __m256i next =
      _mm256_and_si256(_mm256_sub_epi32(_mm256_or_si256(field, other), _mm256_set1_epi32(-1)), mask);
  if (repeat) return next;
  const __m256i inside = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), c), _mm256_cmpgt_epi32(max, c));
  return _mm256_blendv_epi8(field, next, inside);
}

// Eight lanes' weighted sums before the fixed-point rounding: per lane and component, the sum T of 8-bit
// codes times 8-bit weights (the reference's 16-bit sum is 257 T, with 16 fractional bits). The weights of a
// lane's texels (both levels') add up to 256, so T <= 255 * 256 fits in 16 bits: the sums are 16-bit elements
// in the texels' own layout, R and B of lane k in dword k of `even`, G and A in dword k of `odd`.
struct Sums {
  __m256i even, odd;
};

// The RGBA8 texels at the byte offsets `address` of 8 lanes (written by an earlier phase: see run_request). Each
// texel is loaded by a broadcast (VPBROADCASTD from memory: a load, no shuffle) and blended into place (VPBLENDD,
// any vector pipe); its offset is a plain load. VPEXTRD/VPINSRD per texel, offsets moved from vector to general
// registers (VMOVQ, VPEXTRQ) and VPGATHERDD all measured slower.
TMU_AVX2_INLINE __m256i gather(const std::byte* base, const uint32_t (&address)[8]) {
  // The offsets two at a time (one 64-bit load, split in general registers: the loads are the bottleneck).
  auto at = [base](uint64_t a) {
    int32_t v;
    std::memcpy(&v, base + a, 4);
    return v;
  };
  uint64_t p[4];
  std::memcpy(p, address, sizeof p);
  // A tree of blends rather than a chain: fewer steps from the last load to the result.
  const __m256i t01 =
      _mm256_blend_epi32(_mm256_set1_epi32(at(p[0] & 0xffffffff)), _mm256_set1_epi32(at(p[0] >> 32)), 0x02);
  const __m256i t23 =
      _mm256_blend_epi32(_mm256_set1_epi32(at(p[1] & 0xffffffff)), _mm256_set1_epi32(at(p[1] >> 32)), 0x08);
  const __m256i t45 =
      _mm256_blend_epi32(_mm256_set1_epi32(at(p[2] & 0xffffffff)), _mm256_set1_epi32(at(p[2] >> 32)), 0x20);
  const __m256i t67 =
      _mm256_blend_epi32(_mm256_set1_epi32(at(p[3] & 0xffffffff)), _mm256_set1_epi32(at(p[3] >> 32)), 0x80);
  return _mm256_blend_epi32(_mm256_blend_epi32(t01, t23, 0x0c), _mm256_blend_epi32(t45, t67, 0xc0), 0xf0);
}

// Adds w * t to the sums (or with `init`, sets them to it), per lane and component: t holds 8 lanes' RGBA8
// texels, w their weights in both 16-bit halves of each dword (w | w << 16). A texel's R and B codes (its
// bytes 0 and 2) are the low bytes of its two 16-bit halves, G and A (bytes 1 and 3) the high bytes: each
// half times w is below 2^16, so VPMULLW weighs two components at once, in place, with no shuffles.
TMU_AVX2_INLINE void accumulate(__m256i t, __m256i w, Sums& s, bool init) {
  const __m256i even = _mm256_mullo_epi16(_mm256_and_si256(t, _mm256_set1_epi32(0x00ff00ff)), w);
  const __m256i odd = _mm256_mullo_epi16(_mm256_srli_epi16(t, 8), w);
  s.even = init ? even : _mm256_add_epi16(s.even, even);
  s.odd = init ? odd : _mm256_add_epi16(s.odd, odd);
}

// A 16-bit fixed-point result N as the reference returns it (float_of_unorm16): N / 65535.0f, correctly rounded.
// The quotient q = N r (r = 1 / 65535 rounded) is corrected once by its exact remainder N - 65535 q (one FMA);
// check_decode verifies the result against the division for all 65536 N before the path is used.
TMU_AVX2_INLINE __m256 unorm16(__m256i n) {
  const __m256 x = _mm256_cvtepi32_ps(n), r = _mm256_set1_ps(1.0f / 65535.0f);
  const __m256 q = _mm256_mul_ps(x, r);
  return _mm256_fmadd_ps(_mm256_fnmadd_ps(q, _mm256_set1_ps(65535.0f), x), r, q);
}

// LINEAR's 8-bit sub-texel coordinate floor((x - 0.5) * 256 + 0.5) of U = u * 2^22, where x * 256 = U / 2^lin:
// ((U + 2^(lin - 1)) >> lin) - 128 = (U + bias) >> lin with bias = 2^(lin - 1) - 128 * 2^lin (lin >= 2).
TMU_AVX2_INLINE __m256i fixed8(__m256i c, __m256i lin, __m256i bias) {
  return _mm256_srav_epi32(_mm256_add_epi32(c, bias), lin);
}

// CLAMP_TO_EDGE's coordinate clamp (addressing.h, prepare_coordinate: x in [0.5, n - 0.5]) on LINEAR's sub-texel
// coordinate (x - 0.5 in 1/256): [0, (n - 1) 256]. WRAP leaves it.
TMU_AVX2_INLINE __m256i edge_clamp(__m256i o, __m256i max, bool repeat) {
  if (repeat) return o;
  return _mm256_min_epi32(_mm256_max_epi32(o, _mm256_setzero_si256()), _mm256_slli_epi32(max, 8));
}

// The low byte of each dword of x in both 16-bit halves (LINEAR's weight fraction as accumulate takes
// weights).
TMU_AVX2_INLINE __m256i both_halves(__m256i x) {
  const __m256i pick = _mm256_setr_epi8(0, -1, 0, -1, 4, -1, 4, -1, 8, -1, 8, -1, 12, -1, 12, -1, 0, -1, 0,
                                        -1, 4, -1, 4, -1, 8, -1, 8, -1, 12, -1, 12, -1);
  return _mm256_shuffle_epi8(x, pick);
}

// NEAREST's texel: the floor of the texel coordinate, U * size / 2^22, wrapped or clamped.
TMU_AVX2_INLINE __m256i near_x(__m256i iu, const Lanes& l, const Plan& p) {
  return wrap(_mm256_srav_epi32(iu, l.near_u), l.wmax, p.wrap_u);
}
TMU_AVX2_INLINE __m256i near_y(__m256i iv, const Lanes& l, const Plan& p) {
  return wrap(_mm256_srav_epi32(iv, l.near_v), l.hmax, p.wrap_v);
}

// Denormal coordinates read as zero (texture_unit.cpp, flush_denormal); NaN stays, for footprints to refuse.
TMU_AVX2_INLINE __m256 flush(__m256 x) {
  const __m256 magnitude = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x);
  return _mm256_and_ps(x, _mm256_cmp_ps(magnitude, _mm256_set1_ps(0x1p-126f), _CMP_NLT_UQ));
}

// The handles and coordinates u and v of 8 lanes, from each lane's first 16 bytes (handle, s, t, r) in one
// load, transposed (denormals flushed); false when a handle is not `handle` (the request then goes to the
// reference path).
TMU_AVX2_INLINE bool lane_words(const Lane* in, __m256i handle, __m256& u, __m256& v) {
  static_assert(offsetof(Lane, handle) == 0 && offsetof(Lane, coord) == 4);
  auto rows = [in](unsigned i) TMU_AVX2_LAMBDA {  // lane i in the low half, lane i + 4 in the high half
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&in[i]));
    const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&in[i + 4]));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
  };
  const __m256i r0 = rows(0), r1 = rows(1), r2 = rows(2), r3 = rows(3);
  const __m256i a = _mm256_unpacklo_epi32(r0, r1), b = _mm256_unpacklo_epi32(r2, r3);  // h0 h1 s0 s1 ...
  const __m256i c = _mm256_unpackhi_epi32(r0, r1), d = _mm256_unpackhi_epi32(r2, r3);  // t0 t1 r0 r1 ...
  u = flush(_mm256_castsi256_ps(_mm256_unpackhi_epi64(a, b)));
  v = flush(_mm256_castsi256_ps(_mm256_unpacklo_epi64(c, d)));
  return _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_unpacklo_epi64(a, b), handle)) == -1;
}

// The level parameters of a group's two quads, rebuilt only when the quads' levels change (neighbouring
// quads, and the requests of a draw, mostly share them).
class LanesCache {
 public:
  TMU_AVX2_INLINE const Lanes& get(Plan& p, unsigned a, unsigned b) {
    if (a != a_ || b != b_) {
      lanes_ = lanes_of(p.at(a), p.at(b));
      a_ = a;
      b_ = b;
    }
    return lanes_;
  }

 private:
  unsigned a_ = ~0u, b_ = ~0u;
  Lanes lanes_{};
};

// One level of 8 lanes (fast_sample.cpp) or 8 taps of a lane (fast_aniso.cpp) between the paths' two phases: the
// texels' byte offsets and the weights.
struct Footprint {
  alignas(32) uint32_t address[4][8];  // t00, t01, t10, t11 (NEAREST: the texel in [0])
  __m256i weight[4];                   // w00, w01, w10, w11, each w | w << 16 (NEAREST: the total in [0])
};

TMU_AVX2_INLINE void store_addresses(Footprint& f, unsigned i, __m256i a) {
  _mm256_store_si256(reinterpret_cast<__m256i*>(f.address[i]), a);
}


// LINEAR's footprint addresses on one level for 8 elements (lanes or taps): texels x0, x0 + 1 and y0, y0 + 1
// (x0 and y0 wrapped or clamped, u0 and v0 as they were before) as byte offsets, rows t00, t01, t10, t11 of `f`.
TMU_AVX2_INLINE void linear_addresses(__m256i x0, __m256i y0, __m256i u0, __m256i v0, const Lanes& l, const Plan& p,
                                      Footprint& f) {
  const __m256i fx0 = x_bits(x0, l), fy0 = y_bits(y0, l);
  const __m256i fx1 = next_bits(fx0, l.x_mask, l.x_other, u0, l.wmax, p.wrap_u);
  const __m256i fy1 = next_bits(fy0, l.y_mask, l.y_other, v0, l.hmax, p.wrap_v);
  const __m256i ry0 = _mm256_add_epi32(fy0, l.offset), ry1 = _mm256_add_epi32(fy1, l.offset);
  store_addresses(f, 0, _mm256_add_epi32(fx0, ry0));
  store_addresses(f, 1, _mm256_add_epi32(fx0, ry1));
  store_addresses(f, 2, _mm256_add_epi32(fx1, ry0));
  store_addresses(f, 3, _mm256_add_epi32(fx1, ry1));
}

// The 8-bit footprint weights sharing the level's total (filter.cpp): u1 = round(wu T / 256), then
// w11 = round(wv u1 / 256), w01 = wv u0 / 256 rounded half down; wu, wv, T and the weights in both 16-bit halves
// of each dword, as accumulate takes them (every product and sum is below 2^16). `whole`: T is 256.
TMU_AVX2_INLINE void linear_weights(__m256i wu, __m256i wv, __m256i total, bool whole, Footprint& f) {
  const __m256i half = _mm256_set1_epi16(128);
  const __m256i col1 = whole ? wu  // round(wu 256 / 256)
                             : _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(wu, total), half), 8);
  const __m256i col0 = _mm256_sub_epi16(whole ? _mm256_set1_epi16(256) : total, col1);
  const __m256i w11 = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(wv, col1), half), 8);
  const __m256i w01 = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(wv, col0), _mm256_set1_epi16(127)), 8);
  f.weight[0] = _mm256_sub_epi16(col0, w01);
  f.weight[1] = w01;
  f.weight[2] = _mm256_sub_epi16(col1, w11);
  f.weight[3] = w11;
}

#endif

}  // namespace tmu::texunit::fast
