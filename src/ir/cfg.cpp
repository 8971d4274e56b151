// SPDX-License-Identifier: MIT
// Edges as nir_control_flow.c's block_add_normal_succs and nir_handle_add_jump place them (cfg.h); dominators by
// the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm"), as
// nir_dominance.c computes them.
#include "ir/cfg.h"

#include <algorithm>

namespace tmu::ir {

Block* first_block(CfList& l) { return !l.empty() && l.front().block ? l.front().block.get() : nullptr; }
Block* last_block(CfList& l) { return !l.empty() && l.back().block ? l.back().block.get() : nullptr; }

const JumpInstr* ending_jump(const Block& b) { return b.instrs.empty() ? nullptr : b.instrs.back()->as<JumpInstr>(); }

namespace {

// Where control goes from the inside of a list: `exit` after its last block, `brk` / `cont` for the innermost
// loop's jumps (kNone outside loops).
struct Targets {
  uint32_t exit = Cfg::kNone, brk = Cfg::kNone, cont = Cfg::kNone;
};

class Builder {
 public:
  explicit Builder(Cfg& g) : g_(g) {}

  void list(CfList& l, const Targets& t) {
    for (std::size_t k = 0; k < l.size(); ++k) {
      CfNode& n = l[k];
      const uint32_t next = k + 1 < l.size() && l[k + 1].block ? l[k + 1].block->id : t.exit;
      if (n.block) {
        block_edges(*n.block, k + 1 < l.size() ? &l[k + 1] : nullptr, t);
      } else if (n.if_node) {
        list(n.if_node->then_list, {next, t.brk, t.cont});
        list(n.if_node->else_list, {next, t.brk, t.cont});
      } else if (n.loop) {
        Block* head = first_block(n.loop->body);
        const uint32_t h = head ? head->id : Cfg::kNone;
        list(n.loop->body, {h, next, h});
      }
    }
  }

 private:
  void block_edges(Block& b, CfNode* next, const Targets& t) {
    if (const JumpInstr* j = ending_jump(b)) {
      edge(b.id, j->kind == JumpKind::Break ? t.brk : t.cont);
    } else if (!next) {
      edge(b.id, t.exit);
    } else if (next->if_node) {
      if (Block* f = first_block(next->if_node->then_list)) edge(b.id, f->id);
      if (Block* f = first_block(next->if_node->else_list)) edge(b.id, f->id);
    } else if (next->loop) {
      if (Block* f = first_block(next->loop->body)) edge(b.id, f->id);
    }
  }

  void edge(uint32_t from, uint32_t to) {
    if (to == Cfg::kNone) return;
    g_.succs[from].push_back(to);
    g_.preds[to].push_back(from);
  }

  Cfg& g_;
};

// Reverse postorder of the blocks reachable from block 0.
std::vector<uint32_t> reverse_postorder(const Cfg& g) {
  std::vector<uint32_t> order;
  std::vector<bool> seen(g.succs.size(), false);
  // Iterative DFS: (block, next successor to visit).
  std::vector<std::pair<uint32_t, std::size_t>> stack{{0, 0}};
  seen[0] = true;
  while (!stack.empty()) {
    auto& [b, k] = stack.back();
    if (k < g.succs[b].size()) {
      const uint32_t s = g.succs[b][k++];
      if (!seen[s]) {
        seen[s] = true;
        stack.push_back({s, 0});
      }
      continue;
    }
    order.push_back(b);
    stack.pop_back();
  }
  std::reverse(order.begin(), order.end());
  return order;
}

void dominators(Cfg& g) {
  const std::vector<uint32_t> rpo = reverse_postorder(g);
  std::vector<uint32_t> rank(g.succs.size(), Cfg::kNone);
  for (uint32_t i = 0; i < rpo.size(); ++i) rank[rpo[i]] = i;
  g.reachable.assign(g.succs.size(), false);
  for (uint32_t b : rpo) g.reachable[b] = true;
  std::vector<uint32_t> dom(g.succs.size(), Cfg::kNone);
  dom[0] = 0;
  auto intersect = [&](uint32_t a, uint32_t b) {
    while (a != b) {
      while (rank[a] > rank[b]) a = dom[a];
      while (rank[b] > rank[a]) b = dom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 1; i < rpo.size(); ++i) {
      const uint32_t b = rpo[i];
      uint32_t d = Cfg::kNone;
      for (uint32_t p : g.preds[b]) {
        if (dom[p] == Cfg::kNone) continue;
        d = d == Cfg::kNone ? p : intersect(p, d);
      }
      if (d != dom[b]) {
        dom[b] = d;
        changed = true;
      }
    }
  }
  dom[0] = Cfg::kNone;
  g.idom = std::move(dom);
}

// Numbers the dominator tree in DFS pre- and post-order, so that a dominance query is two comparisons (a
// dominates b when b's interval lies in a's) whatever the tree's depth.
void number_dominator_tree(Cfg& g) {
  const std::size_t n = g.idom.size();
  std::vector<std::vector<uint32_t>> children(n);
  for (uint32_t b = 0; b < n; ++b)
    if (g.idom[b] != Cfg::kNone) children[g.idom[b]].push_back(b);
  g.pre.assign(n, 0);
  g.post.assign(n, 0);
  uint32_t clock = 0;
  std::vector<std::pair<uint32_t, std::size_t>> stack{{0, 0}};
  g.pre[0] = clock++;
  while (!stack.empty()) {
    auto& [b, k] = stack.back();
    if (k < children[b].size()) {
      const uint32_t c = children[b][k++];
      g.pre[c] = clock++;
      stack.push_back({c, 0});
      continue;
    }
    g.post[b] = clock++;
    stack.pop_back();
  }
}

}  // namespace

bool Cfg::dominates(uint32_t a, uint32_t b) const {
  if (b >= reachable.size() || !reachable[b]) return true;
  if (a >= reachable.size() || !reachable[a]) return false;
  return pre[a] <= pre[b] && post[b] <= post[a];
}

Cfg build_cfg(Shader& s) {
  s.number_blocks();
  Cfg g;
  g.end = static_cast<uint32_t>(s.blocks().size());
  g.preds.resize(g.end + 1);
  g.succs.resize(g.end + 1);
  Builder(g).list(s.body, {g.end, Cfg::kNone, Cfg::kNone});
  for (auto& p : g.preds) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  dominators(g);
  number_dominator_tree(g);
  return g;
}

}  // namespace tmu::ir
