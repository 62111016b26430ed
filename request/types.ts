/**
 * The types of {@linkcode createRequest}: its options, the function it returns, responses typed
 * from the API's OpenAPI `paths`, and pagination options.
 *
 * @module
 */

import type {
  RequestHeaders,
  TypedEndpoint,
  TypedOperation,
  TypedRouteArgument,
  TypedRouteTemplate,
} from "../endpoint/mod.ts";
import type { SuccessData } from "./_response_types.ts";

/**
 * The `fetch` a request function calls: `globalThis.fetch`, a credentials object's `fetch` (which
 * adds and refreshes the bearer) or any function of the same shape.
 *
 * @example Usage
 * ```ts
 * import type { RequestFetch } from "./mod.ts";
 *
 * const fetchWithLog: RequestFetch = (url, init) => {
 *   console.log(init.method, new URL(url).pathname);
 *   return fetch(url, init);
 * };
 * ```
 */
export type RequestFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Options of {@linkcode createRequest}.
 *
 * @example Usage
 * ```ts
 * import type { CreateRequestOptions } from "./mod.ts";
 *
 * const options: CreateRequestOptions = {
 *   baseUrl: "https://storage.googleapis.com/storage/v1",
 *   headers: { accept: "application/json" },
 *   timeoutMs: 10_000,
 * };
 * ```
 */
export interface CreateRequestOptions {
  /** The URL relative routes are resolved against; default `https://api.github.com`. */
  baseUrl?: string;
  /**
   * The `fetch` to send with, such as `credentials.fetch`; default `globalThis.fetch` as it is when
   * {@linkcode createRequest} is called.
   */
  fetch?: RequestFetch;
  /** Headers of every request; default `endpoint()`'s (GitHub's `accept`, this package's user-agent). */
  headers?: RequestHeaders;
  /** The most milliseconds one request may take, its body read included; default 60 000. */
  timeoutMs?: number;
  /** The most bytes of a response body read; a longer one is an error. Default 16 MiB. */
  maxResponseBytes?: number;
}

/**
 * A response: its status, final URL, headers (lowercase names) and body. `data` is the parsed JSON
 * for a JSON media type, a string for `text/*`, the bytes for anything else, and `undefined` for
 * an empty body, `HEAD`, 204 and 205.
 *
 * @example Usage
 * ```ts
 * import type { RequestResponse } from "./mod.ts";
 *
 * const response: RequestResponse<{ login: string }> = {
 *   status: 200,
 *   url: "https://api.github.com/user",
 *   headers: { "content-type": "application/json; charset=utf-8" },
 *   data: { login: "octocat" },
 * };
 * ```
 */
export interface RequestResponse<Data> {
  /** The HTTP status. */
  status: number;
  /** The URL that answered (after redirects). */
  url: string;
  /** The response headers, names lowercase. */
  headers: Record<string, string>;
  /** The body. */
  data: Data;
}

/**
 * The `data` of a route's successful response, from the 2xx responses its operation declares in
 * `Paths` (their JSON schema; `string` for text; `Uint8Array` for other media types; `undefined`
 * for none). `unknown` when `Paths` is `unknown`.
 *
 * @example Usage
 * ```ts
 * import type { ResponseData } from "./mod.ts";
 *
 * interface paths {
 *   "/user": { get: { responses: { 200: { content: { "application/json": { login: string } } } } } };
 * }
 * const data: ResponseData<paths, "GET /user"> = { login: "octocat" };
 * ```
 */
export type ResponseData<Paths, R extends string> = unknown extends Paths ? unknown
  : TypedOperation<Paths, R> extends { responses: infer Responses } ? SuccessData<Responses>
  : unknown;

/**
 * Options of `request.paginate()`.
 *
 * @example Usage
 * ```ts
 * import type { PaginateOptions } from "./mod.ts";
 *
 * const options: PaginateOptions = { maxPages: 10 };
 * ```
 */
export interface PaginateOptions {
  /**
   * The most pages read; default 100. When the last page allowed still has a next page, the
   * iteration ends with a `RangeError` instead of stopping silently: `break` out of the loop to
   * read fewer pages on purpose.
   */
  maxPages?: number;
}

/**
 * The function {@linkcode createRequest} returns: sends a route of `Paths` and resolves to the
 * response, with `paginate()` to follow its pages.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRequest, type RequestFunction } from "./mod.ts";
 *
 * const request: RequestFunction<unknown> = createRequest({
 *   fetch: async () => Response.json({ login: "octocat" }),
 * });
 * assert.deepEqual((await request("GET /user")).data, { login: "octocat" });
 * ```
 */
export interface RequestFunction<Paths> {
  /**
   * Builds the request as `typedEndpoint<Paths>()` does, sends it and reads the response.
   *
   * @param route `"<METHOD> <path>"` as `Paths` names it, optionally followed by `{?name,...}`.
   * @param options The route's parameters and `endpoint()`'s options (`request.signal` aborts).
   * @returns The response of a 2xx; anything else rejects with a `RequestError`.
   */
  <R extends TypedRouteTemplate<Paths>>(
    route: R,
    ...options: TypedRouteArgument<Paths, R>
  ): Promise<RequestResponse<ResponseData<Paths, R>>>;
  /**
   * Sends the route, then each next page, and yields each page's `data`: the next page is the
   * `Link: <url>; rel="next"` header's URL (GitHub), else the same route with `pageToken` set to
   * the body's `nextPageToken` (Google).
   *
   * @param route The route of the first page.
   * @param options The route's parameters, then `{ maxPages }`.
   * @returns The pages' data, one page read per step.
   */
  paginate<R extends TypedRouteTemplate<Paths>>(
    route: R,
    ...options: [...TypedRouteArgument<Paths, R>, pagination?: PaginateOptions]
  ): AsyncIterableIterator<ResponseData<Paths, R>>;
  /** The builder every request is made with. */
  endpoint: TypedEndpoint<Paths>;
}
