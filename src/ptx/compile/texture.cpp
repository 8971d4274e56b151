// SPDX-License-Identifier: MIT
// tex, tld4 and txq (seed 004; lowering-facts.md 3) as nir_tex_instr, with ptxas's conventions where PTX leaves
// a choice to the compiler:
//   - tex and tex.base with float coordinates sample with the implicit LOD (ptxas emits the same TEXS for both,
//     Appendix A); .level is txl, .grad txd; integer coordinates are txf (TLD.LZ / TLD.LL), .2dms/.a2dms txf_ms;
//     tex.grad with integer coordinates passes the integer bits to TXD unconverted (3.2.9).
//   - unified mode: .1d with float coordinates is a 2D lookup at t = 0 (3.2.7); a 1D offset is ptxas's raw word,
//     whose bits 4..7 become the t offset (3.2.6: off0 is not masked), i.e. off0 >> 4 for offsets in range.
//   - the array index is a u32; NIR's float layer u2f(idx) rounds back to it, and NAK's clamp to 0xffff is ptxas's
//     I2I.U16.U32.SAT (3.2.5).
//   - the texture: a .texref (and in independent mode its .samplerref) is bound by its bank-0 word; a texture
//     object loaded straight from a kernel parameter is bound by the parameter's word; any other handle is
//     bindless (its low 32 bits, 3.5).
// Cube coordinates are normalised by NAK's preparation (3.2.8); 3D/cube gradients and gradients with depth compare
// are lowered to an explicit LOD by nir_lower_tex with NAK's options where ptxas emulates them with a quad loop
// (3.6): docs/ptx.md lists that arithmetic difference.
#include <fmt/format.h>

#include "ir/tex.h"
#include "isa/cubin_image.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;
using ir::TexSrcType;

namespace {

struct Shape {
  ir::SamplerDim dim;
  bool array;
  std::vector<int> coords;  // positions in c of NIR's coordinates, the array index last
  int sample = -1;          // multisample: the position of the sample number
};

Shape shape(const Geometry& g, bool unified_float) {
  using tex::Dim;
  if (g.multisample)
    return g.dim == Dim::Array2D ? Shape{ir::SamplerDim::MS, true, {2, 3, 1}, 0} : Shape{ir::SamplerDim::MS, false, {1, 2}, 0};
  switch (g.dim) {
    case Dim::Tex1D: return unified_float ? Shape{ir::SamplerDim::Dim2D, false, {0, -1}} : Shape{ir::SamplerDim::Dim1D, false, {0}};
    case Dim::Array1D: return {ir::SamplerDim::Dim1D, true, {1, 0}};
    case Dim::Tex2D: return {ir::SamplerDim::Dim2D, false, {0, 1}};
    case Dim::Array2D: return {ir::SamplerDim::Dim2D, true, {1, 2, 0}};
    case Dim::Tex3D: return {ir::SamplerDim::Dim3D, false, {0, 1, 2}};
    case Dim::Cube: return {ir::SamplerDim::Cube, false, {0, 1, 2}};
    case Dim::ArrayCube: return {ir::SamplerDim::Cube, true, {1, 2, 3, 0}};
    default: fail({}, "a 3D array geometry does not exist in PTX");
  }
}

ir::AluType result_type(Type t) {
  if (t == Type::U32) return ir::AluType{ir::BaseType::Uint, 32};
  if (t == Type::S32) return ir::AluType{ir::BaseType::Int, 32};
  return ir::AluType{ir::BaseType::Float, 32};
}

}  // namespace

void FunctionCompiler::texture(const Instruction& ins) {
  if (!ins.texture) fail(ins.loc, "a texture instruction without its typed form (a reader bug)");
  const TextureInstruction& ti = *ins.texture;
  ir::TexInstr t;

  // The texture and sampler: bound by a bank-0 word, or bindless.
  auto bind = [&](const TextureRef& tex, const std::optional<TextureRef>& smp) {
    if (!tex.is_register) {
      if (smp && smp->is_register) fail(smp->loc, "a sampler object with a texture reference is not compiled yet");
      const std::string key = smp ? tex.name + "," + smp->name : tex.name;
      auto it = layout_.texture_words.find(key);
      if (it == layout_.texture_words.end()) fail(tex.loc, fmt::format("{} has no texture slot (a compiler bug)", key));
      t.texture_index = it->second;
      return;
    }
    Operand o;
    o.kind = Operand::Kind::Name;
    o.name = tex.name;
    o.loc = tex.loc;
    const DefId h = value(o, Type::U64);
    if (const auto word = parameter_word(h); word && !smp) {  // a texture object passed as a parameter
      t.texture_index = *word;
      return;
    }
    ir::add_src(t, TexSrcType::texture_handle, lo(h));
    if (smp) {
      if (!smp->is_register) fail(smp->loc, "a sampler reference with a texture object is not compiled yet");
      Operand so = o;
      so.name = smp->name;
      so.loc = smp->loc;
      ir::add_src(t, TexSrcType::sampler_handle, lo(value(so, Type::U64)));
    }
  };

  auto results = [&](const std::vector<Operand>& dest, Type dtype, DefId v) {
    for (std::size_t k = 0; k < dest.size(); ++k) {
      if (dest[k].kind == Operand::Kind::Sink) continue;
      set(dest[k], b().channel(v, static_cast<unsigned>(k)), dtype == Type::F32 ? Type::F32 : Type::B32);
    }
  };

  if (const Txq* q = std::get_if<Txq>(&ti)) {
    bind(q->texture, std::nullopt);
    switch (q->query) {
      case TxqQuery::Width: case TxqQuery::Height: case TxqQuery::Depth: {
        // TXQ's dimension query returns width, height and depth whatever the texture's geometry; a 3D txs
        // picks the three.
        t.op = ir::TexOp::txs;
        t.sampler_dim = ir::SamplerDim::Dim3D;
        t.dest_type = ir::AluType{ir::BaseType::Int, 32};
        ir::add_src(t, TexSrcType::lod, q->lod ? value(*q->lod, Type::S32) : b().imm_int(0));
        t.dest.components = 3;
        const DefId v = b().tex(std::move(t));
        const unsigned c = q->query == TxqQuery::Width ? 0 : q->query == TxqQuery::Height ? 1 : 2;
        return set(q->dest, b().channel(v, c), Type::B32);
      }
      case TxqQuery::NumMipmapLevels: case TxqQuery::NumSamples: {
        t.op = q->query == TxqQuery::NumMipmapLevels ? ir::TexOp::query_levels : ir::TexOp::texture_samples;
        t.sampler_dim = q->query == TxqQuery::NumSamples ? ir::SamplerDim::MS : ir::SamplerDim::Dim2D;
        t.dest_type = ir::AluType{ir::BaseType::Int, 32};
        t.dest.components = 1;
        return set(q->dest, b().tex(std::move(t)), Type::B32);
      }
      default:
        fail(ins.loc, fmt::format("txq{} reads the CUDA driver's texture table (ptxas: an LDG from c[0x0][0xb0]): "
                                  "not compiled yet",
                                  name(q->query)));
    }
  }

  const bool is_tex = std::holds_alternative<Tex>(ti);
  const Tex* x = std::get_if<Tex>(&ti);
  const Tld4* g = std::get_if<Tld4>(&ti);
  const Geometry geom = is_tex ? x->geometry : g->geometry;
  const Type ctype = is_tex ? x->ctype : g->ctype;
  const Type dtype = is_tex ? x->dtype : g->dtype;
  const auto& coords = is_tex ? x->coords : g->coords;
  const auto& offset = is_tex ? x->offset : g->offset;
  const auto& depth = is_tex ? x->depth : g->depth;
  if (dtype != Type::F32 && dtype != Type::U32 && dtype != Type::S32)
    fail(ins.loc, fmt::format("{} results are not compiled (sm_50/52 have no f16 texture results)", name(dtype)));
  bind(is_tex ? x->texture : g->texture, is_tex ? x->sampler : g->sampler);

  const bool int_coords = ctype == Type::S32;
  const bool unified_1d_as_2d = layout_.unified && !int_coords && geom.dim == tex::Dim::Tex1D && !geom.multisample &&
                                !(is_tex ? x->sampler : g->sampler);
  const Shape sh = shape(geom, unified_1d_as_2d);
  t.sampler_dim = sh.dim;
  t.is_array = sh.array;
  t.dest_type = result_type(dtype);

  // With a sampler (independent mode), ptxas samples integer coordinates at level 0 through it: I2F of each
  // coordinate and TEX.LZ, except on 1D and multisample textures, and for .level (still TLD), probed with ptxas
  // 11.8 -arch=sm_50 (tests/data/ptx/compile_corpus_expect.txt's corpus).
  const bool sampled_ints = is_tex && int_coords && x->sampler && !geom.multisample && geom.dim != tex::Dim::Tex1D &&
                            (x->mip == MipMode::None || x->mip == MipMode::Base);
  if (is_tex) {
    if (geom.multisample) t.op = ir::TexOp::txf_ms;
    else if (sampled_ints) t.op = ir::TexOp::txl;
    else if (int_coords && x->mip != MipMode::Grad) t.op = ir::TexOp::txf;
    else if (x->mip == MipMode::Level) t.op = ir::TexOp::txl;
    else if (x->mip == MipMode::Grad) t.op = ir::TexOp::txd;
    else t.op = ir::TexOp::tex;
  } else {
    t.op = ir::TexOp::tg4;
    t.component = static_cast<uint8_t>(g->component);
  }

  // Coordinates: float for the sampling ops, integers for txf/txf_ms; txd with integer coordinates takes the
  // integer bits as they are.
  const bool float_coord_op = t.op != ir::TexOp::txf && t.op != ir::TexOp::txf_ms;
  std::vector<DefId> c;
  for (std::size_t k = 0; k < sh.coords.size(); ++k) {
    const int pos = sh.coords[k];
    if (pos < 0) {
      c.push_back(b().imm_float(0.0f));  // unified 1D: t = 0
      continue;
    }
    const Operand& o = coords.at(static_cast<std::size_t>(pos));
    const bool is_layer = sh.array && k + 1 == sh.coords.size();
    if (is_layer) {
      const DefId idx = value(o, Type::U32);
      c.push_back(float_coord_op ? b().alu(AluOp::u2f32, {idx}) : idx);
    } else if (sampled_ints) {
      c.push_back(b().alu(AluOp::i2f32, {value(o, Type::S32)}));
    } else {
      c.push_back(value(o, int_coords ? Type::S32 : Type::F32));
    }
  }
  t.coord_components = static_cast<uint8_t>(c.size());
  ir::add_src(t, TexSrcType::coord, c.size() == 1 ? c[0] : b().vec(c));
  if (sh.sample >= 0) ir::add_src(t, TexSrcType::ms_index, value(coords.at(static_cast<std::size_t>(sh.sample)), Type::U32));

  if (is_tex) {
    if (x->mip == MipMode::Level) ir::add_src(t, TexSrcType::lod, value(*x->lod, ctype));
    if (t.op == ir::TexOp::txf && x->mip != MipMode::Level) ir::add_src(t, TexSrcType::lod, b().imm_int(0));
    if (sampled_ints) ir::add_src(t, TexSrcType::lod, b().imm_float(0.0f));
    if (x->mip == MipMode::Grad) {
      std::vector<DefId> dx, dy;
      // (Gradient registers are .f32 whatever the coordinates, PTX's type check; their bits go to TXD as they are.)
      auto gradient = [&](const Operand& o) {
        return value(o, ctype == Type::S32 && o.kind != Operand::Kind::Name ? Type::S32 : Type::F32);
      };
      for (const Operand& o : x->dpdx) dx.push_back(gradient(o));
      for (const Operand& o : x->dpdy) dy.push_back(gradient(o));
      // As many as the coordinates besides the layer; unified 1D gets zero t gradients (3.3: RZ).
      const unsigned n = static_cast<unsigned>(sh.coords.size()) - (sh.array ? 1 : 0);
      while (dx.size() < n) dx.push_back(b().imm_float(0.0f)), dy.push_back(b().imm_float(0.0f));
      dx.resize(n);
      dy.resize(n);
      ir::add_src(t, TexSrcType::ddx, n == 1 ? dx[0] : b().vec(dx));
      ir::add_src(t, TexSrcType::ddy, n == 1 ? dy[0] : b().vec(dy));
    }
  }
  if (!offset.empty()) {
    std::vector<DefId> o;
    for (const Operand& e : offset) o.push_back(value(e, Type::S32));
    if (unified_1d_as_2d) o.push_back(b().alu(AluOp::ishr, {o[0], b().imm_int(4)}));
    const unsigned n = static_cast<unsigned>(sh.coords.size()) - (sh.array ? 1 : 0);
    o.resize(n);
    ir::add_src(t, TexSrcType::offset, n == 1 ? o[0] : b().vec(o));
  }
  if (depth) {
    t.is_shadow = true;
    ir::add_src(t, TexSrcType::comparator, value(*depth, Type::F32));
  }
  t.dest.components = 4;
  if (t.op == ir::TexOp::txd && t.is_shadow && unified_1d_as_2d) {
    // ptxas 11.8 emits a plain TXD 2D for tex.grad.1d with depth compare in unified mode: the compare is dropped
    // (lowering-facts 3.3, "likely a ptxas bug"); tmu compiles what ptxas compiles, since that is what the GPU runs.
    ir::remove_src(t, static_cast<unsigned>(ir::src_index(t, TexSrcType::comparator)));
    t.is_shadow = false;
  }
  const bool emulate = t.op == ir::TexOp::txd && (t.sampler_dim == ir::SamplerDim::Dim3D ||
                                                  t.sampler_dim == ir::SamplerDim::Cube || t.is_shadow);
  const DefId v = emulate ? emulated_gradients(t) : b().tex(std::move(t));
  results(is_tex ? x->dest : g->dest, dtype, v);
}

// tex.grad where SM50's TXD has no form (3D, cube maps, depth compare), as ptxas emulates it (lowering-facts 3.6):
// for each lane i of a quad in turn, every lane of the quad takes lane i's operands (a shuffle), lanes 1 and 3 add
// dPdx and lanes 2 and 3 add dPdy to the coordinates, so that the quad's implicit derivatives are lane i's
// gradients; an implicit-LOD lookup with .NDV follows (outside pixel shaders a quad is divergent without it, seed
// 000, and the LOD would not come from the quad), and lane i keeps the result of the quad's lane 0. The GPU agrees with
// this and not with NAK's explicit-LOD lowering (tests/oracle/ptx_hw_end_to_end_test.cpp). ptxas also makes the
// whole quad active around it (SAM/RAM); tmu's kernels rely on whole quads being active.
std::optional<uint32_t> FunctionCompiler::parameter_word(DefId handle) {
  const ir::Instr* def = s_.def_instr(handle);
  const auto* load = def ? def->as<ir::IntrinsicInstr>() : nullptr;
  if (!load || load->op != ir::Intrinsic::load_kernel_input || load->dest.components != 2) return std::nullopt;
  return (isa::kParamBase + static_cast<uint32_t>(load->index("base").value_or(0))) / 4;
}

DefId FunctionCompiler::emulated_gradients(const ir::TexInstr& t) {
  ir::IntrinsicInstr id;
  id.op = ir::Intrinsic::load_subgroup_invocation;
  id.dest.components = 1;
  const DefId lane = b().intrinsic(std::move(id));
  const DefId quad_lane = b().alu(AluOp::iand, {lane, b().imm_int(3)});
  const DefId quad_base = b().alu(AluOp::iand, {lane, b().imm_int(~int64_t{3} & 0xffffffff)});
  const DefId plus_x = b().alu(AluOp::ine, {b().alu(AluOp::iand, {quad_lane, b().imm_int(1)}), b().imm_int(0)});
  const DefId plus_y = b().alu(AluOp::ine, {b().alu(AluOp::iand, {quad_lane, b().imm_int(2)}), b().imm_int(0)});
  const DefId zero = b().imm_float(0.0f);
  auto shuffle = [&](DefId v, DefId from) {
    ir::IntrinsicInstr s;
    s.op = ir::Intrinsic::shuffle;
    s.dest.components = static_cast<uint8_t>(b().components(v));
    s.src = {v, from};
    return b().intrinsic(std::move(s));
  };
  auto source = [&](TexSrcType type) -> DefId {
    const int k = ir::src_index(t, type);
    return k < 0 ? ir::kNoDef : t.src[static_cast<unsigned>(k)].def;
  };
  const DefId coord = source(TexSrcType::coord), ddx = source(TexSrcType::ddx), ddy = source(TexSrcType::ddy);
  const unsigned n = b().components(ddx);
  DefId result = b().imm_vec({0, 0, 0, 0}, 32);
  for (unsigned i = 0; i < 4; ++i) {
    const DefId from = b().alu(AluOp::iadd, {quad_base, b().imm_int(i)});
    const DefId c = shuffle(coord, from), dx = shuffle(ddx, from), dy = shuffle(ddy, from);
    std::vector<DefId> p;
    for (unsigned k = 0; k < b().components(coord); ++k) {
      DefId v = b().channel(c, k);
      if (k < n) {  // the layer (last) takes no gradient
        v = b().alu(AluOp::fadd, {v, b().alu(AluOp::bcsel, {plus_x, b().channel(dx, k), zero})});
        v = b().alu(AluOp::fadd, {v, b().alu(AluOp::bcsel, {plus_y, b().channel(dy, k), zero})});
      }
      p.push_back(v);
    }
    ir::TexInstr u = t;
    u.op = ir::TexOp::tex;
    u.src.clear();
    for (const ir::TexSrc& s : t.src) {
      if (s.type == TexSrcType::ddx || s.type == TexSrcType::ddy) continue;
      u.src.push_back({s.type, s.type == TexSrcType::coord ? (p.size() == 1 ? p[0] : b().vec(p)) : shuffle(s.def, from)});
    }
    const DefId looked_up = b().tex(std::move(u));
    non_divergent_.push_back(looked_up);
    const DefId r = shuffle(looked_up, quad_base);
    result = select(b().alu(AluOp::ieq, {quad_lane, b().imm_int(i)}), r, result, 4);
  }
  return result;
}

}  // namespace tmu::ptx::to_ir
