// SPDX-License-Identifier: MIT
// Anisotropic filtering on the fast path (fast_aniso.h). Per request: each quad's LOD, levels and taps with the
// reference's functions (lod.h: anisotropic_footprint, anisotropic_taps), then per lane and level its taps 8 to a
// vector, in two phases as fast_sample.cpp's groups: the taps' coordinates, weights and addresses, then their
// texels and sums. What keeps it bit-identical to the reference (texture_unit.cpp, sample_one_level):
//   - positions: the lookup on the level's sub-texel grid, C = round(U / 2^lin) in 1/256 texels (U = u * 2^22 as
//     fast_sample.cpp takes it), and tap t at C / 256 + ((t - (N - 1) / 2) * scale) * axis in double, rounded to
//     the sub-texel grid, floor(x * 256 + 0.5): the reference's operations in its order (no FMA: the build has
//     -ffp-contract=off); one tap (N = 1) is the lookup itself;
//   - each tap a LINEAR footprint whose weights share the level's total (256, or 256 - f and f), as the
//     isotropic path's (fast_vector.h); taps past N get a total of 0;
//   - sums: the 16-bit sums of the end taps (0 and N - 1) and of the others add up exactly (32-bit integers),
//     and (e * 257 E + 257 I) / W in double, e the end taps' weight and W the taps' total weight, as the
//     reference weighs them; two levels' values add before the one rounding, floor(S / 256 + 0.5).
#include "texunit/fast_aniso.h"

namespace tmu::texunit::fast {

bool aniso_plan(const BoundTexture& t, const Sampler& s, const Policy& p, AnisoPlan& out) {
  const TextureHeader& h = t.header;
  const unsigned ratio = anisotropy_ratio(h.use_header_opt_control ? h.max_anisotropy : s.max_anisotropy);
  if (s.min != MinFilter::Aniso || ratio <= 1) return false;
  out.header = &h;
  out.sampler = &s;
  out.format = &t.format;
  out.policy = &p;
  const Extent e = t.access->extent(view_min(h));
  out.size[0] = e.width;
  out.size[1] = e.height;
  out.max_ratio = ratio;
  out.controls = lod_controls(s, h);
  return true;
}

#if TMU_FAST_X86
namespace {

// A quad's levels and taps, as the reference's lod(), sample() and aniso_taps() find them.
struct AnisoQuad {
  bool linear;
  bool two;              // blends level[1] into level[0]
  unsigned level[2];
  int32_t total[2];      // the levels' shares of 256
  int32_t taps;          // N, 1..16
  double half;           // (N - 1) / 2
  double scale[2];       // the taps' stride in each level's texels
  double axis[2];        // the major axis (Euclidean length 1)
  double end_weight;     // e: taps 0 and N - 1; the others 1
  double weights;        // W = (N - 2) + 2 e (1 for one tap)
};

AnisoQuad quad_of(const AnisoPlan& a, const Request& rq, unsigned q) {
  const Policy& p = *a.policy;
  const TextureHeader& h = *a.header;
  const Sampler& s = *a.sampler;
  AnisoFootprint fp;  // major 0: one tap
  double lambda = 0;  // divergent quads and non-pixel threads: LOD 0 (seed 000), as the reference
  const bool divergent = !rq.ndv && (!rq.pixel_shader || ((rq.ctm >> (4 * q)) & 0xf) != 0xf);
  if (!divergent) {
    Gradients g;
    g.dims = 2;
    const Lane* l = &rq.lanes[4 * q];
    for (unsigned i = 0; i < 2; ++i) {
      const double c0 = f32(l[0].coord[i]);
      g.dx[i] = (f32(l[1].coord[i]) - c0) * a.size[i];
      g.dy[i] = (f32(l[2].coord[i]) - c0) * a.size[i];
    }
    fp = anisotropic_footprint(g, a.max_ratio, p.rho, p);
    lambda = fp.lambda;
  }
  const LevelPick pick = pick_levels(lambda, a.controls, s, h, p);
  const double lam = pick.lam;
  const QuadChoice& c = pick.choice;
  AnisoQuad r{};
  r.linear = c.linear;
  r.level[0] = c.level0;
  r.two = c.two_levels;
  r.level[1] = c.level1;
  r.total[0] = r.two ? 256 - c.f : 256;
  r.total[1] = r.two ? c.f : 0;
  r.taps = 1;
  r.end_weight = r.weights = 1;
  if (!(fp.major > 0)) return r;
  const AnisoTaps t = anisotropic_taps(fp.major, lam, a.max_ratio);
  if (t.count <= 1) return r;
  r.taps = static_cast<int32_t>(t.count);
  r.half = (t.count - 1) / 2.0;
  const double unit = s.mip == MipFilter::Linear ? std::max(lam, 0.0) : static_cast<double>(c.level0 - view_min(h));
  for (unsigned i = 0; i < 2; ++i)
    r.scale[i] = t.stride * std::exp2(unit - static_cast<double>(r.level[i] - view_min(h)));
  r.axis[0] = fp.axis[0];
  r.axis[1] = fp.axis[1];
  r.end_weight = t.end_weight;
  r.weights = (t.count - 2) + 2 * t.end_weight;
  return r;
}

// Up to 16 taps: two vectors of 8 per level.
constexpr unsigned kTapVectors = 2;

// Phase one for a lane on one level (li): its taps' sub-texel coordinates, then the footprints' addresses and
// weights. False when a tap's coordinate is outside what int32 fixed point holds with room.
TMU_AVX2_INLINE bool tap_footprints(const Plan& p, const Lanes& l, const LevelParams& lp, const AnisoQuad& q,
                                    unsigned li, int32_t iu, int32_t iv, Footprint* out) {
  // The lookup on the level's sub-texel grid: round(U / 2^lin) (fast_sample.cpp's fixed8 without the -128).
  const double cu = static_cast<double>((iu + (1 << (lp.lin_u - 1))) >> lp.lin_u) / 256;
  const double cv = static_cast<double>((iv + (1 << (lp.lin_v - 1))) >> lp.lin_v) / 256;
  const __m256d half = _mm256_set1_pd(q.half), scale = _mm256_set1_pd(q.scale[li]);
  const __m256d au = _mm256_set1_pd(q.axis[0]), av = _mm256_set1_pd(q.axis[1]);
  const __m256d vu = _mm256_set1_pd(cu), vv = _mm256_set1_pd(cv), s256 = _mm256_set1_pd(256), s05 = _mm256_set1_pd(0.5);
  const __m256d limit = _mm256_set1_pd(0x1p29), sign = _mm256_set1_pd(-0.0);
  const __m256i total = _mm256_set1_epi32(q.total[li] * 0x10001);
  bool inside = true;
  // Tap t's coordinate in 1/256 texels, floor((c + ((t - half) scale) axis) 256 + 0.5), four taps at a time.
  auto fixed = [&](__m256d t, __m256d c, __m256d axis) TMU_AVX2_LAMBDA {
    const __m256d o = _mm256_mul_pd(_mm256_sub_pd(t, half), scale);
    const __m256d x = _mm256_floor_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(c, _mm256_mul_pd(o, axis)), s256), s05));
    inside = inside && _mm256_movemask_pd(_mm256_cmp_pd(_mm256_andnot_pd(sign, x), limit, _CMP_LT_OQ)) == 0xf;
    return _mm256_cvtpd_epi32(x);
  };
  const unsigned vectors = (static_cast<unsigned>(q.taps) + 7) / 8;
  for (unsigned j = 0; j < vectors; ++j) {
    const double b = 8.0 * j;
    const __m256d t0 = _mm256_setr_pd(b, b + 1, b + 2, b + 3), t1 = _mm256_setr_pd(b + 4, b + 5, b + 6, b + 7);
    const __m256i fu = _mm256_set_m128i(fixed(t1, vu, au), fixed(t0, vu, au));
    const __m256i fv = _mm256_set_m128i(fixed(t1, vv, av), fixed(t0, vv, av));
    // As fast_sample.cpp's footprints from here: x - 0.5 in 1/256, its texel and its weight.
    const __m256i ou = edge_clamp(_mm256_sub_epi32(fu, _mm256_set1_epi32(128)), l.wmax, p.wrap_u);
    const __m256i ov = edge_clamp(_mm256_sub_epi32(fv, _mm256_set1_epi32(128)), l.hmax, p.wrap_v);
    const __m256i u0 = _mm256_srai_epi32(ou, 8), v0 = _mm256_srai_epi32(ov, 8);
    linear_addresses(wrap(u0, l.wmax, p.wrap_u), wrap(v0, l.hmax, p.wrap_v), u0, v0, l, p, out[j]);
    const __m256i index = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int32_t>(8 * j)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i valid = _mm256_cmpgt_epi32(_mm256_set1_epi32(q.taps), index);
    linear_weights(both_halves(ou), both_halves(ov), _mm256_and_si256(total, valid), false, out[j]);
  }
  return inside;
}

// Phase two for a lane on one level: the taps' texels and sums, the end taps' and the others' apart, as 257 E
// and 257 I per component (R, G, B, A), then (e 257 E + 257 I) / W.
TMU_AVX2_INLINE __m256d tap_sums(const Plan& p, const AnisoQuad& q, const Footprint* fp) {
  const __m256i low = _mm256_set1_epi32(0xffff);
  __m256i end[4], inner[4];
  const unsigned vectors = (static_cast<unsigned>(q.taps) + 7) / 8;
  for (unsigned j = 0; j < vectors; ++j) {
    Sums s;
    accumulate(gather(p.base, fp[j].address[0]), fp[j].weight[0], s, true);
    for (unsigned i = 1; i < 4; ++i) accumulate(gather(p.base, fp[j].address[i]), fp[j].weight[i], s, false);
    // Per tap (dword) T_R, T_B in `even` and T_G, T_A in `odd` (accumulate): each below 2^16, widened.
    const __m256i c[4] = {_mm256_and_si256(s.even, low), _mm256_and_si256(s.odd, low), _mm256_srli_epi32(s.even, 16),
                          _mm256_srli_epi32(s.odd, 16)};
    const __m256i index = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int32_t>(8 * j)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i is_end = _mm256_or_si256(_mm256_cmpeq_epi32(index, _mm256_setzero_si256()),
                                           _mm256_cmpeq_epi32(index, _mm256_set1_epi32(q.taps - 1)));
    for (unsigned k = 0; k < 4; ++k) {  // (taps past N have weight 0: their sums are 0)
      const __m256i e = _mm256_and_si256(c[k], is_end), i = _mm256_andnot_si256(is_end, c[k]);
      end[k] = j == 0 ? e : _mm256_add_epi32(end[k], e);
      inner[k] = j == 0 ? i : _mm256_add_epi32(inner[k], i);
    }
  }
  // Each vector's 8 elements summed: R, G, B, A in order.
  auto sum4 = [](const __m256i (&v)[4]) TMU_AVX2_LAMBDA {
    const __m256i h = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
    return _mm_add_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
  };
  const __m256d k257 = _mm256_set1_pd(257);
  const __m256d e = _mm256_mul_pd(_mm256_cvtepi32_pd(sum4(end)), k257);  // exact: below 2^27
  const __m256d i = _mm256_mul_pd(_mm256_cvtepi32_pd(sum4(inner)), k257);
  return _mm256_div_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(q.end_weight), e), i), _mm256_set1_pd(q.weights));
}

TMU_AVX2_INLINE bool run(Plan& p, const AnisoPlan& a, uint32_t handle, const Request& rq, Response& out) {
  for (unsigned l = 0; l < kWarpSize; ++l)
    if (rq.lanes[l].handle != handle) return false;
  AnisoQuad quads[kWarpSize / 4];
  for (unsigned q = 0; q < kWarpSize / 4; ++q) {
    if (!((rq.active >> (4 * q)) & 0xf)) continue;
    quads[q] = quad_of(a, rq, q);
    if (!quads[q].linear) return false;  // (point sampling while magnified: the reference)
  }
  LanesCache cache[2];
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if (!((rq.active >> l) & 1)) continue;
    const AnisoQuad& q = quads[l / 4];
    // u and v in 2^-22 fixed point as fast_sample.cpp takes them (denormals read as zero), within +-2^30.
    const float u = f32(rq.lanes[l].coord[0]), v = f32(rq.lanes[l].coord[1]);
    const double du = std::fabs(u) < 0x1p-126f ? 0.0 : u, dv = std::fabs(v) < 0x1p-126f ? 0.0 : v;
    if (!(std::fabs(du) < 256 && std::fabs(dv) < 256)) return false;
    const auto iu = static_cast<int32_t>(std::floor(du * 0x1p22)), iv = static_cast<int32_t>(std::floor(dv * 0x1p22));
    const unsigned levels = q.two ? 2 : 1;
    Footprint fp[2][kTapVectors];
    for (unsigned li = 0; li < levels; ++li)
      if (!tap_footprints(p, cache[li].get(p, q.level[li], q.level[li]), p.at(q.level[li]), q, li, iu, iv, fp[li]))
        return false;
    __m256d sum = tap_sums(p, q, fp[0]);
    if (q.two) sum = _mm256_add_pd(sum, tap_sums(p, q, fp[1]));
    // The one rounding, floor(S / 256 + 0.5), and N / 65535 as float_of_unorm16 (fast_vector.h, unorm16).
    const __m128i n = _mm256_cvttpd_epi32(
        _mm256_floor_pd(_mm256_add_pd(_mm256_div_pd(sum, _mm256_set1_pd(256)), _mm256_set1_pd(0.5))));
    _mm_storeu_ps(reinterpret_cast<float*>(out.value[l].data()), _mm256_castps256_ps128(unorm16(_mm256_zextsi128_si256(n))));
    if (!p.identity_swizzle) out.value[l] = apply_swizzle(*a.format, Texel{out.value[l]}).bits;
  }
  return true;
}

}  // namespace

TMU_AVX2 bool aniso_request_avx2(Plan& plan, const AnisoPlan& a, uint32_t handle, const Request& rq, Response& out) {
  return run(plan, a, handle, rq, out);
}
TMU_AVX512 bool aniso_request_avx512(Plan& plan, const AnisoPlan& a, uint32_t handle, const Request& rq,
                                     Response& out) {
  return run(plan, a, handle, rq, out);
}
#endif

}  // namespace tmu::texunit::fast
