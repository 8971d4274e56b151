// SPDX-License-Identifier: MIT
// Selection's driver: liveness, register allocation, control flow (if/else as SSY/BRA/SYNC, loops as PBK/BRK with
// BRA or PCNT/CONT back to the head, phis as moves at the end of each predecessor), constants and intrinsics;
// ALU, texture and compute instructions in select_alu.cpp, select_tex.cpp and select_compute.cpp.
#include <algorithm>
#include <functional>
#include <map>

#include "ir/cfg.h"
#include "ir/sm50/prepare_tex.h"
#include "ir/sm50/select_internal.h"

namespace tmu::ir::sm50 {
namespace detail {

unsigned Registers::take(unsigned n) {
  const unsigned align = n == 1 ? 1 : n == 2 ? 2 : 4;
  for (unsigned b = 0; b + n <= 255; b += align) {
    bool free = true;
    for (unsigned k = 0; k < n && free; ++k) free = !used_[b + k];
    if (!free) continue;
    for (unsigned k = 0; k < n; ++k) used_[b + k] = true;
    high_ = std::max(high_, b + n);
    return b;
  }
  throw SelectError(fmt::format("the shader needs more than 255 registers (a vector of {} found none free)", n));
}

void Registers::give(unsigned b, unsigned n) {
  for (unsigned k = 0; k < n; ++k) used_[b + k] = false;
}

std::string Selector::r(DefId d, unsigned component) const {
  auto it = base.find(d);
  if (it == base.end()) throw SelectError(fmt::format("ssa_{} has no register (a selector bug)", d));
  return reg(it->second + component * (bit_size(d) == 64 ? 2 : 1));
}

std::string Selector::word(DefId d, unsigned w) const {
  auto it = base.find(d);
  if (it == base.end()) throw SelectError(fmt::format("ssa_{} has no register (a selector bug)", d));
  return reg(it->second + w);
}

std::string Selector::aligned_block(DefId v, unsigned count) {
  unsigned first = base.at(v);
  const unsigned have = words(v);
  const unsigned align = count == 3 ? 4 : count;
  if (have != count || first % align != 0) {
    const unsigned copy = scratch(align);
    for (unsigned c = 0; c < count; ++c) emit(fmt::format("MOV {}, {}", reg(copy + c), c < have ? word(v, c) : "RZ"));
    first = copy;
  }
  return reg(first);
}

std::optional<uint64_t> Selector::constant(DefId d, unsigned component) const {
  auto it = def_instr.find(d);
  if (it == def_instr.end()) return std::nullopt;
  const ConstInstr* c = it->second->as<ConstInstr>();
  if (!c || component >= c->dest.components) return std::nullopt;
  return c->value[component];
}

unsigned Selector::dest(const Def& d) {
  const unsigned b = regs.take(words(d));
  base[d.id] = b;
  return b;
}

unsigned Selector::scratch(unsigned n) {
  const unsigned b = regs.take(n);
  scratch_.emplace_back(b, n);
  return b;
}

void Selector::release_scratch() {
  for (auto [b, n] : scratch_) regs.give(b, n);
  scratch_.clear();
}

namespace {

// Positions of instructions and of the boundaries of ifs and loops in program order, and each definition's last
// use. A use inside an if or loop that does not hold the definition counts at that region's end: the if's other
// side may run after it, the loop's next iteration reads it again. Phis are read by moves: a join phi's sources at
// the join, a loop header phi's first source where the loop begins and the others at its end, a phi after a loop
// at the loop's end; a loop's phis themselves stay live to its end (its continue moves write them).
struct Liveness {
  using Region = const void*;  // an IfNode or a LoopNode
  std::unordered_map<const Instr*, unsigned> pos;
  std::unordered_map<Region, std::pair<unsigned, unsigned>> region_pos;  // begin, end
  std::unordered_map<DefId, unsigned> def_pos;
  std::unordered_map<DefId, std::vector<Region>> def_regions;  // the regions around the definition
  std::unordered_map<DefId, unsigned> last_use;
  unsigned next = 0;

  void number(const CfList& list, std::vector<Region>& stack) {
    for (const CfNode& n : list) {
      if (n.block) {
        for (const InstrPtr& i : n.block->instrs) {
          pos[i.get()] = next++;
          const DefId d = i->dest().id;
          if (d != kNoDef) {
            def_pos[d] = pos[i.get()];
            def_regions[d] = stack;
            last_use[d] = pos[i.get()];
          }
        }
        continue;
      }
      const unsigned begin = next++;
      const Region r = n.if_node ? Region(n.if_node.get()) : Region(n.loop.get());
      stack.push_back(r);
      if (n.if_node) {
        number(n.if_node->then_list, stack);
        number(n.if_node->else_list, stack);
      } else {
        number(n.loop->body, stack);
      }
      stack.pop_back();
      region_pos[r] = {begin, next++};
    }
  }

  void use(DefId d, unsigned at, const std::vector<Region>& stack) {
    auto it = def_regions.find(d);
    if (it == def_regions.end()) return;
    const auto& outer = it->second;
    unsigned effective = at;
    if (stack.size() > outer.size()) effective = std::max(effective, region_pos[stack[outer.size()]].second);
    last_use[d] = std::max(last_use[d], effective);
  }

  void uses(const CfList& list, std::vector<Region>& stack, bool loop_body = false) {
    for (std::size_t k = 0; k < list.size(); ++k) {
      const CfNode& n = list[k];
      if (n.block) {
        for (const InstrPtr& i : n.block->instrs) {
          if (const PhiInstr* p = i->as<PhiInstr>()) {
            // After an if: read by the moves at the end of each side, live to the if's end (the phi's position).
            // Loop phis are the loop's business (below).
            if (!(k == 0 && loop_body) && !(k > 0 && list[k - 1].loop))
              for (const PhiSrc& src : p->src) use(src.def, pos[i.get()], stack);
            continue;
          }
          for (DefId* u : const_cast<Instr&>(*i).uses()) use(*u, pos[i.get()], stack);
        }
      } else if (n.if_node) {
        use(n.if_node->condition, region_pos[n.if_node.get()].first, stack);
        stack.push_back(n.if_node.get());
        uses(n.if_node->then_list, stack);
        uses(n.if_node->else_list, stack);
        stack.pop_back();
      } else {
        loop_uses(*n.loop, k > 0 ? list[k - 1].block.get() : nullptr,
                  k + 1 < list.size() ? list[k + 1].block.get() : nullptr, stack);
      }
    }
  }

  void loop_uses(const LoopNode& loop, const Block* before, const Block* after, std::vector<Region>& stack) {
    const auto [begin, end] = region_pos[&loop];
    stack.push_back(&loop);
    if (!loop.body.empty() && loop.body.front().block)
      for (const InstrPtr& i : loop.body.front().block->instrs)
        if (const PhiInstr* p = i->as<PhiInstr>()) {
          last_use[p->dest.id] = std::max(last_use[p->dest.id], end);
          for (const PhiSrc& src : p->src) {
            if (before && src.pred_block == before->id) {
              stack.pop_back();
              use(src.def, begin, stack);
              stack.push_back(&loop);
            } else {
              use(src.def, end, stack);
            }
          }
        }
    if (after)
      for (const InstrPtr& i : after->instrs)
        if (const PhiInstr* p = i->as<PhiInstr>()) {
          last_use[p->dest.id] = std::max(last_use[p->dest.id], end);
          for (const PhiSrc& src : p->src) use(src.def, end, stack);
        }
    uses(loop.body, stack, true);
    stack.pop_back();
  }
};

// The loops being selected, innermost last: where their jumps go and which phis their jumps feed.
struct LoopFrame {
  std::string head, cont, brk;
  bool pcnt = false;  // continues inside ifs: CONT to a PCNT target rather than BRA to the head
  std::vector<const PhiInstr*> header_phis, exit_phis;
};

// Whether a continue of this loop (not of a loop inside it) lies inside an if of its body.
bool continues_inside_if(const CfList& list, bool inside_if) {
  for (const CfNode& n : list) {
    if (n.block) {
      if (const JumpInstr* j = ending_jump(*n.block); inside_if && j && j->kind == JumpKind::Continue) return true;
    } else if (n.if_node) {
      if (continues_inside_if(n.if_node->then_list, true) || continues_inside_if(n.if_node->else_list, true))
        return true;
    }
  }
  return false;
}

class Driver {
 public:
  Driver(Selector& sel) : sel_(sel) {}

  void run() {
    std::vector<Liveness::Region> stack;
    live_.number(sel_.s.body, stack);
    live_.uses(sel_.s.body, stack);
    for (auto [d, at] : live_.last_use) free_at_[at].push_back(d);
    list(sel_.s.body);
    sel_.emit("EXIT");
  }

 private:
  void free_after(unsigned at) {
    auto it = free_at_.find(at);
    if (it == free_at_.end()) return;
    for (DefId d : it->second) {
      auto b = sel_.base.find(d);
      if (b == sel_.base.end()) continue;
      sel_.regs.give(b->second, sel_.words(d));
      sel_.base.erase(b);
    }
  }

  void list(const CfList& l) {
    for (std::size_t k = 0; k < l.size(); ++k) {
      const CfNode& n = l[k];
      const Block* join = k + 1 < l.size() ? l[k + 1].block.get() : nullptr;
      if (n.block) {
        // A comparison that only the if right after the block tests, as the block's last instruction, is selected
        // straight into the if's predicate (select_condition).
        const IfNode* next_if = k + 1 < l.size() ? l[k + 1].if_node.get() : nullptr;
        const Instr* last = n.block->instrs.empty() ? nullptr : n.block->instrs.back().get();
        for (const InstrPtr& i : n.block->instrs) {
          const AluInstr* a = i->as<AluInstr>();
          if (a && i.get() == last && next_if && next_if->condition == a->dest.id && !sel_.read_by_instr.count(a->dest.id) &&
              sel_.if_tests[a->dest.id] == 1 && select_condition(sel_, *a)) {
            condition_in_p0_ = a->dest.id;
          } else if (const JumpInstr* j = i->as<JumpInstr>()) {
            jump(*j, n.block->id);
          } else if (!i->as<PhiInstr>()) {
            instr(*i);  // phis were given registers at their if or loop
          }
          free_after(live_.pos[i.get()]);
        }
      } else if (n.if_node) {
        if_node(*n.if_node, join);
      } else {
        loop_node(*n.loop, k > 0 ? l[k - 1].block.get() : nullptr, join);
      }
    }
  }

  std::vector<const PhiInstr*> phis_of(const Block* b) {
    std::vector<const PhiInstr*> phis;
    if (b)
      for (const InstrPtr& i : b->instrs)
        if (const PhiInstr* p = i->as<PhiInstr>()) {
          phis.push_back(p);
          sel_.dest(p->dest);
        }
    return phis;
  }

  void if_node(const IfNode& f, const Block* join) {
    const auto [begin, end] = live_.region_pos[&f];
    const std::vector<const PhiInstr*> phis = phis_of(join);
    const std::string else_label = sel_.label(), end_label = sel_.label();
    if (condition_in_p0_ != f.condition) sel_.emit(fmt::format("ISETP.NE.AND P0, PT, {}, RZ, PT", sel_.r(f.condition)));
    condition_in_p0_ = kNoDef;
    free_after(begin);
    sel_.emit(fmt::format("SSY {}", end_label));
    sel_.emit(fmt::format("@!P0 BRA {}", else_label));
    side(f.then_list, phis);
    sel_.out += else_label + ":\n";
    side(f.else_list, phis);
    sel_.out += end_label + ":\n";
    free_after(end);
  }

  // One side of an if: its code, then (unless it ended in a jump) the join phis' moves and the SYNC.
  void side(const CfList& l, const std::vector<const PhiInstr*>& phis) {
    list(l);
    const Block& last = *l.back().block;
    if (ending_jump(last)) return;
    phi_moves(phis, last.id);
    sel_.emit("SYNC");
  }

  // A loop: PBK pushes the exit that BRK's threads wait at; the body runs from the head; the threads that
  // continue go back to the head (BRA), or, when some continue inside an if while others go on, wait at a PCNT
  // target (CONT) until the iteration's last thread is done with it.
  void loop_node(const LoopNode& loop, const Block* before, const Block* after) {
    const auto [begin, end] = live_.region_pos[&loop];
    LoopFrame f;
    f.head = sel_.label();
    f.cont = sel_.label();
    f.brk = sel_.label();
    f.pcnt = continues_inside_if(loop.body, false);
    f.header_phis = phis_of(loop.body.front().block.get());
    f.exit_phis = phis_of(after);
    if (before) phi_moves(f.header_phis, before->id);
    free_after(begin);
    sel_.emit(fmt::format("PBK {}", f.brk));
    sel_.out += f.head + ":\n";
    if (f.pcnt) sel_.emit(fmt::format("PCNT {}", f.cont));
    loops_.push_back(f);
    list(loop.body);
    const Block& last = *loop.body.back().block;
    if (!ending_jump(last)) jump(JumpInstr{JumpKind::Continue, {}}, last.id);
    loops_.pop_back();
    if (f.pcnt) {
      sel_.out += f.cont + ":\n";
      sel_.emit(fmt::format("BRA {}", f.head));
    }
    sel_.out += f.brk + ":\n";
    free_after(end);
  }

  // break / continue at the end of block `from`: the phis it feeds, then the jump.
  void jump(const JumpInstr& j, uint32_t from) {
    if (loops_.empty()) throw SelectError(fmt::format("a {} outside a loop", name(j.kind)));
    const LoopFrame& f = loops_.back();
    if (j.kind == JumpKind::Break) {
      phi_moves(f.exit_phis, from);
      sel_.emit("BRK");
    } else {
      phi_moves(f.header_phis, from);
      sel_.emit(f.pcnt ? "CONT" : fmt::format("BRA {}", f.head));
    }
  }

  // The phis' sources from predecessor `pred`, copied in parallel: a source may be another phi's register (a loop
  // that swaps two values), so moves wait until their destination is no longer a pending source, and a cycle goes
  // through a scratch register.
  void phi_moves(const std::vector<const PhiInstr*>& phis, uint32_t pred) {
    std::vector<std::pair<std::string, std::string>> moves;  // destination, source
    std::vector<std::pair<std::string, uint32_t>> constants;  // destination, value: MOV32I after the moves
    for (const PhiInstr* p : phis)
      for (const PhiSrc& src : p->src)
        if (src.pred_block == pred)
          for (unsigned w = 0; w < Selector::words(p->dest); ++w) {
            const Instr* def = sel_.def_instr.count(src.def) ? sel_.def_instr.at(src.def) : nullptr;
            if (const ConstInstr* c = def ? def->as<ConstInstr>() : nullptr) {
              constants.emplace_back(sel_.word(p->dest.id, w), const_word(*c, w));
              continue;
            }
            std::string d = sel_.word(p->dest.id, w), s = sel_.word(src.def, w);
            if (d != s) moves.emplace_back(std::move(d), std::move(s));
          }
    while (!moves.empty()) {
      bool progress = false;
      for (std::size_t m = 0; m < moves.size(); ++m) {
        const std::string& d = moves[m].first;
        const bool read_later = std::any_of(moves.begin(), moves.end(), [&](const auto& o) { return o.second == d; });
        if (read_later) continue;
        sel_.emit(fmt::format("MOV {}, {}", d, moves[m].second));
        moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(m));
        progress = true;
        break;
      }
      if (progress) continue;
      // Only cycles are left: save one destination's value, and read it from the scratch register instead.
      const std::string t = sel_.reg(sel_.scratch(1));
      const std::string saved = moves.front().first;
      sel_.emit(fmt::format("MOV {}, {}", t, saved));
      for (auto& o : moves)
        if (o.second == saved) o.second = t;
    }
    for (const auto& [d, v] : constants) sel_.emit(fmt::format("MOV32I {}, {:#x}", d, v));
    sel_.release_scratch();
  }

  // Word w of a constant as its registers hold it: booleans 0 / 0xffffffff, 64-bit values low word first.
  static uint32_t const_word(const ConstInstr& c, unsigned w) {
    const unsigned k = c.dest.bit_size == 64 ? w / 2 : w;
    const uint64_t mask = c.dest.bit_size >= 64 ? ~uint64_t{0} : (uint64_t{1} << c.dest.bit_size) - 1;
    uint64_t v = c.value[k] & mask;
    if (c.dest.bit_size == 1) v = v ? 0xffffffffu : 0u;
    return static_cast<uint32_t>(c.dest.bit_size == 64 && (w & 1) ? v >> 32 : v);
  }

  void instr(const Instr& i) {
    if (const ConstInstr* c = i.as<ConstInstr>()) {
      if (sel_.immediate_only.count(c->dest.id)) return;  // its readers take it as an immediate
      const unsigned b = sel_.dest(c->dest);
      for (unsigned w = 0; w < Selector::words(c->dest); ++w)
        sel_.emit(fmt::format("MOV32I {}, {:#x}", sel_.reg(b + w), const_word(*c, w)));
    } else if (const UndefInstr* u = i.as<UndefInstr>()) {
      sel_.dest(u->dest);  // any value will do
    } else if (const AluInstr* a = i.as<AluInstr>()) {
      select_alu(sel_, i, *a);
    } else if (const TexInstr* t = i.as<TexInstr>()) {
      select_tex(sel_, i, *t);
    } else if (const IntrinsicInstr* n = i.as<IntrinsicInstr>()) {
      intrinsic(i, *n);
    } else if (i.as<DerefInstr>()) {
      if (i.dest().id != kNoDef) sel_.dest(i.dest());  // derefs select nothing: textures are bound by index
    } else {
      sel_.fail(i, "this instruction kind has no selection");
    }
    sel_.release_scratch();
  }

  void intrinsic(const Instr& i, const IntrinsicInstr& n) {
    switch (n.op) {
      case Intrinsic::load_input: {
        if (!sel_.constant(n.src[0]) || *sel_.constant(n.src[0]) != 0)
          sel_.fail(i, "load_input with an indirect offset has no selection");
        const unsigned b = sel_.dest(n.dest);
        const unsigned base = static_cast<unsigned>(n.index("base").value_or(0));
        const unsigned comp = static_cast<unsigned>(n.index("component").value_or(0));
        for (unsigned c = 0; c < n.dest.components; ++c)
          sel_.emit(fmt::format("ALD {}, a[{:#x}]", sel_.reg(b + c), attribute_address(base, comp + c)));
        return;
      }
      case Intrinsic::store_output: {
        if (!sel_.constant(n.src[1]) || *sel_.constant(n.src[1]) != 0)
          sel_.fail(i, "store_output with an indirect offset has no selection");
        const unsigned base = static_cast<unsigned>(n.index("base").value_or(0));
        const unsigned comp = static_cast<unsigned>(n.index("component").value_or(0));
        const unsigned count = sel_.components(n.src[0]);
        const int64_t mask = n.index("wrmask").value_or((1 << count) - 1);
        for (unsigned c = 0; c < count; ++c)
          if ((mask >> c) & 1) sel_.emit(fmt::format("AST a[{:#x}], {}", attribute_address(base, comp + c), sel_.r(n.src[0], c)));
        return;
      }
      case Intrinsic::sparse_residency_code_and: {
        // Codes are 1 when resident (NAK: sel(fault, 0, 1)): resident when both are.
        const unsigned b = sel_.dest(n.dest);
        sel_.emit(fmt::format("LOP.AND {}, {}, {}", sel_.reg(b), sel_.r(n.src[0]), sel_.r(n.src[1])));
        return;
      }
      case Intrinsic::is_sparse_texels_resident: {
        const unsigned b = sel_.dest(n.dest);
        sel_.emit(fmt::format("ISET.NE.AND {}, {}, RZ, PT", sel_.reg(b), sel_.r(n.src[0])));
        return;
      }
      default:
        if (select_compute(sel_, i, n) || select_surface(sel_, i, n)) return;
        sel_.fail(i, fmt::format("intrinsic {} has no selection", name(n.op)));
    }
  }

  Selector& sel_;
  Liveness live_;
  std::map<unsigned, std::vector<DefId>> free_at_;
  DefId condition_in_p0_ = kNoDef;  // the if condition select_condition put in P0
  std::vector<LoopFrame> loops_;
};

}  // namespace
}  // namespace detail

Result<Selected> select(Shader& s, const SelectOptions& o) {
  // NAK's preparation first: queries as the hardware's, sources packed into the Ra/Rb vectors.
  if (auto prepared = prepare_tex(s, o.arch); !prepared) return make_error(prepared.error());
  detail::Selector sel{s, o, {}, {}, {}, {}, {}, {}, 0, {}, {}, {}, {}};
  s.number_blocks();
  s.for_each_instr([&](Instr& i) {
    if (i.dest().id != kNoDef) {
      sel.shape[i.dest().id] = i.dest();
      sel.def_instr[i.dest().id] = &i;
    }
    for (DefId* u : i.uses()) sel.read_by_instr.insert(*u);
  });
  // If conditions are read by the control flow (an intrinsic's boolean, bar_red_or's, may be read only there).
  sel.read = sel.read_by_instr;
  const std::function<void(const CfList&)> conditions = [&](const CfList& list) {
    for (const CfNode& n : list) {
      if (n.loop) conditions(n.loop->body);
      if (!n.if_node) continue;
      sel.read.insert(n.if_node->condition);
      ++sel.if_tests[n.if_node->condition];
      conditions(n.if_node->then_list);
      conditions(n.if_node->else_list);
    }
  };
  conditions(s.body);
  // Constants that every reader folds as an immediate or copies into a phi get no register (folded_source,
  // phi_moves); an if's condition is read from a register.
  std::unordered_set<DefId> in_register;
  for (const auto& entry : sel.if_tests) in_register.insert(entry.first);
  s.for_each_instr([&](Instr& i) {
    if (i.as<PhiInstr>()) return;  // a constant phi source is a MOV32I into the phi's register (phi_moves)
    const AluInstr* a = i.as<AluInstr>();
    const int k = a ? detail::folded_source(sel, *a) : -1;
    for (DefId* u : i.uses())
      if (k < 0 || u != &a->src[static_cast<unsigned>(k)].def) in_register.insert(*u);
  });
  for (const auto& [d, instr] : sel.def_instr)
    if (instr->as<ConstInstr>() && sel.read.count(d) && !in_register.count(d)) sel.immediate_only.insert(d);
  try {
    detail::Driver(sel).run();
  } catch (const detail::SelectError& e) {
    return make_error(e.what());
  }
  Selected out;
  out.sass = std::move(sel.out);
  out.registers = sel.regs.high_water();
  if (auto err = isa::sm50::assemble(out.sass, o.arch, out.program))
    return make_error(fmt::format("the selected SASS does not assemble (a selector bug): line {}:{}: {}", err->line,
                                  err->column, err->message));
  return out;
}

}  // namespace tmu::ir::sm50
