/**
 * {@linkcode checkCredentialsFilePath}: where the `credentials_file_path` input puts the
 * credentials file, checked before anything is sent or written; and
 * {@linkcode makeCredentialsDirectories}, the same checks again, directory by directory, as the
 * missing directories are made when the file is written.
 *
 * @module
 */

import fs from "node:fs";
import nodePath from "node:path";
import process from "node:process";
import { quote } from "../auth/_step.ts";
import { ActionInputError } from "./errors.ts";

/** The directories the runner provides, under which a symbolic link is the runner's own. */
export interface RunnerRoots {
  /** `$GITHUB_WORKSPACE`. */
  workspace?: string;
  /** `$RUNNER_TEMP`. */
  runnerTemp?: string;
  /**
   * The user the step runs as; default `process.getuid()`. Without one (Windows, where modes and
   * owners mean nothing to Node) directories are checked for links only.
   */
  uid?: number;
}

const HINT =
  'Set "credentials_file_path" to a new file in a directory of your own, such as ${{ runner.temp }}/gcp/credentials.json';

/** Anyone may write (`S_IWOTH`) and nothing keeps them from renaming others' files (`S_ISVTX`). */
const OTHERS_WRITE = 0o002;
const STICKY = 0o1000;

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

/** `lstat` of `path`, `undefined` when nothing is there. */
function lstatIfAny(path: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(path);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Where the walk down to `dir` starts: the real path of the deepest runner root holding it (the
 * runner's own links, such as macOS's `/var`, resolved; the root itself is the runner's), or the
 * file system's root, itself checked; and the names of the directories below it.
 */
function startOf(dir: string, roots: RunnerRoots) {
  const candidates = [roots.workspace, roots.runnerTemp]
    .filter((root): root is string => root !== undefined && nodePath.isAbsolute(root))
    .map((root) => nodePath.resolve(root))
    .filter((root) => dir === root || dir.startsWith(root + nodePath.sep))
    .sort((a, b) => b.length - a.length);
  for (const root of candidates) {
    try {
      return { base: fs.realpathSync(root), below: dir.slice(root.length), trusted: true };
    } catch {
      // A root that cannot be resolved vouches for nothing.
    }
  }
  const top = nodePath.parse(dir).root;
  return { base: top, below: dir.slice(top.length), trusted: false };
}

/**
 * Why the directory `path` (its `lstat`) cannot hold the file: a link, not a directory, owned
 * by another user than `uid` and root (who can always rename what it holds), or writable by
 * others without the sticky bit (who can then rename the file away and put theirs in its place).
 */
function directoryProblem(path: string, stats: fs.Stats, uid: number | undefined) {
  const where = JSON.stringify(path);
  if (stats.isSymbolicLink()) return `points through a symbolic link at ${where}`;
  if (!stats.isDirectory()) return `has a parent that is not a directory (${where})`;
  if (uid === undefined) return undefined;
  if (stats.uid !== uid && stats.uid !== 0) {
    return `lies under ${where}, which another user (uid ${stats.uid}) owns and can rename the file in`;
  }
  if ((stats.mode & OTHERS_WRITE) !== 0 && (stats.mode & STICKY) === 0) {
    const mode = (stats.mode & 0o7777).toString(8).padStart(4, "0");
    return `lies under ${where}, which every user can write (mode ${mode}, no sticky bit), so anyone can replace the file`;
  }
  return undefined;
}

/**
 * Walks the directories of `path` from the top, one component at a time with `lstat` (never
 * following a link), and says what is wrong with the first bad one (see
 * {@linkcode directoryProblem}). Missing directories end the walk, or with `create` are made
 * one by one (mode 0700, never through a link: `mkdir` does not follow one at its last component)
 * and checked like the rest. Every directory checked is then out of other users' reach, so
 * nothing they do after the walk can redirect the file.
 *
 * @returns The problem, or `undefined` and the deepest directory that exists.
 */
function walkDirectories(
  path: string,
  roots: RunnerRoots,
  create: boolean,
): { problem?: string; deepest: string } {
  const uid = roots.uid ?? process.getuid?.();
  const { base, below, trusted } = startOf(nodePath.dirname(path), roots);
  let current = base;
  if (!trusted) {
    const problem = directoryProblem(current, fs.lstatSync(current), uid);
    if (problem !== undefined) return { problem, deepest: current };
  }
  for (const name of below.split(nodePath.sep).filter((part) => part !== "")) {
    const next = nodePath.join(current, name);
    let stats = lstatIfAny(next);
    if (stats === undefined) {
      if (!create) break;
      try {
        fs.mkdirSync(next, { mode: 0o700 });
      } catch (error) {
        if (codeOf(error) !== "EEXIST") throw error;
      }
      stats = fs.lstatSync(next);
    }
    const problem = directoryProblem(next, stats, uid);
    if (problem !== undefined) return { problem, deepest: next };
    current = next;
  }
  return { deepest: current };
}

/**
 * Creates the missing directories of the `credentials_file_path` file (mode 0700), checking every
 * directory on the way as {@linkcode checkCredentialsFilePath} does, in the same pass: what was
 * checked before the network calls is checked again at write time.
 *
 * @param path The checked absolute path of the file.
 * @param roots `$GITHUB_WORKSPACE` and `$RUNNER_TEMP`, as given to the check.
 * @throws {ActionInputError} Naming `credentials_file_path` (code `ERR_CREDENTIALS_FILE`) when a
 * directory on the way is a link, another user's or writable by all, or cannot be made.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, statSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { makeCredentialsDirectories } from "./credentials_file_path.ts";
 *
 * const runnerTemp = mkdtempSync(join(tmpdir(), "temp-"));
 * makeCredentialsDirectories(join(runnerTemp, "gcp", "credentials.json"), { runnerTemp });
 * assert.equal(statSync(join(runnerTemp, "gcp")).mode & 0o777, 0o700);
 * rmSync(runnerTemp, { recursive: true });
 * ```
 */
export function makeCredentialsDirectories(path: string, roots: RunnerRoots): void {
  let problem: string | undefined;
  try {
    problem = walkDirectories(path, roots, true).problem;
  } catch (error) {
    problem = `cannot be made (${codeOf(error)})`;
  }
  if (problem === undefined) return;
  throw new ActionInputError(
    "credentials_file_path",
    `Cannot write the credentials file at "credentials_file_path" ${
      JSON.stringify(path)
    }: it ${problem}`,
    { code: "ERR_CREDENTIALS_FILE", hint: HINT },
  );
}

/**
 * Resolves and checks the `credentials_file_path` input: an absolute path, or one relative to
 * `$GITHUB_WORKSPACE`, of a file that does not exist yet, whose existing directories are real
 * directories (no symbolic link below the workspace or `$RUNNER_TEMP`, none at all elsewhere),
 * owned by the step's user or root, not writable by every user without the sticky bit, and
 * writable by the step. Missing directories are created later, with mode 0700, and every
 * directory is checked again then ({@linkcode makeCredentialsDirectories}). Nothing is written
 * here.
 *
 * @param value The input's value (not empty).
 * @param roots `$GITHUB_WORKSPACE` and `$RUNNER_TEMP`.
 * @returns The absolute, normalised path.
 * @throws {ActionInputError} Naming `credentials_file_path`: relative without a workspace, a
 * directory, an existing file, a symbolic link on the way, a parent that is a file, a directory
 * of another user or one every user can write, a directory that is not writable.
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
  let walk: { problem?: string; deepest: string };
  try {
    walk = walkDirectories(path, roots, false);
  } catch (error) {
    return refuseWith(value, `cannot be checked (${codeOf(error)})`);
  }
  if (walk.problem !== undefined) refuseWith(value, walk.problem);
  try {
    fs.accessSync(walk.deepest, fs.constants.W_OK);
  } catch (error) {
    refuseWith(
      value,
      `is in ${JSON.stringify(walk.deepest)}, which is not writable (${codeOf(error)})`,
    );
  }
  return path;
}
