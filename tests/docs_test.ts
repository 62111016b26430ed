// What a reader of the README and docs/ meets besides the examples (which `deno task test` runs):
// code spans that a reader can copy whole, one version of each action the examples and the
// project's own workflows use, no tracked file that .gitignore says to ignore, and examples that
// compile though they cannot run.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ignoredExamples } from "../tools/test.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const MARKDOWN = [
  "README.md",
  ...readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) =>
    `docs/${name}`
  ),
];
/** The example workflows, and the project's own (`.github/workflows/`). */
const WORKFLOWS = ["examples", ".github/workflows"].flatMap((folder) =>
  readdirSync(join(ROOT, folder)).map((name) => `${folder}/${name}`)
);

/** The lines of `text` outside fenced code blocks, with their line numbers. */
function proseLines(text: string): [number, string][] {
  let fenced = false;
  return text.split("\n").flatMap((line, index): [number, string][] => {
    if (line.trimStart().startsWith("```")) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [[index + 1, line]];
  });
}

/** Where a line opens a code span it does not close (a span broken across two lines). */
export function brokenSpans(text: string): number[] {
  return proseLines(text).filter(([, line]) => (line.match(/`/g)?.length ?? 0) % 2 === 1)
    .map(([number]) => number);
}

Deno.test("no code span of the README or docs/ is broken across lines", () => {
  assert.deepEqual(brokenSpans("a `b c`\n```ts\nx`\n```\n"), []);
  assert.deepEqual(brokenSpans("a `b\nc` d\n"), [1, 2]);
  const broken = MARKDOWN.flatMap((file) =>
    brokenSpans(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}:${line}`)
  );
  assert.deepEqual(broken, []);
});

Deno.test("the docs and example workflows use one version of each action", () => {
  const versions = new Map<string, Set<string>>();
  for (const file of [...MARKDOWN, ...WORKFLOWS]) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const [, action, version] of text.matchAll(/uses: ([\w.-]+\/[\w.-]+)@(v\d+)/g)) {
      versions.set(action!, (versions.get(action!) ?? new Set()).add(version!));
    }
  }
  assert.ok(versions.has("actions/checkout"));
  assert.ok(versions.has("actions/setup-node"), "the project's own workflows are read");
  const mixed = [...versions].filter(([, found]) => found.size > 1)
    .map(([action, found]) => `${action}: ${[...found].join(", ")}`);
  assert.deepEqual(mixed, []);
});

Deno.test("no tracked file is one .gitignore ignores", () => {
  const ignored = execFileSync("git", ["ls-files", "-i", "-c", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  }).trim();
  assert.equal(ignored, "");
});

Deno.test("the docs run the emulator program without asking npm for a package of its name", () => {
  // A bare `npx gcp-oidc-emulator` outside a project that has the package installs whatever the
  // registry holds under that name.
  for (const file of MARKDOWN) {
    const text = readFileSync(join(ROOT, file), "utf8");
    assert.doesNotMatch(text, /npx (?:-y )?gcp-oidc-emulator/, file);
  }
});

Deno.test("the first examples of the README and docs/emulator.md run on Node 20 (no await using)", () => {
  for (const file of ["README.md", "docs/emulator.md"]) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => code!);
    assert.ok(blocks.length > 0, file);
    assert.doesNotMatch(blocks[0]!, /await using/, file);
  }
});

Deno.test("the TypeScript examples the doc tests skip (ts ignore) are type-checked by the test task", () => {
  // They call Google or export a Worker, so `deno test --doc` cannot run them, and it skips their
  // type check too: a copied recipe that does not compile (the Worker's, without its `as never`)
  // would go unnoticed. The task's one `deno check` takes them as modules of their own
  // (tools/test.ts), beside every other module, rather than a second check loading it all again.
  const blocks = MARKDOWN.flatMap((file) =>
    ignoredExamples(readFileSync(join(ROOT, file), "utf8"), file)
  );
  assert.ok(blocks.some(({ code }) => code.includes("src/worker.ts")), "the Worker recipe");
  // That the task's check paths name these files: tests/tools/test_test.ts (with the globs).
});
