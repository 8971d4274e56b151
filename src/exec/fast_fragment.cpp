// SPDX-License-Identifier: MIT
// Fast handlers (fast.h) of a fragment program's IPA and texture instructions. IPA without .IDX: the instruction
// decoded once (interp::ipa_op); at pixel centres every lane through interp::ipa's own steps (effective_mode,
// location_at, evaluate_plane, ipa_result) with the plane looked up once, otherwise each lane through
// interp::ipa, as the reference handler does (ops_interp.cpp) without its per-lane operand checks. Texture
// instructions: the reference handler's run (ops_texture.h) with the modifiers and register layout decoded once
// and the texture bank's word read once.
#include "exec/fast.h"
#include "exec/ops_texture.h"
#include "interp/attribute_map.h"
#include "interp/ipa.h"

namespace tmu::exec {

using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;

namespace {

// flags: the IpaOp's mode (bits 0..3), sample mode (4..7), .SAT (8), Pmul negated (9); aux: the attribute
// address; p0: Pmul; b, c: the registers Rb and Rc.
interp::IpaOp ipa_op_of(const Decoded& d) {
  interp::IpaOp op;
  op.mode = static_cast<interp::IpaMode>(d.flags & 0xf);
  op.sample = static_cast<interp::SampleMode>((d.flags >> 4) & 0xf);
  op.sat = (d.flags >> 8) & 1;
  op.address = d.aux;
  return op;
}

TMU_FAST_HANDLER(ipa_fast) {
  const FragmentInputs* f = c.machine.fragment;
  if (!f || !f->context.tram) return d.reference(c, *d.inst);
  const interp::IpaOp op = ipa_op_of(d);
  const interp::TriangleRam& tram = *f->context.tram;
  const uint32_t* rb = fast::row(c, d.b.value);
  const uint32_t* rc = fast::row(c, d.c.value);
  const uint32_t pmul = fast::pred(c, d.p0) ^ (((d.flags >> 9) & 1) ? kAllLanes : 0u);
  auto lane_of = [&](unsigned l) {
    interp::IpaLane lane;
    lane.pixel = f->pixel[l];
    lane.rb = rb[l];
    lane.rc = rc[l];
    lane.pmul = (pmul >> l) & 1;
    return lane;
  };
  Row out{};
  const interp::IpaMode mode = interp::effective_mode(op, tram, op.address);
  if (op.sample == interp::SampleMode::Center && mode != interp::IpaMode::Constant &&
      interp::attribute_slot(op.address) != interp::attribute_slot(interp::attr::kFrontFace)) {
    // The common case, the same steps as interp::ipa for every lane of one plane at the pixel centres.
    const interp::Plane& plane = tram.plane(op.address);
    const interp::PlaneRounding rounding = f->context.rounding;
    for (unsigned l = 0; l < kLanes; ++l) {
      const float p = interp::evaluate_plane(plane, interp::location_at(f->pixel[l], {}), rounding);
      out[l] = interp::ipa_result(op, mode, p, lane_of(l));
    }
  } else {
    for_lanes(c.lanes, [&](unsigned l) { out[l] = interp::ipa(op, f->context, lane_of(l)); });
  }
  fast::write(c, d.rd, c.lanes, out);
}

FastHandlers ipa_decode(const Instruction& in, Decoded& d) {
  const auto op = interp::ipa_op(in);
  if (!op || op->indexed) return {};
  d.flags = static_cast<uint32_t>(op->mode) | static_cast<uint32_t>(op->sample) << 4 | (op->sat ? 1u << 8 : 0u) |
            (in.get<Opd::pmul_neg>() ? 1u << 9 : 0u);
  d.aux = op->address;
  // The attribute space check of the reference handler, for the immediate address.
  if (op->address >= interp::kAttributeSpaceBytes || op->address % 4 != 0) return {};
  d.p0 = static_cast<uint8_t>(in.get<Opd::pmul>().index);
  d.b = AluSource::reg(in.get<Opd::rb>().index);
  d.c = AluSource::reg(in.get<Opd::rc>().index);
  d.rd = static_cast<uint8_t>(in.get<Opd::rd>().index);
  fast::touch(d, d.b);
  fast::touch(d, d.c);
  fast::touch(d, d.rd, true);
  return TMU_FAST(ipa_fast);
}

// Reads and writes through the checked accessors (not listed): which registers a lane reads depends on the
// layout, which it writes on the response. aux: tsidx.
void texture_fast(Context& c, const Decoded& d) {
  const auto& plan = *static_cast<const TexPlan*>(d.plan.get());
  std::optional<uint32_t> handle;
  if (!plan.layout.has(isa::sm50::TexParam::Handle)) {
    handle = c.machine.cbank32(c.machine.texture_bank, int64_t{d.aux} * 4);
    if (!handle) return d.reference(c, *d.inst);  // it names the bank, offset and lane
  }
  run_texture(c, *d.inst, plan, handle);
}
FastHandlers texture_decode(const Instruction& in, Decoded& d) {
  d.plan = std::make_shared<const TexPlan>(tex_plan(in));
  d.aux = in.get_or<Opd::tsidx>(0);
  return {texture_fast, texture_fast};
}

constexpr FastEntry kEntries[] = {
    {Op::IPA, ipa_decode},       {Op::TEX, texture_decode},   {Op::TEX_B, texture_decode}, {Op::TLD, texture_decode},
    {Op::TLD_B, texture_decode}, {Op::TLD4, texture_decode},  {Op::TLD4_B, texture_decode},
    {Op::TLD4S, texture_decode}, {Op::TEXS, texture_decode},  {Op::TLDS, texture_decode},  {Op::TXD, texture_decode},
    {Op::TXD_B, texture_decode}, {Op::TXQ, texture_decode},   {Op::TXQ_B, texture_decode}, {Op::TMML, texture_decode},
    {Op::TMML_B, texture_decode},
};

}  // namespace

std::span<const FastEntry> fast_fragment_entries() { return kEntries; }

}  // namespace tmu::exec
