// SPDX-License-Identifier: MIT
#include "ptx/print.h"

#include <fmt/format.h>

namespace tmu::ptx {
namespace {

std::string_view linkage(Linkage l) {
  switch (l) {
    case Linkage::None: return "";
    case Linkage::Visible: return ".visible ";
    case Linkage::Extern: return ".extern ";
    case Linkage::Weak: return ".weak ";
    case Linkage::Common: return ".common ";
  }
  return "";
}

std::string_view opaque_name(OpaqueVariable::What w) {
  switch (w) {
    case OpaqueVariable::What::Texref: return ".texref";
    case OpaqueVariable::What::Samplerref: return ".samplerref";
    case OpaqueVariable::What::Surfref: return ".surfref";
  }
  return ".texref";
}

std::string list(const std::vector<Operand>& ops) {
  std::string out;
  for (size_t i = 0; i < ops.size(); ++i) out += (i ? ", " : "") + print(ops[i]);
  return out;
}

std::string variable(const Variable& v) {
  std::string out = fmt::format("{}{}", linkage(v.linkage), name(v.space));
  if (v.align) out += fmt::format(" .align {}", v.align);
  if (v.vector) out += fmt::format(" .v{}", v.vector);
  out += fmt::format(" {} {}", name(v.type), v.name);
  if (v.range) out += fmt::format("<{}>", *v.range);
  for (uint64_t d : v.dims) out += d ? fmt::format("[{}]", d) : "[]";
  if (v.has_init) out += v.dims.empty() && v.init.size() == 1 ? " = " + print(v.init[0]) : " = {" + list(v.init) + "}";
  return out + ";";
}

std::string param(const Param& p) {
  if (p.opaque) return fmt::format(".param {} {}", opaque_name(*p.opaque), p.name);
  std::string out = p.reg ? ".reg" : ".param";
  if (!p.ptr && p.align) out += fmt::format(" .align {}", p.align);
  out += fmt::format(" {}", name(p.type));
  if (p.ptr) {
    out += " .ptr";
    if (p.ptr_space) out += fmt::format(" {}", name(*p.ptr_space));
    if (p.align) out += fmt::format(" .align {}", p.align);
  }
  out += " " + p.name;
  if (p.array) out += fmt::format("[{}]", *p.array);
  return out;
}

std::string params(const std::vector<Param>& ps) {
  std::string out = "(\n";
  for (size_t i = 0; i < ps.size(); ++i) out += "\t" + param(ps[i]) + (i + 1 < ps.size() ? ",\n" : "\n");
  return out + ")";
}

std::string directive(const BodyDirective& d) {
  std::string out = d.name;
  for (size_t i = 0; i < d.args.size(); ++i) {
    const Token& t = d.args[i];
    const std::string text = t.kind == TokenKind::String ? "\"" + t.text + "\"" : t.text;
    out += (i == 0 || d.name == ".loc" ? " " : ", ") + text;
  }
  return d.name == ".pragma" ? out + ";" : out;
}

void block(const Block& b, unsigned depth, std::string& out) {
  const std::string indent(depth, '\t');
  out += indent.substr(1) + "{\n";
  for (const Statement& s : b.items) {
    if (const auto* v = std::get_if<Variable>(&s.v)) {
      out += indent + variable(*v) + "\n";
    } else if (const auto* l = std::get_if<Label>(&s.v)) {
      out += l->name + ":\n";
    } else if (const auto* i = std::get_if<Instruction>(&s.v)) {
      out += indent;
      if (i->guard) out += "@" + print(*i->guard) + " ";
      out += i->opcode;
      for (const Modifier& m : i->mods) out += m.text;
      if (!i->operands.empty()) out += " \t" + list(i->operands);
      out += ";\n";
    } else if (const auto* inner = std::get_if<Block>(&s.v)) {
      block(*inner, depth + 1, out);
    } else if (const auto* d = std::get_if<BodyDirective>(&s.v)) {
      out += indent + directive(*d) + "\n";
    }
  }
  out += indent.substr(1) + "}\n";
}

}  // namespace

std::string print(const Operand& op) {
  switch (op.kind) {
    case Operand::Kind::Name: {
      std::string out = (op.negated ? "!" : "") + op.name;
      if (op.component) out += std::string(".") + op.component;
      return out;
    }
    case Operand::Kind::Int: return fmt::format("{}", static_cast<int64_t>(op.int_value));
    case Operand::Kind::Float:
      return op.is_f32 ? fmt::format("0f{:08X}", op.float_bits) : fmt::format("0d{:016X}", op.float_bits);
    case Operand::Kind::Sink: return "_";
    case Operand::Kind::Vector: return "{" + list(op.elems) + "}";
    case Operand::Kind::Address:
      if (op.name.empty()) return fmt::format("[{}]", op.offset);
      if (op.offset == 0) return "[" + op.name + "]";
      return op.offset > 0 ? fmt::format("[{}+{}]", op.name, op.offset)
                           : fmt::format("[{}+-{}]", op.name, 0 - static_cast<uint64_t>(op.offset));
    case Operand::Kind::Bracket: return "[" + list(op.elems) + "]";
    case Operand::Kind::Pair: return print(op.elems[0]) + "|" + print(op.elems[1]);
    case Operand::Kind::Paren: return "(" + list(op.elems) + ")";
  }
  return "";
}

std::string print(const Module& m) {
  std::string out = fmt::format(".version {}.{}\n.target sm_{}", m.version_major, m.version_minor, m.sm);
  for (const std::string& o : m.target_options) out += ", " + o;
  out += fmt::format("\n.address_size {}\n\n", m.address_size);
  for (const Variable& v : m.variables) out += variable(v) + "\n";
  for (const OpaqueVariable& o : m.opaque) {
    if (o.space == Space::Tex) {
      out += fmt::format("{}.tex .u64 {};\n", linkage(o.linkage), o.name);
      continue;
    }
    out += fmt::format("{}.global {} {}", linkage(o.linkage), opaque_name(o.what), o.name);
    if (!o.fields.empty()) {
      out += " = { ";
      for (size_t i = 0; i < o.fields.size(); ++i) out += fmt::format("{}{} = {}", i ? ", " : "", o.fields[i].name, o.fields[i].value);
      out += " }";
    }
    out += ";\n";
  }
  for (const Function& f : m.functions) {
    out += fmt::format("\n{}{}", linkage(f.linkage), f.entry ? ".entry " : ".func ");
    if (!f.entry && !f.returns.empty()) out += params(f.returns) + " ";
    out += f.name;
    if (!f.params.empty()) out += params(f.params);
    if (f.noreturn) out += " .noreturn";
    out += "\n";
    for (const BodyDirective& d : f.performance) out += directive(d) + "\n";
    if (f.body) {
      block(*f.body, 1, out);
    } else {
      out += ";\n";
    }
  }
  return out;
}

}  // namespace tmu::ptx
