/**
 * The minified size of a Worker that makes credentials one way and asks for a token, bundled by
 * esbuild as a Worker's bundler would (one ES module, browser platform, minified, whatever it
 * imports included, jose too), with the bytes each module puts into it (esbuild's metafile): the
 * figures of docs/measurements.md, and the ceiling
 * tests/auth/credentials/service_account_credentials_test.ts holds the key constructor to. As the
 * npm package ships the library (what a Worker installs): `deno.json` reduced to the version the
 * user-agent reads, by the manifest plugin of the package's own build; `{ manifest: "whole" }`
 * bundles it whole, as a bundle of the JSR source does.
 *
 * Usage: `deno run -A tools/credentials_bundles.ts [--modules]` prints each consumer's size, as the
 * npm package ships it and with the whole `deno.json` (and, with `--modules`, its modules by size).
 *
 * @module
 */

import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import { manifestPlugin } from "./manifest_plugin.ts";

/** The repository's root: esbuild's working directory. */
const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** How each consumer makes its credentials, from `env.KEY` (a configuration) or from nothing. */
export const CONSUMERS: Readonly<Record<string, string>> = {
  serviceAccountCredentials: "serviceAccountCredentials(env.KEY)",
  externalAccountCredentials: "externalAccountCredentials(env.KEY)",
  metadataServerCredentials: "await metadataServerCredentials()",
  credentialsFromJson: "credentialsFromJson(env.KEY)",
  loadCredentials: "await loadCredentials()",
};

/** A consumer's bundle: its bytes, its text, and the bytes of each module in it. */
export interface ConsumerBundle {
  bytes: number;
  code: string;
  /** Bytes in the output by module path (relative to the root), largest first. */
  modules: [string, number][];
}

/** A Worker module that makes credentials with `consumer` (a key of {@linkcode CONSUMERS}). */
export function consumerSource(consumer: string): string {
  const make = CONSUMERS[consumer];
  if (make === undefined) throw new Error(`No consumer ${consumer}`);
  const name = consumer;
  return `import { ${name} } from "./auth/mod.ts";
export default {
  async fetch(request, env) {
    const credentials = ${make};
    return new Response((await credentials.getAccessToken()).token);
  },
};
`;
}

/** Bundles the consumer `consumer` as a Worker's bundler would. */
export async function consumerBundle(
  consumer: string,
  options: { manifest?: "version" | "whole" } = {},
): Promise<ConsumerBundle> {
  const result = await esbuild.build({
    stdin: { contents: consumerSource(consumer), resolveDir: ROOT, loader: "js" },
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    minify: true,
    format: "esm",
    platform: "browser",
    legalComments: "none",
    metafile: true,
    logLevel: "silent",
    plugins: options.manifest === "whole" ? [] : [manifestPlugin],
  });
  const [output] = Object.values(result.metafile.outputs);
  const modules = Object.entries(output!.inputs)
    .map(([path, { bytesInOutput }]): [string, number] => [path, bytesInOutput])
    .sort((a, b) => b[1] - a[1]);
  const code = result.outputFiles[0]!.text;
  return { bytes: new TextEncoder().encode(code).byteLength, code, modules };
}

/** `bytes` in KB (1024 bytes), one decimal. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (import.meta.main) {
  try {
    for (const consumer of Object.keys(CONSUMERS)) {
      const { bytes, modules } = await consumerBundle(consumer);
      const whole = await consumerBundle(consumer, { manifest: "whole" });
      console.log(
        `${consumer}(): ${kb(bytes)} (${bytes} bytes); with the whole deno.json ${kb(whole.bytes)}`,
      );
      if (!Deno.args.includes("--modules")) continue;
      for (const [path, size] of modules) console.log(`  ${String(size).padStart(6)}  ${path}`);
    }
  } finally {
    await esbuild.stop();
  }
}
