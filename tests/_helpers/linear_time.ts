/**
 * The linearity guard of the hostile-input tests: work on a 100k input must cost about 10 times
 * the work on a 10k input, never the 100 times of a quadratic scan. Ten 10k runs in a row are
 * timed against one 100k run, so both measure the same work when linear and span about as many
 * scheduler time slices: on a loaded machine (other processes on every core) both slow alike,
 * where a single 10k run, shorter than one slice, would not. The two are timed in turn and the
 * fastest of each is kept, so GC pauses and preemptions (which only ever add time) drop out; the
 * bound is a ratio, not a wall-clock limit.
 *
 * @module
 */
import assert from "node:assert/strict";

const RUNS = 5;

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * Asserts `make(100_000)` runs in at most 40 times the time of `make(10_000)` plus 25 ms (a
 * generous bound that quadratic behaviour breaks).
 */
export function assertLinear(make: (size: number) => () => void): void {
  const small = make(10_000);
  const large = make(100_000);
  let fastSmall = Infinity;
  let fastLarge = Infinity;
  const tenSmall = () => {
    for (let index = 0; index < 10; index++) small();
  };
  for (let index = 0; index < RUNS; index++) {
    fastSmall = Math.min(fastSmall, time(tenSmall) / 10);
    fastLarge = Math.min(fastLarge, time(large));
  }
  assert.ok(
    fastLarge < 40 * fastSmall + 25,
    `10k: ${fastSmall.toFixed(2)} ms, 100k: ${fastLarge.toFixed(2)} ms`,
  );
}
