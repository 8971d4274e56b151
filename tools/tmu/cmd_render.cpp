// SPDX-License-Identifier: MIT
// tmu render: draws a textured scene with the rasterizer, the warp executor running a SASS fragment program and
// the texture unit, and writes a PNG. Without arguments: the embedded floor receding to the horizon.
#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <map>
#include <memory>

#include "commands.h"
#include "common/png_image.h"
#include "io.h"
#include "isa/cubin.h"
#include "render/renderer.h"

namespace tmu::cli {
namespace {

struct Options {
  std::string out = "tmu-render.png";
  uint32_t width = 640, height = 400;
  unsigned msaa = 1;
  bool mip_view = false;
  std::string program;  // SASS file
  std::string texture;  // PNG file
  std::string filter = "aniso";
  unsigned aniso = 16;
};

// A binary fragment program: a cubin (its first function) or a raw SM52 blob of 32-byte bundles (a file ending in
// .bin). nullopt: the file is SASS text. An inner nullopt: the code did not decode (the error is printed).
// A cubin's constant banks other than 0 (ptxas's literals) go to `constants`.
std::optional<std::optional<isa::sm50::Program>> load_code(const std::string& path, const std::vector<std::byte>& bytes,
                                                           isa::ConstantBanks& constants) {
  std::span<const std::byte> code;
  isa::Arch arch = isa::Arch::SM52;
  std::optional<isa::Cubin> cubin;
  uint64_t file_offset = 0;
  if (isa::looks_like_elf(bytes)) {
    auto c = isa::read_cubin(bytes);
    if (!c || c->functions.empty()) {
      error(path + ": " + (c ? std::string("the cubin has no code section") : c.error()));
      return std::optional<isa::sm50::Program>{};
    }
    cubin = std::move(*c);
    code = cubin->functions[0].code;
    for (const auto& bank : cubin->functions[0].constants)
      if (bank.first != 0) constants.push_back(bank);
    arch = cubin->arch;
    file_offset = cubin->functions[0].file_offset;
  } else if (path.ends_with(".bin")) {
    code = bytes;
  } else {
    return std::nullopt;
  }
  isa::sm50::Program p;
  if (auto fail = isa::sm50::decode_program(code, arch, 0, p)) {
    error(fmt::format("{}: {} at address {:#06x} (file offset {:#x}, word {:#018x})", path, fail->reason, fail->address,
                      file_offset + fail->address, fail->word));
    return std::optional<isa::sm50::Program>{};
  }
  return std::optional<isa::sm50::Program>{std::move(p)};
}

constexpr uint32_t kMaxTextureSide = 16384;
constexpr uint64_t kMaxSamples = uint64_t{4096} * 4096 * 4;

// The sampler state for --filter / --aniso.
std::optional<std::string> apply_filter(const Options& o, texunit::Sampler& s) {
  using namespace texunit;
  static const std::map<std::string, std::tuple<MagFilter, MinFilter, MipFilter>> kFilters{
      {"nearest", {MagFilter::Point, MinFilter::Point, MipFilter::None}},
      {"bilinear", {MagFilter::Linear, MinFilter::Linear, MipFilter::Point}},
      {"trilinear", {MagFilter::Linear, MinFilter::Linear, MipFilter::Linear}},
      {"aniso", {MagFilter::Linear, MinFilter::Aniso, MipFilter::Linear}},
  };
  auto f = kFilters.find(o.filter);
  if (f == kFilters.end()) return fmt::format("unknown filter '{}' (nearest, bilinear, trilinear, aniso)", o.filter);
  std::tie(s.mag, s.min, s.mip) = f->second;
  static const std::map<unsigned, uint8_t> kAniso{{1, 0}, {2, 1}, {4, 2}, {6, 3}, {8, 4}, {10, 5}, {12, 6}, {16, 7}};
  auto a = kAniso.find(o.aniso);
  if (a == kAniso.end()) return fmt::format("anisotropy {} is not one Maxwell has (1, 2, 4, 6, 8, 10, 12, 16)", o.aniso);
  s.max_anisotropy = a->second;
  return std::nullopt;
}

int run(const Options& o) {
  // Every sample of the frame is held in memory (colour as four floats): 4096 x 4096 at 4 samples is about 1 GiB.
  if (uint64_t{o.width} * o.height * o.msaa > kMaxSamples) {
    error(fmt::format("{}x{} at {} samples per pixel is {} samples; tmu render holds every sample in memory and "
                      "takes at most {} (4096x4096 at 4 samples)", o.width, o.height, o.msaa,
                      uint64_t{o.width} * o.height * o.msaa, kMaxSamples));
    return 1;
  }
  render::Scene scene = render::default_scene(o.width, o.height);
  scene.samples = o.msaa;
  if (auto e = apply_filter(o, scene.sampler)) {
    error(*e);
    return 2;
  }
  if (!o.program.empty()) {
    scene.fragment_program_name = o.program;
    auto bytes = read_file(o.program);
    if (!bytes) return 1;
    if (auto code = load_code(o.program, *bytes, scene.fragment_constants)) {
      if (!*code) return 1;
      scene.fragment_code = std::move(**code);
    } else {
      scene.fragment_program.assign(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    }
  }
  render::MipChain chain;
  if (!o.texture.empty()) {
    auto file = read_file(o.texture);
    if (!file) return 1;
    auto img = decode_png(*file, uint64_t{1} << 24);
    if (!img) {
      error(o.texture + ": " + img.error());
      return 1;
    }
    // A mipmapped 2D texture takes sides up to 16384 on compute capability 5.x (CUDA's maxTexture2DMipmap); the
    // chain of a larger one would need more than the 15 levels past level 0 a header holds.
    if (img->width > kMaxTextureSide || img->height > kMaxTextureSide) {
      error(fmt::format("{}: {}x{}: textures take sides up to {} (a mipmapped 2D texture on SM 5.x)", o.texture,
                        img->width, img->height, kMaxTextureSide));
      return 1;
    }
    chain = render::from_level0(img->width, img->height, std::move(img->pixels));
  } else {
    chain = render::flagstones(512);
  }
  if (o.mip_view) chain = render::level_colours(chain);

  render::RenderStats stats;
  const auto t0 = std::chrono::steady_clock::now();
  auto image = render::render(scene, chain, {}, stats);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!image) {
    error(image.error());
    return 1;
  }
  auto png = encode_png(RgbaImage{image->width, image->height, image->rgba});
  if (!png || !write_file(o.out, *png)) {
    if (!png) error(o.out + ": " + png.error());
    return 1;
  }
  std::cout << fmt::format("{}: {}x{}, {} sample{}; {} quads in {} warps, {} fragments, {} warp instructions, "
                           "{:.2f} s\n",
                           o.out, image->width, image->height, o.msaa, o.msaa == 1 ? "" : "s", stats.quads, stats.warps,
                           stats.fragments, stats.warp_instructions, seconds);
  if (!stats.hazards.empty()) {
    std::cout << fmt::format("{} control-word hazard{} in {}:\n", stats.hazards.size(),
                             stats.hazards.size() == 1 ? "" : "s", o.program.empty() ? "the fragment program" : o.program);
    for (const auto& h : stats.hazards) std::cout << "  " << h.to_string() << "\n";
  }
  return 0;
}

}  // namespace

Runner add_render(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("render", "Draw a textured scene with the executor and the texture unit (PNG)");
  sub->add_option("-o,--output", o->out, "PNG to write")->capture_default_str();
  sub->add_option("--width", o->width, "Image width in pixels")->capture_default_str()->check(CLI::Range(1, 4096));
  sub->add_option("--height", o->height, "Image height in pixels")->capture_default_str()->check(CLI::Range(1, 4096));
  sub->add_option("--msaa", o->msaa, "Samples per pixel: 1, 2, 4 or 8")
      ->capture_default_str()
      ->check(CLI::IsMember({1u, 2u, 4u, 8u}));
  sub->add_option("--program", o->program,
                  "Fragment program: SASS text as `tmu as` reads it, a raw SM52 blob (*.bin) or a cubin (its first "
                  "function); the colour is R0..R3 at EXIT");
  sub->add_option("--texture", o->texture, "PNG for texture 0 (mip levels are box-filtered); default: flagstones");
  sub->add_option("--filter", o->filter, "nearest, bilinear, trilinear or aniso")
      ->capture_default_str()
      ->check(CLI::IsMember({"nearest", "bilinear", "trilinear", "aniso"}));
  sub->add_option("--aniso", o->aniso, "Maximum anisotropy (1..16)")->capture_default_str();
  sub->add_flag("--mip-view", o->mip_view, "Colour each mip level flatly: shows the level (blend) each pixel sampled");
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
