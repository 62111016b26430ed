// `deno task test` (tools/test.ts) runs the test files in groups, one process per group module of
// tests/groups/, rather than one isolate per file: each isolate costs CPU before its first test,
// and the files of a group load their shared imports once (figures in docs/testing.md). A group
// module imports the test files below its folders at load time (tests/support/test_groups.ts), so
// there is no list of files to keep. `deno test` with no arguments, or with a file's path, still
// runs each file alone.
//
// These checks keep the groups and the task whole: every test file runs in a group, every group
// has its module and a folder with test files, and the task type-checks and runs every group and
// the examples of every module and Markdown file that has them; and what it prints.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CHECK_PATHS, LONGEST_FIRST, shownLines, testRuns } from "../../tools/test.ts";
import { GROUP_OF_FOLDER, groupOf, testFilesOf } from "../support/test_groups.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
/** Folders that hold no source of this project, or only generated files. */
const SKIPPED = new Set([".git", "node_modules", "npm", "dist", "coverage", ".tmp"]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(ROOT, path)];
  });
}

const all = walk(ROOT);
const files = all.filter((file) => file.endsWith(".ts"));
const GROUPS = [...new Set(Object.values(GROUP_OF_FOLDER))];

Deno.test("every test file runs in a group", () => {
  const testFiles = files.filter((file) => file.endsWith("_test.ts"))
    .filter((file) => !file.startsWith("tests/groups/"));
  const grouped = GROUPS.flatMap((group) => testFilesOf(group)).map((file) => `tests/${file}`);
  const missing = testFiles.filter((file) => !grouped.includes(file));
  assert.deepEqual(missing, [], "move these test files below tests/ (no group runs them)");
  assert.deepEqual(grouped.filter((file) => !testFiles.includes(file)), []);
});

Deno.test("every group has its module and a folder with test files of its own", () => {
  const modules = readdirSync(join(ROOT, "tests", "groups"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith("_test.ts"));
  assert.deepEqual(modules.sort(), GROUPS.map((group) => `${group}.ts`).sort());
  for (const module of modules) {
    const source = readFileSync(join(ROOT, "tests", "groups", module), "utf8");
    assert.match(source, /^await importGroup\(import\.meta\.url\);$/m, module);
  }
  const grouped = GROUPS.flatMap((group) => testFilesOf(group));
  const empty = Object.keys(GROUP_OF_FOLDER).filter((folder) =>
    !grouped.some((file) => file.startsWith(folder) && groupOf(file) === GROUP_OF_FOLDER[folder])
  );
  assert.deepEqual(empty, [], "drop these folders from GROUP_OF_FOLDER: no test file is theirs");
});

/** Whether `file` is one of `paths`: a file, a folder (`auth/`) or a glob (`docs/*.md`). */
function covers(paths: string[], file: string): boolean {
  return paths.some((path) => {
    if (path === ".") return true;
    if (path.endsWith("/")) return file.startsWith(path);
    const glob = path.replaceAll(".", "\\.").replaceAll("*", "[^/]*");
    return new RegExp(`^${glob}$`).test(file);
  });
}

Deno.test("the test task checks every file and example, and runs every group", () => {
  const config = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8"));
  // The task installs the test packages first (tests/tasks_test.ts), then runs tools/test.ts.
  assert.equal(config.tasks.test.command, "deno run -A tools/test.ts");
  const checked = [...CHECK_PATHS];
  const runs = testRuns(["--filter", "x"]);
  assert.deepEqual(
    runs.map((run) => run.name).sort(),
    [...GROUPS].sort(),
    "one run per group module",
  );
  for (const run of runs) assert.deepEqual(run.args.slice(-2), ["--filter", "x"], run.name);
  assert.deepEqual(runs.slice(0, LONGEST_FIRST.length).map((run) => run.name), LONGEST_FIRST);
  // JSDoc examples of modules, and TypeScript blocks of Markdown files (tests/doc_tests/ runs
  // them; `deno check --doc` reaches a Markdown file only when it is named).
  const fence = (file: string) => file.endsWith(".md") ? "```ts" : "* ```ts";
  const withExamples = all.filter((file) => /\.(ts|md)$/.test(file) && !file.startsWith("tests/"))
    .filter((file) => readFileSync(join(ROOT, file), "utf8").includes(fence(file)));
  assert.ok(withExamples.some((file) => file.endsWith(".md")));
  assert.ok(checked.includes("."), "deno check covers every module");
  // Test files hold compile-time tests (tests/endpoint/types_check.ts) that only deno check runs.
  const excluded = files.filter((file) =>
    file.startsWith("tests/") && covers(config.exclude, file)
  );
  assert.deepEqual(excluded, [], "deno.json's exclude keeps these test files from deno check");
  const markdown = withExamples.filter((file) => file.endsWith(".md"));
  const unchecked = markdown.filter((file) => !covers(checked.filter((p) => p !== "."), file));
  assert.deepEqual(unchecked, [], "name these Markdown files in the deno check paths");
});

Deno.test("a run's output is shown without the dot reporter's progress lines", () => {
  const dot = "\x1b[0m\x1b[38;5;245m.\x1b[0m";
  const output =
    `.\n${dot}\n!\n,\n ERRORS \nx => ./a_test.ts:1:6\n.\nok | 3 passed | 0 failed (1s)\n`;
  assert.deepEqual(shownLines(output), [
    " ERRORS ",
    "x => ./a_test.ts:1:6",
    "ok | 3 passed | 0 failed (1s)",
    "",
  ]);
});

Deno.test("every skipped test says why: tests are ignored only through skippedWhen()", () => {
  const direct = files.filter((file) =>
    file.startsWith("tests/") && file !== "tests/support/skip.ts"
  )
    .filter((file) => /^\s*ignore:/m.test(readFileSync(join(ROOT, file), "utf8")));
  assert.deepEqual(direct, [], "declare these tests with skippedWhen() (tests/support/skip.ts)");
});
