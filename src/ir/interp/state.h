// SPDX-License-Identifier: MIT
// The interpreter's inside, shared by interpreter.cpp (control flow, intrinsics), alu.cpp (ALU semantics) and
// tex_request.cpp (texture instructions through the texture unit): the per-lane register file of SSA values,
// failures, and the bit helpers. Not part of the API.
#pragma once

#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "ir/interp/interpreter.h"

namespace tmu::ir::interp::detail {

// A refusal or a bad input: thrown where it is found, returned by run() as its error.
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
template <typename... Args>
[[noreturn]] void fail(fmt::format_string<Args...> f, Args&&... args) {
  throw Failure(fmt::format(f, std::forward<Args>(args)...));
}

constexpr uint64_t mask_bits(unsigned bits) { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }
// The value of the low `bits` bits as a signed integer.
constexpr int64_t sign_extend(uint64_t v, unsigned bits) {
  if (bits >= 64) return static_cast<int64_t>(v);
  const unsigned shift = 64 - bits;
  return static_cast<int64_t>(v << shift) >> shift;
}
inline float f32(uint64_t bits) { return std::bit_cast<float>(static_cast<uint32_t>(bits)); }
inline uint64_t bits32(float f) { return std::bit_cast<uint32_t>(f); }

// One SSA value for the whole warp: components x lanes bit patterns.
struct Reg {
  uint8_t comps = 0;
  uint8_t bits = 0;
  std::vector<uint64_t> v;  // [comp * kLanes + lane]
  uint64_t get(unsigned comp, unsigned lane) const { return v[comp * kLanes + lane]; }
  void set(unsigned comp, unsigned lane, uint64_t x) { v[comp * kLanes + lane] = x & mask_bits(bits); }
};

// What a deref evaluates to in a lane: a variable and an array element.
struct DerefValue {
  const Variable* var = nullptr;
  int64_t element = 0;
};

// The machine state the instruction kinds share.
class State {
 public:
  State(Shader& s, const Bindings& b, const Inputs& in, const Options& o);

  Shader& shader() { return shader_; }
  const Bindings& bindings() const { return bindings_; }
  const Inputs& inputs() const { return inputs_; }
  const Options& options() const { return options_; }

  // The value of `id` (zeros where it has not been computed). Fails for a number that defines nothing.
  const Reg& reg(DefId id) const;
  Reg& reg(DefId id) { return const_cast<Reg&>(static_cast<const State&>(*this).reg(id)); }
  // Storage for a definition about to be computed (reset to zeros).
  Reg& define(const Def& d);
  // The instruction that defines `id`, or nullptr.
  const Instr* def_instr(DefId id) const;
  // The variable and element a deref reaches in a lane.
  DerefValue deref(DefId id, unsigned lane) const;

  uint32_t helpers = 0;  // helper lanes now (initial, demoted, killed)
  uint32_t demoted = 0;
  uint32_t killed = 0;
  unsigned texture_requests = 0;

 private:
  Shader& shader_;
  const Bindings& bindings_;
  const Inputs& inputs_;
  const Options& options_;
  std::vector<Reg> regs_;
  std::vector<const Instr*> def_instrs_;
};

// "ssa_N" for an instruction with a destination.
inline std::string ssa(DefId id) { return fmt::format("ssa_{}", id); }

// alu.cpp: evaluates an ALU instruction for every lane (side-effect free); bad operands in lanes of `mask` fail.
void eval_alu(const AluInstr& a, State& st, uint32_t mask);
// MUFU.RCP as the executor models it (Options::sm50_transcendentals; alu.cpp).
uint32_t sm50_rcp(uint32_t a);
// tex_request.cpp: runs a texture instruction through the texture unit for the lanes of `mask`.
void eval_tex(const TexInstr& t, State& st, uint32_t mask);
// image.cpp: image_load, image_store and the image atomics through the texture unit's surfaces.
void eval_image(const IntrinsicInstr& n, State& st, uint32_t mask, const std::string& where);

// Half-precision conversions (IEEE binary16, round to nearest even, no flushing).
float half_to_float(uint64_t h);
uint16_t float_to_half(float f);
uint16_t double_to_half(double d);

}  // namespace tmu::ir::interp::detail
