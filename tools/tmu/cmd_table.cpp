// SPDX-License-Identifier: MIT
// tmu table: the instruction table, one form per line (or docs/ignored-bits.md with --markdown).
#include <iostream>

#include "commands.h"
#include "isa/sm50/table_doc.h"

namespace tmu::cli {

Runner add_table(CLI::App& app) {
  auto markdown = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand("table", "List the SM50/SM52 instruction forms: opcode bits, syntax, ignored bits");
  sub->add_flag("--markdown", *markdown, "Print the ignored-bits table of docs/ignored-bits.md");
  return [markdown] {
    std::cout << (*markdown ? isa::sm50::ignored_bits_markdown() : isa::sm50::table_text());
    return 0;
  };
}

}  // namespace tmu::cli
