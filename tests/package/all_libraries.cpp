// SPDX-License-Identifier: MIT
// One function of each installed library, taken by address: the static link then needs each library's objects and
// what they use in turn, from the package alone (tests/package/package_test.cmake).
#include <cstdio>

#include "common/input_file.h"
#include "common/png_image.h"
#include "exec/executor.h"
#include "interp/ipa.h"
#include "ir/interp/interpreter.h"
#include "ir/read.h"
#include "ir/sm50/select.h"
#include "isa/sm50/codec.h"
#include "ptx/compile.h"
#include "ptx/reader.h"
#include "raster/setup.h"
#include "render/scene_file.h"
#include "run/launch.h"
#include "sample/run_spec.h"
#include "sample/spec_reader.h"
#include "texunit/descriptors.h"

namespace {

// Stored through volatile, so that no compiler can drop the references the linker must resolve.
template <typename... F>
unsigned count_linked(F*... functions) {
  const void* volatile addresses[] = {reinterpret_cast<const void*>(functions)...};
  unsigned linked = 0;
  for (const void* f : addresses) linked += f != nullptr;
  return linked;
}

}  // namespace

// exec::run is overloaded (a program, or one decoded once): the address of the first.
using RunProgram = std::optional<tmu::exec::ExecError> (*)(const tmu::isa::sm50::Program&, tmu::exec::Warp&,
                                                           tmu::exec::Machine&, const tmu::exec::RunLimits&,
                                                           tmu::exec::RunReport&);

int main() {
  const unsigned linked = count_linked(
      &tmu::decode_png, &tmu::read_input, &tmu::isa::sm50::encode, &tmu::texunit::decode_header,
      static_cast<RunProgram>(&tmu::exec::run),
      &tmu::interp::ipa_op, &tmu::raster::setup, &tmu::render::read_scene, &tmu::ir::read, &tmu::ir::interp::run,
      &tmu::ir::sm50::select, &tmu::sample::run_spec, &tmu::sample::read_spec, &tmu::ptx::read,
      &tmu::ptx::compile_to_cubin, &tmu::run::launch);
  std::printf("%u libraries linked\n", linked);
  return 0;
}
