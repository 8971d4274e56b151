// SPDX-License-Identifier: MIT
// Reading cubins (isa/cubin.h): which symbol names a function (a kernel's, not a subroutine's that ptxas put in
// its section), subroutine labels and CAL targets as nvdisasm prints them, and the damaged files nvdisasm 11.8
// refuses (cut short, bad header fields, no section header table) refused with its reasons. The oracle side of the
// same facts is tests/oracle/cubin_corrupt_test.cpp and the ptxas corpus (tests/oracle/ptxas_corpus_test.cpp).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <elf.h>

#include <cstring>
#include <tuple>
#include <sstream>

#include "isa/cubin.h"
#include "isa/cubin_elf_builder.h"
#include "isa/cubin_image.h"
#include "isa/cubin_write.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"

namespace tmu::isa {
namespace {

std::vector<std::byte> assemble_code(std::string_view text, Arch arch) {
  sm50::Program p;
  if (auto err = sm50::assemble(text, arch, p)) {
    ADD_FAILURE() << err->line << ":" << err->column << ": " << err->message;
    return {};
  }
  auto code = sm50::encode_program(p);
  EXPECT_TRUE(code) << code.error();
  return code ? *code : std::vector<std::byte>{};
}

// A one-kernel cubin as tmu writes it (as ptxas lays it out: section headers, then program headers, at the end).
std::vector<std::byte> small_cubin() {
  CubinImage img;
  img.arch = Arch::SM52;
  CubinKernel k;
  k.name = "k";
  k.code = assemble_code("MOV R1, c[0x0][0x20] ;\nMOV R2, c[0x0][0x140] ;\nEXIT ;\n", img.arch);
  k.registers = 4;
  k.params = {{0, 0, 4}};
  img.kernels = {k};
  auto bytes = write_cubin(img);
  EXPECT_TRUE(bytes) << bytes.error();
  return bytes ? *bytes : std::vector<std::byte>{};
}

uint64_t get(const std::vector<std::byte>& b, std::size_t at, std::size_t n) {
  uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= std::to_integer<uint64_t>(b[at + i]) << (8 * i);
  return v;
}
void put(std::vector<std::byte>& b, std::size_t at, std::size_t n, uint64_t v) {
  for (std::size_t i = 0; i < n; ++i) b[at + i] = std::byte{static_cast<uint8_t>(v >> (8 * i))};
}

std::string error_of(const std::vector<std::byte>& bytes) {
  auto r = read_cubin(bytes);
  return r ? std::string("(accepted)") : r.error();
}

// The listing `tmu dis` prints for a cubin (without its "// name (section, sm)" comment lines).
std::string listing(const Cubin& cubin) {
  std::vector<sm50::Program> programs(cubin.functions.size());
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (auto fail = sm50::decode_program(cubin.functions[i].code, cubin.arch, 0, programs[i])) {
      ADD_FAILURE() << fail->reason;
      return {};
    }
  const auto labels = sm50::cubin_labels(cubin, programs);
  std::string out;
  for (std::size_t i = 0; i < programs.size(); ++i) {
    out += cubin.functions[i].name + ":\n" + sm50::print_listing(programs[i], {.labels = &labels[i]});
    if (auto end = labels[i].name_of(cubin.functions[i].code.size())) out += fmt::format("{}:\n", *end);
  }
  return out;
}

TEST(CubinRead, TruncatedFilesAreRefused) {
  const auto bytes = small_cubin();
  ASSERT_FALSE(bytes.empty());
  ASSERT_TRUE(read_cubin(bytes)) << read_cubin(bytes).error();
  EXPECT_EQ(error_of({}), "not readable (the file is empty)");
  // Every cut: the header (under 64 bytes), the section data, the section headers, the program headers (last),
  // down to one byte short.
  for (std::size_t size = 1; size < bytes.size(); ++size) {
    const std::vector<std::byte> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
    const std::string e = error_of(cut);
    ASSERT_TRUE(e.starts_with("appears truncated")) << size << ": " << e;
  }
  EXPECT_EQ(error_of({bytes.begin(), bytes.begin() + 63}), "appears truncated: 63 bytes, shorter than an ELF header (64 bytes)");
  const std::string short_one = error_of({bytes.begin(), bytes.end() - 1});
  EXPECT_EQ(short_one, fmt::format("appears truncated: the program header table (e_phoff {:#x}, {} entries of 56 bytes) "
                                   "runs past the end of the file ({:#x} bytes)",
                                   get(bytes, 0x20, 8), get(bytes, 0x38, 2), bytes.size() - 1));
  // Bytes after the tables are no harm (nvdisasm reads such a file).
  auto longer = bytes;
  longer.push_back(std::byte{0});
  EXPECT_TRUE(read_cubin(longer));
}

TEST(CubinRead, DamagedHeadersAreRefusedWithNvdisasmsReasons) {
  const auto bytes = small_cubin();
  ASSERT_FALSE(bytes.empty());
  const auto patched = [&](std::size_t at, std::size_t n, uint64_t v) {
    auto b = bytes;
    put(b, at, n, v);
    return error_of(b);
  };
  const uint64_t shoff = get(bytes, 0x28, 8), shnum = get(bytes, 0x3c, 2);
  EXPECT_EQ(patched(0x3c, 2, 0), "has no section header table (e_shnum 0 at offset 0x3c)");
  EXPECT_EQ(patched(0x3c, 2, 1), "has no section header table (e_shnum 1 at offset 0x3c)");
  EXPECT_TRUE(patched(0x3c, 2, 0xffff).starts_with(fmt::format(
      "appears truncated: the section header table (e_shoff {:#x}, 65535 entries of 64 bytes)", shoff)));
  EXPECT_TRUE(patched(0x28, 8, ~uint64_t{0}).starts_with(
      "appears truncated: the section header table (e_shoff 0xffffffffffffffff"));
  EXPECT_TRUE(patched(0x38, 2, 0xffff).starts_with("appears truncated: the program header table"));
  EXPECT_EQ(patched(0x3e, 2, shnum),
            fmt::format("has no section header table: e_shstrndx {} (offset 0x3e) is not below e_shnum {}", shnum, shnum));
  EXPECT_TRUE(patched(0x3e, 2, 3).starts_with(  // .symtab as the section-name table
      "has a corrupted section header table: the section-name table, section 3"));
  EXPECT_TRUE(patched(0x3e, 2, 0).starts_with("has a corrupted section header table"));
  EXPECT_EQ(patched(0x12, 2, 62), "is not a supported ELF file: e_machine is 62 (offset 0x12), not EM_CUDA (190)");
  EXPECT_EQ(patched(4, 1, 1), "not a 64-bit ELF file (byte 0x4): cubins are ELF64");
  EXPECT_EQ(patched(5, 1, 2), "not a little-endian ELF file (byte 0x5)");
  // A section whose data lies past the end of the file, named by its header's offset.
  const std::size_t h4 = shoff + 4 * 64;
  EXPECT_EQ(patched(h4 + 0x18, 8, bytes.size()),
            fmt::format("appears truncated: section 4 (header at offset {:#x}) has its data at offset {:#x}, size {:#x}, "
                        "past the end of the file ({:#x} bytes)", h4, bytes.size(), get(bytes, h4 + 0x20, 8), bytes.size()));
  EXPECT_TRUE(patched(h4 + 0x20, 8, bytes.size()).starts_with("appears truncated: section 4"));
  EXPECT_TRUE(patched(h4, 4, 0xffffff).starts_with("has a corrupted section header table: section 4"));
  // What nvdisasm does not look at: e_ident[EI_VERSION], e_version, OS ABI, e_type, e_phentsize, e_shentsize.
  for (const auto& [at, n, v] : std::vector<std::tuple<std::size_t, std::size_t, uint64_t>>{
           {6, 1, 0}, {7, 1, 0}, {0x10, 2, 0}, {0x14, 4, 0}, {0x36, 2, 0}, {0x3a, 2, 0}, {0x3a, 2, 128}, {0x38, 2, 0}})
    EXPECT_EQ(patched(at, n, v), "(accepted)") << fmt::format("byte {:#x} = {:#x}", at, v);
}

TEST(CubinRead, NonElfFilesAreRefused) {
  std::vector<std::byte> text(100, std::byte{'a'});
  EXPECT_EQ(error_of(text), "does not appear to be an ELF file (no ELF magic at offset 0x0)");
  text.resize(12);
  EXPECT_EQ(error_of(text), "appears truncated: 12 bytes, shorter than an ELF header (64 bytes)");
}

// A kernel whose section holds a subroutine, as ptxas writes a kernel that calls a .func: the local FUNC symbol
// $k$sub comes first in .symtab, at the subroutine's offset. The listing is nvdisasm 11.8's (-c) for the same file.
TEST(CubinRead, SubroutinesAreLabelsOfTheirKernel) {
  const auto code = assemble_code(R"(
MOV R1, c[0x0][0x20] ;
CAL `(sub) ;
EXIT ;
sub:
MOV R0, RZ ;
@P0 BRA `(skip) ;
MOV R0, 0x1 ;
skip:
RET ;
loop:
BRA `(loop) ;
NOP ;
)", Arch::SM50);
  ASSERT_EQ(code.size(), 0x60u);
  cubin_elf::ElfBuilder b;
  b.add({".text.k", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 3, 2u | 4u << 24, 32, 0, code, 0});
  const std::vector<cubin_elf::Symbol> symbols = {
      {},
      {"$k$sub", ELF64_ST_INFO(STB_LOCAL, STT_FUNC), 0, 4, 0x40},
      {"k", ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 0x10, 4, 0x60},
  };
  auto bytes = b.write(symbols, 2, 0x320532);
  // The builder starts every symbol at its section's offset 0: move $k$sub to 0x20.
  const uint64_t shoff = get(bytes, 0x28, 8);
  const uint64_t symtab = get(bytes, shoff + 3 * 64 + 0x18, 8);
  put(bytes, symtab + 24 + 8, 8, 0x20);
  auto cubin = read_cubin(bytes);
  ASSERT_TRUE(cubin) << cubin.error();
  ASSERT_EQ(cubin->functions.size(), 1u);
  const CubinFunction& f = cubin->functions[0];
  EXPECT_EQ(f.name, "k");
  EXPECT_EQ(f.symbol, 2u);
  EXPECT_TRUE(f.entry);
  ASSERT_EQ(f.function_symbols.size(), 2u);
  EXPECT_EQ(f.function_symbols[1].name, "$k$sub");
  EXPECT_EQ(f.function_symbols[1].value, 0x20u);
  EXPECT_EQ(listing(*cubin), R"(k:
/*0008*/ MOV R1, c[0x0][0x20] ;
/*0010*/ CAL `($k$sub) ;
/*0018*/ EXIT ;
$k$sub:
/*0028*/ MOV R0, RZ ;
/*0030*/ @P0 BRA `(.L_x_0) ;
/*0038*/ MOV R0, 0x1 ;
.L_x_0:
/*0048*/ RET ;
.L_x_1:
/*0050*/ BRA `(.L_x_1) ;
/*0058*/ NOP ;
.L_x_2:
)");
}

}  // namespace
}  // namespace tmu::isa
