// Importing a module of the project starts nothing: no module the packages or the step ship reads
// `import.meta.main` (programs are their own entries: emulator/main.ts, action/local/, tools/), and an
// app that bundles the emulator with esbuild (which keeps `import.meta.main`, true in the bundle
// under Node 24) runs to its end on Node 20 and Node 24 without the emulator's command line.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as esbuild from "esbuild";
import { node20, node24, required, type Runtime } from "../tools/runtimes.ts";
import { runtimeMissing, skippedWhen } from "./support/skip.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SKIPPED = new Set([".git", "node_modules", "npm", "dist", "coverage", ".tmp"]);
const run = promisify(execFile);

function scripts(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return scripts(path);
    return /\.(ts|mjs|js)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** What the packages publish (deno.json's publish.include), and the step's sources. */
function shipped(): string[] {
  const { include, exclude } = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")).publish;
  return scripts().filter((file) =>
    (file.startsWith("action/") && !file.startsWith("action/local/")) ||
    (include as string[]).some((entry) =>
      entry.endsWith("/") ? file.startsWith(entry) : file === entry
    )
  ).filter((file) => !(exclude as string[]).includes(file) && !file.endsWith("_test.ts"));
}

Deno.test("no module the packages or the step ship reads import.meta.main", () => {
  const files = shipped();
  assert.ok(files.includes("emulator/mod.ts") && files.includes("action/main.ts"));
  const readers = files
    .filter((file) => readFileSync(join(ROOT, file), "utf8").includes("import.meta.main"));
  assert.deepEqual(readers, []);
});

/** An app that starts and stops an emulator, as a user's test or tool would. */
const APP = `import { startEmulator } from ${JSON.stringify(join(ROOT, "emulator", "mod.ts"))};

const emulator = await startEmulator();
const response = await fetch(emulator.env.ACTIONS_ID_TOKEN_REQUEST_URL + "&audience=app", {
  headers: { authorization: "Bearer " + emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN },
});
console.log("token parts", (await response.json()).value.split(".").length);
await emulator.close();
console.log("closed");
`;

const [node20Runtime, node24Runtime] = await Promise.all([node20(), node24()]);

for (
  const [name, runtime] of [["Node 20", node20Runtime], ["Node 24", node24Runtime]] as const
) {
  Deno.test(skippedWhen(runtimeMissing(runtime, name), {
    name: `an app bundling the emulator with esbuild runs to its end on ${name}`,
    fn: async () => {
      const node: Runtime = required(runtime, name);
      const dir = mkdtempSync(join(tmpdir(), "bundled-app-"));
      try {
        writeFileSync(join(dir, "app.ts"), APP);
        await esbuild.build({
          entryPoints: [join(dir, "app.ts")],
          outfile: join(dir, "app.mjs"),
          bundle: true,
          platform: "node",
          format: "esm",
          logLevel: "error",
        });
        await esbuild.stop();
        // The bound only ends a process that would serve forever; it is no time to beat.
        const { stdout, stderr } = await run(node.path, [join(dir, "app.mjs")], {
          cwd: dir,
          env: { ...process.env, GCP_OIDC_EMULATOR_KEYS: join(ROOT, "tests/emulator_keys.json") },
          timeout: 60_000,
          killSignal: "SIGKILL",
        }).catch((error) => {
          throw new Error(`${name}: the app did not exit 0 by itself: ${error}`);
        });
        assert.equal(stdout, "token parts 3\nclosed\n");
        assert.equal(stderr, "");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  }));
}
