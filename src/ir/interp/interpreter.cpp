// SPDX-License-Identifier: MIT
// The interpreter's control flow and intrinsics. ALU semantics are in alu.cpp, texture instructions in
// tex_request.cpp, the texture and sampler bindings in bindings.cpp.
//
// Execution model (seed 000's quads and masks, NIR's structured control flow):
// * A mask of executing lanes walks the shader. ALU instructions compute every lane (they have no side effects;
//   lanes outside the mask just compute values nobody selects), so derivatives always see the quad's four
//   values. Intrinsics with effects and texture instructions act for the lanes of the mask only.
// * if: the condition splits the mask; each side runs with its part (a side with no lanes is skipped).
// * loop: the body runs again while any lane is left in it: `break` takes a lane out until the loop ends,
//   `continue` (or the body's end) until the next iteration. Values of lanes outside the running iteration are
//   kept: a lane that broke reads its last iteration's values after the loop. Options::max_loop_iterations stops
//   a loop that never ends, naming it by its first block.
// * phis: each lane remembers the last block it ran; a phi takes, per lane, the source of that block (the side of
//   an if the lane went down, the block before a loop or the one that continued, the block that broke).
// * Helper lanes execute like the others; their stores have no effect. demote makes a lane a helper.
//   discard / terminate kill the fragment: the lane is reported killed, its stores stop counting, and it keeps
//   executing as a helper, which is what NAK makes of it (nak_preprocess_nir runs nir_lower_terminate_to_demote
//   on fragment shaders) and what the texture pipe sees of killed threads (seed 000: TEX without .NODEP ignores
//   KTM), so that its quad's derivatives and implicit LOD stay defined.
// * undef reads as zero (NAK runs nir_lower_undef_to_zero).
#include "ir/interp/interpreter.h"

#include <bit>
#include <cstring>
#include <optional>

#include "ir/cfg.h"

#include "ir/interp/state.h"
#include "ir/verify.h"

namespace tmu::ir::interp {

namespace detail {

State::State(Shader& s, const Bindings& b, const Inputs& in, const Options& o)
    : shader_(s), bindings_(b), inputs_(in), options_(o) {
  DefId count = 0;
  s.for_each_instr([&](Instr& i) {
    const DefId id = i.dest().id;
    if (id != kNoDef) count = std::max(count, id + 1);
  });
  if (count > (1u << 24)) fail("ssa_{}: definition numbers above 2^24 are refused", count - 1);
  regs_.resize(count);
  def_instrs_.assign(count, nullptr);
  s.for_each_instr([&](Instr& i) {
    const Def& d = i.dest();
    if (d.id == kNoDef) return;
    if (def_instrs_[d.id]) fail("ssa_{} is defined twice", d.id);
    if (i.as<DerefInstr>()) {  // derefs hold no value; they are resolved where they are used
      def_instrs_[d.id] = &i;
      return;
    }
    if (d.components < 1 || d.components > kMaxComponents)
      fail("ssa_{}: {} components (1 to {})", d.id, d.components, kMaxComponents);
    if (d.bit_size != 1 && d.bit_size != 8 && d.bit_size != 16 && d.bit_size != 32 && d.bit_size != 64)
      fail("ssa_{}: bit size {} is not 1, 8, 16, 32 or 64", d.id, d.bit_size);
    def_instrs_[d.id] = &i;
    Reg& r = regs_[d.id];
    r.comps = d.components;
    r.bits = d.bit_size;
    r.v.assign(std::size_t{d.components} * kLanes, 0);
  });
}

const Reg& State::reg(DefId id) const {
  if (id >= regs_.size() || regs_[id].comps == 0) fail("ssa_{} is not defined (or is a deref, which holds no value)", id);
  return regs_[id];
}

Reg& State::define(const Def& d) {
  if (d.id >= regs_.size() || regs_[d.id].comps == 0) fail("ssa_{}: the instruction has no value destination", d.id);
  Reg& r = regs_[d.id];
  std::fill(r.v.begin(), r.v.end(), 0);
  return r;
}

const Instr* State::def_instr(DefId id) const { return id < def_instrs_.size() ? def_instrs_[id] : nullptr; }

DerefValue State::deref(DefId id, unsigned lane) const {
  const Instr* i = def_instr(id);
  const DerefInstr* d = i ? i->as<DerefInstr>() : nullptr;
  if (!d) fail("ssa_{} is not a deref", id);
  auto var = [&](const DerefInstr& v) -> const Variable* {
    if (v.var >= shader_.variables.size())
      fail("ssa_{}: deref of variable {}, the shader has {}", v.dest.id, v.var, shader_.variables.size());
    return &shader_.variables[v.var];
  };
  switch (d->kind) {
    case DerefKind::Var: return {var(*d), 0};
    case DerefKind::Array: {
      const Instr* pi = def_instr(d->parent);
      const DerefInstr* p = pi ? pi->as<DerefInstr>() : nullptr;
      if (!p) fail("ssa_{}: the array deref's parent ssa_{} is not a deref", id, d->parent);
      if (p->kind != DerefKind::Var) fail("ssa_{}: arrays of arrays and arrays in structs are not modelled", id);
      const Reg& index = reg(d->index);
      return {var(*p), sign_extend(index.get(0, lane), index.bits)};
    }
    case DerefKind::Struct: fail("ssa_{}: struct derefs are not modelled", id);
    case DerefKind::Cast: fail("ssa_{}: cast derefs are not modelled", id);
  }
  fail("ssa_{}: unknown deref kind", id);
}

namespace {

// A write mask as Mesa prints it ("xyzw", "xz") or as a number.
std::optional<unsigned> parse_wrmask(std::string_view text) {
  if (const auto comment = text.find("/*"); comment != std::string_view::npos) text = text.substr(0, comment);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  if (text[0] >= '0' && text[0] <= '9') {
    unsigned v = 0;
    const bool hex = text.size() > 2 && text[1] == 'x';
    for (char ch : text.substr(hex ? 2 : 0)) {
      const int digit = ch >= '0' && ch <= '9' ? ch - '0' : hex && ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
      if (digit < 0 || v > 0xffff) return std::nullopt;
      v = v * (hex ? 16u : 10u) + static_cast<unsigned>(digit);
    }
    return v;
  }
  constexpr std::string_view kLetters = "xyzwefghijklmnop";
  unsigned v = 0;
  for (char ch : text) {
    const auto k = kLetters.find(ch);
    if (k == std::string_view::npos) return std::nullopt;
    v |= 1u << k;
  }
  return v;
}

class Runner {
 public:
  Runner(State& st, Outputs& out) : st_(st), out_(out) {}

  // Runs a list with the lanes of `mask`; returns the lanes that reach its end (those that did not break or
  // continue inside it).
  uint32_t list(CfList& l, uint32_t mask) {
    for (CfNode& n : l) {
      if (mask == 0) break;  // every lane jumped: the rest of the list is not reached
      if (n.block) mask = block(*n.block, mask);
      else if (n.if_node) mask = if_node(*n.if_node, mask);
      else mask = loop(*n.loop, mask);
    }
    return mask;
  }

 private:
  // The condition splits the mask; each side runs with its part (a side without lanes is skipped).
  uint32_t if_node(IfNode& f, uint32_t mask) {
    const Reg& c = st_.reg(f.condition);
    if (c.comps != 1 || (c.bits != 1 && c.bits != 32))
      fail("if condition ssa_{} is not a scalar boolean ({} x {}-bit)", f.condition, c.comps, c.bits);
    uint32_t cond = 0;
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (c.get(0, lane) != 0) cond |= 1u << lane;
    if (!last_block(f.then_list) || !last_block(f.else_list))
      fail("the if on ssa_{}: each side must end with a block", f.condition);
    uint32_t out = 0;
    if (mask & cond) out |= list(f.then_list, mask & cond);
    if (mask & ~cond) out |= list(f.else_list, mask & ~cond);
    return out;
  }

  // nir_loop with per-lane masks: each iteration runs the body with the lanes still in the loop; `break` takes a
  // lane out until the loop ends, `continue` until the next iteration (as do lanes reaching the body's end). The
  // loop ends when no lane is left in it; its result is the lanes that broke.
  uint32_t loop(LoopNode& l, uint32_t mask) {
    Block* head = first_block(l.body);
    if (!head || !last_block(l.body)) fail("a loop body must start and end with a block");
    LoopFrame frame;
    loops_.push_back(&frame);
    const uint32_t outer_keep = keep_;
    for (uint32_t active = mask, iteration = 0; active != 0; ++iteration) {
      if (iteration == st_.options().max_loop_iterations)
        fail("the loop starting at block_{} ran {} iterations with lanes 0x{:08x} still in it (a runaway loop: "
             "Options::max_loop_iterations)", head->id, iteration, active);
      // Lanes outside this iteration keep their values: those that broke read them after the loop.
      keep_ = ~active;
      frame.continued = 0;
      const uint32_t at_end = list(l.body, active);
      active = at_end | frame.continued;
    }
    keep_ = outer_keep;
    loops_.pop_back();
    return frame.broken;
  }

  // Runs the block's instructions; returns the lanes that go on to the next node (none after a jump).
  uint32_t block(Block& b, uint32_t mask) {
    for (std::size_t k = 0; k < b.instrs.size(); ++k) {
      Instr& i = *b.instrs[k];
      if (auto* j = i.as<JumpInstr>()) {
        arrive(b, mask);
        jump(*j, b, mask);
        return 0;
      }
      const Def& d = i.dest();
      const bool keeps = keep_ != 0 && d.id != kNoDef && !i.as<DerefInstr>();
      std::optional<Reg> before;
      if (keeps) before = st_.reg(d.id);
      instruction(i, b, k, mask);
      if (keeps) restore(d.id, *before, keep_);
    }
    arrive(b, mask);
    return mask;
  }

  void instruction(Instr& i, const Block& b, std::size_t k, uint32_t mask) {
    if (auto* p = i.as<PhiInstr>()) {
      phi(*p, b, mask);
    } else if (auto* a = i.as<AluInstr>()) {
      eval_alu(*a, st_, mask);
    } else if (auto* c = i.as<ConstInstr>()) {
      Reg& r = st_.define(c->dest);
      for (unsigned comp = 0; comp < r.comps; ++comp)
        for (unsigned lane = 0; lane < kLanes; ++lane) r.set(comp, lane, c->value[comp]);
    } else if (auto* u = i.as<UndefInstr>()) {
      st_.define(u->dest);
    } else if (auto* n = i.as<IntrinsicInstr>()) {
      const std::string where = n->dest.id != kNoDef ? ssa(n->dest.id)
                                                     : fmt::format("{} (block_{}, instruction {})", name(n->op), b.id, k);
      intrinsic(*n, mask, where);
    } else if (auto* t = i.as<TexInstr>()) {
      eval_tex(*t, st_, mask);
    }
    // Derefs hold no value: State::deref resolves them where they are used.
  }

  // The lanes of `mask` leave block b: b is the predecessor the phis of their next block choose by.
  void arrive(const Block& b, uint32_t mask) {
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if ((mask >> lane) & 1) from_[lane] = b.id;
  }

  void jump(const JumpInstr& j, const Block& b, uint32_t mask) {
    if (loops_.empty()) fail("{} in block_{} is outside a loop", name(j.kind), b.id);
    (j.kind == JumpKind::Break ? loops_.back()->broken : loops_.back()->continued) |= mask;
  }

  void restore(DefId id, const Reg& before, uint32_t lanes) {
    Reg& r = st_.reg(id);
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if ((lanes >> lane) & 1)
        for (unsigned c = 0; c < r.comps; ++c) r.set(c, lane, before.get(c, lane));
  }

  // Each lane takes the source of the block it came from (after an if: the branch it went down; at the start of a
  // loop body: the block before the loop or the block that continued; after a loop: the block that broke).
  void phi(const PhiInstr& p, const Block& b, uint32_t mask) {
    // Sources are read before the phi is written: a loop header's phi may read itself (a value unchanged by an
    // iteration that continued).
    Reg d = st_.reg(p.dest.id);
    std::fill(d.v.begin(), d.v.end(), 0);
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      const PhiSrc* src = nullptr;
      for (const PhiSrc& s : p.src)
        if (s.pred_block == from_[lane]) src = &s;
      if (!src) {
        if ((mask >> lane) & 1)
          fail("ssa_{}: lane {} comes to block_{} from block_{}, and the phi has no source from there", p.dest.id,
               lane, b.id, from_[lane]);
        continue;  // a lane outside the mask: nothing selects its value
      }
      const Reg& s = st_.reg(src->def);
      if (s.comps < d.comps || s.bits != d.bits)
        fail("ssa_{}: phi source ssa_{} does not have its shape", p.dest.id, src->def);
      for (unsigned c = 0; c < d.comps; ++c) d.set(c, lane, s.get(c, lane));
    }
    st_.define(p.dest) = std::move(d);
  }

  // ---- Intrinsics -------------------------------------------------------------------------------------------

  static int64_t index_or(const IntrinsicInstr& n, std::string_view key, int64_t dflt, const std::string& where) {
    for (const auto& [k, v] : n.indices) {
      if (k != key) continue;
      auto x = n.index(key);
      if (!x) fail("{}: {} index {}={} is not a number", where, name(n.op), k, v);
      return *x;
    }
    return dflt;
  }
  static int64_t index_required(const IntrinsicInstr& n, std::string_view key, const std::string& where) {
    for (const auto& [k, v] : n.indices)
      if (k == key) return index_or(n, key, 0, where);
    fail("{}: {} has no {} index", where, name(n.op), key);
  }
  unsigned write_mask(const IntrinsicInstr& n, unsigned comps, const std::string& where) const {
    for (const auto& [k, v] : n.indices) {
      if (k != "wrmask") continue;
      const auto m = parse_wrmask(v);
      if (!m) fail("{}: wrmask={} is not a write mask", where, v);
      if (*m >> comps) fail("{}: wrmask={} writes components the {}-component value does not have", where, v, comps);
      return *m;
    }
    return (1u << comps) - 1;
  }

  Reg& dest(const IntrinsicInstr& n, unsigned comps, unsigned bits, const std::string& where) {
    if (n.dest.id == kNoDef) fail("{}: {} has no destination", where, name(n.op));
    if ((comps && n.dest.components != comps) || n.dest.bit_size != bits)
      fail("{}: {} makes {} {}-bit components here, not {} x {}-bit", where, name(n.op), comps ? comps : n.dest.components,
           bits, n.dest.components, n.dest.bit_size);
    return st_.define(n.dest);
  }

  const Reg& src(const IntrinsicInstr& n, unsigned k, unsigned comps, const std::string& where) const {
    if (k >= n.src.size()) fail("{}: {} takes {} sources, not {}", where, name(n.op), info(n.op).num_srcs, n.src.size());
    const Reg& r = st_.reg(n.src[k]);
    if (comps && r.comps < comps) fail("{}: source {} (ssa_{}) has {} components, not {}", where, k, n.src[k], r.comps, comps);
    return r;
  }

  static bool lane_in(uint32_t mask, unsigned lane) { return (mask >> lane) & 1; }

  // load_input / load_interpolated_input: slot base + offset, components from `component`.
  void load_slots(const IntrinsicInstr& n, unsigned offset_src, uint32_t mask, const std::string& where) {
    const int64_t base = index_required(n, "base", where);
    const int64_t first = index_or(n, "component", 0, where);
    const unsigned comps = n.dest.components;
    Reg& d = dest(n, 0, 32, where);
    if (first < 0 || first + comps > 4)
      fail("{}: {} reads components {} to {} of a 4-component slot", where, name(n.op), first, first + comps - 1);
    const Reg& off = src(n, offset_src, 1, where);
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      if (!lane_in(mask, lane)) continue;
      const int64_t slot = base + sign_extend(off.get(0, lane), off.bits);
      const auto& slots = st_.inputs().lanes[lane].slots;
      const auto it = slot >= 0 ? slots.find(static_cast<uint32_t>(slot)) : slots.end();
      if (it == slots.end()) fail("{}: {}: lane {} has no input slot {} (Inputs::lanes[{}].slots)", where, name(n.op), lane, slot, lane);
      for (unsigned c = 0; c < comps; ++c) d.set(c, lane, it->second[static_cast<std::size_t>(first) + c]);
    }
  }

  void store(unsigned lane, int64_t slot, unsigned first, const Reg& value, unsigned wrmask, const std::string& where) {
    if (slot < 0) fail("{}: lane {}: output slot {}", where, lane, slot);
    OutputSlot& o = out_.slots[lane][static_cast<uint32_t>(slot)];
    for (unsigned c = 0; c < value.comps; ++c) {
      if (!((wrmask >> c) & 1)) continue;
      o.value[first + c] = static_cast<uint32_t>(value.get(c, lane));
      o.written = static_cast<uint8_t>(o.written | (1u << (first + c)));
    }
  }

  void store_output(const IntrinsicInstr& n, uint32_t mask, const std::string& where) {
    const Reg& value = src(n, 0, 1, where);
    const Reg& off = src(n, 1, 1, where);
    if (value.bits != 32) fail("{}: store_output of {}-bit values: output slots hold 32-bit components", where, value.bits);
    const int64_t base = index_required(n, "base", where);
    const int64_t first = index_or(n, "component", 0, where);
    if (first < 0 || first + value.comps > 4)
      fail("{}: store_output writes components {} to {} of a 4-component slot", where, first, first + value.comps - 1);
    const unsigned wrmask = write_mask(n, value.comps, where);
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (lane_in(mask & ~st_.helpers, lane))
        store(lane, base + sign_extend(off.get(0, lane), off.bits), static_cast<unsigned>(first), value, wrmask, where);
  }

  // load_deref / store_deref of shader_in / shader_out variables: slot = location + array index.
  int64_t var_slot(DefId deref, unsigned lane, std::string_view mode, const std::string& where) const {
    const DerefValue dv = st_.deref(deref, lane);
    if (dv.var->mode != mode)
      fail("{}: lane {}: {} is a {} variable; {} reaches {} variables", where, lane, dv.var->name, dv.var->mode,
           mode == "shader_in" ? "load_deref" : "store_deref", mode);
    return dv.var->location + dv.element;
  }

  void load_deref(const IntrinsicInstr& n, uint32_t mask, const std::string& where) {
    Reg& d = dest(n, 0, 32, where);
    if (d.comps > 4) fail("{}: load_deref of {} components: an input slot has 4", where, d.comps);
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      if (!lane_in(mask, lane)) continue;
      const int64_t slot = var_slot(n.src[0], lane, "shader_in", where);
      const auto& slots = st_.inputs().lanes[lane].slots;
      const auto it = slot >= 0 ? slots.find(static_cast<uint32_t>(slot)) : slots.end();
      if (it == slots.end()) fail("{}: load_deref: lane {} has no input slot {} (Inputs::lanes[{}].slots)", where, lane, slot, lane);
      for (unsigned c = 0; c < d.comps; ++c) d.set(c, lane, it->second[c]);
    }
  }

  void store_deref(const IntrinsicInstr& n, uint32_t mask, const std::string& where) {
    const Reg& value = src(n, 1, 1, where);
    if (value.bits != 32) fail("{}: store_deref of {}-bit values: output slots hold 32-bit components", where, value.bits);
    if (value.comps > 4) fail("{}: store_deref of {} components: an output slot has 4", where, value.comps);
    const unsigned wrmask = write_mask(n, value.comps, where);
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (lane_in(mask & ~st_.helpers, lane)) store(lane, var_slot(n.src[0], lane, "shader_out", where), 0, value, wrmask, where);
  }

  void load_uniform(const IntrinsicInstr& n, uint32_t mask, const std::string& where) {
    Reg& d = dest(n, 0, 32, where);
    const int64_t base = index_required(n, "base", where);
    const Reg& off = src(n, 0, 1, where);
    const auto& words = st_.inputs().uniforms;
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      if (!lane_in(mask, lane)) continue;
      const int64_t address = base + sign_extend(off.get(0, lane), off.bits);
      if (address < 0 || address % 4 != 0)
        fail("{}: lane {}: load_uniform at byte {}: addresses are 4-byte aligned and not negative", where, lane, address);
      const auto word = static_cast<uint64_t>(address / 4);
      if (word + d.comps > words.size())
        fail("{}: lane {}: load_uniform of {} words at byte {}: Inputs::uniforms holds {} words", where, lane, d.comps,
             address, words.size());
      for (unsigned c = 0; c < d.comps; ++c) d.set(c, lane, words[word + c]);
    }
  }

  uint32_t condition(const IntrinsicInstr& n, const std::string& where) const {
    const Reg& c = src(n, 0, 1, where);
    if (c.bits != 1 && c.bits != 32) fail("{}: {}'s condition (ssa_{}) is {}-bit, not a boolean", where, name(n.op), n.src[0], c.bits);
    uint32_t m = 0;
    for (unsigned lane = 0; lane < kLanes; ++lane)
      if (c.get(0, lane) != 0) m |= 1u << lane;
    return m;
  }

  void intrinsic(const IntrinsicInstr& n, uint32_t mask, const std::string& where) {
    const IntrinsicInfo& in = info(n.op);
    if (n.src.size() != in.num_srcs) fail("{}: {} takes {} sources, not {}", where, in.name, in.num_srcs, n.src.size());
    const Inputs& inputs = st_.inputs();
    switch (n.op) {
      case Intrinsic::load_input: load_slots(n, 0, mask, where); break;
      case Intrinsic::load_interpolated_input:
        src(n, 0, 2, where);  // the barycentrics: interpolation is done, the slot holds the value
        load_slots(n, 1, mask, where);
        break;
      case Intrinsic::load_barycentric_pixel: case Intrinsic::load_barycentric_centroid:
      case Intrinsic::load_barycentric_sample: {
        Reg& d = dest(n, 2, 32, where);
        for (unsigned lane = 0; lane < kLanes; ++lane)
          for (unsigned c = 0; c < 2; ++c) d.set(c, lane, bits32(inputs.lanes[lane].barycentric[c]));
        break;
      }
      case Intrinsic::load_frag_coord: {
        Reg& d = dest(n, 4, 32, where);
        for (unsigned lane = 0; lane < kLanes; ++lane)
          for (unsigned c = 0; c < 4; ++c) d.set(c, lane, bits32(inputs.lanes[lane].frag_coord[c]));
        break;
      }
      case Intrinsic::load_sample_id: {
        Reg& d = dest(n, 1, 32, where);
        for (unsigned lane = 0; lane < kLanes; ++lane) d.set(0, lane, inputs.lanes[lane].sample_id);
        break;
      }
      case Intrinsic::load_helper_invocation: {
        if (n.dest.bit_size != 1 && n.dest.bit_size != 32)
          fail("{}: load_helper_invocation makes a boolean (1 or 32 bits), not {}-bit", where, n.dest.bit_size);
        Reg& d = dest(n, 1, n.dest.bit_size, where);
        for (unsigned lane = 0; lane < kLanes; ++lane) d.set(0, lane, ((st_.helpers >> lane) & 1) ? ~uint64_t{0} : 0);
        break;
      }
      case Intrinsic::store_output: store_output(n, mask, where); break;
      case Intrinsic::load_uniform: load_uniform(n, mask, where); break;
      case Intrinsic::load_deref: load_deref(n, mask, where); break;
      case Intrinsic::store_deref: store_deref(n, mask, where); break;
      case Intrinsic::load_texture_rect_scaling: {
        // 1 / width, 1 / height of the bound texture (nir_lower_tex's lower_rect with texture scaling).
        Reg& d = dest(n, 2, 32, where);
        const Reg& index = src(n, 0, 1, where);
        for (unsigned lane = 0; lane < kLanes; ++lane) {
          if (!lane_in(mask, lane)) continue;
          const auto ti = static_cast<uint32_t>(index.get(0, lane));
          const Bindings::Texture* t = st_.bindings().texture(ti);
          if (!t) fail("{}: lane {}: no texture is bound at index {}", where, lane, ti);
          d.set(0, lane, bits32(1.0f / static_cast<float>(t->header.width)));
          d.set(1, lane, bits32(1.0f / static_cast<float>(t->header.height)));
        }
        break;
      }
      case Intrinsic::sparse_residency_code_and: {
        // NAK's residency code is 1 when resident (tex_request.cpp), so both resident is the AND.
        const Reg& a = src(n, 0, 1, where);
        const Reg& b = src(n, 1, 1, where);
        Reg& d = dest(n, 1, a.bits, where);
        for (unsigned lane = 0; lane < kLanes; ++lane) d.set(0, lane, a.get(0, lane) & b.get(0, lane));
        break;
      }
      case Intrinsic::shuffle: {
        // Each lane reads the value of the lane its index names (lanes 0-31; the index modulo 32, as SHFL.IDX with
        // a full-warp clamp reads it), as that lane holds it.
        const Reg v = src(n, 0, 0, where);  // copies: defining the destination may move the registers
        const Reg idx = src(n, 1, 1, where);
        Reg& d = dest(n, v.comps, n.dest.bit_size, where);
        for (unsigned c = 0; c < v.comps; ++c)
          for (unsigned lane = 0; lane < kLanes; ++lane) d.set(c, lane, v.get(c, static_cast<unsigned>(idx.get(0, lane) % kLanes)));
        break;
      }
      case Intrinsic::ballot: case Intrinsic::vote_any: case Intrinsic::vote_all: case Intrinsic::vote_ieq: {
        // Over the lanes running this instruction (VOTE's active lanes).
        const Reg v = src(n, 0, 1, where);
        uint32_t holds = 0;
        bool same = true;
        for (unsigned lane = 0; lane < kLanes; ++lane) {
          if (!((mask >> lane) & 1)) continue;
          if (v.get(0, lane) != 0) holds |= 1u << lane;
          same = same && v.get(0, lane) == v.get(0, static_cast<unsigned>(std::countr_zero(mask)));
        }
        if (n.op == Intrinsic::ballot) {
          Reg& d = dest(n, 1, 32, where);
          for (unsigned lane = 0; lane < kLanes; ++lane) d.set(0, lane, holds);
          break;
        }
        const bool r = n.op == Intrinsic::vote_any ? holds != 0 : n.op == Intrinsic::vote_all ? holds == mask : same;
        Reg& d = dest(n, 1, n.dest.bit_size, where);
        for (unsigned lane = 0; lane < kLanes; ++lane) d.set(0, lane, r ? ~uint64_t{0} : 0);
        break;
      }
      case Intrinsic::is_sparse_texels_resident: {
        const Reg& code = src(n, 0, 1, where);
        if (n.dest.bit_size != 1 && n.dest.bit_size != 32)
          fail("{}: is_sparse_texels_resident makes a boolean (1 or 32 bits), not {}-bit", where, n.dest.bit_size);
        Reg& d = dest(n, 1, n.dest.bit_size, where);
        for (unsigned lane = 0; lane < kLanes; ++lane) d.set(0, lane, code.get(0, lane) != 0 ? ~uint64_t{0} : 0);
        break;
      }
      case Intrinsic::discard: case Intrinsic::terminate: kill(mask); break;
      case Intrinsic::discard_if: case Intrinsic::terminate_if: kill(mask & condition(n, where)); break;
      case Intrinsic::demote: demote(mask); break;
      case Intrinsic::image_load: case Intrinsic::image_store: case Intrinsic::image_atomic_add:
      case Intrinsic::image_atomic_imin: case Intrinsic::image_atomic_umin: case Intrinsic::image_atomic_imax:
      case Intrinsic::image_atomic_umax: case Intrinsic::image_atomic_and: case Intrinsic::image_atomic_or:
      case Intrinsic::image_atomic_xor: case Intrinsic::image_atomic_exchange: case Intrinsic::image_atomic_comp_swap:
      case Intrinsic::image_atomic_inc_wrap: case Intrinsic::image_atomic_dec_wrap:
        eval_image(n, st_, mask, where);
        break;
      case Intrinsic::load_kernel_input: case Intrinsic::load_global_2x32: case Intrinsic::store_global_2x32:
      case Intrinsic::load_local_invocation_id: case Intrinsic::load_workgroup_id:
      case Intrinsic::load_num_workgroups: case Intrinsic::load_workgroup_size:
      case Intrinsic::load_subgroup_invocation: case Intrinsic::load_shared: case Intrinsic::store_shared:
      case Intrinsic::load_scratch: case Intrinsic::store_scratch:
      case Intrinsic::global_atomic_add_2x32: case Intrinsic::shared_atomic_add:
      case Intrinsic::global_atomic_imin_2x32: case Intrinsic::shared_atomic_imin:
      case Intrinsic::global_atomic_umin_2x32: case Intrinsic::shared_atomic_umin:
      case Intrinsic::global_atomic_imax_2x32: case Intrinsic::shared_atomic_imax:
      case Intrinsic::global_atomic_umax_2x32: case Intrinsic::shared_atomic_umax:
      case Intrinsic::global_atomic_and_2x32: case Intrinsic::shared_atomic_and:
      case Intrinsic::global_atomic_or_2x32: case Intrinsic::shared_atomic_or:
      case Intrinsic::global_atomic_xor_2x32: case Intrinsic::shared_atomic_xor:
      case Intrinsic::global_atomic_exchange_2x32: case Intrinsic::shared_atomic_exchange:
      case Intrinsic::global_atomic_fadd_2x32: case Intrinsic::shared_atomic_fadd:
      case Intrinsic::global_atomic_inc_wrap_2x32: case Intrinsic::shared_atomic_inc_wrap:
      case Intrinsic::global_atomic_dec_wrap_2x32: case Intrinsic::shared_atomic_dec_wrap:
      case Intrinsic::global_atomic_comp_swap_2x32: case Intrinsic::shared_atomic_comp_swap:
      case Intrinsic::control_barrier: case Intrinsic::group_memory_barrier: case Intrinsic::memory_barrier:
      case Intrinsic::bar_sync: case Intrinsic::bar_arrive: case Intrinsic::bar_red_popc:
      case Intrinsic::bar_red_and: case Intrinsic::bar_red_or: case Intrinsic::memory_barrier_system:
      case Intrinsic::load_ubo: case Intrinsic::load_global_variable_address_2x32:
      case Intrinsic::load_generic_2x32: case Intrinsic::store_generic_2x32:
      case Intrinsic::load_shared_window_base: case Intrinsic::load_local_window_base:
      case Intrinsic::load_sysval_nv: case Intrinsic::trap: case Intrinsic::pmevent:
      case Intrinsic::surface_load: case Intrinsic::surface_store: case Intrinsic::surface_reduce:
        // The interpreter runs one warp of a graphics stage; kernels run on the executor (docs/ir.md).
        fail("{}: {} needs a compute launch: run the selected SASS with tmu run", where, name(n.op));
    }
  }

  void kill(uint32_t lanes) {
    st_.killed |= lanes;
    st_.helpers |= lanes;
  }
  void demote(uint32_t lanes) {
    st_.demoted |= lanes;
    st_.helpers |= lanes;
  }

  // The lanes that left the innermost loop: by `break` (until it ends) or by `continue` (for this iteration).
  struct LoopFrame {
    uint32_t broken = 0, continued = 0;
  };

  State& st_;
  Outputs& out_;
  std::array<uint32_t, kLanes> from_{};  // each lane's last block: the predecessor its next phis choose by
  std::vector<LoopFrame*> loops_;        // the loops around the running block, innermost last
  uint32_t keep_ = 0;                    // lanes whose values must not change (outside the loop's iteration)
};

}  // namespace
}  // namespace detail

// ---- Inputs and outputs ---------------------------------------------------------------------------------------

Inputs Inputs::quads(uint32_t x0, uint32_t y0, unsigned quads_per_row) {
  Inputs in;
  if (quads_per_row == 0) quads_per_row = 1;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    const unsigned q = lane / 4, k = lane % 4;
    const uint32_t x = x0 + 2 * (q % quads_per_row) + (k & 1), y = y0 + 2 * (q / quads_per_row) + (k >> 1);
    in.lanes[lane].frag_coord = {static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f, 0.0f, 1.0f};
  }
  return in;
}

void Inputs::set_input(unsigned lane, uint32_t slot, const std::array<float, 4>& v) {
  auto& s = lanes.at(lane).slots[slot];
  for (unsigned c = 0; c < 4; ++c) s[c] = std::bit_cast<uint32_t>(v[c]);
}

void Inputs::set_input_bits(unsigned lane, uint32_t slot, const std::array<uint32_t, 4>& v) { lanes.at(lane).slots[slot] = v; }

const OutputSlot* Outputs::slot(unsigned lane, uint32_t s) const {
  if (lane >= kLanes) return nullptr;
  const auto it = slots[lane].find(s);
  return it == slots[lane].end() ? nullptr : &it->second;
}

uint32_t Outputs::u(unsigned lane, uint32_t s, unsigned component) const {
  const OutputSlot* o = slot(lane, s);
  return o && component < 4 ? o->value[component] : 0;
}

float Outputs::f(unsigned lane, uint32_t s, unsigned component) const { return std::bit_cast<float>(u(lane, s, component)); }

// ---- run ------------------------------------------------------------------------------------------------------

Result<Outputs> run(Shader& shader, const Bindings& bindings, const Inputs& inputs, const Options& options) {
  try {
    if (options.verify) {
      const std::vector<std::string> errors = verify(shader);
      if (!errors.empty()) {
        std::string all;
        for (const std::string& e : errors) all += (all.empty() ? "" : "; ") + e;
        return make_error("the shader does not verify: " + all);
      }
    } else {
      shader.number_blocks();
    }
    for (unsigned q = 0; q < kLanes / 4; ++q) {
      const uint32_t lanes = (inputs.launched >> (4 * q)) & 0xf;
      if (lanes != 0 && lanes != 0xf)
        return make_error(fmt::format("Inputs::launched 0x{:08x} splits quad {}: a quad's four lanes launch together",
                                      inputs.launched, q));
    }
    detail::State st(shader, bindings, inputs, options);
    st.helpers = inputs.helpers & inputs.launched;
    Outputs out;
    detail::Runner(st, out).list(shader.body, inputs.launched);
    out.launched = inputs.launched;
    out.helpers = st.helpers;
    out.demoted = st.demoted;
    out.killed = st.killed;
    out.texture_requests = st.texture_requests;
    return out;
  } catch (const detail::Failure& f) {
    return make_error(f.what());
  } catch (const std::exception& e) {
    // A guard, not a path: every bad input is meant to be caught above with its place named.
    return make_error(fmt::format("internal error while interpreting: {}", e.what()));
  }
}

}  // namespace tmu::ir::interp
