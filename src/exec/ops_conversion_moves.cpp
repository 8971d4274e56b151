// SPDX-License-Identifier: MIT
// Moves and predicates: MOV, MOV32I, SEL, PRMT, S2R, CS2R, SHFL, VOTE, P2R, R2P, PSETP, PSET, CSETP, CSET.
// Warp-wide instructions (SHFL, VOTE) read every lane's sources before writing any result.
#include <array>

#include <fmt/format.h>

#include "exec/ops_integer_operands.h"
#include "isa/sm50/conv_move_enums.h"

namespace tmu::exec::intops {

using isa::sm50::Op;

namespace {

// MOV, MOV32I: the lane mask (0xf by default) says which threads of each quad write Rd: bit (lane % 4).
void mov(Context& c, const Instruction& in) {
  const uint32_t mask = in.get<Opd::cm_lanes>() & 0xf;
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t v = src_b(c, in, lane);
    if ((mask >> (lane % 4)) & 1) c.set_reg(rd, lane, v);
  });
}

// SEL: Rd = Pc ? Ra : B.
void sel(Context& c, const Instruction& in) {
  const unsigned p = in.get<Opd::cm_pc>().index, rd = rd_index(in);
  const bool neg = in.get<Opd::cm_pc_neg>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), b = src_b(c, in, lane);
    c.set_reg(rd, lane, c.pred(p, lane) != neg ? a : b);
  });
}

// PRMT's modes other than the generic one (PTX prmt): for the selector's low two bits, the source byte of each
// result byte (0..3 from Ra, 4..7 from C), result byte 0 first.
constexpr std::array<std::array<std::array<uint8_t, 4>, 4>, 6> kPrmtModes{{
    {{{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}},  // F4E: forward 4 extract
    {{{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}},  // B4E: backward 4 extract
    {{{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}},  // RC8: replicate 8
    {{{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}},  // ECL: edge clamp left
    {{{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}},  // ECR: edge clamp right
    {{{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}},  // RC16: replicate 16
}};

// PRMT Rd, Ra, B, C: picks bytes from {C, Ra} (Ra bytes 0..3, C bytes 4..7). Generic mode: nibble i of B selects
// result byte i; its bit 3 replicates the byte's sign bit instead.
void prmt(Context& c, const Instruction& in) {
  const uint32_t mode = in.get<Opd::prmt_mode>();
  if (mode > 6) return c.fail(-1, fmt::format("PRMT mode {} has no meaning", mode));
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), s = src_b(c, in, lane), hi = src_c(c, in, lane);
    const uint64_t bytes = uint64_t{hi} << 32 | a;
    auto byte = [&](unsigned k) { return static_cast<uint32_t>((bytes >> (8 * k)) & 0xff); };
    uint32_t d = 0;
    for (unsigned i = 0; i < 4; ++i) {
      uint32_t v = 0;
      if (mode == 0) {
        const uint32_t n = (s >> (4 * i)) & 0xf;
        v = byte(n & 7);
        if (n & 8) v = (v & 0x80) ? 0xff : 0;
      } else {
        v = byte(kPrmtModes[mode - 1][s & 3][i]);
      }
      d |= v << (8 * i);
    }
    c.set_reg(rd, lane, d);
  });
}

// S2R / CS2R system registers (numbers as nvdisasm names them, conv_move_enums.h). The thread-id registers come
// from Machine::system; SR_TID packs x in 15:0, y in 25:16, z in 31:26; the lane masks are relative to the lane;
// SR_CLOCKLO / HI and SR_GLOBALTIMERLO / HI count warp instructions executed (a deterministic clock). tmu's
// machine is one SM running one block at a time: SR_VIRTID holds the warp's number in its block in bits 13:8 (PTX's
// %warpid) and SM 0 in 28:20 (%smid), SR_VIRTCFG one SM in 28:20 (%nsmid); SR_SMEMSZ is the block's shared memory
// in bytes (%total_smem_size). The rest read as 0 (machine.h), the performance monitors SR_PM* among them.
uint32_t system_register(const Context& c, uint32_t sr, unsigned lane) {
  const SystemValues& s = c.machine.system;
  const uint64_t le = (uint64_t{2} << lane) - 1;  // lanes <= this one
  switch (sr) {
    case 0: return lane;                                                                     // SR_LANEID
    case isa::sm50::sreg::kVirtCfg: return 1u << 20;
    case isa::sm50::sreg::kVirtId: return (s.warp_id & 0x3f) << 8;
    case isa::sm50::sreg::kSmemSize: return static_cast<uint32_t>(c.machine.shared.size());
    case 1: case 80: case 82: return static_cast<uint32_t>(c.report.instructions);            // clocks, low
    case 81: case 83: return static_cast<uint32_t>(c.report.instructions >> 32);              // clocks, high
    case 32: return (s.tid[lane][0] & 0xffff) | (s.tid[lane][1] & 0x3ff) << 16 | (s.tid[lane][2] & 0x3f) << 26;
    case 33: case 34: case 35: return s.tid[lane][sr - 33];                                  // SR_TID.X/Y/Z
    case 37: case 38: case 39: return s.ctaid[sr - 37];                                      // SR_CTAID.X/Y/Z
    case 56: return 1u << lane;                                                              // SR_EQMASK
    case 57: return (1u << lane) - 1;                                                        // SR_LTMASK
    case 58: return static_cast<uint32_t>(le);                                               // SR_LEMASK
    case 59: return ~static_cast<uint32_t>(le);                                              // SR_GTMASK
    case 60: return ~((1u << lane) - 1);                                                     // SR_GEMASK
    default: return 0;
  }
}

void s2r(Context& c, const Instruction& in) {
  const uint32_t sr = in.get<Opd::cm_sreg>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) { c.set_reg(rd, lane, system_register(c, sr, lane)); });
}

// SHFL (PTX shfl): B is the lane or offset (5 bits), C packs the clamp (4:0) and the segment mask (12:8).
// Within the segment of lanes sharing lane & mask: .IDX reads lane min | (b & ~mask), .UP lane - b, .DOWN
// lane + b, .BFLY lane ^ b. Pd says whether the source lane was inside the clamp; if not, the lane keeps its own
// Ra. A source lane that is not active gives its register as it stands (PTX leaves the value undefined).
void shfl(Context& c, const Instruction& in) {
  const uint32_t mode = in.get<Opd::shfl_mode>();
  const unsigned ra = in.get<Opd::ra>().index, rd = rd_index(in), pd = in.get<Opd::shfl_pd>().index;
  std::array<uint32_t, kLanes> value{};
  std::array<bool, kLanes> inside{};
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t b = (in.has(Opd::rb) ? c.reg(in.get<Opd::rb>().index, lane) : in.get<Opd::shfl_bimm>()) & 31;
    const uint32_t cv = in.has(Opd::rc) ? c.reg(in.get<Opd::rc>().index, lane) : in.get<Opd::shfl_cimm>();
    const uint32_t clamp = cv & 31, mask = (cv >> 8) & 31;
    const uint32_t min_lane = lane & mask, max_lane = min_lane | (clamp & ~mask);
    int64_t j = lane;
    bool ok = false;
    switch (mode) {
      case 0: j = min_lane | (b & ~mask); ok = j <= max_lane; break;          // IDX
      case 1: j = int64_t{lane} - b; ok = j >= int64_t{max_lane}; break;      // UP
      case 2: j = int64_t{lane} + b; ok = j <= max_lane; break;               // DOWN
      default: j = lane ^ b; ok = j <= max_lane; break;                       // BFLY
    }
    const unsigned src = ok ? static_cast<unsigned>(j) : lane;
    value[lane] = c.reg(ra, src);
    inside[lane] = ok;
  });
  for_lanes(c.lanes, [&](unsigned lane) {
    c.set_reg(rd, lane, value[lane]);
    c.set_pred(pd, lane, inside[lane]);
  });
}

// VOTE: Rd = the ballot (a mask of the active lanes whose predicate holds); Pd = .ALL: every active lane's,
// .ANY: some lane's, .EQ: all or none.
void vote(Context& c, const Instruction& in) {
  const uint32_t mode = in.get<Opd::vote_mode>();
  if (mode == 3) return c.fail(-1, "VOTE mode 3 has no meaning");
  const unsigned p = in.get<Opd::cm_pc>().index, pd = in.get<Opd::vote_pd>().index, rd = rd_index(in);
  const bool neg = in.get<Opd::cm_pc_neg>();
  uint32_t ballot = 0;
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.pred(p, lane) != neg) ballot |= 1u << lane;
  });
  const bool r = mode == 0 ? ballot == c.lanes : mode == 1 ? ballot != 0 : ballot == 0 || ballot == c.lanes;
  for_lanes(c.lanes, [&](unsigned lane) {
    c.set_reg(rd, lane, ballot);
    c.set_pred(pd, lane, r);
  });
}

// The predicate register (P0..P6 in bits 0..6, bit 7 reads 0) or the condition codes (zero, sign, carry,
// overflow in bits 0..3, the model of docs/exec.md) of one lane, as P2R / R2P see them.
uint32_t pr_bits(const Context& c, bool cc, unsigned lane) {
  uint32_t v = 0;
  if (cc) {
    const Flags f = flags(c, lane);
    return uint32_t{f.zero} | uint32_t{f.sign} << 1 | uint32_t{f.carry} << 2 | uint32_t{f.overflow} << 3;
  }
  for (unsigned p = 0; p < 7; ++p) v |= uint32_t{c.pred(p, lane)} << p;
  return v;
}

// P2R: Rd = Ra with the byte at .B1-.B3 replaced, under the mask B[7:0], by the predicate bits.
void p2r(Context& c, const Instruction& in) {
  const bool cc = in.get<Opd::cm_prcc>();
  const unsigned shift = 8 * (in.get<Opd::cm_bsel>() & 3), rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), mask = src_b(c, in, lane) & 0xff;
    c.set_reg(rd, lane, (a & ~(mask << shift)) | ((pr_bits(c, cc, lane) & mask) << shift));
  });
}

// R2P: the predicates (or flags) whose bit is set in the mask B[7:0] take the bits of Ra's byte .B0-.B3.
void r2p(Context& c, const Instruction& in) {
  const bool cc = in.get<Opd::cm_prcc>();
  const unsigned shift = 8 * (in.get<Opd::cm_bsel>() & 3);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t bits = reg_a(c, in, lane) >> shift, mask = src_b(c, in, lane) & 0xff;
    if (cc) {
      Flags f = flags(c, lane);
      bool* fl[4] = {&f.zero, &f.sign, &f.carry, &f.overflow};
      for (unsigned i = 0; i < 4; ++i)
        if ((mask >> i) & 1) *fl[i] = (bits >> i) & 1;
      set_flags(c, lane, f);
    } else {
      for (unsigned i = 0; i < 7; ++i)
        if ((mask >> i) & 1) c.set_pred(i, lane, (bits >> i) & 1);
    }
  });
}

bool bool_op(uint32_t op, bool a, bool b) { return op == 0 ? a && b : op == 1 ? a || b : a != b; }

bool check_bop(Context& c, uint32_t op) {
  if (op == 3) c.fail(-1, "boolean operation 3 has no meaning");
  return op != 3;
}

// PSETP: Pd = (Pa op1 Pb) op2 Pc, Pdn = !(Pa op1 Pb) op2 Pc. PSET: Rd = that ? 0xffffffff (.BF: 1.0) : 0.
// CSETP / CSET: the same with a condition-code test in place of (Pa op1 Pb).
void psetp_like(Context& c, const Instruction& in) {
  const bool cs = in.op() == Op::CSETP || in.op() == Op::CSET;
  const uint32_t op1 = in.get_or<Opd::cm_bop1>(0), op2 = in.get<Opd::cm_bop2>();
  if (!check_bop(c, op1) || !check_bop(c, op2)) return;
  const bool to_reg = in.has(Opd::rd);
  const unsigned pc = in.get<Opd::cm_pc>().index;
  const bool pcn = in.get<Opd::cm_pc_neg>();
  for_lanes(c.lanes, [&](unsigned lane) {
    bool r = false;
    if (cs) {
      const uint32_t test = in.get<Opd::cm_cctest>();
      const auto t = cc_test(c, test, lane);
      if (!t)
        return c.fail(static_cast<int>(lane),
                      fmt::format("condition-code test {} is not modelled", isa::sm50::kCmCcTest.values[test].text));
      r = *t;
    } else {
      const bool a = c.pred(in.get<Opd::cm_pa>().index, lane) != in.get<Opd::cm_pa_neg>();
      const bool b = c.pred(in.get<Opd::cm_pb>().index, lane) != in.get<Opd::cm_pb_neg>();
      r = bool_op(op1, a, b);
    }
    const bool p = c.pred(pc, lane) != pcn;
    if (to_reg) {
      const uint32_t d = bool_op(op2, r, p) ? (in.get<Opd::cm_bf>() ? 0x3f800000u : 0xffffffffu) : 0u;
      if (in.get<Opd::cm_cc>()) set_zs(c, lane, d, false);
      c.set_reg(rd_index(in), lane, d);
    } else {
      c.set_pred(in.get<Opd::cm_pd>().index, lane, bool_op(op2, r, p));
      c.set_pred(in.get<Opd::cm_pdn>().index, lane, bool_op(op2, !r, p));
    }
  });
}

constexpr HandlerEntry kHandlers[] = {
    {Op::MOV, mov},     {Op::MOV32I, mov},      {Op::SEL, sel},         {Op::PRMT, prmt},   {Op::S2R, s2r},
    {Op::CS2R, s2r},    {Op::SHFL, shfl},       {Op::VOTE, vote},       {Op::P2R, p2r},     {Op::R2P, r2p},
    {Op::PSETP, psetp_like}, {Op::PSET, psetp_like}, {Op::CSETP, psetp_like}, {Op::CSET, psetp_like},
};

}  // namespace

std::span<const HandlerEntry> move_handlers() { return kHandlers; }

}  // namespace tmu::exec::intops
