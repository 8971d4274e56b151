// SPDX-License-Identifier: MIT
// The labels nvdisasm gives a cubin's code, so that tmu's listings name branch targets as it does.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "isa/cubin.h"
#include "isa/sm50/labels.h"
#include "isa/sm50/program.h"

namespace tmu::isa::sm50 {

// One LabelMap per function of `cubin` (programs[i] is functions[i] decoded). Subroutines (FUNC symbols inside a
// function's section, as ptxas places the .funcs a kernel calls) are labelled with their names. nvdisasm numbers
// the other labels .L_x_N across the whole file: first the targets of PC-relative branches (BRA, SSY, PBK, CAL,
// ...) of every function in section order, each function's in the order of the first branch to it, a subroutine's
// address taking no number; then for each indirect branch of the functions' EIATTR_INDIRECT_BRANCH_TARGETS one
// number for the branch and one per target; then one per FUNC symbol at its end (value + size), in symbol-table
// order, an address keeping its first name. Symbols of the code relocations are added as operand symbols (printed
// as `(name) in place of the patched immediate).
std::vector<LabelMap> cubin_labels(const Cubin& cubin, std::span<const Program> programs);

// A cubin's listing as `tmu dis` prints it (nvdisasm's): each function under `// NAME (SECTION, sm_N)` and `NAME:`,
// its code with cubin_labels' names, and a label at its end where one falls there. A function whose code does
// not decode stops it: the function and the failure. `symbols` (nvdisasm -fun): list only the functions whose
// sections hold these symbols (by .symtab index; the caller checks that they exist); empty: every function. Labels
// are numbered over the whole cubin either way.
struct CubinListingFailure {
  const CubinFunction* function = nullptr;
  DecodeFailure failure;
};
std::optional<CubinListingFailure> cubin_listing(const Cubin& cubin, ListingOptions options, std::string& out,
                                                 std::span<const uint32_t> symbols = {});
// Each function of `cubin` decoded (programs[i] is functions[i]), or the first that does not decode.
std::optional<CubinListingFailure> decode_functions(const Cubin& cubin, std::vector<Program>& programs);
// Whether nvdisasm -fun `symbols` (empty: every function) selects the function.
bool function_selected(const Cubin& cubin, const CubinFunction& fn, std::span<const uint32_t> symbols);
// Whether the instruction always runs: no guard predicate (PT) and, for branches, no condition-code test.
bool unconditional(const Instruction& inst);
// Why nvdisasm -fun refuses these symbol indices (one past the table, or a symbol of no section), or "".
std::string function_symbols_error(const Cubin& cubin, std::span<const uint32_t> symbols);

// The registers a kernel of this code needs when nobody says (`tmu as --cubin`): one past the highest Rn its
// listing names, plus 3 for what vector operands (a TEX's four destinations, 64-bit pairs) write past a named
// register; at least 2 + 3 (ptxas's empty kernel has 2), at most 255.
unsigned registers_named(const Program& p);

}  // namespace tmu::isa::sm50
