// One request in a fresh Node 24 process: the step's node:http transport (createNodeFetch,
// bundled as the step bundles it) against Node's global fetch, each against `node -e 0`, for a
// loopback http: and https: server (run in a worker); also through a loopback CONNECT proxy. The summary prints
// the ratios. Every process must end by itself (no keep-alive socket holds it).
// Run: deno bench -A bench/node_fetch_bench.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { node24 } from "../tools/runtimes.ts";
import { testCertificate } from "../tools/test_certificate.ts";

const node = (await node24())?.path;
if (node === undefined) throw new Error("Node 24 could not be installed from the npm registry");

const dir = mkdtempSync(join(tmpdir(), "node-fetch-bench-"));
const entry = join(dir, "entry.ts");
const bundle = join(dir, "node_fetch.mjs");
const transport = new URL("../node/_fetch.ts", import.meta.url).pathname;
writeFileSync(
  entry,
  `import { createNodeFetch } from ${JSON.stringify(transport)};
const fetch = createNodeFetch();
await (await fetch(process.argv[2])).text();
`,
);
// Bundled the way build_dist.ts bundles the step, so Node loads one plain .mjs file.
const bundleFlags = "bundle --quiet --platform node --format esm --minify".split(" ");
execFileSync(Deno.execPath(), [...bundleFlags, "-o", bundle, entry]);
const globalFetch = join(dir, "global_fetch.mjs");
writeFileSync(globalFetch, "await (await fetch(process.argv[2])).text();\n");

const certificate = await testCertificate(["localhost", "bench.proxy-only.test"]);
const caFile = join(dir, "ca.pem");
writeFileSync(caFile, certificate.cert);
const servers = new Worker(new URL("./support/node_fetch_bench_servers.ts", import.meta.url), {
  type: "module",
});
servers.postMessage(certificate);
const ports = await new Promise<{ http: number; https: number; proxy: string }>((received) =>
  servers.onmessage = (event) => received(event.data)
);

/**
 * Runs Node 24 with only `env` (Deno's child_process would add the whole parent environment);
 * the CA is trusted through NODE_EXTRA_CA_CERTS on every side, baseline included, so both fetches
 * verify the loopback server as the step would (no `ca` option).
 */
function run(args: string[], env: Record<string, string> = {}): void {
  const { success, stderr } = new Deno.Command(node!, {
    args,
    env: { NODE_EXTRA_CA_CERTS: caFile, ...env },
    clearEnv: true,
    stdout: "null",
  }).outputSync();
  if (!success) {
    throw new Error(`node ${args.join(" ")} failed: ${new TextDecoder().decode(stderr)}`);
  }
}

const http = `http://127.0.0.1:${ports.http}/v1/token`;
const https = `https://localhost:${ports.https}/v1/token`;
for (const [group, url] of [["http", http], ["https", https]] as const) {
  Deno.bench({ name: "node -e 0", group, baseline: true }, () => run(["-e", "0"]));
  Deno.bench({ name: `global fetch, ${group}`, group }, () => run([globalFetch, url]));
  Deno.bench({ name: `createNodeFetch, ${group}`, group }, () => run([bundle, url]));
}
Deno.bench({ name: "node -e 0", group: "proxy", baseline: true }, () => run(["-e", "0"]));
Deno.bench(
  { name: "createNodeFetch, https through a CONNECT proxy", group: "proxy" },
  () =>
    run([bundle, `https://bench.proxy-only.test:${ports.https}/v1/token`], {
      HTTPS_PROXY: ports.proxy,
    }),
);
