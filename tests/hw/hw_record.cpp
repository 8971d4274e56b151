// SPDX-License-Identifier: MIT
#include "hw_record.h"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "texunit_gl_bridge.h"

namespace tmu::test::hw {
namespace {

Result<std::string> read_file(const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");  // reads plain files as they are
  if (!f) return make_error(path + ": cannot open");
  std::string out;
  char buf[1 << 16];
  int n = 0;
  while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<std::size_t>(n));
  const bool failed = n < 0;
  gzclose(f);
  if (failed) return make_error(path + ": corrupt gzip data");
  return out;
}

bool is_nan(uint32_t bits) { return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu) != 0; }
float as_float(uint32_t bits) { return std::bit_cast<float>(bits); }

bool quad_op(gl::Op op) { return op == gl::Op::tex || op == gl::Op::txb || op == gl::Op::lod; }

}  // namespace

gl::Texture cuda_view(gl::Texture t) {
  // CUDA's driver gives the components a format lacks 0, alpha too (measured: R8 reads (r, 0, 0, 0)), where GL
  // gives alpha 1.
  const int n = t.format == gl::Format::r8 || t.format == gl::Format::r32f ? 1 : t.format == gl::Format::rg8 ? 2 : 4;
  for (int c = n; c < 4; ++c) t.swizzle[static_cast<std::size_t>(c)] = gl::Swizzle::zero;
  return t;
}

gl::Sampler cuda_sampler(gl::Sampler s) {
  // CUDA's driver writes the sampler's LOD bias and clamps truncated towards zero to 1/256 (measured: a bias of 0.3
  // reads 76/256, -0.3 -76/256, clamps 0.6 and 3.4 153/256 and 870/256), where the bridge rounds to nearest.
  const auto fixed = [](float v) { return static_cast<float>(std::trunc(static_cast<double>(v) * 256) / 256); };
  s.lod_bias = fixed(s.lod_bias);
  s.min_lod = fixed(s.min_lod);
  s.max_lod = fixed(s.max_lod);
  return s;
}

const std::map<std::string, Expectation>& expectations() {
  static const std::map<std::string, Expectation> e = {
      // The precision model itself (policy.h): sub-texel rounding, 2^-22 coordinates, NEAREST's floor, the LOD
      // table and its clamps, NVIDIA's sRGB table, formats, gathers, texel fetches (TLD.CL).
      {"weights", {Expectation::exact}},
      {"weights-wide", {Expectation::exact}},
      {"coord-precision", {Expectation::exact}},
      {"format-point", {Expectation::exact}},
      {"srgb-table", {Expectation::exact}},
      {"gather", {Expectation::exact}},
      {"offset-gather", {Expectation::exact}},
      {"fetch", {Expectation::exact}},
      {"lod-isotropic", {Expectation::exact}},
      {"lod-explicit", {Expectation::exact}},
      {"lod-clamp-bias", {Expectation::exact}},
      {"lod-bias-precision", {Expectation::exact}},
      {"mip-nearest", {Expectation::exact}},
      {"aniso-taps", {Expectation::exact}},
      {"cube-coord", {Expectation::exact}},
      {"cube", {Expectation::exact}},
      {"cube-seamless", {Expectation::exact}},
      {"cube-edge", {Expectation::exact}},
      {"wrap", {Expectation::exact}},
      {"mip-vs-flat-flat", {Expectation::exact}},
      {"mip-vs-flat-2x2", {Expectation::exact}},
      {"mip-vs-flat-mipped-point", {Expectation::exact}},
      {"mip-vs-flat-mipped", {Expectation::exact}},
      {"mip-footprint-clamp_to_edge", {Expectation::exact}},
      {"mip-footprint-repeat", {Expectation::exact}},
      {"mip-footprint-mirrored_repeat", {Expectation::exact}},
      {"tri-blend-1d", {Expectation::exact}},
      {"tri-blend-2d", {Expectation::exact}},
      {"tri-blend-4x4", {Expectation::exact}},
      {"tri-3d", {Expectation::exact}},
      {"tri-3d-mip", {Expectation::exact}},
      {"border-conversion", {Expectation::exact}},
      // UNORM8 / UNORM16 filtering in 16-bit fixed point, FLOAT16, FLOAT32 and sRGB as aligned sums
      // (Policy::unorm_fixed_point).
      {"filter-unorm8", {Expectation::exact}},
      {"filter-unorm16", {Expectation::exact}},
      {"filter-fp16", {Expectation::exact}},
      {"filter-srgb", {Expectation::exact}},
      {"filter-fp32", {Expectation::exact}},
      {"filter-2d", {Expectation::exact}},
      {"filter-mip", {Expectation::exact}},
      // The LOD model: every lookup whose LOD comes from gradients, exact or exact with lambda 1/256 or 2/256 away
      // (the fitted rho and table log2; cube-map sweeps: face-space differences unfolded across edges, as the
      // 2D rho).
      {"lod-shape", {Expectation::lod, 239}},
      {"lod-vector", {Expectation::lod, 542}},
      {"lod-vector-3d", {Expectation::lod, 39}},
      {"aniso-lod", {Expectation::lod, 217}},
      {"trilinear", {Expectation::lod, 82}},
      {"offset", {Expectation::lod, 62}},
      {"target-1d", {Expectation::lod, 59}},
      {"target-1d_array", {Expectation::lod, 61}},
      {"target-2d_array", {Expectation::lod, 58}},
      {"target-3d", {Expectation::lod, 54}},
      {"cube-lod-sweep", {Expectation::lod, 606}},
      // SNORM8 near a rounding tie (the rest of these categories is exact).
      {"filter-snorm8", {Expectation::model, 416, kSnorm8Tie, "SNORM8 n one unit below near a rounding tie"}},
      {"format-linear", {Expectation::model, 423, kSnorm8Tie, "SNORM8 n one unit below near a rounding tie"}},
      {"border", {Expectation::model, 119, kSnorm8Tie, "SNORM8 n one unit below near a rounding tie"}},
      // Known differences (docs/texunit.md).
      {"border-value", {Expectation::known, 180, 0.008, "CUDA's 8-bit sRGB border code for 0.4999 (188, tmu's bridge 187)"}},
      {"aniso", {Expectation::known, 42, 0.036, "anisotropic taps' stride and weights (docs/texunit.md)"}},
      // Cube-map LOD from random gradients that leave the face (with the derivative of the face coordinates: up to
      // 0.5, 1.7 and 0.3 apart).
      {"cube-lod", {Expectation::known, 38, 0.2, "cube-map LOD from gradients that leave the face"}},
      {"lod-vector-cube", {Expectation::known, 38, 0.41, "cube-map LOD from gradients that leave the face"}},
      {"target-cube_array", {Expectation::known, 54, 0.11, "cube-map LOD from gradients that leave the face"}},
  };
  return e;
}

std::string describe_query(const gl::Query& q) {
  std::string s(gl::name(q.op));
  auto v = [](float x) { return fmt::format("{:.9g}", x); };
  if (q.op == gl::Op::txf) {
    s += fmt::format(" ({}, {}, {}, {}) level {}", q.icoord[0], q.icoord[1], q.icoord[2], q.icoord[3], q.ilod);
  } else {
    s += fmt::format(" ({}, {}, {}, {})", v(q.coord[0][0]), v(q.coord[0][1]), v(q.coord[0][2]), v(q.coord[0][3]));
    if (q.op == gl::Op::txl) s += " lod " + v(q.lod);
    if (q.op == gl::Op::txd)
      s += fmt::format(" ddx ({}, {}, {}) ddy ({}, {}, {})", v(q.ddx[0]), v(q.ddx[1]), v(q.ddx[2]), v(q.ddy[0]),
                       v(q.ddy[1]), v(q.ddy[2]));
    if (q.op == gl::Op::tg4) s += fmt::format(" component {}", q.component);
  }
  if (q.has_offset) s += fmt::format(" offset ({}, {})", q.offset[0], q.offset[1]);
  return s;
}

Result<std::string> write_recording(const std::vector<HwCase>& cases, const std::string& oracle_output) {
  std::istringstream in(oracle_output);
  std::string ready;
  if (!std::getline(in, ready) || !ready.starts_with("ready\t"))
    return make_error("the oracle output does not start with its 'ready' line");
  std::string out = std::string(kRecordMagic) + "\ndevice " + ready.substr(6) + "\n";
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const HwCase& c = cases[i];
    auto r = gl::read_response(in);
    std::string response;
    if (r) {
      response = gl::write_response(*r);
      if (r->size() != c.queries.size())
        return make_error(fmt::format("case {}: {} results for {} queries", i, r->size(), c.queries.size()));
    } else if (r.error() == "no response" || r.error().starts_with("bad response") || r.error().starts_with("truncated")) {
      return make_error(fmt::format("case {} ({}): {}", i, c.category, r.error()));
    } else {
      response = gl::write_error(r.error());
    }
    out += "case " + c.category + "\n" + gl::write_request(c.texture, c.sampler, c.queries) + response;
  }
  return out;
}

Result<Recording> read_recording(const std::string& path) {
  auto text = read_file(path);
  if (!text) return make_error(text.error());
  std::istringstream in(*text);
  std::string line;
  Recording rec;
  if (!std::getline(in, line) || line != kRecordMagic) return make_error(path + ": not a tmu hardware recording");
  if (!std::getline(in, line) || !line.starts_with("device ")) return make_error(path + ": no device line");
  rec.device = line.substr(7);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (!line.starts_with("case ")) return make_error(fmt::format("{}: case {}: expected 'case', got '{}'", path, rec.cases.size(), line.substr(0, 40)));
    RecordedCase c;
    c.category = line.substr(5);
    auto request = gl::read_request(in);
    if (!request) return make_error(fmt::format("{}: case {}: {}", path, rec.cases.size(), request.error()));
    c.request = std::move(*request);
    auto response = gl::read_response(in);
    if (response) {
      if (response->size() != c.request.queries.size())
        return make_error(fmt::format("{}: case {}: {} results for {} queries", path, rec.cases.size(), response->size(),
                                      c.request.queries.size()));
      c.gpu = std::move(*response);
    } else {
      c.error = response.error();
    }
    rec.cases.push_back(std::move(c));
  }
  return rec;
}

std::vector<NamedPolicy> policy_variants() {
  using texunit::Policy;
  // NVIDIA's policy with one choice changed.
  struct Variant {
    const char* name;
    void (*change)(Policy&);
  };
  static constexpr Variant kVariants[] = {
      {"subtexel_truncate", [](Policy& p) { p.subtexel_rounding = texunit::Rounding::Truncate; }},
      {"lod_nearest", [](Policy& p) { p.lod_rounding = texunit::Rounding::Nearest; }},
      {"lod_exact", [](Policy& p) { p.lod_rounding = texunit::Rounding::Exact; }},
      {"rho_maxabs", [](Policy& p) { p.rho = texunit::Rho::MaxAbs; }},
      {"rho_length", [](Policy& p) { p.rho = texunit::Rho::Length; }},
      {"mip_half_down", [](Policy& p) { p.mip_nearest = texunit::MipNearest::RoundHalfDown; }},
      {"cube_prefer_x", [](Policy& p) { p.cube_tie = texunit::CubeTie::PreferX; }},
      {"cube_lod_derivative", [](Policy& p) { p.cube_lod = texunit::CubeLod::Derivative; }},
  };
  std::vector<NamedPolicy> v{{"nvidia", Policy::nvidia()}, {"float_exact", Policy::float_exact()}};
  for (const Variant& k : kVariants) {
    Policy p = Policy::nvidia();
    k.change(p);
    v.push_back({k.name, p});
  }
  return v;
}

std::vector<Result<gl::QueryResult>> tmu_answers(const RecordedCase& c, const texunit::Policy& policy) {
  BridgeOptions options;
  options.fetch_edge_clamp = true;
  auto tmu = TmuGlTexture::make(cuda_view(c.request.texture), cuda_sampler(c.request.sampler));
  std::vector<Result<gl::QueryResult>> out;
  for (const gl::Query& q : c.request.queries)
    out.push_back(tmu ? tmu->run(q, policy, options) : Result<gl::QueryResult>(make_error(tmu.error())));
  return out;
}

namespace {

// The largest component difference of tmu's answer from the GPU's over the query's pixels: 0 when bit-exact
// (NaNs: any NaN matches any NaN), infinity for an error, integer results that differ, or one NaN.
struct Difference {
  bool exact = true;
  bool hard = false;  // an error, integers or NaNs
  double diff = 0;
};
Difference difference(const gl::QueryResult& gpu, const Result<gl::QueryResult>& mine, int pixels, bool integer) {
  Difference d;
  if (!mine) return {false, true, INFINITY};
  for (int p = 0; p < pixels; ++p)
    for (std::size_t k = 0; k < 4; ++k) {
      const uint32_t a = gpu[p].bits[k], b = (*mine)[p].bits[k];
      if (a == b || (!integer && is_nan(a) && is_nan(b))) continue;
      d.exact = false;
      if (integer || is_nan(a) || is_nan(b)) {
        d.hard = true, d.diff = INFINITY;
        continue;
      }
      const double x = std::fabs(static_cast<double>(as_float(a)) - static_cast<double>(as_float(b)));
      d.diff = std::max(d.diff, std::isnan(x) ? INFINITY : x);
    }
  return d;
}

std::string describe(const gl::Query& q, const gl::QueryResult& gpu, const Result<gl::QueryResult>& mine) {
  const auto& g = gpu[0];
  std::string s = describe_query(q) + fmt::format(" | gpu {:08x} {:08x} {:08x} {:08x}", g.bits[0], g.bits[1], g.bits[2], g.bits[3]);
  if (!mine) return s + " tmu error: " + mine.error();
  const auto& m = (*mine)[0];
  return s + fmt::format(" tmu {:08x} {:08x} {:08x} {:08x}", m.bits[0], m.bits[1], m.bits[2], m.bits[3]);
}

}  // namespace

std::map<std::string, Tally> judge(const Recording& rec, const texunit::Policy& policy, bool explain_lod) {
  std::map<std::string, Tally> tallies;
  for (const RecordedCase& c : rec.cases) {
    if (c.gpu.empty()) continue;
    Tally& t = tallies[c.category];
    const bool integer = gl::format_kind(c.request.texture.format) != gl::Kind::floating;
    const auto answers = tmu_answers(c, policy);
    // The case's answers with the LOD moved (explain_lod), made when a query first needs them.
    std::vector<std::vector<Result<gl::QueryResult>>> moved;
    for (std::size_t i = 0; i < c.request.queries.size(); ++i) {
      const gl::Query& q = c.request.queries[i];
      Tally::Half& h = t.half[t.queries % 2];
      ++t.queries, ++h.queries;
      const int pixels = quad_op(q.op) ? 4 : 1;
      const Difference d = difference(c.gpu[i], answers[i], pixels, integer);
      if (d.exact) {
        ++t.exact, ++h.exact;
        continue;
      }
      if (!d.hard && d.diff <= 0x1p-16) ++t.within_2e16;
      else if (!d.hard && d.diff <= 0x1p-8) ++t.within_2e8;
      else ++t.beyond;
      if (d.diff > t.max_diff || t.worst.empty()) {
        t.max_diff = std::max(t.max_diff, d.diff);
        t.worst = describe(q, c.gpu[i], answers[i]);
      }
      if (!explain_lod) continue;
      if (moved.empty())
        for (const int step : kLodModelSteps) {
          RecordedCase m = c;
          m.request.sampler.lod_bias += static_cast<float>(step) / 256.0f;
          moved.push_back(tmu_answers(m, policy));
        }
      const bool explained = std::any_of(moved.begin(), moved.end(), [&](const auto& a) {
        return difference(c.gpu[i], a[i], pixels, integer).exact;
      });
      if (explained) {
        ++t.lod_explained, ++h.lod_explained;
      } else if (d.diff > t.max_unexplained || t.worst_unexplained.empty()) {
        t.max_unexplained = std::max(t.max_unexplained, d.diff);
        t.worst_unexplained = describe(q, c.gpu[i], answers[i]);
      }
    }
  }
  return tallies;
}

}  // namespace tmu::test::hw
