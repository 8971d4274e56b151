// SPDX-License-Identifier: MIT
#include "ir_random.h"

#include <fmt/format.h>

#include <bit>

#include "ir/builder.h"
#include "ir/tex.h"

namespace tmu::test {
namespace {

using ir::SamplerDim;
using ir::TexOp;
using ir::TexSrcType;

unsigned spatial(SamplerDim d) {
  return d == SamplerDim::Dim1D ? 1 : d == SamplerDim::Dim3D || d == SamplerDim::Cube ? 3 : 2;
}

float uniform(std::mt19937_64& rng, float lo, float hi) {
  return lo + (hi - lo) * static_cast<float>(static_cast<double>(rng() >> 11) * 0x1p-53);
}
int32_t integer(std::mt19937_64& rng, int32_t lo, int32_t hi) {
  return lo + static_cast<int32_t>(rng() % static_cast<uint64_t>(hi - lo + 1));
}
bool chance(std::mt19937_64& rng, unsigned percent) { return rng() % 100 < percent; }

// Pixel position of a lane: quads of 2x2 in rows of four quads.
std::pair<float, float> pixel(unsigned lane) {
  const unsigned q = lane / 4;
  return {static_cast<float>((q % 4) * 2 + (lane & 1)), static_cast<float>((q / 4) * 2 + ((lane >> 1) & 1))};
}

}  // namespace

RandomCase random_case(std::mt19937_64& rng, TexOp op, SamplerDim dim, bool array, bool shadow) {
  RandomCase c;
  ir::TexInstr& t = c.tex;
  t.op = op;
  t.sampler_dim = dim;
  t.is_array = array;
  t.is_shadow = shadow;
  // GLSL's textureGather with a comparator returns four comparisons: old-style shadow (glsl_to_nir sets new-style
  // only for one-component results).
  t.is_new_style_shadow = shadow && op != TexOp::tg4;
  t.dest_type = ir::kFloat32;
  const bool sampling = op == TexOp::tex || op == TexOp::txb || op == TexOp::txl || op == TexOp::txd ||
                        op == TexOp::tg4;
  t.is_sparse = (sampling || op == TexOp::txf) && chance(rng, 15);
  if (op == TexOp::tg4) t.component = static_cast<uint8_t>(shadow ? 0 : rng() % 4);
  const unsigned n = spatial(dim);
  const bool query = op == TexOp::txs || op == TexOp::query_levels || op == TexOp::texture_samples;
  t.coord_components = query ? 0 : static_cast<uint8_t>(n + (array && op != TexOp::lod ? 1 : 0));

  // The texture.
  c.width = dim == SamplerDim::Rect ? 12 : 16;
  c.height = dim == SamplerDim::Dim1D ? 1 : dim == SamplerDim::Cube ? 16 : 8;
  c.depth = dim == SamplerDim::Dim3D ? 4 : 1;
  c.layers = array ? 3 : 1;
  c.levels = dim == SamplerDim::Rect || dim == SamplerDim::MS ? 1 : dim == SamplerDim::Dim3D ? 4 : 5;
  const unsigned samples = dim == SamplerDim::MS ? 4 : 1;
  const char* tex_type = dim == SamplerDim::Dim1D ? (array ? "1d_array" : "1d")
                     : dim == SamplerDim::Dim3D ? "3d"
                     : dim == SamplerDim::Cube  ? (array ? "cube_array" : "cube")
                                                : (array ? "2d_array" : "2d");
  const std::string format = shadow ? "ZF32_FLOAT" : "A8B8G8R8_UNORM";
  const char* address = chance(rng, 50) ? "wrap" : "clamp_to_edge";
  std::string size_keys = fmt::format(R"("width": {})", c.width);
  if (dim != SamplerDim::Dim1D) size_keys += fmt::format(R"(, "height": {})", c.height);
  if (dim == SamplerDim::Dim3D) size_keys += fmt::format(R"(, "depth": {})", c.depth);
  if (array) size_keys += fmt::format(R"(, "layers": {})", c.layers);
  if (samples > 1) size_keys += fmt::format(R"(, "samples": {})", samples);
  c.texture_json = fmt::format(
      R"({{"texture": {{"type": "{}", "format": "{}", {}, "levels": {}, )"
      R"("texels": {{"source": "noise", "seed": {}}}}}, )"
      R"("sampler": {{"address_u": "{}", "address_v": "{}", "address_p": "{}", "mag_filter": "linear", )"
      R"("min_filter": "linear", "mip_filter": "{}", "depth_compare": {}, "depth_compare_func": "less_equal"}}}})",
      tex_type, format, size_keys, c.levels, rng() % 100000, address, address, address,
      c.levels > 1 ? "linear" : "none", shadow ? "true" : "false");

  // Sources.
  unsigned slot = 0;
  auto varying = [&](TexSrcType type, unsigned comps, bool is_int) -> RandomSrc& {
    RandomSrc s;
    s.type = type;
    s.components = comps;
    s.is_int = is_int;
    s.slot = slot++;
    c.srcs.push_back(s);
    return c.srcs.back();
  };
  auto constant = [&](TexSrcType type, std::vector<int32_t> v) {
    RandomSrc s;
    s.type = type;
    s.components = static_cast<unsigned>(v.size());
    s.is_int = true;
    s.constant = true;
    s.values = std::move(v);
    c.srcs.push_back(s);
  };
  const bool int_coords = op == TexOp::txf || op == TexOp::txf_ms;
  if (!query) varying(TexSrcType::coord, t.coord_components, int_coords);
  if (shadow && sampling) varying(TexSrcType::comparator, 1, false);
  switch (op) {
    case TexOp::txb: varying(TexSrcType::bias, 1, false); break;
    case TexOp::txl: varying(TexSrcType::lod, 1, false); break;
    case TexOp::txd:
      varying(TexSrcType::ddx, n, false);
      varying(TexSrcType::ddy, n, false);
      break;
    case TexOp::txf: if (chance(rng, 70)) varying(TexSrcType::lod, 1, true); break;
    case TexOp::txf_ms: varying(TexSrcType::ms_index, 1, true); break;
    case TexOp::txs: if (chance(rng, 70)) varying(TexSrcType::lod, 1, true); break;
    default: break;
  }
  const bool offsets_allowed = dim != SamplerDim::Cube && (sampling || op == TexOp::txf);
  if (op == TexOp::tg4 && offsets_allowed && chance(rng, 30)) {
    for (auto& o : t.tg4_offsets) o = {static_cast<int8_t>(integer(rng, -8, 7)), static_cast<int8_t>(integer(rng, -8, 7))};
  } else if (offsets_allowed && chance(rng, 30)) {
    std::vector<int32_t> v;
    for (unsigned i = 0; i < n; ++i) v.push_back(integer(rng, -8, 7));
    constant(TexSrcType::offset, v);
  }
  if ((op == TexOp::tex || op == TexOp::txb || op == TexOp::txl || op == TexOp::txd) && dim != SamplerDim::Cube &&
      chance(rng, 25))
    varying(TexSrcType::projector, 1, false);
  if ((op == TexOp::tex || op == TexOp::txb || op == TexOp::txd) && dim != SamplerDim::Rect && chance(rng, 20))
    varying(TexSrcType::min_lod, 1, false);

  // Per-lane values: floats affine in the pixel position, integers drawn per lane.
  for (const RandomSrc& s : c.srcs) {
    if (s.constant) continue;
    std::array<float, 4> base{}, sx{}, sy{};
    for (unsigned k = 0; k < s.components; ++k) {
      const bool layer = s.type == TexSrcType::coord && array && op != TexOp::lod && k + 1 == s.components;
      switch (s.type) {
        case TexSrcType::coord:
          if (layer) { base[k] = uniform(rng, -0.6f, static_cast<float>(c.layers) - 0.4f); break; }
          if (dim == SamplerDim::Cube) {
            base[k] = uniform(rng, -1.0f, 1.0f);
            sx[k] = uniform(rng, -0.05f, 0.05f);
            sy[k] = uniform(rng, -0.05f, 0.05f);
          } else if (dim == SamplerDim::Rect) {
            base[k] = uniform(rng, -2.0f, static_cast<float>(k == 0 ? c.width : c.height) + 2.0f);
            sx[k] = uniform(rng, -1.5f, 1.5f);
            sy[k] = uniform(rng, -1.5f, 1.5f);
          } else {
            base[k] = uniform(rng, -0.2f, 1.2f);
            sx[k] = uniform(rng, -0.08f, 0.08f);
            sy[k] = uniform(rng, -0.08f, 0.08f);
          }
          break;
        case TexSrcType::comparator: base[k] = uniform(rng, 0.0f, 1.0f); sx[k] = uniform(rng, -0.1f, 0.1f); break;
        case TexSrcType::bias: base[k] = uniform(rng, -2.0f, 2.0f); break;
        case TexSrcType::lod: base[k] = uniform(rng, -0.5f, static_cast<float>(c.levels) - 0.5f); break;
        case TexSrcType::ddx: case TexSrcType::ddy: base[k] = uniform(rng, -0.3f, 0.3f); break;
        case TexSrcType::projector: base[k] = uniform(rng, 0.5f, 2.0f); sx[k] = uniform(rng, -0.05f, 0.05f); break;
        case TexSrcType::min_lod: base[k] = uniform(rng, 0.0f, static_cast<float>(c.levels)); break;
        default: break;
      }
    }
    if (dim == SamplerDim::Cube && s.type == TexSrcType::coord) {
      // A major axis away from zero, so that every lane has a face.
      const unsigned major = static_cast<unsigned>(rng() % 3);
      base[major] = (chance(rng, 50) ? 1.0f : -1.0f) * uniform(rng, 0.6f, 1.0f);
    }
    for (unsigned lane = 0; lane < 32; ++lane) {
      std::array<uint32_t, 4> bits{};
      const auto [px, py] = pixel(lane);
      for (unsigned k = 0; k < s.components; ++k) {
        if (s.is_int) {
          int32_t v = 0;
          const bool layer = s.type == TexSrcType::coord && array && k + 1 == s.components;
          if (s.type == TexSrcType::coord) {
            const unsigned extent = layer ? c.layers : k == 0 ? c.width : k == 1 ? c.height : c.depth;
            v = integer(rng, -1, static_cast<int32_t>(extent));
          } else if (s.type == TexSrcType::lod) {
            v = integer(rng, 0, static_cast<int32_t>(c.levels) - 1);
          } else if (s.type == TexSrcType::ms_index) {
            v = integer(rng, 0, static_cast<int32_t>(samples) - 1);
          }
          bits[k] = static_cast<uint32_t>(v);
        } else {
          bits[k] = std::bit_cast<uint32_t>(base[k] + sx[k] * px + sy[k] * py);
        }
      }
      c.inputs.set_input_bits(lane, s.slot, bits);
    }
  }
  c.name = fmt::format("{}_{}{}{}{}", ir::name(op), ir::name(dim), array ? "_array" : "", shadow ? "_shadow" : "",
                       t.is_sparse ? "_sparse" : "");
  return c;
}

std::vector<RandomCase> random_cases(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<RandomCase> out;
  const SamplerDim dims[] = {SamplerDim::Dim1D, SamplerDim::Dim2D, SamplerDim::Dim3D, SamplerDim::Cube,
                             SamplerDim::Rect, SamplerDim::MS};
  const TexOp ops[] = {TexOp::tex, TexOp::txb, TexOp::txl, TexOp::txd, TexOp::txf, TexOp::txf_ms, TexOp::tg4,
                       TexOp::txs, TexOp::lod, TexOp::query_levels, TexOp::texture_samples};
  for (TexOp op : ops)
    for (SamplerDim dim : dims)
      for (int array = 0; array < 2; ++array)
        for (int shadow = 0; shadow < 2; ++shadow) {
          const bool ms = dim == SamplerDim::MS;
          if ((op == TexOp::txf_ms || op == TexOp::texture_samples) != ms) continue;
          if (array && (dim == SamplerDim::Dim3D || dim == SamplerDim::Rect || ms)) continue;
          const bool sampling = op == TexOp::tex || op == TexOp::txb || op == TexOp::txl || op == TexOp::txd ||
                                op == TexOp::tg4;
          if (shadow && (!sampling || dim == SamplerDim::Dim3D)) continue;
          if (dim == SamplerDim::Rect && (op == TexOp::txb || op == TexOp::txl || op == TexOp::lod ||
                                          op == TexOp::query_levels))
            continue;
          if (op == TexOp::txf && dim == SamplerDim::Cube) continue;
          if (op == TexOp::tg4 && (dim == SamplerDim::Dim1D || dim == SamplerDim::Dim3D)) continue;
          if (op == TexOp::tg4 && shadow && dim == SamplerDim::Rect) continue;
          out.push_back(random_case(rng, op, dim, array != 0, shadow != 0));
        }
  return out;
}

ir::Shader build_shader(const RandomCase& c) {
  ir::Shader s;
  s.name = c.name;
  ir::Builder b(s, ir::Cursor{s.body[0].block.get(), 0});
  const ir::DefId zero = b.imm_int(0);
  ir::TexInstr t = c.tex;
  for (const RandomSrc& src : c.srcs) {
    ir::DefId d;
    if (src.constant) {
      std::vector<uint64_t> bits;
      for (int32_t v : src.values) bits.push_back(static_cast<uint32_t>(v));
      d = b.imm_vec(bits, 32);
    } else {
      ir::IntrinsicInstr i;
      i.op = ir::Intrinsic::load_input;
      i.src = {zero};
      i.set_index("base", std::to_string(src.slot));
      i.set_index("component", "0");
      i.dest.components = static_cast<uint8_t>(src.components);
      d = b.intrinsic(std::move(i));
    }
    ir::add_src(t, src.type, d);
  }
  t.dest.components = static_cast<uint8_t>(ir::dest_size(t));
  const ir::DefId r = b.tex(t);
  for (unsigned i = 0; i < ir::dest_size(c.tex); ++i) {
    ir::IntrinsicInstr st;
    st.op = ir::Intrinsic::store_output;
    st.src = {b.channel(r, i), zero};
    st.set_index("base", std::to_string(i));
    st.set_index("component", "0");
    b.intrinsic(std::move(st));
  }
  return s;
}

std::string mesa_case_text(const RandomCase& c, const std::vector<std::string>& options) {
  const ir::TexInstr& t = c.tex;
  std::string dim(ir::name(t.sampler_dim));
  for (char& ch : dim) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  std::string out = fmt::format("case {}\n", c.name);
  out += fmt::format("tex op={} dim={} array={} shadow={} new_shadow={} sparse={} component={} texture=0 sampler=0 "
                     "dest=float coord_components={}",
                     ir::name(t.op), dim, int(t.is_array), int(t.is_shadow), int(t.is_new_style_shadow),
                     int(t.is_sparse), int(t.component), int(t.coord_components));
  if (ir::has_explicit_tg4_offsets(t)) {
    out += " tg4_offsets=";
    for (unsigned i = 0; i < 4; ++i)
      out += fmt::format("{}{},{}", i ? "," : "", int(t.tg4_offsets[i][0]), int(t.tg4_offsets[i][1]));
  }
  out += "\n";
  for (const RandomSrc& s : c.srcs) {
    if (s.constant) {
      std::string v;
      for (int32_t x : s.values) v += (v.empty() ? "" : ",") + std::to_string(x);
      out += fmt::format("src {} const {}\n", ir::name(s.type), v);
    } else {
      out += fmt::format("src {} input {}\n", ir::name(s.type), s.slot);
    }
  }
  for (const std::string& o : options) out += "option " + o + "\n";
  out += "end\n";
  return out;
}

}  // namespace tmu::test
