// SPDX-License-Identifier: MIT
// Code blobs: sequences of 32-byte bundles (a control word and three instructions), as they sit in instruction
// memory and in a cubin's .text sections. Decoding, listing and assembling whole programs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "isa/arch.h"
#include "isa/cubin.h"
#include "isa/sm50/instruction.h"
#include "isa/sm50/labels.h"

namespace tmu::isa::sm50 {

inline constexpr std::size_t kBundleBytes = 32;

// Address of the k-th instruction of a program that starts at `base`: control words take the first 8 bytes of
// each bundle, so the first instruction sits at base + 8.
constexpr uint64_t instruction_address(uint64_t base, std::size_t k) {
  return base + (k / 3) * kBundleBytes + 8 + (k % 3) * 8;
}

struct Program {
  Arch arch = Arch::SM50;
  uint64_t base = 0;
  std::vector<Instruction> code;
  // The code relocations assemble() read (MOV32I R4, 32@lo(sym)): the immediate is 0 and the relocation names the
  // symbol whose value patches it (isa/cubin.h).
  std::vector<CubinRelocation> relocations;
  // The indirect branches assemble() read nvdisasm's (*"BRANCH_TARGETS .L_x_6,.L_x_7"*) after (what a cubin's
  // EIATTR_INDIRECT_BRANCH_TARGETS holds): the branch's address and its targets' (a label's, as branches take it).
  std::vector<CubinIndirectBranch> indirect_branches;
  uint64_t address(std::size_t k) const { return instruction_address(base, k); }
};

struct DecodeFailure {
  uint64_t address = 0;  // of the offending instruction (or control word)
  uint64_t word = 0;
  std::string reason;    // nvdisasm's wording
};

// Decodes a code blob. On failure returns the first bad word, as nvdisasm does (it refuses the whole input).
std::optional<DecodeFailure> decode_program(std::span<const std::byte> bytes, Arch arch, uint64_t base, Program& out);

struct ListingOptions {
  bool hex = false;   // append each encoding, as nvdisasm -hex does
  bool ctrl = false;  // write control annotations (&wr= &rd= &req= ?stall= ?yield) that `tmu as` reads back
  const LabelMap* labels = nullptr;  // label lines before labelled addresses; branch targets as `(name)
  unsigned threads = 1;  // stream_listing: threads that print (0: one per hardware thread, at most 8)
  bool pairs = true;     // wrap dual-issued pairs in "{ A ;" / "B }" (nvdisasm -novliw: off, every line ends in ';')
  bool notes = true;     // (*"BRANCH_TARGETS ..."*) and (*"TARGET= ..."*) after branches (nvdisasm -ndf: off)
};

// One line per instruction: "/*ADDR*/ TEXT". Dual-issued pairs are wrapped in "{ A ;" / "B }" as nvdisasm does.
std::string print_listing(const Program& p, const ListingOptions& opt);

// The listing of a code blob, decoded and printed a block at a time (blocks of 49152 instructions, printed by
// opt.threads threads side by side): `sink` receives the text block by block, in order, and no decoded program is
// kept (a million instructions would take ~130 MB). Nothing is written when the blob fails to decode: like
// nvdisasm, the whole input is refused.
std::optional<DecodeFailure> stream_listing(std::span<const std::byte> bytes, Arch arch, uint64_t base,
                                            const ListingOptions& opt, const std::function<void(std::string_view)>& sink);

// Encodes a program back into bytes. Fails on unencodable instructions or an unfinished dual-issue pair.
Result<std::vector<std::byte>> encode_program(const Program& p);

struct AsmError {
  std::size_t line = 0;    // 1-based
  std::size_t column = 0;  // 1-based
  std::string message;
};

struct AssembleOptions {
  // Accept branch targets no program can branch to: before address 0, or off the 8-byte instruction grid
  // (BRA -0x10, BRA 0x7, JMP 0x3). nvdisasm lists such words wherever arbitrary data holds them; by default
  // tmu refuses them as a mistake in the text.
  bool any_target = false;
};

// Assembles SASS text: what `tmu dis` prints (with or without --ctrl) and the seed documents' spelling.
// Statements end in ';'; '//' '#' and '/* */' start comments; "name:" defines a label; "{ A ; B }" dual-issues;
// control annotations before the ';' set the control slot (see README); without any, safe defaults apply.
std::optional<AsmError> assemble(std::string_view source, Arch arch, Program& out, const AssembleOptions& opt = {});

}  // namespace tmu::isa::sm50
