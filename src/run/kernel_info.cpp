// SPDX-License-Identifier: MIT
#include "run/kernel_info.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "isa/cubin_format.h"

namespace tmu::run {
namespace {

using namespace isa::cubin_format;

uint32_t u16(const std::vector<std::byte>& v, std::size_t p) {
  return std::to_integer<uint32_t>(v[p]) | std::to_integer<uint32_t>(v[p + 1]) << 8;
}
uint32_t u32(const std::vector<std::byte>& v, std::size_t p) { return u16(v, p) | u16(v, p + 2) << 16; }

}  // namespace

Result<KernelInfo> kernel_info(const isa::Cubin& cubin, const isa::CubinFunction& f) {
  KernelInfo k;
  k.name = f.section.substr(6);
  k.shared_size = f.shared_size;
  for (const auto& [bank, data] : f.constants)
    if (bank == 0) k.bank0_size = static_cast<uint32_t>(data.size());
  auto bad = [&](const isa::CubinAttribute& a, std::string_view why) {
    return make_error(fmt::format("kernel '{}': .nv.info attribute {:#x}: {} ({} value bytes)", f.name, a.attribute,
                                  why, a.value.size()));
  };
  for (const isa::CubinAttribute& a : f.attributes) {
    switch (a.attribute) {
      case kParamCbank:
        if (a.format != 4 || a.value.size() < 8) return bad(a, "EIATTR_PARAM_CBANK should be 8 bytes");
        k.param_base = u16(a.value, 4);
        k.param_size = u16(a.value, 6);
        break;
      case kCbankParamSize:
        if (a.value.size() < 2) return bad(a, "EIATTR_CBANK_PARAM_SIZE should be 2 bytes");
        k.param_size = u16(a.value, 0);
        break;
      case kKparamInfo: {
        if (a.format != 4 || a.value.size() < 12) return bad(a, "EIATTR_KPARAM_INFO should be 12 bytes");
        KernelParam p{u16(a.value, 4), u16(a.value, 6), u32(a.value, 8) >> 18, KernelParam::Ref::None, ""};
        const uint32_t space = kparam_space(u32(a.value, 8));
        if (p.size == 0 && (space == kKparamSpaceTexture || space == kKparamSpaceSurface || space == kKparamSpaceSampler)) {
          p.ref = space == kKparamSpaceTexture   ? KernelParam::Ref::Texture
                  : space == kKparamSpaceSurface ? KernelParam::Ref::Surface
                                                 : KernelParam::Ref::Sampler;
          const uint32_t index = u32(a.value, 0);
          if (index >= cubin.symbols.size()) return bad(a, "a texture, surface or sampler parameter names no symbol");
          p.symbol = cubin.symbols[index];
        }
        k.params.push_back(std::move(p));
        break;
      }
      case kReqntid: case kMaxThreads: {
        if (a.format != 4 || a.value.size() < 12) return bad(a, "EIATTR_REQNTID / MAX_THREADS should be 12 bytes");
        const std::array<uint32_t, 3> n{u32(a.value, 0), u32(a.value, 4), u32(a.value, 8)};
        (a.attribute == kReqntid ? k.reqntid : k.maxntid) = n;
        break;
      }
      default: break;
    }
  }
  std::sort(k.params.begin(), k.params.end(), [](const auto& a, const auto& b) { return a.ordinal < b.ordinal; });
  for (std::size_t i = 0; i < k.params.size(); ++i)
    if (k.params[i].ordinal != i)
      return make_error(fmt::format("kernel '{}': EIATTR_KPARAM_INFO ordinals are not 0..{} (ordinal {} missing)",
                                    f.name, k.params.size() - 1, i));
  for (const isa::CubinAttribute& a : cubin.attributes) {
    if (a.format != 4 || a.value.size() < 8 || u32(a.value, 0) != f.symbol) continue;
    if (a.attribute == kFrameSize) k.frame_size = u32(a.value, 4);
    if (a.attribute == kMinStackSize) k.min_stack = u32(a.value, 4);
    if (a.attribute == kMaxStackSize) k.max_stack = u32(a.value, 4);
  }
  for (const isa::CubinRelocation& r : f.constant0_relocations) {
    if (r.type != kRelTexHeaderIndex && r.type != kRelSampHeaderIndex && r.type != kRelSurfHeaderIndex) continue;
    auto it = std::find_if(k.texture_slots.begin(), k.texture_slots.end(),
                           [&](const TextureSlot& s) { return s.offset == r.offset; });
    if (it == k.texture_slots.end())
      it = k.texture_slots.insert(k.texture_slots.end(), {static_cast<uint32_t>(r.offset), "", "", ""});
    (r.type == kRelTexHeaderIndex ? it->texture : r.type == kRelSampHeaderIndex ? it->sampler : it->surface) = r.symbol;
  }
  return k;
}

}  // namespace tmu::run
