// SPDX-License-Identifier: MIT
// Surfaces (PTX ISA "Surface Instructions"): suld.b, sust.b, sust.p and sured as ptxas 11.8 compiles them for
// sm_50, through the IR's surface_load / surface_store / surface_reduce (SULD, SUST, SURED):
//   - the surface: a .surfref's bank-0 word (after the kernel's texture words, in order of first use), a surface
//     object loaded straight from a kernel parameter by the parameter's word, any other object bindless with its
//     low 32 bits (as texture objects, texture.cpp);
//   - coordinates in SULD's order: x, y, then z or the layer (PTX writes .a1d {layer, x} and .a2d {layer, x, y, _});
//     x counts bytes in the .b forms (SULD.D.BA), elements in sust.p and sured.p;
//   - raw data: the elements (.b8-.b64, .v2, .v4) packed into one access of 8 to 128 bits (ptxas: suld.b.v4.b16 is
//     SULD.64, unpacked; 8- and 16-bit elements zero-extended); formatted stores (sust.p) pass their 1, 2 or 4 words
//     with the mask R, RG or RGBA;
//   - the clamp modes: .trap (TRAP), .zero (IGN), .clamp (no modifier);
//   - suq.width and suq.height: TXQ's dimension query.
// sured takes the operations and types ptxas does (its messages for the rest): .b .add (.u32, .s32, .u64), .min and
// .max (.u32, .s32), .and and .or (.b32); .p any of them on .b32, min and max signed by the surface's format (SD32).
#include <fmt/format.h>

#include "ir/tex.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

namespace {

struct Geometry {
  std::string_view ptx, sass;
  unsigned coords;  // in SULD's order
  bool layered;     // PTX writes the layer first
};

constexpr Geometry kGeometries[] = {
    {".1d", "1D", 1, false}, {".2d", "2D", 2, false},       {".3d", "3D", 3, false},
    {".a1d", "1D_ARRAY", 2, true}, {".a2d", "2D_ARRAY", 3, true},
};

}  // namespace

// The surface an instruction names: its bank-0 word (a .surfref, or an object loaded straight from a parameter),
// or else its bindless handle.
FunctionCompiler::SurfaceBinding FunctionCompiler::surface_binding(const Operand& s) {
  if (s.kind != Operand::Kind::Name) fail(s.loc, "the surface is a .surfref or a register holding a surface object");
  if (!registers_.count(s.name)) {
    auto it = layout_.texture_words.find(s.name);
    if (it == layout_.texture_words.end()) fail(s.loc, fmt::format("{} is not a .surfref of the module or a register", s.name));
    return {it->second, b().imm_int(0)};
  }
  const DefId h = value(s, Type::U64);
  if (const auto word = parameter_word(h)) return {*word, b().imm_int(0)};
  return {-1, lo(h)};
}

// suq.width / suq.height: TXQ's dimension query on the surface's header (ptxas: TXQ ... TEX_HEADER_DIMENSION); the
// other queries read the CUDA driver's surface table (ptxas: an LDG from c[0x0][0xc0]) and are refused, as txq's.
void FunctionCompiler::surface_query(const Instruction& ins) {
  refuse_unknown(ins, {".width", ".height", ".depth", ".channel_data_type", ".channel_order", ".array_size",
                       ".memory_layout"});
  expect_operands(ins, 2);
  const bool width = has(ins, ".width");
  if (!width && !has(ins, ".height"))
    fail(ins.loc, "this suq query reads the CUDA driver's surface table (ptxas: an LDG from c[0x0][0xc0]): not "
                  "compiled yet (.width and .height are)");
  const Operand& a = ins.operands[1];
  if (a.kind != Operand::Kind::Address || a.offset != 0) fail(a.loc, "suq takes [surface]");
  Operand s = a;
  s.kind = Operand::Kind::Name;
  const SurfaceBinding bound = surface_binding(s);
  ir::TexInstr t;
  if (bound.slot >= 0) t.texture_index = static_cast<uint32_t>(bound.slot);
  else ir::add_src(t, ir::TexSrcType::texture_handle, bound.handle);
  t.op = ir::TexOp::txs;
  t.sampler_dim = ir::SamplerDim::Dim3D;
  t.dest_type = ir::AluType{ir::BaseType::Int, 32};
  ir::add_src(t, ir::TexSrcType::lod, b().imm_int(0));
  t.dest.components = 3;
  const DefId v = b().tex(std::move(t));
  set(ins.operands[0], b().channel(v, width ? 0 : 1), Type::B32);
}

void FunctionCompiler::surface(const Instruction& ins) {
  const std::string& op = ins.opcode;
  if (op == "suq") return surface_query(ins);
  const bool load = op == "suld", reduce = op == "sured";
  refuse_unknown(ins, {".b", ".p", ".1d", ".2d", ".3d", ".a1d", ".a2d", ".v2", ".v4", ".trap", ".clamp", ".zero", ".ca",
                       ".cg", ".cs", ".cv", ".wb", ".wt", ".add", ".min", ".max", ".and", ".or"});
  const bool formatted = has(ins, ".p");
  if (formatted == has(ins, ".b")) fail(ins.loc, fmt::format("{} takes .b or .p", op));
  const std::string full = op + (formatted ? ".p" : ".b");
  if (load && formatted) fail(ins.loc, "Not a name of any known instruction: 'suld.p'");
  const Geometry* g = nullptr;
  for (const Geometry& c : kGeometries)
    if (has(ins, c.ptx)) g = &c;
  if (!g) fail(ins.loc, fmt::format("{} needs a geometry: .1d, .2d, .3d, .a1d or .a2d", op));
  if (!has(ins, ".trap") && !has(ins, ".clamp") && !has(ins, ".zero"))
    fail(ins.loc, fmt::format("Clamp modifier required for instruction '{}'", full));
  const std::string clamp = has(ins, ".zero") ? "IGN" : has(ins, ".clamp") ? "" : "TRAP";
  const Type t = last_type(ins);
  const unsigned count = has(ins, ".v4") ? 4 : has(ins, ".v2") ? 2 : 1;
  if (reduce && count != 1) fail(ins.loc, "sured takes one value");

  // The operands: suld d, [s, c]; sust [s, c], d; sured [s, c], d.
  expect_operands(ins, 2);
  const Operand& where = ins.operands[load ? 1 : 0];
  const Operand& data = ins.operands[load ? 0 : 1];
  if (where.kind != Operand::Kind::Bracket || where.elems.size() != 2)
    fail(where.loc, fmt::format("{} addresses a surface as [surface, {{coordinates}}]", op));

  ir::IntrinsicInstr i;
  i.op = load ? ir::Intrinsic::surface_load : reduce ? ir::Intrinsic::surface_reduce : ir::Intrinsic::surface_store;
  // The surface.
  const SurfaceBinding bound = surface_binding(where.elems[0]);
  const DefId handle = bound.handle;
  if (bound.slot >= 0) i.set_index("slot", std::to_string(bound.slot));
  // The coordinates, reordered from PTX's (layer first) to SULD's (layer last); .3d and .a2d's fourth is unused.
  const Operand& c = where.elems[1];
  std::vector<const Operand*> given;
  if (c.kind == Operand::Kind::Vector)
    for (const Operand& e : c.elems) given.push_back(&e);
  else
    given.push_back(&c);
  const std::size_t want = g->coords == 3 ? 4 : g->coords;
  if (given.size() != want && !(g->coords == 1 && given.size() == 1))
    fail(c.loc, fmt::format("{} {} takes {} coordinates", op, g->ptx, want));
  std::vector<ir::DefId> xyz;
  for (unsigned k = 0; k < g->coords; ++k) {
    const unsigned from = g->layered ? (k + 1) % g->coords : k;  // {layer, x, y} -> x, y, layer
    xyz.push_back(value(*given[from], Type::S32));
  }
  const DefId coords = xyz.size() == 1 ? xyz[0] : b().vec(xyz);
  i.set_index("dim", std::string(g->sass));
  i.set_index("clamp", clamp);

  if (reduce) {
    // ptxas 11.8's forms (its messages for the others).
    std::string_view rop = has(ins, ".add") ? "ADD" : has(ins, ".min") ? "MIN" : has(ins, ".max") ? "MAX"
                           : has(ins, ".and") ? "AND" : has(ins, ".or") ? "OR" : "";
    if (rop.empty()) fail(ins.loc, "sured needs an operation: .add, .min, .max, .and or .or");
    std::string sass(rop);
    if (formatted) {
      if (t != Type::B32) fail(ins.loc, "Unexpected instruction types specified for 'sured.p'");
      if (rop == "MIN" || rop == "MAX") sass += ".SD32";
    } else {
      const bool arith = rop == "ADD" || rop == "MIN" || rop == "MAX";
      const bool ok = arith ? (t == Type::U32 || t == Type::S32 || (rop == "ADD" && t == Type::U64)) : t == Type::B32;
      if (!ok)
        fail(ins.loc, fmt::format("Incorrect type '{}' for operation '.{}' in instruction 'sured'", name(t),
                                  std::string(rop == "ADD" ? "add" : rop == "MIN" ? "min" : rop == "MAX" ? "max" : rop == "AND" ? "and" : "or")));
      if (t == Type::S32) sass += ".S32";
      if (t == Type::U64) sass += ".U64";
    }
    i.set_index("form", formatted ? "D" : "D.BA");
    i.set_index("op", sass);
    i.src = {handle, coords, value(data, t)};
    b().intrinsic(std::move(i));
    return;
  }

  // Data: the elements, one operand or a braced vector.
  std::vector<const Operand*> elems;
  if (data.kind == Operand::Kind::Vector)
    for (const Operand& e : data.elems) elems.push_back(&e);
  else
    elems.push_back(&data);
  if (elems.size() != count) fail(data.loc, fmt::format("{} {} moves {} values", op, count == 1 ? "without .v2/.v4" : count == 2 ? ".v2" : ".v4", count));
  if (formatted) {
    if (t != Type::B32) fail(ins.loc, "Unexpected instruction types specified for 'sust.p'");
    std::vector<DefId> words;
    for (const Operand* e : elems) words.push_back(data_value(*e, Type::B32));
    i.set_index("form", "P");
    i.set_index("mask", count == 4 ? "RGBA" : count == 2 ? "RG" : "R");
    i.src = {handle, coords, words.size() == 1 ? words[0] : b().vec(words)};
    b().intrinsic(std::move(i));
    return;
  }
  const unsigned bits = bit_size(t);
  if (t != Type::B8 && t != Type::B16 && t != Type::B32 && t != Type::B64)
    fail(ins.loc, fmt::format("Unexpected instruction types specified for '{}'", full));
  const unsigned total = bits * count;
  if (total > 128) fail(ins.loc, "Vector type too large, exceeds 128 bit limit");
  const unsigned nwords = std::max(1u, total / 32);
  i.set_index("form", "D.BA");
  i.set_index("bits", std::to_string(total));
  auto k = [&](int64_t v) { return b().imm_int(v); };
  if (load) {
    i.dest.components = static_cast<uint8_t>(nwords);
    i.src = {handle, coords};
    const DefId v = b().intrinsic(std::move(i));
    for (unsigned e = 0; e < count; ++e) {
      if (elems[e]->kind == Operand::Kind::Sink) continue;
      DefId x;
      if (bits == 64) {
        x = wide(b().channel(v, 2 * e), b().channel(v, 2 * e + 1));
      } else {
        x = nwords == 1 ? v : b().channel(v, e * bits / 32);
        if (bits < 32) {
          const unsigned at = e * bits % 32;
          if (at) x = b().alu(AluOp::ushr, {x, k(at)});
          if (count > 1) x = b().alu(AluOp::iand, {x, k((int64_t{1} << bits) - 1)});
        }
      }
      set_data(*elems[e], x, t);
    }
    return;
  }
  std::vector<DefId> words(nwords, ir::kNoDef);
  for (unsigned e = 0; e < count; ++e) {
    const DefId x = data_value(*elems[e], t);
    if (bits == 64) {
      words[2 * e] = lo(x);
      words[2 * e + 1] = hi(x);
      continue;
    }
    DefId part = count > 1 && bits < 32 ? b().alu(AluOp::iand, {x, k((int64_t{1} << bits) - 1)}) : x;
    const unsigned at = e * bits % 32, w = e * bits / 32;
    if (at) part = b().alu(AluOp::ishl, {part, k(at)});
    words[w] = words[w] == ir::kNoDef ? part : b().alu(AluOp::ior, {words[w], part});
  }
  i.src = {handle, coords, words.size() == 1 ? words[0] : b().vec(words)};
  b().intrinsic(std::move(i));
}

}  // namespace tmu::ptx::to_ir
