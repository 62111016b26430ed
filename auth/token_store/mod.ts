/**
 * Token stores for the `tokenStore` option of `loadCredentials()` and `credentialsFromJson()`:
 * access tokens minted by one isolate or process are used by the others until they near expiry,
 * instead of each minting its own. {@linkcode cacheApiTokenStore} (Workers' `caches.default`,
 * one data center), {@linkcode kvTokenStore} (Workers KV, global, eventually consistent) and
 * {@linkcode denoKvTokenStore} (Deno KV, a local file or Deno Deploy). Values are encrypted under
 * a key derived from the credentials' secret, and keys name no secret.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson } from "../mod.ts";
 * import { denoKvTokenStore } from "./mod.ts";
 *
 * // Deno KV as Deno's openKv() gives it (here a Map with its shape).
 * const entries = new Map<string, unknown>();
 * const kv = {
 *   get: async (key: readonly unknown[]) => ({ value: entries.get(key.join("/")) ?? null }),
 *   set: async (key: readonly unknown[], value: unknown) => void entries.set(key.join("/"), value),
 * };
 * let minted = 0;
 * const make = () =>
 *   credentialsFromJson(
 *     { type: "authorized_user", client_id: "id", client_secret: "s", refresh_token: "r" },
 *     {
 *       tokenStore: denoKvTokenStore(kv),
 *       fetch: async () => Response.json({ access_token: `ya29.${++minted}`, expires_in: 3600 }),
 *     },
 *   );
 * assert.equal((await make().getAccessToken()).token, "ya29.1");
 * // Other credentials over the same store (another isolate): no second mint.
 * assert.equal((await make().getAccessToken()).token, "ya29.1");
 * assert.equal(minted, 1);
 * ```
 *
 * @module
 */

export { cacheApiTokenStore, type CacheLike } from "./cache_api.ts";
export { type KvNamespaceLike, kvTokenStore } from "./workers_kv.ts";
export { type DenoKvLike, denoKvTokenStore } from "./deno_kv.ts";
export type { TokenStore } from "../credentials/types.ts";
