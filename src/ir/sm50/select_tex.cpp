// SPDX-License-Identifier: MIT
// Texture instructions to SM50: the NIR op and flags choose the instruction and its modifiers (lowering-facts.md
// 2.1), isa/sm50/tex_operands says which value goes to which register of Ra and Rb (the one packer, and its word
// packings: AOFFI, gather offsets, PTP, layer and LOD clamp), and the results are moved into NIR's order.
#include <algorithm>
#include <bit>

#include "ir/sm50/select_internal.h"
#include "ir/tex.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/tex_operands.h"

namespace tmu::ir::sm50::detail {
namespace {

using isa::sm50::TexParam;

struct TexSel {
  Selector& sel;
  const Instr& instr;
  const TexInstr& t;

  std::optional<DefId> src(TexSrcType type) const {
    const int i = src_index(t, type);
    if (i < 0) return std::nullopt;
    return t.src[static_cast<unsigned>(i)].def;
  }
  [[noreturn]] void fail(const std::string& what) const { sel.fail(instr, what); }
  std::string tmp() { return sel.reg(sel.scratch(1)); }

  // The hardware's coordinate description (#paramA).
  std::string dim() const {
    switch (t.sampler_dim) {
      case SamplerDim::Dim1D: case SamplerDim::Buf: return t.is_array ? "ARRAY_1D" : "1D";
      case SamplerDim::Dim2D: case SamplerDim::External: case SamplerDim::MS: case SamplerDim::Subpass:
      case SamplerDim::SubpassMS:
        return t.is_array ? "ARRAY_2D" : "2D";
      case SamplerDim::Dim3D: return "3D";
      case SamplerDim::Cube: return t.is_array ? "ARRAY_CUBE" : "CUBE";
      case SamplerDim::Rect:
        // Integer texel coordinates and queries do not care; filtered lookups would need unnormalized coordinates.
        if (t.op == TexOp::txf || t.op == TexOp::txs || t.op == TexOp::query_levels) return "2D";
        fail("RECT textures are unnormalized: run nir_lower_tex with lower_rect first");
    }
    return "2D";
  }

  unsigned constant_index(uint32_t base, TexSrcType offset) const {
    auto o = src(offset);
    if (!o) return base;
    auto v = sel.constant(*o);
    if (!v) fail(fmt::format("a non-constant {} needs a bindless handle: not selected yet", name(offset)));
    return base + static_cast<unsigned>(*v);
  }

  // Bindless (.B): the handle comes in a register (seed 000: samplerPtr[31:20] | headerPtr[19:0]).
  bool bindless() const { return src(TexSrcType::texture_handle).has_value(); }

  unsigned tsidx() const {
    if (bindless()) return 0;
    const unsigned tex = constant_index(t.texture_index, TexSrcType::texture_offset);
    const unsigned smp = constant_index(t.sampler_index, TexSrcType::sampler_offset);
    if (tex >= 32 || smp >= 32) fail("texture and sampler indices must be below 32 (tsidx = 32 T + S)");
    return texture_slot(tex, smp);
  }

  // Coordinate components without the layer.
  unsigned coords() const {
    const unsigned n = t.coord_components;
    return t.is_array && t.op != TexOp::lod ? n - 1 : n;
  }

  // An offset source packed into its word by the one packer, at compile time when it is a constant. Each offset
  // is clamped to its field's signed range first (4 bits; TLD4's 6 bits), as the interpreter takes them.
  void packed_offsets(const std::string& out, bool gather) {
    const DefId off = *src(TexSrcType::offset);
    const unsigned n = std::min(sel.components(off), 3u);
    const int hi = gather ? 31 : 7;
    tex::TexelOffsets v{};
    bool constant = true;
    for (unsigned c = 0; c < n; ++c) {
      auto k = sel.constant(off, c);
      if (!k) constant = false;
      else v[c] = static_cast<int8_t>(std::clamp(static_cast<int32_t>(static_cast<uint32_t>(*k)), -hi - 1, hi));
    }
    if (constant) {
      const uint32_t word = gather ? isa::sm50::pack_tld4_offsets(v) : isa::sm50::pack_offsets(v);
      sel.emit(fmt::format("MOV32I {}, {:#x}", out, word));
      return;
    }
    // At run time: clamped with IMNMX and inserted with BFI at the packer's fields (4 bits each at 0, 4, 8;
    // TLD4: 6 bits at 0 and 8).
    const unsigned width = gather ? 6 : 4, stride = gather ? 8 : 4;
    const std::string clamped = tmp();
    sel.emit(fmt::format("MOV {}, RZ", out));
    for (unsigned c = 0; c < n; ++c) {
      sel.emit(fmt::format("IMNMX {}, {}, {:#x}, PT", clamped, sel.r(off, c), hi));
      sel.emit(fmt::format("IMNMX {}, {}, -{:#x}, !PT", clamped, clamped, hi + 1));
      sel.emit(fmt::format("BFI {}, {}, {:#x}, {}", out, clamped, (width << 8) | (stride * c), out));
    }
  }

  // The array index: float layers rounded to the nearest integer (NAK: u32(max(L + 0.5, 0)), then at most 0xffff);
  // txf's integer layers clamped to 0xffff.
  void layer(const std::string& out, DefId coord) {
    const std::string l = sel.r(coord, t.coord_components - 1);
    if (src_type(t.op, TexSrcType::coord) == kFloat) {
      sel.emit(fmt::format("FADD {}, {}, 0.5", out, l));
      sel.emit(fmt::format("F2I.U32.F32.TRUNC {}, {}", out, out));
      sel.emit(fmt::format("IMNMX.U32 {}, {}, 0xffff, PT", out, out));
    } else {
      sel.emit(fmt::format("IMNMX.U32 {}, {}, 0xffff, PT", out, l));
    }
  }

  // .LC's clamp as u4.8 fixed point, as NAK encodes it: u32(fmax(min_lod * 256, 16)), at most 0xfff.
  void lod_clamp(const std::string& out) {
    sel.emit(fmt::format("FMUL {}, {}, 256", out, sel.r(*src(TexSrcType::min_lod))));
    sel.emit(fmt::format("FMNMX {}, {}, 16, !PT", out, out));
    sel.emit(fmt::format("F2I.U32.F32.TRUNC {}, {}", out, out));
    sel.emit(fmt::format("IMNMX.U32 {}, {}, 0xfff, PT", out, out));
  }

  // Cube directions divided by their largest magnitude, by MUFU.RCP and FMUL (nir_normalize_cubemap_coords,
  // which NAK runs; ptxas and nouveau do the same): registers of the normalized x, y, z.
  std::array<std::string, 3> cube_coords() {
    if (cube_[0].empty()) {
      const DefId c = *src(TexSrcType::coord);
      const std::string m = tmp(), r = tmp();
      sel.emit(fmt::format("FMNMX {}, |{}|, |{}|, !PT", m, sel.r(c, 0), sel.r(c, 1)));
      sel.emit(fmt::format("FMNMX {}, {}, |{}|, !PT", m, m, sel.r(c, 2)));
      sel.emit(fmt::format("MUFU.RCP {}, {}", r, m));
      for (unsigned k = 0; k < 3; ++k) {
        cube_[k] = tmp();
        sel.emit(fmt::format("FMUL {}, {}, {}", cube_[k], sel.r(c, k), r));
      }
    }
    return cube_;
  }
  std::array<std::string, 3> cube_;

  void value(TexParam p, const std::string& out) {
    auto coord = src(TexSrcType::coord);
    if (t.sampler_dim == SamplerDim::Cube && (p == TexParam::S || p == TexParam::T || p == TexParam::R)) {
      const unsigned k = p == TexParam::S ? 0 : p == TexParam::T ? 1 : 2;
      sel.emit(fmt::format("MOV {}, {}", out, cube_coords()[k]));
      return;
    }
    auto comp = [&](DefId d, unsigned c) { sel.emit(fmt::format("MOV {}, {}", out, sel.r(d, c))); };
    switch (p) {
      case TexParam::S: comp(*coord, 0); return;
      case TexParam::T: comp(*coord, 1); return;
      case TexParam::R: comp(*coord, 2); return;
      case TexParam::ArrayIndex: {
        const bool lc = src(TexSrcType::min_lod).has_value();
        if (t.is_array) layer(out, *coord);
        else sel.emit(fmt::format("MOV {}, RZ", out));
        if (lc) {
          const std::string c = tmp();
          lod_clamp(c);
          sel.emit(fmt::format("BFI {}, {}, 0xc10, {}", out, c, out));  // clamp in bits 27:16
        }
        return;
      }
      case TexParam::Lod: {
        if (t.op == TexOp::txs || t.op == TexOp::query_levels || t.op == TexOp::texture_samples ||
            t.op == TexOp::hdr_dim_nv || t.op == TexOp::tex_type_nv) {
          // TXQ's level: txs's lod; query_levels counts the levels of level 0 (NAK), the type query reads none.
          auto l = src(TexSrcType::lod);
          if (l && t.op == TexOp::txs) comp(*l, 0);
          else sel.emit(fmt::format("MOV {}, RZ", out));
          return;
        }
        auto l = src(TexSrcType::lod);
        if (!l) l = src(TexSrcType::bias);
        if (!l) fail("the instruction needs a LOD or bias source");
        if (sel.bit_size(*l) == 16) sel.emit(fmt::format("F2F.F32.F16 {}, {}", out, sel.r(*l)));
        else comp(*l, 0);
        return;
      }
      case TexParam::Offset: packed_offsets(out, false); return;
      case TexParam::Tld4Offset: packed_offsets(out, true); return;
      case TexParam::PtpOffsetsLo: case TexParam::PtpOffsetsHi: {
        const unsigned first = p == TexParam::PtpOffsetsLo ? 0 : 2;
        uint32_t word = 0;
        for (unsigned k = 0; k < 2; ++k)
          for (unsigned a = 0; a < 2; ++a)
            word |= (static_cast<uint32_t>(static_cast<uint8_t>(t.tg4_offsets[first + k][a]))) << (16 * k + 8 * a);
        sel.emit(fmt::format("MOV32I {}, {:#x}", out, word));
        return;
      }
      case TexParam::Handle: {
        // One handle: the texture's header index with a separate sampler handle's sampler index on top (NAK:
        // (tex & 0x000fffff) | (samp & 0xfff00000)).
        const DefId th = *src(TexSrcType::texture_handle);
        if (auto sh = src(TexSrcType::sampler_handle)) {
          const std::string a = tmp();
          sel.emit(fmt::format("LOP32I.AND {}, {}, 0xfffff", a, sel.r(th)));
          sel.emit(fmt::format("LOP32I.AND {}, {}, 0xfff00000", out, sel.r(*sh)));
          sel.emit(fmt::format("LOP.OR {}, {}, {}", out, out, a));
        } else {
          comp(th, 0);
        }
        return;
      }
      case TexParam::DepthRef: comp(*src(TexSrcType::comparator), 0); return;
      case TexParam::Sample: comp(*src(TexSrcType::ms_index), 0); return;
      case TexParam::LayerOffset: {
        // TXD: the array index in bits 15:0, the AOFFI offsets in bits 27:16.
        if (t.is_array) layer(out, *coord);
        else sel.emit(fmt::format("MOV {}, RZ", out));
        if (src(TexSrcType::offset)) {
          const std::string o = tmp();
          packed_offsets(o, false);
          sel.emit(fmt::format("BFI {}, {}, 0xc10, {}", out, o, out));
        }
        return;
      }
      case TexParam::DsDx: comp(*src(TexSrcType::ddx), 0); return;
      case TexParam::DsDy: comp(*src(TexSrcType::ddy), 0); return;
      case TexParam::DtDx: comp(*src(TexSrcType::ddx), 1); return;
      case TexParam::DtDy: comp(*src(TexSrcType::ddy), 1); return;
      case TexParam::DrDx: comp(*src(TexSrcType::ddx), 2); return;
      case TexParam::DrDy: comp(*src(TexSrcType::ddy), 2); return;
      default: fail(fmt::format("no value for the {} operand", isa::sm50::tex_param_name(p)));
    }
  }

  // Which components of the result the shader reads (NAK's write mask: "NIR components actually read").
  unsigned used_components() const {
    unsigned used = 0;
    const DefId d = t.dest.id;
    sel.s.for_each_instr([&](Instr& i) {
      if (const AluInstr* a = i.as<AluInstr>()) {
        const AluOpInfo& in = info(a->op);
        for (unsigned k = 0; k < a->src.size(); ++k) {
          if (a->src[k].def != d) continue;
          const unsigned width = in.input_size[k] ? in.input_size[k] : a->dest.components;
          for (unsigned c = 0; c < width; ++c) used |= 1u << a->src[k].swizzle[c];
        }
        return;
      }
      for (DefId* u : i.uses())
        if (*u == d) used |= (1u << t.dest.components) - 1;
    });
    return used;
  }

  // A short form (TEXS, TLDS, TLD4S) when the op, its modifiers and the components read fit one (sm50-encodings
  // 4.6, lowering-facts 3.2 rule 2: ptxas prefers them): mnemonic, type and mask letters; nullopt otherwise.
  struct Short {
    std::string mnemonic, type, mask;
    bool gather = false;
  };
  std::optional<Short> short_form(unsigned used) const {
    if (t.is_sparse || src(TexSrcType::min_lod) || t.sampler_dim == SamplerDim::Rect || bindless())
      return std::nullopt;
    const bool shadow = t.is_shadow && src(TexSrcType::comparator);
    const bool offset = src(TexSrcType::offset).has_value();
    const bool array = t.is_array;
    const SamplerDim d = t.sampler_dim;
    const bool is2d = d == SamplerDim::Dim2D || d == SamplerDim::External;
    Short f;
    if (t.op == TexOp::tg4) {
      // TLD4S: 2D, one AOFFI offset at most, depth compare; all four texels.
      if (!is2d || array || has_explicit_tg4_offsets(t)) return std::nullopt;
      static constexpr const char* kComp[] = {".R", ".G", ".B", ".A"};
      f.mnemonic = std::string("TLD4S") + kComp[t.component & 3] + (offset ? ".AOFFI" : "") + (shadow ? ".DC" : "") +
                   (t.skip_helpers ? ".NODEP" : "");
      f.gather = true;
      return f;
    }
    // The masks TEXS/TLDS encode: one component, RG, RA, GA, BA, three of four, or all.
    static constexpr std::pair<unsigned, const char*> kMasks[] = {
        {0x1, "R"}, {0x2, "G"}, {0x4, "B"}, {0x8, "A"}, {0x3, "RG"}, {0x9, "RA"}, {0xa, "GA"}, {0xc, "BA"},
        {0x7, "RGB"}, {0xb, "RGA"}, {0xd, "RBA"}, {0xe, "GBA"}, {0xf, "RGBA"}};
    const unsigned mask = used ? used : 1u;
    for (auto [m, letters] : kMasks)
      if (m == mask) f.mask = letters;
    if (f.mask.empty()) return std::nullopt;
    auto l = src(TexSrcType::lod);
    const auto k = l ? sel.constant(*l) : std::optional<uint64_t>{0};
    const bool lz = k && *k == 0;
    const std::string type = d == SamplerDim::Dim1D ? (array ? "ARRAY_1D" : "1D") : d == SamplerDim::Dim3D ? "3D"
                             : d == SamplerDim::Cube ? (array ? "ARRAY_CUBE" : "CUBE")
                                                     : (array ? "ARRAY_2D" : "2D");
    std::string mods;
    std::span<const isa::sm50::Spelling> table;
    if (t.op == TexOp::tex || t.op == TexOp::txl) {
      if (offset) return std::nullopt;
      mods = std::string(t.op == TexOp::tex ? "" : lz ? ".LZ" : ".LL") + (shadow ? ".DC" : "");
      f.mnemonic = "TEXS";
      table = isa::sm50::kTexsEncoding_values;
    } else if (t.op == TexOp::txf || t.op == TexOp::txf_ms) {
      const bool ms = t.op == TexOp::txf_ms;
      mods = std::string(ms || lz ? ".LZ" : ".LL") + (offset ? ".AOFFI" : "") + (ms ? ".MS" : "");
      f.mnemonic = "TLDS";
      table = isa::sm50::kTldsEncoding_values;
    } else {
      return std::nullopt;
    }
    // The encodings the short form has (isa/sm50/texture_enums.h, the table nvdisasm prints from).
    for (const isa::sm50::Spelling& e : table) {
      if (e.rejected || e.text != mods || e.column2 != type) continue;
      f.mnemonic += mods + (t.skip_helpers ? ".NODEP" : "");
      f.type = type;
      return f;
    }
    return std::nullopt;
  }

  // The instruction's text without registers: "TEX.LZ.DC" and its trailing operands.
  struct Form {
    std::string mnemonic;
    std::string tail;      // after Ra/Rb: tsidx, dim, mask (or TXQ's query, tsidx, mask)
    unsigned wmask = 0xf;  // components the hardware writes, into consecutive registers
    bool has_rb = true;
  };

  // The write mask of a lookup: the result components read (at least one), the residency code apart.
  unsigned read_mask() const {
    const unsigned n = result_size(t);
    const unsigned used = used_components() & ((1u << n) - 1);
    return used ? used : 1u;
  }

  // The long form with .B where the handle is bindless: TEX.B, TLD.B, TLD4.R.B, TXD.B, TMML.B.LOD, TXQ.B; the
  // texture index operand reads 0x0.
  Form form() {
    Form f = bound_form();
    // skip_helpers: helper lanes take no part in the lookup (.NODEP: killed threads excluded, seed 000), last of
    // the modifiers.
    if (t.skip_helpers) f.mnemonic += ".NODEP";
    if (!bindless()) return f;
    const auto dot = f.mnemonic.find('.');
    if (f.mnemonic.rfind("TLD4", 0) == 0) {
      const auto second = f.mnemonic.find('.', dot + 1);
      f.mnemonic.insert(second == std::string::npos ? f.mnemonic.size() : second, ".B");
    } else if (dot == std::string::npos) {
      f.mnemonic += ".B";
    } else {
      f.mnemonic.insert(dot, ".B");
    }
    if (f.mnemonic.rfind("TMML", 0) == 0) f.has_rb = true;  // TMML.B's handle is in Rb
    return f;
  }

  Form bound_form() {
    Form f;
    const bool shadow = t.is_shadow && src(TexSrcType::comparator);
    const bool offset = src(TexSrcType::offset).has_value();
    const bool min_lod = src(TexSrcType::min_lod).has_value();
    const unsigned slot = tsidx();
    switch (t.op) {
      case TexOp::tex: case TexOp::txb: case TexOp::txl: {
        std::string lod;
        if (t.op == TexOp::txb) lod = ".LB";
        if (t.op == TexOp::txl) {
          auto l = src(TexSrcType::lod);
          auto k = l ? sel.constant(*l) : std::optional<uint64_t>{0};
          lod = k && *k == 0 ? ".LZ" : ".LL";
        }
        f.mnemonic = "TEX" + lod + (min_lod ? ".LC" : "") + (offset ? ".AOFFI" : "") + (shadow ? ".DC" : "");
        f.wmask = read_mask();
        f.tail = fmt::format("{:#x}, {}, {:#x}", slot, dim(), f.wmask);
        return f;
      }
      case TexOp::txd:
        if (shadow) fail("TXD has no depth compare: run nir_lower_tex with lower_txd_shadow");
        if (t.sampler_dim == SamplerDim::Dim3D || t.sampler_dim == SamplerDim::Cube)
          fail("TXD on 3D and cube textures: run nir_lower_tex with lower_txd_3d and lower_txd_cube_map");
        f.mnemonic = std::string("TXD") + (min_lod ? ".LC" : "") + (offset ? ".AOFFI" : "");
        f.wmask = read_mask();
        f.tail = fmt::format("{:#x}, {}, {:#x}", slot, dim(), f.wmask);
        return f;
      case TexOp::txf: case TexOp::txf_ms: {
        auto l = src(TexSrcType::lod);
        auto k = l ? sel.constant(*l) : std::optional<uint64_t>{0};
        const bool lz = t.op == TexOp::txf_ms || (k && *k == 0);
        f.mnemonic = std::string("TLD") + (lz ? ".LZ" : ".LL") + (offset ? ".AOFFI" : "") +
                     (t.op == TexOp::txf_ms ? ".MS" : "");
        f.wmask = read_mask();
        f.tail = fmt::format("{:#x}, {}, {:#x}", slot, dim(), f.wmask);
        return f;
      }
      case TexOp::tg4: {
        static constexpr const char* kComp[] = {".R", ".G", ".B", ".A"};
        const char* goff = has_explicit_tg4_offsets(t) ? ".PTP" : offset ? ".AOFFI" : "";
        f.mnemonic = std::string("TLD4") + kComp[t.component & 3] + goff + (shadow ? ".DC" : "");
        f.wmask = read_mask();
        f.tail = fmt::format("{:#x}, {}, {:#x}", slot, dim(), f.wmask);
        return f;
      }
      case TexOp::lod:
        f.mnemonic = "TMML.LOD";
        f.wmask = 0x3;
        f.tail = fmt::format("{:#x}, {}, 0x3", slot, dim());
        f.has_rb = false;
        return f;
      case TexOp::txs: case TexOp::query_levels: case TexOp::hdr_dim_nv:
        f.mnemonic = "TXQ";
        f.tail = fmt::format("TEX_HEADER_DIMENSION, {:#x}, 0xf", slot);
        f.has_rb = false;
        return f;
      case TexOp::texture_samples: case TexOp::tex_type_nv:
        f.mnemonic = "TXQ";
        f.tail = fmt::format("TEX_HEADER_TEXTURE_TYPE, {:#x}, 0xf", slot);
        f.has_rb = false;
        return f;
      default:
        fail(fmt::format("{} has no SM50 instruction (nir_lower_tex lowers it, or the hardware has none)", name(t.op)));
    }
  }

  void run() {
    if (src(TexSrcType::projector)) fail("tex with a projector: run nir_lower_tex with lower_txp first");
    if (src(TexSrcType::sampler_handle) && !src(TexSrcType::texture_handle))
      fail("a sampler handle without a texture handle: the bindless forms take one combined handle");
    if (src(TexSrcType::min_lod) && sel.opt.arch != isa::Arch::SM52)
      fail("min_lod needs the LOD clamp (.LC), which SM52 has: select with --arch sm52");
    if (t.is_sparse && sel.opt.arch != isa::Arch::SM52)
      fail("sparse residency needs TEX's predicate output, which SM52 has: select with --arch sm52");
    const std::optional<Short> sf = query() ? std::nullopt : short_form(read_mask());
    const Form f = form();
    const unsigned slot = tsidx();
    // The probe statement whose layout (isa/sm50/tex_operands, the one packer) says what goes where.
    const unsigned mask = sf ? (sf->gather ? 0xfu : read_mask()) : f.wmask;
    const bool pair2 = std::popcount(mask) > 2;
    const std::string probe =
        sf ? (sf->gather ? fmt::format("{} R2, R0, R0, R0, {:#x}", sf->mnemonic, slot)
                         : fmt::format("{} {}, R0, R0, R0, {:#x}, {}, {}", sf->mnemonic, pair2 ? "R2" : "RZ", slot,
                                       sf->type, sf->mask))
           : fmt::format("{} R0, R0, {}{}", f.mnemonic, f.has_rb ? "R0, " : "", f.tail);
    const auto parsed = isa::sm50::parse_instruction(probe, sel.opt.arch);
    if (!parsed.ok()) fail(fmt::format("'{}' does not parse ({}): a selector bug", probe, parsed.error));
    const isa::sm50::TexLayout layout = isa::sm50::tex_layout(*parsed.inst);
    if (!layout.fits()) fail(fmt::format("{} needs more than four registers in Ra or Rb", f.mnemonic));
    auto group = [&](std::span<const TexParam> params) -> std::string {
      if (params.empty()) return "RZ";
      const unsigned b = sel.scratch(static_cast<unsigned>(params.size()));
      for (std::size_t i = 0; i < params.size(); ++i) value(params[i], sel.reg(b + static_cast<unsigned>(i)));
      return sel.reg(b);
    };
    const std::string ra = group(layout.ra_params());
    // Where each enabled component lands: consecutive registers (long forms), or Rd, Rd+1 then Rd2, Rd2+1.
    std::array<int, 4> where{-1, -1, -1, -1};
    if (sf) {
      const std::string rb = group(layout.rb_params());
      const unsigned rd = sel.scratch(2);
      const unsigned rd2 = pair2 ? sel.scratch(2) : 0;
      unsigned k = 0;
      for (unsigned c = 0; c < 4; ++c)
        if ((mask >> c) & 1) where[c] = static_cast<int>(k < 2 ? rd + k : rd2 + k - 2), ++k;
      const std::string d2 = pair2 ? sel.reg(rd2) : "RZ";
      if (sf->gather)
        sel.emit(fmt::format("{} {}, {}, {}, {}, {:#x}", sf->mnemonic, d2, sel.reg(rd), ra, rb, slot));
      else
        sel.emit(fmt::format("{} {}, {}, {}, {}, {:#x}, {}, {}", sf->mnemonic, d2, sel.reg(rd), ra, rb, slot,
                             sf->type, sf->mask));
    } else {
      const std::string rb = f.has_rb ? group(layout.rb_params()) + ", " : "";
      const unsigned hw = sel.scratch(static_cast<unsigned>(std::popcount(f.wmask)));
      unsigned k = 0;
      for (unsigned c = 0; c < 4; ++c)
        if ((f.wmask >> c) & 1) where[c] = static_cast<int>(hw + k++);
      const std::string ps = t.is_sparse ? "P0, " : "";
      sel.emit(fmt::format("{} {}{}, {}, {}{}", f.mnemonic, ps, sel.reg(hw), ra, rb, f.tail));
    }
    result(where);
  }

  bool query() const {
    return t.op == TexOp::txs || t.op == TexOp::query_levels || t.op == TexOp::texture_samples ||
           t.op == TexOp::hdr_dim_nv || t.op == TexOp::tex_type_nv || t.op == TexOp::lod;
  }

  // The hardware's registers in NIR's order. `where[c]`: the register hardware component c went to (-1: not
  // written: a component the shader does not read).
  void result(const std::array<int, 4>& where) {
    const unsigned d = sel.dest(t.dest);
    auto hwr = [&](unsigned c) { return sel.reg(static_cast<unsigned>(where[c])); };
    auto mov = [&](unsigned k, unsigned from) { sel.emit(fmt::format("MOV {}, {}", sel.reg(d + k), hwr(from))); };
    switch (t.op) {
      case TexOp::txs: {
        // Sizes, and the layer count of arrays in component 2 (cubes of cube arrays).
        const unsigned dims = result_size(t) - (t.is_array ? 1 : 0);
        for (unsigned k = 0; k < dims; ++k) mov(k, k);
        if (t.is_array) mov(dims, 2);
        break;
      }
      case TexOp::query_levels: mov(0, 3); break;
      case TexOp::texture_samples: mov(0, 2); break;
      case TexOp::lod: {
        // TMML: X the relative LOD (signed 8.8), Y the absolute one (unsigned 8.8); NIR's lod is (Y, X) as floats.
        const std::string a = sel.reg(d), r = sel.reg(d + 1);
        sel.emit(fmt::format("LOP32I.AND {}, {}, 0xffff", a, hwr(1)));
        sel.emit(fmt::format("I2F.F32.U32 {}, {}", a, a));
        sel.emit(fmt::format("FMUL {}, {}, 0.00390625", a, a));
        sel.emit(fmt::format("I2F.F32.S16 {}, {}", r, hwr(0)));
        sel.emit(fmt::format("FMUL {}, {}, 0.00390625", r, r));
        break;
      }
      default: {
        const unsigned n = result_size(t);
        for (unsigned k = 0; k < n; ++k)
          if (where[k] >= 0) mov(k, k);
        break;
      }
    }
    if (t.is_sparse) {
      // The residency code: 1 when every texel was resident (Ps set), 0 otherwise (NAK: sel(fault, 0, 1)).
      sel.emit(fmt::format("SEL {}, RZ, 0x1, !P0", sel.reg(d + dest_size(t) - 1)));
    }
  }
};

}  // namespace

void select_tex(Selector& sel, const Instr& instr, const TexInstr& t) { TexSel{sel, instr, t, {}}.run(); }

}  // namespace tmu::ir::sm50::detail
