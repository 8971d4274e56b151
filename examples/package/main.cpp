// SPDX-License-Identifier: MIT
// tmu as a library (README.md, "Using tmu as a library"): assemble an SM50 texture instruction written as the seed
// documents write it, decode the word back and print it as nvdisasm does, then sample a small texture through the
// texture unit.
#include <array>
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <span>
#include <string>

#include "isa/sm50/codec.h"
#include "isa/sm50/printer.h"
#include "isa/sm50/program.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

namespace sm50 = tmu::isa::sm50;
namespace tu = tmu::texunit;

namespace {

int fail(const char* what, const std::string& why) {
  std::fprintf(stderr, "tmu_example: %s: %s\n", what, why.c_str());
  return 1;
}

}  // namespace

int main() {
  // The instruction: assembled, its word, and the word decoded and printed again.
  sm50::Program program;
  if (auto err = sm50::assemble("TEX.LB R0,R2,R4,5,2D,0xf;", tmu::isa::Arch::SM50, program))
    return fail("assemble", err->message);
  const auto word = sm50::encode(program.code.at(0));
  if (!word) return fail("encode", word.error());
  std::printf("word: 0x%016" PRIx64 "\n", *word);

  // A control slot that schedules nothing (stall 0, no yield, no barriers): nvdisasm ends the text with ";".
  const auto inst = sm50::decode(*word, tmu::isa::Arch::SM50, sm50::Control{});
  if (!inst) return fail("decode", inst.error());
  std::printf("text: %s%s\n", sm50::to_string(*inst).c_str(), std::string(sm50::terminator(*inst)).c_str());

  // A word SM50 refuses (TEX with .LC, bit 58, which SM52 added): the reason is nvdisasm's.
  const auto refused = sm50::decode(0xc438000000070000, tmu::isa::Arch::SM50, sm50::Control{});
  std::printf("refused: %s\n", refused ? "no" : refused.error().c_str());

  // A 4x4 float texture (R32_G32_B32_A32, FLOAT), texel (x, y) = (x + 4y, 2 (x + 4y), 0, 1), sampled bilinearly at
  // level 0 with wrapping coordinates.
  tu::TextureSet set;
  tu::TextureHeader header;
  header.components = 0x01;  // R32_G32_B32_A32
  header.types = {tu::DataType::Float, tu::DataType::Float, tu::DataType::Float, tu::DataType::Float};
  header.swizzle = {tu::Source::R, tu::Source::G, tu::Source::B, tu::Source::A};
  header.width = header.height = 4;
  const auto texture = set.add_texture(header);
  if (!texture) return fail("add_texture", texture.error());
  std::array<float, 16 * 4> texels{};
  for (std::size_t i = 0; i < 16; ++i) {
    texels[4 * i] = static_cast<float>(i);
    texels[4 * i + 1] = static_cast<float>(2 * i);
    texels[4 * i + 3] = 1.0f;
  }
  if (auto w = set.write_level(*texture, 0, 0, std::as_bytes(std::span(texels))); !w)
    return fail("write_level", w.error());
  tu::Sampler sampler;
  sampler.address = {tu::AddressMode::Wrap, tu::AddressMode::Wrap, tu::AddressMode::Wrap};
  sampler.mag = tu::MagFilter::Linear;
  sampler.min = tu::MinFilter::Linear;
  sampler.max_lod_clamp = 0xfff;
  const auto smp = set.add_sampler(sampler);
  if (!smp) return fail("add_sampler", smp.error());

  // One request for a warp (a TEX.LZ), three lanes active, each with its normalized coordinates (s, t).
  constexpr std::array<std::array<float, 2>, 3> kCoords{{{0.5f, 0.625f}, {1.125f, 0.375f}, {-0.125f, 0.375f}}};
  tu::Request request;
  request.op = tu::TexOp::Sample;
  request.dim = tu::Dim::Tex2D;
  request.lod = tu::LodMode::Zero;
  request.active = request.ctm = 0x7;
  for (std::size_t lane = 0; lane < kCoords.size(); ++lane) {
    request.lanes[lane].handle = tu::TextureSet::handle(*texture, *smp);
    request.lanes[lane].coord = {std::bit_cast<uint32_t>(kCoords[lane][0]), std::bit_cast<uint32_t>(kCoords[lane][1]), 0};
  }
  tu::Response response;
  tu::TextureUnit(set.bindings()).run(request, response);
  for (std::size_t lane = 0; lane < kCoords.size(); ++lane) {
    const auto& v = response.value[lane];
    std::printf("sample (%g, %g): %g %g %g %g\n", static_cast<double>(kCoords[lane][0]),
                static_cast<double>(kCoords[lane][1]), static_cast<double>(std::bit_cast<float>(v[0])),
                static_cast<double>(std::bit_cast<float>(v[1])), static_cast<double>(std::bit_cast<float>(v[2])),
                static_cast<double>(std::bit_cast<float>(v[3])));
  }
  return 0;
}
