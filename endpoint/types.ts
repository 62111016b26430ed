/**
 * The types of {@linkcode endpoint}: its options, its result, and typed routes whose placeholders
 * are inferred from the route string at compile time.
 *
 * @module
 */

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
 * The URL part of a route: what follows the first space, or the whole route.
 *
 * @example Usage
 * ```ts
 * import type { RoutePath } from "./mod.ts";
 *
 * const path: RoutePath<"GET /repos/{owner}"> = "/repos/{owner}";
 * ```
 */
export type RoutePath<R extends string> = R extends `${string} ${infer Path}` ? Path : R;

/**
 * The contents of every `{...}` expression in a URL template, as a union.
 *
 * @example Usage
 * ```ts
 * import type { TemplateExpressions } from "./mod.ts";
 *
 * const expression: TemplateExpressions<"/r/{owner}{?page}"> = "?page";
 * ```
 */
export type TemplateExpressions<S extends string> = S extends
  `${string}{${infer Expression}}${infer Rest}` ? Expression | TemplateExpressions<Rest>
  : never;

/**
 * The variable names of a comma-separated variable list, without `:N` or `*` modifiers.
 *
 * @example Usage
 * ```ts
 * import type { TemplateVariableNames } from "./mod.ts";
 *
 * const name: TemplateVariableNames<"list*,var:3"> = "var";
 * ```
 */
export type TemplateVariableNames<List extends string> = List extends `${infer First},${infer Rest}`
  ? TemplateVariableNames<First> | TemplateVariableNames<Rest>
  : List extends `${infer Name}:${string}` ? Name
  : List extends `${infer Name}*` ? Name
  : List;

/**
 * The variables an expression requires: those of simple `{a,b}` and reserved `{+a}` expressions.
 * Variables of the other operators (`# . / ; ? &`) are optional.
 *
 * @example Usage
 * ```ts
 * import type { RequiredExpressionVariables } from "./mod.ts";
 *
 * const name: RequiredExpressionVariables<"+path" | "?page"> = "path";
 * ```
 */
export type RequiredExpressionVariables<E extends string> = E extends
  `${"#" | "." | "/" | ";" | "?" | "&"}${string}` ? never
  : E extends `+${infer List}` ? TemplateVariableNames<List>
  : TemplateVariableNames<E>;

/**
 * A word character (`\w` in a regular expression): an ASCII letter or digit, or `_`.
 *
 * @example Usage
 * ```ts
 * import type { WordCharacter } from "./mod.ts";
 *
 * const characters: WordCharacter[] = ["a", "Z", "0", "_"];
 * ```
 */
export type WordCharacter =
  | "a"
  | "b"
  | "c"
  | "d"
  | "e"
  | "f"
  | "g"
  | "h"
  | "i"
  | "j"
  | "k"
  | "l"
  | "m"
  | "n"
  | "o"
  | "p"
  | "q"
  | "r"
  | "s"
  | "t"
  | "u"
  | "v"
  | "w"
  | "x"
  | "y"
  | "z"
  | "A"
  | "B"
  | "C"
  | "D"
  | "E"
  | "F"
  | "G"
  | "H"
  | "I"
  | "J"
  | "K"
  | "L"
  | "M"
  | "N"
  | "O"
  | "P"
  | "Q"
  | "R"
  | "S"
  | "T"
  | "U"
  | "V"
  | "W"
  | "X"
  | "Y"
  | "Z"
  | "0"
  | "1"
  | "2"
  | "3"
  | "4"
  | "5"
  | "6"
  | "7"
  | "8"
  | "9"
  | "_";

/**
 * The leading word characters (`\w`) of `Text`, appended to `Name`.
 *
 * @example Usage
 * ```ts
 * import type { LeadingWord } from "./mod.ts";
 *
 * const word: LeadingWord<"name:signJwt"> = "name";
 * ```
 */
export type LeadingWord<Text extends string, Name extends string = ""> = Text extends
  `${infer First}${infer Tail}` ? First extends WordCharacter ? LeadingWord<Tail, `${Name}${First}`>
  : Name
  : Name;

/**
 * The placeholder name that the text after a `:` defines: a lowercase ASCII letter then word
 * characters (`\w`), at least two in all; `never` when it defines none.
 *
 * @example Usage
 * ```ts
 * import type { ColonPlaceholderName } from "./mod.ts";
 *
 * const name: ColonPlaceholderName<"owner/:repo"> = "owner";
 * ```
 */
export type ColonPlaceholderName<Text extends string> = LeadingWord<Text> extends
  `${infer First}${infer Tail}`
  ? Uppercase<First> extends First ? never : Tail extends "" ? never : LeadingWord<Text>
  : never;

/**
 * A URL template up to the first `Mark` (`?` or `#`) that does not open an expression such as
 * `{?page}`, prefixed with `Kept`.
 *
 * @example Usage
 * ```ts
 * import type { UrlTemplateBefore } from "./mod.ts";
 *
 * const path: UrlTemplateBefore<"/a{?page}/b?c=1", "?"> = "/a{?page}/b";
 * ```
 */
export type UrlTemplateBefore<Url extends string, Mark extends string, Kept extends string = ""> =
  Url extends `${infer Head}${Mark}${infer Tail}`
    ? Head extends `${string}{` ? UrlTemplateBefore<Tail, Mark, `${Kept}${Head}${Mark}`>
    : `${Kept}${Head}`
    : `${Kept}${Url}`;

/**
 * The path of a URL template: without its scheme and authority (`https://user:pw@host:8080`),
 * query and fragment.
 *
 * @example Usage
 * ```ts
 * import type { UrlTemplatePath } from "./mod.ts";
 *
 * const path: UrlTemplatePath<"https://h.example:8443/api/:version?x=1"> = "/api/:version";
 * ```
 */
export type UrlTemplatePath<Url extends string> = UrlTemplateBefore<
  UrlTemplateBefore<
    Url extends `${infer Scheme}://${infer Rest}` ? Scheme extends `${string}/${string}` ? Url
      : Rest extends `${string}/${infer Path}` ? `/${Path}`
      : ""
      : Url,
    "?"
  >,
  "#"
>;

/**
 * The `:name` placeholders of a URL: those that start a path segment (right after `/`). Anywhere
 * else `:word` is literal: Google's custom methods (`/v1/{+name}:generateIdToken`), the scheme,
 * userinfo, host, port, query and fragment.
 *
 * @example Usage
 * ```ts
 * import type { ColonPlaceholderNames } from "./mod.ts";
 *
 * const name: ColonPlaceholderNames<"/repos/:owner/:repo"> = "repo";
 * ```
 */
export type ColonPlaceholderNames<Url extends string> = ColonPlaceholderNamesOfPath<
  UrlTemplatePath<Url>
>;

/**
 * The `:name` placeholders of a path (see {@linkcode ColonPlaceholderNames}).
 *
 * @example Usage
 * ```ts
 * import type { ColonPlaceholderNamesOfPath } from "./mod.ts";
 *
 * const name: ColonPlaceholderNamesOfPath<"/v1/:name:signJwt"> = "name";
 * ```
 */
export type ColonPlaceholderNamesOfPath<Path extends string> = Path extends
  `${string}/:${infer Rest}` ? ColonPlaceholderName<Rest> | ColonPlaceholderNamesOfPath<Rest>
  : never;

/**
 * The names of the placeholders a route requires: simple `{name}` and reserved `{+name}`
 * expressions and `:name` path segments. Optional forms such as `{?query}` or `{/segment}` are not
 * required.
 *
 * @example Usage
 * ```ts
 * import type { RequiredRouteParameterNames } from "./mod.ts";
 *
 * const name: RequiredRouteParameterNames<"GET /orgs/{org}/repos{?page}"> = "org";
 * ```
 */
export type RequiredRouteParameterNames<R extends string> =
  | RequiredExpressionVariables<TemplateExpressions<RoutePath<R>>>
  | ColonPlaceholderNames<RoutePath<R>>;

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
 * The placeholders a route requires that the defaults `D` do not fill.
 *
 * @example Usage
 * ```ts
 * import type { MissingRouteParameterNames } from "./mod.ts";
 *
 * const name: MissingRouteParameterNames<"GET /repos/{owner}/{repo}", { owner: string }> = "repo";
 * ```
 */
export type MissingRouteParameterNames<R extends string, D> = Exclude<
  RequiredRouteParameterNames<R>,
  keyof D
>;

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
