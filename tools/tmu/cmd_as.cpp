// SPDX-License-Identifier: MIT
// tmu as: assembles SASS text into a raw code blob, or into a cubin that nvdisasm, cuobjdump, `tmu dis` and `tmu run`
// read (isa/cubin_write.h): one kernel per function of the listing (`// NAME (.text.NAME, sm_N)` lines, as tmu dis
// prints them), with the options' metadata or, with --like, the metadata of the cubin the listing came from.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "io.h"
#include "isa/cubin_image.h"
#include "isa/cubin_write.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"

namespace tmu::cli {
namespace {

struct AsOptions {
  std::string arch = "sm50";
  std::string file;
  std::string output;
  std::string kernel;         // --cubin: write a cubin with this kernel
  std::string like;           // --like: a cubin whose kernels' metadata the new code keeps
  uint32_t param_size = 0;    // bytes of parameters at c[0x0][0x140]
  int registers = -1;         // -1: from the code
  uint32_t shared_size = 0;
  uint32_t local_size = 0;
  bool any_target = false;    // accept branch targets before 0 or off the instruction grid
};

// One function of the source: its name (from `// NAME (.text.NAME, sm_N)`) and its lines, preceded by as many
// empty lines as come before them so that errors keep the file's line numbers.
struct SourceFunction {
  std::string name;
  std::string text;
};

std::vector<SourceFunction> split_functions(std::string_view src) {
  std::vector<SourceFunction> out;
  std::size_t line = 0;
  for (std::size_t at = 0; at < src.size();) {
    std::size_t end = src.find('\n', at);
    if (end == std::string_view::npos) end = src.size();
    const std::string_view l = src.substr(at, end - at);
    if (l.starts_with("// ") && l.find(" (.text.") != std::string_view::npos && l.ends_with(")")) {
      const std::size_t name_end = l.find(' ', 3);
      out.push_back({std::string(l.substr(3, name_end - 3)), std::string(line + 1, '\n')});
    } else {
      if (out.empty()) out.push_back({"", std::string(line, '\n')});
      (out.back().text += l) += '\n';
    }
    at = end + 1;
    ++line;
  }
  // Text before the first header that holds only comments and blank lines belongs to no function.
  auto only_comments = [](std::string_view text) {
    std::istringstream lines{std::string(text)};
    std::string l;
    while (std::getline(lines, l)) {
      const std::size_t b = l.find_first_not_of(" \t");
      if (b != std::string::npos && l.compare(b, 2, "//") != 0) return false;
    }
    return true;
  };
  if (out.size() > 1 && out.front().name.empty() && only_comments(out.front().text)) out.erase(out.begin());
  return out;
}

struct Assembled {
  isa::sm50::Program program;
  std::vector<std::byte> code;
};

std::optional<Assembled> assemble_function(const AsOptions& o, isa::Arch arch, const std::string& text) {
  Assembled a;
  if (auto err = isa::sm50::assemble(text, arch, a.program, {.any_target = o.any_target})) {
    error(fmt::format("{}:{}:{}: {}", o.file, err->line, err->column, err->message));
    return std::nullopt;
  }
  auto code = isa::sm50::encode_program(a.program);
  if (!code) {
    error(o.file + ": " + code.error());
    return std::nullopt;
  }
  a.code = std::move(*code);
  return a;
}

int write_image(const AsOptions& o, const isa::CubinImage& image) {
  auto bytes = isa::write_cubin(image);
  if (!bytes) {
    error(o.file + ": " + bytes.error());
    return 1;
  }
  return write_file(o.output, *bytes) ? 0 : 1;
}

// A cubin of the source's functions: each a kernel with the options' metadata (--cubin names a listing without
// function headers; otherwise the headers name them).
int write_cubin(const AsOptions& o, isa::Arch arch, const std::vector<SourceFunction>& functions) {
  isa::CubinImage image;
  image.arch = arch;
  for (const SourceFunction& f : functions) {
    auto a = assemble_function(o, arch, f.text);
    if (!a) return 1;
    isa::CubinKernel k;
    k.name = !o.kernel.empty() && functions.size() == 1 ? o.kernel : f.name;
    if (k.name.empty()) {
      error(fmt::format("{}: the code has no `// NAME (.text.NAME, sm_N)` line (as tmu dis prints one per function): "
                        "name the kernel with --cubin NAME", o.file));
      return 2;
    }
    k.code = std::move(a->code);
    k.relocations = std::move(a->program.relocations);
    k.registers = o.registers >= 0 ? static_cast<unsigned>(o.registers) : isa::sm50::registers_named(a->program);
    if (o.param_size != 0) k.params = {{0, 0, o.param_size}};  // one opaque parameter of the whole area
    k.shared_size = o.shared_size;
    k.local_size = o.local_size;
    image.kernels.push_back(std::move(k));
  }
  return write_image(o, image);
}

// --like ORIGINAL.cubin: the original's kernels and metadata with the source's code (a listing of it, edited):
// each kernel's code, relocations and EXIT offsets from the source, at least as many registers as its code names.
int write_like(const AsOptions& o, const std::vector<SourceFunction>& functions) {
  auto original = read_file(o.like);
  if (!original) return 1;
  auto image = isa::read_cubin_image(*original);
  if (!image) {
    error(o.like + ": " + image.error());
    return 1;
  }
  for (const SourceFunction& f : functions)
    if (std::none_of(image->kernels.begin(), image->kernels.end(), [&](const isa::CubinKernel& k) { return k.name == f.name; })) {
      error(fmt::format("{}: function '{}' is not a kernel of {}", o.file, f.name.empty() ? "(unnamed)" : f.name, o.like));
      return 2;
    }
  for (isa::CubinKernel& k : image->kernels) {
    auto f = std::find_if(functions.begin(), functions.end(), [&](const SourceFunction& s) { return s.name == k.name; });
    if (f == functions.end()) {
      error(fmt::format("{}: kernel '{}' of {} is not in the source (its `// {} (.text.{}, ...)` line)", o.file, k.name,
                        o.like, k.name, k.name));
      return 2;
    }
    auto a = assemble_function(o, image->arch, f->text);
    if (!a) return 1;
    // Its indirect branches (EIATTR_INDIRECT_BRANCH_TARGETS) are the listing's (*"BRANCH_TARGETS ..."*) ones; a
    // listing without them (tmu dis -ndf) keeps the cubin's where the code did not move.
    if (!a->program.indirect_branches.empty()) {
      k.indirect_branches = std::move(a->program.indirect_branches);
    } else if (!k.indirect_branches.empty() && a->code.size() != k.code.size()) {
      error(fmt::format("{}: kernel '{}' has indirect branches (EIATTR_INDIRECT_BRANCH_TARGETS) that the source does "
                        "not name ((*\"BRANCH_TARGETS ...\"*) after them, as tmu dis prints them without -ndf), and "
                        "its code changed size ({} bytes, {} before)",
                        o.file, k.name, a->code.size(), k.code.size()));
      return 2;
    }
    k.code = std::move(a->code);
    k.relocations = std::move(a->program.relocations);
    k.exit_offsets.clear();  // the writer finds the EXITs
    k.registers = std::max(k.registers, isa::sm50::registers_named(a->program));
  }
  return write_image(o, *image);
}

int run(const AsOptions& o) {
  auto arch = isa::parse_arch(o.arch);
  if (!arch) {
    error("unknown architecture '" + o.arch + "' (sm50 or sm52)");
    return 2;
  }
  auto bytes = read_file(o.file);
  if (!bytes) return 1;
  const std::string_view src(reinterpret_cast<const char*>(bytes->data()), bytes->size());
  if (!o.like.empty()) {
    if (!o.kernel.empty()) {
      error("--like takes the kernels from the cubin; --cubin names one of its own");
      return 2;
    }
    return write_like(o, split_functions(src));
  }
  if (!o.kernel.empty() || o.output.ends_with(".cubin")) return write_cubin(o, *arch, split_functions(src));
  isa::sm50::Program p;
  if (auto err = isa::sm50::assemble(src, *arch, p, {.any_target = o.any_target})) {
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
  CLI::App* sub = app.add_subcommand("as", "Assemble SASS text into a raw code blob or a cubin");
  sub->add_option("--arch", o->arch, "sm50 or sm52");
  sub->add_option("file", o->file, "SASS source")->required();
  sub->add_option("-o,--output", o->output, "Output binary")->required();
  sub->add_flag("--any-target", o->any_target,
                "Accept branch targets before address 0 or between instructions (nvdisasm lists such words)");
  sub->add_option("--cubin", o->kernel,
                  "Write a cubin with one kernel of this name (not a raw blob); -o NAME.cubin writes one kernel per "
                  "`// NAME (.text.NAME, sm_N)` function of the source, as tmu dis lists a cubin")
      ->check(CLI::Validator([](std::string& name) { return name.empty() ? std::string("a kernel name") : std::string(); },
                             "NAME"));
  sub->add_option("--param-size", o->param_size, "--cubin: bytes of parameters at c[0x0][0x140] (default 0)")
      ->check(CLI::Range(0, 4096));
  sub->add_option("--registers", o->registers, "--cubin: registers per thread (default: from the code)")
      ->check(CLI::Range(0, 255));
  sub->add_option("--shared", o->shared_size, "--cubin: bytes of shared memory (default 0)");
  sub->add_option("--local", o->local_size, "--cubin: bytes of local memory per thread (default 0)");
  sub->add_option("--like", o->like,
                  "A cubin whose kernels (parameters, textures, shared and local memory, registers at least) the "
                  "source's functions replace the code of: `tmu dis --ctrl K.cubin`, edited, back into a cubin");
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
