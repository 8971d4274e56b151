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
#include "ir/passes/lower_tex.h"
#include "ir/print.h"
#include "ir/read.h"
#include "ir/verify.h"

namespace tmu::cli {
namespace {

constexpr const char* kFooter = R"(
Options are nir_lower_tex_options fields (docs/ir.md has the table):
  --option lower_txp=0xffff --option lower_txd_cube_map=1 --option saturate_s=0x1
  --option swizzles[0]=z,y,x,1 --option scale_factors[0]=2.5 --option lower_tex_packing[0]=16
  --option lower_offset_filter=always|never|tg4|txf|nonconst|array
Compiler options lower_rect reads: --compiler-option has_txs=0, --compiler-option has_texture_scaling=1.
Example: tmu lower --option lower_txd_3d=1 examples/ir/txd_3d.nir)";

struct Options {
  std::string file;
  std::vector<std::string> options;
  std::vector<std::string> compiler_options;
};

bool split(const std::string& kv, std::string& key, std::string& value) {
  const auto eq = kv.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  key = kv.substr(0, eq);
  value = kv.substr(eq + 1);
  return true;
}

int run(const Options& o) {
  ir::LowerTexOptions lt;
  ir::CompilerOptions co;
  for (const std::string& kv : o.options) {
    std::string k, v;
    if (!split(kv, k, v)) {
      error(fmt::format("--option {}: expected FIELD=VALUE", kv));
      return 2;
    }
    if (auto r = ir::set_option(lt, k, v); !r) {
      error("--option " + r.error());
      return 2;
    }
  }
  for (const std::string& kv : o.compiler_options) {
    std::string k, v;
    if (!split(kv, k, v)) {
      error(fmt::format("--compiler-option {}: expected NAME=VALUE", kv));
      return 2;
    }
    if (auto r = ir::set_compiler_option(co, k, v); !r) {
      error("--compiler-option " + r.error());
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
  ir::lower_tex(*shader, lt, co);
  if (auto problems = ir::verify(*shader); !problems.empty()) {
    error(fmt::format("{}: the lowered shader does not validate (a tmu bug): {}", o.file, problems.front()));
    return 1;
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
  sub->footer(kFooter);
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
