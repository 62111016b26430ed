/**
 * `deno task test`: type-checks every module, JSDoc example and Markdown example once, and runs
 * the test groups of tests/groups/ (the examples among them: tests/doc_tests/), each a `deno test`
 * process of its own, a few at a time: the type-check and the longest groups first. As each ends
 * it prints one line (its name, tests, seconds and CPU seconds), with its failures in full under
 * it; last come the skipped tests by reason and one summary line in Deno's format
 * (tools/test_summary.ts), which `.ci/run` reads. A failed type-check counts as a failed test.
 *
 * Usage: `deno run -A tools/test.ts [more deno test arguments, given to every group]`.
 *
 * @module
 */

import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import process from "node:process";
import {
  addTallies,
  formatSummary,
  NO_TESTS,
  parseSummary,
  skipLines,
  type SkippedTest,
  skippedTests,
  type Tally,
} from "./test_summary.ts";

const ROOT = new URL("../", import.meta.url).pathname;

/** What `deno check` covers: every module of the project, and the Markdown files' examples. */
export const CHECK_PATHS: readonly string[] = [".", "README.md", "docs/*.md"];

/**
 * The `ts ignore` blocks of a Markdown file's text, named by `file` and line: examples no test runs
 * (they call Google or export a Worker) and `deno check --doc` skips, which the task's check
 * covers as modules of their own, so that a recipe that does not compile is noticed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ignoredExamples } from "./test.ts";
 *
 * const fence = "`".repeat(3);
 * const text = `# x\n${fence}ts ignore\nawait fetch("https://example.com");\n${fence}\n`;
 * assert.deepEqual(ignoredExamples(text, "docs/x.md"), [
 *   { name: "docs_x.md.L2.ts", code: 'await fetch("https://example.com");\n' },
 * ]);
 * ```
 */
export function ignoredExamples(text: string, file: string): { name: string; code: string }[] {
  return [...text.matchAll(/^```ts ignore\n([\s\S]*?)^```/gm)].map((match) => ({
    name: `${file.replaceAll("/", "_")}.L${text.slice(0, match.index).split("\n").length}.ts`,
    code: match[1]!,
  }));
}

/** The folder of the test groups: each module there is one group (tests/support/test_groups.ts). */
export const GROUPS_FOLDER = "tests/groups/";

/** The permissions and flags of every run: the network only on loopback. */
export const TEST_FLAGS: readonly string[] = [
  "--quiet",
  "--reporter=dot",
  "--no-check",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--allow-sys",
  "--allow-ffi",
  "--allow-net=127.0.0.1,localhost",
];

/**
 * How many runs go at once: two, measured on the 2-core machine CI runs on. Four on two cores (the groups wait on sockets and child
 * processes much of the time) saved no wall time worth having and cost 5-20% more CPU: contended
 * cores run each process slower (docs/testing.md).
 */
const CONCURRENT_RUNS = 2;

/**
 * The groups that take longest, in that order: they start first, so the last to end is not a
 * long one started late. Any other group starts after them, by name.
 */
export const LONGEST_FIRST: readonly string[] = ["bundles", "emulator", "credentials"];

/** One `deno test` process of the task. */
export interface TestRun {
  /** The group's name. */
  name: string;
  /** What it passes to `deno test` besides the flags. */
  args: string[];
}

/** The runs of the task: each group module of tests/groups/, the longest first. */
export function testRuns(extraArgs: readonly string[] = []): TestRun[] {
  const groups = readdirSync(join(ROOT, GROUPS_FOLDER)).filter((file) => /^[a-z_]+\.ts$/.test(file))
    .filter((file) => !file.endsWith("_test.ts")).map((file) => basename(file, ".ts"));
  const rank = (group: string) =>
    LONGEST_FIRST.includes(group) ? LONGEST_FIRST.indexOf(group) : LONGEST_FIRST.length;
  groups.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  return groups.map((group) => ({
    name: group,
    args: [`${GROUPS_FOLDER}${group}.ts`, ...extraArgs],
  }));
}

// deno-lint-ignore no-control-regex -- colour codes start with the ESC control character
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/** The lines of a run's output worth printing: all but the dot reporter's progress lines. */
export function shownLines(text: string): string[] {
  // Deno colours its output even into a pipe unless NO_COLOR is set.
  return text.split("\n").filter((line) => !/^[.!,]+$/.test(line.replace(ANSI_COLOUR, "")));
}

/**
 * CPU seconds (user + system) of this process's children that have ended, or `undefined` where
 * /proc is not there. Linux counts them in 1/100 s (`USER_HZ`), fields 16 and 17 of the stat line.
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields are numbered from 1 and this slice starts at field 3 (state).
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
  } catch {
    return undefined;
  }
}

const ENV = { GCP_OIDC_EMULATOR_KEYS: join(ROOT, "tests", "emulator_keys.json") };

/** What one run gave: its tally (a failed one when it printed no summary) and skipped tests. */
interface RunResult {
  tally: Tally;
  skipped: SkippedTest[];
}

let cpuSeen = 0;

/** Runs Deno with `args`; its wall and CPU seconds (those of every child ended since the last). */
async function runDeno(args: string[]) {
  const started = performance.now();
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: ENV,
    stdin: "null",
  }).output();
  // Children end one at a time: what this process's children used since the last end is this one.
  const cpu = childrenCpuSeconds();
  const cpuText = cpu === undefined ? "" : `, ${(cpu - cpuSeen).toFixed(1)} s CPU`;
  if (cpu !== undefined) cpuSeen = cpu;
  const seconds = `${((performance.now() - started) / 1000).toFixed(1)} s${cpuText}`;
  const decoder = new TextDecoder();
  return {
    ...output,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
    seconds,
  };
}

/**
 * The type-check of every module and example, the `ts ignore` blocks of the Markdown files among
 * them (written to `scratch`): a failure counts as one failed test, its output printed in full.
 */
async function check(scratch: string): Promise<RunResult> {
  const paths = CHECK_PATHS.flatMap(expandGlob);
  const ignored = paths.filter((path) => path.endsWith(".md"))
    .flatMap((file) => ignoredExamples(readFileSync(join(ROOT, file), "utf8"), file));
  for (const { name, code } of ignored) await writeFile(join(scratch, name), code);
  const { success, stdout, stderr, seconds } = await runDeno([
    "check",
    "--quiet",
    "--doc",
    "--config",
    join(ROOT, "deno.json"),
    ...paths,
    ...ignored.map(({ name }) => join(scratch, name)),
  ]);
  process.stdout.write(`check: ${success ? "" : "FAILED, "}${seconds}\n`);
  if (!success) process.stdout.write(`${stdout}${stderr}\n`);
  return { tally: success ? NO_TESTS : { ...NO_TESTS, failed: 1 }, skipped: [] };
}

async function runGroup(run: TestRun, reports: string): Promise<RunResult> {
  const junit = join(reports, `${run.name}.xml`);
  const { stdout, stderr, seconds } = await runDeno([
    "test",
    ...TEST_FLAGS,
    `--junit-path=${junit}`,
    ...run.args,
  ]);
  const summary = stdout.split("\n").map(parseSummary).findLast((tally) => tally !== undefined);
  // A run that printed no summary did not get to its tests (a module failed to load).
  const tally = summary ?? { ...NO_TESTS, failed: 1 };
  const skippedText = tally.ignored > 0 ? `, ${tally.ignored} skipped` : "";
  const failedText = tally.failed > 0 ? `, ${tally.failed} FAILED` : "";
  const count = tally.passed + tally.failed + tally.ignored;
  process.stdout.write(`${run.name}: ${count} tests${failedText}${skippedText}, ${seconds}\n`);
  if (tally.failed > 0 || tally.failedSteps > 0 || summary === undefined) {
    const shown = shownLines(stdout).filter((line) => parseSummary(line) === undefined);
    process.stdout.write(`${shown.join("\n").trim()}\n${stderr}\n`);
  }
  let skipped: SkippedTest[] = [];
  try {
    skipped = skippedTests(await readFile(junit, "utf8"));
  } catch {
    // No report: the run failed before its tests, as its output above says.
  }
  return { tally, skipped };
}

/** Runs `jobs`, at most `concurrent` at a time, in their order; their results in that order. */
async function runAll(
  jobs: (() => Promise<RunResult>)[],
  concurrent: number,
): Promise<RunResult[]> {
  const results: RunResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: concurrent }, worker));
  return results;
}

if (import.meta.main) {
  const started = performance.now();
  const reports = await mkdtemp(join(tmpdir(), "deno-test-"));
  try {
    // The groups run unchecked, so the type-check goes beside them rather than before them.
    const jobs = [
      () => check(reports),
      ...testRuns(Deno.args).map((run) => () => runGroup(run, reports)),
    ];
    const results = await runAll(jobs, CONCURRENT_RUNS);
    const tally = results.map((result) => result.tally).reduce(addTallies, NO_TESTS);
    for (const line of skipLines(results.flatMap((result) => result.skipped))) {
      process.stdout.write(`${line}\n`);
    }
    process.stdout.write(`${formatSummary(tally, performance.now() - started)}\n`);
    Deno.exitCode = tally.failed > 0 || tally.failedSteps > 0 ? 1 : 0;
  } finally {
    await rm(reports, { recursive: true, force: true });
  }
}

/** `path` with a `folder/*.ext` glob given as the files it names, as a shell would. */
function expandGlob(path: string): string[] {
  const glob = /^(.+\/)\*(\.\w+)$/.exec(path);
  if (glob === null) return [path];
  const [, folder, extension] = glob;
  return readdirSync(join(ROOT, folder!)).filter((name) => name.endsWith(extension!)).sort()
    .map((name) => folder + name);
}
