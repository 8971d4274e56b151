// SPDX-License-Identifier: MIT
// Reading an input the user names: a regular file, a pipe or FIFO, a character device, or "-" for standard input.
// Each input is opened once and read to its end (pipes and FIFOs cannot be read twice); directories and files
// over a size limit are refused with the path and the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "common/result.h"

namespace tmu {

inline constexpr uint64_t kNoInputLimit = std::numeric_limits<uint64_t>::max();

// An open input. Regular files report their size (callers may map them); others are read to their end.
class InputFile {
 public:
  // "-" is standard input. Errors: "PATH: No such file or directory", "PATH: Is a directory", ...
  static Result<InputFile> open(const std::string& path);
  InputFile(InputFile&& o) noexcept;
  InputFile& operator=(InputFile&&) = delete;
  InputFile(const InputFile&) = delete;
  ~InputFile();

  int fd() const { return fd_; }
  bool regular() const { return regular_; }
  uint64_t size() const { return size_; }  // regular files; 0 otherwise
  const std::string& path() const { return path_; }

  // Everything from the current position to the end. Errors: "PATH: holds more than LIMIT bytes", "PATH: read
  // error: REASON".
  Result<std::vector<std::byte>> read_all(uint64_t limit = kNoInputLimit);

 private:
  InputFile() = default;
  int fd_ = -1;
  bool owned_ = false;
  bool regular_ = false;
  uint64_t size_ = 0;
  std::string path_;
};

// InputFile::open and read_all in one.
Result<std::vector<std::byte>> read_input(const std::string& path, uint64_t limit = kNoInputLimit);

}  // namespace tmu
