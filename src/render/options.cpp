// SPDX-License-Identifier: MIT
#include "render/options.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

#include "isa/cubin.h"

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

std::optional<std::string> apply_filter(std::string_view filter, unsigned anisotropy, texunit::Sampler& s) {
  using namespace texunit;
  static const std::map<std::string_view, std::tuple<MagFilter, MinFilter, MipFilter>> kFilters{
      {"nearest", {MagFilter::Point, MinFilter::Point, MipFilter::None}},
      {"bilinear", {MagFilter::Linear, MinFilter::Linear, MipFilter::Point}},
      {"trilinear", {MagFilter::Linear, MinFilter::Linear, MipFilter::Linear}},
      {"aniso", {MagFilter::Linear, MinFilter::Aniso, MipFilter::Linear}},
  };
  auto f = kFilters.find(filter);
  if (f == kFilters.end()) return fmt::format("unknown filter '{}' (nearest, bilinear, trilinear, aniso)", filter);
  static const std::map<unsigned, uint8_t> kAniso{{1, 0}, {2, 1}, {4, 2}, {6, 3}, {8, 4}, {10, 5}, {12, 6}, {16, 7}};
  auto a = kAniso.find(anisotropy);
  if (a == kAniso.end())
    return fmt::format("anisotropy {} is not one Maxwell has (1, 2, 4, 6, 8, 10, 12, 16)", anisotropy);
  std::tie(s.mag, s.min, s.mip) = f->second;
  s.max_anisotropy = a->second;
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
