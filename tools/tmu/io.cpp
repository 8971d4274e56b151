// SPDX-License-Identifier: MIT
#include "io.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

namespace tmu::cli {

void error(const std::string& message) { std::cerr << "tmu: error: " << message << '\n'; }

std::optional<std::vector<std::byte>> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error(path + ": " + std::strerror(errno));
    return std::nullopt;
  }
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  std::vector<std::byte> out(size > 0 ? static_cast<std::size_t>(size) : 0);
  if (size > 0) in.read(reinterpret_cast<char*>(out.data()), size);
  if (size < 0 || !in) {
    error(path + ": read error");
    return std::nullopt;
  }
  return out;
}

bool write_file(const std::string& path, const std::vector<std::byte>& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  if (!out) {
    error(path + ": cannot write: " + std::strerror(errno));
    return false;
  }
  return true;
}

}  // namespace tmu::cli
