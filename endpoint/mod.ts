/**
 * A request options builder compatible with `@octokit/endpoint`: a REST route such as
 * `"GET /repos/{owner}/{repo}"` plus parameters in, `{ method, url, headers, body }` out, ready
 * for `fetch` or any HTTP client. URL templates follow RFC 6570 strictly ({@linkcode parseTemplate}
 * passes the whole official test suite), literal routes are typed, and it runs unchanged on Deno,
 * Node, Bun, browsers and workers, with no dependencies.
 *
 * @example Build options and send them with fetch
 * ```ts
 * import { endpoint } from "@gcp-oidc/auth/endpoint";
 *
 * async function latestRelease(): Promise<unknown> {
 *   const { method, url, headers } = endpoint("GET /repos/{owner}/{repo}/releases/latest", {
 *     owner: "denoland",
 *     repo: "deno",
 *   });
 *   const response = await fetch(url, { method, headers });
 *   return await response.json();
 * }
 * ```
 *
 * @example Build options for a route
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint } from "./mod.ts";
 *
 * const options = endpoint("GET /repos/{owner}/{repo}/releases/latest", {
 *   owner: "denoland",
 *   repo: "deno",
 * });
 * assert.equal(options.url, "https://api.github.com/repos/denoland/deno/releases/latest");
 * assert.match(options.headers["user-agent"] ?? "", /^gcp-oidc-auth\/\d+\.\d+\.\d+/);
 * ```
 *
 * @module
 */
export { endpoint } from "./endpoint.ts";
export { bareEndpoint } from "./bare_endpoint.ts";
export { parseTemplate } from "./uri_template.ts";
export type { UriTemplate, UriTemplateVariables } from "./uri_template.ts";
export { UriTemplateError } from "./uri_template_error.ts";
export type * from "./types.ts";
export { typedEndpoint } from "./typed_endpoint.ts";
export type * from "./typed_types.ts";
