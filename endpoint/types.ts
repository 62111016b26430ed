/**
 * The types of {@linkcode endpoint}: its options, its result, and typed routes whose placeholders
 * are inferred from the route string at compile time.
 *
 * @module
 */

import type { MissingRouteParameterNames, RequiredRouteParameterNames } from "./_route_types.ts";

/**
 * The HTTP methods the typed surface knows. At runtime any method string is accepted.
 *
 * @example Usage
 * ```ts
 * import type { RequestMethod } from "./mod.ts";
 *
 * const method: RequestMethod = "PATCH";
 * ```
 */
export type RequestMethod = "DELETE" | "GET" | "HEAD" | "PATCH" | "POST" | "PUT";

/**
 * A route: `"<METHOD> <url template>"` such as `"GET /repos/{owner}/{repo}"`, or just a URL
 * template (the method is then the default, `GET`).
 *
 * @example Usage
 * ```ts
 * import type { Route } from "./mod.ts";
 *
 * const route: Route = "GET /repos/{owner}/{repo}";
 * ```
 */
export type Route = string;

/**
 * A URL or RFC 6570 URL template, relative to `baseUrl` unless it starts with `http`.
 *
 * @example Usage
 * ```ts
 * import type { Url } from "./mod.ts";
 *
 * const url: Url = "https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name}";
 * ```
 */
export type Url = string;

/**
 * Request headers. Names are case-insensitive: endpoint() lowercases them.
 *
 * @example Usage
 * ```ts
 * import type { RequestHeaders } from "./mod.ts";
 *
 * const headers: RequestHeaders = { accept: "application/json", "x-goog-request-reason": "ci" };
 * ```
 */
export interface RequestHeaders {
  /** The media types the client accepts. */
  accept?: string;
  /** Credentials, such as `Bearer <token>`. */
  authorization?: string;
  /** The client's product tokens. */
  "user-agent"?: string;
  /** Any other header; `undefined` values are dropped. */
  [header: string]: string | number | undefined;
}

/**
 * The headers of {@linkcode RequestOptions}: lowercase names and string values (numbers and other
 * values given as headers are converted with `String()`), so they are a `HeadersInit` for `fetch`
 * and undici and `Headers` for got as they are, and still {@linkcode RequestHeaders} for
 * octokit-compatible code.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type RequestOptionsHeaders } from "./mod.ts";
 *
 * const headers: RequestOptionsHeaders = endpoint("GET /user", {
 *   headers: { "x-ratelimit-budget": 5 },
 * }).headers;
 * assert.equal(headers["x-ratelimit-budget"], "5");
 * assert.equal(new Headers(headers).get("accept"), "application/vnd.github.v3+json");
 * ```
 */
export interface RequestOptionsHeaders {
  /** A header value; names are lowercase. */
  [header: string]: string;
}

/**
 * Options for the HTTP client, passed through untouched (plain objects merge with defaults).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type RequestRequestOptions } from "./mod.ts";
 *
 * const request: RequestRequestOptions = { signal: AbortSignal.timeout(5_000) };
 * assert.equal(endpoint("GET /user", { request }).request, request);
 * ```
 */
export interface RequestRequestOptions {
  /** Aborts the request. */
  signal?: AbortSignal;
  /** Anything else the client understands, such as a custom `fetch`. */
  [option: string]: unknown;
}

/**
 * Rewrites of the `accept` header.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type MediaType } from "./mod.ts";
 *
 * const mediaType: MediaType = { format: "diff" };
 * const options = endpoint("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
 *   owner: "o",
 *   repo: "r",
 *   pull_number: 1,
 *   mediaType,
 * });
 * assert.equal(options.headers.accept, "application/vnd.github.v3.diff");
 * ```
 */
export interface MediaType {
  /** A GitHub media type format such as `raw`, `diff` or `full+json`. */
  format?: string;
  /** GraphQL API previews (applied only to URLs ending in `/graphql`), with or without `-preview`. */
  previews?: readonly string[];
}

/**
 * Request parameters: the reserved keys below plus any other key, which fills a URL placeholder
 * or else becomes a query parameter (GET, HEAD) or a JSON body key (other methods). `data` is sent
 * as the whole body.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type RequestParameters } from "./mod.ts";
 *
 * const parameters = { org: "octo-org", per_page: 100 } satisfies RequestParameters;
 * assert.equal(
 *   endpoint("GET /orgs/{org}/repos", parameters).url,
 *   "https://api.github.com/orgs/octo-org/repos?per_page=100",
 * );
 * ```
 */
export interface RequestParameters {
  /** The URL every relative route is resolved against, such as `https://api.github.com`. */
  baseUrl?: Url;
  /** Request headers. */
  headers?: RequestHeaders;
  /** `accept` header rewrites. */
  mediaType?: MediaType;
  /** Client options, passed through. */
  request?: RequestRequestOptions;
  /** URL placeholders, query parameters or body keys. */
  [parameter: string]: unknown;
}

/**
 * Options in object form: {@linkcode RequestParameters} plus the method and the URL.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type EndpointOptions } from "./mod.ts";
 *
 * const options: EndpointOptions = { method: "DELETE", url: "/repos/{owner}/{repo}", owner: "o", repo: "r" };
 * assert.equal(endpoint(options).url, "https://api.github.com/repos/o/r");
 * ```
 */
export interface EndpointOptions extends RequestParameters {
  /** The HTTP method (case-insensitive). */
  method?: RequestMethod | Lowercase<RequestMethod>;
  /** The URL or URL template. */
  url?: Url;
}

/**
 * The defaults every endpoint function carries (its `DEFAULTS`), and the output of `merge()`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type EndpointDefaults } from "./mod.ts";
 *
 * const merged: EndpointDefaults = endpoint.merge("post /markdown", { text: "**hi**" });
 * assert.equal(merged.method, "post");
 * assert.equal(endpoint.parse(merged).method, "POST");
 * ```
 */
export interface EndpointDefaults extends RequestParameters {
  /** The URL relative URLs are resolved against. */
  baseUrl: Url;
  /** The method, as given (`merge()` does not change its case). */
  method: RequestMethod | Lowercase<RequestMethod>;
  /** The URL template, when one is set. */
  url?: Url;
  /** Headers with lowercase names, always including `accept` and `user-agent`. */
  headers: RequestHeaders & { accept: string; "user-agent": string };
  /** `accept` header rewrites; `format` is `""` when unset. */
  mediaType: { format: string; previews?: readonly string[] };
}

/**
 * Request options ready for an HTTP client such as `fetch`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type RequestOptions } from "./mod.ts";
 *
 * const options: RequestOptions = endpoint("PUT /user/starred/{owner}/{repo}", {
 *   owner: "o",
 *   repo: "r",
 * });
 * assert.deepEqual([options.method, options.body], ["PUT", ""]);
 * ```
 */
export interface RequestOptions {
  /** The uppercase HTTP method. */
  method: RequestMethod;
  /** The absolute URL, with the query string for GET and HEAD. */
  url: Url;
  /** Headers with lowercase names and string values, ready for `fetch`, undici or got. */
  headers: RequestOptionsHeaders;
  /**
   * The body as a JavaScript value (not serialized): `data`, or the remaining parameters, or `""`
   * for PUT and PATCH without parameters. Absent when there is none.
   */
  body?: unknown;
  /** The `request` option, passed through. */
  request?: RequestRequestOptions;
}

/**
 * A value for a URL placeholder.
 *
 * @example Usage
 * ```ts
 * import type { RouteParameterValue } from "./mod.ts";
 *
 * const values: RouteParameterValue[] = ["octo-org", 42, 10n, true, ["a", "b"], { k: "v" }];
 * ```
 */
export type RouteParameterValue =
  | string
  | number
  | bigint
  | boolean
  | readonly (string | number | bigint | boolean)[]
  | Readonly<Record<string, string | number | bigint | boolean>>;

/**
 * The parameters a literal route requires, inferred from its placeholders.
 *
 * @example Usage
 * ```ts
 * import type { RouteParameters } from "./mod.ts";
 *
 * const parameters: RouteParameters<"GET /repos/{owner}/{repo}{?page}"> = {
 *   owner: "octo-org",
 *   repo: "octo-repo",
 * };
 * ```
 */
export type RouteParameters<R extends string> = {
  [Name in RequiredRouteParameterNames<R>]: RouteParameterValue;
};

/**
 * The options argument for a route: required (and checked) when the route is a literal with
 * placeholders that the defaults `D` do not fill, optional otherwise, and permissive when the
 * route is a plain `string`.
 *
 * @example Usage
 * ```ts
 * import type { RouteOptionsArgument } from "./mod.ts";
 *
 * const argument: RouteOptionsArgument<"GET /orgs/{org}"> = [{ org: "octo-org" }];
 * ```
 */
export type RouteOptionsArgument<R extends string, D = object> = string extends R
  ? [options?: EndpointOptions]
  : [MissingRouteParameterNames<R, D>] extends [never] ? [options?: EndpointOptions]
  : [
    options: EndpointOptions & { [Name in MissingRouteParameterNames<R, D>]: RouteParameterValue },
  ];

/**
 * The type of {@linkcode endpoint} and of every function `.defaults()` derives: callable with a
 * route and options or with options alone, and carrying `DEFAULTS`, `defaults()`, `merge()` and
 * `parse()`. `D` records what the defaults fill, so placeholders they provide are not required.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint, type EndpointInterface } from "./mod.ts";
 *
 * const repository: EndpointInterface<{ owner: string; repo: string }> = endpoint.defaults({
 *   owner: "o",
 *   repo: "r",
 * });
 * assert.equal(
 *   repository("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1 }).url,
 *   "https://api.github.com/repos/o/r/issues/1",
 * );
 * ```
 */
export interface EndpointInterface<D extends object = object> {
  /**
   * Builds request options for a route.
   *
   * @param route `"<METHOD> <url template>"` or a URL template.
   * @param options Placeholder values, query or body parameters and reserved options.
   * @returns The request options.
   */
  <R extends Route>(route: R, ...options: RouteOptionsArgument<R, D>): RequestOptions;
  /**
   * Builds request options from options alone.
   *
   * @param options The method, URL and parameters.
   * @returns The request options.
   */
  (options: EndpointOptions): RequestOptions;
  /** The defaults this function applies. */
  DEFAULTS: EndpointDefaults & D;
  /**
   * Derives an endpoint function whose defaults are these defaults merged with `newDefaults`.
   *
   * @param newDefaults Defaults to merge on top.
   * @returns The derived function.
   */
  defaults<O extends EndpointOptions>(newDefaults: O): EndpointInterface<D & O>;
  /**
   * Merges a route and options onto the defaults without building the URL.
   *
   * @param route `"<METHOD> <url template>"` or a URL template, or the options in object form.
   * @param options Options (ignored when `route` is an object).
   * @returns The merged options.
   */
  merge(route?: Route | EndpointOptions, options?: EndpointOptions): EndpointDefaults & D;
  /**
   * Turns merged options into request options. Stateless: the same for every derived function.
   *
   * @param options Merged options, as `merge()` returns them.
   * @returns The request options.
   */
  parse(options: EndpointDefaults): RequestOptions;
}
