// SPDX-License-Identifier: MIT
// tmu: a reference model of the NVIDIA Maxwell (SM 5.x) texture path.
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"tmu - a reference model of the NVIDIA Maxwell (SM 5.x) texture path"};
  app.require_subcommand(1);
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
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  for (auto& [sub, run] : runners)
    if (sub->parsed()) return run();
  return 2;
}
