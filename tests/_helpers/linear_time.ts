/**
 * The linearity guard of the hostile-input tests: one run on a 100k input must cost about what
 * ten runs on a 10k input cost (the same number of characters in all), never the ten times as much
 * of a quadratic scan.
 *
 * Cost is elapsed time minus the time the thread waited for a CPU (Linux
 * `/proc/thread-self/schedstat` counts it in nanoseconds), so time spent preempted by other test
 * files or processes does not count; elsewhere, or without read permission, it is elapsed time.
 * Both sides are measured in alternation after a warm-up and the cheapest measurement of each is
 * kept: JIT compilation, GC pauses, cache misses and preemptions only ever add cost. While the
 * bound is not met, more rounds are measured (up to {@link MAX_RUNS}): more samples can only bring
 * each side closer to its true cost, and the true cost of quadratic work is ten times the bound's
 * reference, well past it. Each measurement repeats its input until it takes a few milliseconds,
 * so the clock's resolution and overhead drop out and no slack term is needed.
 *
 * @module
 */
import assert from "node:assert/strict";

const SMALL = 10_000;
const LARGE = 100_000;
const MIN_RUNS = 5;
const MAX_RUNS = 20;
/** Linear work gives about 1; quadratic work gives 10; `n log n` gives 1.25. */
const MAX_RATIO = 4;
/** The shortest measurement in milliseconds: well above the clock's resolution and overhead. */
const MIN_MEASUREMENT_MS = 2;
const SCHEDSTAT = "/proc/thread-self/schedstat";

/** Milliseconds this thread has waited for a CPU, or `undefined` where the platform hides it. */
function cpuWaitReader(): (() => number) | undefined {
  if (typeof Deno === "undefined" || Deno.build.os !== "linux") return undefined;
  if (Deno.permissions.querySync({ name: "read", path: SCHEDSTAT }).state !== "granted") {
    return undefined;
  }
  // The second field is the run delay: nanoseconds spent runnable but not running.
  const read = () => Number(Deno.readTextFileSync(SCHEDSTAT).split(" ", 2)[1]) / 1e6;
  try {
    return Number.isFinite(read()) ? read : undefined;
  } catch {
    return undefined;
  }
}

const cpuWait = cpuWaitReader() ?? (() => 0);

/** The cost in milliseconds of `times` runs of `run`, without the time spent preempted. */
function cost(run: () => void, times: number): number {
  const waitedBefore = cpuWait();
  const start = performance.now();
  for (let index = 0; index < times; index++) run();
  const elapsed = performance.now() - start;
  return elapsed - (cpuWait() - waitedBefore);
}

/**
 * Asserts that `make(100_000)` costs at most {@link MAX_RATIO} times as much as ten runs of
 * `make(10_000)` (see the module doc for how cost is measured).
 */
export function assertLinear(make: (size: number) => () => void): void {
  const small = make(SMALL);
  const large = make(LARGE);
  const smallPerLarge = LARGE / SMALL;
  cost(large, 1);
  cost(small, smallPerLarge);
  const warmLarge = Math.max(cost(large, 1), MIN_MEASUREMENT_MS / 100);
  const repeat = Math.ceil(MIN_MEASUREMENT_MS / warmLarge);
  let cheapestSmall = Infinity;
  let cheapestLarge = Infinity;
  for (let runs = 1; runs <= MAX_RUNS; runs++) {
    cheapestSmall = Math.min(cheapestSmall, cost(small, smallPerLarge * repeat));
    cheapestLarge = Math.min(cheapestLarge, cost(large, repeat));
    if (runs >= MIN_RUNS && cheapestLarge <= MAX_RATIO * cheapestSmall) return;
  }
  assert.fail(
    `${repeat} x 100k: ${cheapestLarge.toFixed(2)} ms, ${repeat} x ${smallPerLarge} x 10k: ` +
      `${cheapestSmall.toFixed(2)} ms (at most ${MAX_RATIO} times as much expected) in ` +
      `${MAX_RUNS} runs`,
  );
}
