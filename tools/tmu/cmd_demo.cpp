// SPDX-License-Identifier: MIT
// tmu demo: assembles and disassembles an embedded fragment program (seed 002's IPA example feeding a TEX).
#include <iostream>
#include <memory>

#include "commands.h"
#include "io.h"
#include "isa/sm50/codec.h"
#include "isa/sm50/program.h"

namespace tmu::cli {
namespace {

constexpr std::string_view kSample = R"(// Interpolate a texture coordinate with perspective correction and sample a 2D texture (seeds 000, 002).
IPA.PASS R4, a[0x7c];            # WPOS.w = 1/w
IPA.MUL  R0, a[0x300], R4;       # TEX0.s
IPA.MUL  R1, a[0x304], R4;       # TEX0.t
TEX.LB R0, R0, R4, 5, 2D, 0xf;   # seed spelling: decimal index, no spaces
TEX.B.DC R4, R0, R8, 0, 1D, 0xf;  # bindless: the handle in R0 selects; no index
TLD.LZ.MS R0, R4, R6, 0, 2D, 0xf;
)";

int run() {
  isa::sm50::Program p;
  if (auto err = isa::sm50::assemble(kSample, isa::Arch::SM50, p)) {
    error(std::to_string(err->line) + ":" + std::to_string(err->column) + ": " + err->message);
    return 1;
  }
  std::cout << "// source\n" << kSample << "\n// tmu dis --hex --ctrl of the assembled code\n";
  std::cout << isa::sm50::print_listing(p, {true, true});
  return 0;
}

}  // namespace

Runner add_demo(CLI::App& app) {
  app.add_subcommand("demo", "Assemble and disassemble an embedded sample fragment program");
  return [] { return run(); };
}

}  // namespace tmu::cli
