// SPDX-License-Identifier: MIT
#include "sample/image_request.h"

#include <fmt/format.h>

#include <bit>

#include "texunit/formats.h"
#include "texunit/surface_access.h"

namespace tmu::sample {
namespace {

using ir::Intrinsic;
using texunit::DataType;
using texunit::Dim;

constexpr Intrinsic kImageOps[] = {
    Intrinsic::image_load,          Intrinsic::image_store,           Intrinsic::image_atomic_add,
    Intrinsic::image_atomic_imin,   Intrinsic::image_atomic_umin,     Intrinsic::image_atomic_imax,
    Intrinsic::image_atomic_umax,   Intrinsic::image_atomic_and,      Intrinsic::image_atomic_or,
    Intrinsic::image_atomic_xor,    Intrinsic::image_atomic_exchange, Intrinsic::image_atomic_comp_swap,
    Intrinsic::image_atomic_inc_wrap, Intrinsic::image_atomic_dec_wrap,
};

// A texture type's image coordinates: NIR's order (the layer, or a cube face, after x and y).
struct ImageShape {
  unsigned count;
  std::string_view label, names;
};

ImageShape image_shape(const texunit::TextureHeader& h) {
  switch (tex::view_dim(h.type)) {
    case Dim::Tex1D: return {1, "a 1D texture", "x"};
    case Dim::Array1D: return {2, "a 1D array texture", "x, layer"};
    case Dim::Array2D: return {3, "a 2D array texture", "x, y, layer"};
    case Dim::Tex3D: return {3, "a 3D texture", "x, y, z"};
    case Dim::Cube: return {3, "a cube texture", "x, y, face"};
    case Dim::ArrayCube: return {3, "a cube array texture", "x, y, 6 cube + face"};
    default: return {2, "a 2D texture", "x, y"};
  }
}

// A value of the format's first component's type: an integer for SINT and UINT, a float otherwise, as the 32
// bits a register holds.
uint32_t typed_bits(const Cursor& v, DataType type) {
  if (type == DataType::Sint || type == DataType::Uint) return static_cast<uint32_t>(v.integer(INT32_MIN, UINT32_MAX));
  return std::bit_cast<uint32_t>(v.number());
}

}  // namespace

std::optional<ir::Intrinsic> image_op_named(std::string_view name) {
  for (Intrinsic op : kImageOps)
    if (ir::name(op) == name) return op;
  return std::nullopt;
}

std::string image_op_names() {
  std::string s;
  for (Intrinsic op : kImageOps) s += fmt::format("{}{}", s.empty() ? "" : ", ", ir::name(op));
  return s;
}

std::string_view image_dim_name(const texunit::TextureHeader& h) {
  switch (tex::view_dim(h.type)) {
    case Dim::Tex1D: case Dim::Array1D: return h.type == texunit::TextureType::Buffer1D ? "Buf" : "1D";
    case Dim::Tex3D: return "3D";
    case Dim::Cube: case Dim::ArrayCube: return "Cube";
    default: return "2D";
  }
}

RequestSpec read_image_request(const Cursor& c, const TextureSpec& tex, Intrinsic op) {
  const bool load = op == Intrinsic::image_load, store = op == Intrinsic::image_store;
  const bool cas = op == Intrinsic::image_atomic_comp_swap;
  const std::string_view opname = ir::name(op);
  if (load) c.object({"op", "name", "coords"});
  else if (store) c.object({"op", "name", "coords", "value"});
  else if (cas) c.object({"op", "name", "coords", "compare", "data"});
  else c.object({"op", "name", "coords", "data"});
  const texunit::TextureHeader& h = tex.header;
  if (h.multisample != 0) c.at("op").fail(fmt::format("{} on a multisampled texture is not modelled", opname));
  // What the surfaces take (texunit/surface_access.h, ir/interp/image.cpp), checked here so that a read spec runs.
  const texunit::LayoutInfo* layout = texunit::find_layout(h.components);
  if (layout && (layout->block_width != 1 || layout->block_height != 1))
    c.at("op").fail(fmt::format("{}: the format ({}) packs several texels into a block; images address single texels",
                                opname, layout->name));
  if (layout && !load && !store)
    if (const std::string why = texunit::image_atomic_format_error(opname, *layout); !why.empty()) c.at("op").fail(why);

  RequestSpec r;
  r.image = op;
  r.op = r.nir_op = ir::TexOp::txf;  // unused for image requests
  if (auto n = c.find("name")) r.name = n->string();
  const Dim d = tex::view_dim(h.type);
  r.is_array = texunit::is_array(d);
  r.image_dim = image_dim_name(h);
  const DataType type = h.types[0];
  // What comes back: the texel (image_load) or the old value (atomics), of the format's type; an atomic on a
  // float format returns the bits.
  r.dest_type = type == DataType::Sint ? ir::kInt32 : type == DataType::Uint || !load ? ir::kUint32 : ir::kFloat32;

  const Cursor cc = c.at("coords");
  if (cc.size() < 1 || cc.size() > texunit::kWarpSize)
    cc.fail(fmt::format("expected coordinates for 1 to 32 lanes, got {}", cc.size()));
  r.lanes = static_cast<unsigned>(cc.size());
  const ImageShape shape = image_shape(h);
  SourceSpec coord{ir::TexSrcType::coord, 4, {}};
  for (unsigned i = 0; i < r.lanes; ++i) {
    const Cursor lc = cc[i];
    lc.array_of(shape.count, fmt::format("{} integers for {} ({})", shape.count, shape.label, shape.names));
    for (unsigned a = 0; a < shape.count; ++a) coord.lanes[i][a] = static_cast<uint32_t>(lc[a].integer(INT32_MIN, INT32_MAX));
  }
  r.sources.push_back(coord);

  if (store) {
    SourceSpec value{ir::TexSrcType::coord, 4, {}};
    each_lane_vector(c.at("value"), r.lanes, [&](const Cursor& v, unsigned i) {
      v.array_of(4, fmt::format("4 {} (R, G, B, A)", type == DataType::Sint || type == DataType::Uint ? "integers" : "numbers"));
      for (unsigned k = 0; k < 4; ++k) value.lanes[i][k] = typed_bits(v[k], h.types[k]);
    });
    r.sources.push_back(value);
  }
  for (const char* key : {"compare", "data"}) {
    if (load || store || (!cas && key[0] == 'c')) continue;
    SourceSpec data{ir::TexSrcType::coord, 1, {}};
    each_lane(c.at(key), r.lanes, [&](const Cursor& v, unsigned i) { data.lanes[i][0] = typed_bits(v, type); });
    r.sources.push_back(data);
  }
  return r;
}

}  // namespace tmu::sample
