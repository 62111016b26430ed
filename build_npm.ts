/**
 * Builds the npm package into `npm/` (the role dnt plays elsewhere), from the same sources and
 * `deno.json` exports that JSR publishes.
 *
 * 1. `deno publish --dry-run` gates the build: with slow types `deno pack` exits 0 yet silently
 *    drops every `.d.ts`.
 * 2. `deno pack` emits ESM `.js` + `.d.ts`, rewrites `./x.ts` specifiers and turns the import map
 *    into `dependencies`.
 * 3. The manifest gets what `deno pack` does not write (description, repository, engines, ...).
 * 4. Every export must have its `.js` and `.d.ts`, and no emitted file may use `Deno.*` (the npm
 *    build has no shim, so it would throw under Node).
 * 5. `--verify` installs the tarball into a scratch consumer like a user would, type-checks it with
 *    a pinned TypeScript 5.x under `nodenext`, imports every export under Node 20 and, when it can
 *    be installed, Node 24, and runs the cross-runtime behaviour checks of `tests/runtime/` there.
 *
 * Usage: `deno run -A build_npm.ts [--verify]`. `NPM_VERSION` overrides the version.
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
import { join, resolve } from "node:path";
import { node24, required, RUNTIMES_REQUIRED } from "./tests/_helpers/runtimes.ts";
import tools from "./tools.json" with { type: "json" };

const OUT = "npm";
const DENO = Deno.execPath();
/** typescript@7 is the Go port with no JS compiler API; consumers still mostly run 5.x. */
const TS_VERSION = tools.typescript;
const TYPES_NODE_VERSION = tools.typesNode;

interface ExportEntry {
  types: string;
  import: string;
  default: string;
}

interface PackageJson {
  name: string;
  version: string;
  exports: Record<string, ExportEntry>;
  [field: string]: unknown;
}

function sh(cmd: string, args: string[], cwd?: string): void {
  execFileSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"], cwd });
}

function pack(version: string): PackageJson {
  sh(DENO, ["publish", "--dry-run", "--allow-dirty", "--quiet"]);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT);
  const tarball = join(OUT, "pkg.tgz");
  sh(DENO, [
    "pack",
    "--quiet",
    "--allow-dirty",
    "--no-source-maps",
    "--set-version",
    version,
    "-o",
    tarball,
  ]);
  sh("tar", ["-xzf", tarball, "-C", OUT, "--strip-components=1"]);
  rmSync(tarball);
  return JSON.parse(readFileSync(join(OUT, "package.json"), "utf8"));
}

function completeManifest(pkg: PackageJson): PackageJson {
  const complete: PackageJson = {
    ...pkg,
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
    homepage: "https://github.com/gcp-oidc/auth#readme",
    bugs: { url: "https://github.com/gcp-oidc/auth/issues" },
    repository: { type: "git", url: "git+https://github.com/gcp-oidc/auth.git" },
    engines: { node: ">=20.19" },
    sideEffects: false,
  };
  writeFileSync(join(OUT, "package.json"), JSON.stringify(complete, null, 2) + "\n");
  return complete;
}

function assertComplete(pkg: PackageJson): void {
  for (const [name, entry] of Object.entries(pkg.exports)) {
    for (const file of [entry.types, entry.import]) {
      if (!existsSync(join(OUT, file))) {
        throw new Error(`Cannot build the npm package: export "${name}" has no "${file}"`);
      }
    }
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

function specifiers(pkg: PackageJson): string[] {
  return Object.keys(pkg.exports).map((key) =>
    key === "." ? pkg.name : `${pkg.name}/${key.slice(2)}`
  );
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
    ], dir);

    // Types: a Node consumer under nodenext; the Web-only faces also without any Node types.
    const names = specifiers(pkg);
    const web = names.filter((name) => !name.endsWith("/emulator"));
    const source = (list: string[]) =>
      list.map((name, i) => `import * as m${i} from "${name}";\nvoid m${i};`).join("\n") + "\n";
    writeFileSync(join(dir, "node_consumer.ts"), source(names));
    writeFileSync(join(dir, "web_consumer.ts"), source(web));
    const tsconfig = (file: string, types: string[]) =>
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          lib: ["es2022", "dom"],
          types,
        },
        files: [file],
      });
    writeFileSync(join(dir, "tsconfig.node.json"), tsconfig("node_consumer.ts", ["node"]));
    writeFileSync(join(dir, "tsconfig.web.json"), tsconfig("web_consumer.ts", []));
    const tsc = resolve(dir, "node_modules/.bin/tsc");
    sh(tsc, ["-p", "tsconfig.node.json"], dir);
    sh(tsc, ["-p", "tsconfig.web.json"], dir);

    // Behaviour: every export imports, and the cross-runtime checks pass, in each Node.
    const checks = resolve("tests/runtime/run_checks.mjs");
    for (const node of nodes) {
      for (const name of names) {
        sh(node, ["--input-type=module", "-e", `await import(${JSON.stringify(name)})`], dir);
      }
      sh(node, [checks, join(dir, "node_modules", pkg.name), "js"], dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const config = JSON.parse(readFileSync("deno.json", "utf8"));
  const version: string = Deno.env.get("NPM_VERSION") ?? config.version;
  const pkg = completeManifest(pack(version));
  assertComplete(pkg);
  console.log(`npm/: ${pkg.name}@${pkg.version} (${Object.keys(pkg.exports).length} exports)`);
  if (Deno.args.includes("--verify")) {
    const nodes = ["node"];
    const runner = await node24();
    if (runner || RUNTIMES_REQUIRED) nodes.push(required(runner, "Node 24").path);
    else console.warn("Node 24 could not be installed from npm; verifying with Node 20 only");
    verify(pkg, nodes);
    console.log(`npm/: verified (tsc ${TS_VERSION} nodenext; ${nodes.length} Node versions)`);
  }
}
