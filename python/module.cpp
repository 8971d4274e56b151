// SPDX-License-Identifier: MIT
// The Python module `tmu`: its exception, and the isa layer as `tmu dis` and `tmu as` use it (README.md, "Python").
// Texture descriptors, sample specs and rendering are in texture.cpp.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "isa/cubin.h"
#include "isa/cubin_write.h"
#include "isa/sm50/codec.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"
#include "isa/sm50/program.h"

namespace tmu::python {

Bytes::Bytes(const py::object& object, const char* what) {
  if (PyObject_GetBuffer(object.ptr(), &view_, PyBUF_SIMPLE) != 0) {
    PyErr_Clear();
    throw py::type_error(fmt::format("{}: expected bytes (or another contiguous buffer), got {}", what,
                                     std::string(py::str(py::type::of(object).attr("__name__")))));
  }
}

Bytes::~Bytes() { PyBuffer_Release(&view_); }

namespace {

namespace sm50 = isa::sm50;

isa::Arch arch_of(const std::string& name) {
  auto arch = isa::parse_arch(name);
  if (!arch) throw Error(fmt::format("unknown architecture '{}' (SM50 or SM52)", name));
  return *arch;
}

// What `tmu dis` writes after "FILE: " when a word does not decode (tools/tmu/cmd_dis.cpp).
std::string decode_failure(const sm50::DecodeFailure& f, uint64_t file_offset_of_base) {
  const uint64_t offset = file_offset_of_base + f.address;
  if (f.word == 0 && f.reason.starts_with("Unaligned"))
    return fmt::format("{} (at address {:#06x}, file offset {:#x})", f.reason, f.address, offset);
  return fmt::format("{} at address {:#06x} (file offset {:#x}, word {:#018x})", f.reason, f.address, offset, f.word);
}

// `tmu dis`: a cubin's listing (every code section under its function name, with nvdisasm's labels), or with an
// architecture a raw blob's.
std::string disassemble(const py::object& data, const std::optional<std::string>& arch, bool hex, bool ctrl) {
  const Bytes bytes(data, "data");
  if (bytes.size() == 0) throw Error("no bytes to disassemble");
  const std::optional<isa::Arch> raw_arch = arch ? std::optional(arch_of(*arch)) : std::nullopt;
  py::gil_scoped_release unlocked;
  sm50::ListingOptions options{hex, ctrl};
  std::string out;
  if (!raw_arch || isa::looks_like_elf(bytes.span())) {
    auto cubin = isa::read_cubin(bytes.span());
    if (!cubin) throw Error(cubin.error());
    if (auto fail = sm50::cubin_listing(*cubin, options, out))
      throw Error(fmt::format("({}): {}", fail->function->section, decode_failure(fail->failure, fail->function->file_offset)));
    return out;
  }
  if (auto fail = sm50::stream_listing(bytes.span(), *raw_arch, 0, options, [&out](std::string_view s) { out += s; }))
    throw Error(decode_failure(*fail, 0));
  return out;
}

sm50::Program assemble_program(const std::string& source, const std::string& arch, bool any_target) {
  sm50::Program p;
  if (auto err = sm50::assemble(source, arch_of(arch), p, {.any_target = any_target}))
    throw Error(fmt::format("{}:{}: {}", err->line, err->column, err->message));
  return p;
}

std::vector<std::byte> encode(const sm50::Program& p) {
  auto code = sm50::encode_program(p);
  if (!code) throw Error(code.error());
  return std::move(*code);
}

py::bytes to_python(const std::vector<std::byte>& bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

py::bytes assemble_cubin(const std::string& source, const std::string& kernel, const std::string& arch,
                         uint32_t param_size, std::optional<unsigned> registers, uint32_t shared, uint32_t local,
                         bool any_target) {
  if (kernel.empty()) throw Error("kernel: a kernel name");
  if (param_size > 4096) throw Error(fmt::format("param_size: {} is more than 4096", param_size));
  if (registers && *registers > 255) throw Error(fmt::format("registers: {} is more than 255", *registers));
  const sm50::Program p = assemble_program(source, arch, any_target);
  isa::CubinImage image;
  image.arch = p.arch;
  isa::CubinKernel k;
  k.name = kernel;
  k.code = encode(p);
  k.registers = registers ? *registers : sm50::registers_named(p);
  if (param_size != 0) k.params = {{0, 0, param_size}};
  k.shared_size = shared;
  k.local_size = local;
  image.kernels.push_back(std::move(k));
  auto bytes = isa::write_cubin(image);
  if (!bytes) throw Error(bytes.error());
  return to_python(*bytes);
}

sm50::Control control_of(std::optional<uint32_t> slot) {
  if (!slot) return sm50::Control{};
  if (*slot >> sm50::kSlotBits) throw Error(fmt::format("control: {:#x} does not fit a 21-bit control slot", *slot));
  return sm50::unpack_slot(*slot);
}

std::string disassemble_word(uint64_t word, const std::string& arch, std::optional<uint32_t> control, uint64_t address) {
  auto inst = sm50::decode(word, arch_of(arch), control_of(control), address);
  if (!inst) throw Error(fmt::format("{} (word {:#018x})", inst.error(), word));
  return sm50::to_string(*inst);
}

uint64_t assemble_word(std::string text, const std::string& arch, uint64_t address) {
  while (!text.empty() && (std::isspace(static_cast<unsigned char>(text.back())) || text.back() == ';')) text.pop_back();
  auto parsed = sm50::parse_instruction(text, arch_of(arch), address);
  if (!parsed.ok()) throw Error(fmt::format("column {}: {}", parsed.error_offset + 1, parsed.error));
  auto word = sm50::encode(*parsed.inst);
  if (!word) throw Error(word.error());
  return *word;
}

}  // namespace

void bind_isa(py::module_& m) {
  using namespace pybind11::literals;
  m.def("disassemble", &disassemble, "data"_a, "arch"_a = py::none(), "hex"_a = false, "ctrl"_a = false,
        R"(Disassemble a cubin, or with arch ("SM50" or "SM52") a raw code blob of 32-byte bundles.

Returns the text `tmu dis` prints: one line per instruction, "/*ADDR*/ TEXT", TEXT exactly as nvdisasm
prints it; a cubin's functions under their names, with nvdisasm's labels. hex=True appends each encoding,
ctrl=True the control annotations that assemble() reads back. data: bytes, bytearray or another buffer.
An ELF file is read as a cubin even with arch. Raises tmu.Error with nvdisasm's reason for a word it refuses.)");
  m.def("assemble", [](const std::string& source, const std::string& arch, bool any_target) {
          return to_python(encode(assemble_program(source, arch, any_target)));
        },
        "source"_a, "arch"_a = "sm50", "any_target"_a = false,
        R"(Assemble SASS text (what `tmu dis` prints, or the seed documents' spelling) into a raw code blob.

Returns bytes: 32-byte bundles, as `tmu as` writes them. Raises tmu.Error "LINE:COLUMN: message". A branch target
before address 0 or between instructions is refused unless any_target=True (`tmu as --any-target`).)");
  m.def("assemble_cubin", &assemble_cubin, "source"_a, "kernel"_a, "arch"_a = "sm50", "param_size"_a = 0,
        "registers"_a = py::none(), "shared"_a = 0, "local"_a = 0, "any_target"_a = false,
        R"(Assemble SASS text into a cubin with one kernel, as `tmu as --cubin KERNEL` does (docs/cubin.md).

param_size: bytes of parameters at c[0x0][0x140]; registers: per thread (None: one past the highest register
the code names, plus 3); shared, local: bytes of shared and per-thread local memory. Returns the cubin's bytes.)");
  m.def("disassemble_word", &disassemble_word, "word"_a, "arch"_a = "sm50", "control"_a = py::none(),
        "address"_a = 0,
        R"(Disassemble one 64-bit instruction word: its text as nvdisasm prints it, without the terminator.

control: the instruction's 21-bit control slot (stall, yield, barriers, wait mask, reuse; None: stall 0, no
barriers), which decides .reuse and a texture instruction's .T/.P phase. address: where the word sits (branch
targets are relative to it). Raises tmu.Error with nvdisasm's reason for a word it refuses.)");
  m.def("assemble_word", &assemble_word, "text"_a, "arch"_a = "sm50", "address"_a = 0,
        R"(Assemble one instruction ("TEX.LZ R0, R4, R8, 0x5, 2D, 0xf", a trailing ';' allowed) into its 64-bit word.

Control annotations and labels belong to whole programs: use assemble(). Bits nvdisasm ignores are zero.)");
}

}  // namespace tmu::python

PYBIND11_MODULE(tmu, m) {
  namespace py = pybind11;
  m.doc() = R"(tmu: a reference model of the NVIDIA Maxwell (SM50/SM52) texture path.

Disassembly and assembly (disassemble, assemble, assemble_cubin, disassemble_word, assemble_word), texture and
sampler descriptors (decode_tic, decode_tsc), texture requests as `tmu sample` specs with NumPy results (sample)
and rendering into an array (render). Bad input raises tmu.Error (a ValueError) with tmu's message.)";
  m.attr("__version__") = TMU_VERSION;
  py::register_exception<tmu::python::Error>(m, "Error", PyExc_ValueError);
  tmu::python::bind_isa(m);
  tmu::python::bind_texture(m);
}
