// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as a fragment program (raw SM52 bundles; the first bytes also choose the thread masks,
// predicates and register contents) run by the warp executor against a small machine: constant banks, memories, a
// 4x4 texture and a triangle RAM. Whatever the program does, the executor must stop with a result or an error
// naming the address, within its instruction budget; never crash, hang or read outside its state. The program
// runs twice, through the warp-wide fast handlers and through the reference handlers (RunLimits::reference):
// the warps' registers, predicates, flags and masks, the error and the report must be identical.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

  exec::Warp start;
  start.masks = exec::ThreadMasks::launch(covered);
  for (unsigned p = 0; p < 7; ++p) start.pred[p] = preds * (p + 1) ^ seed;
  for (unsigned r = 0; r < exec::kRegisters; ++r)
    for (unsigned l = 0; l < exec::kLanes; ++l) start.reg[r][l] = seed * (r * 33 + l + 1) >> (r % 17);
  const exec::DecodedProgram decoded(program);
  struct Outcome {
    exec::Warp warp;
    std::string error;
    exec::RunReport report;
  };
  auto run = [&](bool reference) {
    static Outcome o[2];
    Outcome& out = o[reference ? 1 : 0];
    out.warp = start;
    out.report = {};
    exec::Machine mm = m;
    const bool poison = (seed & 0x100) != 0;
    const auto e = exec::run(decoded, out.warp, mm, {2000, poison, reference}, out.report);
    out.error = e ? e->to_string() : "";
    return &out;
  };
  const Outcome& fast = *run(false);
  const Outcome& ref = *run(true);
  std::vector<std::string> h[2], u[2];
  for (int k = 0; k < 2; ++k) {
    const Outcome& o = k ? ref : fast;
    for (const auto& x : o.report.hazards) h[k].push_back(x.to_string());
    for (const auto& x : o.report.uninitialised) u[k].push_back(x.to_string());
  }
  const bool same = fast.error == ref.error && fast.warp.reg == ref.warp.reg && fast.warp.pred == ref.warp.pred &&
                    fast.warp.cc.zero == ref.warp.cc.zero && fast.warp.cc.sign == ref.warp.cc.sign &&
                    fast.warp.cc.carry == ref.warp.cc.carry && fast.warp.cc.overflow == ref.warp.cc.overflow &&
                    fast.warp.masks.ctm == ref.warp.masks.ctm && fast.warp.masks.exited == ref.warp.masks.exited &&
                    fast.warp.masks.ktm == ref.warp.masks.ktm && fast.report.instructions == ref.report.instructions &&
                    h[0] == h[1] && u[0] == u[1];
  if (!same) std::abort();  // the fast handlers computed something the reference handlers did not
  return 0;
}
