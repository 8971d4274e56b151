// SPDX-License-Identifier: MIT
#include "ir/passes/opt_dce.h"

#include <algorithm>
#include <unordered_map>

namespace tmu::ir {
namespace {

// Intrinsics that write or discard: kept whether or not their result is read. Atomics write memory and return
// the old value (NIR gives them no CAN_ELIMINATE flag): an unread result is PTX's red.
bool has_effect(const Instr& i) {
  const IntrinsicInstr* n = i.as<IntrinsicInstr>();
  if (!n) return false;
  return info(n->op).dest_size < 0 || name(n->op).find("_atomic_") != std::string_view::npos;
}

void count_conditions(const CfList& list, std::unordered_map<DefId, unsigned>& uses) {
  for (const CfNode& n : list) {
    if (n.loop) count_conditions(n.loop->body, uses);
    if (!n.if_node) continue;
    ++uses[n.if_node->condition];
    count_conditions(n.if_node->then_list, uses);
    count_conditions(n.if_node->else_list, uses);
  }
}

}  // namespace

bool opt_dce(Shader& s) {
  bool any = false;
  for (bool progress = true; progress;) {
    progress = false;
    std::unordered_map<DefId, unsigned> uses;
    s.for_each_instr([&](Instr& i) {
      for (DefId* u : i.uses()) ++uses[*u];
    });
    count_conditions(s.body, uses);
    for (Block* b : s.blocks()) {
      auto dead = [&](const InstrPtr& p) {
        const DefId d = p->dest().id;
        return d != kNoDef && !has_effect(*p) && uses[d] == 0;
      };
      const auto before = b->instrs.size();
      b->instrs.erase(std::remove_if(b->instrs.begin(), b->instrs.end(), dead), b->instrs.end());
      progress = progress || b->instrs.size() != before;
    }
    any = any || progress;
  }
  return any;
}

}  // namespace tmu::ir
