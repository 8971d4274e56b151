// SPDX-License-Identifier: MIT
#include "texunit_gl_bridge.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>

#include "ir/tex.h"
#include "texunit/srgb.h"

namespace tmu::test {
namespace {

using texunit::AddressMode;
using texunit::DataType;
using texunit::Source;

// Each oracle format as a Maxwell component layout (format_table.inc) with its data type and the swizzle that
// makes it read as GL reads it: missing components 0, alpha 1, depth (d, 0, 0, 1). The oracle's upload layouts
// (gl_oracle_types.h) are exactly these layouts' bytes, so texels are copied unchanged.
struct FormatRow {
  gl::Format format;
  uint32_t components;
  DataType type;
  std::array<Source, 4> swizzle;
  bool srgb = false;
  bool depth = false;
};
constexpr Source R = Source::R, G = Source::G, B = Source::B, A = Source::A, Z = Source::Zero,
                 One = Source::OneFloat;
constexpr FormatRow kFormats[] = {
    {gl::Format::rgba8, 0x08, DataType::Unorm, {R, G, B, A}},  // A8B8G8R8
    {gl::Format::srgb8_alpha8, 0x08, DataType::Unorm, {R, G, B, A}, true},
    {gl::Format::rgba16f, 0x03, DataType::Float, {R, G, B, A}},  // R16_G16_B16_A16
    {gl::Format::rgba32f, 0x01, DataType::Float, {R, G, B, A}},  // R32_G32_B32_A32
    {gl::Format::r32f, 0x0f, DataType::Float, {R, Z, Z, One}},   // R32
    {gl::Format::rg8, 0x18, DataType::Unorm, {R, G, Z, One}},    // G8R8
    {gl::Format::r8, 0x1d, DataType::Unorm, {R, Z, Z, One}},     // R8
    {gl::Format::rgba16, 0x03, DataType::Unorm, {R, G, B, A}},
    {gl::Format::rgba8_snorm, 0x08, DataType::Snorm, {R, G, B, A}},
    {gl::Format::rgba8ui, 0x08, DataType::Uint, {R, G, B, A}},
    {gl::Format::rgba8i, 0x08, DataType::Sint, {R, G, B, A}},
    {gl::Format::rgba32ui, 0x01, DataType::Uint, {R, G, B, A}},
    {gl::Format::rgba32i, 0x01, DataType::Sint, {R, G, B, A}},
    {gl::Format::depth16, 0x3a, DataType::Unorm, {R, Z, Z, One}, false, true},    // Z16
    {gl::Format::depth24, 0x2a, DataType::Unorm, {R, Z, Z, One}, false, true},    // X8Z24: depth in 23:0
    {gl::Format::depth32f, 0x2f, DataType::Float, {R, Z, Z, One}, false, true},   // ZF32
    {gl::Format::r11g11b10f, 0x21, DataType::Float, {R, G, B, One}},              // BF10GF11RF11
    {gl::Format::rgb9e5, 0x20, DataType::Float, {R, G, B, One}},                  // E5B9G9R9_SHAREDEXP
};

const FormatRow* find_format(gl::Format f) {
  for (const FormatRow& r : kFormats)
    if (r.format == f) return &r;
  return nullptr;
}

texunit::TextureType texture_type(gl::Target t) {
  using TT = texunit::TextureType;
  switch (t) {
    case gl::Target::tex1d: return TT::Tex1D;
    case gl::Target::tex2d: return TT::Tex2D;
    case gl::Target::tex3d: return TT::Tex3D;
    case gl::Target::cube: return TT::Cube;
    case gl::Target::tex1d_array: return TT::Array1D;
    case gl::Target::tex2d_array: return TT::Array2D;
    case gl::Target::cube_array: return TT::ArrayCube;
  }
  return TT::Tex2D;
}

AddressMode address_mode(gl::Wrap w) {
  // GL_MIRROR_CLAMP_TO_EDGE is Maxwell's MIRROR_ONCE_CLAMP_TO_EDGE; GL core has no GL_CLAMP (CLAMP_OGL).
  constexpr AddressMode k[] = {AddressMode::Wrap, AddressMode::Mirror, AddressMode::ClampToEdge,
                               AddressMode::Border, AddressMode::MirrorOnceClampToEdge};
  return k[static_cast<int>(w)];
}

// A GL LOD value as the sampler's u4.8 clamp (rounded to nearest, saturated to [0, 4095/256]).
uint32_t u4_8(float v) {
  return static_cast<uint32_t>(std::clamp(std::nearbyint(static_cast<double>(v) * 256), 0.0, 4095.0));
}

uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }

// Saturating float -> u16 conversion of an array layer, as the compiler emits it.
uint16_t layer_operand(float z, BridgeOptions::LayerRounding r) {
  if (std::isnan(z)) return 0;
  const double v = r == BridgeOptions::LayerRounding::NearestEven ? std::nearbyint(static_cast<double>(z))
                                                                  : std::floor(static_cast<double>(z) + 0.5);
  return static_cast<uint16_t>(std::clamp(v, 0.0, 65535.0));
}

// How many components of the GL coordinate address the texture (the rest is the layer).
unsigned coordinate_components(gl::Target t) { return texunit::coordinate_count(tmu_dim(t)); }

}  // namespace

texunit::Dim tmu_dim(gl::Target t) { return tex::view_dim(texture_type(t)); }

Result<texunit::TextureHeader> tmu_header(const gl::Texture& t) {
  const FormatRow* f = find_format(t.format);
  if (!f) return make_error(fmt::format("no Maxwell layout for oracle format {}", gl::name(t.format)));
  if (t.levels.empty() || t.levels.size() > texunit::kMaxLevels)
    return make_error(fmt::format("texture with {} levels", t.levels.size()));
  texunit::TextureHeader h;
  h.components = f->components;
  h.types = {f->type, f->type, f->type, f->type};
  const bool integer = f->type == DataType::Sint || f->type == DataType::Uint;
  for (unsigned i = 0; i < 4; ++i) {
    // The GL texture swizzle picks among the format's GL components (R, G, B, A as read) or constants.
    switch (t.swizzle[i]) {
      case gl::Swizzle::zero: h.swizzle[i] = Source::Zero; break;
      case gl::Swizzle::one: h.swizzle[i] = integer ? Source::OneInt : Source::OneFloat; break;
      default: h.swizzle[i] = f->swizzle[static_cast<unsigned>(t.swizzle[i])]; break;
    }
    // The format's own "1" for alpha is integer one on integer formats.
    if (integer && h.swizzle[i] == Source::OneFloat) h.swizzle[i] = Source::OneInt;
  }
  h.srgb = f->srgb;
  h.depth_texture = f->depth;
  h.version = texunit::HeaderVersion::BlockLinear;
  h.type = texture_type(t.target);
  h.width = static_cast<uint32_t>(t.width);
  const bool one_d = t.target == gl::Target::tex1d || t.target == gl::Target::tex1d_array;
  h.height = one_d ? 1 : static_cast<uint32_t>(t.height);
  h.depth = t.target == gl::Target::tex3d ? static_cast<uint32_t>(t.depth)
            : gl::is_layered(t.target)    ? static_cast<uint32_t>(t.layers)  // cube arrays: cubes
                                          : 1;
  const auto last = static_cast<uint8_t>(t.levels.size() - 1);
  h.max_mip_level = last;
  // GL's BASE_LEVEL and MAX_LEVEL are the view's first and last level (NVK does the same, facts 2.2).
  h.view_min_level = static_cast<uint8_t>(std::clamp(t.base_level, 0, static_cast<int>(last)));
  h.view_max_level = t.max_level < 0 ? last : static_cast<uint8_t>(std::clamp(t.max_level, 0, static_cast<int>(last)));
  h.normalized_coords = true;
  return h;
}

texunit::Sampler tmu_sampler(const gl::Sampler& s, gl::Format f) {
  texunit::Sampler m;
  m.address = {address_mode(s.wrap_s), address_mode(s.wrap_t), address_mode(s.wrap_r)};
  m.depth_compare = s.compare;
  m.compare = static_cast<texunit::CompareFunc>(static_cast<int>(s.func));  // same order as GL's
  m.mag = s.mag == gl::Filter::linear ? texunit::MagFilter::Linear : texunit::MagFilter::Point;
  m.min = s.min == gl::Filter::linear ? texunit::MinFilter::Linear : texunit::MinFilter::Point;
  constexpr texunit::MipFilter mips[] = {texunit::MipFilter::None, texunit::MipFilter::Point,
                                         texunit::MipFilter::Linear};
  m.mip = mips[static_cast<int>(s.mip)];
  // GL's TEXTURE_MAX_ANISOTROPY (and CUDA's maxAnisotropy) above 1 makes a LINEAR minification anisotropic: the
  // largest MAX_ANISOTROPY ratio (1, 2, 4, 6, 8, 10, 12, 16) not above it.
  if (s.max_anisotropy > 1 && m.min == texunit::MinFilter::Linear) {
    m.min = texunit::MinFilter::Aniso;
    for (uint8_t code = 0; code < 8; ++code)
      if (static_cast<float>(texunit::anisotropy_ratio(code)) <= s.max_anisotropy) m.max_anisotropy = code;
  }
  // Cube maps: seamless is AUTO_SPAN_SEAM (2). Without it, Mesa (llvmpipe and softpipe alike, measured) clamps
  // each face to its edges whatever the wrap modes say, so the bridge asks for OVERRIDE_WRAP (1: clamp to edge)
  // rather than USE_WRAP (0). The sampler's wrap modes still apply to other targets.
  m.cube_interface = s.seamless_cube ? 2 : 1;
  m.mip_lod_bias = static_cast<int32_t>(std::clamp(std::nearbyint(static_cast<double>(s.lod_bias) * 256), -4096.0, 4095.0));
  m.min_lod_clamp = u4_8(s.min_lod);
  m.max_lod_clamp = u4_8(s.max_lod);
  m.srgb_conversion = f == gl::Format::srgb8_alpha8;
  if (gl::format_kind(f) == gl::Kind::floating) {
    for (unsigned c = 0; c < 4; ++c) m.border[c] = bits(s.border[c]);
    // sRGB textures take the border's R, G, B from the sampler's 8-bit sRGB border (NVK encodes the GL colour).
    for (unsigned c = 0; c < 3; ++c) m.srgb_border[c] = texunit::linear_to_srgb8(s.border[c]);
  } else {
    for (unsigned c = 0; c < 4; ++c) m.border[c] = static_cast<uint32_t>(s.border_int[c]);
  }
  return m;
}

Result<TmuGlTexture> TmuGlTexture::make(const gl::Texture& t, const gl::Sampler& s) {
  auto h = tmu_header(t);
  if (!h) return make_error(h.error());
  TmuGlTexture out;
  out.set_ = std::make_unique<texunit::TextureSet>(4, 8);
  auto index = out.set_->add_texture(*h);
  if (!index) return make_error(index.error());
  out.texture_ = *index;
  out.sampler_ = tmu_sampler(s, t.format);
  auto si = out.set_->add_sampler(out.sampler_);
  if (!si) return make_error(si.error());
  out.sampler_index_ = *si;
  texunit::Sampler no_compare = out.sampler_;
  no_compare.depth_compare = false;
  if (auto nc = out.set_->add_sampler(no_compare); !nc) return make_error(nc.error());
  for (bool compare : {true, false}) {  // samplers 2 and 3: USE_WRAP on non-seamless cube maps
    texunit::Sampler wrap = out.sampler_;
    wrap.depth_compare = wrap.depth_compare && compare;
    if (wrap.cube_interface == 1) wrap.cube_interface = 0;
    if (auto w = out.set_->add_sampler(wrap); !w) return make_error(w.error());
  }
  // Level data: faces (cube maps) and layers one after another; each is one tmu layer.
  const std::size_t slices =
      static_cast<std::size_t>(gl::faces(t.target)) * (gl::is_layered(t.target) ? static_cast<std::size_t>(t.layers) : 1);
  for (std::size_t l = 0; l < t.levels.size(); ++l) {
    const auto& data = t.levels[l];
    const std::size_t want = t.level_texels(static_cast<int>(l)) * gl::texel_bytes(t.format);
    if (data.size() != want)
      return make_error(fmt::format("level {} holds {} bytes, expected {}", l, data.size(), want));
    const std::size_t slice = data.size() / slices;
    for (std::size_t k = 0; k < slices; ++k) {
      auto w = out.set_->write_level(out.texture_, static_cast<unsigned>(l), static_cast<uint32_t>(k),
                                     std::span<const std::byte>(data.data() + k * slice, slice));
      if (!w) return make_error(fmt::format("level {} slice {}: {}", l, k, w.error()));
    }
  }
  out.gl_texture_.target = t.target;
  out.gl_texture_.format = t.format;
  out.gl_texture_.base_level = t.base_level;
  out.compare_ = s.compare;
  return out;
}

Result<gl::QueryResult> TmuGlTexture::run(const gl::Query& q, const texunit::Policy& policy,
                                          const BridgeOptions& options) const {
  using texunit::LodMode;
  using texunit::TexOp;
  const gl::Target target = gl_texture_.target;
  texunit::Request rq;
  rq.dim = tmu_dim(target);
  rq.active = 0xf;  // quad 0 only
  rq.ctm = 0xffffffff;
  rq.pixel_shader = true;
  const bool compare = compare_ && !options.no_compare;
  const uint32_t handle = texunit::TextureSet::handle(
      texture_, sampler_index_ + (compare_ && options.no_compare ? 1 : 0) + (options.cube_use_wrap ? 2 : 0));
  const unsigned n = coordinate_components(target);
  for (unsigned p = 0; p < 4; ++p) {
    texunit::Lane& lane = rq.lanes[p];
    lane.handle = handle;
    const gl::Vec4& c = q.coord[p];
    for (unsigned a = 0; a < n; ++a) lane.coord[a] = bits(c[a]);
    if (gl::is_layered(target)) lane.layer = layer_operand(c[n], options.layer_rounding);
    lane.dref = bits(q.ref);
  }
  // GL's offsets are within the instructions' ranges (MIN/MAX_PROGRAM_TEXEL_OFFSET -8..7, the gather offsets'
  // -32..31 on NVIDIA).
  auto offsets = [&] {
    rq.aoffi = q.has_offset;
    for (unsigned p = 0; p < 4; ++p)
      for (unsigned a = 0; a < 3; ++a) rq.lanes[p].offset[a] = static_cast<int8_t>(q.offset[a]);
  };
  switch (q.op) {
    case gl::Op::tex:
    case gl::Op::txb:
    case gl::Op::txl:
      rq.op = TexOp::Sample;
      rq.lod = q.op == gl::Op::tex ? LodMode::Implicit : q.op == gl::Op::txb ? LodMode::Bias : LodMode::Lod;
      for (unsigned p = 0; p < 4; ++p) rq.lanes[p].lod = bits(q.lod);
      rq.depth_compare = compare;
      offsets();
      break;
    case gl::Op::txd:
      rq.op = TexOp::Gradient;
      rq.depth_compare = compare;
      for (unsigned p = 0; p < 4; ++p)
        for (unsigned a = 0; a < 3; ++a) {
          rq.lanes[p].gradients[2 * a] = bits(q.ddx[a]);
          rq.lanes[p].gradients[2 * a + 1] = bits(q.ddy[a]);
        }
      offsets();
      break;
    case gl::Op::txf:
      rq.op = TexOp::Fetch;
      rq.lod = LodMode::Lod;
      rq.edge_clamp = options.fetch_edge_clamp;
      for (unsigned p = 0; p < 4; ++p) {
        texunit::Lane& lane = rq.lanes[p];
        for (unsigned a = 0; a < 3; ++a) lane.coord[a] = a < n ? static_cast<uint32_t>(q.icoord[a]) : 0;
        // TLD's layer: min(u32(layer), 0xffff), so negative layers are out of range (facts 2.5).
        if (gl::is_layered(target))
          lane.layer = static_cast<uint16_t>(std::min<uint32_t>(static_cast<uint32_t>(q.icoord[n]), 0xffff));
        lane.lod = static_cast<uint32_t>(q.ilod);
      }
      offsets();
      break;
    case gl::Op::tg4:
      rq.op = TexOp::Gather;
      rq.lod = LodMode::Zero;
      rq.component = static_cast<texunit::Component>(q.component & 3);
      rq.depth_compare = compare;
      if (q.has_offsets) {
        rq.ptp = true;
        for (unsigned p = 0; p < 4; ++p)
          for (unsigned t = 0; t < 4; ++t)
            for (unsigned a = 0; a < 2; ++a) rq.lanes[p].ptp[t][a] = static_cast<int8_t>(q.offsets[t][a]);
      } else if (q.has_offset) {
        offsets();
      }
      break;
    case gl::Op::lod:
      rq.op = TexOp::QueryLod;
      rq.lod = LodMode::Implicit;
      break;
    case gl::Op::txs:
    case gl::Op::query_levels:
      rq.op = TexOp::Query;
      rq.query = texunit::Query::Dimension;
      for (unsigned p = 0; p < 4; ++p) rq.lanes[p].lod = q.op == gl::Op::txs ? static_cast<uint32_t>(q.ilod) : 0;
      break;
    case gl::Op::txf_ms:
      return make_error("txf_ms: the GL oracle cannot upload multisample texels (docs/gl-oracle.md)");
  }
  texunit::TextureUnit unit(set_->bindings(), policy);
  texunit::Response resp;
  unit.run(rq, resp);
  gl::QueryResult out;
  for (unsigned p = 0; p < 4; ++p) {
    const auto& v = resp.value[p];
    gl::Texel& t = out.pixel[p];
    switch (q.op) {
      case gl::Op::txs: {
        // TXQ DIMENSION gives (width, height, depth or layers, levels); GL's textureSize has the components
        // of the target: a 1D array's layer count is TXQ's third word.
        std::array<uint32_t, 3> k{0, 1, 2};
        unsigned count = 2;
        switch (target) {
          case gl::Target::tex1d: count = 1; break;
          case gl::Target::tex1d_array: k = {0, 2, 2}; break;
          case gl::Target::tex2d:
          case gl::Target::cube: break;
          default: count = 3; break;
        }
        for (unsigned i = 0; i < count; ++i) t.bits[i] = v[k[i]];
        break;
      }
      case gl::Op::query_levels: t.bits = {v[3], 0, 0, 0}; break;
      case gl::Op::lod: {
        // TMML's registers as NIR's lod (the IR's conversion, NAK's): (absolute level, relative LOD). GL's
        // textureQueryLod, which the oracle answers, counts the level from the texture's base level.
        const auto lod = ir::lod_from_tmml(v[0], v[1]);
        const float abs = lod[0] - static_cast<float>(gl_texture_.base_level), rel = lod[1];
        t.bits = {bits(abs), bits(rel), 0, 0};
        break;
      }
      default:
        t.bits = v;
        // A comparing lookup (not a gather) returns one value: GL's (result, 0, 0, 0).
        if (compare && q.op != gl::Op::tg4 && q.op != gl::Op::txf) t.bits = {v[0], 0, 0, 0};
        break;
    }
  }
  return out;
}

namespace {
template <typename F>
void for_each_value(const gl::Texture& t, const gl::Sampler& s, F&& f) {
  auto h = tmu_header(t);
  if (!h) return;
  auto plan = texunit::FormatPlan::make(h->format());
  if (!plan) return;
  const std::size_t tb = gl::texel_bytes(t.format);
  for (const auto& level : t.levels)
    for (std::size_t i = 0; i + tb <= level.size(); i += tb) {
      const texunit::Texel x = texunit::decode_texel(*plan, std::span<const std::byte>(level.data() + i, tb));
      for (unsigned c = 0; c < 4; ++c) f(c, static_cast<double>(x.f(c)));
    }
  for (unsigned c = 0; c < 4; ++c) {
    f(c, static_cast<double>(s.border[c]));
    if (t.format == gl::Format::srgb8_alpha8 && c < 3)
      f(c, static_cast<double>(texunit::srgb8_to_linear(texunit::linear_to_srgb8(s.border[c]))));
  }
}
}  // namespace

std::array<double, 4> value_ranges(const gl::Texture& t, const gl::Sampler& s) {
  if (gl::format_kind(t.format) != gl::Kind::floating) return {};
  std::array<double, 4> lo, hi;
  lo.fill(INFINITY);
  hi.fill(-INFINITY);
  for_each_value(t, s, [&](unsigned c, double v) {
    lo[c] = std::min(lo[c], v);
    hi[c] = std::max(hi[c], v);
  });
  std::array<double, 4> r{};
  for (unsigned c = 0; c < 4; ++c) r[c] = hi[c] >= lo[c] ? hi[c] - lo[c] : 0;
  return r;
}

double max_magnitude(const gl::Texture& t, const gl::Sampler& s) {
  double m = 0;
  if (gl::format_kind(t.format) != gl::Kind::floating) return 0;
  for_each_value(t, s, [&](unsigned, double v) { m = std::max(m, std::fabs(v)); });
  return m;
}

}  // namespace tmu::test
