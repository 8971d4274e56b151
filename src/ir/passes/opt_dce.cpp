// SPDX-License-Identifier: MIT
#include "ir/passes/opt_dce.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tmu::ir {
namespace {

// Intrinsics that write or discard: kept whether or not their result is read. Atomics write memory and return
// the old value (NIR gives them no CAN_ELIMINATE flag): an unread result is PTX's red. A barrier reduction
// (bar_red_*) synchronizes the block whether or not its result is read.
bool has_effect(const Instr& i) {
  const IntrinsicInstr* n = i.as<IntrinsicInstr>();
  if (!n) return false;
  const std::string_view nm = name(n->op);
  return info(n->op).dest_size < 0 || nm.find("_atomic_") != std::string_view::npos || nm.starts_with("bar_red_");
}

// If conditions are read by the control flow itself: they are live from the start.
void mark_conditions(const CfList& list, std::vector<DefId>& work) {
  for (const CfNode& n : list) {
    if (n.loop) mark_conditions(n.loop->body, work);
    if (!n.if_node) continue;
    work.push_back(n.if_node->condition);
    mark_conditions(n.if_node->then_list, work);
    mark_conditions(n.if_node->else_list, work);
  }
}

}  // namespace

// Mark and sweep, as nir_opt_dce: instructions with effects (stores, discards, jumps, atomics) and if conditions
// are live, and so is every definition a live instruction reads; the rest goes. A loop's phis that only feed each
// other (a register the loop carries and nothing reads after it) go too, which counting uses would keep.
bool opt_dce(Shader& s) {
  std::unordered_map<DefId, Instr*> def_instr;
  std::unordered_set<DefId> live;
  std::vector<DefId> work;
  s.for_each_instr([&](Instr& i) {
    const DefId d = i.dest().id;
    if (d != kNoDef) def_instr[d] = &i;
    if (d == kNoDef || has_effect(i))
      for (DefId* u : i.uses()) work.push_back(*u);
    if (d != kNoDef && has_effect(i)) live.insert(d);
  });
  mark_conditions(s.body, work);
  while (!work.empty()) {
    const DefId d = work.back();
    work.pop_back();
    if (!live.insert(d).second) continue;
    auto it = def_instr.find(d);
    if (it == def_instr.end()) continue;
    for (DefId* u : it->second->uses()) work.push_back(*u);
  }
  bool any = false;
  for (Block* b : s.blocks()) {
    auto dead = [&](const InstrPtr& p) {
      const DefId d = p->dest().id;
      return d != kNoDef && !live.count(d);
    };
    const auto before = b->instrs.size();
    b->instrs.erase(std::remove_if(b->instrs.begin(), b->instrs.end(), dead), b->instrs.end());
    any = any || b->instrs.size() != before;
  }
  return any;
}

}  // namespace tmu::ir
