// SPDX-License-Identifier: MIT
// PTX's texture instructions as typed records: `tex` (seed 004), `tld4` and `txq` (the instructions seed 004
// refers to; lowering-facts.md 3.9, 3.10), read from a parsed statement and checked as ptxas 11.8 checks them for
// sm_50/sm_52: operand vector sizes per geometry, coordinate types, where offsets and depth compare may appear,
// and the forms ptxas refuses (lowering-facts.md 3.4), each refused with ptxas's own message.
//
// Geometries are the texture vocabulary's coordinate descriptions (common/texture_vocab.h) plus PTX's
// multisample flag (.2dms is Tex2D + multisample, .a2dms Array2D + multisample); tld4's component is
// tex::Component. Mipmap modes and txq queries are PTX's own words, kept as PTX spells them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/result.h"
#include "common/texture_vocab.h"
#include "ptx/operand.h"
#include "ptx/types.h"

namespace tmu::ptx {

struct Instruction;

// .1d .2d .3d .a1d .a2d .cube .acube .2dms .a2dms
struct Geometry {
  tex::Dim dim = tex::Dim::Tex2D;
  bool multisample = false;
  friend bool operator==(Geometry, Geometry) = default;
};
std::optional<Geometry> parse_geometry(std::string_view directive);  // ".a2dms" -> {Array2D, true}
std::string name(Geometry g);                                       // ".a2dms"
// Seed 004's vector sizes: the coordinate vector c (1d: a scalar or a singleton; 3d, a2d, cube, acube and the
// multisample geometries: four elements, one of them padding), dPdx/dPdy (0: .grad is not allowed) and e.
unsigned coordinate_elements(Geometry g);
unsigned gradient_elements(Geometry g);
unsigned offset_elements(Geometry g);  // 0: offsets are not allowed (cube maps)
// Where the array index is in c (a2dms: the second element, after the sample number; -1: no array).
int array_index_element(Geometry g);

// .base / .level / .grad, or none (seed 004 "Mipmaps").
enum class MipMode : uint8_t { None, Base, Level, Grad };

// The texture (or sampler) operand: a .texref/.samplerref variable, or a 64-bit register holding a texture
// object or the address of a .texref (indirect access).
struct TextureRef {
  std::string name;
  Loc loc;
  bool is_register = false;
  friend bool operator==(const TextureRef&, const TextureRef&) = default;
};

// tex[.mip].geom.v4.dtype.ctype d[|p], [a, {b,} c] {, lod | , dPdx, dPdy} {, e} {, f}
struct Tex {
  MipMode mip = MipMode::None;
  Geometry geometry;
  Type dtype = Type::F32;      // .u32 .s32 .f16 .f32, or .f16x2 with .v2
  Type ctype = Type::F32;      // .s32 .f32
  std::vector<Operand> dest;   // 4 elements (.v2.f16x2: 2); registers or sinks
  std::optional<Operand> residency;  // |p
  TextureRef texture;
  std::optional<TextureRef> sampler;
  std::vector<Operand> coords;  // as written; a scalar 1d coordinate is one element
  std::optional<Operand> lod;   // .level
  std::vector<Operand> dpdx, dpdy;  // .grad
  std::vector<Operand> offset;      // e
  std::optional<Operand> depth;     // f
};

// tld4.comp.geom.v4.dtype.f32 d[|p], [a, {b,} c] {, e} {, f}
struct Tld4 {
  tex::Component component = tex::Component::R;
  Geometry geometry;
  Type dtype = Type::F32;  // .u32 .s32 .f32
  Type ctype = Type::F32;  // .f32 only
  std::vector<Operand> dest;
  std::optional<Operand> residency;
  TextureRef texture;
  std::optional<TextureRef> sampler;
  std::vector<Operand> coords;
  std::vector<Operand> offset;
  std::optional<Operand> depth;
};

// txq.query.b32 d, [a]; txq.level.query.b32 d, [a], lod; the sampler queries name a sampler.
enum class TxqQuery : uint8_t {
  Width, Height, Depth, ChannelDataType, ChannelOrder, NormalizedCoords, ArraySize, NumMipmapLevels, NumSamples,
  ForceUnnormalizedCoords, FilterMode, AddrMode0, AddrMode1, AddrMode2,
};
std::optional<TxqQuery> parse_txq_query(std::string_view directive);  // ".num_mipmap_levels"
std::string_view name(TxqQuery q);
constexpr bool is_sampler_query(TxqQuery q) { return q >= TxqQuery::ForceUnnormalizedCoords; }

struct Txq {
  TxqQuery query = TxqQuery::Width;
  bool level = false;
  Type type = Type::B32;
  Operand dest;
  TextureRef texture;  // the sampler for the sampler queries
  std::optional<Operand> lod;
};

using TextureInstruction = std::variant<Tex, Tld4, Txq>;

// What the reader knows about a name, for the checks that depend on declarations (the array index's register
// type, the texture operand's kind).
struct SymbolInfo {
  enum class What : uint8_t { Register, Texref, Samplerref, Surfref, Variable, Param, Other };
  What what = What::Other;
  Type type = Type::B32;
};
using SymbolLookup = std::function<std::optional<SymbolInfo>(std::string_view)>;

bool is_texture_opcode(std::string_view opcode);  // tex, tld4, txq

// What the module's .target says about texture instructions: the architecture (50, 52: it decides the
// features ptxas refuses below sm_53/sm_60) and the texture mode (independent: every lookup names a sampler, and
// the sampler queries take one; unified: no samplers, the sampler queries take the texture).
struct TexTarget {
  unsigned sm = 50;
  bool texmode_independent = false;
};

// The typed form of a tex, tld4 or txq statement, or "FILE:LINE:COL: what was wrong" (ptxas's message where
// ptxas refuses the form, then what was expected).
Result<TextureInstruction> read_texture_instruction(const Instruction& ins, const SymbolLookup& lookup,
                                                    const TexTarget& target, std::string_view file_name);

}  // namespace tmu::ptx
