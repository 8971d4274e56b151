// SPDX-License-Identifier: MIT
// tmu lower FILE.nir: reads a NIR shader (tmu's printed form or what Mesa 22.3 prints with NIR_DEBUG=print), runs
// nir_lower_tex with the options given and prints the lowered shader. docs/ir.md lists the options.
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "io.h"
#include "ir/print.h"
#include "ir/sm50/prepare_tex.h"
#include "nir_input.h"

namespace tmu::cli {
namespace {

constexpr const char* kFooter = R"(
Options are nir_lower_tex_options fields (docs/ir.md has the table):
  --option lower_txp=0xffff --option lower_txd_cube_map=1 --option saturate_s=0x1
  --option swizzles[0]=z,y,x,1 --option scale_factors[0]=2.5 --option lower_tex_packing[0]=16
  --option lower_offset_filter=always|never|tg4|txf|nonconst|array
Compiler options lower_rect reads: --compiler-option has_txs=0, --compiler-option has_texture_scaling=1.
--prepare sm50|sm52 then runs NAK's SM50 preparation (docs/ir.md, "Preparation for SM50"): queries as TXQ/TMML
return them, sources packed into backend1 (Ra) and backend2 (Rb), the instruction's modifiers in backend_flags.
Example: tmu lower --option lower_txd_3d=1 examples/ir/txd_3d.nir)";

struct Options {
  std::string file;
  std::vector<std::string> options;
  std::vector<std::string> compiler_options;
  std::string prepare;  // "", "sm50" or "sm52"
};

int run(const Options& o) {
  ir::LowerTexOptions lt;
  ir::CompilerOptions co;
  if (!set_lower_tex_options(o.options, "--option", lt) || !set_compiler_options(o.compiler_options, "--compiler-option", co))
    return 2;
  auto shader = read_and_lower(o.file, lt, co);
  if (!shader) return 1;
  if (!o.prepare.empty()) {
    auto prepared = ir::sm50::prepare_tex(*shader, o.prepare == "sm52" ? isa::Arch::SM52 : isa::Arch::SM50);
    if (!prepared) {
      error(fmt::format("{}: {}", o.file, prepared.error()));
      return 1;
    }
  }
  std::cout << ir::print(*shader);
  return std::cout ? 0 : 1;
}

}  // namespace

Runner add_lower(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("lower", "Run nir_lower_tex on a NIR shader and print the result");
  sub->add_option("FILE", o->file, "NIR shader text (tmu's or Mesa's printed form)")->required();
  sub->add_option("--option", o->options, "a nir_lower_tex_options field: FIELD=VALUE (repeatable)");
  sub->add_option("--compiler-option", o->compiler_options, "has_txs=0|1, has_texture_scaling=0|1");
  sub->add_option("--prepare", o->prepare, "then NAK's SM50 preparation for sm50 or sm52 (packed Ra/Rb vectors)")
      ->check(CLI::IsMember({"sm50", "sm52"}));
  sub->footer(kFooter);
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
