// SPDX-License-Identifier: MIT
// ld and st (PTX ISA "ld", "st") in every space (.param, .const, .global, .shared, .local, generic), in two
// layers: what the instruction's type and vector make of its registers (this file's memory()), and the access of
// raw bits in a space (load_raw / store_raw): some 32-bit words, or one 8- or 16-bit value.
//
// 8- and 16-bit data: a narrow register is a 32-bit value whose high bits mean nothing (function.h). A narrow load
// is zero-extended (LDG.E.U8) and then sign-extended for .s8/.s16; a store keeps the low bits. Vectors of narrow
// values are accessed whole (a .v4.u8 is one 32-bit word, a .v2.u8 one 16-bit value: PTX aligns a vector to its
// size) and split with extract_u8/i8/u16/i16, or packed with shifts and ors before the store, as ptxas reads a
// ld.global.v4.u8 with one LDG.E and BFEs. ld, st and cvt may name registers wider than their type: a load
// extends into them by the type's signedness, a store takes their low bits (PTX ISA "Operand Size Exceeding
// Instruction-Type Size").
#include <fmt/format.h>

#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

namespace {

// The destination of a raw access: its words, or its one 8- or 16-bit value.
void raw_dest(ir::IntrinsicInstr& i, unsigned bits, unsigned count) {
  i.dest.components = static_cast<uint8_t>(count);
  i.dest.bit_size = static_cast<uint8_t>(bits);
}

}  // namespace

DefId FunctionCompiler::extend(DefId v, Type t) {
  const unsigned bits = bit_size(t);
  if (bits >= 32) return v;
  if (kind(t) == Kind::Signed)
    return b().alu(bits == 8 ? AluOp::extract_i8 : AluOp::extract_i16, {v, b().imm_int(0)});
  return b().alu(AluOp::iand, {v, b().imm_int(bits == 8 ? 0xff : 0xffff)});
}

// PTX ISA "Operand Size Exceeding Instruction-Type Size": ld, st and cvt take a register wider than their type,
// of the type's kind (check_register_kind), and a float one only for a .bN type (ptxas refuses st.f32 of an .f64
// register, takes st.b32 of it and st.f32 of a .b64 one).
void FunctionCompiler::check_wider(const Operand& o, Type rt, Type t) const {
  check_register_kind(o, rt, t);
  if (kind(rt) == Kind::Float && kind(t) != Kind::Bits)
    fail(o.loc, fmt::format("Arguments mismatch: {} is a {} register, the instruction needs {}", o.name, name(rt), name(t)));
}

DefId FunctionCompiler::data_value(const Operand& o, Type t) {
  if (o.kind == Operand::Kind::Name && registers_.count(o.name)) {
    const Type rt = register_type(o);
    if (rt != Type::Pred && bit_size(rt) > bit_size(t)) {
      check_wider(o, rt, t);
      const DefId v = value(o, rt);
      return is_64(rt) ? lo(v) : v;
    }
  }
  return value(o, t);
}

void FunctionCompiler::set_data(const Operand& dest, DefId v, Type t) {
  if (dest.kind != Operand::Kind::Name || !registers_.count(dest.name)) return set(dest, v, t);
  const Type rt = register_type(dest);
  if (rt == Type::Pred || bit_size(rt) <= bit_size(t)) return set(dest, v, t);
  check_wider(dest, rt, t);
  if (!is_64(rt)) return set(dest, v, rt);  // a narrow value in a 16- or 32-bit register: already extended
  if (is_64(t)) return set(dest, v, rt);
  const DefId high = kind(t) == Kind::Signed ? b().alu(AluOp::ishr, {v, b().imm_int(31)}) : b().imm_int(0);
  set(dest, wide(v, high), rt);
}

void FunctionCompiler::memory(const Instruction& ins, bool load) {
  expect_operands(ins, 2);
  refuse_unknown(ins, {".param", ".global", ".shared", ".local", ".const", ".v2", ".v4", ".nc", ".ca", ".cg", ".cs",
                       ".lu", ".cv", ".wb", ".wt"});
  const Type t = last_type(ins);
  if (t == Type::Pred) fail(ins.loc, "ld and st do not move predicates");
  const unsigned bits = bit_size(t);
  const unsigned elems = has(ins, ".v4") ? 4 : has(ins, ".v2") ? 2 : 1;
  const unsigned bytes = elems * bits / 8;
  if (bytes > 16) fail(ins.loc, "a load or store of more than 16 bytes");
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
  const Raw raw = bytes < 4 ? Raw{bytes * 8, 1} : Raw{32, bytes / 4};
  const bool narrow = bits < 32;
  const AluOp extract = bits == 8 ? (kind(t) == Kind::Signed ? AluOp::extract_i8 : AluOp::extract_u8)
                                  : (kind(t) == Kind::Signed ? AluOp::extract_i16 : AluOp::extract_u16);

  if (load) {
    const DefId v = load_raw(ins, addr, raw);
    for (unsigned e = 0; e < elems; ++e) {
      DefId x;
      if (!narrow) {
        // A single value is the load itself: a texture object's handle is recognised by where it was loaded from.
        x = elems == 1 ? v : is_64(t) ? b().swizzle(v, {2 * e, 2 * e + 1}) : b().channel(v, e);
      } else if (elems == 1) {
        x = kind(t) == Kind::Signed ? extend(v, t) : v;  // zero-extended by the load
      } else {
        const unsigned bit = e * bits;
        const DefId word = raw.count == 1 ? v : b().channel(v, bit / 32);
        x = b().alu(extract, {word, b().imm_int((bit % 32) / bits)});
      }
      set_data(*regs[e], x, t);
    }
    return;
  }
  std::vector<std::pair<DefId, unsigned>> parts;
  if (!narrow) {
    for (unsigned e = 0; e < elems; ++e) {
      const DefId x = data_value(*regs[e], t);
      parts.emplace_back(x, 0);
      if (is_64(t)) parts.emplace_back(x, 1);
    }
  } else {
    // Each 32-bit word (or the one 16-bit value) of the vector: its elements' low bits shifted into place.
    const unsigned per_word = std::min(elems, 32 / bits);
    for (unsigned w = 0; w * per_word < elems; ++w) {
      DefId word = ir::kNoDef;
      for (unsigned k = 0; k < per_word; ++k) {
        DefId x = data_value(*regs[w * per_word + k], t);
        if (k + 1 < per_word || per_word == 1) x = b().alu(AluOp::iand, {x, b().imm_int((1u << bits) - 1)});
        if (k) x = b().alu(AluOp::ishl, {x, b().imm_int(k * bits)});
        word = k ? b().alu(AluOp::ior, {word, x}) : x;
      }
      parts.emplace_back(word, 0);
    }
  }
  store_raw(ins, addr, raw, parts.size() == 1 ? parts[0].first : b().vec(parts));
}

DefId FunctionCompiler::load_raw(const Instruction& ins, const Operand& addr, Raw raw) {
  const unsigned bytes = raw.count * raw.bits / 8;
  const bool narrow = raw.bits < 32;
  // A narrow intrinsic's value as the compiler's 32-bit form (zero-extended, as the load wrote it).
  auto widen = [&](DefId v) { return narrow ? b().alu(AluOp::u2u32, {v}) : v; };
  if (has(ins, ".param") && is_local_param(addr.name)) {
    // A call sequence's or a .func's parameter: 32-bit words in env_.
    if (narrow) fail(ins.loc, "8- and 16-bit accesses of a .func's or a call's .param variables are not compiled yet");
    const uint32_t size = local_params_.at(addr.name);
    if (addr.offset < 0 || addr.offset % 4 || static_cast<uint64_t>(addr.offset) + bytes > size)
      fail(addr.loc, fmt::format("the access is not whole 32-bit words inside {} ({} bytes)", addr.name, size));
    const unsigned first = static_cast<unsigned>(addr.offset / 4);
    std::vector<std::pair<DefId, unsigned>> words;
    for (unsigned k = 0; k < raw.count; ++k) {
      auto it = env_.find(param_word(addr.name, first + k));
      words.emplace_back(it != env_.end() ? it->second : b().imm_int(0), 0);
    }
    return words.size() == 1 ? words[0].first : b().vec(words);
  }
  if (has(ins, ".param")) {
    auto p = layout_.params.find(addr.name);
    if (p == layout_.params.end()) fail(addr.loc, fmt::format("{} is not a parameter of this kernel", addr.name));
    if (addr.offset < 0 || addr.offset + bytes > p->second.size)
      fail(addr.loc, fmt::format("the load reads outside the parameter {} ({} bytes)", addr.name, p->second.size));
    const unsigned unit = narrow ? raw.bits / 8 : 4;
    if (addr.offset % unit) fail(addr.loc, fmt::format("a parameter load at an offset that is not a multiple of {}", unit));
    // Bank 0 is read in words: a narrow parameter is its word's bits.
    const uint32_t at = p->second.offset + static_cast<uint32_t>(addr.offset);
    ir::IntrinsicInstr i;
    i.op = ir::Intrinsic::load_kernel_input;
    i.dest.components = static_cast<uint8_t>(narrow ? 1 : raw.count);
    i.src = {b().imm_int(0)};
    i.set_index("base", std::to_string(at & ~3u));
    i.set_index("range", std::to_string(p->second.size));
    const DefId v = b().intrinsic(std::move(i));
    if (!narrow) return v;
    return b().alu(raw.bits == 8 ? AluOp::extract_u8 : AluOp::extract_u16, {v, b().imm_int((at % 4) / unit)});
  }
  if (has(ins, ".const")) {
    // [var+k] / [%r+k] / [%rd+k] (an offset in bank 3, from `mov.u64 %rd, var`): load_ubo of bank 3, the
    // constant part in `base` (ptxas: c[0x3][k] operands, LDC R, c[0x3][R+k]).
    std::optional<std::pair<uint32_t, uint32_t>> slot;
    if (auto c = layout_.constants->variables.find(addr.name); c != layout_.constants->variables.end())
      slot = std::pair{c->second.offset, c->second.size};
    const auto a = offset_address(addr, bytes, slot);
    if (!a) fail(addr.loc, fmt::format("{} is not a .const variable or a register", addr.name));
    if (a->base < -0x8000 || a->base > 0xffff) fail(addr.loc, "the address's constant is outside bank 3's 64 KiB");
    ir::IntrinsicInstr i;
    i.op = ir::Intrinsic::load_ubo;
    raw_dest(i, raw.bits, raw.count);
    i.src = {b().imm_int(kConstantBank), a->offset};
    i.set_index("base", std::to_string(a->base));
    return widen(b().intrinsic(std::move(i)));
  }
  ir::IntrinsicInstr i;
  raw_dest(i, raw.bits, raw.count);
  if (has(ins, ".shared") || has(ins, ".local")) {
    const bool shared = has(ins, ".shared");
    const WindowAddress a = window_address(ins, shared ? Space::Shared : Space::Local, addr, bytes);
    i.op = shared ? ir::Intrinsic::load_shared : ir::Intrinsic::load_scratch;
    i.src = {a.offset};
    if (shared) i.set_index("base", std::to_string(a.base));
  } else {  // .global, or no space: a generic address (LD.E resolves the shared and local windows)
    i.op = has(ins, ".global") ? ir::Intrinsic::load_global_2x32 : ir::Intrinsic::load_generic_2x32;
    i.src = {global_address(addr)};
  }
  return widen(b().intrinsic(std::move(i)));
}

void FunctionCompiler::store_raw(const Instruction& ins, const Operand& addr, Raw raw, DefId v) {
  const unsigned bytes = raw.count * raw.bits / 8;
  if (has(ins, ".param") && is_local_param(addr.name)) {
    if (raw.bits < 32) fail(ins.loc, "8- and 16-bit accesses of a .func's or a call's .param variables are not compiled yet");
    const uint32_t size = local_params_.at(addr.name);
    if (addr.offset < 0 || addr.offset % 4 || static_cast<uint64_t>(addr.offset) + bytes > size)
      fail(addr.loc, fmt::format("the access is not whole 32-bit words inside {} ({} bytes)", addr.name, size));
    const unsigned first = static_cast<unsigned>(addr.offset / 4);
    for (unsigned k = 0; k < raw.count; ++k)
      env_[param_word(addr.name, first + k)] = raw.count == 1 ? v : b().channel(v, k);
    return;
  }
  if (has(ins, ".param")) fail(ins.loc, "st.param to a kernel parameter is not compiled (kernels do not write their parameters)");
  if (has(ins, ".const")) fail(ins.loc, "st.const: constant memory is read-only (PTX ISA \"st\")");
  ir::IntrinsicInstr i;
  if (raw.bits < 32) v = b().alu(raw.bits == 8 ? AluOp::u2u8 : AluOp::u2u16, {v});
  DefId address;
  if (has(ins, ".shared") || has(ins, ".local")) {
    const bool shared = has(ins, ".shared");
    const WindowAddress a = window_address(ins, shared ? Space::Shared : Space::Local, addr, bytes);
    i.op = shared ? ir::Intrinsic::store_shared : ir::Intrinsic::store_scratch;
    address = a.offset;
    if (shared) i.set_index("base", std::to_string(a.base));
  } else {
    i.op = has(ins, ".global") ? ir::Intrinsic::store_global_2x32 : ir::Intrinsic::store_generic_2x32;
    address = global_address(addr);
  }
  i.src = {v, address};
  i.set_index("wrmask", std::to_string((1u << raw.count) - 1));
  b().intrinsic(std::move(i));
}

}  // namespace tmu::ptx::to_ir
