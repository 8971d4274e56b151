// SPDX-License-Identifier: MIT
// Guarded blocks, for branches that structure.cpp cannot nest (nvcc's switches: a tree of compares whose cases
// share exits; else-if chains that jump to a common end; returns, breaks and continues out of several levels), as
// Mesa's nir_lower_goto_ifs does with its path predicates, but in PTX's order: the blocks of a range come in the
// order written, every forward branch goes to a later block of the range or leaves it, so each block runs under a
// flag that the blocks before it set. A thread that branches out of a loop sets the flag of its target and goes
// through the rest of the body with nothing to run, then breaks; one that returns sets no flag at all.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

// A label's flag is the one of the first label of the labels written together with it: the same point.
std::string FunctionCompiler::reach(std::size_t pos) const { return fmt::format("%reach/{}", point(pos)); }

void FunctionCompiler::set_reach(std::size_t pos) { env_[reach(pos)] = b().imm_int(1, 1); }

// The item a branch goes to. Entering a loop anywhere but at its head is irreducible control flow (nvcc's rotated
// loops, entered at their test, were reordered by rotate_loops): refused.
std::size_t FunctionCompiler::guarded_target(const Instruction& ins, std::size_t at) {
  if (ins.operands.size() != 1) fail(ins.loc, "bra takes one label");
  const std::size_t target = label_position(ins.operands[0]);
  const std::size_t entry = point(target);  // the labels written together with it: one point
  for (const auto& [head, latch] : latches_)
    if (head < entry && latch > target && (at < head || at > latch))
      fail(ins.loc, fmt::format("the branch to {} enters the loop at {} other than through its head (irreducible "
                                "control flow): not compiled",
                                ins.operands[0].name, items_[head].label->name));
  return target;
}

// nvcc puts the block of an early return's last statement after the function's `ret`, and ends it with a branch
// back to that `ret`: the branch is the block it goes to, copied (a branch back that is not a loop's).
void FunctionCompiler::copy_return_blocks() {
  std::vector<Item> items;
  for (std::size_t o = 0; o < items_.size(); ++o) {
    const Instruction* i = items_[o].ins;
    if (i && i->opcode == "bra" && !i->guard && i->operands.size() == 1)
      if (std::size_t k = label_position(i->operands[0]); k < o) {
        const std::size_t n = items_.size();
        while (k < n && items_[k].label) ++k;
        std::size_t e = k;
        while (e < n && items_[e].ins && items_[e].ins->opcode != "bra" && !is_return(*items_[e].ins)) ++e;
        if (e < n && items_[e].ins && is_return(*items_[e].ins) && !items_[e].ins->guard) {
          items.insert(items.end(), items_.begin() + static_cast<std::ptrdiff_t>(k),
                       items_.begin() + static_cast<std::ptrdiff_t>(e + 1));
          continue;
        }
      }
    items.push_back(items_[o]);
  }
  items_ = std::move(items);
  index_labels();
}

// A function's body, or an inlined call's: its loops, for guarded_target.
void FunctionCompiler::emit_guarded_body() {
  copy_return_blocks();
  std::map<std::size_t, std::size_t> latches;
  for (std::size_t m = 0; m < items_.size(); ++m)
    if (const Instruction* i = items_[m].ins; i && i->opcode == "bra" && i->operands.size() == 1)
      if (const std::size_t head = label_position(i->operands[0]); head <= m) latches[head] = m;
  auto outer = std::exchange(latches_, std::move(latches));
  emit_guarded(0, items_.size());
  latches_ = std::move(outer);
}

void FunctionCompiler::emit_guarded(std::size_t begin, std::size_t end) {
  // The range's blocks and loops: [start, end) each.
  struct Part {
    std::size_t start, end;
    bool loop;
  };
  std::vector<Part> parts;
  for (std::size_t k = begin; k < end;) {
    if (items_[k].label)
      if (auto latch = loop_latch(k, end)) {
        parts.push_back(Part{k, *latch + 1, true});
        k = *latch + 1;
        continue;
      }
    std::size_t e = k;
    while (e < end && items_[e].label && (e == k || !loop_latch(e, end))) ++e;
    while (e < end && items_[e].ins) {
      const Instruction& i = *items_[e++].ins;
      if (i.opcode == "bra" || is_return(i)) break;
    }
    parts.push_back(Part{k, e, false});
    k = e;
  }
  // Every flag this range reads or sets starts cleared (in a loop, at each iteration: no thread inside the loop
  // has a branch pending further on).
  const bool body = !loops_.empty() && loops_.back().head + 1 == begin && loops_.back().exit == end;
  const ir::DefId cleared = b().imm_int(0, 1);
  for (const Part& p : parts) env_[reach(p.start)] = cleared;
  env_[reach(end)] = cleared;
  if (body) env_[reach(loops_.back().head)] = cleared;
  for (std::size_t m = begin; m < end; ++m)
    if (const Instruction* i = items_[m].ins; i && i->opcode == "bra" && i->operands.size() == 1)
      env_[reach(label_position(i->operands[0]))] = cleared;

  // A block that no branch goes to (no label, or labels no branch names) is reached only from the block before it
  // (where its conditional branch or return is not taken, or by falling into it): it runs right there, with no
  // flag (and so does the next such block).
  std::set<std::size_t> targeted;  // the points that branches go to
  for (std::size_t m = 0; m < items_.size(); ++m)
    if (auto t = branch_target(m)) targeted.insert(point(*t));
  auto falls_from = [&](const Part& p) {
    const Instruction* last = p.end > p.start ? items_[p.end - 1].ins : nullptr;
    return p.loop || !last || last->guard || (last->opcode != "bra" && !is_return(*last));
  };
  auto nested = [&](std::size_t n) {
    return n > 0 && n < parts.size() && !parts[n].loop && !parts[n - 1].loop && !targeted.count(point(parts[n].start));
  };
  std::function<void(std::size_t)> run = [&](std::size_t n) {
    const Part& p = parts[n];
    if (p.loop)
      emit_loop(p.start, p.end - 1);
    else if (nested(n + 1))
      emit_guarded_block(p.start, p.end, [&] { run(n + 1); });
    else
      emit_guarded_block(p.start, p.end, nullptr);
  };
  bool falls = true;  // the part before can fall into this one
  for (std::size_t n = 0; n < parts.size(); ++n) {
    const Part& p = parts[n];
    if (nested(n)) continue;  // run inside the part before
    if (n > 0 && !falls && !items_[p.start].label) continue;  // reached by nothing
    if (n == 0)
      run(n);
    else
      emit_if(env_.at(reach(p.start)), [&] { run(n); }, [] {});
    while (nested(n + 1)) ++n;
    falls = falls_from(parts[n]);
  }
  if (body) {
    // Threads that branched to the head continue; the others (out of the loop, returned) leave it.
    emit_if(env_.at(reach(loops_.back().head)), [&] { emit_jump(ir::JumpKind::Continue); }, [] {});
    emit_jump(ir::JumpKind::Break);
  }
}

// One block: straight-line instructions, then maybe a branch or a ret that ends it; `next` (if any) runs the block
// after it where that is not taken (or where the block falls into it), instead of setting its flag.
void FunctionCompiler::emit_guarded_block(std::size_t begin, std::size_t end, const std::function<void()>& next) {
  for (std::size_t k = begin; k < end; ++k) {
    const Instruction* ins = items_[k].ins;
    if (!ins) continue;
    at_ = ins->loc;
    const bool branch = ins->opcode == "bra";
    if (!branch && !is_return(*ins)) {
      emit_plain(*ins);
      continue;
    }
    if (!branch && !ins->operands.empty()) fail(ins->loc, fmt::format("{} takes no operands", ins->opcode));
    const std::size_t target = branch ? guarded_target(*ins, k) : 0;
    auto taken = [&] {
      if (branch) set_reach(target);  // a ret sets no flag: nothing after it runs
    };
    if (!ins->guard) {
      taken();
      return;
    }
    const ir::DefId p = predicate(*ins->guard);
    auto not_taken = [&] { next ? next() : set_reach(end); };
    if (ins->guard->negated)
      emit_if(p, not_taken, taken);
    else
      emit_if(p, taken, not_taken);
    return;
  }
  next ? next() : set_reach(end);  // it falls into the next block
}

}  // namespace tmu::ptx::to_ir
