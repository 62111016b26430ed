/**
 * Types shared by the credential flows: injected effects, retry policy, logging and tokens.
 *
 * @module
 */

/**
 * What `auth/` reads of the response a {@linkcode FetchLike} resolves to: the status, headers by
 * name, and the body as a stream of bytes (read through a reader that stops at a size cap and is
 * cancelled on timeout). A Web `Response` has all of it; so can a lighter object, such as a
 * response read over `node:http`.
 *
 * @example A Response fits
 * ```ts
 * import assert from "node:assert/strict";
 * import type { FetchResponse } from "./mod.ts";
 *
 * const response: FetchResponse = new Response("ok", { headers: { "retry-after": "1" } });
 * assert.equal(response.headers.get("Retry-After"), "1");
 * assert.deepEqual(await response.body?.getReader().read(), {
 *   done: false,
 *   value: new TextEncoder().encode("ok"),
 * });
 * ```
 */
export interface FetchResponse {
  /** The HTTP status code. */
  readonly status: number;
  /** The response headers; `get` takes a name in any case and gives `null` for none. */
  readonly headers: Pick<Headers, "get">;
  /** The body, or `null` when there is none. */
  readonly body: {
    /** Locks the body to a reader that gives it chunk by chunk and can cancel it. */
    getReader(): Pick<ReadableStreamDefaultReader<Uint8Array>, "read" | "cancel">;
  } | null;
}

/**
 * A `fetch`-compatible function resolving to `R`, by default a `Response`; inject one to test
 * without a network or to add a proxy. The calls of `auth/` take a `FetchLike<FetchResponse>`:
 * `globalThis.fetch` is one, and so is a fetch whose responses have only what `auth/` reads.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { FetchLike, FetchResponse } from "./mod.ts";
 *
 * const fake: FetchLike = () => Promise.resolve(Response.json({ ok: true }));
 * const enough: FetchLike<FetchResponse> = fake;
 * assert.equal((await enough("https://example.com/")).status, 200);
 * ```
 */
export type FetchLike<R extends FetchResponse = Response> = (
  input: Request | URL | string,
  init?: RequestInit,
) => Promise<R>;

/** Waits `ms` milliseconds; rejects with the signal's reason when `signal` aborts. */
export type SleepLike = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Retry policy of every call: network errors, 408, 429 and 5xx are retried. */
export interface RetryOptions {
  /** Attempts in all, including the first; default 4, at least 1. */
  attempts?: number;
  /** Base of the exponential backoff (full jitter: a random delay up to base * 2^n); default 250 ms. */
  baseDelayMs?: number;
  /** Cap of one delay, including a `Retry-After` delay; default 5,000 ms. */
  maxDelayMs?: number;
  /** Wall-clock bound of one call, attempts and delays included; default 10,000 ms. */
  budgetMs?: number;
}

/** Where log lines go; `debug` never receives a secret. */
export interface AuthLogger {
  /** Diagnostic detail. */
  debug(message: string): void;
  /** Progress a user wants to see. */
  info(message: string): void;
  /** Something a user should act on (such as a guessed project id); falls back to `info`. */
  notice?(message: string): void;
}

/** Options of every function that makes a network call. */
export interface CallOptions {
  /**
   * The `fetch` to use; default `globalThis.fetch`. A rejection is a network failure and retried,
   * except an {@linkcode AuthError}, which ends the call as it is (a fetch that refuses its own
   * configuration, such as an unusable proxy variable). Only the response's status, headers and
   * body stream are read ({@linkcode FetchResponse}).
   */
  fetch?: FetchLike<FetchResponse>;
  /** The clock in milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** How to wait between attempts; default a `setTimeout` that honours the signal. */
  sleep?: SleepLike;
  /** Aborts every attempt and every delay; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Retry policy. */
  retry?: RetryOptions;
  /** Timeout of one attempt (headers and body), capped by the retry budget; default 5,000 ms. */
  timeoutMs?: number;
  /** Sent as `X-Goog-Request-Reason` on Google calls when set. */
  requestReason?: string;
  /** Receives debug lines about attempts and retries (never a secret). */
  log?: AuthLogger;
}

/** A bearer token and when it stops working. */
export interface ExpiringToken {
  /** The token. */
  token: string;
  /** When it expires, if the issuer said so. */
  expiresAt?: Date;
}
