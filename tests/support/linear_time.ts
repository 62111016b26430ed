/**
 * The linearity guard of the hostile-input tests: one run on a 100k input must cost about ten
 * times one run on a 10k input, never the hundred times of a quadratic scan.
 *
 * Cost is the CPU time of the calling thread (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)` from the C
 * library, through Deno's FFI), not elapsed time: on a loaded machine a run longer than a
 * scheduler time slice is always preempted, so elapsed time inflates large inputs far more than
 * small ones, and that made this guard flaky. Without FFI permission or a Linux C library it falls
 * back to `performance.now()`.
 *
 * Each input is timed one run at a time, in alternation, after a warm-up, and the cheapest run of
 * each is kept: JIT compilation, GC pauses and a contended CPU only ever add cost. While the bound
 * is not met, more rounds are timed (up to {@link MAX_RUNS}); more samples only bring each side
 * closer to its true cost, and the true cost of quadratic work is 100 times, far past the bound.
 *
 * @module
 */
import assert from "node:assert/strict";

const SMALL = 10_000;
const LARGE = 100_000;
const MIN_RUNS = 5;
const MAX_RUNS = 30;
/** Linear work gives about 10 (10 to 14 measured: a larger heap costs GC more); quadratic, 100. */
const MAX_RATIO = 40;
/** Milliseconds added to the bound for the clock's resolution; quadratic work at 100k costs far more. */
const RESOLUTION_MS = 0.1;
const CLOCK_THREAD_CPUTIME_ID = 3;

/** A reader of this thread's CPU time in milliseconds, if the platform and permissions allow. */
function threadCpuClock(): (() => number) | undefined {
  if (typeof Deno === "undefined" || Deno.build.os !== "linux") return undefined;
  if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") return undefined;
  try {
    const libc = Deno.dlopen("libc.so.6", {
      clock_gettime: { parameters: ["i32", "buffer"], result: "i32" },
    });
    const timespec = new BigInt64Array(2);
    return () => {
      libc.symbols.clock_gettime(CLOCK_THREAD_CPUTIME_ID, timespec);
      return Number(timespec[0]) * 1e3 + Number(timespec[1]) / 1e6;
    };
  } catch {
    return undefined;
  }
}

const now = threadCpuClock() ?? (() => performance.now());

function time(run: () => void): number {
  const start = now();
  run();
  return now() - start;
}

/**
 * Asserts that the cheapest run of `make(100_000)` costs at most {@link MAX_RATIO} times the
 * cheapest run of `make(10_000)` (see the module doc for why this is robust under load).
 */
export function assertLinear(make: (size: number) => () => void): void {
  const small = make(SMALL);
  const large = make(LARGE);
  time(small);
  time(large);
  let cheapestSmall = Infinity;
  let cheapestLarge = Infinity;
  for (let runs = 1; runs <= MAX_RUNS; runs++) {
    cheapestSmall = Math.min(cheapestSmall, time(small));
    cheapestLarge = Math.min(cheapestLarge, time(large));
    if (runs >= MIN_RUNS && cheapestLarge <= MAX_RATIO * cheapestSmall + RESOLUTION_MS) return;
  }
  assert.fail(
    `cheapest of ${MAX_RUNS} runs: 100k: ${cheapestLarge.toFixed(2)} ms, 10k: ` +
      `${cheapestSmall.toFixed(2)} ms (at most ${MAX_RATIO} times as much expected)`,
  );
}
