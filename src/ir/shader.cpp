// SPDX-License-Identifier: MIT
#include "ir/shader.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>

namespace tmu::ir {
namespace {

constexpr IntrinsicInfo kIntrinsics[] = {
#define TMU_INTRINSIC(nm, n, s0, s1, d) IntrinsicInfo{#nm, n, {s0, s1}, d},
#include "ir/intrinsics.inc"
#undef TMU_INTRINSIC
};

constexpr std::string_view kStageNames[] = {"MESA_SHADER_VERTEX",   "MESA_SHADER_TESS_CTRL",
                                            "MESA_SHADER_TESS_EVAL", "MESA_SHADER_GEOMETRY",
                                            "MESA_SHADER_FRAGMENT", "MESA_SHADER_COMPUTE",
                                            "MESA_SHADER_KERNEL"};

void collect_blocks(CfList& list, std::vector<Block*>& out) {
  for (CfNode& n : list) {
    if (n.block) {
      out.push_back(n.block.get());
    } else if (n.if_node) {
      collect_blocks(n.if_node->then_list, out);
      collect_blocks(n.if_node->else_list, out);
    } else {
      collect_blocks(n.loop->body, out);
    }
  }
}

void rewrite_conditions(CfList& list, DefId from, DefId to) {
  for (CfNode& n : list) {
    if (n.loop) rewrite_conditions(n.loop->body, from, to);
    if (!n.if_node) continue;
    if (n.if_node->condition == from) n.if_node->condition = to;
    rewrite_conditions(n.if_node->then_list, from, to);
    rewrite_conditions(n.if_node->else_list, from, to);
  }
}

CfList clone_list(const CfList& list) {
  CfList out;
  for (const CfNode& n : list) {
    CfNode c;
    if (n.block) {
      c.block = std::make_unique<Block>();
      c.block->id = n.block->id;
      for (const InstrPtr& i : n.block->instrs) c.block->instrs.push_back(std::make_unique<Instr>(*i));
    } else if (n.if_node) {
      c.if_node = std::make_unique<IfNode>();
      c.if_node->condition = n.if_node->condition;
      c.if_node->then_list = clone_list(n.if_node->then_list);
      c.if_node->else_list = clone_list(n.if_node->else_list);
    } else {
      c.loop = std::make_unique<LoopNode>();
      c.loop->body = clone_list(n.loop->body);
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

const IntrinsicInfo& info(Intrinsic op) { return kIntrinsics[static_cast<std::size_t>(op)]; }

std::optional<Intrinsic> parse_intrinsic(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kIntrinsics); ++i)
    if (kIntrinsics[i].name == name) return static_cast<Intrinsic>(i);
  return std::nullopt;
}

std::string_view name(JumpKind k) { return k == JumpKind::Break ? "break" : "continue"; }

std::string_view name(Stage s) { return kStageNames[static_cast<std::size_t>(s)]; }
std::optional<Stage> parse_stage(std::string_view s) {
  for (std::size_t i = 0; i < std::size(kStageNames); ++i)
    if (kStageNames[i] == s) return static_cast<Stage>(i);
  return std::nullopt;
}

std::optional<int64_t> IntrinsicInstr::index(std::string_view nm) const {
  for (const auto& [k, v] : indices) {
    if (k != nm) continue;
    int64_t out = 0;
    const char* b = v.data();
    const char* e = v.data() + v.size();
    auto r = (v.size() > 2 && v[0] == '0' && v[1] == 'x') ? std::from_chars(b + 2, e, out, 16)
                                                           : std::from_chars(b, e, out);
    if (r.ec != std::errc{}) return std::nullopt;
    return out;
  }
  return std::nullopt;
}

void IntrinsicInstr::set_index(std::string_view nm, std::string value) {
  for (auto& [k, v] : indices) {
    if (k == nm) {
      v = std::move(value);
      return;
    }
  }
  indices.emplace_back(std::string(nm), std::move(value));
}

Def& Instr::dest() {
  return std::visit([](auto& i) -> Def& { return i.dest; }, v);
}
const Def& Instr::dest() const {
  return std::visit([](const auto& i) -> const Def& { return i.dest; }, v);
}

std::vector<DefId*> Instr::uses() {
  std::vector<DefId*> out;
  std::visit(
      [&](auto& i) {
        using T = std::decay_t<decltype(i)>;
        if constexpr (std::is_same_v<T, AluInstr>) {
          for (AluSrc& s : i.src) out.push_back(&s.def);
        } else if constexpr (std::is_same_v<T, IntrinsicInstr>) {
          for (DefId& s : i.src) out.push_back(&s);
        } else if constexpr (std::is_same_v<T, DerefInstr>) {
          if (i.parent != kNoDef) out.push_back(&i.parent);
          if (i.index != kNoDef) out.push_back(&i.index);
        } else if constexpr (std::is_same_v<T, TexInstr>) {
          for (TexSrc& s : i.src) out.push_back(&s.def);
        } else if constexpr (std::is_same_v<T, PhiInstr>) {
          for (PhiSrc& s : i.src) out.push_back(&s.def);
        }
      },
      v);
  return out;
}

Shader::Shader() {
  CfNode n;
  n.block = std::make_unique<Block>();
  body.push_back(std::move(n));
}

std::vector<Block*> Shader::blocks() {
  std::vector<Block*> out;
  collect_blocks(body, out);
  return out;
}

void Shader::number_blocks() {
  uint32_t k = 0;
  for (Block* b : blocks()) b->id = k++;
}

Instr* Shader::def_instr(DefId id) {
  Instr* found = nullptr;
  for_each_instr([&](Instr& i) {
    if (!found && i.dest().id == id) found = &i;
  });
  return found;
}

const Def* Shader::def(DefId id) {
  Instr* i = def_instr(id);
  return i ? &i->dest() : nullptr;
}

void Shader::rewrite_uses(DefId from, DefId to, const Instr* except) {
  for_each_instr([&](Instr& i) {
    if (&i == except) return;
    for (DefId* u : i.uses())
      if (*u == from) *u = to;
  });
  rewrite_conditions(body, from, to);
}

void Shader::remove(const Instr* instr) {
  for (Block* b : blocks()) {
    auto it = std::find_if(b->instrs.begin(), b->instrs.end(), [&](const InstrPtr& p) { return p.get() == instr; });
    if (it != b->instrs.end()) {
      b->instrs.erase(it);
      return;
    }
  }
}

Shader Shader::clone() const {
  Shader s;
  s.stage = stage;
  s.name = name;
  s.header = header;
  s.variables = variables;
  s.function_name = function_name;
  s.body = clone_list(body);
  s.next_def_ = next_def_;
  return s;
}

std::optional<Cursor> find(Shader& s, const Instr* instr) {
  for (Block* b : s.blocks()) {
    for (std::size_t i = 0; i < b->instrs.size(); ++i)
      if (b->instrs[i].get() == instr) return Cursor{b, i};
  }
  return std::nullopt;
}

std::string_view suffix(Rounding r) {
  constexpr std::string_view kSuffix[] = {"", "_rtz", "_rd", "_ru"};
  return kSuffix[static_cast<unsigned>(r)];
}

bool takes_rounding(AluOp op) {
  switch (op) {
    case AluOp::fadd: case AluOp::fsub: case AluOp::fmul: case AluOp::ffma: case AluOp::f2f16: case AluOp::f2f32:
    case AluOp::f2f64: case AluOp::i2f32: case AluOp::u2f32: case AluOp::i2f64: case AluOp::u2f64:
      return true;
    default:
      return false;
  }
}

}  // namespace tmu::ir
