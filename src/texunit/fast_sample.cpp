// SPDX-License-Identifier: MIT
// The fast path (fast_sample.h). Per request: check that it is a case the path covers (the plan, kept between
// requests while the bindings' stable_key() allows), choose each quad's levels with the reference LOD
// functions (lod.h; rho for four quads per vector, the choice kept per table-log2 key), then sample the
// request's four groups (2 quads, 8 lanes each) with AVX2, their instructions interleaved, in two phases:
// first the groups' coordinates, weights and texel addresses with lanes in vector elements, then their texels
// (8 lanes' RGBA8 texels in one vector) and filtering. A request whose quads all filter alike on the same
// levels (uniform_request; every request without mipmapping) finds its level parameters once for all groups.
// What keeps it bit-identical to the reference (filter.cpp, addressing.cpp):
//   - texel-space coordinates: the reference truncates u to 2^-22 fixed point (Policy::coord_bits), scales it
//     by the size, and for LINEAR rounds (x - 0.5) * 256 half up, for NEAREST takes floor(x). With u * 2^22
//     exact in float and power-of-two sizes up to 4096, both are shifts of U = floor(u * 2^22); lanes with
//     u outside [-256, 256) (where int32 would not hold U with room to round) or NaN send the request to the
//     reference path;
//   - weights: the low 8 bits of (fixed - 128), split into the footprint's four 8-bit weights as
//     filter.cpp does;
//   - filtering: the reference's 16-bit fixed point (filter.cpp) in 16-bit integers: the footprint's 8-bit
//     weights times the 8-bit codes summed per lane and component (the 16-bit texels are 257 times the codes,
//     so the sums are 257 times these), the level blend, the one rounding to 16 bits; the result
//     N / 65535.0f, correctly rounded (a product corrected by one FMA, checked against float_of_unorm16 for
//     all N before the path is used; for NEAREST, N = 257 c, the same value as unorm_to_float's c / 255);
//   - addresses: block_linear_offset (block_linear.h) for Tegra GOBs and 4-byte texels as two disjoint bit
//     fields, one of x and one of y (Fields).
#include "texunit/fast_sample.h"

#include "texunit/fast_aniso.h"
#include "texunit/fast_vector.h"

namespace tmu::texunit {
namespace {

using namespace fast;  // (fast_vector.h: the paths' shared steps)

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
  // (MIN_FILTER ANISO: fast_aniso.cpp when the ratio is above 1, else LINEAR.)
  if (s.min != MinFilter::Point && s.min != MinFilter::Linear && s.min != MinFilter::Aniso) return false;
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
  for (unsigned i = 0; i < l.levels(); ++i)  // the address fields (Fields) need power-of-two widths in GOBs
    if ((l.level(i).bl.gobs_x & (l.level(i).bl.gobs_x - 1)) != 0) return false;
  plan.layout = &l;
  plan.memory = &mt->memory();
  plan.wrap_u = s.address[0] == AddressMode::Wrap;
  plan.wrap_v = s.address[1] == AddressMode::Wrap;
  const auto& sw = t.format.fields().swizzle;
  plan.identity_swizzle = sw[0] == Source::R && sw[1] == Source::G && sw[2] == Source::B && sw[3] == Source::A;
  return true;
}

// The reference's lod() for an implicit-LOD Sample followed by sample()'s level choice, per quad. Divergent
// quads get LOD 0 (seed 000), as in the reference.
class QuadChooser {
 public:
  QuadChooser(const TextureHeader& h, Extent e, const Sampler& s, const Policy& p) : h_(h), s_(s), p_(p) {
    size_[0] = e.width;
    size_[1] = e.height;
    c_ = lod_controls(s, h);
    // Without mipmapping the level is the view's first; the LOD then only picks MAG or MIN filtering, and when
    // both filter alike it does not matter.
    lod_free_ = s.mip == MipFilter::None && (s.mag == MagFilter::Linear) == (s.min != MinFilter::Point);
    fixed_ = QuadChoice{};
    fixed_.active = true;
    fixed_.level0 = fixed_.level1 = view_min(h_);
    fixed_.linear = s_.mag == MagFilter::Linear;
    divergent_ = from_lambda(0);
    // With the table log2 (lod.cpp table_log2), lambda depends on rho's exponent and top 8 mantissa bits only,
    // for every rho the path meets (0 or a normal double: differences of floats times powers of two); with
    // std::log2 on all of its bits.
    key_shift_ = p.lod_log2 == Log2::Table ? 44 : 0;
  }

  bool lod_free() const { return lod_free_; }
  QuadChoice fixed() const { return fixed_; }     // the choice of every quad when lod_free()
  QuadChoice divergent() const { return divergent_; }
  double size(unsigned axis) const { return size_[axis]; }
  Rho formula() const { return p_.rho; }

  // The choice of a quad with footprint rho `r`. Neighbouring quads mostly have the same rho: the last two
  // answers are kept.
  QuadChoice for_rho(double r) {
    const uint64_t key = std::bit_cast<uint64_t>(r) >> key_shift_;
    if (has_[0] && key == key_[0]) return kept_[0];
    if (has_[1] && key == key_[1]) return kept_[1];
    key_[1] = key_[0], kept_[1] = kept_[0], has_[1] = has_[0];
    key_[0] = key, kept_[0] = from_lambda(lambda_from_rho(r, p_)), has_[0] = true;
    return kept_[0];
  }

 private:
  QuadChoice from_lambda(double lambda) const { return pick_levels(lambda, c_, s_, h_, p_).choice; }

  const TextureHeader& h_;
  const Sampler& s_;
  const Policy& p_;
  double size_[2] = {1, 1};
  LodControls c_;
  bool lod_free_ = false;
  QuadChoice fixed_, divergent_;
  unsigned key_shift_ = 0;
  bool has_[2] = {false, false};
  uint64_t key_[2] = {0, 0};
  QuadChoice kept_[2];
};

#if TMU_FAST_X86


// The reference's one rounding (filter.cpp, sample() in texture_unit.cpp) and the float result of 8 lanes,
// stored to their words in `dst` (8 lanes x 4 words; inactive lanes' words too, fast_sample clears them). The
// 16-bit sums are 257 times the lanes' sums T (T <= 255 * 256), so
// N = (257 T + 128) >> 8 = T + ((T + 128) >> 8), which fits in 16 bits as T does.
TMU_AVX2_INLINE void store(const Sums& s, float* dst) {
  const __m256i half = _mm256_set1_epi16(128);
  auto round = [half](__m256i t) TMU_AVX2_LAMBDA {
    return _mm256_add_epi16(t, _mm256_srli_epi16(_mm256_add_epi16(t, half), 8));
  };
  const __m256i even = round(s.even), odd = round(s.odd);
  // Interleaved, R G B A of lanes 0 1 | 4 5 (lo) and 2 3 | 6 7 (hi) as 16-bit elements; each 128-bit half
  // widened to 32 bits is two lanes' results in place.
  const __m256i lo = _mm256_unpacklo_epi16(even, odd), hi = _mm256_unpackhi_epi16(even, odd);
  auto put = [dst](unsigned lane, __m128i pair)
                 TMU_AVX2_LAMBDA { _mm256_storeu_ps(dst + 4 * lane, unorm16(_mm256_cvtepu16_epi32(pair))); };
  put(0, _mm256_castsi256_si128(lo));
  put(2, _mm256_castsi256_si128(hi));
  put(4, _mm256_extracti128_si256(lo, 1));
  put(6, _mm256_extracti128_si256(hi, 1));
}

// A request's four groups are sampled together: their instructions interleaved operation by operation
// (TMU_EACH(statement) writes the statement once for each group k), so that the CPU overlaps one group's
// chain of dependent operations with the others'. Measured for bilinear filtering: one group at a time 9%
// slower than two, two 5% slower than four (8% with AVX-512VL's 32 vector registers, which spill less); the
// out-of-order window otherwise fills with one group's waiting operations.
constexpr unsigned kGroups = 4;  // TMU_EACH writes four
#define TMU_EACH_K(n, ...)                       \
  {                                              \
    [[maybe_unused]] constexpr unsigned k = (n); \
    __VA_ARGS__;                                 \
  }
#define TMU_EACH(...)                                                                \
  do {                                                                               \
    TMU_EACH_K(0, __VA_ARGS__)                                                       \
    TMU_EACH_K(1, __VA_ARGS__) TMU_EACH_K(2, __VA_ARGS__) TMU_EACH_K(3, __VA_ARGS__) \
  } while (false)

// The quads' filters in a request: all NEAREST, all LINEAR, or (at the boundary of magnification) some of
// each, `linear_lanes` all ones in the lanes that filter linearly.
enum class Filters { Nearest, Linear, Mixed };


// What the first phase of one level of the groups takes: per group k, the level parameters, the lanes'
// coordinates, the NEAREST/LINEAR lanes (Filters::Mixed) and each lane's share of the level blend (`total`:
// 256, or 256 - f and f for two levels, in both 16-bit halves as accumulate takes weights).
struct LevelWork {
  const Lanes* lanes[kGroups];
  __m256i linear_lanes[kGroups];
  __m256i total[kGroups];
  Footprint* out[kGroups];
};

// The first phase of one level for the groups (sample_level in filter.cpp): coordinates, weights and
// addresses, with lanes in vector elements. False when an active lane's coordinates (`active`: 8 bits per
// group) are outside what int32 fixed point holds.
// With `one_level`, every total is 256 (no quad blends two levels).
template <Filters filters, bool one_level>
TMU_AVX2_INLINE bool footprints(const Plan& p, const __m256 (&u)[kGroups], const __m256 (&v)[kGroups],
                                unsigned active, const LevelWork& w) {
  // u and v in 2^-22 fixed point, truncated (Policy::coord_bits); exact in float, since u * 2^22 only moves
  // the exponent.
  const __m256 s22 = _mm256_set1_ps(0x1p22f);
  __m256i iu[kGroups], iv[kGroups];
  TMU_EACH(iu[k] = _mm256_cvttps_epi32(_mm256_floor_ps(_mm256_mul_ps(u[k], s22))));
  TMU_EACH(iv[k] = _mm256_cvttps_epi32(_mm256_floor_ps(_mm256_mul_ps(v[k], s22))));
  // Active lanes need -2^30 <= U < 2^30 (U + 2^30 has no sign bit), room for fixed8's bias. Beyond 2^31 and for
  // NaN the conversion gives INT_MIN, which fails too. Inactive lanes' coordinates may be anything: wrap and
  // clamp keep their addresses inside the level anyway, so all 8 lanes are gathered.
  const __m256i half_range = _mm256_set1_epi32(1 << 30);
  unsigned outside = 0;
  TMU_EACH(outside |= static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(
                          _mm256_add_epi32(iu[k], half_range), _mm256_add_epi32(iv[k], half_range)))))
                      << (8 * k));
  if ((outside & active) != 0) return false;
  if constexpr (filters == Filters::Nearest) {
    TMU_EACH({
      const Lanes& l = *w.lanes[k];
      store_addresses(
          *w.out[k], 0,
          _mm256_add_epi32(_mm256_add_epi32(x_bits(near_x(iu[k], l, p), l), y_bits(near_y(iv[k], l, p), l)),
                           l.offset));
      w.out[k]->weight[0] = w.total[k];
    });
    return true;
  }
  __m256i ou[kGroups], ov[kGroups], wu[kGroups], wv[kGroups], u0[kGroups], v0[kGroups], x0[kGroups],
      y0[kGroups];
  TMU_EACH(ou[k] = edge_clamp(fixed8(iu[k], w.lanes[k]->lin_u, w.lanes[k]->bias_u), w.lanes[k]->wmax, p.wrap_u));
  TMU_EACH(ov[k] = edge_clamp(fixed8(iv[k], w.lanes[k]->lin_v, w.lanes[k]->bias_v), w.lanes[k]->hmax, p.wrap_v));
  TMU_EACH(wu[k] = both_halves(ou[k]));
  TMU_EACH(wv[k] = both_halves(ov[k]));
  TMU_EACH(u0[k] = _mm256_srai_epi32(ou[k], 8));
  TMU_EACH(v0[k] = _mm256_srai_epi32(ov[k], 8));
  TMU_EACH(x0[k] = wrap(u0[k], w.lanes[k]->wmax, p.wrap_u));
  TMU_EACH(y0[k] = wrap(v0[k], w.lanes[k]->hmax, p.wrap_v));
  if constexpr (filters == Filters::Mixed) {
    // A NEAREST lane is a LINEAR one at its texel with weights 0: all of its total on t00.
    TMU_EACH({
      const __m256i linear = w.linear_lanes[k];
      x0[k] = _mm256_blendv_epi8(near_x(iu[k], *w.lanes[k], p), x0[k], linear);
      y0[k] = _mm256_blendv_epi8(near_y(iv[k], *w.lanes[k], p), y0[k], linear);
      wu[k] = _mm256_and_si256(wu[k], linear);
      wv[k] = _mm256_and_si256(wv[k], linear);
    });
  }
  TMU_EACH(linear_addresses(x0[k], y0[k], u0[k], v0[k], *w.lanes[k], p, *w.out[k]));
  TMU_EACH(linear_weights(wu[k], wv[k], w.total[k], one_level, *w.out[k]));
  return true;
}

// A request's groups between the phases.
struct RequestWork {
  Footprint level[2][kGroups];
  bool nearest;     // Filters::Nearest: one texel per footprint
  bool two[kGroups];  // group k blends two levels (level[1][k] is used)
  unsigned active;    // the request's active lanes
};

// Each level's share of the blend for a group's quads qa and qb (lanes 0-3 and 4-7), in both 16-bit halves as
// accumulate takes weights: 256 - f and f, or 256 and 0 for a quad with one level (its level1 is its level0).
TMU_AVX2_INLINE void level_shares(const QuadChoice& qa, const QuadChoice& qb, __m256i& level0,
                                  __m256i& level1) {
  const int32_t a1 = qa.two_levels ? qa.f : 0, b1 = qb.two_levels ? qb.f : 0;
  level0 = pair_i((256 - a1) * 0x10001, (256 - b1) * 0x10001);
  level1 = pair_i(a1 * 0x10001, b1 * 0x10001);
}

// The first phase, the quads' choices being `quads`: false when the fast path cannot serve the request.
TMU_AVX2_INLINE bool plan_groups(Plan& p, LanesCache (&cache)[2][kGroups], const Request& rq, __m256i handle,
                                 const QuadChoice* quads, RequestWork& w) {
  // A quad without active lanes computes its neighbour's choice (in its group, else the request's first
  // active quad's) and stores nothing. (Pointers: copying the choices cost 7%.)
  const QuadChoice* q[2 * kGroups];
  const QuadChoice* some = quads;
  for (unsigned i = 0; i < 2 * kGroups; ++i) {
    q[i] = quads[i].active ? &quads[i] : &quads[i ^ 1];
    if (!some->active) some = &quads[i];
  }
  TMU_EACH(if (!q[2 * k]->active) q[2 * k] = q[2 * k + 1] = some);
  unsigned linear = 0;
  for (unsigned i = 0; i < 2 * kGroups; ++i)
    linear |= unsigned{q[i]->linear} << i;
  const Filters filters = linear == 0                         ? Filters::Nearest
                          : linear == (1u << 2 * kGroups) - 1 ? Filters::Linear
                                                              : Filters::Mixed;
  __m256 u[kGroups], v[kGroups];
  bool same = true;
  TMU_EACH(same &= lane_words(&rq.lanes[8 * k], handle, u[k], v[k]));
  if (!same) return false;
  w.nearest = filters == Filters::Nearest;
  w.active = rq.active;
  LevelWork l0, l1{};  // (l1 zeroed: GCC cannot see that it is filled whenever it is used)
  TMU_EACH(w.two[k] = q[2 * k]->two_levels || q[2 * k + 1]->two_levels);
  bool two = false;
  TMU_EACH(two = two || w.two[k]);
  TMU_EACH({
    const QuadChoice &qa = *q[2 * k], &qb = *q[2 * k + 1];
    l0.linear_lanes[k] = l1.linear_lanes[k] = pair_i(qa.linear ? -1 : 0, qb.linear ? -1 : 0);
    l0.lanes[k] = &cache[0][k].get(p, qa.level0, qb.level0);
    l0.out[k] = &w.level[0][k];
    if (!two) {
      l0.total[k] = _mm256_set1_epi32(256 * 0x10001);
    } else {
      level_shares(qa, qb, l0.total[k], l1.total[k]);
      l1.out[k] = &w.level[1][k];
    }
  });
  auto run = [&](const LevelWork& level) TMU_AVX2_LAMBDA {
    switch (filters) {
      case Filters::Nearest:
        return footprints<Filters::Nearest, false>(p, u, v, w.active, level);
      case Filters::Linear:
        return footprints<Filters::Linear, false>(p, u, v, w.active, level);
      case Filters::Mixed:
        break;
    }
    return footprints<Filters::Mixed, false>(p, u, v, w.active, level);
  };
  if (!run(l0)) return false;
  if (!two) return true;
  TMU_EACH(l1.lanes[k] = &cache[1][k].get(p, q[2 * k]->level1, q[2 * k + 1]->level1));
  return run(l1);
}

// What the quads of a request have in common when they all filter alike on the same levels (a uniform
// request: every request of a filter without mipmapping, most of a trilinear draw): the level parameters and
// the filter, found once per request rather than per group.
struct Uniform {
  const Lanes* lanes[2];  // level0, level1 (both quads of a group on the same level)
  Filters filters;
  bool two;  // some quad blends two levels
};

// The first phase of a uniform request: each group's share of the levels from its quads' f.
TMU_AVX2_INLINE bool plan_uniform(const Plan& p, const Uniform& un, const Request& rq, __m256i handle,
                                  const QuadChoice* q, RequestWork& w) {
  __m256 u[kGroups], v[kGroups];
  bool same = true;
  TMU_EACH(same &= lane_words(&rq.lanes[8 * k], handle, u[k], v[k]));
  if (!same) return false;
  w.nearest = un.filters == Filters::Nearest;
  w.active = rq.active;
  const bool linear = un.filters == Filters::Linear;
  LevelWork l0;
  TMU_EACH({
    l0.lanes[k] = un.lanes[0];
    l0.out[k] = &w.level[0][k];
    l0.linear_lanes[k] = _mm256_setzero_si256();  // (Mixed only)
    l0.total[k] = _mm256_set1_epi32(256 * 0x10001);
    w.two[k] = un.two;
  });
  if (!un.two)
    return linear ? footprints<Filters::Linear, true>(p, u, v, w.active, l0)
                  : footprints<Filters::Nearest, false>(p, u, v, w.active, l0);
  LevelWork l1;
  TMU_EACH({
    level_shares(q[2 * k], q[2 * k + 1], l0.total[k], l1.total[k]);
    l1.lanes[k] = un.lanes[1];
    l1.out[k] = &w.level[1][k];
    l1.linear_lanes[k] = _mm256_setzero_si256();
  });
  if (!linear)
    return footprints<Filters::Nearest, false>(p, u, v, w.active, l0) &&
           footprints<Filters::Nearest, false>(p, u, v, w.active, l1);
  return footprints<Filters::Linear, false>(p, u, v, w.active, l0) &&
         footprints<Filters::Linear, false>(p, u, v, w.active, l1);
}

// A uniform request whose quads choose like `a` on level 0 and, when `two`, also use `level1`.
TMU_AVX2_INLINE void uniform_of(Plan& p, LanesCache (&cache)[2][kGroups], const QuadChoice& a, bool two,
                                unsigned level1, Uniform& un) {
  un.filters = a.linear ? Filters::Linear : Filters::Nearest;
  un.two = two;
  un.lanes[0] = &cache[0][0].get(p, a.level0, a.level0);
  un.lanes[1] = two ? &cache[1][0].get(p, level1, level1) : un.lanes[0];
}

// Whether the active quads of a request filter alike on the same level 0 and, those that blend two levels, on
// the same level 1; then `un` tells how.
TMU_AVX2_INLINE bool uniform_request(Plan& p, LanesCache (&cache)[2][kGroups],
                                     const std::array<QuadChoice, kWarpSize / 4>& quads, Uniform& un) {
  unsigned first = 0;
  while (first < quads.size() && !quads[first].active)
    ++first;
  if (first == quads.size()) return false;
  const QuadChoice& a = quads[first];
  bool same = true, two = false;
  unsigned level1 = a.level0;
  for (const QuadChoice& q : quads) {
    if (!q.active) continue;
    same = same && q.linear == a.linear && q.level0 == a.level0;
    if (q.two_levels) {
      same = same && (!two || q.level1 == level1);
      two = true;
      level1 = q.level1;
    }
  }
  if (!same) return false;
  uniform_of(p, cache, a, two, level1, un);
  return true;
}

// The second phase: texels, filtering, the results of the active groups.
TMU_AVX2_INLINE void finish_groups(const Plan& p, const FormatPlan& format, const RequestWork& w,
                                   Response& out) {
  Sums sums[kGroups];
  TMU_EACH(accumulate(gather(p.base, w.level[0][k].address[0]), w.level[0][k].weight[0], sums[k], true));
  if (!w.nearest)
    for (unsigned i = 1; i < 4; ++i)
      TMU_EACH(accumulate(gather(p.base, w.level[0][k].address[i]), w.level[0][k].weight[i], sums[k], false));
  const unsigned texels = w.nearest ? 1 : 4;
  TMU_EACH({
    if (w.two[k])
      for (unsigned i = 0; i < texels; ++i)
        accumulate(gather(p.base, w.level[1][k].address[i]), w.level[1][k].weight[i], sums[k], false);
  });
  TMU_EACH({
    const unsigned active = (w.active >> (8 * k)) & 0xff;
    if (active != 0) {
      store(sums[k], reinterpret_cast<float*>(out.value[8 * k].data()));  // 8 lanes x 4 words, contiguous
      if (!p.identity_swizzle)
        for (unsigned i = 0; i < 8; ++i)
          if ((active >> i) & 1)
            out.value[8 * k + i] = apply_swizzle(format, Texel{out.value[8 * k + i]}).bits;
    }
  });
}

// The path's conversions against the reference's: unorm16 against float_of_unorm16 for every 16-bit N (and so
// NEAREST's N = 257 c against unorm_to_float's c / 255 for every code).
TMU_AVX2 bool check_decode() {
  alignas(32) float got[8];
  for (uint32_t n = 0; n < 65536; n += 8) {
    _mm256_store_ps(got, unorm16(_mm256_add_epi32(_mm256_set1_epi32(static_cast<int32_t>(n)),
                                                  _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))));
    for (uint32_t i = 0; i < 8; ++i)
      if (std::bit_cast<uint32_t>(got[i]) != std::bit_cast<uint32_t>(float_of_unorm16(n + i))) return false;
  }
  for (uint32_t k = 0; k < 256; ++k)
    if (std::bit_cast<uint32_t>(float_of_unorm16(257 * k)) != std::bit_cast<uint32_t>(unorm_to_float(k, 8)))
      return false;
  return true;
}

// lod.cpp's approximate_length of 2D vectors (x, y), four at a time: with z = 0 its mid is x + y - top and its
// low 0, so the length is top + 350/1024 (x + y - top), computed with the reference's roundings in its order.
TMU_AVX2_INLINE __m256d length2(__m256d x, __m256d y) {
  const __m256d sign = _mm256_set1_pd(-0.0);
  x = _mm256_andnot_pd(sign, x);
  y = _mm256_andnot_pd(sign, y);
  const __m256d top = _mm256_max_pd(y, x);  // std::max(x, y): y if x < y, else x
  return _mm256_add_pd(top, _mm256_mul_pd(_mm256_set1_pd(350.0 / 1024), _mm256_sub_pd(_mm256_add_pd(x, y), top)));
}

// Coordinate `axis` of lane k of quads q .. q + 3, as doubles.
TMU_AVX2_INLINE __m256d quad_coords(const Request& rq, unsigned q, unsigned k, unsigned axis) {
  const Lane* l = &rq.lanes[4 * q + k];
  return _mm256_cvtps_pd(_mm_setr_ps(f32(l[0].coord[axis]), f32(l[4].coord[axis]), f32(l[8].coord[axis]), f32(l[12].coord[axis])));
}

// rho (lod.cpp) of quads q .. q + 3 with Rho::FourVectors in 2D: the gradients (c1 - c0) * size and
// (c2 - c0) * size in double, then max(L(dx), L(dy), 11/16 L(dx + dy), 11/16 L(dx - dy)).
TMU_AVX2_INLINE void rho4(const double (&sizes)[2], const Request& rq, unsigned q, double* out) {
  __m256d d[2][2];  // [x or y derivative][axis]
  for (unsigned a = 0; a < 2; ++a) {
    const __m256d size = _mm256_set1_pd(sizes[a]), c0 = quad_coords(rq, q, 0, a);
    d[0][a] = _mm256_mul_pd(_mm256_sub_pd(quad_coords(rq, q, 1, a), c0), size);
    d[1][a] = _mm256_mul_pd(_mm256_sub_pd(quad_coords(rq, q, 2, a), c0), size);
  }
  const __m256d k = _mm256_set1_pd(11.0 / 16);
  const __m256d sum = length2(_mm256_add_pd(d[0][0], d[1][0]), _mm256_add_pd(d[0][1], d[1][1]));
  const __m256d diff = length2(_mm256_sub_pd(d[0][0], d[1][0]), _mm256_sub_pd(d[0][1], d[1][1]));
  const __m256d r = _mm256_max_pd(_mm256_max_pd(length2(d[0][0], d[0][1]), length2(d[1][0], d[1][1])),
                                  _mm256_max_pd(_mm256_mul_pd(k, sum), _mm256_mul_pd(k, diff)));
  _mm256_storeu_pd(out, r);
}

// Every quad's levels and filters (inactive quads: all zeros).
TMU_AVX2_INLINE void choose_quads(QuadChooser& c, const Request& rq, std::array<QuadChoice, kWarpSize / 4>& quads) {
  if (c.lod_free()) {
    for (unsigned q = 0; q < quads.size(); ++q) quads[q] = (rq.active >> (4 * q)) & 0xf ? c.fixed() : QuadChoice{};
    return;
  }
  double rho[kWarpSize / 4];
  if (c.formula() == Rho::FourVectors) {
    const double sizes[2] = {c.size(0), c.size(1)};
    rho4(sizes, rq, 0, rho);
    rho4(sizes, rq, 4, rho + 4);
  } else {
    for (unsigned q = 0; q < quads.size(); ++q) {
      Gradients g;
      g.dims = 2;
      const Lane* l = &rq.lanes[4 * q];
      for (unsigned a = 0; a < 2; ++a) {
        const double c0 = f32(l[0].coord[a]);
        g.dx[a] = (f32(l[1].coord[a]) - c0) * c.size(a);
        g.dy[a] = (f32(l[2].coord[a]) - c0) * c.size(a);
      }
      rho[q] = texunit::rho(g, c.formula());
    }
  }
  for (unsigned q = 0; q < quads.size(); ++q) {
    const bool divergent = !rq.ndv && (!rq.pixel_shader || ((rq.ctm >> (4 * q)) & 0xf) != 0xf);
    quads[q] = !((rq.active >> (4 * q)) & 0xf) ? QuadChoice{} : divergent ? c.divergent() : c.for_rho(rho[q]);
  }
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
  uint64_t memory_key = 0;             // plan.memory->layout_key() when plan.base was looked up (0: not yet)
  LanesCache lanes[2][kGroups];        // level0 and level1 pairs of each group
  bool aniso = false;                  // the sampler filters anisotropically: fast_aniso.cpp
  AnisoPlan aniso_plan;
};

// A request: every quad's levels and filters, then the four groups.
TMU_AVX2_INLINE bool run_request(PlanCache& c, const Request& rq, Response& out) {
  // The groups cover the warp, so that lane_words compares every lane's handle (fast_sample needs that).
  static_assert(kGroups * 8 == kWarpSize);
  const __m256i handle = _mm256_set1_epi32(static_cast<int32_t>(c.handle));
  // Two phases: first the addresses and weights, then the texels. The groups are a long chain of dependent
  // operations (coordinates, addresses, loads, filtering, conversion) about as long as the CPU's window of
  // instructions in flight; phased, the loads no longer wait on the arithmetic just before them.
  RequestWork work;
  Uniform un;
  std::array<QuadChoice, kWarpSize / 4> quads;  // (QuadChoice has no default initializers: no memset here)
  bool uniform;
  if (c.chooser->lod_free()) {  // every quad makes the same choice, on one level
    uniform = true;
    uniform_of(c.plan, c.lanes, c.chooser->fixed(), false, 0, un);
  } else {
    choose_quads(*c.chooser, rq, quads);
    uniform = uniform_request(c.plan, c.lanes, quads, un);
  }
  if (!(uniform ? plan_uniform(c.plan, un, rq, handle, quads.data(), work)
                : plan_groups(c.plan, c.lanes, rq, handle, quads.data(), work)))
    return false;
  finish_groups(c.plan, c.tex->format, work, out);
  return true;
}

TMU_AVX2 bool run_request_avx2(PlanCache& c, const Request& rq, Response& out) {
  return run_request(c, rq, out);
}
TMU_AVX512 bool run_request_avx512(PlanCache& c, const Request& rq, Response& out) {
  return run_request(c, rq, out);
}

PlanCache& plan_cache() {
  thread_local PlanCache cache;
  return cache;
}

// The plan for `handle`: the kept one, or a new one (kept when the bindings allow it). Null when the fast path
// does not cover the texture and sampler.
PlanCache* plan_for(const Bindings& bindings, const Policy& policy, uint32_t handle) {
  PlanCache& c = plan_cache();
  const uint64_t key = bindings.stable_key();
  // (Policy's bytes are its value: memcmp, where the defaulted == compares field by field.)
  static_assert(std::has_unique_object_representations_v<Policy>);
  if (key != 0 && key == c.key && handle == c.handle && std::memcmp(&policy, &c.policy, sizeof policy) == 0)
    return c.usable ? &c : nullptr;
  // A new answer, kept (bindings without a key give 0: nothing kept) whether or not the path covers the texture,
  // so that requests the fast path refuses do not look it up again either.
  c.key = key;
  c.handle = handle;
  c.policy = policy;
  c.chooser.reset();
  c.plan = Plan{};
  c.memory_key = 0;
  for (auto& level : c.lanes)
    for (auto& group : level)
      group = LanesCache{};
  c.tex = bindings.texture(header_index(handle));
  const Sampler* smp = bindings.sampler(bindings.sampler_via_header() ? header_index(handle) : sampler_index(handle));
  c.usable = c.tex && c.tex->access && smp && make_plan(*c.tex, *smp, policy, c.plan);
  if (!c.usable) return nullptr;
  c.chooser.emplace(c.tex->header, c.tex->access->extent(view_min(c.tex->header)), *smp, c.policy);
  c.aniso = aniso_plan(*c.tex, *smp, c.policy, c.aniso_plan);  // (it keeps a pointer to c.policy)
  return &c;
}

#endif

}  // namespace

bool fast_sample_available() {
#if TMU_FAST_X86
  static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && check_decode();
  return ok;
#else
  return false;
#endif
}

bool fast_sample_available(FastIsa isa) {
#if TMU_FAST_X86
  static const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
  return fast_sample_available() && (isa == FastIsa::Avx2 || avx512);
#else
  (void)isa;
  return false;
#endif
}

#if TMU_FAST_X86
namespace {
TMU_AVX2 void quad_rho_avx2(const Request& rq, const double (&sizes)[2], std::array<double, kWarpSize / 4>& out) {
  rho4(sizes, rq, 0, out.data());
  rho4(sizes, rq, 4, out.data() + 4);
}
}  // namespace
#endif

std::array<double, kWarpSize / 4> fast_quad_rho(const Request& rq, double width, double height) {
  std::array<double, kWarpSize / 4> r{};
#if TMU_FAST_X86
  if (fast_sample_available()) quad_rho_avx2(rq, {width, height}, r);
#else
  (void)rq, (void)width, (void)height;
#endif
  return r;
}

#if TMU_FAST_X86
namespace {
// fast_sample with an instruction set the CPU has.
bool sample(const Bindings& bindings, const Policy& policy, const Request& rq, Response& out, FastIsa isa) {
  if (rq.op != TexOp::Sample || rq.lod != LodMode::Implicit || rq.dim != Dim::Tex2D || rq.depth_compare ||
      rq.aoffi || rq.lod_clamp || rq.active == 0)
    return false;
  // Every lane must have lane 0's handle: run_request compares them with the coordinates' loads (lane_words),
  // where a loop of its own over the 32 lanes cost 6%.
  const uint32_t handle = rq.lanes[0].handle;
  PlanCache* cache = plan_for(bindings, policy, handle);
  if (!cache) return false;
  Plan& plan = cache->plan;
  if (plan.memory->layout_key() != cache->memory_key) {  // mappings changed (or a new plan): look the bytes up
    plan.base = plan.memory->contiguous(plan.layout->base(), plan.layout->size_bytes());
    cache->memory_key = plan.memory->layout_key();
  }
  if (!plan.base) return false;
  if (cache->aniso) {
    if (!(isa == FastIsa::Avx512 ? aniso_request_avx512 : aniso_request_avx2)(plan, cache->aniso_plan, handle, rq, out))
      return false;
  } else if (!(isa == FastIsa::Avx512 ? run_request_avx512 : run_request_avx2)(*cache, rq, out)) {
    return false;
  }
  if (rq.active != ~0u)  // run_request writes the active lanes only
    for (unsigned l = 0; l < kWarpSize; ++l)
      if (!((rq.active >> l) & 1)) out.value[l] = {};
  out.written = out.resident = rq.active;  // every texel of a fully mapped surface is resident
  return true;
}
}  // namespace
#endif

std::optional<FastIsa> fast_sample_isa() {
  static const std::optional<FastIsa> isa = []() -> std::optional<FastIsa> {
    const char* want = std::getenv("TMU_FAST_ISA");
    if (want && std::strcmp(want, "avx2") == 0 && fast_sample_available(FastIsa::Avx2)) return FastIsa::Avx2;
    if (want && std::strcmp(want, "avx512") == 0 && fast_sample_available(FastIsa::Avx512))
      return FastIsa::Avx512;
    if (fast_sample_available(FastIsa::Avx512)) return FastIsa::Avx512;
    if (fast_sample_available(FastIsa::Avx2)) return FastIsa::Avx2;
    return std::nullopt;
  }();
  return isa;
}

bool fast_sample(const Bindings& bindings, const Policy& policy, const Request& rq, Response& out) {
#if TMU_FAST_X86
  static const std::optional<FastIsa> isa = fast_sample_isa();
  return isa && sample(bindings, policy, rq, out, *isa);
#else
  (void)bindings, (void)policy, (void)rq, (void)out;
  return false;
#endif
}

bool fast_sample(const Bindings& bindings, const Policy& policy, const Request& rq, Response& out,
                 FastIsa isa) {
#if TMU_FAST_X86
  return fast_sample_available(isa) && sample(bindings, policy, rq, out, isa);
#else
  (void)bindings, (void)policy, (void)rq, (void)out, (void)isa;
  return false;
#endif
}

}  // namespace tmu::texunit
