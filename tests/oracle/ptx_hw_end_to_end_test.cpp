// SPDX-License-Identifier: MIT
// The whole path from PTX to texels, end to end, against a GPU: requests of the hardware recording
// (tests/hw/recorded/, tests/hw/README.md) made again by CUDA-style kernels that ptxas 11.8 and tmu's own compiler
// (tmu::ptx::compile_to_cubin, docs/ptx.md "Compiling") compile, and that tmu run (src/run/launch.h) runs on the
// warp executor with the texture unit; each lookup's four result words are compared bit for bit with the GPU's
// recorded answer and with what tmu's texture unit answers when fed the request directly (tmu_answers, as the hw
// judge, tests/hw/hw_recorded_test.cpp, computes it).
//
// The kernels are the PTX that tests/hw/cuda_sampler.cu's CUDA calls compile to, on a texture object passed as a
// `.param .u64`: tex2DLod & co. -> `tex.level.<geom>.v4.<type>.f32`, tex2DGrad & co. -> `tex.grad.<geom>...`,
// tex2Dgather -> `tld4.<comp>.2d`, and the PTX the sampler writes itself: `tex.level ... .s32` (texel fetches),
// the offset operand of tex.level / tex.grad / tld4 (2D). Straight-line, one thread per lookup (blocks of 32),
// every operand its own 32-bit word of `in` (in + 4 * (tid * N + k)), the four results stored to out + 16 * tid.
//
// The texture and sampler are the ones the hw judge gives the texture unit: the bridge's header and sampler
// (texunit_gl_bridge.h) for the texture as CUDA describes it (cuda_view), the recorded texels as raw levels
// (the `tmu sample` texture of a `tmu run` launch spec, texels "raw").
//
// Which lookups: every category of the recording except 1D texel fetches (which the hw judge checks apart), every
// Nth query of a category (about 48 a category), as the recording has them.
//
// Asserted, for both compilers' cubins: (a) they give exactly the texture-unit-direct answer for every lookup (the
// compile and execute path adds nothing; tex.grad on 3D textures and cube maps included, which both compile to
// ptxas's quad loop of implicit-LOD TEX.NDV); (b) per category, agreement with the GPU is at least the hw judge's
// on the same lookups, and every lookup of a category the judge holds exact (hw_record.cpp, expectations) is exact.
// The texture and sampler are the judge's (cuda_view, cuda_sampler). The test prints a table per category and a
// summary line ("[ ptx-hw ] ...").
//
// Without ptxas the test skips (fails with TMU_REQUIRE_ORACLES=1).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "hw_record.h"
#include "isa/cubin.h"
#include "oracle.h"
#include "ptx/compile.h"
#include "run/launch.h"
#include "run/launch_spec.h"
#include "texunit_gl_bridge.h"

namespace tmu {
namespace {

namespace gl = test::gl;
namespace hw = test::hw;

const char* kRecording = TMU_HW_RECORDED "/h100-sm90.txt.gz";
constexpr int kPerCategory = 48;  // about this many lookups of each category

// ---------------------------------------------------------------------------------------------------------------
// Kernels.

// One lookup as a kernel form (the PTX statement, with operand registers) and the words of its operands.
struct Lookup {
  std::string statement;  // uses %rd9 (the texture object), %f<10+k> / %r<10+k> for word k
  std::string dtype;      // f32 s32 u32
  std::string form;       // the instruction, for the report ("tex.level.2d.v4.f32.f32 +e")
  std::vector<uint32_t> words;
  std::vector<bool> is_float;
};

uint32_t fbits(float f) { return std::bit_cast<uint32_t>(f); }

struct Operands {
  Lookup& l;
  std::string f(float v) {
    l.words.push_back(fbits(v));
    l.is_float.push_back(true);
    return fmt::format("%f{}", 9 + l.words.size());
  }
  std::string i(int32_t v) {
    l.words.push_back(static_cast<uint32_t>(v));
    l.is_float.push_back(false);
    return fmt::format("%r{}", 9 + l.words.size());
  }
};

std::string vec(const std::vector<std::string>& v) {
  std::string s = "{";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s + "}";
}

const char* geometry(gl::Target t) {
  switch (t) {
    case gl::Target::tex1d: return "1d";
    case gl::Target::tex2d: return "2d";
    case gl::Target::tex3d: return "3d";
    case gl::Target::cube: return "cube";
    case gl::Target::tex1d_array: return "a1d";
    case gl::Target::tex2d_array: return "a2d";
    case gl::Target::cube_array: return "acube";
    default: return "";
  }
}

// The array layer as cuda_oracle_main.cpp passes it (round to nearest even, saturated to u16).
int32_t layer_of(float z) {
  return static_cast<int32_t>(std::fmin(std::fmax(std::nearbyint(static_cast<double>(z)), 0.0), 65535.0));
}

// The PTX of one recorded query, as cuda_sampler.cu makes it; nullopt for queries it does not make.
std::optional<Lookup> lookup_of(const gl::Query& q, const gl::Texture& t) {
  const std::string g = geometry(t.target);
  if (g.empty()) return std::nullopt;
  Lookup l;
  Operands o{l};
  switch (gl::format_kind(t.format)) {
    case gl::Kind::floating: l.dtype = "f32"; break;
    case gl::Kind::sint: l.dtype = "s32"; break;
    case gl::Kind::uint: l.dtype = "u32"; break;
  }
  const bool layered = gl::is_layered(t.target);
  const int n = g == "1d" || g == "a1d" ? 1 : g == "2d" || g == "a2d" ? 2 : 3;
  const gl::Vec4& c = q.coord[0];
  // Coordinates as the CUDA headers pass them: 3D and cube {x, y, z, z}, arrays the layer first ({l, x, y, y}).
  auto float_coords = [&] {
    std::vector<std::string> v;
    if (layered) v.push_back(o.i(layer_of(c[static_cast<std::size_t>(n)])));
    for (int a = 0; a < n; ++a) v.push_back(o.f(c[static_cast<std::size_t>(a)]));
    if (v.size() == 3) v.push_back(v.back());
    return vec(v);
  };
  auto grads = [&](const std::array<float, 3>& d) {
    std::vector<std::string> v;
    for (int a = 0; a < n; ++a) v.push_back(o.f(d[static_cast<std::size_t>(a)]));
    if (v.size() == 3) v.push_back(v.back());
    return vec(v);
  };
  auto offset = [&] { return ", " + vec({o.i(q.offset[0]), o.i(q.offset[1])}); };
  const std::string d = l.dtype == "f32" ? "{%f0, %f1, %f2, %f3}" : "{%r60, %r61, %r62, %r63}";
  if (q.has_offsets) return std::nullopt;
  if (q.has_offset && (g != "2d" || (q.op != gl::Op::txl && q.op != gl::Op::txd && q.op != gl::Op::tg4)))
    return std::nullopt;
  std::string inst, args;
  switch (q.op) {
    case gl::Op::txl: {
      inst = fmt::format("tex.level.{}.v4.{}.f32", g, l.dtype);
      args = fmt::format("[%rd9, {}], {}", float_coords(), o.f(q.lod));
      break;
    }
    case gl::Op::txd: {
      inst = fmt::format("tex.grad.{}.v4.{}.f32", g, l.dtype);
      const std::string xy = float_coords();
      const std::string dx = grads(q.ddx);
      args = fmt::format("[%rd9, {}], {}, {}", xy, dx, grads(q.ddy));
      break;
    }
    case gl::Op::txf: {
      if (gl::faces(t.target) != 1) return std::nullopt;
      inst = fmt::format("tex.level.{}.v4.{}.s32", g, l.dtype);
      std::vector<std::string> v;
      if (layered) v.push_back(o.i(q.icoord[static_cast<std::size_t>(n)]));
      for (int a = 0; a < n; ++a) v.push_back(o.i(q.icoord[static_cast<std::size_t>(a)]));
      if (v.size() == 3) v.push_back(v.back());
      const std::string ic = vec(v);
      args = fmt::format("[%rd9, {}], {}", ic, o.i(q.ilod));
      break;
    }
    case gl::Op::tg4: {
      if (g != "2d") return std::nullopt;
      inst = fmt::format("tld4.{}.2d.v4.{}.f32", "rgba"[q.component & 3], l.dtype);
      args = fmt::format("[%rd9, {}]", float_coords());
      break;
    }
    default: return std::nullopt;
  }
  if (q.has_offset) args += offset();
  l.form = inst + (q.has_offset ? " +e" : "");
  l.statement = fmt::format("{} {}, {};", inst, d, args);
  return l;
}

std::string kernel_text(const Lookup& l) {
  const std::size_t n = l.words.size();
  std::string body =
      "\tld.param.u64 %rd1, [out];\n\tld.param.u64 %rd2, [in];\n\tld.param.u64 %rd9, [tex];\n"
      "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
      "\tmov.u32 %r3, %ctaid.x;\n\tmov.u32 %r4, %ntid.x;\n\tmov.u32 %r5, %tid.x;\n\tmad.lo.s32 %r1, %r3, %r4, %r5;\n";
  body += fmt::format("\tmul.wide.u32 %rd5, %r1, {};\n\tadd.s64 %rd6, %rd4, %rd5;\n", 4 * n);
  for (std::size_t k = 0; k < n; ++k) {
    const std::string addr = k ? fmt::format("[%rd6+{}]", 4 * k) : "[%rd6]";
    body += l.is_float[k] ? fmt::format("\tld.global.f32 %f{}, {};\n", 10 + k, addr)
                          : fmt::format("\tld.global.s32 %r{}, {};\n", 10 + k, addr);
  }
  body += "\t" + l.statement + "\n";
  body += "\tmul.wide.u32 %rd7, %r1, 16;\n\tadd.s64 %rd8, %rd3, %rd7;\n";
  body += l.dtype == "f32" ? "\tst.global.v4.f32 [%rd8], {%f0, %f1, %f2, %f3};\n"
                           : fmt::format("\tst.global.v4.{} [%rd8], {{%r60, %r61, %r62, %r63}};\n", l.dtype);
  body += "\tret;\n";
  return fmt::format(".version 7.8\n.target sm_50\n.address_size 64\n\n.visible .entry k(\n\t.param .u64 out,\n"
                     "\t.param .u64 in,\n\t.param .u64 tex\n)\n{{\n\t.reg .f32 %f<40>;\n\t.reg .b32 %r<80>;\n"
                     "\t.reg .b64 %rd<12>;\n\n{}}}\n",
                     body);
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison (as hw_record.cpp's judge: NaNs match any NaN in float results, integers bit for bit).

bool is_nan(uint32_t b) { return (b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu) != 0; }

// The largest component difference (0: exact; infinity: integer or NaN mismatch).
double difference(const std::array<uint32_t, 4>& gpu, const std::array<uint32_t, 4>& mine, bool integer) {
  double diff = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    const uint32_t a = gpu[k], b = mine[k];
    if (a == b || (!integer && is_nan(a) && is_nan(b))) continue;
    if (integer || is_nan(a) || is_nan(b)) return INFINITY;
    const double d = std::fabs(static_cast<double>(std::bit_cast<float>(a)) - static_cast<double>(std::bit_cast<float>(b)));
    diff = std::max(diff, std::isnan(d) ? INFINITY : d);
    if (diff == 0) diff = 0x1p-149;  // +0 against -0: not exact
  }
  return diff;
}

// ---------------------------------------------------------------------------------------------------------------

struct Selected {
  const hw::RecordedCase* c;
  std::vector<std::size_t> queries;  // indices into the case's queries
};

struct Tally {
  int lookups = 0;
  int gpu_direct = 0, gpu_ptxas = 0, gpu_tmu = 0;        // exact against the GPU
  int ptxas_direct = 0, tmu_direct = 0;                  // path == texture unit direct
  double max_direct = 0, max_ptxas = 0, max_tmu = 0;     // largest difference from the GPU
  std::set<std::string> forms;
};

Result<std::vector<std::byte>> run_kernel(const std::vector<std::byte>& cubin_bytes, const run::LaunchSpec& spec) {
  auto cubin = isa::read_cubin(cubin_bytes);
  if (!cubin) return make_error("read_cubin: " + cubin.error());
  auto r = run::launch(*cubin, spec);
  if (!r) return make_error(r.error());
  for (const auto& b : r->buffers)
    if (b.name == "out") return b.bytes;
  return make_error("no output buffer");
}

TEST(PtxHwEndToEnd, CompiledKernelsAgreeWithTheGpuRecording) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const auto start = std::chrono::steady_clock::now();
  auto rec = hw::read_recording(kRecording);
  ASSERT_TRUE(rec) << rec.error();

  // The selection: every Nth query of each category (N = count / kPerCategory), in recording order.
  std::map<std::string, int> count;
  for (const auto& c : rec->cases) {
    if (c.gpu.empty() || (c.category == "fetch" && c.request.texture.target == gl::Target::tex1d)) continue;
    count[c.category] += static_cast<int>(c.request.queries.size());
  }
  std::map<std::string, int> seen;
  std::vector<Selected> selected;
  for (const auto& c : rec->cases) {
    if (!count.contains(c.category) || c.gpu.empty()) continue;
    if (c.category == "fetch" && c.request.texture.target == gl::Target::tex1d) continue;
    const int stride = std::max(1, count[c.category] / kPerCategory);
    Selected s{&c, {}};
    for (std::size_t i = 0; i < c.request.queries.size(); ++i)
      if (seen[c.category]++ % stride == 0) s.queries.push_back(i);
    if (!s.queries.empty()) selected.push_back(std::move(s));
  }

  const std::string dir = test::temp_dir() + "/ptx_hw";
  std::filesystem::create_directories(dir);
  std::map<std::string, std::vector<std::byte>> ptxas_cubins, tmu_cubins;  // by kernel text
  std::map<std::string, std::string> compile_errors;
  auto compile = [&](const std::string& ptx) {
    if (ptxas_cubins.contains(ptx) || compile_errors.contains(ptx)) return;
    const std::string base = fmt::format("{}/k{}", dir, ptxas_cubins.size() + compile_errors.size());
    test::write_text(base + ".ptx", ptx);
    const auto r = test::run_program({ptxas, "-arch=sm_50", base + ".ptx", "-o", base + ".cubin"});
    auto mine = ptx::compile_to_cubin(ptx, "kernel.ptx");
    if (r.status != 0) compile_errors[ptx] = "ptxas: " + r.err;
    else if (!mine) compile_errors[ptx] = "tmu: " + mine.error();
    if (compile_errors.contains(ptx)) return;
    ptxas_cubins[ptx] = test::read_bytes(base + ".cubin");
    tmu_cubins[ptx] = *mine;
  };

  std::map<std::string, Tally> tallies;
  int launches = 0, case_index = 0;
  for (const Selected& s : selected) {
    const hw::RecordedCase& c = *s.c;
    const gl::Texture tex = hw::cuda_view(c.request.texture);
    const bool integer = gl::format_kind(tex.format) != gl::Kind::floating;
    const auto direct = hw::tmu_answers(c, texunit::Policy::nvidia());

    // The texture of the launch spec: the bridge's header and sampler, the recorded levels as raw texels.
    auto header = test::tmu_header(tex);
    ASSERT_TRUE(header) << c.category << ": " << header.error();
    run::TextureBinding binding;
    binding.name = "img";
    binding.spec.texture.header = *header;
    binding.spec.texture.layers = static_cast<uint32_t>(gl::faces(tex.target) * (gl::is_layered(tex.target) ? tex.layers : 1));
    binding.spec.texture.texels.source = sample::TexelSource::Raw;
    binding.spec.texture.texels.file = fmt::format("case{}.raw", case_index);
    binding.spec.sampler = test::tmu_sampler(hw::cuda_sampler(c.request.sampler), tex.format);
    {
      std::vector<std::byte> raw;
      for (const auto& level : tex.levels) raw.insert(raw.end(), level.begin(), level.end());
      test::write_bytes(dir + "/" + binding.spec.texture.texels.file, raw);
    }
    ++case_index;

    // The selected queries grouped by kernel (one launch per kernel and compiler).
    std::map<std::string, std::vector<std::pair<std::size_t, Lookup>>> groups;
    for (std::size_t i : s.queries) {
      auto l = lookup_of(c.request.queries[i], c.request.texture);
      ASSERT_TRUE(l) << c.category << ": no kernel for " << hw::describe_query(c.request.queries[i]);
      groups[kernel_text(*l)].emplace_back(i, std::move(*l));
    }
    Tally& t = tallies[c.category];
    for (const auto& [ptx, lookups] : groups) {
      compile(ptx);
      ASSERT_FALSE(compile_errors.contains(ptx)) << c.category << ": " << compile_errors[ptx] << "\n" << ptx;
      // Threads: the lookups, padded to whole warps with copies of the last.
      const std::size_t n = lookups.size(), threads = (n + 31) / 32 * 32;
      const std::size_t words = lookups[0].second.words.size();
      std::vector<uint32_t> in;
      for (std::size_t k = 0; k < threads; ++k) {
        const auto& w = lookups[std::min(k, n - 1)].second.words;
        in.insert(in.end(), w.begin(), w.end());
      }
      run::LaunchSpec spec;
      spec.grid = {static_cast<uint32_t>(threads / 32), 1, 1};
      spec.block = {32, 1, 1};
      spec.params.resize(3);
      spec.params[0].kind = run::ParamSpec::Kind::Buffer, spec.params[0].ref = "out";
      spec.params[1].kind = run::ParamSpec::Kind::Buffer, spec.params[1].ref = "in";
      spec.params[2].kind = run::ParamSpec::Kind::Texture, spec.params[2].ref = "img";
      spec.buffers.resize(2);
      spec.buffers[0].name = "out", spec.buffers[0].size = 16 * threads;
      spec.buffers[1].name = "in", spec.buffers[1].size = std::max<std::size_t>(4, 4 * words * threads);
      spec.buffers[1].init.resize(4 * in.size());
      std::memcpy(spec.buffers[1].init.data(), in.data(), 4 * in.size());
      spec.textures.push_back(binding);
      spec.outputs.push_back({"out", "u32", ""});
      spec.base_dir = dir;
      const auto by_ptxas = run_kernel(ptxas_cubins[ptx], spec);
      const auto by_tmu = run_kernel(tmu_cubins[ptx], spec);
      launches += 2;
      ASSERT_TRUE(by_ptxas) << c.category << ": ptxas's cubin: " << by_ptxas.error() << "\n" << ptx;
      ASSERT_TRUE(by_tmu) << c.category << ": tmu's cubin: " << by_tmu.error() << "\n" << ptx;
      const std::string& form = lookups[0].second.form;
      t.forms.insert(form);
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t qi = lookups[k].first;
        const std::string what = fmt::format("{} ({} {}) {}", c.category, gl::name(tex.format), form,
                                             hw::describe_query(c.request.queries[qi]));
        ASSERT_TRUE(direct[qi]) << what << ": texture unit: " << direct[qi].error();
        std::array<uint32_t, 4> p{}, m{};
        std::memcpy(p.data(), by_ptxas->data() + 16 * k, 16);
        std::memcpy(m.data(), by_tmu->data() + 16 * k, 16);
        const auto& gpu = c.gpu[qi][0].bits;
        const auto& dir_bits = (*direct[qi])[0].bits;
        ++t.lookups;
        const double dd = difference(gpu, dir_bits, integer), dp = difference(gpu, p, integer),
                     dm = difference(gpu, m, integer);
        t.gpu_direct += dd == 0, t.gpu_ptxas += dp == 0, t.gpu_tmu += dm == 0;
        t.max_direct = std::max(t.max_direct, dd), t.max_ptxas = std::max(t.max_ptxas, dp),
        t.max_tmu = std::max(t.max_tmu, dm);
        t.ptxas_direct += p == dir_bits, t.tmu_direct += m == dir_bits;
        auto hex = [](const std::array<uint32_t, 4>& b) { return fmt::format("{:08x} {:08x} {:08x} {:08x}", b[0], b[1], b[2], b[3]); };
        EXPECT_EQ(p, dir_bits) << what << ": ptxas's cubin " << hex(p) << ", texture unit " << hex(dir_bits);
        EXPECT_EQ(m, dir_bits) << what << ": tmu's cubin " << hex(m) << ", texture unit " << hex(dir_bits);
      }
    }
  }

  // The report, and (b).
  Tally all;
  std::cout << fmt::format("{:<30} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8}  {}\n", "category", "lookups", "gpu=unit",
                           "gpu=ptxas", "gpu=tmu", "ptxas=u", "tmu=u", "forms");
  for (const auto& [category, t] : tallies) {
    std::string forms;
    for (const auto& f : t.forms) forms += (forms.empty() ? "" : ", ") + f;
    std::cout << fmt::format("{:<30} {:>7} {:>8} {:>9} {:>8} {:>8} {:>8}  {}\n", category, t.lookups, t.gpu_direct,
                             t.gpu_ptxas, t.gpu_tmu, t.ptxas_direct, t.tmu_direct, forms);
    all.lookups += t.lookups, all.gpu_direct += t.gpu_direct, all.gpu_ptxas += t.gpu_ptxas, all.gpu_tmu += t.gpu_tmu;
    all.ptxas_direct += t.ptxas_direct, all.tmu_direct += t.tmu_direct;
    const auto b = hw::expectations().find(category);
    if (b == hw::expectations().end()) {
      ADD_FAILURE() << "category " << category << " has no expectation (hw_record.cpp)";
      continue;
    }
    const std::string what = fmt::format("{}: GPU exact: unit {}, ptxas {}, tmu {} of {}; largest difference: unit "
                                         "{:.3g}, ptxas {:.3g}, tmu {:.3g}",
                                         category, t.gpu_direct, t.gpu_ptxas, t.gpu_tmu, t.lookups, t.max_direct,
                                         t.max_ptxas, t.max_tmu);
    // Every lookup equals the texture unit's answer (above), so each category agrees with the GPU as the texture
    // unit does; hw_recorded_test.cpp holds the unit to the category's model. Exact categories: every lookup.
    EXPECT_GE(t.gpu_ptxas, t.gpu_direct) << what;
    EXPECT_GE(t.gpu_tmu, t.gpu_direct) << what;
    if (b->second.kind == hw::Expectation::exact) {
      EXPECT_EQ(t.gpu_ptxas, t.lookups) << what;
      EXPECT_EQ(t.gpu_tmu, t.lookups) << what;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ ptx-hw ] %s: %d lookups in %zu categories, %zu kernels, %d launches, %.1f s: bit-exact with the GPU: "
              "texture unit %d, ptxas's cubins %d, tmu's cubins %d; equal to the texture unit: ptxas %d, tmu %d\n",
              rec->device.c_str(), all.lookups, tallies.size(), ptxas_cubins.size(), launches, seconds, all.gpu_direct,
              all.gpu_ptxas, all.gpu_tmu, all.ptxas_direct, all.tmu_direct);
}

}  // namespace
}  // namespace tmu
