// SPDX-License-Identifier: MIT
// Loops in the PTX compiler (structure.cpp): nvcc's loop shapes (a guard that skips the loop, a conditional branch
// back to the head, early exits to the label after it, continues inside ifs, nested loops, loop-carried 64-bit
// pointers and swapped values), and the branches that do not nest (switches, returns and breaks out of loops,
// compiled as guarded blocks), nvcc's rotated loops (entered at their test) and breaks to blocks placed after the
// loop's exit, compiled by tmu and run by tmu run's launch, against the same code written in C++; and irreducible
// loops (entered at two points), refused with their positions.
#include <gtest/gtest.h>

#include <string>

#include "ptx_kernel_harness.h"

namespace tmu {
namespace {

using namespace ptx_kernel_harness;

TEST(PtxLoops, BreakAndContinueInsideIfs) {
  // for (i = 0; i < n; ++i) { if (i odd) continue; sum += i * w2; if (sum > limit) break; prod *= 3; }
  check(R"(
  and.b32 %r10, %r1, 31;          // n
  and.b32 %r11, %r2, 0xffff;      // limit
  mov.u32 %r12, 0;                // i
  mov.u32 %r5, 0;                 // sum
  mov.u32 %r6, 1;                 // prod
  setp.eq.u32 %p1, %r10, 0;
  @%p1 bra DONE;
HEAD:
  and.b32 %r13, %r12, 1;
  setp.ne.u32 %p2, %r13, 0;
  @%p2 bra NEXT;
  mad.lo.u32 %r5, %r12, %r3, %r5;
  setp.gt.u32 %p3, %r5, %r11;
  @%p3 bra DONE;
  mul.lo.u32 %r6, %r6, 3;
NEXT:
  add.u32 %r12, %r12, 1;
  setp.lt.u32 %p4, %r12, %r10;
  @%p4 bra HEAD;
DONE:
  mov.u32 %r7, %r12;)",
        [](const Words& w) {
          const uint32_t n = w[0] & 31, limit = w[1] & 0xffff;
          uint32_t i = 0, sum = 0, prod = 1;
          for (; i < n; ++i) {
            if (i & 1) continue;
            sum += i * w[2];
            if (sum > limit) break;
            prod *= 3;
          }
          return Words{sum, prod, i, 0};
        });
}

TEST(PtxLoops, NestedLoopsWithAnInnerBreak) {
  // for (i < w0 % 6) { for (j < w1 % 5) { if (j == w3 % 4) break; acc += i * j + w2; } acc ^= i; }
  check(R"(
  rem.u32 %r10, %r1, 6;
  rem.u32 %r11, %r2, 5;
  and.b32 %r12, %r4, 3;
  mov.u32 %r13, 0;      // i
  mov.u32 %r5, 0;       // acc
  mov.u32 %r6, 0;       // inner iterations
OUTER:
  setp.ge.u32 %p1, %r13, %r10;
  @%p1 bra OUT_DONE;
  mov.u32 %r14, 0;      // j
INNER:
  setp.ge.u32 %p2, %r14, %r11;
  @%p2 bra IN_DONE;
  setp.eq.u32 %p3, %r14, %r12;
  @%p3 bra IN_DONE;
  mad.lo.u32 %r15, %r13, %r14, %r3;
  add.u32 %r5, %r5, %r15;
  add.u32 %r6, %r6, 1;
  add.u32 %r14, %r14, 1;
  bra INNER;
IN_DONE:
  xor.b32 %r5, %r5, %r13;
  add.u32 %r13, %r13, 1;
  bra OUTER;
OUT_DONE:
  mov.u32 %r7, %r14;)",
        [](const Words& w) {
          const uint32_t n = w[0] % 6, m = w[1] % 5, stop = w[3] & 3;
          uint32_t acc = 0, count = 0, j = 0;
          for (uint32_t i = 0; i < n; ++i) {
            for (j = 0; j < m; ++j) {
              if (j == stop) break;
              acc += i * j + w[2];
              ++count;
            }
            acc ^= i;
          }
          return Words{acc, count, n ? j : 0, 0};
        });
}

TEST(PtxLoops, LoopCarriedSwapsAndFibonacci) {
  // Values that trade places each iteration: the phis' moves form a cycle (one goes through a scratch register).
  check(R"(
  and.b32 %r10, %r1, 15;
  mov.u32 %r5, %r2;   // x
  mov.u32 %r6, %r3;   // y
  mov.u32 %r7, 0;     // fib a
  mov.u32 %r8, 1;     // fib b
  setp.eq.u32 %p1, %r10, 0;
  @%p1 bra DONE;
HEAD:
  mov.u32 %r11, %r5;
  mov.u32 %r5, %r6;
  mov.u32 %r6, %r11;
  add.u32 %r12, %r7, %r8;
  mov.u32 %r7, %r8;
  mov.u32 %r8, %r12;
  sub.u32 %r10, %r10, 1;
  setp.ne.u32 %p2, %r10, 0;
  @%p2 bra HEAD;
DONE:)",
        [](const Words& w) {
          uint32_t x = w[1], y = w[2], a = 0, b = 1;
          for (uint32_t n = w[0] & 15; n; --n) {
            std::swap(x, y);
            const uint32_t c = a + b;
            a = b;
            b = c;
          }
          return Words{x, y, a, b};
        });
}

TEST(PtxLoops, SixtyFourBitPointerWalk) {
  // Each thread sums the first words of the next w0 % 8 threads' inputs through a 64-bit pointer that the loop
  // advances (the input buffer is 64 threads of 16 bytes; the walk wraps at its end).
  const auto in = random_inputs(7);
  check(R"(
  ld.param.u64 %rd10, [in];
  cvta.to.global.u64 %rd10, %rd10;
  and.b32 %r10, %r1, 7;
  mov.u32 %r11, %r0;          // thread index walked
  mov.u64 %rd11, %rd1;        // pointer
  setp.eq.u32 %p1, %r10, 0;
  @%p1 bra DONE;
HEAD:
  add.u32 %r11, %r11, 1;
  add.s64 %rd11, %rd11, 16;
  setp.lt.u32 %p2, %r11, 64;
  @%p2 bra LOAD;
  mov.u32 %r11, 0;
  mov.u64 %rd11, %rd10;
LOAD:
  ld.global.u32 %r12, [%rd11];
  add.u32 %r5, %r5, %r12;
  add.u32 %r6, %r6, 1;
  sub.u32 %r10, %r10, 1;
  setp.ne.u32 %p3, %r10, 0;
  @%p3 bra HEAD;
DONE:
  mov.u32 %r7, %r11;)",
        [&](const Words& w) {
          uint32_t t = 0;
          while (in[t] != w) ++t;
          Words o{0, 0, t, 0};
          for (uint32_t n = w[0] & 7; n; --n) {
            t = (t + 1) % 64;
            o[0] += in[t][0];
            ++o[1];
          }
          o[2] = t;
          return o;
        },
        in);
}

TEST(PtxLoops, LoopInsideAnIfAndARegisterFirstWrittenInTheLoop) {
  // The loop runs on one side of an if; %r13 is read at the loop's head before its first write (0 then, PTX
  // leaves it undefined) and carries its value into the next iteration.
  check(R"(
  setp.lt.u32 %p1, %r1, %r2;
  @%p1 bra ELSE;
  and.b32 %r10, %r3, 7;
  mov.u32 %r11, 0;
HEAD:
  add.u32 %r5, %r5, %r13;
  add.u32 %r13, %r11, 10;
  add.u32 %r11, %r11, 1;
  setp.le.u32 %p2, %r11, %r10;
  @%p2 bra HEAD;
  bra END;
ELSE:
  mov.u32 %r5, 12345;
END:
  mov.u32 %r6, %r13;)",
        [](const Words& w) {
          if (w[0] < w[1]) return Words{12345, 0, 0, 0};
          uint32_t sum = 0, prev = 0, i = 0;
          do {
            sum += prev;
            prev = i + 10;
            ++i;
          } while (i <= (w[2] & 7));
          return Words{sum, prev, 0, 0};
        });
}

TEST(PtxLoops, SwitchWithSharedCasesAndFallthrough) {
  // nvcc's switch: a tree of compares whose leaves branch to the cases and to the default, a case shared by two
  // values, one falling into the next, all leaving to one end (guarded blocks: the branches do not nest).
  //   switch (w0 & 7) { case 0: r5 = w1 * 3; break; case 1: case 6: r5 = w1 + 7; [[fallthrough]];
  //                     case 5: r6 = w2 ^ r5; break; default: r5 = 42; }  r7 = r5 + r6;
  check(R"(
  and.b32 %r10, %r1, 7;
  setp.gt.u32 %p1, %r10, 3;
  @%p1 bra.uni HIGH;
  setp.eq.u32 %p2, %r10, 0;
  @%p2 bra C0;
  setp.eq.u32 %p3, %r10, 1;
  @%p3 bra C1;
  bra.uni DEFAULT;
HIGH:
  sub.u32 %r14, %r10, 5;
  setp.eq.u32 %p4, %r14, 0;
  @%p4 bra C5;
  setp.ne.u32 %p5, %r14, 1;
  @%p5 bra.uni DEFAULT;
C1:
  add.u32 %r5, %r2, 7;
C5:
  xor.b32 %r6, %r3, %r5;
  bra.uni END;
C0:
  mul.lo.u32 %r5, %r2, 3;
  bra.uni END;
DEFAULT:
  mov.u32 %r5, 42;
END:
  add.u32 %r7, %r5, %r6;)",
        [](const Words& w) {
          uint32_t r5 = 0, r6 = 0;
          switch (w[0] & 7) {
            case 0: r5 = w[1] * 3; break;
            case 1:
            case 6: r5 = w[1] + 7; [[fallthrough]];
            case 5: r6 = w[2] ^ r5; break;
            default: r5 = 42;
          }
          return Words{r5, r6, r5 + r6, 0};
        });
}

TEST(PtxLoops, ReturnFromInsideALoop) {
  // for (i = 0; i < w0 % 16; ++i) { acc += w1 ^ i; if ((acc & 31) == 7) { out = {acc, i, 99, 0}; return; }
  //                                if ((acc & 31) == 9) return; }
  // As nvcc writes it, the first return's block comes after a `ret` and branches back to it; the second returns
  // inside the loop (the output buffer keeps its zeros).
  check(R"(
  and.b32 %r10, %r1, 15;
  mov.u32 %r11, 0;
  setp.eq.u32 %p1, %r10, 0;
  @%p1 bra DONE;
HEAD:
  xor.b32 %r12, %r2, %r11;
  add.u32 %r5, %r5, %r12;
  and.b32 %r13, %r5, 31;
  setp.eq.u32 %p2, %r13, 7;
  @%p2 bra EARLY;
  setp.eq.u32 %p4, %r13, 9;
  @%p4 ret;
  add.u32 %r11, %r11, 1;
  setp.lt.u32 %p3, %r11, %r10;
  @%p3 bra HEAD;
DONE:
  mov.u32 %r6, %r11;
  bra.uni STORE;
EXIT:
  ret;
EARLY:
  mov.u32 %r6, %r11;
  mov.u32 %r7, 99;
  st.global.v4.u32 [%rd2], {%r5, %r6, %r7, %r8};
  bra.uni EXIT;
STORE:)",
        [](const Words& w) {
          uint32_t acc = 0, i = 0;
          for (; i < (w[0] & 15); ++i) {
            acc += w[1] ^ i;
            if ((acc & 31) == 7) return Words{acc, i, 99, 0};
            if ((acc & 31) == 9) return Words{0, 0, 0, 0};
          }
          return Words{acc, i, 0, 0};
        });
}

TEST(PtxLoops, BreakAndContinueOfAnOuterLoop) {
  // An inner loop that leaves both loops, goes on with the outer loop's increment, and continues the outer loop at
  // its head.
  check(R"(
  and.b32 %r10, %r1, 7;
  and.b32 %r11, %r2, 7;
  mov.u32 %r12, 0;
OUTER:
  mov.u32 %r13, 0;
  setp.ge.u32 %p1, %r12, %r10;
  @%p1 bra OUT;
INNER:
  setp.ge.u32 %p2, %r13, %r11;
  @%p2 bra INNER_DONE;
  mad.lo.u32 %r5, %r12, %r13, %r5;
  add.u32 %r13, %r13, 1;
  add.u32 %r14, %r5, %r3;
  and.b32 %r14, %r14, 15;
  setp.eq.u32 %p3, %r14, 3;
  @%p3 bra OUT;
  setp.eq.u32 %p4, %r14, 5;
  @%p4 bra NEXT_I;
  setp.eq.u32 %p5, %r14, 9;
  @%p5 add.u32 %r12, %r12, 1;
  @%p5 bra OUTER;
  bra.uni INNER;
INNER_DONE:
  xor.b32 %r5, %r5, 0x55;
NEXT_I:
  add.u32 %r12, %r12, 1;
  bra.uni OUTER;
OUT:
  mov.u32 %r6, %r12;
  mov.u32 %r7, %r13;)",
        [](const Words& w) {
          const uint32_t n = w[0] & 7, m = w[1] & 7;
          uint32_t acc = 0, i = 0, j = 0;
          for (;;) {
            j = 0;
            if (i >= n) break;
            int leave = 0;  // 1: out of both loops, 2: the outer loop's head
            for (;;) {
              if (j >= m) {
                acc ^= 0x55;
                break;
              }
              acc += i * j;
              ++j;
              const uint32_t r = (acc + w[2]) & 15;
              if (r == 3) leave = 1;
              if (r == 9) ++i, leave = 2;
              if (r == 3 || r == 5 || r == 9) break;
            }
            if (leave == 1) break;
            if (leave == 0) ++i;
          }
          return Words{acc, i, j, 0};
        });
}

TEST(PtxLoops, RotatedLoopEnteredAtItsTest) {
  // while (((r ^ w2) & 7) != 0 && i < w0 % 16) { r = r * 5 + i; ++i; }, as nvcc writes a loop whose test it does not
  // copy in front of it: a branch to the test at the bottom, which branches back to the body (zero trips included).
  check(R"(
  and.b32 %r10, %r1, 15;
  mov.u32 %r12, 0;
  mov.u32 %r5, %r2;
  bra.uni TEST;
BODY:
  mad.lo.u32 %r5, %r5, 5, %r12;
  add.u32 %r12, %r12, 1;
TEST:
  xor.b32 %r13, %r5, %r3;
  and.b32 %r13, %r13, 7;
  setp.ne.u32 %p1, %r13, 0;
  setp.lt.u32 %p2, %r12, %r10;
  and.pred %p3, %p1, %p2;
  @%p3 bra BODY;
  mov.u32 %r6, %r12;)",
        [](const Words& w) {
          uint32_t r = w[1], i = 0;
          while (((r ^ w[2]) & 7) != 0 && i < (w[0] & 15)) r = r * 5 + i++;
          return Words{r, i, 0, 0};
        });
}

// for (a = 0; a < w0 % 8; ++a) { b = 0; while (((b + r) & 3) != 0 && b <= 8) { if ((b ^ r) & 8) { ++b; continue; }
//   r += b; if (r > w2) break; ++b; } if (r & 1) continue; r += a; }: nvcc's shape of a rotated inner loop whose
// continue and unconditional latch go to the increment above the test, and whose breaks land after the latch.
// `extra` goes before the outer loop's latch (a return there makes the branches not nest: guarded blocks).
std::string rotated_in_outer(const std::string& extra) {
  return R"(
  and.b32 %r10, %r1, 7;
  mov.u32 %r11, 0;
  mov.u32 %r5, %r2;
  setp.eq.u32 %p1, %r10, 0;
  @%p1 bra DONE;
OUTER:
  mov.u32 %r12, 0;
  bra.uni TEST;
NEXT:
  add.u32 %r12, %r12, 1;
TEST:
  add.u32 %r13, %r12, %r5;
  and.b32 %r14, %r13, 3;
  setp.eq.u32 %p2, %r14, 0;
  setp.gt.u32 %p3, %r12, 8;
  or.pred %p4, %p2, %p3;
  @%p4 bra INNER_DONE;
  xor.b32 %r14, %r12, %r5;
  and.b32 %r14, %r14, 8;
  setp.ne.u32 %p5, %r14, 0;
  @%p5 bra NEXT;
  add.u32 %r5, %r5, %r12;
  setp.gt.u32 %p6, %r5, %r3;
  @%p6 bra INNER_DONE;
  bra.uni NEXT;
INNER_DONE:
  and.b32 %r15, %r5, 1;
  setp.eq.u32 %p7, %r15, 0;
  @!%p7 bra CONT;
  add.u32 %r5, %r5, %r11;
CONT:)" + extra + R"(
  add.u32 %r11, %r11, 1;
  setp.lt.u32 %p1, %r11, %r10;
  @%p1 bra OUTER;
DONE:
  mov.u32 %r6, %r11;)";
}

Words rotated_in_outer_expected(const Words& w, bool returns) {
  uint32_t r = w[1], a = 0;
  for (; a < (w[0] & 7); ++a) {
    uint32_t b = 0;
    while (((b + r) & 3) != 0 && b <= 8) {
      if ((b ^ r) & 8) {
        ++b;
        continue;
      }
      r += b;
      if (r > w[2]) break;
      ++b;
    }
    if (!(r & 1)) r += a;
    if (returns && (r & 15) == (w[3] & 15)) return Words{0, 0, 0, 0};
  }
  return Words{r, a, 0, 0};
}

TEST(PtxLoops, RotatedLoopInsideALoop) {
  check(rotated_in_outer(""), [](const Words& w) { return rotated_in_outer_expected(w, false); });
}

TEST(PtxLoops, RotatedLoopsAsGuardedBlocks) {
  // The same loops with a return before the outer latch: compiled as guarded blocks (a label no branch names runs
  // where the block before it falls into it).
  check(rotated_in_outer(R"(
  and.b32 %r16, %r5, 15;
UNNAMED:
  and.b32 %r17, %r4, 15;
  setp.eq.u32 %p0, %r16, %r17;
  @%p0 ret;)"),
        [](const Words& w) { return rotated_in_outer_expected(w, true); });
}

TEST(PtxLoops, BreaksToBlocksAfterTheLoopsExit) {
  // do { r += i; if ((r & 31) == 7) { c = 7; break; } if ((r & 31) == 9) { c = 9; r ^= w2; break; } } while (++i < n):
  // nvcc places the breaks' own blocks after the branch the loop falls through to (copied into the loop).
  check(R"(
  and.b32 %r10, %r1, 15;
  mov.u32 %r11, 0;
  mov.u32 %r5, %r2;
HEAD:
  add.u32 %r5, %r5, %r11;
  and.b32 %r12, %r5, 31;
  setp.eq.u32 %p1, %r12, 7;
  @%p1 bra SEVEN;
  setp.eq.u32 %p2, %r12, 9;
  @!%p2 bra NEXT;
  bra.uni NINE;
NEXT:
  add.u32 %r11, %r11, 1;
  setp.lt.u32 %p3, %r11, %r10;
  @%p3 bra HEAD;
  bra.uni DONE;
SEVEN:
  mov.u32 %r7, 7;
  bra.uni DONE;
NINE:
  mov.u32 %r7, 9;
  xor.b32 %r5, %r5, %r3;
DONE:
  mov.u32 %r6, %r11;)",
        [](const Words& w) {
          uint32_t r = w[1], i = 0, c = 0;
          do {
            r += i;
            if ((r & 31) == 7) {
              c = 7;
              break;
            }
            if ((r & 31) == 9) {
              c = 9;
              r ^= w[2];
              break;
            }
          } while (++i < (w[0] & 15));
          return Words{r, i, c, 0};
        });
}

TEST(PtxLoops, LoopsEnteredInTheirMiddleAreRefused) {
  // The body starts on line 20 of kernel(). A cycle with two entries is irreducible (rotated loops, whose head
  // nothing falls into, are compiled: RotatedLoopEnteredAtItsTest).
  EXPECT_EQ(error_of("  setp.eq.u32 %p1, %r1, 0;\n  @%p1 bra B;\nA:\n  add.u32 %r5, %r5, 1;\nB:\n"
                     "  add.u32 %r6, %r6, 1;\n  setp.lt.u32 %p2, %r6, 5;\n  @%p2 bra A;"),
            "bad.ptx:21:8: the branch to B enters the loop at A other than through its head (irreducible control "
            "flow): not compiled");
  EXPECT_EQ(error_of("  setp.eq.u32 %p1, %r1, 0;\n  @%p1 bra TEST;\n  bra HEAD;\nHEAD:\n  add.u32 %r5, %r5, 1;\n"
                     "TEST:\n  setp.lt.u32 %p2, %r5, %r1;\n  @%p2 bra HEAD;"),
            "bad.ptx:21:8: the branch to TEST enters the loop at HEAD other than through its head (irreducible "
            "control flow): not compiled");
  EXPECT_EQ(error_of("OUTER:\n  add.u32 %r5, %r5, 1;\nINNER:\n  add.u32 %r6, %r6, 1;\n  setp.lt.u32 %p1, %r6, 3;\n"
                     "  @%p1 bra OUTER;\n  setp.lt.u32 %p2, %r5, 3;\n  @%p2 bra INNER;"),
            "bad.ptx:27:8: the branch back to INNER leaves the loop's enclosing region (loops that overlap without "
            "nesting: irreducible control flow): not compiled");
}

}  // namespace
}  // namespace tmu
