// SPDX-License-Identifier: MIT
// The warp loop and the per-quad / per-lane stages of the scalar reference path.
#include "texunit/texture_unit.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "texunit/addressing.h"
#include "texunit/cube.h"
#include "texunit/fast_sample.h"
#include "texunit/filter.h"
#include "texunit/lod.h"
#include "texunit/multisample.h"

namespace tmu::texunit {
namespace {

float f32(uint32_t bits) { return std::bit_cast<float>(bits); }

struct Bound {
  const BoundTexture* tex = nullptr;
  const Sampler* smp = nullptr;
};

// The texture a lane's handle names, and its sampler (handles: samplerPtr[31:20] | headerPtr[19:0]).
Bound resolve(const Bindings& b, uint32_t handle, bool need_sampler) {
  Bound r;
  r.tex = b.texture(header_index(handle));
  if (!r.tex || !r.tex->access) return {};
  if (need_sampler) {
    r.smp = b.sampler(b.sampler_via_header() ? header_index(handle) : sampler_index(handle));
    if (!r.smp) return {};
  }
  return r;
}

bool normalized(const Bound& b) { return b.tex->header.normalized_coords && !(b.smp && b.smp->force_unnormalized); }

// The array layer of a lane: the index clamped to the texture's layers (the hardware clamps positive indices to
// the header's maximum, texture-unit-facts 2.5); cube arrays count cubes.
unsigned array_layer(const Request& rq, const Bound& b, unsigned index) {
  if (!is_array(rq.dim)) return 0;
  const unsigned layers = std::max(1u, b.tex->access->layers());
  const unsigned count = is_cube(rq.dim) ? std::max(1u, layers / 6) : layers;
  return std::min(index, count - 1);
}

// A lane's sampling position: normalized (or texel-space, for unnormalized coordinates) coordinates on the
// texture (the cube face for cube maps) and the layer they read.
struct Position {
  std::array<double, 3> uvw{};
  unsigned layer = 0;
  CubeCoord cube;
};

// A coordinate as the unit takes it: denormals read as zero. Measured on an H100 (gpu-tex seed 5151, lookups with
// a denormal coordinate: fit half 89 -> 94 of 98 exact, check 83 -> 84 of 92, none worse; -2^-149 reads texel 0,
// not the border or the last texel). fast_sample.cpp flushes them the same way.
double flush_denormal(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? 0.0 : x; }

Position position(const Request& rq, const Bound& b, const Lane& lane, const Policy& p) {
  Position pos;
  const unsigned n = coordinate_count(rq.dim);
  for (unsigned a = 0; a < n; ++a) pos.uvw[a] = flush_denormal(f32(lane.coord[a]));
  const unsigned array = array_layer(rq, b, lane.layer);
  if (is_cube(rq.dim)) {
    pos.cube = cube_face(pos.uvw[0], pos.uvw[1], pos.uvw[2], p.cube_tie);
    pos.uvw = {pos.cube.s, pos.cube.t, 0};
    pos.layer = array * 6 + pos.cube.face;
  } else {
    pos.layer = array;
  }
  return pos;
}

// AOFFI offsets (seed 000), none without .AOFFI.
std::array<int32_t, 3> texel_offsets(const Request& rq, const Lane& lane) {
  if (!rq.aoffi) return {0, 0, 0};
  return {lane.offset[0], lane.offset[1], lane.offset[2]};
}

Extent base_extent(const Bound& b) { return b.tex->access->extent(view_min(b.tex->header)); }

// An explicit gradient component (TXD) as the LOD takes it: NaN reads as 0, an infinity as the largest finite
// float (its LOD is past every clamp; no Inf * 0 or Inf - Inf turns it into NaN). Measured on an H100 (gpu-tex
// seed 5151, 2d-nonfinite). Derivatives from a quad's coordinates are taken as they are (fast_sample.cpp's too).
double finite_derivative(double d) {
  if (std::isnan(d)) return 0;
  return std::clamp(d, -double{std::numeric_limits<float>::max()}, double{std::numeric_limits<float>::max()});
}

// Texel-space gradients of one lane from coordinate differences along x and y (normalized units).
Gradients texel_gradients(const Bound& b, const std::array<double, 3>& dx, const std::array<double, 3>& dy, unsigned dims,
                          bool norm) {
  const Extent e = base_extent(b);
  const double size[3] = {double(e.width), double(e.height), double(e.depth)};
  Gradients g;
  g.dims = dims;
  for (unsigned a = 0; a < dims; ++a) {
    const double s = norm ? size[a] : 1.0;
    g.dx[a] = dx[a] * s;
    g.dy[a] = dy[a] * s;
  }
  return g;
}

// Seed 000: a quad is divergent unless .NDV, or a pixel-shader quad whose current thread mask is full.
bool divergent(const Request& rq, unsigned quad) {
  if (rq.ndv) return false;
  if (!rq.pixel_shader) return true;
  return ((rq.ctm >> (4 * quad)) & 0xf) != 0xf;
}

struct LodResult {
  double lambda = 0;       // after bias and clamps
  double unclamped = 0;    // before the clamps (TMML's relative LOD)
  Gradients gradients;     // texel space, for anisotropic filtering
  AnisoFootprint aniso;    // MIN_FILTER ANISO with a maximum ratio above 1 and a gradient (major > 0)
};

class QuadSampler {
 public:
  QuadSampler(const Bindings& bindings, const Policy& policy, const Request& rq, unsigned quad, Response& out)
      : bindings_(bindings), p_(policy), rq_(rq), quad_(quad), out_(out) {}

  void run() {
    const uint32_t active = (rq_.active >> (4 * quad_)) & 0xf;
    if (active == 0) return;
    for (unsigned k = 0; k < 4; ++k) {
      bound_[k] = resolve(bindings_, rq_.lanes[lane(k)].handle, rq_.op != TexOp::Fetch && rq_.op != TexOp::Query);
      if (bound_[k].tex && rq_.op != TexOp::Fetch && rq_.op != TexOp::Query)
        pos_[k] = position(rq_, bound_[k], rq_.lanes[lane(k)], p_);
    }
    for (unsigned k = 0; k < 4; ++k) {
      if (!((active >> k) & 1)) continue;
      const unsigned l = lane(k);
      out_.written |= 1u << l;
      bool resident = true;
      std::array<uint32_t, 4> v{};
      if (bound_[k].tex) {
        switch (rq_.op) {
          case TexOp::Sample:
          case TexOp::Gradient: v = sample(k, resident); break;
          case TexOp::Gather: v = gather(k, resident); break;
          case TexOp::QueryLod: v = query_lod(k); break;
          case TexOp::Fetch: v = fetch(k, resident); break;
          case TexOp::Query: v = query(k); break;
        }
      }
      out_.value[l] = v;
      if (resident) out_.resident |= 1u << l;
    }
  }

 private:
  unsigned lane(unsigned k) const { return 4 * quad_ + k; }
  const Lane& in(unsigned k) const { return rq_.lanes[lane(k)]; }

  // The LOD of lane k (seed 000 .lod modes).
  LodResult lod(unsigned k) {
    const Bound& b = bound_[k];
    const bool norm = normalized(b);
    const unsigned dims = texel_dims(rq_.dim);
    LodResult r;
    double lambda = 0;
    if (rq_.op == TexOp::Gradient) {
      const auto& g = in(k).gradients;
      std::array<double, 3> dx{}, dy{};
      for (unsigned a = 0; a < 3; ++a) {
        dx[a] = finite_derivative(f32(g[2 * a]));
        dy[a] = finite_derivative(f32(g[2 * a + 1]));
      }
      if (is_cube(rq_.dim)) project_cube(k, dx, dy);
      r.gradients = texel_gradients(b, dx, dy, dims, norm);
      lambda = footprint_lambda(b, r);
    } else if (rq_.lod == LodMode::Implicit || rq_.lod == LodMode::Bias || rq_.lod == LodMode::BiasAveraged) {
      if (divergent(rq_, quad_)) {
        // Divergent quads and non-pixel threads get a default LOD (seed 000: "either 0 or +Inf"); tmu uses 0.
        lambda = 0;
      } else {
        // Coarse derivatives: one LOD per quad from lanes 0 (top left), 1 (top right) and 2 (bottom left).
        std::array<double, 3> dx{}, dy{};
        for (unsigned a = 0; a < 3; ++a) {
          const double c0 = f32(in(0).coord[a]);
          dx[a] = f32(in(1).coord[a]) - c0;
          dy[a] = f32(in(2).coord[a]) - c0;
        }
        if (is_cube(rq_.dim)) project_cube(0, dx, dy);
        r.gradients = texel_gradients(b, dx, dy, dims, norm);
        lambda = footprint_lambda(b, r);
      }
    }
    switch (rq_.lod) {
      case LodMode::Zero: lambda = 0; break;
      case LodMode::Bias: lambda += f32(in(k).lod); break;
      case LodMode::Lod: lambda = f32(in(k).lod); break;
      case LodMode::BiasAveraged: lambda += quad_average(); break;
      case LodMode::LodAveraged: lambda = quad_average(); break;
      case LodMode::Implicit: break;
    }
    r.unclamped = lambda;
    LodControls c = lod_controls(*b.smp, b.tex->header);
    if (rq_.lod == LodMode::Zero) c.bias = 0;
    if (rq_.lod_clamp) c.view_min = std::max(c.view_min, u4_8(in(k).lod_clamp));
    r.lambda = rq_.lod == LodMode::Zero ? 0 : quantize_lod(biased_lod(lambda, c), p_);
    return r;
  }

  // The LOD of a footprint: isotropic, or anisotropic filtering's (MIN_FILTER ANISO, maximum ratio above 1; the
  // footprint is kept in r.aniso for the taps): lod.h, anisotropic_footprint.
  double footprint_lambda(const Bound& b, LodResult& r) const {
    const unsigned max_ratio = anisotropy_ratio(max_anisotropy_code(b));
    if (b.smp->min != MinFilter::Aniso || max_ratio <= 1) return lambda_from_rho(rho(r.gradients, p_.rho), p_);
    r.aniso = anisotropic_footprint(r.gradients, max_ratio, p_.rho, p_);
    return r.aniso.lambda;
  }

  static uint8_t max_anisotropy_code(const Bound& b) {
    return b.tex->header.use_header_opt_control ? b.tex->header.max_anisotropy : b.smp->max_anisotropy;
  }

  // The .LBA/.LLA modes average the operand over the quad's active lanes (seed 000).
  double quad_average() const {
    const uint32_t active = (rq_.active >> (4 * quad_)) & 0xf;
    double sum = 0;
    unsigned n = 0;
    for (unsigned k = 0; k < 4; ++k)
      if ((active >> k) & 1) {
        sum += f32(in(k).lod);
        ++n;
      }
    return n ? sum / n : 0;
  }

  // Direction derivatives to derivatives on lane k's cube face (Policy::cube_lod).
  void project_cube(unsigned k, std::array<double, 3>& dx, std::array<double, 3>& dy) const {
    const double x = f32(in(k).coord[0]), y = f32(in(k).coord[1]), z = f32(in(k).coord[2]);
    const auto face = p_.cube_lod == CubeLod::Unfolded ? cube_difference : cube_derivative;
    const auto ddx = face(pos_[k].cube, x, y, z, dx[0], dx[1], dx[2]);
    const auto ddy = face(pos_[k].cube, x, y, z, dy[0], dy[1], dy[2]);
    dx = {ddx[0], ddx[1], 0};
    dy = {ddy[0], ddy[1], 0};
  }

  // The lookup of lane k at `uvw` on one level, `off` texels away.
  LevelSample level_sample(unsigned k, unsigned level, const std::array<double, 3>& uvw, bool linear,
                           const std::array<int32_t, 3>& off) const {
    const Bound& b = bound_[k];
    LevelSample s;
    s.access = b.tex->access;
    s.format = &b.tex->format;
    s.sampler = b.smp;
    s.header = &b.tex->header;
    s.policy = &p_;
    s.level = level;
    s.layer = pos_[k].layer;
    s.dims = texel_dims(rq_.dim);
    s.cube = is_cube(rq_.dim);
    s.linear = linear;
    const Extent e = b.tex->access->extent(level);
    const double size[3] = {double(e.width), double(e.height), double(e.depth)};
    const bool norm = normalized(b);
    for (unsigned a = 0; a < s.dims; ++a) s.texel[a] = (norm ? normalized_coordinate(uvw[a], p_) * size[a] : uvw[a]) + off[a];
    s.compare = rq_.depth_compare || b.smp->depth_compare;
    s.dref = f32(in(k).dref);
    return s;
  }

  // Anisotropic filtering's taps for lane k's LOD (one tap for other filters and explicit LODs): lod.h.
  AnisoTaps aniso_taps(const Bound& b, const LodResult& lod) const {
    const unsigned max_ratio = anisotropy_ratio(max_anisotropy_code(b));
    if (b.smp->min != MinFilter::Aniso || max_ratio <= 1 || lod_is_explicit() || !(lod.aniso.major > 0)) return {};
    return anisotropic_taps(lod.aniso.major, lod.lambda, max_ratio);
  }

  // A level's fixed-point sums (FixedSums) averaged over its anisotropic taps with their weights: per component
  // the weighted 16-bit texels of one tap's worth (weights adding up to the level's total), not yet rounded.
  struct TapSums {
    std::array<double, 4> sum{};
    unsigned mask = 0;
    FixedSums footprint;  // one footprint's float taps and SNORM8 sums (none for anisotropic taps: their results blend)
  };

  // Sample one level, anisotropically with taps.count > 1: the taps along the footprint's major axis, `unit` the
  // LOD their stride is measured in (lod.h, anisotropic_taps). Fixed-point components average every tap's
  // weighted texels (each tap a bilinear footprint with the level's total) with the taps' weights, `sums` gets
  // that average, and round once, as one tap does; other components average the taps' results (in double, once
  // rounded to fp32).
  Rgba sample_one_level(unsigned k, unsigned level, bool linear, const LodResult& lod, const AnisoTaps& taps, double unit,
                        bool& resident, TapSums* sums = nullptr, uint32_t total = 256) const {
    const auto off = texel_offsets(rq_, in(k));
    if (taps.count <= 1) {
      FixedSums one;
      LevelSample s = level_sample(k, level, pos_[k].uvw, linear, off);
      s.sums = sums ? &one : nullptr;
      s.total = total;
      const Rgba r = sample_level(s, resident);
      if (sums) {
        sums->mask = one.mask;
        for (unsigned c = 0; c < 4; ++c) sums->sum[c] = static_cast<double>(one.sum[c]);
        sums->footprint = one;
      }
      return r;
    }
    // The stride in this level's texels: `unit` is lambda for linear mip filtering (both levels' taps at the same
    // places), the level itself for nearest (one texel of that level apart when the ratio is clamped, NPOT levels
    // included). Measured on an H100 (gpu-tex seed 5151, 2d-rgba8-grad-aniso).
    const double scale = taps.stride * std::exp2(unit - static_cast<double>(level - view_min(bound_[k].tex->header)));
    const double weights = (taps.count - 2) + 2 * taps.end_weight;
    // The taps step from the lookup's position in sub-texel fixed point (Policy::subtexel_bits, rounded as the
    // policy says), not from the exact coordinate (gpu-tex seed 5151 fit half: 116 -> 150 of 512 lookups exact).
    LevelSample centre = level_sample(k, level, pos_[k].uvw, linear, off);
    for (unsigned a = 0; a < centre.dims; ++a) centre.texel[a] = subtexel_position(centre.texel[a], p_);
    TapSums acc;
    acc.mask = 0xf;
    std::array<double, 4> average{};  // of the other components
    // The fixed-point sums add up exactly in integers, the two end taps' apart from the others'; then the ends
    // are weighed and the whole divided by the taps' total weight (fast_aniso.cpp computes the same).
    std::array<uint64_t, 4> ends{}, inner{};
    for (unsigned t = 0; t < taps.count; ++t) {
      const double o = (t - (taps.count - 1) / 2.0) * scale;
      const bool end = t == 0 || t + 1 == taps.count;
      const double w = (end ? taps.end_weight : 1.0) / weights;
      FixedSums one;
      LevelSample s = centre;
      for (unsigned a = 0; a < s.dims; ++a) s.texel[a] += o * lod.aniso.axis[a];
      s.sums = &one;
      s.total = total;
      const Rgba r = sample_level(s, resident);
      acc.mask &= one.mask;
      for (unsigned c = 0; c < 4; ++c) {
        (end ? ends : inner)[c] += one.sum[c];
        average[c] += w * r[c];
      }
    }
    for (unsigned c = 0; c < 4; ++c)
      acc.sum[c] = (taps.end_weight * static_cast<double>(ends[c]) + static_cast<double>(inner[c])) / weights;
    Rgba sum{};
    for (unsigned c = 0; c < 4; ++c)
      sum[c] = (acc.mask >> c) & 1 ? float_of_unorm16(rounded(acc.sum[c])) : static_cast<float>(average[c]);
    if (sums) *sums = acc;
    return sum;
  }

  // A fixed-point sum (8 fractional bits) to a 16-bit value, rounded half up. The sums are integers, or averages
  // of integers over the taps, so the double holds them closely enough that no rounding tie moves.
  static uint32_t rounded(double sum) { return static_cast<uint32_t>(std::floor(sum / 256 + 0.5)); }

  bool lod_is_explicit() const { return rq_.lod == LodMode::Lod || rq_.lod == LodMode::LodAveraged || rq_.lod == LodMode::Zero; }

  std::array<uint32_t, 4> sample(unsigned k, bool& resident) {
    const Bound& b = bound_[k];
    LodResult l = lod(k);
    const Sampler& s = *b.smp;
    const TextureHeader& h = b.tex->header;
    const LevelChoice c = choose_levels(l.lambda, s.mip, view_min(h), view_max(h), p_);
    const bool linear = c.magnify ? s.mag == MagFilter::Linear : s.min != MinFilter::Point;
    // UNORM8/16 levels blend in the fixed-point filter: the level's taps share 256 - f of the weight, the next
    // level's f (lambda's 8-bit fraction; unless the policy keeps lambda exact), and all the taps' sum rounds once.
    const bool two = c.weight1 > 0 && c.level1 != c.level0;
    const float f256 = c.weight1 * 256.0f;
    const bool integral = f256 == std::floor(f256);
    const auto f = static_cast<uint32_t>(f256);
    TapSums s0, s1;
    const AnisoTaps taps = aniso_taps(b, l);
    const double unit = s.mip == MipFilter::Linear ? std::max(l.lambda, 0.0) : static_cast<double>(c.level0 - view_min(h));
    Rgba r = sample_one_level(k, c.level0, linear, l, taps, unit, resident, &s0, two && integral ? 256 - f : 256);
    if (two) {
      const Rgba r1 = sample_one_level(k, c.level1, linear, l, taps, unit, resident, &s1, integral ? f : 256);
      const unsigned fixed = integral ? s0.mask & s1.mask : 0;
      const unsigned floats = integral ? float_filter_components(b.tex->format, p_, rq_.depth_compare || s.depth_compare) : 0;
      for (unsigned i = 0; i < 4; ++i) {
        if ((floats >> i) & 1) {
          const bool summed = ((s0.footprint.float_mask & s1.footprint.float_mask) >> i) & 1;
          r[i] = summed ? blend_levels_float(b.tex->format, i, s0.footprint, s1.footprint)
                        : blend_levels_float(b.tex->format, i, r[i], r1[i], c.weight1);
        } else if (integral && ((s0.footprint.snorm_mask & s1.footprint.snorm_mask) >> i) & 1) {
          r[i] = snorm8_of_sum(s0.footprint.snorm_sum[i] + s1.footprint.snorm_sum[i]);
        } else if ((fixed >> i) & 1) {
          r[i] = float_of_unorm16(rounded(s0.sum[i] + s1.sum[i]));
        } else {
          r[i] = blend_levels_lerp(r[i], r1[i], c.weight1);
        }
      }
    }
    return finish(b, r);
  }

  // Swizzle and register bits.
  static std::array<uint32_t, 4> finish(const Bound& b, const Rgba& r) {
    Texel t;
    for (unsigned c = 0; c < 4; ++c) t.bits[c] = std::bit_cast<uint32_t>(r[c]);
    return apply_swizzle(b.tex->format, t).bits;
  }

  // TLD4: the bilinear footprint's four texels, component `component`, in the order (i0, j1), (i1, j1),
  // (i1, j0), (i0, j0); offsets are AOFFI (u, v) or PTP (one pair per texel).
  std::array<uint32_t, 4> gather(unsigned k, bool& resident) {
    const Bound& b = bound_[k];
    const unsigned level = view_min(b.tex->header);
    auto texel_at = [&](int32_t du, int32_t dv, unsigned corner) {
      LevelSample s = level_sample(k, level, pos_[k].uvw, false, {du, dv, 0});
      s.footprint = true;
      const AxisTaps tu = linear_taps(s.texel[0], p_), tv = linear_taps(s.texel[1], p_);
      // Point-sample the texel centre of the wanted corner.
      s.texel[0] = tu.i0 + (corner == 1 || corner == 2 ? 1 : 0) + 0.5;
      s.texel[1] = tv.i0 + (corner == 0 || corner == 1 ? 1 : 0) + 0.5;
      const Rgba r = sample_level(s, resident);
      return finish(b, r)[static_cast<unsigned>(rq_.component) & 3];
    };
    std::array<uint32_t, 4> out{};
    const auto off = texel_offsets(rq_, in(k));
    for (unsigned corner = 0; corner < 4; ++corner) {
      if (rq_.ptp) {
        const auto& o = in(k).ptp[corner];
        out[corner] = texel_at(o[0], o[1], 3);  // each texel is the (i0, j0) corner of its own footprint
      } else {
        out[corner] = texel_at(off[0], off[1], corner);
      }
    }
    return out;
  }

  // TMML: component 0 the LOD relative to the view's first level before clamping (signed 8.8), component 1 the
  // LOD after bias and clamps as a resource level (unsigned 8.8) — the reversed order Ryujinx #2397 describes.
  std::array<uint32_t, 4> query_lod(unsigned k) {
    const LodResult l = lod(k);
    const double rel = std::isfinite(l.unclamped) ? std::clamp(l.unclamped, -128.0, 127.99609375) : -128.0;
    const double abs = std::clamp(l.lambda + view_min(bound_[k].tex->header), 0.0, 255.99609375);
    const auto rel16 = static_cast<uint32_t>(static_cast<int32_t>(std::lround(rel * 256))) & 0xffff;
    const auto abs16 = static_cast<uint32_t>(std::lround(abs * 256)) & 0xffff;
    return {rel16, abs16, 0, 0};
  }

  // TLD (seed 001): integer coordinates, point sampled, no sampler (border zero, no compare); out-of-range
  // levels return zeros; out-of-range coordinates and layers read TLD's "black border color" unless .CL clamps
  // them to the edge. TLD overrides the sampler with BORDER addressing and a border of (0, 0, 0, 0), which the
  // header's swizzle then routes like any texel: ONE sources still read 1, so R8 gives (0, 0, 0, 1), as Vulkan's
  // robustImageAccess2 and llvmpipe do.
  std::array<uint32_t, 4> fetch(unsigned k, bool& resident) {
    const Bound& b = bound_[k];
    const TextureHeader& h = b.tex->header;
    const Lane& ln = in(k);
    // The coordinate description must have the header's number of coordinates (arrays may differ); .MS is
    // defined for 2D and ARRAY_2D only (seed 001). Other descriptions return zeros.
    if (is_cube(rq_.dim) || coordinate_count(rq_.dim) != texel_dims(tex::view_dim(h.type))) return {};
    if (rq_.multisample && rq_.dim != Dim::Tex2D && rq_.dim != Dim::Array2D) return {};
    const unsigned lodv = rq_.lod == LodMode::Lod ? ln.lod : 0;
    const unsigned level = view_min(h) + lodv;
    if (lodv > 15 || level > view_max(h)) return {};
    const Texel border{};  // TLD's border, (0, 0, 0, 0) before the swizzle
    std::array<uint32_t, 3> c{};
    uint32_t layer = 0;
    if (!fetch_position(k, level, c, layer)) return apply_swizzle(b.tex->format, border).bits;
    if (!rq_.multisample)
      return apply_swizzle(b.tex->format,
                           apply_srgb_policy(b.tex->format, p_, b.tex->access->read(level, layer, c[0], c[1], c[2], resident)))
          .bits;
    // TLD.MS: sample `sample` of the pixel. An index past the header's samples reads like an out-of-range
    // coordinate (the zero border), never clamped: seed 001 forbids .CL with .MS. A single-sampled header has
    // sample 0 only. (Without .MS, a multisampled texture reads sample 0: read() above.)
    if (ln.sample >= sample_grid(h).count()) return apply_swizzle(b.tex->format, border).bits;
    const Texel t = b.tex->access->read_sample(level, layer, c[0], c[1], sample_position(ln.sample), resident);
    return apply_swizzle(b.tex->format, apply_srgb_policy(b.tex->format, p_, t)).bits;
  }

  // TLD's texel (pixel) coordinates and layer, with the AOFFI offsets; out of range: false, or clamped to the
  // edge with .CL (the layer of 1D and 2D arrays too, seed 001).
  bool fetch_position(unsigned k, unsigned level, std::array<uint32_t, 3>& texel, uint32_t& layer) const {
    const Bound& b = bound_[k];
    const Lane& ln = in(k);
    const Extent e = b.tex->access->extent(level);
    const uint32_t size[3] = {e.width, e.height, e.depth};
    const auto off = texel_offsets(rq_, ln);
    for (unsigned a = 0; a < coordinate_count(rq_.dim); ++a) {
      int64_t c = static_cast<int64_t>(static_cast<int32_t>(ln.coord[a])) + off[a];
      if (c < 0 || c >= size[a]) {
        if (!rq_.edge_clamp) return false;
        c = std::clamp<int64_t>(c, 0, size[a] - 1);
      }
      texel[a] = static_cast<uint32_t>(c);
    }
    layer = 0;
    if (is_array(rq_.dim)) {
      const unsigned layers = std::max(1u, b.tex->access->layers());
      layer = ln.layer;
      if (layer >= layers) {
        if (!rq_.edge_clamp) return false;
        layer = layers - 1;
      }
    }
    return true;
  }

  // TXQ. DIMENSION: width, height, depth (3D) or layers, and the view's level count, at level `lod` of the view.
  // TEXTURE_TYPE: the header's texture type, 0, the sample count, 0. Other queries are not modelled (zeros).
  std::array<uint32_t, 4> query(unsigned k) {
    const TextureHeader& h = bound_[k].tex->header;
    const unsigned levels = view_max(h) - view_min(h) + 1;
    switch (rq_.query) {
      case Query::Dimension: {
        const uint32_t lodv = in(k).lod;
        if (lodv >= levels) return {0, 0, 0, levels};
        const Extent e = bound_[k].tex->access->extent(view_min(h) + lodv);
        return {e.width, e.height, is_array(tex::view_dim(h.type)) ? h.depth : e.depth, levels};
      }
      case Query::TextureType:  // the sample count is the grid the texels are stored in (multisample.h)
        return {static_cast<uint32_t>(h.type), 0, sample_grid(h).count(), 0};
      default: return {};
    }
  }

  const Bindings& bindings_;
  const Policy& p_;
  const Request& rq_;
  unsigned quad_;
  Response& out_;
  std::array<Bound, 4> bound_{};
  std::array<Position, 4> pos_{};
};

}  // namespace

void TextureUnit::run(const Request& request, Response& response) const {
  if (fast_path_ && fast_sample(bindings_, policy_, request, response)) return;
  response = Response{};  // (also clears what the fast path wrote of a request it gave up on half way)
  for (unsigned q = 0; q < kWarpSize / 4; ++q) QuadSampler(bindings_, policy_, request, q, response).run();
}

}  // namespace tmu::texunit
