// SPDX-License-Identifier: MIT
// tmu render: draws a textured scene with the rasterizer, the warp executor running a SASS fragment program and
// the texture unit, and writes a PNG. Without arguments: the embedded floor receding to the horizon.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <iostream>
#include <memory>

#include "commands.h"
#include "common/level_palette.h"
#include "common/png_image.h"
#include "io.h"
#include "render/options.h"
#include "render/renderer.h"
#include "render/scene_file.h"
#include "render/texture_gen.h"

namespace tmu::cli {
namespace {

struct Options {
  std::string out = "tmu-render.png";
  uint32_t width = 640, height = 400;
  unsigned msaa = 1;
  bool mip_view = false;
  std::string scene;    // scene file (JSON)
  std::string program;  // SASS file
  std::string texture;  // PNG file
  std::string filter = "aniso";
  unsigned aniso = 16;
  unsigned threads = 0;  // 0: every core
  bool poison = false;
  bool reference_executor = false;
  // Whether the option was given: given ones override the scene file's values.
  bool width_given = false, height_given = false, msaa_given = false, filter_given = false, aniso_given = false;
};

// The scene: the file's, or the default; the frame, filter, program and texture options given override it.
std::optional<render::Scene> load_scene(const Options& o, int& status) {
  status = 1;
  render::Scene scene;
  if (!o.scene.empty()) {
    auto bytes = read_file(o.scene);
    if (!bytes) return std::nullopt;
    auto s = render::read_scene(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()),
                                std::filesystem::path(o.scene).parent_path());
    if (!s) {
      error(o.scene + ": " + s.error());
      return std::nullopt;
    }
    scene = std::move(*s);
  } else {
    scene = render::default_scene(o.width, o.height);
  }
  render::SceneOverrides over;
  if (o.width_given) over.width = o.width;
  if (o.height_given) over.height = o.height;
  if (o.msaa_given) over.samples = o.msaa;
  if (o.filter_given) over.filter = o.filter;
  if (o.aniso_given) over.anisotropy = o.aniso;
  if (!o.program.empty()) {
    auto bytes = read_file(o.program);
    if (!bytes) return std::nullopt;
    // A binary program is a cubin (its first function) or a raw SM52 blob of 32-byte bundles (a file ending in
    // .bin); anything else is SASS text. It replaces every draw's program.
    render::FragmentProgram p;
    if (auto set = render::set_program(p, o.program, *bytes, o.program.ends_with(".bin")); !set) {
      error(set.error());
      return std::nullopt;
    }
    over.program = std::move(p);
  }
  if (!o.texture.empty()) {
    auto file = read_file(o.texture);
    if (!file) return std::nullopt;
    auto img = decode_png(*file, render::kMaxTexels);
    if (!img) {
      error(o.texture + ": " + img.error());
      return std::nullopt;
    }
    over.texture = render::SceneOverrides::Texture{o.texture, img->width, img->height, std::move(img->pixels)};
  }
  over.mip_view = o.mip_view;
  if (auto e = render::apply_overrides(scene, std::move(over), "--")) {
    error(e->message);
    status = e->usage ? 2 : 1;
    return std::nullopt;
  }
  status = 0;
  return scene;
}

int run(const Options& o) {
  int status = 0;
  std::optional<render::Scene> loaded = load_scene(o, status);
  if (!loaded) return status;
  const render::Scene& scene = *loaded;
  render::RenderStats stats;
  const auto t0 = std::chrono::steady_clock::now();
  render::RenderOptions options;
  options.threads = o.threads;
  options.poison = o.poison;
  options.reference_executor = o.reference_executor;
  auto image = render::render(scene, options, stats);
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
                           o.out, image->width, image->height, scene.samples, scene.samples == 1 ? "" : "s", stats.quads, stats.warps,
                           stats.fragments, stats.warp_instructions, seconds);
  if (o.mip_view) {
    std::cout << "mip levels:";
    unsigned levels = 0;
    for (const render::SceneTexture& t : scene.textures) levels = std::max(levels, t.texture.header.max_mip_level + 1u);
    for (unsigned l = 0; l < levels; ++l) {
      const auto c = level_palette8(l);
      std::cout << fmt::format("{} {} {} ({}, {}, {})", l ? "," : "", l, level_palette_name(l),
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
  sub->add_option("--scene", o->scene,
                  "Scene file (JSON, docs/render.md): textures, programs and draws; default: the floor of "
                  "scenes/default.json, built in. The options below override its values");
  CLI::Option* width = sub->add_option("--width", o->width, "Image width in pixels")->capture_default_str()->check(CLI::Range(uint32_t{1}, render::kMaxFrameSide));
  CLI::Option* height = sub->add_option("--height", o->height, "Image height in pixels")->capture_default_str()->check(CLI::Range(uint32_t{1}, render::kMaxFrameSide));
  CLI::Option* msaa = sub->add_option("--msaa", o->msaa, "Samples per pixel: 1, 2, 4 or 8")
      ->capture_default_str()
      ->check(CLI::IsMember({1u, 2u, 4u, 8u}));
  sub->add_option("--program", o->program,
                  "Fragment program of every draw: SASS text as `tmu as` reads it, a raw SM52 blob (*.bin) or a cubin "
                  "(its first function); the colour is R0..R3 at EXIT");
  sub->add_option("--texture", o->texture,
                  "PNG for the scene's texture (mip levels are box-filtered); default: the scene's own (flagstones)");
  CLI::Option* filter = sub->add_option("--filter", o->filter, "nearest, bilinear, trilinear or aniso (every sampler)")
      ->capture_default_str()
      ->check(CLI::IsMember({"nearest", "bilinear", "trilinear", "aniso"}));
  CLI::Option* aniso = sub->add_option("--aniso", o->aniso, "Maximum anisotropy (1..16)")->capture_default_str();
  sub->add_option("-j,--threads", o->threads,
                  "Threads that run fragment warps (default: every core); the image does not depend on it")
      ->check(CLI::Range(1u, 1024u));
  sub->add_flag("--poison", o->poison,
               "Registers start as 0xffbadbad instead of 0 in each warp; reads of registers the program has not "
               "written are listed");
  sub->add_flag("--reference-executor", o->reference_executor,
                "Run every instruction through the executor's per-lane reference handlers instead of its warp-wide "
                "fast handlers (slower; the same image)");
  sub->add_flag("--mip-view", o->mip_view, "Colour each mip level flatly: shows the level (blend) each pixel sampled");
  return [=] {
    o->width_given = width->count() > 0;
    o->height_given = height->count() > 0;
    o->msaa_given = msaa->count() > 0;
    o->filter_given = filter->count() > 0;
    o->aniso_given = aniso->count() > 0;
    return run(*o);
  };
}

}  // namespace tmu::cli
