/**
 * Typed requests for any REST API: {@linkcode createRequest} sends the routes of an API's OpenAPI
 * `paths` (GitHub's from `@octokit/openapi-types`, Google's from a Discovery document through
 * `deno task discovery-types`) with any `fetch`, such as a credentials object's, and types each
 * response from the spec; `request.paginate()` follows GitHub's `Link` headers and Google's page
 * tokens. Web APIs only: it runs on Deno, Node, Bun, browsers and workers.
 *
 * @example A request against a stand-in fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRequest } from "./mod.ts";
 *
 * const request = createRequest({
 *   baseUrl: "https://api.example.com",
 *   fetch: async (url) => Response.json({ url }),
 * });
 * const response = await request("GET /items/{id}", { id: 7 });
 * assert.equal(response.status, 200);
 * assert.deepEqual(response.data, { url: "https://api.example.com/items/7" });
 * ```
 *
 * @module
 */
export { createRequest } from "./create_request.ts";
export { RequestError } from "./request_error.ts";
export type { RequestErrorOptions, RequestErrorRequest } from "./request_error.ts";
export type * from "./types.ts";
