// SPDX-License-Identifier: MIT
// Texture instructions: the modifiers and the Ra/Rb contents decoded by the codec (isa/sm50/tex_operands.h), the
// header and sampler from the constant-bank word at tsidx or the bindless handle, the texture unit run on the warp
// with the quad masks of seed 000, and the results written back by write mask (compacted; the register pairs of
// TEXS, TLDS, TLD4S) with the sparse-residency predicate Ps.
#include <fmt/format.h>

#include "exec/ops_texture.h"
#include "isa/sm50/tex_operands.h"
#include "texunit/numeric.h"
#include "texunit/texture_unit.h"

namespace tmu::exec {

using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;
namespace tu = texunit;

namespace {

// The operands of one lane, unpacked from its registers. `handle`: the constant-bank word every lane of a
// non-bindless instruction reads, when the caller has read it once.
void lane_operands(Context& c, const Instruction& in, const isa::sm50::TexLayout& layout, unsigned lane,
                   std::optional<uint32_t> handle, tu::Lane& out) {
  isa::sm50::TexRegisters regs;
  const unsigned ra = in.get<Opd::ra>().index, rb = in.get_or<Opd::rb>(isa::sm50::Reg{isa::sm50::Reg::kRZ}).index;
  auto vec = [&](unsigned base, unsigned i) { return base == isa::sm50::Reg::kRZ ? 0u : c.reg(base + i, lane); };
  for (unsigned i = 0; i < layout.ra_count; ++i) regs.ra[i] = vec(ra, i);
  for (unsigned i = 0; i < layout.rb_count; ++i) regs.rb[i] = vec(rb, i);
  out = isa::sm50::unpack(layout, regs);
  if (!layout.has(isa::sm50::TexParam::Handle)) {
    // #tsPtrIdxU13: a word index into the texture constant bank, which holds samplerPtr[31:20] | headerPtr[19:0].
    out.handle = handle ? *handle : c.cbank(c.machine.texture_bank, int64_t{in.get<Opd::tsidx>()} * 4, lane);
  }
}

// Destination registers for the written components: compacted from Rd by write mask, or the pairs of the short
// forms (components in order to Rd, Rd+1, Rd2, Rd2+1).
void write_back(Context& c, const Instruction& in, const tu::Response& r) {
  std::array<uint8_t, 4> comps{};
  unsigned n = 0;
  if (in.has(Opd::wmask)) {
    for (uint8_t k = 0; k < 4; ++k)
      if ((in.get<Opd::wmask>() >> k) & 1) comps[n++] = k;
  } else if (in.op() == Op::TLD4S) {
    comps = {0, 1, 2, 3};
    n = 4;
  } else {  // TEXS / TLDS: the compact mask, whose table depends on Rd2
    static constexpr std::array<std::array<int8_t, 4>, 8> kOne{{{0, -1}, {1, -1}, {2, -1}, {3, -1},
                                                                 {0, 1, -1}, {0, 3, -1}, {1, 3, -1}, {2, 3, -1}}};
    static constexpr std::array<std::array<int8_t, 4>, 8> kTwo{{{0, 1, 2, -1}, {0, 1, 3, -1}, {0, 2, 3, -1},
                                                                 {1, 2, 3, -1}, {0, 1, 2, 3}, {-1}, {-1}, {-1}}};
    const bool two = in.get<Opd::rd2>().index != isa::sm50::Reg::kRZ;
    const auto& row = (two ? kTwo : kOne)[in.get<Opd::smask>() & 7];
    for (int8_t k : row) {
      if (k < 0) break;
      comps[n++] = static_cast<uint8_t>(k);
    }
    if (n == 0) return c.fail(-1, "invalid write mask (INVALID5..7)");
  }
  const unsigned rd = in.get<Opd::rd>().index;
  const unsigned rd2 = in.get_or<Opd::rd2>(isa::sm50::Reg{isa::sm50::Reg::kRZ}).index;
  const bool pairs = in.has(Opd::rd2);
  if (in.get_or<Opd::f16_tld4s>(false)) {
    // TLD4S.F16: the four gathered texels as FP16 (rounded to nearest even), packed in pairs, the first component
    // in the low half: Rd = (c1, c0), Rd2 = (c3, c2).
    auto half = [](uint32_t fp32) { return tu::fp32_bits_to_float_field(fp32, 16); };
    for_lanes(r.written, [&](unsigned lane) {
      const auto& v = r.value[lane];
      c.set_reg(rd, lane, half(v[comps[0]]) | half(v[comps[1]]) << 16);
      c.set_reg(rd2, lane, half(v[comps[2]]) | half(v[comps[3]]) << 16);
    });
  } else {
    for_lanes(r.written, [&](unsigned lane) {
      for (unsigned i = 0; i < n; ++i) {
        const unsigned reg = !pairs ? (rd == isa::sm50::Reg::kRZ ? rd : rd + i)
                             : i < 2 ? (rd == isa::sm50::Reg::kRZ ? rd : rd + i)
                                     : (rd2 == isa::sm50::Reg::kRZ ? rd2 : rd2 + i - 2);
        c.set_reg(reg, lane, r.value[lane][comps[i]]);
      }
    });
  }
  if (in.has(Opd::ps)) {
    const unsigned p = in.get<Opd::ps>().index;
    for_lanes(r.written, [&](unsigned lane) { c.set_pred(p, lane, Context::has(r.resident, lane)); });
  }
}

void texture(Context& c, const Instruction& in) { run_texture(c, in, tex_plan(in), std::nullopt); }

constexpr HandlerEntry kHandlers[] = {
    {Op::TEX, texture},  {Op::TEX_B, texture}, {Op::TLD, texture},  {Op::TLD_B, texture}, {Op::TLD4, texture},
    {Op::TLD4_B, texture}, {Op::TLD4S, texture}, {Op::TEXS, texture}, {Op::TLDS, texture}, {Op::TXD, texture},
    {Op::TXD_B, texture}, {Op::TXQ, texture},  {Op::TXQ_B, texture}, {Op::TMML, texture}, {Op::TMML_B, texture},
};

}  // namespace

TexPlan tex_plan(const Instruction& in) { return {isa::sm50::tex_modifiers(in), isa::sm50::tex_layout(in)}; }

void run_texture(Context& c, const Instruction& in, const TexPlan& plan, std::optional<uint32_t> handle) {
  if (!c.machine.textures) return c.fail(-1, "a texture instruction ran without a texture unit");
  tu::Request q;
  if (!plan.modifiers) return c.fail(-1, "undefined short-form encoding");
  static_cast<tex::Modifiers&>(q) = *plan.modifiers;
  const isa::sm50::TexLayout& layout = plan.layout;
  if (!layout.fits())
    return c.fail(-1, "the operands need more than four registers in Ra or Rb, which the hardware cannot read");
  // Seed 000: TEX.NODEP sees ~KTM & IPM & CTM; TEX sees IPM & CTM (killed helpers still feed derivatives).
  const ThreadMasks& m = c.warp.masks;
  q.active = c.lanes & (in.get_or<Opd::nodep>(false) ? ~m.ktm : kAllLanes);
  q.ctm = m.ctm & ~m.exited;
  q.pixel_shader = c.warp.pixel_shader;
  for_lanes(q.active, [&](unsigned lane) { lane_operands(c, in, layout, lane, handle, q.lanes[lane]); });
  if (c.failed()) return;
  tu::Response r;
  c.machine.textures->run(q, r);
  write_back(c, in, r);
}

std::span<const HandlerEntry> texture_handlers() { return kHandlers; }

}  // namespace tmu::exec
