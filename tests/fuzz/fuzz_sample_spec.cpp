// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary `tmu sample` spec files. A spec is read or refused with a message (never a crash, never an
// allocation past the texture memory limit); a read spec whose texture is small and generated (no files) is
// built, run through the texture unit and printed, and the printed results are valid JSON with one entry per
// request.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "sample/run_spec.h"
#include "sample/spec_reader.h"
#include "texunit/surface_layout.h"

using namespace tmu::sample;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto spec = read_spec(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!spec) {
    if (spec.error().empty()) std::abort();
    return 0;
  }
  // Files are not read (the fuzzer leaves the file system alone); large textures only cost time.
  const TexelSource source = spec->texture.texels.source;
  if (source == TexelSource::Png || source == TexelSource::Raw) return 0;
  const auto layout = tmu::texunit::SurfaceLayout::make(spec->texture.header);
  if (!layout) std::abort();  // the reader checked it
  if (layout->size_bytes() > kMaxTextureBytes) std::abort();
  if (layout->size_bytes() > (uint64_t{1} << 20)) return 0;
  const auto out = run_spec(*spec, ".");
  if (!out) std::abort();  // generated textures always build
  const auto j = nlohmann::json::parse(results_json(*spec, *out), nullptr, false);
  if (j.is_discarded() || j["results"].size() != spec->requests.size()) std::abort();
  return 0;
}
