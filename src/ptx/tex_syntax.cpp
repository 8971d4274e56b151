// SPDX-License-Identifier: MIT
#include "ptx/tex_syntax.h"

#include <fmt/format.h>

#include <array>

#include "ptx/module.h"

namespace tmu::ptx {
namespace {

struct GeometryRow {
  std::string_view name;
  Geometry geometry;
  unsigned coords, gradients, offsets;
  int array_index;
};
// Seed 004: c is a scalar or singleton for 1d, two elements for 2d and a1d, four (one of them ignored) for 3d,
// a2d, cube, acube, 2dms and a2dms; dPdx/dPdy are singletons for 1d/a1d, pairs for 2d/a2d, four elements for
// 3d/cube/acube; e has one element for 1d/a1d, two for 2d/a2d/2dms/a2dms, four for 3d and none for cube maps.
// a2dms's first element is the sample number and its second the array index (lowering-facts.md 3.3).
constexpr std::array<GeometryRow, 9> kGeometries{{
    {".1d", {tex::Dim::Tex1D, false}, 1, 1, 1, -1},
    {".2d", {tex::Dim::Tex2D, false}, 2, 2, 2, -1},
    {".3d", {tex::Dim::Tex3D, false}, 4, 4, 4, -1},
    {".a1d", {tex::Dim::Array1D, false}, 2, 1, 1, 0},
    {".a2d", {tex::Dim::Array2D, false}, 4, 2, 2, 0},
    {".cube", {tex::Dim::Cube, false}, 4, 4, 0, -1},
    {".acube", {tex::Dim::ArrayCube, false}, 4, 4, 0, 0},
    {".2dms", {tex::Dim::Tex2D, true}, 4, 0, 2, -1},
    {".a2dms", {tex::Dim::Array2D, true}, 4, 0, 2, 1},
}};

const GeometryRow& row(Geometry g) {
  for (const GeometryRow& r : kGeometries)
    if (r.geometry == g) return r;
  return kGeometries[1];
}

constexpr std::array<std::string_view, 14> kQueries{
    ".width", ".height", ".depth", ".channel_data_type", ".channel_order", ".normalized_coords", ".array_size",
    ".num_mipmap_levels", ".num_samples", ".force_unnormalized_coords", ".filter_mode", ".addr_mode_0",
    ".addr_mode_1", ".addr_mode_2"};

std::string element_list(unsigned n) {
  return n == 1 ? "one element" : fmt::format("{} elements", n);
}

// Reads one texture statement; every failure is a message at a location.
class TexReader {
 public:
  TexReader(const Instruction& ins, const SymbolLookup& lookup, const TexTarget& target, std::string_view file)
      : ins_(ins), lookup_(lookup), sm_(target.sm), independent_(target.texmode_independent), file_(file) {}

  Result<TextureInstruction> run() {
    std::optional<TextureInstruction> out;
    if (ins_.opcode == "tex") out = tex();
    else if (ins_.opcode == "tld4") out = tld4();
    else out = txq();
    if (!out) return make_error(error_);
    return std::move(*out);
  }

 private:
  bool fail(Loc at, std::string what) {
    if (error_.empty()) error_ = fmt::format("{}:{}:{}: {}", file_, at.line, at.col, what);
    return false;
  }
  // The instruction's name as ptxas quotes it: "tex", "tex.level".
  std::string quoted_name(MipMode mip) const {
    switch (mip) {
      case MipMode::None: return ins_.opcode;
      case MipMode::Base: return ins_.opcode + ".base";
      case MipMode::Level: return ins_.opcode + ".level";
      case MipMode::Grad: return ins_.opcode + ".grad";
    }
    return ins_.opcode;
  }
  Loc end_loc() const { return ins_.operands.empty() ? ins_.loc : ins_.operands.back().loc; }

  // The modifiers in the order the seed's syntax writes them; `i` advances past each one read.
  const Modifier* mod(size_t i) const { return i < ins_.mods.size() ? &ins_.mods[i] : nullptr; }

  bool geometry(size_t& i, Geometry& g, std::string_view allowed) {
    const Modifier* m = mod(i);
    if (!m) return fail(ins_.loc, fmt::format("instruction '{}' needs a geometry: expected one of {}", ins_.opcode, allowed));
    const auto parsed = parse_geometry(m->text);
    if (!parsed) return fail(m->loc, fmt::format("unknown modifier '{}' for instruction '{}': expected a geometry, one of {}", m->text, ins_.opcode, allowed));
    g = *parsed;
    ++i;
    return true;
  }

  // .v4.dtype (or .v2.f16x2 for tex) and the coordinate type.
  bool types(size_t& i, unsigned& dest_size, Type& dtype, Type& ctype, bool f16x2_allowed) {
    const Modifier* v = mod(i);
    if (!v || (v->text != ".v4" && !(f16x2_allowed && v->text == ".v2")))
      return fail(v ? v->loc : ins_.loc, fmt::format("instruction '{}' needs {} after the geometry{}", ins_.opcode,
                                                     f16x2_allowed ? ".v4 (or .v2 with .f16x2)" : ".v4",
                                                     v ? fmt::format(", not '{}'", v->text) : ""));
    dest_size = v->text == ".v4" ? 4 : 2;
    ++i;
    const Modifier* d = mod(i);
    const auto dt = d ? parse_type(d->text) : std::nullopt;
    if (!dt) return fail(d ? d->loc : ins_.loc, fmt::format("instruction '{}' needs the destination type after {}: expected {}", ins_.opcode, v->text, dest_size == 2 ? ".f16x2" : ".u32, .s32, .f16 or .f32"));
    ++i;
    const Modifier* c = mod(i);
    const auto ct = c ? parse_type(c->text) : std::nullopt;
    if (!ct) return fail(c ? c->loc : ins_.loc, fmt::format("instruction '{}' needs the coordinate type after {}: expected .s32 or .f32", ins_.opcode, d->text));
    ++i;
    if (const Modifier* extra = mod(i))
      return fail(extra->loc, fmt::format("unexpected modifier '{}' after the coordinate type of instruction '{}'", extra->text, ins_.opcode));
    dtype = *dt;
    ctype = *ct;
    if (dest_size == 2 && dtype != Type::F16x2)
      return fail(d->loc, fmt::format("instruction '{}' with .v2 needs the destination type .f16x2, not '{}'", ins_.opcode, d->text));
    if (dest_size == 4 && dtype == Type::F16x2)
      return fail(d->loc, fmt::format("instruction '{}': .f16x2 returns two elements: expected .v2.f16x2", ins_.opcode));
    return true;
  }

  // d or d|p: the destination vector and the residency predicate.
  bool destination(const Operand& op, unsigned size, std::vector<Operand>& dest, std::optional<Operand>& pred) {
    const Operand* vec = &op;
    if (op.kind == Operand::Kind::Pair) {
      vec = &op.elems[0];
      const Operand& p = op.elems[1];
      if (p.kind != Operand::Kind::Name || p.negated)
        return fail(p.loc, "the residency predicate after '|' must be a predicate register");
      pred = p;
    }
    if (vec->kind != Operand::Kind::Vector)
      return fail(vec->loc, fmt::format("instruction '{}' writes a vector: expected {{d0, ...}} with {}", ins_.opcode, element_list(size)));
    if (vec->elems.size() != size)
      return fail(vec->loc, fmt::format("Operand vector size doesn't match instruction type for instruction '{}': the destination has {}, expected {}", ins_.opcode, element_list(static_cast<unsigned>(vec->elems.size())), size));
    for (const Operand& e : vec->elems)
      if (e.kind != Operand::Kind::Name && e.kind != Operand::Kind::Sink)
        return fail(e.loc, "a destination element must be a register or _");
    dest = vec->elems;
    return true;
  }

  // The texture (argument 1) or sampler (argument 2 of tex/tld4, 1 of a sampler query) operand; ptxas's
  // messages for the wrong kind of name and for a register of the wrong size.
  bool texture_ref(const Operand& op, bool sampler, int argument, TextureRef& out, std::string_view iname = {}) {
    const char* kind_name = sampler ? ".samplerref" : ".texref";
    if (iname.empty()) iname = ins_.opcode;
    const std::string wrong = fmt::format("Argument {} of instruction '{}': {} or .u64 register expected", argument, iname, kind_name);
    if (op.kind != Operand::Kind::Name || op.negated || op.component != 0) return fail(op.loc, wrong);
    const auto s = lookup_(op.name);
    if (!s) return fail(op.loc, fmt::format("Unknown symbol '{}': expected a declared {} or a .u64 register", op.name, kind_name));
    const bool is_reg = s->what == SymbolInfo::What::Register;
    const SymbolInfo::What want = sampler ? SymbolInfo::What::Samplerref : SymbolInfo::What::Texref;
    // In unified mode the sampler operand is hardly looked at: ptxas 11.8 accepts a texref there, [t, t, {c}],
    // and a 64-bit variable (another size is an argument mismatch).
    if (sampler && !independent_ && (s->what == SymbolInfo::What::Variable || s->what == SymbolInfo::What::Param)) {
      if (bit_size(s->type) != 64)
        return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': '{}' is a {} variable, a handle is 64 bits", iname, op.name, name(s->type)));
      out = {op.name, op.loc, false};
      return true;
    }
    const bool texref_as_sampler = sampler && !independent_ && s->what == SymbolInfo::What::Texref;
    if (is_reg) {
      if (bit_size(s->type) != 64 || kind(s->type) == Kind::Float)
        return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': '{}' is a {} register, a handle is a .u64 register", iname, op.name, name(s->type)));
    } else if (s->what != want && !texref_as_sampler) {
      return fail(op.loc, fmt::format("{} ('{}' is not a {})", wrong, op.name, kind_name));
    }
    out = {op.name, op.loc, is_reg};
    return true;
  }

  // ptxas's operand type rules, as ptxas 11.8 applied them: every register of a texture instruction is 32 bits
  // (a .f16 result's are 16), and an integer operand (offsets, .s32 coordinates, .u32/.s32 results) is no
  // floating-point register; offsets are no floating-point constants either.
  bool operand_type(const Operand& op, bool integer, bool reject_float_constant, std::string_view iname, std::string_view what, unsigned reg_bits = 32) {
    // An fp32 constant (0f...) where an integer goes; ptxas 11.8 takes a decimal one (1.0) among .s32 coordinates.
    if (op.kind == Operand::Kind::Float && integer && op.is_f32)
      return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': {} is an integer, not an fp32 constant", iname, what));
    if (op.kind == Operand::Kind::Float && reject_float_constant)
      return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': {} is an integer, not a floating-point constant", iname, what));
    if (op.kind != Operand::Kind::Name) return true;
    const auto s = lookup_(op.name);
    if (!s || s->what != SymbolInfo::What::Register) return true;
    const unsigned bits = bit_size(s->type);
    if (bits != reg_bits)
      return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': '{}' is a {} register, {} takes {}-bit registers", iname, op.name, name(s->type), what, reg_bits));
    if (integer && kind(s->type) == Kind::Float)
      return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': '{}' is a {} register, {} is an integer", iname, op.name, name(s->type), what));
    return true;
  }
  // A vector's element kinds (ptxas 11.8, by hand): a vector with a .bN register is of no particular kind, so it
  // fits an integer slot whatever its other elements.
  bool has_bits_register(const std::vector<Operand>& ops) const {
    for (const Operand& op : ops) {
      if (op.kind != Operand::Kind::Name) continue;
      const auto s = lookup_(op.name);
      if (s && s->what == SymbolInfo::What::Register && kind(s->type) == Kind::Bits) return true;
    }
    return false;
  }
  bool operand_types(const std::vector<Operand>& ops, bool integer, bool reject_float_constant, std::string_view iname, std::string_view what, unsigned reg_bits = 32) {
    const bool kind_free = integer && has_bits_register(ops);
    for (const Operand& op : ops)
      if (op.kind != Operand::Kind::Sink && !operand_type(op, integer && !kind_free, reject_float_constant, iname, what, reg_bits)) return false;
    return true;
  }
  // The level of detail follows the coordinate type strictly (ptxas 11.8): .f32 takes no .uN/.sN register and no
  // integer constant, .s32 no floating-point register or constant; .bN registers fit both.
  bool lod_kind(const Operand& op, bool want_float, std::string_view iname) {
    bool wrong = want_float ? op.kind == Operand::Kind::Int : op.kind == Operand::Kind::Float;
    if (op.kind == Operand::Kind::Name) {
      const auto s = lookup_(op.name);
      if (s && s->what == SymbolInfo::What::Register) {
        const Kind k = kind(s->type);
        wrong = want_float ? (k == Kind::Unsigned || k == Kind::Signed) : k == Kind::Float;
      }
    }
    if (wrong)
      return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': the level of detail is {} like the coordinates", iname, want_float ? ".f32" : ".s32"));
    return true;
  }
  // Gradients are .f32: no .uN/.sN register in a vector without a .bN one (ptxas 11.8).
  bool gradient_kind(const std::vector<Operand>& ops, std::string_view iname) {
    if (has_bits_register(ops)) return true;
    for (const Operand& op : ops) {
      if (op.kind != Operand::Kind::Name) continue;
      const auto s = lookup_(op.name);
      if (s && s->what == SymbolInfo::What::Register && (kind(s->type) == Kind::Unsigned || kind(s->type) == Kind::Signed))
        return fail(op.loc, fmt::format("Arguments mismatch for instruction '{}': '{}' is a {} register, a gradient is .f32", iname, op.name, name(s->type)));
    }
    return true;
  }

  // Not both a floating-point and a typed integer element in a vector without a .bN register. (ptxas 11.8 refuses
  // some mixes with .bN registers too and accepts others, e.g. {%s1, %r4, %f2, %r2} as .u32 results but not
  // {%r2, %f3, %r1, %u1} as .f32 ones; the reader accepts every vector with a .bN register.)
  bool element_kinds(const std::vector<Operand>& ops, Loc at, std::string_view iname) {
    if (has_bits_register(ops)) return true;
    bool fp = false, integer = false;
    for (size_t i = 0; i < ops.size(); ++i) {
      const Operand& op = ops[i];
      if (op.kind == Operand::Kind::Int) integer = true;
      if (op.kind == Operand::Kind::Float) fp = true;
      if (op.kind != Operand::Kind::Name) continue;
      const auto s = lookup_(op.name);
      if (!s || s->what != SymbolInfo::What::Register) continue;
      fp = fp || kind(s->type) == Kind::Float;
      integer = integer || kind(s->type) == Kind::Unsigned || kind(s->type) == Kind::Signed;
    }
    if (fp && integer)
      return fail(at, fmt::format("Vector with elements of different types are not allowed in {} instruction: floating-point and typed integer elements mixed (.bN registers go with either)", iname));
    return true;
  }


  // [a, c] or [a, b, c]
  bool texture_operand(const Operand& op, TextureRef& t, std::optional<TextureRef>& s, std::vector<Operand>& coords) {
    // ptxas 11.8 refuses the bracketless form of seed 004's compatibility note with this message too.
    if (op.kind != Operand::Kind::Bracket || op.elems.size() < 2 || op.elems.size() > 3)
      return fail(op.loc, fmt::format("Address expected for argument 1 of instruction '{}': expected [texture, {{coordinates}}] or [texture, sampler, {{coordinates}}]", ins_.opcode));
    if (!texture_ref(op.elems[0], false, 1, t)) return false;
    if (op.elems.size() == 3) {
      TextureRef sr;
      if (!texture_ref(op.elems[1], true, 2, sr)) return false;
      s = sr;
    } else if (independent_) {
      return fail(op.elems[1].loc, fmt::format("Argument 2 of instruction '{}': .samplerref or .u64 register expected (texmode_independent: [texture, sampler, {{coordinates}}])", ins_.opcode));
    }
    const Operand& c = op.elems.back();
    if (c.kind == Operand::Kind::Vector) {
      coords = c.elems;
    } else if (c.is_scalar()) {
      coords = {c};  // a 1d coordinate may be a scalar
    } else {
      return fail(c.loc, "expected the coordinates here: a vector {c0, ...} or, for 1d, a scalar");
    }
    for (const Operand& e : coords)
      if (!e.is_scalar() || e.negated)
        return fail(e.loc, "a coordinate must be a register or a constant");
    return true;
  }

  bool vector_operand(const Operand& op, const char* what, std::vector<Operand>& out) {
    if (op.kind != Operand::Kind::Vector) return fail(op.loc, fmt::format("expected {} here as a vector {{...}}", what));
    for (const Operand& e : op.elems)
      if (!e.is_scalar() || e.negated) return fail(e.loc, fmt::format("an element of {} must be a register or a constant", what));
    out = op.elems;
    return true;
  }

  bool scalar_operand(const Operand& op, const char* what, std::optional<Operand>& out) {
    if (!op.is_scalar() || op.negated || op.component != 0)
      return fail(op.loc, fmt::format("expected {} here: a register or a constant", what));
    out = op;
    return true;
  }

  // The optional offset vector e and depth compare scalar f after the required operands.
  bool offset_and_depth(size_t next, std::vector<Operand>& offset, std::optional<Operand>& depth, Loc& offset_loc, Loc& depth_loc) {
    const auto& ops = ins_.operands;
    if (next < ops.size() && ops[next].kind == Operand::Kind::Vector) {
      offset_loc = ops[next].loc;
      if (!vector_operand(ops[next], "the offset e", offset)) return false;
      ++next;
    }
    if (next < ops.size()) {
      depth_loc = ops[next].loc;
      if (!scalar_operand(ops[next], "the depth compare value f", depth)) return false;
      ++next;
    }
    if (next < ops.size())
      return fail(ops[next].loc, fmt::format("Arguments mismatch for instruction '{}': too many operands, nothing may follow the offset e and the depth compare value f", ins_.opcode));
    return true;
  }

  bool residency_allowed(const std::optional<Operand>& p) {
    // lowering-facts.md 3.4 / 3.7: ptxas 11.8 accepts d|p from sm_60 on.
    if (p && sm_ < 60)
      return fail(p->loc, fmt::format("Feature 'Texture instruction with optional predicate result' requires .target sm_60 or higher (this module targets sm_{})", sm_));
    return true;
  }

  bool index_register(const Operand& e, MipMode mip) {
    if (e.kind == Operand::Kind::Float)
      return fail(e.loc, fmt::format("Array index in the '{}' instruction has unexpected type. Expecting type .u32 (not a floating-point constant)", quoted_name(mip)));
    if (e.kind != Operand::Kind::Name) return true;
    const auto s = lookup_(e.name);
    if (s && s->what == SymbolInfo::What::Register && (kind(s->type) == Kind::Float || bit_size(s->type) != 32))
      return fail(e.loc, fmt::format("Array index in the '{}' instruction has unexpected type. Expecting type .u32 ('{}' is {})", quoted_name(mip), e.name, name(s->type)));
    return true;
  }

  std::optional<TextureInstruction> tex() {
    Tex t;
    size_t i = 0;
    if (const Modifier* m = mod(0); m && (m->text == ".base" || m->text == ".level" || m->text == ".grad")) {
      t.mip = m->text == ".base" ? MipMode::Base : m->text == ".level" ? MipMode::Level : MipMode::Grad;
      ++i;
    }
    constexpr std::string_view kGeoms = ".1d .2d .3d .a1d .a2d .cube .acube .2dms .a2dms (after .base, .level or .grad)";
    const size_t geom_index = i;
    unsigned dest_size = 4;
    if (!geometry(i, t.geometry, kGeoms) || !types(i, dest_size, t.dtype, t.ctype, true)) return std::nullopt;
    const Modifier& geom_mod = ins_.mods[geom_index];
    const Modifier& dtype_mod = ins_.mods[i - 2];
    const Modifier& ctype_mod = ins_.mods[i - 1];
    const std::string iname = quoted_name(t.mip);
    const GeometryRow& g = row(t.geometry);

    if (t.dtype != Type::U32 && t.dtype != Type::S32 && t.dtype != Type::F16 && t.dtype != Type::F32 && t.dtype != Type::F16x2) {
      fail(dtype_mod.loc, fmt::format("Unexpected instruction types specified for '{}': the destination type is .u32, .s32, .f16, .f32 or .v2.f16x2, not '{}'", iname, dtype_mod.text));
      return std::nullopt;
    }
    if (t.ctype != Type::S32 && t.ctype != Type::F32) {
      fail(ctype_mod.loc, fmt::format("Unexpected instruction types specified for '{}': the coordinate type is .s32 or .f32, not '{}'", iname, ctype_mod.text));
      return std::nullopt;
    }

    const auto& ops = ins_.operands;
    if (ops.size() < 2) {
      fail(ops.empty() ? ins_.loc : ops[0].loc, fmt::format("instruction '{}' needs a destination and a texture operand: expected d, [a, c]", iname));
      return std::nullopt;
    }
    if (!destination(ops[0], dest_size, t.dest, t.residency) || !residency_allowed(t.residency) ||
        !texture_operand(ops[1], t.texture, t.sampler, t.coords))
      return std::nullopt;
    size_t next = 2;
    Loc lod_loc{}, grad_loc{}, offset_loc{}, depth_loc{};
    if (t.mip == MipMode::Level) {
      if (next >= ops.size()) {
        fail(end_loc(), fmt::format("instruction '{}' needs the level of detail after the texture operand", iname));
        return std::nullopt;
      }
      lod_loc = ops[next].loc;
      if (!scalar_operand(ops[next++], "the level of detail", t.lod)) return std::nullopt;
    } else if (t.mip == MipMode::Grad) {
      if (next + 1 >= ops.size() || ops[next].kind != Operand::Kind::Vector || ops[next + 1].kind != Operand::Kind::Vector) {
        fail(next < ops.size() ? ops[next].loc : end_loc(), fmt::format("instruction '{}' needs the gradients dPdx and dPdy after the texture operand, as two vectors", iname));
        return std::nullopt;
      }
      grad_loc = ops[next].loc;
      if (!vector_operand(ops[next], "dPdx", t.dpdx) || !vector_operand(ops[next + 1], "dPdy", t.dpdy)) return std::nullopt;
      next += 2;
    }
    if (!offset_and_depth(next, t.offset, t.depth, offset_loc, depth_loc)) return std::nullopt;

    // The checks in the order ptxas 11.8 reports them (lowering-facts.md Appendix A: a form with two faults gets
    // the message of the first of these; .s32 coordinates with a depth compare are an argument mismatch before
    // anything the geometry refuses).
    const bool cube = tex::is_cube(t.geometry.dim);
    if (t.depth && t.ctype == Type::S32) {
      fail(depth_loc, fmt::format("Arguments mismatch for instruction '{}': a depth compare operand needs .f32 coordinates", iname));
      return std::nullopt;
    }
    if (cube && t.ctype != Type::F32) {
      fail(ctype_mod.loc, fmt::format("Floating-point coordinates required: '{}' on a cube map takes .f32 coordinates", iname));
      return std::nullopt;
    }
    if (t.geometry.multisample && t.ctype != Type::S32) {
      fail(ctype_mod.loc, fmt::format("Integer coordinates require .s32 instruction type: multisample geometry {} takes .s32 coordinates", g.name));
      return std::nullopt;
    }
    if (t.depth && t.geometry.dim == tex::Dim::Tex3D) {
      fail(geom_mod.loc, fmt::format("Illegal modifier '.3d' for instruction '{}': depth compare is not supported for 3d textures", iname));
      return std::nullopt;
    }
    if (!t.offset.empty() && cube) {
      fail(geom_mod.loc, fmt::format("Illegal modifier '{}' for instruction '{}': offsets are not supported for cube maps (Operand vector size doesn't match geometry)", g.name, iname));
      return std::nullopt;
    }
    if (t.geometry.multisample && (t.mip == MipMode::Level || t.mip == MipMode::Grad)) {
      fail(geom_mod.loc, fmt::format("Illegal modifier 'Multi-sample geometry' for instruction '{}': {} takes no level of detail or gradients", iname, g.name));
      return std::nullopt;
    }
    // Vector sizes (seed 004; "for compatibility ... .v4 coordinate vectors are allowed for any geometry"):
    // ptxas 11.8 takes any longer coordinate or offset vector (the extra elements ignored), gradients exact.
    if (t.coords.size() < g.coords) {
      fail(ops[1].elems.back().loc, fmt::format("Operand vector size doesn't match geometry for instruction '{}': {} takes coordinates with {}, got {}", iname, g.name, element_list(g.coords), t.coords.size()));
      return std::nullopt;
    }
    if (t.mip == MipMode::Grad && (t.dpdx.size() != g.gradients || t.dpdy.size() != g.gradients)) {
      fail(grad_loc, fmt::format("Operand vector size doesn't match geometry for instruction '{}': {} takes gradients with {}, got {} and {}", iname, g.name, element_list(g.gradients), t.dpdx.size(), t.dpdy.size()));
      return std::nullopt;
    }
    if (!t.offset.empty() && t.offset.size() < g.offsets) {
      fail(offset_loc, fmt::format("Operand vector size doesn't match geometry for instruction '{}': {} takes an offset with {}, got {}", iname, g.name, element_list(g.offsets), t.offset.size()));
      return std::nullopt;
    }
    if (g.array_index >= 0 && !index_register(t.coords[static_cast<size_t>(g.array_index)], t.mip)) return std::nullopt;
    const Loc dest_loc = ops[0].kind == Operand::Kind::Pair ? ops[0].elems[0].loc : ops[0].loc;
    if (!element_kinds(t.dest, dest_loc, iname) || !element_kinds(t.coords, ops[1].elems.back().loc, iname) ||
        !element_kinds(t.dpdx, grad_loc, iname) || !element_kinds(t.dpdy, grad_loc, iname) ||
        !element_kinds(t.offset, offset_loc, iname))
      return std::nullopt;
    const bool int_result = t.dtype == Type::U32 || t.dtype == Type::S32;
    if (!(t.dtype == Type::F16 ? operand_types(t.dest, false, false, iname, "the destination", 16)
                               : operand_types(t.dest, int_result, false, iname, "the destination")) ||
        !operand_types(t.coords, t.ctype == Type::S32, false, iname, "a coordinate") ||
        (t.lod && (!operand_type(*t.lod, t.ctype == Type::S32, false, iname, "the level of detail") ||
                   !lod_kind(*t.lod, t.ctype == Type::F32, iname))) ||
        !gradient_kind(t.dpdx, iname) || !gradient_kind(t.dpdy, iname) ||
        !operand_types(t.dpdx, false, false, iname, "a gradient") || !operand_types(t.dpdy, false, false, iname, "a gradient") ||
        !operand_types(t.offset, true, true, iname, "an offset") ||
        (t.depth && !operand_type(*t.depth, false, false, iname, "the depth compare value")))
      return std::nullopt;
    // lowering-facts.md 3.4 / 3.7: half-precision results need sm_53 (ptxas checks the registers first).
    if (t.dtype == Type::F16x2 && sm_ < 53) {
      fail(dtype_mod.loc, fmt::format("Feature '.f16x2 packed data-type' requires .target sm_53 or higher (this module targets sm_{})", sm_));
      return std::nullopt;
    }
    if (t.dtype == Type::F16 && sm_ < 53) {
      fail(dtype_mod.loc, fmt::format("Feature 'f16 arithemetic and compare instructions' requires .target sm_53 or higher (ptxas's spelling; this module targets sm_{})", sm_));
      return std::nullopt;
    }
    return TextureInstruction(std::move(t));
  }

  std::optional<TextureInstruction> tld4() {
    Tld4 t;
    size_t i = 0;
    const Modifier* c = mod(0);
    if (!c || c->text.size() != 2 || std::string_view("rgba").find(c->text[1]) == std::string_view::npos) {
      fail(c ? c->loc : ins_.loc, fmt::format("instruction 'tld4' needs the gathered component first: expected .r, .g, .b or .a{}", c ? fmt::format(", not '{}'", c->text) : ""));
      return std::nullopt;
    }
    t.component = static_cast<tex::Component>(std::string_view("rgba").find(c->text[1]));
    ++i;
    const size_t geom_index = i;
    unsigned dest_size = 4;
    if (!geometry(i, t.geometry, ".2d .a2d .cube .acube") || !types(i, dest_size, t.dtype, t.ctype, false)) return std::nullopt;
    const Modifier& geom_mod = ins_.mods[geom_index];
    const Modifier& ctype_mod = ins_.mods[i - 1];
    const GeometryRow& g = row(t.geometry);
    // ptxas 11.8's order (tests/oracle/ptx_reader_ptxas_test.cpp): a multisample geometry's .f32 coordinates,
    // then the types, then the geometry (lowering-facts.md 3.9: 1d and 3d refused; the seed lists 2d, a2d, cube,
    // acube).
    if (t.geometry.multisample && t.ctype == Type::F32) {
      fail(ctype_mod.loc, fmt::format("Integer coordinates require .s32 instruction type: multisample geometry {} takes .s32 coordinates (and tld4 takes no multisample geometry)", g.name));
      return std::nullopt;
    }
    if (t.ctype != Type::F32 || (t.dtype != Type::U32 && t.dtype != Type::S32 && t.dtype != Type::F32)) {
      fail(ctype_mod.loc, "Unexpected instruction types specified for 'tld4': expected .v4 with .u32, .s32 or .f32 results and .f32 coordinates");
      return std::nullopt;
    }
    if (t.geometry.multisample || t.geometry.dim == tex::Dim::Tex1D || t.geometry.dim == tex::Dim::Array1D ||
        t.geometry.dim == tex::Dim::Tex3D) {
      fail(geom_mod.loc, fmt::format("Illegal modifier '{}' for instruction 'tld4': expected .2d, .a2d, .cube or .acube", g.name));
      return std::nullopt;
    }
    const auto& ops = ins_.operands;
    if (ops.size() < 2) {
      fail(ops.empty() ? ins_.loc : ops[0].loc, "instruction 'tld4' needs a destination and a texture operand: expected d, [a, c]");
      return std::nullopt;
    }
    Loc offset_loc{}, depth_loc{};
    if (!destination(ops[0], 4, t.dest, t.residency) || !residency_allowed(t.residency) ||
        !texture_operand(ops[1], t.texture, t.sampler, t.coords) ||
        !offset_and_depth(2, t.offset, t.depth, offset_loc, depth_loc))
      return std::nullopt;
    if (!t.offset.empty() && tex::is_cube(t.geometry.dim)) {
      fail(geom_mod.loc, fmt::format("Illegal modifier '{}' for instruction 'tld4': offsets are not supported for cube maps", g.name));
      return std::nullopt;
    }
    if (t.coords.size() < g.coords) {
      fail(ops[1].elems.back().loc, fmt::format("Operand vector size doesn't match geometry for instruction 'tld4': {} takes coordinates with {}, got {}", g.name, element_list(g.coords), t.coords.size()));
      return std::nullopt;
    }
    if (!t.offset.empty() && t.offset.size() < 2) {
      fail(offset_loc, fmt::format("Operand vector size doesn't match geometry for instruction 'tld4': the offset has two elements, got {}", t.offset.size()));
      return std::nullopt;
    }
    if (g.array_index >= 0 && !index_register(t.coords[static_cast<size_t>(g.array_index)], MipMode::None)) return std::nullopt;
    const Loc dest_loc = ops[0].kind == Operand::Kind::Pair ? ops[0].elems[0].loc : ops[0].loc;
    if (!element_kinds(t.dest, dest_loc, "tld4") || !element_kinds(t.coords, ops[1].elems.back().loc, "tld4") ||
        !element_kinds(t.offset, offset_loc, "tld4"))
      return std::nullopt;
    if (!operand_types(t.dest, t.dtype != Type::F32, false, "tld4", "the destination") ||
        !operand_types(t.coords, false, false, "tld4", "a coordinate") ||
        !operand_types(t.offset, true, true, "tld4", "an offset") ||
        (t.depth && !operand_type(*t.depth, false, false, "tld4", "the depth compare value")))
      return std::nullopt;
    return TextureInstruction(std::move(t));
  }

  std::optional<TextureInstruction> txq() {
    Txq t;
    size_t i = 0;
    if (const Modifier* m = mod(0); m && m->text == ".level") {
      t.level = true;
      ++i;
    }
    const Modifier* q = mod(i);
    const auto query = q ? parse_txq_query(q->text) : std::nullopt;
    if (!query) {
      fail(q ? q->loc : ins_.loc, fmt::format("instruction 'txq' needs a query{}: expected .width, .height, .depth, .channel_data_type, .channel_order, .normalized_coords, .array_size, .num_mipmap_levels, .num_samples or a sampler query (.force_unnormalized_coords, .filter_mode, .addr_mode_0/1/2)", q ? fmt::format(", not '{}'", q->text) : ""));
      return std::nullopt;
    }
    t.query = *query;
    if (t.level && t.query != TxqQuery::Width && t.query != TxqQuery::Height && t.query != TxqQuery::Depth) {
      fail(q->loc, fmt::format("Illegal query modifier for instruction 'txq.level': '{}' takes no level, only .width, .height and .depth do", q->text));
      return std::nullopt;
    }
    ++i;
    const Modifier* ty = mod(i);
    if (!ty || ty->text != ".b32") {
      if (ty && parse_type(ty->text))
        fail(ty->loc, fmt::format("Unexpected instruction types specified for 'txq': expected .b32, not '{}'", ty->text));
      else
        fail(ty ? ty->loc : ins_.loc, fmt::format("instruction 'txq' needs the type .b32 after the query{}", ty ? fmt::format(", not '{}'", ty->text) : ""));
      return std::nullopt;
    }
    ++i;
    if (const Modifier* extra = mod(i)) {
      fail(extra->loc, fmt::format("unexpected modifier '{}' after the type of instruction 'txq'", extra->text));
      return std::nullopt;
    }
    const auto& ops = ins_.operands;
    const size_t want = t.level ? 3 : 2;
    if (ops.size() != want) {
      fail(ops.size() > want ? ops[want].loc : (ops.empty() ? ins_.loc : ops.back().loc),
           fmt::format("instruction 'txq{}' takes {} operands: expected d, [a]{}", t.level ? ".level" : "", want, t.level ? ", lod" : ""));
      return std::nullopt;
    }
    if (ops[0].kind != Operand::Kind::Name || ops[0].negated || ops[0].component != 0) {
      fail(ops[0].loc, "the destination of 'txq' must be a .b32 register");
      return std::nullopt;
    }
    t.dest = ops[0];
    if (!operand_type(t.dest, false, false, t.level ? "txq.level" : "txq", "the destination")) return std::nullopt;
    const Operand& a = ops[1];
    // [a] is read as an address with nothing added.
    if (a.kind != Operand::Kind::Address || a.name.empty() || a.offset != 0) {
      fail(a.loc, fmt::format("instruction 'txq' needs [{}] here", is_sampler_query(t.query) ? "sampler" : "texture"));
      return std::nullopt;
    }
    Operand name_op;
    name_op.kind = Operand::Kind::Name;
    name_op.name = a.name;
    name_op.loc = a.loc;
    // In unified mode the sampler state belongs to the texture: the sampler queries take the texref, except
    // force_unnormalized_coords, which only a sampler has (ptxas 11.8).
    if (!independent_ && t.query == TxqQuery::ForceUnnormalizedCoords) {
      const auto s = lookup_(a.name);
      if (!s || s->what != SymbolInfo::What::Register) {
        fail(a.loc, "Argument 1 of instruction 'txq': .samplerref expected (.force_unnormalized_coords queries a sampler: .target sm_5x, texmode_independent)");
        return std::nullopt;
      }
    }
    if (!texture_ref(name_op, is_sampler_query(t.query) && independent_, 1, t.texture, t.level ? "txq.level" : "txq")) return std::nullopt;
    if (t.level && (!scalar_operand(ops[2], "the level", t.lod) || !operand_type(*t.lod, true, true, "txq.level", "the level")))
      return std::nullopt;
    return TextureInstruction(std::move(t));
  }

  const Instruction& ins_;
  const SymbolLookup& lookup_;
  unsigned sm_;
  bool independent_;
  std::string_view file_;
  std::string error_;
};

}  // namespace

std::optional<Geometry> parse_geometry(std::string_view directive) {
  for (const GeometryRow& r : kGeometries)
    if (r.name == directive) return r.geometry;
  return std::nullopt;
}
std::string name(Geometry g) { return std::string(row(g).name); }
unsigned coordinate_elements(Geometry g) { return row(g).coords; }
unsigned gradient_elements(Geometry g) { return row(g).gradients; }
unsigned offset_elements(Geometry g) { return row(g).offsets; }
int array_index_element(Geometry g) { return row(g).array_index; }

std::optional<TxqQuery> parse_txq_query(std::string_view directive) {
  for (size_t i = 0; i < kQueries.size(); ++i)
    if (kQueries[i] == directive) return static_cast<TxqQuery>(i);
  return std::nullopt;
}
std::string_view name(TxqQuery q) { return kQueries[static_cast<size_t>(q)]; }

bool is_texture_opcode(std::string_view opcode) { return opcode == "tex" || opcode == "tld4" || opcode == "txq"; }

Result<TextureInstruction> read_texture_instruction(const Instruction& ins, const SymbolLookup& lookup,
                                                    const TexTarget& target, std::string_view file_name) {
  return TexReader(ins, lookup, target, file_name).run();
}

}  // namespace tmu::ptx
