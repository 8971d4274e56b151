// SPDX-License-Identifier: MIT
// Selection's driver: liveness, register allocation, control flow (if/else as SSY/BRA/SYNC, phis as moves at the
// end of each side), constants and intrinsics; ALU, texture and compute instructions in select_alu.cpp,
// select_tex.cpp and select_compute.cpp.
#include <algorithm>
#include <map>

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
  return reg(it->second + component);
}

std::optional<uint64_t> Selector::constant(DefId d, unsigned component) const {
  auto it = def_instr.find(d);
  if (it == def_instr.end()) return std::nullopt;
  const ConstInstr* c = it->second->as<ConstInstr>();
  if (!c || component >= c->dest.components) return std::nullopt;
  return c->value[component];
}

unsigned Selector::dest(const Def& d) {
  const unsigned b = regs.take(d.components);
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

// Positions of instructions and if boundaries in program order, and each definition's last use (a use inside an
// if that does not hold the definition counts at that if's end: the other side may run after it).
struct Liveness {
  std::unordered_map<const Instr*, unsigned> pos;
  std::unordered_map<const IfNode*, std::pair<unsigned, unsigned>> if_pos;  // begin, end
  std::unordered_map<DefId, unsigned> def_pos;
  std::unordered_map<DefId, std::vector<const IfNode*>> def_ifs;  // the ifs around the definition
  std::unordered_map<DefId, unsigned> last_use;
  unsigned next = 0;

  void number(const CfList& list, std::vector<const IfNode*>& stack) {
    for (const CfNode& n : list) {
      if (n.block) {
        for (const InstrPtr& i : n.block->instrs) {
          pos[i.get()] = next++;
          const DefId d = i->dest().id;
          if (d != kNoDef) {
            def_pos[d] = pos[i.get()];
            def_ifs[d] = stack;
            last_use[d] = pos[i.get()];
          }
        }
      } else {
        const unsigned begin = next++;
        stack.push_back(n.if_node.get());
        number(n.if_node->then_list, stack);
        number(n.if_node->else_list, stack);
        stack.pop_back();
        if_pos[n.if_node.get()] = {begin, next++};
      }
    }
  }

  void use(DefId d, unsigned at, const std::vector<const IfNode*>& stack) {
    auto it = def_ifs.find(d);
    if (it == def_ifs.end()) return;
    const auto& outer = it->second;
    unsigned effective = at;
    if (stack.size() > outer.size()) effective = std::max(effective, if_pos[stack[outer.size()]].second);
    last_use[d] = std::max(last_use[d], effective);
  }

  void uses(const CfList& list, std::vector<const IfNode*>& stack) {
    for (const CfNode& n : list) {
      if (n.block) {
        for (const InstrPtr& i : n.block->instrs) {
          Instr& m = const_cast<Instr&>(*i);
          if (const PhiInstr* p = i->as<PhiInstr>()) {
            // Read by the moves at the end of each side: live to the if's end.
            for (const PhiSrc& src : p->src) use(src.def, pos[i.get()], stack);
            continue;
          }
          for (DefId* u : m.uses()) use(*u, pos[i.get()], stack);
        }
      } else {
        use(n.if_node->condition, if_pos[n.if_node.get()].first, stack);
        stack.push_back(n.if_node.get());
        uses(n.if_node->then_list, stack);
        uses(n.if_node->else_list, stack);
        stack.pop_back();
      }
    }
  }
};

class Driver {
 public:
  Driver(Selector& sel) : sel_(sel) {}

  void run() {
    std::vector<const IfNode*> stack;
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
      sel_.regs.give(b->second, sel_.components(d));
      sel_.base.erase(b);
    }
  }

  void list(const CfList& l) {
    for (std::size_t k = 0; k < l.size(); ++k) {
      const CfNode& n = l[k];
      if (n.block) {
        for (const InstrPtr& i : n.block->instrs) {
          if (!i->as<PhiInstr>()) instr(*i);  // phis were given registers at their if
          free_after(live_.pos[i.get()]);
        }
        continue;
      }
      const Block* join = k + 1 < l.size() ? l[k + 1].block.get() : nullptr;
      if_node(*n.if_node, join);
    }
  }

  void if_node(const IfNode& f, const Block* join) {
    const auto [begin, end] = live_.if_pos[&f];
    std::vector<const PhiInstr*> phis;
    if (join)
      for (const InstrPtr& i : join->instrs)
        if (const PhiInstr* p = i->as<PhiInstr>()) {
          phis.push_back(p);
          sel_.dest(p->dest);
        }
    const std::string else_label = sel_.label(), end_label = sel_.label();
    sel_.emit(fmt::format("ISETP.NE.AND P0, PT, {}, RZ, PT", sel_.r(f.condition)));
    free_after(begin);
    sel_.emit(fmt::format("SSY {}", end_label));
    sel_.emit(fmt::format("@!P0 BRA {}", else_label));
    list(f.then_list);
    phi_moves(phis, f.then_list.back().block->id);
    sel_.emit("SYNC");
    sel_.out += else_label + ":\n";
    list(f.else_list);
    phi_moves(phis, f.else_list.back().block->id);
    sel_.emit("SYNC");
    sel_.out += end_label + ":\n";
    free_after(end);
  }

  void phi_moves(const std::vector<const PhiInstr*>& phis, uint32_t pred) {
    for (const PhiInstr* p : phis)
      for (const PhiSrc& src : p->src)
        if (src.pred_block == pred)
          for (unsigned c = 0; c < p->dest.components; ++c)
            sel_.emit(fmt::format("MOV {}, {}", sel_.r(p->dest.id, c), sel_.r(src.def, c)));
  }

  void instr(const Instr& i) {
    if (const ConstInstr* c = i.as<ConstInstr>()) {
      const unsigned b = sel_.dest(c->dest);
      for (unsigned k = 0; k < c->dest.components; ++k) {
        const uint64_t mask = c->dest.bit_size >= 64 ? ~uint64_t{0} : (uint64_t{1} << c->dest.bit_size) - 1;
        uint64_t v = c->value[k] & mask;
        if (c->dest.bit_size == 1) v = v ? 0xffffffffu : 0u;  // booleans as 0 / ~0
        if (c->dest.bit_size == 64) sel_.fail(i, "64-bit values have no selection yet");
        sel_.emit(fmt::format("MOV32I {}, {:#x}", sel_.reg(b + k), v));
      }
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
        if (select_compute(sel_, i, n)) return;
        sel_.fail(i, fmt::format("intrinsic {} has no selection", name(n.op)));
    }
  }

  Selector& sel_;
  Liveness live_;
  std::map<unsigned, std::vector<DefId>> free_at_;
};

}  // namespace
}  // namespace detail

Result<Selected> select(Shader& s, const SelectOptions& o) {
  // NAK's preparation first: queries as the hardware's, sources packed into the Ra/Rb vectors.
  if (auto prepared = prepare_tex(s, o.arch); !prepared) return make_error(prepared.error());
  detail::Selector sel{s, o, {}, {}, {}, {}, {}, 0, {}};
  s.number_blocks();
  s.for_each_instr([&](Instr& i) {
    if (i.dest().id != kNoDef) {
      sel.shape[i.dest().id] = i.dest();
      sel.def_instr[i.dest().id] = &i;
    }
  });
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
