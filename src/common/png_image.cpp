// SPDX-License-Identifier: MIT
#include "common/png_image.h"

#include <fmt/format.h>
#include <png.h>

namespace tmu {

Result<RgbaImage> decode_png(std::span<const std::byte> file, uint64_t max_pixels) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, file.data(), file.size()))
    return make_error(fmt::format("not a readable PNG file: {}", image.message));
  if (uint64_t{image.width} * image.height > max_pixels) {
    const std::string size = fmt::format("{}x{}", image.width, image.height);
    png_image_free(&image);
    return make_error(fmt::format("the image is {} pixels, larger than the texture", size));
  }
  image.format = PNG_FORMAT_RGBA;
  RgbaImage out;
  out.width = image.width;
  out.height = image.height;
  out.pixels.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.pixels.data(), 0, nullptr))
    return make_error(fmt::format("cannot decode the PNG file: {}", image.message));
  return out;
}

Result<std::vector<std::byte>> encode_png(const RgbaImage& in) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = in.width;
  image.height = in.height;
  image.format = PNG_FORMAT_RGBA;
  if (in.pixels.size() != PNG_IMAGE_SIZE(image)) return make_error("pixel data does not match the image size");
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, nullptr, &size, 0, in.pixels.data(), 0, nullptr))
    return make_error(fmt::format("cannot encode PNG: {}", image.message));
  std::vector<std::byte> out(size);
  if (!png_image_write_to_memory(&image, out.data(), &size, 0, in.pixels.data(), 0, nullptr))
    return make_error(fmt::format("cannot encode PNG: {}", image.message));
  out.resize(size);
  return out;
}

}  // namespace tmu
