// SPDX-License-Identifier: MIT
// Inputs the user names: regular files, FIFOs (read once, to their end, while a writer is still writing),
// directories and missing files refused with the path and the reason, size limits.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "common/input_file.h"

namespace tmu {
namespace {

class InputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tmu_input_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(InputFileTest, RegularFileWhole) {
  const auto p = dir_ / "a.bin";
  std::ofstream(p, std::ios::binary) << "hello";
  auto r = read_input(p.string());
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->size(), 5u);
  EXPECT_EQ(static_cast<char>((*r)[4]), 'o');
}

TEST_F(InputFileTest, FifoReadOnceToItsEnd) {
  const auto p = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  // More than a pipe buffer (64 KiB), written in pieces: the reader must not stop at the first short read.
  std::thread writer([&] {
    std::ofstream out(p, std::ios::binary);
    for (int i = 0; i < 300; ++i) out << std::string(1000, static_cast<char>('a' + i % 26));
  });
  auto r = read_input(p.string());
  writer.join();
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->size(), 300000u);
  EXPECT_EQ(static_cast<char>((*r)[299999]), static_cast<char>('a' + 299 % 26));
}

TEST_F(InputFileTest, DirectoryAndMissingFileRefusedWithThePath) {
  auto d = read_input(dir_.string());
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error(), dir_.string() + ": Is a directory");
  auto m = read_input((dir_ / "nope").string());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), (dir_ / "nope").string() + ": No such file or directory");
}

TEST_F(InputFileTest, LimitOnFilesAndFifos) {
  const auto p = dir_ / "big.bin";
  std::ofstream(p, std::ios::binary) << std::string(100, 'x');
  auto r = read_input(p.string(), 99);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), p.string() + ": holds 100 bytes, more than the 99 it may have");
  EXPECT_TRUE(read_input(p.string(), 100).ok());

  const auto f = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(f.c_str(), 0600), 0);
  std::thread writer([&] { std::ofstream(f, std::ios::binary) << std::string(100, 'y'); });
  auto q = read_input(f.string(), 10);
  writer.join();
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error(), f.string() + ": holds more than the 10 bytes it may have");
}

}  // namespace
}  // namespace tmu
