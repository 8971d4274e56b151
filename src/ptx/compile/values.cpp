// SPDX-License-Identifier: MIT
// Registers, operands and special registers as IR values (function.h says how each PTX type is represented).
#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

void fail(Loc loc, std::string message) { throw CompileError{loc, std::move(message)}; }

bool is_64(Type t) { return bit_size(t) == 64; }
bool is_float(Type t) { return kind(t) == Kind::Float; }

ir::Builder& FunctionCompiler::b() {
  builder_.cursor() = ir::Cursor{block_, block_->instrs.size()};
  return builder_;
}

Type FunctionCompiler::register_type(const Operand& o) const {
  auto it = registers_.find(o.name);
  if (it == registers_.end()) fail(o.loc, fmt::format("{} is not a register of this function", o.name));
  return it->second->type;
}

ir::DefId FunctionCompiler::wide(ir::DefId l, ir::DefId h) { return b().vec({l, h}); }
ir::DefId FunctionCompiler::lo(ir::DefId v) { return b().channel(v, 0); }
ir::DefId FunctionCompiler::add64(ir::DefId x, ir::DefId y) {
  const ir::DefId l = b().alu(ir::AluOp::iadd, {lo(x), lo(y)});
  const ir::DefId carry = b().alu(ir::AluOp::uadd_carry, {lo(x), lo(y)});
  return wide(l, b().alu(ir::AluOp::iadd, {b().alu(ir::AluOp::iadd, {hi(x), hi(y)}), carry}));
}
ir::DefId FunctionCompiler::sub64(ir::DefId x, ir::DefId y) {
  const ir::DefId l = b().alu(ir::AluOp::isub, {lo(x), lo(y)});
  const ir::DefId borrow = b().alu(ir::AluOp::b2i32, {b().alu(ir::AluOp::ult, {lo(x), lo(y)})});
  return wide(l, b().alu(ir::AluOp::isub, {b().alu(ir::AluOp::isub, {hi(x), hi(y)}), borrow}));
}
ir::DefId FunctionCompiler::hi(ir::DefId v) { return b().channel(v, 1); }
ir::DefId FunctionCompiler::less64(ir::DefId x, ir::DefId y, bool sgn) {
  return b().alu(ir::AluOp::ior, {b().alu(sgn ? ir::AluOp::ilt : ir::AluOp::ult, {hi(x), hi(y)}),
                                  b().alu(ir::AluOp::iand, {b().alu(ir::AluOp::ieq, {hi(x), hi(y)}),
                                                            b().alu(ir::AluOp::ult, {lo(x), lo(y)})})});
}
ir::DefId FunctionCompiler::equal64(ir::DefId x, ir::DefId y) {
  return b().alu(ir::AluOp::iand, {b().alu(ir::AluOp::ieq, {lo(x), lo(y)}), b().alu(ir::AluOp::ieq, {hi(x), hi(y)})});
}
// cond ? x : y for each of `components` components, on one 1-bit condition (bcsel's condition swizzled to .x).
ir::DefId FunctionCompiler::select(ir::DefId cond, ir::DefId x, ir::DefId y, unsigned components) {
  ir::AluSrc c{cond, {}};
  c.swizzle.fill(0);
  return b().alu(ir::AluOp::bcsel, {c, ir::AluSrc{x}, ir::AluSrc{y}}, components);
}
// NIR's shifts take the amount modulo 32; PTX's shift everything out at 32 and more.
ir::DefId FunctionCompiler::shl_big(ir::DefId x, ir::DefId n) {
  const ir::DefId big = b().alu(ir::AluOp::uge, {n, b().imm_int(32)});
  return b().alu(ir::AluOp::bcsel, {big, b().imm_int(0), b().alu(ir::AluOp::ishl, {x, n})});
}
ir::DefId FunctionCompiler::shr_big(ir::DefId x, ir::DefId n) {
  const ir::DefId big = b().alu(ir::AluOp::uge, {n, b().imm_int(32)});
  return b().alu(ir::AluOp::bcsel, {big, b().imm_int(0), b().alu(ir::AluOp::ushr, {x, n})});
}
ir::DefId FunctionCompiler::shr64(ir::DefId x, ir::DefId n) {
  const ir::DefId l = lo(x), h = hi(x);
  const ir::DefId low = b().alu(ir::AluOp::ior, {shr_big(l, n), shl_big(h, b().alu(ir::AluOp::isub, {b().imm_int(32), n}))});
  return wide(b().alu(ir::AluOp::ior, {low, shr_big(h, b().alu(ir::AluOp::isub, {n, b().imm_int(32)}))}), shr_big(h, n));
}
ir::DefId FunctionCompiler::low_ones(ir::DefId n) {
  const ir::DefId big = b().alu(ir::AluOp::uge, {n, b().imm_int(32)});
  const ir::DefId ones = b().alu(ir::AluOp::isub, {b().alu(ir::AluOp::ishl, {b().imm_int(1), n}), b().imm_int(1)});
  return b().alu(ir::AluOp::bcsel, {big, b().imm_int(-1), ones});
}
// A pair that split64 made, or that was joined before, is joined already: the 64-bit value is reused (it is
// defined before the pair, so it dominates every use of the pair).
ir::DefId FunctionCompiler::join64(ir::DefId pair) {
  if (auto it = joined_.find(pair); it != joined_.end()) return it->second;
  const ir::DefId l = lo(pair), h = hi(pair);
  return joined_[pair] = b().alu(ir::AluOp::pack_64_2x32_split, {l, h});
}
ir::DefId FunctionCompiler::split64(ir::DefId v) {
  const ir::DefId l = b().alu(ir::AluOp::unpack_64_2x32_split_x, {v});
  const ir::DefId h = b().alu(ir::AluOp::unpack_64_2x32_split_y, {v});
  const ir::DefId pair = wide(l, h);
  joined_[pair] = v;
  return pair;
}

// PTX ISA "Type Checking Rules": a .bN instruction type takes a register of any type of N bits; .uN and .sN take
// .bN, .uN and .sN registers; .fN takes .bN and .fN ones (ptxas: "Arguments mismatch"; tests/oracle
// ptx_type_check_test.cpp holds ptxas to it).
void check_register_kind(const Operand& o, Type declared, Type wanted) {
  const Kind want = kind(wanted), have = kind(declared);
  if (want == Kind::Bits || have == Kind::Bits || want == Kind::Pred || have == Kind::Pred) return;
  if ((want == Kind::Float) != (have == Kind::Float))
    fail(o.loc, fmt::format("Arguments mismatch: {} is a {} register, the instruction needs {} (or a .b{} register)",
                            o.name, name(declared), name(wanted), bit_size(wanted)));
}

static void check_register_type(const Operand& o, Type declared, Type wanted) {
  const unsigned want = bit_size(wanted), have = bit_size(declared);
  if (declared == Type::Pred || wanted == Type::Pred) {
    if (declared != wanted)
      fail(o.loc, fmt::format("Arguments mismatch: {} is {}, the instruction needs {}", o.name, name(declared), name(wanted)));
    return;
  }
  check_register_kind(o, declared, wanted);
  if (have != want)
    fail(o.loc, fmt::format("Arguments mismatch: {} is a {}-bit register ({}), the instruction needs {} bits", o.name,
                            have, name(declared), want));
}

ir::DefId FunctionCompiler::value(const Operand& o, Type t) {
  auto double_bits = [&](uint64_t bits) { return b().imm_vec({bits & 0xffffffffu, bits >> 32}, 32); };
  switch (o.kind) {
    case Operand::Kind::Name: {
      if (!o.name.empty() && o.name[0] == '%' && !registers_.count(o.name)) {
        return special(o, t);
      }
      check_register_type(o, register_type(o), t);
      if (o.component) fail(o.loc, fmt::format("{}.{}: vector registers are not compiled yet", o.name, o.component));
      auto it = env_.find(o.name);
      ir::DefId v = it != env_.end() ? it->second : ir::kNoDef;
      if (v == ir::kNoDef) {
        // Read before any write: PTX leaves the value undefined; tmu reads 0 (what a fresh register file holds).
        v = t == Type::Pred ? b().imm_int(0, 1) : is_64(t) ? b().imm_vec({0, 0}, 32) : b().imm_int(0);
      }
      if (o.negated) {
        if (t != Type::Pred) fail(o.loc, "only predicates can be negated with !");
        v = b().alu(ir::AluOp::inot, {v});
      }
      return v;
    }
    case Operand::Kind::Int: {
      if (t == Type::Pred) {  // nvcc writes `mov.pred %p, 0` for a condition it folded
        if (o.int_value > 1) fail(o.loc, "a predicate constant is 0 or 1");
        return b().imm_int(static_cast<int64_t>(o.int_value), 1);
      }
      // ptxas: "Arguments mismatch" (a float operand is written as a float: 1.0, 0f3F800000, 0d3FF0000000000000).
      if (is_float(t)) fail(o.loc, fmt::format("an integer constant where the instruction needs {}: write it as a float", name(t)));
      if (is_64(t)) return b().imm_vec({o.int_value & 0xffffffffu, o.int_value >> 32}, 32);
      if (bit_size(t) < 32) return b().imm_int(static_cast<int64_t>(o.int_value & ((1u << bit_size(t)) - 1)));
      return b().imm_int(static_cast<int64_t>(o.int_value & 0xffffffffu));
    }
    case Operand::Kind::Float: {
      // ptxas takes a 0f constant as .b32 bits and a 0d one as .b64 bits (mov.b32 %r, 0f3F000000), nothing else.
      if (o.hex_float && t == Type::B32 && o.is_f32) return b().imm_int(static_cast<int64_t>(o.float_bits & 0xffffffffu));
      if (o.hex_float && t == Type::B64 && !o.is_f32) return double_bits(o.float_bits);
      if (t != Type::F32 && t != Type::F64)
        fail(o.loc, fmt::format("a floating-point constant where the instruction needs {}", name(t)));
      double d = 0;
      if (o.is_f32) d = std::bit_cast<float>(static_cast<uint32_t>(o.float_bits));  // exact
      else std::memcpy(&d, &o.float_bits, sizeof d);
      if (t == Type::F64) return double_bits(o.is_f32 ? std::bit_cast<uint64_t>(d) : o.float_bits);
      if (o.is_f32) return b().imm_vec({o.float_bits & 0xffffffffu}, 32);
      return b().imm_float(static_cast<float>(d));
    }
    case Operand::Kind::Vector: {
      // mov.b64 %rd, {lo, hi}: two 32-bit halves; mov.b32 %r, {lo, hi}: two 16-bit ones.
      if (is_64(t) && o.elems.size() == 2) return wide(value(o.elems[0], Type::B32), value(o.elems[1], Type::B32));
      if (t == Type::B32 && o.elems.size() == 2) {
        const ir::DefId low = b().alu(ir::AluOp::iand, {value(o.elems[0], Type::B16), b().imm_int(0xffff)});
        const ir::DefId high = b().alu(ir::AluOp::ishl, {value(o.elems[1], Type::B16), b().imm_int(16)});
        return b().alu(ir::AluOp::ior, {low, high});
      }
      fail(o.loc, "a vector operand here is not compiled yet");
    }
    default:
      fail(o.loc, "this operand is not a register or a constant");
  }
}

ir::DefId FunctionCompiler::predicate(const Operand& guard) {
  Operand plain = guard;
  plain.negated = false;
  return value(plain, Type::Pred);
}

void FunctionCompiler::set(const Operand& dest, ir::DefId v, Type t) {
  if (dest.kind == Operand::Kind::Sink) return;
  if (dest.kind != Operand::Kind::Name) fail(dest.loc, "the destination must be a register");
  check_register_type(dest, register_type(dest), t);
  if (dest.component) fail(dest.loc, fmt::format("{}.{}: vector registers are not compiled yet", dest.name, dest.component));
  env_[dest.name] = v;
}

}  // namespace tmu::ptx::to_ir
