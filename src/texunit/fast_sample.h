// SPDX-License-Identifier: MIT
// A fast path for the texture unit's most common request: a pixel-shader TEX with implicit LOD on a 2D
// A8B8G8R8 UNORM block-linear texture (Tegra GOBs, fully mapped, not sparse), point, linear or anisotropic
// filtering (fast_aniso.h) with any mip filter, WRAP or CLAMP_TO_EDGE on power-of-two levels. It runs 8 lanes
// (or 8 anisotropic taps) per vector with AVX2 (compiled twice: for AVX2 and, where the CPU has it, for
// AVX-512VL's 32 registers) and gives results bit-identical to the scalar reference path (texture_unit.cpp): the
// same fixed-point coordinates and 8-bit weights, the same LOD functions (lod.h), the same float operations in
// the same order.
// tests/unit/texunit_fast_sample_test.cpp compares the two on random requests.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "texunit/policy.h"
#include "texunit/request.h"
#include "texunit/texture_unit.h"

namespace tmu::texunit {

// Whether this build and CPU can run the fast path (x86-64 with AVX2).
bool fast_sample_available();

// The instruction sets the fast path is compiled for.
enum class FastIsa : uint8_t {
  Avx2,    // AVX2 and FMA
  Avx512,  // the same 256-bit code with AVX-512F/VL/BW/DQ (32 vector registers)
};
bool fast_sample_available(FastIsa isa);

// The build fast_sample() uses: the best the CPU has, or the one the environment variable TMU_FAST_ISA names
// ("avx2" or "avx512", when the CPU has it; for comparing the builds). Empty when the fast path is
// unavailable.
std::optional<FastIsa> fast_sample_isa();

// For tests: the rho (lod.h, Rho::FourVectors) of each quad of `rq` as the fast path computes it, four quads
// per vector: the gradients of lanes 1 and 2 from lane 0 times the level's width and height. Only meaningful when
// fast_sample_available().
std::array<double, kWarpSize / 4> fast_quad_rho(const Request& rq, double width, double height);

// Serves `rq` when it is one of the fast path's cases and returns true, having written every lane of `out`
// (zeros for inactive lanes). Returns false otherwise, possibly having written some lanes: the caller then clears
// `out` and runs the reference path.
bool fast_sample(const Bindings& bindings, const Policy& policy, const Request& rq, Response& out);
// The same with a chosen instruction set (for tests); false when the CPU does not have it.
bool fast_sample(const Bindings& bindings, const Policy& policy, const Request& rq, Response& out,
                 FastIsa isa);

}  // namespace tmu::texunit
