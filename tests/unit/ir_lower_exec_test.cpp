// SPDX-License-Identifier: MIT
// nir_lower_tex checked by running it: random texture shaders (every op x sampler dim x array x shadow, random
// sources and flags) run on the interpreter before and after lowering with each option that applies to them.
// Bit-identical where the lowering keeps the arithmetic; where it changes it, within the tolerance written next to
// the option below, derived from what the lowering computes differently. Each option's counts are printed.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <functional>
#include <map>

#include "ir/passes/lower_tex.h"
#include "ir/tex.h"
#include "ir/verify.h"
#include "ir_random.h"

namespace tmu::ir {
namespace {

using test::RandomCase;

struct Tally {
  unsigned cases = 0, lowered = 0, exact = 0, within = 0;
  double largest = 0;
};

// Result components compared as floats (or as integers for txs, query_levels, texture_samples and residency).
struct Check {
  std::string option;        // FIELD=VALUE
  CompilerOptions compiler;  // lower_rect's
  // Which cases it applies to.
  std::function<bool(const RandomCase&)> applies;
  // Largest difference allowed per component (0: bit-identical) and why.
  double tolerance = 0;
  // The expected result from the original's, when the lowering changes the result on purpose.
  std::function<std::array<uint32_t, 5>(const std::array<uint32_t, 5>&)> expect;
  // Checked on the case's texture cut to its first level: the lowering is exact there only (offsets are
  // applied as offset / level-0 size, NIR's offsets are texels of the sampled level).
  bool one_level = false;
  // The texture as the lowered shader sees it (lower_1d: the driver binds 1D textures as 2D, one texel high).
  bool as_2d = false;
  // Coordinate components the lowering clamps (saturate_s/t/r): the reference runs on inputs clamped by the
  // harness; lanes of quads where nothing was clamped must then be bit-identical, the others (whose implicit
  // LOD the clamp would change, which the lowering's explicit gradients avoid) within the tolerance.
  unsigned saturate = 0;
};

// The case with the coordinate's selected components clamped to [0, 1] (RECT: [0, size]); `clamped` gets the
// lanes whose quad had a component changed.
RandomCase saturated(const RandomCase& c, unsigned mask, uint32_t& clamped) {
  RandomCase r = c;
  clamped = 0;
  for (const auto& s : r.srcs) {
    if (s.type != TexSrcType::coord || s.constant) continue;
    const unsigned n = c.tex.is_array ? s.components - 1 : s.components;
    for (unsigned lane = 0; lane < 32; ++lane) {
      auto& v = r.inputs.lanes[lane].slots[s.slot];
      for (unsigned k = 0; k < n; ++k) {
        if (!((mask >> k) & 1)) continue;
        const float hi = c.tex.sampler_dim == SamplerDim::Rect ? static_cast<float>(k == 0 ? c.width : c.height) : 1.0f;
        const float x = std::bit_cast<float>(v[k]);
        const float y = std::fmin(std::fmax(x, 0.0f), hi);
        if (std::bit_cast<uint32_t>(y) != v[k]) clamped |= 0xfu << (lane & ~3u);
        v[k] = std::bit_cast<uint32_t>(y);
      }
    }
  }
  return r;
}

// A 1D texture bound as a 2D texture one texel high (and 1D arrays as 2D arrays), as lower_1d requires.
RandomCase as_2d(const RandomCase& c) {
  RandomCase r = c;
  auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = r.texture_json.find(from);
    if (at != std::string::npos) r.texture_json.replace(at, from.size(), to);
  };
  replace("\"type\": \"1d_array\"", "\"type\": \"2d_array\", \"height\": 1");
  replace("\"type\": \"1d\"", "\"type\": \"2d\", \"height\": 1");
  return r;
}

// The case with its texture cut to level 0 (no mipmapping).
RandomCase first_level(const RandomCase& c) {
  RandomCase r = c;
  auto cut = [&](const std::string& key, const std::string& value) {
    const auto at = r.texture_json.find(key);
    if (at == std::string::npos) return;
    const auto end = r.texture_json.find_first_of(",}", at + key.size());
    r.texture_json.replace(at + key.size(), end - at - key.size(), value);
  };
  cut("\"levels\": ", "1");
  cut("\"mip_filter\": ", "\"none\"");
  r.levels = 1;
  return r;
}

bool has(const RandomCase& c, TexSrcType t) { return src_index(c.tex, t) >= 0 || std::any_of(c.srcs.begin(), c.srcs.end(), [&](auto& s) { return s.type == t; }); }

// A case with a projector runs on the interpreter after the harness divides coordinate and comparator by it
// (in float, exactly rounded) and drops it: the reference that lower_txp's frcp-and-multiply is compared with.
RandomCase without_projector(const RandomCase& c) {
  RandomCase r = c;
  auto it = std::find_if(r.srcs.begin(), r.srcs.end(), [](auto& s) { return s.type == TexSrcType::projector; });
  if (it == r.srcs.end()) return r;
  const unsigned q_slot = it->slot;
  r.srcs.erase(it);
  for (const auto& s : r.srcs) {
    if (s.type != TexSrcType::coord && s.type != TexSrcType::comparator) continue;
    for (unsigned lane = 0; lane < 32; ++lane) {
      auto& v = r.inputs.lanes[lane].slots[s.slot];
      const float q = std::bit_cast<float>(r.inputs.lanes[lane].slots[q_slot][0]);
      const unsigned n = s.type == TexSrcType::coord && c.tex.is_array ? s.components - 1 : s.components;
      for (unsigned k = 0; k < n; ++k) v[k] = std::bit_cast<uint32_t>(std::bit_cast<float>(v[k]) / q);
    }
  }
  return r;
}

std::optional<std::array<std::array<uint32_t, 5>, 32>> run(Shader& s, const RandomCase& c, std::string& err) {
  interp::Bindings bindings;
  if (auto r = bindings.bind_json(0, c.texture_json); !r) {
    err = "binding: " + r.error();
    return std::nullopt;
  }
  interp::Options opt;
  opt.sm50_txd_forms_only = false;  // the reference runs txd in every form NIR has
  auto out = interp::run(s, bindings, c.inputs, opt);
  if (!out) {
    err = out.error();
    return std::nullopt;
  }
  std::array<std::array<uint32_t, 5>, 32> v{};
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned k = 0; k < 5; ++k) v[lane][k] = out->u(lane, k, 0);
  return v;
}

double difference(uint32_t a, uint32_t b, bool integer) {
  if (a == b) return 0;
  if (integer) return std::fabs(static_cast<double>(static_cast<int32_t>(a)) - static_cast<int32_t>(b));
  const float fa = std::bit_cast<float>(a), fb = std::bit_cast<float>(b);
  if (std::isnan(fa) && std::isnan(fb)) return 0;
  if (std::isinf(fa) || std::isinf(fb) || std::isnan(fa) || std::isnan(fb)) return INFINITY;
  return std::fabs(static_cast<double>(fa) - fb);
}

std::vector<Check> checks() {
  auto op_is = [](std::initializer_list<TexOp> list) {
    return [ops = std::vector<TexOp>(list)](const RandomCase& c) {
      return std::find(ops.begin(), ops.end(), c.tex.op) != ops.end();
    };
  };
  const auto sampling = op_is({TexOp::tex, TexOp::txb, TexOp::txl, TexOp::txd, TexOp::tg4});
  std::vector<Check> v;
  // Projection by frcp and multiply instead of a division: coordinates within an ulp or two, so filter weights
  // (8 bits) and LOD (8.8) can step by one unit: 1/256 per step, a comparator result by a whole tap (1/4).
  v.push_back({"lower_txp=0xffff", {}, [](auto& c) { return has(c, TexSrcType::projector); }, 0.26, {}});
  v.push_back({"lower_txp_array=1", {}, [](auto& c) { return has(c, TexSrcType::projector) && c.tex.is_array; }, 0.26, {}});
  // Offsets added to integer coordinates: the same texel.
  v.push_back({"lower_txf_offset=1", {}, [](auto& c) { return c.tex.op == TexOp::txf && has(c, TexSrcType::offset); }, 0, {}});
  // Offsets moved into normalized coordinates (offset / size): the sample point moves by the same amount up to
  // float rounding, so weights by at most 1/256 of a texel difference... and a different mip level when the
  // implicit LOD of the offset coordinate's quad changes (it does not: the offset is uniform).
  v.push_back({"lower_rect_offset=1", {}, [](auto& c) { return c.tex.sampler_dim == SamplerDim::Rect && has(c, TexSrcType::offset); }, 0.26, {}});
  v.push_back({"lower_offset_filter=always", {}, [](auto& c) { return has(c, TexSrcType::offset); }, 0.26, {}, true});
  // RECT scaled to [0, 1] by 1 / size: the unnormalized texel position comes back within float rounding.
  v.push_back({"lower_rect=1", {}, [](auto& c) { return c.tex.sampler_dim == SamplerDim::Rect; }, 0.26, {}});
  v.push_back({"lower_rect=1", CompilerOptions{false, true}, [](auto& c) { return c.tex.sampler_dim == SamplerDim::Rect; }, 0.26, {}});
  // 1D as 2D with t = 0.5 (txf: 0) on a texture one texel high: the same texels, the same weights.
  v.push_back({"lower_1d=1", {}, [](auto& c) { return c.tex.sampler_dim == SamplerDim::Dim1D; }, 0, {}, false, true});
  v.push_back({"lower_1d_shadow=1", {}, [](auto& c) { return c.tex.sampler_dim == SamplerDim::Dim1D && c.tex.is_shadow; }, 0, {}, false, true});
  // txd -> txl: Mesa's LOD, log2 of the longer scaled gradient (Euclidean lengths), against the unit's rho
  // (NVIDIA's, docs/texunit.md: from the four gradient vectors, and for cube maps the unfolded face-space
  // difference): the two rhos differ by up to a factor of sqrt(2), lambda by up to 0.5, and a level blend of
  // the noise texture by that much of a texel difference.
  for (const char* o : {"lower_txd=1", "lower_txd_3d=1", "lower_txd_cube_map=1", "lower_txd_array=1",
                        "lower_txd_shadow=1", "lower_txd_clamp=1", "lower_txd_shadow_clamp=1",
                        "lower_txd_offset_clamp=1", "lower_txd_clamp_if_sampler_index_not_lt_16=1"})
    v.push_back({o, {}, [](auto& c) { return c.tex.op == TexOp::txd; }, 0.5, {}});
  // txb -> txl with lod(coord).y + bias: the unit's own LOD query, so the same level choice.
  v.push_back({"lower_txb_shadow_clamp=1", {}, [](auto& c) { return c.tex.op == TexOp::txb && c.tex.is_shadow; }, 0, {}});
  // Saturated coordinates, against the original on clamped inputs: quads with a clamped coordinate keep the
  // unclamped implicit LOD in the lowered shader (tex -> txd with the coordinate's derivatives, txb -> txl), the
  // reference's comes from the clamped ones: any level blend there, up to a whole texel difference.
  const char* sat[] = {"saturate_s=1", "saturate_t=1", "saturate_r=1"};
  for (unsigned k = 0; k < 3; ++k) {
    // (Offsets are folded into the coordinate before the clamp: those cases are left to the text tests.)
    Check c{sat[k], {}, [sampling](auto& cs) { return sampling(cs) && !has(cs, TexSrcType::offset); }, 1.0, {}};
    c.saturate = 1u << k;
    v.push_back(c);
  }
  v.push_back({"lower_txs_lod=1", {}, op_is({TexOp::txs}), 0, {}});
  // (w, h, faces / 6) from a 2D-array query, for units whose 2D-array view counts faces. tmu's unit, like
  // NVIDIA's TXQ, reports the header's layer count, cubes for a cube array, whatever the view: what is checked is
  // the arithmetic, the width twice and the count divided by 6 (NAK does not set this option). A txs without a
  // LOD gets LOD 0 and stops there (lowering-facts 1.2 steps 16, 19): only those with one are lowered.
  v.push_back({"lower_txs_cube_array=1", {}, [](auto& c) { return c.tex.op == TexOp::txs && c.tex.sampler_dim == SamplerDim::Cube && c.tex.is_array && has(c, TexSrcType::lod); }, 0,
               [](const std::array<uint32_t, 5>& r) { return std::array<uint32_t, 5>{r[1], r[1], r[2] / 6, r[3], r[4]}; }});
  v.push_back({"lower_tg4_offsets=1", {}, [](auto& c) { return c.tex.op == TexOp::tg4 && has_explicit_tg4_offsets(c.tex); }, 0, {}});
  // Broadcom's gather order: the same texels, components z, w, y, x.
  v.push_back({"lower_tg4_broadcom_swizzle=1", {}, op_is({TexOp::tg4}), 0, [](const std::array<uint32_t, 5>& r) {
                 return std::array<uint32_t, 5>{r[2], r[3], r[1], r[0], r[4]};
               }});
  // The result swizzled: z, x, one, zero (integer one for integer results; these are floats).
  v.push_back({"swizzle_result=1 swizzles[0]=z,x,5,4", {}, [](auto& c) { return !c.tex.is_shadow && c.tex.op != TexOp::txs && c.tex.op != TexOp::query_levels && c.tex.op != TexOp::texture_samples && c.tex.op != TexOp::lod && c.tex.op != TexOp::tg4; }, 0,
               [](const std::array<uint32_t, 5>& r) { return std::array<uint32_t, 5>{r[2], r[0], 0x3f800000u, 0u, r[4]}; }});
  v.push_back({"lower_array_layer_round_even=1", {}, [](auto& c) { return c.tex.is_array && c.tex.op != TexOp::txf; }, 0, {}});
  v.push_back({"lower_index_to_offset=1", {}, sampling, 0, {}});
  return v;
}

TEST(IrLowerTexExec, RandomShadersBeforeAndAfter) {
  std::map<std::string, Tally> tally;
  unsigned failures = 0;
  for (uint64_t seed : {20261126u, 7u, 3u, 11u}) {
    for (const RandomCase& raw : test::random_cases(seed)) {
      std::string err;
      std::optional<std::array<std::array<uint32_t, 5>, 32>> refs[2];
      for (int one = 0; one < 2; ++one) {
        const RandomCase ref_case = without_projector(one ? first_level(raw) : raw);
        Shader ref_shader = test::build_shader(ref_case);
        refs[one] = run(ref_shader, ref_case, err);
        ASSERT_TRUE(refs[one]) << raw.name << ": " << err;
      }
      for (const Check& k : checks()) {
        if (!k.applies(raw)) continue;
        uint32_t clamped = 0;
        std::optional<std::array<std::array<uint32_t, 5>, 32>> sat_ref;
        if (k.saturate) {
          const RandomCase sc = saturated(without_projector(raw), k.saturate, clamped);
          Shader ss = test::build_shader(sc);
          sat_ref = run(ss, sc, err);
          ASSERT_TRUE(sat_ref) << raw.name << ": " << err;
        }
        const auto& ref = k.saturate ? sat_ref : refs[k.one_level ? 1 : 0];
        RandomCase run_case = k.one_level ? first_level(raw) : raw;
        if (k.as_2d) run_case = as_2d(run_case);
        const std::string key = k.option + (k.compiler.has_texture_scaling ? " (has_texture_scaling)" : "");
        // A projector the option does not lower cannot run: those cases need lower_txp as well.
        const bool projector = has(raw, TexSrcType::projector);
        LowerTexOptions o;
        for (std::size_t at = 0; at < k.option.size();) {
          const std::size_t end = std::min(k.option.find(' ', at), k.option.size());
          const std::string kv = k.option.substr(at, end - at);
          const auto eq = kv.find('=');
          ASSERT_TRUE(set_option(o, kv.substr(0, eq), kv.substr(eq + 1)).ok()) << kv;
          at = end + 1;
        }
        if (projector && k.option.rfind("lower_txp", 0) != 0) o.lower_txp = 0xffff;
        Shader s = test::build_shader(raw);
        const bool progress = lower_tex(s, o, k.compiler);
        const auto problems = verify(s);
        ASSERT_TRUE(problems.empty()) << raw.name << " " << k.option << ": " << problems.front();
        auto got = run(s, run_case, err);
        ASSERT_TRUE(got) << raw.name << " " << k.option << ": " << err;
        Tally& t = tally[key];
        ++t.cases;
        t.lowered += progress;
        const bool integer = raw.tex.op == TexOp::txs || raw.tex.op == TexOp::query_levels ||
                             raw.tex.op == TexOp::texture_samples;
        const unsigned n = dest_size(raw.tex);
        bool all_exact = true, all_within = true;
        for (unsigned lane = 0; lane < 32; ++lane) {
          const auto want = k.expect ? k.expect((*ref)[lane]) : (*ref)[lane];
          for (unsigned c = 0; c < n; ++c) {
            const bool code = raw.tex.is_sparse && c + 1 == n;
            const double d = difference((*got)[lane][c], want[c], integer || code);
            if (d != 0) all_exact = false;
            t.largest = std::max(t.largest, d);
            // (A cube map's tex turned txd is not bit-identical even unclamped: the unit projects explicit
            // gradients at each lane's own direction, an implicit quad's differences at its first lane's.)
            const bool exact_expected = k.saturate && !((clamped >> lane) & 1) &&
                                        !(raw.tex.sampler_dim == SamplerDim::Cube && raw.tex.op == TexOp::tex);
            const double allowed = exact_expected ? 0.0 : k.tolerance;
            if (d > allowed) {
              all_within = false;
              if (failures++ < 20)
                ADD_FAILURE() << raw.name << " with " << key << ": lane " << lane << " component " << c << " got "
                              << std::bit_cast<float>((*got)[lane][c]) << " (" << std::hex << (*got)[lane][c]
                              << ") want " << std::bit_cast<float>(want[c]) << " (" << want[c] << std::dec
                              << "), more than " << allowed;
            }
          }
        }
        t.exact += all_exact;
        t.within += all_within && !all_exact;
      }
    }
  }
  for (const auto& [option, t] : tally)
    std::printf("  %-44s %3u cases (%3u lowered): %3u bit-identical, %3u within tolerance (largest difference %.6g)\n",
                option.c_str(), t.cases, t.lowered, t.exact, t.within, t.largest);
  EXPECT_GT(tally.size(), 20u);
}

}  // namespace
}  // namespace tmu::ir
