// SPDX-License-Identifier: MIT
#include "ptx/compile.h"

#include "isa/cubin_write.h"
#include "ptx/reader.h"

namespace tmu::ptx {

Result<Compiled> compile(const Module&, std::string_view file_name, const CompileOptions&) {
  return make_error(std::string(file_name) + ": the PTX compiler is being written");
}

Result<std::vector<std::byte>> compile_to_cubin(std::string_view text, std::string_view file_name,
                                                const CompileOptions& options) {
  auto m = read(text, file_name);
  if (!m) return make_error(m.error());
  auto c = compile(*m, file_name, options);
  if (!c) return make_error(c.error());
  return isa::write_cubin(c->image);
}

}  // namespace tmu::ptx
