// SPDX-License-Identifier: MIT
// The fast path (fast_sample.h). Per request: check that it is a case the path covers, choose each quad's levels
// with the reference LOD functions (lod.h), then sample 8 lanes (2 quads) at a time with AVX2, lanes in vector
// elements and R, G, B, A in separate vectors. What keeps it bit-identical to the reference (filter.cpp,
// addressing.cpp):
//   - texel-space coordinates: the reference forms u * size in double and rounds u * size * 256 to the nearest
//     integer (8 sub-texel bits, Policy::nvidia()). For power-of-two sizes u * size * 256 is exact in float as
//     well, and VCVTPS2DQ rounds to nearest even like nearbyint; lanes with |u * size| >= 2^22 (where int32
//     would not hold the fixed-point value) or NaN send the request to the reference path;
//   - weights: the low 8 bits of (fixed - 128), times 1/256, exact in both;
//   - UNORM8 decode: c / 255.0f, correctly rounded by VDIVPS, which is what unorm_to_float returns (checked for
//     all 256 codes before the path is used);
//   - filtering: a + w * (b - a) with separate multiply and add (no FMA: this file is compiled for AVX2 only, so
//     the compiler cannot contract them), in the reference's order (rows, then columns, then levels);
//   - addresses: block_linear_offset (block_linear.h) for Tegra GOBs and 4-byte texels splits into a part that
//     depends on x and one that depends on y, computed per lane.
#include "texunit/fast_sample.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include "texunit/lod.h"
#include "texunit/memory_texture.h"
#include "texunit/numeric.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TMU_FAST_X86 1
#include <immintrin.h>
#define TMU_AVX2 __attribute__((target("avx2")))
#else
#define TMU_FAST_X86 0
#endif

namespace tmu::texunit {
namespace {

// Per mip level: what the address and coordinate arithmetic needs, as 32-bit values.
struct LevelParams {
  int32_t wmax, hmax;  // width - 1, height - 1: the clamp limits and (powers of two) the wrap masks
  float su, sv;        // width * 256, height * 256: normalized coordinates to 8-bit fixed point
  int32_t block_shift; // log2 of the bytes of a block (GOBs per block in y and z times 512)
  int32_t row_shift;   // texel row to block row: 3 + log2(GOBs per block in y)
  int32_t gob_mask;    // GOBs per block in y - 1
  int32_t row_bytes;   // bytes per row of blocks
  int32_t offset;      // the level's first byte from the surface's
};

// What a request needs of its texture and sampler. Level parameters are filled when a quad first uses them.
struct Plan {
  const std::byte* base = nullptr;
  const SurfaceLayout* layout = nullptr;
  bool wrap_u = true, wrap_v = true;  // WRAP, else CLAMP_TO_EDGE
  bool identity_swizzle = true;
  uint32_t ready = 0;  // bit i: level[i] is filled
  std::array<LevelParams, kMaxLevels> level;

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
    q.su = static_cast<float>(lv.width * 256);
    q.sv = static_cast<float>(lv.height * 256);
    q.block_shift = 9 + lv.bl.gob_height_log2 + lv.bl.gob_depth_log2;
    q.row_shift = 3 + lv.bl.gob_height_log2;
    q.gob_mask = (1 << lv.bl.gob_height_log2) - 1;
    q.row_bytes = static_cast<int32_t>(uint64_t{lv.bl.gobs_x} << q.block_shift);
    q.offset = static_cast<int32_t>(lv.offset);
    ready |= 1u << i;
  }
};

// A quad's levels and filters, as the reference's sample() chooses them.
struct QuadChoice {
  bool active = false;
  bool linear = false;
  bool two_levels = false;  // blend level1 into level0 with weight w1
  unsigned level0 = 0, level1 = 0;
  float w1 = 0;
};

float f32(uint32_t bits) { return std::bit_cast<float>(bits); }

unsigned view_min(const TextureHeader& h) { return std::min<unsigned>(h.view_min_level, h.max_mip_level); }
unsigned view_max(const TextureHeader& h) { return std::clamp<unsigned>(h.view_max_level, view_min(h), h.max_mip_level); }

bool plain_rgba8(const FormatPlan& f) {
  if (f.layout().code != 0x08) return false;  // A8B8G8R8
  for (unsigned c = 0; c < 4; ++c)
    if (f.type(c) != DataType::Unorm || f.srgb_applies(c)) return false;
  return true;
}

bool make_plan(const BoundTexture& t, const Sampler& s, const Policy& p, Plan& plan) {
  const TextureHeader& h = t.header;
  if (p.subtexel_bits != 8 || p.subtexel_rounding != Rounding::Nearest) return false;
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
  plan.base = mt->memory().contiguous(l.base(), l.size_bytes());
  if (!plan.base) return false;
  // Levels of a power-of-two texture are powers of two (has_single_bit without POPCNT is a library call).
  const uint32_t w = l.level(0).width, hh = l.level(0).height;
  if ((w & (w - 1)) != 0 || (hh & (hh - 1)) != 0 || w > 4096 || hh > 4096) return false;
  plan.layout = &l;
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
  QuadChooser(const BoundTexture& t, const Sampler& s, const Policy& p) : t_(t), s_(s), p_(p) {
    const Extent e = t.access->extent(view_min(t.header));
    size_[0] = e.width;
    size_[1] = e.height;
    c_.bias = s5_8(s.mip_lod_bias);
    c_.min = u4_8(s.min_lod_clamp);
    c_.max = u4_8(s.max_lod_clamp);
    c_.view_min = u4_8(t.header.min_lod_clamp);
    // Without mipmapping the level is the view's first; the LOD then only picks MAG or MIN filtering, and when
    // both filter alike it does not matter.
    lod_free_ = s.mip == MipFilter::None && (s.mag == MagFilter::Linear) == (s.min != MinFilter::Point);
  }

  QuadChoice choose(const Request& rq, unsigned q) {
    if (lod_free_) {
      QuadChoice r;
      r.active = true;
      r.level0 = r.level1 = view_min(t_.header);
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
    QuadChoice r;
    r.active = true;
    const double lam = quantize_lod(biased_lod(lambda, c_), p_);
    const LevelChoice c = choose_levels(lam, s_.mip, view_min(t_.header), view_max(t_.header), p_);
    r.linear = c.magnify ? s_.mag == MagFilter::Linear : s_.min != MinFilter::Point;
    r.level0 = c.level0;
    r.two_levels = c.weight1 > 0 && c.level1 != c.level0;
    r.level1 = r.two_levels ? c.level1 : c.level0;
    r.w1 = c.weight1;
    return r;
  }

  const BoundTexture& t_;
  const Sampler& s_;
  const Policy& p_;
  double size_[2] = {1, 1};
  LodControls c_;
  bool lod_free_ = false;
  bool has_last_ = false;
  double last_rho_ = 0;
  QuadChoice last_;
};

#if TMU_FAST_X86

TMU_AVX2 __m256i pair_i(int32_t a, int32_t b) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_set1_epi32(a)), _mm_set1_epi32(b), 1);
}
TMU_AVX2 __m256 pair_f(float a, float b) {
  return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_set1_ps(a)), _mm_set1_ps(b), 1);
}

// Per-lane level parameters of two quads (lanes 0-3 from level a, 4-7 from level b).
struct Lanes {
  __m256 su, sv;
  __m256i wmax, hmax, block_shift, row_shift, gob_mask, row_bytes, offset;
};

TMU_AVX2 Lanes lanes_of(const LevelParams& a, const LevelParams& b) {
  return {pair_f(a.su, b.su),           pair_f(a.sv, b.sv),
          pair_i(a.wmax, b.wmax),       pair_i(a.hmax, b.hmax),
          pair_i(a.block_shift, b.block_shift), pair_i(a.row_shift, b.row_shift),
          pair_i(a.gob_mask, b.gob_mask), pair_i(a.row_bytes, b.row_bytes),
          pair_i(a.offset, b.offset)};
}

TMU_AVX2 __m256i wrap(__m256i i, __m256i max, bool repeat) {
  // WRAP on a power of two is the low bits (floor_mod); CLAMP_TO_EDGE clamps to [0, n - 1].
  return repeat ? _mm256_and_si256(i, max) : _mm256_min_epi32(_mm256_max_epi32(i, _mm256_setzero_si256()), max);
}

// block_linear_offset's x part for 4-byte texels: GOB column, then (x_bytes & 32) << 3 | x4 << 5 | x_bytes & 15.
TMU_AVX2 __m256i x_part(__m256i x, const Lanes& l) {
  const __m256i gob = _mm256_sllv_epi32(_mm256_srli_epi32(x, 4), l.block_shift);
  const __m256i b8 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(8)), 5);
  const __m256i b4 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(4)), 3);
  const __m256i b3 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(3)), 2);
  return _mm256_add_epi32(_mm256_add_epi32(gob, b8), _mm256_add_epi32(b4, b3));
}

// ... and its y part with the level offset: block row, GOB in the block, then y0 << 4 | y2y1 << 6.
TMU_AVX2 __m256i y_part(__m256i y, const Lanes& l) {
  const __m256i rows = _mm256_mullo_epi32(_mm256_srlv_epi32(y, l.row_shift), l.row_bytes);
  const __m256i gob = _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(y, 3), l.gob_mask), 9);
  const __m256i b1 = _mm256_slli_epi32(_mm256_and_si256(y, _mm256_set1_epi32(1)), 4);
  const __m256i b6 = _mm256_slli_epi32(_mm256_and_si256(y, _mm256_set1_epi32(6)), 5);
  return _mm256_add_epi32(_mm256_add_epi32(rows, gob), _mm256_add_epi32(_mm256_add_epi32(b1, b6), l.offset));
}

struct Rgba8 {
  __m256 c[4];
};

TMU_AVX2 __m256i load8(const std::byte* base, __m256i address) {
  // Eight loads: faster than VPGATHERDD on the machines measured (docs/status.md).
  alignas(32) uint32_t a[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(a), address);
  auto at = [&](unsigned i) {
    int32_t v;
    std::memcpy(&v, base + a[i], 4);
    return v;
  };
  return _mm256_setr_epi32(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7));
}

TMU_AVX2 Rgba8 fetch(const std::byte* base, __m256i address) {
  const __m256i t = load8(base, address);
  const __m256i m = _mm256_set1_epi32(255);
  const __m256 d = _mm256_set1_ps(255.0f);
  Rgba8 r;
  r.c[0] = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(t, m)), d);
  r.c[1] = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(t, 8), m)), d);
  r.c[2] = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(t, 16), m)), d);
  r.c[3] = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(t, 24)), d);
  return r;
}

TMU_AVX2 __m256 lerp(__m256 a, __m256 b, __m256 w) { return _mm256_add_ps(a, _mm256_mul_ps(w, _mm256_sub_ps(b, a))); }

TMU_AVX2 Rgba8 lerp(const Rgba8& a, const Rgba8& b, __m256 w) {
  Rgba8 r;
  for (unsigned c = 0; c < 4; ++c) r.c[c] = lerp(a.c[c], b.c[c], w);
  return r;
}

// One level for 8 lanes (sample_level in filter.cpp). False when an active lane's coordinates are outside what
// int32 fixed point holds.
TMU_AVX2 bool sample8(const Plan& p, const Lanes& l, __m256 u, __m256 v, bool linear, int active, Rgba8& out) {
  const __m256 fu = _mm256_mul_ps(u, l.su), fv = _mm256_mul_ps(v, l.sv);
  const __m256 abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const __m256 limit = _mm256_set1_ps(0x1p30f);
  const __m256 ok = _mm256_and_ps(_mm256_cmp_ps(_mm256_and_ps(fu, abs_mask), limit, _CMP_LT_OQ),
                                  _mm256_cmp_ps(_mm256_and_ps(fv, abs_mask), limit, _CMP_LT_OQ));
  if ((~_mm256_movemask_ps(ok) & active) != 0) return false;
  const __m256i iu = _mm256_cvtps_epi32(fu), iv = _mm256_cvtps_epi32(fv);  // round to nearest even
  if (!linear) {
    const __m256i x = wrap(_mm256_srai_epi32(iu, 8), l.wmax, p.wrap_u);
    const __m256i y = wrap(_mm256_srai_epi32(iv, 8), l.hmax, p.wrap_v);
    out = fetch(p.base, _mm256_add_epi32(x_part(x, l), y_part(y, l)));
    return true;
  }
  const __m256i half = _mm256_set1_epi32(128), frac = _mm256_set1_epi32(255), one = _mm256_set1_epi32(1);
  const __m256i ou = _mm256_sub_epi32(iu, half), ov = _mm256_sub_epi32(iv, half);
  const __m256 inv = _mm256_set1_ps(1.0f / 256);
  const __m256 wu = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(ou, frac)), inv);
  const __m256 wv = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(ov, frac)), inv);
  const __m256i u0 = _mm256_srai_epi32(ou, 8), v0 = _mm256_srai_epi32(ov, 8);
  const __m256i x0 = x_part(wrap(u0, l.wmax, p.wrap_u), l), x1 = x_part(wrap(_mm256_add_epi32(u0, one), l.wmax, p.wrap_u), l);
  const __m256i y0 = y_part(wrap(v0, l.hmax, p.wrap_v), l), y1 = y_part(wrap(_mm256_add_epi32(v0, one), l.hmax, p.wrap_v), l);
  const Rgba8 t00 = fetch(p.base, _mm256_add_epi32(x0, y0)), t10 = fetch(p.base, _mm256_add_epi32(x1, y0));
  const Rgba8 t01 = fetch(p.base, _mm256_add_epi32(x0, y1)), t11 = fetch(p.base, _mm256_add_epi32(x1, y1));
  out = lerp(lerp(t00, t10, wu), lerp(t01, t11, wu), wv);
  return true;
}

TMU_AVX2 Rgba8 blend_quads(const Rgba8& a, const Rgba8& b) {  // lanes 0-3 from a, 4-7 from b
  Rgba8 r;
  for (unsigned c = 0; c < 4; ++c) r.c[c] = _mm256_blend_ps(a.c[c], b.c[c], 0xf0);
  return r;
}

// Coordinate a of 8 lanes, built in registers (a vector load of lanes stored one by one would stall forwarding).
TMU_AVX2 __m256 lane_coords(const Lane* in, unsigned a) {
  auto c = [&](unsigned i) { return static_cast<int32_t>(in[i].coord[a]); };
  return _mm256_castsi256_ps(_mm256_setr_epi32(c(0), c(1), c(2), c(3), c(4), c(5), c(6), c(7)));
}

// Two quads, lanes 8g .. 8g + 7.
TMU_AVX2 bool run_group(Plan& p, const FormatPlan& format, const Request& rq, unsigned g, QuadChoice qa,
                        QuadChoice qb, Response& out) {
  const int active = static_cast<int>((rq.active >> (8 * g)) & 0xff);
  if (!qa.active) qa = qb;  // a quad without active lanes computes the other's choice and stores nothing
  if (!qb.active) qb = qa;
  const __m256 u = lane_coords(&rq.lanes[8 * g], 0), v = lane_coords(&rq.lanes[8 * g], 1);
  Rgba8 r;
  const Lanes l0 = lanes_of(p.at(qa.level0), p.at(qb.level0));
  if (qa.linear == qb.linear) {
    if (!sample8(p, l0, u, v, qa.linear, active, r)) return false;
  } else {
    Rgba8 ra, rb;
    if (!sample8(p, l0, u, v, qa.linear, active & 0x0f, ra) || !sample8(p, l0, u, v, qb.linear, active & 0xf0, rb))
      return false;
    r = blend_quads(ra, rb);
  }
  if (qa.two_levels || qb.two_levels) {
    const Lanes l1 = lanes_of(p.at(qa.level1), p.at(qb.level1));
    Rgba8 r1;
    if (qa.linear == qb.linear) {
      if (!sample8(p, l1, u, v, qa.linear, active, r1)) return false;
    } else {
      Rgba8 ra, rb;
      if (!sample8(p, l1, u, v, qa.linear, active & 0x0f, ra) || !sample8(p, l1, u, v, qb.linear, active & 0xf0, rb))
        return false;
      r1 = blend_quads(ra, rb);
    }
    // r += w1 * (r1 - r) where the quad blends two levels.
    const __m256 w = pair_f(qa.w1, qb.w1);
    const int mask = (qa.two_levels ? 0x0f : 0) | (qb.two_levels ? 0xf0 : 0);
    const __m256 sel = _mm256_castsi256_ps(_mm256_cmpgt_epi32(
        _mm256_and_si256(_mm256_set1_epi32(mask), _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128)), _mm256_setzero_si256()));
    for (unsigned c = 0; c < 4; ++c) r.c[c] = _mm256_blendv_ps(r.c[c], lerp(r.c[c], r1.c[c], w), sel);
  }
  // R, G, B, A vectors to one RGBA row per lane.
  const __m256 t0 = _mm256_unpacklo_ps(r.c[0], r.c[1]), t1 = _mm256_unpackhi_ps(r.c[0], r.c[1]);
  const __m256 t2 = _mm256_unpacklo_ps(r.c[2], r.c[3]), t3 = _mm256_unpackhi_ps(r.c[2], r.c[3]);
  const __m256 s[4] = {_mm256_shuffle_ps(t0, t2, 0x44), _mm256_shuffle_ps(t0, t2, 0xee),
                       _mm256_shuffle_ps(t1, t3, 0x44), _mm256_shuffle_ps(t1, t3, 0xee)};
  for (unsigned i = 0; i < 8; ++i) {
    if (!((active >> i) & 1)) continue;
    const __m128 rgba = i < 4 ? _mm256_castps256_ps128(s[i]) : _mm256_extractf128_ps(s[i - 4], 1);
    auto& dst = out.value[8 * g + i];
    _mm_storeu_ps(reinterpret_cast<float*>(dst.data()), rgba);
    if (!p.identity_swizzle) dst = apply_swizzle(format, Texel{dst}).bits;
  }
  return true;
}

bool check_decode() {
  for (uint32_t k = 0; k < 256; ++k)
    if (std::bit_cast<uint32_t>(static_cast<float>(k) / 255.0f) != std::bit_cast<uint32_t>(unorm_to_float(k, 8)))
      return false;
  return true;
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
  for (const Lane& l : rq.lanes)
    if (l.handle != handle) return false;
  const BoundTexture* tex = bindings.texture(header_index(handle));
  if (!tex || !tex->access) return false;
  const Sampler* smp = bindings.sampler(bindings.sampler_via_header() ? header_index(handle) : sampler_index(handle));
  if (!smp) return false;
  Plan plan;
  if (!make_plan(*tex, *smp, policy, plan)) return false;
  QuadChooser chooser(*tex, *smp, policy);
  std::array<QuadChoice, kWarpSize / 4> quads{};
  for (unsigned q = 0; q < quads.size(); ++q)
    if ((rq.active >> (4 * q)) & 0xf) quads[q] = chooser.choose(rq, q);
  for (unsigned g = 0; g < kWarpSize / 8; ++g) {
    if (!quads[2 * g].active && !quads[2 * g + 1].active) continue;
    if (!run_group(plan, tex->format, rq, g, quads[2 * g], quads[2 * g + 1], out)) return false;
  }
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
