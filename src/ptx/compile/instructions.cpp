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

// The instruction's types in order (cvt, slct and set have two).
std::vector<Type> types_of(const Instruction& i) {
  std::vector<Type> types;
  for (const Modifier& m : i.mods)
    if (auto t = parse_type(m.text)) types.push_back(*t);
  return types;
}

// The instruction's type: its last modifier that is a type (cvt and the like read both themselves).
Type last_type(const Instruction& i) {
  for (auto it = i.mods.rbegin(); it != i.mods.rend(); ++it)
    if (auto t = parse_type(it->text)) return *t;
  fail(i.loc, fmt::format("{} needs a type modifier", i.opcode));
}

ir::Rounding rounding_of(const Instruction& i) {
  if (has(i, ".rz")) return ir::Rounding::zero;
  if (has(i, ".rm")) return ir::Rounding::down;
  if (has(i, ".rp")) return ir::Rounding::up;
  return ir::Rounding::nearest_even;
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

namespace {

// f32 arithmetic whose results .ftz changes (PTX ISA: add, sub, mul, fma, mad, min, max, abs, neg, div and setp on
// .f32; cvt from .f32). The MUFU approximations are left out: their .ftz and plain forms compile alike.
bool flushable(const Instruction& i) {
  static const std::initializer_list<std::string_view> ops = {"add", "sub", "mul", "fma", "mad", "min", "max",
                                                              "abs", "neg", "div", "setp", "set"};
  if (i.opcode == "cvt") {
    const std::vector<Type> types = types_of(i);
    return types.size() == 2 && types[1] == Type::F32;
  }
  if (std::find(ops.begin(), ops.end(), i.opcode) == ops.end()) return false;
  for (auto it = i.mods.rbegin(); it != i.mods.rend(); ++it)
    if (auto t = parse_type(it->text)) return *t == Type::F32;
  return false;
}

struct FtzUse {
  std::optional<Loc> with, without;  // the first flushable instruction with and without .ftz
};

void scan_ftz(const Block& b, const Module& m, std::vector<const Function*>& seen, FtzUse& use) {
  for (const Statement& st : b.items) {
    if (const Block* inner = std::get_if<Block>(&st.v)) {
      scan_ftz(*inner, m, seen, use);
      continue;
    }
    const Instruction* i = std::get_if<Instruction>(&st.v);
    if (!i) continue;
    if (flushable(*i)) {
      std::optional<Loc>& first = has(*i, ".ftz") ? use.with : use.without;
      if (!first) first = i->loc;
    }
    if (i->opcode != "call") continue;
    for (const Operand& o : i->operands)  // the callees' bodies are compiled into the kernel
      for (const Function& f : m.functions)
        if (o.kind == Operand::Kind::Name && f.name == o.name && !f.entry && f.body &&
            std::find(seen.begin(), seen.end(), &f) == seen.end()) {
          seen.push_back(&f);
          scan_ftz(*f.body, m, seen, use);
        }
  }
}

}  // namespace

// A kernel flushes fp32 denormals (the shader's float_controls_execution_mode, selected as .FTZ) when its f32
// arithmetic, and that of the .funcs it calls, carries .ftz (nvcc -use_fast_math, -ftz=true); one mode per
// kernel, so a kernel that mixes both is refused.
uint32_t FunctionCompiler::float_controls() const {
  FtzUse use;
  std::vector<const Function*> seen{&f_};
  scan_ftz(*f_.body, *layout_.module, seen, use);
  if (use.with && use.without)
    fail(*use.without, fmt::format("this f32 instruction has no .ftz, the one at line {} col {} has: a kernel flushes "
                                   "denormals everywhere or nowhere (NIR 22.3's float_controls_execution_mode is per "
                                   "shader)", use.with->line, use.with->col));
  return use.with ? ir::kFloatControlsDenormFlushToZeroFp32 : 0;
}

void FunctionCompiler::instruction(const Instruction& ins) {
  const std::string& op = ins.opcode;
  opcode_ = op;  // (a call's body sets it again: special registers are read before it)
  if (op == "tex" || op == "tld4" || op == "txq") return texture(ins);
  if (op == "ld") return memory(ins, true);
  if (op == "st") return memory(ins, false);
  if (op == "setp" || op == "set") return compare(ins, last_type(ins));
  if (op == "cvt") return convert(ins);
  if (op == "call") return call(ins);
  if (op == "atom" || op == "red") return atomic(ins);
  if (op == "shfl" || op == "vote") return warp(ins);
  if (op == "popc" || op == "clz" || op == "brev" || op == "bfind") return bits(ins);
  if (op == "bfe" || op == "bfi" || op == "lop3" || op == "shf" || op == "mul24" || op == "cnot" || op == "copysign" || op == "testp" || op == "slct" ||
      op == "sad" || op == "fns")
    return fields(ins);
  if (op == "isspacep" || op == "trap" || op == "brkpt" || op == "pmevent") return system(ins);
  if (op == "suld" || op == "sust" || op == "sured" || op == "suq") return surface(ins);
  if (op == "prefetch" || op == "prefetchu") {  // a cache hint: nothing to compute (PTX ISA "prefetch")
    refuse_unknown(ins, {".global", ".local", ".L1", ".L2"});
    return;
  }
  if (op == "bar" || op == "barrier" || op == "membar" || op == "fence") return barrier(ins);
  if (op == "mov" || op == "cvta") return move(ins, last_type(ins));
  if (op == "addc" || op == "subc" || op == "madc" || has(ins, ".cc")) return carry_arithmetic(ins);
  if (op == "selp") {
    expect_operands(ins, 4);
    refuse_unknown(ins, {});
    const Type t = last_type(ins);
    const DefId a = value(ins.operands[1], t), c = value(ins.operands[2], t), p = value(ins.operands[3], Type::Pred);
    return set(ins.operands[0], select(p, a, c, is_64(t) ? 2 : 1), t);
  }
  static const std::initializer_list<std::string_view> arithmetic_ops = {
      "add", "sub", "mul", "mad", "fma", "div", "rem", "min", "max", "abs", "neg", "and", "or", "xor", "not",
      "shl", "shr", "rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos"};
  if (std::find(arithmetic_ops.begin(), arithmetic_ops.end(), op) != arithmetic_ops.end())
    return arithmetic(ins, op, last_type(ins));
  fail(ins.loc, fmt::format("{} is not compiled yet", op));
}

void FunctionCompiler::move(const Instruction& ins, Type t) {
  expect_operands(ins, 2);
  if (ins.opcode == "cvta") {
    // cvta.to.global / cvta.global: tmu run's global addresses are the generic ones (docs/run.md), so both are
    // the identity; the shared and local windows: window_cvta.
    refuse_unknown(ins, {".to", ".global", ".shared", ".local"});
    if (has(ins, ".shared") || has(ins, ".local")) return window_cvta(ins, t, has(ins, ".shared") ? Space::Shared : Space::Local);
    if (!has(ins, ".global")) fail(ins.loc, "cvta needs a space: .global, .shared or .local");
  } else {
    refuse_unknown(ins, {});
  }
  const Operand& src = ins.operands[1];
  if (ins.operands[0].kind == Operand::Kind::Vector) {  // mov.b64 {lo, hi}, %rd / mov.b32 {lo, hi}, %r: the halves
    if ((!is_64(t) && t != Type::B32) || ins.operands[0].elems.size() != 2)
      fail(ins.operands[0].loc, "only mov.b64 and mov.b32 split into {lo, hi}");
    const DefId v = value(src, t);
    if (is_64(t)) {
      set(ins.operands[0].elems[0], lo(v), Type::B32);
      set(ins.operands[0].elems[1], hi(v), Type::B32);
    } else {  // 16-bit halves: the low one is the value itself (its high bits mean nothing)
      set(ins.operands[0].elems[0], v, Type::B16);
      set(ins.operands[0].elems[1], b().alu(AluOp::ushr, {v, b().imm_int(16)}), Type::B16);
    }
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
    // A module .global variable's: its global (and generic) address, which the loader patches in.
    if (layout_.globals && layout_.globals->has(src.name)) {
      if (!is_64(t)) fail(src.loc, fmt::format("the address of .global {} takes a 64-bit register", src.name));
      set(ins.operands[0], global_variable_address(src.name), t);
      return;
    }
    if (src.name[0] != '%') fail(src.loc, fmt::format("the address of {} is not compiled yet", src.name));
  }
  set(ins.operands[0], value(src, t), t);
}

DefId FunctionCompiler::global_variable_address(const std::string& name) {
  ir::IntrinsicInstr i;
  i.op = ir::Intrinsic::load_global_variable_address_2x32;
  i.dest.components = 2;
  i.indices.emplace_back("symbol", name);
  return b().intrinsic(std::move(i));
}

// [%rd+k] or [var+k]: the register's 64-bit address or the module .global variable's, plus the constant, as a
// (lo, hi) pair.
DefId FunctionCompiler::global_address(const Operand& addr) {
  const bool variable = !addr.name.empty() && layout_.globals && layout_.globals->has(addr.name);
  if (!variable && (addr.name.empty() || !registers_.count(addr.name)))
    fail(addr.loc, addr.name.empty() ? "a global address must be a 64-bit register or a .global variable"
                                     : fmt::format("{} is not a register or a .global variable of the module", addr.name));
  Operand base = addr;
  base.kind = Operand::Kind::Name;
  DefId a = variable ? global_variable_address(addr.name) : value(base, Type::U64);
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

  if (t == Type::F64) return arithmetic64(ins, op);
  if (is_float(t)) {
    if (t != Type::F32) fail(ins.loc, fmt::format("{} arithmetic is not compiled yet", name(t)));
    // The MUFU approximations (rcp, sqrt, rsqrt, ex2, lg2, sin, cos .approx.ftz) are what ptxas emits for the .ftz
    // forms: MUFU.RCP / RSQ (+ RCP for sqrt) / LG2, RRO.EX2 + MUFU.EX2, RRO.SINCOS + MUFU.SIN / COS. Elsewhere
    // .ftz would need the IR to flush denormals per instruction, which NIR 22.3 cannot say.
    static const std::initializer_list<std::string_view> mufu_ops = {"rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos"};
    // The rest take .ftz in a kernel that flushes denormals everywhere (float_controls, checked before the body).
    const bool mufu = std::find(mufu_ops.begin(), mufu_ops.end(), op) != mufu_ops.end() && has(ins, ".approx");
    if (has(ins, ".ftz") && !mufu && !s_.flushes_fp32_denorms())
      fail(ins.loc, fmt::format("{}.ftz.f32 outside a kernel that flushes denormals (a compiler bug)", op));
    const bool sat = has(ins, ".sat");
    auto done = [&](DefId v) { set(o[0], sat ? b().alu(AluOp::fsat, {v}) : v, t); };
    // add, sub, mul, fma and mad round as their modifier says (FADD.RZ, FMUL.RM, FFMA.RP).
    const ir::Rounding rnd = rounding_of(ins);
    if (op == "add" || op == "sub" || op == "mul") {
      refuse_unknown(ins, {".rn", ".rz", ".rm", ".rp", ".sat", ".ftz"});
      expect_operands(ins, 3);
      const AluOp a = op == "add" ? AluOp::fadd : op == "sub" ? AluOp::fsub : AluOp::fmul;
      return done(b().alu(a, {src(1, t), src(2, t)}, rnd));
    }
    if (op == "fma" || op == "mad") {  // mad.f32 is fma.rn.f32 on sm_20 and later (PTX ISA "mad")
      refuse_unknown(ins, {".rn", ".rz", ".rm", ".rp", ".sat", ".ftz"});
      expect_operands(ins, 4);
      return done(b().alu(AluOp::ffma, {src(1, t), src(2, t), src(3, t)}, rnd));
    }

    if (op == "min" || op == "max") {
      refuse_unknown(ins, {".ftz"});
      return binary(op == "min" ? AluOp::fmin : AluOp::fmax);
    }
    if (op == "abs" || op == "neg") {
      refuse_unknown(ins, {".ftz"});
      expect_operands(ins, 2);
      return set(o[0], negate_or_abs(op == "neg", src(1, t), t), t);
    }
    // The correctly rounded forms (rounded.cpp); the rest are approximations in PTX too.
    if (has(ins, ".rn") || rnd != ir::Rounding::nearest_even) {
      refuse_unknown(ins, {".rn", ".rz", ".rm", ".rp", ".ftz"});
      expect_operands(ins, op == "div" ? 3 : 2);
      if (op == "div") return set(o[0], divide32(src(1, t), src(2, t), rnd), t);
      if (op == "rcp") return set(o[0], divide32(b().imm_float(1.0f), src(1, t), rnd), t);
      if (op == "sqrt") return set(o[0], sqrt32(src(1, t), rnd), t);
      fail(ins.loc, fmt::format("{} with a rounding modifier is not a PTX instruction (div, rcp and sqrt have them)", op));
    }
    if (op == "div") {
      refuse_unknown(ins, {".approx", ".full", ".ftz"});
      return binary(AluOp::fdiv);
    }
    refuse_unknown(ins, {".approx", ".ftz"});
    if (op == "rcp") return unary(AluOp::frcp);
    if (op == "sqrt") return unary(AluOp::fsqrt);
    if (op == "rsqrt") return unary(AluOp::frsq);
    if (op == "ex2") return unary(AluOp::fexp2);
    if (op == "lg2") return unary(AluOp::flog2);
    if (op == "sin") return unary(AluOp::fsin);
    if (op == "cos") return unary(AluOp::fcos);
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
  if (bit_size(t) == 8) fail(ins.loc, "8-bit types are for ld, st and cvt only (PTX ISA \"Fundamental Types\")");
  const bool sgn = kind(t) == Kind::Signed;
  if (bit_size(t) == 16) return arithmetic16(ins, op, t);
  if (is_64(t)) {
    refuse_unknown(ins, {".lo", ".hi"});
    if (has(ins, ".hi") && op != "mul") fail(ins.loc, fmt::format("{}.hi{} is not compiled yet", op, name(t)));
    auto k = [&](int64_t v) { return b().imm_int(v); };
    if (op == "add" || op == "sub") {
      expect_operands(ins, 3);
      const DefId x = src(1, t), y = src(2, t);
      return set(o[0], op == "add" ? add64(x, y) : sub64(x, y), t);
    }
    if (op == "div" || op == "rem") {
      expect_operands(ins, 3);
      const auto [quotient, remainder] = divmod64(src(1, t), src(2, t), sgn);
      return set(o[0], op == "div" ? quotient : remainder, t);
    }
    if (op == "neg" || op == "abs") {
      expect_operands(ins, 2);
      const DefId x = src(1, t), minus = sub64(wide(k(0), k(0)), x);
      return set(o[0], op == "neg" ? minus : select(b().alu(AluOp::ilt, {hi(x), k(0)}), minus, x, 2), t);
    }
    if (op == "mul" || op == "mad") {  // .lo: the low 64 bits of the product (mad adds c); mul.hi: the high 64
      expect_operands(ins, op == "mul" ? 3 : 4);
      const DefId x = src(1, t), y = src(2, t);
      if (has(ins, ".hi")) {
        // The 128-bit product from four 32 x 32 products: its high half is xh yh + hi(xl yh) + hi(xh yl) + the
        // carry out of the middle word, hi(xl yl) + lo(xl yh) + lo(xh yl).
        auto part = [&](DefId a, DefId c) { return wide(b().alu(AluOp::imul, {a, c}), b().alu(AluOp::umul_high, {a, c})); };
        const DefId p0 = part(lo(x), lo(y)), p1 = part(lo(x), hi(y)), p2 = part(hi(x), lo(y)), p3 = part(hi(x), hi(y));
        const DefId mid = add64(add64(wide(hi(p0), k(0)), wide(lo(p1), k(0))), wide(lo(p2), k(0)));
        DefId high = add64(add64(add64(p3, wide(hi(p1), k(0))), wide(hi(p2), k(0))), wide(hi(mid), k(0)));
        if (sgn) {  // signed: minus y where x < 0 and minus x where y < 0 (mod 2^64)
          const DefId zero = wide(k(0), k(0));
          high = sub64(high, select(b().alu(AluOp::ilt, {hi(x), k(0)}), y, zero, 2));
          high = sub64(high, select(b().alu(AluOp::ilt, {hi(y), k(0)}), x, zero, 2));
        }
        return set(o[0], high, t);
      }
      const DefId l = b().alu(AluOp::imul, {lo(x), lo(y)});
      DefId h = b().alu(AluOp::umul_high, {lo(x), lo(y)});
      h = b().alu(AluOp::iadd, {h, b().alu(AluOp::imul, {lo(x), hi(y)})});
      h = b().alu(AluOp::iadd, {h, b().alu(AluOp::imul, {hi(x), lo(y)})});
      const DefId product = wide(l, h);
      return set(o[0], op == "mad" ? add64(product, src(3, t)) : product, t);
    }
    if (op == "and" || op == "or" || op == "xor")
      return binary(op == "and" ? AluOp::iand : op == "or" ? AluOp::ior : AluOp::ixor);
    if (op == "not") return unary(AluOp::inot);
    if (op == "min" || op == "max") {
      expect_operands(ins, 3);
      const DefId x = src(1, t), y = src(2, t), less = less64(x, y, sgn);
      return set(o[0], op == "min" ? select(less, x, y, 2) : select(less, y, x, 2), t);
    }
    if ((op == "shl" || op == "shr") && o.size() == 3 && o[2].kind != Operand::Kind::Int) {
      // By a register (.u32; PTX clamps amounts past 64 to 64): each word from the two that reach it.
      const DefId x = src(1, t), n = src(2, Type::U32), l = lo(x), h = hi(x);
      auto minus = [&](DefId a, DefId c) { return b().alu(AluOp::isub, {a, c}); };
      auto either = [&](DefId a, DefId c, DefId d) { return b().alu(AluOp::ior, {a, b().alu(AluOp::ior, {c, d})}); };
      if (op == "shl")
        return set(o[0], wide(shl_big(l, n), either(shl_big(h, n), shr_big(l, minus(k(32), n)), shl_big(l, minus(n, k(32))))), t);
      if (!sgn) return set(o[0], shr64(x, n), t);
      const DefId fill = b().alu(AluOp::ishr, {h, k(31)});
      const DefId below32 = b().alu(AluOp::ult, {n, k(32)}), below64 = b().alu(AluOp::ult, {n, k(64)});
      const DefId high = b().alu(AluOp::bcsel, {below32, b().alu(AluOp::ishr, {h, n}), fill});
      const DefId upper = b().alu(AluOp::bcsel, {below64, b().alu(AluOp::ishr, {h, minus(n, k(32))}), fill});
      const DefId low = b().alu(AluOp::bcsel, {below32, b().alu(AluOp::ior, {shr_big(l, n), shl_big(h, minus(k(32), n))}), upper});
      return set(o[0], wide(low, high), t);
    }
    if (op == "shl" || op == "shr") {
      expect_operands(ins, 3);
      const DefId x = src(1, t);
      const unsigned n = static_cast<unsigned>(std::min<uint64_t>(o[2].int_value & 0xffffffffu, 64));
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

// 16-bit integers in 32-bit values (function.h): the low 16 bits of add, sub, mul.lo, the bitwise operations and
// shl do not depend on the high bits; the operations that do read their operands extended.
void FunctionCompiler::arithmetic16(const Instruction& ins, std::string_view op, Type t) {
  const auto& o = ins.operands;
  const bool sgn = kind(t) == Kind::Signed;
  auto src = [&](unsigned k) { return value(o.at(k), t); };
  auto ext = [&](unsigned k) { return extend(src(k), t); };
  auto result = [&](DefId v, std::optional<Type> rt = std::nullopt) { set(o[0], v, rt.value_or(t)); };
  if (op == "mul" || op == "mad") {
    refuse_unknown(ins, {".lo", ".hi", ".wide"});
    const bool is_mad = op == "mad";
    expect_operands(ins, is_mad ? 4 : 3);
    const DefId product = b().alu(AluOp::imul, {ext(1), ext(2)});  // exact: 16 x 16 bits fit 32
    if (has(ins, ".wide")) {
      const Type wt = sgn ? Type::S32 : Type::U32;
      return result(is_mad ? b().alu(AluOp::iadd, {product, value(o[3], wt)}) : product, wt);
    }
    DefId v = has(ins, ".hi") ? b().alu(sgn ? AluOp::ishr : AluOp::ushr, {product, b().imm_int(16)}) : product;
    if (is_mad) v = b().alu(AluOp::iadd, {v, src(3)});
    return result(v);
  }
  refuse_unknown(ins, {});
  auto unary = [&](AluOp a, bool extended) {
    expect_operands(ins, 2);
    result(b().alu(a, {extended ? ext(1) : src(1)}));
  };
  auto binary = [&](AluOp a, bool extended) {
    expect_operands(ins, 3);
    result(b().alu(a, {extended ? ext(1) : src(1), extended ? ext(2) : src(2)}));
  };
  if (op == "add") return binary(AluOp::iadd, false);
  if (op == "sub") return binary(AluOp::isub, false);
  if (op == "and") return binary(AluOp::iand, false);
  if (op == "or") return binary(AluOp::ior, false);
  if (op == "xor") return binary(AluOp::ixor, false);
  if (op == "not") return unary(AluOp::inot, false);
  if (op == "neg") return unary(AluOp::ineg, false);
  if (op == "abs") return unary(AluOp::iabs, true);
  if (op == "div") return binary(sgn ? AluOp::idiv : AluOp::udiv, true);
  if (op == "min") return binary(sgn ? AluOp::imin : AluOp::umin, true);
  if (op == "max") return binary(sgn ? AluOp::imax : AluOp::umax, true);
  if (op == "rem") {
    expect_operands(ins, 3);
    const DefId x = ext(1), y = ext(2);
    if (!sgn) return result(b().alu(AluOp::umod, {x, y}));
    return result(b().alu(AluOp::isub, {x, b().alu(AluOp::imul, {b().alu(AluOp::idiv, {x, y}), y})}));
  }
  if (op == "shl" || op == "shr") {
    // Amounts above 16 are clamped to 16 (PTX ISA "shl", "shr"): 0, or the sign for shr.s16.
    expect_operands(ins, 3);
    const DefId n = b().alu(AluOp::umin, {value(o[2], Type::U32), b().imm_int(16)});
    if (op == "shl") return result(b().alu(AluOp::ishl, {src(1), n}));
    return result(b().alu(sgn ? AluOp::ishr : AluOp::ushr, {ext(1), n}));
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
    else if (w != "ftz") fail(m.loc, fmt::format("setp{} is not compiled yet", m.text));
  }
  if (cmp.empty()) fail(ins.loc, "setp needs a comparison (.eq, .lt, ...)");
  if (ins.operands.size() != (bop.empty() ? 3u : 4u))
    fail(ins.loc, bop.empty() ? "setp takes a destination and two operands" : "setp with a boolean operation takes a fourth operand");
  if (cmp == "lo") cmp = "lt";
  if (cmp == "ls") cmp = "le";
  if (cmp == "hi") cmp = "gt";
  if (cmp == "hs") cmp = "ge";
  DefId x = extend(value(ins.operands[1], t), t), y = extend(value(ins.operands[2], t), t);
  DefId r;
  if (is_float(t)) {
    if (t != Type::F32 && t != Type::F64) fail(ins.loc, fmt::format("setp on {} is not compiled yet", name(t)));  // .ftz: float_controls
    if (t == Type::F64) x = join64(x), y = join64(y);
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
    auto lt = [&](DefId a, DefId c) {  // a < c
      return is_64(t) ? less64(a, c, sgn) : b().alu(sgn ? AluOp::ilt : AluOp::ult, {a, c});
    };
    auto eq = [&] { return is_64(t) ? equal64(x, y) : b().alu(AluOp::ieq, {x, y}); };
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
  if (ins.opcode == "set") {  // set.CmpOp[.BoolOp].dtype.stype d, ...: 0xffffffff (1.0 for .f32) or 0
    const Type dt = types_of(ins).front();
    if (dt != Type::U32 && dt != Type::S32 && dt != Type::F32) fail(ins.loc, "set's result type is .u32, .s32 or .f32");
    const DefId one = b().imm_int(dt == Type::F32 ? 0x3f800000 : 0xffffffff);
    return set(d, b().alu(AluOp::bcsel, {p, one, b().imm_int(0)}), dt);
  }
  if (d.kind == Operand::Kind::Pair) {
    set(d.elems[0], p, Type::Pred);
    set(d.elems[1], q, Type::Pred);
  } else {
    set(d, p, Type::Pred);
  }
}

namespace {

// An integer type's range as 32-bit values (64-bit types never clamp here).
struct Range {
  int64_t min, max;
};
Range range_of(Type t) {
  const unsigned bits = bit_size(t);
  if (kind(t) == Kind::Signed) return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1};
  return {0, (int64_t{1} << bits) - 1};
}

}  // namespace

// cvt[.rnd][.ftz][.sat].dtype.atype d, a (PTX ISA "cvt"): f64, f32 and f16 floats, 8- to 64-bit integers.
// Integers are extended by the source's signedness, then truncated to the destination; a float becomes an integer
// rounded as the modifier says (.rni, .rzi, .rmi, .rpi) and clamped to the destination's range (NaN is 0: F2I).
// Conversions to a float round as .rn / .rz / .rm / .rp say (the IR instruction's rounding: F2F.F32.F64.RZ,
// F2F.F16.F32.RP, I2F.F32.S32.RM); f64 to f16 and integers to f16 are refused.
void FunctionCompiler::convert(const Instruction& ins) {
  expect_operands(ins, 2);
  const std::vector<Type> types = types_of(ins);
  std::string rnd;
  bool sat = false;
  for (const Modifier& m : ins.mods) {
    if (parse_type(m.text)) continue;
    if (m.text == ".rn" || m.text == ".rz" || m.text == ".rm" || m.text == ".rp" || m.text == ".rni" ||
             m.text == ".rzi" || m.text == ".rmi" || m.text == ".rpi")
      rnd = m.text.substr(1);
    else if (m.text == ".sat") sat = true;
    else if (m.text != ".ftz") fail(m.loc, fmt::format("cvt{} is not compiled yet", m.text));  // .ftz: float_controls
  }
  if (types.size() != 2) fail(ins.loc, "cvt takes a destination and a source type");
  const Type dt = types[0], st = types[1];
  const ir::Rounding to_float = rounding_of(ins);
  for (Type t : types)
    if (t == Type::F16x2 || t == Type::BF16 || t == Type::BF16x2 || t == Type::B128 || t == Type::Pred)
      fail(ins.loc, fmt::format("cvt with {} is not compiled yet", name(t)));
  const DefId a = data_value(ins.operands[1], st);
  if (sat && dt == Type::F64) fail(ins.loc, "cvt.sat.f64 is not compiled yet");
  auto refuse_rounding = [&](std::string_view why) {
    if (!rnd.empty() && rnd != "rn") fail(ins.loc, fmt::format("cvt.{}{}{}: {}", rnd, name(dt), name(st), why));
  };
  // A float source: fp32 (an f16 widens exactly) or a 64-bit value.
  auto float_source = [&] {
    if (st == Type::F64) return join64(a);
    return st == Type::F16 ? b().alu(AluOp::f2f32, {b().alu(AluOp::u2u16, {a})}) : a;
  };
  // An integer source: a 32-bit value extended by its type, or a 64-bit value.
  auto int_source = [&] { return is_64(st) ? join64(a) : extend(a, st); };
  auto integer_rounding = [&](DefId x) {
    if (rnd == "rni") return b().alu(AluOp::fround_even, {x});
    if (rnd == "rzi") return b().alu(AluOp::ftrunc, {x});
    if (rnd == "rmi") return b().alu(AluOp::ffloor, {x});
    if (rnd == "rpi") return b().alu(AluOp::fceil, {x});
    return x;
  };
  auto clamp = [&](DefId v, bool is_signed, Range r) {
    auto k = [&](int64_t x) { return b().imm_int(x & 0xffffffff); };
    if (is_signed) return b().alu(AluOp::imin, {b().alu(AluOp::imax, {v, k(r.min)}), k(r.max)});
    return r.max >= 0xffffffff ? v : b().alu(AluOp::umin, {v, k(r.max)});
  };
  DefId r;
  if (is_float(dt) && is_float(st)) {
    DefId x = float_source();
    if (dt == Type::F16) {  // fp32 -> fp16 (F2F.F16.F32)
      if (st != Type::F32 || rnd.size() == 3)
        fail(ins.loc, fmt::format("cvt{}.f16{} is not compiled yet (cvt.rn.f16.f32 is)", rnd.empty() ? "" : "." + rnd, name(st)));
      if (sat) x = b().alu(AluOp::fsat, {x});
      r = b().alu(AluOp::u2u32, {b().alu(AluOp::f2f16, {x}, to_float)});
    } else if (dt == Type::F64 && st != Type::F64) {  // widening: exact
      if (rnd.size() == 2 && rnd != "rn") refuse_rounding("a widening is exact, PTX allows only .rn on it");
      r = split64(integer_rounding(b().alu(AluOp::f2f64, {x})));
    } else if (dt == Type::F32 && st == Type::F64) {  // narrowing (F2F.F32.F64)
      if (rnd.size() == 3) fail(ins.loc, fmt::format("cvt.{}.f32.f64: PTX's integer roundings are for same-size cvt", rnd));
      r = b().alu(AluOp::f2f32, {x}, to_float);
      if (sat) r = b().alu(AluOp::fsat, {r});
    } else {
      if (rnd.size() == 2 && rnd != "rn") fail(ins.loc, fmt::format("cvt.{} between floats of one size is not compiled yet", rnd));
      r = integer_rounding(x);
      if (sat) r = b().alu(AluOp::fsat, {r});
      if (dt == Type::F64) r = split64(r);
    }
  } else if (is_float(dt)) {  // from an integer
    if (dt == Type::F16) fail(ins.loc, "cvt from integers to f16 is not compiled yet");
    if (rnd.size() == 3) refuse_rounding("PTX's integer roundings are for conversions from floats");
    const bool is_signed = kind(st) == Kind::Signed;
    if (dt == Type::F64) {
      r = split64(b().alu(is_signed ? AluOp::i2f64 : AluOp::u2f64, {int_source()}, to_float));
    } else {
      r = b().alu(is_signed ? AluOp::i2f32 : AluOp::u2f32, {int_source()}, to_float);
      if (sat) r = b().alu(AluOp::fsat, {r});
    }
  } else if (is_float(st)) {  // to an integer
    if (rnd != "rni" && rnd != "rmi" && rnd != "rpi" && rnd != "rzi")
      fail(ins.loc, "cvt from float to integer needs .rni, .rzi, .rmi or .rpi");
    const DefId v = integer_rounding(float_source());
    const bool is_signed = kind(dt) == Kind::Signed;
    if (is_64(dt)) {
      r = split64(b().alu(is_signed ? AluOp::f2i64 : AluOp::f2u64, {v}));  // saturates to 64 bits (F2I)
    } else {
      r = b().alu(is_signed ? AluOp::f2i32 : AluOp::f2u32, {v});  // saturates to 32 bits (F2I)
      if (bit_size(dt) < 32) r = clamp(r, is_signed, range_of(dt));
    }
  } else {  // integers
    if (!rnd.empty()) fail(ins.loc, fmt::format("cvt.{} between integers: rounding is for floats", rnd));
    const bool from_signed = kind(st) == Kind::Signed;
    if (is_64(st) && !is_64(dt)) {
      if (sat) fail(ins.loc, "cvt.sat from 64-bit integers is not compiled yet");
      r = extend(lo(a), dt);
    } else if (is_64(st)) {
      if (sat && kind(st) != kind(dt) && kind(st) != Kind::Bits && kind(dt) != Kind::Bits)
        fail(ins.loc, "cvt.sat between 64-bit integers of different signedness is not compiled yet");
      r = a;
    } else {
      DefId x = extend(a, st);
      if (sat && kind(dt) != Kind::Bits) {  // the 32-bit value clamped to the destination's range
        const Range d = is_64(dt) ? Range{kind(dt) == Kind::Signed ? INT32_MIN : 0, 0xffffffff} : range_of(dt);
        x = from_signed ? clamp(x, true, {std::max<int64_t>(d.min, INT32_MIN), std::min<int64_t>(d.max, INT32_MAX)})
                        : clamp(x, false, d);
      }
      if (is_64(dt)) r = wide(x, from_signed ? b().alu(AluOp::ishr, {x, b().imm_int(31)}) : b().imm_int(0));
      else r = extend(x, dt);
    }
  }
  set_data(ins.operands[0], r, dt);
}

// Extended-precision arithmetic (PTX ISA "add.cc", "addc", "sub.cc", "subc", "mad.cc", "madc") on 32-bit types:
// the condition code's carry flag (a borrow for subtraction) is a 0/1 value kept under the name %cc like a
// register (read before any write: 0), so that it flows through branches and loops as registers do.
void FunctionCompiler::carry_arithmetic(const Instruction& ins) {
  const std::string_view op = ins.opcode;
  const bool mad = op == "mad" || op == "madc";
  expect_operands(ins, mad ? 4 : 3);
  refuse_unknown(ins, mad ? std::initializer_list<std::string_view>{".cc", ".lo", ".hi"}
                          : std::initializer_list<std::string_view>{".cc"});
  const Type t = last_type(ins);
  if (t != Type::U32 && t != Type::S32) fail(ins.loc, fmt::format("{}{} is not compiled yet (.u32 and .s32 are)", op, name(t)));
  if (mad && has(ins, ".lo") == has(ins, ".hi")) fail(ins.loc, fmt::format("{} takes .lo or .hi", op));
  const bool carry_in = op == "addc" || op == "subc" || op == "madc";
  const auto& o = ins.operands;
  auto alu = [&](AluOp a, std::initializer_list<DefId> srcs) { return b().alu(a, srcs); };
  auto flag = [&](DefId cond) { return alu(AluOp::b2i32, {cond}); };
  const DefId cf = [&] {
    if (!carry_in) return b().imm_int(0);
    auto it = env_.find("%cc");
    return it != env_.end() ? it->second : b().imm_int(0);
  }();
  const DefId x = value(o[1], t), y = value(o[2], t);
  DefId d, out;
  if (op == "sub" || op == "subc") {  // d = a - (b + CF); the borrow: a < b, or a - b < CF
    const DefId diff = alu(AluOp::isub, {x, y});
    d = alu(AluOp::isub, {diff, cf});
    out = alu(AluOp::ior, {flag(alu(AluOp::ult, {x, y})), flag(alu(AluOp::ult, {diff, cf}))});
  } else {  // d = a + b (+ CF), or the product's low or high word + c (+ CF); the carry of both additions
    DefId first = x, second = y;
    if (mad) {
      first = has(ins, ".lo") ? alu(AluOp::imul, {x, y}) : alu(t == Type::S32 ? AluOp::imul_high : AluOp::umul_high, {x, y});
      second = value(o[3], t);
    }
    const DefId sum = alu(AluOp::iadd, {first, second});
    d = alu(AluOp::iadd, {sum, cf});
    out = alu(AluOp::ior, {flag(alu(AluOp::ult, {sum, first})), flag(alu(AluOp::ult, {d, sum}))});
  }
  set(o[0], d, t);
  if (has(ins, ".cc")) env_["%cc"] = out;
}

}  // namespace tmu::ptx::to_ir
