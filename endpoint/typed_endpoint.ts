/**
 * {@linkcode typedEndpoint}: `endpoint()` typed by an OpenAPI `paths` interface.
 *
 * @module
 */

import { endpoint } from "./endpoint.ts";
import type { EndpointOptions } from "./types.ts";
import type { TypedEndpoint } from "./typed_types.ts";

/**
 * An endpoint function typed by `Paths`, an OpenAPI 3 `paths` interface as openapi-typescript
 * generates it: `@octokit/openapi-types`' `paths` for GitHub, or the module
 * `deno task discovery-types` writes from a Google Discovery document. A route `Paths` does not
 * have, a method its path lacks, a missing path parameter, an unknown parameter (in an object
 * literal) and a query parameter or body field of the wrong type do not compile.
 *
 * At runtime it is `endpoint.defaults(defaults)`: the same request options, byte for byte, as
 * `endpoint()` with these defaults (GitHub's base URL and `accept` header unless `defaults` sets
 * others). A `POST`, `PUT`, `PATCH` or `DELETE` sends the parameters that fill no placeholder as its
 * body, so its query parameters go in the route: `"POST /b{?project}"`.
 *
 * @typeParam Paths The `paths` interface of the API's OpenAPI document.
 * @param defaults `endpoint()` options every call starts from, such as `baseUrl` and `headers`.
 * @returns The typed endpoint function.
 *
 * @example GitHub's routes, typed by its OpenAPI document
 * ```ts
 * import type { paths } from "@octokit/openapi-types";
 * import { typedEndpoint } from "@gcp-oidc/auth/endpoint";
 *
 * const github = typedEndpoint<paths>({ baseUrl: "https://api.github.com" });
 * const { url } = github("GET /repos/{owner}/{repo}", { owner: "octo-org", repo: "app" });
 * ```
 *
 * @example The same options as endpoint()
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, typedEndpoint } from "./mod.ts";
 *
 * interface paths {
 *   "/repos/{owner}/{repo}/issues": {
 *     get: {
 *       parameters: { path: { owner: string; repo: string }; query?: { state?: "open" | "closed" } };
 *       responses: { 200: { content: { "application/json": { number: number }[] } } };
 *     };
 *   };
 * }
 * const github = typedEndpoint<paths>();
 * const options = github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" });
 * assert.deepEqual(
 *   options,
 *   endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" }),
 * );
 * ```
 */
export function typedEndpoint<Paths>(defaults: EndpointOptions = {}): TypedEndpoint<Paths> {
  return endpoint.defaults(defaults) as unknown as TypedEndpoint<Paths>;
}
