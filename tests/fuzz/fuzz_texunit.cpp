// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary texture headers and samplers in the pools, pointing into a small mapped memory (and past
// it), and an arbitrary warp request: any op, dimension, LOD mode, masks, handles and coordinate bits (NaN,
// infinities, huge values). The texture unit must return defined results (zeros for invalid textures) without
// crashing or reading outside its memory model.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "texunit/gpu_memory.h"
#include "texunit/memory_texture.h"
#include "texunit/texture_unit.h"

using namespace tmu::texunit;

namespace {

class Reader {
 public:
  Reader(const uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t{byte()} << (8 * i);
    return v;
  }
  uint8_t byte() { return p_ < n_ ? d_[p_++] : 0; }

 private:
  const uint8_t* d_;
  std::size_t n_, p_ = 0;
};

constexpr uint64_t kHeaders = 0x100000, kSamplers = 0x110000, kData = 0x200000;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader in(data, size);
  GpuMemory memory;
  if (!memory.map(kHeaders, 0x10000) || !memory.map(kSamplers, 0x10000) || !memory.map(kData, 0x40000)) return 0;
  // Two headers and two samplers: their words come from the input, addresses pointed at the data mapping (or not).
  for (uint64_t k = 0; k < 2; ++k) {
    std::array<uint32_t, 8> h{}, s{};
    for (auto& w : h) w = in.u32();
    for (auto& w : s) w = in.u32();
    if (in.byte() & 1) {  // keep the address inside the data mapping: words 1 (low) and 2 (bits 15:0 high)
      h[1] = static_cast<uint32_t>(kData + (h[1] & 0x3ff00));
      h[2] = (h[2] & 0xffff0000u) | static_cast<uint32_t>(kData >> 32);
    }
    (void)memory.write(kHeaders + 32 * k, std::as_bytes(std::span(h)));
    (void)memory.write(kSamplers + 32 * k, std::as_bytes(std::span(s)));
  }
  const PoolBindings bindings(memory, {kHeaders, 1, kSamplers, 1, (in.byte() & 1) != 0});
  const TextureUnit unit(bindings, (in.byte() & 1) ? Policy::nvidia() : Policy::float_exact());

  Request q;
  q.op = static_cast<TexOp>(in.byte() % 6);
  q.dim = static_cast<Dim>(in.byte() % 8);
  q.lod = static_cast<LodMode>(in.byte() % 6);
  const uint8_t flags = in.byte();
  q.depth_compare = flags & 1;
  q.aoffi = flags & 2;
  q.ptp = flags & 4;
  q.lod_clamp = flags & 8;
  q.multisample = flags & 16;
  q.edge_clamp = flags & 32;
  q.ndv = flags & 64;
  q.pixel_shader = flags & 128;
  q.component = static_cast<Component>(in.byte() & 3);
  q.query = static_cast<Query>(in.byte() % 24);
  q.active = in.u32();
  q.ctm = in.u32();
  for (Lane& l : q.lanes) {
    l.handle = in.u32() & 0x00300003;  // header and sampler index 0..3 (2 and 3 past the pools' maximum)
    for (auto& c : l.coord) c = in.u32();
    l.layer = static_cast<uint16_t>(in.u32());
    l.lod = in.u32();
    l.lod_clamp = static_cast<uint16_t>(in.u32());
    for (auto& o : l.offset) o = static_cast<int8_t>(in.byte());
    for (auto& t : l.ptp)
      for (auto& o : t) o = static_cast<int8_t>(in.byte());
    l.dref = in.u32();
    l.sample = in.u32();
    for (auto& g : l.gradients) g = in.u32();
  }
  Response r;
  unit.run(q, r);
  return 0;
}
