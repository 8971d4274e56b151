// SPDX-License-Identifier: MIT
// Semantics of the conversion instructions. (Being written: until an op has a handler, running it stops the program
// with "the executor does not model ... yet".)
#include "exec/context.h"

namespace tmu::exec {

std::span<const HandlerEntry> conversion_handlers() { return {}; }

}  // namespace tmu::exec
