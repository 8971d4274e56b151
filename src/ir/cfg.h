// SPDX-License-Identifier: MIT
// The control-flow graph of a structured shader, as NIR keeps it in nir_block's predecessors and successors
// (nir_control_flow.c of Mesa 22.3.6): a block goes to the next node's first block (an if: the first block of
// each branch, then before else; a loop: the first block of its body); the last block of a list goes where the
// list ends: after an if's branch to the block after the if, at the end of a loop body to the body's first block
// (the back edge), at the end of the function to the end block. A block ending in `break` goes only to the block
// after its innermost loop, one ending in `continue` only to the first block of the loop's body. Predecessors
// are the inverse, sorted by block number (nir_block_get_predecessors_sorted).
//
// Used by the printer (the "preds"/"succs" comments), the verifier (phi sources, dominance) and the interpreter.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/shader.h"

namespace tmu::ir {

struct Cfg {
  static constexpr uint32_t kNone = ~uint32_t{0};
  // Indexed by Block::id; the end block (nir_function_impl's end_block) is number `end`, one past the last.
  std::vector<std::vector<uint32_t>> preds, succs;
  // The immediate dominator of each reachable block (kNone for the entry block and unreachable blocks).
  std::vector<uint32_t> idom;
  std::vector<bool> reachable;
  // The dominator tree's DFS pre- and post-order numbers (for dominates()).
  std::vector<uint32_t> pre, post;
  uint32_t end = 0;

  // Whether every path from the entry to `b` goes through `a` (a block dominates itself). An unreachable `b` is
  // dominated by every block, as in the iterative dominance algorithms.
  bool dominates(uint32_t a, uint32_t b) const;
};

// The graph of `s`; numbers its blocks first (Shader::number_blocks). Safe on malformed lists (an empty branch,
// an if not followed by a block, a jump outside a loop): the edges it cannot place are left out.
Cfg build_cfg(Shader& s);

// The first and last block of a control-flow list, or nullptr where the list does not start / end with one.
Block* first_block(CfList& l);
Block* last_block(CfList& l);
// The jump ending `b`, or nullptr.
const JumpInstr* ending_jump(const Block& b);

}  // namespace tmu::ir
