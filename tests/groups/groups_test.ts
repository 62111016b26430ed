// `deno task test` runs the test files in groups, one isolate per group module in this folder,
// rather than one isolate per file. Each test module of `deno test` gets an isolate of its own, and
// each costs about 0.1 s of CPU before its first test (Deno 2.9's test and bench runtime fills a
// 10-million-element array in every isolate: 80 MB of page faults), plus loading the imports again
// that the files of a group share. On the 2 cores CI has, grouping 69 files into 8 modules took
// the test files' CPU time from about 70 s to about 48 s. `deno test` with no arguments, or with a
// file's path, still runs each file alone, as before.
//
// These checks keep the groups and the task whole: every test file is in exactly one group, every
// group names test files that exist, and the task type-checks and runs every group and the
// examples of every module and Markdown file that has them.
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

/** The path arguments of the `deno <subcommand>` run in `task` (no flags). */
function pathsOf(task: string, subcommand: string): string[] {
  const from = task.indexOf(`deno ${subcommand} `);
  assert.ok(from >= 0, `the test task runs deno ${subcommand}`);
  const command = task.slice(from).split(" && ")[0]!;
  return command.split(/\s+/).slice(2).filter((word) => !word.startsWith("-"));
}

/** Whether `file` is one of `paths`: a file, a folder (`auth/`) or a glob (`docs/*.md`). */
function covers(paths: string[], file: string): boolean {
  return paths.some((path) => {
    if (path === ".") return true;
    if (path.endsWith("/")) return file.startsWith(path);
    const glob = path.replaceAll(".", "\\.").replaceAll("*", "[^/]*");
    return new RegExp(`^${glob}$`).test(file);
  });
}

Deno.test("the test task checks and runs every group and the examples of every file", () => {
  const task: string = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")).tasks.test;
  const checked = pathsOf(task, "check");
  const tested = pathsOf(task, "test");
  assert.match(task, /deno check [^&]*--doc /);
  assert.match(task, /deno test [^&]*--doc /);
  assert.ok(tested.includes("tests/groups/*.ts"));
  // JSDoc examples of modules, and TypeScript blocks of Markdown files (`--doc` runs both; `deno
  // check --doc` reaches a Markdown file only when it is named).
  const fence = (file: string) => file.endsWith(".md") ? "```ts" : "* ```ts";
  const withExamples = all.filter((file) => /\.(ts|md)$/.test(file) && !file.startsWith("tests/"))
    .filter((file) => readFileSync(join(ROOT, file), "utf8").includes(fence(file)));
  assert.ok(withExamples.some((file) => file.endsWith(".md")));
  const untested = withExamples.filter((file) => !covers(tested, file));
  assert.deepEqual(untested, [], "add these files (or their folders) to the deno test paths");
  assert.ok(checked.includes("."), "deno check covers every module");
  const markdown = withExamples.filter((file) => file.endsWith(".md"));
  const unchecked = markdown.filter((file) => !covers(checked.filter((p) => p !== "."), file));
  assert.deepEqual(unchecked, [], "name these Markdown files in the deno check paths");
});
