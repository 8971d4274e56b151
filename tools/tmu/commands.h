// SPDX-License-Identifier: MIT
// Subcommands of the tmu program. Each registers itself on the CLI11 app and returns its exit status when run.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tmu::cli {

using Runner = std::function<int()>;

Runner add_dis(CLI::App& app);
Runner add_as(CLI::App& app);
Runner add_demo(CLI::App& app);
Runner add_table(CLI::App& app);
Runner add_sample(CLI::App& app);
Runner add_render(CLI::App& app);
Runner add_lower(CLI::App& app);
Runner add_compile(CLI::App& app);
Runner add_run(CLI::App& app);
Runner add_ptxas(CLI::App& app);

}  // namespace tmu::cli
