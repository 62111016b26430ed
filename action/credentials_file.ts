/**
 * Writing the credentials file: `$GITHUB_WORKSPACE/gha-creds-<16 hex>.json`, created exclusively
 * with mode 0600, compact JSON.
 *
 * @module
 */

import fs from "node:fs";
import nodePath from "node:path";
import { CREDENTIALS_FILE_NAME } from "./credentials_file_name.ts";
import { makeCredentialsDirectories, type RunnerRoots } from "./credentials_file_path.ts";
import { ActionInputError } from "./errors.ts";
import { randomBytes, toHex } from "./node/random.ts";
import { writeAll } from "./node/stdout.ts";

const ATTEMPTS = 3;

function writeError(directory: string, error: unknown): ActionInputError {
  return new ActionInputError(
    "GITHUB_WORKSPACE",
    `Cannot write the credentials file in $GITHUB_WORKSPACE ${JSON.stringify(directory)}: ${
      errorCodeOf(error)
    }`,
    {
      code: "ERR_CREDENTIALS_FILE",
      cause: error,
      hint:
        'Check that the workspace is writable and has free space, or set "create_credentials_file: false"',
    },
  );
}

function randomName(): string {
  return `gha-creds-${toHex(randomBytes(8))}.json`;
}

function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : String(error);
}

/**
 * Checks that the credentials file can be written in `directory` (`$GITHUB_WORKSPACE`): it is an
 * absolute path (the post step removes only an absolute path), exists, is a directory and is
 * writable. The step calls it with the other input checks, before anything
 * is sent or written, so a broken workspace is reported as such instead of failing mid-flight.
 *
 * @param directory The workspace.
 * @throws {ActionInputError} Naming `GITHUB_WORKSPACE` when the file cannot be written there.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { checkWorkspace } from "./credentials_file.ts";
 *
 * checkWorkspace(tmpdir());
 * assert.throws(() => checkWorkspace(join(tmpdir(), "no-such-dir-4f1c")), /GITHUB_WORKSPACE/);
 * ```
 */
export function checkWorkspace(directory: string): void {
  let problem: string | undefined;
  try {
    if (!nodePath.isAbsolute(directory)) problem = "it is not an absolute path";
    else if (!fs.statSync(directory).isDirectory()) problem = "it is not a directory";
    else fs.accessSync(directory, fs.constants.W_OK);
  } catch (error) {
    problem = errorCodeOf(error) === "ENOENT"
      ? "it does not exist"
      : `it is not writable (${errorCodeOf(error)})`;
  }
  if (problem === undefined) return;
  throw new ActionInputError(
    "GITHUB_WORKSPACE",
    `Cannot write the credentials file in $GITHUB_WORKSPACE ${
      JSON.stringify(directory)
    }: ${problem}`,
    {
      hint:
        'Run the step in a job whose workspace exists and is writable (run actions/checkout first), or set "create_credentials_file: false"',
    },
  );
}

/**
 * Writes `contents` as compact JSON to a new `gha-creds-<16 hex>.json` in `directory`, created
 * exclusively (`O_EXCL`: an existing file is never overwritten or followed as a symlink) with
 * mode 0600. A name collision draws a new name (3 attempts). It is not `fsync`ed: the later steps
 * of the job read it on the same machine, through the page cache, and a machine that crashes ends
 * the job; on a busy disk the flush alone took longer than the rest of a key mode run
 * (docs/measurements.md).
 *
 * @param directory The directory (the workspace).
 * @param contents What to write (the credentials object).
 * @param nextName Draws a file name; default `gha-creds-<16 random hex>.json` (tests pin it).
 * @returns The absolute path of the new file.
 * @throws {ActionInputError} With code `ERR_CREDENTIALS_FILE`, naming `GITHUB_WORKSPACE`, when
 * the file cannot be created or written (`ENOENT`, `EACCES`, `ENOSPC`, three name collisions);
 * the original error is its `cause`. A partly written file is removed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { writeCredentialsFile } from "./credentials_file.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "ws-"));
 * const path = writeCredentialsFile(dir, { type: "external_account" });
 * assert.match(path, /gha-creds-[0-9a-f]{16}\.json$/);
 * assert.equal(readFileSync(path, "utf8"), '{"type":"external_account"}');
 * assert.equal(statSync(path).mode & 0o777, 0o600);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function writeCredentialsFile(
  directory: string,
  contents: unknown,
  nextName: () => string = randomName,
): string {
  const data = JSON.stringify(contents);
  for (let attempt = 1;; attempt++) {
    const path = nodePath.join(directory, nextName());
    try {
      createExclusive(path, data);
    } catch (error) {
      if (errorCodeOf(error) === "EEXIST" && attempt < ATTEMPTS) continue;
      throw writeError(directory, error);
    }
    return path;
  }
}

/**
 * Creates `path` exclusively (`O_EXCL`, `O_NOFOLLOW`) with mode 0600 and writes `data`; a partly
 * written file is removed. Throws what the file system threw.
 */
function createExclusive(path: string, data: string): void {
  const fd = fs.openSync(
    path,
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL |
      (fs.constants.O_NOFOLLOW ?? 0),
    0o600,
  );
  let failure: unknown;
  try {
    // Every byte: one write() may write fewer than asked (a signal, a filling disk).
    writeAll(data, fd);
  } catch (error) {
    failure = error;
  }
  try {
    fs.closeSync(fd);
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) {
    removeQuietly(path);
    throw failure;
  }
}

/**
 * Writes `contents` as compact JSON to `path` (the `credentials_file_path` input, checked by
 * `checkCredentialsFilePath()`): every directory on the way is checked again and the missing ones
 * made, one component at a time (`makeCredentialsDirectories()`: no link, none another user owns
 * or every user can write), then the file is created exclusively (`O_EXCL`, `O_NOFOLLOW`: an
 * existing file or a symlink is never overwritten or followed) with mode 0600, all in one call.
 *
 * @param path The absolute path.
 * @param contents What to write (the credentials object).
 * @param roots `$GITHUB_WORKSPACE` and `$RUNNER_TEMP`, as the path was checked against.
 * @returns The file's identity (`<dev>:<inode>`), which the post step checks before removing it.
 * @throws {ActionInputError} With code `ERR_CREDENTIALS_FILE`, naming `credentials_file_path`,
 * when a directory on the way is refused, or the directories or the file cannot be created or
 * written; the original error is its `cause`. A partly written file is removed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, statSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { writeCredentialsFileAt } from "./credentials_file.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "temp-"));
 * const path = join(dir, "gcp", "credentials.json");
 * writeCredentialsFileAt(path, { type: "external_account" });
 * assert.equal(statSync(path).mode & 0o777, 0o600);
 * assert.equal(statSync(join(dir, "gcp")).mode & 0o777, 0o700);
 * assert.throws(() => writeCredentialsFileAt(path, {}), /credentials_file_path.*EEXIST/);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function writeCredentialsFileAt(
  path: string,
  contents: unknown,
  roots: RunnerRoots = {},
): string {
  makeCredentialsDirectories(path, roots);
  try {
    createExclusive(path, JSON.stringify(contents));
    const stats = fs.lstatSync(path, { bigint: true });
    return `${stats.dev}:${stats.ino}`;
  } catch (error) {
    throw new ActionInputError(
      "credentials_file_path",
      `Cannot write the credentials file at "credentials_file_path" ${JSON.stringify(path)}: ${
        errorCodeOf(error)
      }`,
      {
        code: "ERR_CREDENTIALS_FILE",
        cause: error,
        hint:
          'Point "credentials_file_path" at a new file in a writable directory, such as ${{ runner.temp }}/gcp/credentials.json',
      },
    );
  }
}

/** Removes `path`, ignoring a failure (then the file is gone already). */
function removeQuietly(path: string): void {
  try {
    fs.unlinkSync(path);
  } catch {
    // Nothing is left behind.
  }
}

/**
 * Records the new credentials file's path with `save` (the step's state, read by the post step).
 * When that fails, the file (which holds a key or a token source) is removed, since nothing would
 * clean it up.
 *
 * @param path The file {@linkcode writeCredentialsFile} wrote.
 * @param save Saves the path (`core.saveState`).
 * @throws {ActionInputError} With code `ERR_CREDENTIALS_FILE`, naming `GITHUB_STATE`, when `save`
 * throws; the original error is its `cause`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { existsSync, mkdtempSync, rmSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { recordCredentialsFile, writeCredentialsFile } from "./credentials_file.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "ws-"));
 * const path = writeCredentialsFile(dir, {});
 * const full = () => {
 *   throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
 * };
 * assert.throws(() => recordCredentialsFile(path, full), /GITHUB_STATE.*ENOSPC/);
 * assert.equal(existsSync(path), false);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function recordCredentialsFile(path: string, save: (path: string) => void): void {
  try {
    save(path);
  } catch (error) {
    removeQuietly(path);
    throw new ActionInputError(
      "GITHUB_STATE",
      `Cannot save the credentials file path to $GITHUB_STATE (${
        errorCodeOf(error)
      }); the file was removed`,
      {
        code: "ERR_CREDENTIALS_FILE",
        cause: error,
        hint:
          'Check that the runner\'s temp directory is writable and has free space, or set "create_credentials_file: false"',
      },
    );
  }
}

/**
 * Whether `directory` holds nothing but credentials files (or cannot be read), which usually
 * means `actions/checkout` has not run yet.
 *
 * @param directory The workspace.
 * @returns `true` when it looks empty.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { isWorkspaceEmpty } from "./credentials_file.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "ws-"));
 * assert.equal(isWorkspaceEmpty(dir), true);
 * writeFileSync(join(dir, "README.md"), "# repo");
 * assert.equal(isWorkspaceEmpty(dir), false);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function isWorkspaceEmpty(directory: string): boolean {
  try {
    return fs.readdirSync(directory).every((name) => CREDENTIALS_FILE_NAME.test(name));
  } catch {
    return true;
  }
}
