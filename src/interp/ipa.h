// SPDX-License-Identifier: MIT
// IPA, one lane (seed 002). The executor decodes the instruction once (ipa_op), reads the lane's registers and
// predicate, and calls ipa() per active lane; the result is the 32 bits written to Rd.
//
// The order of operations, and where the seed leaves a choice (named policies, docs/interp.md):
//  0. Address: the 10-bit immediate, or Ra with .IDX (the AL2P result); bits [9:2] pick the TRAM component.
//  1. Location: the pixel centre, moved by the sample mode (.CENTER: +0/16; .CENTROID: the centroid rule of
//     sample_pattern.h; .OFFSET: Rc's dx in [15:0], dy in [31:16], 4.12 signed, of which only bits [11:8] /
//     [27:24] count, read as a signed 4-bit number of sixteenths: -8/16..7/16, the seed's table).
//  2. Plane: p = A*x + B*y + C "as fp32". The seed does not say how it rounds; PlaneRounding picks. Default: the
//     fused chain fma(A, x, fma(B, y, C)), two roundings.
//  3. Mode: .PASS: flush(p). .MUL: flush(p * flush(Rb)), the product rounded to nearest even; p itself is not
//     flushed before the multiply (the seed lists only the Rb and output flushes). When the Pmul predicate is
//     false and .SAT is off the multiply is skipped: flush(p) (seed: Pmul false means the multiply "would not
//     change the interpolation result"; "Pmul is ignored if .SAT is set"); .IDX has no Pmul (that slot is
//     Puniform) and always multiplies. .CONSTANT: the C bits unchanged if the header declares the component
//     Constant, else 0. .SC: the header's type picks: Constant -> .CONSTANT, Perspective -> .MUL,
//     ScreenLinear -> .PASS, Unused -> .PASS (policy; the seed does not say).
//  4. .SAT: fp32 view, denormal flush, NaN -> +0.0, clamp to [+0.0, 1.0] (fp32.h).
// IS_FRONT_FACE (a[0x3fc]) is not interpolated: it returns 0xffffffff for a front face and 0 for a back face
// whatever the mode, sample mode, multiplier and .SAT (policy for the mode; the seed only says .SAT is ignored).
#pragma once

#include <cstdint>
#include <cmath>
#include <span>

#include "common/result.h"
#include "interp/fragment.h"
#include "interp/fp32.h"
#include "interp/sample_pattern.h"
#include "interp/triangle_ram.h"
#include "isa/sm50/instruction.h"
#include "isa/sm50/texture_enums.h"

namespace tmu::interp {

using isa::sm50::IpaMode;

// IPA's .msi without the encoding's fourth value (.INVALID, refused by ipa_op).
enum class SampleMode : uint8_t { Center, Centroid, Offset };

enum class PlaneRounding : uint8_t {
  FmaChain,  // fma(A, x, fma(B, y, C)): default
  Separate,  // ((A*x) + (B*y)) + C, every operation rounded
};

// The decoded, checked instruction.
struct IpaOp {
  IpaMode mode = IpaMode::Mul;
  SampleMode sample = SampleMode::Center;
  bool sat = false;
  bool indexed = false;  // .IDX: the attribute address comes from Ra (an AL2P result)
  uint32_t address = 0;  // immediate byte address (not .IDX)
};

// From a decoded IPA. Fails, naming the instruction's address, for another opcode and for .msi = 3 (INVALID).
Result<IpaOp> ipa_op(const isa::sm50::Instruction& inst);

// One lane's operands.
struct IpaLane {
  FragmentPosition pixel;
  uint32_t ra = 0;    // .IDX: al2pResult_ps_t (physical byte offset)
  uint32_t rb = 0;    // the multiplier (.MUL; .SC on a perspective component)
  uint32_t rc = 0;    // .OFFSET: packed 4.12 offsets
  bool pmul = true;   // Pmul after its negation (PT reads true). Not used with .IDX, where the slot is Puniform.
};

struct IpaContext {
  const TriangleRam* tram = nullptr;  // required
  SampleCount samples = SampleCount::X1;
  PlaneRounding rounding = PlaneRounding::FmaChain;
};

// A sample location in window coordinates.
struct Location {
  float x = 0.0f;
  float y = 0.0f;
};

// .OFFSET's Rc as a sub-pixel offset: only bits [11:8] and [27:24] count (seed 002 "We only implement 0.4b
// offsets, so the upper 4b and lower 8b are currently ignored").
SampleOffset ipa_offset(uint32_t rc);

// A pixel's location moved by a sample offset (sixteenths of a pixel from its centre).
inline Location location_at(const FragmentPosition& pixel, SampleOffset o) {
  // Exact in fp32 for |x| < 2^19: the integer, plus 8/16, plus the offset in sixteenths.
  constexpr float kSixteenth = 1.0f / 16.0f;
  return Location{static_cast<float>(pixel.x) + static_cast<float>(8 + o.dx) * kSixteenth,
                  static_cast<float>(pixel.y) + static_cast<float>(8 + o.dy) * kSixteenth};
}

// The location of step 1.
Location sample_location(SampleMode mode, const FragmentPosition& pixel, SampleCount samples, uint32_t rc);

// A*x + B*y + C under the rounding policy.
inline float evaluate_plane(const Plane& p, Location at, PlaneRounding rounding) {
  if (rounding == PlaneRounding::FmaChain) return std::fma(p.a, at.x, std::fma(p.b, at.y, p.c));
  // Every product and sum rounded on its own: the build uses ISO C++ (-std=c++20), where GCC does not contract
  // a*b + c into an fma (-ffp-contract=off).
  const float ax = p.a * at.x;
  const float by = p.b * at.y;
  const float s = ax + by;
  return s + p.c;
}

// The TRAM byte address the lane reads: the immediate, or Ra for .IDX.
constexpr uint32_t ipa_address(const IpaOp& op, uint32_t ra) { return op.indexed ? ra : op.address; }

// The 32 bits written to Rd.
uint32_t ipa(const IpaOp& op, const IpaContext& ctx, const IpaLane& lane);

// ipa()'s steps for an attribute that is not the front-face flag, in parts for callers that evaluate many lanes of
// one attribute (the executor's fast handler): the mode after .SC resolves it from the TRAM (seed 002 "State
// controls above selection": the header's declared type picks the mode)...
inline IpaMode effective_mode(const IpaOp& op, const TriangleRam& tram, uint32_t address) {
  if (op.mode != IpaMode::SC) return op.mode;
  switch (tram.interpolation(address)) {  // the attribute's PixelImap state
    case PixelImap::Constant: return IpaMode::Constant;
    case PixelImap::Perspective: return IpaMode::Mul;
    case PixelImap::ScreenLinear:
    case PixelImap::Unused: break;
  }
  return IpaMode::Pass;
}
// ...and, for a mode other than Constant, the result from the plane's value at the lane's sample location: the
// multiply by Rb (.MUL, unless Pmul is false outside .IDX and .SAT), the denormal flush and .SAT.
inline uint32_t ipa_result(const IpaOp& op, IpaMode mode, float p, const IpaLane& lane) {
  const bool multiply = mode == IpaMode::Mul && (op.indexed || op.sat || lane.pmul);
  const uint32_t out = flush_denormal(bits_of(multiply ? p * flush_denormal(float_of(lane.rb)) : p));
  return op.sat ? saturate_bits(out) : out;
}

// .IDX with Puniform true promises that every active lane indexes the same attribute; if not, the seed calls
// the result UNPREDICTABLE. The model computes every lane anyway; an executor can report the broken promise.
bool ipa_index_uniform(std::span<const uint32_t> ra, uint32_t active_mask);

}  // namespace tmu::interp
