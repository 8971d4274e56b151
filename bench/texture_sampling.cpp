// SPDX-License-Identifier: MIT
// Texture sampling throughput: tmu's texture unit against llvmpipe (Mesa, through OSMesa, LP_NUM_THREADS=1) on
// the same work in the same run, for nearest, bilinear, trilinear and 16x anisotropic filtering. Prints
// samples per second per core of each (median of several repetitions) and the ratio tmu / llvmpipe.
//
// The workload (the one of /work/shared/reference/performance-anchors.md): a SIZE x SIZE RGBA8 UNORM texture
// (default 1024) with a full mip chain of random noise (2x2 box-filtered levels, the same bytes for both), REPEAT
// wrap. A screen of pixels samples it at uv = (pixel centre) / SIZE * scale, with `lookups` lookups per pixel
// at uv + i * (0.0137, 0.0071); scale = 1.5 gives 1.5 texels per pixel along x and y (LOD log2(1.5) = 0.585, so
// trilinear blends levels 0 and 1). aniso16 stretches y 16x more (1.5 x 24 texels per pixel): a 16:1
// footprint, trilinear with 16 taps at maximum anisotropy 16; its screen is SIZE/4 square to keep runs short
// (the footprint does not depend on the screen size).
//   nearest   = MAG/MIN point, no mipmapping (GL_NEAREST)
//   bilinear  = linear, no mipmapping (GL_LINEAR): level 0
//   trilinear = linear, linear mipmapping (GL_LINEAR_MIPMAP_LINEAR)
//   aniso16   = trilinear with maximum anisotropy 16 (tmu: MIN_FILTER ANISO, MAX_ANISOTROPY 16:1)
//
// What is measured: only the cost of sampling, in CPU time of the process (all threads: llvmpipe's rasterizer
// thread and the main thread waiting in glFinish; for tmu the one thread), so that a shared machine does not
// skew the per-core rates. For llvmpipe, the CPU time of draw + glFinish of a full-screen
// triangle whose fragment shader makes the lookups and averages them, minus the time of the same shader with
// each lookup replaced by arithmetic on its coordinates (rasterization, interpolation, the loop and the
// framebuffer write: the "fill" baseline). For tmu, the time of TextureUnit::run on warps of 8x4 pixels (8 quads,
// every lane active, one request per lookup) minus the time of building those requests. Samples = pixels x
// lookups (tmu: lanes the unit wrote). Both run on one thread.
//
// Usage: bench_texture [--quick] [--size N] [--lookups N] [--reps N] [--seconds S] [--only CASE] [--no-peer]
//                      [--reference]
//   --quick (or TMU_BENCH_QUICK=1): one repetition of ~20 ms per measurement, for a smoke test.
//   --no-peer: tmu only (for profiling); --reference: tmu's scalar reference path (fast path off).
#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "common.h"
#include "texunit/fast_sample.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

#include "llvmpipe.h"

using namespace tmu;
using namespace tmu::texunit;

namespace {

struct Options {
  unsigned size = 1024;
  unsigned lookups = 4;
  int reps = 5;
  double seconds = 0.25;
  std::string only;
  bool peer = true;        // --no-peer: tmu only (for profiling)
  bool reference = false;  // --reference: tmu's scalar reference path (the fast path off)
};

// One filter configuration, for both samplers.
struct Case {
  const char* name;
  MagFilter mag;
  MinFilter min;
  MipFilter mip;
  uint8_t aniso_code;  // MAX_ANISOTROPY: 7 is 16:1
  float y_stretch;     // footprint along y relative to x
  unsigned screen_div; // screen = SIZE / screen_div square
  int gl_min, gl_mag;
  float gl_aniso;
};

#if TMU_HAVE_OSMESA
constexpr int kGlNearest = GL_NEAREST, kGlLinear = GL_LINEAR, kGlTrilinear = GL_LINEAR_MIPMAP_LINEAR;
#else
constexpr int kGlNearest = 0, kGlLinear = 0, kGlTrilinear = 0;
#endif

const Case kCases[] = {
    {"nearest", MagFilter::Point, MinFilter::Point, MipFilter::None, 0, 1.0f, 1, kGlNearest, kGlNearest, 1.0f},
    {"bilinear", MagFilter::Linear, MinFilter::Linear, MipFilter::None, 0, 1.0f, 1, kGlLinear, kGlLinear, 1.0f},
    {"trilinear", MagFilter::Linear, MinFilter::Linear, MipFilter::Linear, 0, 1.0f, 1, kGlTrilinear, kGlLinear, 1.0f},
    {"aniso16", MagFilter::Linear, MinFilter::Aniso, MipFilter::Linear, 7, 16.0f, 4, kGlTrilinear, kGlLinear, 16.0f},
};

constexpr float kTexelsPerPixel = 1.5f;
constexpr float kStepU = 0.0137f, kStepV = 0.0071f;  // lookup i samples at uv + i * step

// RGBA8 noise and its mip chain (each level the rounded 2x2 box average of the one above).
std::vector<std::vector<uint8_t>> make_levels(unsigned size) {
  std::vector<std::vector<uint8_t>> levels;
  std::mt19937 rng(1234);
  std::vector<uint8_t> l0(std::size_t{size} * size * 4);
  for (auto& b : l0) b = static_cast<uint8_t>(rng() >> 24);
  levels.push_back(std::move(l0));
  for (unsigned s = size / 2; s >= 1; s /= 2) {
    const std::vector<uint8_t>& up = levels.back();
    const unsigned us = 2 * s;
    std::vector<uint8_t> l(std::size_t{s} * s * 4);
    for (unsigned y = 0; y < s; ++y)
      for (unsigned x = 0; x < s; ++x)
        for (unsigned c = 0; c < 4; ++c) {
          auto at = [&](unsigned xx, unsigned yy) { return unsigned{up[(std::size_t{yy} * us + xx) * 4 + c]}; };
          const unsigned sum = at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1);
          l[(std::size_t{y} * s + x) * 4 + c] = static_cast<uint8_t>((sum + 2) / 4);
        }
    levels.push_back(std::move(l));
  }
  return levels;
}

// Texture coordinates of pixel centres, per lookup: u[i][x], v[i][y] (fp32 bits), as the fragment shader has them.
struct Coords {
  std::vector<std::vector<uint32_t>> u, v;
};

Coords make_coords(const Options& o, const Case& c, unsigned screen) {
  Coords k;
  const float su = kTexelsPerPixel / static_cast<float>(o.size), sv = su * c.y_stretch;
  for (unsigned i = 0; i < o.lookups; ++i) {
    std::vector<uint32_t> u(screen), v(screen);
    for (unsigned p = 0; p < screen; ++p) {
      u[p] = std::bit_cast<uint32_t>((static_cast<float>(p) + 0.5f) * su + static_cast<float>(i) * kStepU);
      v[p] = std::bit_cast<uint32_t>((static_cast<float>(p) + 0.5f) * sv + static_cast<float>(i) * kStepV);
    }
    k.u.push_back(std::move(u));
    k.v.push_back(std::move(v));
  }
  return k;
}

// ---------------------------------------------------------------------------------------------------------------
// tmu

class TmuSide {
 public:
  explicit TmuSide(const Options& o, const std::vector<std::vector<uint8_t>>& levels) : o_(o) {
    TextureHeader h;
    h.components = 0x08;  // A8B8G8R8
    h.types = {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
    h.swizzle = {Source::R, Source::G, Source::B, Source::A};
    h.version = HeaderVersion::BlockLinear;
    h.block_height_log2 = 4;  // 16 GOBs, what drivers pick for large 2D textures
    h.type = TextureType::Tex2D;
    h.width = h.height = o.size;
    h.max_mip_level = static_cast<uint8_t>(levels.size() - 1);
    h.view_max_level = h.max_mip_level;
    auto t = set_.add_texture(h);
    if (!t) throw std::runtime_error("tmu texture: " + t.error());
    texture_ = *t;
    for (unsigned l = 0; l < levels.size(); ++l)
      if (auto w = set_.write_level(texture_, l, 0, std::as_bytes(std::span(levels[l]))); !w)
        throw std::runtime_error("tmu level: " + w.error());
    for (const Case& c : kCases) {
      Sampler s;
      s.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Wrap};
      s.mag = c.mag;
      s.min = c.min;
      s.mip = c.mip;
      s.max_anisotropy = c.aniso_code;
      s.max_lod_clamp = 0xfff;
      auto id = set_.add_sampler(s);
      if (!id) throw std::runtime_error("tmu sampler: " + id.error());
      samplers_.push_back(*id);
    }
  }

  // Seconds per sample for case `ci` over at least o.seconds: with `sample` false only the requests are built
  // (the baseline). Fills `first` with the first warp tile's values (lookup-averaged) when given.
  double time_per_sample(std::size_t ci, const Coords& k, unsigned screen, bool sample,
                         std::vector<std::array<float, 4>>* first = nullptr) {
    TextureUnit unit(set_.bindings());
    unit.set_fast_path(!o_.reference);
    Request rq;
    rq.op = TexOp::Sample;
    rq.dim = Dim::Tex2D;
    rq.lod = LodMode::Implicit;
    for (auto& l : rq.lanes) l.handle = TextureSet::handle(texture_, samplers_[ci]);
    Response out;
    uint64_t samples = 0, sink = 0;
    const unsigned tiles_x = screen / 8, tiles_y = screen / 4;
    const double t0 = bench::process_cpu_seconds();
    double t = 0;
    if (first) first->assign(32, {0, 0, 0, 0});
    for (unsigned pass = 0;; ++pass) {
      for (unsigned ty = 0; ty < tiles_y; ++ty) {
        for (unsigned tx = 0; tx < tiles_x; ++tx) {
          for (unsigned i = 0; i < o_.lookups; ++i) {
            // Lane 4q + k: quad q at (q % 4, q / 4) of the 8x4 tile, k = 0 top left, 1 top right, 2 bottom left.
            for (unsigned lane = 0; lane < kWarpSize; ++lane) {
              const unsigned q = lane / 4, kk = lane % 4;
              const unsigned x = tx * 8 + (q % 4) * 2 + (kk & 1), y = ty * 4 + (q / 4) * 2 + (kk >> 1);
              rq.lanes[lane].coord[0] = k.u[i][x];
              rq.lanes[lane].coord[1] = k.v[i][y];
            }
            if (sample) {
              unit.run(rq, out);
              // (std::popcount is a library call without -mpopcnt: it would count against tmu's time)
              samples += out.written == ~0u ? kWarpSize : static_cast<unsigned>(std::popcount(out.written));
              if (first && pass == 0 && tx == 0 && ty == 0)
                for (unsigned lane = 0; lane < kWarpSize; ++lane)
                  for (unsigned c = 0; c < 4; ++c) (*first)[lane][c] += std::bit_cast<float>(out.value[lane][c]);
            } else {
              samples += kWarpSize;
              sink += rq.lanes[(tx + i) % kWarpSize].coord[0];
            }
          }
        }
        t = bench::process_cpu_seconds() - t0;
        if (t >= o_.seconds) break;
      }
      if (t >= o_.seconds) break;
    }
    if (first)
      for (auto& v : *first)
        for (auto& c : v) c /= static_cast<float>(o_.lookups);
    sink_ += sink;
    return t / static_cast<double>(samples);
  }

  uint64_t sink_ = 0;

 private:
  const Options& o_;
  TextureSet set_;
  uint32_t texture_ = 0;
  std::vector<uint32_t> samplers_;
};

// ---------------------------------------------------------------------------------------------------------------
// llvmpipe

#if TMU_HAVE_OSMESA
class GlSide {
 public:
  GlSide(const Options& o, const std::vector<std::vector<uint8_t>>& levels) : o_(o), ctx_(o.size, o.size) {
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenTextures(1, &tex_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (unsigned l = 0; l < levels.size(); ++l) {
      const auto s = static_cast<GLsizei>(std::max(1u, o.size >> l));
      glTexImage2D(GL_TEXTURE_2D, static_cast<GLint>(l), GL_RGBA8, s, s, 0, GL_RGBA, GL_UNSIGNED_BYTE, levels[l].data());
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, static_cast<GLint>(levels.size() - 1));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    sample_ = program(true);
    fill_ = program(false);
    check("setup");
  }
  ~GlSide() {
    glDeleteProgram(sample_);
    glDeleteProgram(fill_);
    glDeleteTextures(1, &tex_);
    glDeleteVertexArrays(1, &vao_);
  }
  GlSide(const GlSide&) = delete;
  GlSide& operator=(const GlSide&) = delete;

  const std::string& renderer() const { return ctx_.renderer(); }

  // Seconds per pixel-lookup for case `c` (the sampling shader, or the fill baseline), over at least o.seconds.
  double time_per_sample(const Case& c, unsigned screen, bool sample) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, c.gl_min);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, c.gl_mag);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, c.gl_aniso);
    const GLuint p = sample ? sample_ : fill_;
    glUseProgram(p);
    const float su = kTexelsPerPixel / static_cast<float>(o_.size);
    glUniform2f(glGetUniformLocation(p, "scale"), su, su * c.y_stretch);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    const auto s = static_cast<GLsizei>(screen);
    glViewport(0, 0, s, s);
    glDrawArrays(GL_TRIANGLES, 0, 3);  // warm-up: compiles the shader variant for this sampler state
    glFinish();
    check("drawing");
    const double t0 = bench::process_cpu_seconds();
    double t = 0;
    uint64_t draws = 0;
    do {
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glFinish();
      ++draws;
      t = bench::process_cpu_seconds() - t0;
    } while (t < o_.seconds);
    return t / (static_cast<double>(draws) * screen * screen * o_.lookups);
  }

  // The first 8x4 pixels of the last draw, as RGBA floats (rows from the bottom, as gl_FragCoord counts them).
  std::vector<std::array<float, 4>> first_tile() {
    std::vector<uint8_t> px(8 * 4 * 4);
    glReadPixels(0, 0, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    std::vector<std::array<float, 4>> r(32);
    for (unsigned i = 0; i < 32; ++i)
      for (unsigned c = 0; c < 4; ++c) r[i][c] = static_cast<float>(px[4 * i + c]) / 255.0f;
    return r;
  }

 private:
  static void check(const char* what) { bench::check_gl(what); }

  // A full-screen triangle; the fragment shader makes `lookups` lookups (or, for the baseline, as much
  // arithmetic on the coordinates as it takes to keep them live) and writes their average.
  GLuint program(bool sample) {
    const std::string vs =
        "#version 330 core\n"
        "void main() {\n"
        "  gl_Position = vec4(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID >> 1) * 4 - 1), 0.0, 1.0);\n"
        "}\n";
    const std::string fs = fmt::format(
        "#version 330 core\n"
        "uniform sampler2D tex;\n"
        "uniform vec2 scale;\n"
        "out vec4 color;\n"
        "void main() {{\n"
        "  vec2 uv = gl_FragCoord.xy * scale;\n"
        "  vec4 acc = vec4(0.0);\n"
        "  for (int i = 0; i < {0}; ++i) {{\n"
        "    vec2 c = uv + float(i) * vec2({1}, {2});\n"
        "    acc += {3};\n"
        "  }}\n"
        "  color = acc * (1.0 / {0}.0);\n"
        "}}\n",
        o_.lookups, kStepU, kStepV, sample ? "texture(tex, c)" : "vec4(c, c.yx)");
    return bench::link_program(vs, fs);
  }

  const Options& o_;
  bench::LlvmpipeContext ctx_;
  GLuint vao_ = 0, tex_ = 0, sample_ = 0, fill_ = 0;
};
#endif

// Net seconds per sample: the case minus its baseline, or the raw time when noise makes the difference small.
double net(double t_case, double t_base) { return t_case - t_base > 0.2 * t_case ? t_case - t_base : t_case; }

bool parse(int argc, char** argv, Options& o) {
  if (const char* q = std::getenv("TMU_BENCH_QUICK"); q && *q && std::strcmp(q, "0") != 0) {
    o.reps = 1;
    o.seconds = 0.02;
  }
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has = i + 1 < argc;
    if (a == "--quick") {
      o.reps = 1;
      o.seconds = 0.02;
    } else if (a == "--size" && has) {
      o.size = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
    } else if (a == "--lookups" && has) {
      o.lookups = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
    } else if (a == "--reps" && has) {
      o.reps = std::atoi(argv[++i]);
    } else if (a == "--seconds" && has) {
      o.seconds = std::atof(argv[++i]);
    } else if (a == "--no-peer") {
      o.peer = false;
    } else if (a == "--reference") {
      o.reference = true;
    } else if (a == "--only" && has) {
      o.only = argv[++i];
    } else {
      fmt::print(stderr, "bench_texture: unknown or incomplete option '{}'\n"
                         "usage: bench_texture [--quick] [--size N] [--lookups N] [--reps N] [--seconds S] [--only CASE] [--no-peer]\n"
                         "                     [--reference]\n", a);
      return false;
    }
  }
  if (o.size < 32 || o.size > 4096 || !std::has_single_bit(o.size)) {
    fmt::print(stderr, "bench_texture: --size must be a power of two in [32, 4096], got {}\n", o.size);
    return false;
  }
  if (o.lookups < 1 || o.lookups > 64 || o.reps < 1 || !(o.seconds > 0)) {
    fmt::print(stderr, "bench_texture: --lookups must be in [1, 64], --reps and --seconds positive\n");
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) try {
  Options o;
  if (!parse(argc, argv, o)) return 2;
  const auto levels = make_levels(o.size);
  fmt::print("workload: {0}x{0} RGBA8 UNORM, {1} levels, REPEAT, {2} texels/pixel, {3} lookups/pixel, "
             "median of {4} x {5:.2f} s\n",
             o.size, levels.size(), kTexelsPerPixel, o.lookups, o.reps, o.seconds);
  TmuSide tmu(o, levels);
  if (o.reference) fmt::print("tmu: scalar reference path (--reference)\n");
  else if (!fast_sample_isa())
    fmt::print("tmu: no fast path on this CPU (it needs AVX2): the reference path\n");
  else
    fmt::print("tmu: fast path, {} build (TMU_FAST_ISA=avx2|avx512 chooses)\n",
               *fast_sample_isa() == FastIsa::Avx512 ? "AVX-512VL" : "AVX2");
#if TMU_HAVE_OSMESA
  std::optional<GlSide> gl;
  if (o.peer) {
    gl.emplace(o, levels);
    fmt::print("peer: {} (LP_NUM_THREADS=1)\n", gl->renderer());
  }
#else
  if (o.peer) fmt::print("llvmpipe: skipped: bench built without OSMesa (scripts/setup.sh --oracles installs it)\n");
#endif
  fmt::print("{:<10} {:>14} {:>14} {:>8}   (Msamples per CPU-second, net of fill; max |tmu - llvmpipe| on 32 px)\n",
             "filter", "tmu", "llvmpipe", "ratio");
  bool ok = true;
  for (std::size_t ci = 0; ci < std::size(kCases); ++ci) {
    const Case& c = kCases[ci];
    if (!o.only.empty() && o.only != c.name) continue;
    const unsigned screen = std::max(8u, o.size / c.screen_div);
    const Coords k = make_coords(o, c, screen);
    std::vector<double> tc, tb, gc, gb;
    std::vector<std::array<float, 4>> tile;
    for (int r = 0; r < o.reps; ++r) {
      tb.push_back(tmu.time_per_sample(ci, k, screen, false));
      tc.push_back(tmu.time_per_sample(ci, k, screen, true, r == 0 ? &tile : nullptr));
#if TMU_HAVE_OSMESA
      if (gl) {
        gb.push_back(gl->time_per_sample(c, screen, false));
        gc.push_back(gl->time_per_sample(c, screen, true));
      }
#endif
    }
    const double tmu_rate = 1e-6 / net(bench::median(tc), bench::median(tb));
#if TMU_HAVE_OSMESA
    if (gl) {
      const double gl_rate = 1e-6 / net(bench::median(gc), bench::median(gb));
      // The harness check: both sampled the same texels. The values differ by filtering precision (and for
      // aniso16 by the footprint's taps), so this only catches gross mistakes (a flipped axis, another level, a
      // bad upload).
      const auto peer = gl->first_tile();
      float diff = 0;
      for (unsigned lane = 0; lane < 32; ++lane) {
        const unsigned q = lane / 4, kk = lane % 4;
        const unsigned x = (q % 4) * 2 + (kk & 1), y = (q / 4) * 2 + (kk >> 1);
        for (unsigned ch = 0; ch < 4; ++ch) diff = std::max(diff, std::fabs(tile[lane][ch] - peer[y * 8 + x][ch]));
      }
      const float limit = std::string_view(c.name) == "aniso16" ? 0.25f : 0.05f;
      if (!(diff <= limit)) ok = false;
      fmt::print("{:<10} {:>14.2f} {:>14.2f} {:>7.3f}x   (max diff {:.4f}{})\n", c.name, tmu_rate, gl_rate,
                 tmu_rate / gl_rate, diff, diff <= limit ? "" : fmt::format(", above {}: harness error", limit));
      std::fflush(stdout);
      continue;
    }
#endif
    fmt::print("{:<10} {:>14.2f} {:>14} {:>8}\n", c.name, tmu_rate, "-", "-");
    std::fflush(stdout);
  }
  if (tmu.sink_ == 1) fmt::print("\n");  // keeps the baseline loop's work observable
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  fmt::print(stderr, "bench_texture: {}\n", e.what());
  return 1;
}
