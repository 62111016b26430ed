/**
 * {@linkcode bareEndpoint}: `endpoint()` without GitHub's defaults, for any other REST API.
 *
 * @module
 */

import { mergeWithoutPreviews } from "./_merge.ts";
import { parseWith } from "./_parse.ts";
import { USER_AGENT } from "./user_agent.ts";
import type { EndpointOptions, RequestOptions, Route } from "./types.ts";

/** What {@linkcode bareEndpoint} merges each call onto: the method and the package user-agent. */
export const BARE_DEFAULTS: Readonly<{ method: "GET"; headers: { "user-agent": string } }> = {
  method: "GET",
  headers: { "user-agent": USER_AGENT },
};

/**
 * Builds request options as `endpoint(route, options)` does (merging, RFC 6570 URL templates,
 * query strings, bodies), but without GitHub's defaults: no base URL, no `accept` header, no
 * `mediaType` formats or previews. Every call names its own `baseUrl` and headers. This is the
 * builder `auth/` describes Google's routes with, and a bundle that uses only it leaves GitHub's
 * media type code and the `defaults()` chain out.
 *
 * @param route A route such as `POST /v1/{+name}:generateIdToken`.
 * @param options `baseUrl`, headers, URL parameters and body keys.
 * @returns The request options: method, URL, string headers and body.
 *
 * @example A Google custom method
 * ```ts
 * import assert from "node:assert/strict";
 * import { bareEndpoint } from "./mod.ts";
 *
 * const request = bareEndpoint("POST /v1/{+name}:generateIdToken", {
 *   baseUrl: "https://iamcredentials.googleapis.com",
 *   name: "projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com",
 *   audience: "https://example.com",
 * });
 * assert.equal(
 *   request.url,
 *   "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com:generateIdToken",
 * );
 * assert.equal(request.headers.accept, undefined);
 * assert.equal(JSON.stringify(request.body), '{"audience":"https://example.com"}');
 * ```
 */
export function bareEndpoint(route: Route, options: EndpointOptions): RequestOptions {
  return parseWith(mergeWithoutPreviews(BARE_DEFAULTS, route, options));
}
