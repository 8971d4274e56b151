// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as a fragment program (raw SM52 bundles; the first bytes also choose the thread masks,
// predicates and register contents) run by the warp executor against a small machine: constant banks, memories, a
// 4x4 texture and a triangle RAM. Whatever the program does, the executor must stop with a result or an error
// naming the address, within its instruction budget; never crash, hang or read outside its state.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "exec/executor.h"
#include "isa/sm50/program.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

using namespace tmu;

namespace {

struct World {
  texunit::TextureSet set;
  texunit::TextureUnit unit{set.bindings()};
  interp::TriangleRam tram;
  exec::FragmentInputs fragment;
  uint32_t handle = 0;

  World() {
    texunit::TextureHeader h;
    h.components = 0x08;
    h.types = {texunit::DataType::Unorm, texunit::DataType::Unorm, texunit::DataType::Unorm, texunit::DataType::Unorm};
    h.swizzle = {texunit::Source::R, texunit::Source::G, texunit::Source::B, texunit::Source::A};
    h.width = h.height = 4;
    h.max_mip_level = h.view_max_level = 2;
    const uint32_t tex = *set.add_texture(h);
    std::byte texels[64];
    for (std::size_t i = 0; i < sizeof texels; ++i) texels[i] = static_cast<std::byte>(i * 37);
    for (unsigned l = 0; l < 3; ++l) (void)set.write_level(tex, l, 0, std::span(texels, 64u >> (2 * l)));
    texunit::Sampler s;
    s.mag = texunit::MagFilter::Linear;
    s.min = texunit::MinFilter::Linear;
    s.mip = texunit::MipFilter::Linear;
    s.max_lod_clamp = 0xfff;
    handle = texunit::TextureSet::handle(tex, *set.add_sampler(s));
    for (uint32_t a = 0x60; a < 0x100; a += 4)
      tram.set(a, {0.25f * static_cast<float>(a % 7), -0.5f, 1.0f}, interp::PixelImap::Perspective);
    fragment.context.tram = &tram;
    for (unsigned l = 0; l < exec::kLanes; ++l) fragment.pixel[l] = {static_cast<int32_t>(l & 1), static_cast<int32_t>(l >> 1), 1};
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static World world;
  if (size < 16) return 0;
  uint32_t covered, preds, seed;
  std::memcpy(&covered, data, 4);
  std::memcpy(&preds, data + 4, 4);
  std::memcpy(&seed, data + 8, 4);
  const auto bytes = std::span(reinterpret_cast<const std::byte*>(data + 16), size - 16);
  isa::sm50::Program program;
  if (isa::sm50::decode_program(bytes, isa::Arch::SM52, 0, program) || program.code.empty()) return 0;

  exec::Machine m;
  const uint32_t words[4] = {world.handle, seed, 0x3f800000, 0xffffffff};
  m.set_cbank(0, 0, words);
  m.set_cbank(3, 0x100, words);
  m.global = exec::ByteMemory(0x10000, 4096);
  m.shared = exec::ByteMemory(0, 1024);
  for (auto& l : m.local) l = exec::ByteMemory(0, 256);
  m.textures = &world.unit;
  m.fragment = &world.fragment;

  exec::Warp warp;
  warp.masks = exec::ThreadMasks::launch(covered);
  for (unsigned p = 0; p < 7; ++p) warp.pred[p] = preds * (p + 1) ^ seed;
  for (unsigned r = 0; r < exec::kRegisters; ++r)
    for (unsigned l = 0; l < exec::kLanes; ++l) warp.reg[r][l] = seed * (r * 33 + l + 1) >> (r % 17);
  exec::RunReport report;
  (void)exec::run(program, warp, m, {2000}, report);
  return 0;
}
