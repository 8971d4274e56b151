// SPDX-License-Identifier: MIT
// PTX branches back into structured control flow. The statements are walked in order; a forward conditional
// branch `@p bra L` opens a region that runs when p is false and ends at L; `@p bra ELSE; ...; bra END; ELSE:
// ...; END:` is an if/else; a region that ends in `ret`/`exit` makes everything after it in the enclosing region
// the other side (what nvcc writes for early returns); `@p ret` likewise. A label that a later branch of the same
// region goes back to heads a loop that ends with the last such branch: inside it, a branch to the head is a
// `continue` and a branch to the label after the loop a `break` (nvcc's loops: a guard that skips the loop, the
// body, a conditional branch back, early exits to the label after it). Other branches must stay inside the region
// they are in; a function whose branches do not is compiled again as guarded blocks (guarded.cpp). Before either,
// rotate_loops reorders nvcc's rotated loops (entered at their test) and two other layouts into these shapes.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

void FunctionCompiler::flatten(const Block& block) {
  for (const Statement& st : block.items) {
    if (const Label* l = std::get_if<Label>(&st.v)) {
      labels_[l->name] = items_.size();
      items_.push_back(Item{nullptr, l});
    } else if (const Instruction* i = std::get_if<Instruction>(&st.v)) {
      items_.push_back(Item{i, nullptr});
    } else if (const Block* inner = std::get_if<Block>(&st.v)) {
      flatten(*inner);
    } else if (const Variable* v = std::get_if<Variable>(&st.v)) {
      if (v->space == Space::Param) {  // a call sequence's parameter
        if (v->range) fail(v->loc, "a range of .param variables is not compiled");
        uint64_t n = std::max(1u, bit_size(v->type) / 8) * (v->vector ? v->vector : 1u);
        for (uint64_t d : v->dims) n *= d;
        local_params_[v->name] = static_cast<uint32_t>(std::min<uint64_t>(n, 1u << 16));
        continue;
      }
      if (v->space == Space::Shared || v->space == Space::Local) {
        declare_window_variable(*v);
        continue;
      }
      if (v->space != Space::Reg) fail(v->loc, fmt::format("{} variables inside a function are not compiled yet", name(v->space)));
      if (v->range)
        for (uint32_t k = 0; k < *v->range; ++k) registers_[v->name + std::to_string(k)] = v;
      else
        registers_[v->name] = v;
    }
  }
}

std::size_t FunctionCompiler::label_position(const Operand& target) const {
  auto it = labels_.find(target.name);
  if (target.kind != Operand::Kind::Name || it == labels_.end())
    fail(target.loc, "the branch target must be a label of this function");
  return it->second;
}

std::optional<std::size_t> FunctionCompiler::branch_target(std::size_t pos) const {
  const Instruction* i = items_[pos].ins;
  if (!i || i->opcode != "bra" || i->operands.size() != 1) return std::nullopt;
  return label_position(i->operands[0]);
}

std::size_t FunctionCompiler::point(std::size_t pos) const {
  while (pos > 0 && pos < items_.size() && items_[pos].label && items_[pos - 1].label) --pos;
  return pos;
}

const Label& FunctionCompiler::made_label(const Loc& loc) {
  return made_labels_.emplace_back(Label{loc, fmt::format("%made/{}", made_labels_.size())});
}

FunctionCompiler::Item FunctionCompiler::made_branch(const Loc& loc, const std::string& label, const Operand* unless) {
  Instruction& i = made_instructions_.emplace_back();
  i.loc = loc;
  i.opcode = "bra";
  if (unless) {
    i.guard = *unless;
    i.guard->negated = !unless->negated;
  }
  Operand target;
  target.loc = loc;
  target.name = label;
  i.operands.push_back(std::move(target));
  return Item{&i, nullptr};
}

std::map<std::size_t, std::size_t> FunctionCompiler::loop_latches() const {
  std::map<std::size_t, std::size_t> latches;
  for (std::size_t m = 0; m < items_.size(); ++m)
    if (auto target = branch_target(m); target && *target <= m) latches[point(*target)] = m;
  return latches;
}

// nvcc's `@p bra A; bra B; A:` (an if whose one side is the code at B, placed further on) is `@!p bra B; A:`.
void FunctionCompiler::fold_branches_over_branches() {
  std::vector<Item> items;
  for (std::size_t k = 0; k < items_.size(); ++k) {
    const Instruction* i = items_[k].ins;
    const Instruction* next = k + 1 < items_.size() ? items_[k + 1].ins : nullptr;
    const auto target = branch_target(k), over = k + 1 < items_.size() ? branch_target(k + 1) : std::nullopt;
    if (target && over && i->guard && !next->guard && *target > k + 1 && point(*target) == k + 2) {
      items.push_back(made_branch(i->loc, next->operands[0].name, &*i->guard));
      ++k;
      continue;
    }
    items.push_back(items_[k]);
  }
  items_ = std::move(items);
  index_labels();
}

// A loop's exit to a block placed after the statement that the loop falls through to (`@p bra X; ...; @q bra HEAD;
// bra C; X: ...; C:`, X's statements straight-line and ending at C) is the block copied in place:
// `@!p bra SKIP; X's statements; bra C; SKIP:`, then a break (C is where the exit goes).
bool FunctionCompiler::copy_exit_block() {
  for (const auto& [head, latch] : loop_latches())
    for (std::size_t k = head; k < latch; ++k) {
      const auto target = branch_target(k);
      if (!target || *target <= latch + 1 || reaches(latch + 1, *target)) continue;
      std::size_t end = *target;  // X: labels, then instructions that neither branch nor return
      while (end < items_.size() && items_[end].label) ++end;
      while (end < items_.size() && items_[end].ins && items_[end].ins->opcode != "bra" && !is_return(*items_[end].ins))
        ++end;
      if (end == items_.size()) continue;
      const Instruction* last = items_[end].ins;
      const std::size_t join = last ? point(branch_target(end).value_or(0)) : end;
      if ((last && (last->guard || last->opcode != "bra")) || join <= latch || !reaches(latch + 1, join)) continue;
      const Instruction& branch = *items_[k].ins;
      std::vector<Item> items(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(k));
      const Label* skip = nullptr;
      if (branch.guard) {
        skip = &made_label(branch.loc);
        items.push_back(made_branch(branch.loc, skip->name, &*branch.guard));
      }
      for (std::size_t m = *target; m < end; ++m)
        if (items_[m].ins) items.push_back(items_[m]);
      items.push_back(made_branch(branch.loc, items_[join].label->name));
      if (skip) items.push_back(Item{nullptr, skip});
      items.insert(items.end(), items_.begin() + static_cast<std::ptrdiff_t>(k + 1), items_.end());
      items_ = std::move(items);
      index_labels();
      return true;
    }
  return false;
}

// nvcc's rotated loops: `bra TEST; HEAD: A; TEST: B; @p bra HEAD; EXIT:`, a loop whose only entry is a branch to a
// point TEST inside it. The same loop starts at TEST: `TEST: B; @p bra HEAD; bra EXIT; HEAD: A; bra TEST; EXIT:`
// (a branch added wherever a statement fell through into one that moved), which structure.cpp compiles as a loop
// entered at its head. Each loop (a head and the last branch back to it) is rotated once its head is reached by
// nothing but the branches back and its other entries all go to one point; any other entry is irreducible and
// stays, to be refused.
void FunctionCompiler::rotate_loops() {
  fold_branches_over_branches();
  for (std::size_t rounds = 0; rounds < items_.size(); ++rounds) {
    bool rotated = false;
    for (const auto& [head, latch] : loop_latches())
      if ((rotated = rotate_loop(head, latch))) break;
    if (!rotated) break;
  }
  for (std::size_t rounds = 0; rounds < items_.size() && copy_exit_block(); ++rounds) {
  }
}

bool FunctionCompiler::rotate_loop(std::size_t head, std::size_t latch) {
  auto ends_flow = [&](std::size_t pos) {  // nothing falls through the statement at pos
    const Instruction* i = items_[pos].ins;
    return i && !i->guard && (i->opcode == "bra" || is_return(*i));
  };
  if (head == 0 || !ends_flow(head - 1)) return false;
  std::optional<std::size_t> entry;
  for (std::size_t o = 0; o < items_.size(); ++o) {
    const auto target = o < head || o > latch ? branch_target(o) : std::nullopt;
    if (!target || *target < head || *target > latch) continue;
    const std::size_t at = point(*target);
    if (at == head || (entry && *entry != at)) return false;
    entry = at;
  }
  if (!entry) return false;
  const std::size_t test = *entry;
  const Loc loc = items_[latch].ins->loc;
  auto copy = [&](std::vector<Item>& to, std::size_t from, std::size_t end) {
    to.insert(to.end(), items_.begin() + static_cast<std::ptrdiff_t>(from),
              items_.begin() + static_cast<std::ptrdiff_t>(end));
  };
  std::vector<Item> items;
  copy(items, 0, head);
  copy(items, test, latch + 1);
  const Label* made_exit = nullptr;
  if (!ends_flow(latch)) {  // the latch fell through to the statement after the loop
    const Label* exit = latch + 1 < items_.size() ? items_[latch + 1].label : nullptr;
    if (!exit) exit = made_exit = &made_label(loc);
    items.push_back(made_branch(loc, exit->name));
  }
  copy(items, head, test);
  if (!ends_flow(test - 1)) items.push_back(made_branch(loc, items_[test].label->name));
  if (made_exit) items.push_back(Item{nullptr, made_exit});
  copy(items, latch + 1, items_.size());
  items_ = std::move(items);
  index_labels();
  return true;
}

void FunctionCompiler::index_labels() {
  labels_.clear();
  for (std::size_t k = 0; k < items_.size(); ++k)
    if (items_[k].label) labels_[items_[k].label->name] = k;
}

// Branches that the structured walk cannot nest: the function is compiled again with guarded blocks.
[[noreturn]] static void fail_structure(Loc loc, std::string message) {
  throw CompileError{loc, std::move(message), true};
}

bool FunctionCompiler::ends_in_return(std::size_t begin, std::size_t end) const {
  for (std::size_t k = end; k > begin; --k) {
    const Item& it = items_[k - 1];
    if (!it.ins) continue;  // a label before the end does not change what the last instruction is
    return is_return(*it.ins) && !it.ins->guard;
  }
  return false;
}

// Code after an unconditional branch or jump is reached only through its labels: a branch to one of them would
// enter the region from outside.
void FunctionCompiler::refuse_branches_into(std::size_t begin, std::size_t end) const {
  for (std::size_t m = begin; m < end; ++m)
    if (items_[m].label)
      for (std::size_t o = 0; o < items_.size(); ++o) {
        const Instruction* other = items_[o].ins;
        if (!other || other->opcode != "bra" || other->operands.empty() ||
            other->operands[0].name != items_[m].label->name)
          continue;
        if (o > m)  // a loop entered in its middle that rotate_loops could not reorder
          fail_structure(other->loc, fmt::format("the branch back to {} closes a loop whose head an unconditional "
                                                 "branch skips (a loop entered in its middle): not compiled yet",
                                                 items_[m].label->name));
        fail_structure(other->loc, fmt::format("the branch to {} enters a region that an unconditional branch "
                                               "skips: not compiled yet",
                                               items_[m].label->name));
      }
}

bool FunctionCompiler::emit_range(std::size_t begin, std::size_t end) {
  if (guarded_) {
    if (begin == 0 && end == items_.size() && loops_.empty())
      emit_guarded_body();
    else
      emit_guarded(begin, end);
    return false;
  }
  std::size_t k = begin;
  while (k < end) {
    if (jumped_) {  // an if whose sides both broke or continued: what follows is reached only through labels
      refuse_branches_into(k, end);
      return false;
    }
    const Item& it = items_[k];
    if (!it.ins) {
      if (auto latch = loop_latch(k, end)) {
        emit_loop(k, *latch);
        k = *latch + 1;  // (a loop without breaks leaves jumped_ set: nothing after it runs)
        continue;
      }
      ++k;
      continue;
    }
    const Instruction& ins = *it.ins;
    at_ = ins.loc;
    if (ins.opcode == "bra") {
      if (ins.operands.size() != 1) fail(ins.loc, "bra takes one label");
      const std::size_t target = label_position(ins.operands[0]);
      if (auto jump = loop_jump(target)) {
        if (!ins.guard) {
          emit_jump(*jump);
          refuse_branches_into(k + 1, end);
          return false;
        }
        const ir::DefId p = predicate(*ins.guard);
        auto side = [&] { emit_jump(*jump); };
        if (ins.guard->negated)
          emit_if(p, [] {}, side);
        else
          emit_if(p, side, [] {});
        ++k;
        continue;
      }
      if (target <= k)
        fail_structure(ins.loc, fmt::format("the backward branch to {} is not the loop's own: only branches back to "
                                            "the head of the innermost loop are compiled",
                                            ins.operands[0].name));
      if (target > end)
        fail_structure(ins.loc, fmt::format("the branch to {} leaves the conditional region it is in: only branches "
                                            "that nest as if/else and loops' breaks and continues are compiled",
                                            ins.operands[0].name));
      if (!ins.guard) {  // what lies between is reached only through labels, which would be branches into it
        refuse_branches_into(k + 1, target);
        k = target;
        continue;
      }
      const ir::DefId p = predicate(*ins.guard);
      const bool negated = ins.guard->negated;
      // The region runs when the branch is not taken: for @p, when p is false (the else side of `if (p)`).
      auto region = [&](const std::function<void()>& side) {
        if (negated)
          emit_if(p, side, [] {});
        else
          emit_if(p, [] {}, side);
      };
      // if/else: the region ends with `bra END` right before the label, END further on (and no other branch of
      // the region goes to the label: that would be the then side's own forward branch).
      const Item& last = items_[target - 1];
      auto then_enters_else = [&] {
        for (std::size_t m = k + 1; m + 1 < target; ++m)
          if (auto t = branch_target(m); t && point(*t) == target) return true;
        return false;
      };
      if (target - 1 > k && last.ins && last.ins->opcode == "bra" && !last.ins->guard &&
          last.ins->operands.size() == 1 && !then_enters_else()) {
        const std::size_t join = label_position(last.ins->operands[0]);
        if (join > target && join <= end) {
          auto then_side = [&] { emit_range(k + 1, target - 1); };
          auto else_side = [&] { emit_range(target, join); };
          if (negated)
            emit_if(p, then_side, else_side);
          else
            emit_if(p, else_side, then_side);
          k = join;
          continue;
        }
      }
      if (ends_in_return(k + 1, target)) {
        // The region returns: the rest of this range runs only when the branch is taken.
        bool rest_returns = false;
        auto then_side = [&] { emit_range(k + 1, target); };
        auto taken = [&] { rest_returns = emit_range(target, end); };
        if (negated)
          emit_if(p, then_side, taken);
        else
          emit_if(p, taken, then_side);
        return rest_returns;
      }
      region([&] { emit_range(k + 1, target); });
      k = target;
      continue;
    }
    if (is_return(ins)) {
      if (!ins.operands.empty()) fail(ins.loc, fmt::format("{} takes no operands", ins.opcode));
      if (!loops_.empty())
        fail_structure(ins.loc,
                       fmt::format("{} inside a loop is not compiled yet (branch to the label after the loop)", ins.opcode));
      if (!ins.guard) return true;  // anything after it in this range is reached only by branches into it
      const ir::DefId p = predicate(*ins.guard);
      bool rest_returns = false;
      auto rest = [&] { rest_returns = emit_range(k + 1, end); };
      if (ins.guard->negated)
        emit_if(p, rest, [] {});
      else
        emit_if(p, [] {}, rest);
      return rest_returns;
    }
    emit_plain(ins);
    ++k;
  }
  return false;
}

void FunctionCompiler::emit_plain(const Instruction& ins) {
  if (!ins.guard) {
    instruction(ins);
    return;
  }
  const ir::DefId p = predicate(*ins.guard);
  auto side = [&] { instruction(ins); };
  if (ins.guard->negated)
    emit_if(p, [] {}, side);
  else
    emit_if(p, side, [] {});
}

// ---- Loops -------------------------------------------------------------------------------------------------------

std::optional<std::size_t> FunctionCompiler::loop_latch(std::size_t head, std::size_t end) const {
  const Label& l = *items_[head].label;
  std::optional<std::size_t> latch;
  for (std::size_t m = head + 1; m < items_.size(); ++m) {
    const Instruction* i = items_[m].ins;
    if (!i || i->opcode != "bra" || i->operands.size() != 1 || i->operands[0].name != l.name) continue;
    if (m >= end)
      fail_structure(i->loc, fmt::format("the branch back to {} leaves the loop's enclosing region (loops that overlap "
                                         "without nesting: irreducible control flow): not compiled",
                                         l.name));
    latch = m;
  }
  return latch;
}

// Whether a thread at `from` gets to the label at `target` without running an instruction: through labels and
// unconditional branches.
bool FunctionCompiler::reaches(std::size_t from, std::size_t target) const {
  for (std::size_t hops = 0; hops < 8 && from < items_.size(); ++hops) {
    while (from < target && items_[from].label) ++from;
    if (from == target) return true;
    const auto next = branch_target(from);
    if (!next || items_[from].ins->guard) return false;
    from = point(*next);
  }
  return false;
}

// A branch to the innermost loop's head continues it; one to the label after it (or a label that the statements
// after the loop reach without running an instruction: `@p bra C; ...; @q bra HEAD; bra C;`) breaks it. Branches to
// an outer loop's head or exit jump over several levels: refused.
std::optional<ir::JumpKind> FunctionCompiler::loop_jump(std::size_t target) const {
  for (std::size_t n = loops_.size(); n-- > 0;) {
    const LoopState& l = loops_[n];
    const bool to_head = target == l.head, to_exit = reaches(l.exit, target);
    if (!to_head && !to_exit) continue;
    if (n + 1 != loops_.size())
      fail_structure(at_, fmt::format("the branch to {} {} an enclosing loop from an inner one: not compiled yet",
                                      items_[target].label->name, to_head ? "continues" : "leaves"));
    return to_head ? ir::JumpKind::Continue : ir::JumpKind::Break;
  }
  return std::nullopt;
}

void FunctionCompiler::emit_jump(ir::JumpKind kind) {
  LoopState& l = loops_.back();
  (kind == ir::JumpKind::Break ? l.breaks : l.continues).emplace_back(block_, env_);
  b().insert(ir::Instr{ir::JumpInstr{kind, {}}});
  jumped_ = true;
}

void FunctionCompiler::emit_loop(std::size_t head, std::size_t latch) {
  // Every register the loop names, and every value known before it, gets a phi at the head; the ones no
  // iteration changes are removed afterwards (close_loop_phis).
  std::set<std::string, std::less<>> names;
  for (const auto& [name, v] : env_) names.insert(name);
  std::function<void(const Operand&)> collect = [&](const Operand& o) {
    if (o.kind == Operand::Kind::Name && registers_.count(o.name)) names.insert(o.name);
    for (const Operand& e : o.elems) collect(e);
  };
  for (std::size_t m = head; m <= latch; ++m)
    if (const Instruction* i = items_[m].ins) {
      if (i->guard) collect(*i->guard);
      for (const Operand& o : i->operands) collect(o);
    }
  std::vector<std::pair<std::string, ir::DefId>> before;
  for (const std::string& name : names) {
    auto it = env_.find(name);
    if (it != env_.end()) {
      before.emplace_back(name, it->second);
      continue;
    }
    // Read before any write: 0, as value() reads it.
    const Type t = registers_.at(name)->type;
    before.emplace_back(name, t == Type::Pred ? b().imm_int(0, 1) : is_64(t) ? b().imm_vec({0, 0}, 32) : b().imm_int(0));
  }

  LoopState state;
  state.head = head;
  state.exit = latch + 1;
  emit_loop_node(std::move(state), before, [&] { emit_range(head + 1, latch + 1); }, ir::JumpKind::Break);
}

void FunctionCompiler::emit_retry_loop(const std::string& carried, const std::function<void()>& body) {
  // No PTX statement is inside: `carried` is the only value that changes from one round to the next, and the
  // body's end goes round again.
  emit_loop_node(LoopState{}, {{carried, env_.at(carried)}}, body, ir::JumpKind::Continue);
}

void FunctionCompiler::emit_loop_node(LoopState state, const std::vector<std::pair<std::string, ir::DefId>>& carried,
                                      const std::function<void()>& body, ir::JumpKind at_end) {
  ir::CfList* outer = list_;
  ir::Block* preheader = block_;
  ir::CfNode n;
  n.loop = std::make_unique<ir::LoopNode>();
  ir::LoopNode* loop = n.loop.get();
  outer->push_back(std::move(n));
  list_ = &loop->body;
  block_ = append_block(loop->body);

  for (const auto& [name, v] : carried) {
    ir::PhiInstr phi;
    phi.dest.components = static_cast<uint8_t>(b().components(v));
    phi.dest.bit_size = static_cast<uint8_t>(b().bit_size(v));
    phi.src = {ir::PhiSrc{0, v}};
    env_[name] = b().insert(ir::Instr{std::move(phi)});
    state.phis.emplace_back(name, block_->instrs.back().get());
    phis_.push_back(PendingPhi{block_->instrs.back()->as<ir::PhiInstr>(), {preheader}});
  }
  loops_.push_back(std::move(state));
  jumped_ = false;
  body();
  if (!jumped_) emit_jump(at_end);
  LoopState done = std::move(loops_.back());
  loops_.pop_back();
  close_loop_phis(done);

  list_ = outer;
  block_ = append_block(*outer);
  jumped_ = done.breaks.empty();
  env_ = jumped_ ? Env{} : join_breaks(done);
}

// The head's phis take one source per continue. A phi whose every continue gives back itself or its value from
// before the loop is that value: it is removed, and its uses read the value from before.
void FunctionCompiler::close_loop_phis(LoopState& loop) {
  std::map<ir::DefId, ir::DefId> replaced;
  for (auto& entry : loop.phis) {
    ir::PhiInstr* phi = entry.second->as<ir::PhiInstr>();
    PendingPhi& pending =
        *std::find_if(phis_.begin(), phis_.end(), [phi](const PendingPhi& p) { return p.phi == phi; });
    for (auto& [block, env] : loop.continues) {
      phi->src.push_back(ir::PhiSrc{0, env.at(entry.first)});
      pending.preds.push_back(block);
    }
  }
  for (bool progress = true; progress;) {
    progress = false;
    for (auto& entry : loop.phis) {
      ir::Instr*& instr = entry.second;
      if (!instr) continue;
      const ir::PhiInstr& phi = *instr->as<ir::PhiInstr>();
      const ir::DefId self = phi.dest.id, first = phi.src[0].def;
      const bool trivial = std::all_of(phi.src.begin(), phi.src.end(),
                                       [&](const ir::PhiSrc& s) { return s.def == self || s.def == first; });
      if (!trivial) continue;
      s_.rewrite_uses(self, first, instr);
      replaced[self] = first;
      phis_.erase(std::find_if(phis_.begin(), phis_.end(), [&](const PendingPhi& p) { return p.phi == &phi; }));
      s_.remove(instr);
      instr = nullptr;
      progress = true;
    }
  }
  if (replaced.empty()) return;
  auto resolve = [&](ir::DefId v) {
    for (auto it = replaced.find(v); it != replaced.end(); it = replaced.find(v)) v = it->second;
    return v;
  };
  for (auto& [block, env] : loop.breaks)
    for (auto& [name, v] : env) v = resolve(v);
  for (auto& [name, v] : env_) v = resolve(v);
}

// The registers after the loop: a value every break agrees on, or a phi over the breaks (a register some break
// never wrote reads 0 from it, as a register read before any write does: values.cpp).
FunctionCompiler::Env FunctionCompiler::join_breaks(LoopState& loop) {
  std::set<std::string, std::less<>> names;
  for (const auto& [block, env] : loop.breaks)
    for (const auto& [name, v] : env) names.insert(name);
  Env out;
  for (const std::string& name : names) {
    std::vector<ir::DefId> values;
    ir::DefId known = ir::kNoDef;
    for (const auto& [block, env] : loop.breaks) {
      auto it = env.find(name);
      values.push_back(it == env.end() ? ir::kNoDef : it->second);
      if (values.back() != ir::kNoDef) known = values.back();
    }
    if (std::all_of(values.begin(), values.end(), [&](ir::DefId v) { return v == known; })) {
      out[name] = known;
      continue;
    }
    const unsigned comps = b().components(known), bits = b().bit_size(known);
    ir::PhiInstr phi;
    phi.dest.components = static_cast<uint8_t>(comps);
    phi.dest.bit_size = static_cast<uint8_t>(bits);
    std::vector<ir::Block*> preds;
    for (std::size_t k = 0; k < values.size(); ++k) {
      ir::Block* from = loop.breaks[k].first;
      if (values[k] == ir::kNoDef) {  // before the break, the block's last instruction
        ir::Builder at(s_, ir::Cursor{from, from->instrs.size() - 1});
        values[k] = at.imm_vec(std::vector<uint64_t>(comps, 0), bits);
      }
      phi.src.push_back(ir::PhiSrc{0, values[k]});
      preds.push_back(from);
    }
    out[name] = b().insert(ir::Instr{std::move(phi)});
    phis_.push_back(PendingPhi{block_->instrs.back()->as<ir::PhiInstr>(), std::move(preds)});
  }
  return out;
}

ir::Block* FunctionCompiler::append_block(ir::CfList& list) {
  ir::CfNode n;
  n.block = std::make_unique<ir::Block>();
  ir::Block* b = n.block.get();
  list.push_back(std::move(n));
  return b;
}

void FunctionCompiler::emit_if(ir::DefId condition, const std::function<void()>& then_side,
                               const std::function<void()>& else_side) {
  ir::CfList* outer = list_;
  ir::CfNode n;
  n.if_node = std::make_unique<ir::IfNode>();
  ir::IfNode* f = n.if_node.get();
  f->condition = condition;
  outer->push_back(std::move(n));

  const auto before = env_;
  list_ = &f->then_list;
  block_ = append_block(f->then_list);
  jumped_ = false;
  then_side();
  ir::Block* then_end = block_;
  auto then_env = std::move(env_);
  const bool then_jumped = jumped_;

  env_ = before;
  list_ = &f->else_list;
  block_ = append_block(f->else_list);
  jumped_ = false;
  else_side();
  ir::Block* else_end = block_;
  auto else_env = std::move(env_);
  const bool else_jumped = jumped_;

  list_ = outer;
  block_ = append_block(*outer);
  // A side that ended in a break or continue never reaches the block after the if: the other side's registers go
  // on (both jumped: nothing does).
  jumped_ = then_jumped && else_jumped;
  if (then_jumped || else_jumped) {
    env_ = then_jumped ? std::move(else_env) : std::move(then_env);
    return;
  }
  env_ = before;
  // A register written on either side gets a phi; a side that never wrote it gives the value from before, or
  // 0 where there was none (as a register read before any write, values.cpp).
  std::map<std::string, std::pair<ir::DefId, ir::DefId>, std::less<>> changed;
  auto entry = [&](const std::string& name) -> std::pair<ir::DefId, ir::DefId>& {
    return changed.try_emplace(name, ir::kNoDef, ir::kNoDef).first->second;
  };
  for (const auto& [name, v] : then_env) entry(name).first = v;
  for (const auto& [name, v] : else_env) entry(name).second = v;
  for (auto& [name, sides] : changed) {
    auto [t, e] = sides;
    if (t == e) {
      env_[name] = t;
      continue;
    }
    const ir::DefId known = t != ir::kNoDef ? t : e;
    const unsigned comps = b().components(known), bits = b().bit_size(known);
    auto fill = [&](ir::DefId& v, ir::Block* end) {
      if (v != ir::kNoDef) return;
      ir::Builder at(s_, ir::Cursor{end, end->instrs.size()});
      v = at.imm_vec(std::vector<uint64_t>(comps, 0), bits);
    };
    fill(t, then_end);
    fill(e, else_end);
    ir::PhiInstr phi;
    phi.dest.components = static_cast<uint8_t>(comps);
    phi.dest.bit_size = static_cast<uint8_t>(bits);
    phi.src = {ir::PhiSrc{0, t}, ir::PhiSrc{0, e}};
    const ir::DefId d = b().insert(ir::Instr{std::move(phi)});
    phis_.push_back(PendingPhi{block_->instrs.back()->as<ir::PhiInstr>(), {then_end, else_end}});
    env_[name] = d;
  }
}

}  // namespace tmu::ptx::to_ir
