// SPDX-License-Identifier: MIT
#include "run/launch_spec.h"

#include <bit>
#include <cmath>
#include <fstream>
#include <iterator>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sample/json_cursor.h"
#include "sample/spec_parts.h"

namespace tmu::run {
namespace {

using nlohmann::json;

// Launch dimensions and buffer sizes are kept well inside what a test machine holds.
constexpr uint64_t kMaxBufferBytes = uint64_t{1} << 30;
constexpr uint32_t kMaxThreadsPerBlock = 1024;  // CUDA's limit for sm_50/52 (Programming Guide, Table 15)

Result<uint64_t> unsigned_of(const json& j, std::string_view where, uint64_t max) {
  if (j.is_number_unsigned() && j.get<uint64_t>() <= max) return j.get<uint64_t>();
  if (j.is_string()) {  // "0x..." for 64-bit values JSON numbers cannot hold exactly
    const std::string s = j.get<std::string>();
    std::size_t used = 0;
    try {
      const uint64_t v = std::stoull(s, &used, 0);
      if (used == s.size() && v <= max) return v;
    } catch (const std::exception&) {
    }
  }
  return make_error(fmt::format("{}: expected an unsigned integer up to {:#x}, got {}", where, max, j.dump()));
}

Result<std::array<uint32_t, 3>> dims(const json& j, std::string_view where) {
  std::array<uint32_t, 3> d{1, 1, 1};
  if (j.is_number_unsigned()) {
    d[0] = static_cast<uint32_t>(std::min<uint64_t>(j.get<uint64_t>(), 0xffffffff));
  } else if (j.is_array() && !j.empty() && j.size() <= 3) {
    for (std::size_t i = 0; i < j.size(); ++i) {
      auto v = unsigned_of(j[i], fmt::format("{}[{}]", where, i), 0x7fffffff);
      if (!v) return make_error(v.error());
      d[i] = static_cast<uint32_t>(*v);
    }
  } else {
    return make_error(fmt::format("{}: expected a number or [x, y, z], got {}", where, j.dump()));
  }
  for (unsigned i = 0; i < 3; ++i)
    if (d[i] == 0) return make_error(fmt::format("{}: dimension {} is 0", where, "xyz"[i]));
  return d;
}

Result<bool> check_keys(const json& j, std::string_view where, std::initializer_list<std::string_view> keys) {
  for (const auto& [k, v] : j.items()) {
    bool known = false;
    for (auto key : keys) known = known || key == k;
    if (!known) {
      std::string list;
      for (auto key : keys) list += fmt::format("{}{}", list.empty() ? "" : ", ", key);
      return make_error(fmt::format("{}: unknown key '{}' (expected one of: {})", where, k, list));
    }
  }
  return true;
}

template <typename T>
void append(std::vector<std::byte>& out, T v) {
  const auto bytes = std::bit_cast<std::array<std::byte, sizeof(T)>>(v);
  out.insert(out.end(), bytes.begin(), bytes.end());
}

// A buffer's initial contents: one of u32 / s32 / f32 (lists), hex (a string of bytes), file (raw bytes).
Result<std::vector<std::byte>> contents(const json& b, std::string_view where, const std::filesystem::path& base) {
  std::vector<std::byte> out;
  unsigned given = 0;
  for (const char* key : {"u32", "s32", "f32", "hex", "file"}) given += b.contains(key) ? 1u : 0u;
  if (given > 1) return make_error(fmt::format("{}: give at most one of u32, s32, f32, hex, file", where));
  for (const char* key : {"u32", "s32", "f32"}) {
    if (!b.contains(key)) continue;
    const json& list = b[key];
    if (!list.is_array()) return make_error(fmt::format("{}.{}: expected a list of numbers", where, key));
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& v = list[i];
      const std::string at = fmt::format("{}.{}[{}]", where, key, i);
      if (key[0] == 'f') {
        if (!v.is_number()) return make_error(fmt::format("{}: expected a number, got {}", at, v.dump()));
        append(out, static_cast<float>(v.get<double>()));
      } else if (key[0] == 's') {
        if (!v.is_number_integer() || v.get<int64_t>() < INT32_MIN || v.get<int64_t>() > INT32_MAX)
          return make_error(fmt::format("{}: expected a 32-bit signed integer, got {}", at, v.dump()));
        append(out, static_cast<int32_t>(v.get<int64_t>()));
      } else {
        auto u = unsigned_of(v, at, 0xffffffff);
        if (!u) return make_error(u.error());
        append(out, static_cast<uint32_t>(*u));
      }
    }
  }
  if (b.contains("hex")) {
    if (!b["hex"].is_string()) return make_error(fmt::format("{}.hex: expected a string of hex digits", where));
    std::string digits;
    for (char ch : b["hex"].get<std::string>())
      if (ch != ' ' && ch != '\n' && ch != '_') digits += ch;
    if (digits.size() % 2) return make_error(fmt::format("{}.hex: an odd number of hex digits", where));
    for (std::size_t i = 0; i < digits.size(); i += 2) {
      unsigned v = 0;
      for (char ch : digits.substr(i, 2)) {
        const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                    : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
        if (d < 0) return make_error(fmt::format("{}.hex: '{}' at digit {} is not a hex digit", where, ch, i));
        v = v * 16 + static_cast<unsigned>(d);
      }
      out.push_back(static_cast<std::byte>(v));
    }
  }
  if (b.contains("file")) {
    if (!b["file"].is_string()) return make_error(fmt::format("{}.file: expected a file name", where));
    const auto path = base / b["file"].get<std::string>();
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(fmt::format("{}.file: cannot open {}", where, path.string()));
    const std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (raw.size() > kMaxBufferBytes) return make_error(fmt::format("{}.file: {} is larger than 1 GiB", where, path.string()));
    for (char ch : raw) out.push_back(static_cast<std::byte>(ch));
  }
  return out;
}

Result<ParamSpec> param(const json& p, std::string_view where) {
  if (!p.is_object() || p.empty())
    return make_error(fmt::format("{}: expected an object such as {{\"u32\": 7}}, {{\"f32\": 0.5}}, {{\"buffer\": "
                                  "\"out\"}} or {{\"texture\": \"img\"}}", where));
  if (auto k = check_keys(p, where, {"u32", "s32", "f32", "u64", "buffer", "texture", "texels", "hex", "offset", "name"}); !k)
    return make_error(k.error());
  ParamSpec s;
  unsigned kinds = 0;
  if (p.contains("u32")) {
    auto v = unsigned_of(p["u32"], fmt::format("{}.u32", where), 0xffffffff);
    if (!v) return make_error(v.error());
    s = {ParamSpec::Kind::U32, *v, "", 0, {}};
    ++kinds;
  }
  if (p.contains("s32")) {
    const json& v = p["s32"];
    if (!v.is_number_integer() || v.get<int64_t>() < INT32_MIN || v.get<int64_t>() > INT32_MAX)
      return make_error(fmt::format("{}.s32: expected a 32-bit signed integer, got {}", where, v.dump()));
    s = {ParamSpec::Kind::S32, static_cast<uint32_t>(static_cast<int32_t>(v.get<int64_t>())), "", 0, {}};
    ++kinds;
  }
  if (p.contains("f32")) {
    if (!p["f32"].is_number()) return make_error(fmt::format("{}.f32: expected a number", where));
    s = {ParamSpec::Kind::F32, std::bit_cast<uint32_t>(static_cast<float>(p["f32"].get<double>())), "", 0, {}};
    ++kinds;
  }
  if (p.contains("u64")) {
    auto v = unsigned_of(p["u64"], fmt::format("{}.u64", where), UINT64_MAX);
    if (!v) return make_error(v.error());
    s = {ParamSpec::Kind::U64, *v, "", 0, {}};
    ++kinds;
  }
  for (const char* key : {"buffer", "texture", "texels"}) {
    if (!p.contains(key)) continue;
    if (!p[key].is_string()) return make_error(fmt::format("{}.{}: expected a name", where, key));
    const auto kind = key[0] == 'b' ? ParamSpec::Kind::Buffer
                      : key[4] == 'u' ? ParamSpec::Kind::Texture : ParamSpec::Kind::Texels;
    s = {kind, 0, p[key].get<std::string>(), 0, {}};
    ++kinds;
  }
  if (p.contains("hex")) {
    const json only{{"hex", p["hex"]}};
    auto bytes = contents(only, where, {});
    if (!bytes) return make_error(bytes.error());
    if (bytes->empty() || bytes->size() > 4096)
      return make_error(fmt::format("{}.hex: expected 1 to 4096 bytes, got {}", where, bytes->size()));
    s = {ParamSpec::Kind::Hex, 0, "", 0, std::move(*bytes)};
    ++kinds;
  }
  if (kinds != 1)
    return make_error(fmt::format("{}: give exactly one of u32, s32, f32, u64, buffer, texture, texels, hex", where));
  if (p.contains("offset")) {
    if (s.kind != ParamSpec::Kind::Buffer) return make_error(fmt::format("{}.offset: only a buffer takes an offset", where));
    auto v = unsigned_of(p["offset"], fmt::format("{}.offset", where), kMaxBufferBytes);
    if (!v) return make_error(v.error());
    s.offset = *v;
  }
  return s;
}

Result<std::map<std::string, std::string>> name_map(const json& j, std::string_view where) {
  if (!j.is_object()) return make_error(fmt::format("{}: expected an object {{\"symbol\": \"texture\"}}", where));
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : j.items()) {
    if (!v.is_string()) return make_error(fmt::format("{}.{}: expected a texture name", where, k));
    out.emplace(k, v.get<std::string>());
  }
  return out;
}

}  // namespace

Result<LaunchSpec> read_launch_spec(std::string_view text, const std::filesystem::path& base_dir) {
  auto parsed = sample::parse_json(text);  // duplicate keys refused, syntax errors placed
  if (!parsed) return make_error(parsed.error());
  const json& j = *parsed;
  if (!j.is_object()) return make_error("expected a JSON object (docs/run.md)");
  if (auto k = check_keys(j, "spec", {"kernel", "grid", "block", "params", "buffers", "textures", "texrefs",
                                      "samplerrefs", "surfrefs", "variables", "outputs", "max_instructions", "local_bytes", "dynamic_shared"});
      !k)
    return make_error(k.error());
  LaunchSpec s;
  s.base_dir = base_dir;
  if (j.contains("kernel")) {
    if (!j["kernel"].is_string()) return make_error("kernel: expected the kernel's name");
    s.kernel = j["kernel"].get<std::string>();
  }
  for (const char* key : {"grid", "block"}) {
    if (!j.contains(key)) continue;
    auto d = dims(j[key], key);
    if (!d) return make_error(d.error());
    (key[0] == 'g' ? s.grid : s.block) = *d;
  }
  if (uint64_t{s.block[0]} * s.block[1] * s.block[2] > kMaxThreadsPerBlock)
    return make_error(fmt::format("block: {}x{}x{} threads, more than the {} a block may have", s.block[0], s.block[1],
                                  s.block[2], kMaxThreadsPerBlock));
  if (s.block[2] > 64) return make_error("block: z is at most 64 (CUDA's limit)");
  if (s.grid[1] > 65535 || s.grid[2] > 65535) return make_error("grid: y and z are at most 65535 (CUDA's limit)");
  // tmu runs every warp in turn: a launch is kept to what finishes in reasonable time.
  constexpr uint64_t kMaxLaunchThreads = uint64_t{1} << 24;
  const uint64_t total = uint64_t{s.grid[0]} * s.grid[1] * s.grid[2] * s.block[0] * s.block[1] * s.block[2];
  if (total > kMaxLaunchThreads)
    return make_error(fmt::format("grid x block: {} threads, more than the {} tmu runs in one launch", total,
                                  kMaxLaunchThreads));
  for (const char* key : {"max_instructions", "local_bytes", "dynamic_shared"}) {
    if (!j.contains(key)) continue;
    auto v = unsigned_of(j[key], key, key[0] == 'm' ? UINT64_MAX : 0x1000000);
    if (!v) return make_error(v.error());
    if (key[0] == 'm') s.max_instructions = *v;
    else (key[0] == 'l' ? s.local_bytes : s.dynamic_shared) = static_cast<uint32_t>(*v);
  }
  std::set<std::string> buffer_names, texture_names;
  if (j.contains("buffers")) {
    const json& bs = j["buffers"];
    if (!bs.is_array()) return make_error("buffers: expected a list of {\"name\": ..., \"size\": ...}");
    for (std::size_t i = 0; i < bs.size(); ++i) {
      const json& b = bs[i];
      const std::string where = fmt::format("buffers[{}]", i);
      if (!b.is_object() || !b.contains("name") || !b["name"].is_string())
        return make_error(fmt::format("{}: expected an object with a \"name\"", where));
      if (auto k = check_keys(b, where, {"name", "size", "address", "u32", "s32", "f32", "hex", "file", "handles"});
          !k)
        return make_error(k.error());
      BufferSpec buf;
      buf.name = b["name"].get<std::string>();
      if (!buffer_names.insert(buf.name).second)
        return make_error(fmt::format("{}: a second buffer named '{}'", where, buf.name));
      auto init = contents(b, where, base_dir);
      if (!init) return make_error(init.error());
      buf.init = std::move(*init);
      if (b.contains("handles")) {
        if (!buf.init.empty()) return make_error(fmt::format("{}: give either handles or other contents", where));
        const json& hs = b["handles"];
        if (!hs.is_array()) return make_error(fmt::format("{}.handles: expected a list of texture names", where));
        for (std::size_t h = 0; h < hs.size(); ++h) {
          if (!hs[h].is_string() || !j.contains("textures") || !j["textures"].is_object() ||
              !j["textures"].contains(hs[h].get<std::string>()))
            return make_error(fmt::format("{}.handles[{}]: expected the name of one of \"textures\", got {}", where, h,
                                          hs[h].dump()));
          buf.handles.push_back(hs[h].get<std::string>());
        }
        buf.init.resize(8 * buf.handles.size());
      }
      buf.size = buf.init.size();
      if (b.contains("size")) {
        auto v = unsigned_of(b["size"], where + ".size", kMaxBufferBytes);
        if (!v) return make_error(v.error());
        if (*v < buf.init.size())
          return make_error(fmt::format("{}: size {} is smaller than its {} initial bytes", where, *v, buf.init.size()));
        buf.size = *v;
      }
      if (buf.size == 0) return make_error(fmt::format("{}: buffer '{}' has no size and no contents", where, buf.name));
      if (b.contains("address")) {
        auto v = unsigned_of(b["address"], where + ".address", (uint64_t{1} << 48) - 1);
        if (!v) return make_error(v.error());
        buf.address = *v;
      }
      s.buffers.push_back(std::move(buf));
    }
  }
  if (j.contains("textures")) {
    const json& ts = j["textures"];
    if (!ts.is_object()) return make_error("textures: expected an object {\"name\": {\"texture\": ..., \"sampler\": ...}}");
    for (const auto& [name, t] : ts.items()) {
      const std::string where = "textures." + name;
      if (!t.is_object()) return make_error(where + ": expected {\"texture\": {...}, \"sampler\": {...}} (tmu sample's keys)");
      // tmu sample's readers, as scene files use them (sample/spec_parts.h).
      try {
        const sample::Cursor c(t, where);
        c.object({"texture", "sampler"});
        sample::Spec spec;
        spec.texture = sample::read_texture(c.at("texture"));
        spec.sampler = sample::read_sampler(c.find("sampler"), spec.texture);
        s.textures.push_back({name, std::move(spec)});
      } catch (const sample::SpecError& e) {
        return make_error(e.what());
      }
      texture_names.insert(name);
    }
  }
  for (auto [key, field] : {std::pair{"texrefs", &s.texrefs}, {"samplerrefs", &s.samplerrefs}, {"surfrefs", &s.surfrefs}}) {
    if (!j.contains(key)) continue;
    auto m = name_map(j[key], key);
    if (!m) return make_error(m.error());
    for (const auto& [sym, tex] : *m)
      if (!texture_names.count(tex))
        return make_error(fmt::format("{}.{}: no texture named '{}' in \"textures\"", key, sym, tex));
    *field = std::move(*m);
  }
  if (j.contains("params")) {
    const json& ps = j["params"];
    if (!ps.is_array()) return make_error("params: expected a list, in the kernel's parameter order");
    for (std::size_t i = 0; i < ps.size(); ++i) {
      const std::string where = fmt::format("params[{}]", i);
      auto p = param(ps[i], where);
      if (!p) return make_error(p.error());
      if (p->kind == ParamSpec::Kind::Buffer && !buffer_names.count(p->ref))
        return make_error(fmt::format("{}: no buffer named '{}' in \"buffers\"", where, p->ref));
      if ((p->kind == ParamSpec::Kind::Texture || p->kind == ParamSpec::Kind::Texels) && !texture_names.count(p->ref))
        return make_error(fmt::format("{}: no texture named '{}' in \"textures\"", where, p->ref));
      s.params.push_back(std::move(*p));
    }
  }
  if (j.contains("variables")) {
    const json& vs = j["variables"];
    if (!vs.is_array()) return make_error("variables: expected a list of {\"name\": ..., \"u32\": [...]}");
    std::set<std::string> names;
    for (std::size_t i = 0; i < vs.size(); ++i) {
      const json& v = vs[i];
      const std::string where = fmt::format("variables[{}]", i);
      if (!v.is_object() || !v.contains("name") || !v["name"].is_string())
        return make_error(fmt::format("{}: expected an object with a \"name\" (a .global variable of the module)", where));
      if (auto k = check_keys(v, where, {"name", "u32", "s32", "f32", "hex", "file"}); !k) return make_error(k.error());
      VariableSpec var{v["name"].get<std::string>(), {}};
      if (!names.insert(var.name).second) return make_error(fmt::format("{}: '{}' is given twice", where, var.name));
      auto init = contents(v, where, base_dir);
      if (!init) return make_error(init.error());
      var.init = std::move(*init);
      s.variables.push_back(std::move(var));
    }
  }
  if (j.contains("outputs")) {
    const json& os = j["outputs"];
    if (!os.is_array()) return make_error("outputs: expected a list of {\"buffer\": ..., \"format\": ...}");
    for (std::size_t i = 0; i < os.size(); ++i) {
      const json& o = os[i];
      const std::string where = fmt::format("outputs[{}]", i);
      // Exactly one of "buffer", "variable" and "texture" names what to print.
      const auto has = [&](const char* k) { return o.is_object() && o.contains(k) ? 1 : 0; };
      const char* key = has("variable") ? "variable" : has("texture") ? "texture" : "buffer";
      if (!o.is_object() || !o[key].is_string() || has("buffer") + has("variable") + has("texture") != 1)
        return make_error(fmt::format("{}: expected an object with one of \"buffer\", \"variable\" or \"texture\"", where));
      if (auto k = check_keys(o, where, {"buffer", "variable", "texture", "format", "file"}); !k) return make_error(k.error());
      OutputSpec out;
      out.buffer = o[key].get<std::string>();
      out.variable = key[0] == 'v';
      out.texture = key[0] == 't';
      if (key[0] == 'b' && !buffer_names.count(out.buffer))
        return make_error(fmt::format("{}: no buffer named '{}' in \"buffers\"", where, out.buffer));
      if (out.texture && !texture_names.count(out.buffer))
        return make_error(fmt::format("{}: no texture named '{}' in \"textures\"", where, out.buffer));
      if (o.contains("format")) {
        if (!o["format"].is_string()) return make_error(where + ".format: expected u32, s32, f32 or hex");
        out.format = o["format"].get<std::string>();
        if (out.format != "u32" && out.format != "s32" && out.format != "f32" && out.format != "hex")
          return make_error(fmt::format("{}.format: '{}' is not u32, s32, f32 or hex", where, out.format));
      }
      if (o.contains("file")) {
        if (!o["file"].is_string()) return make_error(where + ".file: expected a file name");
        out.file = o["file"].get<std::string>();
      }
      s.outputs.push_back(std::move(out));
    }
  }
  return s;
}

}  // namespace tmu::run
