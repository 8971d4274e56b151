// SPDX-License-Identifier: MIT
#include "ptx/opcodes.h"

#include <algorithm>
#include <iterator>

namespace tmu::ptx {
namespace {

// Every opcode of PTX ISA 7.8 (the version ptxas 11.8 reads), whatever the target: the reader checks names only;
// which instructions a target has is the compiler's business.
constexpr std::string_view kOpcodes[] = {
    "abs",       "activemask", "add",        "addc",       "alloca",     "and",        "applypriority",
    "atom",      "bar",        "barrier",    "bfe",        "bfi",        "bfind",      "bmsk",
    "bra",       "brev",       "brkpt",      "brx",        "call",       "clz",        "cnot",
    "copysign",  "cos",        "cp",         "createpolicy", "cvt",      "cvta",       "discard",
    "div",       "dp2a",       "dp4a",       "elect",      "ex2",        "exit",       "fence",
    "fma",       "fns",        "getctarank", "griddepcontrol", "isspacep", "istypep",  "ld",
    "ldmatrix",  "ldu",        "lg2",        "lop3",       "mad",        "mad24",      "madc",
    "mapa",      "match",      "max",        "mbarrier",   "membar",     "min",        "mma",
    "mov",       "movmatrix",  "mul",        "mul24",      "multimem",   "nanosleep",  "neg",
    "not",       "or",         "pmevent",    "popc",       "prefetch",   "prefetchu",  "prmt",
    "rcp",       "red",        "redux",      "rem",        "ret",        "rsqrt",      "sad",
    "selp",      "set",        "setmaxnreg", "setp",       "shf",        "shfl",       "shl",
    "shr",       "sin",        "slct",       "sqrt",       "st",         "stackrestore", "stacksave",
    "stmatrix",  "sub",        "subc",       "suld",       "suq",        "sured",      "sust",
    "szext",     "tanh",       "tensormap",  "testp",      "tex",        "tld4",       "trap",
    "txq",       "vabsdiff",   "vabsdiff2",  "vabsdiff4",  "vadd",       "vadd2",      "vadd4",
    "vavrg2",    "vavrg4",     "vmad",       "vmax",       "vmax2",      "vmax4",      "vmin",
    "vmin2",     "vmin4",      "vote",       "vset",       "vset2",      "vset4",      "vshl",
    "vshr",      "vsub",       "vsub2",      "vsub4",      "wgmma",      "wmma",       "xor",
};

}  // namespace

bool is_known_opcode(std::string_view opcode) {
  return std::find(std::begin(kOpcodes), std::end(kOpcodes), opcode) != std::end(kOpcodes);
}

}  // namespace tmu::ptx
