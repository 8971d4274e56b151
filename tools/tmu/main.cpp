// SPDX-License-Identifier: MIT
// tmu: a reference model of the NVIDIA Maxwell (SM 5.x) texture path.
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"tmu - a reference model of the NVIDIA Maxwell (SM 5.x) texture path"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tmu ") + TMU_VERSION);
  std::map<CLI::App*, tmu::cli::Runner> runners;
  auto reg = [&](tmu::cli::Runner (*add)(CLI::App&)) {
    const std::size_t before = app.get_subcommands({}).size();
    tmu::cli::Runner r = add(app);
    runners[app.get_subcommands({})[before]] = std::move(r);
  };
  reg(tmu::cli::add_dis);
  reg(tmu::cli::add_as);
  reg(tmu::cli::add_demo);
  reg(tmu::cli::add_table);
  reg(tmu::cli::add_sample);
  reg(tmu::cli::add_render);
  reg(tmu::cli::add_lower);
  reg(tmu::cli::add_compile);
  reg(tmu::cli::add_run);
  reg(tmu::cli::add_ptxas);
  // A first word that names no command: say which commands there are (CLI11 would only ask for one).
  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands({})) {
      known = known || sub->get_name() == argv[1];
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    if (!known) {
      std::cerr << "tmu: error: unknown command '" << argv[1] << "'; the commands are " << names << '\n';
      return 2;
    }
  }
  // tmu dis takes nvdisasm's single-dash long options as its users type them (CLI11 would read -hex as -h -e -x).
  std::vector<std::string> args(argv, argv + argc);
  if (argc > 1 && args[1] == "dis") {
    static const std::map<std::string_view, std::string_view> kNvdisasm{
        {"-hex", "--print-instruction-encoding"}, {"-fun", "--cuda-function-index"}, {"-novliw", "--no-vliw"},
        {"-raw", "--print-raw"}, {"-base", "--base-address"}, {"-ndf", "--no-dataflow"},
        {"-cfg", "--output-control-flow-graph"}, {"-bbcfg", "--output-control-flow-graph-with-basic-blocks"}};
    for (std::size_t i = 2; i < args.size(); ++i)
      if (auto it = kNvdisasm.find(args[i]); it != kNvdisasm.end()) args[i] = it->second;
  }
  std::vector<char*> argv2;
  for (std::string& a : args) argv2.push_back(a.data());
  try {
    app.parse(argc, argv2.data());
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  for (auto& [sub, run] : runners)
    if (sub->parsed()) return run();
  return 2;
}
