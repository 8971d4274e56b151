// SPDX-License-Identifier: MIT
#include "sample/run_spec.h"

#include <fmt/format.h>

#include <bit>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "isa/sm50/tex_operands.h"
#include "sample/texels.h"
#include "texunit/multisample.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

namespace tmu::sample {
namespace {

using nlohmann::ordered_json;
using texunit::LodMode;
using texunit::TexOp;

std::string hex32(uint32_t v) { return fmt::format("0x{:08x}", v); }

// The Maxwell instruction a request becomes, in nvdisasm's spelling (the isa layer's tables; for the reader of
// the output).
std::string instruction(const RequestSpec& r) {
  namespace sm50 = isa::sm50;
  auto at = [](auto e) { return static_cast<std::size_t>(e); };
  const texunit::Request& q = r.request;
  std::string s{sm50::op_name(sm50::long_form_op(q.op, false))};
  switch (q.op) {
    case TexOp::Sample:
    case TexOp::Fetch: s += sm50::kLodMode_values[at(sm50::lod_encoding(q.lod))].text; break;
    case TexOp::Gather: s += sm50::kComponent_values[at(q.component)].text; break;
    case TexOp::Gradient: break;
    case TexOp::QueryLod: return s;
    case TexOp::Query: return fmt::format("{} {}", s, sm50::kTxqQuery_values[at(q.query)].text);
  }
  if (q.lod_clamp) s += sm50::kFlagLC_values[1].text;
  if (q.aoffi) s += sm50::kFlagAOFFI_values[1].text;
  if (q.ptp) s += sm50::kGatherOffset_values[at(sm50::GatherOffset::PTP)].text;
  if (q.multisample) s += sm50::kFlagMS_values[1].text;
  if (q.depth_compare) s += sm50::kFlagDC_values[1].text;
  return s;
}

// Output lane i as a JSON value: a hex float, or an integer for integer lanes (signed when the source is SINT).
// ZERO lanes of integer formats print as integers too.
ordered_json component(const texunit::FormatPlan& plan, unsigned lane, uint32_t bits) {
  const texunit::Source s = plan.fields().swizzle[lane];
  bool integer_format = false;
  for (unsigned l = 0; l < 4; ++l) integer_format = integer_format || plan.lane_is_integer(l);
  if (!plan.lane_is_integer(lane) && !(integer_format && s == texunit::Source::Zero)) return hex_float(bits);
  const bool is_signed = s >= texunit::Source::R && s <= texunit::Source::A &&
                         plan.type(static_cast<unsigned>(s) - static_cast<unsigned>(texunit::Source::R)) == texunit::DataType::Sint;
  if (is_signed) return static_cast<int32_t>(bits);
  return bits;
}

ordered_json lane_json(const Spec& spec, const RequestSpec& r, const texunit::FormatPlan& plan,
                       const texunit::Response& out, unsigned i) {
  const auto& v = out.value[i];
  ordered_json j;
  j["lane"] = i;
  ordered_json bits = ordered_json::array();
  for (uint32_t b : v) bits.push_back(hex32(b));
  switch (r.op) {
    case NirOp::Txs: {
      // NIR's result: 1, 2 or 3 sizes (cube maps 2), and the layer count of arrays (cubes of cube arrays).
      const texunit::Dim d = tex::view_dim(spec.texture.header.type);
      ordered_json size = ordered_json::array();
      for (unsigned c = 0; c < texunit::texel_dims(d); ++c) size.push_back(v[c]);
      if (texunit::is_array(d)) size.push_back(v[2]);
      j["size"] = size;
      break;
    }
    case NirOp::QueryLevels: j["levels"] = v[3]; break;
    case NirOp::TextureSamples: j["samples"] = v[2]; break;
    case NirOp::Lod: {
      // TMML: X the relative LOD (signed 8.8), Y the absolute one (unsigned 8.8); NIR's lod is (Y, X) as floats,
      // NAK's conversion (reference/lowering-facts.md, "lod (TMML) result fix-up").
      const auto rel = static_cast<int16_t>(v[0] & 0xffff);
      const float abs = static_cast<float>(v[1] & 0xffff) / 256.0f, relf = static_cast<float>(rel) / 256.0f;
      j["lod"] = {hex_float(std::bit_cast<uint32_t>(abs)), hex_float(std::bit_cast<uint32_t>(relf))};
      bits = {hex32(v[0]), hex32(v[1])};
      break;
    }
    default: {
      ordered_json value = ordered_json::array();
      const auto gathered = static_cast<unsigned>(r.request.component);
      for (unsigned c = 0; c < 4; ++c) value.push_back(component(plan, r.op == NirOp::Tg4 ? gathered : c, v[c]));
      j["value"] = value;
      break;
    }
  }
  j["bits"] = bits;
  const bool reads_texels = r.op == NirOp::Tex || r.op == NirOp::Txb || r.op == NirOp::Txl || r.op == NirOp::Txd ||
                            r.op == NirOp::Txf || r.op == NirOp::TxfMs || r.op == NirOp::Tg4;
  if (reads_texels) j["resident"] = ((out.resident >> i) & 1) != 0;
  return j;
}


}  // namespace

std::string hex_float(uint32_t bits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(std::bit_cast<float>(bits)));
  return buf;
}

Result<Outcome> run_spec(const Spec& spec, const std::filesystem::path& base_dir, const texunit::Policy& policy) {
  texunit::TextureSet set(1, 1);
  auto t = set.add_texture(spec.texture.header);
  if (!t) return make_error(fmt::format("texture: {}", t.error()));
  auto s = set.add_sampler(spec.sampler);
  if (!s) return make_error(fmt::format("sampler: {}", s.error()));
  if (const std::string why = set.bindings().header_error(*t); !why.empty())
    return make_error(fmt::format("texture: the header does not decode: {}", why));
  auto filled = fill_texels(set, *t, spec.texture, base_dir);
  if (!filled) return make_error(filled.error());
  if (!spec.texture.nonresident_pages.empty()) {
    auto unbound = unbind_pages(set, *t, spec.texture.nonresident_pages);
    if (!unbound) return make_error(fmt::format("texture.nonresident_pages: {}", unbound.error()));
  }

  Outcome out;
  out.header = set.header(*t);
  out.tic = texunit::encode_header(out.header);
  out.tsc = texunit::encode_sampler(spec.sampler);
  const texunit::TextureUnit unit(set.bindings(), policy);
  for (const RequestSpec& r : spec.requests) {
    texunit::Request q = r.request;
    for (auto& lane : q.lanes) lane.handle = texunit::TextureSet::handle(*t, *s);
    texunit::Response resp;
    unit.run(q, resp);
    out.responses.push_back(resp);
  }
  return out;
}

std::string results_json(const Spec& spec, const Outcome& outcome) {
  const texunit::TextureHeader& h = outcome.header;
  const auto plan = texunit::FormatPlan::make(h.format());
  ordered_json tex;
  tex["type"] = spec.texture.type;
  tex["format"] = spec.texture.format;
  tex["width"] = h.width;
  tex["height"] = h.height;
  if (h.type == texunit::TextureType::Tex3D) tex["depth"] = h.depth;
  if (spec.texture.layers > 1 || texunit::is_array(tex::view_dim(h.type))) tex["layers"] = spec.texture.layers;
  tex["levels"] = h.max_mip_level + 1;
  if (const uint32_t n = texunit::sample_grid(h).count(); n > 1) tex["samples"] = n;
  tex["memory"] = h.version == texunit::HeaderVersion::Pitch ? "pitch" : "block_linear";
  tex["address"] = fmt::format("0x{:x}", h.address);
  ordered_json tic = ordered_json::array(), tsc = ordered_json::array();
  for (uint32_t w : outcome.tic) tic.push_back(hex32(w));
  for (uint32_t w : outcome.tsc) tsc.push_back(hex32(w));

  std::string s = "{\n";
  s += fmt::format("  \"texture\": {},\n", tex.dump());
  s += fmt::format("  \"tic\": {},\n", tic.dump());
  s += fmt::format("  \"tsc\": {},\n", tsc.dump());
  s += "  \"results\": [";
  for (std::size_t i = 0; i < spec.requests.size(); ++i) {
    const RequestSpec& r = spec.requests[i];
    ordered_json head;
    head["op"] = op_name(r.op);
    if (!r.name.empty()) head["name"] = r.name;
    head["instruction"] = instruction(r);
    std::string h_text = head.dump();
    h_text.pop_back();  // reopen the object for "lanes"
    s += fmt::format("{}\n    {},\"lanes\":[", i ? "," : "", h_text);
    for (unsigned l = 0; l < r.lanes; ++l)
      s += fmt::format("{}\n      {}", l ? "," : "", lane_json(spec, r, *plan, outcome.responses[i], l).dump());
    s += "\n    ]}";
  }
  s += "\n  ]\n}\n";
  return s;
}

}  // namespace tmu::sample
