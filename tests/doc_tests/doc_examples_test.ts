// Every code example of the project's modules and Markdown files, run as `deno test --doc` runs
// them (tests/support/doc_examples.ts finds them), but in one isolate: `--doc` gives each block a
// module and an isolate of its own, and each isolate loads the library again (about 0.5 s of CPU
// a block, 180 blocks; docs/testing.md). Each example is a test that imports it as a module. An
// example imports what it uses: nothing is imported for it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { type DocExample, docExamples } from "../support/doc_examples.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
/** Folders that hold no source of this project, or only generated files. */
const SKIPPED = new Set([".git", "node_modules", "npm", "dist", "coverage", ".tmp"]);

/** Modules and Markdown files, outside tests/ but for its helpers (tests/support/). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const file = relative(ROOT, path);
    if (SKIPPED.has(entry.name) || (entry.isDirectory() && file === "tests")) {
      return entry.name === "tests" ? sources(join(path, "support")) : [];
    }
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|md)$/.test(entry.name) && !entry.name.endsWith("_test.ts") ? [file] : [];
  });
}

const examples: DocExample[] = sources(ROOT).sort().flatMap((file) =>
  docExamples(readFileSync(join(ROOT, file), "utf8"), file, pathToFileURL(join(ROOT, file)))
);

for (const example of examples) {
  Deno.test(example.name, async () => {
    await import(`data:application/typescript;base64,${base64(example.code)}`);
  });
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

Deno.test("the examples are found in modules, their helpers and Markdown files, `ignore` left out", () => {
  const files = new Set(examples.map((example) => example.name.replace(/#.*/, "")));
  for (
    const file of ["README.md", "auth/mod.ts", "endpoint/endpoint.ts", "tools/test_summary.ts"]
  ) {
    assert.ok(files.has(file), file);
  }
  assert.ok(
    ![...files].some((file) => file.startsWith("tests/") && !file.startsWith("tests/support/")),
  );
  const text = "```ts ignore\nthrow 1;\n```\n```sh\nexit 1\n```\n```js\nexport {};\n```\n";
  assert.deepEqual(docExamples(text, "a.md", pathToFileURL(join(ROOT, "a.md"))), [
    { name: "a.md#7-10", code: "export {};\n" },
  ]);
});
