// Retry policy: which outcomes are retried, how long to wait, and the defaults.
import type { RetryOptions, SleepLike } from "../types.ts";
import { onAbort } from "../_util/abort.ts";
import { invalidOption, type OptionNameSet, refuseUnknownOptions } from "../_util/options.ts";

/** The retry policy with every default filled in. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  budgetMs: number;
}

export const DEFAULT_RETRY: Readonly<RetryPolicy> = Object.freeze({
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  budgetMs: 10_000,
});

export const DEFAULT_TIMEOUT_MS = 5_000;

/** The names of {@linkcode RetryOptions}: `attempt` for `attempts` would keep the default. */
const RETRY_OPTION_NAMES: OptionNameSet<RetryOptions> = {
  attempts: "number",
  baseDelayMs: "number",
  maxDelayMs: "number",
  budgetMs: "number",
};

/**
 * Fills in defaults and validates the caller's retry options, in the policy's order: each must be
 * a finite number >= 0, and `attempts` an integer >= 1.
 */
export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  refuseUnknownOptions(options, RETRY_OPTION_NAMES, "retry");
  const policy = { ...DEFAULT_RETRY };
  for (const name of Object.keys(policy) as (keyof RetryPolicy)[]) {
    const value = options[name];
    if (value === undefined) continue;
    const expected = !(Number.isFinite(value) && value >= 0)
      ? "a finite number >= 0"
      : name === "attempts" && !(Number.isInteger(value) && value >= 1)
      ? "an integer >= 1"
      : undefined;
    if (expected !== undefined) {
      throw invalidOption(
        "retry",
        `Cannot use retry option "${name}": expected ${expected}, got ${value}`,
      );
    }
    policy[name] = value;
  }
  return policy;
}

/** Full jitter: a uniformly random delay in [0, min(max, base * 2^retry)). */
export function backoffDelay(
  policy: RetryPolicy,
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
export function retryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d{1,10}$/.test(trimmed)) return Number(trimmed) * 1000;
  // HTTP dates name a day or a month; this keeps Date.parse's leniency ("-5") out.
  if (trimmed.length > 64 || !/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** `setTimeout` as a promise that rejects with the signal's reason when it aborts. */
export const defaultSleep: SleepLike = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      stopListening();
      resolve();
    }, ms);
    const stopListening = onAbort(signal, () => {
      clearTimeout(timer);
      reject(signal?.reason);
    });
  });
