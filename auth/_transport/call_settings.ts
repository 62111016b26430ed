// A call's options as the transport reads them: copied from the caller's own properties and
// checked once, by the public function that took them; every call inside uses them as they are.
import type { AuthLogger, CallOptions, FetchLike, FetchResponse, SleepLike } from "../types.ts";
import { type RetryPolicy, retryPolicy } from "./retry.ts";
import { ownOption } from "../_util/own.ts";
import { invalidOption } from "../_util/options.ts";

/** The call options of {@linkcode CallOptions}, checked, with the retry policy and timeout filled in. */
export interface CallSettings {
  /** The caller's `fetch`; absent: the runtime's, looked up at each call. */
  readonly fetch?: FetchLike<FetchResponse>;
  /** The clock; absent: `Date.now`. */
  readonly now?: () => number;
  /** How to wait between attempts; absent: a `setTimeout` that honours the signal. */
  readonly sleep?: SleepLike;
  readonly signal?: AbortSignal;
  readonly retry: RetryPolicy;
  /** The timeout of one attempt, > 0; absent: 5 s (the metadata probe tells the two apart). */
  readonly timeoutMs?: number;
  readonly requestReason?: string;
  readonly log?: AuthLogger;
}

/**
 * The call settings of `options` (own properties only, as every public function reads its
 * options; each public function checks their names and kinds first, with `refuseUnknownOptions()`):
 * the retry policy and the timeout checked (`ERR_OPTIONS_INVALID` naming the option), nothing else
 * kept.
 */
export function callSettings(options: CallOptions): CallSettings {
  const retry = retryPolicy(ownOption(options, "retry"));
  const timeoutMs = ownOption(options, "timeoutMs");
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw invalidOption(
      "timeoutMs",
      `Cannot use option "timeoutMs": expected a number > 0, got ${timeoutMs}`,
    );
  }
  // Every field present, undefined when not given: a field read from these settings, or from a
  // spread of them, never reaches Object.prototype.
  return {
    fetch: ownOption(options, "fetch"),
    now: ownOption(options, "now"),
    sleep: ownOption(options, "sleep"),
    signal: ownOption(options, "signal"),
    retry,
    timeoutMs,
    requestReason: ownOption(options, "requestReason"),
    log: ownOption(options, "log"),
  };
}
