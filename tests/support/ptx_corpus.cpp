// SPDX-License-Identifier: MIT
#include "ptx_corpus.h"

#include <fmt/format.h>

#include <array>
#include <string>
#include <vector>

namespace tmu::test {
namespace {

struct Geometry {
  const char* name;
  int coords;      // elements of the coordinate vector
  bool array;      // first element is the array index (u32)
  bool multisample;
  int grad;        // elements of dPdx/dPdy
  int offset;      // elements of the offset vector
};

// Seed 004: coordinate vector sizes (.v4 for 3d/a2d/cube/acube/2dms/a2dms), gradient and offset sizes.
constexpr std::array<Geometry, 9> kGeometries{{
    {"1d", 1, false, false, 1, 1},
    {"2d", 2, false, false, 2, 2},
    {"3d", 4, false, false, 4, 4},
    {"a1d", 2, true, false, 1, 1},
    {"a2d", 4, true, false, 2, 2},
    {"cube", 4, false, false, 4, 0},
    {"acube", 4, true, false, 4, 0},
    {"2dms", 4, false, true, 0, 2},
    {"a2dms", 4, true, true, 0, 2},
}};

// One kernel whose every input is its own parameter, so each source register of the texture instruction is a
// distinct value.
class Kernel {
 public:
  explicit Kernel(std::string name) : name_(std::move(name)) {}
  std::string param(const char* type) {
    const int i = n_++;
    params_ += fmt::format(", .param .{} p{}", type, i);
    const char* reg = type[0] == 'f' ? "f" : (type[1] == '6' ? "rd" : "r");
    const std::string r = fmt::format("%{}{}", reg, 10 + i);
    loads_ += fmt::format("  ld.param.{} {}, [p{}];\n", type, r, i);
    return r;
  }
  std::string vec(const char* type, int n) {
    std::string v = "{";
    for (int i = 0; i < n; ++i) v += (i ? "," : "") + param(type);
    return v + "}";
  }
  std::string text(const std::string& body, const std::string& out = "{%f0,%f1,%f2,%f3}") const {
    return fmt::format(
        ".visible .entry {}(.param .u64 out{})\n{{\n"
        "  .reg .f32 %f<64>; .reg .b32 %r<64>; .reg .b64 %rd<64>; .reg .pred %p<4>;\n"
        "  ld.param.u64 %rd0, [out];\n  cvta.to.global.u64 %rd1, %rd0;\n{}{}\n"
        "  st.global.v4.f32 [%rd1], {};\n  ret;\n}}\n",
        name_, params_, loads_, body, out);
  }

 private:
  std::string name_, params_, loads_;
  int n_ = 0;
};

std::string header(const std::string& target, const char* texmode = nullptr) {
  return fmt::format(".version 7.8\n.target {}{}\n.address_size 64\n.global .texref tex0;\n.global .texref tex1;\n",
                     target, texmode ? std::string(", ") + texmode : "");
}

// `tex` in every form the seed allows.
std::string tex_forms() {
  std::string out;
  for (const Geometry& g : kGeometries)
    for (const char* ctype : {"f32", "s32"})
      for (const char* mip : {"", "base", "level", "grad"})
        for (bool off : {false, true})
          for (bool dc : {false, true}) {
            const std::string_view gn = g.name, m = mip, ct = ctype;
            const bool cube = gn == "cube" || gn == "acube";
            if (dc && (gn == "3d" || g.multisample)) continue;     // no depth compare for 3d and multisample
            if (dc && ct == "s32") continue;                       // depth compare needs f32 coordinates
            if (off && cube) continue;                             // no offsets for cube maps
            if (cube && ct == "s32") continue;                     // cube maps need f32
            if (g.multisample && ct == "f32") continue;            // multisample needs s32
            if (g.multisample && (m == "level" || m == "grad")) continue;
            Kernel k(fmt::format("tex_{}_{}_{}{}{}", m.empty() ? "none" : mip, gn, ct, off ? "_off" : "", dc ? "_dc" : ""));
            std::string c = "{";
            for (int i = 0; i < g.coords; ++i) {
              const bool index = (g.array && i == 0) || (g.multisample && i == 0) || (gn == "a2dms" && i == 1);
              c += (i ? "," : "") + k.param(index ? "u32" : ctype);
            }
            c += "}";
            std::string args = "[tex0, " + c + "]";
            if (m == "level") args += ", " + k.param(ctype);
            if (m == "grad") args += ", " + k.vec("f32", g.grad) + ", " + k.vec("f32", g.grad);
            if (off) args += ", " + k.vec("s32", g.offset);
            if (dc) args += ", " + k.param("f32");
            out += k.text(fmt::format("  tex{}.{}.v4.f32.{} {{%f0,%f1,%f2,%f3}}, {};", m.empty() ? "" : "." + std::string(m), gn, ct, args));
          }
  return out;
}

std::string tld4_forms() {
  std::string out;
  for (const char* comp : {"r", "g", "b", "a"})
    for (const char* geom : {"2d", "a2d", "cube", "acube"})
      for (bool off : {false, true})
        for (bool dc : {false, true}) {
          const std::string_view gn = geom;
          if (off && (gn == "cube" || gn == "acube")) continue;
          Kernel k(fmt::format("tld4_{}_{}{}{}", comp, geom, off ? "_off" : "", dc ? "_dc" : ""));
          const bool array = gn[0] == 'a';
          const int n = gn == "2d" ? 2 : 4;
          std::string c = "{";
          for (int i = 0; i < n; ++i) c += (i ? "," : "") + k.param(array && i == 0 ? "u32" : "f32");
          c += "}";
          std::string args = "[tex0, " + c + "]";
          if (off) args += ", " + k.vec("s32", 2);
          if (dc) args += ", " + k.param("f32");
          out += k.text(fmt::format("  tld4.{}.{}.v4.f32.f32 {{%f0,%f1,%f2,%f3}}, {};", comp, geom, args));
        }
  return out;
}

std::string txq_forms() {
  std::string out;
  for (const char* q : {"width", "height", "depth", "channel_data_type", "channel_order", "normalized_coords",
                        "array_size", "num_mipmap_levels", "num_samples"})
    for (bool level : {false, true}) {
      const std::string_view qn = q;
      if (level && qn != "width" && qn != "height" && qn != "depth") continue;
      Kernel k(fmt::format("txq_{}{}", q, level ? "_level" : ""));
      const std::string body =
          level ? fmt::format("  txq.level.{}.b32 %r0, [tex0], {};\n", q, k.param("s32"))
                : fmt::format("  txq.{}.b32 %r0, [tex0];\n", q);
      out += k.text(body + "  mov.b32 %f0, %r0; mov.b32 %f1, %r0; mov.b32 %f2, %r0; mov.b32 %f3, %r0;");
    }
  return out;
}

// Texture objects, bindless handles, indirect texrefs, loops (branches) and some ALU around them.
std::string mode_forms() {
  std::string out;
  {
    Kernel k("mode_object_param");
    const std::string t = k.param("u64"), x = k.param("f32"), y = k.param("f32");
    out += k.text(fmt::format("  tex.2d.v4.f32.f32 {{%f0,%f1,%f2,%f3}}, [{}, {{{},{}}}];", t, x, y));
  }
  {
    Kernel k("mode_object_memory");
    const std::string m = k.param("u64"), x = k.param("f32"), y = k.param("f32"), l = k.param("f32");
    out += k.text(fmt::format(
        "  cvta.to.global.u64 %rd2, {};\n  ld.global.u64 %rd3, [%rd2];\n"
        "  tex.level.2d.v4.f32.f32 {{%f0,%f1,%f2,%f3}}, [%rd3, {{{},{}}}], {};\n"
        "  tld4.g.2d.v4.f32.f32 {{%f4,%f5,%f6,%f7}}, [%rd3, {{{},{}}}];\n"
        "  txq.width.b32 %r1, [%rd3];\n  cvt.rn.f32.s32 %f8, %r1;\n"
        "  add.f32 %f0, %f0, %f4; add.f32 %f1, %f1, %f5; fma.rn.f32 %f2, %f6, %f8, %f2; mul.f32 %f3, %f3, %f7;",
        m, x, y, l, x, y));
  }
  {
    Kernel k("mode_indirect_select");
    const std::string s = k.param("u32"), x = k.param("f32"), y = k.param("f32");
    out += k.text(fmt::format(
        "  mov.u64 %rd2, tex0;\n  mov.u64 %rd3, tex1;\n  setp.eq.u32 %p1, {}, 0;\n  selp.b64 %rd4, %rd2, %rd3, %p1;\n"
        "  tex.2d.v4.f32.f32 {{%f0,%f1,%f2,%f3}}, [%rd4, {{{},{}}}];",
        s, x, y));
  }
  {
    Kernel k("mode_loop");
    const std::string n = k.param("u32"), x = k.param("f32"), y = k.param("f32");
    out += k.text(fmt::format(
        "  mov.f32 %f0, 0f00000000; mov.f32 %f1, 0f00000000; mov.f32 %f2, 0f00000000; mov.f32 %f3, 0f00000000;\n"
        "  mov.u32 %r1, 0;\n  mov.f32 %f10, {};\nLOOP:\n"
        "  setp.ge.u32 %p1, %r1, {};\n  @%p1 bra DONE;\n"
        "  tex.2d.v4.f32.f32 {{%f4,%f5,%f6,%f7}}, [tex0, {{%f10,{}}}];\n"
        "  add.f32 %f0, %f0, %f4; max.f32 %f1, %f1, %f5; min.f32 %f2, %f2, %f6; sub.f32 %f3, %f3, %f7;\n"
        "  add.f32 %f10, %f10, 0f3D800000;\n  add.u32 %r1, %r1, 1;\n  bra LOOP;\nDONE:",
        x, n, y));
  }
  return out;
}

std::string independent_forms() {
  std::string out = ".global .samplerref smp0;\n";
  {
    Kernel k("indep_sampler");
    const std::string x = k.param("f32"), y = k.param("f32");
    out += k.text(fmt::format("  tex.1d.v4.f32.f32 {{%f0,%f1,%f2,%f3}}, [tex0, smp0, {{{}}}];\n"
                              "  tex.2d.v4.f32.f32 {{%f4,%f5,%f6,%f7}}, [tex1, smp0, {{{},{}}}];\n"
                              "  add.f32 %f0, %f0, %f4;",
                              x, x, y));
  }
  {
    Kernel k("indep_objects");
    const std::string t = k.param("u64"), s = k.param("u64"), x = k.param("f32"), y = k.param("f32");
    out += k.text(fmt::format("  tex.2d.v4.f32.f32 {{%f0,%f1,%f2,%f3}}, [{}, {}, {{{},{}}}];", t, s, x, y));
  }
  return out;
}

// ALU, memory and control code beyond texturing: atomics and reductions, shared/local/ldu/nc loads,
// vote/shfl/bar/membar, 64-bit bit operations, mul24, mad.wide, f16/f64 conversions, MUFU functions, testp,
// copysign, prmt modes, slct, funnel and 64-bit shifts. Every result feeds the stored sum so that none is dropped.
// (PTX sad and vadd are left out: ptxas makes video instructions of them, VABSDIFF / VADD, which the table does
// not have yet; docs/status.md.)
std::string alu_forms() {
  return R"(.visible .entry alu(.param .u64 p, .param .u64 s, .param .u32 n)
{
  .reg .b32 a<16>; .reg .b64 d<8>; .reg .f32 f<8>; .reg .f64 g<4>; .reg .pred q<4>; .reg .u64 ptr, sp;
  .local .align 8 .b8 loc[64];
  .shared .align 4 .b8 sh[256];
  ld.param.u64 ptr, [p]; ld.param.u64 sp, [s]; ld.param.u32 a0, [n];
  mov.u32 a1, %tid.x; mov.u32 a2, %laneid; mov.u32 a3, %clock;
  ld.global.u32 a4, [ptr]; ldu.global.u32 a5, [ptr+4]; ld.global.nc.u32 a6, [ptr+8];
  atom.global.add.u32 a7, [ptr+12], a1; atom.global.cas.b32 a8, [ptr+16], a1, a2;
  atom.global.exch.b32 a9, [ptr+20], a3; atom.global.min.s32 a10, [ptr+24], a4; red.global.add.u32 [ptr+28], a5;
  atom.global.add.f32 f0, [ptr+32], 1.0; atom.global.add.u64 d0, [ptr+40], 5;
  atom.shared.add.u32 a11, [sh], a1; atom.shared.cas.b32 a12, [sh+4], a1, a2;
  st.shared.u32 [sh+8], a6; bar.sync 0; ld.shared.u32 a13, [sh+12]; membar.gl; membar.cta;
  setp.ne.u32 q0, a13, 0; vote.sync.ballot.b32 a14, q0, 0xffffffff; vote.sync.any.pred q1, q0, 0xffffffff;
  vote.sync.all.pred q2, q0, 0xffffffff; shfl.sync.bfly.b32 a15, a14, 1, 0x1f, 0xffffffff;
  st.local.u32 [loc], a15; st.local.u32 [loc+4], a0; ld.local.u32 a15, [loc+4];
  popc.b64 a1, d0; clz.b64 a2, d0; bfind.u32 a3, a4; brev.b64 d1, d0; mul24.lo.u32 a5, a6, a7;
  shf.l.wrap.b32 a6, a7, a8, a9; shl.b64 d7, d0, a6; shr.s64 d7, d7, a5;
  mad.wide.s32 d2, a1, a2, d1; mul.hi.s64 d3, d0, d1; min.f64 g0, g0, g0; cvt.rn.f16.f32 a7, f0;
  ex2.approx.f32 f1, f0; lg2.approx.f32 f2, f1; sin.approx.f32 f3, f2; rsqrt.approx.f32 f4, f3;
  sqrt.approx.f32 f5, f4; testp.finite.f32 q3, f5; copysign.f32 f6, f5, f4; cvt.rzi.s64.f64 d4, g0;
  cvt.rn.f64.s64 g1, d4; cvt.u16.u32 a8, a7; prmt.b32.f4e a10, a1, a2, a3; abs.f64 g2, g1; neg.s64 d5, d4;
  selp.b64 d6, d5, d4, q3; slct.s32.s32 a11, a1, a2, a3; cvt.sat.f32.f32 f7, f6; cvt.rzi.u32.f32 a13, f7;
  add.u32 a0, a0, a1; add.u32 a0, a0, a2; add.u32 a0, a0, a3; add.u32 a0, a0, a5; add.u32 a0, a0, a6;
  add.u32 a0, a0, a7; add.u32 a0, a0, a8; add.u32 a0, a0, a9; add.u32 a0, a0, a10; add.u32 a0, a0, a11;
  add.u32 a0, a0, a12; add.u32 a0, a0, a13; add.u32 a0, a0, a15;
  mov.b64 {a1, a2}, d6; add.u32 a0, a0, a1; add.u32 a0, a0, a2; mov.b64 {a1, a2}, d3; add.u32 a0, a0, a2;
  mov.b64 {a1, a2}, d2; add.u32 a0, a0, a1; mov.b64 {a1, a2}, g2; add.u32 a0, a0, a2;
  mov.b64 {a1, a2}, d7; add.u32 a0, a0, a1; mov.b64 {a1, a2}, d1; add.u32 a0, a0, a2; mov.b32 a1, f0;
  add.u32 a0, a0, a1; selp.u32 a1, 1, 0, q1; add.u32 a0, a0, a1; selp.u32 a1, 1, 0, q2; add.u32 a0, a0, a1;
  st.global.u32 [sp], a0;
  ret;
}
)";
}

// Kernels that call .funcs which ptxas keeps as subroutines (CAL): it copies each called .func into the calling
// kernel's section as a local FUNC symbol, $<kernel>$<func>, which nvdisasm lists as a label and names in CAL
// `($<kernel>$<func>). A kernel calling a .func that calls another, one calling a single .func, and one calling
// none (nvdisasm numbers function ends in symbol-table order, locals first).
std::string call_forms() {
  return R"(.func (.reg .f32 r) scale(.reg .f32 a)
{
  .reg .f32 t; .reg .pred p;
  mul.f32 t, a, a; setp.gt.f32 p, t, 4.0;
  @p bra BIG;
  add.f32 t, t, 1.0; bra.uni OUT;
BIG:
  sqrt.approx.f32 t, t;
OUT:
  mov.f32 r, t;
  ret;
}

.func (.reg .f32 r) shade(.reg .f32 a, .reg .f32 b)
{
  .reg .f32 t, u; .reg .pred p;
  mul.f32 t, a, b; setp.gt.f32 p, t, 1.0;
  @p bra DONE;
  call.uni (u), scale, (t);
  add.f32 t, u, a;
DONE:
  mov.f32 r, t;
  ret;
}

.visible .entry cube_env(.param .u64 out, .param .f32 x, .param .u32 n)
{
  .reg .u64 o; .reg .f32 v, w; .reg .pred q; .reg .u32 i, cnt;
  ld.param.u64 o, [out]; ld.param.f32 v, [x]; ld.param.u32 cnt, [n];
  cvta.to.global.u64 o, o; mov.u32 i, 0; mov.f32 w, 0.0;
LOOP:
  setp.ge.u32 q, i, cnt;
  @q bra END;
  call.uni (v), shade, (v, w);
  add.f32 w, w, v; add.u32 i, i, 1;
  bra.uni LOOP;
END:
  st.global.f32 [o], w;
  ret;
}

.visible .entry plain(.param .u64 out, .param .f32 x)
{
  .reg .u64 o; .reg .f32 v, w;
  ld.param.u64 o, [out]; ld.param.f32 v, [x];
  cvta.to.global.u64 o, o;
  call.uni (w), scale, (v);
  st.global.f32 [o], w;
  ret;
}

.visible .entry none(.param .u64 out, .param .f32 x)
{
  .reg .u64 o; .reg .f32 v, w; .reg .pred q;
  ld.param.u64 o, [out]; ld.param.f32 v, [x];
  cvta.to.global.u64 o, o; add.f32 w, v, v; setp.gt.f32 q, w, 0.0;
  @q bra SKIP;
  st.global.f32 [o], w;
SKIP:
  ret;
}
)";
}

}  // namespace

std::vector<PtxModule> ptx_corpus(const std::string& target) {
  return {
      {"tex", header(target) + tex_forms()},
      {"tld4_txq", header(target) + tld4_forms() + txq_forms()},
      {"modes", header(target) + mode_forms()},
      {"independent", header(target, "texmode_independent") + independent_forms()},
      {"alu", header(target) + alu_forms()},
  };
}

// Texture references and samplers as kernel parameters: ptxas puts their symbols in the kernel's code section
// (STT_CUDA_TEXTURE / _SAMPLER at value 0), which nvdisasm prints as labels after the kernel's name. `texmode`
// and the module's other reference, the kernel's parameters and its lookups (%f1 a coordinate, %f10 stored).
std::string texture_param_module(const std::string& target, const char* texmode, const char* global,
                                 const char* name, const char* params, const char* lookups) {
  return fmt::format(".version 7.8\n.target {}{}\n.address_size 64\n{}\n.visible .entry {}(.param .u64 out, {})\n{{\n"
                     "  .reg .f32 %f<16>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n  mov.u32 %r1, %tid.x;\n"
                     "  cvt.rn.f32.u32 %f1, %r1;\n{}  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd2, %rd1;\n"
                     "  st.global.f32 [%rd2], %f10;\n  ret;\n}}\n",
                     target, texmode, global, name, params, lookups);
}

// One kernel of PTX statements on %a, %b, %c (thread-dependent .b32 values) accumulating into %acc.
std::string statements_kernel(const std::string& target, const char* name, const char* regs,
                              const std::vector<std::string>& statements) {
  std::string body;
  for (const std::string& st : statements) body += "  " + st + "\n  add.u32 %acc, %acc, %r;\n";
  return fmt::format(
      ".version 7.8\n.target {}\n.address_size 64\n.visible .entry {}(.param .u64 out)\n{{\n"
      "  .reg .b32 %a, %b, %c, %r, %s, %acc; .reg .b64 %rd<4>; .reg .pred %p, %q;{}\n"
      "  mov.u32 %a, %tid.x;\n  mul.lo.u32 %b, %a, 0x9e3779b9;\n  xor.b32 %c, %b, 0x5bd1e995;\n  mov.u32 %acc, 0;\n"
      "{}  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd2, %rd1;\n  st.global.u32 [%rd2], %acc;\n  ret;\n}}\n",
      target, name, regs, body);
}

// The video instructions (PTX ISA "Video Instructions"): byte and half-word selectors, types, saturation, the
// secondary operation, merges, immediates, the SIMD vabsdiff4.
std::string video_forms(const std::string& target) {
  return statements_kernel(target, "video", "", {
      "vadd.u32.u32.u32 %r, %a, %b;", "vadd.s32.s32.s32.sat %r, %a, %b;", "vadd.u32.u32.s32.sat %r, %a.b1, %b.h1;",
      "vsub.s32.s32.u32.sat %r, %a.h0, %b.b2;", "vsub.u32.s32.s32.sat.min %r, %a.h1, %b.b3, %c;",
      "vadd.s32.u32.u32.max %r, %a.b0, %b.b1, %c;", "vadd.u32.u32.u32.sat %r.h1, %a, %b, %c;",
      "vadd.s32.s32.s32.add %r, %a.b1, 0x7fff, %c;", "vabsdiff.u32.u32.s32.add %r, %a.b2, %b.h0, %c;",
      "vmin.u32.s32.u32.sat %r, %a.h1, %b;", "vmax.s32.u32.s32.sat.max %r, %a.b3, %b.h1, %c;",
      "vshl.s32.s32.u32.wrap %r, %a.h0, %b.b0;", "vshr.u32.u32.u32.wrap.add %r, %a.b2, %b, %c;",
      "vset.u32.s32.ge.add %r, %a.b1, %b.h1, %c;", "vset.u32.u32.eq %r.b2, %a.b2, %b.b2, %c;",
      "vmad.s32.s32.s32.sat.shr15 %r, %a.h1, %b.h0, %c;", "vmad.u32.u32.u32 %r, %a.b0, %b.h0, -%c;",
      "vmad.s32.s32.s32 %r, %a, %b, %c;", "vabsdiff4.u32.s32.u32.add %r, %a, %b, %c;",
      "vabsdiff4.u32.u32.u32 %r.b20, %a, %b, %c;"});
}

// Half-precision arithmetic on .f16x2 pairs (HADD2, HMUL2, HFMA2, HSET2, HSETP2 with swizzles and immediates).
std::string half_forms() {
  return statements_kernel("sm_53", "half", " .reg .f16 %h<4>;", {
      "add.rn.f16x2 %r, %a, %b;", "sub.rn.f16x2 %r, %a, %b;", "mul.rn.f16x2 %r, %a, %b;",
      "fma.rn.f16x2 %r, %a, %b, %c;", "add.ftz.sat.f16x2 %r, %a, %b;", "fma.rn.ftz.sat.f16x2 %r, %a, %b, %c;",
      "neg.f16x2 %r, %a;", "abs.f16x2 %r, %a;", "set.ge.f16x2.f16x2 %r, %a, %b;", "set.ltu.u32.f16x2 %r, %a, %b;",
      "setp.lt.f16x2 %p|%q, %a, %b;\n  selp.u32 %r, 1, 2, %q;", "mov.b32 %s, 0x40003c00;\n  fma.rn.f16x2 %r, %a, %s, %c;",
      "mov.b32 {%h0, %h1}, %a;\n  add.rn.f16 %h2, %h0, %h1;\n  mul.rn.f16 %h3, %h2, %h0;\n  mov.b32 %r, {%h3, %h2};"});
}

std::vector<PtxModule> ptx_call_corpus(const std::string& target) {
  std::vector<PtxModule> out = {{"calls", header(target) + call_forms()},
                                {"texref_params", texture_param_module(target, "", ".global .texref g;", "unified_params",
                                     ".param .texref t, .param .u32 n, .param .texref u",
                                     "  ld.param.u32 %r2, [n];\n  cvt.rn.f32.u32 %f2, %r2;\n"
                                     "  tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [u, {%f1, %f2}];\n"
                                     "  tex.2d.v4.f32.f32 {%f6, %f7, %f8, %f9}, [t, {%f1, %f3}];\n"
                                     "  tex.2d.v4.f32.f32 {%f6, %f7, %f8, %f10}, [g, {%f1, %f6}];\n")},
                                {"sampler_params", texture_param_module(target, ", texmode_independent",
                                     ".global .samplerref sg;", "independent_params",
                                     ".param .texref t, .param .samplerref s1, .param .samplerref s2",
                                     "  tex.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [t, s1, {%f1, %f1}];\n"
                                     "  tex.2d.v4.f32.f32 {%f6, %f7, %f8, %f9}, [t, s2, {%f2, %f1}];\n"
                                     "  tex.2d.v4.f32.f32 {%f10, %f11, %f12, %f13}, [t, sg, {%f6, %f1}];\n")},
                                {"video", video_forms(target)}};
  if (target == "sm_52") out.push_back({"half", half_forms(), "sm_53"});
  return out;
}

}  // namespace tmu::test
