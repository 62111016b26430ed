/**
 * Types shared by the credential flows: injected effects, retry policy, logging and tokens.
 *
 * @module
 */

/** A `fetch`-compatible function; inject one to test without a network or to add a proxy. */
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

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
   * configuration, such as an unusable proxy variable).
   */
  fetch?: FetchLike;
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
