// The only place in auth/ that calls fetch: one JSON call with per-attempt timeouts, retries on
// network errors, 408, 429 and 5xx (full-jitter backoff, Retry-After honoured, bounded budget),
// bodies read through a reader capped at 1 MiB and cancelled on timeout. What a failure says is
// worded in failure_text.ts.
import { AuthError } from "../errors.ts";
import { fieldOf, parseJsonOrUndefined } from "../_util/json.ts";
import { backoffDelay, DEFAULT_TIMEOUT_MS, defaultSleep, retryAfterMs } from "./retry.ts";
import { isRetryableStatus } from "../_util/http_status.ts";
import type { FetchResponse } from "../types.ts";
import type { CallSettings } from "./call_settings.ts";
import { onAbort } from "../_util/abort.ts";
import { defaultFetch } from "./default_fetch.ts";
import { hasUserinfo } from "../_util/url_userinfo.ts";
import {
  type Attempt,
  attemptsText,
  type CallSpec,
  errorText,
  failureOf,
  type FailureSpec,
  invalidBody,
  outOfBudgetText,
  permissionFailure,
  TIMEOUT,
  unshownBodyText,
  userinfoFailure,
} from "./failure_text.ts";

/** A request ready to send: what `endpoint()` returns, with the body already serialized. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A successful JSON response. */
export interface JsonResponse {
  status: number;
  json: unknown;
  /** The response's `spec.field`. */
  token: string;
}

/** The most bytes of a response body read: token answers and Google errors are a few KB. */
export const MAX_BODY_BYTES = 1 << 20;

async function fetchText(
  request: HttpRequest,
  call: CallSettings,
  signal: AbortSignal,
): Promise<Attempt> {
  const fetchImpl = call.fetch ?? defaultFetch();
  const { url, ...init } = request;
  // "manual", not "error": workerd accepts only "follow" and "manual". A redirect stays the
  // network error it was with "error" (an opaque one, as a browser gives it, has status 0).
  const response = await fetchImpl(url, { ...init, signal, redirect: "manual" });
  if ((response.status >= 300 && response.status <= 399) || response.status === 0) {
    await response.body?.getReader().cancel().catch(() => {});
    throw new TypeError("fetch failed", { cause: new Error("unexpected redirect") });
  }
  const { text, oversized } = await readBody(response, signal);
  return { status: response.status, headers: response.headers, text, oversized };
}

/**
 * The body's first {@linkcode MAX_BODY_BYTES} as text, read through a reader that is cancelled
 * when `signal` aborts or the cap is reached: some `fetch` implementations (Node 20's) stop honouring the signal once headers have arrived, so the body of a
 * server that drips or never ends would otherwise be read forever.
 */
async function readBody(
  response: FetchResponse,
  signal: AbortSignal,
): Promise<{ text: string; oversized: boolean }> {
  const reader = response.body?.getReader();
  if (reader === undefined) return { text: "", oversized: false };
  const cancel = (): void => void reader.cancel(signal.reason).catch(() => {});
  const stopListening = onAbort(signal, cancel);
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  try {
    for (;;) {
      signal.throwIfAborted();
      const { done, value } = await reader.read();
      signal.throwIfAborted();
      if (done) return { text: text + decoder.decode(), oversized: false };
      const room = MAX_BODY_BYTES - size;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        text += decoder.decode(value.subarray(0, room));
        cancel();
        return { text, oversized: true };
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    cancel();
    throw error;
  } finally {
    stopListening();
  }
}

async function sendOnce(
  request: HttpRequest,
  call: CallSettings,
  timeoutMs: number,
): Promise<Attempt> {
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(
    () => controller.abort(new DOMException(`Timed out after ${timeoutMs} ms`, TIMEOUT)),
    timeoutMs,
  );
  const caller = call.signal;
  const unfollow = onAbort(caller, () => controller.abort(caller?.reason));
  // Racing the abort keeps a fetch that ignores its signal from outliving the timeout.
  let unrace = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    unrace = onAbort(signal, () => reject(signal.reason));
  });
  const pending = fetchText(request, call, signal);
  try {
    return await Promise.race([pending, aborted]);
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  } finally {
    pending.catch(() => {});
    aborted.catch(() => {});
    unrace();
    clearTimeout(timer);
    unfollow();
  }
}

/**
 * Sends `request`, retrying transient failures, and returns the parsed JSON of a 2xx response.
 * Rejects with the caller's abort reason when `call.signal` aborts, with `spec.error(...)` for
 * a failed call, and with a {@linkcode TokenError} when a 2xx body is not JSON.
 */
export async function requestJson(
  request: HttpRequest,
  call: CallSettings,
  spec: FailureSpec,
): Promise<JsonResponse> {
  const outcome = await requestText(request, call, spec);
  const json = parseJsonOrUndefined(outcome.text);
  if (json === undefined) {
    throw invalidBody(
      spec,
      outcome,
      `a body that is not JSON ${unshownBodyText(outcome, spec.secrets)}`,
    );
  }
  const token = fieldOf(json, spec.field);
  if (typeof token !== "string" || token === "") {
    throw invalidBody(spec, outcome, `no "${spec.field}" string`);
  }
  return { status: outcome.status, json, token };
}

/**
 * The query of `url`, as written and as parsed, as secrets of the call: a runtime's network error
 * can quote the whole URL (Deno's "error sending request for url (...)"), and a query can carry a
 * token (`?sig=...`).
 */
function querySecrets(url: string): string[] {
  const queries = [/\?([^#]*)/.exec(url)?.[1] ?? ""];
  try {
    queries.push(new URL(url).search.slice(1));
  } catch {
    // Not a URL: fetch refuses it, quoting what was written.
  }
  return [...new Set(queries)].filter((query) => query !== "");
}

/** Where a request goes, for a log line: origin and path, never userinfo or the query string. */
function whereText(request: HttpRequest): string {
  try {
    const url = new URL(request.url);
    return `${request.method} ${url.origin}${url.pathname}`;
  } catch {
    return `${request.method} (an invalid URL)`;
  }
}

/** A successful response read as text (the metadata server answers plain text). */
export interface TextResponse {
  status: number;
  headers: FetchResponse["headers"];
  text: string;
}

/**
 * Sends `request` like {@linkcode requestJson} (same retries, timeouts and errors) and returns
 * the status, headers and body text of the 2xx response.
 */
export async function requestText(
  request: HttpRequest,
  call: CallSettings,
  spec: CallSpec,
): Promise<Attempt> {
  const policy = call.retry;
  const now = call.now ?? Date.now;
  const sleep = call.sleep ?? defaultSleep;
  const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (hasUserinfo(request.url)) {
    // Refused, never sent or retried: a runtime's fetch error would quote the password. Parsed,
    // as fetch parses it: `http:\\user:password@host` has a password too.
    throw userinfoFailure(spec);
  }
  spec = { ...spec, secrets: [...spec.secrets, ...querySecrets(request.url)] };
  const deadline = now() + policy.budgetMs;
  const where = whereText(request);
  let attempt = 0;
  for (;;) {
    attempt++;
    call.signal?.throwIfAborted();
    const attemptTimeout = Math.max(1, Math.min(timeoutMs, deadline - now()));
    let outcome: Attempt | undefined;
    let failure: unknown;
    try {
      outcome = await sendOnce(request, call, attemptTimeout);
    } catch (error) {
      call.signal?.throwIfAborted();
      // The fetch's own verdict on its configuration (such as an unusable proxy): not transient.
      if (error instanceof AuthError) throw error;
      if (isPermissionDenial(error)) throw permissionFailure(spec, error);
      failure = error;
    }
    if (outcome !== undefined && outcome.status >= 200 && outcome.status <= 299) {
      if (outcome.oversized) {
        throw invalidBody(
          spec,
          outcome,
          `a body over ${MAX_BODY_BYTES} bytes`,
        );
      }
      return outcome;
    }
    if (outcome !== undefined && !isRetryableStatus(outcome.status)) {
      throw failureOf(spec, outcome, failure, attemptsText(attempt));
    }
    let delay = backoffDelay(policy, attempt - 1);
    const asked = outcome === undefined
      ? undefined
      : retryAfterMs(outcome.headers.get("retry-after"), now());
    if (asked !== undefined) delay = Math.min(asked, policy.maxDelayMs);
    const outOfTime = attempt < policy.attempts && now() + delay >= deadline;
    if (attempt >= policy.attempts || outOfTime) {
      const stop = outOfTime ? outOfBudgetText(attempt, policy, asked) : attemptsText(attempt);
      throw failureOf(spec, outcome, failure, stop);
    }
    const why = outcome === undefined ? errorText(failure, spec.secrets) : `HTTP ${outcome.status}`;
    call.log?.debug(
      `Retrying ${where} in ${delay} ms after ${why} (attempt ${
        attempt + 1
      } of ${policy.attempts})`,
    );
    await sleep(delay, call.signal);
  }
}

/** Whether `error` is the runtime refusing the call (Deno's `NotCapable` without `--allow-net`). */
function isPermissionDenial(error: unknown): error is Error {
  return error instanceof Error &&
    (error.name === "NotCapable" || error.name === "PermissionDenied");
}
