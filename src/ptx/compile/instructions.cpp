// SPDX-License-Identifier: MIT
// PTX's non-texture instructions as IR (PTX ISA "Instructions"): moves, parameter and global memory, integer
// arithmetic (64-bit integers as 32-bit pairs with carries), float arithmetic, comparisons, selects and
// conversions. Each form the compiler does not handle is refused with the statement's position.
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

bool has(const Instruction& i, std::string_view m) {
  return std::any_of(i.mods.begin(), i.mods.end(), [&](const Modifier& x) { return x.text == m; });
}

// The instruction's type: its last modifier that is a type (cvt and the like read both themselves).
Type last_type(const Instruction& i) {
  for (auto it = i.mods.rbegin(); it != i.mods.rend(); ++it)
    if (auto t = parse_type(it->text)) return *t;
  fail(i.loc, fmt::format("{} needs a type modifier", i.opcode));
}

void expect_operands(const Instruction& i, std::size_t n) {
  if (i.operands.size() != n)
    fail(i.loc, fmt::format("{} takes {} operands, not {}", i.opcode, n, i.operands.size()));
}

// Modifiers an instruction may carry without changing what tmu computes.
void refuse_unknown(const Instruction& i, std::initializer_list<std::string_view> allowed) {
  for (const Modifier& m : i.mods) {
    if (parse_type(m.text)) continue;
    if (std::find(allowed.begin(), allowed.end(), m.text) == allowed.end())
      fail(m.loc, fmt::format("{}{} is not compiled yet", i.opcode, m.text));
  }
}

void FunctionCompiler::instruction(const Instruction& ins) {
  const std::string& op = ins.opcode;
  if (op == "tex" || op == "tld4" || op == "txq") return texture(ins);
  if (op == "ld") return memory(ins, true);
  if (op == "st") return memory(ins, false);
  if (op == "setp") return compare(ins, last_type(ins));
  if (op == "cvt") return convert(ins);
  if (op == "call") return call(ins);
  if (op == "atom" || op == "red") return atomic(ins);
  if (op == "bar" || op == "barrier" || op == "membar" || op == "fence") return barrier(ins);
  if (op == "mov" || op == "cvta") return move(ins, last_type(ins));
  if (op == "selp") {
    expect_operands(ins, 4);
    refuse_unknown(ins, {});
    const Type t = last_type(ins);
    const DefId a = value(ins.operands[1], t), c = value(ins.operands[2], t), p = value(ins.operands[3], Type::Pred);
    const unsigned n = is_64(t) ? 2 : 1;
    ir::AluSrc cond{p, {}};
    cond.swizzle.fill(0);
    return set(ins.operands[0], b().alu(AluOp::bcsel, {cond, ir::AluSrc{a}, ir::AluSrc{c}}, n), t);
  }
  static const std::initializer_list<std::string_view> arithmetic_ops = {
      "add", "sub", "mul", "mad", "fma", "div", "rem", "min", "max", "abs", "neg", "and", "or", "xor", "not",
      "shl", "shr", "rcp", "sqrt", "rsqrt", "ex2", "lg2"};
  if (std::find(arithmetic_ops.begin(), arithmetic_ops.end(), op) != arithmetic_ops.end())
    return arithmetic(ins, op, last_type(ins));
  fail(ins.loc, fmt::format("{} is not compiled yet", op));
}

void FunctionCompiler::move(const Instruction& ins, Type t) {
  expect_operands(ins, 2);
  if (ins.opcode == "cvta") {
    // cvta.to.global / cvta.global: tmu run's global addresses are the generic ones (docs/run.md), so both are
    // the identity; the shared and local windows are not compiled.
    if (!has(ins, ".global")) fail(ins.loc, "cvta is compiled for .global only");
    refuse_unknown(ins, {".to", ".global"});
  } else {
    refuse_unknown(ins, {});
  }
  const Operand& src = ins.operands[1];
  if (ins.operands[0].kind == Operand::Kind::Vector) {  // mov.b64 {lo, hi}, %rd: the two halves
    if (!is_64(t) || ins.operands[0].elems.size() != 2) fail(ins.operands[0].loc, "only mov.b64 splits into {lo, hi}");
    const DefId v = value(src, t);
    set(ins.operands[0].elems[0], lo(v), Type::B32);
    set(ins.operands[0].elems[1], hi(v), Type::B32);
    return;
  }
  if (src.kind == Operand::Kind::Name && !src.name.empty() && !registers_.count(src.name)) {
    // The address of a shared or local variable: its offset in the window (what LDS/STS and LDL/STL take); of a
    // .const variable: its offset in bank 3 (what ld.const's LDC takes, as ptxas reads it).
    std::optional<uint32_t> offset;
    if (auto w = window_vars_.find(src.name); w != window_vars_.end())
      offset = w->second.offset;
    else if (auto c = layout_.constants->variables.find(src.name); c != layout_.constants->variables.end())
      offset = c->second.offset;
    if (offset && ins.opcode == "mov") {
      const DefId off = b().imm_int(*offset);
      set(ins.operands[0], is_64(t) ? wide(off, b().imm_int(0)) : off, t);
      return;
    }
    if (src.name[0] != '%') fail(src.loc, fmt::format("the address of {} is not compiled yet", src.name));
  }
  set(ins.operands[0], value(src, t), t);
}

// ld.param / ld.global / st.global, scalars and .v2/.v4 of 32 and 64 bits.
void FunctionCompiler::memory(const Instruction& ins, bool load) {
  expect_operands(ins, 2);
  refuse_unknown(ins, {".param", ".global", ".shared", ".local", ".const", ".v2", ".v4", ".nc", ".ca", ".cg", ".cs",
                       ".lu", ".cv", ".wb", ".wt"});
  const Type t = last_type(ins);
  if (bit_size(t) != 32 && bit_size(t) != 64) fail(ins.loc, "8- and 16-bit loads and stores are not compiled yet");
  const unsigned elems = has(ins, ".v4") ? 4 : has(ins, ".v2") ? 2 : 1;
  const unsigned words = elems * (is_64(t) ? 2 : 1);
  if (words > 4) fail(ins.loc, "a load or store of more than 16 bytes");
  const Operand& data = ins.operands[load ? 0 : 1];
  const Operand& addr = ins.operands[load ? 1 : 0];
  if (addr.kind != Operand::Kind::Address) fail(addr.loc, "the address must be written in brackets");
  std::vector<const Operand*> regs;
  if (elems == 1) {
    regs.push_back(&data);
  } else {
    if (data.kind != Operand::Kind::Vector || data.elems.size() != elems)
      fail(data.loc, fmt::format("a .v{} access takes a vector of {} registers", elems, elems));
    for (const Operand& e : data.elems) regs.push_back(&e);
  }

  if (has(ins, ".param") && is_local_param(addr.name)) {
    // A call sequence's or a .func's parameter: 32-bit words in env_.
    const uint32_t size = local_params_.at(addr.name);
    if (addr.offset < 0 || addr.offset % 4 || static_cast<uint64_t>(addr.offset) + 4 * words > size)
      fail(addr.loc, fmt::format("the access is not whole 32-bit words inside {} ({} bytes)", addr.name, size));
    const unsigned first = static_cast<unsigned>(addr.offset / 4);
    if (load) {
      for (unsigned e = 0; e < elems; ++e) {
        auto word = [&](unsigned k) {
          auto it = env_.find(param_word(addr.name, first + k));
          return it != env_.end() ? it->second : b().imm_int(0);
        };
        const unsigned per = is_64(t) ? 2 : 1;
        set(*regs[e], per == 2 ? wide(word(2 * e), word(2 * e + 1)) : word(e), t);
      }
    } else {
      for (unsigned e = 0; e < elems; ++e) {
        const DefId v = value(*regs[e], t);
        if (is_64(t)) {
          env_[param_word(addr.name, first + 2 * e)] = lo(v);
          env_[param_word(addr.name, first + 2 * e + 1)] = hi(v);
        } else {
          env_[param_word(addr.name, first + e)] = v;
        }
      }
    }
    return;
  }
  if (has(ins, ".param")) {
    if (!load) fail(ins.loc, "st.param to a kernel parameter is not compiled (kernels do not write their parameters)");
    auto p = layout_.params.find(addr.name);
    if (p == layout_.params.end()) fail(addr.loc, fmt::format("{} is not a parameter of this kernel", addr.name));
    if (addr.offset < 0 || addr.offset + 4 * words > p->second.size)
      fail(addr.loc, fmt::format("the load reads outside the parameter {} ({} bytes)", addr.name, p->second.size));
    if (addr.offset % 4) fail(addr.loc, "a parameter load at an offset that is not a multiple of 4");
    ir::IntrinsicInstr i;
    i.op = ir::Intrinsic::load_kernel_input;
    i.dest.components = static_cast<uint8_t>(words);
    i.src = {b().imm_int(0)};
    i.set_index("base", std::to_string(p->second.offset + addr.offset));
    i.set_index("range", std::to_string(p->second.size));
    const DefId v = b().intrinsic(std::move(i));
    // A single value is the load itself: a texture object's handle is recognised by where it was loaded from.
    for (unsigned e = 0; e < elems; ++e) {
      const DefId x = elems == 1 ? v : is_64(t) ? b().swizzle(v, {2 * e, 2 * e + 1}) : b().channel(v, e);
      set(*regs[e], x, t);
    }
    return;
  }
  if (has(ins, ".const")) {
    if (!load) fail(ins.loc, "st.const: constant memory is read-only (PTX ISA \"st\")");
    return constant_load(regs, addr, t, elems);
  }
  if (has(ins, ".shared") || has(ins, ".local"))
    return window_access(ins, load, has(ins, ".shared") ? Space::Shared : Space::Local, regs, addr, t, elems);
  if (!has(ins, ".global")) fail(ins.loc, "only .param, .global, .shared and .local memory are compiled yet");
  const DefId a = global_address(addr);
  if (load) {
    ir::IntrinsicInstr i;
    i.op = ir::Intrinsic::load_global_2x32;
    i.dest.components = static_cast<uint8_t>(words);
    i.src = {a};
    const DefId v = b().intrinsic(std::move(i));
    for (unsigned e = 0; e < elems; ++e)
      set(*regs[e], is_64(t) ? b().swizzle(v, {2 * e, 2 * e + 1}) : b().channel(v, e), t);
    return;
  }
  std::vector<std::pair<DefId, unsigned>> parts;
  for (unsigned e = 0; e < elems; ++e) {
    const DefId x = value(*regs[e], t);
    if (is_64(t)) {
      parts.emplace_back(x, 0);
      parts.emplace_back(x, 1);
    } else {
      parts.emplace_back(x, 0);
    }
  }
  ir::IntrinsicInstr i;
  i.op = ir::Intrinsic::store_global_2x32;
  i.src = {parts.size() == 1 ? parts[0].first : b().vec(parts), a};
  i.set_index("wrmask", std::to_string((1u << words) - 1));
  b().intrinsic(std::move(i));
}

// [%rd+k]: the register's 64-bit address plus the constant, as a (lo, hi) pair.
DefId FunctionCompiler::global_address(const Operand& addr) {
  if (addr.name.empty() || !registers_.count(addr.name))
    fail(addr.loc, "a global address must be a 64-bit register (module-scope .global variables are not compiled yet)");
  Operand base = addr;
  base.kind = Operand::Kind::Name;
  DefId a = value(base, Type::U64);
  if (addr.offset != 0) {
    const uint64_t off = static_cast<uint64_t>(addr.offset);
    a = add64(a, b().imm_vec({off & 0xffffffffu, off >> 32}, 32));
  }
  return a;
}

void FunctionCompiler::arithmetic(const Instruction& ins, std::string_view op, Type t) {
  const auto& o = ins.operands;
  auto src = [&](unsigned k, Type ty) { return value(o.at(k), ty); };
  auto unary = [&](AluOp a) {
    expect_operands(ins, 2);
    set(o[0], b().alu(a, {src(1, t)}), t);
  };
  auto binary = [&](AluOp a) {
    expect_operands(ins, 3);
    set(o[0], b().alu(a, {src(1, t), src(2, t)}), t);
  };

  if (is_float(t)) {
    if (t != Type::F32) fail(ins.loc, fmt::format("{} arithmetic is not compiled yet", name(t)));
    if (has(ins, ".ftz")) fail(ins.loc, ".ftz (flushing denormals) is not compiled yet");
    for (const char* m : {".rz", ".rm", ".rp"})
      if (has(ins, m)) fail(ins.loc, fmt::format("the rounding mode {} is not compiled yet (round to nearest is)", m));
    const bool sat = has(ins, ".sat");
    auto done = [&](DefId v) { set(o[0], sat ? b().alu(AluOp::fsat, {v}) : v, t); };
    if (op == "add" || op == "sub" || op == "mul") {
      refuse_unknown(ins, {".rn", ".sat"});
      expect_operands(ins, 3);
      const AluOp a = op == "add" ? AluOp::fadd : op == "sub" ? AluOp::fsub : AluOp::fmul;
      return done(b().alu(a, {src(1, t), src(2, t)}));
    }
    if (op == "fma" || op == "mad") {  // mad.f32 is fma.rn.f32 on sm_20 and later (PTX ISA "mad")
      refuse_unknown(ins, {".rn", ".sat"});
      expect_operands(ins, 4);
      return done(b().alu(AluOp::ffma, {src(1, t), src(2, t), src(3, t)}));
    }
    if (op == "min" || op == "max") {
      refuse_unknown(ins, {});
      return binary(op == "min" ? AluOp::fmin : AluOp::fmax);
    }
    if (op == "abs" || op == "neg") {
      refuse_unknown(ins, {});
      return unary(op == "abs" ? AluOp::fabs : AluOp::fneg);
    }
    // The rest are approximations in PTX too; the correctly rounded forms (.rn) are ptxas subroutines that tmu
    // does not reproduce.
    if (has(ins, ".rn")) fail(ins.loc, fmt::format("{}.rn.f32 (correctly rounded) is not compiled yet: use .approx", op));
    if (op == "div") {
      refuse_unknown(ins, {".approx", ".full"});
      return binary(AluOp::fdiv);
    }
    refuse_unknown(ins, {".approx"});
    if (op == "rcp") return unary(AluOp::frcp);
    if (op == "sqrt") return unary(AluOp::fsqrt);
    if (op == "rsqrt") return unary(AluOp::frsq);
    if (op == "ex2") return unary(AluOp::fexp2);
    if (op == "lg2") return unary(AluOp::flog2);
    fail(ins.loc, fmt::format("{}{} is not a float operation", op, name(t)));
  }

  if (t == Type::Pred) {
    refuse_unknown(ins, {});
    if (op == "and") return binary(AluOp::iand);
    if (op == "or") return binary(AluOp::ior);
    if (op == "xor") return binary(AluOp::ixor);
    if (op == "not") return unary(AluOp::inot);
    fail(ins.loc, fmt::format("{}.pred is not a predicate operation", op));
  }
  if (bit_size(t) < 32) fail(ins.loc, "8- and 16-bit arithmetic is not compiled yet");
  const bool sgn = kind(t) == Kind::Signed;
  if (is_64(t)) {
    refuse_unknown(ins, {".lo"});
    if (op == "add" || op == "sub") {
      expect_operands(ins, 3);
      const DefId x = src(1, t), y = src(2, t);
      if (op == "add") return set(o[0], add64(x, y), t);
      const DefId l = b().alu(AluOp::isub, {lo(x), lo(y)});
      const DefId borrow = b().alu(AluOp::b2i32, {b().alu(AluOp::ult, {lo(x), lo(y)})});
      return set(o[0], wide(l, b().alu(AluOp::isub, {b().alu(AluOp::isub, {hi(x), hi(y)}), borrow})), t);
    }
    if (op == "mul") {  // mul.lo.u64: the low 64 bits of the product
      expect_operands(ins, 3);
      const DefId x = src(1, t), y = src(2, t);
      const DefId l = b().alu(AluOp::imul, {lo(x), lo(y)});
      DefId h = b().alu(AluOp::umul_high, {lo(x), lo(y)});
      h = b().alu(AluOp::iadd, {h, b().alu(AluOp::imul, {lo(x), hi(y)})});
      h = b().alu(AluOp::iadd, {h, b().alu(AluOp::imul, {hi(x), lo(y)})});
      return set(o[0], wide(l, h), t);
    }
    if (op == "and" || op == "or" || op == "xor")
      return binary(op == "and" ? AluOp::iand : op == "or" ? AluOp::ior : AluOp::ixor);
    if (op == "not") return unary(AluOp::inot);
    if (op == "shl" || op == "shr") {
      expect_operands(ins, 3);
      const DefId x = src(1, t);
      if (o[2].kind != Operand::Kind::Int) fail(o[2].loc, "64-bit shifts by a register are not compiled yet");
      const unsigned n = static_cast<unsigned>(std::min<uint64_t>(o[2].int_value & 0xffffffffu, 64));
      auto k = [&](int64_t v) { return b().imm_int(v); };
      DefId l = lo(x), h = hi(x);
      DefId rl, rh;
      if (n == 0) {
        rl = l, rh = h;
      } else if (op == "shl") {
        if (n < 32) {
          rl = b().alu(AluOp::ishl, {l, k(n)});
          rh = b().alu(AluOp::ior, {b().alu(AluOp::ishl, {h, k(n)}), b().alu(AluOp::ushr, {l, k(32 - n)})});
        } else {
          rl = k(0);
          rh = n < 64 ? b().alu(AluOp::ishl, {l, k(n - 32)}) : k(0);
        }
      } else {
        const AluOp sh = sgn ? AluOp::ishr : AluOp::ushr;
        const DefId fill = sgn ? b().alu(AluOp::ishr, {h, k(31)}) : k(0);
        if (n < 32) {
          rl = b().alu(AluOp::ior, {b().alu(AluOp::ushr, {l, k(n)}), b().alu(AluOp::ishl, {h, k(32 - n)})});
          rh = b().alu(sh, {h, k(n)});
        } else {
          rl = n < 64 ? b().alu(sh, {h, k(n - 32)}) : fill;
          rh = fill;
        }
      }
      return set(o[0], wide(rl, rh), t);
    }
    fail(ins.loc, fmt::format("{}{} is not compiled yet", op, name(t)));
  }

  // 32-bit integers.
  if (op == "mul" || op == "mad") {
    refuse_unknown(ins, {".lo", ".hi", ".wide"});
    const bool is_mad = op == "mad";
    expect_operands(ins, is_mad ? 4 : 3);
    const DefId x = src(1, t), y = src(2, t);
    const AluOp high = sgn ? AluOp::imul_high : AluOp::umul_high;
    if (has(ins, ".wide")) {
      const Type wt = sgn ? Type::S64 : Type::U64;
      DefId v = wide(b().alu(AluOp::imul, {x, y}), b().alu(high, {x, y}));
      if (is_mad) v = add64(v, src(3, wt));
      return set(o[0], v, wt);
    }
    DefId v = b().alu(has(ins, ".hi") ? high : AluOp::imul, {x, y});
    if (is_mad) v = b().alu(AluOp::iadd, {v, src(3, t)});
    return set(o[0], v, t);
  }
  refuse_unknown(ins, {});
  if (op == "add") return binary(AluOp::iadd);
  if (op == "sub") return binary(AluOp::isub);
  if (op == "div") return binary(sgn ? AluOp::idiv : AluOp::udiv);
  if (op == "rem") {
    expect_operands(ins, 3);
    const DefId x = src(1, t), y = src(2, t);
    if (!sgn) return set(o[0], b().alu(AluOp::umod, {x, y}), t);
    // rem.s32 takes the dividend's sign: x - (x / y) * y with truncating division.
    return set(o[0], b().alu(AluOp::isub, {x, b().alu(AluOp::imul, {b().alu(AluOp::idiv, {x, y}), y})}), t);
  }
  if (op == "min") return binary(sgn ? AluOp::imin : AluOp::umin);
  if (op == "max") return binary(sgn ? AluOp::imax : AluOp::umax);
  if (op == "abs") return unary(AluOp::iabs);
  if (op == "neg") return unary(AluOp::ineg);
  if (op == "and") return binary(AluOp::iand);
  if (op == "or") return binary(AluOp::ior);
  if (op == "xor") return binary(AluOp::ixor);
  if (op == "not") return unary(AluOp::inot);
  if (op == "shl" || op == "shr") {
    expect_operands(ins, 3);
    const DefId x = src(1, t), n = value(o[2], Type::U32);
    // PTX clamps shift amounts above the width (the result is 0, or the sign for shr.s); NIR's shifts take the
    // amount modulo 32. Amounts of 32 or more select the clamped value.
    const AluOp sh = op == "shl" ? AluOp::ishl : sgn ? AluOp::ishr : AluOp::ushr;
    const DefId shifted = b().alu(sh, {x, n});
    const DefId big = b().alu(AluOp::uge, {n, b().imm_int(32)});
    const DefId clamped = sh == AluOp::ishr ? b().alu(AluOp::ishr, {x, b().imm_int(31)}) : b().imm_int(0);
    return set(o[0], b().alu(AluOp::bcsel, {big, clamped, shifted}), t);
  }
  fail(ins.loc, fmt::format("{}{} is not compiled yet", op, name(t)));
}

void FunctionCompiler::compare(const Instruction& ins, Type t) {
  // setp.CmpOp[.BoolOp].type p[|q], a, b[, {!}c]
  static const std::initializer_list<std::string_view> cmps = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi",
                                                               "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
  std::string cmp, bop;
  for (const Modifier& m : ins.mods) {
    const std::string_view w = std::string_view(m.text).substr(1);
    if (parse_type(m.text)) continue;
    if (std::find(cmps.begin(), cmps.end(), w) != cmps.end() && cmp.empty()) cmp = w;
    else if ((w == "and" || w == "or" || w == "xor") && bop.empty()) bop = w;
    else fail(m.loc, fmt::format("setp{} is not compiled yet", m.text));
  }
  if (cmp.empty()) fail(ins.loc, "setp needs a comparison (.eq, .lt, ...)");
  if (ins.operands.size() != (bop.empty() ? 3u : 4u))
    fail(ins.loc, bop.empty() ? "setp takes a destination and two operands" : "setp with a boolean operation takes a fourth operand");
  if (cmp == "lo") cmp = "lt";
  if (cmp == "ls") cmp = "le";
  if (cmp == "hi") cmp = "gt";
  if (cmp == "hs") cmp = "ge";
  const DefId x = value(ins.operands[1], t), y = value(ins.operands[2], t);
  DefId r;
  if (is_float(t)) {
    if (t != Type::F32) fail(ins.loc, fmt::format("setp on {} is not compiled yet", name(t)));
    if (has(ins, ".ftz")) fail(ins.loc, ".ftz is not compiled yet");
    const DefId num = b().alu(AluOp::iand, {b().alu(AluOp::feq, {x, x}), b().alu(AluOp::feq, {y, y})});
    auto ordered = [&](std::string_view c) -> DefId {
      if (c == "eq") return b().alu(AluOp::feq, {x, y});
      if (c == "ne") return b().alu(AluOp::iand, {b().alu(AluOp::fneu, {x, y}), num});
      if (c == "lt") return b().alu(AluOp::flt, {x, y});
      if (c == "le") return b().alu(AluOp::fge, {y, x});
      if (c == "gt") return b().alu(AluOp::flt, {y, x});
      return b().alu(AluOp::fge, {x, y});  // ge
    };
    if (cmp == "num") r = num;
    else if (cmp == "nan") r = b().alu(AluOp::inot, {num});
    else if (cmp == "neu") r = b().alu(AluOp::fneu, {x, y});
    else if (cmp.size() == 3 && cmp.back() == 'u') {
      // An unordered comparison is true when either is NaN: the negation of the opposite ordered one.
      const std::string_view base = std::string_view(cmp).substr(0, 2);
      const std::string_view opposite = base == "eq" ? "ne" : base == "lt" ? "ge" : base == "le" ? "gt" : base == "gt" ? "le" : "lt";
      r = b().alu(AluOp::inot, {ordered(opposite)});
      if (base == "eq") r = b().alu(AluOp::ior, {b().alu(AluOp::feq, {x, y}), b().alu(AluOp::inot, {num})});
    } else r = ordered(cmp);
  } else {
    if (cmp.size() == 3 || cmp == "num" || cmp == "nan") fail(ins.loc, fmt::format("setp.{} is for floats", cmp));
    const bool sgn = kind(t) == Kind::Signed;
    if (kind(t) == Kind::Bits && cmp != "eq" && cmp != "ne") fail(ins.loc, fmt::format("setp.{} needs a signed or unsigned type", cmp));
    auto lt32 = [&](DefId a, DefId c, bool s) { return b().alu(s ? AluOp::ilt : AluOp::ult, {a, c}); };
    auto lt = [&](DefId a, DefId c) -> DefId {  // a < c
      if (!is_64(t)) return lt32(a, c, sgn);
      const DefId hl = lt32(hi(a), hi(c), sgn), he = b().alu(AluOp::ieq, {hi(a), hi(c)});
      return b().alu(AluOp::ior, {hl, b().alu(AluOp::iand, {he, lt32(lo(a), lo(c), false)})});
    };
    auto eq = [&]() -> DefId {
      if (!is_64(t)) return b().alu(AluOp::ieq, {x, y});
      return b().alu(AluOp::iand, {b().alu(AluOp::ieq, {lo(x), lo(y)}), b().alu(AluOp::ieq, {hi(x), hi(y)})});
    };
    if (cmp == "eq") r = eq();
    else if (cmp == "ne") r = b().alu(AluOp::inot, {eq()});
    else if (cmp == "lt") r = lt(x, y);
    else if (cmp == "gt") r = lt(y, x);
    else if (cmp == "le") r = b().alu(AluOp::inot, {lt(y, x)});
    else r = b().alu(AluOp::inot, {lt(x, y)});  // ge
  }
  const Operand& d = ins.operands[0];
  DefId p = r, q = b().alu(AluOp::inot, {r});
  if (!bop.empty()) {
    const DefId c = value(ins.operands[3], Type::Pred);
    const AluOp a = bop == "and" ? AluOp::iand : bop == "or" ? AluOp::ior : AluOp::ixor;
    p = b().alu(a, {p, c});
    q = b().alu(a, {q, c});
  }
  if (d.kind == Operand::Kind::Pair) {
    set(d.elems[0], p, Type::Pred);
    set(d.elems[1], q, Type::Pred);
  } else {
    set(d, p, Type::Pred);
  }
}

void FunctionCompiler::convert(const Instruction& ins) {
  // cvt[.rnd][.ftz][.sat].dtype.atype d, a
  expect_operands(ins, 2);
  std::vector<Type> types;
  std::string rnd;
  bool sat = false;
  for (const Modifier& m : ins.mods) {
    if (auto t = parse_type(m.text)) types.push_back(*t);
    else if (m.text == ".rn" || m.text == ".rz" || m.text == ".rm" || m.text == ".rp" || m.text == ".rni" ||
             m.text == ".rzi" || m.text == ".rmi" || m.text == ".rpi")
      rnd = m.text.substr(1);
    else if (m.text == ".sat") sat = true;
    else fail(m.loc, fmt::format("cvt{} is not compiled yet", m.text));
  }
  if (types.size() != 2) fail(ins.loc, "cvt takes a destination and a source type");
  const Type dt = types[0], st = types[1];
  for (Type t : types)
    if ((bit_size(t) != 32 && bit_size(t) != 64) || t == Type::F64)
      fail(ins.loc, fmt::format("cvt with {} is not compiled yet", name(t)));
  const DefId a = value(ins.operands[1], st);
  DefId r;
  if (is_float(dt) && is_float(st)) {
    if (rnd.empty() || rnd == "rn") r = a;
    else if (rnd == "rni") r = b().alu(AluOp::fround_even, {a});
    else if (rnd == "rzi") r = b().alu(AluOp::ftrunc, {a});
    else if (rnd == "rmi") r = b().alu(AluOp::ffloor, {a});
    else if (rnd == "rpi") r = b().alu(AluOp::fceil, {a});
    else fail(ins.loc, fmt::format("cvt.{} between floats is not compiled yet", rnd));
    if (sat) r = b().alu(AluOp::fsat, {r});
  } else if (is_float(dt)) {  // from an integer
    if (is_64(st)) fail(ins.loc, "cvt from 64-bit integers to float is not compiled yet");
    if (!rnd.empty() && rnd != "rn") fail(ins.loc, fmt::format("cvt.{} to float is not compiled yet (.rn is)", rnd));
    r = b().alu(kind(st) == Kind::Signed ? AluOp::i2f32 : AluOp::u2f32, {a});
    if (sat) r = b().alu(AluOp::fsat, {r});
  } else if (is_float(st)) {  // to an integer
    if (is_64(dt)) fail(ins.loc, "cvt from float to 64-bit integers is not compiled yet");
    DefId v = a;
    if (rnd == "rni") v = b().alu(AluOp::fround_even, {a});
    else if (rnd == "rmi") v = b().alu(AluOp::ffloor, {a});
    else if (rnd == "rpi") v = b().alu(AluOp::fceil, {a});
    else if (rnd != "rzi") fail(ins.loc, "cvt from float to integer needs .rni, .rzi, .rmi or .rpi");
    r = b().alu(kind(dt) == Kind::Signed ? AluOp::f2i32 : AluOp::f2u32, {v});
  } else {  // integers
    if (sat || !rnd.empty()) fail(ins.loc, "cvt between integers with rounding or .sat is not compiled yet");
    if (is_64(dt) && !is_64(st)) r = wide(a, kind(st) == Kind::Signed ? b().alu(AluOp::ishr, {a, b().imm_int(31)}) : b().imm_int(0));
    else if (!is_64(dt) && is_64(st)) r = lo(a);
    else r = a;
  }
  set(ins.operands[0], r, dt);
}

}  // namespace tmu::ptx::to_ir
