// Retry policy: which outcomes are retried, how long to wait, and the defaults.
import type { RetryOptions, SleepLike } from "./types.ts";

/** The retry policy with every default filled in. */
export interface _RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  budgetMs: number;
}

export const _DEFAULT_RETRY: Readonly<_RetryPolicy> = Object.freeze({
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  budgetMs: 10_000,
});

export const _DEFAULT_TIMEOUT_MS = 5_000;

function _nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(
      `Cannot use retry option "${name}": expected a finite number >= 0, got ${value}`,
    );
  }
  return value;
}

/** Fills in defaults and validates the caller's retry options. */
export function _retryPolicy(options: RetryOptions = {}): _RetryPolicy {
  const attempts = _nonNegative("attempts", options.attempts, _DEFAULT_RETRY.attempts);
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new RangeError(
      `Cannot use retry option "attempts": expected an integer >= 1, got ${attempts}`,
    );
  }
  return {
    attempts,
    baseDelayMs: _nonNegative("baseDelayMs", options.baseDelayMs, _DEFAULT_RETRY.baseDelayMs),
    maxDelayMs: _nonNegative("maxDelayMs", options.maxDelayMs, _DEFAULT_RETRY.maxDelayMs),
    budgetMs: _nonNegative("budgetMs", options.budgetMs, _DEFAULT_RETRY.budgetMs),
  };
}

/** 408, 429 and every 5xx are worth another attempt; any other status is final. */
export function _isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/** Full jitter: a uniformly random delay in [0, min(max, base * 2^retry)). */
export function _backoffDelay(
  policy: _RetryPolicy,
  retry: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/**
 * The delay a `Retry-After` header asks for, in milliseconds (delta-seconds or an HTTP date), or
 * `undefined` when absent or unparsable.
 */
export function _retryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d{1,10}$/.test(trimmed)) return Number(trimmed) * 1000;
  // HTTP dates name a day or a month; this keeps Date.parse's leniency ("-5") out.
  if (trimmed.length > 64 || !/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** `setTimeout` as a promise that rejects with the signal's reason when it aborts. */
export const _defaultSleep: SleepLike = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
