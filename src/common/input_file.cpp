// SPDX-License-Identifier: MIT
#include "common/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tmu {

Result<InputFile> InputFile::open(const std::string& path) {
  InputFile f;
  f.path_ = path;
  if (path == "-") {
    f.fd_ = STDIN_FILENO;
  } else {
    f.fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f.fd_ < 0) return make_error(path + ": " + std::strerror(errno));
    f.owned_ = true;
  }
  struct stat st {};
  if (::fstat(f.fd_, &st) != 0) return make_error(path + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return make_error(path + ": " + std::strerror(EISDIR));
  f.regular_ = S_ISREG(st.st_mode);
  f.size_ = f.regular_ && st.st_size > 0 ? static_cast<uint64_t>(st.st_size) : 0;
  return f;
}

InputFile::InputFile(InputFile&& o) noexcept
    : fd_(o.fd_), owned_(o.owned_), regular_(o.regular_), size_(o.size_), path_(std::move(o.path_)) {
  o.fd_ = -1;
  o.owned_ = false;
}

InputFile::~InputFile() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

Result<std::vector<std::byte>> InputFile::read_all(uint64_t limit) {
  if (regular_ && size_ > limit)
    return make_error(path_ + ": holds " + std::to_string(size_) + " bytes, more than the " + std::to_string(limit) +
                      " it may have");
  std::vector<std::byte> out;
  // A regular file's size is a hint (it may grow or shrink while read); everything else is read in chunks to EOF.
  out.reserve(static_cast<std::size_t>(regular_ ? size_ : 0));
  std::byte chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      return make_error(path_ + ": read error: " + std::strerror(errno));
    }
    if (n == 0) break;
    if (out.size() + static_cast<uint64_t>(n) > limit)
      return make_error(path_ + ": holds more than the " + std::to_string(limit) + " bytes it may have");
    out.insert(out.end(), chunk, chunk + n);
  }
  return out;
}

Result<std::vector<std::byte>> read_input(const std::string& path, uint64_t limit) {
  auto f = InputFile::open(path);
  if (!f) return make_error(f.error());
  return f->read_all(limit);
}

}  // namespace tmu
