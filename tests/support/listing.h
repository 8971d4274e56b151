// SPDX-License-Identifier: MIT
// Cubin listings compared line by line: nvdisasm's and tmu dis's (tmu_test_support; apart from oracle.cpp so that
// the tests that only need the tools do not link the isa library).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tmu::test {

// A cubin listing as lines of instruction text, one per instruction, without the addresses: nvdisasm's (from the
// output of `nvdisasm -c`, normalized as above) and tmu dis's (of the cubin's bytes; empty if it does not read).
std::vector<std::string> nvdisasm_listing_lines(const std::string& out);
std::vector<std::string> tmu_listing_lines(const std::vector<std::byte>& cubin);

}  // namespace tmu::test
