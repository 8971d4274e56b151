// SPDX-License-Identifier: MIT
// tmu render: draws a textured scene with the rasterizer, the warp executor running a SASS fragment program and
// the texture unit, and writes a PNG. Without arguments: the embedded floor receding to the horizon.
#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <memory>

#include "commands.h"
#include "common/level_palette.h"
#include "common/png_image.h"
#include "io.h"
#include "render/options.h"
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
  unsigned threads = 0;  // 0: every core
  bool poison = false;
};

int run(const Options& o) {
  if (auto e = render::check_frame(o.width, o.height, o.msaa)) {
    error(*e);
    return 1;
  }
  render::Scene scene = render::default_scene(o.width, o.height);
  scene.samples = o.msaa;
  if (auto e = render::apply_filter(o.filter, o.aniso, scene.sampler)) {
    error(*e);
    return 2;
  }
  if (!o.program.empty()) {
    auto bytes = read_file(o.program);
    if (!bytes) return 1;
    // A binary program is a cubin (its first function) or a raw SM52 blob of 32-byte bundles (a file ending in
    // .bin); anything else is SASS text.
    if (auto set = render::set_program(scene, o.program, *bytes, o.program.ends_with(".bin")); !set) {
      error(set.error());
      return 1;
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
    if (auto e = render::check_texture(o.texture, img->width, img->height)) {
      error(*e);
      return 1;
    }
    chain = render::from_level0(img->width, img->height, std::move(img->pixels));
  } else {
    chain = render::flagstones(512);
  }
  if (o.mip_view) chain = render::level_colours(chain);

  render::RenderStats stats;
  const auto t0 = std::chrono::steady_clock::now();
  render::RenderOptions options;
  options.threads = o.threads;
  options.poison = o.poison;
  auto image = render::render(scene, chain, options, stats);
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
  if (o.mip_view) {
    std::cout << "mip levels:";
    for (std::size_t l = 0; l < chain.levels.size(); ++l) {
      const auto c = level_palette8(static_cast<unsigned>(l));
      std::cout << fmt::format("{} {} {} ({}, {}, {})", l ? "," : "", l, level_palette_name(static_cast<unsigned>(l)),
                               c[0], c[1], c[2]);
    }
    std::cout << "; blends between two levels mix their colours\n";
  }
  if (!stats.hazards.empty()) {
    std::cout << fmt::format("{} control-word hazard{} in {}:\n", stats.hazards.size(),
                             stats.hazards.size() == 1 ? "" : "s", o.program.empty() ? "the fragment program" : o.program);
    for (const auto& h : stats.hazards) std::cout << "  " << h.to_string() << "\n";
  }
  if (!stats.uninitialised.empty()) {
    std::cout << fmt::format("{} read{} of unwritten registers in {}:\n", stats.uninitialised.size(),
                             stats.uninitialised.size() == 1 ? "" : "s", o.program.empty() ? "the fragment program" : o.program);
    for (const auto& u : stats.uninitialised) std::cout << "  " << u.to_string() << "\n";
  }
  for (unsigned c = 0; c < 4; ++c)
    if (stats.unwritten_colour[c])
      std::cout << fmt::format("R{} ({}) is not written at EXIT in {} fragment{}: it holds the poison value {:#x}\n", c,
                               "RGBA"[c], stats.unwritten_colour[c], stats.unwritten_colour[c] == 1 ? "" : "s",
                               exec::kPoison);
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
  sub->add_option("-j,--threads", o->threads,
                  "Threads that run fragment warps (default: every core); the image does not depend on it")
      ->check(CLI::Range(1u, 1024u));
  sub->add_flag("--poison", o->poison,
               "Registers start as 0xffbadbad instead of 0 in each warp; reads of registers the program has not "
               "written are listed");
  sub->add_flag("--mip-view", o->mip_view, "Colour each mip level flatly: shows the level (blend) each pixel sampled");
  return [o] { return run(*o); };
}

}  // namespace tmu::cli
