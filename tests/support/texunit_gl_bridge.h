// SPDX-License-Identifier: MIT
// The same texture, sampler and queries on tmu's texture unit as on the GL oracle (gl_oracle.h): translates
// gl::Texture / gl::Sampler to a Maxwell texture header (TIC) and sampler (TSC) in a TextureSet (texels copied
// into block-linear GPU memory unchanged: every oracle upload layout is a Maxwell component layout), and each
// gl::Query to a TextureUnit request of one quad, the way a compiler (nouveau's nv50_ir lowering,
// texture-unit-facts 2.5) would feed TEX/TXD/TLD/TLD4/TMML/TXQ. Results come back in the oracle's shape, so
// the differential tests compare gl::QueryResult with gl::QueryResult. docs/gl-oracle.md, "Differential tests".
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/result.h"
#include "gl_oracle_types.h"
#include "texunit/policy.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

namespace tmu::test {

// What the shader compiler decides before the texture unit sees a request (not the unit's behaviour).
struct BridgeOptions {
  // Float array layer to the u16 layer operand. nouveau emits a saturating F32->U16 conversion with the default
  // rounding, round to nearest even (texture-unit-facts 2.5); softpipe rounds floor(z + 0.5) instead.
  enum class LayerRounding : uint8_t { NearestEven, HalfUp } layer_rounding = LayerRounding::NearestEven;
  // TLD.CL: clamp out-of-range fetch coordinates to the edge instead of returning zeros (seed 001).
  bool fetch_edge_clamp = false;
  // Sample with the depth compare switched off even when the sampler compares (to model filter-then-compare).
  bool no_compare = false;
  // Non-seamless cube maps with the sampler's wrap modes on each face (CUBEMAP_INTERFACE_FILTERING USE_WRAP)
  // instead of clamping to the face edge (OVERRIDE_WRAP, what Mesa's lookups do).
  bool cube_use_wrap = false;
};

// The oracle's texture format as a Maxwell header's format fields (COMPONENTS, data types, swizzle, sRGB) with
// the GL texture swizzle composed in. Fails for formats without a Maxwell layout.
Result<texunit::TextureHeader> tmu_header(const gl::Texture& t);
texunit::Sampler tmu_sampler(const gl::Sampler& s, gl::Format f);
texunit::Dim tmu_dim(gl::Target t);

// One oracle texture and sampler, bound in a TextureSet; runs oracle queries on tmu's texture unit.
class TmuGlTexture {
 public:
  static Result<TmuGlTexture> make(const gl::Texture& t, const gl::Sampler& s);

  // The query on one quad of a warp (lanes 0-3; quad ops give each pixel its coordinate, the others repeat
  // pixel 0's). Results in the oracle's layout: float/int words as GL returns them; txs/query_levels with GL's
  // components per target; lod as (level accessed relative to the base level, computed LOD) decoded from
  // TMML's 8.8 fixed point, GL's order (TMML returns them the other way round).
  Result<gl::QueryResult> run(const gl::Query& q, const texunit::Policy& policy,
                              const BridgeOptions& options = {}) const;

  const texunit::TextureHeader& header() const { return set_->header(texture_); }
  const texunit::Sampler& sampler() const { return sampler_; }

 private:
  TmuGlTexture() = default;
  std::unique_ptr<texunit::TextureSet> set_;
  uint32_t texture_ = 0, sampler_index_ = 0;
  texunit::Sampler sampler_{};
  gl::Texture gl_texture_;  // target, format and base level; levels dropped
  bool compare_ = false;
};

// Per-component range (max - min) of every texel of every level and of the border colour, as the texture unit
// decodes them (after the swizzle): the largest step a filter can take between neighbouring taps, for the
// tolerance model of the differential tests. Integer formats give 0.
std::array<double, 4> value_ranges(const gl::Texture& t, const gl::Sampler& s);
// Largest magnitude of any decoded texel or border component (for ulp-based rounding bounds).
double max_magnitude(const gl::Texture& t, const gl::Sampler& s);

}  // namespace tmu::test
