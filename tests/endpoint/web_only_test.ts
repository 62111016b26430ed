/**
 * endpoint/ uses the Web platform only: it imports nothing but its own files (no `node:`, `npm:`,
 * `jsr:` or bare specifiers) and, in _package.ts, the package's deno.json as a JSON module (its
 * version), and type-checks with the DOM library and without Deno's namespace.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ENDPOINT_DIR = fileURLToPath(new URL("../../endpoint/", import.meta.url));
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

Deno.test("endpoint/ imports only its own files", async () => {
  const files = (await readdir(ENDPOINT_DIR)).filter((file) => file.endsWith(".ts"));
  assert.ok(files.includes("mod.ts"));
  const found = new Map<string, string[]>();
  for (const file of files) {
    const code = (await readFile(join(ENDPOINT_DIR, file), "utf8"))
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const [, specifier] of code.matchAll(SPECIFIER)) {
      if (file === "_package.ts" && specifier === "../deno.json") {
        assert.match(code, /from "\.\.\/deno\.json" with \{ type: "json" \};/);
        continue;
      }
      assert.match(specifier!, /^\.\/[\w.]+\.ts$/, `${file} imports ${specifier}`);
      assert.ok(files.includes(specifier!.slice(2)), `${file} imports ${specifier}: no such file`);
      found.set(file, [...found.get(file) ?? [], specifier!]);
    }
    assert.doesNotMatch(code, /\bDeno\.|\bprocess\.|\brequire\(/, file);
  }
  // mod.ts does nothing but import and export: the pattern must find its imports.
  assert.ok(found.has("mod.ts"), "the import pattern finds no import of mod.ts");
});

Deno.test("endpoint/ type-checks with the DOM library and no Deno namespace", async () => {
  const dir = await mkdtemp(join(tmpdir(), "endpoint-web-"));
  try {
    const config = join(dir, "deno.json");
    await writeFile(
      config,
      JSON.stringify({
        compilerOptions: { lib: ["esnext", "dom"], strict: true, noUncheckedIndexedAccess: true },
      }),
    );
    const { stderr } = await promisify(execFile)(
      Deno.execPath(),
      ["check", "--quiet", "--config", config, join(ENDPOINT_DIR, "mod.ts")],
      { env: { ...Deno.env.toObject(), NO_COLOR: "1" } },
    );
    assert.equal(stderr.trim(), "");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
