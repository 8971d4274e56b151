// SPDX-License-Identifier: MIT
// The cubin writer (isa/cubin_write.h): cubins written from SASS assembled by tmu read back with tmu's readers;
// nvdisasm and cuobjdump accept them and nvdisasm lists them as `tmu dis` does; ptxas's cubins, read and written
// again, give cuobjdump the same .nv.info attributes and constant-bank relocations.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

#include "isa/cubin.h"
#include "isa/cubin_image.h"
#include "isa/cubin_write.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"
#include "oracle.h"
#include "ptx_corpus.h"

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

// Bound TEX/TLD4/TXQ on texture reference slots, a TEXS, a predicated EXIT, the constant banks.
constexpr std::string_view kBound = R"(
MOV R1, c[0x0][0x20] ;
MOV R2, c[0x0][0x148] ;
TEX.LZ R0, R8, 0x53, 2D, 0xf ;
TLD4.R.PTP R4, R4, R8, 0x53, 2D, 0xf ;
TXQ R8, R4, TEX_HEADER_TEXTURE_TYPE, 0x53, 0xf ;
TEXS.LZ R6, R4, R8, R9, 0x53, 2D, RGB ;
FADD R3, R2, c[0x2][0x4] ;
ISETP.EQ.AND P0, PT, R2, RZ, PT ;
@P0 EXIT ;
BAR.SYNC 0x0 ;
EXIT ;
)";

// Bindless (.B) forms: the handle in a register.
constexpr std::string_view kBindless = R"(
MOV R1, c[0x0][0x20] ;
MOV32I R2, 0x0 ;
TEX.B.LB R12, R4, R8, 0x0, 2D, 0xf ;
TLD4.G.B.PTP R0, R4, R8, 0x0, 2D, 0xf ;
TLD.B.LZ R0, R2, R5, 0x0, 2D, 0x1 ;
EXIT ;
)";

CubinImage sample_image(Arch arch) {
  CubinImage img;
  img.arch = arch;
  CubinKernel bound;
  bound.name = "tex_bound";
  bound.code = assemble_code(kBound, arch);
  bound.registers = 12;
  bound.params = {{0, 0, 8}, {1, 8, 4}};
  bound.handles = {{HandleKind::Texture, "tA", 0x14c}};
  bound.shared_size = 256;
  bound.local_size = 64;
  bound.barriers = 1;
  bound.max_threads = {{128, 1, 1}};
  bound.constant2 = std::vector<std::byte>(16, std::byte{0x3f});
  CubinKernel bindless;
  bindless.name = "tex_bindless";
  bindless.visible = false;
  bindless.code = assemble_code(kBindless, arch);
  bindless.registers = 16;
  bindless.req_threads = {{64, 2, 1}};
  bindless.relocations = {{0x10, 42, ".nv.unified.texrefDescSize"}};  // R_CUDA_ABS32_20 on the MOV32I
  img.kernels = {bound, bindless};
  return img;
}

CubinImage independent_image() {
  CubinImage img;
  img.tex_mode = TexMode::Independent;
  img.address64 = false;
  CubinKernel k;
  k.name = "ind";
  k.code = assemble_code("TEX.LZ R0, R8, 0x51, 2D, 0xf ;\nEXIT ;\n", Arch::SM50);
  k.registers = 10;
  k.params = {{0, 0, 4}};
  k.handles = {{HandleKind::Texture, "tA", 0x144}, {HandleKind::Sampler, "sB", 0x144}, {HandleKind::Surface, "sf", 0x148}};
  img.kernels = {k};
  return img;
}

void expect_same_kernels(const CubinImage& want, const CubinImage& got) {
  EXPECT_EQ(got.arch, want.arch);
  EXPECT_EQ(got.tex_mode, want.tex_mode);
  EXPECT_EQ(got.address64, want.address64);
  ASSERT_EQ(got.kernels.size(), want.kernels.size());
  for (std::size_t i = 0; i < want.kernels.size(); ++i) {
    const CubinKernel& a = want.kernels[i];
    const CubinKernel& b = got.kernels[i];
    SCOPED_TRACE(a.name);
    EXPECT_EQ(b.name, a.name);
    EXPECT_EQ(b.code, a.code);
    EXPECT_EQ(b.registers, a.registers);
    EXPECT_EQ(b.visible, a.visible);
    EXPECT_EQ(b.params, a.params);
    EXPECT_EQ(b.shared_size, a.shared_size);
    EXPECT_EQ(b.local_size, a.local_size);
    EXPECT_EQ(b.barriers, a.barriers);
    EXPECT_EQ(b.max_threads, a.max_threads);
    EXPECT_EQ(b.req_threads, a.req_threads);
    EXPECT_EQ(b.handles, a.handles);
    EXPECT_EQ(b.constant2, a.constant2);
    ASSERT_EQ(b.relocations.size(), a.relocations.size());
    for (std::size_t r = 0; r < a.relocations.size(); ++r) {
      EXPECT_EQ(b.relocations[r].offset, a.relocations[r].offset);
      EXPECT_EQ(b.relocations[r].type, a.relocations[r].type);
      EXPECT_EQ(b.relocations[r].symbol, a.relocations[r].symbol);
    }
  }
}

TEST(CubinWrite, ReadsBackWithTmusReaders) {
  for (Arch arch : {Arch::SM50, Arch::SM52}) {
    const CubinImage img = sample_image(arch);
    auto bytes = write_cubin(img);
    ASSERT_TRUE(bytes) << bytes.error();
    auto cubin = read_cubin(*bytes);
    ASSERT_TRUE(cubin) << cubin.error();
    EXPECT_EQ(cubin->arch, arch);
    ASSERT_EQ(cubin->functions.size(), 2u);
    EXPECT_EQ(cubin->functions[0].name, "tex_bound");
    EXPECT_EQ(cubin->functions[0].code, img.kernels[0].code);
    EXPECT_EQ(cubin->functions[1].section, ".text.tex_bindless");
    auto back = read_cubin_image(*bytes);
    ASSERT_TRUE(back) << back.error();
    expect_same_kernels(img, *back);
    // The EXITs the writer found: the predicated one at 0x58 and the last at 0x70 (kBound's 9th and 11th).
    EXPECT_EQ(back->kernels[0].exit_offsets, (std::vector<uint32_t>{0x58, 0x70}));
    // Bank 0: 0x140 + 0xc bytes of parameters, then the texture slot at 0x14c.
    const auto& consts = cubin->functions[0].constants;
    ASSERT_FALSE(consts.empty());
    for (const auto& [bank, data] : consts)
      if (bank == 0) {
        EXPECT_EQ(data.size(), 0x150u);
      }
  }
  const CubinImage ind = independent_image();
  auto bytes = write_cubin(ind);
  ASSERT_TRUE(bytes) << bytes.error();
  auto back = read_cubin_image(*bytes);
  ASSERT_TRUE(back) << back.error();
  expect_same_kernels(ind, *back);
  // .param .texref / .samplerref: no bytes, local symbols named by KPARAM_INFO and by the slot's relocations.
  CubinImage refs = independent_image();
  CubinKernel& k = refs.kernels[0];
  k.params = {{0, 0, 4}, CubinParam::reference(1, HandleKind::Texture, "t"), CubinParam::reference(2, HandleKind::Sampler, "s"),
              {3, 8, 4}};
  k.handles = {{HandleKind::Texture, "t", 0x150, true}, {HandleKind::Sampler, "s", 0x150, true}, {HandleKind::Texture, "tA", 0x154}};
  auto ref_bytes = write_cubin(refs);
  ASSERT_TRUE(ref_bytes) << ref_bytes.error();
  auto ref_back = read_cubin_image(*ref_bytes);
  ASSERT_TRUE(ref_back) << ref_back.error();
  expect_same_kernels(refs, *ref_back);
  k.handles[0].name = "u";  // a slot that names no parameter
  auto bad = write_cubin(refs);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("u's slot names a parameter the kernel does not have"), std::string::npos) << bad.error();
}

// Module variables: .nv.constant3, .nv.global.init and .nv.global with their symbols, and the MOV32I relocations
// of a variable's address, read back by tmu's reader; the ELF facts are ptxas 11.8's (docs/cubin.md).
TEST(CubinWrite, ModuleVariablesAndTheirRelocations) {
  CubinImage img;
  CubinKernel k;
  k.name = "k";
  sm50::Program p;
  ASSERT_FALSE(sm50::assemble("MOV32I R4, 32@lo(table) ;\nMOV32I R5, 32@hi(table) ;\nLDG.E R0, [R4] ;\nEXIT ;\n",
                              Arch::SM50, p));
  auto code = sm50::encode_program(p);
  ASSERT_TRUE(code) << code.error();
  k.code = *code;
  k.registers = 8;
  k.relocations = p.relocations;
  k.shared_size = 64;
  img.kernels = {k};
  img.constant3 = std::vector<std::byte>(8, std::byte{1});
  img.global_init = {std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}, std::byte{5}, std::byte{6}};
  img.global_init_align = 4;
  img.global_size = 0x15;
  img.global_align = 16;
  img.variables = {{"zero", 0x10, 4, VariableSection::Global},
                   {"table", 0, 6, VariableSection::GlobalInit},
                   {"cst", 0, 8, VariableSection::Constant3},
                   {"vec", 0, 16, VariableSection::Global}};
  auto bytes = write_cubin(img);
  ASSERT_TRUE(bytes) << bytes.error();
  auto cubin = read_cubin(*bytes);
  ASSERT_TRUE(cubin) << cubin.error();
  ASSERT_EQ(cubin->globals.size(), 2u);
  // ptxas's order: .nv.global.init after the code, .nv.global last (after .nv.shared.k).
  EXPECT_EQ(cubin->globals[0].name, ".nv.global.init");
  EXPECT_EQ(cubin->globals[0].bytes, img.global_init);
  EXPECT_EQ(cubin->globals[0].align, 4u);
  EXPECT_EQ(cubin->globals[1].name, ".nv.global");
  EXPECT_EQ(cubin->globals[1].size, 0x15u);
  EXPECT_TRUE(cubin->globals[1].bytes.empty());
  EXPECT_EQ(cubin->globals[1].align, 16u);
  ASSERT_EQ(cubin->global_symbols.size(), 3u);  // in symbol-table order: declaration order
  EXPECT_EQ(cubin->global_symbols[0].name, "zero");
  EXPECT_EQ(cubin->global_symbols[0].section, 1u);
  EXPECT_EQ(cubin->global_symbols[0].offset, 0x10u);
  EXPECT_EQ(cubin->global_symbols[1].name, "table");
  EXPECT_EQ(cubin->global_symbols[1].section, 0u);
  EXPECT_EQ(cubin->global_symbols[2].name, "vec");
  EXPECT_EQ(cubin->global_symbols[2].size, 16u);
  ASSERT_EQ(cubin->functions.size(), 1u);
  EXPECT_EQ(cubin->functions[0].relocations,
            (std::vector<CubinRelocation>{{0x8, kRelocAbs32Lo20, "table"}, {0x10, kRelocAbs32Hi20, "table"}}));
  // A variable in a section the image leaves empty is refused.
  img.global_size = 0;
  auto bad = write_cubin(img);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("variable zero lies in an empty section"), std::string::npos) << bad.error();
}

TEST(CubinWrite, RefusesBadImages) {
  const auto error_of = [](const CubinImage& img) {
    auto r = write_cubin(img);
    return r ? std::string("(written)") : r.error();
  };
  CubinImage img = sample_image(Arch::SM50);
  EXPECT_EQ(error_of(CubinImage{}), "no kernels to write");
  CubinImage bad = img;
  bad.kernels[0].code.resize(40);
  EXPECT_EQ(error_of(bad), "kernel tex_bound: code of 40 bytes is not whole 32-byte bundles");
  bad = img;
  bad.kernels[0].code.assign(32, std::byte{0xff});
  EXPECT_NE(error_of(bad).find("kernel tex_bound: the code does not decode for SM50 at 0x0008"), std::string::npos)
      << error_of(bad);
  bad = img;
  bad.kernels[0].params.push_back({2, 12, 4});
  bad.kernels[0].param_size = 12;
  EXPECT_EQ(error_of(bad), "kernel tex_bound: parameter 2 (offset 0xc, size 0x4) is outside the 0xc-byte parameter area");
  bad = img;
  bad.kernels[0].handles[0].slot = 0x148;
  EXPECT_EQ(error_of(bad),
            "kernel tex_bound: tA's slot c[0x0][0x148] is not a 4-byte slot after the parameters (which end at 0x14c)");
  bad = img;
  bad.kernels[1].name = "tex_bound";
  EXPECT_EQ(error_of(bad), "two kernels are named tex_bound");
  bad = img;
  bad.kernels[0].handles.push_back({HandleKind::Sampler, "s", 0x150});
  EXPECT_EQ(error_of(bad), "kernel tex_bound: sampler s needs independent texture mode (.target ..., texmode_independent)");
  bad = img;
  bad.kernels[0].shared_size = 0x10000;
  EXPECT_EQ(error_of(bad), "kernel tex_bound: 65536 bytes of shared memory: at most 49152 (48 KiB)");
  bad = img;
  bad.kernels[0].registers = 256;
  EXPECT_EQ(error_of(bad), "kernel tex_bound: 256 registers: at most 255");
  bad = img;
  bad.kernels[1].relocations[0].offset = 0x40;
  EXPECT_EQ(error_of(bad), "kernel tex_bindless: relocation at 0x40 is past the code or names no symbol");
}

// Damaged cubins (every byte of the headers and tables changed, the file cut short) are refused or read, never a
// crash.
TEST(CubinWrite, DamagedCubinsAreRefusedOrRead) {
  auto bytes = write_cubin(sample_image(Arch::SM50));
  ASSERT_TRUE(bytes) << bytes.error();
  std::size_t refused = 0;
  for (std::size_t at = 0; at < bytes->size(); ++at) {
    // Headers, tables and attributes: the first 0x400 bytes and the section and program header tables at the end.
    if (at >= 0x400 && at + 0x500 < bytes->size()) continue;
    for (uint8_t v : {uint8_t{0x00}, uint8_t{0xff}, uint8_t{0x41}}) {
      std::vector<std::byte> damaged = *bytes;
      damaged[at] = std::byte{v};
      auto r = read_cubin_image(damaged);
      if (!r) ++refused;
    }
  }
  for (std::size_t size = 0; size < bytes->size(); size += 7) {
    auto r = read_cubin_image(std::span<const std::byte>(*bytes).first(size));
    if (!r) ++refused;
  }
  EXPECT_GT(refused, 0u);
}

// `nvdisasm -c`'s instruction lines per function (section name without ".text."): address -> text.
std::map<std::string, std::map<uint64_t, std::string>> nvdisasm_listing(const std::string& out) {
  std::map<std::string, std::map<uint64_t, std::string>> fns;
  std::string current, line;
  std::stringstream ss(out);
  while (std::getline(ss, line)) {
    const std::size_t sec = line.find(".text.");
    if (line.starts_with("//----") && sec != std::string::npos) {
      current = line.substr(sec + 6, line.find(' ', sec) - sec - 6);
      continue;
    }
    const std::size_t a = line.find("/*");
    if (a == std::string::npos || line.compare(a, 3, "/* ") == 0) continue;
    const std::size_t b = line.find("*/", a);
    fns[current][std::stoull(line.substr(a + 2, b - a - 2), nullptr, 16)] = test::normalize_nvdisasm_text(line.substr(b + 2));
  }
  return fns;
}

// tmu dis's listing of a cubin, in the same form.
std::map<std::string, std::map<uint64_t, std::string>> tmu_listing(const std::vector<std::byte>& bytes) {
  std::map<std::string, std::map<uint64_t, std::string>> fns;
  auto cubin = read_cubin(bytes);
  if (!cubin) {
    ADD_FAILURE() << cubin.error();
    return fns;
  }
  std::vector<sm50::Program> programs(cubin->functions.size());
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (auto fail = sm50::decode_program(cubin->functions[i].code, cubin->arch, 0, programs[i])) ADD_FAILURE() << fail->reason;
  const auto labels = sm50::cubin_labels(*cubin, programs);
  for (std::size_t i = 0; i < programs.size(); ++i) {
    std::stringstream listing(sm50::print_listing(programs[i], {.labels = &labels[i]}));
    std::string line;
    while (std::getline(listing, line)) {
      if (!line.starts_with("/*")) continue;
      const std::size_t b = line.find("*/");
      fns[cubin->functions[i].section.substr(6)][std::stoull(line.substr(2, b - 2), nullptr, 16)] = line.substr(b + 3);
    }
  }
  return fns;
}

void expect_oracles_accept(const std::string& nvdisasm, const std::string& cuobjdump, const std::vector<std::byte>& bytes,
                           const std::string& name) {
  const std::string path = test::temp_dir() + "/" + name + ".cubin";
  test::write_bytes(path, bytes);
  const auto dis = test::run_program({nvdisasm, "-c", path});
  ASSERT_EQ(dis.status, 0) << name << ": nvdisasm: " << dis.err;
  EXPECT_EQ(tmu_listing(bytes), nvdisasm_listing(dis.out)) << name << "\n" << dis.out;
  const auto obj = test::run_program({cuobjdump, "-elf", "-sass", path});
  EXPECT_EQ(obj.status, 0) << name << ": cuobjdump: " << obj.err;
  EXPECT_TRUE(obj.err.empty()) << name << ": cuobjdump: " << obj.err;
}

TEST(CubinWriteOracle, NvdisasmAndCuobjdumpAccept) {
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  TMU_REQUIRE_TOOL(cuobjdump, "cuobjdump");
  for (Arch arch : {Arch::SM50, Arch::SM52}) {
    auto bytes = write_cubin(sample_image(arch));
    ASSERT_TRUE(bytes) << bytes.error();
    expect_oracles_accept(nvdisasm, cuobjdump, *bytes, fmt::format("sample_{}", arch_name(arch)));
  }
  auto bytes = write_cubin(independent_image());
  ASSERT_TRUE(bytes) << bytes.error();
  expect_oracles_accept(nvdisasm, cuobjdump, *bytes, "independent");
}

// cuobjdump -elf's blocks that the writer is responsible for: the header line, .nv.info, .nv.info.<k> and
// .rel.nv.constant0.<k>. Symbol indices are replaced by the symbols' names (ptxas numbers a .nv.rel.action
// section symbol that tmu does not write).
std::string attribute_dump(const std::string& out) {
  std::map<std::string, std::string> sym_name;  // "0x5" -> name
  std::stringstream ss(out);
  std::string line, result, block;
  bool in_symtab = false, keep = false;
  static const std::regex sym_row(R"(^\s*(0x[0-9a-f]+|0)\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)\s*$)");
  while (std::getline(ss, line)) {
    if (line.starts_with("64bit elf") || line.starts_with("32bit elf")) result += line + "\n";
    if (line == ".section .symtab") in_symtab = true;
    std::smatch m;
    if (in_symtab && std::regex_match(line, m, sym_row)) sym_name[m[1].str() == "0" ? "0x0" : m[1].str()] = m[2].str();
    if (line.empty()) in_symtab = false;
    if (!line.empty() && line[0] != '\t' && line[0] != ' ')
      keep = line == ".nv.info" || line.starts_with(".nv.info.") || line.starts_with(".section .rel.nv.constant0.");
    if (keep) block += line + "\n";
  }
  // "function: NAME(0xN)" -> "function: NAME"; "Value:\t0xN 0x..." of PARAM_CBANK and SAMPLER_INIT -> the name.
  block = std::regex_replace(block, std::regex(R"(\(0x[0-9a-f]+\))"), "");
  std::stringstream bs(block);
  std::string prev;
  while (std::getline(bs, line)) {
    static const std::regex value(R"(^(\tValue:\t)(0x[0-9a-f]+)( .*)$)");
    std::smatch m;
    const bool names_symbol = prev.find("EIATTR_PARAM_CBANK") != std::string::npos ||
                              prev.find("EIATTR_SAMPLER_INIT") != std::string::npos ||
                              prev.find("EIATTR_MAX_STACK_SIZE") != std::string::npos;
    if (names_symbol &&
        std::regex_match(line, m, value) && sym_name.count(m[2].str()))
      line = m[1].str() + sym_name[m[2].str()] + m[3].str();
    if (line.find("Attribute:") != std::string::npos) prev = line;
    else if (line.find("Format:") == std::string::npos) prev.clear();
    result += line + "\n";
  }
  return result;
}

TEST(CubinWriteOracle, PtxasCubinsRewritten) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  TMU_REQUIRE_TOOL(cuobjdump, "cuobjdump");
  for (const std::string name : {"params", "shared_tex", "independent", "cbank2", "texparams"}) {
    SCOPED_TRACE(name);
    const std::string src = std::string(TMU_TEST_DATA) + "/cubin/" + name + ".ptx";
    std::ifstream in(src);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(text.empty()) << src;
    const std::string arch = text.find(".target sm_52") != std::string::npos ? "sm_52" : "sm_50";
    const std::string theirs = test::temp_dir() + "/ptxas_" + name + ".cubin";
    const auto compiled = test::run_program({ptxas, "-arch=" + arch, src, "-o", theirs});
    ASSERT_EQ(compiled.status, 0) << compiled.err;
    auto image = read_cubin_image(test::read_bytes(theirs));
    ASSERT_TRUE(image) << image.error();
    auto ours = write_cubin(*image);
    ASSERT_TRUE(ours) << ours.error();
    expect_oracles_accept(nvdisasm, cuobjdump, *ours, "rewritten_" + name);
    const std::string ours_path = test::temp_dir() + "/tmu_" + name + ".cubin";
    test::write_bytes(ours_path, *ours);
    const auto a = test::run_program({cuobjdump, "-elf", theirs});
    const auto b = test::run_program({cuobjdump, "-elf", ours_path});
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(attribute_dump(b.out), attribute_dump(a.out));
    // The code and what tmu reads back are the same too.
    auto again = read_cubin_image(*ours);
    ASSERT_TRUE(again) << again.error();
    expect_same_kernels(*image, *again);
  }
}

// Every cubin of the ptxas corpus (tests/support/ptx_corpus.h: seed 004's texture instructions, tld4, txq, texture
// objects, bindless handles, loops with indirect branches), for sm_50 and sm_52, rewritten: nvdisasm and cuobjdump
// accept it, nvdisasm lists it as tmu does, and cuobjdump shows ptxas's attributes.
TEST(CubinWriteOracle, PtxasCorpusRewritten) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  TMU_REQUIRE_TOOL(cuobjdump, "cuobjdump");
  std::size_t modules = 0, index = 0;
  for (const std::string target : {"sm_50", "sm_52"})
    for (const auto& m : test::ptx_corpus(target)) {
      if (index++ % test::corpus_stride() != 0) continue;
      SCOPED_TRACE(m.name + " " + target);
      const std::string base = test::temp_dir() + "/corpus_" + m.name + "_" + target;
      test::write_text(base + ".ptx", m.source);
      const auto compiled = test::run_program({ptxas, "-arch=" + target, base + ".ptx", "-o", base + ".cubin"});
      ASSERT_EQ(compiled.status, 0) << compiled.err;
      auto image = read_cubin_image(test::read_bytes(base + ".cubin"));
      ASSERT_TRUE(image) << image.error();
      auto ours = write_cubin(*image);
      ASSERT_TRUE(ours) << ours.error();
      expect_oracles_accept(nvdisasm, cuobjdump, *ours, "corpus_tmu_" + m.name + "_" + target);
      const auto a = test::run_program({cuobjdump, "-elf", base + ".cubin"});
      const auto b = test::run_program({cuobjdump, "-elf", test::temp_dir() + "/corpus_tmu_" + m.name + "_" + target + ".cubin"});
      EXPECT_EQ(attribute_dump(b.out), attribute_dump(a.out));
      ++modules;
    }
  std::cout << modules << " corpus cubins rewritten\n";
}

}  // namespace
}  // namespace tmu::isa
