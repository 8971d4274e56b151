// SPDX-License-Identifier: MIT
// The software texture unit. One call serves a warp: it finds each lane's texture header and sampler, computes
// coordinates and LOD per quad, and runs the stages (coordinates -> LOD -> level -> address -> fetch -> decode ->
// filter -> compare -> swizzle) on the scalar reference path. docs/texunit.md describes the model.
#pragma once

#include <cstdint>
#include <optional>

#include "texunit/access.h"
#include "texunit/descriptors.h"
#include "texunit/policy.h"
#include "texunit/request.h"

namespace tmu::texunit {

class SurfaceLayout;

// A texture header with what it takes to read texels, decoded once; `layout` where the texels are in GpuMemory
// (what surface instructions address; null for textures that tests hold in plain arrays).
struct BoundTexture {
  TextureHeader header;
  FormatPlan format;
  const TextureAccess* access = nullptr;
  const SurfaceLayout* layout = nullptr;
};

// Where headers and samplers come from (the header and sampler pools, or a test fixture). An index past a pool's
// maximum, or a descriptor that does not decode, is an invalid texture: the instruction returns zeros (seed 000).
class Bindings {
 public:
  virtual ~Bindings() = default;
  virtual const BoundTexture* texture(uint32_t header_index) const = 0;
  virtual const Sampler* sampler(uint32_t sampler_index) const = 0;
  // SetSamplerBinding.ViaHeaderBinding (OpenGL): the header index is also the sampler index (seed 000).
  virtual bool sampler_via_header() const { return false; }
  // For fast paths that keep what they derived from a texture and sampler between requests. A nonzero key
  // promises that texture(i) and sampler(i) return the same objects, unchanged, for as long as the key stays the
  // same; no other bindings object ever has the same nonzero key. 0 (the default) promises nothing.
  virtual uint64_t stable_key() const { return 0; }
};

class TextureUnit {
 public:
  explicit TextureUnit(const Bindings& bindings, Policy policy = Policy::nvidia()) : bindings_(bindings), policy_(policy) {}
  void run(const Request& request, Response& response) const;
  const Policy& policy() const { return policy_; }
  const Bindings& bindings() const { return bindings_; }
  // The fast path (fast_sample.h) serves the requests it covers, bit-identically; off, everything runs on the
  // scalar reference path (for tests that compare the two, and for benchmarks).
  void set_fast_path(bool on) { fast_path_ = on; }
  bool fast_path() const { return fast_path_; }

 private:
  const Bindings& bindings_;
  Policy policy_;
  bool fast_path_ = true;
};

}  // namespace tmu::texunit
