// SPDX-License-Identifier: MIT
// tmu dis: disassembles a raw SM50/SM52 code blob or a cubin, printing what nvdisasm prints.
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.h"
#include "io.h"
#include "isa/cubin.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"

namespace tmu::cli {
namespace {

struct DisOptions {
  std::string arch;  // -b: the input is a raw blob for this architecture (unless it is an ELF file)
  std::string file;
  bool hex = false;
  bool ctrl = false;
  unsigned threads = 1;
};

int report(const std::string& file, const isa::sm50::DecodeFailure& f, uint64_t file_offset_of_base,
           const std::string& where) {
  const uint64_t offset = file_offset_of_base + f.address;
  if (f.word == 0 && f.reason.starts_with("Unaligned"))
    error(fmt::format("{}{}: {} (at address {:#06x}, file offset {:#x})", file, where, f.reason, f.address, offset));
  else
    error(fmt::format("{}{}: {} at address {:#06x} (file offset {:#x}, word {:#018x})", file, where, f.reason, f.address,
                      offset, f.word));
  return 1;
}

int run(const DisOptions& o) {
  auto file = MappedFile::open(o.file);
  if (!file) return 1;
  const std::span<const std::byte> bytes = file->bytes();
  if (bytes.empty()) {
    error(o.file + ": file is empty");
    return 1;
  }
  isa::sm50::ListingOptions lo{o.hex, o.ctrl};
  lo.threads = o.threads;
  std::string out;
  // Without -b the input must be a cubin, as nvdisasm has it: anything else is refused by read_cubin ("does not
  // appear to be an ELF file", "appears truncated").
  if (o.arch.empty() || isa::looks_like_elf(bytes)) {
    auto cubin = isa::read_cubin(bytes);
    if (!cubin) {
      error(o.file + ": " + cubin.error());
      return 1;
    }
    // Branch targets print as nvdisasm's labels (`(.L_x_3)), relocated immediates as their symbols.
    if (auto fail = isa::sm50::cubin_listing(*cubin, lo, out))
      return report(o.file, fail->failure, fail->function->file_offset, " (" + fail->function->section + ")");
  } else {
    auto arch = isa::parse_arch(o.arch);
    if (!arch) {
      error("unknown architecture '" + o.arch + "' (SM50 or SM52)");
      return 2;
    }
    // Streamed: a raw blob needs no labels, so no decoded program is kept (see stream_listing).
    const auto write = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
    if (auto fail = isa::sm50::stream_listing(bytes, *arch, 0, lo, write)) return report(o.file, *fail, 0, "");
    return std::ferror(stdout) ? 1 : 0;
  }
  std::cout << out;
  return 0;
}

}  // namespace

Runner add_dis(CLI::App& app) {
  auto o = std::make_shared<DisOptions>();
  CLI::App* sub = app.add_subcommand("dis", "Disassemble a raw code blob (32-byte bundles) or a cubin");
  sub->add_option("-b,--binary", o->arch,
                  "The input is a raw blob for this architecture, SM50 or SM52 (without -b it must be a cubin, which "
                  "carries its own)");
  sub->add_flag("--hex", o->hex, "Append each instruction's encoding");
  sub->add_flag("--ctrl", o->ctrl, "Write control-word annotations that `tmu as` reads back");
  sub->add_option("-j,--threads", o->threads, "Threads that print a raw blob's listing (default 1; 0: one per core, at most 8)");
  sub->add_option("file", o->file, "Raw binary or cubin")->required();
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
