/**
 * What `deno test` says about a run, read and added up by the test task (tools/test.ts): its
 * summary line (the last of any reporter), the tests a JUnit report marks skipped, and one summary
 * line for several runs in the same format, which `.ci/run` reads.
 *
 * @module
 */

/** The counts of one summary line of `deno test`. */
export interface Tally {
  passed: number;
  passedSteps: number;
  failed: number;
  failedSteps: number;
  ignored: number;
  ignoredSteps: number;
  filteredOut: number;
}

/** A tally of no tests: the start of a sum. */
export const NO_TESTS: Tally = {
  passed: 0,
  passedSteps: 0,
  failed: 0,
  failedSteps: 0,
  ignored: 0,
  ignoredSteps: 0,
  filteredOut: 0,
};

// deno-lint-ignore no-control-regex -- colour codes start with the ESC control character
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;
const SUMMARY =
  /^(ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed(?: \((\d+) steps?\))?(?: \| (\d+) ignored(?: \((\d+) steps?\))?)?(?: \| (\d+) filtered out)? \(/;

/**
 * The counts of `line` when it is the summary line of `deno test`, `undefined` otherwise.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSummary } from "./test_summary.ts";
 *
 * const tally = parseSummary("ok | 74 passed (227 steps) | 0 failed | 2 ignored (21s)");
 * assert.equal(tally?.passed, 74);
 * assert.equal(tally?.ignored, 2);
 * assert.equal(parseSummary("running 3 tests"), undefined);
 * ```
 */
export function parseSummary(line: string): Tally | undefined {
  const match = SUMMARY.exec(line.replace(ANSI_COLOUR, ""));
  if (match === null) return undefined;
  const count = (index: number) => Number(match[index] ?? 0);
  return {
    passed: count(2),
    passedSteps: count(3),
    failed: count(4),
    failedSteps: count(5),
    ignored: count(6),
    ignoredSteps: count(7),
    filteredOut: count(8),
  };
}

/** `a` and `b` added up, count by count. */
export function addTallies(a: Tally, b: Tally): Tally {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof Tally)[]) sum[key] += b[key];
  return sum;
}

/** A duration as Deno's summary line shows it: `915ms`, `21s`, `8m27s`. */
function humanElapsed(ms: number): string {
  const whole = Math.floor(ms);
  if (whole < 1000) return `${whole}ms`;
  const seconds = Math.floor(whole / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${seconds % 60}s`;
}

/**
 * The summary line of `tally`, in Deno 2.9's format (the dot reporter's last line), so that
 * whatever reads Deno's line reads this one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatSummary, NO_TESTS } from "./test_summary.ts";
 *
 * assert.equal(
 *   formatSummary({ ...NO_TESTS, passed: 758, passedSteps: 1067, ignored: 3 }, 507_000),
 *   "ok | 758 passed (1067 steps) | 0 failed | 3 ignored (8m27s)",
 * );
 * ```
 */
export function formatSummary(tally: Tally, ms: number): string {
  const steps = (count: number) => count === 0 ? "" : ` (${count} step${count === 1 ? "" : "s"})`;
  const parts = [
    `${tally.passed} passed${steps(tally.passedSteps)}`,
    `${tally.failed} failed${steps(tally.failedSteps)}`,
  ];
  if (tally.ignored > 0 || tally.ignoredSteps > 0) {
    parts.push(`${tally.ignored} ignored${steps(tally.ignoredSteps)}`);
  }
  if (tally.filteredOut > 0) parts.push(`${tally.filteredOut} filtered out`);
  const status = tally.failed > 0 || tally.failedSteps > 0 ? "FAILED" : "ok";
  return `${status} | ${parts.join(" | ")} (${humanElapsed(ms)})`;
}

/** A test that a run skipped: its name and the file that declares it. */
export interface SkippedTest {
  name: string;
  file: string;
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  "&quot;": '"',
  "&apos;": "'",
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
};
const unescapeXml = (text: string) =>
  text.replace(/&(quot|apos|lt|gt|amp);/g, (e) => XML_ENTITIES[e]!);

/**
 * The skipped tests of a JUnit report of `deno test --junit-path`: each `testcase` holding
 * `<skipped/>`, whose `classname` is the file that declares the test.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { skippedTests } from "./test_summary.ts";
 *
 * const xml = `<testcase name="a &quot;b&quot;" classname="./tests/x_test.ts" time="0.000" line="2" col="6">
 *     <skipped/>
 * </testcase>`;
 * assert.deepEqual(skippedTests(xml), [{ name: 'a "b"', file: "tests/x_test.ts" }]);
 * ```
 */
export function skippedTests(junit: string): SkippedTest[] {
  return [...junit.matchAll(/<testcase name="([^"]*)" classname="([^"]*)"[^>]*>\s*<skipped\/>/g)]
    .map(([, name, file]) => ({
      name: unescapeXml(name!),
      file: unescapeXml(file!).replace(/^\.\//, ""),
    }));
}

/** How a skipped test's name says why: it ends with `(skipped: <why>)` (tests/support/skip.ts). */
const REASON = /\(skipped: (.+)\)$/;

/**
 * One line per reason for `skipped`: how many tests, why, and their files. A test whose name does
 * not say why is listed as such.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { skipLines } from "./test_summary.ts";
 *
 * assert.deepEqual(
 *   skipLines([
 *     { name: "gcloud reads it (skipped: gcloud is not on the PATH)", file: "tests/a_test.ts" },
 *     { name: "gcloud writes it (skipped: gcloud is not on the PATH)", file: "tests/b_test.ts" },
 *   ]),
 *   ["skipped 2: gcloud is not on the PATH (tests/a_test.ts, tests/b_test.ts)"],
 * );
 * ```
 */
export function skipLines(skipped: readonly SkippedTest[]): string[] {
  const byReason = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  for (const { name, file } of skipped) {
    const reason = REASON.exec(name)?.[1] ?? "its name does not say why";
    byReason.set(reason, (byReason.get(reason) ?? new Set()).add(file));
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...byReason].map(([reason, files]) =>
    `skipped ${counts.get(reason)}: ${reason} (${[...files].join(", ")})`
  );
}
