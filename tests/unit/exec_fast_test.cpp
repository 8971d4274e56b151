// SPDX-License-Identifier: MIT
// The executor's warp-wide fast handlers (src/exec/fast_*.cpp) against its per-lane reference handlers: random
// straight-line programs of the forms the fast handlers cover (every modifier the encoding allows, so that some
// forms fall back to the reference handler), random guards, control words whose barriers are not always waited
// on (hazards), constant-bank operands inside and outside their banks, and registers holding special floats. Each
// program runs from the same state three ways (RunLimits::reference, the fast handlers' baseline build, and the
// best build the CPU has); registers, predicates, flags, masks, the error and the report (hazards in order,
// uninitialised reads under poison) must be identical.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <set>

#include <fmt/format.h>

#include "exec/executor.h"
#include "isa/sm50/codec.h"
#include "isa/sm50/table.h"

namespace tmu::exec {
namespace {

using isa::sm50::Op;

const std::set<Op> kFastOps = {Op::MOV,   Op::MOV32I, Op::SEL,    Op::IADD,    Op::IADD32I, Op::IADD3,
                               Op::ISETP, Op::LOP,    Op::LOP32I, Op::SHL,     Op::FADD,    Op::FADD32I,
                               Op::FMUL,  Op::FMUL32I, Op::FFMA,  Op::FFMA32I, Op::MUFU,    Op::IPA};

std::vector<const isa::sm50::Form*> fast_forms() {
  std::vector<const isa::sm50::Form*> out;
  for (const isa::sm50::Form& f : isa::sm50::forms())
    if (kFastOps.count(f.op)) out.push_back(&f);
  return out;
}

struct World {
  interp::TriangleRam tram;
  FragmentInputs fragment;
  World() {
    const interp::PixelImap modes[] = {interp::PixelImap::Perspective, interp::PixelImap::Constant,
                                       interp::PixelImap::ScreenLinear};
    for (uint32_t a = 0x60; a < 0x100; a += 4)
      tram.set(a, {0.375f * static_cast<float>(a % 11) - 1.0f, -0.5f + 1e-3f * static_cast<float>(a), 1.25f},
               modes[(a / 4) % 3]);
    fragment.context.tram = &tram;
    for (unsigned l = 0; l < kLanes; ++l)
      fragment.pixel[l] = {static_cast<int32_t>(l % 8), static_cast<int32_t>(l / 8), static_cast<interp::SampleMask>(l % 3 ? 1 : 0)};
  }
};

// A register value: mostly small integers and ordinary floats, often a special float.
uint32_t value(std::mt19937& rng) {
  auto u32 = [&] { return static_cast<uint32_t>(rng()); };
  static constexpr uint32_t kSpecial[] = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000,
                                          0x7fc00000, 0xffc00001, 0x00000001, 0x807fffff, 0x7f7fffff, 0x00800000,
                                          0xffffffff, 0x7fffffff, 0x0000001f, 0x00000020};
  switch (rng() % 4) {
    case 0: return kSpecial[u32() % std::size(kSpecial)];
    case 1: return u32() % 64;
    case 2: return std::bit_cast<uint32_t>(static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 64.0f);
    default: return u32();
  }
}

// A random instruction of a fast form, its registers among R0..R11 and RZ, its predicates random, an IPA's
// attribute inside the triangle RAM; nullopt where the word does not decode.
std::optional<isa::sm50::Instruction> random_instruction(std::mt19937_64& rng, const isa::sm50::Form& form,
                                                         uint64_t address) {
  const isa::sm50::Pattern& p = isa::sm50::pattern_of(form);
  // Half the words with sparse bits: modifiers at their defaults more often (round to nearest, no .CC).
  const uint64_t bits = rng() % 2 ? rng() : rng() & rng() & rng();
  const uint64_t word = (bits & ~p.mask) | p.value;
  isa::sm50::Control ctrl;
  ctrl.stall = static_cast<uint8_t>(rng() % 16);
  ctrl.wrbar = static_cast<uint8_t>(rng() % 3 == 0 ? 7 : rng() % 6);
  ctrl.rdbar = static_cast<uint8_t>(rng() % 2 == 0 ? 7 : rng() % 6);
  ctrl.wait = static_cast<uint8_t>(rng() % 3 == 0 ? rng() % 64 : 0);
  auto in = isa::sm50::decode(word, isa::Arch::SM52, ctrl, address);
  if (!in) return std::nullopt;
  for (std::size_t s = 0; s < form.format.size(); ++s) {
    const isa::sm50::Field& f = isa::sm50::field(form.format[s]);
    if (isa::sm50::info(f.opd).kind == isa::sm50::Kind::Gpr)
      in->set_value(s, rng() % 8 == 0 ? isa::sm50::Reg::kRZ : static_cast<uint32_t>(rng() % 12));
  }
  // IPA.IDX takes its address from a register: rarely one inside the attribute space (its form fixes .IDX).
  if (in->get_or<isa::sm50::Opd::idx>(false) && rng() % 8 != 0) return std::nullopt;
  if (in->has(isa::sm50::Opd::attr) && rng() % 8 != 0)
    in->set<isa::sm50::Opd::attr>(static_cast<uint32_t>(0x60 + 4 * (rng() % 40)));
  // Constant-bank operands: banks 0..3 hold 64 words; now and then a word past them or an empty bank.
  for (isa::sm50::Opd cb : {isa::sm50::Opd::ia_cb, isa::sm50::Opd::fa_cb, isa::sm50::Opd::cm_cbuf})
    if (in->has(cb)) in->set_value(static_cast<std::size_t>(in->slot(cb)), static_cast<uint32_t>((rng() % 25 == 0 ? 4 : rng() % 4) << 14 | rng() % 66));
  return *in;
}

isa::sm50::Instruction exit_at(uint64_t address) {
  isa::sm50::Program p;
  EXPECT_FALSE(isa::sm50::assemble("EXIT ;", isa::Arch::SM52, p));
  isa::sm50::Instruction exit = p.code.at(0);
  exit.set_address(address);
  return exit;
}

// The machine of every run: banks 0..3 hold the same 64 words, the others are empty (reads fail).
Machine machine(const World& world, const std::vector<uint32_t>& bank) {
  Machine m;
  for (unsigned b = 0; b < 4; ++b) m.set_cbank(b, 0, bank);
  m.fragment = &world.fragment;
  return m;
}

// Whether the instruction alone (then EXIT) runs without an error from zero registers.
bool runs_alone(isa::sm50::Instruction in, const World& world) {
  isa::sm50::Program p;
  in.set_address(p.address(0));
  p.code = {in, exit_at(p.address(1))};
  Warp warp;
  Machine m = machine(world, std::vector<uint32_t>(64, 0x3f800000u));
  RunReport report;
  return !run(p, warp, m, {100, false, true}, report);
}

struct Outcome {
  Warp warp;
  std::optional<ExecError> error;
  RunReport report;
};

std::string describe(const std::optional<ExecError>& e) { return e ? e->to_string() : "(none)"; }

void expect_same(const Outcome& want, const Outcome& got, const std::string& what, std::size_t& mismatches) {
  auto fail = [&](const std::string& detail) {
    if (mismatches++ < 5) ADD_FAILURE() << what << ": " << detail;
  };
  if (describe(want.error) != describe(got.error)) return fail("error " + describe(got.error) + ", reference " + describe(want.error));
  for (unsigned r = 0; r < 12; ++r)
    for (unsigned l = 0; l < kLanes; ++l)
      if (want.warp.reg[r][l] != got.warp.reg[r][l])
        return fail(fmt::format("R{} lane {}: {:#x}, reference {:#x}", r, l, got.warp.reg[r][l], want.warp.reg[r][l]));
  if (want.warp.pred != got.warp.pred) return fail("predicates differ");
  const ConditionCodes& a = want.warp.cc;
  const ConditionCodes& b = got.warp.cc;
  if (a.zero != b.zero || a.sign != b.sign || a.carry != b.carry || a.overflow != b.overflow) return fail("flags differ");
  if (want.report.instructions != got.report.instructions) return fail("instruction counts differ");
  std::vector<std::string> h1, h2, u1, u2;
  for (const Hazard& h : want.report.hazards) h1.push_back(h.to_string());
  for (const Hazard& h : got.report.hazards) h2.push_back(h.to_string());
  for (const UninitialisedRead& u : want.report.uninitialised) u1.push_back(u.to_string());
  for (const UninitialisedRead& u : got.report.uninitialised) u2.push_back(u.to_string());
  if (h1 != h2) {
    std::string lists;
    for (std::size_t i = 0; i < std::max(h1.size(), h2.size()); ++i)
      lists += fmt::format("\n  {} | {}", i < h2.size() ? h2[i] : "-", i < h1.size() ? h1[i] : "-");
    return fail(fmt::format("{} hazards, reference {} (fast | reference):{}", h2.size(), h1.size(), lists));
  }
  if (u1 != u2) return fail(fmt::format("{} uninitialised reads, reference {}", u2.size(), u1.size()));
}

TEST(ExecFast, RandomProgramsMatchTheReferenceHandlers) {
  static const World world;
  const auto forms = fast_forms();
  ASSERT_EQ(forms.size() >= kFastOps.size(), true);
  std::mt19937_64 rng(20261128);
  std::mt19937 vals(7);
  auto u32 = [&] { return static_cast<uint32_t>(vals()); };
  std::size_t mismatches = 0, programs = 0, fast_instructions = 0, instructions = 0, hazards = 0, errors = 0;
  for (int n = 0; n < 3000; ++n) {
    isa::sm50::Program program;
    const std::size_t length = 4 + rng() % 14;
    while (program.code.size() < length) {
      const uint64_t address = program.address(program.code.size());
      auto in = random_instruction(rng, *forms[rng() % forms.size()], address);
      // Most instructions are ones that run (an undefined modifier value or an attribute outside the space
      // stops the program: a few are kept, for the errors).
      if (in && (rng() % 40 == 0 || runs_alone(*in, world))) program.code.push_back(*in);
    }
    program.code.push_back(exit_at(program.address(program.code.size())));

    std::vector<uint32_t> bank(64);
    for (uint32_t& w : bank) w = value(vals);
    const Machine m = machine(world, bank);
    Warp start;
    start.masks = ThreadMasks::launch(n % 5 == 0 ? kAllLanes : u32());
    for (unsigned p = 0; p < 7; ++p) start.pred[p] = u32();
    for (unsigned r = 0; r < 12; ++r)
      for (unsigned l = 0; l < kLanes; ++l) start.reg[r][l] = value(vals);
    start.cc = {u32(), u32(), u32(), u32()};
    const bool poison = n % 4 == 3;

    const DecodedProgram best(program), baseline(program, FastBuild::Baseline);
    fast_instructions += best.fast_count();
    instructions += program.code.size();
    auto run_with = [&](const DecodedProgram& d, bool reference) {
      Outcome o;
      o.warp = start;
      Machine mm = m;
      o.error = run(d, o.warp, mm, {1000, poison, reference}, o.report);
      return o;
    };
    const Outcome want = run_with(best, true);
    hazards += want.report.hazards.size();
    errors += want.error ? 1u : 0u;
    expect_same(want, run_with(best, false), fmt::format("program {} (best build)", n), mismatches);
    expect_same(want, run_with(baseline, false), fmt::format("program {} (baseline build)", n), mismatches);
    ++programs;
  }
  EXPECT_EQ(mismatches, 0u);
  // The programs exercise what they are meant to: mostly fast forms, hazards, and errors.
  EXPECT_GT(fast_instructions * 2, instructions) << fast_instructions << " of " << instructions;
  EXPECT_GT(hazards, 500u);
  EXPECT_GT(errors, 30u);
  EXPECT_LT(errors, programs / 2);
}

}  // namespace
}  // namespace tmu::exec
