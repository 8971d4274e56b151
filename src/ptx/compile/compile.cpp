// SPDX-License-Identifier: MIT
// The compiler's driver: per .entry, the parameter layout and texture slots in constant bank 0 (as ptxas lays
// them out, lowering-facts.md 3.2.1 and docs/cubin.md), the body as IR (function.h), nir_lower_tex with NAK's
// SM50 options, selection, and the cubin kernel with its metadata.
#include "ptx/compile.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "ir/passes/lower_tex.h"
#include "ir/passes/opt_copy_prop.h"
#include "ir/passes/opt_dce.h"
#include "ir/print.h"
#include "ir/verify.h"
#include "ir/sm50/prepare_tex.h"
#include "ir/sm50/select.h"
#include "ir/sm50/tex_flags.h"
#include "isa/cubin_write.h"
#include "ptx/compile/function.h"
#include "ptx/reader.h"

namespace tmu::ptx {

namespace to_ir {

FunctionCompiler::FunctionCompiler(const Function& f, const KernelLayout& layout) : f_(f), layout_(layout) {}

ir::Shader FunctionCompiler::build() {
  s_.stage = ir::Stage::Compute;
  s_.name = f_.name;
  s_.float_controls = float_controls();
  list_ = &s_.body;
  current_ = &f_;
  for (const Variable& v : layout_.module->variables)  // the module's .shared variables, in every kernel
    if (v.space == Space::Shared) declare_window_variable(v);
  block_ = s_.body.back().block.get();
  flatten(*f_.body);
  place_externs();
  rotate_loops();
  emit_range(0, items_.size());
  s_.number_blocks();
  for (const PendingPhi& p : phis_)
    for (std::size_t k = 0; k < p.preds.size(); ++k) p.phi->src[k].pred_block = p.preds[k]->id;
  ir::opt_copy_prop(s_);  // the movs of component extracts and register copies
  ir::opt_dce(s_);        // registers written and never read again, phis of temporaries, the movs left
  return std::move(s_);
}

namespace {

uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

// Every texture instruction's named texture (and sampler), and every surface instruction's named surface, in order
// of first use.
void texture_names(const Block& b, std::vector<std::string>& out, std::vector<std::pair<std::string, std::string>>& pairs,
                   std::vector<std::string>& surfaces) {
  for (const Statement& st : b.items) {
    if (const Block* inner = std::get_if<Block>(&st.v)) {
      texture_names(*inner, out, pairs, surfaces);
      continue;
    }
    const Instruction* i = std::get_if<Instruction>(&st.v);
    if (i && (i->opcode == "suld" || i->opcode == "sust" || i->opcode == "sured" || i->opcode == "suq")) {
      for (const Operand& o : i->operands) {  // [surface, {coordinates}] or suq's [surface]: a .surfref's name
        const Operand* s = o.kind == Operand::Kind::Bracket && !o.elems.empty() ? &o.elems[0]
                           : o.kind == Operand::Kind::Address                   ? &o
                                                                                : nullptr;
        if (s && !s->name.empty() && !s->name.starts_with('%') &&
            std::find(surfaces.begin(), surfaces.end(), s->name) == surfaces.end())
          surfaces.push_back(s->name);
      }
      continue;
    }
    if (!i || !i->texture) continue;
    auto add = [&](const TextureRef& t, const std::optional<TextureRef>& s) {
      if (t.is_register) return;
      const std::string key = s && !s->is_register ? t.name + "," + s->name : t.name;
      if (std::find(out.begin(), out.end(), key) != out.end()) return;
      out.push_back(key);
      pairs.emplace_back(t.name, s && !s->is_register ? s->name : "");
    };
    if (const Tex* x = std::get_if<Tex>(&*i->texture)) add(x->texture, x->sampler);
    if (const Tld4* g = std::get_if<Tld4>(&*i->texture)) add(g->texture, g->sampler);
    if (const Txq* q = std::get_if<Txq>(&*i->texture)) add(q->texture, std::nullopt);
  }
}

struct Entry {
  KernelLayout layout;
  isa::CubinKernel kernel;
};

Entry layout_entry(const Module& m, const Function& f) {
  Entry e;
  e.layout.unified = !m.texmode_independent;
  e.layout.sm = m.sm;
  e.layout.module = &m;
  e.kernel.name = f.name;
  e.kernel.visible = f.linkage == Linkage::Visible;
  uint32_t offset = 0;
  for (std::size_t k = 0; k < f.params.size(); ++k) {
    const Param& p = f.params[k];
    // A .param .texref (either texture mode), .param .samplerref (independent mode) or .param .surfref, as ptxas
    // 11.8 takes them: no bytes in bank 0 (EIATTR_KPARAM_INFO offset 0xffff, size 0, naming a local symbol in
    // .text.<k>), a bank-0 slot after the parameters like a module reference's, in the order of first use
    // (cubin_image.h, CubinParam).
    if (p.opaque) {
      const isa::HandleKind kind = *p.opaque == OpaqueVariable::What::Texref    ? isa::HandleKind::Texture
                                   : *p.opaque == OpaqueVariable::What::Surfref ? isa::HandleKind::Surface
                                                                                : isa::HandleKind::Sampler;
      e.kernel.params.push_back(isa::CubinParam::reference(static_cast<uint32_t>(k), kind, p.name));
      continue;
    }
    const uint32_t elem = std::max(1u, bit_size(p.type) / 8);
    const uint32_t size = elem * static_cast<uint32_t>(p.array.value_or(1));
    const uint32_t align = p.align ? p.align : elem;
    offset = align_up(offset, align);
    e.layout.params[p.name] = to_ir::ParamSlot{offset, size, p.type, false};
    e.kernel.params.push_back(isa::CubinParam{static_cast<uint32_t>(k), offset, size});
    offset += size;
  }
  e.kernel.param_size = offset;
  // Texture references: one 32-bit slot each after the parameters (independent mode: a texture and the sampler
  // used with it share the slot, with both relocations), lowering-facts 3.2.1.
  std::vector<std::string> keys, surfaces;
  std::vector<std::pair<std::string, std::string>> pairs;
  texture_names(*f.body, keys, pairs, surfaces);
  uint32_t slot = isa::kParamBase + align_up(offset, 4);
  const auto is_param = [&f](const std::string& name) {
    return std::any_of(f.params.begin(), f.params.end(), [&](const Param& p) { return p.opaque && p.name == name; });
  };
  for (std::size_t k = 0; k < keys.size(); ++k, slot += 4) {
    e.layout.texture_words[keys[k]] = slot / 4;
    e.kernel.handles.push_back(isa::CubinHandle{isa::HandleKind::Texture, pairs[k].first, slot, is_param(pairs[k].first)});
    if (!pairs[k].second.empty())
      e.kernel.handles.push_back(
          isa::CubinHandle{isa::HandleKind::Sampler, pairs[k].second, slot, is_param(pairs[k].second)});
  }
  // Surface references: a slot each after the textures' (ptxas 11.8: `.surfref S` used before `.texref T` still
  // gets the word after T's).
  for (const std::string& name : surfaces) {
    const bool declared = std::any_of(m.opaque.begin(), m.opaque.end(), [&](const OpaqueVariable& v) {
      return v.name == name && v.what == OpaqueVariable::What::Surfref;
    });
    const bool param = std::any_of(f.params.begin(), f.params.end(), [&](const Param& p) {
      return p.opaque == OpaqueVariable::What::Surfref && p.name == name;
    });
    if (!declared && !param) continue;  // (surface.cpp names what it is not)
    e.layout.texture_words[name] = slot / 4;
    e.kernel.handles.push_back(isa::CubinHandle{isa::HandleKind::Surface, name, slot, param});
    slot += 4;
  }
  return e;
}

std::string where(std::string_view file, Loc loc) {
  if (loc.line == 0) return std::string(file);
  return fmt::format("{}:{}:{}", file, loc.line, loc.col);
}

}  // namespace
}  // namespace to_ir

Result<Compiled> compile(const Module& module, std::string_view file_name, const CompileOptions& options) {
  if (module.sm != 50 && module.sm != 52)
    return make_error(fmt::format("{}: .target sm_{}: tmu compiles for sm_50 and sm_52", file_name, module.sm));
  if (module.address_size != 64) return make_error(fmt::format("{}: .address_size 32 is not compiled (CUDA kernels use 64)", file_name));
  const isa::Arch arch = options.arch.value_or(module.sm == 52 ? isa::Arch::SM52 : isa::Arch::SM50);
  Compiled out;
  out.image.arch = arch;
  out.image.tex_mode = module.texmode_independent ? isa::TexMode::Independent : isa::TexMode::Unified;
  to_ir::ConstantLayout bank;  // the module's .const variables: .nv.constant3 (memory.cpp)
  to_ir::GlobalLayout globals;  // its .global variables: .nv.global.init, .nv.global
  try {
    bank = to_ir::constant_layout(module);
    globals = to_ir::global_layout(module);
  } catch (const to_ir::CompileError& err) {
    return make_error(fmt::format("{}: {}", to_ir::where(file_name, err.loc), err.message));
  }
  for (const Function& f : module.functions) {
    if (!f.entry || !f.body) continue;
    try {
      to_ir::Entry e = to_ir::layout_entry(module, f);
      e.layout.constants = &bank;
      e.layout.globals = &globals;
      // Branches that do not nest as if/else and loops: the kernel again, as guarded blocks (structure.cpp).
      auto compiler = std::make_unique<to_ir::FunctionCompiler>(f, e.layout);
      ir::Shader s;
      try {
        s = compiler->build();
      } catch (const to_ir::CompileError& err) {
        if (!err.structure) throw;
        compiler = std::make_unique<to_ir::FunctionCompiler>(f, e.layout);
        compiler->guard_blocks();
        s = compiler->build();
      }
      const to_ir::FunctionCompiler& fc = *compiler;
      // The front end's IR must be valid NIR (jumps last in their blocks, a phi source per predecessor, uses
      // dominated by their definitions): a violation is the compiler's bug, reported rather than selected.
      if (const auto problems = ir::verify(s); !problems.empty())
        return make_error(fmt::format("{}: kernel {}: the compiler made invalid IR (a compiler bug): {}",
                                      to_ir::where(file_name, f.loc), f.name, problems.front()));
      ir::lower_tex(s, ir::sm50_lower_tex_options());
      CompiledKernel ck;
      ck.name = f.name;
      ck.ir = ir::print(s);
      // NAK's preparation, then ptxas's one addition to it: TLD with an explicit LOD clamps texel coordinates
      // to the edge (.CL; lowering-facts 3.2.9: ptxas sets it on every tex.level with integer coordinates).
      if (auto prepared = ir::sm50::prepare_tex(s, arch); !prepared)
        return make_error(fmt::format("{}: kernel {}: {}", to_ir::where(file_name, f.loc), f.name, prepared.error()));
      // The emulated gradients' lookups get .NDV (texture.cpp).
      std::size_t marked = 0;
      const auto& ndv = fc.non_divergent();
      s.for_each_instr([&](ir::Instr& i) {
        ir::TexInstr* t = i.as<ir::TexInstr>();
        if (!t) return;
        auto p = ir::sm50::decode_tex_flags(t->backend_flags);
        if (!p) return;
        if (p->modifiers.op == tex::TexOp::Fetch && p->modifiers.lod == tex::LodMode::Lod) p->modifiers.edge_clamp = true;
        if (std::find(ndv.begin(), ndv.end(), t->dest.id) != ndv.end()) {
          p->modifiers.ndv = true;
          ++marked;
        }
        t->backend_flags = ir::sm50::encode_tex_flags(*p);
      });
      if (marked != ndv.size())
        return make_error(fmt::format("{}: kernel {}: {} emulated-gradient lookups lost on the way to selection (a compiler bug)",
                                      to_ir::where(file_name, f.loc), f.name, ndv.size() - marked));
      ir::sm50::SelectOptions so;
      so.arch = arch;
      so.direct_texture_index = true;
      auto sel = ir::sm50::select(s, so);
      if (!sel) return make_error(fmt::format("{}: kernel {}: {}", to_ir::where(file_name, f.loc), f.name, sel.error()));
      // ptxas ends every kernel with a branch to itself after the last EXIT and fills the bundle with NOPs whose
      // control slots are 0x7e0 (no stall, no yield, no barriers), which nvdisasm lists as `NOP;`.
      ck.sass = sel->sass + ".L_end:\nBRA .L_end ;\n";
      isa::sm50::Program program;
      auto assemble = [&]() -> std::optional<std::string> {
        program = {};
        if (auto err = isa::sm50::assemble(ck.sass, arch, program))
          return fmt::format("{}: kernel {}: the selected SASS does not assemble (a compiler bug): {}:{}: {}",
                             to_ir::where(file_name, f.loc), f.name, err->line, err->column, err->message);
        return std::nullopt;
      };
      if (auto err = assemble()) return make_error(*err);
      std::size_t used = program.code.size();
      while (used > 0 && program.code[used - 1].op() != isa::sm50::Op::BRA) --used;
      if (used % 3) {
        for (std::size_t k = used % 3; k < 3; ++k) ck.sass += "NOP ?stall=0 ?noyield ;\n";
        if (auto err = assemble()) return make_error(*err);
      }
      auto code = isa::sm50::encode_program(program);
      if (!code) return make_error(fmt::format("{}: kernel {}: {}", to_ir::where(file_name, f.loc), f.name, code.error()));
      e.kernel.code = std::move(*code);
      e.kernel.relocations = std::move(program.relocations);  // the .global variables' addresses
      e.kernel.registers = std::max(sel->registers, 2u);  // R1 is the stack pointer the driver sets
      e.kernel.shared_size = fc.shared_bytes();
      e.kernel.barriers = fc.barriers();  // ptxas: .text's SHF_BARRIERS, the barriers bar.sync uses
      e.kernel.local_size = (fc.local_bytes() + 7) / 8 * 8;
      out.image.kernels.push_back(std::move(e.kernel));
      out.kernels.push_back(std::move(ck));
    } catch (const to_ir::CompileError& err) {
      return make_error(fmt::format("{}: {}", to_ir::where(file_name, err.loc), err.message));
    }
  }
  if (out.image.kernels.empty()) return make_error(fmt::format("{}: the module has no .entry with a body", file_name));
  // The variables' symbols in declaration order (as ptxas lists them), and their sections.
  for (const Variable& v : module.variables) {
    const bool is_const = bank.variables.count(v.name) != 0, init = globals.init.variables.count(v.name) != 0;
    if (!is_const && !init && !globals.zero.variables.count(v.name)) continue;
    const to_ir::ConstantLayout::Slot& slot = (is_const ? bank : init ? globals.init : globals.zero).variables.at(v.name);
    out.image.variables.push_back({v.name, slot.offset, slot.size,
                                   is_const ? isa::VariableSection::Constant3
                                            : init ? isa::VariableSection::GlobalInit : isa::VariableSection::Global});
  }
  out.image.constant3 = std::move(bank.bytes);
  out.image.constant3_align = bank.align;
  out.image.global_init = std::move(globals.init.bytes);
  out.image.global_init_align = globals.init.align;
  out.image.global_size = globals.zero.bytes.size();
  out.image.global_align = globals.zero.align;
  return out;
}

Result<std::vector<std::byte>> compile_to_cubin(std::string_view text, std::string_view file_name,
                                                const CompileOptions& options) {
  auto m = read(text, file_name);
  if (!m) return make_error(m.error());
  auto c = compile(*m, file_name, options);
  if (!c) return make_error(c.error());
  return isa::write_cubin(c->image);
}

}  // namespace tmu::ptx
