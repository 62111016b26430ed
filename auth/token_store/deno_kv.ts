/**
 * {@linkcode denoKvTokenStore}: a token store over Deno KV, typed by shape (the npm build has no
 * `Deno` namespace).
 *
 * @module
 */
import type { TokenStore } from "../credentials/types.ts";
import { invalidOption } from "../_util/options.ts";

/** The part of a Deno's `Kv` the store uses. */
export interface DenoKvLike {
  /** The entry under `key`; its `value` is `null` when there is none. */
  get(key: readonly unknown[]): Promise<{ value: unknown }>;
  /** Stores `value` under `key`, gone after `expireIn` ms. */
  set(key: readonly unknown[], value: unknown, options: { expireIn: number }): Promise<unknown>;
}

/**
 * A token store over Deno KV (Deno's `openKv(path)`: shared by the processes that open the
 * same file, or by a Deno Deploy app's isolates), under keys `["gcp-oidc-token", key]`.
 *
 * @param kv An open Deno's `Kv`.
 * @returns The store.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` when `kv` has no `get()` or `set()`.
 *
 * @example With a stand-in of Deno's `Kv` (Deno's `openKv()` needs `--unstable-kv` in Deno 2.9)
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoKvTokenStore } from "./deno_kv.ts";
 *
 * const seen: unknown[] = [];
 * const store = denoKvTokenStore({
 *   get: async (key) => ({ value: key[1] === "k" ? "sealed" : null }),
 *   set: async (key, value, options) => void seen.push(key, value, options),
 * });
 * assert.equal(await store.get("k"), "sealed");
 * assert.equal(await store.get("other"), undefined);
 * await store.set("k", "sealed", 60);
 * assert.deepEqual(seen, [["gcp-oidc-token", "k"], "sealed", { expireIn: 60_000 }]);
 * ```
 */
export function denoKvTokenStore(kv: DenoKvLike): TokenStore {
  if (typeof kv?.get !== "function" || typeof kv.set !== "function") {
    throw invalidOption(
      "kv",
      "Cannot make a Deno KV token store: pass an open Deno KV (what openKv() resolves to), an object with get() and set()",
    );
  }
  return {
    async get(key) {
      const { value } = await kv.get(["gcp-oidc-token", key]);
      return typeof value === "string" ? value : undefined;
    },
    async set(key, value, ttlSeconds) {
      await kv.set(["gcp-oidc-token", key], value, { expireIn: Math.floor(ttlSeconds) * 1000 });
    },
  };
}
