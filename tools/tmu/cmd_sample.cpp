// SPDX-License-Identifier: MIT
// tmu sample SPEC: builds the texture a JSON spec describes in GPU memory (real TIC/TSC descriptors, block-linear
// or pitch texels), runs its requests (NIR texture ops) as one-instruction IR shaders through the interpreter and
// the texture unit, and prints the results as JSON with exact values. docs/texunit.md ("tmu sample") documents
// the spec.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "commands.h"
#include "io.h"
#include "sample/run_spec.h"
#include "sample/spec_reader.h"

namespace tmu::cli {
namespace {

constexpr const char* kFooter = R"(
The spec is a JSON object (docs/texunit.md, "tmu sample", lists every key and default):
  "texture":  type (1d 2d 3d cube 1d_array 2d_array cube_array), format (e.g. A8B8G8R8_UNORM, R32_FLOAT),
              width, height, depth, layers, levels, memory (block_linear | pitch), texels:
              {"source": checker | gradient | noise | solid | levels | png | raw, ...}
  "sampler":  TSC fields by name: address_u/v/p, mag_filter, min_filter, mip_filter, depth_compare,
              depth_compare_func, mip_lod_bias, min/max_lod_clamp, border_color, max_anisotropy, ...
  "requests": [{"op": tex | txb | txl | txd | txf | tg4 | txs | lod | query_levels | texture_samples,
               "coords": [[s, t], ...] one per lane (quads: top-left, top-right, bottom-left, bottom-right),
               ddx, ddy, bias, lod, offset, offsets, comparator, component, min_lod}, ...]
The output gives each lane's four components as hex floats (integers for integer formats) and register bits.
Example: tmu sample examples/sample/checker.json)";

struct Options {
  std::string spec;
  std::string output;
  std::string policy = "nvidia";
};

int run(const Options& o) {
  auto text = read_file(o.spec);
  if (!text) return 1;
  auto spec = sample::read_spec(std::string_view(reinterpret_cast<const char*>(text->data()), text->size()));
  if (!spec) {
    error(o.spec + ": " + spec.error());
    return 1;
  }
  const texunit::Policy policy = o.policy == "exact" ? texunit::Policy::float_exact() : texunit::Policy::nvidia();
  auto outcome = sample::run_spec(*spec, std::filesystem::path(o.spec).parent_path(), policy);
  if (!outcome) {
    error(o.spec + ": " + outcome.error());
    return 1;
  }
  return write_text_output(o.output, sample::results_json(*spec, *outcome));
}

}  // namespace

Runner add_sample(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("sample", "Sample a texture through the texture unit as a JSON spec describes");
  sub->add_option("SPEC", o->spec, "JSON spec file")->required();
  sub->add_option("-o,--output", o->output, "write the results here instead of standard output");
  sub->add_option("--policy", o->policy,
                  "precision policy: nvidia (8-bit sub-texel and LOD fixed point, the default) or exact (float)")
      ->check(CLI::IsMember({"nvidia", "exact"}));
  sub->footer(kFooter);
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
