// SPDX-License-Identifier: MIT
// The scene-file reader: JSON -> Scene, through tmu sample's JSON cursor (each getter checks type and range and
// names the path) and its texture and sampler readers, so that a scene's textures take every key `tmu sample`
// documents.
#include "render/scene_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <map>

#include "common/input_file.h"
#include "render/options.h"
#include "render/programs.h"
#include "sample/spec_names.h"
#include "sample/spec_parts.h"

namespace tmu::render {
namespace {

using sample::Cursor;

// A constant bank holds 64 KiB (c[bank][0x0000..0xffff]).
constexpr int64_t kBankBytes = 0x10000;

std::array<float, 4> read_vector(const Cursor& c, std::size_t min, std::array<float, 4> fill, std::string_view what) {
  if (!c.is_array() || c.size() < min || c.size() > 4)
    c.fail(fmt::format("expected {} to 4 numbers ({})", min, what));
  for (std::size_t i = 0; i < c.size(); ++i) fill[i] = c[i].number();
  return fill;
}

Camera read_camera(const Cursor& c) {
  c.object({"fov_y", "near", "far", "eye", "yaw", "pitch"});
  Camera cam;
  if (auto v = c.find("fov_y")) {
    cam.fov_y = v->number();
    if (!(cam.fov_y > 0.0f && cam.fov_y < 180.0f)) v->fail("expected degrees between 0 and 180");
  }
  if (auto v = c.find("near")) cam.near = v->number();
  if (auto v = c.find("far")) cam.far = v->number();
  if (!(cam.near > 0.0f) || !(cam.far > cam.near) || !std::isfinite(cam.far))
    c.fail(fmt::format("expected 0 < near < far (finite), got near {} and far {}", cam.near, cam.far));
  if (auto v = c.find("eye")) {
    v->array_of(3, "3 numbers (x, y, z)");
    for (unsigned i = 0; i < 3; ++i) cam.eye[i] = (*v)[i].number();
  }
  if (auto v = c.find("yaw")) cam.yaw = v->number();
  if (auto v = c.find("pitch")) cam.pitch = v->number();
  for (float f : {cam.eye[0], cam.eye[1], cam.eye[2], cam.yaw, cam.pitch})
    if (!std::isfinite(f)) c.fail("expected finite numbers");
  return cam;
}

struct Named {
  std::map<std::string, uint32_t> index;
  std::string list() const {
    std::string s;
    for (const auto& [name, i] : index) s += (s.empty() ? "" : ", ") + name;
    return s.empty() ? "none" : s;
  }
};

// The keys of an object of named things ("textures", "programs"), but "comment".
std::vector<std::string> names_in(const Cursor& c) {
  if (!c.json().is_object()) c.fail(fmt::format("expected an object of named entries, got {}", sample::json_kind(c.json())));
  std::vector<std::string> names;
  for (const auto& [name, value] : c.json().items())
    if (name != "comment") names.push_back(name);
  return names;
}

uint32_t lookup(const Cursor& c, const Named& names, std::string_view what) {
  const std::string name = c.string();
  auto it = names.index.find(name);
  if (it == names.index.end()) c.fail(fmt::format("no {} named '{}' (the scene has: {})", what, name, names.list()));
  return it->second;
}

FragmentProgram read_program(const Cursor& c, const std::string& name, const std::filesystem::path& base_dir) {
  c.object({"builtin", "sass", "file"});
  if (c.has("builtin") + c.has("sass") + c.has("file") != 1) c.fail("give exactly one of builtin, sass, file");
  FragmentProgram p;
  p.name = fmt::format("program '{}'", name);
  if (auto b = c.find("builtin")) {
    const std::string n = b->string();
    for (const BuiltinProgram& bp : kBuiltinPrograms)
      if (bp.name == n) p.text = std::string(bp.text);
    if (p.text.empty()) {
      std::string names;
      for (const BuiltinProgram& bp : kBuiltinPrograms) names += (names.empty() ? "" : ", ") + std::string(bp.name);
      b->fail(fmt::format("no built-in program '{}' (there are: {})", n, names));
    }
  } else if (auto s = c.find("sass")) {
    // One string, or one string per line.
    if (s->is_array()) {
      for (std::size_t i = 0; i < s->size(); ++i) p.text += (*s)[i].string() + "\n";
    } else {
      p.text = s->string();
    }
  } else {
    const Cursor f = c.at("file");
    const std::string file = f.string();
    if (file.empty() || file.find('\0') != std::string::npos) f.fail("expected a file name");
    auto bytes = read_input((base_dir / file).string());
    if (!bytes) f.fail(bytes.error());
    // A cubin (its first function), a raw SM52 blob (*.bin) or SASS text, as `tmu render --program` reads them.
    auto set = set_program(p, file, *bytes, file.ends_with(".bin"));
    if (!set) f.fail(set.error());
  }
  return p;
}

// One entry of a draw's "constants": words from a byte offset of a bank.
void read_constants(const Cursor& c, std::size_t handles, isa::ConstantBanks& banks) {
  c.object({"bank", "offset", "u32", "s32", "f32"});
  const auto bank = static_cast<unsigned>(c.at("bank").integer(0, 17));
  const int64_t offset = c.has("offset") ? c.at("offset").integer(0, kBankBytes - 4) : 0;
  if (offset % 4 != 0) c.at("offset").fail("expected a multiple of 4 (constants are 32-bit words)");
  if (bank == 0 && offset < static_cast<int64_t>(4 * handles))
    c.fail(fmt::format("bank 0 words 0..{} hold the draw's texture handles; start at offset {:#x}", handles - 1,
                       4 * handles));
  std::vector<uint32_t> words;
  unsigned kinds = 0;
  for (const char* key : {"u32", "s32", "f32"}) {
    auto v = c.find(key);
    if (!v) continue;
    ++kinds;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const Cursor e = (*v)[i];
      if (key[0] == 'u') words.push_back(static_cast<uint32_t>(e.integer(0, UINT32_MAX)));
      else if (key[0] == 's') words.push_back(static_cast<uint32_t>(static_cast<int32_t>(e.integer(INT32_MIN, INT32_MAX))));
      else words.push_back(std::bit_cast<uint32_t>(e.number()));
    }
  }
  if (kinds != 1) c.fail("give exactly one of u32, s32, f32 (a list of words)");
  if (offset + 4 * static_cast<int64_t>(words.size()) > kBankBytes)
    c.fail(fmt::format("the words end at byte {:#x}, past the bank's 64 KiB", offset + 4 * static_cast<int64_t>(words.size())));
  auto it = std::find_if(banks.begin(), banks.end(), [&](const auto& b) { return b.first == bank; });
  if (it == banks.end()) it = banks.insert(banks.end(), {bank, {}});
  std::vector<std::byte>& data = it->second;
  const std::size_t end = static_cast<std::size_t>(offset) + 4 * words.size();
  if (data.size() < end) data.resize(end);
  if (!words.empty()) std::memcpy(data.data() + offset, words.data(), 4 * words.size());
}

Draw read_draw(const Cursor& c, const Named& textures, const std::vector<FragmentProgram>& programs,
               const Named& program_names) {
  c.object({"program", "textures", "constants", "vertices", "triangles"});
  Draw d;
  d.program = programs[lookup(c.at("program"), program_names, "program")];
  if (auto ts = c.find("textures"))
    for (std::size_t i = 0; i < ts->size(); ++i) d.textures.push_back(lookup((*ts)[i], textures, "texture"));
  if (auto cs = c.find("constants"))
    for (std::size_t i = 0; i < cs->size(); ++i) read_constants((*cs)[i], d.textures.size(), d.constants);
  const Cursor vs = c.at("vertices");
  if (vs.size() < 3) vs.fail("expected at least 3 vertices");
  for (std::size_t i = 0; i < vs.size(); ++i) {
    const Cursor v = vs[i];
    v.object({"position", "attributes"});
    Vertex vx;
    vx.position = read_vector(v.at("position"), 3, {0.0f, 0.0f, 0.0f, 1.0f}, "x, y, z and optionally w");
    if (auto as = v.find("attributes"))
      for (std::size_t a = 0; a < as->size(); ++a)
        vx.attributes.push_back(read_vector((*as)[a], 1, {0.0f, 0.0f, 0.0f, 1.0f}, "missing components are 0, 0, 1"));
    if (vx.attributes.size() > 32) v.at("attributes").fail("at most 32 generic attributes");
    if (i > 0 && vx.attributes.size() != d.vertices[0].attributes.size())
      v.fail(fmt::format("has {} attributes; vertex 0 has {} (every vertex of a draw has the same)",
                         vx.attributes.size(), d.vertices[0].attributes.size()));
    d.vertices.push_back(std::move(vx));
  }
  const Cursor tris = c.at("triangles");
  for (std::size_t i = 0; i < tris.size(); ++i) {
    const Cursor t = tris[i];
    t.array_of(3, "3 vertex indices");
    std::array<uint32_t, 3> tri{};
    for (unsigned k = 0; k < 3; ++k) tri[k] = static_cast<uint32_t>(t[k].integer(0, static_cast<int64_t>(d.vertices.size()) - 1));
    d.triangles.push_back(tri);
  }
  return d;
}

}  // namespace

Result<Scene> read_scene(std::string_view text, const std::filesystem::path& base_dir) {
  auto root = sample::parse_json(text);
  if (!root) return make_error(root.error());
  try {
    const Cursor c(*root, "");
    c.object({"width", "height", "samples", "clear", "camera", "depth_test", "textures", "programs", "draws"});
    Scene s;
    s.base_dir = base_dir;
    if (auto v = c.find("width")) s.width = static_cast<uint32_t>(v->integer(1, kMaxFrameSide));
    if (auto v = c.find("height")) s.height = static_cast<uint32_t>(v->integer(1, kMaxFrameSide));
    if (auto v = c.find("samples")) {
      s.samples = static_cast<unsigned>(v->integer(1, 8));
      if (!std::has_single_bit(s.samples)) v->fail("expected 1, 2, 4 or 8 samples per pixel");
    }
    if (auto e = check_frame(s.width, s.height, s.samples)) c.fail(*e);
    if (auto v = c.find("clear")) {
      v->array_of(4, "4 numbers (R, G, B, A)");
      for (unsigned i = 0; i < 4; ++i) s.clear[i] = (*v)[i].number();
    }
    if (auto v = c.find("camera")) s.camera = read_camera(*v);
    if (auto v = c.find("depth_test")) s.depth_test = v->pick<texunit::CompareFunc>(sample::kCompareFuncs);

    Named texture_names, program_names;
    if (auto ts = c.find("textures")) {
      for (const std::string& name : names_in(*ts)) {
        const Cursor t = ts->at(name);
        t.object({"texture", "sampler"});
        SceneTexture st;
        st.name = name;
        st.texture = sample::read_texture(t.at("texture"));
        st.sampler = sample::read_sampler(t.find("sampler"), st.texture);
        texture_names.index[name] = static_cast<uint32_t>(s.textures.size());
        s.textures.push_back(std::move(st));
      }
    }
    std::vector<FragmentProgram> programs;
    if (auto ps = c.find("programs"))
      for (const std::string& name : names_in(*ps)) {
        program_names.index[name] = static_cast<uint32_t>(programs.size());
        programs.push_back(read_program(ps->at(name), name, base_dir));
      }
    const Cursor ds = c.at("draws");
    if (ds.size() == 0) ds.fail("expected at least one draw");
    for (std::size_t i = 0; i < ds.size(); ++i) s.draws.push_back(read_draw(ds[i], texture_names, programs, program_names));
    return s;
  } catch (const sample::SpecError& e) {
    return make_error(e.what());
  }
}

}  // namespace tmu::render
