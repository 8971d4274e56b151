// SPDX-License-Identifier: MIT
#include "io.h"

#include "common/input_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <utility>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

namespace tmu::cli {

void error(const std::string& message) { std::cerr << "tmu: error: " << message << '\n'; }

std::optional<std::vector<std::byte>> read_file(const std::string& path) {
  auto bytes = read_input(path);
  if (!bytes) {
    error(bytes.error());
    return std::nullopt;
  }
  return std::move(*bytes);
}

std::optional<MappedFile> MappedFile::open(const std::string& path) {
  // Opened once: a FIFO or pipe cannot be opened again to be read after a failed map.
  auto in = InputFile::open(path);
  if (!in) {
    error(in.error());
    return std::nullopt;
  }
  MappedFile f;
  if (in->regular() && in->size() > 0) {
    void* p = ::mmap(nullptr, static_cast<std::size_t>(in->size()), PROT_READ, MAP_PRIVATE | MAP_POPULATE, in->fd(), 0);
    if (p != MAP_FAILED) {
      f.map_ = static_cast<const std::byte*>(p);
      f.size_ = static_cast<std::size_t>(in->size());
      return f;
    }
  }
  auto bytes = in->read_all();
  if (!bytes) {
    error(bytes.error());
    return std::nullopt;
  }
  f.copy_ = std::move(*bytes);
  return f;
}

MappedFile::MappedFile(MappedFile&& o) noexcept : map_(o.map_), size_(o.size_), copy_(std::move(o.copy_)) {
  o.map_ = nullptr;
}

MappedFile::~MappedFile() {
  if (map_) ::munmap(const_cast<std::byte*>(map_), size_);
}

int write_text_output(const std::string& path, const std::string& text) {
  if (path.empty()) {
    std::cout << text;
    return std::cout ? 0 : 1;
  }
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return write_file(path, std::vector<std::byte>(p, p + text.size())) ? 0 : 1;
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
