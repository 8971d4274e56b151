// SPDX-License-Identifier: MIT
#include "exec/decoded.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "exec/context.h"
#include "exec/fast.h"

namespace tmu::exec {

using isa::sm50::Opd;

namespace {

// Per op: the reference handler and the fast handler's decoder, from the families' lists.
struct Dispatch {
  std::array<Handler, isa::sm50::kNumOps> reference{};
  std::array<FastDecoder, isa::sm50::kNumOps> fast{};
  Dispatch() {
    for (auto list : {control_handlers(), texture_handlers(), interp_handlers(), float_handlers(), integer_handlers(),
                      conversion_handlers(), memory_handlers(), video_handlers(), half_handlers(), surface_handlers()})
      for (const HandlerEntry& e : list) reference[static_cast<std::size_t>(e.op)] = e.handler;
    for (auto list : {fast_integer_entries(), fast_float_entries(), fast_fragment_entries()})
      for (const FastEntry& e : list) fast[static_cast<std::size_t>(e.op)] = e.decode;
  }
};

const Dispatch& dispatch() {
  static const Dispatch d;
  return d;
}

// Whether the AVX2 builds run: the CPU has AVX2 and FMA, and the environment does not ask for the baseline.
bool avx2() {
#if TMU_FAST_VARIANTS
  static const bool ok = [] {
    const char* isa = std::getenv("TMU_EXEC_ISA");
    if (isa && std::string_view(isa) == "baseline") return false;
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return ok;
#else
  return false;
#endif
}

}  // namespace

DecodedProgram::DecodedProgram(const isa::sm50::Program& program, FastBuild build) : program_(&program) {
  const Dispatch& table = dispatch();
  const bool wide = build == FastBuild::Best && avx2();
  code_.resize(program.code.size());
  for (std::size_t k = 0; k < program.code.size(); ++k) {
    const isa::sm50::Instruction& in = program.code[k];
    Decoded& d = code_[k];
    d.inst = &in;
    const auto op = static_cast<std::size_t>(in.op());
    d.reference = table.reference[op];
    d.fixed_latency = isa::sm50::fixed_latency(in.form().sched);
    d.wait = in.ctrl.wait;
    if (in.has(Opd::pg)) {
      d.guard = static_cast<uint8_t>(in.guard().index);
      d.guard_negated = in.guard_negated();
    }
    // A fast handler only where the reference handler exists: an op the executor does not model stops the same
    // way on both paths.
    if (d.reference && table.fast[op]) {
      Decoded trial = d;
      const FastHandlers h = table.fast[op](in, trial);
      if (h.baseline) {
        d = trial;
        d.fast = wide ? h.avx2 : h.baseline;
      }
    }
  }
}

std::size_t DecodedProgram::fast_count() const {
  return static_cast<std::size_t>(std::count_if(code_.begin(), code_.end(), [](const Decoded& d) { return d.fast; }));
}

}  // namespace tmu::exec
