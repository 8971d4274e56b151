// SPDX-License-Identifier: MIT
// Fragment programs `tmu render` embeds, in `tmu as` syntax. Outputs: the colour in R0..R3 at EXIT. Control
// annotations are written out: each variable-latency result (IPA, MUFU, TEX) sets a write barrier that its
// consumer waits on, so the executor's hazard check passes.
#pragma once

#include <string_view>

namespace tmu::render {

// Perspective-correct texture coordinates as in seed 002's example (a[0x7c] interpolates 1/w, MUFU.RCP makes w,
// IPA.MUL multiplies the interpolated u/w and v/w by it), then a filtered sample of texture 0 into R0..R3.
inline constexpr std::string_view kTexturedProgram = R"(// tmu render: textured fragment program
        IPA.PASS R4, a[0x7c] &wr=0 ?stall=1 ;         // 1/w
        MUFU.RCP R4, R4 &req={0} &wr=1 ?stall=1 ;     // w
        IPA R0, a[0x80], R4 &req={1} &wr=2 ?stall=1 ; // u = (u/w) * w
        IPA R1, a[0x84], R4 &wr=3 ?stall=1 ;          // v = (v/w) * w
        TEX R0, R0, 0x0, 2D, 0xf &req={2,3} &wr=4 ?stall=1 ;  // RGBA of texture/sampler word 0
        EXIT &req={4} ?stall=5 ;
)";

}  // namespace tmu::render
