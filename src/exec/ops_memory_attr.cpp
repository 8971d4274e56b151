// SPDX-License-Identifier: MIT
// Attribute memory (AL2P, ALD, AST), geometry output (OUT) and pixel information (PIXLD). The model behind them
// is documented in docs/exec.md ("Memory") and on Machine::attribute_in / attribute_out / pixel.
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "common/bits.h"
#include "exec/ops_memory_common.h"

namespace tmu::exec::memory {

using isa::sm50::Instruction;
using isa::sm50::Opd;
using isa::sm50::PixldMode;
using isa::sm50::Reg;

namespace {

constexpr uint32_t kAttrMask = 0x3ff;  // an absolute attribute address (no register) is 10 bits

// a[Ra + offset] (section 11): signed 11-bit offset after a register, unsigned 10-bit address without one; forms
// without an offset (a[RZ], .PHYS) use Ra alone.
uint32_t attribute_address(Context& c, const Instruction& in, unsigned lane) {
  const unsigned ra = address_register(in);
  const uint32_t raw = in.has(Opd::al_off) ? in.get<Opd::al_off>() : 0;
  if (ra == Reg::kRZ) return raw & kAttrMask;
  return c.reg(ra, lane) + static_cast<uint32_t>(sign_extend(raw, 11));
}

bool check_words(Context& c, unsigned r, unsigned words, unsigned lane) {
  if (r == Reg::kRZ || r + words - 1 < kRegisters) return true;
  c.fail(static_cast<int>(lane), fmt::format("register vector R{}..R{} runs past R254", r, r + words - 1));
  return false;
}

// ALD and AST: the attribute address plus the vertex handle in Rc (a byte offset in the model), words of 32 bits
// aligned to 4 bytes.
void attribute_access(Context& c, const Instruction& in, bool is_store) {
  const unsigned words = static_cast<unsigned>(in.get<Opd::al_size>()) + 1;
  const unsigned rd = in.get<Opd::rd>().index, rc = in.get<Opd::rc>().index;
  const bool output = is_store || in.get_or<Opd::al_o>(false);
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed() || !check_words(c, rd, words, lane)) return;
    const uint32_t a = attribute_address(c, in, lane) + c.reg(rc, lane);
    ByteMemory& m = output ? c.machine.attribute_out[lane] : c.machine.attribute_in[lane];
    const std::string_view name = output ? "output attribute" : "input attribute";
    std::array<std::byte, 16> buf{};
    const std::size_t n = 4 * words;
    if (is_store) {
      for (unsigned i = 0; i < words; ++i) {
        const uint32_t v = vec_reg(c, rd, i, lane);
        std::memcpy(buf.data() + 4 * i, &v, 4);
      }
      store_aligned(c, lane, m, name, a, std::span<const std::byte>(buf.data(), n), 4);
      return;
    }
    if (!load_aligned(c, lane, m, name, a, std::span<std::byte>(buf.data(), n), 4)) return;
    for (unsigned i = 0; i < words; ++i) {
      uint32_t v = 0;
      std::memcpy(&v, buf.data() + 4 * i, 4);
      set_vec_reg(c, rd, i, lane, v);
    }
  });
}

// Rc of IPA.OFFSET (seed 002): dx in 15:0 and dy in 31:16, 4.12 two's complement, of which the model's offsets
// fill the 0.4 bits 11:8.
uint32_t pack_offset(const std::array<int8_t, 2>& o) {
  const auto field = [](int8_t v) { return static_cast<uint32_t>(v * 256) & 0xffffu; };
  return field(o[0]) | field(o[1]) << 16;
}

}  // namespace

// AL2P Pd, Rd, Ra, offset: the physical (TRAM) address of a logical attribute address. The model lays attributes
// out at their logical addresses, so Rd = Ra + offset. Pd is the "Puniform" that IPA.IDX takes (seed 002's
// example: AL2P P0, R5, R6, 0; IPA.IDX.PASS R2, a[R5], P0): true when every running lane got the same address.
void al2p(Context& c, const Instruction& in) {
  const unsigned rd = in.get<Opd::rd>().index;
  std::optional<uint32_t> first;
  bool uniform = true;
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = attribute_address(c, in, lane);
    uniform = uniform && (!first || *first == a);
    if (!first) first = a;
    c.set_reg(rd, lane, a);
  });
  const unsigned pd = in.get<Opd::al2p_pd>().index;
  for_lanes(c.lanes, [&](unsigned lane) { c.set_pred(pd, lane, uniform); });
}

void ald(Context& c, const Instruction& in) { attribute_access(c, in, false); }
void ast(Context& c, const Instruction& in) { attribute_access(c, in, true); }

void out(Context& c, const Instruction& in) {
  if (c.lanes == 0) return;
  c.fail(-1, fmt::format("{} (geometry-shader vertex emit) is not modelled",
                         isa::sm50::op_name(in.op())));
}

// PIXLD Rd, Pd, [Ra + offset] (section 12), from Machine::pixel:
//   (no mode)        the number of samples per pixel (NAK calls mode 0 MS_COUNT)
//   .COVMASK         the lane's coverage mask (bit s: sample s covered)
//   .COVERED         1 when the lane's own sample (MY_INDEX) is covered, else 0
//   .OFFSET          the offset of sample [Ra + offset] in IPA.OFFSET's Rc format
//   .CENTROID_OFFSET the centroid's offset, same format; seed 002: the centre (0) without multisampling or when all
//                    or none of the samples are covered, else the first covered sample in sample order
//   .MY_INDEX        the sample the lane runs for
// Pd is written true (what the hardware reports there is not public). .COVERED's exact encoding and the address
// operand's use by .OFFSET are the model's reading of the names, not documented behaviour.
void pixld(Context& c, const Instruction& in) {
  const PixelInfo& px = c.machine.pixel;
  const PixldMode mode = in.get<Opd::pixld_mode>();
  if (mode == PixldMode::Invalid6 || mode == PixldMode::Invalid7)
    return c.fail(-1, fmt::format("PIXLD with mode {} (.INVALID{})", static_cast<unsigned>(mode),
                                  static_cast<unsigned>(mode) - 6));
  if (px.samples == 0 || px.samples > 16)
    return c.fail(-1, fmt::format("Machine::pixel.samples is {}: expected 1..16", px.samples));
  const uint32_t all = (1u << px.samples) - 1;
  const unsigned rd = in.get<Opd::rd>().index;
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed()) return;
    const uint32_t cov = px.coverage[lane] & all;
    uint32_t v = 0;
    switch (mode) {
      case PixldMode::None: v = px.samples; break;
      case PixldMode::COVMASK: v = cov; break;
      case PixldMode::COVERED: v = (cov >> px.sample_index[lane]) & 1; break;
      case PixldMode::OFFSET: {
        const auto s = address(c, in, lane, Opd::mem_off, 1, false);
        if (!s) return;
        if (*s >= px.samples)
          return c.fail(static_cast<int>(lane), fmt::format("PIXLD.OFFSET of sample {}: the pixel has {} "
                                                            "sample(s)", *s, px.samples));
        v = pack_offset(px.sample_offsets[*s]);
        break;
      }
      case PixldMode::CENTROID_OFFSET:
        v = px.samples == 1 || cov == 0 || cov == all
                ? 0
                : pack_offset(px.sample_offsets[static_cast<unsigned>(std::countr_zero(cov))]);
        break;
      case PixldMode::MY_INDEX: v = px.sample_index[lane]; break;
      default: break;
    }
    c.set_reg(rd, lane, v);
  });
  if (c.failed()) return;
  const unsigned pd = in.get<Opd::pixld_pd>().index;
  for_lanes(c.lanes, [&](unsigned lane) { c.set_pred(pd, lane, true); });
}

}  // namespace tmu::exec::memory
