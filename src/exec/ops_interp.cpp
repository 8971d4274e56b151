// SPDX-License-Identifier: MIT
// IPA: the attribute interpolator (seed 002) evaluates the request; the executor gathers the operands and writes
// Rd. The arithmetic (plane equations, .MUL, .SAT, offsets) lives behind Machine::attributes.
#include <fmt/format.h>

#include "exec/context.h"

namespace tmu::exec {

using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;

namespace {

void ipa(Context& c, const Instruction& in) {
  if (!c.machine.attributes) return c.fail(-1, "IPA ran without an attribute interpolator (not a fragment warp)");
  const bool indexed = in.get<Opd::idx>();
  const unsigned rb = in.get<Opd::rb>().index, rc = in.get<Opd::rc>().index;
  const unsigned p = in.get<Opd::pmul>().index;
  for_lanes(c.lanes, [&](unsigned lane) {
    IpaRequest r;
    r.indexed = indexed;
    r.attribute = indexed ? c.reg(in.get<Opd::ra>().index, lane) : in.get<Opd::attr>();
    r.mode = in.get<Opd::ipa_mode>();
    r.sample = in.get<Opd::msi>();
    r.multiplier = c.reg(rb, lane);
    r.offsets = c.reg(rc, lane);
    r.saturate = in.get<Opd::sat>();
    r.pmul = indexed || (c.pred(p, lane) != in.get<Opd::pmul_neg>());
    std::string why;
    auto v = c.machine.attributes->interpolate(r, lane, why);
    if (!v) return c.fail(static_cast<int>(lane), fmt::format("IPA a[{:#x}]: {}", r.attribute, why));
    c.set_reg(in.get<Opd::rd>().index, lane, *v);
  });
}

constexpr HandlerEntry kHandlers[] = {{Op::IPA, ipa}};

}  // namespace

std::span<const HandlerEntry> interp_handlers() { return kHandlers; }

}  // namespace tmu::exec
