// SPDX-License-Identifier: MIT
// The executor's control flow on whole programs: divergence and reconvergence (SSY/SYNC, PBK/BRK), EXIT and KIL
// per lane, and the errors and hazard reports of bad programs. Lanes record the path they ran in registers.
#include <fmt/format.h>

#include "exec_int_util.h"

namespace tmu::exec {
namespace {

using testing::ExecFixture;

TEST(ExecControl, DivergentBranchReconvergesAtSync) {
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "SSY `(join);\n"
       "ISETP.LT.U32.AND P0, PT, R0, 0x10, PT;\n"
       "@P0 BRA `(low);\n"
       "MOV32I R1, 0x2;\n"  // lanes 16..31
       "SYNC;\n"
       "low: MOV32I R1, 0x1;\n"  // lanes 0..15
       "SYNC;\n"
       "join: IADD32I R2, R1, 0x10;\n"  // every lane again
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) {
    EXPECT_EQ(f.r(1, l), l < 16 ? 1u : 2u) << l;
    EXPECT_EQ(f.r(2, l), (l < 16 ? 1u : 2u) + 16) << l;
  }
  // S2R SSY ISETP BRA, then each side's MOV32I and SYNC, then IADD32I and EXIT once: 10 warp instructions.
  EXPECT_EQ(f.report.instructions, 10u);
}

TEST(ExecControl, BreakLeavesLoopPerLane) {
  // Lane l leaves the loop in iteration l + 1; the others keep going.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "MOV R1, RZ;\n"
       "PBK `(done);\n"
       "loop: IADD32I R1, R1, 0x1;\n"
       "ISETP.GT.U32.AND P0, PT, R1, R0, PT;\n"
       "@P0 BRK;\n"
       "BRA `(loop);\n"
       "done: MOV R2, R1;\n"
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(f.r(2, l), l + 1) << l;
}

TEST(ExecControl, IfElseInsideALoopAndBreakFromInsideTheIf) {
  // Lane l runs l + 1 iterations; in each, odd lanes add 2 and even lanes 1 (an SSY region inside the PBK
  // loop), and the BRK sits inside the divergent branches, leaving the SSY region unfinished.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "MOV R1, RZ;\n"
       "MOV R3, RZ;\n"
       "LOP32I.AND R4, R0, 0x1;\n"
       "ISETP.NE.U32.AND P1, PT, R4, RZ, PT;\n"
       "PBK `(done);\n"
       "loop: SSY `(cont);\n"
       "IADD32I R1, R1, 0x1;\n"
       "ISETP.GT.U32.AND P0, PT, R1, R0, PT;\n"
       "@P1 BRA `(odd);\n"
       "IADD32I R3, R3, 0x1;\n"
       "@P0 BRK;\n"
       "SYNC;\n"
       "odd: IADD32I R3, R3, 0x2;\n"
       "@P0 BRK;\n"
       "SYNC;\n"
       "cont: BRA `(loop);\n"
       "done: MOV R2, R1;\n"
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) {
    EXPECT_EQ(f.r(2, l), l + 1) << l;
    EXPECT_EQ(f.r(3, l), (l + 1) * (l % 2 ? 2 : 1)) << l;
  }
}

TEST(ExecControl, ExitEndsSomeLanes) {
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "ISETP.GE.U32.AND P0, PT, R0, 0x8, PT;\n"
       "@P0 EXIT;\n"
       "MOV32I R1, 0x7;\n"
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(f.r(1, l), l < 8 ? 7u : 0u) << l;
  EXPECT_EQ(f.warp.masks.exited, kAllLanes);
}

TEST(ExecControl, KilDisablesQuadsOnlyWhenAllFourAreKilled) {
  // Lanes 0..5 are killed: quad 0 entirely (it stops), quad 1 half (lanes 4 and 5 run on as helpers, KTM).
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "ISETP.LT.U32.AND P0, PT, R0, 0x6, PT;\n"
       "@P0 KIL;\n"
       "MOV32I R1, 0x1;\n"
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(f.r(1, l), l < 4 ? 0u : 1u) << l;
  EXPECT_EQ(f.warp.masks.ktm, 0x3fu);
}

TEST(ExecControl, RunawayLoopExhaustsTheBudget) {
  ExecFixture f;
  RunLimits limits;
  limits.max_instructions = 1000;
  // MOV is warp instruction 1, then IADD32I (even counts) and BRA (odd counts) alternate: the 1001st, which
  // the budget refuses, is the BRA at 0x18.
  const auto e = f.run("MOV R0, RZ;\nloop: IADD32I R1, R1, 0x1;\nBRA `(loop);\nEXIT;", limits);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->address, 0x18u);
  EXPECT_EQ(e->lane, -1);
  EXPECT_NE(e->message.find("budget of 1000"), std::string::npos) << e->message;
  EXPECT_EQ(f.r(1), 500u);
}

TEST(ExecControl, BranchOutsideTheProgramIsAnError) {
  ExecFixture f;
  const auto e = f.run("MOV R0, RZ;\nBRA 0x1000;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->address, 0x10u);
  EXPECT_NE(e->message.find("0x1000 is not an instruction"), std::string::npos) << e->message;
}

TEST(ExecControl, SyncWithoutSsyIsAnError) {
  ExecFixture f;
  const auto e = f.run("SYNC;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("without a matching SSY"), std::string::npos) << e->message;
}

TEST(ExecControl, ReadBeforeTheWriteBarrierIsAHazard) {
  // S2R is variable latency: its result is covered by write barrier 0 until an instruction waits on it.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID &wr=0 ;\n"
       "IADD32I R1, R0, 0x1 ?stall=6 ;\n"  // annotations without &req: no wait
       "EXIT;");
  ASSERT_EQ(f.report.hazards.size(), 1u);
  const Hazard& h = f.report.hazards[0];
  EXPECT_EQ(h.address, 0x10u);
  EXPECT_EQ(h.writer_address, 0x8u);
  EXPECT_EQ(h.reg, 0u);
  EXPECT_EQ(h.barrier, 0u);
  EXPECT_EQ(h.kind, Hazard::Kind::ReadAfterWrite);
  EXPECT_EQ(h.to_string(), "at 0x0010: read-after-write hazard: R0 is read before the instruction at 0x0008 has "
                           "written it (write barrier SB0 not waited on)");

  f.ok("S2R R0, SR_LANEID &wr=0 ;\n"
       "IADD32I R1, R0, 0x1 &req={0} ?stall=6 ;\n"
       "EXIT;");
  EXPECT_TRUE(f.report.hazards.empty());
  EXPECT_EQ(f.r(1, 9), 10u);
}

TEST(ExecControl, PendingWritesConflictOnlyThroughTheirOwnThreads) {
  // Lanes 0..15 take the branch and issue a variable-latency S2R into R1 without waiting; lanes 16..31 then read
  // R1 on the other side: their R1 is not being written, no hazard. A read by every lane after the join is one.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "MOV32I R1, 0x7;\n"
       "SSY `(join);\n"
       "ISETP.LT.U32.AND P0, PT, R0, 0x10, PT &req={0};\n"
       "@P0 BRA `(low);\n"
       "IADD32I R2, R1, 0x1 ?stall=6 ;\n"  // lanes 16..31 (the executor runs the taken side first)
       "SYNC;\n"
       "low: S2R R1, SR_LANEID &wr=0 ;\n"  // lanes 0..15
       "SYNC ?stall=6 ;\n"
       "join: EXIT;");
  for (unsigned l = 16; l < kLanes; ++l) EXPECT_EQ(f.r(2, l), 8u) << l;
  EXPECT_TRUE(f.report.hazards.empty()) << f.report.hazards[0].to_string();

  f.ok("S2R R0, SR_LANEID;\n"
       "SSY `(join);\n"
       "ISETP.LT.U32.AND P0, PT, R0, 0x10, PT &req={0};\n"
       "@P0 BRA `(low);\n"
       "SYNC ?stall=6 ;\n"
       "low: S2R R1, SR_LANEID &wr=0 ;\n"
       "SYNC ?stall=6 ;\n"
       "join: IADD32I R2, R1, 0x1 ?stall=6 ;\n"
       "EXIT;");
  ASSERT_EQ(f.report.hazards.size(), 1u);
  EXPECT_EQ(f.report.hazards[0].kind, Hazard::Kind::ReadAfterWrite);
}

TEST(ExecControl, WriteBeforeTheWriteBarrierIsAWriteAfterWriteHazard) {
  // R0 written by a MOV while S2R's write to it is still pending: S2R's later write wins, not a read.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID &wr=0 ;\n"
       "MOV32I R0, 0x5 ?stall=6 ;\n"
       "EXIT;");
  ASSERT_EQ(f.report.hazards.size(), 1u);
  EXPECT_EQ(f.report.hazards[0].kind, Hazard::Kind::WriteAfterWrite);
  EXPECT_EQ(f.report.hazards[0].to_string(),
            "at 0x0010: write-after-write hazard: R0 is written before the instruction at 0x0008 has written it, "
            "whose later write wins (write barrier SB0 not waited on)");
}

// Instruction k of a program (no labels in control slots) sits at 8 + 32 * (k / 3) + 8 * (k % 3): each 32-byte
// bundle is a control word and three instructions.

TEST(ExecControl, CalAndRetReturnPerLane) {
  // Lanes 0..9 return early from the subroutine (R2 stays 0); all resume after the CAL and add 0x100.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "CAL `(sub);\n"
       "IADD32I R3, R2, 0x100;\n"
       "EXIT;\n"
       "sub: ISETP.LT.U32.AND P0, PT, R0, 0xa, PT;\n"
       "@P0 RET;\n"
       "MOV32I R2, 0x5;\n"
       "RET;");
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(f.r(3, l), l < 10 ? 0x100u : 0x105u) << l;
}

TEST(ExecControl, JcalCallsAnAbsoluteAddress) {
  // Instruction 4 (the subroutine) is at 8 + 32 + 8 = 0x30.
  ExecFixture f;
  f.ok("MOV32I R1, 0x1;\n"
       "JCAL 0x30;\n"
       "IADD32I R1, R1, 0x10;\n"
       "EXIT;\n"
       "IADD32I R1, R1, 0x2;\n"
       "RET;");
  EXPECT_EQ(f.r(1, 7), 0x13u);
}

TEST(ExecControl, PretGivesCalNoincItsReturnAddress) {
  // CAL.NOINC pushes no return address: RET goes where PRET pointed, skipping the instruction after the CAL.
  ExecFixture f;
  f.ok("PRET `(back);\n"
       "CAL.NOINC `(sub);\n"
       "MOV32I R1, 0xbad;\n"
       "back: IADD32I R2, R2, 0x1;\n"
       "EXIT;\n"
       "sub: MOV32I R3, 0x3;\n"
       "RET;");
  EXPECT_EQ(f.r(1, 0), 0u);
  EXPECT_EQ(f.r(2, 0), 1u);
  EXPECT_EQ(f.r(3, 0), 3u);
}

TEST(ExecControl, PexitTurnsExitIntoABranchToItsTarget) {
  // Lanes 8..31 exit early, lanes 0..7 later: under the PEXIT both EXITs lead to the epilogue, whose own EXIT
  // (the entry gone) ends every thread.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "PEXIT `(epilogue);\n"
       "ISETP.GE.U32.AND P0, PT, R0, 0x8, PT;\n"
       "@P0 EXIT;\n"
       "MOV32I R1, 0x7;\n"
       "EXIT;\n"
       "epilogue: IADD32I R2, R1, 0x1;\n"
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(f.r(2, l), l < 8 ? 8u : 1u) << l;
  EXPECT_EQ(f.warp.masks.exited, kAllLanes);
  EXPECT_EQ(f.report.instructions, 8u);  // S2R PEXIT ISETP EXIT, MOV32I EXIT (lanes 0..7), IADD32I EXIT (all)
}

TEST(ExecControl, LongjmpLeavesNestedRegions) {
  // Lane l leaves a loop nested in an SSY region by LONGJMP after l + 1 iterations; the catch code runs for all.
  ExecFixture f;
  f.ok("S2R R0, SR_LANEID;\n"
       "PLONGJMP `(catch);\n"
       "SSY `(join);\n"
       "PBK `(join);\n"
       "loop: IADD32I R1, R1, 0x1;\n"
       "ISETP.GT.U32.AND P0, PT, R1, R0, PT;\n"
       "@P0 LONGJMP;\n"
       "BRA `(loop);\n"
       "join: MOV32I R2, 0xbad;\n"
       "EXIT;\n"
       "catch: IADD32I R3, R1, 0x20;\n"
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) {
    EXPECT_EQ(f.r(2, l), 0u) << l;
    EXPECT_EQ(f.r(3, l), l + 1 + 0x20) << l;
  }
}

TEST(ExecControl, LongjmpWithoutPlongjmpIsAnError) {
  ExecFixture f;
  const auto e = f.run("MOV R0, RZ;\nLONGJMP;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->address, 0x10u);
  EXPECT_NE(e->message.find("LONGJMP without a matching PLONGJMP"), std::string::npos) << e->message;
}

TEST(ExecControl, BreakpointsAndSystemStateStopTheProgram) {
  ExecFixture f;
  // BPT has no guard (nvdisasm refuses one): every current thread traps.
  f.covered = 0xfffffff0u;
  auto e = f.run("MOV R0, RZ;\nBPT.TRAP 0x1;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->address, 0x10u);
  EXPECT_EQ(e->lane, 4);  // the first current thread
  EXPECT_NE(e->message.find("'BPT.TRAP 0x1' traps to a debugger"), std::string::npos) << e->message;
  f.covered = kAllLanes;
  e = f.run("RTT;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("RTT outside a trap handler"), std::string::npos) << e->message;
  e = f.run("GETCRSPTR R1;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("GETCRSPTR is not modelled"), std::string::npos) << e->message;
  // IDE (no interrupts to enable or disable) does nothing.
  f.ok("IDE.EN 0x0;\nMOV32I R1, 0x2;\nEXIT;");
  EXPECT_EQ(f.r(1, 3), 2u);
}

// One block of `threads` threads (x only, warps of 32) running `sass` together (run_block).
struct Block {
  Machine machine;
  std::vector<BlockWarp> warps;
  std::optional<BlockError> run(std::string_view sass, uint32_t threads) {
    isa::sm50::Program p;
    const auto err = isa::sm50::assemble(sass, isa::Arch::SM50, p);
    EXPECT_FALSE(err) << (err ? err->message : std::string{});
    warps = std::vector<BlockWarp>((threads + 31) / 32);
    for (unsigned w = 0; w < warps.size(); ++w) {
      uint32_t lanes = 0;
      for (unsigned lane = 0; lane < kLanes && w * 32 + lane < threads; ++lane) {
        lanes |= 1u << lane;
        warps[w].tid[lane] = {w * 32 + lane, 0, 0};
      }
      warps[w].warp.masks.orm = warps[w].warp.masks.prm = warps[w].warp.masks.ctm = lanes;
      warps[w].warp.masks.ktm = 0;
      warps[w].warp.masks.exited = ~lanes;
    }
    return run_block(p, warps, threads, machine, {});
  }
};

TEST(ExecControl, BarRedReducesAPredicateAcrossTheBlock) {
  // 80 threads in 3 warps (the last one of 16); P0 = tid < limit. .POPC counts the threads where Ps holds, .AND
  // and .OR give 1 / 0; every warp gets the value (Warp::barrier_result), which B2R.RESULT reads.
  auto result = [](const char* red, uint32_t limit, bool negate) {
    Block b;
    const std::string sass = fmt::format("S2R R0, SR_TID.X &wr0;\n"
                                         "ISETP.LT.U32.AND P0, PT, R0, {:#x}, PT &req={{0}};\n"
                                         "BAR.RED.{} 0x3, {}P0;\nB2R.RESULT R5, P1 &wr1;\nEXIT &req={{1}};", limit,
                                         red, negate ? "!" : "");
    const auto e = b.run(sass, 80);
    EXPECT_FALSE(e) << (e ? e->error.to_string() : std::string{});
    std::vector<uint32_t> r;
    for (const BlockWarp& w : b.warps) {
      r.push_back(w.warp.barrier_result);
      // B2R.RESULT R5, P1 reads it: the value, and whether it is not zero.
      EXPECT_EQ(w.warp.reg[5][0], w.warp.barrier_result);
      EXPECT_EQ((w.warp.pred[1] & 1) != 0, w.warp.barrier_result != 0);
    }
    return r;
  };
  EXPECT_EQ(result("POPC", 40, false), (std::vector<uint32_t>{40, 40, 40}));
  EXPECT_EQ(result("POPC", 40, true), (std::vector<uint32_t>{40, 40, 40}));
  EXPECT_EQ(result("POPC", 70, false), (std::vector<uint32_t>{70, 70, 70}));
  EXPECT_EQ(result("AND", 80, false), (std::vector<uint32_t>{1, 1, 1}));
  EXPECT_EQ(result("AND", 79, false), (std::vector<uint32_t>{0, 0, 0}));
  EXPECT_EQ(result("OR", 1, false), (std::vector<uint32_t>{1, 1, 1}));
  EXPECT_EQ(result("OR", 0, false), (std::vector<uint32_t>{0, 0, 0}));
}

TEST(ExecControl, BarSyncOrdersSharedMemoryAcrossWarps) {
  // Thread t stores t + 1 at shared word t, waits, and loads word (t + 32) % 64: the other warp's.
  Block b;
  b.machine.shared = ByteMemory(0, 256);
  const auto e = b.run("S2R R0, SR_TID.X &wr0;\n"
                       "IADD32I R1, R0, 0x1 &req={0};\n"
                       "SHL R2, R0, 0x2;\n"
                       "STS [R2], R1;\n"
                       "BAR.SYNC 0x0;\n"
                       "IADD32I R3, R0, 0x20;\n"
                       "LOP32I.AND R3, R3, 0x3f;\n"
                       "SHL R3, R3, 0x2;\n"
                       "LDS R4, [R3] &wr1;\n"
                       "EXIT &req={1};",
                       64);
  ASSERT_FALSE(e) << e->error.to_string();
  for (unsigned w = 0; w < 2; ++w)
    for (unsigned lane = 0; lane < kLanes; ++lane)
      EXPECT_EQ(b.warps[w].warp.reg[4][lane], (w * 32 + lane + 32) % 64 + 1) << w << " " << lane;
}

TEST(ExecControl, BarrierDeadlocksAreErrors) {
  // Warp 1's threads exit; warp 0 waits at barrier 0 for all 64 threads: nobody can run.
  Block b;
  auto e = b.run("S2R R0, SR_TID.X &wr0;\n"
                 "ISETP.GE.U32.AND P0, PT, R0, 0x20, PT &req={0};\n"
                 "@P0 EXIT;\n"
                 "BAR.SYNC 0x0;\n"
                 "EXIT;",
                 64);
  ASSERT_TRUE(e);
  EXPECT_FALSE(e->warp);
  EXPECT_EQ(e->error.address, 0x28u);
  EXPECT_EQ(e->error.message, "deadlock: barrier 0 waits for 64 threads, 32 have arrived; waiting: warp 0 (at 0x0028); "
                              "warp 1 has exited (an exited warp never arrives at a barrier)");
  // BAR.ARV does not wait: a barrier that completes with no waiter is fine.
  EXPECT_FALSE(b.run("BAR.ARV 0x1, 0x40;\nEXIT;", 64));
  // A lone warp (exec::run) completes a barrier at once, unless it waits for more than a warp.
  ExecFixture f;
  f.ok("BAR.SYNC 0x0;\nBAR.SYNC 0x1, 0x20;\nEXIT;");
  const auto lone = f.run("BAR.SYNC 0x2, 0x40;\nEXIT;");
  ASSERT_TRUE(lone);
  EXPECT_EQ(lone->to_string(), "at 0x0008: deadlock: barrier 2 waits for 64 threads and a lone warp has 32");
}

TEST(ExecControl, InstructionBudgetCountsAcrossBarriers) {
  // Each warp runs BAR, BAR, EXIT: 3 instructions, counted across its two waits; a budget of 2 stops warp 0 at
  // its EXIT.
  Block b;
  auto e = b.run("BAR.SYNC 0x0;\nBAR.SYNC 0x0;\nEXIT;", 64);
  ASSERT_FALSE(e) << e->error.to_string();
  EXPECT_EQ(b.warps[0].report.instructions, 3u);
  isa::sm50::Program p;
  ASSERT_FALSE(isa::sm50::assemble("BAR.SYNC 0x0;\nBAR.SYNC 0x0;\nEXIT;", isa::Arch::SM50, p));
  for (BlockWarp& w : b.warps) w = BlockWarp{};
  e = run_block(p, b.warps, 64, b.machine, RunLimits{2});
  ASSERT_TRUE(e);
  ASSERT_TRUE(e->warp);
  EXPECT_EQ(*e->warp, 0u);
  EXPECT_EQ(e->error.to_string(), "at 0x0018: instruction budget of 2 exhausted: a runaway loop?");
}

// RunLimits::poison: registers start as kPoison, and each instruction that reads a register some of its threads
// have not written is reported once, with those threads; a register written on one side of a divergent branch
// is unwritten for the threads of the other side.
TEST(ExecControl, PoisonMarksAndReportsUnwrittenRegisters) {
  ExecFixture f;
  const char* program = "S2R R5, SR_LANEID;\n"
                        "IADD R0, R1, 0x1;\n"                    // R1: never written
                        "MOV R2, R0;\n"                          // R0: written just before
                        "ISETP.LT.U32.AND P0, PT, R5, 0x10, PT;\n"
                        "@P0 MOV32I R3, 0x5;\n"                  // lanes 0..15 only
                        "IADD R4, R3, RZ;\n"                     // lanes 16..31 read R3 unwritten
                        "IADD R4, R3, RZ;\n"                     // reported again: another instruction
                        "EXIT;";
  RunLimits poison;
  poison.poison = true;
  ASSERT_FALSE(f.run(program, poison));
  EXPECT_EQ(f.r(0, 7), kPoison + 1);
  EXPECT_EQ(f.r(2, 7), kPoison + 1);
  EXPECT_EQ(f.r(4, 3), 5u);
  EXPECT_EQ(f.r(4, 20), kPoison);
  ASSERT_EQ(f.report.uninitialised.size(), 3u);
  const UninitialisedRead& a = f.report.uninitialised[0];
  EXPECT_EQ(a.address, 0x10u);  // the IADD after S2R (the bundle's control word at 0x0)
  EXPECT_EQ(a.reg, 1u);
  EXPECT_EQ(a.lanes, kAllLanes);
  EXPECT_EQ(f.report.uninitialised[1].reg, 3u);
  EXPECT_EQ(f.report.uninitialised[1].lanes, 0xffff0000u);
  EXPECT_NE(f.report.uninitialised[2].address, f.report.uninitialised[1].address);
  EXPECT_EQ(a.to_string(), "at 0x0010: R1 is read by threads 0xffffffff, for which no instruction has written it "
                           "(it holds the poison value 0xffbadbad)");

  // Without it: the registers hold what the warp held (a new Warp: zero) and nothing is reported.
  ExecFixture g;
  ASSERT_FALSE(g.run(program));
  EXPECT_EQ(g.r(0, 7), 1u);
  EXPECT_EQ(g.r(4, 20), 0u);
  EXPECT_TRUE(g.report.uninitialised.empty());
}

}  // namespace
}  // namespace tmu::exec
