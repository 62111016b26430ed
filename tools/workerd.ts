/**
 * Runs a Worker in Cloudflare's workerd with `workerd test`: the Worker module (its `test()`
 * handler does the work) is bundled by esbuild with the conditions Workers resolve with, given its
 * inputs as JSON bindings (no file system), and may reach the loopback servers of the test (the
 * emulator) through a network service that allows local addresses. What the Worker prints on
 * `console.log` comes back as the run's output.
 *
 * @module
 */
import * as esbuild from "esbuild";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Runtime } from "./runtimes.ts";

const run = promisify(execFile);

/** Workers' `compatibilityDate`: the date of the pinned workerd's release. */
const COMPATIBILITY_DATE = "2026-11-17";

/** The aliases of docs/sdks.md: google-auth-library, and the Node modules GenAI's Node build imports. */
export const SDK_ALIASES: Record<string, string> = {
  "google-auth-library": "./auth/google_auth_library/mod.ts",
  ...nodeStubAliases(),
};

/** {@linkcode SDK_ALIASES} with google-auth-library's key-only stand-in (docs/sdks.md). */
export const SDK_KEY_ALIASES: Record<string, string> = {
  ...SDK_ALIASES,
  "google-auth-library": "./auth/google_auth_library/service_account.ts",
};

/** GenAI's Node modules, each aliased to the stubs. */
function nodeStubAliases(): Record<string, string> {
  return Object.fromEntries(
    ["fs", "fs/promises", "path", "node:stream", "node:stream/promises"].map((name) => [
      name,
      "./auth/google_auth_library/node_stubs.ts",
    ]),
  );
}

/** Options of {@linkcode runInWorkerd}. */
export interface WorkerdRun {
  /** The Worker module (a file whose default export has `test()`), bundled with its imports. */
  entry: string;
  /** JSON bindings by name, read in the Worker as `env.<name>`. */
  bindings: Record<string, unknown>;
  /**
   * Bundle for Node's modules (workerd's `nodejs_compat`, on by default at the compatibility
   * date): Node built-ins stay imports, and CommonJS `require`s of them get workerd's `require`.
   */
  node?: boolean;
  /** Bundler aliases (esbuild's `alias`): import name -> module path. */
  alias?: Record<string, string>;
  /**
   * Runs the Worker in this many services (each its own isolate, run one after another) sharing
   * a KV namespace (binding `KV`) and the Cache API through the store at this address
   * (tools/workerd_store.ts); default one service, no store.
   */
  shared?: { isolates: number; store: string };
  /** Turns Node compatibility off (`no_nodejs_compat`), as a Worker with no Node modules runs. */
  noNodeCompat?: boolean;
}

/** Bundles, configures and runs the Worker; resolves to its console output, rejects on a failure. */
export async function runInWorkerd(workerd: Runtime, options: WorkerdRun): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "workerd-"));
  try {
    await esbuild.build({
      entryPoints: [options.entry],
      outfile: join(dir, "worker.mjs"),
      bundle: true,
      format: "esm",
      // Without Node compatibility, packages' `browser` field maps (which swap their Node-only
      // modules, as @anthropic-ai/sdk's internal/node.mjs) apply: esbuild reads them for "browser".
      platform: options.node ? "node" : options.noNodeCompat ? "browser" : "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["module", "main"],
      external: ["node:*", "cloudflare:*"],
      logLevel: "error",
      ...(options.alias ? { alias: options.alias } : {}),
      // CommonJS packages require Node's modules; workerd's node:module gives a require for them.
      ...(options.node
        ? {
          banner: {
            js: 'import { createRequire } from "node:module"; const require = createRequire("/");',
          },
        }
        : {}),
    });
    const bindings = Object.entries(options.bindings).map(([name, value]) =>
      `(name = ${JSON.stringify(name)}, json = ${JSON.stringify(JSON.stringify(value))})`
    );
    const { shared } = options;
    if (shared !== undefined) bindings.push('(name = "KV", kvNamespace = "store")');
    const names = shared === undefined
      ? ["main"]
      : Array.from({ length: shared.isolates }, (_, i) => `isolate${i}`);
    const services = names.map((name) => `(name = "${name}", worker = .worker)`);
    if (shared !== undefined) {
      services.push(`(name = "store", external = (address = "${shared.store}", http = ()))`);
    }
    await writeFile(
      join(dir, "config.capnp"),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    ${services.join(",\n    ")},
    (name = "internet", network = (allow = ["local"])),
  ],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],
  bindings = [${bindings.join(", ")}],${shared ? '\n  cacheApiOutbound = "store",' : ""}
  compatibilityDate = "${COMPATIBILITY_DATE}",${
        options.noNodeCompat ? '\n  compatibilityFlags = ["no_nodejs_compat"],' : ""
      }
);
`,
    );
    try {
      const { stdout } = await run(workerd.path, ["test", join(dir, "config.capnp")], {
        timeout: 60_000,
        maxBuffer: 16 << 20,
      });
      return stdout;
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      throw new Error(`workerd test failed:\n${stdout}\n${stderr}`.trimEnd());
    }
  } finally {
    await esbuild.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
