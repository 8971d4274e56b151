// SPDX-License-Identifier: MIT
// tmu run CUBIN --launch SPEC.json: a compute launch of one kernel of a cubin on the warp executor (src/run,
// docs/run.md documents the spec), results as JSON.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "commands.h"
#include "io.h"
#include "isa/cubin.h"
#include "run/launch.h"
#include "run/launch_spec.h"
#include "run/output.h"

namespace tmu::cli {
namespace {

constexpr const char* kFooter = R"(
The launch spec is a JSON object (docs/run.md lists every key):
  "kernel": NAME (default: the cubin's first), "grid": [x, y, z], "block": [x, y, z],
  "params": [{"u32": 7}, {"s32": -1}, {"f32": 0.5}, {"u64": "0x..."}, {"buffer": "out"}, {"texture": "img"}],
  "buffers": [{"name": "out", "size": 256, "u32" | "s32" | "f32": [...], "hex": "00ff..", "file": F}],
  "textures": {"img": {"texture": {...}, "sampler": {...}}}   (tmu sample's texture and sampler keys),
  "texrefs": {"texref symbol": "img"}, "samplerrefs": {"samplerref symbol": "img"},
  "variables": [{"name": "counter", "u32": [...]}]   (the module's .global variables' initial contents),
  "outputs": [{"buffer": "out", "format": "u32" | "s32" | "f32" | "hex", "file": RAW}, {"variable": "counter"}],
  "max_instructions": per warp (1000000), "local_bytes": per thread, "dynamic_shared": bytes
Example: tmu run vadd.cubin --launch tests/data/run/vadd.json)";

struct Options {
  std::string cubin;
  std::string launch;
  std::string kernel;
  std::string output;
  bool poison = false;
};

int run(const Options& o) {
  auto bytes = read_file(o.cubin);
  if (!bytes) return 1;
  auto cubin = isa::read_cubin(*bytes);
  if (!cubin) {
    error(o.cubin + ": " + cubin.error());
    return 1;
  }
  auto text = read_file(o.launch);
  if (!text) return 1;
  auto spec = run::read_launch_spec(std::string_view(reinterpret_cast<const char*>(text->data()), text->size()),
                                    std::filesystem::path(o.launch).parent_path());
  if (!spec) {
    error(o.launch + ": " + spec.error());
    return 1;
  }
  if (!o.kernel.empty()) spec->kernel = o.kernel;
  spec->poison = o.poison;
  auto result = run::launch(*cubin, *spec);
  if (!result) {
    error(o.cubin + ": " + result.error());
    return 1;
  }
  if (auto w = run::write_output_files(*spec, *result); !w) {
    error(w.error());
    return 1;
  }
  return write_text_output(o.output, run::results_json(*spec, *result));
}

}  // namespace

Runner add_run(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("run", "Launch a CUDA kernel of a cubin on the warp executor");
  sub->add_option("CUBIN", o->cubin, "cubin (ptxas -arch=sm_50 or sm_52)")->required();
  sub->add_option("--launch", o->launch, "launch spec (JSON)")->required();
  sub->add_option("--kernel", o->kernel, "the kernel to launch (overrides the spec's; default: the first)");
  sub->add_option("-o,--output", o->output, "write the results here instead of standard output");
  sub->add_flag("--poison", o->poison,
                "registers start as 0xffbadbad instead of 0; reads of registers no instruction has written are "
                "listed under \"uninitialised\"");
  sub->footer(kFooter);
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
