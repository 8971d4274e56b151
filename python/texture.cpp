// SPDX-License-Identifier: MIT
// The Python module's texture functions (README.md, "Python"): texture headers (TIC) and samplers (TSC) decoded
// into dicts named as a `tmu sample` spec names them, specs run through the texture unit with NumPy results, and
// `tmu render` into an array.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <array>
#include <bit>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

#include "bindings.h"
#include "common/input_file.h"
#include "ir/vocab.h"
#include "render/options.h"
#include "render/renderer.h"
#include "render/scene_file.h"
#include "render/texture_gen.h"
#include "sample/run_spec.h"
#include "sample/spec_names.h"
#include "sample/spec_reader.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"

namespace tmu::python {
namespace {

using namespace pybind11::literals;

// ---- Descriptors --------------------------------------------------------------------------------------------

// Eight 32-bit words: 32 bytes (little endian, as in GPU memory), or a sequence of 8 integers.
std::array<uint32_t, 8> descriptor_words(const py::object& words) {
  std::array<uint32_t, 8> out{};
  if (py::isinstance<py::bytes>(words) || py::isinstance<py::bytearray>(words) || py::isinstance<py::memoryview>(words)) {
    const Bytes bytes(words, "words");
    if (bytes.size() != sizeof out) throw Error(fmt::format("words: expected 32 bytes, got {}", bytes.size()));
    std::memcpy(out.data(), bytes.span().data(), sizeof out);
    return out;
  }
  if (!py::isinstance<py::sequence>(words) || py::isinstance<py::str>(words))
    throw py::type_error("words: expected 8 integers (a list, tuple or NumPy array) or 32 bytes");
  const auto sequence = py::reinterpret_borrow<py::sequence>(words);
  if (sequence.size() != out.size()) throw Error(fmt::format("words: expected 8 words, got {}", sequence.size()));
  for (std::size_t i = 0; i < out.size(); ++i) {
    const py::object item = sequence[i];
    PyObject* index = PyNumber_Index(item.ptr());
    if (index == nullptr) {
      PyErr_Clear();
      throw py::type_error(fmt::format("words[{}]: expected an integer", i));
    }
    const auto value = py::reinterpret_steal<py::int_>(index);
    if (value < py::int_(0) || value > py::int_(0xffffffffu))
      throw Error(fmt::format("words[{}]: {} is not a 32-bit word", i, py::repr(value).cast<std::string>()));
    out[i] = value.cast<uint32_t>();
  }
  return out;
}

template <typename T>
py::object name_or_code(std::span<const sample::Named<T>> names, T value) {
  if (auto n = sample::name_of(names, value)) return py::str(std::string(*n));
  return py::int_(static_cast<unsigned>(value));
}

// Fixed-point fields (s5.8, u4.8) as the numbers they are, which a spec takes.
double fixed8(int64_t raw) { return static_cast<double>(raw) / 256.0; }

py::dict decode_tic(const py::object& words) {
  const std::array<uint32_t, 8> w = descriptor_words(words);
  auto decoded = texunit::decode_header(std::span<const uint32_t, 8>(w));
  if (!decoded) throw Error(decoded.error());
  const texunit::TextureHeader& h = *decoded;
  using texunit::HeaderVersion;
  using texunit::TextureType;
  static constexpr sample::Named<HeaderVersion> kVersions[] = {
      {"1d_buffer", HeaderVersion::Buffer1D}, {"pitch_color_key", HeaderVersion::PitchColorKey},
      {"pitch", HeaderVersion::Pitch},         {"block_linear", HeaderVersion::BlockLinear},
      {"block_linear_color_key", HeaderVersion::BlockLinearColorKey}};
  // The spec's type names, and the two types a spec cannot ask for.
  py::object type = name_or_code<TextureType>(sample::kTypes, h.type);
  if (h.type == TextureType::Buffer1D) type = py::str("1d_buffer");
  if (h.type == TextureType::Tex2DNoMipmap) type = py::str("2d_no_mipmap");
  const texunit::LayoutInfo* layout = texunit::find_layout(h.components);
  py::list types, swizzle;
  for (unsigned c = 0; c < 4; ++c) {
    types.append(std::string(texunit::data_type_name(h.types[c])));
    swizzle.append(std::string(texunit::source_name(h.swizzle[c])));
  }
  return py::dict(
      "type"_a = type, "version"_a = name_or_code<HeaderVersion>(kVersions, h.version),
      "components"_a = layout ? py::object(py::str(std::string(layout->name))) : py::object(py::int_(h.components)),
      "types"_a = types, "swizzle"_a = swizzle, "srgb"_a = h.srgb, "pack_components"_a = h.pack_components,
      "address"_a = h.address, "pitch"_a = h.pitch, "width"_a = h.width, "height"_a = h.height, "depth"_a = h.depth,
      "levels"_a = h.max_mip_level + 1, "view_min_level"_a = h.view_min_level, "view_max_level"_a = h.view_max_level,
      "min_lod_clamp"_a = fixed8(h.min_lod_clamp), "mip_lod_bias"_a = fixed8(h.mip_lod_bias),
      "max_anisotropy"_a = texunit::anisotropy_ratio(h.max_anisotropy), "multisample"_a = h.multisample,
      "normalized_coords"_a = h.normalized_coords, "depth_texture"_a = h.depth_texture, "sparse"_a = h.sparse,
      "block_height_log2"_a = h.block_height_log2, "block_depth_log2"_a = h.block_depth_log2,
      "tile_width_gobs_log2"_a = h.tile_width_gobs_log2, "gob_depth_offset"_a = h.gob_depth_offset,
      "gob3d"_a = h.gob3d, "array_tile_alignment"_a = h.array_tile_alignment, "border_size"_a = h.border_size,
      "sector_promotion"_a = h.sector_promotion, "trilin_opt"_a = h.trilin_opt, "aniso_bias"_a = h.aniso_bias,
      "aniso_spread_max_log2"_a = h.aniso_spread_max_log2, "aniso_spread_scale"_a = h.aniso_spread_scale,
      "aniso_coarse_spread_modifier"_a = h.aniso_coarse_spread_modifier,
      "aniso_fine_spread_modifier"_a = h.aniso_fine_spread_modifier,
      "aniso_coarse_spread_func"_a = h.aniso_coarse_spread_func, "aniso_fine_spread_func"_a = h.aniso_fine_spread_func,
      "lod_aniso_quality"_a = h.lod_aniso_quality, "lod_aniso_quality2"_a = h.lod_aniso_quality2,
      "lod_iso_quality"_a = h.lod_iso_quality, "use_header_opt_control"_a = h.use_header_opt_control);
}

py::dict decode_tsc(const py::object& words) {
  const std::array<uint32_t, 8> w = descriptor_words(words);
  auto decoded = texunit::decode_sampler(std::span<const uint32_t, 8>(w));
  if (!decoded) throw Error(decoded.error());
  const texunit::Sampler& s = *decoded;
  using namespace sample;
  py::list border, border_floats;
  for (uint32_t b : s.border) {
    border.append(b);
    border_floats.append(std::bit_cast<float>(b));
  }
  return py::dict(
      "address_u"_a = name_or_code<AddressMode>(kAddressModes, s.address[0]),
      "address_v"_a = name_or_code<AddressMode>(kAddressModes, s.address[1]),
      "address_p"_a = name_or_code<AddressMode>(kAddressModes, s.address[2]), "depth_compare"_a = s.depth_compare,
      "depth_compare_func"_a = name_or_code<CompareFunc>(kCompareFuncs, s.compare),
      "srgb_conversion"_a = s.srgb_conversion, "max_anisotropy"_a = texunit::anisotropy_ratio(s.max_anisotropy),
      "mag_filter"_a = name_or_code<MagFilter>(kMagFilters, s.mag),
      "min_lod_clamp_behavior_for_nearest_mip"_a = s.min_lod_clamp_integer_only,
      "min_filter"_a = name_or_code<MinFilter>(kMinFilters, s.min),
      "mip_filter"_a = name_or_code<MipFilter>(kMipFilters, s.mip),
      "cubemap_interface_filtering"_a = name_or_code<uint8_t>(kCubeInterface, s.cube_interface),
      "reduction"_a = name_or_code<Reduction>(kReductions, s.reduction), "mip_lod_bias"_a = fixed8(s.mip_lod_bias),
      "float_coord_normalization"_a = name_or_code<bool>(kCoordNormalization, s.force_unnormalized),
      "trilin_opt"_a = s.trilin_opt, "min_lod_clamp"_a = fixed8(s.min_lod_clamp),
      "max_lod_clamp"_a = fixed8(s.max_lod_clamp),
      "srgb_border_color"_a = std::vector<unsigned>(s.srgb_border.begin(), s.srgb_border.end()),
      "border_color"_a = border_floats, "border_color_bits"_a = border);
}

// ---- Sample specs -------------------------------------------------------------------------------------------

template <typename T>
py::array_t<T> lane_array(const std::array<std::array<uint32_t, 4>, texunit::kWarpSize>& lanes, unsigned count,
                          unsigned components) {
  py::array_t<T> a({static_cast<py::ssize_t>(count), static_cast<py::ssize_t>(components)});
  auto out = a.template mutable_unchecked<2>();
  for (unsigned l = 0; l < count; ++l)
    for (unsigned c = 0; c < components; ++c) out(l, c) = std::bit_cast<T>(lanes[l][c]);
  return a;
}

py::array_t<uint32_t> words_array(const std::array<uint32_t, 8>& words) {
  return py::array_t<uint32_t>(static_cast<py::ssize_t>(words.size()), words.data());
}

// JSON text as given (str), or a dict's: NumPy arrays and scalars in it (coordinates, colours) as their lists and
// numbers. `what` names the argument in errors.
std::string json_text(const py::object& doc, const char* what) {
  if (py::isinstance<py::str>(doc)) return doc.cast<std::string>();
  const py::cpp_function plain([what](const py::object& o) -> py::object {
    if (py::hasattr(o, "tolist")) return o.attr("tolist")();
    throw py::type_error(fmt::format("{}: {} is not JSON", what, py::repr(o).cast<std::string>()));
  });
  return py::module_::import("json").attr("dumps")(doc, "default"_a = plain).cast<std::string>();
}

// A path-like argument as a path; None: the working directory.
std::filesystem::path path_of(const py::object& p) {
  if (p.is_none()) return std::filesystem::current_path();
  return std::filesystem::path(py::str(py::module_::import("os").attr("fspath")(p)).cast<std::string>());
}

py::dict run_sample(const py::object& spec, const std::string& policy_name, const py::object& base_dir) {
  const std::string text = json_text(spec, "spec");
  if (policy_name != "nvidia" && policy_name != "exact")
    throw Error(fmt::format("policy: '{}' is not nvidia or exact", policy_name));
  const std::filesystem::path dir = path_of(base_dir);
  auto parsed = sample::read_spec(text);
  if (!parsed) throw Error(parsed.error());
  const texunit::Policy policy = policy_name == "exact" ? texunit::Policy::float_exact() : texunit::Policy::nvidia();
  std::optional<Result<sample::Outcome>> outcome;
  std::string json;
  {
    py::gil_scoped_release unlocked;
    outcome.emplace(sample::run_spec(*parsed, dir, policy));
    if (*outcome) json = sample::results_json(*parsed, **outcome);
  }
  if (!*outcome) throw Error(outcome->error());
  const sample::Outcome& o = **outcome;
  // The names and instructions as `tmu sample` prints them; the values from the registers, exactly.
  const py::dict printed = py::module_::import("json").attr("loads")(json);
  py::list results;
  for (std::size_t i = 0; i < parsed->requests.size(); ++i) {
    const sample::RequestSpec& r = parsed->requests[i];
    const sample::RequestOutcome& ro = o.requests[i];
    const py::dict head = printed["results"].cast<py::list>()[i];
    py::object value;
    if (r.dest_type == ir::kFloat32) value = lane_array<float>(ro.result, r.lanes, ro.components);
    else if (r.dest_type == ir::kInt32) value = lane_array<int32_t>(ro.result, r.lanes, ro.components);
    else value = lane_array<uint32_t>(ro.result, r.lanes, ro.components);
    py::array_t<bool> resident(static_cast<py::ssize_t>(r.lanes));
    for (unsigned l = 0; l < r.lanes; ++l) resident.mutable_at(l) = ((ro.response.resident >> l) & 1) != 0;
    py::dict result("op"_a = head["op"], "name"_a = r.name, "instruction"_a = head["instruction"], "value"_a = value,
                    "bits"_a = lane_array<uint32_t>(ro.response.value, r.lanes, 4));
    result["resident"] = head["lanes"].cast<py::list>()[0].cast<py::dict>().contains("resident") ? py::object(resident) : py::none();
    results.append(result);
  }
  return py::dict("texture"_a = printed["texture"], "tic"_a = words_array(o.tic), "tsc"_a = words_array(o.tsc),
                  "results"_a = results, "json"_a = json);
}

// ---- Render -------------------------------------------------------------------------------------------------

// The scene: a file (os.PathLike), JSON text or a dict (files it names found from base_dir), or the default.
render::Scene scene_of(const py::object& scene, const py::object& base_dir) {
  if (scene.is_none()) return render::default_scene(640, 400);
  std::string text, name = "scene";
  std::filesystem::path dir = path_of(base_dir);
  if (py::isinstance(scene, py::module_::import("os").attr("PathLike"))) {
    const std::filesystem::path file = path_of(scene);
    auto bytes = read_input(file.string());
    if (!bytes) throw Error(bytes.error());
    text.assign(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    name = file.string();
    if (base_dir.is_none()) dir = file.parent_path();
  } else {
    text = json_text(scene, "scene");
  }
  auto s = render::read_scene(text, dir);
  if (!s) throw Error(name + ": " + s.error());
  return std::move(*s);
}

py::object run_render(std::optional<uint32_t> width, std::optional<uint32_t> height, std::optional<unsigned> msaa,
                      const std::optional<std::string>& filter, std::optional<unsigned> aniso, bool mip_view,
                      const py::object& program, const py::object& texture, const std::string& policy,
                      bool with_stats, const py::object& scene_arg, const py::object& base_dir) {
  if (policy != "nvidia" && policy != "exact") throw Error(fmt::format("policy: '{}' is not nvidia or exact", policy));
  render::Scene scene = scene_of(scene_arg, base_dir);
  // Arguments given override the scene's values.
  render::SceneOverrides over;
  over.width = width, over.height = height, over.samples = msaa, over.filter = filter, over.anisotropy = aniso;
  if (py::isinstance<py::str>(program)) {
    const std::string text = program.cast<std::string>();
    render::FragmentProgram code;
    auto set = render::set_program(code, "program", std::as_bytes(std::span(text)), false);
    if (!set) throw Error(set.error());
    over.program = std::move(code);
  } else if (!program.is_none()) {
    const Bytes blob(program, "program");
    render::FragmentProgram code;
    if (auto set = render::set_program(code, "program", blob.span(), true); !set) throw Error(set.error());
    over.program = std::move(code);
  }
  if (!texture.is_none()) {
    if (!py::isinstance<py::array>(texture)) throw py::type_error("texture: expected a NumPy array (height, width, 4) of uint8");
    const auto a = py::reinterpret_borrow<py::array>(texture);
    if (a.ndim() != 3 || a.shape(2) != 4 || !a.dtype().is(py::dtype::of<uint8_t>()) || a.shape(0) < 1 || a.shape(1) < 1)
      throw Error(fmt::format("texture: expected a (height, width, 4) array of uint8, got shape {} of {}",
                              std::string(py::str(a.attr("shape"))), std::string(py::str(a.dtype()))));
    const auto w = static_cast<uint64_t>(a.shape(1)), h = static_cast<uint64_t>(a.shape(0));
    render::SceneOverrides::Texture t{"texture", static_cast<uint32_t>(std::min<uint64_t>(w, UINT32_MAX)),
                                      static_cast<uint32_t>(std::min<uint64_t>(h, UINT32_MAX)), {}};
    // The texels are copied only when the size is one a texture takes (apply_overrides says what is wrong).
    if (w <= render::kMaxTextureSide && h <= render::kMaxTextureSide && w * h <= render::kMaxTexels) {
      const auto c = py::array_t<uint8_t, py::array::c_style>::ensure(a);
      t.rgba.assign(c.data(), c.data() + c.size());
    }
    over.texture = std::move(t);
  }
  over.mip_view = mip_view;
  if (auto e = render::apply_overrides(scene, std::move(over), "")) throw Error(e->message);

  render::RenderOptions options;
  options.policy = policy == "exact" ? texunit::Policy::float_exact() : texunit::Policy::nvidia();
  render::RenderStats stats;
  std::optional<Result<render::Image>> image;
  {
    py::gil_scoped_release unlocked;
    image.emplace(render::render(scene, options, stats));
  }
  if (!*image) throw Error(image->error());
  const render::Image& img = **image;
  py::array_t<uint8_t> out({static_cast<py::ssize_t>(img.height), static_cast<py::ssize_t>(img.width), py::ssize_t{4}});
  std::memcpy(out.mutable_data(), img.rgba.data(), img.rgba.size());
  if (!with_stats) return out;
  py::list hazards;
  for (const auto& h : stats.hazards) hazards.append(h.to_string());
  return py::make_tuple(out, py::dict("quads"_a = stats.quads, "warps"_a = stats.warps, "fragments"_a = stats.fragments,
                                      "warp_instructions"_a = stats.warp_instructions, "hazards"_a = hazards));
}

}  // namespace

void bind_texture(py::module_& m) {
  m.def("decode_tic", &decode_tic, "words"_a,
        R"(Decode a texture header (TIC): 8 32-bit words (a list, tuple or NumPy array) or its 32 bytes.

Returns a dict: type, components (the layout, e.g. "A8B8G8R8"), types and swizzle (per R, G, B, A and X, Y, Z,
W), srgb, version (the memory layout), address, width, height, depth, levels, ... (docs/texunit.md); fixed-point
fields (mip_lod_bias, min_lod_clamp) as numbers, max_anisotropy as the ratio. Raises tmu.Error naming the field
and its bits for an undefined value.)");
  m.def("decode_tsc", &decode_tsc, "words"_a,
        R"(Decode a sampler (TSC): 8 32-bit words or its 32 bytes.

Returns a dict keyed and valued as a `tmu sample` spec's "sampler" (address_u, mag_filter, ..., names in lower
case; mip_lod_bias and the LOD clamps as numbers, max_anisotropy as the ratio), with border_color as floats and
border_color_bits as the words. Raises tmu.Error for an undefined value.)");
  m.def("sample", &run_sample, "spec"_a, "policy"_a = "nvidia", "base_dir"_a = py::none(),
        R"(Run a `tmu sample` spec (a dict, or JSON text; docs/texunit.md "tmu sample") through the texture unit.

Returns a dict: "texture" (as `tmu sample` prints it), "tic" and "tsc" (the descriptors' words, uint32 arrays),
"results" (one dict per request: op, name, instruction, value: NIR's result as a (lanes, components) array of
float32, int32 or uint32 by the result type, bits: the registers as a (lanes, 4) uint32 array, resident: a bool
per lane for requests that read texels, else None) and "json" (the text `tmu sample` prints). policy: "nvidia"
or "exact"; base_dir: where relative texel files are (default: the working directory). Raises tmu.Error with
the spec's JSON path for bad input.)");
  m.def("render", &run_render, "width"_a = py::none(), "height"_a = py::none(), "msaa"_a = py::none(),
        "filter"_a = py::none(), "aniso"_a = py::none(), "mip_view"_a = false, "program"_a = py::none(),
        "texture"_a = py::none(), "policy"_a = "nvidia", "stats"_a = false, "scene"_a = py::none(),
        "base_dir"_a = py::none(),
        R"(Draw a scene as `tmu render` does and return the image as a (height, width, 4) uint8 array (RGBA, top row
first).

scene: a scene file (a path: os.PathLike), its JSON text (str) or a dict of the same (docs/render.md, "Scene
files"); default: the built-in floor (scenes/default.json). Files the scene names are found from base_dir
(default: the file's folder, or the working directory). The other arguments override the scene's values: width,
height (default 640x400), msaa (1, 2, 4 or 8); program: a fragment program for every draw as SASS text (str), or
bytes of a cubin (its first function) or of a raw SM52 blob; texture: a (height, width, 4) uint8 array for the
scene's one texture (mip levels box-filtered); filter: nearest, bilinear, trilinear or aniso, and aniso: 1, 2, 4,
6, 8, 10, 12 or 16, for every sampler; mip_view: colour each mip level flatly. stats=True returns (image, dict of quads, warps, fragments,
warp_instructions and the control-word hazards seen). Raises tmu.Error for bad input or a program that fails.)");
}

}  // namespace tmu::python
