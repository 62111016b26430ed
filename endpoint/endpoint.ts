/**
 * The default {@linkcode endpoint} function.
 *
 * @module
 */
import { USER_AGENT } from "./user_agent.ts";
import { withDefaults } from "./_with_defaults.ts";
import type { EndpointInterface } from "./types.ts";

/**
 * Turns a REST route and parameters into request options `{ method, url, headers, body?,
 * request? }` for any HTTP client, like `@octokit/endpoint` (same options, same results, with the
 * deliberate differences listed in docs/endpoint.md). Pure: no I/O, no argument is mutated.
 *
 * - `route` is `"<METHOD> <url template>"` or a URL template (`GET` is then the method). The URL
 *   is an RFC 6570 template: `{owner}` placeholders (and `:owner` path segments) take the
 *   parameter of the same name, percent-encoded; `{?a,b}` builds a query from `a` and `b`.
 * - Parameters no placeholder uses become the query string for `GET` and `HEAD`, and the JSON
 *   body (a plain object, not serialized) for other methods. `data` is sent as the whole body.
 * - Relative URLs are joined to `baseUrl` (`https://api.github.com` by default).
 * - Header names are lowercased; `undefined` parameters and headers are dropped.
 * - `mediaType.format` rewrites GitHub's `accept` (`raw`, `diff`, ...); `mediaType.previews`
 *   apply to URLs ending in `/graphql`; `request` is passed through for the client.
 *
 * Derive a function with your own defaults with `endpoint.defaults()`; `endpoint.merge()`
 * merges without building the URL and `endpoint.parse()` builds from merged options, so
 * `endpoint(route, options)` equals `endpoint.parse(endpoint.merge(route, options))`.
 *
 * With a literal route, TypeScript requires the parameters for its `{name}` placeholders.
 *
 * @param route `"<METHOD> <url template>"` or a URL template, or the options in object form.
 * @param options Placeholder values, parameters, `headers`, `baseUrl`, `mediaType`, `request`,
 * `data` (ignored when `route` is an object).
 * @returns The request options.
 * @throws {UriTemplateError} When the URL is not a valid template (hyphens in variable names, as
 * in GitHub's `{enterprise-team}`, are accepted).
 * @throws {TypeError} When `method` or `url` is not a string, `mediaType` is `null`, or a query
 * value cannot be converted to a string.
 *
 * @example GET with placeholders and a query
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint } from "./mod.ts";
 *
 * const options = endpoint("GET /repos/{owner}/{repo}/issues", {
 *   owner: "octo-org",
 *   repo: "octo-repo",
 *   state: "open",
 *   headers: { Authorization: "token 0000" },
 * });
 * assert.equal(options.method, "GET");
 * assert.equal(
 *   options.url,
 *   "https://api.github.com/repos/octo-org/octo-repo/issues?state=open",
 * );
 * assert.equal(options.headers.authorization, "token 0000");
 * assert.equal(options.body, undefined);
 * ```
 *
 * @example POST with a JSON body
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint } from "./mod.ts";
 *
 * const options = endpoint("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octo-org",
 *   repo: "octo-repo",
 *   title: "Found a bug",
 * });
 * assert.deepEqual({ ...(options.body as object) }, { title: "Found a bug" });
 * assert.equal(options.headers["content-type"], "application/json; charset=utf-8");
 * ```
 *
 * @example Defaults for another API, sent with fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint } from "./mod.ts";
 *
 * const sts = endpoint.defaults({
 *   baseUrl: "https://sts.googleapis.com",
 *   headers: { accept: "application/json" },
 * });
 * const { method, url, headers, body } = sts("POST /v1/token", {
 *   grantType: "urn:ietf:params:oauth:grant-type:token-exchange",
 * });
 * const request = new Request(url, {
 *   method,
 *   headers,
 *   body: JSON.stringify(body),
 * });
 * assert.equal(request.url, "https://sts.googleapis.com/v1/token");
 * assert.equal(request.headers.get("accept"), "application/json");
 * ```
 */
export const endpoint: EndpointInterface = /* @__PURE__ */ withDefaults(null, {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": USER_AGENT,
  },
  mediaType: {
    format: "",
  },
});
