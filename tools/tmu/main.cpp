// SPDX-License-Identifier: MIT
// tmu: a reference model of the NVIDIA Maxwell (SM 5.x) texture path.
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>
#include <string>
#include <string_view>

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
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  for (auto& [sub, run] : runners)
    if (sub->parsed()) return run();
  return 2;
}
