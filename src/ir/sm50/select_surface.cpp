// SPDX-License-Identifier: MIT
// Selection of tmu's surface intrinsics (intrinsics.inc: surface_load, surface_store, surface_reduce, PTX's suld,
// sust and sured) as ptxas 11.8 spells them for sm_50:
//   SULD.D.BA.2D.U8.IGN Rd, [Ra], 0x52        a raw load of a bound surface (the bank-0 word 0x52)
//   SULD.D.BA.2D.128 Rd, [Ra], Rc             ... of a bindless one (Rc its handle)
//   SUST.D.BA.1D_ARRAY.U16.TRAP [Ra], Rb, 0x55  SUST.P.3D.R.TRAP [Ra], Rb, 0x55
//   SURED.D.BA.1D.ADD.U64.TRAP [Ra], Rb, 0x55   SURED.D.1D.MIN.SD32.TRAP [Ra], Rb, 0x50
// Ra..Ra+2 hold the coordinates, Rd and Rb the data in consecutive registers (aligned for 64 and 128 bits), as the
// executor reads them (exec/ops_surface.cpp).
#include <fmt/format.h>

#include "ir/sm50/select_internal.h"

namespace tmu::ir::sm50::detail {
namespace {

std::string text_index(const IntrinsicInstr& n, std::string_view key) {
  for (const auto& [k, v] : n.indices)
    if (k == key) return v;
  return "";
}

}  // namespace

bool select_surface(Selector& sel, const Instr& i, const IntrinsicInstr& n) {
  if (n.op != Intrinsic::surface_load && n.op != Intrinsic::surface_store && n.op != Intrinsic::surface_reduce)
    return false;
  const int64_t slot = n.index("slot").value_or(-1);
  const std::string form = text_index(n, "form"), dim = text_index(n, "dim"), clamp = text_index(n, "clamp");
  if (form != "D.BA" && form != "D" && form != "P") sel.fail(i, fmt::format("{}: form={} (D.BA, D or P)", name(n.op), form));
  if (slot > 0xfff) sel.fail(i, fmt::format("{}: slot {:#x} is past the 12-bit index", name(n.op), slot));
  const std::string surface = slot >= 0 ? fmt::format("{:#x}", slot) : sel.r(n.src[0]);
  const unsigned coords = sel.words(n.src[1]);
  if (coords < 1 || coords > 3) sel.fail(i, fmt::format("{}: {} coordinates (1-3)", name(n.op), coords));
  const std::string ra = sel.aligned_block(n.src[1], coords);
  const std::string tail = clamp.empty() ? "" : "." + clamp;
  auto size = [&](unsigned bits) -> std::string {
    switch (bits) {
      case 8: return ".U8";
      case 16: return ".U16";
      case 32: return "";
      case 64: return ".64";
      case 128: return ".128";
      default: sel.fail(i, fmt::format("{}: bits={} (8, 16, 32, 64 or 128)", name(n.op), bits));
    }
  };
  if (n.op == Intrinsic::surface_load) {
    const auto bits = static_cast<unsigned>(n.index("bits").value_or(32));
    const std::string sz = size(bits);
    if (n.dest.components != std::max(1u, bits / 32))
      sel.fail(i, fmt::format("surface_load of {} bits has {} words", bits, n.dest.components));
    sel.emit(fmt::format("SULD.{}.{}{}{} {}, [{}], {}", form, dim, sz, tail, sel.reg(sel.dest(n.dest)), ra, surface));
    return true;
  }
  const unsigned words = sel.words(n.src[2]);
  const std::string rb = sel.aligned_block(n.src[2], words);
  if (n.op == Intrinsic::surface_reduce) {
    sel.emit(fmt::format("SURED.{}.{}.{}{} [{}], {}, {}", form, dim, text_index(n, "op"), tail, ra, rb, surface));
    return true;
  }
  if (form == "P") {
    const std::string mask = text_index(n, "mask");
    sel.emit(fmt::format("SUST.P.{}{}{} [{}], {}, {}", dim, mask == "RGBA" ? "" : "." + mask, tail, ra, rb, surface));
    return true;
  }
  sel.emit(fmt::format("SUST.{}.{}{}{} [{}], {}, {}", form, dim, size(static_cast<unsigned>(n.index("bits").value_or(32))),
                       tail, ra, rb, surface));
  return true;
}

}  // namespace tmu::ir::sm50::detail
