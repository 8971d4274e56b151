// SPDX-License-Identifier: MIT
// The interpreter's textures and samplers: `tmu sample`'s descriptions (src/sample) built into one TextureSet.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "ir/interp/interpreter.h"
#include "sample/spec_reader.h"
#include "sample/texels.h"
#include "texunit/texture_set.h"

namespace tmu::ir::interp {

// Room for 1024 textures; every sampler takes two entries (as bound, and its unnormalized twin for RECT).
struct Bindings::Pools {
  texunit::TextureSet set{1024, 2048};
};

namespace {


// Reads a spec's texture and sampler with `tmu sample`'s reader. A text that is not JSON is passed as it is, so
// that the syntax error's byte position is the caller's; otherwise a request the reader needs is added when the
// text has none (just before the object's closing brace: positions before it stay the caller's).
Result<sample::Spec> read_objects(std::string_view text) {
  const auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) {
    auto r = sample::read_spec(text);
    return make_error(r ? "expected a JSON object" : r.error());
  }
  if (!j.is_object()) return make_error("expected a JSON object {\"texture\": {...}, \"sampler\": {...}}");
  if (j.contains("requests")) return sample::read_spec(text);
  const auto close = text.rfind('}');
  std::string with(text.substr(0, close));
  with += j.empty() ? "\"requests\": [{\"op\": \"txs\"}]" : ", \"requests\": [{\"op\": \"txs\"}]";
  with += text.substr(close);
  return sample::read_spec(with);
}

}  // namespace

Bindings::Bindings(texunit::Policy policy) : pools_(std::make_unique<Pools>()), policy_(policy) {}
Bindings::~Bindings() = default;
Bindings::Bindings(Bindings&&) noexcept = default;
Bindings& Bindings::operator=(Bindings&&) noexcept = default;

Result<bool> Bindings::bind_texture(uint32_t index, const sample::TextureSpec& spec, const std::filesystem::path& base_dir) {
  texunit::TextureSet& set = pools_->set;
  auto t = set.add_texture(spec.header);
  if (!t) return make_error(fmt::format("texture {}: {}", index, t.error()));
  if (const std::string why = set.bindings().header_error(*t); !why.empty())
    return make_error(fmt::format("texture {}: the header does not decode: {}", index, why));
  auto filled = sample::fill_texels(set, *t, spec, base_dir);
  if (!filled) return make_error(fmt::format("texture {}: {}", index, filled.error()));
  if (!spec.nonresident_pages.empty()) {
    auto unbound = sample::unbind_pages(set, *t, spec.nonresident_pages);
    if (!unbound) return make_error(fmt::format("texture {}: nonresident_pages: {}", index, unbound.error()));
  }
  textures_[index] = Texture{*t, set.header(*t)};
  return true;
}

Result<bool> Bindings::bind_sampler(uint32_t index, const texunit::Sampler& sampler) {
  texunit::TextureSet& set = pools_->set;
  auto s = set.add_sampler(sampler);
  if (!s) return make_error(fmt::format("sampler {}: {}", index, s.error()));
  texunit::Sampler unnormalized = sampler;
  unnormalized.force_unnormalized = true;
  auto u = set.add_sampler(unnormalized);
  if (!u) return make_error(fmt::format("sampler {}: {}", index, u.error()));
  samplers_[index] = Sampler{*s, *u, sampler};
  return true;
}

Result<bool> Bindings::bind_json(uint32_t index, std::string_view json, const std::filesystem::path& base_dir) {
  auto spec = read_objects(json);
  if (!spec) return make_error(spec.error());
  if (auto t = bind_texture(index, spec->texture, base_dir); !t) return t;
  return bind_sampler(index, spec->sampler);
}

Result<bool> Bindings::bind_sampler_json(uint32_t index, std::string_view json) {
  const auto j = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  if (j.is_discarded()) {
    auto r = sample::read_spec(json);
    return make_error(r ? "expected a JSON object" : r.error());
  }
  std::string spec = "{\"texture\": {\"width\": 1}, \"sampler\": ";
  spec += json;
  spec += ", \"requests\": [{\"op\": \"txs\"}]}";
  auto s = sample::read_spec(spec);
  if (!s) return make_error(s.error());
  return bind_sampler(index, s->sampler);
}

const Bindings::Texture* Bindings::texture(uint32_t index) const {
  const auto it = textures_.find(index);
  return it == textures_.end() ? nullptr : &it->second;
}

const Bindings::Sampler* Bindings::sampler(uint32_t index) const {
  const auto it = samplers_.find(index);
  return it == samplers_.end() ? nullptr : &it->second;
}

const texunit::Bindings& Bindings::unit_bindings() const { return pools_->set.bindings(); }

texunit::GpuMemory& Bindings::memory() const { return pools_->set.memory(); }

}  // namespace tmu::ir::interp
