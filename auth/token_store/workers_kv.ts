/**
 * {@linkcode kvTokenStore}: a token store over Workers KV.
 *
 * @module
 */
import type { TokenStore } from "../credentials/types.ts";
import { invalidOption } from "../_util/options.ts";

/** The part of a Workers KV namespace binding the store uses. */
export interface KvNamespaceLike {
  /** The text under `key`, or `null`. */
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key`, gone after `expirationTtl` seconds (at least 60). */
  put(key: string, value: string, options: { expirationTtl: number }): Promise<void>;
}

/** Workers KV refuses an `expirationTtl` under 60 s (a stored token's own expiry is checked). */
const KV_MIN_TTL_SECONDS = 60;

/**
 * A token store over a Workers KV namespace (a binding, such as `env.TOKENS`): shared by every
 * isolate everywhere, eventually consistent (a token written in one place may be missing for up to
 * a minute elsewhere, which costs a mint, never a wrong token).
 *
 * @param namespace The KV namespace binding.
 * @returns The store.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` when `namespace` has no `get()` or `put()`.
 *
 * @example With a stand-in namespace
 * ```ts
 * import assert from "node:assert/strict";
 * import { kvTokenStore } from "./workers_kv.ts";
 *
 * const values = new Map<string, string>();
 * const ttls: number[] = [];
 * const store = kvTokenStore({
 *   get: async (key) => values.get(key) ?? null,
 *   put: async (key, value, { expirationTtl }) => void (values.set(key, value), ttls.push(expirationTtl)),
 * });
 * await store.set("k", "sealed", 10);
 * assert.equal(await store.get("k"), "sealed");
 * assert.deepEqual(ttls, [60]);
 * ```
 */
export function kvTokenStore(namespace: KvNamespaceLike): TokenStore {
  if (typeof namespace?.get !== "function" || typeof namespace.put !== "function") {
    throw invalidOption(
      "namespace",
      "Cannot make a KV token store: pass a KV namespace binding (env.<NAME>), an object with get() and put()",
    );
  }
  return {
    async get(key) {
      return (await namespace.get(key)) ?? undefined;
    },
    async set(key, value, ttlSeconds) {
      const expirationTtl = Math.max(KV_MIN_TTL_SECONDS, Math.floor(ttlSeconds));
      await namespace.put(key, value, { expirationTtl });
    },
  };
}
