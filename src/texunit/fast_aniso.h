// SPDX-License-Identifier: MIT
// The fast path's anisotropic filtering (internal to texunit): fast_sample() hands it the requests whose sampler
// filters anisotropically (MIN_FILTER ANISO with a maximum ratio above 1) on a texture the fast path covers. Each
// quad's footprint, LOD and taps come from the reference's functions (lod.h); each lane's taps along the major
// axis are then sampled 8 at a time (a tap per vector element) with the fast path's steps (fast_vector.h).
// Bit-identical to the reference (texture_unit.cpp, sample_one_level): the same tap positions in double, the same
// fixed-point footprints and sums, the same weighing of the end taps and the one rounding.
#pragma once

#include <cstdint>

#include "texunit/fast_vector.h"

namespace tmu::texunit::fast {

// What the anisotropic requests of one texture and sampler need beyond the Plan.
struct AnisoPlan {
  const TextureHeader* header = nullptr;
  const Sampler* sampler = nullptr;
  const FormatPlan* format = nullptr;
  const Policy* policy = nullptr;  // the plan cache's, which outlives the plan
  double size[2] = {1, 1};  // the view's first level: texel-space gradients
  unsigned max_ratio = 1;
  LodControls controls;
};

// The plan when `s` filters anisotropically (MIN_FILTER ANISO, a maximum ratio above 1, from the header when it
// says so); false otherwise (the isotropic fast path, or the reference, takes the request). `p` must outlive it.
bool aniso_plan(const BoundTexture& t, const Sampler& s, const Policy& p, AnisoPlan& out);

#if TMU_FAST_X86
// Serves a pixel-shader TEX with implicit LOD whose lanes all have `handle`, writing the active lanes of `out`;
// false when a lane needs the reference (a coordinate outside the path's range, a quad point-sampled while
// magnified). For AVX2 and for AVX-512VL (FastIsa).
bool aniso_request_avx2(Plan& plan, const AnisoPlan& a, uint32_t handle, const Request& rq, Response& out);
bool aniso_request_avx512(Plan& plan, const AnisoPlan& a, uint32_t handle, const Request& rq, Response& out);
#endif

}  // namespace tmu::texunit::fast
