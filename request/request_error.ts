/**
 * {@linkcode RequestError}: what a request function rejects with.
 *
 * @module
 */

import type { RequestResponse } from "./types.ts";

/**
 * The request a {@linkcode RequestError} is about, with secrets replaced by `[REDACTED]`: the
 * `authorization`, `cookie` and other credential headers, and the values of query parameters
 * named like a credential (`key`, `access_token`, `signature`, ...).
 *
 * @example Usage
 * ```ts
 * import type { RequestErrorRequest } from "./mod.ts";
 *
 * const request: RequestErrorRequest = {
 *   method: "GET",
 *   url: "https://storage.googleapis.com/storage/v1/b?key=[REDACTED]",
 *   headers: { authorization: "[REDACTED]" },
 * };
 * ```
 */
export interface RequestErrorRequest {
  /** The HTTP method. */
  method: string;
  /** The URL, credential query values redacted. */
  url: string;
  /** The request headers, credential values redacted. */
  headers: Record<string, string>;
}

/**
 * Options of the {@linkcode RequestError} constructor.
 *
 * @example Usage
 * ```ts
 * import type { RequestErrorOptions } from "./mod.ts";
 *
 * const options: RequestErrorOptions = {
 *   status: 404,
 *   request: { method: "GET", url: "https://api.github.com/user", headers: {} },
 * };
 * ```
 */
export interface RequestErrorOptions {
  /** The HTTP status, or 0 when no response came (network error, timeout). */
  status: number;
  /** The request, secrets redacted. */
  request: RequestErrorRequest;
  /** The response, when one came. */
  response?: RequestResponse<unknown>;
  /** The error that caused this one (a network error, a timeout). */
  cause?: unknown;
}

/**
 * A request that did not succeed: a response outside 2xx, a body that could not be read as
 * promised (too large, not the JSON its media type says), or no response at all (`status` 0:
 * network error or timeout). The message says the method, the origin and path (never the query
 * string or a header), the status and the server's own message, shortened, with any credential the
 * request carried redacted.
 *
 * @example Handling a 404
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRequest, RequestError } from "./mod.ts";
 *
 * const request = createRequest({
 *   fetch: async () => Response.json({ message: "Not Found" }, { status: 404 }),
 * });
 * const error = await request("GET /repos/{owner}/{repo}", { owner: "o", repo: "gone" })
 *   .catch((error: unknown) => error);
 * assert.ok(error instanceof RequestError);
 * assert.equal(error.status, 404);
 * assert.equal(error.message, "GET https://api.github.com/repos/o/gone: HTTP 404: Not Found");
 * assert.deepEqual(error.response?.data, { message: "Not Found" });
 * ```
 */
export class RequestError extends Error {
  /** The class name, as a string literal so it survives minification. */
  override name = "RequestError";
  /** The HTTP status, or 0 when no response came. */
  readonly status: number;
  /** The request, secrets redacted. */
  readonly request: RequestErrorRequest;
  /** The response, when one came. */
  readonly response?: RequestResponse<unknown>;

  /**
   * Builds the error; the request function does, and so may a test or a wrapper.
   *
   * @param message What failed, without secrets.
   * @param options The status, the request and the response.
   */
  constructor(message: string, options: RequestErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.request = options.request;
    if (options.response !== undefined) this.response = options.response;
  }
}
