/**
 * The Docker credential helper's token cache: one access token and its expiry in a 0600 file of
 * the helper's 0700 directory, shared by every call of the job (each call is a new process).
 *
 * @module
 */

import fs from "node:fs";
import process from "node:process";
import type { CredentialsToken } from "../../auth/mod.ts";
import { readRegularFile } from "../node/bounded_read.ts";

/** A cached token is used until this long before it expires, then replaced. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * The cached token when it is still good `REFRESH_MARGIN_MS` from `now`; `undefined` when there
 * is none, it is about to expire, or the file is unreadable, not a regular file or too large (then a
 * new token replaces it).
 *
 * @param path The cache file.
 * @param now The time in milliseconds.
 * @returns The token, or `undefined`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { readCachedToken, writeCachedToken } from "./token_cache.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "cache-"));
 * const path = join(dir, "token.json");
 * writeCachedToken(path, { token: "ya29.t", expiresAt: new Date(3_600_000) });
 * assert.equal(readCachedToken(path, 0)?.token, "ya29.t");
 * assert.equal(readCachedToken(path, 3_400_000), undefined);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function readCachedToken(path: string, now: number): CredentialsToken | undefined {
  let cached: unknown;
  try {
    cached = JSON.parse(readRegularFile(path));
  } catch {
    return undefined;
  }
  const { token, expiresAt } = (cached ?? {}) as { token?: unknown; expiresAt?: unknown };
  if (typeof token !== "string" || token === "" || typeof expiresAt !== "number") return undefined;
  if (expiresAt - now <= REFRESH_MARGIN_MS) return undefined;
  return { token, expiresAt: new Date(expiresAt) };
}

/**
 * Stores `token` in the cache: written to a new 0600 file renamed over the old one, so a
 * concurrent call reads the old token or the new one, never half of one. A failure leaves the
 * cache as it was (the next call mints again).
 *
 * @param path The cache file.
 * @param token The token to keep.
 */
export function writeCachedToken(path: string, token: CredentialsToken): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(
      temporary,
      JSON.stringify({ token: token.token, expiresAt: token.expiresAt.getTime() }),
      { flag: "wx", mode: 0o600 },
    );
    fs.renameSync(temporary, path);
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}
