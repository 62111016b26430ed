// The test task's reading of `deno test`'s summary lines and JUnit reports, and the summary line it
// prints for all its runs: Deno's format, which .ci/run reads.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  addTallies,
  formatSummary,
  NO_TESTS,
  parseSummary,
  skipLines,
  skippedTests,
} from "../../tools/test_summary.ts";

const ciRun = readFileSync(new URL("../../.ci/run", import.meta.url), "utf8");

/** Summary lines as Deno 2.9's dot reporter prints them. */
const DENO_LINES = [
  "ok | 326 passed (758 steps) | 0 failed (3m34s)",
  "FAILED | 326 passed (758 steps) | 1 failed (1 step) (3m34s)",
  "ok | 3 passed (1 step) | 0 failed | 1 ignored (915ms)",
  "FAILED | 3 passed | 1 failed | 2 ignored (3 steps) | 4 filtered out (20ms)",
];

Deno.test("Deno's summary lines read back as they are printed", () => {
  for (const line of DENO_LINES) {
    const tally = parseSummary(`\x1b[32m${line.replace(" (", "\x1b[0m (")}`);
    assert.ok(tally, line);
    const elapsed = /\(([^)]*)\)$/.exec(line)![1]!;
    const ms = elapsed.endsWith("ms")
      ? Number.parseInt(elapsed)
      : elapsed.includes("m")
      ? (Number.parseInt(elapsed) * 60 + Number.parseInt(elapsed.split("m")[1]!)) * 1000
      : Number.parseInt(elapsed) * 1000;
    assert.equal(formatSummary(tally, ms), line);
  }
  assert.deepEqual(parseSummary(DENO_LINES[3]!), {
    passed: 3,
    passedSteps: 0,
    failed: 1,
    failedSteps: 0,
    ignored: 2,
    ignoredSteps: 3,
    filteredOut: 4,
  });
  assert.equal(parseSummary("ok | 3 passed"), undefined);
});

Deno.test("the task's summary adds up its runs and fails when any run failed", () => {
  const one = parseSummary("ok | 10 passed (2 steps) | 0 failed | 1 ignored (1s)")!;
  const two = parseSummary("FAILED | 5 passed | 0 failed (1 step) (2s)")!;
  const sum = [one, two].reduce(addTallies, NO_TESTS);
  assert.equal(
    formatSummary(sum, 61_500),
    "FAILED | 15 passed (2 steps) | 0 failed (1 step) | 1 ignored (1m1s)",
  );
  assert.equal(formatSummary(one, 999), "ok | 10 passed (2 steps) | 0 failed | 1 ignored (999ms)");
});

Deno.test(".ci/run reads the task's summary line, and counts its skipped tests", () => {
  const summary = ciRun.match(/grep -E '(\^\(ok\|FAILED\)[^']*)' "\$log"/)?.[1];
  assert.ok(summary, ".ci/run reads the summary line");
  for (const line of DENO_LINES) assert.match(line, new RegExp(summary));
  const ignored = ciRun.match(/ignored="\$\(sed -nE '([^']*)'/)?.[1];
  assert.ok(ignored, ".ci/run reads the ignored count");
  assert.match(ignored, /ignored/);
  assert.match(
    ciRun,
    /echo "deno: \$\{passed:-0\} passed, \$\{failed:-0\} failed, \$\{ignored:-0\} skipped"/,
  );
});

Deno.test("skipped tests are read from a JUnit report and listed by reason with their files", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="deno test" tests="3" failures="0" errors="0" time="1.157">
    <testsuite name="./tests/a_test.ts" tests="3" disabled="2" errors="0" failures="0">
        <testcase name="a ok" classname="./tests/a_test.ts" time="0.002" line="1" col="6">
        </testcase>
        <testcase name="gcloud &amp; Python (skipped: gcloud is not on the PATH)" classname="./tests/a_test.ts" time="0.000" line="2" col="6">
            <skipped/>
        </testcase>
        <testcase name="plain" classname="./tests/b_test.ts" time="0.000" line="3" col="6">
            <skipped/>
        </testcase>
    </testsuite>
</testsuites>`;
  const skipped = skippedTests(xml);
  assert.deepEqual(skipped, [
    { name: "gcloud & Python (skipped: gcloud is not on the PATH)", file: "tests/a_test.ts" },
    { name: "plain", file: "tests/b_test.ts" },
  ]);
  assert.deepEqual(skipLines([...skipped, { ...skipped[0]!, file: "tests/c_test.ts" }]), [
    "skipped 2: gcloud is not on the PATH (tests/a_test.ts, tests/c_test.ts)",
    "skipped 1: its name does not say why (tests/b_test.ts)",
  ]);
});
