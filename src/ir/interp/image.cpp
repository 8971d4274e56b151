// SPDX-License-Identifier: MIT
// Image intrinsics (image_load, image_store, image_atomic_*) through the texture unit's surfaces
// (texunit/surface_access.h), as SM50 runs them: SULD.P, SUST.P and SUATOM on the image's texture header, with
// GL's robust out-of-range behaviour (.IGN: loads read zero, stores and atomics do nothing, an atomic returns
// zero). Lanes run in ascending order; helper lanes load but neither store nor run atomics (GLSL: their stores
// have no effect). docs/ir.md, "Images".
#include <array>
#include <cstring>
#include <optional>
#include <string_view>

#include "ir/interp/state.h"
#include "texunit/atomic.h"
#include "texunit/surface_access.h"

namespace tmu::ir::interp::detail {
namespace {

namespace tu = texunit;

// Mesa's image_dim spellings (nir_print.c).
struct ImageShape {
  std::string_view dim = "2D";
  bool array = false;
};

ImageShape shape_of(const IntrinsicInstr& n) {
  ImageShape s;
  for (const auto& [name, value] : n.indices) {
    if (name == "image_dim") s.dim = value;
    if (name == "image_array") s.array = value == "true";
  }
  return s;
}

// The coordinate vector as the surface's x, y, z and layer: NIR puts the layer after the dimension's coordinates
// (1D arrays: y; 2D arrays: z), a cube face in z (cube arrays: 6 × cube + face), buffers use x.
tu::SurfaceCoords coords_of(const ImageShape& s, const Reg& c, unsigned lane, const std::string& where) {
  auto i = [&](unsigned k) { return static_cast<int32_t>(c.get(k, lane)); };
  if (s.dim == "1D" || s.dim == "Buf")
    return tu::SurfaceCoords{i(0), 0, 0, s.array ? static_cast<uint32_t>(c.get(1, lane)) : 0};
  if (s.dim == "2D" || s.dim == "Rect")
    return tu::SurfaceCoords{i(0), i(1), 0, s.array ? static_cast<uint32_t>(c.get(2, lane)) : 0};
  if (s.dim == "Cube") return tu::SurfaceCoords{i(0), i(1), 0, static_cast<uint32_t>(c.get(2, lane))};
  if (s.dim == "3D") return tu::SurfaceCoords{i(0), i(1), i(2)};
  fail("{}: image_dim={} is not modelled (1D, 2D, 3D, Cube, Rect, Buf)", where, s.dim);
}

}  // namespace

void eval_image(const IntrinsicInstr& n, State& st, uint32_t mask, const std::string& where) {
  const bool load = n.op == Intrinsic::image_load, store = n.op == Intrinsic::image_store;
  const ImageShape shape = shape_of(n);
  const Reg& image = st.reg(n.src[0]);
  const Reg& coord = st.reg(n.src[1]);
  if (coord.comps < 4 || coord.bits != 32) fail("{}: {}'s coordinate is {} x {}-bit, not 4 x 32-bit", where, name(n.op), coord.comps, coord.bits);
  if (shape.dim == "2D-MSAA" || shape.dim == "Subpass" || shape.dim == "Subpass-MSAA")
    fail("{}: image_dim={} is not modelled (multisampled images)", where, shape.dim);
  const Reg* data = store || !load ? &st.reg(n.src[3]) : nullptr;
  if (data && (data->bits != 32 || data->comps < (store ? 4 : 1)))
    fail("{}: {}'s data is {} x {}-bit, not {} x 32-bit", where, name(n.op), data->comps, data->bits, store ? 4 : 1);
  const std::optional<ImageAtomic> atomic = image_atomic(n.op);
  const Reg* data2 = atomic && atomic->comp_swap ? &st.reg(n.src[4]) : nullptr;
  Reg* dest = nullptr;
  if (!store) {
    if (n.dest.bit_size != 32 || n.dest.components != (load ? 4 : 1))
      fail("{}: {} makes {} x 32-bit, not {} x {}-bit", where, name(n.op), load ? 4 : 1, n.dest.components, n.dest.bit_size);
    dest = &st.define(n.dest);
  }
  tu::GpuMemory& memory = st.bindings().memory();
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    if (!((mask >> lane) & 1)) continue;
    const bool helper = (st.helpers >> lane) & 1;
    if (!load && helper) continue;
    const auto index = static_cast<uint32_t>(image.get(0, lane));
    const Bindings::Texture* t = st.bindings().texture(index);
    if (!t) fail("{}: lane {}: image {} is not bound", where, lane, index);
    const tu::BoundTexture* bound = st.bindings().unit_bindings().texture(t->pool_index);
    if (!bound) fail("{}: lane {}: image {}'s header does not decode", where, lane, index);
    auto view = tu::SurfaceView::make(*bound);
    if (!view) fail("{}: lane {}: image {}: {}", where, lane, index, view.error());
    const tu::SurfaceCoords at = coords_of(shape, coord, lane, where);
    if (!load && !store)
      if (const std::string why = tu::image_atomic_format_error(name(n.op), view->format().layout()); !why.empty())
        fail("{}: lane {}: {}", where, lane, why);
    auto place = view->place(at, load || store ? view->texel_bytes() : 4, false, tu::SurfaceClamp::Zero);
    if (!place) fail("{}: lane {}: {}", where, lane, place.error());
    if (load) {
      tu::Texel texel;
      if (place->inside) {
        tu::MemoryAccess a;
        texel = view->load_texel(memory, place->texel, a);
        if (!a.ok()) texel = {};  // a non-resident (sparse) texel reads zero
      }
      for (unsigned c = 0; c < 4; ++c) dest->set(c, lane, texel.bits[c]);
      continue;
    }
    if (store) {
      if (!place->inside) continue;
      tu::Texel texel;
      for (unsigned c = 0; c < 4; ++c) texel.bits[c] = static_cast<uint32_t>(data->get(c, lane));
      view->store_texel(memory, place->texel, texel);
      continue;
    }
    uint32_t old = 0;
    if (place->inside) {
      std::array<std::byte, 4> b{};
      if (view->read(memory, *place, b).ok()) {
        std::memcpy(&old, b.data(), 4);
        const auto value = static_cast<uint32_t>(data->get(0, lane));
        uint32_t next = old;
        if (data2) {
          if (old == value) next = static_cast<uint32_t>(data2->get(0, lane));
        } else {
          next = static_cast<uint32_t>(*tu::atomic_combine(atomic->op, atomic->type, old, value));
        }
        std::memcpy(b.data(), &next, 4);
        view->write(memory, *place, b);
      }
    }
    dest->set(0, lane, old);
  }
}

}  // namespace tmu::ir::interp::detail

namespace tmu::ir::interp {

std::optional<ImageAtomic> image_atomic(Intrinsic op) {
  using O = texunit::AtomicOp;
  using T = texunit::AtomicType;
  switch (op) {
    case Intrinsic::image_atomic_add: return ImageAtomic{O::Add, T::U32};
    case Intrinsic::image_atomic_imin: return ImageAtomic{O::Min, T::S32};
    case Intrinsic::image_atomic_umin: return ImageAtomic{O::Min, T::U32};
    case Intrinsic::image_atomic_imax: return ImageAtomic{O::Max, T::S32};
    case Intrinsic::image_atomic_umax: return ImageAtomic{O::Max, T::U32};
    case Intrinsic::image_atomic_and: return ImageAtomic{O::And, T::U32};
    case Intrinsic::image_atomic_or: return ImageAtomic{O::Or, T::U32};
    case Intrinsic::image_atomic_xor: return ImageAtomic{O::Xor, T::U32};
    case Intrinsic::image_atomic_exchange: return ImageAtomic{O::Exch, T::U32};
    case Intrinsic::image_atomic_comp_swap: return ImageAtomic{O::Exch, T::U32, true};
    case Intrinsic::image_atomic_inc_wrap: return ImageAtomic{O::Inc, T::U32};
    case Intrinsic::image_atomic_dec_wrap: return ImageAtomic{O::Dec, T::U32};
    default: return std::nullopt;
  }
}

}  // namespace tmu::ir::interp
