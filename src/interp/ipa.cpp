// SPDX-License-Identifier: MIT
#include "interp/ipa.h"

#include <cassert>
#include <cmath>

#include <fmt/format.h>

#include "common/bits.h"
#include "interp/fp32.h"

namespace tmu::interp {

namespace sm50 = isa::sm50;

Result<IpaOp> ipa_op(const sm50::Instruction& inst) {
  if (inst.op() != sm50::Op::IPA)
    return make_error(fmt::format("instruction at 0x{:04x} is not IPA", inst.address()));
  IpaOp op;
  op.mode = inst.get<sm50::Opd::ipa_mode>();
  op.sat = inst.get<sm50::Opd::sat>();
  op.indexed = inst.get_or<sm50::Opd::idx>(false);
  op.address = op.indexed ? 0 : inst.get<sm50::Opd::attr>();
  switch (inst.get<sm50::Opd::msi>()) {
    case sm50::IpaSample::Center: op.sample = SampleMode::Center; break;
    case sm50::IpaSample::Centroid: op.sample = SampleMode::Centroid; break;
    case sm50::IpaSample::Offset: op.sample = SampleMode::Offset; break;
    case sm50::IpaSample::Invalid:
      return make_error(fmt::format(
          "IPA at 0x{:04x}: sample mode 3 (printed .INVALID) has no meaning in seed 002's .msi list", inst.address()));
  }
  return op;
}

SampleOffset ipa_offset(uint32_t rc) {
  return SampleOffset{static_cast<int8_t>(sign_extend(extract_bits(rc, 8, 4), 4)),
                      static_cast<int8_t>(sign_extend(extract_bits(rc, 24, 4), 4))};
}

Location sample_location(SampleMode mode, const FragmentPosition& pixel, SampleCount samples, uint32_t rc) {
  SampleOffset o{};
  if (mode == SampleMode::Centroid) o = centroid_offset(samples, pixel.coverage);
  if (mode == SampleMode::Offset) o = ipa_offset(rc);
  return location_at(pixel, o);
}


uint32_t ipa(const IpaOp& op, const IpaContext& ctx, const IpaLane& lane) {
  assert(ctx.tram != nullptr);
  const TriangleRam& tram = *ctx.tram;
  const uint32_t address = ipa_address(op, lane.ra);
  if (attribute_slot(address) == attribute_slot(attr::kFrontFace)) return tram.front_face ? 0xffffffffu : 0u;

  const IpaMode mode = effective_mode(op, tram, address);
  if (mode == IpaMode::Constant) {
    const uint32_t out = tram.interpolation(address) == PixelImap::Constant ? bits_of(tram.plane(address).c) : 0u;
    return op.sat ? saturate_bits(out) : out;
  }
  const Location at = sample_location(op.sample, lane.pixel, ctx.samples, lane.rc);
  return ipa_result(op, mode, evaluate_plane(tram.plane(address), at, ctx.rounding), lane);
}

bool ipa_index_uniform(std::span<const uint32_t> ra, uint32_t active_mask) {
  bool seen = false;
  uint32_t first = 0;
  for (std::size_t l = 0; l < ra.size() && l < 32; ++l) {
    if (!(active_mask & (1u << l))) continue;
    if (!seen) {
      first = attribute_slot(ra[l]);
      seen = true;
    } else if (attribute_slot(ra[l]) != first) {
      return false;
    }
  }
  return true;
}

}  // namespace tmu::interp
