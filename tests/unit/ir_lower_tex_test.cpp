// SPDX-License-Identifier: MIT
// nir_lower_tex (src/ir/passes/lower_tex.h), one hand-written test per option: a small shader, the option(s) and
// the lowered shader written by hand as NIR text. The two are compared as computations (`dataflow` below): every
// output written, each component as the expression tree that computes it, so that what the rules fix (which
// operations, on which operands, with which constants, in which texture instructions) must agree, and what they
// leave free (the order of independent instructions, whether a component is taken by a `mov` or a swizzle,
// SSA numbering, the order of a texture instruction's sources) does not matter.
//
// Where the expected texts come from:
// * what each option does: shared/reference/lowering-facts.md 1.2 (order) and 1.3 (each transformation);
// * the details 1.3 leaves open (instruction order, swizzles, which constants are materialised, where `mov`s
//   appear): Mesa 22.3.6's nir_lower_tex.c and the nir_builder helpers it calls, as Debian's build of it (GCC,
//   x86-64) runs them. Two consequences pinned throughout:
//     - nir_channel() of a component of a wider value is a `mov v.c` instruction; a component taken with
//       nir_get_ssa_scalar() (nir_vec_scalars, the swizzle lowerings) is a swizzled source, no `mov`;
//     - sibling arguments of one call are evaluated right to left (GCC's order): nir_vec3(b, nir_channel(p, 0),
//       nir_channel(p, 1), nir_channel(u, 2)) emits the `mov u.z` first. C leaves that order unspecified (a
//       Clang-built Mesa goes left to right); the texts pin GCC's, which tests/support/mesa_nir_helper (Debian's
//       22.3.6) shows in every case 22.3.6 can run. Statements, by contrast, run in source order.
//   The texts of options 22.3.6 also has were checked against the helper's output for the same instruction.
// * options 22.3.6 does not have (lower_1d, lower_1d_shadow, lower_txd_clamp, lower_sampler_lod_bias,
//   lower_index_to_offset, has_texture_scaling) and the places where 22.3.6 contradicts 1.3 (fragment fetch's
//   3-bit field and ubfe; no saturation of sampler-less ops): the Mesa nir_lower_tex.c lowering-facts.md was read
//   from (bminor/mesa-mesa 06dbd4c3), with that tree's builder (conversions to the same bit size build nothing).
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "ir/passes/lower_tex.h"
#include "ir/print.h"
#include "ir/read.h"
#include "ir/tex.h"

namespace tmu::ir {
namespace {

// The shader as a computation: for each instruction with an effect (store_output, discard, ...), in program
// order, its operands as scalar expression trees.
class Dataflow {
 public:
  explicit Dataflow(Shader& s) : s_(s) {
    s.for_each_instr([&](Instr& i) {
      if (i.dest().id != kNoDef) defs_[i.dest().id] = &i;
    });
  }

  std::string run() {
    std::string out;
    s_.for_each_instr([&](Instr& i) {
      const IntrinsicInstr* n = i.as<IntrinsicInstr>();
      if (!n || n->dest.id != kNoDef) return;
      out += std::string(name(n->op)) + fmt::format("[base {}](", n->index("base").value_or(0));
      for (DefId d : n->src) out += all(d) + "; ";
      out += ")\n";
    });
    return out;
  }

 private:
  std::string all(DefId d) {
    const Instr* i = defs_.count(d) ? defs_[d] : nullptr;
    if (!i) return fmt::format("?ssa_{}", d);
    std::string out = "<";
    for (unsigned c = 0; c < i->dest().components; ++c) out += (c ? ", " : "") + expr(d, c);
    return out + ">";
  }

  std::string expr(DefId d, unsigned c) {
    const auto key = std::pair{d, c};
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const Instr* i = defs_.count(d) ? defs_[d] : nullptr;
    std::string out;
    if (!i) {
      out = fmt::format("?ssa_{}", d);
    } else if (const ConstInstr* cst = i->as<ConstInstr>()) {
      const unsigned bits = cst->dest.bit_size;
      const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
      out = fmt::format("{:#x}:{}", cst->value[c] & mask, bits);
    } else if (const AluInstr* a = i->as<AluInstr>()) {
      const AluOpInfo& in = info(a->op);
      if (a->op == AluOp::mov) {
        out = expr(a->src[0].def, a->src[0].swizzle[c]);
      } else if (is_vec(a->op)) {
        out = expr(a->src[c].def, a->src[c].swizzle[0]);
      } else {
        out = std::string(in.name) + (in.output_size ? fmt::format("[{}]", c) : "") + "(";
        for (unsigned k = 0; k < a->src.size(); ++k) {
          if (k) out += ", ";
          if (in.input_size[k]) {
            out += "<";
            for (unsigned j = 0; j < in.input_size[k]; ++j)
              out += (j ? ", " : "") + expr(a->src[k].def, a->src[k].swizzle[j]);
            out += ">";
          } else {
            out += expr(a->src[k].def, a->src[k].swizzle[c]);
          }
        }
        out += ")";
      }
    } else if (const TexInstr* t = i->as<TexInstr>()) {
      std::vector<std::string> srcs;
      for (const TexSrc& src : t->src) srcs.push_back(std::string(name(src.type)) + "=" + all(src.def));
      std::sort(srcs.begin(), srcs.end());
      out = fmt::format("({}){}[{}{}{}{} coord{} tex{} smp{} comp{}", name(t->dest_type), name(t->op),
                        name(t->sampler_dim), t->is_array ? " array" : "", t->is_shadow ? " shadow" : "",
                        t->is_sparse ? " sparse" : "", t->coord_components, t->texture_index, t->sampler_index,
                        t->component);
      if (has_explicit_tg4_offsets(*t))
        for (const auto& o : t->tg4_offsets) out += fmt::format(" ({},{})", o[0], o[1]);
      out += "](";
      for (const std::string& x : srcs) out += x + " ";
      out += fmt::format(").{}", c);
    } else if (const IntrinsicInstr* n = i->as<IntrinsicInstr>()) {
      out = std::string(name(n->op)) + fmt::format("[base {}](", n->index("base").value_or(0));
      for (DefId x : n->src) out += all(x) + " ";
      out += fmt::format(").{}", c);
    } else if (i->as<UndefInstr>()) {
      out = "undef";
    } else {
      out = fmt::format("ssa_{}.{}", d, c);  // derefs, phis: by name
    }
    return memo_[key] = out;
  }

  Shader& s_;
  std::map<DefId, const Instr*> defs_;
  std::map<std::pair<DefId, unsigned>, std::string> memo_;
};

std::string dataflow(Shader& s) { return Dataflow(s).run(); }

using Settings = std::vector<std::pair<std::string, std::string>>;

constexpr std::string_view kFragment = "MESA_SHADER_FRAGMENT";
constexpr std::string_view kVertex = "MESA_SHADER_VERTEX";

// A shader of one block: `body` is one instruction a line (leading blanks and empty lines ignored).
std::string shader(std::string_view body, std::string_view stage) {
  std::string s = "shader: " + std::string(stage) + "\nname: lower_tex\ndecl_function main (0 params)\n\n";
  s += "impl main {\n\tblock block_0:\n\t/* preds: */\n";
  std::size_t pos = 0;
  while (pos <= body.size()) {
    std::size_t end = body.find('\n', pos);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(pos, end - pos);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (!line.empty()) s += "\t" + std::string(line) + "\n";
    pos = end + 1;
  }
  s += "\t/* succs: block_1 */\n\tblock block_1:\n}\n";
  return s;
}

// The lines most shaders share: the constant 0 every I/O intrinsic takes as its offset, inputs, outputs.
const std::string kZero = "vec1 32 ssa_0 = load_const (0x00000000 = 0.000000)\n";

std::string ld(int ssa, int components, int base, std::string_view type = "float32") {
  return "vec" + std::to_string(components) + " 32 ssa_" + std::to_string(ssa) +
         " = intrinsic load_input (ssa_0) (base=" + std::to_string(base) + ", component=0, dest_type=" +
         std::string(type) + ")\n";
}

std::string st(int ssa, int components, int base = 0, std::string_view type = "float32") {
  return "intrinsic store_output (ssa_" + std::to_string(ssa) + ", ssa_0) (base=" + std::to_string(base) +
         ", wrmask=" + std::string("xyzw").substr(0, static_cast<std::size_t>(components)) +
         ", component=0, src_type=" + std::string(type) + ")\n";
}

// Lowers `input` with `options` and compares it with `expected`; the pass must report progress exactly when the
// expected text differs from the input.
void check(const std::string& input, const Settings& options, const std::string& expected,
           const Settings& compiler_options = {}, std::string_view stage = kFragment) {
  auto in = read(shader(input, stage), "input.nir");
  ASSERT_TRUE(in.ok()) << in.error();
  auto want = read(shader(expected, stage), "expected.nir");
  ASSERT_TRUE(want.ok()) << want.error();
  LowerTexOptions o;
  for (const auto& [field, value] : options) {
    auto r = set_option(o, field, value);
    ASSERT_TRUE(r.ok()) << field << "=" << value << ": " << r.error();
  }
  CompilerOptions c;
  for (const auto& [field, value] : compiler_options) {
    auto r = set_compiler_option(c, field, value);
    ASSERT_TRUE(r.ok()) << field << "=" << value << ": " << r.error();
  }
  const std::string before = print(*in);
  const std::string before_flow = dataflow(*in);
  const std::string expected_text = print(*want);
  const std::string expected_flow = dataflow(*want);
  const bool progress = lower_tex(*in, o, c);
  EXPECT_EQ(dataflow(*in), expected_flow) << "input:\n" << before << "\nexpected:\n" << expected_text
                                          << "\nlowered:\n" << print(*in);
  EXPECT_EQ(progress, expected_text != before);
}

// The same shader must come out unchanged (and without progress).
void check_unchanged(const std::string& input, const Settings& options, const Settings& compiler_options = {},
                     std::string_view stage = kFragment) {
  check(input, options, input, compiler_options, stage);
}

// ------------------------------------------------------------------------------------------------------------

TEST(IrLowerTex, LowerTxp) {
  // 1.3: r = frcp(q); coord (and comparator) times r; projector removed. The mask is by sampler dim:
  // 1 << GLSL_SAMPLER_DIM_2D = 0x2.
  const std::string in2d = kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (projector), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4);
  check(in2d, {{"lower_txp", "0x2"}}, kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = frcp ssa_2
    vec2 32 ssa_4 = fmul ssa_1, ssa_3.xx
    vec4 32 ssa_5 = (float32)tex ssa_4 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(5, 4));
  // Only 3D (1 << 2) in the mask: a 2D projector stays.
  check_unchanged(in2d, {{"lower_txp", "0x4"}});

  // tmu differs: it builds `vec3 ssa_5.x, ssa_5.y, ssa_1.z` (swizzled sources) where Mesa's project_src builds
  // three nir_channel()s, each a `mov` (22.3.6 and later alike); the order of the three movs is argument order
  // (see the file comment).
  // An array with a comparator: the layer is not projected (vec3 of projected x, y and the original layer, the
  // channels taken right to left), the comparator is.
  check(kZero + ld(1, 3, 0) + ld(2, 1, 1) + ld(3, 1, 2) + R"(
    vec1 32 ssa_4 = (float32)tex ssa_1 (coord), ssa_2 (comparator), ssa_3 (projector), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array, shadow, new_style_shadow
  )" + st(4, 1),
        {{"lower_txp", "0x2"}},
        kZero + ld(1, 3, 0) + ld(2, 1, 1) + ld(3, 1, 2) + R"(
    vec1 32 ssa_4 = frcp ssa_3
    vec3 32 ssa_5 = fmul ssa_1, ssa_4.xxx
    vec1 32 ssa_6 = mov ssa_1.z
    vec1 32 ssa_7 = mov ssa_5.y
    vec1 32 ssa_8 = mov ssa_5.x
    vec3 32 ssa_9 = vec3 ssa_8, ssa_7, ssa_6
    vec1 32 ssa_10 = fmul ssa_2, ssa_4
    vec1 32 ssa_11 = (float32)tex ssa_9 (coord), ssa_10 (comparator), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array, shadow, new_style_shadow
  )" + st(11, 1));
}

TEST(IrLowerTex, LowerTxpArray) {
  const std::string array = kZero + ld(1, 3, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (projector), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(3, 4);
  // tmu differs: `vec3 ssa_4.x, ssa_4.y, ssa_1.z` without the three nir_channel() movs (as in LowerTxp).
  check(array, {{"lower_txp_array", "1"}}, kZero + ld(1, 3, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = frcp ssa_2
    vec3 32 ssa_4 = fmul ssa_1, ssa_3.xxx
    vec1 32 ssa_5 = mov ssa_1.z
    vec1 32 ssa_6 = mov ssa_4.y
    vec1 32 ssa_7 = mov ssa_4.x
    vec3 32 ssa_8 = vec3 ssa_7, ssa_6, ssa_5
    vec4 32 ssa_9 = (float32)tex ssa_8 (coord), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(9, 4));
  // Not an array: lower_txp_array does not apply (and lower_txp is 0).
  check_unchanged(kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (projector), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
                  {{"lower_txp_array", "1"}});
}

TEST(IrLowerTex, LowerTxfOffset) {
  // tmu differs: `vec3 ssa_4.x, ssa_4.y, ssa_1.z`, no mov. 22.3.6's lower_offset builds vec3 of three
  // nir_channel() movs (pinned here); later Mesa's nir_vector_insert_imm would build one `mov ssa_1.z` and
  // `vec3 ssa_4.x, ssa_4.y, <mov>`: tmu matches neither.
  // txf on a 2D array: coord + offset with iadd (the vec2 offset read .xyy), the layer restored from the original
  // coordinate (22.3.6's vec3 of channels, right to left); offset removed, lod kept.
  check(kZero + ld(1, 3, 0, "int32") + ld(2, 2, 1, "int32") + R"(
    vec1 32 ssa_3 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_4 = (float32)txf ssa_1 (coord), ssa_3 (lod), ssa_2 (offset), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(4, 4),
        {{"lower_txf_offset", "1"}},
        kZero + ld(1, 3, 0, "int32") + ld(2, 2, 1, "int32") + R"(
    vec1 32 ssa_3 = load_const (0x00000000 = 0.000000)
    vec3 32 ssa_4 = iadd ssa_1, ssa_2.xyy
    vec1 32 ssa_5 = mov ssa_1.z
    vec1 32 ssa_6 = mov ssa_4.y
    vec1 32 ssa_7 = mov ssa_4.x
    vec3 32 ssa_8 = vec3 ssa_7, ssa_6, ssa_5
    vec4 32 ssa_9 = (float32)txf ssa_8 (coord), ssa_3 (lod), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(9, 4));
  // A tex keeps its offset.
  check_unchanged(kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (offset), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
                  {{"lower_txf_offset", "1"}});
}

TEST(IrLowerTex, LowerRectOffset) {
  // RECT: unnormalized, so coord + i2f32(offset), no size query.
  check(kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (offset), 0 (texture), 0 (sampler), RECT (dim), 2 (coord_components)
  )" + st(3, 4),
        {{"lower_rect_offset", "1"}},
        kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec2 32 ssa_3 = i2f32 ssa_2
    vec2 32 ssa_4 = fadd ssa_1, ssa_3
    vec4 32 ssa_5 = (float32)tex ssa_4 (coord), 0 (texture), 0 (sampler), RECT (dim), 2 (coord_components)
  )" + st(5, 4));
  // Not RECT: untouched.
  check_unchanged(kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (offset), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
                  {{"lower_rect_offset", "1"}});
}

TEST(IrLowerTex, LowerOffsetFilter) {
  // tmu differs (both cases below): it emits `i2f32 offset` first, then the txs, i2f32, frcp. In Mesa (22.3.6 and
  // later) the txs, its i2f32 and the frcp are statements before the expression that converts the offset, so the
  // order is not a matter of argument evaluation.
  // always: a normalized 2D coordinate moves by i2f32(offset) * frcp(i2f32(txs)) (txs at lod 0, before the tex).
  check(kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (offset), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
        {{"lower_offset_filter", "always"}},
        kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec1 32 ssa_3 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_4 = (int32)txs ssa_3 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec2 32 ssa_5 = i2f32 ssa_4
    vec2 32 ssa_6 = frcp ssa_5
    vec2 32 ssa_7 = i2f32 ssa_2
    vec2 32 ssa_8 = fmul ssa_7, ssa_6
    vec2 32 ssa_9 = fadd ssa_1, ssa_8
    vec4 32 ssa_10 = (float32)tex ssa_9 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(10, 4));

  // tg4: only the gather is lowered, the tex beside it keeps its offset.
  check(kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec4 32 ssa_3 = (float32)tg4 ssa_1 (coord), ssa_2 (offset), 0 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec4 32 ssa_4 = (float32)tex ssa_1 (coord), ssa_2 (offset), 1 (texture), 1 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4) + st(4, 4, 1),
        {{"lower_offset_filter", "tg4"}},
        kZero + ld(1, 2, 0) + ld(2, 2, 1, "int32") + R"(
    vec1 32 ssa_3 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_4 = (int32)txs ssa_3 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec2 32 ssa_5 = i2f32 ssa_4
    vec2 32 ssa_6 = frcp ssa_5
    vec2 32 ssa_7 = i2f32 ssa_2
    vec2 32 ssa_8 = fmul ssa_7, ssa_6
    vec2 32 ssa_9 = fadd ssa_1, ssa_8
    vec4 32 ssa_10 = (float32)tg4 ssa_9 (coord), 0 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec4 32 ssa_11 = (float32)tex ssa_1 (coord), ssa_2 (offset), 1 (texture), 1 (sampler), 2D (dim), 2 (coord_components)
  )" + st(10, 4) + st(11, 4, 1));
}

TEST(IrLowerTex, LowerRect) {
  // has_txs (the default): dim := 2D first, so the txs is a 2D query; coord * frcp(i2f32(txs)).
  const std::string rect = kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), RECT (dim), 2 (coord_components)
  )" + st(2, 4);
  check(rect, {{"lower_rect", "1"}}, kZero + ld(1, 2, 0) + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_3 = (int32)txs ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec2 32 ssa_4 = i2f32 ssa_3
    vec2 32 ssa_5 = frcp ssa_4
    vec2 32 ssa_6 = fmul ssa_1, ssa_5
    vec4 32 ssa_7 = (float32)tex ssa_6 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(7, 4));

  // has_texture_scaling: coord * load_texture_rect_scaling(texture_index). lowering-facts 1.3 makes the dim 2D
  // for the option as a whole, and tmu does so in both variants: after it the coordinates are normalized, which a
  // RECT instruction cannot mean where RECT is sampled unnormalized (NVIDIA's samplers, tmu's interpreter).
  // Mesa's lower_rect_tex_scale leaves RECT, for backends that sample RECT as 2D (docs/ir.md, "Mesa 22.3.6").
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 3 (texture), 3 (sampler), RECT (dim), 2 (coord_components)
  )" + st(2, 4),
        {{"lower_rect", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec1 32 ssa_2 = load_const (0x00000003 = 0.000000)
    vec2 32 ssa_3 = intrinsic load_texture_rect_scaling (ssa_2) ()
    vec2 32 ssa_4 = fmul ssa_1, ssa_3
    vec4 32 ssa_5 = (float32)tex ssa_4 (coord), 3 (texture), 3 (sampler), 2D (dim), 2 (coord_components)
  )" + st(5, 4),
        {{"has_texture_scaling", "1"}});

  // A query on RECT only changes the dim.
  check(kZero + ld(1, 1, 0, "int32") + R"(
    vec2 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), RECT (dim), 0 (coord_components)
  )" + st(2, 2, 0, "int32"),
        {{"lower_rect", "1"}},
        kZero + ld(1, 1, 0, "int32") + R"(
    vec2 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
  )" + st(2, 2, 0, "int32"));

  // Not applied to txf.
  check_unchanged(kZero + ld(1, 2, 0, "int32") + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_3 = (float32)txf ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), RECT (dim), 2 (coord_components)
  )" + st(3, 4),
                  {{"lower_rect", "1"}});
}

TEST(IrLowerTex, Lower1d) {
  // Later Mesa's lower_1d: coord, offset, ddx, ddy are taken out and added back (at the end of the source list)
  // widened; y = 0.5 (txf: 0.0) before the layer.
  check(kZero + ld(1, 1, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 1D (dim), 1 (coord_components)
  )" + st(2, 4),
        {{"lower_1d", "1"}},
        kZero + ld(1, 1, 0) + R"(
    vec1 32 ssa_2 = load_const (0x3f000000 = 0.500000)
    vec2 32 ssa_3 = vec2 ssa_1, ssa_2
    vec4 32 ssa_4 = (float32)tex ssa_3 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(4, 4));

  // tmu differs: it keeps coord in its place (`txf ssa_5 (coord), ssa_2 (lod), ssa_7 (offset)`); Mesa's lower_1d
  // takes coord and offset out with nir_steal_tex_src and adds them back with nir_tex_instr_add_src, at the end.
  // txf: y = 0.0; the offset padded with an int 0 (nir_pad_vector_imm_int); lod now first.
  check(kZero + ld(1, 1, 0, "int32") + ld(2, 1, 1, "int32") + ld(3, 1, 2, "int32") + R"(
    vec4 32 ssa_4 = (float32)txf ssa_1 (coord), ssa_2 (lod), ssa_3 (offset), 0 (texture), 0 (sampler), 1D (dim), 1 (coord_components)
  )" + st(4, 4),
        {{"lower_1d", "1"}},
        kZero + ld(1, 1, 0, "int32") + ld(2, 1, 1, "int32") + ld(3, 1, 2, "int32") + R"(
    vec1 32 ssa_4 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_5 = vec2 ssa_1, ssa_4
    vec1 32 ssa_6 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_7 = vec2 ssa_3, ssa_6
    vec4 32 ssa_8 = (float32)txf ssa_2 (lod), ssa_5 (coord), ssa_7 (offset), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(8, 4));

  // txs: the result widened to 2 components, its users read .x.
  check(kZero + ld(1, 1, 0, "int32") + R"(
    vec1 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 1D (dim), 0 (coord_components)
  )" + st(2, 1, 0, "int32"),
        {{"lower_1d", "1"}},
        kZero + ld(1, 1, 0, "int32") + R"(
    vec2 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec1 32 ssa_3 = mov ssa_2.x
  )" + st(3, 1, 0, "int32"));

  // tmu differs: `vec3 ssa_1.x, ssa_2, ssa_1.y`; Mesa's lower_1d takes x and the layer with two nir_channel()
  // statements (two movs, x first) before nir_vec3.
  // 1D array: (x, L) -> (x, 0.5, L).
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 1D (dim), 2 (coord_components), array
  )" + st(2, 4),
        {{"lower_1d", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec1 32 ssa_2 = load_const (0x3f000000 = 0.500000)
    vec1 32 ssa_3 = mov ssa_1.x
    vec1 32 ssa_4 = mov ssa_1.y
    vec3 32 ssa_5 = vec3 ssa_3, ssa_2, ssa_4
    vec4 32 ssa_6 = (float32)tex ssa_5 (coord), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(6, 4));

  // A 2D instruction is not touched.
  check_unchanged(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
                  {{"lower_1d", "1"}});
}

TEST(IrLowerTex, Lower1dShadow) {
  // tmu differs: source order `ssa_4 (coord), ssa_2 (comparator)`; Mesa re-adds coord last (as in Lower1d).
  // Only the shadow sample becomes 2D; the plain 1D sample beside it stays.
  check(kZero + ld(1, 1, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (comparator), 0 (texture), 0 (sampler), 1D (dim), 1 (coord_components), shadow, new_style_shadow
    vec4 32 ssa_4 = (float32)tex ssa_1 (coord), 1 (texture), 1 (sampler), 1D (dim), 1 (coord_components)
  )" + st(3, 1) + st(4, 4, 1),
        {{"lower_1d_shadow", "1"}},
        kZero + ld(1, 1, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = load_const (0x3f000000 = 0.500000)
    vec2 32 ssa_4 = vec2 ssa_1, ssa_3
    vec1 32 ssa_5 = (float32)tex ssa_2 (comparator), ssa_4 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
    vec4 32 ssa_6 = (float32)tex ssa_1 (coord), 1 (texture), 1 (sampler), 1D (dim), 1 (coord_components)
  )" + st(5, 1) + st(6, 4, 1));
}

TEST(IrLowerTex, LowerYuvExternal) {
  // 22.3.6 (as the helper prints it): after the tex, one tex per plane (a `plane` source, dim 2D), then
  // convert_yuv_to_rgb: its arguments right to left (A = 1.0, then the V, U, Y channels), the offsets vector
  // (its immediates right to left), each matrix column a vec4 constant, and nir_f2fN(x, 32) of each of the four
  // a `mov` in 22.3.6's builder (pinned: the no-op movs are there); ffma(Y, m0, ffma(U, m1, ffma(V, m2, o))).
  // The original tex stays, unused.
  const std::string external = kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), EXTERNAL (dim), 2 (coord_components)
  )" + st(2, 4);
  check(external, {{"lower_y_uv_external", "1"}}, kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), EXTERNAL (dim), 2 (coord_components)
    vec1 32 ssa_3 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_4 = (float32)tex ssa_1 (coord), ssa_3 (plane), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec1 32 ssa_5 = load_const (0x00000001 = 0.000000)
    vec4 32 ssa_6 = (float32)tex ssa_1 (coord), ssa_5 (plane), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec1 32 ssa_7 = load_const (0x3f800000 = 1.000000)
    vec1 32 ssa_8 = mov ssa_6.y
    vec1 32 ssa_9 = mov ssa_6.x
    vec1 32 ssa_10 = mov ssa_4.x
    vec1 32 ssa_11 = load_const (0xbf8af5f3 = -1.085631)
    vec1 32 ssa_12 = load_const (0x3f081b62 = 0.531668)
    vec1 32 ssa_13 = load_const (0xbf5fcbb7 = -0.874202)
    vec4 32 ssa_14 = vec4 ssa_13, ssa_12, ssa_11, ssa_7
    vec4 32 ssa_15 = mov ssa_14
    vec4 32 ssa_16 = load_const (0x3f950a85, 0x3f950a85, 0x3f950a85, 0x00000000) = (1.164384, 1.164384, 1.164384, 0.000000)
    vec4 32 ssa_17 = mov ssa_16
    vec4 32 ssa_18 = load_const (0x00000000, 0xbec89511, 0x40011a55, 0x00000000) = (0.000000, -0.391762, 2.017232, 0.000000)
    vec4 32 ssa_19 = mov ssa_18
    vec4 32 ssa_20 = load_const (0x3fcc4a9b, 0xbf501ea6, 0x00000000, 0x00000000) = (1.596027, -0.812968, 0.000000, 0.000000)
    vec4 32 ssa_21 = mov ssa_20
    vec4 32 ssa_22 = ffma ssa_8.xxxx, ssa_21, ssa_15
    vec4 32 ssa_23 = ffma ssa_9.xxxx, ssa_19, ssa_22
    vec4 32 ssa_24 = ffma ssa_10.xxxx, ssa_17, ssa_23
  )" + st(24, 4));

  // tmu differs (both cases): no nir_channel() movs (ffma reads ssa_6.yyyy etc.), no f2fN movs, and the offset
  // immediates and channels built left to right. The channel movs are Mesa's in every version; the f2fN movs are
  // 22.3.6's (later Mesa's builder returns the value when the bit size already matches: with that builder they
  // would go, a version difference, pinned to 22.3.6); the order is argument order.
  // AYUV with BT.709 (limited range): one plane, Y = .z, U = .y, V = .x, A = .w; the 709 matrix and offsets.
  check(external, {{"lower_ayuv_external", "1"}, {"bt709_external", "1"}}, kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), EXTERNAL (dim), 2 (coord_components)
    vec1 32 ssa_3 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_4 = (float32)tex ssa_1 (coord), ssa_3 (plane), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec1 32 ssa_5 = mov ssa_4.w
    vec1 32 ssa_6 = mov ssa_4.x
    vec1 32 ssa_7 = mov ssa_4.y
    vec1 32 ssa_8 = mov ssa_4.z
    vec1 32 ssa_9 = load_const (0xbf911353 = -1.133402)
    vec1 32 ssa_10 = load_const (0x3e9a5bf0 = 0.301483)
    vec1 32 ssa_11 = load_const (0xbf7912ee = -0.972945)
    vec4 32 ssa_12 = vec4 ssa_11, ssa_10, ssa_9, ssa_5
    vec4 32 ssa_13 = mov ssa_12
    vec4 32 ssa_14 = load_const (0x3f950a85, 0x3f950a85, 0x3f950a85, 0x00000000) = (1.164384, 1.164384, 1.164384, 0.000000)
    vec4 32 ssa_15 = mov ssa_14
    vec4 32 ssa_16 = load_const (0x00000000, 0xbe5a5dd8, 0x40073197, 0x00000000) = (0.000000, -0.213249, 2.112402, 0.000000)
    vec4 32 ssa_17 = mov ssa_16
    vec4 32 ssa_18 = load_const (0x3fe5788a, 0xbf086cbf, 0x00000000, 0x00000000) = (1.792741, -0.532909, 0.000000, 0.000000)
    vec4 32 ssa_19 = mov ssa_18
    vec4 32 ssa_20 = ffma ssa_6.xxxx, ssa_19, ssa_13
    vec4 32 ssa_21 = ffma ssa_7.xxxx, ssa_17, ssa_20
    vec4 32 ssa_22 = ffma ssa_8.xxxx, ssa_15, ssa_21
  )" + st(22, 4));

  // The mask is by texture: texture 1 is not selected.
  check_unchanged(external, {{"lower_y_uv_external", "2"}});
}

TEST(IrLowerTex, SaturateS) {
  // txl: channels split (mov), the s channel fsat, rebuilt with vec2.
  check(kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)txl ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
        {{"saturate_s", "1"}},
        kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = mov ssa_1.x
    vec1 32 ssa_4 = mov ssa_1.y
    vec1 32 ssa_5 = fsat ssa_3
    vec2 32 ssa_6 = vec2 ssa_5, ssa_4
    vec4 32 ssa_7 = (float32)txl ssa_6 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(7, 4));

  // tex: replaced by a txd with fddx/fddy of the (unclamped) coordinate, built after the tex; then the clamp.
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
        {{"saturate_s", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec2 32 ssa_2 = fddx ssa_1
    vec2 32 ssa_3 = fddy ssa_1
    vec1 32 ssa_4 = mov ssa_1.x
    vec1 32 ssa_5 = mov ssa_1.y
    vec1 32 ssa_6 = fsat ssa_4
    vec2 32 ssa_7 = vec2 ssa_6, ssa_5
    vec4 32 ssa_8 = (float32)txd ssa_7 (coord), ssa_2 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(8, 4));

  // RECT: clamp to [0, size]: fmax(s, 0.0) then fmin with txs.x (a RECT txs: lower_rect is off).
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), RECT (dim), 2 (coord_components)
  )" + st(2, 4),
        {{"saturate_s", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec2 32 ssa_2 = fddx ssa_1
    vec2 32 ssa_3 = fddy ssa_1
    vec1 32 ssa_4 = mov ssa_1.x
    vec1 32 ssa_5 = mov ssa_1.y
    vec1 32 ssa_6 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_7 = (int32)txs ssa_6 (lod), 0 (texture), 0 (sampler), RECT (dim), 0 (coord_components)
    vec2 32 ssa_8 = i2f32 ssa_7
    vec1 32 ssa_9 = load_const (0x00000000 = 0.000000)
    vec1 32 ssa_10 = fmax ssa_4, ssa_9
    vec1 32 ssa_11 = mov ssa_8.x
    vec1 32 ssa_12 = fmin ssa_10, ssa_11
    vec2 32 ssa_13 = vec2 ssa_12, ssa_5
    vec4 32 ssa_14 = (float32)txd ssa_13 (coord), ssa_2 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), RECT (dim), 2 (coord_components)
  )" + st(14, 4));

  // The mask is by sampler (bit 1: sampler 1), and a txf has no sampler to clamp with (1.2 step 2).
  check_unchanged(kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)txl ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
                  {{"saturate_s", "2"}});
  check_unchanged(kZero + ld(1, 2, 0, "int32") + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_3 = (float32)txf ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
                  {{"saturate_s", "1"}});
}

TEST(IrLowerTex, SwizzleResult) {
  // Texture 0: z, y, x, one -> vec4 of the tex's components and a (1.0, 1.0, 1.0, 1.0) constant's .x
  // (nir_vec_scalars, no movs). Texture 1: w, z, y, x -> one swizzling mov.
  // tmu differs: for "one" it builds a vec1 constant 1.0 where get_zero_or_one builds a vec4 constant
  // (nir_build_imm(b, 4, 32, v)) read as .x; for a swizzle without 0/1 it builds `vec4 ssa_5.w, ssa_5.z, ...` where
  // Mesa emits one swizzling mov (nir_swizzle, "We have no 0s or 1s, just emit a swizzling MOV").
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), 1 (texture), 1 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4) + st(3, 4, 1),
        {{"swizzle_result", "3"}, {"swizzles[0]", "z,y,x,one"}, {"swizzles[1]", "w,z,y,x"}},
        kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec4 32 ssa_3 = load_const (0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000) = (1.000000, 1.000000, 1.000000, 1.000000)
    vec4 32 ssa_4 = vec4 ssa_2.z, ssa_2.y, ssa_2.x, ssa_3.x
    vec4 32 ssa_5 = (float32)tex ssa_1 (coord), 1 (texture), 1 (sampler), 2D (dim), 2 (coord_components)
    vec4 32 ssa_6 = mov ssa_5.wzyx
  )" + st(4, 4) + st(6, 4, 1));
}

TEST(IrLowerTex, LowerSrgb) {
  // tmu differs: the 0.055 / 1.055 / 2.4 constants in the opposite order (argument order), and the final
  // `vec4 ssa_15.x, ssa_15.y, ssa_15.z, ssa_2.w` without linearize_srgb_result's four nir_channel() movs.
  // 22.3.6's nir_format_srgb_to_linear on .xyz: fdiv by 12.92; fpow(fdiv(fadd(c, 0.055), 1.055), 2.4) with its
  // immediates right to left; fge(0.04045, c) selects; fsat. Then vec4(rgb, alpha) from channels, right to left.
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
        {{"lower_srgb", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec3 32 ssa_3 = mov ssa_2.xyz
    vec1 32 ssa_4 = load_const (0x414eb852 = 12.920000)
    vec3 32 ssa_5 = fdiv ssa_3, ssa_4.xxx
    vec1 32 ssa_6 = load_const (0x4019999a = 2.400000)
    vec1 32 ssa_7 = load_const (0x3f870a3d = 1.055000)
    vec1 32 ssa_8 = load_const (0x3d6147ae = 0.055000)
    vec3 32 ssa_9 = fadd ssa_3, ssa_8.xxx
    vec3 32 ssa_10 = fdiv ssa_9, ssa_7.xxx
    vec3 32 ssa_11 = fpow ssa_10, ssa_6.xxx
    vec1 32 ssa_12 = load_const (0x3d25aee6 = 0.040450)
    vec3  1 ssa_13 = fge ssa_12.xxx, ssa_3
    vec3 32 ssa_14 = bcsel ssa_13, ssa_5, ssa_11
    vec3 32 ssa_15 = fsat ssa_14
    vec1 32 ssa_16 = mov ssa_2.w
    vec1 32 ssa_17 = mov ssa_15.z
    vec1 32 ssa_18 = mov ssa_15.y
    vec1 32 ssa_19 = mov ssa_15.x
    vec4 32 ssa_20 = vec4 ssa_19, ssa_18, ssa_17, ssa_16
  )" + st(20, 4));

  // Not for a shadow sample.
  check_unchanged(kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (comparator), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(3, 1),
                  {{"lower_srgb", "1"}});
}

// The txd -> txl texts below: lower_gradient (22.3.6 = later Mesa): txs at lod 0 before the instruction, i2f32,
// the size masked (nir_channels: a mov only when it drops components), dPdx = ddx * size, dPdy = ddy * size,
// rho = fmax(fsqrt(fdot(dPdx)), fsqrt(fdot(dPdy))) (the dPdy half first, right to left), flog2; ddx/ddy removed,
// fmax with min_lod (removed), lod appended, op txl.

const std::string kTxd2dInput = kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + R"(
  vec4 32 ssa_4 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
)" + st(4, 4);

const std::string kTxd2dLowered = kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + R"(
  vec1 32 ssa_4 = load_const (0x00000000 = 0.000000)
  vec2 32 ssa_5 = (int32)txs ssa_4 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
  vec2 32 ssa_6 = i2f32 ssa_5
  vec2 32 ssa_7 = fmul ssa_2, ssa_6
  vec2 32 ssa_8 = fmul ssa_3, ssa_6
  vec1 32 ssa_9 = fdot2 ssa_8, ssa_8
  vec1 32 ssa_10 = fsqrt ssa_9
  vec1 32 ssa_11 = fdot2 ssa_7, ssa_7
  vec1 32 ssa_12 = fsqrt ssa_11
  vec1 32 ssa_13 = fmax ssa_12, ssa_10
  vec1 32 ssa_14 = flog2 ssa_13
  vec4 32 ssa_15 = (float32)txl ssa_1 (coord), ssa_14 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
)" + st(15, 4);

// A 2D txd with min_lod (ssa_4); lowered, lod = fmax(log2(rho), min_lod).
const std::string kTxd2dClampInput = kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + ld(4, 1, 3) + R"(
  vec4 32 ssa_5 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), ssa_4 (min_lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
)" + st(5, 4);

const std::string kTxd2dClampLowered = kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + ld(4, 1, 3) + R"(
  vec1 32 ssa_5 = load_const (0x00000000 = 0.000000)
  vec2 32 ssa_6 = (int32)txs ssa_5 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
  vec2 32 ssa_7 = i2f32 ssa_6
  vec2 32 ssa_8 = fmul ssa_2, ssa_7
  vec2 32 ssa_9 = fmul ssa_3, ssa_7
  vec1 32 ssa_10 = fdot2 ssa_9, ssa_9
  vec1 32 ssa_11 = fsqrt ssa_10
  vec1 32 ssa_12 = fdot2 ssa_8, ssa_8
  vec1 32 ssa_13 = fsqrt ssa_12
  vec1 32 ssa_14 = fmax ssa_13, ssa_11
  vec1 32 ssa_15 = flog2 ssa_14
  vec1 32 ssa_16 = fmax ssa_15, ssa_4
  vec4 32 ssa_17 = (float32)txl ssa_1 (coord), ssa_16 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
)" + st(17, 4);

TEST(IrLowerTex, LowerTxdCubeMap) {
  // tmu differs: (1) an extra `vec3 mov ssa_1` (a no-op copy of the coordinate) that fabs and the selects read:
  // Mesa reads the coordinate source directly; (2) `mov .z` before `mov .xy` of dQdx and dQdy: Mesa's dQdx_xy /
  // dQdx_z are two statements in that order; (3) argument order: xzy before yzx, fdot(dx) before fdot(dy), the
  // -1.0 and 0.5 constants built before the products.
  // lower_gradient_cube_map: major axis by fge of |p| components against fmax of the other two; Q, dQdx, dQdy by
  // nested bcsel (the yzx swizzle built before xzy: right to left); quotient rule; lod = -1 + 0.5 log2(L L M).
  check(kZero + ld(1, 3, 0) + ld(2, 3, 1) + ld(3, 3, 2) + R"(
    vec4 32 ssa_4 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), CUBE (dim), 3 (coord_components)
  )" + st(4, 4),
        {{"lower_txd_cube_map", "1"}},
        kZero + ld(1, 3, 0) + ld(2, 3, 1) + ld(3, 3, 2) + R"(
    vec1 32 ssa_4 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_5 = (int32)txs ssa_4 (lod), 0 (texture), 0 (sampler), CUBE (dim), 0 (coord_components)
    vec2 32 ssa_6 = i2f32 ssa_5
    vec3 32 ssa_7 = fabs ssa_1
    vec1 32 ssa_8 = mov ssa_7.x
    vec1 32 ssa_9 = mov ssa_7.y
    vec1 32 ssa_10 = mov ssa_7.z
    vec1 32 ssa_11 = fmax ssa_8, ssa_9
    vec1  1 ssa_12 = fge ssa_10, ssa_11
    vec1 32 ssa_13 = fmax ssa_8, ssa_10
    vec1  1 ssa_14 = fge ssa_9, ssa_13
    vec3 32 ssa_15 = mov ssa_1.yzx
    vec3 32 ssa_16 = mov ssa_1.xzy
    vec3 32 ssa_17 = bcsel ssa_14.xxx, ssa_16, ssa_15
    vec3 32 ssa_18 = bcsel ssa_12.xxx, ssa_1, ssa_17
    vec3 32 ssa_19 = mov ssa_2.yzx
    vec3 32 ssa_20 = mov ssa_2.xzy
    vec3 32 ssa_21 = bcsel ssa_14.xxx, ssa_20, ssa_19
    vec3 32 ssa_22 = bcsel ssa_12.xxx, ssa_2, ssa_21
    vec3 32 ssa_23 = mov ssa_3.yzx
    vec3 32 ssa_24 = mov ssa_3.xzy
    vec3 32 ssa_25 = bcsel ssa_14.xxx, ssa_24, ssa_23
    vec3 32 ssa_26 = bcsel ssa_12.xxx, ssa_3, ssa_25
    vec1 32 ssa_27 = mov ssa_18.z
    vec1 32 ssa_28 = frcp ssa_27
    vec2 32 ssa_29 = mov ssa_18.xy
    vec2 32 ssa_30 = fmul ssa_29, ssa_28.xx
    vec2 32 ssa_31 = mov ssa_22.xy
    vec1 32 ssa_32 = mov ssa_22.z
    vec2 32 ssa_33 = fmul ssa_30, ssa_32.xx
    vec2 32 ssa_34 = fsub ssa_31, ssa_33
    vec2 32 ssa_35 = fmul ssa_28.xx, ssa_34
    vec2 32 ssa_36 = mov ssa_26.xy
    vec1 32 ssa_37 = mov ssa_26.z
    vec2 32 ssa_38 = fmul ssa_30, ssa_37.xx
    vec2 32 ssa_39 = fsub ssa_36, ssa_38
    vec2 32 ssa_40 = fmul ssa_28.xx, ssa_39
    vec1 32 ssa_41 = fdot2 ssa_40, ssa_40
    vec1 32 ssa_42 = fdot2 ssa_35, ssa_35
    vec1 32 ssa_43 = fmax ssa_42, ssa_41
    vec1 32 ssa_44 = mov ssa_6.x
    vec1 32 ssa_45 = fmul ssa_44, ssa_43
    vec1 32 ssa_46 = fmul ssa_44, ssa_45
    vec1 32 ssa_47 = flog2 ssa_46
    vec1 32 ssa_48 = load_const (0x3f000000 = 0.500000)
    vec1 32 ssa_49 = fmul ssa_48, ssa_47
    vec1 32 ssa_50 = load_const (0xbf800000 = -1.000000)
    vec1 32 ssa_51 = fadd ssa_50, ssa_49
    vec4 32 ssa_52 = (float32)txl ssa_1 (coord), ssa_51 (lod), 0 (texture), 0 (sampler), CUBE (dim), 3 (coord_components)
  )" + st(52, 4));
  check_unchanged(kTxd2dInput, {{"lower_txd_cube_map", "1"}});
}

TEST(IrLowerTex, LowerTxd3d) {
  // tmu differs (this and every txd -> txl test below): rho's two halves in the opposite order (fdot of dPdx
  // first, fmax(|dPdx|, |dPdy|) operands swapped in print order). Argument order only: the expression is
  // nir_fmax(b, nir_fsqrt(b, nir_fdot(dPdx)), nir_fsqrt(b, nir_fdot(dPdy))); pinned to GCC's right to left.
  check(kZero + ld(1, 3, 0) + ld(2, 3, 1) + ld(3, 3, 2) + R"(
    vec4 32 ssa_4 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), 3D (dim), 3 (coord_components)
  )" + st(4, 4),
        {{"lower_txd_3d", "1"}},
        kZero + ld(1, 3, 0) + ld(2, 3, 1) + ld(3, 3, 2) + R"(
    vec1 32 ssa_4 = load_const (0x00000000 = 0.000000)
    vec3 32 ssa_5 = (int32)txs ssa_4 (lod), 0 (texture), 0 (sampler), 3D (dim), 0 (coord_components)
    vec3 32 ssa_6 = i2f32 ssa_5
    vec3 32 ssa_7 = fmul ssa_2, ssa_6
    vec3 32 ssa_8 = fmul ssa_3, ssa_6
    vec1 32 ssa_9 = fdot3 ssa_8, ssa_8
    vec1 32 ssa_10 = fsqrt ssa_9
    vec1 32 ssa_11 = fdot3 ssa_7, ssa_7
    vec1 32 ssa_12 = fsqrt ssa_11
    vec1 32 ssa_13 = fmax ssa_12, ssa_10
    vec1 32 ssa_14 = flog2 ssa_13
    vec4 32 ssa_15 = (float32)txl ssa_1 (coord), ssa_14 (lod), 0 (texture), 0 (sampler), 3D (dim), 3 (coord_components)
  )" + st(15, 4));
  // A 2D txd is not 3D.
  check_unchanged(kTxd2dInput, {{"lower_txd_3d", "1"}});
}

TEST(IrLowerTex, LowerTxd) {
  check(kTxd2dInput, {{"lower_txd", "1"}}, kTxd2dLowered);
  // 1D: one size component, rho = fmax(|dPdx|, |dPdy|) (the fabs of dPdy first).
  check(kZero + ld(1, 1, 0) + ld(2, 1, 1) + ld(3, 1, 2) + R"(
    vec4 32 ssa_4 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), 1D (dim), 1 (coord_components)
  )" + st(4, 4),
        {{"lower_txd", "1"}},
        kZero + ld(1, 1, 0) + ld(2, 1, 1) + ld(3, 1, 2) + R"(
    vec1 32 ssa_4 = load_const (0x00000000 = 0.000000)
    vec1 32 ssa_5 = (int32)txs ssa_4 (lod), 0 (texture), 0 (sampler), 1D (dim), 0 (coord_components)
    vec1 32 ssa_6 = i2f32 ssa_5
    vec1 32 ssa_7 = fmul ssa_2, ssa_6
    vec1 32 ssa_8 = fmul ssa_3, ssa_6
    vec1 32 ssa_9 = fabs ssa_8
    vec1 32 ssa_10 = fabs ssa_7
    vec1 32 ssa_11 = fmax ssa_10, ssa_9
    vec1 32 ssa_12 = flog2 ssa_11
    vec4 32 ssa_13 = (float32)txl ssa_1 (coord), ssa_12 (lod), 0 (texture), 0 (sampler), 1D (dim), 1 (coord_components)
  )" + st(13, 4));
}

TEST(IrLowerTex, LowerTxdArray) {
  // 2D array: the txs has 3 components, the layer count dropped with mov .xy; gradients have 2.
  check(kZero + ld(1, 3, 0) + ld(2, 2, 1) + ld(3, 2, 2) + R"(
    vec4 32 ssa_4 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(4, 4),
        {{"lower_txd_array", "1"}},
        kZero + ld(1, 3, 0) + ld(2, 2, 1) + ld(3, 2, 2) + R"(
    vec1 32 ssa_4 = load_const (0x00000000 = 0.000000)
    vec3 32 ssa_5 = (int32)txs ssa_4 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components), array
    vec3 32 ssa_6 = i2f32 ssa_5
    vec2 32 ssa_7 = mov ssa_6.xy
    vec2 32 ssa_8 = fmul ssa_2, ssa_7
    vec2 32 ssa_9 = fmul ssa_3, ssa_7
    vec1 32 ssa_10 = fdot2 ssa_9, ssa_9
    vec1 32 ssa_11 = fsqrt ssa_10
    vec1 32 ssa_12 = fdot2 ssa_8, ssa_8
    vec1 32 ssa_13 = fsqrt ssa_12
    vec1 32 ssa_14 = fmax ssa_13, ssa_11
    vec1 32 ssa_15 = flog2 ssa_14
    vec4 32 ssa_16 = (float32)txl ssa_1 (coord), ssa_15 (lod), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(16, 4));
  check_unchanged(kTxd2dInput, {{"lower_txd_array", "1"}});
}

const std::string kTxdShadowPrefix = kZero + ld(1, 2, 0) + ld(2, 1, 1) + ld(3, 2, 2) + ld(4, 2, 3);

TEST(IrLowerTex, LowerTxdShadow) {
  // The size query copies is_shadow / is_new_style_shadow (nir_get_texture_size).
  check(kTxdShadowPrefix + R"(
    vec1 32 ssa_5 = (float32)txd ssa_1 (coord), ssa_2 (comparator), ssa_3 (ddx), ssa_4 (ddy), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(5, 1),
        {{"lower_txd_shadow", "1"}},
        kTxdShadowPrefix + R"(
    vec1 32 ssa_5 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_6 = (int32)txs ssa_5 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components), shadow, new_style_shadow
    vec2 32 ssa_7 = i2f32 ssa_6
    vec2 32 ssa_8 = fmul ssa_3, ssa_7
    vec2 32 ssa_9 = fmul ssa_4, ssa_7
    vec1 32 ssa_10 = fdot2 ssa_9, ssa_9
    vec1 32 ssa_11 = fsqrt ssa_10
    vec1 32 ssa_12 = fdot2 ssa_8, ssa_8
    vec1 32 ssa_13 = fsqrt ssa_12
    vec1 32 ssa_14 = fmax ssa_13, ssa_11
    vec1 32 ssa_15 = flog2 ssa_14
    vec1 32 ssa_16 = (float32)txl ssa_1 (coord), ssa_2 (comparator), ssa_15 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(16, 1));
  check_unchanged(kTxd2dInput, {{"lower_txd_shadow", "1"}});
}

TEST(IrLowerTex, LowerTxdClamp) {
  check(kTxd2dClampInput, {{"lower_txd_clamp", "1"}}, kTxd2dClampLowered);
  // Without min_lod: not lowered.
  check_unchanged(kTxd2dInput, {{"lower_txd_clamp", "1"}});
}

TEST(IrLowerTex, LowerTxdShadowClamp) {
  const std::string prefix = kTxdShadowPrefix + ld(5, 1, 4);
  check(prefix + R"(
    vec1 32 ssa_6 = (float32)txd ssa_1 (coord), ssa_2 (comparator), ssa_3 (ddx), ssa_4 (ddy), ssa_5 (min_lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(6, 1),
        {{"lower_txd_shadow_clamp", "1"}},
        prefix + R"(
    vec1 32 ssa_6 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_7 = (int32)txs ssa_6 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components), shadow, new_style_shadow
    vec2 32 ssa_8 = i2f32 ssa_7
    vec2 32 ssa_9 = fmul ssa_3, ssa_8
    vec2 32 ssa_10 = fmul ssa_4, ssa_8
    vec1 32 ssa_11 = fdot2 ssa_10, ssa_10
    vec1 32 ssa_12 = fsqrt ssa_11
    vec1 32 ssa_13 = fdot2 ssa_9, ssa_9
    vec1 32 ssa_14 = fsqrt ssa_13
    vec1 32 ssa_15 = fmax ssa_14, ssa_12
    vec1 32 ssa_16 = flog2 ssa_15
    vec1 32 ssa_17 = fmax ssa_16, ssa_5
    vec1 32 ssa_18 = (float32)txl ssa_1 (coord), ssa_2 (comparator), ssa_17 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(18, 1));
  // Shadow without min_lod, and min_lod without shadow: neither.
  check_unchanged(kTxdShadowPrefix + R"(
    vec1 32 ssa_5 = (float32)txd ssa_1 (coord), ssa_2 (comparator), ssa_3 (ddx), ssa_4 (ddy), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(5, 1),
                  {{"lower_txd_shadow_clamp", "1"}});
  check_unchanged(kTxd2dClampInput, {{"lower_txd_shadow_clamp", "1"}});
}

TEST(IrLowerTex, LowerTxdOffsetClamp) {
  // The (constant) offset stays on the txl.
  const std::string prefix = kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + ld(4, 1, 3) + R"(
    vec2 32 ssa_5 = load_const (0x00000001, 0xffffffff) = (0.000000, -nan)
  )";
  check(prefix + R"(
    vec4 32 ssa_6 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), ssa_5 (offset), ssa_4 (min_lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(6, 4),
        {{"lower_txd_offset_clamp", "1"}},
        prefix + R"(
    vec1 32 ssa_6 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_7 = (int32)txs ssa_6 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec2 32 ssa_8 = i2f32 ssa_7
    vec2 32 ssa_9 = fmul ssa_2, ssa_8
    vec2 32 ssa_10 = fmul ssa_3, ssa_8
    vec1 32 ssa_11 = fdot2 ssa_10, ssa_10
    vec1 32 ssa_12 = fsqrt ssa_11
    vec1 32 ssa_13 = fdot2 ssa_9, ssa_9
    vec1 32 ssa_14 = fsqrt ssa_13
    vec1 32 ssa_15 = fmax ssa_14, ssa_12
    vec1 32 ssa_16 = flog2 ssa_15
    vec1 32 ssa_17 = fmax ssa_16, ssa_4
    vec4 32 ssa_18 = (float32)txl ssa_1 (coord), ssa_5 (offset), ssa_17 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(18, 4));
  // Offset without min_lod: not lowered.
  check_unchanged(prefix + R"(
    vec4 32 ssa_6 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), ssa_5 (offset), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(6, 4),
                  {{"lower_txd_offset_clamp", "1"}});
}

TEST(IrLowerTex, LowerTxdClampBindlessSampler) {
  // The size query copies the sampler handle (before its lod).
  const std::string prefix = kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + ld(4, 1, 3) + ld(5, 1, 4, "uint32");
  check(prefix + R"(
    vec4 32 ssa_6 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), ssa_4 (min_lod), ssa_5 (sampler_handle), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(6, 4),
        {{"lower_txd_clamp_bindless_sampler", "1"}},
        prefix + R"(
    vec1 32 ssa_6 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_7 = (int32)txs ssa_5 (sampler_handle), ssa_6 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec2 32 ssa_8 = i2f32 ssa_7
    vec2 32 ssa_9 = fmul ssa_2, ssa_8
    vec2 32 ssa_10 = fmul ssa_3, ssa_8
    vec1 32 ssa_11 = fdot2 ssa_10, ssa_10
    vec1 32 ssa_12 = fsqrt ssa_11
    vec1 32 ssa_13 = fdot2 ssa_9, ssa_9
    vec1 32 ssa_14 = fsqrt ssa_13
    vec1 32 ssa_15 = fmax ssa_14, ssa_12
    vec1 32 ssa_16 = flog2 ssa_15
    vec1 32 ssa_17 = fmax ssa_16, ssa_4
    vec4 32 ssa_18 = (float32)txl ssa_1 (coord), ssa_5 (sampler_handle), ssa_17 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(18, 4));
  // min_lod but no sampler handle: not lowered.
  check_unchanged(kTxd2dClampInput, {{"lower_txd_clamp_bindless_sampler", "1"}});
}

TEST(IrLowerTex, LowerTxdClampIfSamplerIndexNotLt16) {
  // sampler 10 + constant sampler_offset 6 = 16: not < 16, lowered (the txs copies the sampler_offset).
  auto input = [](const char* offset) {
    return kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + ld(4, 1, 3) + "vec1 32 ssa_5 = load_const (" + offset +
           " = 0.000000)\n" + R"(
      vec4 32 ssa_6 = (float32)txd ssa_1 (coord), ssa_2 (ddx), ssa_3 (ddy), ssa_4 (min_lod), ssa_5 (sampler_offset), 0 (texture), 10 (sampler), 2D (dim), 2 (coord_components)
    )" + st(6, 4);
  };
  check(input("0x00000006"), {{"lower_txd_clamp_if_sampler_index_not_lt_16", "1"}},
        kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + ld(4, 1, 3) + R"(
    vec1 32 ssa_5 = load_const (0x00000006 = 0.000000)
    vec1 32 ssa_6 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_7 = (int32)txs ssa_5 (sampler_offset), ssa_6 (lod), 0 (texture), 10 (sampler), 2D (dim), 0 (coord_components)
    vec2 32 ssa_8 = i2f32 ssa_7
    vec2 32 ssa_9 = fmul ssa_2, ssa_8
    vec2 32 ssa_10 = fmul ssa_3, ssa_8
    vec1 32 ssa_11 = fdot2 ssa_10, ssa_10
    vec1 32 ssa_12 = fsqrt ssa_11
    vec1 32 ssa_13 = fdot2 ssa_9, ssa_9
    vec1 32 ssa_14 = fsqrt ssa_13
    vec1 32 ssa_15 = fmax ssa_14, ssa_12
    vec1 32 ssa_16 = flog2 ssa_15
    vec1 32 ssa_17 = fmax ssa_16, ssa_4
    vec4 32 ssa_18 = (float32)txl ssa_1 (coord), ssa_5 (sampler_offset), ssa_17 (lod), 0 (texture), 10 (sampler), 2D (dim), 2 (coord_components)
  )" + st(18, 4));
  // 10 + 5 = 15 < 16: kept.
  check_unchanged(input("0x00000005"), {{"lower_txd_clamp_if_sampler_index_not_lt_16", "1"}});
}

TEST(IrLowerTex, LowerTxbShadowClamp) {
  // lod query (coord only, shadow flags copied, 2 components), .y + bias, fmax min_lod, txl; bias and min_lod
  // removed, lod appended.
  const std::string prefix = kZero + ld(1, 2, 0) + ld(2, 1, 1) + ld(3, 1, 2) + ld(4, 1, 3);
  check(prefix + R"(
    vec1 32 ssa_5 = (float32)txb ssa_1 (coord), ssa_2 (comparator), ssa_3 (bias), ssa_4 (min_lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(5, 1),
        {{"lower_txb_shadow_clamp", "1"}},
        prefix + R"(
    vec2 32 ssa_5 = (float32)lod ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
    vec1 32 ssa_6 = mov ssa_5.y
    vec1 32 ssa_7 = fadd ssa_6, ssa_3
    vec1 32 ssa_8 = fmax ssa_7, ssa_4
    vec1 32 ssa_9 = (float32)txl ssa_1 (coord), ssa_2 (comparator), ssa_8 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(9, 1));
  // Without min_lod: kept.
  check_unchanged(kZero + ld(1, 2, 0) + ld(2, 1, 1) + ld(3, 1, 2) + R"(
    vec1 32 ssa_4 = (float32)txb ssa_1 (coord), ssa_2 (comparator), ssa_3 (bias), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components), shadow, new_style_shadow
  )" + st(4, 1),
                  {{"lower_txb_shadow_clamp", "1"}});
}

TEST(IrLowerTex, LowerTexPacking) {
  // tmu differs: the four unpacks built left to right (argument order of nir_vec4).
  // 16, float vec4: rg = .x, ba = .y (movs), then vec4 of the unpacks built right to left.
  const std::string tex = kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4);
  check(tex, {{"lower_tex_packing[0]", "16"}}, kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec1 32 ssa_3 = mov ssa_2.x
    vec1 32 ssa_4 = mov ssa_2.y
    vec1 32 ssa_5 = unpack_half_2x16_split_y ssa_4
    vec1 32 ssa_6 = unpack_half_2x16_split_x ssa_4
    vec1 32 ssa_7 = unpack_half_2x16_split_y ssa_3
    vec1 32 ssa_8 = unpack_half_2x16_split_x ssa_3
    vec4 32 ssa_9 = vec4 ssa_8, ssa_7, ssa_6, ssa_5
  )" + st(9, 4));

  // tmu differs: `ibfe chan, offset, 16` per component instead of the shift pair; the same values, another
  // instruction form (no Mesa version read builds ibfe here: 22.3.6 ishl + ishr with constants, the latest
  // nir_format_convert.c ishl_imm/ishr_imm, which skips a shift by 0).
  // 16, int: 22.3.6's nir_format_unpack_sint, per component a channel mov, the two shift amounts as constants,
  // ishl then ishr (sign extension): bits 0-15 and 16-31 of .x, then of .y.
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (int32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4, 0, "int32"),
        {{"lower_tex_packing[0]", "16"}},
        kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (int32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec1 32 ssa_3 = mov ssa_2.x
    vec1 32 ssa_4 = load_const (0x00000010 = 0.000000)
    vec1 32 ssa_5 = load_const (0x00000010 = 0.000000)
    vec1 32 ssa_6 = ishl ssa_3, ssa_4
    vec1 32 ssa_7 = ishr ssa_6, ssa_5
    vec1 32 ssa_8 = mov ssa_2.x
    vec1 32 ssa_9 = load_const (0x00000000 = 0.000000)
    vec1 32 ssa_10 = load_const (0x00000010 = 0.000000)
    vec1 32 ssa_11 = ishl ssa_8, ssa_9
    vec1 32 ssa_12 = ishr ssa_11, ssa_10
    vec1 32 ssa_13 = mov ssa_2.y
    vec1 32 ssa_14 = load_const (0x00000010 = 0.000000)
    vec1 32 ssa_15 = load_const (0x00000010 = 0.000000)
    vec1 32 ssa_16 = ishl ssa_13, ssa_14
    vec1 32 ssa_17 = ishr ssa_16, ssa_15
    vec1 32 ssa_18 = mov ssa_2.y
    vec1 32 ssa_19 = load_const (0x00000000 = 0.000000)
    vec1 32 ssa_20 = load_const (0x00000010 = 0.000000)
    vec1 32 ssa_21 = ishl ssa_18, ssa_19
    vec1 32 ssa_22 = ishr ssa_21, ssa_20
    vec4 32 ssa_23 = vec4 ssa_7, ssa_12, ssa_17, ssa_22
  )" + st(23, 4, 0, "int32"));

  // 8: unpack_unorm_4x8 of .x.
  check(tex, {{"lower_tex_packing[0]", "8"}}, kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec1 32 ssa_3 = mov ssa_2.x
    vec4 32 ssa_4 = unpack_unorm_4x8 ssa_3
  )" + st(4, 4));

  // The table is by sampler: sampler 1's entry does not touch sampler 0.
  check_unchanged(tex, {{"lower_tex_packing[1]", "16"}});
}

TEST(IrLowerTex, LowerSamplerLodBias) {
  // Later Mesa: b = lod_bias query (float16, 1 component, no sources) before the instruction.
  // tex -> txb with bias b.
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
        {{"lower_sampler_lod_bias", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec1 16 ssa_2 = (float16)lod_bias 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec4 32 ssa_3 = (float32)txb ssa_1 (coord), ssa_2 (bias), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4));

  // txl: lod = b + f2f16(lod), the lod source taken out and added back.
  check(kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)txl ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
        {{"lower_sampler_lod_bias", "1"}},
        kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec1 16 ssa_3 = (float16)lod_bias 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec1 16 ssa_4 = f2f16 ssa_2
    vec1 16 ssa_5 = fadd ssa_3, ssa_4
    vec4 32 ssa_6 = (float32)txl ssa_1 (coord), ssa_5 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(6, 4));

  // txd: both gradients times exp2(f2f32(b)) (the f2f32 of the 32-bit gradients builds nothing).
  check(kTxd2dInput, {{"lower_sampler_lod_bias", "1"}}, kZero + ld(1, 2, 0) + ld(2, 2, 1) + ld(3, 2, 2) + R"(
    vec1 16 ssa_4 = (float16)lod_bias 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec1 32 ssa_5 = f2f32 ssa_4
    vec1 32 ssa_6 = fexp2 ssa_5
    vec2 32 ssa_7 = fmul ssa_2, ssa_6.xx
    vec2 32 ssa_8 = fmul ssa_3, ssa_6.xx
    vec4 32 ssa_9 = (float32)txd ssa_1 (coord), ssa_7 (ddx), ssa_8 (ddy), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(9, 4));

  // Not for tg4 (it ignores the bias).
  check_unchanged(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tg4 ssa_1 (coord), 0 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
                  {{"lower_sampler_lod_bias", "1"}});
}

TEST(IrLowerTex, LowerTxsLod) {
  // The lod replaced by a new constant 0 (before the txs); after it imin(size, imax(size >> lod, 1)), the 1
  // built first (right to left).
  check(kZero + ld(1, 1, 0, "int32") + R"(
    vec2 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
  )" + st(2, 2, 0, "int32"),
        {{"lower_txs_lod", "1"}},
        kZero + ld(1, 1, 0, "int32") + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_3 = (int32)txs ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
    vec1 32 ssa_4 = load_const (0x00000001 = 0.000000)
    vec2 32 ssa_5 = ushr ssa_3, ssa_1.xx
    vec2 32 ssa_6 = imax ssa_5, ssa_4.xx
    vec2 32 ssa_7 = imin ssa_3, ssa_6
  )" + st(7, 2, 0, "int32"));

  // tmu differs: `vec3 ssa_7.x, ssa_7.y, ssa_3.z` without nir_lower_txs_lod's three nir_channel() movs (a loop and
  // a statement: x, y, then the layer, no argument-order question).
  // Array: the layer count comes from the unminified size.
  check(kZero + ld(1, 1, 0, "int32") + R"(
    vec3 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components), array
  )" + st(2, 3, 0, "int32"),
        {{"lower_txs_lod", "1"}},
        kZero + ld(1, 1, 0, "int32") + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec3 32 ssa_3 = (int32)txs ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components), array
    vec1 32 ssa_4 = load_const (0x00000001 = 0.000000)
    vec3 32 ssa_5 = ushr ssa_3, ssa_1.xxx
    vec3 32 ssa_6 = imax ssa_5, ssa_4.xxx
    vec3 32 ssa_7 = imin ssa_3, ssa_6
    vec1 32 ssa_8 = mov ssa_7.x
    vec1 32 ssa_9 = mov ssa_7.y
    vec1 32 ssa_10 = mov ssa_3.z
    vec3 32 ssa_11 = vec3 ssa_8, ssa_9, ssa_10
  )" + st(11, 3, 0, "int32"));

  // A constant 0 lod: nothing to do.
  check_unchanged(kZero + R"(
    vec1 32 ssa_1 = load_const (0x00000000 = 0.000000)
    vec2 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components)
  )" + st(2, 2, 0, "int32"),
                  {{"lower_txs_lod", "1"}});
}

TEST(IrLowerTex, LowerTxsCubeArray) {
  // tmu differs: no nir_channel() movs for the two .y (`vec3 ssa_2.y, ssa_2.y, ssa_5`), and `mov .z` before the
  // constant 6 (argument order of nir_idiv).
  // dim := 2D (array kept); (r.y, r.y, r.z / 6) built right to left: 6, .z, idiv, .y, .y, vec3.
  check(kZero + ld(1, 1, 0, "int32") + R"(
    vec3 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), CUBE (dim), 0 (coord_components), array
  )" + st(2, 3, 0, "int32"),
        {{"lower_txs_cube_array", "1"}},
        kZero + ld(1, 1, 0, "int32") + R"(
    vec3 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components), array
    vec1 32 ssa_3 = load_const (0x00000006 = 0.000000)
    vec1 32 ssa_4 = mov ssa_2.z
    vec1 32 ssa_5 = idiv ssa_4, ssa_3
    vec1 32 ssa_6 = mov ssa_2.y
    vec1 32 ssa_7 = mov ssa_2.y
    vec3 32 ssa_8 = vec3 ssa_7, ssa_6, ssa_5
  )" + st(8, 3, 0, "int32"));
  // A 2D array txs is not a cube array.
  check_unchanged(kZero + ld(1, 1, 0, "int32") + R"(
    vec3 32 ssa_2 = (int32)txs ssa_1 (lod), 0 (texture), 0 (sampler), 2D (dim), 0 (coord_components), array
  )" + st(2, 3, 0, "int32"),
                  {{"lower_txs_cube_array", "1"}});
}

TEST(IrLowerTex, LowerTg4BroadcomSwizzle) {
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tg4 ssa_1 (coord), 1 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
        {{"lower_tg4_broadcom_swizzle", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tg4 ssa_1 (coord), 1 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec4 32 ssa_3 = mov ssa_2.zwyx
  )" + st(3, 4));
  // Not a gather: kept.
  check_unchanged(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
                  {{"lower_tg4_broadcom_swizzle", "1"}});
}

TEST(IrLowerTex, LowerTg4Offsets) {
  // Four tg4, each after its ivec2 constant offset (the copies have Mesa's default offsets), then
  // vec4(t0.w, t1.w, t2.w, t3.w) (scalars, no movs); the original removed.
  check(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tg4 ssa_1 (coord), 1 (gather_component), { (-1, 0), (1, 0), (0, -1), (0, 1) } (offsets), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
        {{"lower_tg4_offsets", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec2 32 ssa_2 = load_const (0xffffffff, 0x00000000) = (-nan, 0.000000)
    vec4 32 ssa_3 = (float32)tg4 ssa_1 (coord), ssa_2 (offset), 1 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec2 32 ssa_4 = load_const (0x00000001, 0x00000000) = (0.000000, 0.000000)
    vec4 32 ssa_5 = (float32)tg4 ssa_1 (coord), ssa_4 (offset), 1 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec2 32 ssa_6 = load_const (0x00000000, 0xffffffff) = (0.000000, -nan)
    vec4 32 ssa_7 = (float32)tg4 ssa_1 (coord), ssa_6 (offset), 1 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec2 32 ssa_8 = load_const (0x00000000, 0x00000001) = (0.000000, 0.000000)
    vec4 32 ssa_9 = (float32)tg4 ssa_1 (coord), ssa_8 (offset), 1 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec4 32 ssa_10 = vec4 ssa_3.w, ssa_5.w, ssa_7.w, ssa_9.w
  )" + st(10, 4));
  // Default offsets (none explicit): kept.
  check_unchanged(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tg4 ssa_1 (coord), 1 (gather_component), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
                  {{"lower_tg4_offsets", "1"}});
}

TEST(IrLowerTex, LowerToFragmentFetchAmd) {
  // tmu differs: `imul sample, 4` and `ubfe fmask, ..., 4`: a 4-bit field. lowering-facts 1.3 says
  // ubfe(fmask, sample*4, 3), as later Mesa builds it (3 bits: EQAA's "unknown" 8 then maps to sample 0); 22.3.6
  // used 4 bits but with ubitfield_extract. The multiply as ishl by 2 is later Mesa's nir_ishl_imm (form only).
  // 1.3 (later Mesa; 22.3.6 extracts 4 bits with ubitfield_extract): fmask = fragment_mask_fetch_amd (the same
  // sources but ms_index, uint32, 1 component); sample' = ubfe(fmask, sample << 2, 3) (the 3 built first, right
  // to left); op := fragment_fetch_amd with ms_index = sample'.
  check(kZero + ld(1, 2, 0, "int32") + ld(2, 1, 1, "int32") + R"(
    vec4 32 ssa_3 = (float32)txf_ms ssa_1 (coord), ssa_2 (ms_index), 0 (texture), 0 (sampler), MS (dim), 2 (coord_components)
  )" + st(3, 4),
        {{"lower_to_fragment_fetch_amd", "1"}},
        kZero + ld(1, 2, 0, "int32") + ld(2, 1, 1, "int32") + R"(
    vec1 32 ssa_3 = (uint32)fragment_mask_fetch_amd ssa_1 (coord), 0 (texture), 0 (sampler), MS (dim), 2 (coord_components)
    vec1 32 ssa_4 = load_const (0x00000003 = 0.000000)
    vec1 32 ssa_5 = load_const (0x00000002 = 0.000000)
    vec1 32 ssa_6 = ishl ssa_2, ssa_5
    vec1 32 ssa_7 = ubfe ssa_3, ssa_6, ssa_4
    vec4 32 ssa_8 = (float32)fragment_fetch_amd ssa_1 (coord), ssa_7 (ms_index), 0 (texture), 0 (sampler), MS (dim), 2 (coord_components)
  )" + st(8, 4));
}

TEST(IrLowerTex, LowerLodZeroWidth) {
  // tmu differs: per component it emits fddx, fabs, fddy, fabs; in Mesa dfdx and dfdy are statements before the
  // fadd of the two fabs, so both derivatives come first (the fabs order is argument order); the `mov .y` /
  // -FLT_MAX order is argument order; and the final vec2 reads ssa_2.x directly where Mesa's nir_channel() is a
  // mov.
  // After the query: is_zero = true AND per component (|fddx c_i| + |fddy c_i| == 0) (the fabs of fddy first);
  // (lod.x, is_zero ? -FLT_MAX : lod.y), the .y channel before the constant, right to left.
  check(kZero + ld(1, 2, 0) + R"(
    vec2 32 ssa_2 = (float32)lod ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 2),
        {{"lower_lod_zero_width", "1"}},
        kZero + ld(1, 2, 0) + R"(
    vec2 32 ssa_2 = (float32)lod ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
    vec1  1 ssa_3 = load_const (true)
    vec1 32 ssa_4 = mov ssa_1.x
    vec1 32 ssa_5 = fddx ssa_4
    vec1 32 ssa_6 = fddy ssa_4
    vec1 32 ssa_7 = fabs ssa_6
    vec1 32 ssa_8 = fabs ssa_5
    vec1 32 ssa_9 = fadd ssa_8, ssa_7
    vec1 32 ssa_10 = load_const (0x00000000 = 0.000000)
    vec1  1 ssa_11 = feq ssa_9, ssa_10
    vec1  1 ssa_12 = iand ssa_3, ssa_11
    vec1 32 ssa_13 = mov ssa_1.y
    vec1 32 ssa_14 = fddx ssa_13
    vec1 32 ssa_15 = fddy ssa_13
    vec1 32 ssa_16 = fabs ssa_15
    vec1 32 ssa_17 = fabs ssa_14
    vec1 32 ssa_18 = fadd ssa_17, ssa_16
    vec1 32 ssa_19 = load_const (0x00000000 = 0.000000)
    vec1  1 ssa_20 = feq ssa_18, ssa_19
    vec1  1 ssa_21 = iand ssa_12, ssa_20
    vec1 32 ssa_22 = mov ssa_2.y
    vec1 32 ssa_23 = load_const (0xff7fffff = -340282346638528859811704183484516925440.000000)
    vec1 32 ssa_24 = bcsel ssa_21, ssa_23, ssa_22
    vec1 32 ssa_25 = mov ssa_2.x
    vec2 32 ssa_26 = vec2 ssa_25, ssa_24
  )" + st(26, 2));
}

TEST(IrLowerTex, LowerInvalidImplicitLod) {
  // A vertex shader: tex -> txl at an int constant 0 (nir_imm_int) before it.
  const std::string tex = kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4);
  check(tex, {{"lower_invalid_implicit_lod", "1"}}, kZero + ld(1, 2, 0) + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_3 = (float32)txl ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
        {}, kVertex);
  // txb: lod = 0 + bias (fadd), bias removed.
  check(kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)txb ssa_1 (coord), ssa_2 (bias), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
        {{"lower_invalid_implicit_lod", "1"}},
        kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = load_const (0x00000000 = 0.000000)
    vec1 32 ssa_4 = fadd ssa_3, ssa_2
    vec4 32 ssa_5 = (float32)txl ssa_1 (coord), ssa_4 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(5, 4),
        {}, kVertex);
  // A fragment shader has implicit derivatives: kept.
  check_unchanged(tex, {{"lower_invalid_implicit_lod", "1"}});
}

TEST(IrLowerTex, LowerIndexToOffset) {
  // texture_index 2 and sampler_index 3 added into their offset sources (iadd with a constant built first), the
  // indices set to 0.
  check(kZero + ld(1, 2, 0) + ld(2, 1, 1, "uint32") + ld(3, 1, 2, "uint32") + R"(
    vec4 32 ssa_4 = (float32)tex ssa_1 (coord), ssa_2 (texture_offset), ssa_3 (sampler_offset), 2 (texture), 3 (sampler), 2D (dim), 2 (coord_components)
  )" + st(4, 4),
        {{"lower_index_to_offset", "1"}},
        kZero + ld(1, 2, 0) + ld(2, 1, 1, "uint32") + ld(3, 1, 2, "uint32") + R"(
    vec1 32 ssa_4 = load_const (0x00000002 = 0.000000)
    vec1 32 ssa_5 = iadd ssa_2, ssa_4
    vec1 32 ssa_6 = load_const (0x00000003 = 0.000000)
    vec1 32 ssa_7 = iadd ssa_3, ssa_6
    vec4 32 ssa_8 = (float32)tex ssa_1 (coord), ssa_5 (texture_offset), ssa_7 (sampler_offset), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(8, 4));
  // No offset sources: the indices stay.
  check_unchanged(kZero + ld(1, 2, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 2 (texture), 3 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
                  {{"lower_index_to_offset", "1"}});
}

TEST(IrLowerTex, LowerArrayLayerRoundEven) {
  // The layer channel (mov), fround_even, nir_vector_insert_imm: vec3 of coord.x, coord.y and the rounded layer.
  check(kZero + ld(1, 3, 0) + R"(
    vec4 32 ssa_2 = (float32)tex ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(2, 4),
        {{"lower_array_layer_round_even", "1"}},
        kZero + ld(1, 3, 0) + R"(
    vec1 32 ssa_2 = mov ssa_1.z
    vec1 32 ssa_3 = fround_even ssa_2
    vec3 32 ssa_4 = vec3 ssa_1.x, ssa_1.y, ssa_3
    vec4 32 ssa_5 = (float32)tex ssa_4 (coord), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(5, 4));
  // Integer coordinates (txf): nothing to round.
  check_unchanged(kZero + ld(1, 3, 0, "int32") + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_3 = (float32)txf ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 3 (coord_components), array
  )" + st(3, 4),
                  {{"lower_array_layer_round_even", "1"}});
}

TEST(IrLowerTex, DefaultLod) {
  // No option at all: a txf without lod gets an int constant 0 (before it) as its last source.
  check(kZero + ld(1, 2, 0, "int32") + R"(
    vec4 32 ssa_2 = (float32)txf ssa_1 (coord), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(2, 4),
        {},
        kZero + ld(1, 2, 0, "int32") + R"(
    vec1 32 ssa_2 = load_const (0x00000000 = 0.000000)
    vec4 32 ssa_3 = (float32)txf ssa_1 (coord), ssa_2 (lod), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4));
}

TEST(IrLowerTex, OrderSaturateForcesProjector) {
  // 1.2 steps 4 and 9: saturate_s alone (lower_txp = 0) still divides the projector out first, then the tex
  // becomes a txd whose derivatives are of the projected coordinate, then the s clamp.
  check(kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec4 32 ssa_3 = (float32)tex ssa_1 (coord), ssa_2 (projector), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(3, 4),
        {{"saturate_s", "1"}},
        kZero + ld(1, 2, 0) + ld(2, 1, 1) + R"(
    vec1 32 ssa_3 = frcp ssa_2
    vec2 32 ssa_4 = fmul ssa_1, ssa_3.xx
    vec2 32 ssa_5 = fddx ssa_4
    vec2 32 ssa_6 = fddy ssa_4
    vec1 32 ssa_7 = mov ssa_4.x
    vec1 32 ssa_8 = mov ssa_4.y
    vec1 32 ssa_9 = fsat ssa_7
    vec2 32 ssa_10 = vec2 ssa_9, ssa_8
    vec4 32 ssa_11 = (float32)txd ssa_10 (coord), ssa_5 (ddx), ssa_6 (ddy), 0 (texture), 0 (sampler), 2D (dim), 2 (coord_components)
  )" + st(11, 4));
}

}  // namespace
}  // namespace tmu::ir
