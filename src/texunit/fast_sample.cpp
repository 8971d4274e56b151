// SPDX-License-Identifier: MIT
// The fast path (fast_sample.h). Per request: check that it is a case the path covers (the plan, kept between
// requests while the bindings' stable_key() allows), choose each quad's levels with the reference LOD functions
// (lod.h), then sample 8 lanes (2 quads) at a time with AVX2: coordinates, weights and texel addresses with
// lanes in vector elements; then per lane, the texels' four components in one vector, two texels side by side
// in a 256-bit vector for linear filtering. What keeps it bit-identical to the reference (filter.cpp,
// addressing.cpp):
//   - texel-space coordinates: the reference truncates u to 2^-22 fixed point (Policy::coord_bits), scales it
//     by the size, and for LINEAR rounds (x - 0.5) * 256 half up, for NEAREST takes floor(x). With u * 2^22
//     exact in float and power-of-two sizes up to 4096, both are shifts of U = floor(u * 2^22); lanes with
//     |u| >= 256 (where int32 would not hold U) or NaN send the request to the reference path;
//   - weights: the low 8 bits of (fixed - 128);
//   - filtering: the reference's 16-bit fixed point (filter.cpp) in 32-bit integers: the footprint's 8-bit
//     weights times the 8-bit codes summed per lane (the 16-bit texels are 257 times the codes, so the sums are
//     257 times these), the level blend, the one rounding to 16 bits; the result N / 65535.0f, correctly rounded
//     by VDIVPS like float_of_unorm16 (and for NEAREST, N = 257 c, the same value as unorm_to_float's c / 255:
//     checked for all 256 codes before the path is used);
//   - addresses: block_linear_offset (block_linear.h) for Tegra GOBs and 4-byte texels splits into a part that
//     depends on x and one that depends on y, computed per lane.
#include "texunit/fast_sample.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>

#include "texunit/lod.h"
#include "texunit/memory_texture.h"
#include "texunit/numeric.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TMU_FAST_X86 1
#include <immintrin.h>
#define TMU_AVX2 __attribute__((target("avx2")))
#define TMU_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline
#else
#define TMU_FAST_X86 0
#endif

namespace tmu::texunit {
namespace {

// Per mip level: what the address and coordinate arithmetic needs, as 32-bit values.
struct LevelParams {
  int32_t wmax, hmax;  // width - 1, height - 1: the clamp limits and (powers of two) the wrap masks
  int32_t lin_u, lin_v;    // 14 - log2(size): U (u in 2^-22 fixed point) >> lin is the 8-bit sub-texel coordinate
  int32_t near_u, near_v;  // 22 - log2(size): U >> near is the texel
  int32_t block_shift; // log2 of the bytes of a block (GOBs per block in y and z times 512)
  int32_t row_shift;   // texel row to block row: 3 + log2(GOBs per block in y)
  int32_t gob_mask;    // GOBs per block in y - 1
  int32_t row_bytes;   // bytes per row of blocks
  int32_t offset;      // the level's first byte from the surface's
};

// What a request needs of its texture and sampler. Level parameters are filled when a quad first uses them.
struct Plan {
  const std::byte* base = nullptr;  // looked up for every request: mappings may change under a kept plan
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
    // Power-of-two sizes up to 4096 (make_plan): log2 is the position of the single bit.
    q.lin_u = 14 - std::countr_zero(lv.width), q.lin_v = 14 - std::countr_zero(lv.height);
    q.near_u = q.lin_u + 8, q.near_v = q.lin_v + 8;
    q.block_shift = 9 + lv.bl.gob_height_log2 + lv.bl.gob_depth_log2;
    q.row_shift = 3 + lv.bl.gob_height_log2;
    q.gob_mask = (1 << lv.bl.gob_height_log2) - 1;
    q.row_bytes = static_cast<int32_t>(uint64_t{lv.bl.gobs_x} << q.block_shift);
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

float f32(uint32_t bits) { return std::bit_cast<float>(bits); }

bool plain_rgba8(const FormatPlan& f) {
  if (f.layout().code != 0x08) return false;  // A8B8G8R8
  for (unsigned c = 0; c < 4; ++c)
    if (f.type(c) != DataType::Unorm || f.srgb_applies(c)) return false;
  return true;
}

bool make_plan(const BoundTexture& t, const Sampler& s, const Policy& p, Plan& plan) {
  const TextureHeader& h = t.header;
  if (p.subtexel_bits != 8 || p.subtexel_rounding != Rounding::NearestUp || p.coord_bits != 22) return false;
  // 16-bit fixed-point filtering, with lambda (hence the level blend's weight) in 8.8 fixed point.
  if (!p.unorm_fixed_point || p.lod_bits != 8 || p.lod_rounding == Rounding::Exact) return false;
  if (h.type != TextureType::Tex2D || !h.normalized_coords || s.force_unnormalized || s.depth_compare) return false;
  if (s.mag != MagFilter::Point && s.mag != MagFilter::Linear) return false;
  if (s.min != MinFilter::Point && s.min != MinFilter::Linear) return false;
  if (s.mip != MipFilter::None && s.mip != MipFilter::Point && s.mip != MipFilter::Linear) return false;
  for (unsigned a = 0; a < 2; ++a)
    if (s.address[a] != AddressMode::Wrap && s.address[a] != AddressMode::ClampToEdge) return false;
  const auto* mt = dynamic_cast<const MemoryTexture*>(t.access);
  if (!mt || !plain_rgba8(t.format) || !plain_rgba8(mt->format())) return false;
  const SurfaceLayout& l = mt->layout();
  if (l.memory_layout() != MemoryLayout::BlockLinear || l.gob_layout() != GobLayout::Tegra || l.block_bytes() != 4 ||
      l.block_width() != 1 || l.block_height() != 1 || l.samples_x() != 1 || l.samples_y() != 1 || h.sparse)
    return false;
  if (l.size_bytes() >= (uint64_t{1} << 31)) return false;
  // Levels of a power-of-two texture are powers of two (has_single_bit without POPCNT is a library call).
  const uint32_t w = l.level(0).width, hh = l.level(0).height;
  if ((w & (w - 1)) != 0 || (hh & (hh - 1)) != 0 || w > 4096 || hh > 4096) return false;
  plan.layout = &l;
  plan.memory = &mt->memory();
  plan.wrap_u = s.address[0] == AddressMode::Wrap;
  plan.wrap_v = s.address[1] == AddressMode::Wrap;
  const auto& sw = t.format.fields().swizzle;
  plan.identity_swizzle = sw[0] == Source::R && sw[1] == Source::G && sw[2] == Source::B && sw[3] == Source::A;
  return true;
}

// The reference's lod() for an implicit-LOD Sample followed by sample()'s level choice, for quad `q`.
// Divergent quads get LOD 0 (seed 000), as in the reference.
class QuadChooser {
 public:
  QuadChooser(const TextureHeader& h, Extent e, const Sampler& s, const Policy& p) : h_(h), s_(s), p_(p) {
    size_[0] = e.width;
    size_[1] = e.height;
    c_.bias = s5_8(s.mip_lod_bias);
    c_.min = u4_8(s.min_lod_clamp);
    c_.max = u4_8(s.max_lod_clamp);
    c_.view_min = u4_8(h.min_lod_clamp);
    // Without mipmapping the level is the view's first; the LOD then only picks MAG or MIN filtering, and when
    // both filter alike it does not matter.
    lod_free_ = s.mip == MipFilter::None && (s.mag == MagFilter::Linear) == (s.min != MinFilter::Point);
  }

  QuadChoice choose(const Request& rq, unsigned q) {
    if (lod_free_) {
      QuadChoice r{};
      r.active = true;
      r.level0 = r.level1 = view_min(h_);
      r.linear = s_.mag == MagFilter::Linear;
      return r;
    }
    const bool divergent = !rq.ndv && (!rq.pixel_shader || ((rq.ctm >> (4 * q)) & 0xf) != 0xf);
    if (divergent) return from_lambda(0);
    const Lane* l = &rq.lanes[4 * q];
    Gradients g;
    g.dims = 2;
    for (unsigned a = 0; a < 2; ++a) {
      const double c0 = f32(l[0].coord[a]);
      g.dx[a] = (f32(l[1].coord[a]) - c0) * size_[a];
      g.dy[a] = (f32(l[2].coord[a]) - c0) * size_[a];
    }
    // Neighbouring quads usually have the same derivatives: the choice depends on rho alone, keep the last.
    const double rh = rho(g, p_.rho);
    if (!has_last_ || std::bit_cast<uint64_t>(rh) != std::bit_cast<uint64_t>(last_rho_)) {
      last_rho_ = rh;
      last_ = from_lambda(lambda_from_rho(rh, p_));
      has_last_ = true;
    }
    return last_;
  }

 private:
  QuadChoice from_lambda(double lambda) const {
    QuadChoice r{};
    r.active = true;
    const double lam = quantize_lod(biased_lod(lambda, c_), p_);
    const LevelChoice c = choose_levels(lam, s_.mip, view_min(h_), view_max(h_), p_);
    r.linear = c.magnify ? s_.mag == MagFilter::Linear : s_.min != MinFilter::Point;
    r.level0 = c.level0;
    r.two_levels = c.weight1 > 0 && c.level1 != c.level0;
    r.level1 = r.two_levels ? c.level1 : c.level0;
    // lambda's fraction in 1/256 (the policies the path takes keep lambda in 8.8 fixed point).
    r.f = static_cast<int32_t>(c.weight1 * 256.0f);
    return r;
  }

  const TextureHeader& h_;
  const Sampler& s_;
  const Policy& p_;
  double size_[2] = {1, 1};
  LodControls c_;
  bool lod_free_ = false;
  bool has_last_ = false;
  double last_rho_ = 0;
  QuadChoice last_{};
};

#if TMU_FAST_X86

TMU_AVX2_INLINE __m256i pair_i(int32_t a, int32_t b) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_set1_epi32(a)), _mm_set1_epi32(b), 1);
}

// Per-lane level parameters of two quads (lanes 0-3 from level a, 4-7 from level b).
struct Lanes {
  __m256i lin_u, lin_v, near_u, near_v;
  __m256i wmax, hmax, block_shift, row_shift, gob_mask, row_bytes, offset;
};

TMU_AVX2_INLINE Lanes lanes_of(const LevelParams& a, const LevelParams& b) {
  return {pair_i(a.lin_u, b.lin_u),     pair_i(a.lin_v, b.lin_v),
          pair_i(a.near_u, b.near_u),   pair_i(a.near_v, b.near_v),
          pair_i(a.wmax, b.wmax),       pair_i(a.hmax, b.hmax),
          pair_i(a.block_shift, b.block_shift), pair_i(a.row_shift, b.row_shift),
          pair_i(a.gob_mask, b.gob_mask), pair_i(a.row_bytes, b.row_bytes),
          pair_i(a.offset, b.offset)};
}

TMU_AVX2_INLINE __m256i wrap(__m256i i, __m256i max, bool repeat) {
  // WRAP on a power of two is the low bits (floor_mod); CLAMP_TO_EDGE clamps to [0, n - 1].
  return repeat ? _mm256_and_si256(i, max) : _mm256_min_epi32(_mm256_max_epi32(i, _mm256_setzero_si256()), max);
}

// block_linear_offset's x part for 4-byte texels: GOB column, then (x_bytes & 32) << 3 | x4 << 5 | x_bytes & 15.
TMU_AVX2_INLINE __m256i x_part(__m256i x, const Lanes& l) {
  const __m256i gob = _mm256_sllv_epi32(_mm256_srli_epi32(x, 4), l.block_shift);
  const __m256i b8 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(8)), 5);
  const __m256i b4 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(4)), 3);
  const __m256i b3 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(3)), 2);
  return _mm256_add_epi32(_mm256_add_epi32(gob, b8), _mm256_add_epi32(b4, b3));
}

// ... and its y part with the level offset: block row, GOB in the block, then y0 << 4 | y2y1 << 6.
TMU_AVX2_INLINE __m256i y_part(__m256i y, const Lanes& l) {
  const __m256i rows = _mm256_mullo_epi32(_mm256_srlv_epi32(y, l.row_shift), l.row_bytes);
  const __m256i gob = _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(y, 3), l.gob_mask), 9);
  const __m256i b1 = _mm256_slli_epi32(_mm256_and_si256(y, _mm256_set1_epi32(1)), 4);
  const __m256i b6 = _mm256_slli_epi32(_mm256_and_si256(y, _mm256_set1_epi32(6)), 5);
  return _mm256_add_epi32(_mm256_add_epi32(rows, gob), _mm256_add_epi32(_mm256_add_epi32(b1, b6), l.offset));
}

// Eight lanes' results, one RGBA vector per lane, before the fixed-point rounding: for LINEAR the weighted
// sums T of the 8-bit codes (the 16-bit sum of the reference is 257 T, with 16 fractional bits), for NEAREST the
// codes.
struct Texels8 {
  __m128i lane[8];
};

// The RGBA8 texel at byte `address`, its components widened to 32 bits in one load.
TMU_AVX2_INLINE __m128i texel_bytes(const std::byte* base, uint32_t address) {
  return _mm_cvtepu8_epi32(_mm_loadu_si32(base + address));
}
// A 16-bit fixed-point result N as the reference returns it (float_of_unorm16): N / 65535.0f, correctly rounded.
TMU_AVX2_INLINE __m128 unorm16(__m128i n) { return _mm_div_ps(_mm_cvtepi32_ps(n), _mm_set1_ps(65535.0f)); }

// LINEAR's 8-bit sub-texel coordinate floor((x - 0.5) * 256 + 0.5) of U = u * 2^22, where x * 256 = U / 2^lin:
// ((U + 2^(lin - 1)) >> lin) - 128 (lin >= 2).
TMU_AVX2_INLINE __m256i fixed8(__m256i c, __m256i lin) {
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i round = _mm256_sllv_epi32(one, _mm256_sub_epi32(lin, one));
  return _mm256_sub_epi32(_mm256_srav_epi32(_mm256_add_epi32(c, round), lin), _mm256_set1_epi32(128));
}

// One level for the lanes of `lanes` (sample_level in filter.cpp). Coordinates, weights and addresses are
// computed for 8 lanes at a time; texels are then loaded, decoded and filtered per lane, all four components in
// one vector (no gathers or transposes). False when an active lane's coordinates are outside what int32 fixed
// point holds.
TMU_AVX2_INLINE bool sample8(const Plan& p, const Lanes& l, __m256 u, __m256 v, bool linear, int active,
                             unsigned lanes, int32_t total_a, int32_t total_b, Texels8& out) {
  // u and v in 2^-22 fixed point, truncated (Policy::coord_bits); exact in float, since u * 2^22 only moves the
  // exponent.
  const __m256 s22 = _mm256_set1_ps(0x1p22f);
  const __m256 fu = _mm256_mul_ps(u, s22), fv = _mm256_mul_ps(v, s22);
  const __m256 abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const __m256 limit = _mm256_set1_ps(0x1p30f);
  const __m256 ok = _mm256_and_ps(_mm256_cmp_ps(_mm256_and_ps(fu, abs_mask), limit, _CMP_LT_OQ),
                                  _mm256_cmp_ps(_mm256_and_ps(fv, abs_mask), limit, _CMP_LT_OQ));
  if ((~_mm256_movemask_ps(ok) & active) != 0) return false;
  // Inactive lanes' coordinates may be anything: wrap and clamp keep their addresses inside the level anyway.
  const __m256i iu = _mm256_cvttps_epi32(_mm256_floor_ps(fu)), iv = _mm256_cvttps_epi32(_mm256_floor_ps(fv));
  alignas(32) uint32_t a[4][8];
  if (!linear) {
    // NEAREST: the floor of the texel coordinate, U * size / 2^22.
    const __m256i x = wrap(_mm256_srav_epi32(iu, l.near_u), l.wmax, p.wrap_u);
    const __m256i y = wrap(_mm256_srav_epi32(iv, l.near_v), l.hmax, p.wrap_v);
    _mm256_store_si256(reinterpret_cast<__m256i*>(a[0]), _mm256_add_epi32(x_part(x, l), y_part(y, l)));
    for (unsigned i = 0; i < 8; ++i)
      if ((lanes >> i) & 1) out.lane[i] = _mm_mullo_epi32(texel_bytes(p.base, a[0][i]), _mm_set1_epi32(i < 4 ? total_a : total_b));
    return true;
  }
  const __m256i frac = _mm256_set1_epi32(255), one = _mm256_set1_epi32(1);
  const __m256i ou = fixed8(iu, l.lin_u), ov = fixed8(iv, l.lin_v);
  alignas(32) int32_t wu[8], wv[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(wu), _mm256_and_si256(ou, frac));
  _mm256_store_si256(reinterpret_cast<__m256i*>(wv), _mm256_and_si256(ov, frac));
  const __m256i u0 = _mm256_srai_epi32(ou, 8), v0 = _mm256_srai_epi32(ov, 8);
  const __m256i x0 = x_part(wrap(u0, l.wmax, p.wrap_u), l), x1 = x_part(wrap(_mm256_add_epi32(u0, one), l.wmax, p.wrap_u), l);
  const __m256i y0 = y_part(wrap(v0, l.hmax, p.wrap_v), l), y1 = y_part(wrap(_mm256_add_epi32(v0, one), l.hmax, p.wrap_v), l);
  _mm256_store_si256(reinterpret_cast<__m256i*>(a[0]), _mm256_add_epi32(x0, y0));  // t00
  _mm256_store_si256(reinterpret_cast<__m256i*>(a[1]), _mm256_add_epi32(x0, y1));  // t01
  _mm256_store_si256(reinterpret_cast<__m256i*>(a[2]), _mm256_add_epi32(x1, y0));  // t10
  _mm256_store_si256(reinterpret_cast<__m256i*>(a[3]), _mm256_add_epi32(x1, y1));  // t11
  for (unsigned i = 0; i < 8; ++i) {
    if (!((lanes >> i) & 1)) continue;
    // (t00, t01) and (t10, t11) side by side, times the 8-bit footprint weights that share the level's total
    // (filter.cpp: u1 = round(wu T / 256), w11 = round(wv u1 / 256), w01 = wv u0 / 256 rounded half down); the sum
    // is at most T * 255.
    const __m256i left = _mm256_inserti128_si256(_mm256_castsi128_si256(texel_bytes(p.base, a[0][i])),
                                                 texel_bytes(p.base, a[1][i]), 1);
    const __m256i right = _mm256_inserti128_si256(_mm256_castsi128_si256(texel_bytes(p.base, a[2][i])),
                                                  texel_bytes(p.base, a[3][i]), 1);
    const int32_t total = i < 4 ? total_a : total_b;
    const int32_t col1 = (wu[i] * total + 128) >> 8, col0 = total - col1;
    const int32_t w11 = (wv[i] * col1 + 128) >> 8, w01 = (wv[i] * col0 + 127) >> 8;
    const int32_t w10 = col1 - w11, w00 = col0 - w01;
    const __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(left, _mm256_set_m128i(_mm_set1_epi32(w01), _mm_set1_epi32(w00))),
                                         _mm256_mullo_epi32(right, _mm256_set_m128i(_mm_set1_epi32(w11), _mm_set1_epi32(w10))));
    out.lane[i] = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  }
  return true;
}

// Coordinates u and v of 8 lanes: each lane's (u, v) pair in one 64-bit load, then de-interleaved (fewer
// shuffles than building u and v from 16 single loads; VPGATHERDD with Lane's stride measured slower).
TMU_AVX2_INLINE void lane_coords(const Lane* in, __m256& u, __m256& v) {
  auto pair = [&](unsigned i, unsigned j) {  // (u_i, v_i, u_j, v_j)
    const __m128 lo = _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(in[i].coord.data())));
    return _mm_loadh_pi(lo, reinterpret_cast<const __m64*>(in[j].coord.data()));
  };
  const __m256 a = _mm256_insertf128_ps(_mm256_castps128_ps256(pair(0, 1)), pair(4, 5), 1);  // lanes 0 1 | 4 5
  const __m256 b = _mm256_insertf128_ps(_mm256_castps128_ps256(pair(2, 3)), pair(6, 7), 1);  // lanes 2 3 | 6 7
  u = _mm256_shuffle_ps(a, b, 0x88);  // u0 u1 u2 u3 | u4 u5 u6 u7
  v = _mm256_shuffle_ps(a, b, 0xdd);
}

// The level parameters of a group's two quads, rebuilt only when the quads' levels change (neighbouring quads
// mostly share them).
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

// The reference's one rounding (filter.cpp, sample() in texture_unit.cpp): the 16-bit sums are 257 times the
// lanes' sums of codes times 8-bit weights (both levels' weights add up to 256), so N = (257 (t0 + t1) + 128) >> 8;
// 257 * 256 * 255 stays far below 2^32.
TMU_AVX2_INLINE __m128i rounded(__m128i t0, __m128i t1) {
  return _mm_srli_epi32(_mm_add_epi32(_mm_mullo_epi32(_mm_add_epi32(t0, t1), _mm_set1_epi32(257)), _mm_set1_epi32(128)), 8);
}

// One level of two quads, each with its own filter and its share of the weight (`ta`, `tb`: 256, or 256 - f and
// f for two levels).
TMU_AVX2_INLINE bool sample_quads(const Plan& p, const Lanes& l, __m256 u, __m256 v, const QuadChoice& qa,
                                  const QuadChoice& qb, int active, int32_t ta, int32_t tb, Texels8& r) {
  if (qa.linear == qb.linear) return sample8(p, l, u, v, qa.linear, active, 0xff, ta, tb, r);
  return sample8(p, l, u, v, qa.linear, active & 0x0f, 0x0f, ta, tb, r) &&
         sample8(p, l, u, v, qb.linear, active & 0xf0, 0xf0, ta, tb, r);
}

// Two quads, lanes 8g .. 8g + 7.
TMU_AVX2_INLINE bool run_group(Plan& p, LanesCache (&cache)[2], const FormatPlan& format, const Request& rq,
                               unsigned g, QuadChoice qa, QuadChoice qb, Response& out) {
  const int active = static_cast<int>((rq.active >> (8 * g)) & 0xff);
  if (!qa.active) qa = qb;  // a quad without active lanes computes the other's choice and stores nothing
  if (!qb.active) qb = qa;
  __m256 u, v;
  lane_coords(&rq.lanes[8 * g], u, v);
  const int32_t a1 = qa.two_levels ? qa.f : 0, b1 = qb.two_levels ? qb.f : 0;
  Texels8 r;
  if (!sample_quads(p, cache[0].get(p, qa.level0, qb.level0), u, v, qa, qb, active, 256 - a1, 256 - b1, r)) return false;
  Texels8 r1;
  const bool two = qa.two_levels || qb.two_levels;
  if (two && !sample_quads(p, cache[1].get(p, qa.level1, qb.level1), u, v, qa, qb, active, a1, b1, r1)) return false;
  float* dst = reinterpret_cast<float*>(out.value[8 * g].data());  // 8 lanes x 4 words, contiguous
  const __m128i zero = _mm_setzero_si128();
  for (unsigned i = 0; i < 8; ++i)
    if ((active >> i) & 1) _mm_storeu_ps(dst + 4 * i, unorm16(rounded(r.lane[i], two ? r1.lane[i] : zero)));
  if (!p.identity_swizzle)
    for (unsigned i = 0; i < 8; ++i)
      if ((active >> i) & 1) out.value[8 * g + i] = apply_swizzle(format, Texel{out.value[8 * g + i]}).bits;
  return true;
}

// The four groups of a request.
TMU_AVX2 bool run_groups(Plan& p, const FormatPlan& format, const Request& rq,
                         const std::array<QuadChoice, kWarpSize / 4>& quads, Response& out) {
  LanesCache cache[2];  // level0 and level1 pairs
  for (unsigned g = 0; g < kWarpSize / 8; ++g) {
    if (!quads[2 * g].active && !quads[2 * g + 1].active) continue;
    if (!run_group(p, cache, format, rq, g, quads[2 * g], quads[2 * g + 1], out)) return false;
  }
  return true;
}

bool check_decode() {
  for (uint32_t k = 0; k < 256; ++k)
    if (std::bit_cast<uint32_t>(static_cast<float>(257 * k) / 65535.0f) != std::bit_cast<uint32_t>(unorm_to_float(k, 8)))
      return false;
  return true;
}

// The last plan a thread made, kept while the bindings' stable_key() promises that their texture and sampler
// stay the same (consecutive requests, a draw's warps, mostly share them).
struct PlanCache {
  uint64_t key = 0;  // 0: nothing kept
  uint32_t handle = 0;
  Policy policy;
  const BoundTexture* tex = nullptr;
  bool usable = false;  // make_plan accepted the texture and sampler
  Plan plan;
  std::optional<QuadChooser> chooser;  // refers to policy above and to the bindings' header and sampler
};

PlanCache& plan_cache() {
  thread_local PlanCache cache;
  return cache;
}

// The plan for `handle`: the kept one, or a new one (kept when the bindings allow it). Null when the fast path
// does not cover the texture and sampler.
PlanCache* plan_for(const Bindings& bindings, const Policy& policy, uint32_t handle) {
  PlanCache& c = plan_cache();
  const uint64_t key = bindings.stable_key();
  if (key != 0 && key == c.key && handle == c.handle && policy == c.policy) return c.usable ? &c : nullptr;
  // A new answer, kept (bindings without a key give 0: nothing kept) whether or not the path covers the texture,
  // so that requests the fast path refuses do not look it up again either.
  c.key = key;
  c.handle = handle;
  c.policy = policy;
  c.chooser.reset();
  c.plan = Plan{};
  c.tex = bindings.texture(header_index(handle));
  const Sampler* smp = bindings.sampler(bindings.sampler_via_header() ? header_index(handle) : sampler_index(handle));
  c.usable = c.tex && c.tex->access && smp && make_plan(*c.tex, *smp, policy, c.plan);
  if (!c.usable) return nullptr;
  c.chooser.emplace(c.tex->header, c.tex->access->extent(view_min(c.tex->header)), *smp, c.policy);
  return &c;
}

#endif

}  // namespace

bool fast_sample_available() {
#if TMU_FAST_X86
  static const bool ok = __builtin_cpu_supports("avx2") && check_decode();
  return ok;
#else
  return false;
#endif
}

bool fast_sample(const Bindings& bindings, const Policy& policy, const Request& rq, Response& out) {
#if TMU_FAST_X86
  if (rq.op != TexOp::Sample || rq.lod != LodMode::Implicit || rq.dim != Dim::Tex2D || rq.depth_compare || rq.aoffi ||
      rq.lod_clamp || rq.active == 0 || !fast_sample_available())
    return false;
  const uint32_t handle = rq.lanes[0].handle;
  uint32_t differ = 0;  // branch-free: one test for the 32 lanes
  for (const Lane& l : rq.lanes) differ |= l.handle ^ handle;
  if (differ != 0) return false;
  PlanCache* cache = plan_for(bindings, policy, handle);
  if (!cache) return false;
  Plan& plan = cache->plan;
  plan.base = plan.memory->contiguous(plan.layout->base(), plan.layout->size_bytes());
  if (!plan.base) return false;
  QuadChooser& chooser = *cache->chooser;
  std::array<QuadChoice, kWarpSize / 4> quads;  // (QuadChoice has no default initializers: no memset here)
  for (unsigned q = 0; q < quads.size(); ++q) quads[q] = (rq.active >> (4 * q)) & 0xf ? chooser.choose(rq, q) : QuadChoice{};
  if (!run_groups(plan, cache->tex->format, rq, quads, out)) return false;
  if (rq.active != ~0u)  // run_group writes the active lanes only
    for (unsigned l = 0; l < kWarpSize; ++l)
      if (!((rq.active >> l) & 1)) out.value[l] = {};
  out.written = out.resident = rq.active;  // every texel of a fully mapped surface is resident
  return true;
#else
  (void)bindings;
  (void)policy;
  (void)rq;
  (void)out;
  return false;
#endif
}

}  // namespace tmu::texunit
