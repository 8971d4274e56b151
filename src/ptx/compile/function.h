// SPDX-License-Identifier: MIT
// One .entry of a PTX module as an IR shader (docs/ptx.md "Compiling"). PTX registers are variables; the
// builder keeps each one's current SSA value and joins them with phis after each conditional region.
//
// Values: .pred registers are 1-bit booleans; 32-bit registers are 32-bit scalars; 64-bit integers are vectors of
// two 32-bit components (low, high), the form nir_lower_int64 gives them, so that selection only sees 32-bit
// arithmetic (addresses are load_global_2x32 / store_global_2x32 pairs); 8- and 16-bit registers are 32-bit
// values whose high bits mean nothing, extended (extend()) where an operation reads them (comparisons, shifts
// right, division, conversions), as nir_lower_bit_size widens 16-bit arithmetic to 32 bits. f64 registers are
// (low, high) pairs too (moves, selects, loads and stores need no conversion); f64 arithmetic and conversions
// join a pair into a 64-bit IR value (join64) and split the result again (split64).
//
// Control flow: PTX's branches are turned back into if/else and loops (structure.cpp): forward branches that nest
// (the forms nvcc writes for guards and if/else), and loops whose backward branches go to their head, with breaks
// to the label after the loop and continues to its head (nvcc's rotated loops, entered at their test, reordered to
// that shape first: rotate_loops); other reducible flow as guarded blocks.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/builder.h"
#include "ir/shader.h"
#include "ptx/module.h"

namespace tmu::ptx::to_ir {

// Thrown inside the compiler, turned into the Result's error at its boundary ("FILE:LINE:COL: what").
struct CompileError {
  Loc loc;
  std::string message;
  bool structure = false;  // branches that do not nest: compiled again with guarded blocks (guard_blocks)
};
[[noreturn]] void fail(Loc loc, std::string message);
// PTX's type checking of a register operand (values.cpp): its kind against the instruction type's.
void check_register_kind(const Operand& o, Type declared, Type wanted);

// Where a kernel parameter lives in constant bank 0 (offset from the parameter area's start, isa::kParamBase).
struct ParamSlot {
  uint32_t offset = 0;
  uint32_t size = 0;
  Type type = Type::B32;
  bool texref = false;  // a .param .texref / .samplerref (independent mode): a bank-0 word like a global one
};

// What the driver decided before the body is compiled: the parameter layout and the bank-0 word of each texture
// and sampler reference (its tsidx, lowering-facts 3.2).
struct ConstantLayout;
struct GlobalLayout;
struct KernelLayout {
  std::map<std::string, ParamSlot, std::less<>> params;
  std::map<std::string, uint32_t, std::less<>> texture_words;  // texref / samplerref name -> word index
  bool unified = true;  // the module's texture mode
  unsigned sm = 50;
  const Module* module = nullptr;  // the .func definitions that calls inline
  const ConstantLayout* constants = nullptr;  // the module's .const variables in bank 3 (constant_layout)
  const GlobalLayout* globals = nullptr;      // its .global variables (global_layout)
};

// ret and exit end a thread's path through the function (structure.cpp, guarded.cpp).
inline bool is_return(const Instruction& i) { return i.opcode == "ret" || i.opcode == "exit"; }

class FunctionCompiler {
 public:
  FunctionCompiler(const Function& f, const KernelLayout& layout);
  // Compile every branch as guarded blocks (structure.cpp), for a function whose branches do not nest.
  void guard_blocks() { guarded_ = true; }
  ir::Shader build();
  // The lookups of emulated gradients (texture.cpp), by destination: they need .NDV (the quad is whole).
  const std::vector<ir::DefId>& non_divergent() const { return non_divergent_; }
  uint32_t shared_bytes() const { return window_end_[0]; }
  uint32_t local_bytes() const { return window_end_[1]; }
  unsigned barriers() const { return barriers_; }

 private:
  // structure.cpp: the statements in order, labels, and the structured walk.
  struct Item {
    const Instruction* ins = nullptr;  // null for a label
    const Label* label = nullptr;
  };
  void flatten(const Block& b);
  // nvcc's layouts that the structured walk would not nest, reordered before it (rotate_loops, structure.cpp), each
  // step keeping where every statement goes next (a branch added where a statement fell through): first
  // `@p bra A; bra B; A:` becomes `@!p bra B; A:` (fold_branches_over_branches); then rotated loops
  // (`bra TEST; HEAD: body; TEST: ...; @p bra HEAD;`) start at the point they are entered at (rotate_loop); then a
  // loop's exit to a block placed after the branch the loop falls through to gets the block copied in place
  // (copy_exit_block).
  void rotate_loops();
  void fold_branches_over_branches();
  bool rotate_loop(std::size_t head, std::size_t latch);
  bool copy_exit_block();
  std::map<std::size_t, std::size_t> loop_latches() const;  // a loop head's point -> the last branch back to it
  bool reaches(std::size_t from, std::size_t target) const;  // through labels and unconditional branches only
  std::optional<std::size_t> branch_target(std::size_t pos) const;  // a bra's label position
  std::size_t point(std::size_t pos) const;  // the first of the labels written together with pos's
  void index_labels();                        // labels_ from items_
  const Label& made_label(const Loc& loc);
  // A branch to `label`, taken when `unless` (a guard) is not.
  Item made_branch(const Loc& loc, const std::string& label, const Operand* unless = nullptr);
  std::deque<Instruction> made_instructions_;  // the branches and labels that rotate_loops adds
  std::deque<Label> made_labels_;
  std::size_t label_position(const Operand& target) const;
  bool emit_range(std::size_t begin, std::size_t end);
  bool ends_in_return(std::size_t begin, std::size_t end) const;
  void refuse_branches_into(std::size_t begin, std::size_t end) const;
  void emit_plain(const Instruction& ins);  // an instruction that is not a branch or ret, predicated or not

  // Guarded blocks, for branches that do not nest (switches, shared exits, early returns in loops): a range is cut
  // into blocks (a branch or ret ends one, a label starts one) and loops; each but the first runs under its
  // reach flag, a 1-bit register named by its first label's position, set by the branches to it and by falling
  // into it. A loop body ends in `if (flag of the head) continue; else break;`.
  bool guarded_ = false;
  std::map<std::size_t, std::size_t> latches_;  // the body's loops: head -> its last branch back
  void emit_guarded_body();
  void copy_return_blocks();
  void emit_guarded(std::size_t begin, std::size_t end);
  void emit_guarded_block(std::size_t begin, std::size_t end, const std::function<void()>& next);
  std::size_t guarded_target(const Instruction& ins, std::size_t at);  // a branch's block, if entering it is reducible
  std::string reach(std::size_t pos) const;
  void set_reach(std::size_t pos);

  // Loops: a label that a later branch of the same region goes back to is a loop's head; the last such branch (the
  // latch) ends its body. The body runs as an IR loop: registers get phis at its head (one source before the
  // loop, one per continue), branches to the head are continues, branches to the label after the latch breaks,
  // and the registers' values after the loop are joined over the breaks.
  using Env = std::map<std::string, ir::DefId, std::less<>>;
  struct LoopState {
    std::size_t head = 0, exit = 0;  // item positions: the head label, the first item after the latch
    std::vector<std::pair<std::string, ir::Instr*>> phis;  // register -> its phi in the body's first block
    std::vector<std::pair<ir::Block*, Env>> continues, breaks;  // each jump's block and the registers there
  };
  std::optional<std::size_t> loop_latch(std::size_t head, std::size_t end) const;
  void emit_loop(std::size_t head, std::size_t latch);
  // The loop node: phis at the head for `carried` (name, value before the loop), `body`, then `at_end` where the
  // body falls off its end (a break, or a continue for emit_retry_loop).
  void emit_loop_node(LoopState state, const std::vector<std::pair<std::string, ir::DefId>>& carried,
                      const std::function<void()>& body, ir::JumpKind at_end);
  std::optional<ir::JumpKind> loop_jump(std::size_t target) const;
  void emit_jump(ir::JumpKind kind);
  void close_loop_phis(LoopState& loop);
  Env join_breaks(LoopState& loop);

  // Control flow in the IR: an if whose two sides are emitted by the callbacks; registers changed on either side
  // get phis after it.
  void emit_if(ir::DefId condition, const std::function<void()>& then_side, const std::function<void()>& else_side);
  ir::Block* append_block(ir::CfList& list);

  // instructions.cpp: one PTX instruction at the cursor; the kernel's denormal mode (.ftz) before the body.
  uint32_t float_controls() const;
  void instruction(const Instruction& ins);
  void arithmetic(const Instruction& ins, std::string_view op, Type t);
  void arithmetic16(const Instruction& ins, std::string_view op, Type t);
  void compare(const Instruction& ins, Type t);
  void convert(const Instruction& ins);
  void memory(const Instruction& ins, bool load);
  void move(const Instruction& ins, Type t);

  // Shared (per block) and local (per thread) variables: byte offsets in their windows (memory.cpp).
  struct WindowVariable {
    Space space = Space::Shared;
    uint32_t offset = 0;
    uint32_t size = 0;
    const Variable* declaration = nullptr;  // a .func inlined twice declares its variables again: same place
  };
  void declare_window_variable(const Variable& v);
  void place_externs();  // extern .shared arrays after the static variables
  std::vector<std::pair<std::string, uint32_t>> externs_;  // their names and alignments
  bool externs_placed_ = false;

  // load_store.cpp: ld and st. A raw access moves `count` 32-bit words, or one 8- or 16-bit value (count 1), which
  // the compiler holds zero-extended in a 32-bit value.
  struct Raw {
    unsigned bits = 32;
    unsigned count = 1;
  };
  ir::DefId load_raw(const Instruction& ins, const Operand& addr, Raw raw);
  void store_raw(const Instruction& ins, const Operand& addr, Raw raw, ir::DefId v);
  ir::DefId extend(ir::DefId v, Type t);                     // a narrow value's bits extended by t's signedness
  void check_wider(const Operand& o, Type rt, Type t) const;  // a wider register as ld/st/cvt data
  ir::DefId data_value(const Operand& o, Type t);            // ld/st/cvt data: the low bits of a wider register
  void set_data(const Operand& dest, ir::DefId v, Type t);   // ... and a wider destination extended by t

  // Atomics, barriers and addresses shared by the memory instructions (memory.cpp, instructions.cpp).
  struct WindowAddress {
    ir::DefId offset;  // a 32-bit offset in the window
    int64_t base = 0;  // the constant part (the intrinsic's base)
  };
  std::optional<WindowAddress> offset_address(const Operand& addr, unsigned bytes,
                                              std::optional<std::pair<uint32_t, uint32_t>> slot);
  // A local address has no constant part (load_scratch has no base): it joins the offset.
  WindowAddress window_address(const Instruction& ins, Space space, const Operand& addr, unsigned bytes);
  ir::DefId global_address(const Operand& addr);
  void window_cvta(const Instruction& ins, Type t, Space space);  // cvta[.to].shared/.local
  ir::DefId global_variable_address(const std::string& name);  // a module .global variable's (lo, hi)
  void atomic(const Instruction& ins);
  // One atomic on a shared window address or a global (lo, hi) address: the intrinsic when the space has the
  // operation, else a compare-and-swap loop (shared f32 add and 64-bit arithmetic, as ptxas 11.8); the old value.
  struct AtomicForm {
    std::string_view op;  // the PTX operation (".add", ".cas", ...)
    std::string_view nir;  // Mesa's name ("add", "fadd", "comp_swap", ...)
    Type t;
    std::vector<ir::DefId> data;  // b, or for .cas b and c
  };
  ir::DefId shared_atomic(const AtomicForm& a, const WindowAddress& at);
  ir::DefId global_atomic(const AtomicForm& a, ir::DefId address);
  ir::DefId atomic_combine(const AtomicForm& a, ir::DefId old);  // what a CAS loop stores over `old`
  // A loop of the compiler's own (no PTX inside) that runs `body` again until a `break` in it (emit_jump); the
  // register environment's entry `carried` is the one value carried from round to round.
  void emit_retry_loop(const std::string& carried, const std::function<void()>& body);
  void barrier(const Instruction& ins);
  unsigned barriers_ = 0;  // the highest barrier number bar.sync names, plus one (the cubin's SHF_BARRIERS)

  // warp.cpp: shfl and vote.
  void warp(const Instruction& ins);
  // bits.cpp: popc, clz, brev, bfind.
  void bits(const Instruction& ins);
  void carry_arithmetic(const Instruction& ins);  // add.cc, addc, sub.cc, subc, mad.cc, madc
  void fields(const Instruction& ins);  // bfe, bfi, lop3, shf, mul24, cnot, copysign, testp, slct, sad
  void field64(const Instruction& ins);  // bfe.u64, bfe.s64

  // system.cpp: isspacep, trap, brkpt, pmevent (and special()).
  void system(const Instruction& ins);

  // surface.cpp: suld, sust, sured, suq.
  void surface(const Instruction& ins);
  void surface_query(const Instruction& ins);
  struct SurfaceBinding {
    int64_t slot = -1;  // the bank-0 word; -1: bindless, through `handle`
    ir::DefId handle;   // the object's low 32 bits (0 when bound)
  };
  SurfaceBinding surface_binding(const Operand& surface);

  // texture.cpp: tex, tld4, txq.
  void texture(const Instruction& ins);
  ir::DefId emulated_gradients(const ir::TexInstr& t);
  // The bank-0 word of a texture or surface object loaded straight from a kernel parameter: the instruction is bound
  // by it (lowering-facts 3.2.1); nothing for any other handle (bindless).
  std::optional<uint32_t> parameter_word(ir::DefId handle);

  // calls.cpp: call of a .func, compiled inline; .param variables of call sequences and of the .func's own
  // parameters and results live in env_ as 32-bit words ("%param/NAME/WORD"), so that conditional writes merge
  // like registers.
  void call(const Instruction& ins);
  static std::string param_word(std::string_view name, unsigned word);
  bool is_local_param(std::string_view name) const;

  // Values of registers and operands.
  // The builder at the end of the current block (one object, so that nested calls insert in order).
  ir::Builder& b();
  ir::DefId value(const Operand& o, Type t);      // 64-bit types: two 32-bit components
  ir::DefId special(const Operand& o, Type t);    // a special register read as t (system.cpp)
  ir::DefId predicate(const Operand& guard);      // @p / @!p as a 1-bit boolean
  void set(const Operand& dest, ir::DefId v, Type t);
  Type register_type(const Operand& o) const;
  ir::DefId wide(ir::DefId lo, ir::DefId hi);     // a 64-bit value from two 32-bit ones
  ir::DefId lo(ir::DefId v);
  ir::DefId hi(ir::DefId v);
  ir::DefId add64(ir::DefId x, ir::DefId y);     // (lo, hi) pairs: the low words' carry into the high word
  ir::DefId sub64(ir::DefId x, ir::DefId y);     // ... and the borrow
  // div and rem of 64-bit integers (divmod64.cpp): the quotient and the remainder as (lo, hi) pairs.
  std::pair<ir::DefId, ir::DefId> divmod64(ir::DefId x, ir::DefId y, bool sgn);
  ir::DefId select(ir::DefId cond, ir::DefId x, ir::DefId y, unsigned components);  // per component, one condition
  ir::DefId shl_big(ir::DefId x, ir::DefId n);  // x << n (u32 n), 0 for n >= 32 (NIR's shifts take n mod 32)
  ir::DefId shr_big(ir::DefId x, ir::DefId n);  // x >> n, logical, 0 for n >= 32
  ir::DefId shr64(ir::DefId x, ir::DefId n);    // a (lo, hi) pair >> n (u32), logical, 0 for n >= 64
  ir::DefId low_ones(ir::DefId n);              // the n low bits set (all of them for n >= 32)
  ir::DefId less64(ir::DefId x, ir::DefId y, bool sgn);  // x < y: the high words (signed or not), then the low
  ir::DefId equal64(ir::DefId x, ir::DefId y);           // both words equal
  ir::DefId join64(ir::DefId pair);               // a (lo, hi) pair as one 64-bit value (pack_64_2x32_split)
  ir::DefId split64(ir::DefId v);                 // ... and back
  void arithmetic64(const Instruction& ins, std::string_view op);  // f64
  ir::DefId negate_or_abs(bool negate, ir::DefId x, Type t);       // neg / abs .f32 and .f64 (float64.cpp)
  // div, rcp, sqrt .f32 correctly rounded in IEEE's rounding r (.rn, .rz, .rm, .rp; rounded.cpp).
  ir::DefId divide32(ir::DefId a, ir::DefId b, ir::Rounding r);
  ir::DefId sqrt32(ir::DefId a, ir::Rounding r);
  // rounded64.cpp, on 64-bit values: div, rcp, sqrt .f64 (.rn, .rz, .rm, .rp) and ptxas's rsqrt.approx.f64.
  struct F64Ops;
  ir::DefId divide64(ir::DefId a, ir::DefId b, ir::Rounding r);
  ir::DefId reciprocal64(ir::DefId x, ir::Rounding r);
  ir::DefId sqrt64(ir::DefId x, ir::Rounding r);
  ir::DefId rsqrt_approx64(ir::DefId x);
  ir::DefId rsqrt_newton(ir::DefId m, bool root);  // ~1/sqrt(m), or with root the rounded sqrt(m), m in [1, 4)

  const Function& f_;
  const KernelLayout& layout_;
  ir::Shader s_;
  ir::Builder builder_{s_, {}};
  std::vector<Item> items_;
  std::unordered_map<std::string, std::size_t> labels_;
  std::unordered_map<std::string, const Variable*> registers_;  // every declared register name (ranges expanded)
  std::unordered_map<std::string, uint32_t> local_params_;       // .param variables of this body: name -> bytes
  const Function* current_ = nullptr;                            // the function whose body is being compiled
  std::vector<const Function*> call_stack_;                      // the .funcs being inlined (recursion refused)
  Env env_;                                                      // the current value of each written register
  ir::CfList* list_ = nullptr;
  ir::Block* block_ = nullptr;
  // Phis whose sources' blocks get their numbers when the body is done: source k comes from preds[k].
  struct PendingPhi {
    ir::PhiInstr* phi;
    std::vector<ir::Block*> preds;
  };
  std::vector<PendingPhi> phis_;
  std::vector<LoopState> loops_;  // the loops being compiled, innermost last
  bool jumped_ = false;           // the current block ended in a break or continue
  std::vector<ir::DefId> non_divergent_;
  std::unordered_map<ir::DefId, ir::DefId> joined_;  // (lo, hi) pair -> its 64-bit value (join64, split64)
  std::map<std::string, WindowVariable, std::less<>> window_vars_;
  uint32_t window_end_[2] = {0, 0};  // shared, local
  Loc at_;  // the statement being compiled, for messages
  std::string_view opcode_;  // ... and its opcode (special registers are operands of mov and cvt only)
};

// The module's .const variables in constant bank 3 (memory.cpp): offsets, sizes and the bank's initial bytes.
inline constexpr unsigned kConstantBank = 3;
struct ConstantLayout {
  struct Slot {
    uint32_t offset = 0;
    uint32_t size = 0;
  };
  std::map<std::string, Slot, std::less<>> variables;
  std::vector<std::string> order;  // declaration order
  std::vector<std::byte> bytes;
  uint32_t align = 4;
};
ConstantLayout constant_layout(const Module& m);
// The module's .global variables: .nv.global.init's (initialized) and .nv.global's (zeros: `zero.bytes` only sizes
// it).
struct GlobalLayout {
  ConstantLayout init, zero;
  bool has(std::string_view name) const { return init.variables.count(name) || zero.variables.count(name); }
};
GlobalLayout global_layout(const Module& m);

bool is_64(Type t);
bool is_float(Type t);
// An instruction's modifiers and operands (instructions.cpp).
bool has(const Instruction& i, std::string_view modifier);
Type last_type(const Instruction& i);  // its last modifier that is a type
std::vector<Type> types_of(const Instruction& i);  // its type modifiers in order
ir::Rounding rounding_of(const Instruction& i);  // .rz / .rm / .rp as the IR's rounding; nearest even otherwise
void expect_operands(const Instruction& i, std::size_t n);
void refuse_unknown(const Instruction& i, std::initializer_list<std::string_view> allowed);  // besides types

}  // namespace tmu::ptx::to_ir
