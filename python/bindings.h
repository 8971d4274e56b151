// SPDX-License-Identifier: MIT
// The Python module `tmu` (README.md, "Python"): what the two translation units share. module.cpp defines the
// module, its exception and the isa functions (disassembly, assembly); texture.cpp the texture functions
// (descriptors, `tmu sample` specs, `tmu render`).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

namespace tmu::python {

namespace py = pybind11;

// Bad input: raised in Python as tmu.Error (a ValueError) with tmu's message, the one `tmu` prints after
// "tmu: error: FILE: ".
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The bytes of a Python object with the buffer protocol (bytes, bytearray, memoryview, a contiguous NumPy array),
// held for the object's lifetime; anything else raises TypeError naming `what`.
class Bytes {
 public:
  Bytes(const py::object& object, const char* what);
  Bytes(const Bytes&) = delete;
  Bytes& operator=(const Bytes&) = delete;
  ~Bytes();
  std::span<const std::byte> span() const { return {static_cast<const std::byte*>(view_.buf), size()}; }
  std::size_t size() const { return static_cast<std::size_t>(view_.len); }

 private:
  Py_buffer view_{};
};

void bind_isa(py::module_& m);
void bind_texture(py::module_& m);

}  // namespace tmu::python
