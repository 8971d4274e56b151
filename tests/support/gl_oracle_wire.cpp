// SPDX-License-Identifier: MIT
#include "gl_oracle_wire.h"

#include <bit>
#include <cstdio>
#include <sstream>

namespace tmu::test::gl {
namespace {

void hex32(std::string& out, uint32_t v) {
  char buf[12];
  std::snprintf(buf, sizeof buf, " %08x", v);
  out += buf;
}
void hexf(std::string& out, float f) {
  hex32(out, std::bit_cast<uint32_t>(f));
}
void dec(std::string& out, int64_t v) {
  out += ' ' + std::to_string(v);
}
void word(std::string& out, std::string_view w) {
  out += ' ';
  out += w;
}

// Reads whitespace-separated fields of one line; the first failure sticks.
class Fields {
 public:
  explicit Fields(const std::string& line) : in_(line) {}
  std::string text() {
    std::string s;
    if (!(in_ >> s)) ok_ = false;
    return s;
  }
  uint32_t hex() {
    const std::string s = text();
    if (!ok_ || s.empty() || s.size() > 8 ||
        s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
      ok_ = false;
      return 0;
    }
    return static_cast<uint32_t>(std::stoul(s, nullptr, 16));
  }
  float f() { return std::bit_cast<float>(hex()); }
  int32_t i() {
    long long v = 0;
    if (!(in_ >> v) || v < INT32_MIN || v > INT32_MAX) ok_ = false;
    return static_cast<int32_t>(v);
  }
  bool flag() { return i() != 0; }
  template <typename E, int N>
  E enumerated() {
    const std::string s = text();
    for (int k = 0; k < N; ++k)
      if (name(static_cast<E>(k)) == s) return static_cast<E>(k);
    ok_ = false;
    return E{};
  }
  bool ok() const { return ok_; }
  bool at_end() {
    std::string rest;
    return !(in_ >> rest);
  }

 private:
  std::istringstream in_;
  bool ok_ = true;
};

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool parse_texture(Fields& f, Texture& t, std::size_t& nlevels) {
  t.target = f.enumerated<Target, 7>();
  t.format = f.enumerated<Format, 18>();
  t.width = f.i();
  t.height = f.i();
  t.depth = f.i();
  t.layers = f.i();
  nlevels = static_cast<std::size_t>(f.i());
  t.base_level = f.i();
  t.max_level = f.i();
  for (auto& s : t.swizzle)
    s = f.enumerated<Swizzle, 6>();
  return f.ok() && nlevels <= 32;
}

bool parse_sampler(Fields& f, Sampler& s) {
  s.min = f.enumerated<Filter, 2>();
  s.mag = f.enumerated<Filter, 2>();
  s.mip = f.enumerated<MipFilter, 3>();
  s.wrap_s = f.enumerated<Wrap, 5>();
  s.wrap_t = f.enumerated<Wrap, 5>();
  s.wrap_r = f.enumerated<Wrap, 5>();
  for (auto& v : s.border)
    v = f.f();
  for (auto& v : s.border_int)
    v = static_cast<int32_t>(f.hex());
  s.min_lod = f.f();
  s.max_lod = f.f();
  s.lod_bias = f.f();
  s.compare = f.flag();
  s.func = f.enumerated<CompareFunc, 8>();
  s.max_anisotropy = f.f();
  s.seamless_cube = f.flag();
  return f.ok();
}

bool parse_query(Fields& f, Query& q) {
  q.op = f.enumerated<Op, 10>();
  for (auto& p : q.coord)
    for (auto& v : p)
      v = f.f();
  for (auto& v : q.icoord)
    v = static_cast<int32_t>(f.hex());
  for (auto& v : q.ddx)
    v = f.f();
  for (auto& v : q.ddy)
    v = f.f();
  q.lod = f.f();
  q.ilod = static_cast<int32_t>(f.hex());
  q.ref = f.f();
  q.has_offset = f.flag();
  for (auto& v : q.offset)
    v = f.i();
  q.component = f.i();
  q.has_offsets = f.flag();
  for (auto& o : q.offsets)
    for (auto& v : o)
      v = f.i();
  return f.ok();
}

}  // namespace

std::string write_request(const Texture& t, const Sampler& s, std::span<const Query> queries) {
  std::string out(kRequestMagic);
  out += "\ntexture";
  word(out, name(t.target));
  word(out, name(t.format));
  for (int v :
       {t.width, t.height, t.depth, t.layers, static_cast<int>(t.levels.size()), t.base_level, t.max_level})
    dec(out, v);
  for (Swizzle sw : t.swizzle)
    word(out, name(sw));
  static constexpr char digits[] = "0123456789abcdef";
  for (std::size_t l = 0; l < t.levels.size(); ++l) {
    out += "\nlevel " + std::to_string(l) + ' ';
    for (std::byte b : t.levels[l]) {
      out += digits[static_cast<unsigned>(b) >> 4];
      out += digits[static_cast<unsigned>(b) & 15];
    }
  }
  out += "\nsampler";
  for (auto n : {name(s.min), name(s.mag), name(s.mip), name(s.wrap_s), name(s.wrap_t), name(s.wrap_r)})
    word(out, n);
  for (float v : s.border)
    hexf(out, v);
  for (int32_t v : s.border_int)
    hex32(out, static_cast<uint32_t>(v));
  for (float v : {s.min_lod, s.max_lod, s.lod_bias})
    hexf(out, v);
  dec(out, s.compare);
  word(out, name(s.func));
  hexf(out, s.max_anisotropy);
  dec(out, s.seamless_cube);
  for (const Query& q : queries) {
    out += "\nquery";
    word(out, name(q.op));
    for (const auto& p : q.coord)
      for (float v : p)
        hexf(out, v);
    for (int32_t v : q.icoord)
      hex32(out, static_cast<uint32_t>(v));
    for (float v : q.ddx)
      hexf(out, v);
    for (float v : q.ddy)
      hexf(out, v);
    hexf(out, q.lod);
    hex32(out, static_cast<uint32_t>(q.ilod));
    hexf(out, q.ref);
    dec(out, q.has_offset);
    for (int32_t v : q.offset)
      dec(out, v);
    dec(out, q.component);
    dec(out, q.has_offsets);
    for (const auto& o : q.offsets)
      for (int32_t v : o)
        dec(out, v);
  }
  out += "\nend\n";
  return out;
}

Result<Request> read_request(std::istream& in) {
  std::string line;
  // Skip blank lines between requests; end of input before a request is a clean stop.
  while (std::getline(in, line) && line.empty()) {
  }
  if (!in) return make_error("");
  Request r;
  std::string error;
  std::size_t nlevels = 0;
  bool seen_texture = false, seen_sampler = false;
  auto fail = [&error](std::string e) {
    if (error.empty()) error = std::move(e);
  };
  if (line != kRequestMagic)
    fail("expected '" + std::string(kRequestMagic) + "', got '" + line.substr(0, 40) + "'");
  while (std::getline(in, line) && line != "end") {
    if (!error.empty()) continue;  // drain to "end"
    Fields f(line);
    const std::string kind = f.text();
    if (kind == "texture") {
      if (!parse_texture(f, r.texture, nlevels) || !f.at_end()) fail("bad texture line");
      r.texture.levels.resize(nlevels);
      seen_texture = true;
    } else if (kind == "level") {
      const int32_t l = f.i();
      const std::string hex = f.text();
      if (!f.ok() || l < 0 || static_cast<std::size_t>(l) >= nlevels || hex.size() % 2) {
        fail("bad level line");
        continue;
      }
      auto& bytes = r.texture.levels[static_cast<std::size_t>(l)];
      bytes.resize(hex.size() / 2);
      for (std::size_t k = 0; k < bytes.size(); ++k) {
        const int hi = hex_digit(hex[2 * k]), lo = hex_digit(hex[2 * k + 1]);
        if (hi < 0 || lo < 0) fail("bad hex in level " + std::to_string(l));
        bytes[k] = static_cast<std::byte>(hi * 16 + lo);
      }
    } else if (kind == "sampler") {
      if (!parse_sampler(f, r.sampler) || !f.at_end()) fail("bad sampler line");
      seen_sampler = true;
    } else if (kind == "query") {
      Query q;
      if (!parse_query(f, q) || !f.at_end()) fail("bad query line " + std::to_string(r.queries.size()));
      r.queries.push_back(q);
    } else {
      fail("unknown line '" + kind + "'");
    }
  }
  if (line != "end") fail("request not terminated by 'end'");
  if (error.empty() && (!seen_texture || !seen_sampler)) fail("request without texture or sampler");
  if (!error.empty()) return make_error(error);
  return r;
}

std::string write_response(std::span<const QueryResult> results) {
  std::string out = "ok " + std::to_string(results.size()) + '\n';
  for (const QueryResult& r : results) {
    for (const Texel& t : r.pixel)
      for (uint32_t w : t.bits)
        hex32(out, w);
    out += '\n';
  }
  out += "end\n";
  return out;
}

std::string write_error(std::string_view message) {
  std::string m(message);
  for (char& c : m)
    if (c == '\n' || c == '\r') c = '|';  // one line
  return "error " + m + "\nend\n";
}

Result<std::vector<QueryResult>> read_response(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) return make_error("no response");
  if (line.starts_with("error ")) {
    std::string rest;
    std::getline(in, rest);  // "end"
    return make_error(line.substr(6));
  }
  Fields head(line);
  const std::string ok = head.text();
  const int32_t n = head.i();
  if (ok != "ok" || !head.ok() || n < 0)
    return make_error("bad response header '" + line.substr(0, 60) + "'");
  std::vector<QueryResult> results(static_cast<std::size_t>(n));
  for (QueryResult& r : results) {
    if (!std::getline(in, line)) return make_error("truncated response");
    Fields f(line);
    for (Texel& t : r.pixel)
      for (uint32_t& w : t.bits)
        w = f.hex();
    if (!f.ok()) return make_error("bad response line");
  }
  if (!std::getline(in, line) || line != "end") return make_error("response not terminated by 'end'");
  return results;
}

}  // namespace tmu::test::gl
