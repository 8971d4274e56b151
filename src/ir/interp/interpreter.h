// SPDX-License-Identifier: MIT
// The IR interpreter: runs a shader (src/ir, NIR's semantics) on one warp of 32 lanes, 8 quads, the way an SM50
// GPU runs what NAK compiles from it. Lane 4q + {0, 1, 2, 3} is quad q's pixel (x, y) + (0, 0), (1, 0), (0, 1),
// (1, 1), as the executor (src/exec) and seed 000 number them. Every launched lane executes, helper lanes too;
// an if with a per-lane condition runs both sides under masks, a loop runs while any lane is left in it (break
// and continue take lanes out), and phis select per lane by the block each lane came from. Texture
// instructions become one texture-unit request for the whole warp (src/texunit/request.h), mapped as NAK maps
// NIR texture ops to SM50 instructions (shared/reference/lowering-facts.md 2.1-2.2; tex_request.cpp).
//
// Values are bits: every SSA value holds, per lane, its components' bit patterns (1, 8, 16, 32 or 64 bits).
// Outputs come back as 32-bit patterns per slot component.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "ir/shader.h"
#include "sample/spec.h"
#include "texunit/atomic.h"
#include "texunit/descriptors.h"
#include "texunit/gpu_memory.h"
#include "texunit/policy.h"
#include "texunit/request.h"
#include "texunit/texture_unit.h"

namespace tmu::ir::interp {

inline constexpr unsigned kLanes = 32;

// The textures and samplers texture instructions reach, in one GPU memory with header and sampler pools
// (texunit::TextureSet), and the texture unit's Policy.
//
// Indices: a texture instruction names its texture by texture_index (+ a texture_offset source), by a
// texture_deref whose variable has `binding` (+ the array index of an array deref), or by a texture_handle
// whose bits 19:0 are the index; its sampler likewise (sampler_index, sampler_deref, bits 31:20 of the
// sampler_handle, or of the texture_handle when there is no sampler_handle: seed 000's samplerPtr[31:20] |
// headerPtr[19:0], which NAK builds from separate handles, lowering-facts 2.2). Textures and samplers have
// separate index spaces; a combined GL sampler binds both at the same index.
//
// Textures and samplers are described as `tmu sample` describes them (docs/texunit.md, "texture" and
// "sampler"), read by its reader and filled by its texel generators (src/sample), so that tests and tools share
// one description.
class Bindings {
 public:
  explicit Bindings(texunit::Policy policy = texunit::Policy::nvidia());
  ~Bindings();
  Bindings(Bindings&&) noexcept;
  Bindings& operator=(Bindings&&) noexcept;
  Bindings(const Bindings&) = delete;
  Bindings& operator=(const Bindings&) = delete;

  // Texture `index` from a spec's texture: the header is written to the pool, the texels filled (files relative
  // to base_dir), non-resident pages unbound. Binding an index again replaces it.
  Result<bool> bind_texture(uint32_t index, const sample::TextureSpec& texture,
                            const std::filesystem::path& base_dir = {});
  Result<bool> bind_sampler(uint32_t index, const texunit::Sampler& sampler);
  // Both, at the same index, from JSON text: an object {"texture": {...}, "sampler": {...}} as in a `tmu sample`
  // spec ("sampler" optional: `tmu sample`'s default sampler; "requests", if present, are read and ignored).
  // Errors name where, as `tmu sample`'s do: "texture.width: expected an integer ...".
  Result<bool> bind_json(uint32_t index, std::string_view json, const std::filesystem::path& base_dir = {});
  // A sampler alone, from the JSON text of a spec's "sampler" object.
  Result<bool> bind_sampler_json(uint32_t index, std::string_view json);

  const texunit::Policy& policy() const { return policy_; }
  void set_policy(const texunit::Policy& p) { policy_ = p; }

  // What the interpreter looks up.
  struct Texture {
    uint32_t pool_index = 0;        // in the header pool
    texunit::TextureHeader header;  // as written (address included)
  };
  struct Sampler {
    uint32_t pool_index = 0;               // the sampler as bound
    uint32_t unnormalized_pool_index = 0;  // the same with FLOAT_COORD_NORMALIZATION = force unnormalized (RECT)
    texunit::Sampler sampler;
  };
  const Texture* texture(uint32_t index) const;
  const Sampler* sampler(uint32_t index) const;
  const texunit::Bindings& unit_bindings() const;
  // The GPU memory the textures live in, which image stores and atomics write (a shader run changes it).
  texunit::GpuMemory& memory() const;

 private:
  struct Pools;
  std::unique_ptr<Pools> pools_;
  std::map<uint32_t, Texture> textures_;
  std::map<uint32_t, Sampler> samplers_;
  texunit::Policy policy_;
};

// One lane's inputs.
struct LaneInputs {
  // Input slots, 4 x 32 bits each: by `base` (+ the offset source) for load_input and load_interpolated_input
  // (after nir_lower_io, base is the variable's driver_location), by `location` (+ array index) for load_deref of
  // shader_in variables. Interpolation is done: load_interpolated_input reads the slot as it is.
  std::map<uint32_t, std::array<uint32_t, 4>> slots;
  std::array<float, 4> frag_coord{};   // load_frag_coord: x, y (pixel centre), z, 1/w
  std::array<float, 2> barycentric{};  // load_barycentric_*: opaque to the interpreter, returned as given
  uint32_t sample_id = 0;              // load_sample_id
};

struct Inputs {
  std::array<LaneInputs, kLanes> lanes{};
  // Lanes that run: whole quads (a quad's four lanes launch together). Others never execute.
  uint32_t launched = 0xffffffff;
  // Lanes that start as helper invocations (pixels of the quad the primitive does not cover): they execute, feed
  // derivatives and implicit LOD, and their stores have no effect.
  uint32_t helpers = 0;
  // load_uniform's memory, 32-bit words: byte address base + offset, 4-byte aligned.
  std::vector<uint32_t> uniforms;

  // Pixel centres of a block of quads: quad q covers (x0 + 2 (q % quads_per_row), y0 + 2 (q / quads_per_row))
  // and the pixel to its right, below and diagonal; frag_coord = (x + 0.5, y + 0.5, 0, 1).
  static Inputs quads(uint32_t x0 = 0, uint32_t y0 = 0, unsigned quads_per_row = 4);
  // Sets slot `slot` of lane `lane` (float components as their bits).
  void set_input(unsigned lane, uint32_t slot, const std::array<float, 4>& v);
  void set_input_bits(unsigned lane, uint32_t slot, const std::array<uint32_t, 4>& v);
};

struct OutputSlot {
  std::array<uint32_t, 4> value{};
  uint8_t written = 0;  // components written (bit i: component i)
};

struct Outputs {
  // Per lane: what store_output (slot = base + offset) and store_deref of shader_out variables (slot = location +
  // array index) wrote, from lanes that were not helpers at the time.
  std::array<std::map<uint32_t, OutputSlot>, kLanes> slots;
  uint32_t launched = 0;
  uint32_t helpers = 0;  // helpers at the end: started as helpers, demoted, or killed
  uint32_t demoted = 0;  // demote / demote_if
  uint32_t killed = 0;   // discard, discard_if, terminate, terminate_if: the fragment is discarded
  unsigned texture_requests = 0;

  // The slot a lane wrote, if it wrote any component of it.
  const OutputSlot* slot(unsigned lane, uint32_t slot) const;
  float f(unsigned lane, uint32_t slot, unsigned component) const;   // 0 when not written
  uint32_t u(unsigned lane, uint32_t slot, unsigned component) const;
};

struct Options {
  // Run ir::verify first; an invalid shader is refused with its messages.
  bool verify = true;
  // The texture unit's fast path (bit-identical to its reference path; off for tests comparing the two).
  bool texture_fast_path = true;
  // Transcendental opcodes (frcp, frsq, fsqrt, fexp2, flog2, fsin, fcos) and fdiv, fpow as SM50 computes them
  // after selection (src/ir/sm50): MUFU as the executor models it (the function in double, rounded to F32,
  // denormal inputs and results flushed, NaN canonical), fsqrt as MUFU.RCP of MUFU.RSQ, fdiv as a * MUFU.RCP(b),
  // fpow as MUFU.EX2(MUFU.LG2(a) * b). Off: NIR's definitions on the host.
  bool sm50_transcendentals = false;
  // txd only in the forms SM50's TXD has (1D and 2D, arrays, no depth compare), as NAK and ptxas require. Off:
  // txd on 3D and cube textures and with a comparator run through the texture unit's gradient path too (the
  // reference the txd lowerings of nir_lower_tex are checked against).
  bool sm50_txd_forms_only = true;
  // A loop that runs this many iterations with lanes still in it is refused (a runaway guard: the error names the
  // loop by its first block).
  unsigned max_loop_iterations = 1u << 16;
  // Called after each texture request with the instruction, the request and the unit's response.
  std::function<void(const TexInstr&, const texunit::Request&, const texunit::Response&)> on_texture;
};

// How the interpreter runs an image atomic (image.cpp): the texture unit's operation and data type on the texel's
// first 32 bits (imin / imax signed, the others the same either way); comp_swap stores its new value where the
// old one equals the compared value. nullopt for intrinsics that are not image atomics.
struct ImageAtomic {
  texunit::AtomicOp op = texunit::AtomicOp::Exch;
  texunit::AtomicType type = texunit::AtomicType::U32;
  bool comp_swap = false;
};
std::optional<ImageAtomic> image_atomic(Intrinsic op);

// Runs `shader` (a fragment shader; other stages run too, with implicit LOD defaulting as the texture unit does
// for non-pixel threads) on one warp. Errors name the instruction (ssa_N, or the block and position of one
// without a destination) and, where it is per lane, the lane.
Result<Outputs> run(Shader& shader, const Bindings& bindings, const Inputs& inputs, const Options& options = {});

}  // namespace tmu::ir::interp
