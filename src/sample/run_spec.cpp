// SPDX-License-Identifier: MIT
#include "sample/run_spec.h"

#include <fmt/format.h>

#include <bit>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "ir/interp/interpreter.h"
#include "ir/tex.h"
#include "isa/sm50/memory_enums.h"
#include "isa/sm50/ops.h"
#include "isa/sm50/surface_enums.h"
#include "isa/sm50/tex_operands.h"
#include "sample/request_shader.h"
#include "texunit/multisample.h"

namespace tmu::sample {
namespace {

using ir::TexOp;
using nlohmann::ordered_json;

std::string hex32(uint32_t v) { return fmt::format("0x{:08x}", v); }

// The Maxwell instruction the interpreter's request is, in nvdisasm's spelling (the isa layer's tables; for the
// reader of the output).
std::string instruction(const texunit::Request& q) {
  namespace sm50 = isa::sm50;
  using texunit::TexOp;
  auto at = [](auto e) { return static_cast<std::size_t>(e); };
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

// An image request as the surface instruction the interpreter models (ir/interp, image.cpp): SULD.P / SUST.P of
// all four components, SUATOM.D at a texel index with the atomic's operation and type; GL's out-of-range
// behaviour is .IGN. A cube map's faces are layers of a 2D array (as Mesa's nouveau binds GM107 images).
std::string image_instruction(const RequestSpec& r, const texunit::TextureHeader& h) {
  namespace sm50 = isa::sm50;
  using sm50::SuDim;
  auto at = [](auto e) { return static_cast<std::size_t>(e); };
  SuDim dim = SuDim::D2;
  switch (tex::view_dim(h.type)) {
    case texunit::Dim::Tex1D: dim = h.type == texunit::TextureType::Buffer1D ? SuDim::D1Buffer : SuDim::D1; break;
    case texunit::Dim::Array1D: dim = SuDim::D1Array; break;
    case texunit::Dim::Tex3D: dim = SuDim::D3; break;
    case texunit::Dim::Tex2D: break;
    default: dim = SuDim::D2Array; break;
  }
  const std::string_view dims = sm50::kSuDim_values[at(dim)].text, ign = sm50::kSuClamp_values[at(sm50::SuClamp::IGN)].text;
  if (*r.image == ir::Intrinsic::image_load) return fmt::format("{}.P{}{}", sm50::op_name(sm50::Op::SULD), dims, ign);
  if (*r.image == ir::Intrinsic::image_store) return fmt::format("{}.P{}{}", sm50::op_name(sm50::Op::SUST), dims, ign);
  const ir::interp::ImageAtomic a = *ir::interp::image_atomic(*r.image);
  // texunit::AtomicOp lists ATOMS's operations in the encoding's order (ADD .. EXCH).
  const std::string_view op = a.comp_swap ? ".CAS" : sm50::kAtomsOp_values[at(a.op)].text;
  return fmt::format("{}.D{}{}{}{}", sm50::op_name(sm50::Op::SUATOM), dims, op,
                     a.type == texunit::AtomicType::S32 ? ".S32" : "", ign);
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

ordered_json lane_json(const RequestSpec& r, const texunit::FormatPlan& plan, const RequestOutcome& out, unsigned i) {
  const auto& v = out.response.value[i];
  const auto& nir = out.result[i];
  ordered_json j;
  j["lane"] = i;
  if (r.image) {
    // image_load: the texel; image_store: what an image_load at the same coordinates reads after it; the
    // atomics: the old value (an integer of the format's type, the bits of other formats).
    if (*r.image != ir::Intrinsic::image_load && *r.image != ir::Intrinsic::image_store) {
      j["old"] = r.dest_type == ir::kInt32 ? ordered_json(static_cast<int32_t>(nir[0])) : ordered_json(nir[0]);
      return j;
    }
    ordered_json value = ordered_json::array(), bits = ordered_json::array();
    for (unsigned c = 0; c < 4; ++c) {
      value.push_back(component(plan, c, nir[c]));
      bits.push_back(hex32(nir[c]));
    }
    j[*r.image == ir::Intrinsic::image_load ? "value" : "texel"] = value;
    j["bits"] = bits;
    return j;
  }
  ordered_json bits = ordered_json::array();
  for (uint32_t b : v) bits.push_back(hex32(b));
  switch (r.op) {
    case TexOp::txs: {
      // NIR's result: 1, 2 or 3 sizes (cube maps 2), and the layer count of arrays (cubes of cube arrays).
      ordered_json size = ordered_json::array();
      for (unsigned c = 0; c < out.components; ++c) size.push_back(nir[c]);
      j["size"] = size;
      break;
    }
    case TexOp::query_levels: j["levels"] = nir[0]; break;
    case TexOp::texture_samples: j["samples"] = nir[0]; break;
    case TexOp::lod:
      // NIR's (lod, unclamped lod); the registers are TMML's two.
      j["lod"] = {hex_float(nir[0]), hex_float(nir[1])};
      bits = {hex32(v[0]), hex32(v[1])};
      break;
    default: {
      ordered_json value = ordered_json::array();
      for (unsigned c = 0; c < 4; ++c) value.push_back(component(plan, r.op == TexOp::tg4 ? r.component : c, nir[c]));
      j["value"] = value;
      break;
    }
  }
  j["bits"] = bits;
  const bool reads_texels = r.op == TexOp::tex || r.op == TexOp::txb || r.op == TexOp::txl || r.op == TexOp::txd ||
                            r.op == TexOp::txf || r.op == TexOp::txf_ms || r.op == TexOp::tg4;
  if (reads_texels) j["resident"] = ((out.response.resident >> i) & 1) != 0;
  return j;
}

// The interpreter's bindings name a texture or sampler by its index ("texture 0: ..."); a spec has one of each,
// and its errors name the spec's keys as the reader's do: "texture.nonresident_pages: ...", "texture: ...", or
// the path the texel sources give ("texture.texels.file: ...").
std::string spec_error(std::string_view error, std::string_view key) {
  const std::string bound = fmt::format("{} 0: ", key);
  if (!error.starts_with(bound)) return std::string(error);
  error.remove_prefix(bound.size());
  if (error.starts_with(fmt::format("{}.", key))) return std::string(error);
  if (error.starts_with("nonresident_pages: ")) return fmt::format("{}.{}", key, error);
  return fmt::format("{}: {}", key, error);
}

}  // namespace

std::string hex_float(uint32_t bits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(std::bit_cast<float>(bits)));
  return buf;
}

Result<Outcome> run_spec(const Spec& spec, const std::filesystem::path& base_dir, const texunit::Policy& policy) {
  ir::interp::Bindings bindings(policy);
  if (auto t = bindings.bind_texture(0, spec.texture, base_dir); !t) return make_error(spec_error(t.error(), "texture"));
  if (auto s = bindings.bind_sampler(0, spec.sampler); !s) return make_error(spec_error(s.error(), "sampler"));

  Outcome out;
  out.header = bindings.texture(0)->header;
  out.tic = texunit::encode_header(out.header);
  out.tsc = texunit::encode_sampler(spec.sampler);
  ir::interp::Options options;
  // txd on 3D and cube textures and with a comparator through the texture unit's gradient path, which the unit
  // models; NAK would lower these to txl first (docs/ir.md).
  options.sm50_txd_forms_only = false;
  for (std::size_t i = 0; i < spec.requests.size(); ++i) {
    const RequestSpec& r = spec.requests[i];
    RequestShader rs = request_shader(r);
    RequestOutcome ro;
    options.on_texture = [&ro](const ir::TexInstr& t, const texunit::Request& q, const texunit::Response& resp) {
      ro.components = ir::result_size(t);
      ro.request = q;
      ro.response = resp;
    };
    auto run = ir::interp::run(rs.shader, bindings, rs.inputs, options);
    if (!run) return make_error(fmt::format("requests[{}]: {}", i, run.error()));
    if (r.image == ir::Intrinsic::image_store) {
      // What the store left: an image_load at the same coordinates.
      RequestSpec reload = r;
      reload.image = ir::Intrinsic::image_load;
      reload.sources.resize(1);
      RequestShader ls = request_shader(reload);
      run = ir::interp::run(ls.shader, bindings, ls.inputs, options);
      if (!run) return make_error(fmt::format("requests[{}]: reading back: {}", i, run.error()));
    }
    for (unsigned lane = 0; lane < r.lanes; ++lane)
      if (const ir::interp::OutputSlot* o = run->slot(lane, kResultSlot)) ro.result[lane] = o->value;
    out.requests.push_back(ro);
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
    const RequestOutcome& ro = outcome.requests[i];
    ordered_json head;
    head["op"] = r.image ? ir::name(*r.image) : ir::name(r.op);
    if (!r.name.empty()) head["name"] = r.name;
    head["instruction"] = r.image ? image_instruction(r, h) : instruction(ro.request);
    std::string h_text = head.dump();
    h_text.pop_back();  // reopen the object for "lanes"
    s += fmt::format("{}\n    {},\"lanes\":[", i ? "," : "", h_text);
    for (unsigned l = 0; l < r.lanes; ++l)
      s += fmt::format("{}\n      {}", l ? "," : "", lane_json(r, *plan, ro, l).dump());
    s += "\n    ]}";
  }
  s += "\n  ]\n}\n";
  return s;
}

}  // namespace tmu::sample
