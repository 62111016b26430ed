/**
 * toAuthClient() inside the SDKs people use: @anthropic-ai/vertex-sdk (messages.create),
 * @google/genai in Vertex mode (models.generateContent) and @ai-sdk/google-vertex (generateText),
 * each calling the loopback Vertex AI stand-in, which accepts only bearers the emulator issued:
 * all three in Deno, one in Node 24 and one in Bun (each SDK's runtime-specific part is its
 * transport, which toAuthClient() does not touch); and in Cloudflare's workerd the two whose Worker build takes an
 * AuthClient (@google/genai's Worker build, the one its `browser`/`workerd` conditions pick, takes
 * an API key only: "An API Key must be set when running in a browser").
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startEmulator } from "../../emulator/mod.ts";
import { startVertexStandIn } from "../support/vertex_standin.ts";
import { bun, node24, required, type Runtime, workerd } from "../../tools/runtimes.ts";
import { runtimeMissing, skippedWhen } from "../support/skip.ts";
import { runInWorkerd, SDK_ALIASES, SDK_KEY_ALIASES } from "../../tools/workerd.ts";

const run = promisify(execFile);
const DRIVER = "tests/sdk/run_sdk_checks.mjs";
const SDKS = ["anthropic", "genai", "vertex"];

/** Runs the checks of `sdks` (all three by default) under `runtime`. */
async function assertSdksPass(runtime: Runtime, args: string[], sdks = SDKS): Promise<void> {
  await using emulator = await startEmulator();
  const standIn = startVertexStandIn(emulator);
  try {
    const key = await emulator.serviceAccountKey();
    const { stdout } = await run(
      runtime.path,
      [...args, DRIVER, standIn.url, key, sdks.join(",")],
      {
        env: { ...process.env, NO_COLOR: "1" },
        timeout: 120_000,
      },
    );
    const texts = JSON.parse(/^texts (.*)$/m.exec(stdout)?.[1] ?? "{}");
    const principal = JSON.parse(key).client_email;
    assert.deepEqual(Object.keys(texts), sdks, stdout);
    for (const sdk of sdks) assert.equal(texts[sdk], `hello ${principal}`, sdk);
    // Every call carried a bearer the emulator issued; the Anthropic SDK took the key's project.
    assert.ok(
      standIn.calls.length >= sdks.length && standIn.calls.every((c) => c.principal === principal),
    );
    const project = JSON.parse(key).project_id;
    if (sdks.includes("anthropic")) {
      assert.ok(standIn.calls.some((c) => c.path.includes(`/projects/${project}/`)), "anthropic");
    }
  } finally {
    await standIn.close();
  }
}

Deno.test("the SDKs take toAuthClient() under Deno", async () => {
  await assertSdksPass({ name: "deno", path: Deno.execPath() }, ["run", "-A"]);
});

const [bunRuntime, node24Runtime, workerdRuntime] = await Promise.all([
  bun(),
  node24(),
  workerd(),
]);

Deno.test(skippedWhen(runtimeMissing(bunRuntime, "Bun"), {
  name: "@ai-sdk/google-vertex takes toAuthClient() under Bun",
  fn: () => assertSdksPass(required(bunRuntime, "Bun"), [], ["vertex"]),
}));

Deno.test(skippedWhen(runtimeMissing(node24Runtime, "Node 24"), {
  name: "@google/genai takes toAuthClient() under Node 24 (type stripping)",
  fn: () => assertSdksPass(required(node24Runtime, "Node 24"), [], ["genai"]),
}));

Deno.test(skippedWhen(runtimeMissing(workerdRuntime, "workerd"), {
  name: "@anthropic-ai/vertex-sdk and @ai-sdk/google-vertex take toAuthClient() in workerd",
  fn: async () => {
    await using emulator = await startEmulator();
    const standIn = startVertexStandIn(emulator);
    try {
      const key = await emulator.serviceAccountKey();
      const only = ["anthropic", "vertex"];
      const output = await runInWorkerd(required(workerdRuntime, "workerd"), {
        entry: "tests/sdk/sdk_workerd.mjs",
        bindings: { KEY: key, STANDIN: standIn.url, ONLY: only },
        node: true,
      });
      const texts = JSON.parse(/^texts (.*)$/m.exec(output)?.[1] ?? "{}");
      const principal = JSON.parse(key).client_email;
      assert.deepEqual(texts, { anthropic: `hello ${principal}`, vertex: `hello ${principal}` });
      assert.ok(standIn.calls.length >= 2 && standIn.calls.every((c) => c.principal === principal));
    } finally {
      await standIn.close();
    }
  },
}));

for (
  const [target, alias] of [
    ["@gcp-oidc/auth/google-auth-library", SDK_ALIASES],
    ["@gcp-oidc/auth/google-auth-library/service-account", SDK_KEY_ALIASES],
  ] as const
) {
  Deno.test(skippedWhen(runtimeMissing(workerdRuntime, "workerd"), {
    name:
      `the three SDKs run in workerd without Node compatibility through ${target} (toAuthClient(), then credentials in their options)`,
    fn: async () => {
      await using emulator = await startEmulator();
      const standIn = startVertexStandIn(emulator);
      try {
        const key = await emulator.serviceAccountKey();
        // One bundle and one isolate for both ways in (tests/sdk/sdk_alias_workerd.mjs).
        const output = await runInWorkerd(required(workerdRuntime, "workerd"), {
          entry: "tests/sdk/sdk_alias_workerd.mjs",
          bindings: { KEY: key, STANDIN: standIn.url },
          alias,
          noNodeCompat: true,
        });
        const texts = JSON.parse(/^texts (.*)$/m.exec(output)?.[1] ?? "{}");
        const { client_email: principal, project_id: project } = JSON.parse(key);
        const hello = `hello ${principal}`;
        const all = { anthropic: hello, genai: hello, vertex: hello };
        assert.deepEqual(texts, { toAuthClient: all, options: all }, output);
        assert.match(output, /^keyFile ERR_OPTIONS_INVALID$/m);
        assert.ok(
          standIn.calls.length >= 6 && standIn.calls.every((c) => c.principal === principal),
        );
        // Anthropic took the project from the client GoogleAuth.getClient() gave.
        assert.ok(
          standIn.calls.some((c) => c.path.includes(`/projects/${project}/`)),
          "anthropic",
        );
      } finally {
        await standIn.close();
      }
    },
  }));
}
