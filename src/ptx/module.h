// SPDX-License-Identifier: MIT
// A PTX module as read (docs/ptx.md): the header directives, module-scope variables and texture, sampler and
// surface references, and functions with their parameters and bodies of declarations, labels, instructions and
// nested blocks. Texture instructions carry their typed form (tex_syntax.h); every other instruction is its
// opcode, modifiers and operands.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ptx/operand.h"
#include "ptx/tex_syntax.h"
#include "ptx/types.h"

namespace tmu::ptx {

enum class Linkage : uint8_t { None, Visible, Extern, Weak, Common };

// .reg .b32 %r<64>;  .shared .align 4 .b8 sh[256];  .global .f32 g[2] = {1.0, 2.0};  .reg .v4 .f32 v;
// One declaration per declared name (".reg .u64 ptr, sp;" gives two).
struct Variable {
  Loc loc;
  Linkage linkage = Linkage::None;
  Space space = Space::Reg;
  Type type = Type::B32;
  unsigned vector = 0;  // 0, 2, 4 (.v2, .v4)
  unsigned align = 0;   // .align N; 0: natural
  std::string name;
  std::optional<uint32_t> range;   // name<N>: the N registers name0 .. name(N-1)
  std::vector<uint64_t> dims;      // name[4][2]; 0 for an unsized [] (sized by the initializer)
  std::vector<Operand> init;       // the initializer's values in order (nested braces flattened)
  bool has_init = false;
};

// .global .texref t;  .tex .u64 t;  .global .samplerref s = { filter_mode = linear, addr_mode_0 = wrap };
struct OpaqueVariable {
  enum class What : uint8_t { Texref, Samplerref, Surfref };
  Loc loc;
  What what = What::Texref;
  Linkage linkage = Linkage::None;
  Space space = Space::Global;  // .global; .tex for the .tex .u64 form of PTX before 1.5
  std::string name;
  struct Field {
    std::string name;   // filter_mode, addr_mode_0, normalized_coords, width, ...
    std::string value;  // nearest, linear, wrap, mirror, clamp_ogl, clamp_to_edge, clamp_to_border; a number
    Loc loc;
  };
  std::vector<Field> fields;
};

// .param .u64 p;  .param .align 8 .b8 buf[16];  .param .texref t (kernel parameters in independent mode).
struct Param {
  Loc loc;
  Type type = Type::B32;
  unsigned align = 0;
  std::string name;
  std::optional<uint64_t> array;  // [K]
  std::optional<OpaqueVariable::What> opaque;
  bool ptr = false;               // .ptr [.space] [.align N] (kernel pointer parameters)
  bool reg = false;               // a .reg parameter of a .func (the old ABI)
  std::optional<Space> ptr_space;
};

struct Modifier {
  std::string text;  // ".level" (with the dot)
  Loc loc;
};

// [@[!]p] opcode.mod1.mod2 operands;
struct Instruction {
  Loc loc;  // the opcode (the guard has its own)
  std::optional<Operand> guard;  // a Name, negated for @!p
  std::string opcode;
  std::vector<Modifier> mods;
  std::vector<Operand> operands;
  std::optional<TextureInstruction> texture;  // tex, tld4, txq
};

struct Label {
  Loc loc;
  std::string name;
};

// A directive inside a body that declares nothing: .pragma "nounroll"; .loc 1 2 3; .maxnreg in a prototype.
struct BodyDirective {
  Loc loc;
  std::string name;
  std::vector<Token> args;
};

struct Statement;
struct Block {
  Loc loc;
  std::vector<Statement> items;
};
struct Statement {
  std::variant<Variable, Label, Instruction, Block, BodyDirective> v;
};

// .entry / .func
struct Function {
  Loc loc;
  bool entry = false;
  Linkage linkage = Linkage::None;
  bool noreturn = false;
  std::string name;
  std::vector<Param> returns;  // .func only
  std::vector<Param> params;
  std::vector<BodyDirective> performance;  // .maxntid, .reqntid, .minnctapersm, .maxnreg, .pragma
  std::optional<Block> body;  // nullopt: a declaration (prototype) only
};

struct Module {
  unsigned version_major = 0, version_minor = 0;
  unsigned sm = 50;                  // .target sm_50 / sm_52
  bool texmode_independent = false;  // .target sm_50, texmode_independent
  std::vector<std::string> target_options;  // every option after the target, as written
  unsigned address_size = 32;  // PTX's default without .address_size
  std::vector<Variable> variables;
  std::vector<OpaqueVariable> opaque;
  std::vector<Function> functions;
};

}  // namespace tmu::ptx
