// SPDX-License-Identifier: MIT
// The selector's state, shared by select.cpp (control flow, registers, intrinsics), select_alu.cpp and
// select_tex.cpp.
#pragma once

#include <fmt/format.h>

#include <bitset>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/sm50/select.h"

namespace tmu::ir::sm50::detail {

// Thrown inside the selector, turned into the Result's error at its boundary.
struct SelectError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Registers {
 public:
  // n consecutive free registers, aligned as seed 000 asks of vectors (1, 2 or 4).
  unsigned take(unsigned n);
  void give(unsigned base, unsigned n);
  unsigned high_water() const { return high_; }

 private:
  std::bitset<255> used_;
  unsigned high_ = 0;
};

struct Selector {
  Shader& s;
  SelectOptions opt;
  std::string out;
  Registers regs;
  std::unordered_map<DefId, unsigned> base;  // first register of each live definition
  std::unordered_map<DefId, Def> shape;
  std::unordered_map<DefId, const Instr*> def_instr;
  std::unordered_set<DefId> read;  // the definitions some instruction reads
  unsigned labels = 0;

  // "R5": the register of a def's component (a 64-bit component's low word; its high word is the next register).
  std::string r(DefId d, unsigned component = 0) const;
  // The register of a def's 32-bit word `w` (components of 64-bit defs take two words, low first).
  std::string word(DefId d, unsigned w) const;
  std::string reg(unsigned n) const { return fmt::format("R{}", n); }
  void emit(const std::string& statement) { out += statement + " ;\n"; }
  std::string label() { return fmt::format(".L{}", labels++); }
  unsigned components(DefId d) const { return shape.at(d).components; }
  unsigned bit_size(DefId d) const { return shape.at(d).bit_size; }
  // Registers a def takes: one per component, two for a 64-bit one (an aligned pair).
  static unsigned words(const Def& d) { return d.components * (d.bit_size == 64 ? 2u : 1u); }
  unsigned words(DefId d) const { return words(shape.at(d)); }
  // The def's constant component, if it is defined by load_const.
  std::optional<uint64_t> constant(DefId d, unsigned component = 0) const;
  // Constants every reader takes as an immediate (folded_source): no register, no MOV32I.
  std::unordered_set<DefId> immediate_only;
  // Definitions some instruction reads (not only an if), and how many ifs test each.
  std::unordered_set<DefId> read_by_instr;
  std::unordered_map<DefId, unsigned> if_tests;
  // Registers for an instruction's destination (allocated when its instruction is selected).
  unsigned dest(const Def& d);
  // Scratch registers for the duration of one instruction.
  unsigned scratch(unsigned n);
  // The first register of `v`'s words as one aligned block of `count` registers (3 align as 4), copied to scratch
  // registers when the value's own are not (missing words read RZ): vector memory and surface operands.
  std::string aligned_block(DefId v, unsigned count);
  void release_scratch();
  std::vector<std::pair<unsigned, unsigned>> scratch_;

  [[noreturn]] void fail(const Instr& i, const std::string& what) const {
    if (i.dest().id == kNoDef) throw SelectError(fmt::format("an instruction without a result: {}", what));
    throw SelectError(fmt::format("ssa_{}: {}", i.dest().id, what));
  }
};

// One ALU instruction being selected (select_alu.cpp, select_alu64.cpp): its destination's first register and
// the registers of its components, 64-bit ones as pairs (word 0 low, word 1 high).
struct Alu {
  Selector& sel;
  const Instr& instr;
  const AluInstr& a;
  unsigned d = 0;  // first destination register

  unsigned n() const { return a.dest.components; }
  unsigned src_bits(unsigned k) const { return sel.bit_size(a.src[k].def); }
  std::string dst(unsigned c, unsigned w = 0) const { return sel.reg(d + c * (a.dest.bit_size == 64 ? 2u : 1u) + w); }
  std::string src(unsigned k, unsigned c, unsigned w = 0) const {
    return sel.word(a.src[k].def, a.src[k].swizzle[c] * (src_bits(k) == 64 ? 2u : 1u) + w);
  }
  // One statement per component: "{0}" the destination, "{1}".. the sources (a pair's first register).
  void each(const char* statement) const {
    const unsigned k = info(a.op).num_inputs;
    for (unsigned c = 0; c < n(); ++c) {
      const std::string s0 = k > 0 ? src(0, c) : "", s1 = k > 1 ? src(1, c) : "", s2 = k > 2 ? src(2, c) : "";
      sel.emit(fmt::format(fmt::runtime(statement), dst(c), s0, s1, s2));
    }
  }
  std::string tmp() { return sel.reg(sel.scratch(1)); }
};

void select_alu(Selector& sel, const Instr& instr, const AluInstr& a);
// The source of a 32-bit integer ALU instruction that selection writes as an immediate when it is a constant
// (SHL/SHR's count, IADD32I's and LOP32I's operand): the second, or for iadd, iand, ior and ixor the first when only
// it is constant; none (-1) otherwise. Selection and the pass that drops such constants' MOV32I both ask it.
int folded_source(const Selector& sel, const AluInstr& a);
// A 32-bit integer or float comparison whose one reader is the if right after it: ISETP / FSETP straight into the
// if's predicate P0 (no boolean register). False for any other instruction.
bool select_condition(Selector& sel, const AluInstr& a);
// ALU instructions with a 64-bit source or result (select_alu64.cpp); false for the others.
bool select_alu64(Selector& sel, const Instr& instr, const AluInstr& a);
void select_tex(Selector& sel, const Instr& instr, const TexInstr& t);
// The compute intrinsics (select_compute.cpp); false for any other intrinsic.
bool select_compute(Selector& sel, const Instr& instr, const IntrinsicInstr& n);
// The surface intrinsics (select_surface.cpp); false for any other intrinsic.
bool select_surface(Selector& sel, const Instr& instr, const IntrinsicInstr& n);

}  // namespace tmu::ir::sm50::detail
