// The only place in auth/ that calls fetch: one JSON call with per-attempt timeouts, retries on
// network errors, 408, 429 and 5xx (full-jitter backoff, Retry-After honoured, bounded budget),
// bodies read through a reader capped at 1 MiB and cancelled on timeout, and errors built with
// every server-provided text shortened and secrets redacted.
import { AuthError, type AuthErrorOptions, TokenError } from "../errors.ts";
import { redactAndTruncate } from "../_util/redact.ts";
import { fieldOf, isRecord } from "../_util/json.ts";
import {
  backoffDelay,
  DEFAULT_TIMEOUT_MS,
  defaultSleep,
  retryAfterMs,
  type RetryPolicy,
  retryPolicy,
} from "./retry.ts";
import { isRetryableStatus } from "../_util/http_status.ts";
import type { CallOptions, FetchResponse } from "../types.ts";
import { ownCopy } from "../_util/own.ts";
import { onAbort } from "../_util/abort.ts";
import { invalidOption } from "../_util/options.ts";
import { HINTS } from "../_hints.ts";
import { defaultFetch } from "./default_fetch.ts";
import { hasUserinfo } from "../_util/url_userinfo.ts";

/** A request ready to send: what `endpoint()` returns, with the body already serialized. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** How to report a failure of this call. */
export interface FailureSpec {
  /** Greppable message prefix, such as `Failed to generate Google Cloud federated token for X`. */
  message: string;
  /** The non-empty string field a successful response must carry: the token. */
  field: string;
  /** Builds the domain error from the final message and its details. */
  error: (message: string, options: AuthErrorOptions) => AuthError;
  /** Secret values of this call (bearer, subject token, assertion) to redact from any error. */
  secrets: readonly string[];
  /** Refines the hint from the failed response, such as listing the OIDC token's claims. */
  hint?: (details: FailureDetails) => string | undefined;
}

/** What the failed response said. */
export interface FailureDetails {
  status: number;
  googleStatus?: string;
  googleMessage?: string;
}

/** How a call that needs no token field reports a failure. */
type CallSpec = Omit<FailureSpec, "field">;

/** A successful JSON response. */
export interface JsonResponse {
  status: number;
  json: unknown;
  /** The response's `spec.field`. */
  token: string;
}

interface Attempt {
  status: number;
  headers: FetchResponse["headers"];
  text: string;
  /** The body went past {@linkcode MAX_BODY_BYTES}: `text` is its head. */
  oversized: boolean;
}

/** The most bytes of a response body read: token answers and Google errors are a few KB. */
export const MAX_BODY_BYTES = 1 << 20;

const TIMEOUT = "TimeoutError";

async function fetchText(
  request: HttpRequest,
  options: CallOptions,
  signal: AbortSignal,
): Promise<Attempt> {
  const fetchImpl = options.fetch ?? defaultFetch();
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
  options: CallOptions,
  timeoutMs: number,
): Promise<Attempt> {
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(
    () => controller.abort(new DOMException(`Timed out after ${timeoutMs} ms`, TIMEOUT)),
    timeoutMs,
  );
  const caller = options.signal;
  const unfollow = onAbort(caller, () => controller.abort(caller?.reason));
  // Racing the abort keeps a fetch that ignores its signal from outliving the timeout.
  let unrace = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    unrace = onAbort(signal, () => reject(signal.reason));
  });
  const pending = fetchText(request, options, signal);
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

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The most characters of a server's status name (Google's are enum names such as `NOT_FOUND`) or
 * of a response's content type kept in an error.
 */
const MAX_SERVER_NAME = 100;

/**
 * Google's `{ error: { status, message } }` or OAuth's `{ error, error_description }`, each field
 * redacted and shortened: a server can send a 1 MiB message.
 */
function failureDetails(
  status: number,
  text: string,
  secrets: readonly string[],
): FailureDetails {
  const json = parseJsonText(text);
  const details: FailureDetails = { status };
  if (!isRecord(json)) return details;
  const error = json.error;
  const googleStatus = isRecord(error) ? error.status : error;
  const googleMessage = isRecord(error)
    ? error.message
    : typeof error === "string"
    ? json.error_description
    : json.message;
  if (typeof googleStatus === "string") {
    details.googleStatus = redactAndTruncate(googleStatus, secrets, MAX_SERVER_NAME);
  }
  if (typeof googleMessage === "string") {
    details.googleMessage = redactAndTruncate(googleMessage, secrets);
  }
  return details;
}

/** What a failed response said: `HTTP <status> [<Google status>]`, then its message or body. */
function statusText(details: FailureDetails, text: string, secrets: readonly string[]): string {
  const { googleStatus, googleMessage } = details;
  const body = text.trim();
  return `HTTP ${details.status}${googleStatus ? ` ${googleStatus}` : ""}${
    googleMessage !== undefined
      ? `: ${googleMessage}`
      : body === ""
      ? " (empty body)"
      : `: ${redactAndTruncate(body, secrets)}`
  }`;
}

/** A network failure or timeout, with its cause's message (undici's reason is there). */
function errorText(error: unknown, secrets: readonly string[]): string {
  const isError = error instanceof Error;
  const text = isError
    ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
    : String(error);
  const kind = isError && error.name === TIMEOUT ? "timeout" : "network error";
  return `${kind}: ${redactAndTruncate(text, secrets)}`;
}

function attemptsText(attempts: number): string {
  return attempts === 1 ? "" : ` (after ${attempts} attempts)`;
}

/** Why a call stopped before its last attempt: the wait would pass the budget. */
function outOfBudgetText(attempts: number, policy: RetryPolicy, askedMs?: number): string {
  const asked = askedMs === undefined
    ? ""
    : `the server asked to retry after ${Math.ceil(askedMs / 1000)} s; `;
  const tries = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
  return ` (${asked}no time left in the ${policy.budgetMs} ms retry budget after ${tries})`;
}

/**
 * Sends `request`, retrying transient failures, and returns the parsed JSON of a 2xx response.
 * Rejects with the caller's abort reason when `options.signal` aborts, with `spec.error(...)` for
 * a failed call, and with a {@linkcode TokenError} when a 2xx body is not JSON.
 */
export async function requestJson(
  request: HttpRequest,
  options: CallOptions,
  spec: FailureSpec,
): Promise<JsonResponse> {
  const outcome = await requestText(request, options, spec);
  const json = parseJsonText(outcome.text);
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

/** A 2xx response that holds no usable token: HTTP `status` with `what`. */
function invalidBody(spec: CallSpec, outcome: Attempt, what: string): TokenError {
  return new TokenError(
    "ERR_TOKEN_RESPONSE_INVALID",
    `${spec.message}: HTTP ${outcome.status} with ${what}`,
    { status: outcome.status, secrets: spec.secrets },
  );
}

/**
 * Describes a 2xx body without quoting it: such a body is often the token itself (an opaque
 * subject token served as `text/plain`, a SAML assertion, a metadata server answer).
 */
function unshownBodyText(outcome: Attempt, secrets: readonly string[]): string {
  const type = outcome.headers.get("content-type");
  const shownType = type === null
    ? "no content type"
    : redactAndTruncate(type, secrets, MAX_SERVER_NAME);
  return `(${outcome.text.length} characters, ${shownType}, not shown)`;
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
  options: CallOptions,
  spec: CallSpec,
): Promise<Attempt> {
  options = ownCopy(options);
  const policy = retryPolicy(options.retry);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw invalidOption(
      "timeoutMs",
      `Cannot use option "timeoutMs": expected a number > 0, got ${timeoutMs}`,
    );
  }
  if (hasUserinfo(request.url)) {
    // Refused, never sent or retried: a runtime's fetch error would quote the password. Parsed,
    // as fetch parses it: `http:\\user:password@host` has a password too.
    throw spec.error(`${spec.message}: the URL holds a user name or password (user:password@)`, {
      status: 0,
      secrets: spec.secrets,
    });
  }
  spec = { ...spec, secrets: [...spec.secrets, ...querySecrets(request.url)] };
  const deadline = now() + policy.budgetMs;
  const where = whereText(request);
  let attempt = 0;
  for (;;) {
    attempt++;
    options.signal?.throwIfAborted();
    const attemptTimeout = Math.max(1, Math.min(timeoutMs, deadline - now()));
    let outcome: Attempt | undefined;
    let failure: unknown;
    try {
      outcome = await sendOnce(request, options, attemptTimeout);
    } catch (error) {
      options.signal?.throwIfAborted();
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
    options.log?.debug(
      `Retrying ${where} in ${delay} ms after ${why} (attempt ${
        attempt + 1
      } of ${policy.attempts})`,
    );
    await sleep(delay, options.signal);
  }
}

/** Whether `error` is the runtime refusing the call (Deno's `NotCapable` without `--allow-net`). */
function isPermissionDenial(error: unknown): error is Error {
  return error instanceof Error &&
    (error.name === "NotCapable" || error.name === "PermissionDenied");
}

/** A call the runtime's permissions refused: the same at every attempt, so never retried. */
function permissionFailure(spec: CallSpec, error: Error): AuthError {
  const text = redactAndTruncate(error.message, spec.secrets);
  return spec.error(
    `${spec.message}: the runtime has no permission to make this request (${error.name}: ${text})`,
    { status: 0, cause: error, secrets: spec.secrets, hint: HINTS.netPermission },
  );
}

/**
 * The error of a call that ended without a 2xx: its last response (Google's or OAuth's error
 * details, the spec's hint), or, with no response, the network `failure` (status 0).
 */
function failureOf(
  spec: CallSpec,
  outcome: Attempt | undefined,
  failure: unknown,
  stop: string,
): AuthError {
  if (outcome === undefined) {
    return spec.error(`${spec.message}: ${errorText(failure, spec.secrets)}${stop}`, {
      status: 0,
      cause: failure,
      secrets: spec.secrets,
    });
  }
  const details = failureDetails(outcome.status, outcome.text, spec.secrets);
  const message = `${spec.message}: ${statusText(details, outcome.text, spec.secrets)}${stop}`;
  // No hint from the spec (undefined) leaves the code's own. A retryable status at the end means
  // the service kept failing: AuthError gives its retry-later hint, whatever the spec would say.
  const hint = isRetryableStatus(details.status) ? undefined : spec.hint?.(details);
  return spec.error(message, { ...details, secrets: spec.secrets, hint });
}
