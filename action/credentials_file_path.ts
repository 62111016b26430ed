/**
 * {@linkcode checkCredentialsFilePath}: where the `credentials_file_path` input puts the
 * credentials file, checked before anything is sent or written.
 *
 * @module
 */

import fs from "node:fs";
import nodePath from "node:path";
import { quote } from "../auth/_step.ts";
import { ActionInputError } from "./errors.ts";

/** The directories the runner provides, under which a symbolic link is the runner's own. */
export interface RunnerRoots {
  /** `$GITHUB_WORKSPACE`. */
  workspace?: string;
  /** `$RUNNER_TEMP`. */
  runnerTemp?: string;
}

const HINT =
  'Set "credentials_file_path" to a new file in a writable directory, such as ${{ runner.temp }}/gcp/credentials.json';

function refuseWith(value: string, problem: string): never {
  throw new ActionInputError(
    "credentials_file_path",
    `Invalid input "credentials_file_path": ${quote(value)} ${problem}`,
    { hint: HINT },
  );
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : String(error);
}

/** The deepest ancestor of `path` (itself excluded) that exists. */
function deepestExisting(path: string): string {
  for (let dir = nodePath.dirname(path);; dir = nodePath.dirname(dir)) {
    try {
      fs.lstatSync(dir);
      return dir;
    } catch (error) {
      // ENOTDIR: a component is a file; the check below names it.
      const missing = codeOf(error) === "ENOENT" || codeOf(error) === "ENOTDIR";
      if (!missing || nodePath.dirname(dir) === dir) return dir;
    }
  }
}

/**
 * The real path `dir` must have when none of its components is a symbolic link, except those of
 * a runner root it lies in (on macOS `$RUNNER_TEMP` can itself lie under a link such as `/var`).
 */
function expectedRealPath(dir: string, roots: RunnerRoots): string {
  for (const root of [roots.workspace, roots.runnerTemp]) {
    if (root === undefined || !nodePath.isAbsolute(root)) continue;
    const base = nodePath.resolve(root);
    if (dir !== base && !dir.startsWith(base + nodePath.sep)) continue;
    try {
      return fs.realpathSync(base) + dir.slice(base.length);
    } catch {
      // A root that cannot be resolved vouches for nothing.
    }
  }
  return dir;
}

/**
 * Resolves and checks the `credentials_file_path` input: an absolute path, or one relative to
 * `$GITHUB_WORKSPACE`, of a file that does not exist yet, whose existing directories are real
 * directories (no symbolic link below the workspace or `$RUNNER_TEMP`, none at all elsewhere) and
 * writable. Missing directories are created later, with mode 0700. Nothing is written here.
 *
 * @param value The input's value (not empty).
 * @param roots `$GITHUB_WORKSPACE` and `$RUNNER_TEMP`.
 * @returns The absolute, normalised path.
 * @throws {ActionInputError} Naming `credentials_file_path`: relative without a workspace, a
 * directory, an existing file, a symbolic link on the way, a parent that is a file, a directory
 * that is not writable.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { checkCredentialsFilePath } from "./credentials_file_path.ts";
 *
 * const workspace = mkdtempSync(join(tmpdir(), "ws-"));
 * assert.equal(
 *   checkCredentialsFilePath("out/creds.json", { workspace }),
 *   join(workspace, "out", "creds.json"),
 * );
 * writeFileSync(join(workspace, "taken.json"), "{}");
 * assert.throws(
 *   () => checkCredentialsFilePath("taken.json", { workspace }),
 *   /"credentials_file_path".*already exists/,
 * );
 * rmSync(workspace, { recursive: true });
 * ```
 */
export function checkCredentialsFilePath(value: string, roots: RunnerRoots): string {
  if (/[/\\]$/.test(value)) refuseWith(value, "is a directory (it ends with a separator)");
  if (!nodePath.isAbsolute(value) && roots.workspace === undefined) {
    refuseWith(value, "is relative and $GITHUB_WORKSPACE is not set; give an absolute path");
  }
  const path = nodePath.resolve(roots.workspace ?? "/", value);
  let stats: fs.Stats | undefined;
  try {
    stats = fs.lstatSync(path);
  } catch (error) {
    const code = codeOf(error);
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      refuseWith(value, `cannot be checked (${codeOf(error)})`);
    }
  }
  if (stats?.isSymbolicLink()) refuseWith(value, "is a symbolic link");
  if (stats?.isDirectory()) refuseWith(value, "is a directory");
  if (stats !== undefined) {
    refuseWith(value, "already exists; the step creates a new file and never overwrites one");
  }
  const dir = deepestExisting(path);
  let real: string;
  try {
    real = fs.realpathSync(dir);
    if (!fs.statSync(real).isDirectory()) refuseWith(value, `has a parent that is not a directory`);
    fs.accessSync(real, fs.constants.W_OK);
  } catch (error) {
    if (error instanceof ActionInputError) throw error;
    return refuseWith(
      value,
      `is in ${JSON.stringify(dir)}, which is not writable (${codeOf(error)})`,
    );
  }
  if (real !== expectedRealPath(dir, roots)) {
    refuseWith(
      value,
      `points through a symbolic link (${JSON.stringify(dir)} is ${JSON.stringify(real)})`,
    );
  }
  return path;
}
