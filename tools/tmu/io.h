// SPDX-License-Identifier: MIT
// File helpers shared by the subcommands.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tmu::cli {

// Reads a whole input ("-": standard input; pipes and FIFOs to their end); on failure prints "tmu: error: PATH:
// reason" (directories: "Is a directory") and returns nullopt.
std::optional<std::vector<std::byte>> read_file(const std::string& path);
bool write_file(const std::string& path, const std::vector<std::byte>& data);
// Text to `path`, or to standard output when `path` is empty; the exit status (0, or 1 after an error message).
int write_text_output(const std::string& path, const std::string& text);

// A whole file mapped read-only (all pages at once: a 10 MB blob read into a vector costs a copy and a page fault
// per 4 KiB). Falls back to read_file where the file cannot be mapped (pipes, empty files).
class MappedFile {
 public:
  // On failure prints "tmu: error: PATH: reason" and returns nullopt.
  static std::optional<MappedFile> open(const std::string& path);
  MappedFile(MappedFile&& o) noexcept;
  MappedFile& operator=(MappedFile&&) = delete;
  ~MappedFile();
  std::span<const std::byte> bytes() const { return map_ ? std::span<const std::byte>(map_, size_) : copy_; }

 private:
  MappedFile() = default;
  const std::byte* map_ = nullptr;
  std::size_t size_ = 0;
  std::vector<std::byte> copy_;
};

// Prints "tmu: error: ..." to stderr.
void error(const std::string& message);

}  // namespace tmu::cli
