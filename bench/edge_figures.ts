// The edge figures of docs/measurements.md and docs/sdks.md (issue 29's goals), printed as markdown:
// 1. each SDK's Worker bundle, minified, with google-auth-library (bundled for Node
//    compatibility, as wrangler does with `nodejs_compat`) and with it aliased to
//    @gcp-oidc/auth/google-auth-library (bundled for `no_nodejs_compat`); goal >= 250 KB smaller;
// 2. in workerd, the first bearer of a cold isolate with a warm token store (KV, Cache API)
//    against a cold mint from the emulator (median of 19 isolates each); goal <= 0.25x.
//
// Usage: deno run -A bench/edge_figures.ts
import * as esbuild from "esbuild";
import { gzipSync } from "node:zlib";
import { startEmulator } from "../emulator/mod.ts";
import { required, workerd } from "../tools/runtimes.ts";
import { runInWorkerd, SDK_ALIASES } from "../tools/workerd.ts";
import { startWorkerdStore } from "../tools/workerd_store.ts";

async function bundleSize(entry: string, aliased: boolean): Promise<{ min: number; gzip: number }> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: aliased ? "browser" : "node",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["node:*", "cloudflare:*"],
    logLevel: "error",
    ...(aliased ? { alias: SDK_ALIASES } : {}),
  });
  const bytes = result.outputFiles[0]!.contents;
  return { min: bytes.byteLength, gzip: gzipSync(bytes).byteLength };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(0);
console.log("| SDK | with google-auth-library (KB min / gzip) | aliased | smaller by (KB min) |");
console.log("|---|---|---|---|");
for (const sdk of ["anthropic", "genai", "vertex"]) {
  const entry = `bench/support/sdk_${sdk}.mjs`;
  const [full, aliased] = [await bundleSize(entry, false), await bundleSize(entry, true)];
  console.log(
    `| ${sdk} | ${kb(full.min)} / ${kb(full.gzip)} | ${kb(aliased.min)} / ${kb(aliased.gzip)} | ${
      kb(full.min - aliased.min)
    } |`,
  );
}
await esbuild.stop();

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
const runtime = required(await workerd(), "workerd");
await using emulator = await startEmulator();
const key = await emulator.serviceAccountKey();
const ISOLATES = 20;
const times: Record<string, number[]> = {};
for (const store of ["none", "kv", "cache"]) {
  const shared = startWorkerdStore();
  try {
    const output = await runInWorkerd(runtime, {
      entry: "tests/auth/token_store/token_store_workerd.mjs",
      bindings: { KEY: key, STORE: store },
      noNodeCompat: true,
      shared: { isolates: ISOLATES, store: shared.address },
    });
    const ms = [...output.matchAll(/^ms (\S+)$/gm)].map((m) => Number(m[1]));
    // Without a store every isolate mints; with one, the first mints and the rest read.
    times[store] = store === "none" ? ms : ms.slice(1);
  } finally {
    await shared.close();
  }
}
const cold = median(times.none!);
console.log("\n| first bearer of a cold isolate in workerd | median ms | against a cold mint |");
console.log("|---|---|---|");
console.log(`| cold mint (RS256 + the emulator's token endpoint) | ${cold.toFixed(1)} | 1 |`);
for (const store of ["kv", "cache"]) {
  const warm = median(times[store]!);
  console.log(
    `| warm ${store === "kv" ? "Workers KV" : "Cache API"} store | ${warm.toFixed(1)} | ${
      (warm / cold).toFixed(2)
    }x |`,
  );
}
