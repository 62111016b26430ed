/**
 * An esbuild plugin for the builds that bundle the library (`build_dist.ts`, `npm_bundle.ts`):
 * `endpoint/_package.ts` imports `deno.json` for its version, and without this plugin each bundle
 * would carry the whole file (the import map, the tasks) for that one string.
 *
 * @module
 */
import type * as esbuild from "esbuild";

/** The fields of deno.json that bundled code reads. */
const READ_FIELDS = ["version"] as const;

/**
 * Bundles deno.json as `{ "version": ... }` only.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import * as esbuild from "esbuild";
 * import { manifestPlugin } from "./manifest_plugin.ts";
 *
 * const result = await esbuild.build({
 *   entryPoints: ["endpoint/_package.ts"], // imports deno.json for its version
 *   bundle: true,
 *   write: false,
 *   format: "esm",
 *   plugins: [manifestPlugin],
 * });
 * await esbuild.stop();
 * const code = result.outputFiles[0]!.text;
 * assert.match(code, /version: "\d+\.\d+\.\d+"/);
 * assert.doesNotMatch(code, /allowScripts|imports/);
 * ```
 */
export const manifestPlugin: esbuild.Plugin = {
  name: "manifest",
  setup(build) {
    build.onLoad({ filter: /(^|[\\/])deno\.json$/ }, async ({ path }) => {
      const manifest = JSON.parse(await Deno.readTextFile(path));
      const kept = Object.fromEntries(READ_FIELDS.map((field) => [field, manifest[field]]));
      return { contents: JSON.stringify(kept), loader: "json" };
    });
  },
};
