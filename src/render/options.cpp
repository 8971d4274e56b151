// SPDX-License-Identifier: MIT
#include "render/options.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

#include "isa/cubin.h"
#include "render/texture_gen.h"

namespace tmu::render {

std::optional<std::string> check_frame(uint32_t width, uint32_t height, unsigned samples) {
  const uint64_t n = uint64_t{width} * height * samples;
  if (n <= kMaxSamples) return std::nullopt;
  return fmt::format("{}x{} at {} samples per pixel is {} samples; tmu render holds every sample in memory and takes "
                     "at most {} (4096x4096 at 4 samples)", width, height, samples, n, kMaxSamples);
}

std::optional<std::string> check_texture(std::string_view name, uint32_t width, uint32_t height) {
  if (width <= kMaxTextureSide && height <= kMaxTextureSide) return std::nullopt;
  return fmt::format("{}: {}x{}: textures take sides up to {} (a mipmapped 2D texture on SM 5.x)", name, width,
                     height, kMaxTextureSide);
}

namespace {

// The sampler modes of each filter name, and the TSC code of each anisotropy Maxwell has.
using FilterModes = std::tuple<texunit::MagFilter, texunit::MinFilter, texunit::MipFilter>;
const FilterModes* filter_modes(std::string_view filter) {
  using namespace texunit;
  static const std::map<std::string_view, FilterModes> kFilters{
      {"nearest", {MagFilter::Point, MinFilter::Point, MipFilter::None}},
      {"bilinear", {MagFilter::Linear, MinFilter::Linear, MipFilter::Point}},
      {"trilinear", {MagFilter::Linear, MinFilter::Linear, MipFilter::Linear}},
      {"aniso", {MagFilter::Linear, MinFilter::Aniso, MipFilter::Linear}},
  };
  auto f = kFilters.find(filter);
  return f == kFilters.end() ? nullptr : &f->second;
}
std::optional<uint8_t> anisotropy_code(unsigned anisotropy) {
  static const std::map<unsigned, uint8_t> kAniso{{1, 0}, {2, 1}, {4, 2}, {6, 3}, {8, 4}, {10, 5}, {12, 6}, {16, 7}};
  auto a = kAniso.find(anisotropy);
  return a == kAniso.end() ? std::nullopt : std::optional<uint8_t>(a->second);
}
std::string unknown_filter(std::string_view filter) {
  return fmt::format("unknown filter '{}' (nearest, bilinear, trilinear, aniso)", filter);
}
std::string unknown_anisotropy(unsigned anisotropy) {
  return fmt::format("anisotropy {} is not one Maxwell has (1, 2, 4, 6, 8, 10, 12, 16)", anisotropy);
}

}  // namespace

std::optional<std::string> apply_filter(std::string_view filter, unsigned anisotropy, texunit::Sampler& s) {
  const FilterModes* f = filter_modes(filter);
  if (!f) return unknown_filter(filter);
  const std::optional<uint8_t> a = anisotropy_code(anisotropy);
  if (!a) return unknown_anisotropy(anisotropy);
  std::tie(s.mag, s.min, s.mip) = *f;
  s.max_anisotropy = *a;
  return std::nullopt;
}

std::optional<OverrideError> apply_overrides(Scene& scene, SceneOverrides o, std::string_view prefix) {
  auto usage = [](std::string m) { return OverrideError{std::move(m), true}; };
  for (const auto& [side, name] : {std::pair{o.width, "width"}, std::pair{o.height, "height"}})
    if (side && (*side < 1 || *side > kMaxFrameSide))
      return usage(fmt::format("{}{}: {} is not in 1..{}", prefix, name, *side, kMaxFrameSide));
  if (o.samples && *o.samples != 1 && *o.samples != 2 && *o.samples != 4 && *o.samples != 8)
    return usage(fmt::format("{}msaa: {} is not 1, 2, 4 or 8", prefix, *o.samples));
  if (o.width) scene.width = *o.width;
  if (o.height) scene.height = *o.height;
  if (o.samples) scene.samples = *o.samples;
  if (auto e = check_frame(scene.width, scene.height, scene.samples)) return OverrideError{*e};
  if (o.filter || o.anisotropy) {
    const std::string filter = o.filter.value_or("aniso");
    const unsigned anisotropy = o.anisotropy.value_or(16);
    if (!filter_modes(filter)) return usage(fmt::format("{}filter: {}", prefix, unknown_filter(filter)));
    if (!anisotropy_code(anisotropy)) return usage(fmt::format("{}aniso: {}", prefix, unknown_anisotropy(anisotropy)));
    for (SceneTexture& t : scene.textures) apply_filter(filter, anisotropy, t.sampler);  // checked above
  }
  if (o.program)
    for (Draw& d : scene.draws) d.program = *o.program;
  if (o.texture) {
    const std::string& name = o.texture->name;
    if (scene.textures.size() != 1)
      return OverrideError{fmt::format("{}: replaces the scene's one texture; the scene has {}", name,
                                       scene.textures.size())};
    if (auto e = check_texture(name, o.texture->width, o.texture->height)) return OverrideError{*e};
    const uint64_t texels = uint64_t{o.texture->width} * o.texture->height;
    if (texels > kMaxTexels)
      return OverrideError{fmt::format("{}: {}x{} is {} texels; a texture takes at most {}", name, o.texture->width,
                                       o.texture->height, texels, kMaxTexels)};
    if (o.texture->width == 0 || o.texture->height == 0 || o.texture->rgba.size() != texels * 4)
      return OverrideError{fmt::format("{}: {}x{} RGBA8 texels take {} bytes, not {}", name, o.texture->width,
                                       o.texture->height, texels * 4, o.texture->rgba.size())};
    scene.textures[0].texture =
        rgba8_texture(from_level0(o.texture->width, o.texture->height, std::move(o.texture->rgba)));
  }
  if (o.mip_view)
    for (SceneTexture& t : scene.textures) show_levels(t.texture);
  return std::nullopt;
}

Result<bool> set_program(FragmentProgram& program, std::string name, std::span<const std::byte> bytes, bool raw_blob) {
  program = FragmentProgram{};
  std::span<const std::byte> code;
  isa::Arch arch = isa::Arch::SM52;
  std::optional<isa::Cubin> cubin;
  uint64_t file_offset = 0;
  if (isa::looks_like_elf(bytes)) {
    auto c = isa::read_cubin(bytes);
    if (!c || c->functions.empty())
      return make_error(name + ": " + (c ? std::string("the cubin has no code section") : c.error()));
    cubin = std::move(*c);
    code = cubin->functions[0].code;
    for (const auto& bank : cubin->functions[0].constants)
      if (bank.first != 0) program.constants.push_back(bank);
    arch = cubin->arch;
    file_offset = cubin->functions[0].file_offset;
  } else if (raw_blob) {
    code = bytes;
  } else {
    program.text.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    program.name = std::move(name);
    return true;
  }
  isa::sm50::Program p;
  if (auto fail = isa::sm50::decode_program(code, arch, 0, p))
    return make_error(fmt::format("{}: {} at address {:#06x} (file offset {:#x}, word {:#018x})", name, fail->reason,
                                  fail->address, file_offset + fail->address, fail->word));
  program.code = std::move(p);
  program.name = std::move(name);
  return true;
}

}  // namespace tmu::render
