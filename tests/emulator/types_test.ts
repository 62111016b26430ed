// The emulator's public types name no DOM-only global: a Node project compiled with
// `lib: ["es2022"]` and `types: ["node"]` has Request, Response and RequestInit from @types/node,
// but not RequestInfo, BodyInit or HeadersInit (checked with tsc 5.9.3 and @types/node 20.19).
// Nor do they need a library that declares Symbol.asyncDispose (esnext.disposable, @types/node).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DOM_ONLY = /\b(RequestInfo|BodyInit|HeadersInit)\b/;

Deno.test("the emulator's public types name no type only the DOM library declares", async () => {
  for (const file of ["types.ts", "emulator.ts", "mod.ts"]) {
    const text = await Deno.readTextFile(new URL(`../../emulator/${file}`, import.meta.url));
    assert.doesNotMatch(text, DOM_ONLY, `emulator/${file}`);
  }
});

Deno.test("the emulator's public types compile with lib es2022 and dom alone (no @types/node)", async () => {
  // Without @types/node (and without Deno's types) no library declares Symbol.asyncDispose: the
  // types must still compile. Where one does, `await using emulator = await startEmulator()`
  // compiles too: the JSDoc examples that do it are type-checked with Deno's libraries.
  const dir = mkdtempSync(join(tmpdir(), "emulator-types-"));
  const types = JSON.stringify(new URL("../../emulator/types.ts", import.meta.url).href);
  try {
    writeFileSync(
      join(dir, "web.ts"),
      `import type { Emulator } from ${types};
export const close = (emulator: Emulator): Promise<void> => emulator.close();
`,
    );
    writeFileSync(
      join(dir, "deno.json"),
      JSON.stringify({ compilerOptions: { lib: ["es2022", "dom"], strict: true } }),
    );
    const check = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--quiet", "--cached-only", "--no-lock", "web.ts"],
      cwd: dir,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(check.success, new TextDecoder().decode(check.stderr));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
