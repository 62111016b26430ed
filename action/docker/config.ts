/**
 * Docker's client config (`$DOCKER_CONFIG/config.json`, else `~/.docker/config.json`): adding
 * this step's `credHelpers` entries and taking them out again, leaving every other entry as it
 * is. Written as Docker writes it: tab-indented JSON, mode 0600, through a temporary file renamed
 * over the real one (symbolic links followed).
 *
 * @module
 */

import fs from "node:fs";
import nodePath from "node:path";
import process from "node:process";
import { readRegularFile, RefusedReadError } from "../node/bounded_read.ts";
import type { DockerConfigChanges } from "./state.ts";

/**
 * A config left untouched: not a JSON object, not a regular file, past 1 MiB, or a link to
 * nothing.
 */
export class DockerConfigUnreadable extends Error {
  /** Always `"DockerConfigUnreadable"`. */
  override name = "DockerConfigUnreadable";
}

/**
 * The Docker config file Docker's CLI reads: `$DOCKER_CONFIG/config.json`, else
 * `$HOME/.docker/config.json`; `undefined` when neither variable is set.
 *
 * @param env The environment (`DOCKER_CONFIG`, `HOME`).
 * @returns The path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { dockerConfigPath } from "./config.ts";
 *
 * assert.equal(dockerConfigPath({ HOME: "/home/runner" }), "/home/runner/.docker/config.json");
 * assert.equal(dockerConfigPath({ DOCKER_CONFIG: "/cfg", HOME: "/h" }), "/cfg/config.json");
 * assert.equal(dockerConfigPath({}), undefined);
 * ```
 */
export function dockerConfigPath(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const config = env.DOCKER_CONFIG?.trim();
  if (config) return nodePath.join(config, "config.json");
  const home = env.HOME?.trim();
  return home ? nodePath.join(home, ".docker", "config.json") : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The config's real path, its object (`{}` when missing) and whether it existed. */
function readConfig(
  path: string,
): { real: string; config: Record<string, unknown>; exists: boolean } {
  let real = path;
  let text: string;
  try {
    real = fs.realpathSync(path);
    text = readRegularFile(real);
  } catch (error) {
    if (error instanceof RefusedReadError) throw new DockerConfigUnreadable(error.message);
    if ((error as { code?: string }).code !== "ENOENT") throw error;
    // A dangling link: writing would replace the link itself, and post would then remove it.
    if (fs.lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
      throw new DockerConfigUnreadable(
        `${JSON.stringify(path)} is a symbolic link to a file that does not exist`,
      );
    }
    return { real, config: {}, exists: false };
  }
  let config: unknown;
  try {
    config = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new DockerConfigUnreadable(`${JSON.stringify(path)} is not valid JSON`);
  }
  if (!isObject(config)) {
    throw new DockerConfigUnreadable(`${JSON.stringify(path)} is not a JSON object`);
  }
  if (config.credHelpers !== undefined && !isObject(config.credHelpers)) {
    throw new DockerConfigUnreadable(`"credHelpers" in ${JSON.stringify(path)} is not an object`);
  }
  return { real, config, exists: true };
}

/** Writes `config` to `path` through a new 0600 file renamed over it (keeping its mode). */
function writeConfig(path: string, config: Record<string, unknown>): void {
  const mode = fs.existsSync(path) ? fs.statSync(path).mode & 0o777 : 0o600;
  // "wx": a name taken by another writer fails instead of being shared.
  const temporary = `${path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(config, null, "\t")}\n`, { flag: "wx", mode });
  try {
    fs.chmodSync(temporary, mode);
    fs.renameSync(temporary, path);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Points each of `hosts` at `helper` in the config's `credHelpers`, creating the file (0600) and
 * its directory (0700) when missing; every other entry stays as it was.
 *
 * @param path The config file ({@linkcode dockerConfigPath}).
 * @param hosts The registry hosts.
 * @param helper The helper's name (`docker-credential-<helper>` on `PATH`).
 * @returns What changed, for {@linkcode removeCredHelpers}.
 * @throws {DockerConfigUnreadable} When the file is not a JSON object, not a regular file, larger
 * than 1 MiB or a symbolic link to nothing (it is left untouched);
 * the file system's error when it cannot be read or written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { addCredHelpers, removeCredHelpers } from "./config.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "docker-"));
 * const path = join(dir, "config.json");
 * writeFileSync(path, '{"auths":{"ghcr.io":{}},"credHelpers":{"gcr.io":"gcloud"}}');
 * const changes = addCredHelpers(path, ["gcr.io", "us-docker.pkg.dev"], "gcp-oidc-0123");
 * assert.deepEqual(JSON.parse(readFileSync(path, "utf8")).credHelpers, {
 *   "gcr.io": "gcp-oidc-0123",
 *   "us-docker.pkg.dev": "gcp-oidc-0123",
 * });
 * removeCredHelpers(changes);
 * assert.deepEqual(JSON.parse(readFileSync(path, "utf8")), {
 *   auths: { "ghcr.io": {} },
 *   credHelpers: { "gcr.io": "gcloud" },
 * });
 * rmSync(dir, { recursive: true });
 * ```
 */
export function addCredHelpers(
  path: string,
  hosts: readonly string[],
  helper: string,
): DockerConfigChanges {
  const directory = nodePath.dirname(path);
  const createdDirectory = !fs.existsSync(directory);
  const { real, config, exists } = readConfig(path);
  const hadCredHelpers = isObject(config.credHelpers);
  const credHelpers = (hadCredHelpers ? config.credHelpers : {}) as Record<string, unknown>;
  const previous: Record<string, string | null> = {};
  for (const host of hosts) {
    const before = credHelpers[host];
    previous[host] = typeof before === "string" ? before : null;
    credHelpers[host] = helper;
  }
  config.credHelpers = credHelpers;
  if (createdDirectory) fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  writeConfig(real, config);
  return {
    path: real,
    helper,
    previous,
    hadCredHelpers,
    createdFile: !exists,
    createdDirectory,
  };
}

/**
 * Undoes {@linkcode addCredHelpers}: each host still pointing at the helper gets its previous
 * value back (or loses its entry); entries changed since by someone else are left alone; a file
 * (and directory) the step created and that holds nothing else is removed.
 *
 * @param changes What {@linkcode addCredHelpers} returned.
 * @returns The hosts whose entry was restored.
 * @throws {DockerConfigUnreadable} When the file is no longer a JSON object or a regular file of
 * at most 1 MiB (left untouched);
 * the file system's error when it cannot be read or written.
 */
export function removeCredHelpers(changes: DockerConfigChanges): string[] {
  const { config, exists } = readConfig(changes.path);
  if (!exists) return [];
  const credHelpers = (config.credHelpers ?? {}) as Record<string, unknown>;
  const restored: string[] = [];
  for (const [host, before] of Object.entries(changes.previous)) {
    if (credHelpers[host] !== changes.helper) continue;
    if (before === null) delete credHelpers[host];
    else credHelpers[host] = before;
    restored.push(host);
  }
  if (!changes.hadCredHelpers && Object.keys(credHelpers).length === 0) delete config.credHelpers;
  if (changes.createdFile && Object.keys(config).length === 0) {
    fs.unlinkSync(changes.path);
    if (changes.createdDirectory) {
      try {
        fs.rmdirSync(nodePath.dirname(changes.path));
      } catch {
        // Something else lives there now: it stays.
      }
    }
    return restored;
  }
  writeConfig(changes.path, config);
  return restored;
}
