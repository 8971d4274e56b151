// SPDX-License-Identifier: MIT
#include "ir/builder.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace tmu::ir {

DefId Builder::insert(Instr instr) {
  Def& d = instr.dest();
  const bool has_dest = !(instr.as<IntrinsicInstr>() && info(instr.as<IntrinsicInstr>()->op).dest_size < 0) &&
                        !instr.as<JumpInstr>();
  if (has_dest && d.id == kNoDef) d.id = shader_.new_def();
  const DefId id = has_dest ? d.id : kNoDef;
  auto& list = cursor_.block->instrs;
  list.insert(list.begin() + static_cast<std::ptrdiff_t>(cursor_.index), std::make_unique<Instr>(std::move(instr)));
  ++cursor_.index;
  return id;
}

unsigned Builder::components(DefId d) {
  const Def* def = shader_.def(d);
  if (!def) throw std::logic_error("ir::Builder: source ssa_" + std::to_string(d) + " is not defined");
  return def->components;
}

unsigned Builder::bit_size(DefId d) {
  const Def* def = shader_.def(d);
  if (!def) throw std::logic_error("ir::Builder: source ssa_" + std::to_string(d) + " is not defined");
  return def->bit_size;
}

DefId Builder::alu(AluOp op, const std::vector<AluSrc>& srcs, unsigned components, Rounding r) {
  const AluOpInfo& in = info(op);
  AluInstr a;
  a.op = op;
  a.src = srcs;
  a.rounding = r;
  unsigned bits = in.output_type.bits;
  if (bits == 0) {
    for (unsigned i = 0; i < in.num_inputs && bits == 0; ++i)
      if (in.input_type[i].bits == 0 && in.input_type[i].base != BaseType::Bool) bits = bit_size(srcs[i].def);
    if (bits == 0 && !srcs.empty()) bits = bit_size(srcs[0].def);
  }
  a.dest.components = static_cast<uint8_t>(in.output_size ? in.output_size : components);
  a.dest.bit_size = static_cast<uint8_t>(bits);
  return insert(Instr{std::move(a)});
}

DefId Builder::alu(AluOp op, std::initializer_list<DefId> srcs, Rounding r) {
  const AluOpInfo& in = info(op);
  std::vector<AluSrc> s;
  unsigned width = 1;
  unsigned i = 0;
  for (DefId d : srcs) {
    s.push_back(AluSrc{d});
    if (i < kMaxAluInputs && in.input_size[i] == 0) width = std::max(width, components(d));
    ++i;
  }
  return alu(op, s, width, r);
}

DefId Builder::imm_vec(const std::vector<uint64_t>& bits, unsigned bit_size) {
  ConstInstr c;
  c.dest.components = static_cast<uint8_t>(bits.size());
  c.dest.bit_size = static_cast<uint8_t>(bit_size);
  for (std::size_t i = 0; i < bits.size() && i < kMaxComponents; ++i) c.value[i] = bits[i];
  return insert(Instr{c});
}

DefId Builder::imm_float(float v, unsigned bit_size) {
  if (bit_size == 16) throw std::logic_error("ir::Builder::imm_float: 16-bit constants are built with imm_vec");
  return imm_vec({std::bit_cast<uint32_t>(v)}, bit_size);
}

DefId Builder::imm_int(int64_t v, unsigned bit_size) {
  const uint64_t mask = bit_size >= 64 ? ~uint64_t{0} : (uint64_t{1} << bit_size) - 1;
  return imm_vec({static_cast<uint64_t>(v) & mask}, bit_size);
}

DefId Builder::undef(unsigned components, unsigned bit_size) {
  UndefInstr u;
  u.dest.components = static_cast<uint8_t>(components);
  u.dest.bit_size = static_cast<uint8_t>(bit_size);
  return insert(Instr{u});
}

DefId Builder::channel(DefId v, unsigned c) { return swizzle(v, {c}); }

DefId Builder::swizzle(DefId v, std::initializer_list<unsigned> comps) {
  AluSrc s{v};
  unsigned k = 0;
  for (unsigned c : comps) s.swizzle[k++] = static_cast<uint8_t>(c);
  return alu(AluOp::mov, {s}, k);
}

DefId Builder::vec(const std::vector<std::pair<DefId, unsigned>>& parts) {
  if (parts.size() == 1) return channel(parts[0].first, parts[0].second);
  const AluOp op = parts.size() == 2   ? AluOp::vec2
                   : parts.size() == 3 ? AluOp::vec3
                   : parts.size() == 4 ? AluOp::vec4
                   : parts.size() == 5 ? AluOp::vec5
                   : parts.size() == 8 ? AluOp::vec8
                                       : AluOp::vec16;
  if (parts.size() != info(op).num_inputs)
    throw std::logic_error("ir::Builder::vec: NIR has vectors of 1-5, 8 and 16 components");
  std::vector<AluSrc> s;
  for (auto [d, c] : parts) {
    AluSrc a{d};
    a.swizzle[0] = static_cast<uint8_t>(c);
    s.push_back(a);
  }
  return alu(op, s, static_cast<unsigned>(parts.size()));
}

DefId Builder::vec(const std::vector<DefId>& scalars) {
  std::vector<std::pair<DefId, unsigned>> parts;
  for (DefId d : scalars) parts.emplace_back(d, 0u);
  return vec(parts);
}

DefId Builder::tex(TexInstr t) { return insert(Instr{std::move(t)}); }

DefId Builder::intrinsic(IntrinsicInstr i) { return insert(Instr{std::move(i)}); }

}  // namespace tmu::ir
