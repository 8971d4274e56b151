// SPDX-License-Identifier: MIT
// tmu dis: disassembles a raw SM50/SM52 code blob or a cubin, printing what nvdisasm prints.
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

#include "commands.h"
#include "io.h"
#include "isa/cubin.h"
#include "isa/sm50/cubin_graph.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/program.h"

namespace tmu::cli {
namespace {

struct DisOptions {
  std::string arch;  // -b: the input is a raw blob for this architecture (unless it is an ELF file)
  std::string file;
  bool hex = false;
  bool ctrl = false;
  unsigned threads = 1;
  // nvdisasm's options (tmu dis takes their spellings, -hex and -fun included: main.cpp).
  bool print_code = false;          // -c: tmu dis lists code sections only anyway
  bool raw = false;                 // -raw: tmu's lines are not column-aligned anyway
  bool no_vliw = false;             // -novliw: no { } around dual-issued pairs
  bool no_dataflow = false;         // -ndf: no (*"..."*) branch annotations
  std::vector<uint32_t> functions;  // -fun: the functions whose sections hold these symbols
  std::string base;                 // -base: a raw blob's first address
  bool cfg = false, bbcfg = false;  // -cfg / -bbcfg: Graphviz control-flow graphs of a cubin's functions
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
  const char* graph = o.cfg ? "-cfg" : o.bbcfg ? "-bbcfg" : nullptr;
  if (graph && o.no_dataflow) {  // nvdisasm: "Control flow graph printing is not supported with -ndf option"
    error(fmt::format("{} needs the branch annotations that -ndf leaves out (as nvdisasm refuses it)", graph));
    return 2;
  }
  if (graph && !o.arch.empty() && !isa::looks_like_elf(bytes)) {
    error(fmt::format("{}: the control-flow graphs are of a cubin's functions; a raw blob (-b) has none", graph));
    return 2;
  }
  isa::sm50::ListingOptions lo{o.hex, o.ctrl};
  lo.threads = o.threads;
  lo.pairs = !o.no_vliw;
  lo.notes = !o.no_dataflow;
  uint64_t base = 0;
  if (!o.base.empty()) {
    // nvdisasm reads a raw blob from any multiple of 32 (a bundle); elsewhere it finds every instruction unaligned.
    const auto b = isa::sm50::parse_integer(o.base);
    if (!b || *b < 0 || *b % 32 != 0 || *b > int64_t{0xffffffff}) {
      error(fmt::format("-base {}: the base address of a raw blob must be a multiple of 32 (a bundle) below 2^32",
                        o.base));
      return 2;
    }
    base = static_cast<uint64_t>(*b);
  }
  std::string out;
  // Without -b the input must be a cubin, as nvdisasm has it: anything else is refused by read_cubin ("does not
  // appear to be an ELF file", "appears truncated").
  if (o.arch.empty() || isa::looks_like_elf(bytes)) {
    auto cubin = isa::read_cubin(bytes);
    if (!cubin) {
      error(o.file + ": " + cubin.error());
      return 1;
    }
    if (const std::string why = isa::sm50::function_symbols_error(*cubin, o.functions); !why.empty()) {
      error(fmt::format("{}: -fun: {}", o.file, why));
      return 1;
    }
    // Branch targets print as nvdisasm's labels (`(.L_x_3)), relocated immediates as their symbols. -base does not
    // apply to cubins (nvdisasm ignores it there too).
    auto fail = graph ? isa::sm50::cubin_graph(*cubin, o.bbcfg, out, o.functions)
                      : isa::sm50::cubin_listing(*cubin, lo, out, o.functions);
    if (fail) return report(o.file, fail->failure, fail->function->file_offset, " (" + fail->function->section + ")");
  } else {
    auto arch = isa::parse_arch(o.arch);
    if (!arch) {
      error("unknown architecture '" + o.arch + "' (SM50 or SM52)");
      return 2;
    }
    // Streamed: a raw blob needs no labels, so no decoded program is kept (see stream_listing).
    const auto write = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
    if (!o.functions.empty()) {
      error("-fun selects functions of a cubin; a raw blob (-b) has none");
      return 2;
    }
    if (auto fail = isa::sm50::stream_listing(bytes, *arch, base, lo, write))
      return report(o.file, *fail, uint64_t{0} - base, "");  // file offsets count from the blob's first byte
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
  sub->add_flag("--hex,--print-instruction-encoding", o->hex, "Append each instruction's encoding (nvdisasm -hex)");
  sub->add_flag("--ctrl", o->ctrl, "Write control-word annotations that `tmu as` reads back");
  sub->add_option("-j,--threads", o->threads, "Threads that print a raw blob's listing (default 1; 0: one per core, at most 8)");
  sub->add_flag("-c,--print-code", o->print_code, "Only code sections (nvdisasm -c; tmu dis lists nothing else)");
  sub->add_flag("--print-raw", o->raw, "nvdisasm -raw: its lines without column alignment, as tmu dis prints them");
  sub->add_flag("--no-vliw", o->no_vliw, "Dual-issued pairs without { } (nvdisasm -novliw)");
  sub->add_flag("--no-dataflow", o->no_dataflow,
                "No (*\"BRANCH_TARGETS ...\"*) / (*\"TARGET= ...\"*) annotations (nvdisasm -ndf)");
  sub->add_option("--cuda-function-index", o->functions,
                  "Only the functions whose sections hold the symbols of these .symtab indices (nvdisasm -fun 4,7)")
      ->delimiter(',');
  sub->add_option("--base-address", o->base, "A raw blob's first address, a multiple of 32 (nvdisasm -base 0x1000)");
  sub->add_flag("--output-control-flow-graph", o->cfg,
                "A Graphviz graph of each function's blocks between labels instead of the listing (nvdisasm -cfg)");
  sub->add_flag("--output-control-flow-graph-with-basic-blocks", o->bbcfg,
                "... of its basic blocks, also split after conditional branches (nvdisasm -bbcfg)");
  sub->add_option("file", o->file, "Raw binary or cubin")->required();
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
