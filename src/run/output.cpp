// SPDX-License-Identifier: MIT
#include "run/output.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace tmu::run {
namespace {

using nlohmann::ordered_json;

// An output's bytes: a buffer's, or a .global variable's (the spec reader and the launch checked the name).
const std::vector<BufferResult>& results(const LaunchResult& r, const OutputSpec& o) {
  return o.variable ? r.variables : o.texture ? r.textures : r.buffers;
}
const BufferResult& buffer(const LaunchResult& r, const OutputSpec& o) {
  for (const BufferResult& b : results(r, o))
    if (b.name == o.buffer) return b;
  return results(r, o).front();
}

ordered_json values(const BufferResult& b, const std::string& format) {
  if (format == "hex") {
    std::string s;
    for (std::byte v : b.bytes) s += fmt::format("{:02x}", std::to_integer<unsigned>(v));
    return s;
  }
  ordered_json list = ordered_json::array();
  for (std::size_t i = 0; i + 4 <= b.bytes.size(); i += 4) {
    uint32_t w = 0;
    std::memcpy(&w, b.bytes.data() + i, 4);
    if (format == "u32") list.push_back(w);
    else if (format == "s32") list.push_back(static_cast<int32_t>(w));
    else {
      // Floats as JSON numbers when finite (shortest text that reads back to the same float), else as strings.
      const float f = std::bit_cast<float>(w);
      if (std::isfinite(f)) list.push_back(std::stod(fmt::format("{}", f)));
      else list.push_back(fmt::format("{}", f));
    }
  }
  return list;
}

}  // namespace

std::string results_json(const LaunchSpec& spec, const LaunchResult& r) {
  ordered_json j;
  j["kernel"] = r.kernel;
  j["grid"] = spec.grid;
  j["block"] = spec.block;
  j["warps"] = r.warps;
  j["instructions"] = r.instructions;
  j["hazards"] = r.hazards;
  if (spec.poison) j["uninitialised"] = r.uninitialised;
  ordered_json out = ordered_json::object(), vars = ordered_json::object(), texs = ordered_json::object();
  std::vector<OutputSpec> outputs = spec.outputs;
  if (outputs.empty())
    for (const BufferSpec& b : spec.buffers) outputs.push_back({b.name, "u32", "", false, false});
  for (const OutputSpec& o : outputs) {
    const BufferResult& b = buffer(r, o);
    ordered_json e;
    e["address"] = fmt::format("{:#x}", b.address);
    e["size"] = b.bytes.size();
    e[o.format] = values(b, o.format);
    if (!o.file.empty()) e["file"] = o.file;
    (o.variable ? vars : o.texture ? texs : out)[o.buffer] = std::move(e);
  }
  j["buffers"] = std::move(out);
  if (!vars.empty()) j["variables"] = std::move(vars);
  if (!texs.empty()) j["textures"] = std::move(texs);
  // One key per line, each buffer on its own line (its values as one JSON array).
  std::string text = "{\n";
  for (auto it = j.begin(); it != j.end(); ++it) {
    text += fmt::format(" \"{}\": ", it.key());
    if (it.key() == "buffers" || it.key() == "variables" || it.key() == "textures") {
      text += "{";
      for (auto b = it->begin(); b != it->end(); ++b)
        text += fmt::format("{}\n  \"{}\": {}", b == it->begin() ? "" : ",", b.key(), b->dump());
      text += "\n }";
    } else {
      text += it->dump();
    }
    text += std::next(it) == j.end() ? "\n" : ",\n";
  }
  return text + "}\n";
}

Result<bool> write_output_files(const LaunchSpec& spec, const LaunchResult& r) {
  for (const OutputSpec& o : spec.outputs) {
    if (o.file.empty()) continue;
    const BufferResult& b = buffer(r, o);
    std::ofstream f(o.file, std::ios::binary);
    f.write(reinterpret_cast<const char*>(b.bytes.data()), static_cast<std::streamsize>(b.bytes.size()));
    if (!f) return make_error(fmt::format("outputs: cannot write {} '{}' to {}",
                                          o.variable ? "variable" : o.texture ? "texture" : "buffer",
                                          o.buffer, o.file));
  }
  return true;
}

}  // namespace tmu::run
