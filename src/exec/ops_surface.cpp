// SPDX-License-Identifier: MIT
// Surface instructions through the texture unit's surfaces (texunit/surface_access.h): SULD (load), SUST
// (store), SURED (reduction, no result) and SUATOM (atomic, the old value in Rd). docs/exec.md, "Surfaces".
//
// The surface is a texture header: its index is the low 20 bits (headerPtr) of the constant-bank word at the
// instruction's index (bound forms, as TEX reads its word) or of the register Rc (bindless forms). Ra holds the
// coordinates by dimension: .1D / .1D_BUFFER x; .1D_ARRAY x, layer; .2D x, y; .2D_ARRAY x, y, layer; .3D x, y, z
// (the orders ptxas 11.8 packs for suld.b.a1d / .a2d / .3d). .D forms move raw data: SULD / SUST of the size
// (.U8 .S8 .U16 .S16 zero- or sign-extended, 32, .64, .128 in aligned register vectors), SURED / SUATOM of the
// type, whose SD32 / SD64 (ptxas's sured.p) take their signedness from the surface's format (SINT: signed). .P
// forms go through the format: SULD.P writes the mask's components to Rd, Rd+1, ... in order; SUST.P takes them
// from Rd, Rd+1, ... and writes zero to the components outside the mask (PTX: "unpredictable"); SURED.P and
// SUATOM.P treat the first 32 bits of the texel as a U32, or an S32 in SINT formats. Lanes run in ascending
// order, so where several lanes write one texel the highest one's value stays and atomics see the lanes below.
// SM52's predicate results: SULD's is the residency of the texel read (a non-resident texel reads zero), the
// atomics' are true (the access completed).
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "exec/ops_memory_common.h"
#include "texunit/surface_access.h"

namespace tmu::exec {

using isa::sm50::AtomOp;
using isa::sm50::Instruction;
using isa::sm50::MemSize;
using isa::sm50::Op;
using isa::sm50::Opd;
using isa::sm50::Reg;
using isa::sm50::SuClamp;
using isa::sm50::SuDim;
using memory::AtomKind;
namespace tu = texunit;

namespace {

// .D forms have the .BA flag (set or not), .P forms none.
bool formatted(const Instruction& in) { return !in.has(Opd::su_ba); }

std::string name_of(const Instruction& in) {
  return fmt::format("{}.{}", isa::sm50::op_name(in.op()), formatted(in) ? "P" : "D");
}

// A placed access of one lane: the surface and where the access lands; `ignored` when it falls outside under
// .IGN (loads read zero, writes are dropped).
struct Located {
  std::optional<tu::SurfaceView> view;
  tu::SurfacePlace place;
  bool ignored = false;
};

std::optional<tu::SurfaceCoords> coordinates(Context& c, const Instruction& in, unsigned lane) {
  const unsigned ra = in.get<Opd::ra>().index;
  auto r = [&](unsigned i) { return ra == Reg::kRZ ? 0u : c.reg(ra + i, lane); };
  auto s = [&](unsigned i) { return static_cast<int32_t>(r(i)); };
  switch (in.get<Opd::su_dim>()) {
    case SuDim::D1:
    case SuDim::D1Buffer: return tu::SurfaceCoords{s(0)};
    case SuDim::D1Array: return tu::SurfaceCoords{s(0), 0, 0, r(1)};
    case SuDim::D2: return tu::SurfaceCoords{s(0), s(1)};
    case SuDim::D2Array: return tu::SurfaceCoords{s(0), s(1), 0, r(2)};
    case SuDim::D3: return tu::SurfaceCoords{s(0), s(1), s(2)};
    case SuDim::Invalid6:
    case SuDim::Invalid7: break;
  }
  c.fail(static_cast<int>(lane), "an invalid surface dimension (INVALIDSURFACEDIM6/7) is not modelled");
  return std::nullopt;
}

// Lane's surface: the header named by the constant-bank word or Rc. Stops the program on an invalid header or
// a surface that is not in GPU memory.
std::optional<tu::SurfaceView> find_surface(Context& c, const Instruction& in, unsigned lane, uint32_t& header) {
  if (!c.machine.textures || !c.machine.global.backing()) {
    c.fail(static_cast<int>(lane), "a surface instruction needs the texture unit and its memory as global memory (tmu run's machine)");
    return std::nullopt;
  }
  const uint32_t word = in.has(Opd::tsidx) ? c.cbank(c.machine.texture_bank, int64_t{in.get<Opd::tsidx>()} * 4, lane)
                                           : c.reg(in.get<Opd::rc>().index, lane);
  if (c.failed()) return std::nullopt;
  header = tu::header_index(word);  // headerPtr[19:0] (seed 000)
  const tu::BoundTexture* bound = c.machine.textures->bindings().texture(header);
  if (!bound) {
    c.fail(static_cast<int>(lane), fmt::format("{}: surface header {} (word {:#x}) is not a valid texture header", name_of(in), header, word));
    return std::nullopt;
  }
  auto view = tu::SurfaceView::make(*bound);
  if (!view) {
    c.fail(static_cast<int>(lane), fmt::format("{}: surface header {}: {}", name_of(in), header, view.error()));
    return std::nullopt;
  }
  return *view;
}

// Places lane's access of `bytes` (0: one texel) on its surface. Stops the program on a misaligned access, an
// out-of-range one under .TRAP and an invalid clamp mode or dimension.
std::optional<Located> locate(Context& c, const Instruction& in, unsigned lane, unsigned bytes) {
  const SuClamp mode = in.get<Opd::su_clamp>();
  if (mode == SuClamp::Invalid3) {
    c.fail(static_cast<int>(lane), "the clamp mode INVALIDSURFACECLAMP3 is not modelled");
    return std::nullopt;
  }
  uint32_t header = 0;
  auto view = find_surface(c, in, lane, header);
  if (!view) return std::nullopt;
  const auto at = coordinates(c, in, lane);
  if (!at) return std::nullopt;
  const bool byte_addressed = in.get_or<Opd::su_ba>(false);
  const tu::SurfaceClamp clamp = mode == SuClamp::IGN     ? tu::SurfaceClamp::Zero
                                 : mode == SuClamp::Clamp ? tu::SurfaceClamp::Clamp
                                                          : tu::SurfaceClamp::Trap;
  auto place = view->place(*at, bytes ? bytes : view->texel_bytes(), byte_addressed, clamp);
  if (!place) {
    c.fail(static_cast<int>(lane), fmt::format("{}: {} ({}): {}", name_of(in), view->describe(*at, byte_addressed),
                             view->describe_extent(), place.error()));
    return std::nullopt;
  }
  if (!place->inside && clamp == tu::SurfaceClamp::Trap) {
    c.fail(static_cast<int>(lane), fmt::format("{}.TRAP: {} is outside the surface (header {}, {})", name_of(in),
                             view->describe(*at, byte_addressed), header, view->describe_extent()));
    return std::nullopt;
  }
  return Located{std::move(*view), *place, !place->inside};
}

// A memory fault of a surface access: non-resident texels read zero and drop writes (sparse textures);
// unmapped memory stops the program.
bool fault_stops(Context& c, const Instruction& in, unsigned lane, const tu::MemoryAccess& a) {
  if (a.ok() || a.fault == tu::Fault::NonResident) return false;
  c.fail(static_cast<int>(lane), fmt::format("{}: the texel's memory at {:#x} is not mapped", name_of(in), a.address));
  return true;
}

uint64_t le(const std::array<std::byte, 16>& b) {
  uint64_t v = 0;
  std::memcpy(&v, b.data(), 8);
  return v;
}

// SM52's predicate result of SULD (stored as 7 - index) and of SUATOM.
std::optional<unsigned> result_predicate(const Instruction& in) {
  if (in.arch() == isa::Arch::SM50) return std::nullopt;
  if (in.has(Opd::mem_pdinv)) return 7 - in.get<Opd::mem_pdinv>();
  if (in.has(Opd::su_caspd)) return 7 - in.get<Opd::su_caspd>();
  return std::nullopt;
}

// What SULD and SUST move: .P the mask's components of one texel; .D `bytes` raw bytes in `words` registers.
struct Transfer {
  bool p = false;
  MemSize size = MemSize::B32;
  unsigned bytes = 0;  // 0 for .P
  uint32_t mask = 0;   // .P
  unsigned words = 1;
};

std::optional<Transfer> transfer_of(Context& c, const Instruction& in) {
  Transfer t;
  t.p = formatted(in);
  if (t.p) {
    t.mask = in.get<Opd::su_mask>();
    if (t.mask != 0) return t;
    c.fail(-1, fmt::format("{} with no component in its mask (.???0) is not modelled", name_of(in)));
    return std::nullopt;
  }
  t.size = in.get<Opd::mem_size>();
  t.bytes = memory::size_bytes(t.size);
  t.words = std::max(1u, t.bytes / 4);
  if (t.bytes != 0 && t.size != MemSize::U128) return t;
  c.fail(-1, fmt::format("{} with an invalid size is not modelled", name_of(in)));
  return std::nullopt;
}

void suld(Context& c, const Instruction& in) {
  const auto shape = transfer_of(c, in);
  if (!shape) return;
  const bool p = shape->p;
  const MemSize size = shape->size;
  const unsigned bytes = shape->bytes, words = shape->words;
  const uint32_t mask = shape->mask;
  const unsigned rd = in.get<Opd::rd>().index;
  const std::optional<unsigned> pd = result_predicate(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed() || (!p && !memory::check_vector(c, rd, words, lane, "destination"))) return;
    auto at = locate(c, in, lane, bytes);
    if (!at) return;
    bool resident = true;
    if (p) {
      tu::Texel t;
      if (!at->ignored) {
        tu::MemoryAccess a;
        t = at->view->load_texel(*c.machine.global.backing(), at->place.texel, a);
        if (fault_stops(c, in, lane, a)) return;
        resident = a.ok();
        if (!resident) t = {};
      }
      unsigned k = 0;
      for (unsigned comp = 0; comp < 4; ++comp)
        if ((mask >> comp) & 1) c.set_reg(rd == Reg::kRZ ? rd : rd + k++, lane, t.bits[comp]);
    } else {
      std::array<std::byte, 16> b{};
      if (!at->ignored) {
        const tu::MemoryAccess a = at->view->read(*c.machine.global.backing(), at->place, std::span(b).first(bytes));
        if (fault_stops(c, in, lane, a)) return;
        resident = a.ok();
        if (!resident) b = {};
      }
      uint32_t lo = static_cast<uint32_t>(le(b));
      if (size == MemSize::S8) lo = static_cast<uint32_t>(int32_t{static_cast<int8_t>(lo)});
      if (size == MemSize::S16) lo = static_cast<uint32_t>(int32_t{static_cast<int16_t>(lo)});
      if (size == MemSize::U8) lo &= 0xffu;
      if (size == MemSize::U16) lo &= 0xffffu;
      for (unsigned i = 0; i < words; ++i) {
        uint32_t w = lo;
        if (i > 0) std::memcpy(&w, b.data() + 4 * i, 4);
        memory::set_vec_reg(c, rd, i, lane, w);
      }
    }
    if (pd) c.set_pred(*pd, lane, resident);
  });
}

void sust(Context& c, const Instruction& in) {
  const auto shape = transfer_of(c, in);
  if (!shape) return;
  const bool p = shape->p;
  const unsigned bytes = shape->bytes, words = shape->words;
  const uint32_t mask = shape->mask;
  const unsigned rd = in.get<Opd::rd>().index;
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed() || (!p && !memory::check_vector(c, rd, words, lane, "data"))) return;
    auto at = locate(c, in, lane, bytes);
    if (!at || at->ignored) return;
    tu::MemoryAccess a;
    if (p) {
      tu::Texel t;
      unsigned k = 0;
      for (unsigned comp = 0; comp < 4; ++comp)
        if ((mask >> comp) & 1) t.bits[comp] = rd == Reg::kRZ ? 0 : c.reg(rd + k++, lane);
      a = at->view->store_texel(*c.machine.global.backing(), at->place.texel, t);
    } else {
      std::array<std::byte, 16> b{};
      for (unsigned i = 0; i < words; ++i) {
        const uint32_t w = memory::vec_reg(c, rd, i, lane);
        std::memcpy(b.data() + 4 * i, &w, 4);
      }
      a = at->view->write(*c.machine.global.backing(), at->place, std::span(b).first(bytes));
    }
    fault_stops(c, in, lane, a);
  });
}

// The data type of a SURED / SUATOM access; nullopt (and the program stops) where it is not modelled.
std::optional<AtomKind> kind_of(Context& c, const Instruction& in, unsigned lane, const tu::SurfaceView& view) {
  const bool sint = view.format().type(0) == tu::DataType::Sint;
  if (!in.has(Opd::su_type)) return sint ? AtomKind::S32 : AtomKind::U32;  // .P
  switch (in.get<Opd::su_type>()) {
    case 0: return AtomKind::U32;
    case 1: return AtomKind::S32;
    case 2: return AtomKind::U64;
    case 3: return AtomKind::F32;
    case 4:
      if (in.arch() != isa::Arch::SM50) return AtomKind::F16x2;
      break;
    case 5: return AtomKind::S64;
    case 6: return sint ? AtomKind::S32 : AtomKind::U32;  // SD32
    case 7: return sint ? AtomKind::S64 : AtomKind::U64;  // SD64
    default: break;
  }
  c.fail(static_cast<int>(lane), fmt::format("{} with the invalid type INVALIDATOMICSIZE4 is not modelled", name_of(in)));
  return std::nullopt;
}

uint64_t read_data(Context& c, unsigned r, unsigned words, unsigned at, unsigned lane) {
  const uint64_t lo = memory::vec_reg(c, r, at, lane);
  return words == 2 ? lo | uint64_t{memory::vec_reg(c, r, at + 1, lane)} << 32 : lo;
}

// SURED and SUATOM: one lane's read-modify-write at a time. CAS (SUATOM rows without an operation) compares with
// the first data word(s) and stores the next ones when they match, as ATOM.CAS (Rb, then Rb+1; Rb+2 with 64 bits).
void reduce(Context& c, const Instruction& in) {
  const bool red = in.op() == Op::SURED;
  const bool cas = !red && !in.has(Opd::atoms_op);
  if (cas && in.has(Opd::su_pcasop) && in.get<Opd::su_pcasop>() != 0)
    return c.fail(-1, "SUATOM.P with an unnamed operation (.???N) is not modelled");
  const AtomOp op = red ? in.get<Opd::red_op>() : cas ? AtomOp::EXCH : in.get<Opd::atoms_op>();
  const std::optional<tu::AtomicOp> top = memory::atomic_op(op);
  const unsigned rd = in.get<Opd::rd>().index;
  const unsigned data = red ? rd : in.get<Opd::rb>().index;
  const std::optional<unsigned> pd = red ? std::nullopt : result_predicate(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed()) return;
    // The type decides the size, and SD32/SD64 and .P read it from the format: find the surface first.
    uint32_t header = 0;
    const auto view = find_surface(c, in, lane, header);
    if (!view) return;
    const auto k = kind_of(c, in, lane, *view);
    if (!k) return;
    const std::string_view op_text = isa::sm50::kAtomOp.values[static_cast<std::size_t>(op)].text;
    if (!top || !tu::atomic_combine(*top, *k, 0, 0))
      return c.fail(static_cast<int>(lane), fmt::format("{}{}: the operation has no form for this type", name_of(in), cas ? ".CAS" : op_text));
    const unsigned words = tu::is_64bit(*k) ? 2 : 1;
    if (!memory::check_vector(c, data, cas ? 2 * words : words, lane, "data") ||
        (!red && !memory::check_vector(c, rd, words, lane, "destination")))
      return;
    auto at = locate(c, in, lane, 4 * words);
    if (!at) return;
    uint64_t old = 0;
    if (!at->ignored) {
      std::array<std::byte, 16> b{};
      const auto span = std::span(b).first(4 * words);
      tu::GpuMemory& m = *c.machine.global.backing();
      const tu::MemoryAccess a = at->view->read(m, at->place, span);
      if (fault_stops(c, in, lane, a)) return;
      if (a.ok()) {  // a non-resident texel: the operation is dropped and the old value reads zero
        old = le(b);
        if (words == 1) old &= 0xffffffffu;
        const uint64_t b0 = read_data(c, data, words, 0, lane);
        const std::optional<uint64_t> v =
            cas ? (old == b0 ? read_data(c, data, words, words, lane) : old) : tu::atomic_combine(*top, *k, old, b0);
        std::memcpy(b.data(), &*v, 8);
        if (fault_stops(c, in, lane, at->view->write(m, at->place, span))) return;
      }
    }
    if (!red) {
      memory::set_vec_reg(c, rd, 0, lane, static_cast<uint32_t>(old));
      if (words == 2) memory::set_vec_reg(c, rd, 1, lane, static_cast<uint32_t>(old >> 32));
    }
    if (pd) c.set_pred(*pd, lane, true);
  });
}

constexpr HandlerEntry kHandlers[] = {
    {Op::SULD, suld}, {Op::SUST, sust}, {Op::SURED, reduce}, {Op::SUATOM, reduce}};

}  // namespace

std::span<const HandlerEntry> surface_handlers() { return kHandlers; }

}  // namespace tmu::exec
