// SPDX-License-Identifier: MIT
// Bit counts and reversal (PTX ISA "popc", "clz", "brev", "bfind"): popc and clz of .b32 and .b64 give a .u32,
// brev keeps its type, bfind (.u32, .s32, .u64, .s64, optionally .shiftamt) gives the position of the most significant bit
// that differs from the sign (0xffffffff when there is none). 64-bit operands are (low, high) pairs.
// Bit fields and bit-level selections of 32-bit values (fields()): bfe, bfi, lop3, shf, mul24, cnot, copysign, testp,
// slct, sad, fns; bfe of 64-bit values (field64()); bfind of .u64 / .s64.
#include <fmt/format.h>

#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

void FunctionCompiler::bits(const Instruction& ins) {
  const std::string_view op = ins.opcode;
  const Type t = last_type(ins);
  expect_operands(ins, 2);
  refuse_unknown(ins, {".shiftamt"});
  if (op != "bfind" && has(ins, ".shiftamt")) fail(ins.loc, fmt::format("{}.shiftamt: .shiftamt is bfind's", op));
  if (bit_size(t) != 32 && bit_size(t) != 64) fail(ins.loc, fmt::format("{} takes 32- or 64-bit operands", op));
  const bool wide64 = is_64(t);
  const DefId x = value(ins.operands[1], t);
  auto alu = [&](AluOp o, std::initializer_list<DefId> s) { return b().alu(o, s); };
  auto k = [&](int64_t v) { return b().imm_int(v); };
  auto clz32 = [&](DefId v) { return alu(AluOp::isub, {k(31), alu(AluOp::ufind_msb, {v})}); };  // 32 for 0
  if (op == "popc") {
    const DefId r = wide64 ? alu(AluOp::iadd, {alu(AluOp::bit_count, {lo(x)}), alu(AluOp::bit_count, {hi(x)})})
                           : alu(AluOp::bit_count, {x});
    return set(ins.operands[0], r, Type::U32);
  }
  if (op == "clz") {
    if (!wide64) return set(ins.operands[0], clz32(x), Type::U32);
    const DefId high_set = alu(AluOp::ine, {hi(x), k(0)});
    return set(ins.operands[0], alu(AluOp::bcsel, {high_set, clz32(hi(x)), alu(AluOp::iadd, {k(32), clz32(lo(x))})}),
               Type::U32);
  }
  if (op == "brev") {
    if (!wide64) return set(ins.operands[0], alu(AluOp::bitfield_reverse, {x}), t);
    return set(ins.operands[0], wide(alu(AluOp::bitfield_reverse, {hi(x)}), alu(AluOp::bitfield_reverse, {lo(x)})), t);
  }
  // bfind
  if (kind(t) != Kind::Signed && kind(t) != Kind::Unsigned) fail(ins.loc, "bfind takes .u32, .s32, .u64 or .s64");
  DefId v = x;
  if (kind(t) == Kind::Signed) {
    const DefId negative = alu(AluOp::ilt, {wide64 ? hi(x) : x, k(0)});
    v = select(negative, wide64 ? wide(alu(AluOp::inot, {lo(x)}), alu(AluOp::inot, {hi(x)})) : alu(AluOp::inot, {x}), x,
               wide64 ? 2 : 1);
  }
  // The highest set bit: of the high word (plus 32) when it has one (ufind_msb gives 0xffffffff for 0).
  DefId r = !wide64 ? alu(AluOp::ufind_msb, {v})
                    : alu(AluOp::bcsel, {alu(AluOp::ine, {hi(v), k(0)}), alu(AluOp::iadd, {alu(AluOp::ufind_msb, {hi(v)}), k(32)}),
                                         alu(AluOp::ufind_msb, {lo(v)})});
  if (has(ins, ".shiftamt"))  // the left shift that brings that bit to the top; none found stays 0xffffffff
    r = alu(AluOp::bcsel, {alu(AluOp::ieq, {r, k(0xffffffff)}), r, alu(AluOp::isub, {k(wide64 ? 63 : 31), r})});
  set(ins.operands[0], r, Type::U32);
}

void FunctionCompiler::fields(const Instruction& ins) {
  const std::string_view op = ins.opcode;
  const auto& o = ins.operands;
  auto alu = [&](AluOp a, std::initializer_list<DefId> s) { return b().alu(a, s); };
  auto k = [&](int64_t v) { return b().imm_int(v); };
  auto big = [&](DefId n) { return alu(AluOp::uge, {n, k(32)}); };
  const Type t = last_type(ins);
  if (op == "bfe" && is_64(t)) return field64(ins);
  if (op != "slct" && op != "testp" && bit_size(t) != 32) fail(ins.loc, fmt::format("{}.{} is not compiled yet (32-bit types are)", op, name(t).substr(1)));
  if (op == "bfe") {  // PTX ISA "bfe": len bits from pos, the rest the field's sign (.s32) or 0
    expect_operands(ins, 4);
    refuse_unknown(ins, {});
    const DefId a = value(o[1], t);
    const DefId pos = alu(AluOp::iand, {value(o[2], Type::U32), k(0xff)}), len = alu(AluOp::iand, {value(o[3], Type::U32), k(0xff)});
    // The bits taken: n = min(len, 32 - pos), none when pos >= 32.
    const DefId n = alu(AluOp::bcsel, {big(pos), k(0), alu(AluOp::umin, {len, alu(AluOp::isub, {k(32), pos})})});
    const DefId field = alu(AluOp::iand, {shr_big(a, pos), low_ones(n)});
    if (kind(t) != Kind::Signed) return set(o[0], field, t);
    // sbit = a[min(pos + len - 1, 31)], 0 when len is 0
    const DefId top = alu(AluOp::umin, {alu(AluOp::isub, {alu(AluOp::iadd, {pos, len}), k(1)}), k(31)});
    const DefId sbit = alu(AluOp::iand, {alu(AluOp::ushr, {a, top}), k(1)});
    const DefId negative = alu(AluOp::iand, {alu(AluOp::ine, {sbit, k(0)}), alu(AluOp::ine, {len, k(0)})});
    const DefId fill = alu(AluOp::bcsel, {negative, alu(AluOp::inot, {low_ones(n)}), k(0)});
    return set(o[0], alu(AluOp::ior, {field, fill}), t);
  }
  if (op == "bfi") {  // PTX ISA "bfi": f's low len bits into b at pos (those that fit)
    expect_operands(ins, 5);
    refuse_unknown(ins, {});
    const DefId f = value(o[1], t), base = value(o[2], t);
    const DefId pos = alu(AluOp::iand, {value(o[3], Type::U32), k(0xff)}), len = alu(AluOp::iand, {value(o[4], Type::U32), k(0xff)});
    const DefId mask = shl_big(low_ones(len), pos);
    return set(o[0], alu(AluOp::ior, {alu(AluOp::iand, {base, alu(AluOp::inot, {mask})}), alu(AluOp::iand, {shl_big(f, pos), mask})}), t);
  }
  if (op == "lop3") {  // PTX ISA "lop3": bit i of immLut for the inputs (a, b, c) = (i & 4, i & 2, i & 1)
    expect_operands(ins, 5);
    refuse_unknown(ins, {});
    if (o[4].kind != Operand::Kind::Int || o[4].int_value > 0xff) fail(o[4].loc, "lop3's immLut is a constant of 0 to 255");
    const DefId in[3] = {value(o[1], t), value(o[2], t), value(o[3], t)};
    DefId r = k(0);
    for (unsigned i = 0; i < 8; ++i) {
      if (!((o[4].int_value >> i) & 1)) continue;
      DefId term = k(-1);
      for (unsigned j = 0; j < 3; ++j) {
        const bool one = (i >> (2 - j)) & 1;
        term = alu(AluOp::iand, {term, one ? in[j] : alu(AluOp::inot, {in[j]})});
      }
      r = alu(AluOp::ior, {r, term});
    }
    return set(o[0], r, t);
  }
  if (op == "shf") {  // PTX ISA "shf": the funnel b:a shifted by n (c mod 32 with .wrap, at most 32 with .clamp)
    expect_operands(ins, 4);
    refuse_unknown(ins, {".l", ".r", ".wrap", ".clamp"});
    if (has(ins, ".l") == has(ins, ".r") || has(ins, ".wrap") == has(ins, ".clamp"))
      fail(ins.loc, "shf takes .l or .r and .wrap or .clamp");
    const DefId a = value(o[1], t), hi_word = value(o[2], t), c = value(o[3], Type::U32);
    const DefId n = has(ins, ".wrap") ? alu(AluOp::iand, {c, k(31)}) : alu(AluOp::umin, {c, k(32)});
    const DefId rest = alu(AluOp::isub, {k(32), n});
    const DefId r = has(ins, ".l") ? alu(AluOp::ior, {shl_big(hi_word, n), shr_big(a, rest)})
                                   : alu(AluOp::ior, {shr_big(a, n), shl_big(hi_word, rest)});
    return set(o[0], r, t);
  }
  if (op == "mul24") {  // PTX ISA "mul24": 24-bit operands (sign-extended for .s32), the 48-bit product's bits 0-31
                        // (.lo) or 16-47 (.hi)
    expect_operands(ins, 3);
    refuse_unknown(ins, {".lo", ".hi"});
    if (has(ins, ".lo") == has(ins, ".hi")) fail(ins.loc, "mul24 takes .lo or .hi");
    const bool sgn = kind(t) == Kind::Signed;
    auto narrow = [&](DefId v) {
      return sgn ? alu(AluOp::ishr, {alu(AluOp::ishl, {v, k(8)}), k(8)}) : alu(AluOp::iand, {v, k(0xffffff)});
    };
    const DefId x = narrow(value(o[1], t)), y = narrow(value(o[2], t));
    const DefId low = alu(AluOp::imul, {x, y});
    if (has(ins, ".lo")) return set(o[0], low, t);
    const DefId high = alu(sgn ? AluOp::imul_high : AluOp::umul_high, {x, y});
    return set(o[0], alu(AluOp::ior, {alu(AluOp::ushr, {low, k(16)}), alu(AluOp::ishl, {high, k(16)})}), t);
  }
  if (op == "cnot") {
    expect_operands(ins, 2);
    refuse_unknown(ins, {});
    return set(o[0], alu(AluOp::bcsel, {alu(AluOp::ieq, {value(o[1], t), k(0)}), k(1), k(0)}), t);
  }
  if (op == "copysign") {  // PTX ISA "copysign": b with a's sign
    expect_operands(ins, 3);
    refuse_unknown(ins, {});
    if (t != Type::F32) fail(ins.loc, "copysign.f64 is not compiled yet");
    const DefId sign = alu(AluOp::iand, {value(o[1], t), k(0x80000000)});
    return set(o[0], alu(AluOp::ior, {sign, alu(AluOp::iand, {value(o[2], t), k(0x7fffffff)})}), t);
  }
  if (op == "testp") {  // PTX ISA "testp", on the f32's exponent and fraction fields
    expect_operands(ins, 2);
    refuse_unknown(ins, {".finite", ".infinite", ".number", ".notanumber", ".normal", ".subnormal"});
    if (t != Type::F32) fail(ins.loc, "testp.f64 is not compiled yet");
    const DefId x = value(o[1], t);
    const DefId e = alu(AluOp::iand, {alu(AluOp::ushr, {x, k(23)}), k(0xff)}), m = alu(AluOp::iand, {x, k(0x7fffff)});
    const DefId e_max = alu(AluOp::ieq, {e, k(0xff)}), e_zero = alu(AluOp::ieq, {e, k(0)}), m_zero = alu(AluOp::ieq, {m, k(0)});
    DefId r = ir::kNoDef;
    if (has(ins, ".finite")) r = alu(AluOp::inot, {e_max});
    else if (has(ins, ".infinite")) r = alu(AluOp::iand, {e_max, m_zero});
    else if (has(ins, ".number")) r = alu(AluOp::inot, {alu(AluOp::iand, {e_max, alu(AluOp::inot, {m_zero})})});
    else if (has(ins, ".notanumber")) r = alu(AluOp::iand, {e_max, alu(AluOp::inot, {m_zero})});
    // (.normal counts zeros: ptxas 11.8 tests |a| == 0 or min_normal <= |a| < inf.)
    else if (has(ins, ".normal")) r = alu(AluOp::inot, {alu(AluOp::ior, {e_max, alu(AluOp::iand, {e_zero, alu(AluOp::inot, {m_zero})})})});
    else if (has(ins, ".subnormal")) r = alu(AluOp::iand, {e_zero, alu(AluOp::inot, {m_zero})});
    else fail(ins.loc, "testp needs a test: .finite, .infinite, .number, .notanumber, .normal or .subnormal");
    return set(o[0], r, Type::Pred);
  }
  if (op == "slct") {  // PTX ISA "slct": a when c >= 0, else b; c's type is the last one (.s32 or .f32)
    expect_operands(ins, 4);
    refuse_unknown(ins, {});
    const std::vector<Type> types = types_of(ins);
    if (types.size() != 2 || bit_size(types[0]) != 32) fail(ins.loc, "slct takes a 32-bit result type and .s32 or .f32");
    const Type c = types[1];
    if (c != Type::S32 && c != Type::F32) fail(ins.loc, "slct's last type is .s32 or .f32");
    const DefId cv = value(o[3], c);
    const DefId ge = c == Type::S32 ? alu(AluOp::ige, {cv, k(0)}) : alu(AluOp::fge, {cv, b().imm_float(0.0f)});
    return set(o[0], alu(AluOp::bcsel, {ge, value(o[1], types[0]), value(o[2], types[0])}), types[0]);
  }
  if (op == "sad") {  // PTX ISA "sad": c + |a - b|
    expect_operands(ins, 4);
    refuse_unknown(ins, {});
    const DefId a = value(o[1], t), bb = value(o[2], t);
    const DefId less = kind(t) == Kind::Signed ? alu(AluOp::ilt, {a, bb}) : alu(AluOp::ult, {a, bb});
    const DefId diff = alu(AluOp::bcsel, {less, alu(AluOp::isub, {bb, a}), alu(AluOp::isub, {a, bb})});
    return set(o[0], alu(AluOp::iadd, {value(o[3], t), diff}), t);
  }
  if (op == "fns") {
    // PTX ISA "fns": the position of the |offset|-th set bit of mask counted from bit `base` upwards (offset > 0)
    // or downwards (offset < 0), or base itself when set and offset is 0; 0xffffffff when there is none. base
    // above 31 is undefined in PTX (tmu: the same arithmetic on base & 31). An offset of -2^31 gives 0, as ptxas
    // 11.8's code does (PTX's loop finds nothing; fns.ptx). The k-th set bit from the bottom is found by halving:
    // 16, 8, 4, 2, 1 low bits counted at a time.
    expect_operands(ins, 4);
    refuse_unknown(ins, {});
    if (t != Type::B32) fail(ins.loc, "fns takes .b32");
    const DefId mask = value(o[1], Type::B32), base = alu(AluOp::iand, {value(o[2], Type::U32), k(31)});
    const DefId offset = value(o[3], Type::S32);
    const DefId down = alu(AluOp::ilt, {offset, k(0)}), zero = alu(AluOp::ieq, {offset, k(0)});
    const DefId count = alu(AluOp::bcsel, {down, alu(AluOp::ineg, {offset}), offset});  // |offset| (2^31 stays)
    const DefId below = low_ones(base), at = shl_big(k(1), base);
    // Upwards: bits >= base, the count-th from the bottom. Downwards: bits <= base, the count-th from the top,
    // which is the (popc - count + 1)-th from the bottom.
    const DefId m = alu(AluOp::bcsel, {down, alu(AluOp::iand, {mask, alu(AluOp::ior, {below, at})}),
                                       alu(AluOp::iand, {mask, alu(AluOp::inot, {below})})});
    const DefId total = alu(AluOp::bit_count, {m});
    const DefId none = alu(AluOp::ior, {alu(AluOp::ult, {total, count}), zero});
    DefId nth = alu(AluOp::bcsel, {down, alu(AluOp::iadd, {alu(AluOp::isub, {total, count}), k(1)}), count});
    DefId rest = m, pos = k(0);
    for (unsigned width : {16u, 8u, 4u, 2u, 1u}) {
      const DefId c = alu(AluOp::bit_count, {alu(AluOp::iand, {rest, k((int64_t{1} << width) - 1)})});
      const DefId skip = alu(AluOp::ult, {c, nth});
      nth = alu(AluOp::bcsel, {skip, alu(AluOp::isub, {nth, c}), nth});
      rest = alu(AluOp::bcsel, {skip, alu(AluOp::ushr, {rest, k(width)}), rest});
      pos = alu(AluOp::bcsel, {skip, alu(AluOp::iadd, {pos, k(width)}), pos});
    }
    const DefId found_at_base = alu(AluOp::ine, {alu(AluOp::iand, {mask, at}), k(0)});
    const DefId zero_result = alu(AluOp::bcsel, {found_at_base, base, k(0xffffffff)});
    const DefId r = alu(AluOp::bcsel, {zero, zero_result, alu(AluOp::bcsel, {none, k(0xffffffff), pos})});
    return set(o[0], alu(AluOp::bcsel, {alu(AluOp::ieq, {offset, k(0x80000000)}), k(0), r}), Type::B32);
  }
  fail(ins.loc, fmt::format("{} is not compiled yet", op));
}

// bfe.u64 / bfe.s64 (PTX ISA "bfe" with msb 63), on (lo, hi) pairs: the len bits from pos that lie below bit 64, the
// rest 0 or (.s64) a[min(pos + len - 1, 63)], the field's sign, when len is not 0. Unlike the 32-bit form (BFE
// reads 8-bit fields), ptxas 11.8's 64-bit code takes pos and len whole, not modulo 256
// (tests/data/ptx/kernels/bits64.ptx), and so does tmu.
void FunctionCompiler::field64(const Instruction& ins) {
  const auto& o = ins.operands;
  expect_operands(ins, 4);
  refuse_unknown(ins, {});
  const Type t = last_type(ins);
  auto alu = [&](AluOp a, std::initializer_list<DefId> s) { return b().alu(a, s); };
  auto k = [&](int64_t v) { return b().imm_int(v); };
  const DefId a = value(o[1], t);
  const DefId pos = value(o[2], Type::U32), len = value(o[3], Type::U32);
  auto minus = [&](DefId x, DefId y) { return alu(AluOp::isub, {x, y}); };
  // a >> pos (logical, 0 from 64 on); the n low bits of 64 (n <= 64).
  const DefId shifted = shr64(a, pos);
  const DefId past = alu(AluOp::uge, {pos, k(64)});
  const DefId n = alu(AluOp::bcsel, {past, k(0), alu(AluOp::umin, {len, minus(k(64), pos)})});
  const DefId mask = wide(low_ones(n), alu(AluOp::bcsel, {alu(AluOp::uge, {n, k(32)}), low_ones(minus(n, k(32))), k(0)}));
  DefId field = wide(alu(AluOp::iand, {lo(shifted), lo(mask)}), alu(AluOp::iand, {hi(shifted), hi(mask)}));
  if (kind(t) == Kind::Signed) {
    // pos + len - 1 >= 63 without 32-bit overflow: pos >= 64, or len >= 64 - pos.
    const DefId to_end = alu(AluOp::ior, {past, alu(AluOp::uge, {len, minus(k(64), pos)})});
    const DefId top = alu(AluOp::bcsel, {to_end, k(63), minus(alu(AluOp::iadd, {pos, len}), k(1))});
    const DefId word = alu(AluOp::bcsel, {alu(AluOp::ult, {top, k(32)}), lo(a), hi(a)});
    const DefId sbit = alu(AluOp::iand, {alu(AluOp::ushr, {word, alu(AluOp::iand, {top, k(31)})}), k(1)});
    const DefId negative = alu(AluOp::iand, {alu(AluOp::ine, {sbit, k(0)}), alu(AluOp::ine, {len, k(0)})});
    field = select(negative, wide(alu(AluOp::ior, {lo(field), alu(AluOp::inot, {lo(mask)})}),
                                  alu(AluOp::ior, {hi(field), alu(AluOp::inot, {hi(mask)})})),
                   field, 2);
  }
  set(o[0], field, t);
}

}  // namespace tmu::ptx::to_ir
