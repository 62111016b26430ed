// The emulator's public types name no DOM-only global: a Node project compiled with
// `lib: ["es2022"]` and `types: ["node"]` has Request, Response and RequestInit from @types/node,
// but not RequestInfo, BodyInit or HeadersInit (checked with tsc 5.9.3 and @types/node 20.19).
import assert from "node:assert/strict";

const DOM_ONLY = /\b(RequestInfo|BodyInit|HeadersInit)\b/;

Deno.test("the emulator's public types name no type only the DOM library declares", async () => {
  for (const file of ["types.ts", "emulator.ts", "mod.ts"]) {
    const text = await Deno.readTextFile(new URL(`../../emulator/${file}`, import.meta.url));
    assert.doesNotMatch(text, DOM_ONLY, `emulator/${file}`);
  }
});
