// SPDX-License-Identifier: MIT
// Warp-wide instructions (PTX ISA "shfl.sync", "vote.sync", and their pre-sm_70 spellings without .sync).
//
// shfl: the lane j a thread reads and whether it is in its segment are PTX's rules, computed with ALU opcodes
// from the lane id, b (lane or offset) and c (clamp in bits 4:0, segment mask in 12:8); the value is then the IR's
// shuffle from lane j (SHFL.IDX over the whole warp), so every mode and c works with one intrinsic:
//   bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31
//   maxLane = (lane & segmask) | (cval & ~segmask), minLane = lane & segmask
//   up: j = lane - bval, p = j >= maxLane;   down: j = lane + bval, p = j <= maxLane
//   bfly: j = lane ^ bval, p = j <= maxLane; idx: j = minLane | (bval & ~segmask), p = j <= maxLane
//   if !p: j = lane.
// (ptxas emits one SHFL.UP/DOWN/BFLY/IDX, which computes the same.) The member mask is not checked: threads
// outside it that run the instruction take part, as on sm_50, which has no independent thread scheduling.
// vote: ballot, any, all and uni of a predicate over the threads that run the instruction.
#include <fmt/format.h>

#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

void FunctionCompiler::warp(const Instruction& ins) {
  const auto& o = ins.operands;
  auto alu = [&](AluOp op, std::initializer_list<DefId> s) { return b().alu(op, s); };
  auto k = [&](int64_t v) { return b().imm_int(v); };
  const bool sync = has(ins, ".sync");
  if (ins.opcode == "shfl") {
    std::string mode;
    for (const char* m : {".up", ".down", ".bfly", ".idx"})
      if (has(ins, m)) mode = std::string(m).substr(1);
    refuse_unknown(ins, {".sync", ".up", ".down", ".bfly", ".idx"});
    if (mode.empty()) fail(ins.loc, "shfl needs a mode: .up, .down, .bfly or .idx");
    if (last_type(ins) != Type::B32) fail(ins.loc, "shfl moves .b32 values");
    expect_operands(ins, sync ? 5 : 4);
    ir::IntrinsicInstr lane_id;
    lane_id.op = ir::Intrinsic::load_subgroup_invocation;
    lane_id.dest.components = 1;
    const DefId lane = b().intrinsic(std::move(lane_id));
    const DefId a = value(o[1], Type::B32), bv = alu(AluOp::iand, {value(o[2], Type::B32), k(31)});
    const DefId c = value(o[3], Type::B32);
    const DefId cval = alu(AluOp::iand, {c, k(31)});
    const DefId segmask = alu(AluOp::iand, {alu(AluOp::ushr, {c, k(8)}), k(31)});
    const DefId not_seg = alu(AluOp::inot, {segmask});
    const DefId max_lane = alu(AluOp::ior, {alu(AluOp::iand, {lane, segmask}), alu(AluOp::iand, {cval, not_seg})});
    DefId j, in_range;
    if (mode == "up") {
      j = alu(AluOp::isub, {lane, bv});
      in_range = alu(AluOp::ige, {j, max_lane});  // signed: lane - b may be negative
    } else {
      if (mode == "down") j = alu(AluOp::iadd, {lane, bv});
      else if (mode == "bfly") j = alu(AluOp::ixor, {lane, bv});
      else j = alu(AluOp::ior, {alu(AluOp::iand, {lane, segmask}), alu(AluOp::iand, {bv, not_seg})});
      in_range = alu(AluOp::ige, {max_lane, j});
    }
    j = alu(AluOp::bcsel, {in_range, j, lane});
    ir::IntrinsicInstr s;
    s.op = ir::Intrinsic::shuffle;
    s.dest.components = 1;
    s.src = {a, j};
    const DefId r = b().intrinsic(std::move(s));
    const Operand& d = o[0];
    if (d.kind == Operand::Kind::Pair) {
      set(d.elems[0], r, Type::B32);
      set(d.elems[1], in_range, Type::Pred);
    } else {
      set(d, r, Type::B32);
    }
    return;
  }
  // vote[.sync].mode.type d, {!}p[, membermask]
  refuse_unknown(ins, {".sync", ".ballot", ".any", ".all", ".uni"});
  expect_operands(ins, sync ? 3 : 2);
  const DefId p = value(o[1], Type::Pred);
  auto vote = [&](ir::Intrinsic op, unsigned bits) {
    ir::IntrinsicInstr v;
    v.op = op;
    v.dest.components = 1;
    v.dest.bit_size = static_cast<uint8_t>(bits);
    v.src = {p};
    return b().intrinsic(std::move(v));
  };
  if (has(ins, ".ballot")) {
    if (last_type(ins) != Type::B32) fail(ins.loc, "vote.ballot makes a .b32 mask");
    return set(o[0], vote(ir::Intrinsic::ballot, 32), Type::B32);
  }
  if (last_type(ins) != Type::Pred) fail(ins.loc, "vote.any, .all and .uni make a .pred");
  if (has(ins, ".any")) return set(o[0], vote(ir::Intrinsic::vote_any, 1), Type::Pred);
  if (has(ins, ".all")) return set(o[0], vote(ir::Intrinsic::vote_all, 1), Type::Pred);
  if (has(ins, ".uni")) return set(o[0], vote(ir::Intrinsic::vote_ieq, 1), Type::Pred);
  fail(ins.loc, "vote needs a mode: .ballot, .any, .all or .uni");
}

}  // namespace tmu::ptx::to_ir
