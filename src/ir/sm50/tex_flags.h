// SPDX-License-Identifier: MIT
// What a texture instruction prepared for SM50 (prepare_tex.h) keeps in its backend_flags: the modifiers of the
// SASS instruction it becomes, in the shared vocabulary, and whether its handle is bindless. NAK keeps the same
// role for its nak_nir_tex_flags (lod mode, offset mode, depth compare, multisample; lowering-facts.md 2.2): once
// the sources are packed into backend1 (Ra) and backend2 (Rb) the NIR sources that implied them are gone.
// Selection reads the flags to spell the instruction, the interpreter to run the packed registers through the
// one unpacker (isa/sm50/tex_operands.h). Header-only: the interpreter does not link the selector.
#pragma once

#include <cstdint>
#include <optional>

#include "common/texture_vocab.h"

namespace tmu::ir::sm50 {

struct PreparedTex {
  tex::Modifiers modifiers;
  bool bindless = false;  // the handle is in a register (.B): Handle is one of the packed parameters
};

namespace tex_flags {
// Bit positions of the fields in backend_flags; bit 31 marks a prepared instruction (its flags may be 0 otherwise).
inline constexpr unsigned kOp = 0, kDim = 3, kLod = 6, kComponent = 9, kQuery = 11;
inline constexpr uint32_t kDepthCompare = 1u << 17, kAoffi = 1u << 18, kPtp = 1u << 19, kLodClamp = 1u << 20,
                          kMultisample = 1u << 21, kEdgeClamp = 1u << 22, kNdv = 1u << 23, kBindless = 1u << 24,
                          kPrepared = 1u << 31;
}  // namespace tex_flags

constexpr uint32_t encode_tex_flags(const PreparedTex& p) {
  using namespace tex_flags;
  const tex::Modifiers& m = p.modifiers;
  uint32_t f = kPrepared;
  f |= static_cast<uint32_t>(m.op) << kOp;
  f |= static_cast<uint32_t>(m.dim) << kDim;
  f |= static_cast<uint32_t>(m.lod) << kLod;
  f |= static_cast<uint32_t>(m.component) << kComponent;
  f |= static_cast<uint32_t>(m.query) << kQuery;
  if (m.depth_compare) f |= kDepthCompare;
  if (m.aoffi) f |= kAoffi;
  if (m.ptp) f |= kPtp;
  if (m.lod_clamp) f |= kLodClamp;
  if (m.multisample) f |= kMultisample;
  if (m.edge_clamp) f |= kEdgeClamp;
  if (m.ndv) f |= kNdv;
  if (p.bindless) f |= kBindless;
  return f;
}

// nullopt for flags that no prepared instruction has (not prepared, or fields out of range).
constexpr std::optional<PreparedTex> decode_tex_flags(uint32_t f) {
  using namespace tex_flags;
  if (!(f & kPrepared)) return std::nullopt;
  const uint32_t op = (f >> kOp) & 7, lod = (f >> kLod) & 7, query = (f >> kQuery) & 0x3f;
  if (op > static_cast<uint32_t>(tex::TexOp::Query) || lod >= tex::kNumLodModes) return std::nullopt;
  if (f & 0x7e000000u) return std::nullopt;  // bits 30:25 are not used
  PreparedTex p;
  tex::Modifiers& m = p.modifiers;
  m.op = static_cast<tex::TexOp>(op);
  m.dim = static_cast<tex::Dim>((f >> kDim) & 7);
  m.lod = static_cast<tex::LodMode>(lod);
  m.component = static_cast<tex::Component>((f >> kComponent) & 3);
  m.query = static_cast<tex::Query>(query);
  m.depth_compare = f & kDepthCompare;
  m.aoffi = f & kAoffi;
  m.ptp = f & kPtp;
  m.lod_clamp = f & kLodClamp;
  m.multisample = f & kMultisample;
  m.edge_clamp = f & kEdgeClamp;
  m.ndv = f & kNdv;
  p.bindless = f & kBindless;
  return p;
}

}  // namespace tmu::ir::sm50
