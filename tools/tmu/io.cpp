// SPDX-License-Identifier: MIT
#include "io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

std::optional<MappedFile> MappedFile::open(const std::string& path) {
  MappedFile f;
  const int fd = ::open(path.c_str(), O_RDONLY);
  struct stat st {};
  if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (p != MAP_FAILED) {
      f.map_ = static_cast<const std::byte*>(p);
      f.size_ = static_cast<std::size_t>(st.st_size);
    }
  }
  if (fd >= 0) ::close(fd);
  if (f.map_) return f;
  auto bytes = read_file(path);
  if (!bytes) return std::nullopt;
  f.copy_ = std::move(*bytes);
  return f;
}

MappedFile::MappedFile(MappedFile&& o) noexcept : map_(o.map_), size_(o.size_), copy_(std::move(o.copy_)) {
  o.map_ = nullptr;
}

MappedFile::~MappedFile() {
  if (map_) ::munmap(const_cast<std::byte*>(map_), size_);
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
