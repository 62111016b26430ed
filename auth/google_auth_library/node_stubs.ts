/**
 * Stand-ins for the few Node modules `@google/genai`'s Node build (`@google/genai/node`) imports
 * beside google-auth-library, for a runtime without Node compatibility (a Worker with
 * `no_nodejs_compat`): alias `fs`, `fs/promises`, `path`, `node:stream` and `node:stream/promises`
 * to this module. GenAI uses them only to upload or download files by path, which these refuse
 * with an error saying so; `basename` is real.
 *
 * @example Refused with a clear error
 * ```ts
 * import assert from "node:assert/strict";
 * import { basename, stat } from "./node_stubs.ts";
 *
 * assert.equal(basename("/tmp/a.txt"), "a.txt");
 * await assert.rejects(stat("/tmp/a.txt"), /no file system/);
 * ```
 *
 * @module
 */

function refuse(name: string): Error {
  return new Error(
    `${name}: this runtime has no file system (the Node module is a stub of ` +
      "@gcp-oidc/auth/google-auth-library/node-stubs); pass the file's contents as a Blob",
  );
}

/**
 * The last part of a `/`-separated path, as `node:path`'s `basename`.
 *
 * @param path The path.
 * @returns What follows the last `/` (trailing ones left out).
 */
export function basename(path: string): string {
  return path.replace(/\/+$/, "").split("/").pop() ?? "";
}

/**
 * Refuses: no file system.
 *
 * @param path The file.
 * @returns Never resolves.
 */
export function stat(path: string): Promise<never> {
  return Promise.reject(refuse(`stat(${JSON.stringify(path)})`));
}

/**
 * Refuses: no file system.
 *
 * @param path The file.
 * @returns Never resolves.
 */
export function open(path: string): Promise<never> {
  return Promise.reject(refuse(`open(${JSON.stringify(path)})`));
}

/**
 * Refuses: no file system.
 *
 * @param path The file.
 * @returns Never resolves.
 */
export function writeFile(path: string): Promise<never> {
  return Promise.reject(refuse(`writeFile(${JSON.stringify(path)})`));
}

/**
 * Throws: no file system.
 *
 * @param path The file.
 * @returns Never returns.
 */
export function createWriteStream(path: string): never {
  throw refuse(`createWriteStream(${JSON.stringify(path)})`);
}

/**
 * Throws: no file system.
 *
 * @param path The file.
 * @returns Never returns.
 */
export function readFileSync(path: string): never {
  throw refuse(`readFileSync(${JSON.stringify(path)})`);
}

/**
 * Refuses: no Node streams (GenAI pipes a download to a file with them).
 *
 * @returns Never resolves.
 */
export function finished(): Promise<never> {
  return Promise.reject(refuse("finished()"));
}

/** `node:stream`'s `Readable`, whose `fromWeb` throws: no Node streams. */
export const Readable: { fromWeb(stream: unknown): never } = {
  fromWeb() {
    throw refuse("Readable.fromWeb()");
  },
};
