// SPDX-License-Identifier: MIT
// Calls of .func functions, compiled inline (PTX ISA "Function declarations and definitions", "call"). nvcc's call
// sequence declares .param variables, stores the arguments with st.param, calls, and reads the results with
// ld.param; the callee reads its parameters and writes its results with ld.param/st.param. Here every .param
// variable is a set of 32-bit words among the registers' values, so the callee's body is compiled in place with
// its parameters bound to the caller's argument words and its results copied back. Its registers and labels are
// its own; `ret` ends the callee. Recursion and indirect calls (through a prototype) are refused.
#include <fmt/format.h>

#include <algorithm>

#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

std::string FunctionCompiler::param_word(std::string_view name, unsigned word) {
  return fmt::format("%param/{}/{}", name, word);
}

bool FunctionCompiler::is_local_param(std::string_view name) const {
  return local_params_.count(std::string(name)) != 0;
}

namespace {

uint32_t param_bytes(const Param& p) {
  return std::max(1u, bit_size(p.type) / 8) * static_cast<uint32_t>(p.array.value_or(1));
}

// The names of a call's parenthesized list, each a .param variable of the caller.
std::vector<const Operand*> names_in(const Operand& list) {
  std::vector<const Operand*> out;
  for (const Operand& e : list.elems) {
    if (e.kind != Operand::Kind::Name) fail(e.loc, "a call's arguments and results must be .param variables");
    out.push_back(&e);
  }
  return out;
}

}  // namespace

void FunctionCompiler::call(const Instruction& ins) {
  // call[.uni] [(results),] func[, (arguments)][, prototype];
  for (const Modifier& m : ins.mods)
    if (m.text != ".uni") fail(m.loc, fmt::format("call{} is not compiled yet", m.text));
  std::size_t k = 0;
  const Operand* results = nullptr;
  if (k < ins.operands.size() && ins.operands[k].kind == Operand::Kind::Paren) results = &ins.operands[k++];
  if (k >= ins.operands.size() || ins.operands[k].kind != Operand::Kind::Name)
    fail(ins.loc, "call names the function after its results");
  const Operand& callee_name = ins.operands[k++];
  const Operand* arguments = nullptr;
  if (k < ins.operands.size() && ins.operands[k].kind == Operand::Kind::Paren) arguments = &ins.operands[k++];
  if (k != ins.operands.size()) fail(ins.operands[k].loc, "indirect calls (through a prototype) are not compiled yet");

  const Function* callee = nullptr;
  for (const Function& f : layout_.module->functions)
    if (f.name == callee_name.name && !f.entry && f.body) callee = &f;
  if (!callee) fail(callee_name.loc, fmt::format("{} is not a .func with a body in this module", callee_name.name));
  if (std::find(call_stack_.begin(), call_stack_.end(), callee) != call_stack_.end() || call_stack_.size() >= 32)
    fail(ins.loc, fmt::format("the call of {} is recursive: recursion is not compiled", callee->name));
  const auto args = arguments ? names_in(*arguments) : std::vector<const Operand*>{};
  const auto rets = results ? names_in(*results) : std::vector<const Operand*>{};
  if (args.size() != callee->params.size())
    fail(ins.loc, fmt::format("{} takes {} parameters, the call passes {}", callee->name, callee->params.size(), args.size()));
  if (rets.size() != callee->returns.size())
    fail(ins.loc, fmt::format("{} returns {} values, the call takes {}", callee->name, callee->returns.size(), rets.size()));
  auto check_param = [&](const Param& p) {
    if (p.reg || p.opaque) fail(p.loc, "only .param parameters of .funcs are compiled");
    if (param_bytes(p) % 4) fail(p.loc, "parameters of fewer than 32 bits are not compiled yet");
  };
  for (const Param& p : callee->params) check_param(p);
  for (const Param& p : callee->returns) check_param(p);
  for (const Operand* a : args)
    if (!is_local_param(a->name)) fail(a->loc, fmt::format("{} is not a .param variable of the call sequence", a->name));
  for (const Operand* r : rets)
    if (!is_local_param(r->name)) fail(r->loc, fmt::format("{} is not a .param variable of the call sequence", r->name));

  // The callee's world: its own registers, labels and parameters; the arguments' words bound to its parameters.
  auto saved_items = std::move(items_);
  auto saved_labels = std::move(labels_);
  auto saved_registers = std::move(registers_);
  auto saved_params = std::move(local_params_);
  auto saved_env = std::move(env_);
  const Function* saved_current = current_;
  items_ = {};
  labels_ = {};
  registers_ = {};
  local_params_ = {};
  env_ = {};
  auto saved_loops = std::move(loops_);  // the callee's branches cannot reach the caller's loops
  loops_ = {};
  for (std::size_t i = 0; i < args.size(); ++i) {
    const Param& p = callee->params[i];
    local_params_[p.name] = param_bytes(p);
    const uint32_t words = std::min(param_bytes(p), saved_params.at(args[i]->name)) / 4;
    for (unsigned w = 0; w < words; ++w) {
      auto it = saved_env.find(param_word(args[i]->name, w));
      if (it != saved_env.end()) env_[param_word(p.name, w)] = it->second;
    }
  }
  for (const Param& p : callee->returns) local_params_[p.name] = param_bytes(p);
  current_ = callee;
  call_stack_.push_back(callee);
  flatten(*callee->body);
  rotate_loops();
  emit_range(0, items_.size());
  call_stack_.pop_back();

  auto callee_env = std::move(env_);
  items_ = std::move(saved_items);
  labels_ = std::move(saved_labels);
  registers_ = std::move(saved_registers);
  local_params_ = std::move(saved_params);
  env_ = std::move(saved_env);
  current_ = saved_current;
  loops_ = std::move(saved_loops);
  for (std::size_t i = 0; i < rets.size(); ++i) {
    const Param& p = callee->returns[i];
    const uint32_t words = std::min(param_bytes(p), local_params_.at(rets[i]->name)) / 4;
    for (unsigned w = 0; w < words; ++w) {
      auto it = callee_env.find(param_word(p.name, w));
      if (it != callee_env.end()) env_[param_word(rets[i]->name, w)] = it->second;
    }
  }
}

}  // namespace tmu::ptx::to_ir
