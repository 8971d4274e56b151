// SPDX-License-Identifier: MIT
// tmu_cubin_rewrite IN.cubin OUT.cubin: reads a cubin's kernels and metadata (isa::read_cubin_image) and writes
// them again with isa::write_cubin, for tests/cli/cubin_rewrite_run.cmake (`tmu run` on ptxas's cubin and on the
// rewritten one must print the same).
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

#include "isa/cubin_image.h"
#include "isa/cubin_write.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: tmu_cubin_rewrite IN.cubin OUT.cubin\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << argv[1] << ": cannot open\n";
    return 1;
  }
  const std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> bytes(raw.size());
  std::memcpy(bytes.data(), raw.data(), raw.size());
  auto image = tmu::isa::read_cubin_image(bytes);
  if (!image) {
    std::cerr << argv[1] << ": " << image.error() << "\n";
    return 1;
  }
  auto out = tmu::isa::write_cubin(*image);
  if (!out) {
    std::cerr << argv[1] << ": " << out.error() << "\n";
    return 1;
  }
  std::ofstream o(argv[2], std::ios::binary);
  o.write(reinterpret_cast<const char*>(out->data()), static_cast<std::streamsize>(out->size()));
  return o ? 0 : 1;
}
