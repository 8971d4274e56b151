// SPDX-License-Identifier: MIT
#include "ir/verify.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ir/cfg.h"
#include "ir/tex.h"

namespace tmu::ir {
namespace {

class Verifier {
 public:
  explicit Verifier(Shader& s) : s_(s), cfg_(build_cfg(s)) {
    for (Block* b : s.blocks()) {
      for (std::size_t k = 0; k < b->instrs.size(); ++k) {
        Instr& i = *b->instrs[k];
        const Def& d = i.dest();
        if (d.id == kNoDef) continue;
        if (!shapes_.emplace(d.id, d).second) error(i, fmt::format("ssa_{} is defined twice", d.id));
        else where_.emplace(d.id, Place{b->id, k});
      }
    }
  }

  std::vector<std::string> run() {
    list(s_.body, "the shader's body", 0);
    for (Block* b : s_.blocks()) block(*b);
    return std::move(errors_);
  }

 private:
  // Where a value is defined: its block and its index there.
  struct Place {
    uint32_t block = 0;
    std::size_t index = 0;
  };

  void error(const Instr& i, std::string msg) {
    const Def& d = i.dest();
    errors_.push_back(d.id == kNoDef ? msg : fmt::format("ssa_{}: {}", d.id, msg));
  }

  const Def* shape(DefId id) {
    auto it = shapes_.find(id);
    return it == shapes_.end() ? nullptr : &it->second;
  }

  // Whether `id` is defined and its definition comes before instruction `index` of block `b` on every path
  // (NIR's SSA dominance: an earlier instruction of the same block, or a block that dominates b).
  bool available(DefId id, uint32_t b, std::size_t index) const {
    auto it = where_.find(id);
    if (it == where_.end()) return false;
    if (it->second.block == b) return it->second.index < index;
    return cfg_.dominates(it->second.block, b);
  }

  // The shape of the lists: blocks first and last, if conditions, jumps inside loops.
  void list(CfList& l, std::string_view what, unsigned loops) {
    if (!first_block(l) || !last_block(l)) errors_.push_back(fmt::format("{} must start and end with a block", what));
    for (std::size_t k = 0; k < l.size(); ++k) {
      CfNode& n = l[k];
      if (n.block) {
        jumps(*n.block, loops);
      } else if (n.if_node) {
        IfNode& f = *n.if_node;
        Block* before = k > 0 && l[k - 1].block ? l[k - 1].block.get() : nullptr;
        if_condition(f, before);
        list(f.then_list, "an if's then branch", loops);
        list(f.else_list, "an if's else branch", loops);
      } else {
        list(n.loop->body, "a loop body", loops + 1);
      }
    }
  }

  void if_condition(IfNode& f, Block* before) {
    const Def* c = shape(f.condition);
    if (!c || !before || !available(f.condition, before->id, before->instrs.size()))
      errors_.push_back(fmt::format("if condition ssa_{} is not defined", f.condition));
    else if (c->components != 1 || (c->bit_size != 1 && c->bit_size != 32))
      errors_.push_back(fmt::format("if condition ssa_{} is not a scalar boolean", f.condition));
  }

  // nir_validate: a jump ends its block; break and continue need a loop around them.
  void jumps(Block& b, unsigned loops) {
    for (std::size_t k = 0; k < b.instrs.size(); ++k) {
      const JumpInstr* j = b.instrs[k]->as<JumpInstr>();
      if (!j) continue;
      if (k + 1 != b.instrs.size())
        errors_.push_back(fmt::format("{} in block_{} is not the last instruction of its block", name(j->kind), b.id));
      if (loops == 0) errors_.push_back(fmt::format("{} in block_{} is outside a loop", name(j->kind), b.id));
    }
  }

  void block(Block& b) {
    bool phis_allowed = true;
    for (std::size_t k = 0; k < b.instrs.size(); ++k) {
      Instr& i = *b.instrs[k];
      if (const PhiInstr* p = i.as<PhiInstr>()) {
        if (!phis_allowed) error(i, "a phi must come before the other instructions of its block");
        phi(i, *p, b);
        continue;
      }
      phis_allowed = false;
      for (DefId* u : i.uses())
        if (!available(*u, b.id, k))
          error(i, fmt::format("source ssa_{} is not defined before it is read", *u));
      check(i);
    }
  }

  // One source per predecessor of the phi's block (after an if: the branches' last blocks; at the start of a loop
  // body: the block before the loop and each continuing block; after a loop: each breaking block), each value
  // defined on the way to that predecessor's end.
  void phi(Instr& i, const PhiInstr& p, const Block& b) {
    const std::vector<uint32_t>& preds = cfg_.preds[b.id];
    std::unordered_set<uint32_t> seen;
    for (const PhiSrc& src : p.src) {
      const bool is_pred = std::binary_search(preds.begin(), preds.end(), src.pred_block);
      if (!is_pred)
        error(i, fmt::format("phi source from block_{} is not a predecessor of block_{} ({})", src.pred_block, b.id,
                             block_names(preds)));
      if (!seen.insert(src.pred_block).second) error(i, fmt::format("two phi sources from block_{}", src.pred_block));
      const Def* d = shape(src.def);
      if (!d) {
        error(i, fmt::format("phi source ssa_{} is not defined", src.def));
        continue;
      }
      if (is_pred && !available(src.def, src.pred_block, kEndOfBlock))
        error(i, fmt::format("phi source ssa_{} is not defined at the end of block_{}", src.def, src.pred_block));
      if (d->components != p.dest.components || d->bit_size != p.dest.bit_size)
        error(i, fmt::format("phi source ssa_{} is vec{} {}-bit, the phi vec{} {}-bit", src.def, d->components,
                             d->bit_size, p.dest.components, p.dest.bit_size));
    }
    for (uint32_t pred : preds)
      if (!seen.count(pred))
        error(i, fmt::format("the phi has no source from block_{}, a predecessor of block_{}", pred, b.id));
  }

  static std::string block_names(const std::vector<uint32_t>& blocks) {
    if (blocks.empty()) return "it has none";
    std::string out = "they are";
    for (uint32_t b : blocks) out += fmt::format(" block_{}", b);
    return out;
  }

  static constexpr std::size_t kEndOfBlock = ~std::size_t{0};

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
    if (a.rounding != Rounding::nearest_even && !takes_rounding(a.op))
      error(i, fmt::format("{} has no rounding ({})", in.name, suffix(a.rounding)));
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

  // The compute intrinsics' shapes (docs/ir.md, "Compute kernels"): 32-bit components; a load or store moves 1,
  // 2 or 4 of them (LDG .32, .64, .128) or one 8- or 16-bit value (LDG.E.U8, .U16); global addresses are
  // (lo, hi) pairs.
  void compute(Instr& i, IntrinsicInstr& n) {
    const std::string_view nm = name(n.op);
    auto bits32 = [&](const Def* d, std::string_view what) {
      if (d && d->bit_size != 32)
        error(i, fmt::format("{}'s {} is {}-bit, not 32-bit", nm, what, d->bit_size));
    };
    auto narrow_or_32 = [&](const Def* d, std::string_view what) {  // true: 32-bit components
      if (d && (d->bit_size == 8 || d->bit_size == 16)) {
        if (d->components != 1) error(i, fmt::format("{}'s {} has {} {}-bit components: one", nm, what, d->components, d->bit_size));
        return false;
      }
      bits32(d, what);
      return true;
    };
    auto width = [&](const Def* d, std::string_view what) {
      if (narrow_or_32(d, what) && d && d->components != 1 && d->components != 2 && d->components != 4)
        error(i, fmt::format("{}'s {} has {} components: 1, 2 or 4", nm, what, d->components));
    };
    switch (n.op) {
      case Intrinsic::load_kernel_input:
        bits32(&n.dest, "destination");
        bits32(shape(n.src[0]), "offset");
        break;
      case Intrinsic::load_global_2x32: case Intrinsic::load_generic_2x32:
        width(&n.dest, "destination");
        bits32(shape(n.src[0]), "address");
        break;
      case Intrinsic::store_global_2x32: case Intrinsic::store_generic_2x32:
        narrow_or_32(shape(n.src[0]), "value");
        bits32(shape(n.src[1]), "address");
        break;
      case Intrinsic::load_shared_window_base: case Intrinsic::load_local_window_base:
        bits32(&n.dest, "destination");
        break;
      case Intrinsic::load_sysval_nv: case Intrinsic::pmevent: {
        if (n.op == Intrinsic::load_sysval_nv) bits32(&n.dest, "destination");
        const auto base = n.index("base");
        const int64_t limit = n.op == Intrinsic::load_sysval_nv ? 0xff : 0xffff;  // S2R's register, NOP.TRIG's mask
        if (!base || *base < 0 || *base > limit) error(i, fmt::format("{} needs base=0..{:#x}", nm, limit));
        break;
      }
      case Intrinsic::trap:
        break;
      case Intrinsic::surface_load: case Intrinsic::surface_store: case Intrinsic::surface_reduce:
        if (n.op == Intrinsic::surface_load) bits32(&n.dest, "destination");
        bits32(shape(n.src[0]), "handle");
        bits32(shape(n.src[1]), "coordinates");
        if (n.op != Intrinsic::surface_load) bits32(shape(n.src[2]), "data");
        break;
      case Intrinsic::load_shared: case Intrinsic::load_scratch:
        width(&n.dest, "destination");
        bits32(shape(n.src[0]), "offset");
        break;
      case Intrinsic::store_shared: case Intrinsic::store_scratch:
        narrow_or_32(shape(n.src[0]), "value");
        bits32(shape(n.src[1]), "offset");
        break;
      case Intrinsic::load_global_variable_address_2x32: {
        bits32(&n.dest, "destination");
        const bool named = std::any_of(n.indices.begin(), n.indices.end(),
                                       [](const auto& kv) { return kv.first == "symbol" && !kv.second.empty(); });
        if (!named) error(i, fmt::format("{} needs symbol=NAME", nm));
        break;
      }
      case Intrinsic::load_local_invocation_id: case Intrinsic::load_workgroup_id:
      case Intrinsic::load_num_workgroups: case Intrinsic::load_workgroup_size:
      case Intrinsic::load_subgroup_invocation:
        bits32(&n.dest, "destination");
        break;
      case Intrinsic::bar_sync: case Intrinsic::bar_arrive:
      case Intrinsic::bar_red_popc: case Intrinsic::bar_red_and: case Intrinsic::bar_red_or: {
        bits32(shape(n.src[0]), "barrier");
        bits32(shape(n.src[1]), "thread count");
        if (n.op == Intrinsic::bar_sync || n.op == Intrinsic::bar_arrive) break;
        const Def* p = shape(n.src[2]);
        if (p && p->bit_size != 1) error(i, fmt::format("{}'s predicate is {}-bit, not a boolean", nm, p->bit_size));
        const unsigned want = n.op == Intrinsic::bar_red_popc ? 32 : 1;
        if (n.dest.bit_size != want) error(i, fmt::format("{} makes a {}-bit value, not {}-bit", nm, want, n.dest.bit_size));
        break;
      }
      default:
        break;
    }
  }

  Shader& s_;
  Cfg cfg_;
  std::unordered_map<DefId, Def> shapes_;
  std::unordered_map<DefId, Place> where_;
  std::vector<std::string> errors_;
};

}  // namespace

std::vector<std::string> verify(Shader& s) { return Verifier(s).run(); }

}  // namespace tmu::ir
