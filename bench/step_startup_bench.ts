// Start-up cost of the step: `node dist/main.mjs` in key mode with no token (no network call)
// against `node -e 0`, in one run. Goal: at most 1.3x (design.md section 4); the summary prints
// the ratio. Also prints the bundle sizes, raw and gzip.
// Run: deno bench -A bench/step_startup_bench.ts
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportPKCS8, generateKeyPair } from "jose";

const root = mkdtempSync(join(tmpdir(), "step-bench-"));
const { privateKey } = await generateKeyPair("RS256", { extractable: true });
const env: Record<string, string> = {
  PATH: Deno.env.get("PATH") ?? "",
  GITHUB_WORKSPACE: root,
  INPUT_CREATE_CREDENTIALS_FILE: "false",
  INPUT_CREDENTIALS_JSON: JSON.stringify({
    type: "service_account",
    project_id: "bench-proj",
    private_key_id: "bench",
    private_key: await exportPKCS8(privateKey),
    client_email: "bench@bench-proj.iam.gserviceaccount.com",
  }),
};
for (const name of ["OUTPUT", "ENV", "STATE"]) {
  const path = join(root, name);
  writeFileSync(path, "");
  env[`GITHUB_${name}`] = path;
}
const main = new URL("../dist/main.mjs", import.meta.url).pathname;
const post = new URL("../dist/post.mjs", import.meta.url).pathname;
for (const [name, path] of [["dist/main.mjs", main], ["dist/post.mjs", post]] as const) {
  const bytes = readFileSync(path);
  console.log(`${name}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip`);
}

/**
 * Runs node with `env` and nothing else: under Deno, `execFileSync` passes the parent's whole
 * environment whatever its `env` option says, and an inherited `NODE_EXTRA_CA_CERTS` alone adds
 * ~30 ms to both sides, flattering the ratio.
 */
function node(...args: string[]): void {
  const { success } = new Deno.Command("node", { args, env, clearEnv: true }).outputSync();
  if (!success) throw new Error(`node ${args.join(" ")} failed`);
}

Deno.bench({ name: "node -e 0", group: "startup", baseline: true }, () => node("-e", "0"));

Deno.bench(
  { name: "node dist/main.mjs (key mode, no token)", group: "startup" },
  () => node(main),
);

Deno.bench({ name: "node dist/post.mjs (nothing to clean)", group: "startup" }, () => node(post));
