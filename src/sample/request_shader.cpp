// SPDX-License-Identifier: MIT
#include "sample/request_shader.h"

#include <string>

#include "ir/builder.h"
#include "ir/tex.h"

namespace tmu::sample {

RequestShader request_shader(const RequestSpec& r) {
  RequestShader out;
  ir::Shader& s = out.shader;
  s.name = "tmu_sample";
  ir::Builder b(s, ir::Cursor{s.body[0].block.get(), 0});
  const ir::DefId zero = b.imm_int(0);

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
  const unsigned quads = (r.lanes + 3) / 4;
  out.inputs.launched = quads == 8 ? ~0u : (1u << (4 * quads)) - 1;
  out.inputs.helpers = out.inputs.launched & ~(r.lanes == 32 ? ~0u : (1u << r.lanes) - 1);
  t.skip_helpers = out.inputs.helpers != 0;

  for (unsigned i = 0; i < r.sources.size(); ++i) {
    const SourceSpec& src = r.sources[i];
    ir::IntrinsicInstr in;
    in.op = ir::Intrinsic::load_input;
    in.src = {zero};
    in.set_index("base", std::to_string(i));
    in.set_index("component", "0");
    in.dest.components = static_cast<uint8_t>(src.components);
    in.dest.bit_size = 32;
    ir::add_src(t, src.type, b.intrinsic(std::move(in)));
    if (src.type == ir::TexSrcType::coord) t.coord_components = static_cast<uint8_t>(src.components);
    for (unsigned lane = 0; lane < 4 * quads; ++lane) out.inputs.set_input_bits(lane, i, src.lanes[lane]);
  }
  t.dest.components = static_cast<uint8_t>(ir::dest_size(t));
  t.dest.bit_size = 32;
  const ir::DefId result = b.tex(std::move(t));

  ir::IntrinsicInstr store;
  store.op = ir::Intrinsic::store_output;
  store.src = {result, zero};
  store.set_index("base", std::to_string(kResultSlot));
  store.set_index("component", "0");
  b.intrinsic(std::move(store));
  return out;
}

}  // namespace tmu::sample
