// SPDX-License-Identifier: MIT
// tmu_cuda_oracle: answers GL-oracle requests (tests/support/gl_oracle_wire.h) with a real NVIDIA GPU through
// CUDA texture objects, so that the recorded answers can judge tmu's texture unit (tests/hw/README.md).
//
//   tmu_cuda_oracle [--trilinear-optimization] < requests.txt > responses.txt
//
// Prints "ready<TAB>device<TAB>options", then one response per request. A request CUDA cannot express (depth
// compare, swizzles, base levels, a min filter unlike the mag filter, implicit-LOD ops other than tex, ...) gets
// an error response naming what is missing; the rest of the stream goes on.
#include <cmath>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cuda_sampler.h"
#include "gl_oracle_wire.h"

namespace gl = tmu::test::gl;
namespace hw = tmu::hw;

namespace {

struct Unsupported {
  std::string why;
};

hw::Channel channel(gl::Format f) {
  hw::Channel c;
  auto set = [&c](int b0, int b1, int b2, int b3, int kind, bool normalized, int result = 0) {
    c.bits[0] = b0, c.bits[1] = b1, c.bits[2] = b2, c.bits[3] = b3;
    c.kind = kind, c.normalized = normalized, c.result = result;
  };
  switch (f) {
    case gl::Format::rgba8: set(8, 8, 8, 8, 0, true); break;
    case gl::Format::srgb8_alpha8: set(8, 8, 8, 8, 0, true), c.srgb = true; break;
    case gl::Format::rg8: set(8, 8, 0, 0, 0, true); break;
    case gl::Format::r8: set(8, 0, 0, 0, 0, true); break;
    case gl::Format::rgba16: set(16, 16, 16, 16, 0, true); break;
    case gl::Format::rgba8_snorm: set(8, 8, 8, 8, 1, true); break;
    case gl::Format::rgba16f: set(16, 16, 16, 16, 2, false); break;
    case gl::Format::rgba32f: set(32, 32, 32, 32, 2, false); break;
    case gl::Format::r32f: set(32, 0, 0, 0, 2, false); break;
    case gl::Format::rgba8ui: set(8, 8, 8, 8, 0, false, 2); break;
    case gl::Format::rgba8i: set(8, 8, 8, 8, 1, false, 1); break;
    case gl::Format::rgba32ui: set(32, 32, 32, 32, 0, false, 2); break;
    case gl::Format::rgba32i: set(32, 32, 32, 32, 1, false, 1); break;
    default: throw Unsupported{"format " + std::string(gl::name(f)) + " has no CUDA array channel format"};
  }
  return c;
}

int32_t address(gl::Wrap w) {
  switch (w) {
    case gl::Wrap::repeat: return 0;
    case gl::Wrap::clamp_to_edge: return 1;
    case gl::Wrap::mirrored_repeat: return 2;
    case gl::Wrap::clamp_to_border: return 3;
    default: throw Unsupported{"wrap " + std::string(gl::name(w)) + " has no CUDA address mode"};
  }
}

// u4.8 as the sampler holds LOD clamps (the same clamp tmu's bridge applies).
float lod_clamp_value(float v) {
  return static_cast<float>(std::fmin(std::fmax(static_cast<double>(v), 0.0), 4095.0 / 256));
}

hw::TextureDesc texture_desc(const gl::Texture& t, bool gather) {
  if (t.base_level != 0) throw Unsupported{"base level " + std::to_string(t.base_level)};
  if (t.max_level != -1 && t.max_level != static_cast<int>(t.levels.size()) - 1)
    throw Unsupported{"max level " + std::to_string(t.max_level)};
  const std::array<gl::Swizzle, 4> identity{gl::Swizzle::r, gl::Swizzle::g, gl::Swizzle::b, gl::Swizzle::a};
  if (t.swizzle != identity) throw Unsupported{"texture swizzle"};
  hw::TextureDesc d;
  d.geometry = static_cast<hw::Geometry>(static_cast<int>(t.target));
  d.channel = channel(t.format);
  d.width = t.width, d.height = t.height, d.depth = t.depth, d.layers = t.layers;
  for (const auto& level : t.levels) {
    std::vector<unsigned char> bytes(level.size());
    if (!level.empty()) std::memcpy(bytes.data(), level.data(), level.size());
    d.levels.push_back(std::move(bytes));
  }
  d.gather = gather;
  return d;
}

hw::SamplerDesc sampler_desc(const gl::Sampler& s, const gl::Texture& t, bool trilinear_optimization) {
  if (s.compare) throw Unsupported{"depth compare"};
  if (s.min != s.mag) throw Unsupported{"min filter unlike the mag filter"};
  if (s.mip == gl::MipFilter::none && t.levels.size() > 1) throw Unsupported{"mip filter none with mip levels"};
  hw::SamplerDesc d;
  d.address[0] = address(s.wrap_s), d.address[1] = address(s.wrap_t), d.address[2] = address(s.wrap_r);
  if (gl::format_kind(t.format) != gl::Kind::floating &&
      (d.address[0] == 3 || d.address[1] == 3 || d.address[2] == 3))
    throw Unsupported{"border colour of an integer format"};
  d.linear = s.min == gl::Filter::linear;
  d.mip_linear = s.mip == gl::MipFilter::linear;
  for (int i = 0; i < 4; ++i) d.border[i] = s.border[static_cast<std::size_t>(i)];
  d.max_anisotropy = static_cast<uint32_t>(s.max_anisotropy);
  d.lod_bias = static_cast<float>(std::fmin(std::fmax(static_cast<double>(s.lod_bias), -16.0), 4095.0 / 256));
  d.min_lod = lod_clamp_value(s.min_lod);
  d.max_lod = lod_clamp_value(s.max_lod);
  d.seamless_cube = s.seamless_cube;
  d.trilinear_optimization = trilinear_optimization;
  return d;
}

// The float array layer as the compiler passes it: round to nearest even, saturate to u16 (texunit_gl_bridge).
int32_t layer_of(float z) {
  return static_cast<int32_t>(std::fmin(std::fmax(std::nearbyint(static_cast<double>(z)), 0.0), 65535.0));
}

// Lookups of one query: four for tex (one per quad pixel, the quad's differences as gradients), else one.
void add_lookups(const gl::Query& q, gl::Target target, std::vector<hw::Lookup>& out) {
  const int n = target == gl::Target::tex1d || target == gl::Target::tex1d_array                               ? 1
                : target == gl::Target::tex2d || target == gl::Target::tex2d_array                             ? 2
                                                                                                               : 3;
  const bool layered = gl::is_layered(target);
  hw::Lookup l;
  auto coords = [&](const gl::Vec4& c) {
    for (int i = 0; i < n; ++i) l.c[i] = c[static_cast<std::size_t>(i)];
    if (layered) l.layer = layer_of(c[static_cast<std::size_t>(n)]);
  };
  if (q.has_offsets) throw Unsupported{"per-texel gather offsets"};
  if (q.has_offset) {
    if (target != gl::Target::tex2d || (q.op != gl::Op::txl && q.op != gl::Op::txd && q.op != gl::Op::tg4))
      throw Unsupported{"offsets other than on 2D txl, txd and tg4"};
    l.has_offset = true;
    l.offset[0] = q.offset[0], l.offset[1] = q.offset[1];
  }
  switch (q.op) {
    case gl::Op::tex:
      l.op = hw::LookupOp::grad;
      for (std::size_t i = 0; i < 3; ++i) {
        l.ddx[i] = q.coord[1][i] - q.coord[0][i];
        l.ddy[i] = q.coord[2][i] - q.coord[0][i];
      }
      for (const gl::Vec4& c : q.coord) {
        coords(c);
        out.push_back(l);
      }
      return;
    case gl::Op::txl:
      l.op = hw::LookupOp::level;
      l.lod = q.lod;
      coords(q.coord[0]);
      break;
    case gl::Op::txd:
      l.op = hw::LookupOp::grad;
      for (std::size_t i = 0; i < 3; ++i) l.ddx[i] = q.ddx[i], l.ddy[i] = q.ddy[i];
      coords(q.coord[0]);
      break;
    case gl::Op::txf:
      if (gl::faces(target) != 1) throw Unsupported{"texel fetch from a cube map"};
      l.op = hw::LookupOp::fetch;
      for (int i = 0; i < n; ++i) l.ic[i] = q.icoord[static_cast<std::size_t>(i)];
      if (layered) l.layer = q.icoord[static_cast<std::size_t>(n)];
      l.ilod = q.ilod;
      break;
    case gl::Op::tg4:
      if (target != gl::Target::tex2d) throw Unsupported{"gather from a target other than 2D"};
      l.op = hw::LookupOp::gather;
      l.component = q.component;
      coords(q.coord[0]);
      break;
    default:
      throw Unsupported{"op " + std::string(gl::name(q.op)) + " (no CUDA texture function)"};
  }
  for (int i = 0; i < 4; ++i) out.push_back(l);
}

std::string answer(const gl::Request& r, bool trilinear_optimization) {
  try {
    bool gather = false;
    std::vector<hw::Lookup> lookups;
    for (const gl::Query& q : r.queries) {
      gather = gather || q.op == gl::Op::tg4;
      add_lookups(q, r.texture.target, lookups);
    }
    const hw::TextureDesc t = texture_desc(r.texture, gather);
    const hw::SamplerDesc s = sampler_desc(r.sampler, r.texture, trilinear_optimization);
    std::vector<uint32_t> words;
    if (std::string e = hw::run_lookups(t, s, lookups, words); !e.empty()) return gl::write_error("cuda: " + e);
    std::vector<gl::QueryResult> results(r.queries.size());
    for (std::size_t i = 0; i < results.size(); ++i)
      for (std::size_t p = 0; p < 4; ++p)
        for (std::size_t c = 0; c < 4; ++c) results[i].pixel[p].bits[c] = words[16 * i + 4 * p + c];
    return gl::write_response(results);
  } catch (const Unsupported& u) {
    return gl::write_error("unsupported: " + u.why);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool trilinear_optimization = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--trilinear-optimization") == 0) {
      trilinear_optimization = true;
    } else {
      std::cerr << "usage: tmu_cuda_oracle [--trilinear-optimization] < requests > responses\n";
      return 2;
    }
  }
  std::ios::sync_with_stdio(false);
  std::cout << "ready\t" << hw::describe_device() << '\t'
            << (trilinear_optimization ? "trilinear optimization on" : "trilinear optimization off") << std::endl;
  for (;;) {
    auto request = gl::read_request(std::cin);
    if (!request && request.error().empty()) break;  // end of input
    if (!request) {
      std::cout << gl::write_error("bad request: " + request.error());
      continue;
    }
    std::cout << answer(*request, trilinear_optimization);
  }
  return 0;
}
