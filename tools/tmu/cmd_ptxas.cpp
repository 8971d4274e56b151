// SPDX-License-Identifier: MIT
// tmu ptxas FILE.ptx [--arch sm_50|sm_52] -o FILE.cubin: PTX kernels through the texture IR to a cubin
// (src/ptx/compile.h, docs/ptx.md "Compiling"); --sass and --ir print what was selected and lowered.
#include <filesystem>
#include <memory>
#include <string>

#include "commands.h"
#include "io.h"
#include "isa/cubin_write.h"
#include "ptx/compile.h"
#include "ptx/reader.h"

namespace tmu::cli {
namespace {

struct Options {
  std::string input;
  std::string arch;
  std::string output;
  bool sass = false;
  bool ir = false;
};

int run(const Options& o) {
  ptx::CompileOptions co;
  if (!o.arch.empty()) {
    if (o.arch == "sm_50") co.arch = isa::Arch::SM50;
    else if (o.arch == "sm_52") co.arch = isa::Arch::SM52;
    else {
      error("--arch " + o.arch + ": tmu compiles for sm_50 and sm_52");
      return 2;
    }
  }
  auto bytes = read_file(o.input);
  if (!bytes) return 1;
  const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
  auto module = ptx::read(text, o.input);
  if (!module) {
    error(module.error());
    return 1;
  }
  auto compiled = ptx::compile(*module, o.input, co);
  if (!compiled) {
    error(compiled.error());
    return 1;
  }
  auto cubin = isa::write_cubin(compiled->image);
  if (!cubin) {
    error(o.input + ": " + cubin.error());
    return 1;
  }
  std::string output = o.output;
  if (output.empty() && !o.sass && !o.ir)
    output = o.input == "-" ? "out.cubin" : std::filesystem::path(o.input).stem().string() + ".cubin";
  if (!output.empty() && !write_file(output, *cubin)) return 1;
  std::string listing;
  for (const ptx::CompiledKernel& k : compiled->kernels) {
    if (o.ir) listing += k.ir;
    if (o.sass) listing += "// " + k.name + "\n" + k.sass;
  }
  return listing.empty() ? 0 : write_text_output("", listing);
}

}  // namespace

Runner add_ptxas(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("ptxas", "Compile PTX kernels to an SM50/SM52 cubin through the texture IR");
  sub->add_option("PTX", o->input, "PTX module ('-': standard input)")->required();
  sub->add_option("--arch", o->arch, "sm_50 or sm_52 (default: the module's .target)");
  sub->add_option("-o,--output", o->output, "the cubin (default: the input's name with .cubin)");
  sub->add_flag("--sass", o->sass, "print each kernel's selected SASS");
  sub->add_flag("--ir", o->ir, "print each kernel's IR after lowering");
  sub->footer("\nExample: tmu ptxas tests/data/run/tex2d.ptx -o tex2d.cubin && tmu run tex2d.cubin --launch tests/data/run/tex2d.json");
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
