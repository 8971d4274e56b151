// SPDX-License-Identifier: MIT
// The launch spec of `tmu run` (docs/run.md): which kernel, grid and block sizes, the parameters in order (typed
// values, buffer addresses, texture-object handles), global buffers with their initial contents, textures (the
// `tmu sample` JSON of a texture and its sampler) bound as texture references or passed as objects, and the
// buffers to print or write. Everything is checked here; errors name the key ("params[2]: ...").
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "sample/spec.h"

namespace tmu::run {

struct BufferSpec {
  std::string name;
  uint64_t size = 0;
  std::optional<uint64_t> address;  // where to map it; by default the launcher allocates it
  std::vector<std::byte> init;      // the first bytes (the rest are zero)
  std::vector<std::string> handles; // or: the texture-object handles (u64) of these textures, in order
};

struct ParamSpec {
  // Texture: the texture object's 64-bit handle; Texels: the address of its level 0 (for kernels that write it).
  // Hex: raw bytes of any size (structures passed by value).
  enum class Kind : uint8_t { U32, S32, F32, U64, Buffer, Texture, Texels, Hex };
  Kind kind = Kind::U32;
  uint64_t bits = 0;    // the value (U32/S32/F32: the 32 bits; U64: 64)
  std::string ref;      // Buffer, Texture, Texels: the name
  uint64_t offset = 0;  // Buffer: bytes added to the address
  std::vector<std::byte> bytes;  // Hex
  unsigned size() const {
    if (kind == Kind::Hex) return static_cast<unsigned>(bytes.size());
    return kind == Kind::U32 || kind == Kind::S32 || kind == Kind::F32 ? 4 : 8;
  }
};

struct TextureBinding {
  std::string name;
  sample::Spec spec;  // texture and sampler (its requests are not used)
};

// Initial contents of a module .global variable (written over its .nv.global.init bytes before the launch).
struct VariableSpec {
  std::string name;
  std::vector<std::byte> init;
};

struct OutputSpec {
  std::string buffer;          // a buffer's name, a .global variable's when `variable`, a texture's when `texture`
  std::string format = "u32";  // u32 s32 f32 hex
  std::string file;            // also write the raw bytes here
  bool variable = false;
  bool texture = false;        // its texels (what surface instructions wrote), linear: launch.h
};

struct LaunchSpec {
  std::string kernel;  // "" = the first of the cubin
  std::array<uint32_t, 3> grid{1, 1, 1}, block{1, 1, 1};
  std::vector<ParamSpec> params;
  std::vector<BufferSpec> buffers;
  std::vector<TextureBinding> textures;
  std::map<std::string, std::string> texrefs;      // texref symbol -> texture name
  std::map<std::string, std::string> samplerrefs;  // samplerref symbol -> texture name (its sampler)
  std::map<std::string, std::string> surfrefs;     // surfref symbol -> texture name
  std::vector<VariableSpec> variables;             // checked against the cubin's variables at launch
  std::vector<OutputSpec> outputs;                 // none: every buffer as u32
  uint64_t max_instructions = 1'000'000;           // per warp
  bool poison = false;                             // registers start as exec::kPoison; unwritten reads reported
  uint32_t local_bytes = 0;                        // per thread, at least the kernel's stack size
  uint32_t dynamic_shared = 0;                     // bytes of shared memory after the static ones
  std::filesystem::path base_dir;                  // texel files are found from here
};

// Reads a spec; files (buffer and texel sources) are found relative to base_dir.
Result<LaunchSpec> read_launch_spec(std::string_view json_text, const std::filesystem::path& base_dir);

}  // namespace tmu::run
