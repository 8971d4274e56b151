// SPDX-License-Identifier: MIT
// IPA: the executor gathers each lane's operands (Ra for .IDX, the multiplier Rb, the offsets Rc, Pmul) and the
// lane's pixel, and interp::ipa evaluates the plane equation with seed 002's rules (interp/ipa.h).
#include <fmt/format.h>

#include "exec/context.h"

namespace tmu::exec {

using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;

namespace {

void ipa(Context& c, const Instruction& in) {
  const FragmentInputs* f = c.machine.fragment;
  if (!f || !f->context.tram) return c.fail(-1, "IPA ran outside a fragment warp (no triangle RAM)");
  auto op = interp::ipa_op(in);
  if (!op) return c.fail(-1, op.error());
  const unsigned ra = in.get<Opd::ra>().index, rb = in.get<Opd::rb>().index, rc = in.get<Opd::rc>().index;
  const unsigned p = in.get<Opd::pmul>().index;
  const bool pneg = in.get<Opd::pmul_neg>();
  for_lanes(c.lanes, [&](unsigned lane) {
    interp::IpaLane l;
    l.pixel = f->pixel[lane];
    l.ra = op->indexed ? c.reg(ra, lane) : 0;
    l.rb = c.reg(rb, lane);
    l.rc = c.reg(rc, lane);
    l.pmul = c.pred(p, lane) != pneg;
    const uint32_t address = interp::ipa_address(*op, l.ra);
    if (address >= interp::kAttributeSpaceBytes || address % 4 != 0)
      return c.fail(static_cast<int>(lane), fmt::format("IPA.IDX reads attribute address {:#x}, outside the "
                                                         "attribute space", address));
    c.set_reg(in.get<Opd::rd>().index, lane, interp::ipa(*op, f->context, l));
  });
}

constexpr HandlerEntry kHandlers[] = {{Op::IPA, ipa}};

}  // namespace

std::span<const HandlerEntry> interp_handlers() { return kHandlers; }

}  // namespace tmu::exec
