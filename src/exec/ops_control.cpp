// SPDX-License-Identifier: MIT
// Control flow: branches, the reconvergence stack, EXIT and KIL, scoreboard waits. Maxwell keeps one program
// counter per warp: a branch that only some threads take pushes the others (a divergence entry) and runs the
// takers; SYNC, BRK, CONT and RET hand control to the stack's entries when the current threads are done.
#include <fmt/format.h>

#include "exec/context.h"
#include "isa/sm50/branch_enums.h"
#include "isa/sm50/printer.h"

namespace tmu::exec {

using isa::sm50::CondCode;
using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;
using Kind = StackEntry::Kind;

// The condition-code test of BRA, EXIT, KIL, CSETP, ... for one lane. Only the tests with a settled meaning on
// integer flags are modelled (T, F, EQ, NE and the signed orders, LT = sign != overflow; SFT / SFF and OFT / OFF,
// the sign and overflow flags themselves: ptxas 11.8 writes `I2I.S32.S32 RZ.CC, hi` then `CSETP.SFT.AND P0, PT,
// CC, PT` for a 64-bit operand's sign in mul.hi.s64 / mad.hi.s64); the others stop the program: the carry-based
// LO, LS, HI, HS and the float ones (NUM, NAN, LTU ... GEU), which ptxas 11.8 was not seen to emit for sm_50
// (docs/exec.md, "Condition codes").
std::optional<bool> cc_test(const Context& c, uint32_t cc, unsigned lane) {
  const ConditionCodes& f = c.warp.cc;
  const bool z = Context::has(f.zero, lane), s = Context::has(f.sign, lane), o = Context::has(f.overflow, lane);
  switch (static_cast<CondCode>(cc)) {
    case CondCode::T: return true;
    case CondCode::F: return false;
    case CondCode::EQ: return z;
    case CondCode::NE: return !z;
    case CondCode::LT: return s != o;
    case CondCode::LE: return z || s != o;
    case CondCode::GT: return !z && s == o;
    case CondCode::GE: return s == o;
    case CondCode::SFT: return s;
    case CondCode::SFF: return !s;
    case CondCode::OFT: return o;
    case CondCode::OFF: return !o;
    default: return std::nullopt;
  }
}

namespace {

// The lanes of ctx.lanes whose condition-code test holds.
uint32_t cc_lanes(Context& c, const Instruction& inst) {
  if (!inst.has(Opd::br_cc)) return c.lanes;
  const uint32_t cc = inst.raw(Opd::br_cc);
  if (cc == static_cast<uint32_t>(CondCode::T)) return c.lanes;  // the default: every lane
  uint32_t out = 0;
  for_lanes(c.lanes, [&](unsigned lane) {
    auto t = cc_test(c, cc, lane);
    if (!t) c.fail(static_cast<int>(lane), fmt::format("condition-code test {} is not modelled",
                                                       isa::sm50::kCondCode.values[cc].text));
    else if (*t) out |= 1u << lane;
  });
  return out;
}

// Where a branch goes, for one lane: PC-relative, absolute, register (+offset) or read from a constant bank.
std::optional<int64_t> target_address(Context& c, const Instruction& inst, unsigned lane) {
  const int64_t next = static_cast<int64_t>(inst.address()) + 8;
  if (auto t = inst.relative_target()) return *t;
  if (inst.has(Opd::br_abs)) return int64_t{inst.raw(Opd::br_abs)};
  if (inst.has(Opd::ldc_off)) {  // c[bank][Ra + offset] holds the target
    const int64_t off = sign_extend(inst.raw(Opd::ldc_off), 16) +
                        (inst.has(Opd::ra) ? static_cast<int32_t>(c.reg(inst.raw(Opd::ra), lane)) : 0);
    const uint32_t v = c.cbank(inst.raw(Opd::ldc_bank), off, lane);
    return inst.op() == Op::BRX || inst.op() == Op::BRA ? next + static_cast<int32_t>(v) : int64_t{v};
  }
  if (inst.has(Opd::br_off)) {  // BRX: next + Ra + offset; JMX: Ra + offset
    const int64_t v = static_cast<int32_t>(c.reg(inst.raw(Opd::ra), lane)) +
                      sign_extend(inst.raw(Opd::br_off), inst.width(Opd::br_off));
    return inst.op() == Op::BRX ? next + v : v;
  }
  return std::nullopt;
}

std::optional<std::size_t> target_index(Context& c, const Instruction& inst, unsigned lane) {
  auto a = target_address(c, inst, lane);
  if (c.failed()) return std::nullopt;
  auto k = a ? c.index_of(*a) : std::nullopt;
  if (!k) c.fail(static_cast<int>(lane), fmt::format("branch target {:#x} is not an instruction of the program", a.value_or(-1)));
  return k;
}

// BRA, JMP, BRX, JMX: the takers run on at the target; if not every current thread takes it, the others wait on
// the stack to run on after the instruction (a divergence entry, popped by the SYNC that ends the region).
void branch(Context& c, const Instruction& inst) {
  const uint32_t taken = cc_lanes(c, inst);
  if (taken == 0 || c.failed()) return;
  // Every taker must agree on the target; lanes with different targets (BRX) run one group after another.
  const unsigned first = static_cast<unsigned>(std::countr_zero(taken));
  auto k = target_index(c, inst, first);
  if (!k) return;
  // Only register-based targets (BRX, JMX, a bank address with Ra) can differ between lanes.
  const bool per_lane = inst.has(Opd::br_off) || (inst.has(Opd::ldc_off) && inst.has(Opd::ra));
  uint32_t group = per_lane ? 0 : taken;
  if (per_lane)
    for_lanes(taken, [&](unsigned lane) {
      auto t = lane == first ? k : target_index(c, inst, lane);
      if (t == k) group |= 1u << lane;
    });
  const uint32_t current = c.warp.masks.ctm & ~c.warp.masks.exited;
  // Threads that do not branch run on after the instruction; takers with another target run it again later.
  if (const uint32_t stay = current & ~taken) c.stack.push_back({Kind::Divergence, stay, c.index + 1});
  if (const uint32_t other = taken & ~group) c.stack.push_back({Kind::Divergence, other, c.index});
  c.warp.masks.ctm = group;
  c.jump = k;
}

// PRET, PEXIT, PLONGJMP: push the target; the threads that later return, exit or long-jump join the entry.
void push_target(Context& c, const Instruction& inst, Kind kind) {
  auto k = target_index(c, inst, 0);
  if (k) c.stack.push_back({kind, 0, *k});
}

// SSY, PBK, PCNT: push the current threads with the target.
void push(Context& c, const Instruction& inst, Kind kind) {
  auto k = target_index(c, inst, 0);
  if (!k) return;
  c.stack.push_back({kind, c.warp.masks.ctm & ~c.warp.masks.exited, *k});
}

// The instructions that push an entry of a kind, for error messages.
const char* pusher(Kind k) {
  switch (k) {
    case Kind::Ssy:
    case Kind::Divergence: return "SSY";
    case Kind::Break: return "PBK";
    case Kind::Continue: return "PCNT";
    case Kind::Call: return "CAL, JCAL or PRET";
    case Kind::Exit: return "PEXIT";
    case Kind::LongJmp: return "PLONGJMP";
  }
  return "?";
}

// SYNC, BRK, CONT, RET, LONGJMP (and EXIT under a PEXIT): the lanes that execute it are done with the current
// region. Threads leave the current mask; entries above the region's own entry forget them; when no current
// thread is left the executor pops the stack (resume() in executor.cpp).
void leave(Context& c, const Instruction& inst, Kind region) {
  const uint32_t lanes = cc_lanes(c, inst);
  if (c.failed() || lanes == 0) return;
  auto it = c.stack.rbegin();
  while (it != c.stack.rend() && it->kind != region &&
         !(region == Kind::Ssy && it->kind == Kind::Divergence))
    ++it;
  if (it == c.stack.rend()) {
    c.fail(-1, fmt::format("{} without a matching {} on the reconvergence stack", isa::sm50::op_name(inst.op()),
                           pusher(region)));
    return;
  }
  // Entries pushed inside the region lose these threads (they are parked at the region's target).
  for (auto e = c.stack.rbegin(); e != it; ++e) e->mask &= ~lanes;
  c.warp.masks.ctm &= ~lanes;
  if (region != Kind::Ssy) it->mask |= lanes;  // BRK/CONT/RET/LONGJMP threads resume at the region's target
}

void bra(Context& c, const Instruction& i) { branch(c, i); }
void ssy(Context& c, const Instruction& i) { push(c, i, Kind::Ssy); }
void pbk(Context& c, const Instruction& i) { push(c, i, Kind::Break); }
void pcnt(Context& c, const Instruction& i) { push(c, i, Kind::Continue); }
void sync(Context& c, const Instruction& i) { leave(c, i, Kind::Ssy); }
void brk(Context& c, const Instruction& i) { leave(c, i, Kind::Break); }
void cont(Context& c, const Instruction& i) { leave(c, i, Kind::Continue); }
void ret(Context& c, const Instruction& i) { leave(c, i, Kind::Call); }

void plongjmp(Context& c, const Instruction& i) { push_target(c, i, Kind::LongJmp); }
void pexit(Context& c, const Instruction& i) { push_target(c, i, Kind::Exit); }
void pret(Context& c, const Instruction& i) { push_target(c, i, Kind::Call); }
void longjmp(Context& c, const Instruction& i) { leave(c, i, Kind::LongJmp); }

// CAL, JCAL (absolute target): push the return address, which RET's threads resume at, and jump. `.NOINC` (the
// bit clear) pushes nothing: the return address is the one a PRET pushed before.
void cal(Context& c, const Instruction& i) {
  auto k = target_index(c, i, 0);
  if (!k) return;
  const bool noinc = i.has(Opd::br_noinc) && i.raw(Opd::br_noinc) == 0;
  if (!noinc) c.stack.push_back({Kind::Call, 0, c.index + 1});  // RET adds the returning threads
  c.jump = k;
}

// EXIT: the threads are done for good, unless a PEXIT pushed a target: then EXIT leaves to it like RET to its
// PRET (yuzu's and Ryujinx's control-flow analyses read PEXIT so; NVIDIA documents neither).
void exit_(Context& c, const Instruction& i) {
  for (auto e = c.stack.rbegin(); e != c.stack.rend(); ++e)
    if (e->kind == Kind::Exit) return leave(c, i, Kind::Exit);
  const uint32_t lanes = cc_lanes(c, i);
  c.warp.masks.exited |= lanes;
  c.warp.masks.ctm &= ~lanes;
}

// BPT: a breakpoint or trap. Without a debugger or trap handler to hand control to, it stops the program.
void bpt(Context& c, const Instruction& i) {
  if (c.lanes == 0) return;
  std::string text;
  isa::sm50::print(i, text);
  c.fail(std::countr_zero(c.lanes), fmt::format("'{}' traps to a debugger; the executor has none to run", text));
}

// RTT returns from a trap handler: the executor never enters one.
void rtt(Context& c, const Instruction& i) {
  if (c.lanes != 0) c.fail(-1, fmt::format("{} outside a trap handler (the executor runs none)", isa::sm50::op_name(i.op())));
}

// The save and restore of the call-return stack pointer and of the local-memory base (for trap handlers and
// context switches) act on state whose layout NVIDIA does not document.
void system_state(Context& c, const Instruction& i) {
  if (c.lanes != 0)
    c.fail(-1, fmt::format("{} is not modelled: the layout of the state it saves or restores is not public",
                           isa::sm50::op_name(i.op())));
}

// KIL: the threads are killed (KTM) but keep running as helpers for their quad's derivatives; a quad whose four
// threads are all killed stops (seed 000: "Entire quads are disabled once all 4 pixels are disabled").
void kil(Context& c, const Instruction& i) {
  ThreadMasks& m = c.warp.masks;
  m.ktm |= cc_lanes(c, i);
  for (unsigned q = 0; q < kLanes / 4; ++q)
    if ((m.ktm & quad_mask(q)) == quad_mask(q)) {
      m.exited |= quad_mask(q);
      m.ctm &= ~quad_mask(q);
    }
}

void nop(Context&, const Instruction&) {}

// BAR: the warp arrives at named barrier A (0..15) expecting B threads (0: the whole block); the executor stops the
// warp there and the block's scheduler (run_block) decides when it goes on. PTX ISA, "bar": operands must be
// uniform across the warp (the first executing lane's are taken); .ARV arrives without waiting; .RED also reduces
// Ps across the arriving threads (.POPC counts, .AND / .OR), returned to each warp (B2R.RESULT).
void bar(Context& c, const Instruction& i) {
  if (c.lanes == 0) return;  // no thread executes it: the warp does not arrive
  const unsigned lane = static_cast<unsigned>(std::countr_zero(c.lanes));
  const std::string_view form = i.form().opclass;
  BarrierArrival a;
  a.kind = form == "BAR_ARV" ? BarrierArrival::Kind::Arrive
           : form == "BAR_RED" ? BarrierArrival::Kind::Reduce
                               : BarrierArrival::Kind::Sync;
  if (form != "BAR_SYNC" && form != "BAR_ARV" && form != "BAR_RED")
    return c.fail(-1, fmt::format("{} is not modelled (only BAR.SYNC, BAR.ARV and BAR.RED)", form));
  a.barrier = i.has(Opd::bar_aimm) ? i.raw(Opd::bar_aimm) : c.reg(i.raw(Opd::ra), lane);
  a.threads = i.has(Opd::bar_bimm) ? i.raw(Opd::bar_bimm) : c.reg(i.raw(Opd::rb), lane);
  if (a.barrier >= 16) return c.fail(static_cast<int>(lane), fmt::format("barrier {} does not exist (0..15)", a.barrier));
  a.lanes = c.lanes;
  a.address = i.address();
  if (a.kind == BarrierArrival::Kind::Reduce) {
    a.op = i.get<Opd::bar_redop>();
    if (a.op == isa::sm50::BarRedOp::Invalid3) return c.fail(-1, "BAR.RED with operation 3 (.INVALIDBARMODE3)");
    const unsigned p = i.get<Opd::bar_ps>().index;
    const bool neg = i.get<Opd::bar_psneg>();
    for_lanes(c.lanes, [&](unsigned l) { a.predicate |= (c.pred(p, l) != neg) ? 1u << l : 0u; });
  }
  c.arrival = a;
}

// B2R.RESULT Rd, Pd: what the warp's last BAR.RED returned. ptxas 11.8 reads bar.red.popc's count with
// `B2R.RESULT Rd` and bar.red.and / .or's predicate with `B2R.RESULT RZ, Pd`: Rd gets the value, Pd whether it
// is not zero. The other modes (a barrier's state, .WARP) read state whose meaning is not public.
void b2r(Context& c, const Instruction& i) {
  if (c.lanes == 0) return;
  if (!i.has(Opd::b2r_pd)) {
    std::string text;
    isa::sm50::print(i, text);
    return c.fail(-1, fmt::format("'{}' is not modelled (only B2R.RESULT)", text));
  }
  const unsigned rd = i.get<Opd::rd>().index, pd = i.get<Opd::b2r_pd>().index;
  for_lanes(c.lanes, [&](unsigned lane) {
    c.set_reg(rd, lane, c.warp.barrier_result);
    c.set_pred(pd, lane, c.warp.barrier_result != 0);
  });
}

// DEPBAR.LE SBn, count {list}: waits until at most `count` instructions remain on barrier n, and for the listed
// barriers entirely. DEPBAR without .LE only waits for the list.
void depbar(Context& c, const Instruction& i) {
  if (i.has(Opd::depbar_sb)) c.scoreboard.wait_until(i.raw(Opd::depbar_sb), i.raw(Opd::depbar_cnt));
  if (i.has(Opd::depbar_list)) c.scoreboard.wait(static_cast<uint8_t>(i.raw(Opd::depbar_list)));
}

constexpr HandlerEntry kHandlers[] = {
    {Op::BRA, bra},   {Op::JMP, bra},   {Op::BRX, bra},     {Op::JMX, bra},     {Op::SSY, ssy},   {Op::PBK, pbk},
    {Op::PCNT, pcnt}, {Op::SYNC, sync}, {Op::BRK, brk},     {Op::CONT, cont},   {Op::CAL, cal},   {Op::RET, ret},
    {Op::EXIT, exit_}, {Op::KIL, kil},  {Op::NOP, nop},     {Op::DEPBAR, depbar}, {Op::MEMBAR, nop}, {Op::BAR, bar}, {Op::B2R, b2r},
    {Op::SAM, nop},   {Op::RAM, nop},   {Op::JCAL, cal},    {Op::PRET, pret},   {Op::PEXIT, pexit},
    {Op::PLONGJMP, plongjmp}, {Op::LONGJMP, longjmp}, {Op::BPT, bpt}, {Op::RTT, rtt}, {Op::IDE, nop},
    {Op::GETCRSPTR, system_state}, {Op::SETCRSPTR, system_state}, {Op::GETLMEMBASE, system_state},
    {Op::SETLMEMBASE, system_state},
};

}  // namespace

std::span<const HandlerEntry> control_handlers() { return kHandlers; }

}  // namespace tmu::exec
