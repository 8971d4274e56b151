// SPDX-License-Identifier: MIT
// Shared and local memory (PTX ISA "State Spaces"): `.shared` variables of the module and of the kernel, and
// `.local` variables of the kernel, laid out in declaration order at their alignment in the block's shared window
// and the thread's local window (the sizes go to the cubin: .nv.shared.<k>, EIATTR_FRAME_SIZE). An address is a
// byte offset in the window (`mov.u32 %r, var` / `mov.u64 %rd, var`, as nvcc's %SPL); ld/st.shared and
// ld/st.local become load_shared/store_shared and load_scratch/store_scratch, the constant part of the address in
// their `base` (shared) or added to the offset (local), selected as LDS/STS and LDL/STL (tmu run's windows start at
// 0: docs/run.md).
#include <fmt/format.h>

#include <algorithm>

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
  for (uint64_t d : v.dims) {
    if (d == 0) fail(v.loc, fmt::format("{}: an unsized array (extern .shared) is not compiled yet", v.name));
    n *= d;
  }
  const uint32_t align = v.align ? v.align : std::max(1u, bit_size(v.type) / 8) * (v.vector ? v.vector : 1u);
  uint32_t& end = window_end_[v.space == Space::Shared ? 0 : 1];
  const uint64_t offset = (uint64_t{end} + align - 1) / align * align;
  const uint64_t limit = v.space == Space::Shared ? 48 * 1024 : 512 * 1024;
  if (offset + n > limit)
    fail(v.loc, fmt::format("{}: {} variables need more than {} bytes", v.name, name(v.space), limit));
  window_vars_[v.name] = WindowVariable{v.space, static_cast<uint32_t>(offset), static_cast<uint32_t>(n), &v};
  end = static_cast<uint32_t>(offset + n);
}

void FunctionCompiler::window_access(const Instruction& ins, bool load, Space space,
                                     const std::vector<const Operand*>& regs, const Operand& addr, Type t,
                                     unsigned elems) {
  const unsigned words = elems * (is_64(t) ? 2 : 1);
  // [var+k], [%r+k] (a 32-bit offset) or [%rd+k] (its low half: windows are under 4 GiB).
  int64_t base = addr.offset;
  DefId offset;
  if (auto w = window_vars_.find(addr.name); w != window_vars_.end()) {
    if (w->second.space != space)
      fail(addr.loc, fmt::format("{} is a {} variable, the instruction accesses {}", addr.name, name(w->second.space), name(space)));
    if (addr.offset < 0 || static_cast<uint64_t>(addr.offset) + 4 * words > w->second.size)
      fail(addr.loc, fmt::format("the access is outside {} ({} bytes)", addr.name, w->second.size));
    base += w->second.offset;
    offset = b().imm_int(0);
  } else if (!addr.name.empty() && registers_.count(addr.name)) {
    Operand r = addr;
    r.kind = Operand::Kind::Name;
    const Type rt = register_type(r);
    offset = is_64(rt) ? lo(value(r, Type::U64)) : value(r, Type::U32);
  } else {
    fail(addr.name.empty() ? ins.loc : addr.loc,
         addr.name.empty() ? "an absolute shared or local address is not compiled yet"
                           : fmt::format("{} is not a {} variable or a register", addr.name, name(space)));
  }
  if (base < -0x800000 || base > 0x7fffff) fail(addr.loc, "the address's constant does not fit 24 bits");
  const bool shared = space == Space::Shared;
  if (!shared && base != 0) {  // load_scratch has no base: the constant joins the offset
    offset = b().alu(AluOp::iadd, {offset, b().imm_int(base & 0xffffffff)});
    base = 0;
  }
  ir::IntrinsicInstr i;
  if (load) {
    i.op = shared ? ir::Intrinsic::load_shared : ir::Intrinsic::load_scratch;
    i.dest.components = static_cast<uint8_t>(words);
    i.src = {offset};
  } else {
    std::vector<std::pair<DefId, unsigned>> parts;
    for (unsigned e = 0; e < elems; ++e) {
      const DefId x = value(*regs[e], t);
      parts.emplace_back(x, 0);
      if (is_64(t)) parts.emplace_back(x, 1);
    }
    i.op = shared ? ir::Intrinsic::store_shared : ir::Intrinsic::store_scratch;
    i.src = {parts.size() == 1 ? parts[0].first : b().vec(parts), offset};
    i.set_index("wrmask", std::to_string((1u << words) - 1));
  }
  if (shared) i.set_index("base", std::to_string(base));
  if (!load) {
    b().intrinsic(std::move(i));
    return;
  }
  const DefId v = b().intrinsic(std::move(i));
  for (unsigned e = 0; e < elems; ++e)
    set(*regs[e], elems == 1 ? v : is_64(t) ? b().swizzle(v, {2 * e, 2 * e + 1}) : b().channel(v, e), t);
}

}  // namespace tmu::ptx::to_ir
