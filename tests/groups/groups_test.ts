// `deno task test` runs the test files in groups, one isolate per group module in this folder,
// rather than one isolate per file. Each test module of `deno test` gets an isolate of its own, and
// each costs about 0.1 s of CPU before its first test (Deno 2.9's test and bench runtime fills a
// 10-million-element array in every isolate: 80 MB of page faults), plus loading the imports again
// that the files of a group share. On the 2 cores CI has, grouping 69 files into 8 modules took
// the test files' CPU time from about 70 s to about 48 s. `deno test` with no arguments, or with a
// file's path, still runs each file alone, as before.
//
// These checks keep the groups and the task whole: every test file is in exactly one group, every
// group names test files that exist, and the task runs every group and the examples of every
// module and Markdown file that has them.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;
const GROUPS = join(ROOT, "tests", "groups");
/** Folders that hold no source of this project, or only generated files. */
const SKIPPED = new Set([".git", "node_modules", "npm", "dist", "coverage"]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(ROOT, path)];
  });
}

const all = walk(ROOT);
const files = all.filter((file) => file.endsWith(".ts"));
const groupModules = files.filter((file) => file.startsWith("tests/groups/"))
  .filter((file) => !file.endsWith("_test.ts"));

/** The test files each group module imports, as paths from the repository root. */
function groupedFiles(): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const group of groupModules) {
    const source = readFileSync(join(ROOT, group), "utf8");
    for (const [, specifier] of source.matchAll(/^import "(\.\.\/[^"]+)";$/gm)) {
      const file = relative(ROOT, join(GROUPS, specifier!));
      byFile.set(file, [...byFile.get(file) ?? [], group]);
    }
  }
  return byFile;
}

Deno.test("every test file runs in exactly one group, and every group names test files", () => {
  const testFiles = files.filter((file) => file.endsWith("_test.ts"))
    .filter((file) => !file.startsWith("tests/groups/"));
  const grouped = groupedFiles();
  const missing = testFiles.filter((file) => !grouped.has(file));
  assert.deepEqual(missing, [], "add each of these test files to one module of tests/groups/");
  const twice = [...grouped].filter(([, groups]) => groups.length > 1).map(([file]) => file);
  assert.deepEqual(twice, [], "these test files are in more than one group");
  const unknown = [...grouped.keys()].filter((file) => !testFiles.includes(file));
  assert.deepEqual(unknown, [], "these group imports are not test files of tests/");
});

Deno.test("the test task runs every group and the doc examples of every file that has them", () => {
  const task: string = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")).tasks.test;
  const test = task.slice(task.lastIndexOf("deno test"));
  assert.match(test, / --doc /);
  assert.match(test, / tests\/groups\/\*\.ts( |$)/);
  const paths = test.split(/\s+/).slice(2).filter((word) => !word.startsWith("-"));
  const covered = (file: string) =>
    paths.some((path) => path.endsWith("/") ? file.startsWith(path) : file === path);
  // JSDoc examples of modules, and TypeScript blocks of Markdown files (`--doc` runs both).
  const fence = (file: string) => file.endsWith(".md") ? "```ts" : "* ```ts";
  const withExamples = all.filter((file) => /\.(ts|md)$/.test(file) && !file.startsWith("tests/"))
    .filter((file) => readFileSync(join(ROOT, file), "utf8").includes(fence(file)));
  assert.ok(withExamples.length > 0);
  const uncovered = withExamples.filter((file) => !covered(file));
  assert.deepEqual(uncovered, [], "add these files (or their folders) to the test task's paths");
});
