// SPDX-License-Identifier: MIT
// Texture instruction forms as one-kernel PTX modules, for the PTX reader's tests: the 288 `tex` forms of
// lowering-facts.md Appendix A with ptxas 11.8's recorded verdict (tests/data/ptx/appendix_a_tex_forms.txt), and
// the wider matrix the ptxas differential test gives to both ptxas and tmu (result types, tld4 on every
// geometry, txq in both texture modes).
#pragma once

#include <string>
#include <vector>

namespace tmu::test {

struct TexForm {
  std::string mip, geom, ctype;  // "" / "base" / "level" / "grad"; "2d", "a2dms", ...; "f32" / "s32"
  bool offset = false, depth = false;
  std::string verdict;  // "ok" or ptxas's first message
};

// Appendix A's forms with their verdicts (data_dir: tests/data).
std::vector<TexForm> appendix_a_forms(const std::string& data_dir);

// A kernel holding the form on its line 8: every operand its own register, the array index (and a multisample
// geometry's sample number) in a .b32 register, the others of the coordinate type; vector sizes from seed 004
// (gradients of a multisample geometry: two, as lowering-facts.md 3.4 gave them; offsets of a cube map: four).
std::string tex_form_kernel(const TexForm& f, const std::string& dtype = "f32");

// More modules, each one kernel with one texture instruction on line 8 (names for messages):
// tex with every result type on every geometry, tld4 with every component type on every geometry with and without
// offset and depth compare, txq with every query, .level and the two texture modes.
struct NamedModule {
  std::string name, text;
};
std::vector<NamedModule> texture_instruction_matrix();

}  // namespace tmu::test
