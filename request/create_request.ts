/**
 * {@linkcode createRequest}: a request function for a REST API typed by its OpenAPI `paths`.
 *
 * @module
 */

import { type EndpointOptions, type RequestOptions, typedEndpoint } from "../endpoint/mod.ts";
import { maxPagesOf, pages } from "./_paginate.ts";
import { send, type SendLimits } from "./_send.ts";
import type { CreateRequestOptions, PaginateOptions, RequestFunction } from "./types.ts";

/** `timeoutMs` when none is given: one request, its whole body read. */
const DEFAULT_TIMEOUT_MS = 60_000;
/** `maxResponseBytes` when none is given: a page of 100 GitHub items or 1000 Google ones fits. */
const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** A positive number option, checked; `Infinity` turns the bound off. */
function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === "number" && value > 0) return value;
  throw new RangeError(
    `Cannot create a request function: option "${name}" must be a number > 0, got ${String(value)}`,
  );
}

/** Every option name of `createRequest()`, which the compiler checks against its interface. */
const OPTION_NAMES: { readonly [K in keyof Required<CreateRequestOptions>]: true } = {
  baseUrl: true,
  fetch: true,
  headers: true,
  timeoutMs: true,
  maxResponseBytes: true,
};

/** Whether `value` is an absolute `http:` or `https:` URL. */
function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** The path segments a URL parser resolves away: `..` and `.`, percent-encoded or not. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The first dot segment of `url`'s path: `DELETE /b/{bucket}/o/{object}` with object `..` would
 * otherwise delete at the bucket's path, since fetch resolves it before sending.
 */
function dotSegmentOf(url: string): string | undefined {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/)[0]!;
  return path.split("/").find((segment) => DOT_SEGMENT.test(segment));
}

/** Every option name of `paginate()`. */
const PAGINATE_OPTION_NAMES: { readonly [K in keyof Required<PaginateOptions>]: true } = {
  maxPages: true,
};

/** Refuses a misspelt option (`baseURL`, `maxPage`), which would otherwise be ignored. */
function refuseUnknown(
  options: object | undefined,
  names: Readonly<Record<string, true>>,
  what: string,
): void {
  const name = Object.keys(options ?? {}).find((name) => !Object.hasOwn(names, name));
  if (name !== undefined) {
    throw new TypeError(
      `Cannot ${what}: "${name}" is not an option: use one of ${Object.keys(names).join(", ")}`,
    );
  }
}

/**
 * A request function for a REST API typed by `Paths`, its OpenAPI 3 `paths` interface as
 * openapi-typescript generates it (`@octokit/openapi-types` for GitHub; for Google's APIs, the
 * module `deno task discovery-types` writes from a Discovery document). Leave `Paths` out for any
 * API: routes are then any string and `data` is `unknown`.
 *
 * `request(route, options)` builds the request exactly as `typedEndpoint<Paths>({ baseUrl,
 * headers })` does (an object body is sent as JSON), sends it with `fetch`, and resolves to
 * `{ status, url, headers, data }` for a 2xx, `data` typed from the spec's 2xx response. Anything
 * else rejects with a `RequestError` that carries the status and the response and whose message
 * holds no credential. Nothing is retried. `request.paginate(route, options, { maxPages })` yields
 * each page's `data`, following `Link: <...>; rel="next"` (GitHub) and `nextPageToken` ->
 * `pageToken` (Google), at most 100 pages unless `maxPages` says otherwise.
 *
 * Bounds: each request (headers and body) must complete within `timeoutMs` (60 s) and its body
 * may not exceed `maxResponseBytes` (16 MiB); `request.signal` aborts a call.
 *
 * @typeParam Paths The `paths` interface of the API's OpenAPI document.
 * @param options `baseUrl`, `fetch` (default `globalThis.fetch`, read now), `headers`, bounds.
 * @returns The request function.
 * @throws {RangeError} When `timeoutMs` or `maxResponseBytes` is not a number > 0.
 * @throws {TypeError} When `fetch` is not a function (or absent and there is no global `fetch`),
 * `baseUrl` not an absolute http(s) URL, `headers` not an object, or an option is one it does not
 * take.
 *
 * @example GitHub, typed by its OpenAPI document
 * ```ts
 * import type { paths } from "@octokit/openapi-types";
 * import { createRequest } from "@gcp-oidc/auth/request";
 *
 * async function openIssues(token: string): Promise<string[]> {
 *   const request = createRequest<paths>({ headers: { authorization: `Bearer ${token}` } });
 *   const titles: string[] = [];
 *   for await (
 *     const issues of request.paginate("GET /repos/{owner}/{repo}/issues", {
 *       owner: "denoland",
 *       repo: "deno",
 *       state: "open",
 *       per_page: 100,
 *     }, { maxPages: 5 })
 *   ) {
 *     titles.push(...issues.map((issue) => issue.title));
 *   }
 *   return titles;
 * }
 * ```
 *
 * @example Any API, with credentials that add and refresh the bearer
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson } from "@gcp-oidc/auth";
 * import { startEmulator } from "@gcp-oidc/auth/emulator";
 * import { createRequest } from "./mod.ts";
 *
 * await using emulator = await startEmulator();
 * const credentials = credentialsFromJson(await emulator.serviceAccountKey());
 * const storage = createRequest({ baseUrl: emulator.endpoints.storage, fetch: credentials.fetch });
 * const { data } = await storage("GET /b/{bucket}/o/{object}", {
 *   bucket: "emulated-bucket",
 *   object: "hello.txt",
 * });
 * assert.equal((data as { name: string }).name, "hello.txt");
 * ```
 */
export function createRequest<Paths = unknown>(
  options: CreateRequestOptions = {},
): RequestFunction<Paths> {
  refuseUnknown(options, OPTION_NAMES, "create a request function");
  const fetch = options.fetch ?? globalThis.fetch;
  if (typeof fetch !== "function") {
    throw new TypeError(
      `Cannot create a request function: option "fetch" must be a function, got ${typeof fetch}` +
        (options.fetch === undefined ? " (this runtime has no global fetch: pass one)" : ""),
    );
  }
  const limits: SendLimits = {
    timeoutMs: positive("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS),
    maxResponseBytes: positive(
      "maxResponseBytes",
      options.maxResponseBytes,
      DEFAULT_MAX_RESPONSE_BYTES,
    ),
  };
  const { baseUrl, headers } = options;
  // A relative base would resolve against a page's own address, with the caller's fetch (and its
  // bearer) sending there.
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    throw new TypeError(
      `Cannot create a request function: option "baseUrl" must be an absolute http(s) URL, got ${
        typeof baseUrl === "string" ? "another string" : typeof baseUrl
      }`,
    );
  }
  if (headers !== undefined && (typeof headers !== "object" || headers === null)) {
    throw new TypeError(
      `Cannot create a request function: option "headers" must be an object, got ${
        headers === null ? "null" : typeof headers
      }`,
    );
  }
  const defaults: EndpointOptions = {};
  if (baseUrl !== undefined) defaults.baseUrl = baseUrl;
  if (headers !== undefined) defaults.headers = headers;
  const endpoint = typedEndpoint<Paths>(defaults);
  // The typed signatures are for callers; inside, a route is any string.
  const build = endpoint as unknown as (route: string, options?: object) => RequestOptions;
  const sendOne = (request: RequestOptions) => {
    const dots = dotSegmentOf(request.url);
    if (dots === undefined) return send(fetch, request, limits);
    return Promise.reject(
      new TypeError(
        `Cannot send the request: its path has a "${dots}" segment, which the URL parser resolves to another resource (was a parameter such as {object} "." or ".."?)`,
      ),
    );
  };
  const request = (route: string, parameters?: object) => sendOne(build(route, parameters));
  const paginate = (route: string, parameters?: object, pagination?: PaginateOptions) => {
    refuseUnknown(pagination, PAGINATE_OPTION_NAMES, "paginate");
    const maxPages = maxPagesOf(pagination?.maxPages);
    const withToken = (pageToken: string) => build(route, { ...parameters, pageToken });
    return pages(build(route, parameters), sendOne, withToken, maxPages);
  };
  return Object.assign(request, { paginate, endpoint }) as unknown as RequestFunction<Paths>;
}
