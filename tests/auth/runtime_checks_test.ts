// Runs tests/runtime/auth_checks.mjs (the checks every runtime runs) under Deno, on the sources.
import assert from "node:assert/strict";
import check from "../runtime/auth_checks.mjs";
import { library as auth } from "../support/library.ts";
import * as emulator from "../../emulator/mod.ts";

Deno.test("auth_checks.mjs passes under Deno against the emulator", async () => {
  assert.equal(await check(auth, emulator), 6);
});
