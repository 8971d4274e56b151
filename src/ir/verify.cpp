// SPDX-License-Identifier: MIT
#include "ir/verify.h"

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "ir/tex.h"

namespace tmu::ir {
namespace {

class Verifier {
 public:
  explicit Verifier(Shader& s) : s_(s) {
    s.for_each_instr([&](Instr& i) {
      const Def& d = i.dest();
      if (d.id == kNoDef) return;
      if (!shapes_.emplace(d.id, d).second) error(i, fmt::format("ssa_{} is defined twice", d.id));
    });
  }

  std::vector<std::string> run() {
    std::unordered_set<DefId> visible;
    list(s_.body, visible);
    return std::move(errors_);
  }

 private:
  void error(const Instr& i, std::string msg) {
    const Def& d = i.dest();
    errors_.push_back(d.id == kNoDef ? msg : fmt::format("ssa_{}: {}", d.id, msg));
  }

  const Def* shape(DefId id) {
    auto it = shapes_.find(id);
    return it == shapes_.end() ? nullptr : &it->second;
  }

  void list(CfList& l, std::unordered_set<DefId>& visible) {
    if (l.empty() || !l.front().block || !l.back().block)
      errors_.push_back("a control-flow list must start and end with a block");
    Block* prev_then = nullptr;
    Block* prev_else = nullptr;
    std::unordered_set<DefId> branch_defs;
    for (CfNode& n : l) {
      if (n.block) {
        block(*n.block, visible, prev_then, prev_else, branch_defs);
        prev_then = prev_else = nullptr;
        continue;
      }
      IfNode& f = *n.if_node;
      const Def* c = shape(f.condition);
      if (!c || !visible.count(f.condition)) errors_.push_back(fmt::format("if condition ssa_{} is not defined", f.condition));
      else if (c->components != 1 || (c->bit_size != 1 && c->bit_size != 32))
        errors_.push_back(fmt::format("if condition ssa_{} is not a scalar boolean", f.condition));
      std::unordered_set<DefId> then_v = visible, else_v = visible;
      list(f.then_list, then_v);
      list(f.else_list, else_v);
      branch_defs.clear();
      for (DefId d : then_v) if (!visible.count(d)) branch_defs.insert(d);
      for (DefId d : else_v) if (!visible.count(d)) branch_defs.insert(d);
      prev_then = f.then_list.back().block.get();
      prev_else = f.else_list.back().block.get();
    }
  }

  void block(Block& b, std::unordered_set<DefId>& visible, Block* pred_then, Block* pred_else,
             const std::unordered_set<DefId>& branch_defs) {
    bool phis_allowed = true;
    for (InstrPtr& ip : b.instrs) {
      Instr& i = *ip;
      if (const PhiInstr* p = i.as<PhiInstr>()) {
        if (!phis_allowed || !pred_then) error(i, "a phi must start the block after an if");
        for (const PhiSrc& src : p->src) {
          if (!visible.count(src.def) && !branch_defs.count(src.def))
            error(i, fmt::format("phi source ssa_{} is not defined", src.def));
          if (pred_then && src.pred_block != pred_then->id && src.pred_block != pred_else->id)
            error(i, fmt::format("phi source from block_{} is not a predecessor", src.pred_block));
        }
      } else {
        phis_allowed = false;
        for (DefId* u : i.uses())
          if (!visible.count(*u)) error(i, fmt::format("source ssa_{} is not defined before it is read", *u));
        check(i);
      }
      if (i.dest().id != kNoDef) visible.insert(i.dest().id);
    }
  }

  void check(Instr& i) {
    if (auto* a = i.as<AluInstr>()) alu(i, *a);
    else if (auto* t = i.as<TexInstr>()) tex(i, *t);
    else if (auto* n = i.as<IntrinsicInstr>()) intrinsic(i, *n);
    else if (auto* c = i.as<ConstInstr>()) {
      if (c->dest.components < 1 || c->dest.components > kMaxComponents) error(i, "load_const has no components");
    }
  }

  static bool size_ok(unsigned bits) { return bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64; }

  void alu(Instr& i, AluInstr& a) {
    const AluOpInfo& in = info(a.op);
    if (a.src.size() != in.num_inputs) {
      error(i, fmt::format("{} takes {} sources, not {}", in.name, in.num_inputs, a.src.size()));
      return;
    }
    if (in.output_size && a.dest.components != in.output_size)
      error(i, fmt::format("{} makes {} components, not {}", in.name, in.output_size, a.dest.components));
    if (in.output_type.bits && a.dest.bit_size != in.output_type.bits)
      error(i, fmt::format("{} makes {}-bit values, not {}-bit", in.name, in.output_type.bits, a.dest.bit_size));
    if (!size_ok(a.dest.bit_size)) error(i, fmt::format("bit size {} is not 1, 8, 16, 32 or 64", a.dest.bit_size));
    for (unsigned k = 0; k < in.num_inputs; ++k) {
      const Def* d = shape(a.src[k].def);
      if (!d) continue;
      const unsigned used = in.input_size[k] ? in.input_size[k] : a.dest.components;
      for (unsigned c = 0; c < used; ++c)
        if (a.src[k].swizzle[c] >= d->components)
          error(i, fmt::format("source {} reads component {} of ssa_{}, which has {}", k, a.src[k].swizzle[c],
                               a.src[k].def, d->components));
      const AluType t = in.input_type[k];
      if (t.bits && d->bit_size != t.bits)
        error(i, fmt::format("{} source {} must be {}-bit, ssa_{} is {}-bit", in.name, k, t.bits, a.src[k].def,
                             d->bit_size));
      if (t.base == BaseType::Bool && t.bits == 0 && d->bit_size != 1 && d->bit_size != 32)
        error(i, fmt::format("{} source {} must be a boolean (1 or 32 bits)", in.name, k));
    }
  }

  void tex(Instr& i, TexInstr& t) {
    if (t.dest.components != dest_size(t))
      error(i, fmt::format("{} returns {} components, the destination has {}", name(t.op), dest_size(t),
                           t.dest.components));
    bool seen[kNumTexSrcTypes] = {};
    for (unsigned k = 0; k < t.src.size(); ++k) {
      const TexSrc& src = t.src[k];
      auto type_index = static_cast<unsigned>(src.type);
      if (seen[type_index]) error(i, fmt::format("two {} sources", name(src.type)));
      seen[type_index] = true;
      const Def* d = shape(src.def);
      if (!d) continue;
      const unsigned want = src_size(t, k);
      if (want && d->components != want)
        error(i, fmt::format("the {} source has {} components, {} needs {}", name(src.type), d->components,
                             name(t.op), want));
    }
    const bool has_comparator = src_index(t, TexSrcType::comparator) >= 0;
    if (has_comparator && !t.is_shadow) error(i, "a comparator on an instruction that is not is_shadow");
    if (t.coord_components > 4) error(i, "more than four coordinate components");
    if (t.component > 3) error(i, "tg4 component is not 0-3");
  }

  void intrinsic(Instr& i, IntrinsicInstr& n) {
    const IntrinsicInfo& in = info(n.op);
    if (n.src.size() != in.num_srcs) {
      error(i, fmt::format("{} takes {} sources, not {}", in.name, in.num_srcs, n.src.size()));
      return;
    }
    for (unsigned k = 0; k < in.num_srcs; ++k) {
      const Def* d = shape(n.src[k]);
      if (d && in.src_size[k] && d->components != in.src_size[k])
        error(i, fmt::format("{} source {} has {} components, not {}", in.name, k, d->components, in.src_size[k]));
    }
    if (in.dest_size < 0 && n.dest.id != kNoDef) error(i, fmt::format("{} has no destination", in.name));
    if (in.dest_size > 0 && n.dest.components != in.dest_size)
      error(i, fmt::format("{} makes {} components, not {}", in.name, in.dest_size, n.dest.components));
    compute(i, n);
  }

  // The compute intrinsics' shapes (docs/ir.md, "Compute kernels"): 32-bit components; a global load makes 1,
  // 2 or 4 of them (LDG .32, .64, .128) from a (lo, hi) address.
  void compute(Instr& i, IntrinsicInstr& n) {
    const std::string_view nm = name(n.op);
    auto bits32 = [&](const Def* d, std::string_view what) {
      if (d && d->bit_size != 32)
        error(i, fmt::format("{}'s {} is {}-bit, not 32-bit", nm, what, d->bit_size));
    };
    auto width = [&](const Def* d, std::string_view what) {
      if (d && d->components != 1 && d->components != 2 && d->components != 4)
        error(i, fmt::format("{}'s {} has {} components: 1, 2 or 4", nm, what, d->components));
    };
    switch (n.op) {
      case Intrinsic::load_kernel_input:
        bits32(&n.dest, "destination");
        bits32(shape(n.src[0]), "offset");
        break;
      case Intrinsic::load_global_2x32:
        bits32(&n.dest, "destination");
        width(&n.dest, "destination");
        bits32(shape(n.src[0]), "address");
        break;
      case Intrinsic::store_global_2x32:
        bits32(shape(n.src[0]), "value");
        bits32(shape(n.src[1]), "address");
        break;
      case Intrinsic::load_shared: case Intrinsic::load_scratch:
        bits32(&n.dest, "destination");
        width(&n.dest, "destination");
        bits32(shape(n.src[0]), "offset");
        break;
      case Intrinsic::store_shared: case Intrinsic::store_scratch:
        bits32(shape(n.src[0]), "value");
        bits32(shape(n.src[1]), "offset");
        break;
      case Intrinsic::load_local_invocation_id: case Intrinsic::load_workgroup_id:
      case Intrinsic::load_num_workgroups: case Intrinsic::load_workgroup_size:
      case Intrinsic::load_subgroup_invocation:
        bits32(&n.dest, "destination");
        break;
      default:
        break;
    }
  }

  Shader& s_;
  std::unordered_map<DefId, Def> shapes_;
  std::vector<std::string> errors_;
};

}  // namespace

std::vector<std::string> verify(Shader& s) {
  s.number_blocks();
  return Verifier(s).run();
}

}  // namespace tmu::ir
