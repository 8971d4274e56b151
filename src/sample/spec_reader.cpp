// SPDX-License-Identifier: MIT
// The spec reader: JSON -> texture header, sampler and NIR texture requests (op, flags, each source per lane).
// The names a spec may use are tables here; docs/texunit.md ("tmu sample") lists them with their defaults.
#include "sample/spec_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <set>

#include "sample/image_request.h"
#include "sample/json_cursor.h"
#include "sample/spec_parts.h"
#include "texunit/multisample.h"
#include "texunit/surface_layout.h"

namespace tmu::sample {
namespace {

using nlohmann::json;
using texunit::AddressMode;
using texunit::CompareFunc;
using texunit::DataType;
using texunit::Dim;
using texunit::MagFilter;
using texunit::MinFilter;
using texunit::MipFilter;
using texunit::Reduction;
using texunit::Source;
using texunit::TextureType;

// ---- Names: sample/spec_names.h --------------------------------------------------------------------

// Data types, as format suffixes and in the object form ("SRGB" is UNORM with S_R_G_B_CONVERSION, suffix only).
constexpr Named<DataType> kDataTypes[] = {
    {"UNORM", DataType::Unorm},   {"SNORM", DataType::Snorm},
    {"SINT", DataType::Sint},     {"UINT", DataType::Uint},
    {"FLOAT", DataType::Float},   {"UNORM_FORCE_FP16", DataType::UnormForceFp16},
    {"SNORM_FORCE_FP16", DataType::SnormForceFp16},
};
constexpr Named<Source> kSources[] = {
    {"ZERO", Source::Zero}, {"R", Source::R}, {"G", Source::G}, {"B", Source::B},
    {"A", Source::A}, {"ONE_INT", Source::OneInt}, {"ONE_FLOAT", Source::OneFloat},
};
constexpr Named<bool> kMemory[] = {{"block_linear", false}, {"pitch", true}};
constexpr Named<TexelSource> kTexelSources[] = {
    {"checker", TexelSource::Checker}, {"gradient", TexelSource::Gradient}, {"noise", TexelSource::Noise},
    {"solid", TexelSource::Solid},     {"levels", TexelSource::Levels},     {"png", TexelSource::Png},
    {"raw", TexelSource::Raw},         {"flagstones", TexelSource::Flagstones},
};
constexpr Named<texunit::Component> kComponents[] = {
    {"r", texunit::Component::R}, {"g", texunit::Component::G}, {"b", texunit::Component::B}, {"a", texunit::Component::A}};

// ---- Requests: which keys each NIR op takes ----------------------------------------------------------------

enum Key : uint16_t {
  kCoords = 1 << 0, kLanes = 1 << 1, kDerivatives = 1 << 2, kBias = 1 << 3, kLod = 1 << 4, kOffset = 1 << 5,
  kGatherOffsets = 1 << 6, kComparator = 1 << 7, kComponent = 1 << 8, kMinLod = 1 << 9, kSample = 1 << 10,
};
constexpr Named<uint16_t> kKeys[] = {
    {"coords", kCoords}, {"lanes", kLanes},   {"ddx", kDerivatives},       {"ddy", kDerivatives},
    {"bias", kBias},     {"lod", kLod},       {"offset", kOffset},         {"offsets", kGatherOffsets},
    {"comparator", kComparator},              {"component", kComponent},   {"min_lod", kMinLod},
    {"sample", kSample},
};

struct OpRow {
  ir::TexOp op;  // named as Mesa prints it (ir::name)
  uint16_t keys;
};
constexpr OpRow kOps[] = {
    {ir::TexOp::tex, kCoords | kDerivatives | kOffset | kComparator | kMinLod},
    {ir::TexOp::txb, kCoords | kBias | kOffset | kComparator | kMinLod},
    {ir::TexOp::txl, kCoords | kLod | kOffset | kComparator},
    {ir::TexOp::txd, kCoords | kDerivatives | kOffset | kComparator},
    {ir::TexOp::txf, kCoords | kLod | kOffset},
    {ir::TexOp::txf_ms, kCoords | kSample},
    {ir::TexOp::tg4, kCoords | kOffset | kGatherOffsets | kComparator | kComponent},
    {ir::TexOp::txs, kLanes | kLod},
    {ir::TexOp::lod, kCoords},
    {ir::TexOp::query_levels, kLanes},
    {ir::TexOp::texture_samples, kLanes},
};

std::string key_list(uint16_t keys) {
  std::string out = "op, name";
  for (const auto& k : kKeys)
    if (keys & k.value) out += fmt::format(", {}", k.name);
  return out;
}

// ---- Texture shapes -------------------------------------------------------------------------------------------

// How errors name a texture of each coordinate description, and its coordinates.
struct ShapeNames {
  std::string_view label;
  std::string_view float_names, int_names;
};

ShapeNames names_of(Dim d) {
  switch (d) {
    case Dim::Tex1D: return {"a 1D texture", "s", "x"};
    case Dim::Array1D: return {"a 1D array texture", "s, layer", "x, layer"};
    case Dim::Tex3D: return {"a 3D texture", "s, t, r", "x, y, z"};
    case Dim::Cube: return {"a cube texture", "x, y, z", ""};
    case Dim::ArrayCube: return {"a cube array texture", "x, y, z, cube", ""};
    case Dim::Array2D: return {"a 2D array texture", "s, t, layer", "x, y, layer"};
    default: return {"a 2D texture", "s, t", "x, y"};
  }
}

// The coordinate description that reads a texture type (common/texture_vocab.h).
struct Shape : ShapeNames {
  unsigned coords;  // coordinates before the layer (cube maps: a direction)
  bool array;
  bool cube;
};

Shape shape_of(TextureType t) {
  const Dim d = tex::view_dim(t);
  return {names_of(d), coordinate_count(d), is_array(d), is_cube(d)};
}

// ---- Formats ------------------------------------------------------------------------------------------------

bool is_integer(DataType t) { return t == DataType::Sint || t == DataType::Uint; }

// The swizzle drivers use when a format does not say: present components as themselves, missing R, G, B read
// zero, a missing A reads one (ONE_INT for integer formats).
std::array<Source, 4> default_swizzle(const texunit::LayoutInfo& l, DataType type) {
  std::array<Source, 4> s{};
  for (unsigned c = 0; c < 3; ++c) s[c] = l.fields[c].present() ? static_cast<Source>(static_cast<unsigned>(Source::R) + c) : Source::Zero;
  s[3] = l.fields[3].present() ? Source::A : is_integer(type) ? Source::OneInt : Source::OneFloat;
  return s;
}

const texunit::LayoutInfo* layout_named(std::string_view name) {
  for (const auto& l : texunit::all_layouts())
    if (l.name == name) return &l;
  return nullptr;
}

texunit::FormatFields read_format(const Cursor& c) {
  texunit::FormatFields f;
  if (c.json().is_string()) {
    // LAYOUT_TYPE: the longest layout name that leaves a known type.
    const std::string s = c.string();
    for (const auto& l : texunit::all_layouts()) {
      if (s.size() <= l.name.size() + 1 || s.compare(0, l.name.size(), l.name) != 0 || s[l.name.size()] != '_') continue;
      const std::string_view suffix = std::string_view(s).substr(l.name.size() + 1);
      std::optional<DataType> type;
      if (suffix == "SRGB") {
        type = DataType::Unorm;
        f.srgb = true;
      }
      for (const auto& t : kDataTypes)
        if (t.name == suffix) type = t.value;
      if (!type) continue;
      f.components = l.code;
      f.types = {*type, *type, *type, *type};
      f.swizzle = default_swizzle(l, *type);
      return f;
    }
    c.fail(fmt::format("unknown format \"{}\": write LAYOUT_TYPE, e.g. A8B8G8R8_UNORM, R32_FLOAT, R16_G16_SINT, "
                       "A8B8G8R8_SRGB (layouts: docs/formats.md; types: UNORM, SNORM, SINT, UINT, FLOAT, "
                       "UNORM_FORCE_FP16, SNORM_FORCE_FP16, SRGB), or an object {{\"layout\", \"types\", \"swizzle\", \"srgb\"}}",
                       s));
  }
  c.object({"layout", "types", "swizzle", "srgb"});
  const Cursor lc = c.at("layout");
  const texunit::LayoutInfo* l = layout_named(lc.string());
  if (!l) lc.fail(fmt::format("unknown layout \"{}\" (docs/formats.md lists them)", lc.string()));
  f.components = l->code;
  if (auto t = c.find("types")) {
    if (t->is_array()) {
      t->array_of(4, "4 data types (R, G, B, A)");
      for (unsigned i = 0; i < 4; ++i) f.types[i] = (*t)[i].pick<DataType>(kDataTypes);
    } else {
      const DataType d = t->pick<DataType>(kDataTypes);
      f.types = {d, d, d, d};
    }
  }
  f.swizzle = default_swizzle(*l, f.types[0]);
  if (auto s = c.find("swizzle")) {
    s->array_of(4, "4 sources (X, Y, Z, W)");
    for (unsigned i = 0; i < 4; ++i) f.swizzle[i] = (*s)[i].pick<Source>(kSources);
  }
  if (auto s = c.find("srgb")) f.srgb = s->boolean();
  return f;
}

std::string format_label(const Cursor& c, const texunit::FormatFields& f) {
  if (c.json().is_string()) return c.string();
  return fmt::format("{} {}/{}/{}/{}", texunit::find_layout(f.components)->name, texunit::data_type_name(f.types[0]),
                     texunit::data_type_name(f.types[1]), texunit::data_type_name(f.types[2]),
                     texunit::data_type_name(f.types[3]));
}

// ---- Texture ------------------------------------------------------------------------------------------------

unsigned full_chain(uint32_t largest) { return static_cast<unsigned>(std::bit_width(largest)); }

std::array<double, 4> read_color(const Cursor& c, const texunit::FormatPlan& plan) {
  c.array_of(4, "4 numbers (R, G, B, A)");
  std::array<double, 4> v{};
  for (unsigned i = 0; i < 4; ++i)
    v[i] = is_integer(plan.type(i)) && plan.layout().fields[i].present()
               ? static_cast<double>(c[i].integer(INT32_MIN, UINT32_MAX))
               : c[i].real();
  return v;
}

Texels read_texels(const Cursor& c, const texunit::FormatPlan& plan, unsigned levels) {
  Texels t;
  if (!c.json().is_object()) c.fail(fmt::format("expected an object, got {}", json_kind(c.json())));
  if (auto s = c.find("source")) t.source = s->pick<TexelSource>(kTexelSources);
  switch (t.source) {
    case TexelSource::Checker: {
      c.object({"source", "cell", "colors"});
      if (auto cell = c.find("cell")) t.cell = static_cast<uint32_t>(cell->integer(1, 65536));
      t.colors = {{0, 0, 0, 1}, {1, 1, 1, 1}};
      if (auto cs = c.find("colors")) {
        cs->array_of(2, "2 colours");
        for (unsigned i = 0; i < 2; ++i) t.colors[i] = read_color((*cs)[i], plan);
      }
      break;
    }
    case TexelSource::Gradient:
    case TexelSource::Flagstones: c.object({"source"}); break;
    case TexelSource::Noise:
      c.object({"source", "seed"});
      if (auto s = c.find("seed")) t.seed = static_cast<uint64_t>(s->integer(0, INT64_MAX));
      break;
    case TexelSource::Solid:
      c.object({"source", "color"});
      t.colors = {read_color(c.at("color"), plan)};
      break;
    case TexelSource::Levels:
      c.object({"source", "colors"});
      if (auto cs = c.find("colors")) {
        cs->array_of(levels, fmt::format("one colour per level ({})", levels));
        for (unsigned i = 0; i < levels; ++i) t.colors.push_back(read_color((*cs)[i], plan));
      }
      break;
    case TexelSource::Png:
    case TexelSource::Raw: {
      c.object({"source", "file"});
      const Cursor f = c.at("file");
      t.file = f.string();
      if (t.file.empty() || t.file.find('\0') != std::string::npos) f.fail("expected a file name");
      break;
    }
  }
  return t;
}

// "samples": samples per pixel (MULTI_SAMPLE_COUNT). Multisampled textures are 2d or 2d_array with one level,
// as TLD.MS (2D, ARRAY_2D, .LZ: seed 001) and GL/Vulkan multisample images are.
uint8_t read_samples(const Cursor& c, TextureType type, unsigned levels) {
  const int64_t n = c.integer(INT32_MIN, INT32_MAX);
  const auto mode = n >= 1 ? texunit::plain_mode_for_samples(static_cast<uint32_t>(n)) : std::nullopt;
  if (!mode)
    c.fail(fmt::format("expected 1, 2, 4, 8 or 16 (MULTI_SAMPLE_COUNT modes 1X1, 2X1, 2X2, 4X2, 4X4), got {}", n));
  if (n > 1 && type != TextureType::Tex2D && type != TextureType::Array2D)
    c.fail(fmt::format("multisampled textures are 2d or 2d_array, not {}", shape_of(type).label));
  if (n > 1 && levels != 1) c.fail(fmt::format("multisampled textures have one level, not {}", levels));
  return *mode;
}

TextureSpec read_texture_at(const Cursor& c) {
  c.object({"type", "format", "width", "height", "depth", "layers", "levels", "memory", "pitch", "block_height",
            "block_depth", "base_level", "max_level", "min_lod_clamp", "normalized_coords", "texels",
            "nonresident_pages", "samples"});
  TextureSpec t;
  texunit::TextureHeader& h = t.header;
  t.type = "2d";
  if (auto ty = c.find("type")) {
    h.type = ty->pick<TextureType>(kTypes);
    t.type = ty->string();
  } else {
    h.type = TextureType::Tex2D;
  }
  const Shape shape = shape_of(h.type);
  const bool one_d = shape.coords == 1;

  texunit::FormatFields f;
  if (auto fc = c.find("format")) {
    f = read_format(*fc);
    t.format = format_label(*fc, f);
  } else {
    f = {0x08, {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm},
         {Source::R, Source::G, Source::B, Source::A}, false};
    t.format = "A8B8G8R8_UNORM";
  }
  auto plan = texunit::FormatPlan::make(f);
  if (!plan) c.at("format").fail(plan.error());
  h.components = f.components;
  h.types = f.types;
  h.swizzle = f.swizzle;
  h.srgb = f.srgb;

  h.width = static_cast<uint32_t>(c.at("width").integer(1, 65536));
  h.height = shape.cube ? h.width : 1;
  if (auto hc = c.find("height")) {
    if (one_d) hc->fail("a 1D texture has no height");
    h.height = static_cast<uint32_t>(hc->integer(1, 65536));
    if (shape.cube && h.height != h.width) hc->fail(fmt::format("cube faces are square: height must be {}", h.width));
  }
  h.depth = 1;
  if (auto d = c.find("depth")) {
    if (h.type != TextureType::Tex3D) d->fail("depth applies to 3d textures (arrays have layers)");
    h.depth = static_cast<uint32_t>(d->integer(1, 16384));
  }
  if (auto l = c.find("layers")) {
    if (!shape.array) l->fail(fmt::format("layers apply to array textures, not to {}", shape.label));
    t.layers = static_cast<uint32_t>(l->integer(1, 16384));
    h.depth = t.layers;  // DEPTH_MINUS_ONE counts layers, and cubes of cube arrays (docs/texture-memory.md)
  }

  const uint32_t largest = std::max({h.width, h.height, h.type == TextureType::Tex3D ? h.depth : 1u});
  unsigned levels = 1;
  if (auto l = c.find("levels")) {
    const int64_t n = l->integer(1, 16);
    if (n > full_chain(largest))
      l->fail(fmt::format("a texture of {} texels has at most {} levels, got {}", largest, full_chain(largest), n));
    levels = static_cast<unsigned>(n);
  }
  h.max_mip_level = static_cast<uint8_t>(levels - 1);
  if (auto sc = c.find("samples")) h.multisample = read_samples(*sc, h.type, levels);

  bool pitch = false;
  if (auto m = c.find("memory")) {
    pitch = m->pick<bool>(kMemory);
    if (pitch && (levels != 1 || (h.type != TextureType::Tex1D && h.type != TextureType::Tex2D)))
      m->fail("pitch memory holds one level of a 1d or 2d texture");
    if (pitch && h.multisample != 0) m->fail("multisampled textures are block linear");
  }
  h.version = pitch ? texunit::HeaderVersion::Pitch : texunit::HeaderVersion::BlockLinear;
  const texunit::LayoutInfo& layout = plan->layout();
  if (pitch) {
    const uint64_t row = uint64_t{(h.width + layout.block_width - 1) / layout.block_width} * layout.block_bytes;
    h.pitch = static_cast<uint32_t>((row + 31) / 32 * 32);
    if (auto p = c.find("pitch")) {
      h.pitch = static_cast<uint32_t>(p->integer(32, 0xffff * 32));
      if (h.pitch % 32 != 0 || h.pitch < row)
        p->fail(fmt::format("the pitch is a multiple of 32 bytes holding a row of {} bytes", row));
    }
    if (h.pitch > 0xffff * 32) c.fail(fmt::format("a row of {} bytes is too long for a pitch texture", row));
  } else if (auto p = c.find("pitch")) {
    p->fail("pitch applies to \"memory\": \"pitch\"");
  }
  auto gobs = [&](std::string_view key, uint8_t dflt) -> uint8_t {
    auto g = c.find(key);
    if (!g) return dflt;
    if (pitch) g->fail(fmt::format("{} applies to block-linear memory", key));
    const int64_t n = g->integer(1, 32);
    if (!std::has_single_bit(static_cast<uint64_t>(n))) g->fail("expected a power of two: 1, 2, 4, 8, 16 or 32 GOBs");
    return static_cast<uint8_t>(std::countr_zero(static_cast<uint64_t>(n)));
  };
  h.block_height_log2 = gobs("block_height", 4);
  h.block_depth_log2 = gobs("block_depth", 0);

  h.view_min_level = 0;
  h.view_max_level = static_cast<uint8_t>(levels - 1);
  if (auto b = c.find("base_level")) h.view_min_level = static_cast<uint8_t>(b->integer(0, levels - 1));
  if (auto m = c.find("max_level")) h.view_max_level = static_cast<uint8_t>(m->integer(h.view_min_level, levels - 1));
  if (auto m = c.find("min_lod_clamp")) h.min_lod_clamp = static_cast<uint32_t>(m->fixed(8, 0, 4095.0 / 256));
  if (auto n = c.find("normalized_coords")) h.normalized_coords = n->boolean();

  // Texture memory: refuse what would exceed the limit before anything is allocated. The first estimate (no
  // padding) keeps SurfaceLayout's arithmetic in range; the layout then gives the real size.
  const uint64_t faces = uint64_t{shape.cube ? 6u : 1u} * t.layers;
  const uint64_t texels = uint64_t{h.width} * h.height * (h.type == TextureType::Tex3D ? h.depth : 1) * faces *
                         texunit::sample_grid(h).count();
  const uint64_t estimate = texels * layout.block_bytes / (uint64_t{layout.block_width} * layout.block_height);
  auto too_big = [&](uint64_t bytes) {
    c.fail(fmt::format("the texture needs {} bytes of texture memory, more than the limit of {} MiB", bytes,
                       kMaxTextureBytes >> 20));
  };
  if (estimate > kMaxTextureBytes) too_big(estimate);
  auto surface = texunit::SurfaceLayout::make(h, layout);
  if (!surface) c.fail(surface.error());
  if (surface->size_bytes() > kMaxTextureBytes) too_big(surface->size_bytes());

  if (auto np = c.find("nonresident_pages")) {
    const uint64_t pages = (surface->size_bytes() + texunit::GpuMemory::kPageSize - 1) / texunit::GpuMemory::kPageSize;
    if (np->size() > pages) np->fail(fmt::format("the texture has {} pages of 64 KiB, got {}", pages, np->size()));
    for (std::size_t i = 0; i < np->size(); ++i)
      t.nonresident_pages.push_back(static_cast<uint64_t>((*np)[i].integer(0, static_cast<int64_t>(pages) - 1)));
    h.sparse = true;
  }

  if (auto tx = c.find("texels")) t.texels = read_texels(*tx, *plan, levels);
  else t.texels.colors = {{0, 0, 0, 1}, {1, 1, 1, 1}};
  return t;
}

// ---- Sampler ------------------------------------------------------------------------------------------------

texunit::Sampler read_sampler_at(const std::optional<Cursor>& c, const texunit::FormatPlan& plan) {
  texunit::Sampler s;
  s.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Wrap};
  s.mag = MagFilter::Point;
  s.min = MinFilter::Point;
  s.mip = MipFilter::None;
  s.max_lod_clamp = 0xfff;
  if (!c) return s;
  c->object({"address_u", "address_v", "address_p", "depth_compare", "depth_compare_func", "srgb_conversion",
             "max_anisotropy", "mag_filter", "min_lod_clamp_behavior_for_nearest_mip", "min_filter", "mip_filter",
             "cubemap_interface_filtering", "reduction", "mip_lod_bias", "float_coord_normalization", "trilin_opt",
             "min_lod_clamp", "max_lod_clamp", "srgb_border_color", "border_color"});
  const std::string_view axes[3] = {"address_u", "address_v", "address_p"};
  for (unsigned a = 0; a < 3; ++a)
    if (auto m = c->find(axes[a])) s.address[a] = m->pick<AddressMode>(kAddressModes);
  if (auto v = c->find("depth_compare")) s.depth_compare = v->boolean();
  if (auto v = c->find("depth_compare_func")) s.compare = v->pick<CompareFunc>(kCompareFuncs);
  if (auto v = c->find("srgb_conversion")) s.srgb_conversion = v->boolean();
  if (auto v = c->find("max_anisotropy")) {
    const int64_t r = v->integer(1, 16);
    const auto* code = std::find(std::begin(kAnisotropyRatios), std::end(kAnisotropyRatios), r);
    if (code == std::end(kAnisotropyRatios))
      v->fail(fmt::format("MAX_ANISOTROPY holds the ratios 1, 2, 4, 6, 8, 10, 12, 16; got {}", r));
    s.max_anisotropy = static_cast<uint8_t>(code - std::begin(kAnisotropyRatios));
  }
  if (auto v = c->find("mag_filter")) s.mag = v->pick<MagFilter>(kMagFilters);
  if (auto v = c->find("min_lod_clamp_behavior_for_nearest_mip")) s.min_lod_clamp_integer_only = v->boolean();
  if (auto v = c->find("min_filter")) s.min = v->pick<MinFilter>(kMinFilters);
  if (auto v = c->find("mip_filter")) s.mip = v->pick<MipFilter>(kMipFilters);
  if (auto v = c->find("cubemap_interface_filtering")) s.cube_interface = v->pick<uint8_t>(kCubeInterface);
  if (auto v = c->find("reduction")) s.reduction = v->pick<Reduction>(kReductions);
  if (auto v = c->find("mip_lod_bias")) s.mip_lod_bias = static_cast<int32_t>(v->fixed(8, -16, 4095.0 / 256));
  if (auto v = c->find("float_coord_normalization")) s.force_unnormalized = v->pick<bool>(kCoordNormalization);
  if (auto v = c->find("trilin_opt")) s.trilin_opt = static_cast<uint8_t>(v->integer(0, 31));
  if (auto v = c->find("min_lod_clamp")) s.min_lod_clamp = static_cast<uint32_t>(v->fixed(8, 0, 4095.0 / 256));
  if (auto v = c->find("max_lod_clamp")) s.max_lod_clamp = static_cast<uint32_t>(v->fixed(8, 0, 4095.0 / 256));
  if (auto v = c->find("srgb_border_color")) {
    v->array_of(3, "3 bytes (R, G, B)");
    for (unsigned i = 0; i < 3; ++i) s.srgb_border[i] = static_cast<uint8_t>((*v)[i].integer(0, 255));
  }
  if (auto v = c->find("border_color")) {
    // Floats for float and normalized components, integers (register bits) for SINT and UINT ones.
    v->array_of(4, "4 numbers (R, G, B, A)");
    for (unsigned i = 0; i < 4; ++i)
      s.border[i] = is_integer(plan.type(i))
                        ? static_cast<uint32_t>((*v)[i].integer(INT32_MIN, UINT32_MAX))
                        : std::bit_cast<uint32_t>((*v)[i].number());
  }
  return s;
}

// ---- Requests -----------------------------------------------------------------------------------------------

uint32_t f32_bits(const Cursor& c) { return std::bit_cast<uint32_t>(c.number()); }
uint32_t int_bits(int64_t v) { return static_cast<uint32_t>(static_cast<int32_t>(v)); }

// The sampler dim a texture's type gives NIR's instructions (glsl_sampler_dim): 1D, 2D, 3D, CUBE, and MS for a
// multisampled 2D texture, as GLSL's sampler2DMS.
ir::SamplerDim sampler_dim_of(const texunit::TextureHeader& h) {
  switch (tex::view_dim(h.type)) {
    case Dim::Tex1D: case Dim::Array1D: return ir::SamplerDim::Dim1D;
    case Dim::Tex3D: return ir::SamplerDim::Dim3D;
    case Dim::Cube: case Dim::ArrayCube: return ir::SamplerDim::Cube;
    default: return h.multisample != 0 ? ir::SamplerDim::MS : ir::SamplerDim::Dim2D;
  }
}

// The ops whose sampler compares depth when it has depth_compare (the others read no sampler or no texels).
bool takes_sampler(ir::TexOp op) {
  using ir::TexOp;
  return op == TexOp::tex || op == TexOp::txb || op == TexOp::txl || op == TexOp::txd || op == TexOp::tg4;
}

SourceSpec& add_source(RequestSpec& r, ir::TexSrcType type, unsigned components) {
  r.sources.push_back(SourceSpec{type, components, {}});
  return r.sources.back();
}

RequestSpec read_request(const Cursor& c, const TextureSpec& tex, const texunit::Sampler& smp) {
  using ir::TexOp;
  using ir::TexSrcType;
  if (!c.json().is_object()) c.fail(fmt::format("expected an object, got {}", json_kind(c.json())));
  const Cursor opc = c.at("op");
  const std::string opname = opc.string();
  if (const auto image = image_op_named(opname)) return read_image_request(c, tex, *image);
  const OpRow* row = nullptr;
  for (const auto& r : kOps)
    if (ir::name(r.op) == opname) row = &r;
  if (!row) {
    std::string list;
    for (const auto& r : kOps) list += fmt::format("{}{}", list.empty() ? "" : ", ", ir::name(r.op));
    opc.fail(fmt::format("unknown op \"{}\" (expected one of: {}, {})", opname, list, image_op_names()));
  }
  for (const auto& [key, value] : c.json().items()) {
    if (key == "op" || key == "name" || key == "comment") continue;
    const Named<uint16_t>* k = nullptr;
    for (const auto& n : kKeys)
      if (n.name == key) k = &n;
    if (!k) c.fail(fmt::format("unknown key \"{}\" ({} takes: {})", key, opname, key_list(row->keys)));
    if (!(k->value & row->keys)) c.fail(fmt::format("\"{}\" does not apply to {} (it takes: {})", key, opname, key_list(row->keys)));
  }
  RequestSpec r;
  r.op = r.nir_op = row->op;
  if (auto n = c.find("name")) r.name = n->string();
  const Shape shape = shape_of(tex.header.type);
  r.sampler_dim = sampler_dim_of(tex.header);
  r.is_array = shape.array;
  // dest_type: sizes and counts are int32, LODs float32, texels of the format's first component's type.
  if (row->op == TexOp::txs || row->op == TexOp::query_levels || row->op == TexOp::texture_samples)
    r.dest_type = ir::kInt32;
  else if (row->op != TexOp::lod && tex.header.types[0] == DataType::Sint)
    r.dest_type = ir::kInt32;
  else if (row->op != TexOp::lod && tex.header.types[0] == DataType::Uint)
    r.dest_type = ir::kUint32;

  // How many lanes.
  unsigned n = 1;
  if (row->keys & kCoords) {
    const Cursor cc = c.at("coords");
    if (cc.size() < 1 || cc.size() > texunit::kWarpSize)
      cc.fail(fmt::format("expected coordinates for 1 to 32 lanes, got {}", cc.size()));
    n = static_cast<unsigned>(cc.size());
  } else {
    const auto lod = c.find("lod");
    if (lod && lod->is_array()) n = static_cast<unsigned>(std::clamp<std::size_t>(lod->size(), 1, texunit::kWarpSize));
    if (auto l = c.find("lanes")) {
      const auto want = static_cast<unsigned>(l->integer(1, texunit::kWarpSize));
      if (lod && lod->is_array() && want != lod->size())
        l->fail(fmt::format("{} lanes, but lod has {} values", want, lod->size()));
      n = want;
    }
  }
  r.lanes = n;

  const bool derivatives = c.has("ddx") || c.has("ddy");
  // NIR's tex has no derivative sources: with ddx and ddy it is a txd.
  if (row->op == TexOp::tex && derivatives) r.nir_op = TexOp::txd;
  // TLD.LZ.MS (seed 001: .MS goes with .LZ and 2D or ARRAY_2D only).
  if (row->op == TexOp::txf_ms && tex.header.type != TextureType::Tex2D && tex.header.type != TextureType::Array2D)
    opc.fail(fmt::format("txf_ms applies to 2d and 2d_array textures, not to {}", shape.label));

  if (row->keys & kCoords) {
    const Cursor cc = c.at("coords");
    const bool ints = row->op == TexOp::txf || row->op == TexOp::txf_ms;
    if (ints && shape.cube) cc.fail("txf does not apply to cube textures (TLD has no cube form)");
    const bool implicit_lod = (row->op == TexOp::tex && !derivatives) || row->op == TexOp::txb || row->op == TexOp::lod;
    if (implicit_lod && n % 4 != 0)
      cc.fail(fmt::format("{} takes its LOD from quads of lanes (top-left, top-right, bottom-left, bottom-right): "
                          "give 4, 8, ... 32 coordinates, not {}{}",
                          opname, n, row->op == TexOp::tex ? ", or ddx and ddy" : ""));
    const unsigned count = shape.coords + (shape.array ? 1 : 0);
    const std::string what = fmt::format("{} {} for {} ({})", count, ints ? "integers" : "numbers", shape.label,
                                         ints ? shape.int_names : shape.float_names);
    SourceSpec& coord = add_source(r, TexSrcType::coord, count);
    for (unsigned i = 0; i < n; ++i) {
      const Cursor lc = cc[i];
      lc.array_of(count, what);
      for (unsigned a = 0; a < shape.coords; ++a)
        coord.lanes[i][a] = ints ? int_bits(lc[a].integer(INT32_MIN, INT32_MAX)) : f32_bits(lc[a]);
      // The layer as NIR holds it: a float for the sampling ops (the IR rounds it as NAK does), an integer for
      // the fetches.
      if (shape.array)
        coord.lanes[i][count - 1] = ints ? int_bits(lc[count - 1].integer(0, 65535)) : f32_bits(lc[count - 1]);
    }
  }

  if (derivatives) {
    const Cursor dx = c.at("ddx"), dy = c.at("ddy");
    const std::string what = fmt::format("{} numbers for {} ({})", shape.coords, shape.label,
                                         shape.cube ? "x, y, z" : shape.float_names.substr(0, 3 * shape.coords - 2));
    for (unsigned d = 0; d < 2; ++d) {
      SourceSpec& g = add_source(r, d == 0 ? TexSrcType::ddx : TexSrcType::ddy, shape.coords);
      each_lane_vector(d == 0 ? dx : dy, n, [&](const Cursor& v, unsigned i) {
        v.array_of(shape.coords, what);
        for (unsigned a = 0; a < shape.coords; ++a) g.lanes[i][a] = f32_bits(v[a]);
      });
    }
  } else if (row->op == TexOp::txd) {
    c.at("ddx");
  }

  if (auto b = c.find("bias")) {
    SourceSpec& bias = add_source(r, TexSrcType::bias, 1);
    each_lane(*b, n, [&](const Cursor& v, unsigned i) { bias.lanes[i][0] = f32_bits(v); });
  }
  if (auto l = c.find("lod")) {
    const bool ints = row->op == TexOp::txf || row->op == TexOp::txs;
    SourceSpec& lod = add_source(r, TexSrcType::lod, 1);
    each_lane(*l, n, [&](const Cursor& v, unsigned i) {
      lod.lanes[i][0] = ints ? int_bits(v.integer(0, INT32_MAX)) : f32_bits(v);
    });
  } else if (row->op == TexOp::txl) {
    c.at("lod");
  } else if (row->op == TexOp::txb) {
    c.at("bias");
  } else if (row->op == TexOp::txs) {
    add_source(r, TexSrcType::lod, 1);  // txs at level 0 of the view, as NIR builders make it (nir_txs_deref)
  }

  if (auto o = c.find("offset")) {
    if (shape.cube) o->fail("offsets do not apply to cube textures");
    if (c.has("offsets")) o->fail("give offset or offsets, not both");
    // AOFFI: u, v, w each -8..7 (TEX, TLD, TXD, seed 000), u, v each -32..31 (TLD4, lowering-facts 3.2).
    const bool gather = row->op == TexOp::tg4;
    if (gather && shape.coords != 2) o->fail("tg4 offsets apply to 2d textures");
    const int64_t lo = gather ? -32 : -8, hi = gather ? 31 : 7;
    const std::string what = fmt::format("{} integers ({})", shape.coords, std::string_view("u, v, w").substr(0, 3 * shape.coords - 2));
    SourceSpec& offset = add_source(r, TexSrcType::offset, shape.coords);
    each_lane_vector(*o, n, [&](const Cursor& v, unsigned i) {
      v.array_of(shape.coords, what);
      for (unsigned a = 0; a < shape.coords; ++a) offset.lanes[i][a] = int_bits(v[a].integer(lo, hi));
    });
  }
  if (auto o = c.find("offsets")) {
    // TLD4.PTP: one u, v pair per gathered texel, each -128..127, the same for every lane (NIR tg4_offsets).
    if (shape.coords != 2 || shape.cube) o->fail("tg4 offsets apply to 2d textures");
    o->array_of(4, "4 offsets [u, v], one per gathered texel");
    std::array<std::array<int8_t, 2>, 4> ptp{};
    for (unsigned t = 0; t < 4; ++t) {
      const Cursor p = (*o)[t];
      p.array_of(2, "2 integers (u, v)");
      for (unsigned a = 0; a < 2; ++a) ptp[t][a] = static_cast<int8_t>(p[a].integer(-128, 127));
    }
    r.tg4_offsets = ptp;
  }

  if (auto d = c.find("comparator")) {
    if (!smp.depth_compare) d->fail("the sampler does not compare depth: set \"depth_compare\": true in the sampler");
    r.is_shadow = true;
    SourceSpec& ref = add_source(r, TexSrcType::comparator, 1);
    each_lane(*d, n, [&](const Cursor& v, unsigned i) { ref.lanes[i][0] = f32_bits(v); });
  } else if (smp.depth_compare && takes_sampler(row->op)) {
    c.fail(fmt::format("the sampler compares depth (depth_compare): {} needs a comparator", opname));
  }
  if (auto v = c.find("component"))
    r.component = static_cast<uint8_t>(v->json().is_string() ? static_cast<unsigned>(v->pick<texunit::Component>(kComponents))
                                                             : static_cast<unsigned>(v->integer(0, 3)));
  if (auto v = c.find("sample")) {
    // The sample index (TLD.MS reads it as a u32); indices past the texture's samples read zeros.
    SourceSpec& ms = add_source(r, TexSrcType::ms_index, 1);
    each_lane(*v, n, [&](const Cursor& x, unsigned i) { ms.lanes[i][0] = static_cast<uint32_t>(x.integer(0, UINT32_MAX)); });
  } else if (row->op == TexOp::txf_ms) {
    c.at("sample");
  }
  if (auto m = c.find("min_lod")) {
    // A float in NIR; the spec keeps to what .LC's u4.8 field holds exactly.
    SourceSpec& clamp = add_source(r, TexSrcType::min_lod, 1);
    each_lane(*m, n, [&](const Cursor& v, unsigned i) {
      clamp.lanes[i][0] = std::bit_cast<uint32_t>(static_cast<float>(v.fixed(8, 0, 4095.0 / 256)) / 256.0f);
    });
  }
  return r;
}

// ---- The document -------------------------------------------------------------------------------------------

// Duplicate keys are an error (nlohmann keeps the last one silently). The parser's callback sees keys and
// values in order; a stack of open containers gives the path.
class DuplicateKeys {
 public:
  bool operator()(int depth, json::parse_event_t event, json& parsed) {
    if (depth > kMaxDepth) throw SpecError(fmt::format("JSON nesting deeper than {} levels", kMaxDepth));
    switch (event) {
      case json::parse_event_t::object_start: stack_.push_back({true, {}, 0, {}}); break;
      case json::parse_event_t::array_start: stack_.push_back({false, {}, 0, {}}); break;
      case json::parse_event_t::key: {
        Frame& f = stack_.back();
        std::string key = parsed.get<std::string>();
        if (!f.keys.insert(key).second) {
          std::string path;
          for (std::size_t i = 0; i + 1 < stack_.size(); ++i)
            path += stack_[i].object ? (path.empty() ? stack_[i].key : "." + stack_[i].key) : fmt::format("[{}]", stack_[i].index);
          throw SpecError(fmt::format("{}{}duplicate key \"{}\"", path, path.empty() ? "" : ": ", key));
        }
        f.key = std::move(key);
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!stack_.empty()) stack_.pop_back();
        next();
        break;
      case json::parse_event_t::value: next(); break;
    }
    return true;
  }

 private:
  static constexpr int kMaxDepth = 64;
  struct Frame {
    bool object;
    std::string key;
    std::size_t index;
    std::set<std::string> keys;
  };
  void next() {
    if (!stack_.empty() && !stack_.back().object) ++stack_.back().index;
  }
  std::vector<Frame> stack_;
};

}  // namespace

const SourceSpec* RequestSpec::source(ir::TexSrcType type) const {
  for (const SourceSpec& s : sources)
    if (s.type == type) return &s;
  return nullptr;
}

TextureSpec read_texture(const Cursor& texture) { return read_texture_at(texture); }

texunit::Sampler read_sampler(const std::optional<Cursor>& sampler, const TextureSpec& texture) {
  return read_sampler_at(sampler, *texunit::FormatPlan::make(texture.header.format()));
}

Result<json> parse_json(std::string_view text) {
  try {
    return json::parse(text.begin(), text.end(), DuplicateKeys());
  } catch (const SpecError& e) {
    return make_error(e.what());
  } catch (const json::exception& e) {
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 2: ..." without the bracket.
    if (const auto p = what.find("] "); what.starts_with("[json.exception") && p != std::string::npos) what.erase(0, p + 2);
    if (const auto* pe = dynamic_cast<const json::parse_error*>(&e)) return make_error(fmt::format("byte {}: {}", pe->byte, what));
    return make_error(what);
  }
}

Result<Spec> read_spec(std::string_view text) {
  auto root = parse_json(text);
  if (!root) return make_error(root.error());
  try {
    const Cursor c(*root, "");
    c.object({"texture", "sampler", "requests"});
    Spec s;
    s.texture = read_texture_at(c.at("texture"));
    const auto plan = texunit::FormatPlan::make(s.texture.header.format());
    s.sampler = read_sampler_at(c.find("sampler"), *plan);
    const Cursor rq = c.at("requests");
    if (rq.size() == 0) rq.fail("expected at least one request");
    for (std::size_t i = 0; i < rq.size(); ++i) s.requests.push_back(read_request(rq[i], s.texture, s.sampler));
    return s;
  } catch (const SpecError& e) {
    return make_error(e.what());
  }
}

}  // namespace tmu::sample
