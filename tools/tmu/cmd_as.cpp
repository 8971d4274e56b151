// SPDX-License-Identifier: MIT
// tmu as: assembles SASS text into a raw code blob.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "io.h"
#include "isa/sm50/program.h"

namespace tmu::cli {
namespace {

struct AsOptions {
  std::string arch = "sm50";
  std::string file;
  std::string output;
};

int run(const AsOptions& o) {
  auto arch = isa::parse_arch(o.arch);
  if (!arch) {
    error("unknown architecture '" + o.arch + "' (sm50 or sm52)");
    return 2;
  }
  auto bytes = read_file(o.file);
  if (!bytes) return 1;
  const std::string_view src(reinterpret_cast<const char*>(bytes->data()), bytes->size());
  isa::sm50::Program p;
  if (auto err = isa::sm50::assemble(src, *arch, p)) {
    error(fmt::format("{}:{}:{}: {}", o.file, err->line, err->column, err->message));
    return 1;
  }
  auto code = isa::sm50::encode_program(p);
  if (!code) {
    error(o.file + ": " + code.error());
    return 1;
  }
  return write_file(o.output, *code) ? 0 : 1;
}

}  // namespace

Runner add_as(CLI::App& app) {
  auto o = std::make_shared<AsOptions>();
  CLI::App* sub = app.add_subcommand("as", "Assemble SASS text into a raw code blob");
  sub->add_option("--arch", o->arch, "sm50 or sm52");
  sub->add_option("file", o->file, "SASS source")->required();
  sub->add_option("-o,--output", o->output, "Output binary")->required();
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
