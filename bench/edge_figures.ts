// The edge figures of docs/measurements.md and docs/sdks.md (issue 29's goals), printed as markdown:
// 1. each SDK's Worker bundle, minified, with google-auth-library (Node's built-ins left to
//    workerd's Node compatibility) and with it aliased to @gcp-oidc/auth/google-auth-library (for
//    `no_nodejs_compat`); goal >= 250 KB smaller; then the bytes of this library in each aliased
//    bundle, by folder (esbuild's metafile);
// 2. in workerd, the first bearer of a cold isolate with a warm token store (KV, Cache API)
//    against a cold mint from the emulator (median of 19 isolates each); goal <= 0.25x; and the
//    floor of any store: the credentials made and one KV read, without a token. Timed by
//    the host's clock, not workerd's: deployed Workers' `performance.now()` and `Date.now()` move
//    only after I/O, against Spectre (developers.cloudflare.com/workers/runtime-apis/performance),
//    `performance.now()` is `Date.now()`, whole ms (workerd#617), and a local workerd does the
//    same (workerd#3288), so the RS256 signature of a mint would count for nothing. The Worker
//    asks a loopback clock server here for `performance.now()` before and after the bearer, and
//    takes off one clock round trip measured the same way just before (the `clock` column).
// Both bundles resolve packages as wrangler does (it sets no esbuild `platform`, so esbuild's
// "browser" applies, and packages' `browser` field maps with it), and carry the library as the npm
// package ships it (deno.json reduced to its version).
//
// Usage: deno run -A bench/edge_figures.ts [--sizes]   (--sizes: the bundles only, no workerd)
import * as esbuild from "esbuild";
import { builtinModules } from "node:module";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import { startEmulator } from "../emulator/mod.ts";
import { required, workerd } from "../tools/runtimes.ts";
import { manifestPlugin } from "../tools/manifest_plugin.ts";
import { runInWorkerd, SDK_ALIASES, SDK_KEY_ALIASES } from "../tools/workerd.ts";
import { startWorkerdStore } from "../tools/workerd_store.ts";

interface Bundle {
  min: number;
  gzip: number;
  /** Bytes in the output by npm package (`name@version`, as node_modules/.deno names it). */
  packages: Record<string, number>;
  /** Bytes of this library's modules in the output, by folder (deno.json by itself). */
  library: Record<string, number>;
}

/** Node's built-ins, by both names: with Node compatibility, workerd provides them. */
const NODE_BUILTINS = builtinModules.flatMap((name) => [name, `${name}/*`]);

/** `entry` bundled, its packages' `alias` applied (none: google-auth-library itself). */
async function bundle(entry: string, alias?: Record<string, string>): Promise<Bundle> {
  const aliased = alias !== undefined;
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    external: ["node:*", "cloudflare:*", ...(aliased ? [] : NODE_BUILTINS)],
    logLevel: "error",
    plugins: [manifestPlugin],
    ...(aliased ? { alias } : {}),
  });
  const bytes = result.outputFiles[0]!.contents;
  const packages: Record<string, number> = {};
  const library: Record<string, number> = {};
  const [output] = Object.values(result.metafile.outputs);
  for (const [path, { bytesInOutput }] of Object.entries(output!.inputs)) {
    if (path.startsWith("bench/")) continue;
    const name = /^node_modules\/\.deno\/([^/]+)/.exec(path)?.[1];
    const [sums, key] = name === undefined
      ? [library, path === "deno.json" ? path : dirname(path)]
      : [packages, name.replace(/^@?([^+]+)\+/, (scope) => scope.replace("+", "/"))];
    sums[key] = (sums[key] ?? 0) + bytesInOutput;
  }
  return { min: bytes.byteLength, gzip: gzipSync(bytes).byteLength, packages, library };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(0);
const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
const SDKS = ["anthropic", "genai", "vertex"];
const aliasedBundles: Bundle[] = [];
console.log(
  "| SDK | google-auth-library | with it (KB min / gzip) | aliased | smaller by (KB min) | " +
    "removed: its packages (KB) | added: this library (KB) | aliased to the key-only stand-in | " +
    "smaller by (KB min) |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const sdk of SDKS) {
  const entry = `bench/support/sdk_${sdk}.mjs`;
  const [full, aliased, keyOnly] = [
    await bundle(entry),
    await bundle(entry, SDK_ALIASES),
    await bundle(entry, SDK_KEY_ALIASES),
  ];
  aliasedBundles.push(aliased);
  const version = Object.keys(full.packages).find((name) =>
    name.startsWith("google-auth-library@")
  );
  // What the alias takes out: the packages the aliased bundle no longer has at all.
  const removed = Object.entries(full.packages)
    .filter(([name]) => aliased.packages[name] === undefined)
    .reduce((total, [, bytes]) => total + bytes, 0);
  console.log(
    `| ${sdk} | ${version?.split("@")[1]} | ${kb(full.min)} / ${kb(full.gzip)} | ${
      kb(aliased.min)
    } / ${kb(aliased.gzip)} | ${kb(full.min - aliased.min)} | ${kb(removed)} | ${
      kb(sum(aliased.library))
    } | ${kb(keyOnly.min)} / ${kb(keyOnly.gzip)} | ${kb(full.min - keyOnly.min)} |`,
  );
}
await esbuild.stop();

const folders = [...new Set(aliasedBundles.flatMap((b) => Object.keys(b.library)))]
  .sort((a, b) => (aliasedBundles[1]!.library[b] ?? 0) - (aliasedBundles[1]!.library[a] ?? 0));
console.log(`\n| this library in the aliased bundle (KB min) | ${SDKS.join(" | ")} |`);
console.log(`|---|${SDKS.map(() => "---").join("|")}|`);
for (const folder of [...folders, "all"]) {
  const cells = aliasedBundles.map((b) =>
    ((folder === "all" ? sum(b.library) : b.library[folder] ?? 0) / 1000).toFixed(1)
  );
  console.log(`| ${folder} | ${cells.join(" | ")} |`);
}
if (Deno.args.includes("--sizes")) Deno.exit(0);

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
const runtime = required(await workerd(), "workerd");
await using emulator = await startEmulator();
const key = await emulator.serviceAccountKey();
const ISOLATES = 20;
const clockServer = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  () => new Response(String(performance.now())),
);
const times: Record<string, number[]> = {};
const roundTrips: Record<string, number[]> = {};
const RUNS = ["none", "kv", "cache", "floor"];
for (const store of RUNS) {
  const shared = startWorkerdStore();
  try {
    const output = await runInWorkerd(runtime, {
      entry: "tests/auth/token_store/token_store_workerd.mjs",
      bindings: { KEY: key, STORE: store, CLOCK: `http://127.0.0.1:${clockServer.addr.port}/` },
      noNodeCompat: true,
      shared: { isolates: ISOLATES, store: shared.address },
    });
    const read = (name: string) =>
      [...output.matchAll(new RegExp(`^${name} (\\S+)$`, "gm"))].map((m) => Number(m[1]));
    // Without a store every isolate mints (and the floor gets no token); with one, the first
    // mints and the rest read.
    times[store] = store === "none" || store === "floor" ? read("ms") : read("ms").slice(1);
    roundTrips[store] = read("clock");
  } finally {
    await shared.close();
  }
}
await clockServer.shutdown();
const cold = median(times.none!);
console.log(
  "\n| first bearer of a cold isolate in workerd (host clock) | median ms | against a cold mint | " +
    "clock round trip taken off (median ms) |",
);
console.log("|---|---|---|---|");
const WHAT: Record<string, string> = {
  none: "cold mint (RS256 + the emulator's token endpoint)",
  kv: "warm Workers KV store",
  cache: "warm Cache API store",
  floor: "floor: credentials made and one KV read, no token (what any shared store costs at least)",
};
for (const store of RUNS) {
  const ms = median(times[store]!);
  const what = WHAT[store]!;
  console.log(
    `| ${what} | ${ms.toFixed(1)} | ${(ms / cold).toFixed(2)}x | ${
      median(roundTrips[store]!).toFixed(1)
    } |`,
  );
}
