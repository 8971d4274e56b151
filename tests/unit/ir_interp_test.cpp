// SPDX-License-Identifier: MIT
// The IR interpreter (src/ir/interp): ALU semantics against values worked out by hand from nir_opcodes.py's
// definitions and IEEE rounding, quads and derivatives, control flow with divergent lanes, intrinsics, and every
// texture op on small textures whose texels (the `tmu sample` gradient, levels and checker sources) give the
// expected results directly. Shaders are built with ir::Builder.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <functional>
#include <cmath>
#include <fstream>
#include <sstream>
#include <limits>
#include <string>

#include "ir/builder.h"
#include "ir/interp/interpreter.h"
#include "ir/read.h"
#include "ir/tex.h"

namespace tmu::ir::interp {
namespace {

uint32_t fb(float f) { return std::bit_cast<uint32_t>(f); }
constexpr uint32_t kNaN = 0x7fc00000, kInf = 0x7f800000, kNegInf = 0xff800000, kNegZero = 0x80000000;

// A shader under construction, the builder at the end of its current block.
struct Prog {
  Shader s;
  Builder b{s, Cursor{s.body[0].block.get(), 0}};

  DefId f(float v) { return b.imm_float(v); }
  DefId u(uint64_t bits, unsigned size = 32) { return b.imm_vec({bits}, size); }
  DefId i(int64_t v, unsigned size = 32) { return b.imm_int(v, size); }
  DefId vec(std::vector<uint64_t> bits, unsigned size = 32) { return b.imm_vec(bits, size); }
  DefId alu(AluOp op, std::initializer_list<DefId> srcs) { return b.alu(op, srcs); }

  DefId input(uint32_t base, unsigned comps = 4, unsigned component = 0) {
    IntrinsicInstr in;
    in.op = Intrinsic::load_input;
    in.dest.components = static_cast<uint8_t>(comps);
    in.dest.bit_size = 32;
    in.src = {i(0)};
    in.set_index("base", std::to_string(base));
    in.set_index("component", std::to_string(component));
    return b.intrinsic(std::move(in));
  }
  DefId intrinsic(Intrinsic op, std::vector<DefId> src = {}, unsigned comps = 0, unsigned bits = 32) {
    IntrinsicInstr in;
    in.op = op;
    in.src = std::move(src);
    if (comps) {
      in.dest.components = static_cast<uint8_t>(comps);
      in.dest.bit_size = static_cast<uint8_t>(bits);
    }
    return b.intrinsic(std::move(in));
  }
  void store(DefId v, uint32_t base, std::string wrmask = "", unsigned component = 0) {
    IntrinsicInstr in;
    in.op = Intrinsic::store_output;
    in.src = {v, i(0)};
    in.set_index("base", std::to_string(base));
    if (!wrmask.empty()) in.set_index("wrmask", wrmask);
    in.set_index("component", std::to_string(component));
    b.intrinsic(std::move(in));
  }
  // Stores component `c` of any value as 32 bits: slot `base` (and `base + 1` for the high half of 64 bits).
  void store_wide(DefId v, uint32_t base, unsigned c = 0) {
    DefId x = b.components(v) > 1 ? b.channel(v, c) : v;
    switch (b.bit_size(x)) {
      case 1: x = alu(AluOp::b2i32, {x}); break;
      case 8: case 16: x = alu(AluOp::u2u32, {x}); break;
      case 64:
        store(alu(AluOp::u2u32, {alu(AluOp::ushr, {x, i(32)})}), base + 1);
        x = alu(AluOp::u2u32, {x});
        break;
      default: break;
    }
    store(x, base);
  }
};

const Bindings& no_bindings() {
  static const Bindings b;
  return b;
}

Outputs must_run(Shader& s, const Bindings& b = no_bindings(), const Inputs& in = Inputs::quads()) {
  auto r = run(s, b, in);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? *r : Outputs{};
}

std::string run_error(Shader& s, const Bindings& b = no_bindings(), const Inputs& in = Inputs::quads()) {
  auto r = run(s, b, in);
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : r.error();
}

// A constant operand: its components' bits and its bit size.
struct K {
  std::vector<uint64_t> v;
  unsigned bits = 32;
  K(uint64_t x, unsigned b = 32) : v{x}, bits(b) {}  // NOLINT: one component
  K(std::vector<uint64_t> x, unsigned b) : v(std::move(x)), bits(b) {}
};
K F(float x) { return K(fb(x)); }

// `op` on constant operands; component `c` of the result (64-bit results whole).
uint64_t alu(AluOp op, std::vector<K> srcs, unsigned c = 0, uint32_t float_controls = 0) {
  Prog p;
  p.s.float_controls = float_controls;
  std::vector<AluSrc> s;
  unsigned width = 1;
  const AluOpInfo& in = info(op);
  for (std::size_t k = 0; k < srcs.size(); ++k) {
    s.push_back(AluSrc{p.vec(srcs[k].v, srcs[k].bits)});
    if (k < 4 && in.input_size[k] == 0) width = std::max<unsigned>(width, static_cast<unsigned>(srcs[k].v.size()));
  }
  const DefId r = p.b.alu(op, s, width);
  p.store_wide(r, 0, c);
  Outputs o = must_run(p.s);
  return uint64_t{o.u(0, 0, 0)} | (p.b.bit_size(r) == 64 ? uint64_t{o.u(0, 1, 0)} << 32 : 0);
}
uint32_t alu32(AluOp op, std::vector<K> srcs, unsigned c = 0) { return static_cast<uint32_t>(alu(op, std::move(srcs), c)); }

// ---- ALU ----------------------------------------------------------------------------------------------------

TEST(IrInterpAlu, FloatArithmeticRoundsOnce) {
  EXPECT_EQ(alu32(AluOp::fadd, {F(1.5f), F(2.25f)}), fb(3.75f));
  EXPECT_EQ(alu32(AluOp::fsub, {F(1.0f), F(3.0f)}), fb(-2.0f));
  EXPECT_EQ(alu32(AluOp::fmul, {F(3.0f), F(0.5f)}), fb(1.5f));
  EXPECT_EQ(alu32(AluOp::fdiv, {F(1.0f), F(3.0f)}), 0x3eaaaaabu);  // 1/3 rounded to nearest
  // (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly with one rounding; fmul then fadd would give 0.
  EXPECT_EQ(alu32(AluOp::ffma, {F(1.0f + 0x1p-23f), F(1.0f - 0x1p-23f), F(-1.0f)}), fb(-0x1p-46f));
  EXPECT_EQ(alu32(AluOp::flrp, {F(2.0f), F(4.0f), F(0.25f)}), fb(2.5f));  // 2 * 0.75 + 4 * 0.25
  EXPECT_EQ(alu32(AluOp::fmod, {F(5.5f), F(2.0f)}), fb(1.5f));
  EXPECT_EQ(alu32(AluOp::fmod, {F(-1.0f), F(3.0f)}), fb(2.0f));  // -1 - 3 floor(-1/3)
  EXPECT_EQ(alu32(AluOp::fdot3, {K({fb(1), fb(2), fb(3)}, 32), K({fb(4), fb(5), fb(6)}, 32)}), fb(32.0f));
  // fdot4 sums (p3 + p2) + (p1 + p0) (nir_opcodes.py binop_reduce): (-2^24 + 1) + (1 + 2^24) = -16777215 +
  // 16777216 = 1, where a left-to-right sum gives ((2^24 + 1) + 1) - 2^24 = 0.
  EXPECT_EQ(alu32(AluOp::fdot4, {K({fb(0x1p24f), fb(1), fb(1), fb(-0x1p24f)}, 32), K({fb(1), fb(1), fb(1), fb(1)}, 32)}),
            fb(1.0f));
  EXPECT_EQ(alu32(AluOp::fdot2, {K({fb(0.5f), fb(2)}, 32), K({fb(4), fb(-1)}, 32)}), fb(0.0f));
  // No flushing: denormals in and out.
  EXPECT_EQ(alu32(AluOp::fmul, {K(1), F(2.0f)}), 2u);
  EXPECT_EQ(alu32(AluOp::fadd, {K(1), K(1)}), 2u);
  EXPECT_EQ(alu32(AluOp::fneg, {K(kNaN)}), 0xffc00000u);
  EXPECT_EQ(alu32(AluOp::fabs, {K(kNegZero)}), 0u);
}

// A shader whose float_controls flush fp32 denormals (PTX's .ftz): float operands and results below 2^-126 are
// zeros of their sign; integer opcodes and moves keep their bits.
TEST(IrInterpAlu, FlushToZeroShaders) {
  const uint32_t ftz = kFloatControlsDenormFlushToZeroFp32;
  auto f = [&](AluOp op, std::vector<K> srcs) { return static_cast<uint32_t>(alu(op, std::move(srcs), 0, ftz)); };
  EXPECT_EQ(f(AluOp::fadd, {K(1), K(1)}), 0u);                        // 2 denormals: 0 + 0
  EXPECT_EQ(f(AluOp::fmul, {K(0x80000003), F(2.0f)}), kNegZero);      // -0 * 2
  EXPECT_EQ(f(AluOp::fmul, {F(0x1p-100f), F(0x1p-30f)}), 0u);        // a denormal product flushes
  EXPECT_EQ(f(AluOp::fmul, {F(-0x1p-100f), F(0x1p-30f)}), kNegZero);
  EXPECT_EQ(f(AluOp::fmin, {K(1), K(0x80000001)}), kNegZero);         // min(+0, -0)
  EXPECT_EQ(f(AluOp::fneg, {K(5)}), kNegZero);
  EXPECT_EQ(f(AluOp::flt, {K(1), K(0)}), 0u);                         // 0 < 0: false
  EXPECT_EQ(f(AluOp::fadd, {F(1.5f), F(2.25f)}), fb(3.75f));          // normal values as before
  EXPECT_EQ(f(AluOp::iadd, {K(1), K(1)}), 2u);                        // integers untouched
  EXPECT_EQ(alu32(AluOp::fadd, {K(1), K(1)}), 2u);                    // and without the mode, kept
}

TEST(IrInterpAlu, MinMaxNaNAndSignedZero) {
  EXPECT_EQ(alu32(AluOp::fmin, {K(kNaN), F(1.0f)}), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::fmin, {F(1.0f), K(kNaN)}), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::fmax, {K(kNaN), F(-2.0f)}), fb(-2.0f));
  EXPECT_EQ(alu32(AluOp::fmin, {K(kNegZero), K(0)}), kNegZero);
  EXPECT_EQ(alu32(AluOp::fmin, {K(0), K(kNegZero)}), kNegZero);
  EXPECT_EQ(alu32(AluOp::fmax, {K(kNegZero), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::fmax, {K(0), K(kNegZero)}), 0u);
  EXPECT_EQ(alu32(AluOp::fmin, {K(kNegInf), F(3.0f)}), kNegInf);
  EXPECT_EQ(alu32(AluOp::fmin, {K(1), K(0x80000001)}), 0x80000001u);  // denormals compare as values
  EXPECT_EQ(alu32(AluOp::fmax, {K(1), K(0)}), 1u);
}

TEST(IrInterpAlu, SaturateSignAndRounding) {
  EXPECT_EQ(alu32(AluOp::fsat, {K(kNaN)}), 0u);
  EXPECT_EQ(alu32(AluOp::fsat, {K(kNegZero)}), 0u);
  EXPECT_EQ(alu32(AluOp::fsat, {F(1.5f)}), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::fsat, {F(-3.0f)}), 0u);
  EXPECT_EQ(alu32(AluOp::fsat, {F(0.25f)}), fb(0.25f));
  EXPECT_EQ(alu32(AluOp::fsat, {K(kInf)}), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::fsat, {K(1)}), 1u);
  EXPECT_EQ(alu32(AluOp::fsign, {K(kNaN)}), 0u);
  EXPECT_EQ(alu32(AluOp::fsign, {K(kNegZero)}), kNegZero);
  EXPECT_EQ(alu32(AluOp::fsign, {F(-5.0f)}), fb(-1.0f));
  EXPECT_EQ(alu32(AluOp::fsign, {F(3.0f)}), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::fsign, {K(0x80000001)}), fb(-1.0f));
  EXPECT_EQ(alu32(AluOp::ffract, {F(-1.25f)}), fb(0.75f));
  EXPECT_EQ(alu32(AluOp::ffract, {F(2.5f)}), fb(0.5f));
  EXPECT_EQ(alu32(AluOp::fround_even, {F(2.5f)}), fb(2.0f));
  EXPECT_EQ(alu32(AluOp::fround_even, {F(3.5f)}), fb(4.0f));
  EXPECT_EQ(alu32(AluOp::fround_even, {F(-2.5f)}), fb(-2.0f));
  EXPECT_EQ(alu32(AluOp::ffloor, {F(-0.5f)}), fb(-1.0f));
  EXPECT_EQ(alu32(AluOp::fceil, {F(-0.5f)}), kNegZero);
  EXPECT_EQ(alu32(AluOp::ftrunc, {F(-1.75f)}), fb(-1.0f));
}

TEST(IrInterpAlu, Transcendentals) {
  EXPECT_EQ(alu32(AluOp::fsqrt, {F(2.0f)}), 0x3fb504f3u);  // sqrt(2) correctly rounded
  EXPECT_EQ(alu32(AluOp::fsqrt, {F(-1.0f)}) & 0x7fc00000u, 0x7fc00000u);
  EXPECT_EQ(alu32(AluOp::frsq, {F(4.0f)}), fb(0.5f));
  EXPECT_EQ(alu32(AluOp::frcp, {F(4.0f)}), fb(0.25f));
  EXPECT_EQ(alu32(AluOp::frcp, {K(0)}), kInf);
  EXPECT_EQ(alu32(AluOp::frcp, {K(kNegZero)}), kNegInf);
  EXPECT_EQ(alu32(AluOp::fexp2, {F(3.0f)}), fb(8.0f));
  EXPECT_EQ(alu32(AluOp::fexp2, {F(-1.0f)}), fb(0.5f));
  EXPECT_EQ(alu32(AluOp::flog2, {F(8.0f)}), fb(3.0f));
  EXPECT_EQ(alu32(AluOp::flog2, {K(0)}), kNegInf);
  EXPECT_EQ(alu32(AluOp::fpow, {F(2.0f), F(10.0f)}), fb(1024.0f));
  EXPECT_EQ(alu32(AluOp::fsin, {K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::fcos, {K(0)}), fb(1.0f));
}

TEST(IrInterpAlu, FloatToIntTruncatesAndSaturates) {
  EXPECT_EQ(alu32(AluOp::f2i32, {F(2.9f)}), 2u);
  EXPECT_EQ(alu32(AluOp::f2i32, {F(-2.9f)}), static_cast<uint32_t>(-2));
  EXPECT_EQ(alu32(AluOp::f2i32, {K(kNaN)}), 0u);
  EXPECT_EQ(alu32(AluOp::f2i32, {F(3e9f)}), 0x7fffffffu);
  EXPECT_EQ(alu32(AluOp::f2i32, {F(-3e9f)}), 0x80000000u);
  EXPECT_EQ(alu32(AluOp::f2i32, {K(kInf)}), 0x7fffffffu);
  EXPECT_EQ(alu32(AluOp::f2i32, {K(kNegInf)}), 0x80000000u);
  EXPECT_EQ(alu32(AluOp::f2i32, {F(-2147483648.0f)}), 0x80000000u);
  EXPECT_EQ(alu32(AluOp::f2u32, {F(-1.5f)}), 0u);
  EXPECT_EQ(alu32(AluOp::f2u32, {F(5e9f)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::f2u32, {K(kNaN)}), 0u);
  EXPECT_EQ(alu32(AluOp::f2u32, {F(4294967040.0f)}), 0xffffff00u);  // the largest float below 2^32
  EXPECT_EQ(alu32(AluOp::f2i16, {F(40000.0f)}), 0x7fffu);
  EXPECT_EQ(alu32(AluOp::f2i16, {F(-40000.0f)}), 0x8000u);
  EXPECT_EQ(alu32(AluOp::f2u16, {F(70000.0f)}), 0xffffu);
  EXPECT_EQ(alu32(AluOp::f2i32, {K(0xc500, 16)}), static_cast<uint32_t>(-5));  // fp16 -5.0
}

TEST(IrInterpAlu, IntToFloatRoundsToNearestEven) {
  EXPECT_EQ(alu32(AluOp::i2f32, {K(16777217)}), 0x4b800000u);  // tie: 2^24 (even)
  EXPECT_EQ(alu32(AluOp::i2f32, {K(16777219)}), 0x4b800002u);  // tie: 16777220 (even)
  EXPECT_EQ(alu32(AluOp::i2f32, {K(0x80000000)}), 0xcf000000u);  // -2^31
  EXPECT_EQ(alu32(AluOp::i2f32, {K(0x7fffffff)}), 0x4f000000u);  // rounds up to 2^31
  EXPECT_EQ(alu32(AluOp::u2f32, {K(0xffffffff)}), 0x4f800000u);  // 2^32
  EXPECT_EQ(alu32(AluOp::i2f32, {K(0xfffd, 16)}), fb(-3.0f));
  EXPECT_EQ(alu32(AluOp::u2f32, {K(0xff, 8)}), fb(255.0f));
  EXPECT_EQ(alu32(AluOp::i2f16, {K(static_cast<uint32_t>(-2))}), 0xc000u);
  EXPECT_EQ(alu32(AluOp::u2f16, {K(70000)}), 0x7c00u);  // beyond 65504: infinity
  EXPECT_EQ(alu32(AluOp::u2f16, {K(2049)}), 0x6800u);   // tie between 2048 and 2050: 2048 (even)
}

TEST(IrInterpAlu, DivisionByZeroAndOverflow) {
  const uint32_t int_min = 0x80000000, minus1 = 0xffffffff;
  EXPECT_EQ(alu32(AluOp::idiv, {K(7), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::udiv, {K(7), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::irem, {K(7), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::imod, {K(static_cast<uint32_t>(-7)), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::umod, {K(5), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::idiv, {K(int_min), K(minus1)}), int_min);
  EXPECT_EQ(alu32(AluOp::irem, {K(int_min), K(minus1)}), 0u);
  EXPECT_EQ(alu32(AluOp::imod, {K(int_min), K(minus1)}), 0u);
  EXPECT_EQ(alu32(AluOp::idiv, {K(static_cast<uint32_t>(-7)), K(2)}), static_cast<uint32_t>(-3));
  EXPECT_EQ(alu32(AluOp::irem, {K(static_cast<uint32_t>(-7)), K(2)}), static_cast<uint32_t>(-1));
  EXPECT_EQ(alu32(AluOp::imod, {K(static_cast<uint32_t>(-7)), K(2)}), 1u);
  EXPECT_EQ(alu32(AluOp::imod, {K(7), K(static_cast<uint32_t>(-2))}), static_cast<uint32_t>(-1));
  EXPECT_EQ(alu32(AluOp::imod, {K(static_cast<uint32_t>(-6)), K(3)}), 0u);
  EXPECT_EQ(alu32(AluOp::udiv, {K(0xfffffffe), K(2)}), 0x7fffffffu);
  EXPECT_EQ(alu32(AluOp::idiv, {K(0x80, 8), K(0xff, 8)}), 0x80u);  // 8-bit -128 / -1 wraps
}

TEST(IrInterpAlu, ShiftsUseTheCountModuloTheBitSize) {
  EXPECT_EQ(alu32(AluOp::ishl, {K(1), K(33)}), 2u);
  EXPECT_EQ(alu32(AluOp::ishl, {K(1), K(32)}), 1u);
  EXPECT_EQ(alu32(AluOp::ushr, {K(0x80000000), K(31)}), 1u);
  EXPECT_EQ(alu32(AluOp::ushr, {K(0x80000000), K(63)}), 1u);
  EXPECT_EQ(alu32(AluOp::ishr, {K(0x80000000), K(4)}), 0xf8000000u);
  EXPECT_EQ(alu32(AluOp::ishr, {K(0xffffffff), K(100)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::ishl, {K(1, 16), K(17)}), 2u);
  EXPECT_EQ(alu32(AluOp::ushr, {K(0x80, 8), K(9)}), 0x40u);
  EXPECT_EQ(alu32(AluOp::ishr, {K(0x80, 8), K(9)}), 0xc0u);
}

TEST(IrInterpAlu, BitfieldsAndExtracts) {
  EXPECT_EQ(alu32(AluOp::ubfe, {K(0xdeadbeef), K(8), K(8)}), 0xbeu);
  EXPECT_EQ(alu32(AluOp::ibfe, {K(0xdeadbeef), K(8), K(8)}), 0xffffffbeu);
  EXPECT_EQ(alu32(AluOp::ubfe, {K(0xdeadbeef), K(28), K(8)}), 0xdu);  // offset + bits >= 32: base >> offset
  EXPECT_EQ(alu32(AluOp::ibfe, {K(0xdeadbeef), K(28), K(8)}), 0xfffffffdu);
  EXPECT_EQ(alu32(AluOp::ubfe, {K(0xdeadbeef), K(4), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::ubfe, {K(0xdeadbeef), K(36), K(4)}), 0xeu);  // offset 36 & 31 = 4
  EXPECT_EQ(alu32(AluOp::extract_u8, {K(0x12345678), K(2)}), 0x34u);
  EXPECT_EQ(alu32(AluOp::extract_i8, {K(0x12f45678), K(2)}), 0xfffffff4u);
  EXPECT_EQ(alu32(AluOp::extract_u16, {K(0x12345678), K(1)}), 0x1234u);
  EXPECT_EQ(alu32(AluOp::extract_i16, {K(0x80001234), K(1)}), 0xffff8000u);
}

TEST(IrInterpAlu, IntegersWrap) {
  EXPECT_EQ(alu32(AluOp::iabs, {K(0x80000000)}), 0x80000000u);
  EXPECT_EQ(alu32(AluOp::ineg, {K(0x80000000)}), 0x80000000u);
  EXPECT_EQ(alu32(AluOp::isign, {K(static_cast<uint32_t>(-5))}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::isign, {K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::iadd, {K(200, 8), K(100, 8)}), 44u);  // 300 mod 256
  EXPECT_EQ(alu32(AluOp::imul, {K(0x10000), K(0x10000)}), 0u);
  EXPECT_EQ(alu32(AluOp::imin, {K(0xffffffff), K(1)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::umin, {K(0xffffffff), K(1)}), 1u);
  EXPECT_EQ(alu32(AluOp::imax, {K(0xffffffff), K(1)}), 1u);
  EXPECT_EQ(alu32(AluOp::umax, {K(0xffffffff), K(1)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::inot, {K(0x0f0f0f0f)}), 0xf0f0f0f0u);
  EXPECT_EQ(alu32(AluOp::ixor, {K(1, 1), K(1, 1)}), 0u);  // booleans: 1-bit
}

TEST(IrInterpAlu, ComparisonsAndSelects) {
  EXPECT_EQ(alu32(AluOp::flt, {K(kNaN), F(1.0f)}), 0u);
  EXPECT_EQ(alu32(AluOp::fge, {K(kNaN), F(1.0f)}), 0u);
  EXPECT_EQ(alu32(AluOp::feq, {K(kNaN), K(kNaN)}), 0u);
  EXPECT_EQ(alu32(AluOp::fneu, {K(kNaN), K(kNaN)}), 1u);
  EXPECT_EQ(alu32(AluOp::feq, {K(kNegZero), K(0)}), 1u);
  EXPECT_EQ(alu32(AluOp::flt32, {F(1.0f), F(2.0f)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::ilt, {K(0xffffffff), K(0)}), 1u);
  EXPECT_EQ(alu32(AluOp::ult, {K(0xffffffff), K(0)}), 0u);
  EXPECT_EQ(alu32(AluOp::uge32, {K(5), K(5)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::ine32, {K(5), K(5)}), 0u);
  EXPECT_EQ(alu32(AluOp::bcsel, {K(1, 1), K(10), K(20)}), 10u);
  EXPECT_EQ(alu32(AluOp::bcsel, {K(0, 1), K(10), K(20)}), 20u);
  EXPECT_EQ(alu32(AluOp::b32csel, {K(0xffffffff), K(10), K(20)}), 10u);
  EXPECT_EQ(alu32(AluOp::fcsel, {K(kNegZero), F(1.0f), F(2.0f)}), fb(2.0f));  // -0 == 0
  EXPECT_EQ(alu32(AluOp::fcsel, {K(kNaN), F(1.0f), F(2.0f)}), fb(1.0f));      // NaN != 0
}

TEST(IrInterpAlu, HalfFloats) {
  EXPECT_EQ(alu32(AluOp::f2f16, {K(0x3eaaaaab)}), 0x3555u);  // 1/3: 0.333251953125 is the nearest fp16
  EXPECT_EQ(alu32(AluOp::f2f16, {F(65520.0f)}), 0x7c00u);    // tie between 65504 and 65536: overflow
  EXPECT_EQ(alu32(AluOp::f2f16, {F(65519.0f)}), 0x7bffu);
  EXPECT_EQ(alu32(AluOp::f2f16, {F(0x1p-25f)}), 0u);         // tie between 0 and 2^-24: 0
  EXPECT_EQ(alu32(AluOp::f2f16, {F(0x1.8p-25f)}), 1u);       // 0.75 * 2^-24 rounds up to the first denormal
  EXPECT_EQ(alu32(AluOp::f2f16, {K(kNaN)}) & 0x7e00u, 0x7e00u);
  // From fp64, one rounding: 1 + 2^-11 + 2^-40 is above the tie, so 1 + 2^-10; through fp32 it would lose 2^-40
  // and round the tie to 1.0.
  EXPECT_EQ(alu32(AluOp::f2f16, {K(std::bit_cast<uint64_t>(1.0 + 0x1p-11 + 0x1p-40), 64)}), 0x3c01u);
  EXPECT_EQ(alu32(AluOp::f2f32, {K(0x3555, 16)}), 0x3eaaa000u);
  EXPECT_EQ(alu32(AluOp::f2f32, {K(1, 16)}), 0x33800000u);  // fp16 denormal 2^-24 kept
  // fp16 arithmetic: (1 + 2^-10) + 2^-11 is a tie between 1 + 2^-10 (odd) and 1 + 2^-9 (even).
  EXPECT_EQ(alu32(AluOp::fadd, {K(0x3c01, 16), K(0x1000, 16)}), 0x3c02u);
  EXPECT_EQ(alu32(AluOp::fmul, {K(0x3e00, 16), K(0x3e00, 16)}), 0x4080u);  // 1.5 * 1.5 = 2.25
  EXPECT_EQ(alu32(AluOp::unpack_half_2x16_split_x, {K(0x3c00c000)}), fb(-2.0f));
  EXPECT_EQ(alu32(AluOp::unpack_half_2x16_split_y, {K(0x3c00c000)}), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::unpack_half_2x16_split_x, {K(0x0001)}), 0x33800000u);
  EXPECT_EQ(alu32(AluOp::pack_half_2x16_split, {F(1.0f), F(-2.0f)}), 0xc0003c00u);
  EXPECT_EQ(alu32(AluOp::pack_half_2x16, {K({fb(0.5f), fb(65520.0f)}, 32)}), 0x7c003800u);
  EXPECT_EQ(alu32(AluOp::unpack_half_2x16, {K(0x3c00c000)}, 1), fb(1.0f));
}

TEST(IrInterpAlu, NormalizedPacking) {
  EXPECT_EQ(alu32(AluOp::unpack_unorm_4x8, {K(0x00ff8001)}, 0), 0x3b808081u);  // 1/255
  EXPECT_EQ(alu32(AluOp::unpack_unorm_4x8, {K(0x00ff8001)}, 1), 0x3f008081u);  // 128/255
  EXPECT_EQ(alu32(AluOp::unpack_unorm_4x8, {K(0x00ff8001)}, 2), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::unpack_unorm_4x8, {K(0x00ff8001)}, 3), 0u);
  EXPECT_EQ(alu32(AluOp::unpack_snorm_4x8, {K(0xc081807f)}, 0), fb(1.0f));    // 127
  EXPECT_EQ(alu32(AluOp::unpack_snorm_4x8, {K(0xc081807f)}, 1), fb(-1.0f));   // -128 clamps
  EXPECT_EQ(alu32(AluOp::unpack_snorm_4x8, {K(0xc081807f)}, 2), fb(-1.0f));   // -127
  EXPECT_EQ(alu32(AluOp::unpack_snorm_4x8, {K(0xc081807f)}, 3), 0xbf010204u); // -64/127
  EXPECT_EQ(alu32(AluOp::unpack_unorm_2x16, {K(0xffff0000)}, 0), 0u);
  EXPECT_EQ(alu32(AluOp::unpack_unorm_2x16, {K(0xffff0000)}, 1), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::unpack_snorm_2x16, {K(0x80000001)}, 0), 0x38000100u);  // 1/32767
  EXPECT_EQ(alu32(AluOp::unpack_snorm_2x16, {K(0x80000001)}, 1), fb(-1.0f));
  // 0.5 * 255 = 127.5 rounds to even 128; 1.5 clamps to 255; -1 and NaN give 0.
  EXPECT_EQ(alu32(AluOp::pack_unorm_4x8, {K({fb(0.5f), fb(1.5f), fb(-1.0f), kNaN}, 32)}), 0x0000ff80u);
  EXPECT_EQ(alu32(AluOp::pack_32_2x16_split, {K(0x1234, 16), K(0xabcd, 16)}), 0xabcd1234u);
  EXPECT_EQ(alu32(AluOp::unpack_32_2x16_split_x, {K(0xabcd1234)}), 0x1234u);
  EXPECT_EQ(alu32(AluOp::unpack_32_2x16_split_y, {K(0xabcd1234)}), 0xabcdu);
}

TEST(IrInterpAlu, BooleansAndWidths) {
  EXPECT_EQ(alu32(AluOp::b2f32, {K(1, 1)}), fb(1.0f));
  EXPECT_EQ(alu32(AluOp::b2f16, {K(1, 1)}), 0x3c00u);
  EXPECT_EQ(alu32(AluOp::b2i32, {K(0xffffffff)}), 1u);
  EXPECT_EQ(alu32(AluOp::b2b32, {K(1, 1)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::b2b1, {K(0xffffffff)}), 1u);
  EXPECT_EQ(alu32(AluOp::f2b1, {K(kNaN)}), 1u);
  EXPECT_EQ(alu32(AluOp::f2b1, {K(kNegZero)}), 0u);
  EXPECT_EQ(alu32(AluOp::i2b1, {K(0x100, 16)}), 1u);
  EXPECT_EQ(alu32(AluOp::i2i8, {K(0x1ff)}), 0xffu);
  EXPECT_EQ(alu32(AluOp::i2i32, {K(0xff, 8)}), 0xffffffffu);
  EXPECT_EQ(alu32(AluOp::u2u32, {K(0xff, 8)}), 0xffu);
  EXPECT_EQ(alu32(AluOp::i2i16, {K(static_cast<uint32_t>(-70000))}), 0xee90u);  // -70000 mod 2^16
  EXPECT_EQ(alu32(AluOp::u2u16, {K(0x12345678)}), 0x5678u);
  EXPECT_EQ(alu32(AluOp::u2u8, {K(0x1234)}), 0x34u);
}

TEST(IrInterpAlu, SixtyFourBits) {
  EXPECT_EQ(alu(AluOp::iadd, {K(0xffffffff, 64), K(1, 64)}), 0x100000000ull);
  EXPECT_EQ(alu(AluOp::ishl, {K(1, 64), K(63)}), 0x8000000000000000ull);
  EXPECT_EQ(alu(AluOp::fadd, {K(std::bit_cast<uint64_t>(0.1), 64), K(std::bit_cast<uint64_t>(0.2), 64)}),
            std::bit_cast<uint64_t>(0.30000000000000004));
  EXPECT_EQ(alu32(AluOp::i2f32, {K(0x100000001ull, 64)}), 0x4f800000u);  // 2^32 + 1 rounds to 2^32
  EXPECT_EQ(alu(AluOp::idiv, {K(0x8000000000000000ull, 64), K(~0ull, 64)}), 0x8000000000000000ull);
}

TEST(IrInterpAlu, VectorsAndSwizzles) {
  Prog p;
  const DefId v = p.vec({fb(1), fb(2), fb(3), fb(4)});
  AluSrc wzyx{v};
  wzyx.swizzle = {3, 2, 1, 0};
  const DefId r = p.b.alu(AluOp::fadd, {wzyx, AluSrc{v}}, 4);  // (4 + 1, 3 + 2, 2 + 3, 1 + 4)
  p.store(r, 0);
  p.store(p.b.vec(std::vector<std::pair<DefId, unsigned>>{{v, 2}, {v, 0}}), 1, "", 2);  // (3, 1) at .zw
  Outputs o = must_run(p.s);
  for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(o.f(5, 0, c), 5.0f) << c;
  EXPECT_EQ(o.slot(5, 1)->written, 0xc);
  EXPECT_EQ(o.f(5, 1, 2), 3.0f);
  EXPECT_EQ(o.f(5, 1, 3), 1.0f);
}

// ---- Quads: derivatives, helpers ------------------------------------------------------------------------------

// Lane values a0..a3 per quad: quad q has (q, q + 3, q + 9, q + 25): right - left 3 (top row) and 16 (bottom),
// bottom - top 9 (left column) and 22 (right).
Inputs quad_values() {
  Inputs in = Inputs::quads();
  constexpr float kOffsets[4] = {0, 3, 9, 25};
  for (unsigned lane = 0; lane < kLanes; ++lane)
    in.set_input(lane, 0, {static_cast<float>(lane / 4) + kOffsets[lane % 4], 0, 0, 0});
  return in;
}

TEST(IrInterpQuad, DerivativesFineAndCoarse) {
  Prog p;
  const DefId x = p.input(0, 1);
  const AluOp ops[6] = {AluOp::fddx, AluOp::fddx_fine, AluOp::fddx_coarse, AluOp::fddy, AluOp::fddy_fine, AluOp::fddy_coarse};
  for (unsigned k = 0; k < 6; ++k) p.store(p.alu(ops[k], {x}), k);
  Outputs o = must_run(p.s, no_bindings(), quad_values());
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    const unsigned k = lane % 4;
    EXPECT_EQ(o.f(lane, 0, 0), 3.0f) << lane;                 // fddx: coarse, the top row
    EXPECT_EQ(o.f(lane, 1, 0), k < 2 ? 3.0f : 16.0f) << lane; // fine: the lane's own row
    EXPECT_EQ(o.f(lane, 2, 0), 3.0f) << lane;
    EXPECT_EQ(o.f(lane, 3, 0), 9.0f) << lane;                 // fddy: coarse, the left column
    EXPECT_EQ(o.f(lane, 4, 0), k % 2 == 0 ? 9.0f : 22.0f) << lane;
    EXPECT_EQ(o.f(lane, 5, 0), 9.0f) << lane;
  }
}

TEST(IrInterpQuad, HelperLanesFeedDerivativesButDoNotStore) {
  Prog p;
  const DefId x = p.input(0, 1);
  p.store(p.alu(AluOp::fddx_fine, {x}), 0);
  p.store(p.alu(AluOp::b2i32, {p.intrinsic(Intrinsic::load_helper_invocation, {}, 1, 1)}), 1);
  Inputs in = quad_values();
  in.helpers = 0x8;  // quad 0's bottom-right pixel
  Outputs o = must_run(p.s, no_bindings(), in);
  EXPECT_EQ(o.f(2, 0, 0), 16.0f);  // 25 - 9: the helper's value counts
  EXPECT_EQ(o.slot(3, 0), nullptr);
  EXPECT_EQ(o.u(2, 1, 0), 0u);
  EXPECT_EQ(o.helpers, 0x8u);
}

// ---- Control flow ---------------------------------------------------------------------------------------------

struct IfParts {
  Block* then_block;
  Block* else_block;
  Block* after;
};

// Appends `if (cond) {} else {}` and the block after it to `list`.
IfParts append_if(CfList& list, DefId cond) {
  CfNode n;
  n.if_node = std::make_unique<IfNode>();
  n.if_node->condition = cond;
  CfNode t, e, a;
  t.block = std::make_unique<Block>();
  e.block = std::make_unique<Block>();
  a.block = std::make_unique<Block>();
  IfParts parts{t.block.get(), e.block.get(), a.block.get()};
  n.if_node->then_list.push_back(std::move(t));
  n.if_node->else_list.push_back(std::move(e));
  list.push_back(std::move(n));
  list.push_back(std::move(a));
  return parts;
}

DefId phi(Prog& p, Block* then_block, DefId a, Block* else_block, DefId b) {
  p.s.number_blocks();
  PhiInstr ph;
  ph.dest.components = static_cast<uint8_t>(p.b.components(a));
  ph.dest.bit_size = static_cast<uint8_t>(p.b.bit_size(a));
  ph.src = {{then_block->id, a}, {else_block->id, b}};
  return p.b.insert(Instr{ph});
}

TEST(IrInterpControlFlow, IfElsePhiPerLane) {
  // x = lane's input; if (x < 12) y = x + 100 else y = x * 2; out = y.
  Prog p;
  const DefId x = p.input(0, 1);
  const DefId cond = p.alu(AluOp::flt, {x, p.f(12.0f)});
  IfParts parts = append_if(p.s.body, cond);
  p.b.cursor() = Cursor{parts.then_block, 0};
  const DefId a = p.alu(AluOp::fadd, {x, p.f(100.0f)});
  p.b.cursor() = Cursor{parts.else_block, 0};
  const DefId b = p.alu(AluOp::fmul, {x, p.f(2.0f)});
  p.b.cursor() = Cursor{parts.after, 0};
  p.store(phi(p, parts.then_block, a, parts.else_block, b), 0);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input(lane, 0, {static_cast<float>(lane), 0, 0, 0});
  Outputs o = must_run(p.s, no_bindings(), in);
  for (unsigned lane = 0; lane < kLanes; ++lane)
    EXPECT_EQ(o.f(lane, 0, 0), lane < 12 ? static_cast<float>(lane) + 100.0f : static_cast<float>(lane) * 2.0f) << lane;
}

TEST(IrInterpControlFlow, NestedIfsAndStoresUnderMasks) {
  // if (x < 16) { if (x < 8) out0 = 1 else out0 = 2 } else { out0 = 3 }; out1 = x everywhere.
  Prog p;
  const DefId x = p.input(0, 1);
  IfParts outer = append_if(p.s.body, p.alu(AluOp::flt, {x, p.f(16.0f)}));
  p.b.cursor() = Cursor{outer.then_block, 0};
  IfParts inner = append_if(p.s.body[1].if_node->then_list, p.alu(AluOp::flt, {x, p.f(8.0f)}));
  p.b.cursor() = Cursor{inner.then_block, 0};
  p.store(p.f(1.0f), 0);
  p.b.cursor() = Cursor{inner.else_block, 0};
  p.store(p.f(2.0f), 0);
  p.b.cursor() = Cursor{outer.else_block, 0};
  p.store(p.f(3.0f), 0);
  p.b.cursor() = Cursor{outer.after, 0};
  p.store(x, 1);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input(lane, 0, {static_cast<float>(lane), 0, 0, 0});
  Outputs o = must_run(p.s, no_bindings(), in);
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    EXPECT_EQ(o.f(lane, 0, 0), lane < 8 ? 1.0f : lane < 16 ? 2.0f : 3.0f) << lane;
    EXPECT_EQ(o.f(lane, 1, 0), static_cast<float>(lane)) << lane;
  }
}

TEST(IrInterpControlFlow, DiscardTerminateAndDemote) {
  // Lanes with x < 4 terminate (discard_if), lanes 4..7 demote (in an if), then everyone stores and reads
  // load_helper_invocation; a store before the kill stays recorded.
  Prog p;
  const DefId x = p.input(0, 1);
  p.store(p.f(7.0f), 2);
  p.intrinsic(Intrinsic::terminate_if, {p.alu(AluOp::flt, {x, p.f(4.0f)})});
  IfParts parts = append_if(p.s.body, p.alu(AluOp::flt, {x, p.f(8.0f)}));
  p.b.cursor() = Cursor{parts.then_block, 0};
  p.intrinsic(Intrinsic::demote);
  p.b.cursor() = Cursor{parts.after, 0};
  p.store(x, 0);
  p.store(p.alu(AluOp::b2i32, {p.intrinsic(Intrinsic::load_helper_invocation, {}, 1, 1)}), 1);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input(lane, 0, {static_cast<float>(lane), 0, 0, 0});
  Outputs o = must_run(p.s, no_bindings(), in);
  EXPECT_EQ(o.killed, 0x0000000fu);
  EXPECT_EQ(o.demoted, 0x000000ffu);  // killed lanes keep running as helpers, so lanes 0..3 demote too
  EXPECT_EQ(o.helpers, 0x000000ffu);
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    EXPECT_EQ(o.slot(lane, 0) != nullptr, lane >= 8) << lane;
    EXPECT_EQ(o.f(lane, 2, 0), 7.0f) << lane;
    if (lane >= 8) {
      EXPECT_EQ(o.u(lane, 1, 0), 0u) << lane;
    }
  }
}

// ---- Intrinsics ---------------------------------------------------------------------------------------------

// ---- Loops ----------------------------------------------------------------------------------------------------
// Shaders as NIR text (read.h); the preds/succs comments are left out (the reader skips them). Lane L's input n
// is L (slot 0, uint); results are worked out by hand from the loops' definitions.

constexpr std::string_view kLoopHeader =
    "shader: MESA_SHADER_FRAGMENT\nname: loops\ninputs: 1\noutputs: 2\nuniforms: 0\nshared: 0\nray queries: 0\n"
    "decl_function main (0 params)\n\nimpl main {\n";
constexpr std::string_view kLoadN =
    "\tvec1 32 ssa_0 = load_const (0x00000000 = 0.000000)\n"
    "\tvec1 32 ssa_1 = intrinsic load_input (ssa_0) (base=0, component=0, dest_type=uint32 /*36*/, io location=32 "
    "slots=1 /*160*/)\n"
    "\tvec1 32 ssa_2 = load_const (0x00000001 = 0.000000)\n";

std::string store_text(std::string_view ssa, unsigned base, unsigned tabs = 1) {
  return std::string(tabs, '\t') +
         fmt::format("intrinsic store_output ({}, ssa_0) (base={}, wrmask=x /*1*/, component=0, src_type=uint32 "
                     "/*36*/, io location={} slots=1 /*{}*/, xfb() /*0*/, xfb2() /*0*/)\n",
                     ssa, base, 4 + base, 132 + base);
}

// "if ssa_C { block_T: JUMP } else { block_E: [JUMP] }" at `tabs` tabs (else_jump empty: no jump on that side).
std::string jump_if_text(std::string_view cond, unsigned then_block, std::string_view then_jump, unsigned else_block,
                         std::string_view else_jump = "", unsigned tabs = 2) {
  const std::string t(tabs, '\t');
  std::string out = fmt::format("{0}if {1} {{\n{0}\tblock block_{2}:\n{0}\t{3}\n{0}}} else {{\n{0}\tblock block_{4}:\n",
                                t, cond, then_block, then_jump, else_block);
  if (!else_jump.empty()) out += fmt::format("{}\t{}\n", t, else_jump);
  return out + t + "}\n";
}

Shader read_loop_shader(const std::string& body) {
  auto r = read(std::string(kLoopHeader) + body + "}\n", "loops.nir");
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? std::move(*r) : Shader{};
}

Inputs lane_numbers() {
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, {lane, 0, 0, 0});
  return in;
}

// Runs `s` with n = L in lane L; output slot 0 must be `spots` (lane, value worked out by hand) and `want(L)` in
// every lane. Returns the outputs for further checks.
Outputs expect_lanes(Shader& s, std::initializer_list<std::pair<unsigned, uint32_t>> spots,
                     const std::function<uint32_t(unsigned)>& want) {
  Outputs o = must_run(s, no_bindings(), lane_numbers());
  for (const auto& [lane, value] : spots) EXPECT_EQ(o.u(lane, 0, 0), value) << lane;
  for (unsigned lane = 0; lane < kLanes; ++lane) EXPECT_EQ(o.u(lane, 0, 0), want(lane)) << lane;
  return o;
}

// for (i = 0; i <= n; i++) { s += i; out1 = i; } out0 = s: lane L runs L + 1 iterations; s = L (L + 1) / 2, and
// the store in the body last wrote i = L.
TEST(IrInterpLoops, SumUpToTheLane) {
  Shader s = read_loop_shader(std::string("\tblock block_0:\n") + std::string(kLoadN) +
                              "\tloop {\n"
                              "\t\tblock block_1:\n"
                              "\t\tvec1 32 ssa_3 = phi block_0: ssa_0, block_4: ssa_7\n"
                              "\t\tvec1 32 ssa_4 = phi block_0: ssa_0, block_4: ssa_6\n"
                              "\t\tvec1  1 ssa_5 = ult ssa_1, ssa_3\n" +
                              jump_if_text("ssa_5", 2, "break", 3) +
                              "\t\tblock block_4:\n"
                              "\t\tvec1 32 ssa_6 = iadd ssa_4, ssa_3\n"
                              "\t\tvec1 32 ssa_7 = iadd ssa_3, ssa_2\n" +
                              store_text("ssa_3", 1, 2) +
                              "\t}\n"
                              "\tblock block_5:\n" +
                              store_text("ssa_4", 0) + "\tblock block_6:\n");
  // 0 + 1 + 2 + 3 = 6; 31 * 32 / 2 = 496.
  Outputs o = expect_lanes(s, {{0, 0}, {3, 6}, {31, 496}}, [](unsigned l) { return l * (l + 1) / 2; });
  for (unsigned lane = 0; lane < kLanes; ++lane) EXPECT_EQ(o.u(lane, 1, 0), lane) << lane;
}

// loop { i = i + 1; if (3 i > n) break; } out0 = i (the value defined in the loop, read after it without a phi):
// lane L breaks in iteration floor(L / 3) + 1 and keeps that iteration's i while the others go on.
TEST(IrInterpLoops, BreakOnAPerLaneConditionKeepsEachLanesValues) {
  Shader s = read_loop_shader(std::string("\tblock block_0:\n") + std::string(kLoadN) +
                              "\tvec1 32 ssa_3 = load_const (0x00000003 = 0.000000)\n"
                              "\tloop {\n"
                              "\t\tblock block_1:\n"
                              "\t\tvec1 32 ssa_4 = phi block_0: ssa_0, block_4: ssa_5\n"
                              "\t\tvec1 32 ssa_5 = iadd ssa_4, ssa_2\n"
                              "\t\tvec1 32 ssa_6 = imul ssa_5, ssa_3\n"
                              "\t\tvec1  1 ssa_7 = ult ssa_1, ssa_6\n" +
                              jump_if_text("ssa_7", 2, "break", 3) +
                              "\t\tblock block_4:\n"
                              "\t}\n"
                              "\tblock block_5:\n" +
                              store_text("ssa_5", 0) + "\tblock block_6:\n");
  // Lane 31: 3 * 11 = 33 > 31, 3 * 10 = 30 is not.
  expect_lanes(s, {{0, 1}, {2, 1}, {3, 2}, {31, 11}}, [](unsigned l) { return l / 3 + 1; });
}

// loop { i = i + 1; if (i > n) break; if (i & 1) continue; s += i; } out0 = s: the even numbers up to the lane,
// 2 + 4 + ... + 2k = k (k + 1) with k = floor(L / 2). The loop header's phis take three sources: the block before
// the loop, the continuing block and the body's last block (s from the continue is the phi itself).
TEST(IrInterpLoops, ContinueSkipsOddIterations) {
  Shader s = read_loop_shader(std::string("\tblock block_0:\n") + std::string(kLoadN) +
                              "\tloop {\n"
                              "\t\tblock block_1:\n"
                              "\t\tvec1 32 ssa_3 = phi block_0: ssa_0, block_5: ssa_3, block_7: ssa_8\n"
                              "\t\tvec1 32 ssa_4 = phi block_0: ssa_0, block_5: ssa_5, block_7: ssa_5\n"
                              "\t\tvec1 32 ssa_5 = iadd ssa_4, ssa_2\n"
                              "\t\tvec1  1 ssa_6 = ult ssa_1, ssa_5\n" +
                              jump_if_text("ssa_6", 2, "break", 3) +
                              "\t\tblock block_4:\n"
                              "\t\tvec1 32 ssa_7 = iand ssa_5, ssa_2\n"
                              "\t\tif ssa_7 {\n\t\t\tblock block_5:\n\t\t\tcontinue\n"
                              "\t\t} else {\n\t\t\tblock block_6:\n"
                              "\t\t\tvec1 32 ssa_8 = iadd ssa_3, ssa_5\n"
                              "\t\t}\n"
                              "\t\tblock block_7:\n"
                              "\t}\n"
                              "\tblock block_8:\n" +
                              store_text("ssa_3", 0) + "\tblock block_9:\n");
  // Lane 4: 2 + 4 = 6; lane 31: k = 15, 15 * 16 = 240.
  expect_lanes(s, {{1, 0}, {4, 6}, {31, 240}}, [](unsigned l) { return (l / 2) * (l / 2 + 1); });
}

std::string data_file(const char* name) {
  std::ifstream f(std::string(TMU_TEST_DATA) + "/nir/" + name, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Mesa's own prints (tests/data/nir, tmu_mesa_nir's loop shapes), run with n = L % 8.
TEST(IrInterpLoops, MesaPrintedLoopShaders) {
  struct Case {
    const char* file;
    std::array<uint32_t, 8> expected;  // by n, worked out from the helper's C (main.c, "Loop shaders")
  };
  const Case cases[] = {
      // for (i < n) for (j < i) s += j: the sum over i < n of i (i - 1) / 2.
      {"loop_nested_fs.nir", {0, 0, 0, 1, 4, 10, 20, 35}},
      // s += i for i = 0, 1, ... until i >= n or s >= 10 (then s * 2): s reaches 10 at i = 4, so n >= 5 gives 20.
      {"loop_two_breaks_fs.nir", {0, 0, 1, 3, 6, 20, 20, 20}},
      // The even numbers up to n.
      {"loop_continue_odd_fs.nir", {0, 0, 2, 2, 6, 6, 12, 12}},
  };
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, {lane % 8, 0, 0, 0});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    auto r = read(data_file(c.file), c.file);
    ASSERT_TRUE(r.ok()) << r.error();
    Outputs o = must_run(*r, no_bindings(), in);
    for (unsigned lane = 0; lane < kLanes; ++lane) EXPECT_EQ(o.u(lane, 0, 0), c.expected[lane % 8]) << lane;
  }
}

// A loop inside an if inside a loop: for (i = 0; i < n; i++) { if (i & 1) { j = 0; loop { j++; if (j >= i)
// break; else continue; } t += j; } } out0 = t. Each odd i below n adds j = i: with n = L % 8, t is 0, 0, 1, 1,
// 4, 4, 9, 9 (1, 1 + 3, 1 + 3 + 5). The inner loop's last block (block_9) is unreachable and still a predecessor
// of its first block.
TEST(IrInterpLoops, LoopInAnIfInALoop) {
  Shader s = read_loop_shader(std::string("\tblock block_0:\n") + std::string(kLoadN) +
                              "\tloop {\n"
                              "\t\tblock block_1:\n"
                              "\t\tvec1 32 ssa_3 = phi block_0: ssa_0, block_12: ssa_14\n"
                              "\t\tvec1 32 ssa_4 = phi block_0: ssa_0, block_12: ssa_13\n"
                              "\t\tvec1  1 ssa_5 = uge ssa_3, ssa_1\n" +
                              jump_if_text("ssa_5", 2, "break", 3) +
                              "\t\tblock block_4:\n"
                              "\t\tvec1 32 ssa_6 = iand ssa_3, ssa_2\n"
                              "\t\tif ssa_6 {\n"
                              "\t\t\tblock block_5:\n"
                              "\t\t\tloop {\n"
                              "\t\t\t\tblock block_6:\n"
                              "\t\t\t\tvec1 32 ssa_7 = phi block_5: ssa_0, block_8: ssa_8, block_9: ssa_8\n"
                              "\t\t\t\tvec1 32 ssa_8 = iadd ssa_7, ssa_2\n"
                              "\t\t\t\tvec1  1 ssa_9 = uge ssa_8, ssa_3\n" +
                              jump_if_text("ssa_9", 7, "break", 8, "continue", 4) +
                              "\t\t\t\tblock block_9:\n"
                              "\t\t\t}\n"
                              "\t\t\tblock block_10:\n"
                              "\t\t\tvec1 32 ssa_10 = iadd ssa_4, ssa_8\n"
                              "\t\t} else {\n"
                              "\t\t\tblock block_11:\n"
                              "\t\t}\n"
                              "\t\tblock block_12:\n"
                              "\t\tvec1 32 ssa_13 = phi block_10: ssa_10, block_11: ssa_4\n"
                              "\t\tvec1 32 ssa_14 = iadd ssa_3, ssa_2\n"
                              "\t}\n"
                              "\tblock block_13:\n" +
                              store_text("ssa_4", 0) + "\tblock block_14:\n");
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, {lane % 8, 0, 0, 0});
  Outputs o = must_run(s, no_bindings(), in);
  constexpr std::array<uint32_t, 8> kExpected{0, 0, 1, 1, 4, 4, 9, 9};
  for (unsigned lane = 0; lane < kLanes; ++lane) EXPECT_EQ(o.u(lane, 0, 0), kExpected[lane % 8]) << lane;
}

TEST(IrInterpLoops, RunawayLoopIsStoppedAndNamed) {
  Shader s = read_loop_shader(std::string("\tblock block_0:\n") + std::string(kLoadN) +
                              "\tloop {\n"
                              "\t\tblock block_1:\n"
                              "\t\tvec1 32 ssa_3 = phi block_0: ssa_0, block_1: ssa_4\n"
                              "\t\tvec1 32 ssa_4 = iadd ssa_3, ssa_2\n"
                              "\t}\n"
                              "\tblock block_2:\n"
                              "\tblock block_3:\n");
  Options opt;
  opt.max_loop_iterations = 100;
  auto r = run(s, no_bindings(), lane_numbers(), opt);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "the loop starting at block_1 ran 100 iterations with lanes 0xffffffff still in it (a "
                       "runaway loop: Options::max_loop_iterations)");
}

TEST(IrInterpIo, InputsOutputsAndVariables) {
  Prog p;
  // load_input base 3, components 1..2 (y, z).
  IntrinsicInstr li;
  li.op = Intrinsic::load_input;
  li.dest.components = 2;
  li.dest.bit_size = 32;
  li.src = {p.i(1)};  // slot offset: base 2 + 1
  li.set_index("base", "2");
  li.set_index("component", "1");
  const DefId yz = p.b.intrinsic(li);
  // store_output with wrmask "xz" at component 1: writes slot components 1 and 3.
  IntrinsicInstr so;
  so.op = Intrinsic::store_output;
  so.src = {p.vec({10, 20, 30}), p.i(0)};
  so.set_index("base", "4");
  so.set_index("wrmask", "xz /*5*/");
  so.set_index("component", "1");
  p.b.intrinsic(so);
  p.store(yz, 0);
  IntrinsicInstr ii;
  ii.op = Intrinsic::load_interpolated_input;
  ii.dest.components = 4;
  ii.dest.bit_size = 32;
  ii.src = {p.intrinsic(Intrinsic::load_barycentric_pixel, {}, 2), p.i(0)};
  ii.set_index("base", "33");
  p.store(p.b.intrinsic(ii), 6);
  p.store(p.intrinsic(Intrinsic::load_frag_coord, {}, 4), 1);
  p.store(p.intrinsic(Intrinsic::load_sample_id, {}, 1), 2);
  // Variables: in vec4 at location 33 (an array of 2: element 1 read), out at location 40.
  p.s.variables.push_back(Variable{"shader_in", "vec4[2]", "v", "", 32, 0, 0});
  p.s.variables.push_back(Variable{"shader_out", "vec4", "o", "", 40, 0, 0});
  DerefInstr dv;
  dv.kind = DerefKind::Var;
  dv.var = 0;
  dv.dest.bit_size = 32;
  const DefId var_in = p.b.insert(Instr{dv});
  DerefInstr da;
  da.kind = DerefKind::Array;
  da.parent = var_in;
  da.index = p.i(1);
  da.dest.bit_size = 32;
  const DefId elem = p.b.insert(Instr{da});
  const DefId loaded = p.intrinsic(Intrinsic::load_deref, {elem}, 4);
  dv.var = 1;
  dv.dest.id = kNoDef;
  const DefId var_out = p.b.insert(Instr{dv});
  IntrinsicInstr sd;
  sd.op = Intrinsic::store_deref;
  sd.src = {var_out, loaded};
  sd.set_index("wrmask", "15");
  p.b.intrinsic(sd);
  // load_uniform: base 4 + offset 4 bytes, two words.
  IntrinsicInstr lu;
  lu.op = Intrinsic::load_uniform;
  lu.dest.components = 2;
  lu.dest.bit_size = 32;
  lu.src = {p.i(4)};
  lu.set_index("base", "4");
  p.store(p.b.intrinsic(lu), 5);

  Inputs in = Inputs::quads(10, 20, 2);
  in.uniforms = {100, 101, 102, 103};
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    in.set_input_bits(lane, 3, {0, lane, lane + 1, 0});
    in.set_input_bits(lane, 33, {lane, 2, 3, 4});
    in.lanes[lane].sample_id = lane % 4;
  }
  Outputs o = must_run(p.s, no_bindings(), in);
  for (unsigned lane : {0u, 7u, 30u}) {
    EXPECT_EQ(o.u(lane, 0, 0), lane);
    EXPECT_EQ(o.u(lane, 0, 1), lane + 1);
    EXPECT_EQ(o.slot(lane, 4)->written, 0xa);  // components 1 and 3
    EXPECT_EQ(o.u(lane, 4, 1), 10u);
    EXPECT_EQ(o.u(lane, 4, 3), 30u);
    EXPECT_EQ(o.u(lane, 2, 0), lane % 4);
    EXPECT_EQ(o.u(lane, 40, 0), lane);
    EXPECT_EQ(o.u(lane, 40, 3), 4u);
    EXPECT_EQ(o.u(lane, 5, 0), 102u);  // byte 8 = word 2
    EXPECT_EQ(o.u(lane, 5, 1), 103u);
    EXPECT_EQ(o.u(lane, 6, 0), lane);  // the interpolated input is the slot's value
    EXPECT_EQ(o.u(lane, 6, 2), 3u);
  }
  // Quads of 2 per row from (10, 20): lane 7 is quad 1's bottom-right pixel (13, 21); lane 30 quad 7's (12, 27).
  EXPECT_EQ(o.f(7, 1, 0), 13.5f);
  EXPECT_EQ(o.f(7, 1, 1), 21.5f);
  EXPECT_EQ(o.f(30, 1, 0), 12.5f);
  EXPECT_EQ(o.f(30, 1, 1), 27.5f);
  EXPECT_EQ(o.f(30, 1, 3), 1.0f);
}

// ---- Textures -----------------------------------------------------------------------------------------------

// The `tmu sample` gradient in a UINT format: texel (x, y) of a level reads (x, y, layer or z, 1); cube faces are
// layers 0..5 (+X, -X, +Y, -Y, +Z, -Z), cube array layers 6 cube + face.
std::string uint_gradient(std::string_view type, unsigned w, unsigned h, std::string_view extra = "",
                          std::string_view sampler = R"({"mip_filter": "point", "address_u": "clamp_to_edge", "address_v": "clamp_to_edge", "address_p": "clamp_to_edge"})") {
  std::string t = fmt::format(R"({{"texture": {{"type": "{}", "format": "R32_G32_B32_A32_UINT", "width": {})", type, w);
  if (type != "1d" && type != "1d_array") t += fmt::format(R"(, "height": {})", h);
  if (!extra.empty()) t += fmt::format(", {}", extra);
  t += R"(, "texels": {"source": "gradient"}}, "sampler": )";
  t += sampler;
  t += "}";
  return t;
}

void bind_tex(Bindings& b, uint32_t index, const std::string& json) {
  auto r = b.bind_json(index, json);
  ASSERT_TRUE(r.ok()) << r.error();
}

struct TexBuild {
  TexInstr t;
  TexBuild(TexOp op, SamplerDim dim, bool array = false) {
    t.op = op;
    t.sampler_dim = dim;
    t.is_array = array;
    t.dest_type = kUint32;
  }
  TexBuild& src(TexSrcType type, DefId def) {
    add_src(t, type, def);
    return *this;
  }
  TexBuild& index(uint32_t texture, uint32_t sampler) {
    t.texture_index = texture;
    t.sampler_index = sampler;
    return *this;
  }
  DefId emit(Prog& p, unsigned bits = 32) {
    const int c = src_index(t, TexSrcType::coord);
    if (c >= 0) t.coord_components = static_cast<uint8_t>(p.b.components(t.src[static_cast<unsigned>(c)].def));
    t.dest.components = static_cast<uint8_t>(dest_size(t));
    t.dest.bit_size = static_cast<uint8_t>(bits);
    return p.b.tex(t);
  }
};

std::array<uint32_t, 4> texel(const Outputs& o, unsigned lane, uint32_t slot) {
  return {o.u(lane, slot, 0), o.u(lane, slot, 1), o.u(lane, slot, 2), o.u(lane, slot, 3)};
}
using U4 = std::array<uint32_t, 4>;

TEST(IrInterpTex, TxfReadsExactTexels) {
  Bindings b;
  bind_tex(b, 3, uint_gradient("2d", 4, 4, R"("levels": 3)"));
  Prog p;
  const DefId xy = p.input(0, 2);
  const DefId lod = p.input(1, 1);
  p.store(TexBuild(TexOp::txf, SamplerDim::Dim2D).index(3, 0).src(TexSrcType::coord, xy).src(TexSrcType::lod, lod).emit(p), 0);
  p.store(TexBuild(TexOp::txf, SamplerDim::Dim2D).index(3, 0).src(TexSrcType::coord, xy).src(TexSrcType::lod, lod)
              .src(TexSrcType::offset, p.vec({1, 0})).emit(p), 1);
  Inputs in = Inputs::quads();
  const int coords[4][3] = {{2, 3, 0}, {1, 1, 1}, {0, 0, 2}, {4, 0, 0}};  // (x, y, lod); (4, 0) is outside
  for (unsigned lane = 0; lane < 4; ++lane)
    for (unsigned l = lane; l < kLanes; l += 4) {
      in.set_input_bits(l, 0, {static_cast<uint32_t>(coords[lane][0]), static_cast<uint32_t>(coords[lane][1]), 0, 0});
      in.set_input_bits(l, 1, {static_cast<uint32_t>(coords[lane][2]), 0, 0, 0});
    }
  Outputs o = must_run(p.s, b, in);
  EXPECT_EQ(texel(o, 0, 0), (U4{2, 3, 0, 1}));
  EXPECT_EQ(texel(o, 1, 0), (U4{1, 1, 0, 1}));  // level 1 is 2x2
  EXPECT_EQ(texel(o, 2, 0), (U4{0, 0, 0, 1}));
  EXPECT_EQ(texel(o, 3, 0), (U4{0, 0, 0, 0}));  // out of range: TLD's zero border
  EXPECT_EQ(texel(o, 0, 1), (U4{3, 3, 0, 1}));  // offset (1, 0)
  EXPECT_EQ(texel(o, 1, 1), (U4{0, 0, 0, 0}));  // (2, 1) is outside level 1
  EXPECT_EQ(o.texture_requests, 2u);
}

// Coordinates from the fragment position: s = (x + 0.5) * scale / size, t likewise; frag coords of 2 quads per
// row from (0, 0).
DefId scaled_coord(Prog& p, float scale) {
  const DefId fc = p.intrinsic(Intrinsic::load_frag_coord, {}, 4);
  return p.alu(AluOp::fmul, {p.b.swizzle(fc, {0, 1}), p.vec({fb(scale), fb(scale)})});
}

TEST(IrInterpTex, TexImplicitLodFromQuads) {
  // 8x8 gradient with 4 levels, point sampling with point mips. One texel per pixel (scale 1/8) is LOD 0; two
  // texels per pixel (scale 2/8) LOD 1, where level 1 (4x4) texel floor(s * 4) is read.
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 8, 8, R"("levels": 4)"));
  Prog p;
  p.store(TexBuild(TexOp::tex, SamplerDim::Dim2D).src(TexSrcType::coord, scaled_coord(p, 1.0f / 8)).emit(p), 0);
  p.store(TexBuild(TexOp::tex, SamplerDim::Dim2D).src(TexSrcType::coord, scaled_coord(p, 2.0f / 8)).emit(p), 1);
  Outputs o = must_run(p.s, b, Inputs::quads(0, 0, 2));
  for (unsigned lane = 0; lane < 16; ++lane) {  // quads 0..3 cover pixels (0..3, 0..3)
    const unsigned q = lane / 4, x = 2 * (q % 2) + (lane & 1), y = 2 * (q / 2) + ((lane >> 1) & 1);
    EXPECT_EQ(texel(o, lane, 0), (U4{x, y, 0, 1})) << lane;
    // s = (x + 0.5) / 4 on level 1 (4 texels): texel floor(x + 0.5) = x
    EXPECT_EQ(texel(o, lane, 1), (U4{x, y, 0, 1})) << lane;
  }
}

TEST(IrInterpTex, ExplicitLodBiasMinLodAndGradients) {
  // 8x8 R32 float "levels": level L is L everywhere; linear filters with linear mips blend levels exactly.
  Bindings b;
  bind_tex(b, 0, R"({"texture": {"format": "R32_G32_B32_A32_FLOAT", "width": 8, "height": 8, "levels": 4,
                 "texels": {"source": "levels", "colors": [[0,0,0,0],[1,1,1,1],[2,2,2,2],[3,3,3,3]]}},
                 "sampler": {"mag_filter": "linear", "min_filter": "linear", "mip_filter": "linear"}})");
  bind_tex(b, 1, R"({"texture": {"format": "R32_G32_B32_A32_FLOAT", "width": 8, "height": 8, "levels": 4,
                 "texels": {"source": "levels", "colors": [[0,0,0,0],[1,1,1,1],[2,2,2,2],[3,3,3,3]]}},
                 "sampler": {"mag_filter": "linear", "min_filter": "linear", "mip_filter": "point", "mip_lod_bias": 1}})");
  Prog p;
  const DefId st = p.vec({fb(0.3f), fb(0.6f)});
  const DefId lod = p.input(0, 1);
  auto x = [&](TexBuild t) { return p.b.channel(t.emit(p), 0); };
  const DefId txl = x(TexBuild(TexOp::txl, SamplerDim::Dim2D).src(TexSrcType::coord, st).src(TexSrcType::lod, lod));
  // Texture 1 has a sampler LOD bias of 1: txl with the lod 0 from an input is TEX.LL (biased to level 1);
  // with the constant 0 NAK emits TEX.LZ, which takes level 0 unbiased.
  const DefId ll0 = x(TexBuild(TexOp::txl, SamplerDim::Dim2D).index(1, 1).src(TexSrcType::coord, st)
                          .src(TexSrcType::lod, p.alu(AluOp::fmul, {lod, p.f(0.0f)})));
  const DefId lz = x(TexBuild(TexOp::txl, SamplerDim::Dim2D).index(1, 1).src(TexSrcType::coord, st)
                         .src(TexSrcType::lod, p.f(0.0f)));
  // Implicit LOD 0 (one texel per pixel), bias +2 -> 2; min_lod 3 clamps the same lookup to 3.
  const DefId c = scaled_coord(p, 1.0f / 8);
  const DefId txb = x(TexBuild(TexOp::txb, SamplerDim::Dim2D).src(TexSrcType::coord, c).src(TexSrcType::bias, p.f(2.0f)));
  const DefId clamped = x(TexBuild(TexOp::tex, SamplerDim::Dim2D).src(TexSrcType::coord, c).src(TexSrcType::min_lod, p.f(3.0f)));
  // txd: ds/dx = 0.5 (4 texels), dt/dy = 0.25: LOD log2(4) = 2.
  const DefId txd = x(TexBuild(TexOp::txd, SamplerDim::Dim2D).src(TexSrcType::coord, st)
                          .src(TexSrcType::ddx, p.vec({fb(0.5f), 0})).src(TexSrcType::ddy, p.vec({0, fb(0.25f)})));
  p.store(p.b.vec(std::vector<DefId>{txl, ll0, lz, txb}), 0);
  p.store(p.b.vec(std::vector<DefId>{clamped, txd}), 1);
  Inputs in = Inputs::quads(0, 0, 2);
  const float lods[4] = {1.5f, 1.25f, 0.0f, 7.0f};  // 7 is past the last level: 3
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input(lane, 0, {lods[lane % 4], 0, 0, 0});
  Outputs o = must_run(p.s, b, in);
  EXPECT_EQ(o.f(0, 0, 0), 1.5f);   // halfway between levels 1 and 2
  EXPECT_EQ(o.f(1, 0, 0), 1.25f);  // a quarter of the way
  EXPECT_EQ(o.f(2, 0, 0), 0.0f);
  EXPECT_EQ(o.f(3, 0, 0), 3.0f);
  EXPECT_EQ(o.f(2, 0, 1), 1.0f);   // TEX.LL 0 + bias 1
  EXPECT_EQ(o.f(2, 0, 2), 0.0f);   // TEX.LZ
  for (unsigned lane = 0; lane < 16; ++lane) {
    EXPECT_EQ(o.f(lane, 0, 3), 2.0f) << lane;
    EXPECT_EQ(o.f(lane, 1, 0), 3.0f) << lane;
    EXPECT_EQ(o.f(lane, 1, 1), 2.0f) << lane;
  }
}

TEST(IrInterpTex, SizesLevelsAndSamples) {
  Bindings b;
  bind_tex(b, 0, uint_gradient("1d", 8, 1, R"("levels": 4)"));
  bind_tex(b, 1, uint_gradient("1d_array", 8, 1, R"("layers": 5)"));
  bind_tex(b, 2, uint_gradient("2d", 16, 8, R"("levels": 5)"));
  bind_tex(b, 3, uint_gradient("2d_array", 4, 2, R"("layers": 3)"));
  bind_tex(b, 4, uint_gradient("3d", 4, 2, R"("depth": 8, "levels": 2)"));
  bind_tex(b, 5, uint_gradient("cube", 4, 4, R"("levels": 3)"));
  bind_tex(b, 6, uint_gradient("cube_array", 2, 2, R"("layers": 3)"));
  bind_tex(b, 7, uint_gradient("2d", 2, 2, R"("samples": 4)"));
  Prog p;
  auto txs = [&](SamplerDim dim, bool array, uint32_t index, uint32_t lod) {
    return TexBuild(TexOp::txs, dim, array).index(index, 0).src(TexSrcType::lod, p.i(lod)).emit(p);
  };
  p.store(txs(SamplerDim::Dim1D, false, 0, 2), 0);      // 8 >> 2
  p.store(txs(SamplerDim::Buf, false, 0, 0), 1);        // a buffer reads as 1D
  p.store(txs(SamplerDim::Dim1D, true, 1, 0), 2);       // width, layers
  p.store(txs(SamplerDim::Dim2D, false, 2, 1), 3);      // 8 x 4
  p.store(txs(SamplerDim::Dim2D, true, 3, 0), 4);       // 4 x 2, 3 layers
  p.store(txs(SamplerDim::Dim3D, false, 4, 1), 5);      // 2 x 1 x 4
  p.store(txs(SamplerDim::Cube, false, 5, 2), 6);       // 1 x 1
  p.store(txs(SamplerDim::Cube, true, 6, 0), 7);        // 2 x 2, 3 cubes
  p.store(txs(SamplerDim::MS, false, 7, 0), 8);         // pixels, not samples
  p.store(TexBuild(TexOp::query_levels, SamplerDim::Dim2D).index(2, 0).emit(p), 9);
  p.store(TexBuild(TexOp::texture_samples, SamplerDim::MS).index(7, 0).emit(p), 10);
  p.store(TexBuild(TexOp::texture_samples, SamplerDim::Dim2D).index(2, 0).emit(p), 11);
  p.store(TexBuild(TexOp::hdr_dim_nv, SamplerDim::Dim2D).index(2, 0).src(TexSrcType::lod, p.i(2)).emit(p), 12);
  p.store(TexBuild(TexOp::tex_type_nv, SamplerDim::Dim2D).index(6, 0).emit(p), 13);
  Outputs o = must_run(p.s, b);
  EXPECT_EQ(o.u(9, 0, 0), 2u);
  EXPECT_EQ(o.u(9, 1, 0), 8u);
  EXPECT_EQ(o.u(9, 2, 0), 8u);
  EXPECT_EQ(o.u(9, 2, 1), 5u);
  EXPECT_EQ(o.u(9, 3, 0), 8u);
  EXPECT_EQ(o.u(9, 3, 1), 4u);
  EXPECT_EQ(o.u(9, 4, 0), 4u);
  EXPECT_EQ(o.u(9, 4, 1), 2u);
  EXPECT_EQ(o.u(9, 4, 2), 3u);
  EXPECT_EQ(o.u(9, 5, 0), 2u);
  EXPECT_EQ(o.u(9, 5, 1), 1u);
  EXPECT_EQ(o.u(9, 5, 2), 4u);
  EXPECT_EQ(o.u(9, 6, 0), 1u);
  EXPECT_EQ(o.u(9, 6, 1), 1u);
  EXPECT_EQ(o.u(9, 7, 0), 2u);
  EXPECT_EQ(o.u(9, 7, 1), 2u);
  EXPECT_EQ(o.u(9, 7, 2), 3u);
  EXPECT_EQ(o.u(9, 8, 0), 2u);
  EXPECT_EQ(o.u(9, 8, 1), 2u);
  EXPECT_EQ(o.u(9, 9, 0), 5u);
  EXPECT_EQ(o.u(9, 10, 0), 4u);
  EXPECT_EQ(o.u(9, 11, 0), 1u);
  EXPECT_EQ(texel(o, 9, 12), (U4{4, 2, 1, 5}));  // TXQ DIMENSION at level 2: 4 x 2, depth 1, 5 levels
  EXPECT_EQ(texel(o, 9, 13), (U4{8, 0, 1, 0}));  // TXQ TEXTURE_TYPE: ArrayCube (8), 1 sample
}

TEST(IrInterpTex, OffsetsSamplerOffsetsHelpersAndHalfResults) {
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 4, 4));
  ASSERT_TRUE(b.bind_sampler_json(9, R"({"address_u": "wrap"})").ok());
  bind_tex(b, 1, R"({"texture": {"format": "R32_G32_B32_A32_FLOAT", "width": 2, "height": 2,
                     "texels": {"source": "solid", "color": [0.3333333333, 2, 65520, -0.5]}}})");
  Prog p;
  const DefId c = p.vec({fb(0.1f), fb(0.1f)});
  // AOFFI: texel (0, 0) + (2, 1).
  p.store(TexBuild(TexOp::txl, SamplerDim::Dim2D).src(TexSrcType::coord, c).src(TexSrcType::lod, p.f(0.0f))
              .src(TexSrcType::offset, p.vec({2, 1})).emit(p), 0);
  // Sampler 4 + 5 = 9, which wraps: s = -0.1 reads texel 3.
  p.store(TexBuild(TexOp::txl, SamplerDim::Dim2D).index(0, 4).src(TexSrcType::sampler_offset, p.i(5))
              .src(TexSrcType::coord, p.vec({fb(-0.1f), fb(0.1f)})).src(TexSrcType::lod, p.f(0.0f)).emit(p), 1);
  // skip_helpers (.NODEP): the helper lane is not active and gets no result.
  TexBuild nodep(TexOp::tex, SamplerDim::Dim2D);
  nodep.t.skip_helpers = true;
  p.store(nodep.src(TexSrcType::coord, scaled_coord(p, 1.0f / 4)).emit(p), 2);
  // A 16-bit destination: the fp32 results rounded to fp16.
  TexBuild half(TexOp::txl, SamplerDim::Dim2D);
  half.t.dest_type = kFloat16;
  const DefId h = half.index(1, 0).src(TexSrcType::coord, c).src(TexSrcType::lod, p.f(0.0f)).emit(p, 16);
  for (unsigned k = 0; k < 4; ++k) p.store_wide(h, 3 + k, k);
  Inputs in = Inputs::quads(0, 0, 2);
  in.helpers = 0x8;
  Outputs o = must_run(p.s, b, in);
  EXPECT_EQ(texel(o, 0, 0), (U4{2, 1, 0, 1}));
  EXPECT_EQ(texel(o, 0, 1), (U4{3, 0, 0, 1}));
  EXPECT_EQ(texel(o, 2, 2), (U4{0, 1, 0, 1}));  // pixel (0, 1)
  EXPECT_EQ(o.slot(3, 2), nullptr);             // helpers store nothing anyway
  EXPECT_EQ(o.u(0, 3, 0), 0x3555u);             // 1/3
  EXPECT_EQ(o.u(0, 4, 0), 0x4000u);             // 2
  EXPECT_EQ(o.u(0, 5, 0), 0x7c00u);             // 65520 overflows
  EXPECT_EQ(o.u(0, 6, 0), 0xb800u);             // -0.5
  Options seen;
  uint32_t active = 0;
  seen.on_texture = [&](const TexInstr& t, const texunit::Request& rq, const texunit::Response&) {
    if (t.skip_helpers) active = rq.active;
  };
  ASSERT_TRUE(run(p.s, b, in, seen).ok());
  EXPECT_EQ(active, 0xfffffff7u);
}

TEST(IrInterpTex, LodQuery) {
  // 8x8, 4 levels. Two texels per pixel: LOD 1 both ways. Half a texel per pixel: -1 unclamped, 0 clamped.
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 8, 8, R"("levels": 4)", R"({"mag_filter": "linear", "min_filter": "linear", "mip_filter": "linear"})"));
  Prog p;
  auto lod = [&](float scale) {
    TexBuild t(TexOp::lod, SamplerDim::Dim2D);
    t.t.dest_type = kFloat32;
    return t.src(TexSrcType::coord, scaled_coord(p, scale)).emit(p);
  };
  p.store(lod(2.0f / 8), 0);
  p.store(lod(0.5f / 8), 1);
  Outputs o = must_run(p.s, b, Inputs::quads(0, 0, 2));
  for (unsigned lane : {0u, 13u}) {
    EXPECT_EQ(o.f(lane, 0, 0), 1.0f) << lane;
    EXPECT_EQ(o.f(lane, 0, 1), 1.0f) << lane;
    EXPECT_EQ(o.f(lane, 1, 0), 0.0f) << lane;
    EXPECT_EQ(o.f(lane, 1, 1), -1.0f) << lane;
  }
}

TEST(IrInterpTex, ArrayLayersAreRoundedAsNakDoes) {
  // NAK: layer = u32(max(L + 0.5, 0)), umin 0xffff; the unit clamps to the last layer. 2.5 -> 3 (not 2, the
  // nearest even); 0.49999997 + 0.5 rounds to 1.0 in fp32, so layer 1; -1 -> 0; NaN -> 0; 7 -> the last (3).
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d_array", 2, 2, R"("layers": 4)"));
  Prog p;
  const DefId c = p.input(0, 3);
  p.store(TexBuild(TexOp::txl, SamplerDim::Dim2D, true).src(TexSrcType::coord, c).src(TexSrcType::lod, p.f(0.0f)).emit(p), 0);
  // txf: integer layers, -1 is out of range (zeros).
  const DefId ic = p.input(1, 3);
  p.store(TexBuild(TexOp::txf, SamplerDim::Dim2D, true).src(TexSrcType::coord, ic).src(TexSrcType::lod, p.i(0)).emit(p), 1);
  Inputs in = Inputs::quads();
  const uint32_t layers[8] = {fb(1.5f), fb(2.5f), 0x3effffff, fb(-1.0f), kNaN, fb(7.0f), fb(0.5f), fb(3.4f)};
  const uint32_t expect[8] = {2, 3, 1, 0, 0, 3, 1, 3};
  const int ilayers[8] = {0, 1, 2, 3, -1, 4, 0, 1};
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    in.set_input_bits(lane, 0, {fb(0.75f), fb(0.25f), layers[lane % 8], 0});
    in.set_input_bits(lane, 1, {1, 0, static_cast<uint32_t>(ilayers[lane % 8]), 0});
  }
  Outputs o = must_run(p.s, b, in);
  for (unsigned lane = 0; lane < 8; ++lane) {
    EXPECT_EQ(texel(o, lane, 0), (U4{1, 0, expect[lane], 1})) << lane;
    const int l = ilayers[lane];
    EXPECT_EQ(texel(o, lane, 1), (l >= 0 && l < 4 ? U4{1, 0, static_cast<uint32_t>(l), 1} : U4{0, 0, 0, 0})) << lane;
  }
}

TEST(IrInterpTex, CubeFacesAndCubeArrays) {
  // 2x2 cube faces. On +X (x major) s = (-z / |x| + 1) / 2, t = (-y / |x| + 1) / 2; on -Z s = (-x / |z| + 1) / 2,
  // t = (-y / |z| + 1) / 2 (GL's face table). Directions need not be unit length.
  Bindings b;
  bind_tex(b, 0, uint_gradient("cube", 2, 2));
  bind_tex(b, 1, uint_gradient("cube_array", 2, 2, R"("layers": 2)"));
  Prog p;
  const DefId dir = p.input(0, 3);
  const DefId dir_cube = p.input(1, 4);
  p.store(TexBuild(TexOp::txl, SamplerDim::Cube).src(TexSrcType::coord, dir).src(TexSrcType::lod, p.f(0.0f)).emit(p), 0);
  p.store(TexBuild(TexOp::txl, SamplerDim::Cube, true).index(1, 1).src(TexSrcType::coord, dir_cube)
              .src(TexSrcType::lod, p.f(0.0f)).emit(p), 1);
  Inputs in = Inputs::quads();
  const float dirs[6][3] = {{4, -2, 2}, {-1, 0.5f, 0.5f}, {0.5f, 3, -0.5f}, {0.25f, -1, 0.25f}, {0.5f, 0.5f, 1}, {0.5f, 0.5f, -2}};
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    const float* d = dirs[lane % 6];
    in.set_input(lane, 0, {d[0], d[1], d[2], 0});
    in.set_input(lane, 1, {d[0], d[1], d[2], 1.0f});  // cube 1
  }
  Outputs o = must_run(p.s, b, in);
  // +X (4, -2, 2): s = (-0.5 + 1) / 2 = 0.25, t = (0.5 + 1) / 2 = 0.75 -> texel (0, 1), face 0.
  EXPECT_EQ(texel(o, 0, 0), (U4{0, 1, 0, 1}));
  // -X (-1, .5, .5): sc = +z, tc = -y: s = 0.75, t = 0.25 -> (1, 0), face 1.
  EXPECT_EQ(texel(o, 1, 0), (U4{1, 0, 1, 1}));
  // +Y (.5, 3, -.5): sc = +x, tc = +z: s = (0.5/3 + 1)/2 > 0.5, t = (-0.5/3 + 1)/2 < 0.5 -> (1, 0), face 2.
  EXPECT_EQ(texel(o, 2, 0), (U4{1, 0, 2, 1}));
  // -Y (.25, -1, .25): sc = +x, tc = -z: s = 0.625, t = 0.375 -> (1, 0), face 3.
  EXPECT_EQ(texel(o, 3, 0), (U4{1, 0, 3, 1}));
  // +Z (.5, .5, 1): sc = +x, tc = -y: s = 0.75, t = 0.25 -> (1, 0), face 4.
  EXPECT_EQ(texel(o, 4, 0), (U4{1, 0, 4, 1}));
  // -Z (.5, .5, -2): sc = -x, tc = -y: s = 0.375, t = 0.375 -> (0, 0), face 5.
  EXPECT_EQ(texel(o, 5, 0), (U4{0, 0, 5, 1}));
  // Cube 1 of the array: layers 6 + face.
  EXPECT_EQ(texel(o, 0, 1), (U4{0, 1, 6, 1}));
  EXPECT_EQ(texel(o, 5, 1), (U4{0, 0, 11, 1}));
}

TEST(IrInterpTex, ThreeDimensionalAndOneDimensional) {
  Bindings b;
  bind_tex(b, 0, uint_gradient("3d", 2, 2, R"("depth": 4)"));
  bind_tex(b, 1, uint_gradient("1d", 8, 1));
  Prog p;
  p.store(TexBuild(TexOp::txl, SamplerDim::Dim3D).src(TexSrcType::coord, p.vec({fb(0.75f), fb(0.25f), fb(0.6f)}))
              .src(TexSrcType::lod, p.f(0.0f)).emit(p), 0);
  p.store(TexBuild(TexOp::txf, SamplerDim::Dim3D).src(TexSrcType::coord, p.vec({1, 1, 3})).src(TexSrcType::lod, p.i(0)).emit(p), 1);
  p.store(TexBuild(TexOp::txl, SamplerDim::Dim1D).index(1, 1).src(TexSrcType::coord, p.f(0.7f))
              .src(TexSrcType::lod, p.f(0.0f)).emit(p), 2);
  p.store(TexBuild(TexOp::txf, SamplerDim::Buf).index(1, 1).src(TexSrcType::coord, p.i(6)).emit(p), 3);
  Outputs o = must_run(p.s, b);
  EXPECT_EQ(texel(o, 0, 0), (U4{1, 0, 2, 1}));  // r = 0.6 of 4 slices: slice 2
  EXPECT_EQ(texel(o, 0, 1), (U4{1, 1, 3, 1}));
  EXPECT_EQ(texel(o, 0, 2), (U4{5, 0, 0, 1}));  // floor(0.7 * 8)
  EXPECT_EQ(texel(o, 0, 3), (U4{6, 0, 0, 1}));
}

TEST(IrInterpTex, GatherComponentsAndOffsets) {
  // 4x4 gradient; at (0.5, 0.5) the bilinear footprint is texels x 1..2, y 1..2. tg4 returns (i0, j1), (i1, j1),
  // (i1, j0), (i0, j0).
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 4, 4));
  Prog p;
  const DefId c = p.vec({fb(0.5f), fb(0.5f)});
  auto tg4 = [&](unsigned component) {
    TexBuild t(TexOp::tg4, SamplerDim::Dim2D);
    t.t.component = static_cast<uint8_t>(component);
    return t.src(TexSrcType::coord, c);
  };
  p.store(tg4(0).emit(p), 0);
  p.store(tg4(1).emit(p), 1);
  p.store(tg4(0).src(TexSrcType::offset, p.vec({1, static_cast<uint32_t>(-1)})).emit(p), 2);
  TexBuild ptp = tg4(0);
  ptp.t.tg4_offsets = {{{0, 0}, {1, 0}, {-1, 1}, {2, -1}}};
  p.store(ptp.emit(p), 3);
  Outputs o = must_run(p.s, b);
  EXPECT_EQ(texel(o, 0, 0), (U4{1, 2, 2, 1}));  // x of the four
  EXPECT_EQ(texel(o, 0, 1), (U4{2, 2, 1, 1}));  // y of the four
  EXPECT_EQ(texel(o, 0, 2), (U4{2, 3, 3, 2}));  // footprint x 2..3, y 0..1
  // Each explicit offset moves the (i0, j0) texel (1, 1): x 1, 2, 0, 3.
  EXPECT_EQ(texel(o, 0, 3), (U4{1, 2, 0, 3}));
}

TEST(IrInterpTex, DepthComparison) {
  // 4x1 depth texture (ZF32 gradient: 0, 1/3, 2/3, 1), compare LESS: 1 where ref < depth.
  Bindings b;
  bind_tex(b, 0, R"({"texture": {"format": "ZF32_FLOAT", "width": 4, "height": 2, "texels": {"source": "gradient"}},
                 "sampler": {"depth_compare": true, "depth_compare_func": "less"}})");
  Prog p;
  TexBuild t(TexOp::txl, SamplerDim::Dim2D);
  t.t.is_shadow = t.t.is_new_style_shadow = true;
  t.t.dest_type = kFloat32;
  p.store(t.src(TexSrcType::coord, p.input(0, 2)).src(TexSrcType::lod, p.f(0.0f)).src(TexSrcType::comparator, p.f(0.5f)).emit(p), 0);
  TexBuild g(TexOp::tg4, SamplerDim::Dim2D);
  g.t.is_shadow = true;
  g.t.dest_type = kFloat32;
  p.store(g.src(TexSrcType::coord, p.vec({fb(0.5f), fb(0.5f)})).src(TexSrcType::comparator, p.f(0.5f)).emit(p), 1);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input(lane, 0, {(static_cast<float>(lane % 4) + 0.5f) / 4, 0.25f, 0, 0});
  Outputs o = must_run(p.s, b, in);
  EXPECT_EQ(o.slot(0, 0)->written, 0x1);  // new-style shadow: one component
  EXPECT_EQ(o.f(0, 0, 0), 0.0f);
  EXPECT_EQ(o.f(1, 0, 0), 0.0f);  // 1/3
  EXPECT_EQ(o.f(2, 0, 0), 1.0f);  // 2/3
  EXPECT_EQ(o.f(3, 0, 0), 1.0f);
  // Gather at the centre: footprint x 1..2 (1/3, 2/3): (i0, j1), (i1, j1), (i1, j0), (i0, j0) compare to 0, 1, 1, 0.
  EXPECT_EQ(o.f(0, 1, 0), 0.0f);
  EXPECT_EQ(o.f(0, 1, 1), 1.0f);
  EXPECT_EQ(o.f(0, 1, 2), 1.0f);
  EXPECT_EQ(o.f(0, 1, 3), 0.0f);
}

TEST(IrInterpTex, MultisampleFetch) {
  // 2x2 pixels, 4 samples (2x2 grid): the gradient covers the 4x4 sample image; sample s of pixel (x, y) is
  // (2x + sx(s), 2y + sy(s)) with sx = s & 1, sy = (s >> 1) & 1.
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 2, 2, R"("samples": 4)"));
  Prog p;
  const DefId in0 = p.input(0, 3);
  p.store(TexBuild(TexOp::txf_ms, SamplerDim::MS).src(TexSrcType::coord, p.b.swizzle(in0, {0, 1}))
              .src(TexSrcType::ms_index, p.b.channel(in0, 2)).emit(p), 0);
  Inputs in = Inputs::quads();
  const uint32_t cases[4][3] = {{1, 0, 3}, {0, 1, 1}, {1, 1, 2}, {0, 0, 4}};  // sample 4 does not exist
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, {cases[lane % 4][0], cases[lane % 4][1], cases[lane % 4][2], 0});
  Outputs o = must_run(p.s, b, in);
  EXPECT_EQ(texel(o, 0, 0), (U4{3, 1, 0, 1}));
  EXPECT_EQ(texel(o, 1, 0), (U4{1, 2, 0, 1}));
  EXPECT_EQ(texel(o, 2, 0), (U4{2, 3, 0, 1}));
  EXPECT_EQ(texel(o, 3, 0), (U4{0, 0, 0, 0}));
}

TEST(IrInterpTex, SparseResidencyCode) {
  // 128x128 x 16 bytes = 256 KiB, four 64 KiB pages; page 0 (texel (0, 0) at the texture's address) is not
  // resident. NAK's code is 1 when resident.
  Bindings b;
  bind_tex(b, 0, R"({"texture": {"format": "R32_G32_B32_A32_UINT", "width": 128, "height": 128,
                 "texels": {"source": "gradient"}, "nonresident_pages": [0]}})");
  Prog p;
  const DefId c = p.input(0, 2);
  TexBuild t(TexOp::txf, SamplerDim::Dim2D);
  t.t.is_sparse = true;
  const DefId r = t.src(TexSrcType::coord, c).src(TexSrcType::lod, p.i(0)).emit(p);
  ASSERT_EQ(p.b.components(r), 5u);
  p.store(p.b.swizzle(r, {0, 1, 2, 3}), 0);
  const DefId code = p.b.channel(r, 4);
  p.store(code, 1);
  p.store(p.alu(AluOp::b2i32, {p.intrinsic(Intrinsic::is_sparse_texels_resident, {code}, 1, 1)}), 2);
  // Both of two lookups: the code of (0, 0) AND the code of (127, 127).
  TexBuild t2(TexOp::txf, SamplerDim::Dim2D);
  t2.t.is_sparse = true;
  const DefId r2 = t2.src(TexSrcType::coord, p.vec({127, 127})).src(TexSrcType::lod, p.i(0)).emit(p);
  p.store(p.intrinsic(Intrinsic::sparse_residency_code_and, {code, p.b.channel(r2, 4)}, 1), 3);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, lane % 2 ? U4{127, 127, 0, 0} : U4{0, 0, 0, 0});
  Outputs o = must_run(p.s, b, in);
  EXPECT_EQ(texel(o, 0, 0), (U4{0, 0, 0, 0}));  // not resident: zeros
  EXPECT_EQ(o.u(0, 1, 0), 0u);
  EXPECT_EQ(o.u(0, 2, 0), 0u);
  EXPECT_EQ(o.u(0, 3, 0), 0u);
  EXPECT_EQ(texel(o, 1, 0), (U4{127, 127, 0, 1}));
  EXPECT_EQ(o.u(1, 1, 0), 1u);
  EXPECT_EQ(o.u(1, 2, 0), 1u);
  EXPECT_EQ(o.u(1, 3, 0), 1u);
}

TEST(IrInterpTex, RectTexturesTakeTexelCoordinates) {
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 4, 2));
  Prog p;
  p.store(TexBuild(TexOp::txl, SamplerDim::Rect).src(TexSrcType::coord, p.vec({fb(2.5f), fb(1.5f)}))
              .src(TexSrcType::lod, p.f(0.0f)).emit(p), 0);
  // Implicit LOD on texel coordinates: one texel per pixel.
  const DefId fc = p.intrinsic(Intrinsic::load_frag_coord, {}, 4);
  p.store(TexBuild(TexOp::tex, SamplerDim::Rect).src(TexSrcType::coord, p.b.swizzle(fc, {0, 1})).emit(p), 1);
  p.store(p.intrinsic(Intrinsic::load_texture_rect_scaling, {p.i(0)}, 2), 2);
  p.store(TexBuild(TexOp::txs, SamplerDim::Rect).src(TexSrcType::lod, p.i(0)).emit(p), 3);
  // EXTERNAL samples as 2D, normalized.
  p.store(TexBuild(TexOp::txl, SamplerDim::External).src(TexSrcType::coord, p.vec({fb(0.6f), fb(0.6f)}))
              .src(TexSrcType::lod, p.f(0.0f)).emit(p), 4);
  Outputs o = must_run(p.s, b, Inputs::quads(0, 0, 2));
  EXPECT_EQ(texel(o, 0, 0), (U4{2, 1, 0, 1}));
  EXPECT_EQ(texel(o, 3, 1), (U4{1, 1, 0, 1}));  // pixel (1, 1)
  EXPECT_EQ(texel(o, 6, 1), (U4{2, 1, 0, 1}));  // pixel (2, 1)
  EXPECT_EQ(o.f(0, 2, 0), 0.25f);
  EXPECT_EQ(o.f(0, 2, 1), 0.5f);
  EXPECT_EQ(o.u(0, 3, 0), 4u);
  EXPECT_EQ(o.u(0, 3, 1), 2u);
  EXPECT_EQ(texel(o, 0, 4), (U4{2, 1, 0, 1}));
}

TEST(IrInterpTex, TexturesByDerefHandleAndOffset) {
  Bindings b;
  bind_tex(b, 4, uint_gradient("2d", 4, 4));
  bind_tex(b, 5, uint_gradient("2d", 8, 8));
  ASSERT_TRUE(b.bind_sampler_json(9, R"({"address_u": "clamp_to_edge"})").ok());
  Prog p;
  p.s.variables.push_back(Variable{"uniform", "sampler2D[2]", "tex", "", 0, 0, 4});
  DerefInstr var;
  var.var = 0;
  var.dest.bit_size = 32;
  const DefId v = p.b.insert(Instr{var});
  DerefInstr elem;
  elem.kind = DerefKind::Array;
  elem.parent = v;
  elem.index = p.input(0, 1);  // per lane: 0 or 1
  elem.dest.bit_size = 32;
  const DefId e = p.b.insert(Instr{elem});
  const DefId c = p.vec({fb(0.9f), fb(0.1f)});
  p.store(TexBuild(TexOp::txl, SamplerDim::Dim2D).src(TexSrcType::texture_deref, e).src(TexSrcType::sampler_deref, e)
              .src(TexSrcType::coord, c).src(TexSrcType::lod, p.f(0.0f)).emit(p), 0);
  // A handle: texture 5 in bits 19:0, sampler 9 in bits 31:20.
  p.store(TexBuild(TexOp::txl, SamplerDim::Dim2D).src(TexSrcType::texture_handle, p.u((9u << 20) | 5u))
              .src(TexSrcType::coord, c).src(TexSrcType::lod, p.f(0.0f)).emit(p), 1);
  // texture_index 3 + texture_offset 1 = 4.
  p.store(TexBuild(TexOp::txs, SamplerDim::Dim2D).index(3, 0).src(TexSrcType::texture_offset, p.i(1))
              .src(TexSrcType::lod, p.i(0)).emit(p), 2);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, {lane % 2, 0, 0, 0});
  Outputs o = must_run(p.s, b, in);
  EXPECT_EQ(texel(o, 0, 0), (U4{3, 0, 0, 1}));  // binding 4: 4x4, floor(0.9 * 4)
  EXPECT_EQ(texel(o, 1, 0), (U4{7, 0, 0, 1}));  // binding 5: 8x8, floor(0.9 * 8)
  EXPECT_EQ(texel(o, 0, 1), (U4{7, 0, 0, 1}));
  EXPECT_EQ(o.u(0, 2, 0), 4u);
}

TEST(IrInterpTex, DivergentQuadsAndInactiveLanes) {
  // A texture lookup inside an if taken by lanes 0..5: lanes 6..31 get no result (zeros), and quad 1 (lanes 4, 5
  // active, 6, 7 not) is divergent, so its implicit LOD is the unit's default 0 rather than 1.
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 8, 8, R"("levels": 4)"));
  Prog p;
  const DefId x = p.input(0, 1);
  const DefId c = scaled_coord(p, 2.0f / 8);  // LOD 1 in full quads
  IfParts parts = append_if(p.s.body, p.alu(AluOp::flt, {x, p.f(6.0f)}));
  p.b.cursor() = Cursor{parts.then_block, 0};
  const DefId t = TexBuild(TexOp::tex, SamplerDim::Dim2D).src(TexSrcType::coord, c).emit(p);
  p.b.cursor() = Cursor{parts.else_block, 0};
  const DefId z = p.vec({7, 7, 7, 7});
  p.b.cursor() = Cursor{parts.after, 0};
  p.store(phi(p, parts.then_block, t, parts.else_block, z), 0);
  Inputs in = Inputs::quads(0, 0, 2);
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input(lane, 0, {static_cast<float>(lane), 0, 0, 0});
  int requests = 0;
  Options opt;
  opt.on_texture = [&](const TexInstr&, const texunit::Request& rq, const texunit::Response&) {
    ++requests;
    EXPECT_EQ(rq.active, 0x3fu);
  };
  auto r = run(p.s, b, in, opt);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(requests, 1);
  // Quad 0 (pixels (0..1, 0..1)): LOD 1, level 1 texel floor((x + 0.5) / 4 * 4) = x.
  EXPECT_EQ(texel(*r, 1, 0), (U4{1, 0, 0, 1}));
  // Quad 1, pixel (2, 0) / (3, 0): LOD 0 on level 0, texel floor((x + 0.5) * 2 / 8 * 8) = 2x + 1.
  EXPECT_EQ(texel(*r, 4, 0), (U4{5, 1, 0, 1}));
  EXPECT_EQ(texel(*r, 5, 0), (U4{7, 1, 0, 1}));
  EXPECT_EQ(texel(*r, 6, 0), (U4{7, 7, 7, 7}));
}

// ---- Errors ---------------------------------------------------------------------------------------------------

TEST(IrInterpErrors, RefusedTextureForms) {
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 4, 4));
  bind_tex(b, 1, uint_gradient("cube", 2, 2));
  struct Case {
    std::function<void(Prog&)> build;
    std::string message;
  };
  const Case cases[] = {
      {[](Prog& p) {
         TexBuild(TexOp::tex, SamplerDim::Dim2D).src(TexSrcType::coord, p.vec({0, 0})).src(TexSrcType::projector, p.f(2.0f)).emit(p);
       },
       "tex with a projector: run nir_lower_tex with lower_txp first"},
      {[](Prog& p) { TexBuild(TexOp::samples_identical, SamplerDim::MS).src(TexSrcType::coord, p.vec({0, 0})).emit(p); },
       "samples_identical has no SM50 texture instruction"},
      {[](Prog& p) { TexBuild(TexOp::txf_ms_fb, SamplerDim::MS).src(TexSrcType::coord, p.vec({0, 0})).emit(p); },
       "txf_ms_fb (framebuffer fetch) has no SM50 texture instruction"},
      {[](Prog& p) { TexBuild(TexOp::fragment_fetch_amd, SamplerDim::MS).src(TexSrcType::coord, p.vec({0, 0})).emit(p); },
       "fragment_fetch_amd is another vendor's texture op"},
      {[](Prog& p) {
         TexBuild(TexOp::tex, SamplerDim::Dim2D).src(TexSrcType::coord, p.vec({0, 0})).src(TexSrcType::plane, p.i(1)).emit(p);
       },
       "tex with a plane source"},
      {[](Prog& p) {
         TexBuild(TexOp::txd, SamplerDim::Cube).index(1, 1).src(TexSrcType::coord, p.vec({fb(1), 0, 0}))
             .src(TexSrcType::ddx, p.vec({0, 0, 0})).src(TexSrcType::ddy, p.vec({0, 0, 0})).emit(p);
       },
       "txd on a cube map: SM50's TXD has no cube form: run nir_lower_tex with lower_txd_cube_map first"},
      {[](Prog& p) {
         TexBuild(TexOp::tex, SamplerDim::Cube).index(1, 1).src(TexSrcType::coord, p.vec({fb(1), 0, 0}))
             .src(TexSrcType::offset, p.vec({1, 1, 1})).emit(p);
       },
       "offsets on a cube map"},
      {[](Prog& p) {
         TexBuild t(TexOp::txl, SamplerDim::Dim2D);
         t.src(TexSrcType::coord, p.vec({0, 0})).src(TexSrcType::lod, p.f(0.0f)).src(TexSrcType::min_lod, p.f(1.0f)).emit(p);
       },
       "txl with a min_lod source"},
  };
  for (const Case& c : cases) {
    Prog p;
    c.build(p);
    Options no_verify;
    no_verify.verify = false;
    auto r = run(p.s, b, Inputs::quads(), no_verify);
    ASSERT_FALSE(r.ok()) << c.message;
    EXPECT_NE(r.error().find(c.message), std::string::npos) << r.error();
    EXPECT_EQ(r.error().rfind("ssa_", 0), 0u) << r.error();  // names the instruction first
  }
}

TEST(IrInterpErrors, UnboundTextureNamesTheLane) {
  Bindings b;
  bind_tex(b, 0, uint_gradient("2d", 4, 4));
  Prog p;
  const DefId t = TexBuild(TexOp::txs, SamplerDim::Dim2D).index(0, 0).src(TexSrcType::texture_offset, p.input(0, 1))
                      .src(TexSrcType::lod, p.i(0)).emit(p);
  p.store(t, 0);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, {lane == 13 ? 7u : 0u, 0, 0, 0});
  EXPECT_EQ(run_error(p.s, b, in), fmt::format("ssa_{}: lane 13: no texture is bound at index 7", t));
  in.launched = 0xffff00ff;  // lane 13 does not run: no error
  must_run(p.s, b, in);
}

TEST(IrInterpErrors, BadOperandsNameTheLane) {
  Prog p;
  const DefId x = p.input(0, 1);
  const DefId e = p.alu(AluOp::extract_u8, {p.u(0x12345678), x});
  p.store(e, 0);
  Inputs in = Inputs::quads();
  for (unsigned lane = 0; lane < kLanes; ++lane) in.set_input_bits(lane, 0, {lane == 22 ? 4u : 1u, 0, 0, 0});
  EXPECT_EQ(run_error(p.s, no_bindings(), in),
            fmt::format("ssa_{}: lane 22: extract_u8 index 4 is past the 4 8-bit fields of a 32-bit value", e));
  // A lane outside the if that guards it is not an error.
  Prog q;
  const DefId y = q.input(0, 1);
  IfParts parts = append_if(q.s.body, q.alu(AluOp::ult, {y, q.u(4)}));
  q.b.cursor() = Cursor{parts.then_block, 0};
  q.store(q.alu(AluOp::extract_u8, {q.u(0x12345678), y}), 0);
  Outputs o = must_run(q.s, no_bindings(), in);
  EXPECT_EQ(o.u(0, 0, 0), 0x56u);
  EXPECT_EQ(o.slot(22, 0), nullptr);
}

TEST(IrInterpErrors, MissingInputsVerifyAndQuads) {
  Prog p;
  const DefId x = p.input(6, 2);
  p.store(x, 0);
  Inputs in = Inputs::quads();
  EXPECT_EQ(run_error(p.s, no_bindings(), in),
            fmt::format("ssa_{}: load_input: lane 0 has no input slot 6 (Inputs::lanes[0].slots)", x));
  in.launched = 0x000000f8;
  EXPECT_EQ(run_error(p.s, no_bindings(), in),
            "Inputs::launched 0x000000f8 splits quad 0: a quad's four lanes launch together");
  Prog v;
  v.b.alu(AluOp::fadd, {v.f(1.0f), v.f(2.0f)});
  v.s.body[0].block->instrs.back()->as<AluInstr>()->src[1].swizzle[0] = 3;
  EXPECT_NE(run_error(v.s).find("the shader does not verify: ssa_2: source 1 reads component 3 of ssa_1"), std::string::npos);
}

TEST(IrInterpErrors, BindingErrorsNameTheKey) {
  Bindings b;
  auto r = b.bind_json(0, R"({"texture": {"width": 0}})");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("texture.width"), std::string::npos) << r.error();
  r = b.bind_json(0, "{\"texture\": {\"width\": 4,}");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("parse error at line 1"), std::string::npos) << r.error();
  r = b.bind_sampler_json(0, R"({"mag_filter": "cubic"})");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("sampler.mag_filter"), std::string::npos) << r.error();
}

}  // namespace
}  // namespace tmu::ir::interp
