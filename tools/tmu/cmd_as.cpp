// SPDX-License-Identifier: MIT
// tmu as: assembles SASS text into a raw code blob, or (--cubin KERNEL) into a one-kernel cubin that nvdisasm,
// cuobjdump and `tmu dis` read (isa/cubin_write.h).
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "io.h"
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
  uint32_t param_size = 0;    // bytes of parameters at c[0x0][0x140]
  int registers = -1;         // -1: from the code
  uint32_t shared_size = 0;
  uint32_t local_size = 0;
  bool any_target = false;    // accept branch targets before 0 or off the instruction grid
};

int write_cubin(const AsOptions& o, const isa::sm50::Program& p, std::vector<std::byte> code) {
  isa::CubinImage image;
  image.arch = p.arch;
  isa::CubinKernel k;
  k.name = o.kernel;
  k.code = std::move(code);
  k.registers = o.registers >= 0 ? static_cast<unsigned>(o.registers) : isa::sm50::registers_named(p);
  if (o.param_size != 0) k.params = {{0, 0, o.param_size}};  // one opaque parameter of the whole area
  k.shared_size = o.shared_size;
  k.local_size = o.local_size;
  image.kernels.push_back(std::move(k));
  auto bytes = isa::write_cubin(image);
  if (!bytes) {
    error(o.file + ": " + bytes.error());
    return 1;
  }
  return write_file(o.output, *bytes) ? 0 : 1;
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
  if (!o.kernel.empty()) return write_cubin(o, p, std::move(*code));
  return write_file(o.output, *code) ? 0 : 1;
}

}  // namespace

Runner add_as(CLI::App& app) {
  auto o = std::make_shared<AsOptions>();
  CLI::App* sub = app.add_subcommand("as", "Assemble SASS text into a raw code blob or a one-kernel cubin");
  sub->add_option("--arch", o->arch, "sm50 or sm52");
  sub->add_option("file", o->file, "SASS source")->required();
  sub->add_option("-o,--output", o->output, "Output binary")->required();
  sub->add_flag("--any-target", o->any_target,
                "Accept branch targets before address 0 or between instructions (nvdisasm lists such words)");
  sub->add_option("--cubin", o->kernel, "Write a cubin with one kernel of this name (not a raw blob)")
      ->check(CLI::Validator([](std::string& name) { return name.empty() ? std::string("a kernel name") : std::string(); },
                             "NAME"));
  sub->add_option("--param-size", o->param_size, "--cubin: bytes of parameters at c[0x0][0x140] (default 0)")
      ->check(CLI::Range(0, 4096));
  sub->add_option("--registers", o->registers, "--cubin: registers per thread (default: from the code)")
      ->check(CLI::Range(0, 255));
  sub->add_option("--shared", o->shared_size, "--cubin: bytes of shared memory (default 0)");
  sub->add_option("--local", o->local_size, "--cubin: bytes of local memory per thread (default 0)");
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
