// SPDX-License-Identifier: MIT
// PTX branches back into structured control flow. The statements are walked in order; a forward conditional
// branch `@p bra L` opens a region that runs when p is false and ends at L; `@p bra ELSE; ...; bra END; ELSE:
// ...; END:` is an if/else; a region that ends in `ret`/`exit` makes everything after it in the enclosing region
// the other side (what nvcc writes for early returns); `@p ret` likewise. Branches must stay inside the region
// they are in; backward branches (loops) are refused.
#include <fmt/format.h>

#include <algorithm>

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

static bool is_return(const Instruction& i) { return i.opcode == "ret" || i.opcode == "exit"; }

bool FunctionCompiler::ends_in_return(std::size_t begin, std::size_t end) const {
  for (std::size_t k = end; k > begin; --k) {
    const Item& it = items_[k - 1];
    if (!it.ins) continue;  // a label before the end does not change what the last instruction is
    return is_return(*it.ins) && !it.ins->guard;
  }
  return false;
}

bool FunctionCompiler::emit_range(std::size_t begin, std::size_t end) {
  std::size_t k = begin;
  while (k < end) {
    const Item& it = items_[k];
    if (!it.ins) {
      ++k;
      continue;
    }
    const Instruction& ins = *it.ins;
    at_ = ins.loc;
    if (ins.opcode == "bra") {
      if (ins.operands.size() != 1) fail(ins.loc, "bra takes one label");
      const std::size_t target = label_position(ins.operands[0]);
      if (target <= k)
        fail(ins.loc, fmt::format("a backward branch to {} (a loop): loops are not compiled yet", ins.operands[0].name));
      if (target > end)
        fail(ins.loc, fmt::format("the branch to {} leaves the conditional region it is in: only branches that nest "
                                  "as if/else are compiled",
                                  ins.operands[0].name));
      if (!ins.guard) {  // what lies between is reached only through labels, which would be branches into it
        for (std::size_t m = k + 1; m < target; ++m)
          if (items_[m].label)
            for (const Item& other : items_)
              if (other.ins && other.ins->opcode == "bra" && !other.ins->operands.empty() &&
                  other.ins->operands[0].name == items_[m].label->name)
                fail(other.ins->loc, fmt::format("the branch to {} enters a region that an unconditional branch skips: "
                                                 "not compiled yet",
                                                 items_[m].label->name));
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
      // if/else: the region ends with `bra END` right before the label, END further on.
      const Item& last = items_[target - 1];
      if (target - 1 > k && last.ins && last.ins->opcode == "bra" && !last.ins->guard &&
          last.ins->operands.size() == 1) {
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
    if (ins.guard) {
      const ir::DefId p = predicate(*ins.guard);
      auto side = [&] { instruction(ins); };
      if (ins.guard->negated)
        emit_if(p, [] {}, side);
      else
        emit_if(p, side, [] {});
    } else {
      instruction(ins);
    }
    ++k;
  }
  return false;
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
  then_side();
  ir::Block* then_end = block_;
  auto then_env = std::move(env_);

  env_ = before;
  list_ = &f->else_list;
  block_ = append_block(f->else_list);
  else_side();
  ir::Block* else_end = block_;
  auto else_env = std::move(env_);

  list_ = outer;
  block_ = append_block(*outer);
  env_ = before;
  // A register written on either side gets a phi; a side that never wrote it gives the value from before, or
  // an undefined value where there was none.
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
      v = at.undef(comps, bits);
    };
    fill(t, then_end);
    fill(e, else_end);
    ir::PhiInstr phi;
    phi.dest.components = static_cast<uint8_t>(comps);
    phi.dest.bit_size = static_cast<uint8_t>(bits);
    phi.src = {ir::PhiSrc{0, t}, ir::PhiSrc{0, e}};
    const ir::DefId d = b().insert(ir::Instr{std::move(phi)});
    phis_.push_back(PendingPhi{block_->instrs.back()->as<ir::PhiInstr>(), then_end, else_end});
    env_[name] = d;
  }
}

}  // namespace tmu::ptx::to_ir
