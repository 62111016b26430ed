/**
 * The npm package's JavaScript: each export of deno.json as one ES module file, bundled by esbuild
 * from the TypeScript sources (a file per source module cost Node 31-35 ms of CPU at import;
 * figures in docs/measurements.md). An export that re-exports another (`.` re-exports `./endpoint`
 * and `./auth`) imports that one's file, so a class such as `AuthError` exists once. Exports whose
 * code reaches a module of {@linkcode NODE_DEFAULTS} get a second file for Node, `mod.node.js`,
 * with the Node module in its place: `node/default_fetch.ts` (the `node:http(s)` transport of the
 * step, proxies included) and `node/default_run_executable.ts` (executable credential sources
 * started with `node:child_process`).
 * Dependencies of the manifest (jose) and Node's built-ins stay imports.
 *
 * @module
 */
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";
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
  "auth/_transport/default_fetch.ts": "node/default_fetch.ts",
  "auth/credentials/_sources/default_run_executable.ts": "node/default_run_executable.ts",
};

/** One export: its key, its source and the file each build writes (relative to the package). */
export interface BundledExport {
  key: string;
  source: string;
  web: string;
  /** The Node file, when the export's code sends requests. */
  node?: string;
}

/** `endpoint/mod.ts` -> `endpoint/mod.js` (or `mod.node.js`). */
function outputOf(source: string, variant: "web" | "node"): string {
  return source.replace(/\.ts$/, variant === "node" ? ".node.js" : ".js");
}

/** Bundles every export of `exports` (deno.json's) into `outDir`. */
export async function bundleExports(
  exports: Record<string, string>,
  outDir: string,
  external: string[],
): Promise<BundledExport[]> {
  // Leaves first: an export that imports another is built after it.
  const entries = Object.entries(exports).map(([key, path]) => ({
    key,
    source: path.replace(/^\.\//, ""),
  })).sort((a, b) => (a.key === "." ? 1 : 0) - (b.key === "." ? 1 : 0));
  const built: BundledExport[] = [];
  try {
    for (const { key, source } of entries) {
      const web = await build(source, "web", built, outDir, external);
      const result: BundledExport = { key, source, web: outputOf(source, "web") };
      if (web.needsNode) {
        await build(source, "node", built, outDir, external);
        result.node = outputOf(source, "node");
      }
      built.push(result);
    }
  } finally {
    await esbuild.stop();
  }
  return built;
}

async function build(
  source: string,
  variant: "web" | "node",
  built: readonly BundledExport[],
  outDir: string,
  external: string[],
): Promise<{ needsNode: boolean }> {
  const outfile = join(outDir, outputOf(source, variant));
  let needsNode = false;
  const plugin: esbuild.Plugin = {
    name: "npm-exports",
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const path = relative(ROOT, join(args.resolveDir, args.path));
        const other = built.find((entry) => entry.source === path);
        if (other !== undefined && path !== source) {
          const target = variant === "node" && other.node !== undefined ? other.node : other.web;
          if (other.node !== undefined) needsNode = true;
          let specifier = relative(dirname(outfile), join(outDir, target));
          if (!specifier.startsWith(".")) specifier = `./${specifier}`;
          return { path: specifier, external: true };
        }
        const nodeDefault = NODE_DEFAULTS[path];
        if (nodeDefault !== undefined) {
          needsNode = true;
          if (variant === "node") return { path: join(ROOT, nodeDefault) };
        }
        return undefined;
      });
    },
  };
  await esbuild.build({
    ...ESM_BUNDLE,
    entryPoints: [source],
    outfile,
    platform: variant === "node" ? "node" : "neutral",
    external: [...external, "node:*"],
    plugins: [plugin, manifestPlugin],
  });
  return { needsNode };
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
