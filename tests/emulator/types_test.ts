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

Deno.test("the emulator's public types compile with lib es2022 and dom alone, and keep await using elsewhere", () => {
  // Without @types/node (and without Deno's types) no library declares Symbol.asyncDispose: the
  // types must still compile, and where one does, `await using` must too.
  const dir = mkdtempSync(join(tmpdir(), "emulator-types-"));
  const types = JSON.stringify(new URL("../../emulator/types.ts", import.meta.url).href);
  const consumers = {
    "web.ts": `import type { Emulator } from ${types};
export const close = (emulator: Emulator): Promise<void> => emulator.close();
`,
    "disposable.ts": `import type { Emulator } from ${types};
export async function use(start: () => Promise<Emulator>): Promise<string> {
  await using emulator = await start();
  return emulator.url;
}
`,
  };
  try {
    for (const [name, code] of Object.entries(consumers)) writeFileSync(join(dir, name), code);
    const check = (lib: string[], file: string) => {
      const config = join(dir, `${file}.json`);
      writeFileSync(config, JSON.stringify({ compilerOptions: { lib, strict: true } }));
      return new Deno.Command(Deno.execPath(), {
        args: [
          "check",
          "--quiet",
          "--cached-only",
          "--no-lock",
          "--config",
          config,
          join(dir, file),
        ],
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).outputSync();
    };
    const web = check(["es2022", "dom"], "web.ts");
    assert.ok(web.success, new TextDecoder().decode(web.stderr));
    const disposable = check(["es2022", "esnext.disposable", "dom"], "disposable.ts");
    assert.ok(disposable.success, new TextDecoder().decode(disposable.stderr));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
