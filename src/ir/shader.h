// SPDX-License-Identifier: MIT
// The IR: a NIR-style SSA shader (seed 003) of structured control flow. A shader is a list of control-flow nodes
// (blocks, if/else and loops, as NIR's cf lists: a block first and last, blocks and ifs or loops alternating); a
// loop repeats its body until a `break` leaves it, and `continue` starts its next iteration; a block holds
// instructions; an instruction defines at most one SSA value (a vector of 1-16 components of 1-64 bits) and
// reads earlier ones. The texture instruction is nir_tex_instr with all its fields (tex.h has its helpers).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ir/alu_ops.h"
#include "ir/vocab.h"

namespace tmu::ir {

using DefId = uint32_t;
inline constexpr DefId kNoDef = 0xffffffff;
inline constexpr unsigned kMaxComponents = 16;

// An SSA definition: its number and shape. The value lives with the instruction that defines it.
struct Def {
  DefId id = kNoDef;
  uint8_t components = 1;
  uint8_t bit_size = 32;
};

enum class Intrinsic : uint8_t {
#define TMU_INTRINSIC(name, ...) name,
#include "ir/intrinsics.inc"
#undef TMU_INTRINSIC
};
struct IntrinsicInfo {
  std::string_view name;
  uint8_t num_srcs;
  std::array<uint8_t, 5> src_size;  // the first two sources' sizes; 0: any (and the later sources always)
  int8_t dest_size;                 // -1: none, 0: any
};
const IntrinsicInfo& info(Intrinsic op);
std::optional<Intrinsic> parse_intrinsic(std::string_view name);
inline std::string_view name(Intrinsic op) { return info(op).name; }

// An ALU source: a definition and, per component of the instruction, the component read.
struct AluSrc {
  DefId def = kNoDef;
  std::array<uint8_t, kMaxComponents> swizzle{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
};

// The rounding of one float operation (Mesa's nir_rounding_mode without undef): NIR rounds its arithmetic to nearest
// even, and spells other roundings only in conversion opcode names (f2f16_rtz); tmu carries PTX's .rz / .rm / .rp
// on fadd, fsub, fmul, ffma and the conversions to floats (f2f16/32/64, i2f32/64, u2f32/64) as this field, printed
// as that suffix (fadd_rtz, fmul_rd, i2f32_ru).
enum class Rounding : uint8_t { nearest_even, zero, down, up };
std::string_view suffix(Rounding r);  // "", "_rtz", "_rd", "_ru"
bool takes_rounding(AluOp op);

struct AluInstr {
  AluOp op = AluOp::mov;
  Def dest;
  std::vector<AluSrc> src;
  bool exact = false;  // printed "!" (no algebraic reassociation)
  Rounding rounding = Rounding::nearest_even;  // takes_rounding(op) only
};

// load_const: the bits of each component, low bit_size bits used.
struct ConstInstr {
  Def dest;
  std::array<uint64_t, kMaxComponents> value{};
};

struct UndefInstr {
  Def dest;
};

// Intrinsic indices kept as Mesa prints them: name and value text ("base", "0"; "io location", "VARYING_SLOT_VAR0
// slots=1"). index() reads a numeric one.
struct IntrinsicInstr {
  Intrinsic op = Intrinsic::load_input;
  Def dest;  // id kNoDef when the intrinsic has none
  std::vector<DefId> src;
  std::vector<std::pair<std::string, std::string>> indices;
  std::optional<int64_t> index(std::string_view name) const;
  void set_index(std::string_view name, std::string value);
};

// Variable modes as Mesa prints them (decl_var MODE ...).
struct Variable {
  std::string mode;        // "uniform", "shader_in", "shader_out", ...
  std::string type;        // GLSL type as printed: "sampler2D", "vec4", "samplerCubeArrayShadow"
  std::string name;
  std::string qualifiers;  // the rest before the type, e.g. "INTERP_MODE_NONE"
  int location = 0, driver_location = 0, binding = 0, descriptor_set = 0;
  bool has_descriptor_set = false;  // printed (set, binding) instead of (location, driver_location, binding)
  uint8_t location_frac = 0;        // first component of an I/O variable (the ".y" of "VARYING_SLOT_VAR1.y")
  bool compact = false;             // printed " compact" after the location (clip/cull distance arrays)
};

// Derefs reach variables (texture and sampler derefs, load_deref/store_deref).
enum class DerefKind : uint8_t { Var, Array, Struct, Cast };
struct DerefInstr {
  DerefKind kind = DerefKind::Var;
  Def dest;
  uint32_t var = 0;           // Var: index in Shader::variables
  DefId parent = kNoDef;      // Array, Struct, Cast
  DefId index = kNoDef;       // Array
  uint32_t field = 0;         // Struct
  std::string mode_and_type;  // the "(uniform sampler2D)" annotation as printed
};

struct TexSrc {
  TexSrcType type = TexSrcType::coord;
  DefId def = kNoDef;
};

inline constexpr std::array<std::array<int8_t, 2>, 4> kDefaultTg4Offsets{{{0, 1}, {1, 1}, {1, 0}, {0, 0}}};

// nir_tex_instr (seed 003, "struct nir_tex_instr").
struct TexInstr {
  TexOp op = TexOp::tex;
  SamplerDim sampler_dim = SamplerDim::Dim2D;
  AluType dest_type = kFloat32;
  Def dest;
  std::vector<TexSrc> src;
  uint8_t coord_components = 0;
  bool is_array = false;
  bool is_shadow = false;
  bool is_new_style_shadow = false;
  bool is_sparse = false;
  uint8_t component = 0;  // tg4: the gathered component
  bool array_is_lowered_cube = false;
  bool is_gather_implicit_lod = false;
  bool skip_helpers = false;
  // Gather offsets; Mesa's default (nir_tex_instr_create: (0, 1), (1, 1), (1, 0), (0, 0), the footprint's own
  // texel positions) means none: anything else is explicit (nir_tex_instr_has_explicit_tg4_offsets).
  std::array<std::array<int8_t, 2>, 4> tg4_offsets = kDefaultTg4Offsets;
  bool texture_non_uniform = false;
  bool sampler_non_uniform = false;
  bool offset_non_uniform = false;
  uint32_t texture_index = 0;
  uint32_t sampler_index = 0;
  uint32_t backend_flags = 0;
};

struct PhiSrc {
  uint32_t pred_block = 0;  // Block::id of the predecessor
  DefId def = kNoDef;
};
struct PhiInstr {
  Def dest;
  std::vector<PhiSrc> src;
};

// nir_jump_instr: `break` leaves the innermost loop, `continue` starts its next iteration. A jump is the last
// instruction of its block. (NIR's `return` and `halt` are not kept: returns are inlined away.)
enum class JumpKind : uint8_t { Break, Continue };
std::string_view name(JumpKind k);  // "break", "continue"
struct JumpInstr {
  JumpKind kind = JumpKind::Break;
  Def dest;  // always kNoDef: a jump defines nothing
};

struct Instr {
  std::variant<AluInstr, ConstInstr, UndefInstr, IntrinsicInstr, DerefInstr, TexInstr, PhiInstr, JumpInstr> v;
  // The definition, if any (every kind has a `dest`; intrinsics without one have id kNoDef).
  Def& dest();
  const Def& dest() const;
  // Each definition this instruction reads (phis included), in source order.
  std::vector<DefId*> uses();
  template <typename T> T* as() { return std::get_if<T>(&v); }
  template <typename T> const T* as() const { return std::get_if<T>(&v); }
};
using InstrPtr = std::unique_ptr<Instr>;

struct Block {
  uint32_t id = 0;  // numbered in program order by Shader::number_blocks()
  std::vector<InstrPtr> instrs;
};

struct IfNode;
struct LoopNode;
// A control-flow node: a block, an if or a loop (exactly one is set).
struct CfNode {
  std::unique_ptr<Block> block;
  std::unique_ptr<IfNode> if_node;
  std::unique_ptr<LoopNode> loop;
};
using CfList = std::vector<CfNode>;

struct IfNode {
  DefId condition = kNoDef;
  CfList then_list, else_list;
};

// nir_loop: the body runs again after its last block (and after each `continue`) until a `break`. The phis of the
// body's first block take a value from the block before the loop and from each block that continues (the last
// block of the body, unless it ends in a jump, and each block ending in `continue`); the phis of the block after
// the loop take one from each block ending in `break`.
struct LoopNode {
  CfList body;
};

enum class Stage : uint8_t { Vertex, TessCtrl, TessEval, Geometry, Fragment, Compute, Kernel };
std::string_view name(Stage s);  // "MESA_SHADER_FRAGMENT"
std::optional<Stage> parse_stage(std::string_view s);

// shader_info.float_controls_execution_mode's bits (Mesa's enum float_controls); the one tmu uses: fp32 denormal
// inputs and results of float arithmetic flushed to zero of the same sign (PTX's .ftz, OpenCL's default).
inline constexpr uint32_t kFloatControlsDenormFlushToZeroFp32 = 0x0010;

struct Shader {
  Stage stage = Stage::Fragment;
  std::string name;
  uint32_t float_controls = 0;  // printed as "float_controls_execution_mode: 0x10" when not 0 (tmu's header line)
  bool flushes_fp32_denorms() const { return (float_controls & kFloatControlsDenormFlushToZeroFp32) != 0; }
  // Header lines the printer reproduces as they were read ("inputs: 1", "source_sha1: {...}").
  std::vector<std::string> header;
  std::vector<Variable> variables;
  std::string function_name = "main";
  CfList body;  // one block at least

  Shader();
  Shader(const Shader&) = delete;
  Shader& operator=(const Shader&) = delete;
  Shader(Shader&&) = default;
  Shader& operator=(Shader&&) = default;

  // A new definition number (shapes are stored on the instruction).
  DefId new_def() { return next_def_++; }
  DefId def_count() const { return next_def_; }
  void reserve_defs(DefId n) { if (n > next_def_) next_def_ = n; }

  // Blocks in program order; numbers them 0, 1, ... as Mesa prints them.
  std::vector<Block*> blocks();
  void number_blocks();
  // Every instruction in program order (blocks and if conditions in the order a walk meets them).
  template <typename F> void for_each_instr(F&& f);
  // The instruction that defines `id`, or nullptr.
  Instr* def_instr(DefId id);
  const Def* def(DefId id);
  // Replaces every use of `from` (in instructions and if conditions) by `to`, except inside `except`.
  void rewrite_uses(DefId from, DefId to, const Instr* except = nullptr);
  // Removes the instruction (and its definition, which must be unused).
  void remove(const Instr* instr);
  // Deep copy.
  Shader clone() const;

 private:
  DefId next_def_ = 0;
};

// Where the builder inserts: before position `index` of `block`.
struct Cursor {
  Block* block = nullptr;
  std::size_t index = 0;
};
// The position of an instruction (block and index), for inserting before or after it.
std::optional<Cursor> find(Shader& s, const Instr* instr);

template <typename F> void walk_list(CfList& list, F& f) {
  for (CfNode& n : list) {
    if (n.block) {
      for (std::size_t i = 0; i < n.block->instrs.size(); ++i) f(*n.block->instrs[i]);
    } else if (n.if_node) {
      walk_list(n.if_node->then_list, f);
      walk_list(n.if_node->else_list, f);
    } else {
      walk_list(n.loop->body, f);
    }
  }
}
template <typename F> void Shader::for_each_instr(F&& f) { walk_list(body, f); }

}  // namespace tmu::ir
