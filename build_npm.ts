/**
 * Builds the npm package into `npm/` (the role dnt plays elsewhere), from the same sources and
 * `deno.json` exports that JSR publishes.
 *
 * 1. `deno publish --dry-run` gates the build: with slow types `deno pack` exits 0 yet silently
 *    drops every `.d.ts`.
 * 2. `deno pack` emits ESM `.js` + `.d.ts`, rewrites `./x.ts` specifiers and turns the import map
 *    into `dependencies`.
 * 3. The manifest gets what `deno pack` does not write (description, repository, engines, the
 *    `./package.json` export, `bin`, ...); the README gets an npm opening (install and imports),
 *    loses its repository-only parts (development, changes) and gets absolute links. The version
 *    is deno.json's, as everywhere: `deno pack` writes it into the manifest and the bundles inline
 *    it from deno.json into the user-agent.
 * 4. Each export's JavaScript is replaced by one ES module file bundled from the sources
 *    (npm_bundle.ts), the `.d.ts` files beside it; an export that sends requests also gets a Node
 *    file with the `node:http(s)` transport, which the `node` condition of `exports` picks (Deno,
 *    Bun and Workers, whose conditions come first, keep `fetch`). The emulator's command is
 *    bundled the same way, whole: its deno.json export (`./emulator/main`, for `deno run`) is no
 *    export of the npm package, where it is `bin`.
 * 5. Every export must have its `.js` and `.d.ts`; no emitted file may use `Deno.*` (the npm
 *    build has no shim, so it would throw under Node); no TypeScript source ships, every relative
 *    import and Markdown link resolves inside the package, and the README keeps none of the
 *    repository's commands.
 * 6. `--verify` installs the tarball into a scratch consumer like a user would, with pinned
 *    TypeScript, undici and got in the same `npm install`; type-checks every export under
 *    `nodenext`, and a consumer that hands `endpoint()` output to `fetch`, undici and got with no
 *    cast under `nodenext` and `bundler` (strict); imports every export and `./package.json` under
 *    Node 20 and, when it can be installed, Node 24, checks the user-agent's version, and runs the
 *    cross-runtime behaviour checks of `tests/runtime/` there.
 *
 * Usage: `deno run -A build_npm.ts [--verify] [--no-check]`.
 * `--no-check` skips the type-check of the publish dry run (not its slow-types check), for a caller
 * that has run `deno check` on the same files (as `.ci/run` does).
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PACKAGE_NAME } from "./endpoint/_package.ts";
import { type BundledExport, bundleExports, bundleProgram } from "./npm_bundle.ts";
import { node24, required, RUNTIMES_REQUIRED } from "./tools/runtimes.ts";
import tools from "./tools.json" with { type: "json" };

const OUT = "npm";
/** The configuration `deno pack` reads, written for the pack and removed after it. */
const PACK_CONFIG = "deno.pack.json";
const DENO = Deno.execPath();
/** typescript@7 is the Go port with no JS compiler API; consumers still mostly run 5.x. */
const TS_VERSION = tools.typescript;
const TYPES_NODE_VERSION = tools.typesNode;
/** The HTTP clients of the consumer check, at the newest versions that still support Node 20. */
const UNDICI_VERSION = tools.undici;
const GOT_VERSION = tools.got;
const REPOSITORY = "https://github.com/gcp-oidc/auth";

/**
 * The executables the package installs (`npx`, `npm i -g`): command name -> file in the package.
 * Each file must exist in the package (checked by {@linkcode assertComplete}).
 */
const BIN: Record<string, string> = { "gcp-oidc-emulator": "./emulator/main.js" };
/** The source each command is bundled from. */
const SOURCE_OF_BIN: Record<string, string> = { "gcp-oidc-emulator": "emulator/main.ts" };

/**
 * deno.json's exports without the programs of {@linkcode SOURCE_OF_BIN}: a program is an export
 * on JSR (for `deno run`) and a command in the npm package, never a module to import there.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { moduleExports } from "./build_npm.ts";
 *
 * assert.deepEqual(
 *   moduleExports({ "./emulator": "./emulator/mod.ts", "./emulator/main": "./emulator/main.ts" }),
 *   { "./emulator": "./emulator/mod.ts" },
 * );
 * ```
 */
export function moduleExports(exports: Record<string, string>): Record<string, string> {
  const programs = new Set(Object.values(SOURCE_OF_BIN).map((source) => `./${source}`));
  return Object.fromEntries(Object.entries(exports).filter(([, path]) => !programs.has(path)));
}

interface ExportEntry {
  types: string;
  import?: string;
  node?: string;
  default: string;
  [condition: string]: string | undefined;
}

/** The npm manifest fields the build reads and writes. */
export interface PackageJson {
  name: string;
  version: string;
  exports: Record<string, ExportEntry | string>;
  bin?: Record<string, string>;
  [field: string]: unknown;
}

function sh(cmd: string, args: string[], cwd?: string): void {
  execFileSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"], cwd });
}

function pack(check: boolean): PackageJson {
  sh(DENO, ["publish", "--dry-run", "--allow-dirty", "--quiet", ...(check ? [] : ["--no-check"])]);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT);
  const tarball = join(OUT, "pkg.tgz");
  // deno pack turns the import map's npm packages into `dependencies` only when Deno manages
  // node_modules/ ("auto"); deno.json says "manual", so that `deno task` installs nothing by itself
  // (docs/testing.md). The copy beside it finds the same files and lockfile.
  const denoJson = JSON.parse(readFileSync("deno.json", "utf8"));
  writeFileSync(PACK_CONFIG, JSON.stringify({ ...denoJson, nodeModulesDir: "auto" }));
  try {
    sh(DENO, [
      "pack",
      "--config",
      PACK_CONFIG,
      "--quiet",
      "--allow-dirty",
      "--no-source-maps",
      "-o",
      tarball,
    ]);
  } finally {
    rmSync(PACK_CONFIG, { force: true });
  }
  sh("tar", ["-xzf", tarball, "-C", OUT, "--strip-components=1"]);
  rmSync(tarball);
  return JSON.parse(readFileSync(join(OUT, "package.json"), "utf8"));
}

/**
 * The manifest `deno pack` wrote, completed with what npm users and tools look for.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { npmManifest } from "./build_npm.ts";
 *
 * const manifest = npmManifest({ name: "@gcp-oidc/auth", version: "0.2.0", exports: {} });
 * assert.equal(manifest.exports["./package.json"], "./package.json");
 * ```
 */
export function npmManifest(pkg: PackageJson): PackageJson {
  return {
    ...pkg,
    exports: { ...pkg.exports, "./package.json": "./package.json" },
    ...(Object.keys(BIN).length > 0 ? { bin: BIN } : {}),
    description:
      "Google Cloud credentials from GitHub Actions OIDC (Workload Identity Federation, service account impersonation, keys, domain-wide delegation) over fetch and Web Crypto, an octokit-compatible RFC 6570 request builder, and a loopback emulator of GitHub OIDC and Google STS / IAM Credentials / OAuth2",
    keywords: [
      "google-cloud",
      "workload-identity-federation",
      "github-actions",
      "oidc",
      "sts",
      "iam-credentials",
      "octokit",
      "endpoint",
      "rfc6570",
      "uri-template",
      "deno",
    ],
    homepage: `${REPOSITORY}#readme`,
    bugs: { url: `${REPOSITORY}/issues` },
    repository: { type: "git", url: `git+${REPOSITORY}.git` },
    engines: { node: ">=20.19" },
    sideEffects: false,
  };
}

const NPM_OPENING = /<!-- repository-only -->[\s\S]*?<!-- \/repository-only -->\n/;
/** Every other repository-only part (how to use a clone before a release): npm users skip it. */
const REPOSITORY_ONLY = /\n?<!-- repository-only -->[\s\S]*?<!-- \/repository-only -->\n/g;
const RELATIVE_LINK = /\]\((?![a-z][a-z0-9+.-]*:|#|\/)([^)\s]+)\)/gi;

/**
 * The README as npm shows it: its repository-only opening (run the step, run the tests) becomes
 * install and import lines, its other repository-only parts go, and links into the repository
 * (`docs/`, `examples/`) become absolute.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { npmReadme } from "./build_npm.ts";
 *
 * const clone = "\n<!-- repository-only -->\nfrom a clone\n<!-- /repository-only -->\n";
 * const readme = "# x\n\n<!-- repository-only -->\nrun it\n<!-- /repository-only -->\n[d](docs/a.md)\n" +
 *   clone;
 * const npm = npmReadme(readme, "@gcp-oidc/auth");
 * assert.match(npm, /npm install @gcp-oidc\/auth/);
 * assert.doesNotMatch(npm, /from a clone/);
 * assert.match(npm, /\(https:\/\/github\.com\/gcp-oidc\/auth\/blob\/HEAD\/docs\/a\.md\)/);
 * ```
 *
 * @throws {Error} When the README has no repository-only opening.
 */
export function npmReadme(readme: string, name: string): string {
  if (!NPM_OPENING.test(readme)) {
    throw new Error(
      "Cannot write the npm README: README.md has no <!-- repository-only --> ... <!-- /repository-only --> opening",
    );
  }
  const opening = [
    "```sh",
    `npm install ${name}`,
    "```",
    "",
    "```ts",
    `import { endpoint } from "${name}/endpoint"; // REST request options for any HTTP client`,
    `import { authenticate } from "${name}/auth"; // Google Cloud credentials from OIDC or a key`,
    `import { startEmulator } from "${name}/emulator"; // GitHub OIDC and Google on loopback, for tests`,
    "```",
    "",
    `Node ≥ 20.19, Bun, Deno, browsers and workers (\`endpoint\` uses Web APIs only, \`auth\` Web`,
    `APIs and jose). To work on the package itself, see [Development](${REPOSITORY}#development).`,
    "",
  ].join("\n");
  return readme.replace(NPM_OPENING, () => opening).replace(REPOSITORY_ONLY, "")
    .replace(RELATIVE_LINK, (_, path: string) => `](${REPOSITORY}/blob/HEAD/${path})`);
}

/**
 * The `exports` entry of a bundled export: its types, the Node file under `node` after the
 * conditions of the runtimes that keep `fetch` (Deno and Bun also match `node`), the Web file
 * otherwise.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportEntry } from "./build_npm.ts";
 *
 * const entry = exportEntry("./auth/mod.d.ts", {
 *   key: "./auth",
 *   source: "auth/mod.ts",
 *   web: "auth/mod.js",
 *   node: "auth/mod.node.js",
 * });
 * assert.deepEqual(Object.keys(entry), ["types", "deno", "bun", "workerd", "worker", "browser", "node", "default"]);
 * assert.equal(entry.node, "./auth/mod.node.js");
 * ```
 */
export function exportEntry(types: string, bundled: BundledExport): ExportEntry {
  const web = `./${bundled.web}`;
  return {
    types,
    deno: web,
    bun: web,
    workerd: web,
    worker: web,
    browser: web,
    node: `./${bundled.node}`,
    default: web,
  };
}

async function completePackage(
  pkg: PackageJson,
  exports: Record<string, string>,
): Promise<PackageJson> {
  const external = Object.keys((pkg.dependencies ?? {}) as Record<string, string>);
  // What deno pack emitted for a program (its types) goes too: a program ships as its bundle.
  const programs = Object.values(SOURCE_OF_BIN).map((source) => source.replace(/\.ts$/, "."));
  for (const file of readdirSync(OUT, { recursive: true, encoding: "utf8" })) {
    const program = programs.some((prefix) => file.startsWith(prefix));
    if (file.endsWith(".js") || program) rmSync(join(OUT, file));
  }
  const bundled = await bundleExports(exports, OUT, external);
  for (const [command, file] of Object.entries(BIN)) {
    await bundleProgram(SOURCE_OF_BIN[command]!, join(OUT, file), external);
  }
  const entries = Object.fromEntries(
    Object.keys(exports).map((key) => {
      const entry = bundled.find((bundle) => bundle.key === key)!;
      return [key, exportEntry((pkg.exports[key] as ExportEntry).types, entry)];
    }),
  );
  const complete = npmManifest({ ...pkg, exports: entries });
  writeFileSync(join(OUT, "package.json"), JSON.stringify(complete, null, 2) + "\n");
  const readme = join(OUT, "README.md");
  writeFileSync(readme, npmReadme(readFileSync(readme, "utf8"), pkg.name));
  return complete;
}

const TYPESCRIPT_SOURCE = /(?<!\.d)\.[cm]?tsx?$/;
/**
 * A static import or re-export, from the start of its statement (so that a string ending in "from"
 * before another string is not one), or a dynamic `import("...")`.
 */
const IMPORT =
  /^\s*(?:import\s*(?:[^;"'`]*?\bfrom\s*)?|export\s*[^;"'`]*?\bfrom\s*)["']([^"'\n]+)["']|\bimport\(\s*["']([^"'\n]+)["']\s*\)/gm;
const COMMENT = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/**
 * What in the package at `dir` points at nothing in it, or is not meant for its users: a
 * TypeScript source, an import of a missing file or of a package its manifest does not depend on
 * (in `.js` and `.d.ts` files, comments aside), a Markdown link to a missing file, a README that
 * names the repository's commands. Empty when the package is whole.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { packageProblems } from "./build_npm.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "pkg-"));
 * const missing = "./cli.js"; // a file the package lacks
 * writeFileSync(join(dir, "main.js"), `import "${missing}";\nimport "node:fs";\n`);
 * writeFileSync(join(dir, "README.md"), "# x\n");
 * writeFileSync(join(dir, "package.json"), "{}");
 * assert.deepEqual(packageProblems(dir), ['"main.js" imports "./cli.js", which is not in the package']);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function packageProblems(dir: string): string[] {
  const problems: string[] = [];
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => !file.startsWith("node_modules"));
  const has = (from: string, target: string) => existsSync(join(dir, dirname(from), target));
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  for (const file of files) {
    if (TYPESCRIPT_SOURCE.test(file)) {
      problems.push(`"${file}" is TypeScript source: the package ships JavaScript and .d.ts`);
    } else if (/\.(m?js|d\.ts)$/.test(file)) {
      const code = readFileSync(join(dir, file), "utf8").replace(COMMENT, "");
      for (const [, staticTarget, dynamicTarget] of code.matchAll(IMPORT)) {
        const target = staticTarget ?? dynamicTarget;
        if (target!.startsWith(".")) {
          // A .d.ts names the .js file its types stand for.
          const found = has(file, target!) || has(file, target!.replace(/\.js$/, ".d.ts"));
          if (!found) problems.push(`"${file}" imports "${target}", which is not in the package`);
        } else if (!target!.startsWith("node:")) {
          const name = target!.split("/").slice(0, target!.startsWith("@") ? 2 : 1).join("/");
          if (!dependencies.has(name)) {
            problems.push(`"${file}" imports "${target}", which package.json does not depend on`);
          }
        }
      }
    } else if (file.endsWith(".md")) {
      for (const [, link] of readFileSync(join(dir, file), "utf8").matchAll(MARKDOWN_LINK)) {
        if (/^([a-z][a-z0-9+.-]*:|#)/i.test(link!)) continue;
        if (!has(file, link!.replace(/#.*$/, ""))) {
          problems.push(`"${file}" links to "${link}", which is not in the package`);
        }
      }
    }
  }
  const readme = readFileSync(join(dir, "README.md"), "utf8");
  for (const command of readme.match(/\b(?:deno task [\w:-]+|npx -y deno@[\w.]+)/g) ?? []) {
    problems.push(`README.md names the repository's command "${command}"`);
  }
  return problems;
}

async function assertComplete(pkg: PackageJson): Promise<void> {
  const problems = packageProblems(OUT);
  if (problems.length > 0) {
    throw new Error(`Cannot build the npm package:\n${problems.join("\n")}`);
  }
  for (const [name, entry] of Object.entries(pkg.exports)) {
    const files = typeof entry === "string"
      ? [entry]
      : [entry.types, entry.default, ...(entry.node ? [entry.node] : [])];
    for (const file of files) {
      if (!existsSync(join(OUT, file))) {
        throw new Error(`Cannot build the npm package: export "${name}" has no "${file}"`);
      }
    }
  }
  for (const [command, file] of Object.entries(pkg.bin ?? {})) {
    if (!existsSync(join(OUT, file))) {
      throw new Error(`Cannot build the npm package: bin "${command}" has no "${file}"`);
    }
    const help = execFileSync("node", [join(OUT, file), "--help"], { encoding: "utf8" });
    if (!help.includes(command)) {
      throw new Error(`Cannot build the npm package: bin "${command}" --help does not name it`);
    }
  }
  const { endpoint } = await import(pathToFileURL(resolve(OUT, "endpoint", "mod.js")).href);
  const USER_AGENT = endpoint.DEFAULTS.headers["user-agent"];
  if (!String(USER_AGENT).startsWith(`${PACKAGE_NAME}/${pkg.version} `)) {
    throw new Error(
      `Cannot build the npm package: its user-agent "${USER_AGENT}" does not name ${pkg.version}`,
    );
  }
  for (const file of readdirSync(OUT, { recursive: true, encoding: "utf8" })) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    if (/\bDeno\./.test(readFileSync(join(OUT, file), "utf8"))) {
      throw new Error(
        `Cannot build the npm package: "${file}" uses the Deno namespace, which Node does not have`,
      );
    }
  }
}

/** The import specifiers of the package's module exports (not `./package.json`). */
function specifiers(pkg: PackageJson): string[] {
  return Object.entries(pkg.exports).filter(([, entry]) => typeof entry !== "string")
    .map(([key]) => key === "." ? pkg.name : `${pkg.name}/${key.slice(2)}`);
}

/** Hands `endpoint()` output to `fetch`, undici and got as a user would: no cast anywhere. */
function httpConsumer(name: string): string {
  return `import { endpoint } from "${name}/endpoint";
import { fetch as undiciFetch, request } from "undici";
import got from "got";

const { method, url, headers, body } = endpoint("POST /repos/{owner}/{repo}/issues", {
  owner: "o",
  repo: "r",
  title: "t",
  headers: { "x-attempt": 1 },
});
const json = JSON.stringify(body);
export const clients = [
  () => fetch(url, { method, headers, body: json }),
  () => new Request(url, { method, headers }),
  () => undiciFetch(url, { method, headers, body: json }),
  () => request(url, { method, headers, body: json }),
  () => got(url, { method, headers, body: json }),
];
`;
}

/** Under Node: `./package.json` resolves and the user-agent names the package's version. */
function versionCheck(name: string, version: string): string {
  return `const { default: manifest } = await import("${name}/package.json", { with: { type: "json" } });
const { endpoint } = await import("${name}/endpoint");
const userAgent = endpoint.DEFAULTS.headers["user-agent"];
if (manifest.version !== ${
    JSON.stringify(version)
  } || !userAgent.startsWith("${PACKAGE_NAME}/" + manifest.version + " ")) {
  throw new Error("package.json says " + manifest.version + ", the user-agent says " + userAgent);
}`;
}

/**
 * A script that fails when importing the package's credentials entry under Node loads Node's
 * process, network or stream modules: they cost every process that imports the package about 10
 * ms (docs/measurements.md), so they load on first use.
 */
function startUpCheck(name: string): string {
  return `const before = new Set(process.moduleLoadList);
await import("${name}/auth");
const heavy = process.moduleLoadList.filter((module) => !before.has(module))
  .filter((module) => /^NativeModule (child_process|net|http|https|stream|fs\\/promises)$/.test(module));
if (heavy.length > 0) throw new Error("importing ${name}/auth loads " + heavy.join(", "));`;
}

/** Installs the packed tarball into a scratch consumer and proves it works there. */
function verify(pkg: PackageJson, nodes: string[]): void {
  const dir = mkdtempSync(join(tmpdir(), "gcp-oidc-consumer-"));
  try {
    sh("npm", ["pack", "--silent", "--pack-destination", dir], OUT);
    const tarball = readdirSync(dir).find((file) => file.endsWith(".tgz"));
    if (!tarball) throw new Error("Cannot verify the npm package: npm pack wrote no tarball");
    writeFileSync(join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
    sh("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      "--loglevel=error",
      `./${tarball}`,
      `typescript@${TS_VERSION}`,
      `@types/node@${TYPES_NODE_VERSION}`,
      `undici@${UNDICI_VERSION}`,
      `got@${GOT_VERSION}`,
    ], dir);

    // Types: a Node consumer under nodenext; every face also without any Node types (the
    // emulator's too: its types need no Symbol.asyncDispose); and endpoint() output handed to
    // fetch, undici and got, under nodenext and bundler.
    const names = specifiers(pkg);
    const source = names.map((name, i) => `import * as m${i} from "${name}";\nvoid m${i};`);
    writeFileSync(join(dir, "consumer.ts"), `${source.join("\n")}\n`);
    writeFileSync(join(dir, "http_consumer.ts"), httpConsumer(pkg.name));
    const nodenext = { module: "nodenext", moduleResolution: "nodenext" };
    const bundler = { module: "preserve", moduleResolution: "bundler" };
    // The package's own declarations are checked in full by the node and web projects; the HTTP
    // consumer projects skip library checks (got's dependencies would triple tsc's time), which
    // still checks every use of the clients' and the package's types in http_consumer.ts. No
    // project checks TypeScript's own lib files (lib.dom.d.ts and the rest): about a third of tsc's
    // CPU time, and nothing of this package's.
    const projects: Record<string, { resolution: object; file: string; types: string[] }> = {
      node: { resolution: nodenext, file: "consumer.ts", types: ["node"] },
      web: { resolution: nodenext, file: "consumer.ts", types: [] },
      "http-nodenext": { resolution: nodenext, file: "http_consumer.ts", types: ["node"] },
      "http-bundler": { resolution: bundler, file: "http_consumer.ts", types: ["node"] },
    };
    for (const [project, { resolution, file, types }] of Object.entries(projects)) {
      const compilerOptions = {
        target: "es2022",
        ...resolution,
        strict: true,
        noEmit: true,
        skipLibCheck: project.startsWith("http-"),
        skipDefaultLibCheck: true,
        lib: ["es2022", "dom"],
        types,
      };
      writeFileSync(
        join(dir, `tsconfig.${project}.json`),
        JSON.stringify({ compilerOptions, files: [file] }),
      );
    }
    // One tsc process for all four (build mode shares the parsed library files).
    const tsc = resolve(dir, "node_modules/.bin/tsc");
    sh(tsc, ["-b", ...Object.keys(projects).map((project) => `tsconfig.${project}.json`)], dir);

    // Behaviour: every export and ./package.json import, the user-agent names the version, and
    // the cross-runtime checks pass, in each Node.
    const checks = resolve("tests/runtime/run_checks.mjs");
    // The checks start emulators: they take keys from the test key set, as the test task's do,
    // rather than generating RSA keys in each process.
    if (!Deno.env.has("GCP_OIDC_EMULATOR_KEYS")) {
      Deno.env.set("GCP_OIDC_EMULATOR_KEYS", resolve("tests/emulator_keys.json"));
    }
    const imports = names.map((name) => `await import(${JSON.stringify(name)});`).join("\n");
    for (const node of nodes) {
      const script = `${imports}\n${versionCheck(pkg.name, pkg.version)}`;
      sh(node, ["--input-type=module", "-e", startUpCheck(pkg.name)], dir);
      sh(node, ["--input-type=module", "-e", script], dir);
      sh(node, [checks, join(dir, "node_modules", pkg.name), "exports"], dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const config = JSON.parse(readFileSync("deno.json", "utf8"));
  const packed = pack(!Deno.args.includes("--no-check"));
  const pkg = await completePackage(packed, moduleExports(config.exports));
  await assertComplete(pkg);
  console.log(`npm/: ${pkg.name}@${pkg.version} (${Object.keys(pkg.exports).length} exports)`);
  if (Deno.args.includes("--verify")) {
    const nodes = ["node"];
    const runner = await node24();
    if (runner || RUNTIMES_REQUIRED) nodes.push(required(runner, "Node 24").path);
    else console.warn("Node 24 could not be installed from npm; verifying with Node 20 only");
    verify(pkg, nodes);
    console.log(
      `npm/: verified (tsc ${TS_VERSION} nodenext and bundler, fetch/undici/got consumer; ${nodes.length} Node versions)`,
    );
  }
}
