// SPDX-License-Identifier: MIT
// Fragment programs `tmu render` embeds, in `tmu as` syntax; scene files name them with {"builtin": NAME}
// (docs/render.md). Outputs: the colour in R0..R3 at EXIT. Each starts as seed 002's example does: a[0x7c]
// interpolates 1/w, MUFU.RCP makes w, and IPA multiplies each interpolated attribute/w by it (perspective-correct
// attributes). Control annotations are written out: each variable-latency result (IPA, MUFU, TEX) sets a write
// barrier that its consumer waits on, so the executor's hazard check passes.
#pragma once

#include <array>
#include <string_view>

namespace tmu::render {

// Attribute 0's (u, v), then a filtered sample of texture 0 (handle in c[0x0][0x0]) into R0..R3.
inline constexpr std::string_view kTexturedProgram = R"(// tmu render: textured fragment program
        IPA.PASS R4, a[0x7c] &wr=0 ?stall=1 ;         // 1/w
        MUFU.RCP R4, R4 &req={0} &wr=1 ?stall=1 ;     // w
        IPA R0, a[0x80], R4 &req={1} &wr=2 ?stall=1 ; // u = (u/w) * w
        IPA R1, a[0x84], R4 &wr=3 ?stall=1 ;          // v = (v/w) * w
        TEX R0, R0, 0x0, 2D, 0xf &req={2,3} &wr=4 ?stall=1 ;  // RGBA of texture/sampler word 0
        EXIT &req={4} ?stall=5 ;
)";

// Attribute 0 is the colour.
inline constexpr std::string_view kColourProgram = R"(// tmu render: vertex colour
        IPA.PASS R4, a[0x7c] &wr=0 ?stall=1 ;
        MUFU.RCP R4, R4 &req={0} &wr=1 ?stall=1 ;
        IPA R0, a[0x80], R4 &req={1} &wr=2 ?stall=1 ;
        IPA R1, a[0x84], R4 &wr=3 ?stall=1 ;
        IPA R2, a[0x88], R4 &wr=4 ?stall=1 ;
        IPA R3, a[0x8c], R4 &wr=5 ?stall=1 ;
        EXIT &req={2,3,4,5} ?stall=5 ;
)";

// Attribute 0's (x, y, z) is a direction: a sample of cube map 0 (Ra = x, y, z; seed 000's CUBE packing).
inline constexpr std::string_view kCubeProgram = R"(// tmu render: cube map lookup
        IPA.PASS R4, a[0x7c] &wr=0 ?stall=1 ;
        MUFU.RCP R4, R4 &req={0} &wr=1 ?stall=1 ;
        IPA R0, a[0x80], R4 &req={1} &wr=2 ?stall=1 ;
        IPA R1, a[0x84], R4 &wr=3 ?stall=1 ;
        IPA R2, a[0x88], R4 &wr=4 ?stall=1 ;
        TEX R0, R0, 0x0, CUBE, 0xf &req={2,3,4} &wr=5 ?stall=1 ;
        EXIT &req={5} ?stall=5 ;
)";

// Attribute 0's (u, v) on layer c[0x3][0x0] (an integer) of 2D array texture 0 (Ra = layer, u, v).
inline constexpr std::string_view kArrayProgram = R"(// tmu render: 2D array lookup, layer from c[0x3][0x0]
        IPA.PASS R4, a[0x7c] &wr=0 ?stall=1 ;
        MUFU.RCP R4, R4 &req={0} &wr=1 ?stall=1 ;
        IPA R1, a[0x80], R4 &req={1} &wr=2 ?stall=1 ;
        IPA R2, a[0x84], R4 &wr=3 ?stall=1 ;
        MOV R0, c[0x3][0x0] ?stall=6 ;
        TEX R0, R0, 0x0, ARRAY_2D, 0xf &req={2,3} &wr=4 ?stall=1 ;
        EXIT &req={4} ?stall=5 ;
)";

// Attribute 0's (u, v) and depth reference z: depth-compared sample of texture 0 (Ra = u, v; Rb = reference),
// shown as grey (R = G = B = the result, A = 1).
inline constexpr std::string_view kShadowProgram = R"(// tmu render: depth-compare lookup
        IPA.PASS R4, a[0x7c] &wr=0 ?stall=1 ;
        MUFU.RCP R4, R4 &req={0} &wr=1 ?stall=1 ;
        IPA R0, a[0x80], R4 &req={1} &wr=2 ?stall=1 ;
        IPA R1, a[0x84], R4 &wr=3 ?stall=1 ;
        IPA R2, a[0x88], R4 &wr=4 ?stall=1 ;
        TEX.DC R0, R0, R2, 0x0, 2D, 0x1 &req={2,3,4} &wr=5 ?stall=1 ;
        MOV R1, R0 &req={5} ?stall=6 ;
        MOV R2, R0 ?stall=6 ;
        MOV32I R3, 0x3f800000 ?stall=6 ;
        EXIT ?stall=5 ;
)";

struct BuiltinProgram {
  std::string_view name, text;
};
inline constexpr std::array<BuiltinProgram, 5> kBuiltinPrograms{{
    {"textured", kTexturedProgram},
    {"colour", kColourProgram},
    {"cube", kCubeProgram},
    {"array", kArrayProgram},
    {"shadow", kShadowProgram},
}};

}  // namespace tmu::render
