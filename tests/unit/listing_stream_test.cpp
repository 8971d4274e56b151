// SPDX-License-Identifier: MIT
// stream_listing (what `tmu dis` uses on raw blobs): the same text as print_listing, block boundaries and threads
// invisible, nothing written for a blob nvdisasm refuses.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "isa/sm50/program.h"

namespace tmu::isa::sm50 {
namespace {

void put_le64(std::vector<std::byte>& out, uint64_t w) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::byte>((w >> (8 * i)) & 0xff));
}

// Control slots: stall 1 / yield (plain) and stall 0 / yield (dual issue with the next instruction).
constexpr uint64_t kPlain = 0x7f1, kDual = 0x7f0;
constexpr uint64_t ctrl(uint64_t a, uint64_t b, uint64_t c) { return a | b << 21 | c << 42; }
constexpr uint64_t kFmul = 0x5c68000001870911;  // FMUL R17, R9, R24 (see branch_test.cpp)

// `n` bundles of FMULs; bundle `dual` marks slot 2, which pairs it with slot 0 of the next bundle.
std::vector<std::byte> fmuls(std::size_t n, std::size_t dual) {
  std::vector<std::byte> out;
  for (std::size_t b = 0; b < n; ++b) {
    put_le64(out, ctrl(kPlain, kPlain, b == dual ? kDual : kPlain));
    for (int s = 0; s < 3; ++s) put_le64(out, kFmul);
  }
  return out;
}

std::string streamed(const std::vector<std::byte>& blob, unsigned threads, std::optional<DecodeFailure>* fail = nullptr) {
  std::string text;
  ListingOptions opt;
  opt.threads = threads;
  auto f = stream_listing(blob, Arch::SM50, 0, opt, [&text](std::string_view s) { text += s; });
  if (fail) *fail = f;
  return text;
}

TEST(StreamListing, PairAcrossABlockBoundary) {
  // Printing goes in blocks of 49152 instructions (16384 bundles): the pair opened by the last instruction of the
  // first block closes in the second, whatever the number of threads.
  const auto blob = fmuls(16384 + 10, 16383);
  Program p;
  ASSERT_FALSE(decode_program(blob, Arch::SM50, 0, p));
  const std::string whole = print_listing(p, {});
  // Instruction 49151 sits at 16383 * 32 + 8 + 16 = 0x7fff8, the next at 16384 * 32 + 8 = 0x80008.
  EXPECT_NE(whole.find("/*7fff8*/ { FMUL R17, R9, R24 ;\n/*80008*/ FMUL R17, R9, R24 }\n"), std::string::npos);
  for (unsigned threads : {1u, 2u, 3u}) EXPECT_EQ(streamed(blob, threads), whole) << threads << " threads";
}

TEST(StreamListing, RefusedBlobWritesNothing) {
  auto blob = fmuls(20000, 1);
  // The last instruction word becomes one nvdisasm refuses: the first 59999 lines must not appear either.
  for (std::size_t i = blob.size() - 8; i < blob.size(); ++i) blob[i] = std::byte{0xff};
  std::optional<DecodeFailure> fail;
  EXPECT_EQ(streamed(blob, 2, &fail), "");
  ASSERT_TRUE(fail);
  EXPECT_EQ(fail->address, 19999u * 32 + 24);
  EXPECT_EQ(fail->reason, "Unrecognized operation for functional unit 'uC'");
}

}  // namespace
}  // namespace tmu::isa::sm50
