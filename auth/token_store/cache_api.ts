/**
 * {@linkcode cacheApiTokenStore}: a token store over the Cache API.
 *
 * @module
 */
import type { TokenStore } from "../credentials/types.ts";
import { invalidOption } from "../_util/options.ts";

/** The part of the Cache API's `Cache` the store uses. */
export interface CacheLike {
  /** The cached response for `request`, if any. */
  match(request: Request | string): Promise<Response | undefined>;
  /** Caches `response` for `request`. */
  put(request: Request | string, response: Response): Promise<void>;
}

/** The host of the store's URLs: `.invalid`, a name that never resolves, so no request leaves. */
const ORIGIN = "https://token-store.gcp-oidc.invalid/";

/**
 * A token store over the Cache API: in Workers `caches.default` (shared by the isolates of one
 * data center), each value cached with `Cache-Control: max-age=<ttl>`.
 *
 * @param cache The cache; default `caches.default` (Workers).
 * @returns The store.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` when no cache is given and the runtime has no
 * `caches.default`, or when `cache` has no `match()` or `put()`.
 *
 * @example With a cache of the runtime (Deno's `caches.open()`)
 * ```ts
 * import assert from "node:assert/strict";
 * import { cacheApiTokenStore } from "./cache_api.ts";
 *
 * const store = cacheApiTokenStore(await caches.open("tokens-example"));
 * await store.set("k", "sealed", 60);
 * assert.equal(await store.get("k"), "sealed");
 * assert.equal(await store.get("other"), undefined);
 * await caches.delete("tokens-example");
 * ```
 */
export function cacheApiTokenStore(cache?: CacheLike): TokenStore {
  const chosen = cache ?? (globalThis as { caches?: { default?: CacheLike } }).caches?.default;
  if (chosen === undefined) {
    throw invalidOption(
      "cache",
      "Cannot make a Cache API token store: no caches.default here (outside Workers); pass a cache",
    );
  }
  if (typeof chosen?.match !== "function" || typeof chosen.put !== "function") {
    throw invalidOption(
      "cache",
      "Cannot make a Cache API token store: pass a cache (caches.default, await caches.open(name)), an object with match() and put()",
    );
  }
  const url = (key: string) => `${ORIGIN}${encodeURIComponent(key)}`;
  return {
    async get(key) {
      const response = await chosen.match(url(key));
      return response === undefined ? undefined : await response.text();
    },
    async set(key, value, ttlSeconds) {
      await chosen.put(
        url(key),
        new Response(value, { headers: { "cache-control": `max-age=${Math.floor(ttlSeconds)}` } }),
      );
    },
  };
}
