// The credentials checks in a Worker with no Deno and no process global (only fetch,
// crypto.subtle and an injected readFile), against the emulator in the main thread; and auth/
// imports no node: module and names no Deno or process global outside the injectable defaults.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { library as auth } from "../../support/library.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import { assertIssuedBy, credentialsFixture } from "../../runtime/credentials_fixture.mjs";

const AUTH_DIR = fileURLToPath(new URL("../../../auth/", import.meta.url));

Deno.test("the credentials checks pass in a Worker without Deno, process or node: modules", async () => {
  const emulator = await startEmulator();
  const worker = new Worker(new URL("../../runtime/credentials_worker.mjs", import.meta.url), {
    type: "module",
  });
  try {
    const fixture = await credentialsFixture(auth, emulator);
    const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({
        authUrl: new URL("../../support/library.ts", import.meta.url).href,
        checksUrl: new URL("../../runtime/credentials_checks.mjs", import.meta.url).href,
        fixture,
      });
    });
    assert.deepEqual(result.globals, ["undefined", "undefined", "undefined"]);
    assert.equal(result.error, undefined);
    assert.ok((result.checks as number) >= 5);
    assertIssuedBy(emulator, result.tokens as [string, string][]);
  } finally {
    worker.terminate();
    await emulator.close();
  }
});

Deno.test("auth/ imports no node: module and reaches Deno and process only through globalThis", async () => {
  const files = (await readdir(AUTH_DIR, { recursive: true })).filter((f) => f.endsWith(".ts"));
  assert.ok(files.some((file) => file.startsWith("credentials")));
  for (const file of files) {
    const code = (await readFile(join(AUTH_DIR, file), "utf8"))
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    assert.doesNotMatch(code, /from\s+["']node:|import\(\s*["']node:/, file);
    assert.doesNotMatch(code, /(?<![\w.])(Deno|process)\.\w/, file);
  }
});

Deno.test("the step's bundles leave the credentials code out (its modules have no side effects)", async () => {
  for (const bundle of ["main.mjs"]) {
    const dist = await readFile(
      fileURLToPath(new URL(`../../../dist/${bundle}`, import.meta.url)),
      "utf8",
    );
    // CredentialsError's hints are there; ERR_CREDENTIALS_NOT_FOUND's, loadCredentials()'s own,
    // are not: the step looks for no credentials.
    assert.ok(dist.includes("ERR_KEY_EMPTY"), `the error table is in ${bundle}`);
    assert.ok(!dist.includes("ERR_CREDENTIALS_NOT_FOUND"), `${bundle}: ADC's hints`);
    for (
      const text of [
        "regional_cred_verification_url",
        "use_default_certificate_config",
        "source_credentials",
      ]
    ) {
      assert.ok(!dist.includes(text), `${bundle}: ${text}`);
    }
  }
});
