// SPDX-License-Identifier: MIT
// Semantics of the float instructions. (Being written: until an op has a handler, running it stops the program
// with "the executor does not model ... yet".)
#include "exec/context.h"

namespace tmu::exec {

std::span<const HandlerEntry> float_handlers() { return {}; }

}  // namespace tmu::exec
