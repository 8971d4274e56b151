// SPDX-License-Identifier: MIT
#include "sample/request_shader.h"

#include <string>

#include "ir/builder.h"
#include "ir/tex.h"

namespace tmu::sample {

namespace {

// The lanes that run: whole quads; those past the request's are helpers.
void launch_quads(RequestShader& out, unsigned lanes) {
  const unsigned quads = (lanes + 3) / 4;
  out.inputs.launched = quads == 8 ? ~0u : (1u << (4 * quads)) - 1;
  out.inputs.helpers = out.inputs.launched & ~(lanes == 32 ? ~0u : (1u << lanes) - 1);
}

// Source i of the request as input slot i of every lane.
ir::DefId load_source(ir::Builder& b, RequestShader& out, const SourceSpec& src, unsigned i, ir::DefId zero) {
  ir::IntrinsicInstr in;
  in.op = ir::Intrinsic::load_input;
  in.src = {zero};
  in.set_index("base", std::to_string(i));
  in.set_index("component", "0");
  in.dest.components = static_cast<uint8_t>(src.components);
  in.dest.bit_size = 32;
  for (unsigned lane = 0; lane < ir::interp::kLanes; ++lane) out.inputs.set_input_bits(lane, i, src.lanes[lane]);
  return b.intrinsic(std::move(in));
}

void store_result(ir::Builder& b, ir::DefId result, ir::DefId zero) {
  ir::IntrinsicInstr store;
  store.op = ir::Intrinsic::store_output;
  store.src = {result, zero};
  store.set_index("base", std::to_string(kResultSlot));
  store.set_index("component", "0");
  b.intrinsic(std::move(store));
}

// An image request: image_load / image_store / image_atomic_* on image 0 with the coordinate and data from input
// slots, sample and lod 0, the texture's image_dim and image_array.
void build_image_request(const RequestSpec& r, RequestShader& out, ir::Builder& b, ir::DefId zero) {
  launch_quads(out, r.lanes);
  ir::IntrinsicInstr in;
  in.op = *r.image;
  in.src = {zero, load_source(b, out, r.sources[0], 0, zero), zero};
  for (unsigned i = 1; i < r.sources.size(); ++i) in.src.push_back(load_source(b, out, r.sources[i], i, zero));
  if (in.op == ir::Intrinsic::image_load || in.op == ir::Intrinsic::image_store) in.src.push_back(zero);  // lod
  in.set_index("image_dim", std::string(r.image_dim));
  in.set_index("image_array", r.is_array ? "true" : "false");
  if (in.op != ir::Intrinsic::image_store) {
    in.dest.components = in.op == ir::Intrinsic::image_load ? 4 : 1;
    in.dest.bit_size = 32;
  }
  const ir::DefId result = b.intrinsic(std::move(in));
  if (*r.image != ir::Intrinsic::image_store) store_result(b, result, zero);
}

}  // namespace

RequestShader request_shader(const RequestSpec& r) {
  RequestShader out;
  ir::Shader& s = out.shader;
  s.name = "tmu_sample";
  ir::Builder b(s, ir::Cursor{s.body[0].block.get(), 0});
  const ir::DefId zero = b.imm_int(0);

  if (r.image) {
    build_image_request(r, out, b, zero);
    return out;
  }

  ir::TexInstr t;
  t.op = r.nir_op;
  t.sampler_dim = r.sampler_dim;
  t.is_array = r.is_array;
  t.is_shadow = r.is_shadow;
  t.component = r.component;
  t.dest_type = r.dest_type;
  if (r.tg4_offsets) t.tg4_offsets = *r.tg4_offsets;

  // Lanes run in whole quads (the interpreter launches quads); those past the request's are helpers, and with
  // skip_helpers the texture unit sees only the request's lanes, as it did when they were its active mask.
  launch_quads(out, r.lanes);
  t.skip_helpers = out.inputs.helpers != 0;

  for (unsigned i = 0; i < r.sources.size(); ++i) {
    const SourceSpec& src = r.sources[i];
    ir::add_src(t, src.type, load_source(b, out, src, i, zero));
    if (src.type == ir::TexSrcType::coord) t.coord_components = static_cast<uint8_t>(src.components);
  }
  t.dest.components = static_cast<uint8_t>(ir::dest_size(t));
  t.dest.bit_size = 32;
  store_result(b, b.tex(std::move(t)), zero);
  return out;
}

}  // namespace tmu::sample
