// SPDX-License-Identifier: MIT
// Texture instructions to SM50, after prepare_tex (NAK's preparation, prepare_tex.h): the instruction's modifiers
// come from its backend_flags (tex_flags.h), its Ra and Rb vectors are the backend1 and backend2 values, packed
// as isa/sm50/tex_operands lays them out. Selection spells the instruction (a short form TEXS, TLDS or TLD4S where
// the modifiers and the components read fit one, lowering-facts 3.2 rule 2: the same parameters in the short
// form's split), and moves the written registers into NIR's order.
#include <algorithm>
#include <bit>

#include "ir/sm50/select_internal.h"
#include "ir/sm50/tex_flags.h"
#include "ir/tex.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/tex_operands.h"
#include "isa/sm50/texture_enums.h"

namespace tmu::ir::sm50::detail {
namespace {

using isa::sm50::TexParam;

struct TexSel {
  Selector& sel;
  const Instr& instr;
  const TexInstr& t;
  PreparedTex p;

  const tex::Modifiers& m() const { return p.modifiers; }
  std::optional<DefId> src(TexSrcType type) const {
    const int i = src_index(t, type);
    if (i < 0) return std::nullopt;
    return t.src[static_cast<unsigned>(i)].def;
  }
  [[noreturn]] void fail(const std::string& what) const { sel.fail(instr, what); }

  std::string dim() const { return std::string(isa::sm50::kTexDim_values[static_cast<std::size_t>(m().dim)].text); }

  unsigned constant_index(uint32_t base, TexSrcType offset) const {
    auto o = src(offset);
    if (!o) return base;
    auto v = sel.constant(*o);
    if (!v) fail(fmt::format("a non-constant {} needs a bindless handle: not selected yet", name(offset)));
    return base + static_cast<unsigned>(*v);
  }

  unsigned tsidx() const {
    if (p.bindless) return 0;
    if (sel.opt.direct_texture_index) {
      // The texture index is the constant-bank word itself (a CUDA kernel's binding), which names the sampler
      // too.
      const unsigned word = constant_index(t.texture_index, TexSrcType::texture_offset);
      if (word > 0x1fff) fail(fmt::format("texture index {:#x} is past tsidx's 13 bits (0x1fff)", word));
      return word;
    }
    const unsigned tex = constant_index(t.texture_index, TexSrcType::texture_offset);
    const unsigned smp = constant_index(t.sampler_index, TexSrcType::sampler_offset);
    if (tex >= 32 || smp >= 32) fail("texture and sampler indices must be below 32 (tsidx = 32 T + S)");
    return texture_slot(tex, smp);
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

  // The write mask: the result components read (at least one), the residency code apart.
  unsigned read_mask() const {
    const unsigned n = result_size(t);
    const unsigned used = used_components() & ((1u << n) - 1) & 0xf;
    return used ? used : 1u;
  }

  // A short form (TEXS, TLDS, TLD4S) when the modifiers and the components read fit one (sm50-encodings 4.6,
  // lowering-facts 3.2 rule 2: ptxas prefers them): the statement's text up to Rd2, and the form's operand split.
  struct Short {
    std::string mnemonic, type, mask;
    isa::sm50::Op op;
    bool gather = false;
  };
  std::optional<Short> short_form(unsigned used) const {
    const tex::Modifiers& x = m();
    if (t.is_sparse || x.lod_clamp || p.bindless) return std::nullopt;
    const char* nodep = t.skip_helpers ? ".NODEP" : "";
    Short f;
    if (x.op == tex::TexOp::Gather) {
      // TLD4S: 2D, one AOFFI offset at most, depth compare; all four texels.
      if (x.dim != tex::Dim::Tex2D || x.ptp) return std::nullopt;
      f.op = isa::sm50::Op::TLD4S;
      f.mnemonic = fmt::format("TLD4S{}{}{}{}", isa::sm50::kComponent_values[static_cast<std::size_t>(x.component)].text,
                               x.aoffi ? ".AOFFI" : "", x.depth_compare ? ".DC" : "", nodep);
      f.gather = true;
      return f;
    }
    // The masks TEXS/TLDS encode: one component, RG, RA, GA, BA, three of four, or all.
    static constexpr std::pair<unsigned, const char*> kMasks[] = {
        {0x1, "R"}, {0x2, "G"}, {0x4, "B"}, {0x8, "A"}, {0x3, "RG"}, {0x9, "RA"}, {0xa, "GA"}, {0xc, "BA"},
        {0x7, "RGB"}, {0xb, "RGA"}, {0xd, "RBA"}, {0xe, "GBA"}, {0xf, "RGBA"}};
    for (auto [mask, letters] : kMasks)
      if (mask == used) f.mask = letters;
    if (f.mask.empty()) return std::nullopt;
    std::span<const isa::sm50::Spelling> table;
    if (x.op == tex::TexOp::Sample) {
      f.op = isa::sm50::Op::TEXS;
      table = isa::sm50::kTexsEncoding_values;
    } else if (x.op == tex::TexOp::Fetch) {
      f.op = isa::sm50::Op::TLDS;
      table = isa::sm50::kTldsEncoding_values;
    } else {
      return std::nullopt;
    }
    // The encoding with exactly these modifiers (isa/sm50/tex_operands, from the table nvdisasm prints from).
    const auto e = isa::sm50::short_encoding(f.op, x);
    if (!e) return std::nullopt;
    f.mnemonic = fmt::format("{}{}{}", f.op == isa::sm50::Op::TEXS ? "TEXS" : "TLDS", table[*e].text, nodep);
    f.type = table[*e].column2;
    return f;
  }

  // The long form: TEX.LZ.DC, TLD4.R.B.PTP, TMML.B.LOD, TXQ.B ...; and its operands after Ra/Rb.
  std::string mnemonic() const {
    namespace s5 = isa::sm50;
    const tex::Modifiers& x = m();
    auto at = [](auto e) { return static_cast<std::size_t>(e); };
    const std::string b = p.bindless ? ".B" : "";
    std::string s;
    switch (x.op) {
      case tex::TexOp::Sample: case tex::TexOp::Fetch: case tex::TexOp::Gradient:
        s = x.op == tex::TexOp::Sample ? "TEX" : x.op == tex::TexOp::Fetch ? "TLD" : "TXD";
        s += b;
        if (x.op != tex::TexOp::Gradient) s += s5::kLodMode_values[at(s5::lod_encoding(x.lod))].text;
        break;
      case tex::TexOp::Gather: s = std::string("TLD4") + std::string(s5::kComponent_values[at(x.component)].text) + b; break;
      case tex::TexOp::QueryLod: s = "TMML" + b + ".LOD"; break;
      case tex::TexOp::Query: s = "TXQ" + b; break;
    }
    if (x.lod_clamp) s += ".LC";
    if (x.ptp) s += ".PTP";
    else if (x.aoffi) s += ".AOFFI";
    if (x.multisample) s += ".MS";
    if (x.edge_clamp) s += ".CL";  // TLD only (the table's {cl}, after .MS)
    if (x.depth_compare) s += ".DC";
    if (x.ndv) s += ".NDV";  // TEX/TLD4/TXD/TMML: the quad is not divergent (after .DC, before .NODEP)
    // skip_helpers: helper lanes take no part in the lookup (.NODEP: killed threads excluded, seed 000), last.
    if (t.skip_helpers) s += ".NODEP";
    return s;
  }

  void run() {
    const unsigned slot = tsidx();
    const unsigned used = read_mask();
    const auto long_layout = isa::sm50::tex_layout(isa::sm50::long_form_op(m().op, p.bindless), m());
    if (!long_layout) fail("the prepared flags name no SM50 instruction");
    const std::optional<Short> sf = m().op == tex::TexOp::Query || m().op == tex::TexOp::QueryLod
                                        ? std::nullopt
                                        : short_form(used);
    const unsigned mask = sf ? (sf->gather ? 0xfu : used) : used;
    const bool pair2 = std::popcount(mask) > 2;

    // A packed parameter's register: backend1 holds Ra, backend2 Rb of the long form.
    auto where_is = [&](TexParam q) -> std::string {
      const auto ra = long_layout->ra_params(), rb = long_layout->rb_params();
      for (std::size_t i = 0; i < ra.size(); ++i)
        if (ra[i] == q) return sel.r(*src(TexSrcType::backend1), static_cast<unsigned>(i));
      for (std::size_t i = 0; i < rb.size(); ++i)
        if (rb[i] == q) return sel.r(*src(TexSrcType::backend2), static_cast<unsigned>(i));
      fail(fmt::format("the {} operand was not packed", isa::sm50::tex_param_name(q)));
    };
    auto vector = [&](TexSrcType type, std::size_t count) -> std::string {
      if (count == 0) return "RZ";
      auto d = src(type);
      if (!d || sel.components(*d) != count)
        fail(fmt::format("{} does not have the {} registers the instruction reads", name(type), count));
      return sel.r(*d);
    };
    std::array<int, 4> where{-1, -1, -1, -1};
    if (sf) {
      // The short form's split of the same parameters, gathered into scratch vectors.
      const auto layout = isa::sm50::tex_layout(sf->op, m());
      if (!layout) fail("a short form without a layout (a selector bug)");
      auto group = [&](std::span<const TexParam> params) -> std::string {
        if (params.empty()) return "RZ";
        const unsigned b = sel.scratch(static_cast<unsigned>(params.size()));
        for (std::size_t i = 0; i < params.size(); ++i)
          sel.emit(fmt::format("MOV {}, {}", sel.reg(b + static_cast<unsigned>(i)), where_is(params[i])));
        return sel.reg(b);
      };
      const std::string ra = group(layout->ra_params()), rb = group(layout->rb_params());
      const unsigned rd = sel.scratch(2);
      const unsigned rd2 = pair2 ? sel.scratch(2) : 0;
      unsigned k = 0;
      for (unsigned c = 0; c < 4; ++c)
        if ((mask >> c) & 1) where[c] = static_cast<int>(k < 2 ? rd + k : rd2 + k - 2), ++k;
      const std::string d2 = pair2 ? sel.reg(rd2) : "RZ";
      if (sf->gather)
        sel.emit(fmt::format("{} {}, {}, {}, {}, {:#x}", sf->mnemonic, d2, sel.reg(rd), ra, rb, slot));
      else
        sel.emit(fmt::format("{} {}, {}, {}, {}, {:#x}, {}, {}", sf->mnemonic, d2, sel.reg(rd), ra, rb, slot, sf->type,
                             sf->mask));
    } else {
      const std::string ra = vector(TexSrcType::backend1, long_layout->ra_count);
      const unsigned hw = sel.scratch(static_cast<unsigned>(std::popcount(mask)));
      unsigned k = 0;
      for (unsigned c = 0; c < 4; ++c)
        if ((mask >> c) & 1) where[c] = static_cast<int>(hw + k++);
      const std::string ps = t.is_sparse ? "P0, " : "";
      std::string operands;
      switch (m().op) {
        case tex::TexOp::Query:
          operands = fmt::format("{}, {}, {:#x}, {:#x}", ra,
                                 isa::sm50::kTxqQuery_values[static_cast<std::size_t>(m().query)].text, slot, mask);
          break;
        case tex::TexOp::QueryLod:
          // TMML.B reads its handle from Rb.
          operands = p.bindless ? fmt::format("{}, {}, {:#x}, {}, {:#x}", ra, vector(TexSrcType::backend2, long_layout->rb_count), slot, dim(), mask)
                                : fmt::format("{}, {:#x}, {}, {:#x}", ra, slot, dim(), mask);
          break;
        default:
          operands = fmt::format("{}, {}, {:#x}, {}, {:#x}", ra, vector(TexSrcType::backend2, long_layout->rb_count),
                                 slot, dim(), mask);
          break;
      }
      sel.emit(fmt::format("{} {}{}, {}", mnemonic(), ps, sel.reg(hw), operands));
    }
    result(where);
  }

  // The hardware's registers in NIR's order. `where[c]`: the register hardware component c went to (-1: not
  // written: a component the shader does not read).
  void result(const std::array<int, 4>& where) {
    const unsigned d = sel.dest(t.dest);
    const unsigned n = result_size(t);
    for (unsigned k = 0; k < n && k < 4; ++k)
      if (where[k] >= 0) sel.emit(fmt::format("MOV {}, {}", sel.reg(d + k), sel.reg(static_cast<unsigned>(where[k]))));
    if (t.is_sparse) {
      // The residency code: 1 when every texel was resident (Ps set), 0 otherwise (NAK: sel(fault, 0, 1)).
      sel.emit(fmt::format("SEL {}, RZ, 0x1, !P0", sel.reg(d + dest_size(t) - 1)));
    }
  }
};

}  // namespace

void select_tex(Selector& sel, const Instr& instr, const TexInstr& t) {
  const auto p = decode_tex_flags(t.backend_flags);
  if (!p) sel.fail(instr, "a texture instruction not prepared for SM50 (prepare_tex): a selector bug");
  TexSel{sel, instr, t, *p}.run();
}

}  // namespace tmu::ir::sm50::detail
