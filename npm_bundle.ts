/**
 * The npm package's JavaScript: each export of deno.json as one ES module file, bundled by esbuild
 * from the TypeScript sources (a file per source module cost Node 31-35 ms of CPU at import;
 * figures in docs/measurements.md), the code several exports share in chunks of its own, so that a
 * class such as `AuthError` exists once. Each export gets a second file for Node, `mod.node.js`,
 * whose code has the Node modules in place of {@linkcode NODE_DEFAULTS}: `node/_default_fetch.ts` (the `node:http(s)` transport of the
 * step, proxies included), `node/_default_run_executable.ts` (executable credential sources
 * started with `node:child_process`) and `node/_client_certificate_fetch.ts` (X.509 sources' mutual
 * TLS through `node:tls`).
 * Dependencies of the manifest (jose) and Node's built-ins stay imports.
 *
 * @module
 */
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import { join, relative } from "node:path";
import { manifestPlugin } from "./tools/manifest_plugin.ts";

/** The repository's root: esbuild's working directory. */
const ROOT = fileURLToPath(new URL(".", import.meta.url));

/** What every bundle of the package is: one ES2022 module from the repository's sources. */
const ESM_BUNDLE = {
  absWorkingDir: ROOT,
  bundle: true,
  format: "esm",
  target: "es2022",
  legalComments: "none",
  logLevel: "error",
} as const;

/** The Web default of auth/ -> the Node module that the Node files use in its place. */
export const NODE_DEFAULTS: Readonly<Record<string, string>> = {
  "auth/_transport/default_fetch.ts": "node/_default_fetch.ts",
  "auth/credentials/_sources/default_run_executable.ts": "node/_default_run_executable.ts",
  "auth/credentials/_sources/client_certificate_fetch.ts": "node/_client_certificate_fetch.ts",
};

/** One export: its key, its source and the file each build writes (relative to the package). */
export interface BundledExport {
  key: string;
  source: string;
  web: string;
  /** The Node file: the same module with the Node defaults in place. */
  node: string;
}

/** `endpoint/mod.ts` -> `endpoint/mod.js` (or `mod.node.js`). */
function outputOf(source: string, variant: "web" | "node"): string {
  return source.replace(/\.ts$/, variant === "node" ? ".node.js" : ".js");
}

/**
 * Bundles every export of `exports` (deno.json's) into `outDir`, twice: once for the Web and once
 * for Node. Each build splits the code the exports share into chunks (`_chunks/`), so that a class
 * such as `AuthError` exists once per runtime whichever entries a program imports.
 */
export async function bundleExports(
  exports: Record<string, string>,
  outDir: string,
  external: string[],
): Promise<BundledExport[]> {
  const entries = Object.entries(exports).map(([key, path]) => ({
    key,
    source: path.replace(/^\.\//, ""),
  }));
  try {
    for (const variant of ["web", "node"] as const) {
      await build(entries.map((entry) => entry.source), variant, outDir, external);
    }
  } finally {
    await esbuild.stop();
  }
  return entries.map(({ key, source }) => ({
    key,
    source,
    web: outputOf(source, "web"),
    node: outputOf(source, "node"),
  }));
}

async function build(
  sources: string[],
  variant: "web" | "node",
  outDir: string,
  external: string[],
): Promise<void> {
  const plugin: esbuild.Plugin = {
    name: "npm-exports",
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const nodeDefault = NODE_DEFAULTS[relative(ROOT, join(args.resolveDir, args.path))];
        return variant === "node" && nodeDefault !== undefined
          ? { path: join(ROOT, nodeDefault) }
          : undefined;
      });
    },
  };
  await esbuild.build({
    ...ESM_BUNDLE,
    entryPoints: sources,
    outbase: ROOT,
    outdir: outDir,
    splitting: true,
    entryNames: variant === "node" ? "[dir]/[name].node" : "[dir]/[name]",
    chunkNames: variant === "node" ? "_chunks/node-[hash]" : "_chunks/[hash]",
    platform: variant === "node" ? "node" : "neutral",
    external: [...external, "node:*"],
    plugins: [plugin, manifestPlugin],
  });
}

/** Bundles the program `source` (a command of the package) into `outfile`, executable. */
export async function bundleProgram(
  source: string,
  outfile: string,
  external: string[],
): Promise<void> {
  try {
    await esbuild.build({
      ...ESM_BUNDLE,
      entryPoints: [source],
      outfile,
      platform: "node",
      external,
      plugins: [manifestPlugin],
    });
  } finally {
    await esbuild.stop();
  }
  await Deno.chmod(outfile, 0o755);
}
