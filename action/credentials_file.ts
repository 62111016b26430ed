/**
 * Writing the credentials file: `$GITHUB_WORKSPACE/gha-creds-<16 hex>.json`, created exclusively
 * with mode 0600, compact JSON.
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { closeSync, constants, fsyncSync, openSync, readdirSync, writeSync } from "node:fs";
import { join } from "node:path";

/** The credentials file name pattern (`gha-creds-` + 16 lowercase hex digits + `.json`). */
export const CREDENTIALS_FILE_NAME: RegExp = /^gha-creds-[0-9a-f]{16}\.json$/;

const ATTEMPTS = 3;

function _randomName(): string {
  return `gha-creds-${randomBytes(8).toString("hex")}.json`;
}

/**
 * Writes `contents` as compact JSON to a new `gha-creds-<16 hex>.json` in `directory`, created
 * exclusively (`O_EXCL`: an existing file is never overwritten or followed as a symlink) with
 * mode 0600 and flushed to disk. A name collision draws a new name (3 attempts).
 *
 * @param directory The directory (the workspace).
 * @param contents What to write (the credentials object).
 * @param nextName Draws a file name; default `gha-creds-<16 random hex>.json` (tests pin it).
 * @returns The absolute path of the new file.
 * @throws {Error} When the directory does not exist or is not writable (`ENOENT`, `EACCES`).
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
  nextName: () => string = _randomName,
): string {
  const data = JSON.stringify(contents);
  for (let attempt = 1;; attempt++) {
    const path = join(directory, nextName());
    let fd: number;
    try {
      fd = openSync(
        path,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
        0o600,
      );
    } catch (error) {
      if ((error as { code?: string }).code === "EEXIST" && attempt < ATTEMPTS) continue;
      throw error;
    }
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return path;
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
    return readdirSync(directory).every((name) => CREDENTIALS_FILE_NAME.test(name));
  } catch {
    return true;
  }
}
