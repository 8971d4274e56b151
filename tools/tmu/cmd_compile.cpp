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
#include "ir/passes/lower_tex.h"
#include "ir/read.h"
#include "ir/sm50/select.h"
#include "ir/verify.h"
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
  for (const std::string& kv : o.options) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      error(fmt::format("--option {}: expected FIELD=VALUE", kv));
      return 2;
    }
    if (auto r = ir::set_option(lt, kv.substr(0, eq), kv.substr(eq + 1)); !r) {
      error("--option " + r.error());
      return 2;
    }
  }
  auto bytes = read_file(o.file);
  if (!bytes) return 1;
  auto shader = ir::read(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()), o.file);
  if (!shader) {
    error(shader.error());
    return 1;
  }
  ir::lower_tex(*shader, lt);
  if (auto problems = ir::verify(*shader); !problems.empty()) {
    error(fmt::format("{}: the lowered shader does not validate (a tmu bug): {}", o.file, problems.front()));
    return 1;
  }
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
