// SPDX-License-Identifier: MIT
// `tmu sample`'s image requests (docs/texunit.md, "Image requests"): NIR's image_load, image_store and
// image_atomic_* on the spec's texture, read from a request object. Internal to src/sample.
#pragma once

#include <optional>
#include <string_view>

#include "sample/json_cursor.h"
#include "sample/spec.h"

namespace tmu::sample {

// The image intrinsics a request may name, and their names for error messages ("image_load, image_store, ...").
std::optional<ir::Intrinsic> image_op_named(std::string_view name);
std::string image_op_names();

// Reads a request whose op is an image intrinsic: coords (integers), value (image_store), data and compare (the
// atomics). Throws SpecError naming the key.
RequestSpec read_image_request(const Cursor& c, const TextureSpec& tex, ir::Intrinsic op);

// Mesa's image_dim spelling for the texture's type (nir_print.c): "1D", "2D", "3D", "Cube".
std::string_view image_dim_name(const texunit::TextureHeader& h);

}  // namespace tmu::sample
