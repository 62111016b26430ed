/**
 * The runtime matrix on the TypeScript sources: the same behaviour checks of endpoint/, auth/ and
 * request/ (tests/runtime/*_checks.mjs) run unchanged under Deno, Bun and Node 24's type
 * stripping. The npm build is checked under Node 20 and Node 24 by `build_npm.ts --verify`. The
 * credentials and request checks also run in Cloudflare's workerd, as Workers bundled with
 * esbuild. Outside CI a runtime that cannot be installed is skipped; in CI it fails the run.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { bun, node24, required, type Runtime, workerd } from "../tools/runtimes.ts";
import { runtimeMissing, skippedWhen } from "./support/skip.ts";
import { runInWorkerd } from "../tools/workerd.ts";
import { library as authMod } from "./support/library.ts";
import { startEmulator } from "../emulator/mod.ts";
import { assertIssuedBy, credentialsFixture } from "./runtime/credentials_fixture.mjs";
import { REQUEST_CHECK_OBJECTS } from "./runtime/request_checks.mjs";

const run = promisify(execFile);
const CONFORMANCE = JSON.parse(
  await Deno.readTextFile(
    new URL("auth/_fixtures/conformance/v4_signatures.json", import.meta.url),
  ),
);
/** Every signed URL and POST policy case of Google's conformance file. */
const CONFORMANCE_CASES = CONFORMANCE.signingV4Tests.length + CONFORMANCE.postPolicyV4Tests.length;
const DRIVER = "tests/runtime/run_checks.mjs";

async function assertChecksPass(runtime: Runtime, args: string[]): Promise<void> {
  const { stdout } = await run(runtime.path, [...args, DRIVER, ".", "ts"], {
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 120_000,
  });
  assert.match(stdout, /^endpoint: [1-9]\d* checks passed on /m);
  assert.match(stdout, /^auth: [1-9]\d* checks passed on /m);
  assert.match(stdout, /^credentials: [1-9]\d* checks passed on /m);
  assert.match(stdout, /^request: [1-9]\d* checks passed on /m);
  assert.match(
    stdout,
    new RegExp(`^signing: ${CONFORMANCE_CASES} conformance cases passed on `, "m"),
  );
}

Deno.test("runtime checks pass on the sources under Deno", async () => {
  await assertChecksPass({ name: "deno", path: Deno.execPath() }, ["run", "-A"]);
});

const [bunRuntime, node24Runtime] = await Promise.all([bun(), node24()]);

Deno.test(skippedWhen(runtimeMissing(bunRuntime, "Bun"), {
  name: "runtime checks pass on the sources under Bun",
  fn: () => assertChecksPass(required(bunRuntime, "Bun"), []),
}));

Deno.test(skippedWhen(runtimeMissing(node24Runtime, "Node 24"), {
  name: "runtime checks pass on the sources under Node 24 type stripping",
  fn: () => assertChecksPass(required(node24Runtime, "Node 24"), []),
}));

const workerdRuntime = await workerd();

Deno.test(skippedWhen(runtimeMissing(workerdRuntime, "workerd"), {
  name: "credentials checks pass in Cloudflare's workerd, the files given as a binding",
  fn: async () => {
    const emu = await startEmulator();
    try {
      const fixture = await credentialsFixture(authMod, emu);
      const output = await runInWorkerd(required(workerdRuntime, "workerd"), {
        entry: "tests/runtime/credentials_workerd.mjs",
        bindings: {
          FIXTURE: fixture,
          CONFORMANCE: {
            file: CONFORMANCE,
            key: await Deno.readTextFile(
              new URL("auth/_fixtures/conformance/service-account", import.meta.url),
            ),
          },
        },
      });
      assert.match(output, /^checks [1-9]\d*$/m, output);
      assert.match(output, new RegExp(`^signing ${CONFORMANCE_CASES}$`, "m"), output);
      const tokens = JSON.parse(/^tokens (.*)$/m.exec(output)![1]!);
      assertIssuedBy(emu, tokens);
    } finally {
      await emu.close();
    }
  },
}));

Deno.test(skippedWhen(runtimeMissing(workerdRuntime, "workerd"), {
  name: "request checks pass in Cloudflare's workerd, against the emulator over workerd's fetch",
  fn: async () => {
    const emu = await startEmulator({ storageObjects: REQUEST_CHECK_OBJECTS });
    try {
      const output = await runInWorkerd(required(workerdRuntime, "workerd"), {
        entry: "tests/runtime/request_workerd.mjs",
        bindings: {
          EMULATOR: { key: await emu.serviceAccountKey(), storageUrl: emu.endpoints.storage },
        },
      });
      assert.match(output, /^request [1-9]\d*$/m, output);
      assert.ok(emu.requests.some((request) => request.route === "storage"));
    } finally {
      await emu.close();
    }
  },
}));
