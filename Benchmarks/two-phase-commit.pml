/* Lamport's two-phase commit (TLA+ Examples, TwoPhase.tla) in Promela, for `cardcheck bench`
 * to run in Spin beside cardcheck's own TwoPhaseCommit (Sources/ClassicModels): one process
 * whose every step is one indivisible d_step, so Spin's states are exactly the protocol's
 * (1,745,408 for 8 resource managers, as TLC, Stateright and cardcheck count them).
 *
 *   spin -a -DN=8 Benchmarks/two-phase-commit.pml
 *   gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c      (and -DHC4 for hash compaction)
 *   ./pan -w26
 *
 * N is the number of resource managers, 1 to 12 (default 8). */
#ifndef N
#define N 8
#endif

#define WORKING   0
#define PREPARED  1
#define COMMITTED 2
#define ABORTED   3

byte rmState[N];   /* each manager's state */
bit tmPrepared[N]; /* the TM has received the manager's Prepared */
bit prepared[N];   /* the manager's Prepared message is in flight (messages are never lost) */
bit tmDone;        /* the TM has committed or aborted */
bit commitMsg;
bit abortMsg;
/* Counts that are functions of the arrays above (so they add no states): TMCommit's guard, and
 * the consistency check (TwoPhase.tla's TCConsistent: no manager committed while another
 * aborted), asserted after every step that changes a manager's state. */
byte preparedCount;
byte committedCount;
byte abortedCount;
#define CONSISTENT assert(committedCount == 0 || abortedCount == 0)

/* Manager i's steps, and the TM receiving its Prepared. */
#define MANAGER(i) \
  :: d_step { rmState[i] == WORKING -> rmState[i] = PREPARED; prepared[i] = 1 } \
  :: d_step { rmState[i] == WORKING -> rmState[i] = ABORTED; abortedCount++; CONSISTENT } \
  :: d_step { commitMsg && rmState[i] != COMMITTED -> \
       if :: rmState[i] == ABORTED -> abortedCount-- :: else -> skip fi; \
       rmState[i] = COMMITTED; committedCount++; CONSISTENT } \
  :: d_step { abortMsg && rmState[i] != ABORTED -> \
       if :: rmState[i] == COMMITTED -> committedCount-- :: else -> skip fi; \
       rmState[i] = ABORTED; abortedCount++; CONSISTENT } \
  :: d_step { !tmDone && prepared[i] && !tmPrepared[i] -> tmPrepared[i] = 1; preparedCount++ }

active proctype TwoPhase() {
end:  /* every manager decided and the TM done: no step is left, a valid end */
  do
  :: d_step { !tmDone && preparedCount == N -> tmDone = 1; commitMsg = 1 }
  :: d_step { !tmDone -> tmDone = 1; abortMsg = 1 }
  MANAGER(0)
#if N > 1
  MANAGER(1)
#endif
#if N > 2
  MANAGER(2)
#endif
#if N > 3
  MANAGER(3)
#endif
#if N > 4
  MANAGER(4)
#endif
#if N > 5
  MANAGER(5)
#endif
#if N > 6
  MANAGER(6)
#endif
#if N > 7
  MANAGER(7)
#endif
#if N > 8
  MANAGER(8)
#endif
#if N > 9
  MANAGER(9)
#endif
#if N > 10
  MANAGER(10)
#endif
#if N > 11
  MANAGER(11)
#endif
  od
}
