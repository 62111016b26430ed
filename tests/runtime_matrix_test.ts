/**
 * The runtime matrix on the TypeScript sources: the same behaviour checks of endpoint/ and auth/
 * (tests/runtime/*_checks.mjs) run unchanged under Deno, Bun and Node 24's type stripping. The npm
 * build is checked under Node 20 and Node 24 by `build_npm.ts --verify`. Outside CI a runtime that
 * cannot be installed is skipped; in CI it fails the run.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { bun, node24, required, type Runtime, RUNTIMES_REQUIRED } from "./support/runtimes.ts";

const run = promisify(execFile);
const DRIVER = "tests/runtime/run_checks.mjs";

async function assertChecksPass(runtime: Runtime, args: string[]): Promise<void> {
  const { stdout } = await run(runtime.path, [...args, DRIVER, ".", "ts"], {
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 120_000,
  });
  assert.match(stdout, /^endpoint: [1-9]\d* checks passed on /m);
  assert.match(stdout, /^auth: [1-9]\d* checks passed on /m);
  assert.match(stdout, /^credentials: [1-9]\d* checks passed on /m);
}

Deno.test("runtime checks pass on the sources under Deno", async () => {
  await assertChecksPass({ name: "deno", path: Deno.execPath() }, ["run", "-A"]);
});

const [bunRuntime, node24Runtime] = await Promise.all([bun(), node24()]);

Deno.test({
  name: "runtime checks pass on the sources under Bun",
  ignore: !bunRuntime && !RUNTIMES_REQUIRED,
  fn: () => assertChecksPass(required(bunRuntime, "Bun"), []),
});

Deno.test({
  name: "runtime checks pass on the sources under Node 24 type stripping",
  ignore: !node24Runtime && !RUNTIMES_REQUIRED,
  fn: () => assertChecksPass(required(node24Runtime, "Node 24"), []),
});
