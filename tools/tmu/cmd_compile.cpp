// SPDX-License-Identifier: MIT
// tmu compile FILE.nir: reads a NIR shader, lowers its texture instructions as NAK does for SM50
// (sm50_lower_tex_options, plus any --option), selects SM50 instructions and prints the SASS, which `tmu as`
// assembles; -o writes the assembled code blob. docs/ir.md ("Selection") describes the interface.
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "io.h"
#include "ir/sm50/select.h"
#include "nir_input.h"
#include "isa/sm50/program.h"

namespace tmu::cli {
namespace {

struct Options {
  std::string file;
  std::string output;
  std::string arch = "sm50";
  std::vector<std::string> options;
};

int run(const Options& o) {
  ir::LowerTexOptions lt = ir::sm50_lower_tex_options();
  if (!set_lower_tex_options(o.options, "--option", lt)) return 2;
  auto shader = read_and_lower(o.file, lt, {});
  if (!shader) return 1;
  ir::sm50::SelectOptions so;
  so.arch = o.arch == "sm52" ? isa::Arch::SM52 : isa::Arch::SM50;
  auto selected = ir::sm50::select(*shader, so);
  if (!selected) {
    error(fmt::format("{}: {}", o.file, selected.error()));
    return 1;
  }
  if (!o.output.empty()) {
    auto blob = isa::sm50::encode_program(selected->program);
    if (!blob) {
      error(fmt::format("{}: {}", o.file, blob.error()));
      return 1;
    }
    return write_file(o.output, *blob) ? 0 : 1;
  }
  std::cout << fmt::format("// {}: {} registers\n", o.file, selected->registers) << selected->sass;
  return std::cout ? 0 : 1;
}

}  // namespace

Runner add_compile(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("compile", "Compile a NIR shader to SM50 SASS (lowering as NAK does, then selection)");
  sub->add_option("FILE", o->file, "NIR shader text (tmu's or Mesa's printed form)")->required();
  sub->add_option("-o,--output", o->output, "write the assembled code blob (32-byte bundles) instead of SASS text");
  sub->add_option("--arch", o->arch, "sm50 (default) or sm52 (sparse residency needs it)")
      ->check(CLI::IsMember({"sm50", "sm52"}));
  sub->add_option("--option", o->options, "an extra nir_lower_tex_options field: FIELD=VALUE (repeatable)");
  sub->footer("\nInterface: load_input base B component C reads a[0x80 + 16B + 4C]; store_output writes the same\n"
              "attribute of the output; texture T with sampler S is bound at tsidx 32T + S. Example:\n"
              "  tmu compile examples/ir/txd_3d.nir");
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
