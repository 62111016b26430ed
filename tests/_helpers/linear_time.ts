/**
 * The linearity guard of the hostile-input tests: one run on a 100k input must cost about ten
 * times one run on a 10k input, never the hundred times of a quadratic scan.
 *
 * Each input is timed one run at a time, in alternation, after a warm-up, and the cheapest run of
 * each is kept: JIT compilation, GC pauses (which large inputs meet more often, as their strings
 * go to the large-object space) and preemption by other test files or processes only ever add
 * time, so the cheapest run is the one closest to the work itself. Single runs are short, so some
 * of them escape the noise even on a loaded machine; while the bound is not met, more rounds are
 * timed (up to {@link MAX_RUNS}). More samples only bring each side closer to its true cost, and
 * the true cost of quadratic work is 100 times, far past the bound of {@link MAX_RATIO} times.
 *
 * @module
 */
import assert from "node:assert/strict";

const SMALL = 10_000;
const LARGE = 100_000;
const MIN_RUNS = 5;
const MAX_RUNS = 30;
/** Linear work gives about 10 (measured 10 to 14: larger heaps cost GC more); quadratic, 100. */
const MAX_RATIO = 40;
/** Milliseconds added to the bound for the clock's resolution; quadratic work at 100k costs far more. */
const RESOLUTION_MS = 0.1;

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
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
