// SPDX-License-Identifier: MIT
// Shared and local memory (PTX ISA "State Spaces"): `.shared` variables of the module and of the kernel, and
// `.local` variables of the kernel, laid out in declaration order at their alignment in the block's shared window
// and the thread's local window (the sizes go to the cubin: .nv.shared.<k>, EIATTR_FRAME_SIZE). An address is a
// byte offset in the window (`mov.u32 %r, var` / `mov.u64 %rd, var`, as nvcc's %SPL); ld/st.shared and
// ld/st.local become load_shared/store_shared and load_scratch/store_scratch, the constant part of the address in
// their `base` (shared) or added to the offset (local), selected as LDS/STS and LDL/STL (tmu run's windows start at
// 0: docs/run.md). atom and red on .global and .shared are NIR's global_atomic_*_2x32 / shared_atomic_* (ATOM.E,
// RED.E, ATOMS); bar.sync and membar are control_barrier and the memory barriers (BAR.SYNC, MEMBAR).
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

void FunctionCompiler::declare_window_variable(const Variable& v) {
  if (v.range) fail(v.loc, "a range of shared or local variables is not compiled");
  if (v.has_init) fail(v.loc, "shared and local variables take no initializer");
  if (auto it = window_vars_.find(v.name); it != window_vars_.end()) {
    if (it->second.declaration == &v) return;
    fail(v.loc, fmt::format("{} is declared twice (in the kernel and a .func it calls?)", v.name));
  }
  uint64_t n = std::max(1u, bit_size(v.type) / 8) * (v.vector ? v.vector : 1u);
  const uint32_t align = v.align ? v.align : std::max(1u, bit_size(v.type) / 8) * (v.vector ? v.vector : 1u);
  if (std::find(v.dims.begin(), v.dims.end(), 0) != v.dims.end()) {
    // `.extern .shared .b8 dyn[]`: the block's dynamic shared memory, after the static variables (place_externs).
    if (v.space != Space::Shared || v.dims.size() != 1)
      fail(v.loc, fmt::format("{}: only an extern .shared array may leave its size out", v.name));
    if (externs_placed_) fail(v.loc, fmt::format("{}: an extern .shared array in a called .func is not compiled", v.name));
    window_vars_[v.name] = WindowVariable{v.space, 0, 0, &v};
    externs_.emplace_back(v.name, align);
    return;
  }
  for (uint64_t d : v.dims) n *= d;
  uint32_t& end = window_end_[v.space == Space::Shared ? 0 : 1];
  if (externs_placed_ && v.space == Space::Shared)
    fail(v.loc, fmt::format("{}: a .shared variable of a called .func is not compiled (it would lie in the dynamic "
                            "shared memory, after the kernel's)", v.name));
  const uint64_t offset = (uint64_t{end} + align - 1) / align * align;
  const uint64_t limit = v.space == Space::Shared ? 48 * 1024 : 512 * 1024;
  if (offset + n > limit)
    fail(v.loc, fmt::format("{}: {} variables need more than {} bytes", v.name, name(v.space), limit));
  window_vars_[v.name] = WindowVariable{v.space, static_cast<uint32_t>(offset), static_cast<uint32_t>(n), &v};
  end = static_cast<uint32_t>(offset + n);
}

// The extern .shared arrays, once every static .shared variable of the kernel is placed: all at the end of the
// static ones, aligned (ptxas 11.8: `.shared .b8 tile[128]` then `.extern .shared .align 16 .b8 dyn[]` puts dyn at
// 0x80; the launch's dynamic shared memory follows the static, docs/run.md). Their size is the launch's: accesses
// through them are not bounded here (the executor bounds them by the block's shared memory).
void FunctionCompiler::place_externs() {
  for (const auto& [name, align] : externs_) {
    WindowVariable& w = window_vars_.at(name);
    w.offset = (window_end_[0] + align - 1) / align * align;
    w.size = 48 * 1024 - w.offset;
  }
  externs_placed_ = true;
}

// [var+k] for a variable at `slot` (offset, size): its offset joins k and the access must stay inside it; or
// [%r+k] / [%rd+k]: the register's 32-bit offset (the low half of a 64-bit one: windows and banks are under
// 4 GiB). Nothing for any other name.
std::optional<FunctionCompiler::WindowAddress> FunctionCompiler::offset_address(
    const Operand& addr, unsigned bytes, std::optional<std::pair<uint32_t, uint32_t>> slot) {
  if (slot) {
    if (addr.offset < 0 || static_cast<uint64_t>(addr.offset) + bytes > slot->second)
      fail(addr.loc, fmt::format("the access is outside {} ({} bytes)", addr.name, slot->second));
    return WindowAddress{b().imm_int(0), addr.offset + slot->first};
  }
  if (addr.name.empty() || !registers_.count(addr.name)) return std::nullopt;
  Operand r = addr;
  r.kind = Operand::Kind::Name;
  return WindowAddress{is_64(register_type(r)) ? lo(value(r, Type::U64)) : value(r, Type::U32), addr.offset};
}

FunctionCompiler::WindowAddress FunctionCompiler::window_address(const Instruction& ins, Space space,
                                                                 const Operand& addr, unsigned bytes) {
  std::optional<std::pair<uint32_t, uint32_t>> slot;
  if (auto w = window_vars_.find(addr.name); w != window_vars_.end()) {
    if (w->second.space != space)
      fail(addr.loc, fmt::format("{} is a {} variable, the instruction accesses {}", addr.name, name(w->second.space), name(space)));
    slot = std::pair{w->second.offset, w->second.size};
  }
  const auto a = offset_address(addr, bytes, slot);
  if (!a)
    fail(addr.name.empty() ? ins.loc : addr.loc,
         addr.name.empty() ? "an absolute shared or local address is not compiled yet"
                           : fmt::format("{} is not a {} variable or a register", addr.name, name(space)));
  if (a->base < -0x800000 || a->base > 0x7fffff) fail(addr.loc, "the address's constant does not fit 24 bits");
  if (space == Space::Local && a->base != 0)
    return WindowAddress{b().alu(AluOp::iadd, {a->offset, b().imm_int(a->base & 0xffffffff)}), 0};
  return *a;
}

// cvta.shared / cvta.local: a window offset (a register's low word, or a variable's offset) OR'd with the window's
// base, the high word 0 (ptxas: LOP.OR R, R, c[0x0][0x0] / c[0x0][0x4]); cvta.to.shared / cvta.to.local: the
// generic address's offset in its 16 MiB window (ptxas: LOP.AND with 0xffffff).
void FunctionCompiler::window_cvta(const Instruction& ins, Type t, Space space) {
  const Operand& src = ins.operands[1];
  if (!is_64(t) && t != Type::U32 && t != Type::B32) fail(ins.loc, "cvta takes .u32 or .u64 addresses");
  DefId offset;
  if (src.kind == Operand::Kind::Name && !src.name.empty() && !registers_.count(src.name)) {
    auto w = window_vars_.find(src.name);
    if (has(ins, ".to") || w == window_vars_.end() || w->second.space != space)
      fail(src.loc, fmt::format("{} is not a {} variable or a register", src.name, name(space)));
    offset = b().imm_int(w->second.offset);
  } else {
    const DefId v = value(src, t);
    offset = is_64(t) ? lo(v) : v;
  }
  DefId r;
  if (has(ins, ".to")) {
    r = b().alu(AluOp::iand, {offset, b().imm_int(0xffffff)});
  } else {
    ir::IntrinsicInstr base;
    base.op = space == Space::Shared ? ir::Intrinsic::load_shared_window_base : ir::Intrinsic::load_local_window_base;
    base.dest.components = 1;
    r = b().alu(AluOp::ior, {offset, b().intrinsic(std::move(base))});
  }
  set(ins.operands[0], is_64(t) ? wide(r, b().imm_int(0)) : r, t);
}

namespace {

// Mesa's name for a PTX atom operation on a type, as ptxas 11.8 accepts them for sm_50 (PTX ISA "atom": .add on
// .u32/.s32/.u64/.f32, .min/.max on .u32/.s32/.u64/.s64, .inc/.dec on .u32, the bitwise ones, .exch and .cas on
// .b32/.b64; .f64 adds and scopes need sm_60); empty when ptxas refuses the pair.
std::string_view nir_atomic(std::string_view op, Type t) {
  const bool u32 = t == Type::U32, s32 = t == Type::S32, u64 = t == Type::U64, s64 = t == Type::S64;
  const bool bits = t == Type::B32 || t == Type::B64;
  if (op == ".add") return u32 || s32 || u64 ? "add" : t == Type::F32 ? "fadd" : "";
  if (op == ".min") return u32 || u64 ? "umin" : s32 || s64 ? "imin" : "";
  if (op == ".max") return u32 || u64 ? "umax" : s32 || s64 ? "imax" : "";
  if (op == ".inc") return u32 ? "inc_wrap" : "";
  if (op == ".dec") return u32 ? "dec_wrap" : "";
  if (op == ".and" || op == ".or" || op == ".xor") return bits ? op.substr(1) : "";
  if (op == ".exch") return bits ? "exchange" : "";
  if (op == ".cas") return bits ? "comp_swap" : "";
  return "";
}

constexpr std::string_view kAtomicOps[] = {".add", ".min", ".max", ".inc", ".dec", ".and",
                                           ".or",  ".xor", ".exch", ".cas"};

}  // namespace

// atom.{global,shared,}.op.type d, [a], b [, c] and red.{global,shared,}.op.type [a], b: global_atomic_<op>_2x32
// or shared_atomic_<op> (ATOM.E, RED.E, ATOMS); red's result is not read (selection writes RED / ATOMS with RZ,
// as ptxas does). Without a space the address is generic, and ptxas 11.8 branches on it: a high word that is not
// zero is global (LEA.HI.X's predicate, docs/run.md "Generic addresses"), anything else is the shared window,
// its offset the low 24 bits (ATOMS on LOP32I.AND 0xffffff); so does tmu. Shared atomics that ATOMS does not
// have (f32 add, 64-bit add/min/max/and/or/xor) are a compare-and-swap loop, as ptxas writes them.
void FunctionCompiler::atomic(const Instruction& ins) {
  const bool red = ins.opcode == "red";
  const bool shared = has(ins, ".shared"), global = has(ins, ".global");
  std::string_view op;
  for (std::string_view o : kAtomicOps)
    if (has(ins, o)) op = o;
  if (op.empty()) fail(ins.loc, fmt::format("{} needs an operation (.add, .min, .cas, ...)", ins.opcode));
  refuse_unknown(ins, {".global", ".shared", op});
  const Type t = last_type(ins);
  const std::string_view nir = nir_atomic(op, t);
  if (nir.empty() || (red && op == ".cas"))
    fail(ins.loc, fmt::format("{}{}{} is not an sm_50 atomic (PTX ISA \"atom\")", ins.opcode, op, name(t)));
  const std::size_t data_count = op == ".cas" ? 2 : 1;
  expect_operands(ins, (red ? 1 : 2) + data_count);
  const Operand& addr = ins.operands[red ? 0 : 1];
  if (addr.kind != Operand::Kind::Address) fail(addr.loc, "the address must be written in brackets");
  const unsigned bytes = is_64(t) ? 8 : 4;

  std::optional<WindowAddress> window;
  DefId address = ir::kNoDef;
  if (shared) window = window_address(ins, Space::Shared, addr, bytes);
  else address = global_address(addr);
  AtomicForm a{op, nir, t, {}};
  for (std::size_t k = 0; k < data_count; ++k) a.data.push_back(value(ins.operands[(red ? 1 : 2) + k], t));
  DefId old;
  if (shared) {
    old = shared_atomic(a, *window);
  } else if (global) {
    old = global_atomic(a, address);
  } else {
    // Each side names its old value in the register environment, so that the if joins them with a phi.
    const std::string joined = "%%generic_atomic";
    const DefId is_global = b().alu(AluOp::ine, {hi(address), b().imm_int(0)});
    emit_if(is_global, [&] { env_[joined] = global_atomic(a, address); },
            [&] {
              const DefId offset = b().alu(AluOp::iand, {lo(address), b().imm_int(0xffffff)});
              env_[joined] = shared_atomic(a, WindowAddress{offset, 0});
            });
    old = env_.at(joined);
    env_.erase(joined);
  }
  if (!red) set(ins.operands[0], old, t);
}

DefId FunctionCompiler::global_atomic(const AtomicForm& a, DefId address) {
  ir::IntrinsicInstr i;
  i.op = *ir::parse_intrinsic(fmt::format("global_atomic_{}_2x32", a.nir));
  i.dest.components = static_cast<uint8_t>(is_64(a.t) ? 2 : 1);
  i.src = {address};
  i.src.insert(i.src.end(), a.data.begin(), a.data.end());
  return b().intrinsic(std::move(i));
}

DefId FunctionCompiler::shared_atomic(const AtomicForm& a, const WindowAddress& at) {
  const bool wide64 = is_64(a.t);
  auto intrinsic = [&](std::string_view nir, std::vector<DefId> data) {
    ir::IntrinsicInstr i;
    i.op = *ir::parse_intrinsic(fmt::format("shared_atomic_{}", nir));
    i.dest.components = static_cast<uint8_t>(wide64 ? 2 : 1);
    i.src = {at.offset};
    i.src.insert(i.src.end(), data.begin(), data.end());
    i.set_index("base", std::to_string(at.base));
    return b().intrinsic(std::move(i));
  };
  if (a.t != Type::F32 && (!wide64 || a.op == ".exch" || a.op == ".cas")) return intrinsic(a.nir, a.data);

  // ptxas 11.8's loop, which tmu follows step for step (the old value each thread gets depends on it): LDS the
  // old value; then ATOMS.CAS(old, op(old, b)) until the swap finds the value it expected (compared as bits: a NaN
  // ends the loop too), expecting what the failed swap found in the next round; min/max leave the loop without a
  // write once old already wins (old <= b for min, old >= b for max).
  const std::string carried = "%%atomic_old";
  ir::IntrinsicInstr load;
  load.op = ir::Intrinsic::load_shared;
  load.dest.components = static_cast<uint8_t>(wide64 ? 2 : 1);
  load.dest.bit_size = 32;
  load.src = {at.offset};
  load.set_index("base", std::to_string(at.base));
  env_[carried] = b().intrinsic(std::move(load));
  auto equal = [&](DefId x, DefId y) { return wide64 ? equal64(x, y) : b().alu(AluOp::ieq, {x, y}); };
  emit_retry_loop(carried, [&] {
    const DefId old = env_.at(carried);
    const bool min = a.op == ".min", max = a.op == ".max";
    if (min || max) {
      const DefId below = less64(old, a.data[0], kind(a.t) == Kind::Signed);
      const DefId wins = min ? b().alu(AluOp::ior, {below, equal(old, a.data[0])}) : b().alu(AluOp::inot, {below});
      emit_if(wins, [&] { emit_jump(ir::JumpKind::Break); }, [] {});
    }
    const DefId seen = intrinsic("comp_swap", {old, min || max ? a.data[0] : atomic_combine(a, old)});
    emit_if(equal(seen, old), [&] { emit_jump(ir::JumpKind::Break); }, [] {});
    env_[carried] = seen;
  });
  const DefId old = env_.at(carried);
  env_.erase(carried);
  return old;
}

// The value a CAS loop writes over `old` (PTX ISA "atom" on (old, b)) for the operations other than min and max:
// f32 add is ptxas's FADD (round to nearest; denormals as the kernel's mode, where PTX says .ftz), 64-bit values
// are (lo, hi) pairs.
DefId FunctionCompiler::atomic_combine(const AtomicForm& a, DefId old) {
  const DefId v = a.data.at(0);
  if (a.t == Type::F32) return b().alu(AluOp::fadd, {old, v});
  if (a.op == ".add") return add64(old, v);
  const AluOp bit = a.op == ".and" ? AluOp::iand : a.op == ".or" ? AluOp::ior : AluOp::ixor;
  return wide(b().alu(bit, {lo(old), lo(v)}), b().alu(bit, {hi(old), hi(v)}));
}

// PTX ISA "bar, barrier" and "membar", checked and compiled as ptxas 11.8 does for sm_50 (its messages first):
// - bar.sync / barrier.sync a[, b]: control_barrier with constant operands (BAR.SYNC a[, b]), bar_sync with a
//   register among them (BAR.SYNC R0[, R2]);
// - bar.arrive / barrier.arrive a, b: bar_arrive (BAR.ARV; b is required and not 0);
// - bar.red.popc.u32 d, a[, b], {!}c and bar.red.and/.or.pred: bar_red_popc/_and/_or (BAR.RED then B2R.RESULT);
//   a constant c is true when not 0 (ptxas: PT);
// each followed by the block's memory ordering the PTX ISA gives barriers (ptxas: MEMBAR.CTA after each BAR).
// Barrier numbers are 0..15 (SHF_BARRIERS counts up to the highest, 16 when one is in a register); a constant
// thread count is a multiple of 32 and taken modulo 4096 (BAR's 12-bit field: ptxas writes 4128 as 0x20, 4096
// as no count). barrier.* takes .aligned (bar is barrier.aligned) and .cta.
// membar.cta / .gl / .sys: group_memory_barrier, memory_barrier, memory_barrier_system (MEMBAR.CTA,
// MEMBAR.GL.IVALLD, MEMBAR.SYS.IVALLD). fence needs sm_70.
void FunctionCompiler::barrier(const Instruction& ins) {
  const std::string& op = ins.opcode;
  ir::IntrinsicInstr i;
  if (op == "fence") fail(ins.loc, "Feature 'fence instruction' requires .target sm_70 or higher");
  if (op == "membar") {
    if (has(ins, ".proxy")) fail(ins.loc, "Feature 'membar.proxy' requires .target sm_60 or higher");
    int levels = 0;
    for (const Modifier& m : ins.mods) {
      if (m.text == ".cta" || m.text == ".gl" || m.text == ".sys") {
        if (++levels > 1) fail(m.loc, "Multiple scope modifiers specified");
      } else {
        fail(m.loc, fmt::format("Illegal modifier '{}' for instruction 'membar'", m.text));
      }
    }
    if (levels == 0) fail(ins.loc, "Membar level required for instruction 'membar': .cta, .gl or .sys");
    if (!ins.operands.empty()) fail(ins.loc, "Arguments mismatch for instruction 'membar': it takes no operands");
    i.op = has(ins, ".cta") ? ir::Intrinsic::group_memory_barrier
           : has(ins, ".gl") ? ir::Intrinsic::memory_barrier
                             : ir::Intrinsic::memory_barrier_system;
    b().intrinsic(std::move(i));
    return;
  }

  // The mode (.sync, .arrive, .red) and, for .red, the operation and its type.
  std::string_view mode, reduction;
  std::optional<Type> type;
  for (const Modifier& m : ins.mods) {
    if (m.text == ".sync" || m.text == ".arrive" || m.text == ".red") {
      if (!mode.empty()) fail(m.loc, fmt::format("Unknown modifier '{}': {} has {} already", m.text, op, mode));
      mode = m.text;
    } else if (m.text == ".popc" || m.text == ".and" || m.text == ".or") {
      if (!reduction.empty()) fail(m.loc, "Multiple instruction post-operation flags set");
      reduction = m.text;
    } else if (auto t = parse_type(m.text)) {
      type = *t;
    } else if (op != "barrier" || (m.text != ".aligned" && m.text != ".cta")) {
      fail(m.loc, fmt::format("Illegal modifier '{}' for instruction '{}'", m.text, op));
    }
  }
  if (mode.empty()) fail(ins.loc, fmt::format("Barrier modifier required for instruction '{}': .sync, .arrive or .red", op));
  const std::string what = fmt::format("{}{}", op, mode);
  const bool red = mode == ".red";
  if (red && reduction.empty()) fail(ins.loc, fmt::format("Reduction operation is required for instruction '{}': .popc, .and or .or", what));
  if (!red && !reduction.empty()) fail(ins.loc, fmt::format("Illegal modifier '{}' for instruction '{}'", reduction, what));
  if (red && !type) fail(ins.loc, fmt::format("Unexpected instruction types specified for '{}': .popc takes .u32, .and and .or .pred", what));
  if (!red && type) fail(ins.loc, fmt::format("Unexpected instruction types specified for '{}'", what));
  if (red && reduction == ".popc" && *type != Type::U32) fail(ins.loc, "Operation requires .u32 type");
  if (red && reduction != ".popc" && *type != Type::Pred) fail(ins.loc, "Operation requires .pred type");

  // Operands: [d,] a[, b][, c].
  const std::size_t first = red ? 1 : 0, least = red ? 3 : 1, most = red ? 4 : 2;
  if (ins.operands.size() < least || ins.operands.size() > most)
    fail(ins.loc, fmt::format("Arguments mismatch for instruction '{}': it takes {} to {} operands", what, least, most));
  const Operand& a = ins.operands[first];
  const Operand* count = ins.operands.size() == most ? &ins.operands[first + 1] : nullptr;
  auto integer = [&](const Operand& o) {
    if (o.kind == Operand::Kind::Int) return b().imm_int(static_cast<int64_t>(o.int_value & 0xffffffffu));
    if (o.kind != Operand::Kind::Name || o.negated)
      fail(o.loc, fmt::format("Arguments mismatch for instruction '{}': a barrier number or thread count is a 32-bit "
                              "register or a constant", what));
    return value(o, Type::U32);
  };
  bool constants = a.kind == Operand::Kind::Int;
  if (a.kind == Operand::Kind::Int && a.int_value > 15)
    fail(a.loc, fmt::format("Barrier number '{}' out of range, expected to be in range [0..15]", a.int_value));
  const ir::DefId barrier = integer(a);
  barriers_ = std::max(barriers_, a.kind == Operand::Kind::Int ? static_cast<unsigned>(a.int_value) + 1 : 16u);
  ir::DefId threads = ir::kNoDef;
  uint64_t threads_constant = 0;
  if (count && count->kind == Operand::Kind::Int) {
    if (count->int_value % 32) fail(count->loc, "Number of threads participating in barrier must be in multiple of warp size");
    threads_constant = count->int_value & 0xfff;
    threads = b().imm_int(static_cast<int64_t>(threads_constant));
  } else if (count) {
    constants = false;
    threads = integer(*count);
  } else {
    threads = b().imm_int(0);
  }
  if (mode == ".arrive" && (!count || (count->kind == Operand::Kind::Int && count->int_value == 0)))
    fail(count ? count->loc : ins.loc, fmt::format("Instruction '{}' requires a non-zero thread count argument", what));

  if (mode == ".sync" && constants) {  // control_barrier, as before: BAR.SYNC a[, b]
    i.op = ir::Intrinsic::control_barrier;
    i.set_index("base", std::to_string(a.int_value));
    if (threads_constant) i.set_index("range", std::to_string(threads_constant));
  } else {
    i.op = mode == ".sync"     ? ir::Intrinsic::bar_sync
           : mode == ".arrive" ? ir::Intrinsic::bar_arrive
           : reduction == ".popc" ? ir::Intrinsic::bar_red_popc
           : reduction == ".and"  ? ir::Intrinsic::bar_red_and
                                  : ir::Intrinsic::bar_red_or;
    i.src = {barrier, threads};
    if (red) {
      const Operand& c = ins.operands.back();
      if (c.kind == Operand::Kind::Int) {
        i.src.push_back(b().imm_int(c.int_value != 0, 1));
      } else {
        if (c.kind != Operand::Kind::Name || register_type(c) != Type::Pred)
          fail(c.loc, fmt::format("Arguments mismatch for instruction '{}': the last operand is a predicate", what));
        i.src.push_back(value(c, Type::Pred));
      }
      const Operand& d = ins.operands[0];
      if (d.kind == Operand::Kind::Sink) fail(d.loc, fmt::format("Result discard mode is not allowed for instruction '{}'", what));
      if (d.kind != Operand::Kind::Name || d.negated || (register_type(d) == Type::Pred) != (*type == Type::Pred) ||
          bit_size(register_type(d)) != bit_size(*type))
        fail(d.loc, fmt::format("Arguments mismatch for instruction '{}': the destination is a {} register", what, name(*type)));
      i.dest.bit_size = reduction == ".popc" ? 32 : 1;
    }
  }
  const ir::DefId result = b().intrinsic(std::move(i));
  if (red) set(ins.operands[0], result, *type);
  ir::IntrinsicInstr fence;
  fence.op = ir::Intrinsic::group_memory_barrier;
  b().intrinsic(std::move(fence));
}

namespace {

// Places v in `out` at its alignment (after what is there), its initializer's values little-endian, zeros
// elsewhere; the section is aligned as its most aligned variable and ends with the last one.
void place(ConstantLayout& out, const Variable& v, uint64_t limit, std::string_view what) {
  if (v.range) fail(v.loc, fmt::format("a range of {} variables is not compiled", what));
  const uint32_t elem = std::max(1u, bit_size(v.type) / 8);
  uint64_t count = v.vector ? v.vector : 1;
  for (uint64_t d : v.dims) count *= d ? d : std::max<uint64_t>(1, v.init.size());
  const uint32_t align = v.align ? v.align : elem * (v.vector ? v.vector : 1u);
  const uint64_t offset = (out.bytes.size() + align - 1) / align * align;
  const uint64_t size = count * elem;
  if (offset + size > limit) fail(v.loc, fmt::format("{}: {} variables need more than {} bytes", v.name, what, limit));
  if (v.init.size() > count) fail(v.loc, fmt::format("{}: more initializers than elements", v.name));
  out.bytes.resize(offset + size);
  for (std::size_t k = 0; k < v.init.size(); ++k) {
    const Operand& x = v.init[k];
    if (x.kind != Operand::Kind::Int && x.kind != Operand::Kind::Float)
      fail(x.loc, fmt::format("only numbers initialize {} variables (not addresses or expressions)", what));
    uint64_t bits = x.kind == Operand::Kind::Int ? x.int_value : x.float_bits;
    if (x.kind == Operand::Kind::Float && !x.is_f32 && elem == 4)  // 1.5 in an .f32: the double, rounded
      bits = std::bit_cast<uint32_t>(static_cast<float>(std::bit_cast<double>(bits)));
    for (uint32_t byte = 0; byte < elem; ++byte)
      out.bytes[offset + k * elem + byte] = static_cast<std::byte>(bits >> (8 * byte));
  }
  out.align = std::max(out.align, align);
  out.variables[v.name] = {static_cast<uint32_t>(offset), static_cast<uint32_t>(size)};
  out.order.push_back(v.name);
}

}  // namespace

// Module-scope .const variables in constant bank 3, as ptxas 11.8 lays out .nv.constant3 (cuobjdump -elf of its
// cubins): declaration order, each at its alignment.
ConstantLayout constant_layout(const Module& m) {
  ConstantLayout out;
  for (const Variable& v : m.variables)
    if (v.space == Space::Const) place(out, v, 0x10000, ".const (bank 3 holds 64 KiB)");
  return out;
}

// Module-scope .global variables, as ptxas 11.8 lays them out (readelf -s of its cubins): initialized ones in
// .nv.global.init, the others in .nv.global, each section's variables by alignment, the most aligned first,
// ties in declaration order (ptxas orders ties its own way, which no address a kernel computes depends on).
GlobalLayout global_layout(const Module& m) {
  GlobalLayout out;
  out.init.align = out.zero.align = 1;
  std::vector<const Variable*> vars;
  for (const Variable& v : m.variables) {
    if (v.space != Space::Global) continue;
    if (v.linkage == Linkage::Extern)
      fail(v.loc, fmt::format("{}: an .extern .global variable is defined in another module (tmu ptxas does not link)", v.name));
    vars.push_back(&v);
  }
  auto align_of = [](const Variable* v) {
    return v->align ? v->align : std::max(1u, bit_size(v->type) / 8) * (v->vector ? v->vector : 1u);
  };
  std::stable_sort(vars.begin(), vars.end(), [&](const Variable* a, const Variable* b) { return align_of(a) > align_of(b); });
  for (const Variable* v : vars)
    place(v->has_init ? out.init : out.zero, *v, uint64_t{1} << 32, ".global");
  return out;
}

}  // namespace tmu::ptx::to_ir
