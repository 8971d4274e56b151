// SPDX-License-Identifier: MIT
#include "ir/passes/opt_copy_prop.h"

#include <unordered_map>

namespace tmu::ir {

bool opt_copy_prop(Shader& s) {
  std::unordered_map<DefId, const AluInstr*> movs;
  s.for_each_instr([&](Instr& i) {
    if (const AluInstr* a = i.as<AluInstr>(); a && a->op == AluOp::mov && a->src.size() == 1) movs[a->dest.id] = a;
  });
  bool progress = false;
  s.for_each_instr([&](Instr& i) {
    AluInstr* a = i.as<AluInstr>();
    if (!a) return;
    for (AluSrc& src : a->src) {
      // Follow chains of movs (each one defined before its use, so the walk ends).
      for (auto it = movs.find(src.def); it != movs.end(); it = movs.find(src.def)) {
        const AluSrc& inner = it->second->src[0];
        AluSrc composed{inner.def, {}};
        for (unsigned c = 0; c < kMaxComponents; ++c) composed.swizzle[c] = inner.swizzle[src.swizzle[c] % kMaxComponents];
        src = composed;
        progress = true;
      }
    }
  });
  return progress;
}

}  // namespace tmu::ir
