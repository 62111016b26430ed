/**
 * {@linkcode createWebFetch}: the step's `node:http(s)` transport (proxies from the environment)
 * answering Web `Response`s, for `auth/`'s credentials, whose `fetch` hands responses on as they
 * are. The Docker credential helper uses it; the step's main phase keeps the lighter
 * `NodeResponse` (see `fetch.ts`).
 *
 * @module
 */

import type { FetchLike } from "../../auth/mod.ts";
import { createNodeFetch, type NodeFetchOptions } from "../../node/_step.ts";

/** Statuses whose `Response` may carry no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` over `createNodeFetch()` whose responses are `Response` objects (the body read in
 * full first; bodies are capped as the transport caps them).
 *
 * @param options The transport's options.
 * @returns The `fetch`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { createServer } from "node:http";
 * import { createWebFetch } from "./web_fetch.ts";
 *
 * const server = createServer((_, res) => res.end('{"ok":true}')).listen(0, "127.0.0.1");
 * await new Promise((done) => server.once("listening", done));
 * const { port } = server.address() as { port: number };
 * const response = await createWebFetch({ env: {} })(`http://127.0.0.1:${port}/`);
 * assert.ok(response instanceof Response);
 * assert.deepEqual(await response.json(), { ok: true });
 * server.close();
 * ```
 */
export function createWebFetch(options: NodeFetchOptions = {}): FetchLike<Response> {
  const fetch = createNodeFetch(options);
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    return new Response(NULL_BODY.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
    });
  };
}
