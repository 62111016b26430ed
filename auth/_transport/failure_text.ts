// What a failed call says: the domain error of a call that ended without a usable 2xx, its
// message and details, every server-provided text shortened and secrets redacted. http.ts sends;
// this module only words what went wrong.
import type { AuthError, AuthErrorOptions } from "../errors.ts";
import { TokenError } from "../errors.ts";
import { NET_PERMISSION_HINT } from "../_hints.ts";
import { isRecord, parseJsonOrUndefined } from "../_util/json.ts";
import { isRetryableStatus } from "../_util/http_status.ts";
import { redactAndTruncate } from "../_util/redact.ts";
import type { FetchResponse } from "../types.ts";
import type { RetryPolicy } from "./retry.ts";

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

/** How a call that needs no token field reports a failure. */
export type CallSpec = Omit<FailureSpec, "field">;

/** What the failed response said. */
export interface FailureDetails {
  status: number;
  googleStatus?: string;
  googleMessage?: string;
}

/** One answer to an attempt: its status, headers and body text. */
export interface Attempt {
  status: number;
  headers: FetchResponse["headers"];
  text: string;
  /** The body went past the transport's cap: `text` is its head. */
  oversized: boolean;
}

/**
 * The most characters of a server's status name (Google's are enum names such as `NOT_FOUND`) or
 * of a response's content type kept in an error.
 */
const MAX_SERVER_NAME = 100;

/** The name of the `DOMException` an attempt's timeout aborts with. */
export const TIMEOUT = "TimeoutError";

/**
 * Google's `{ error: { status, message } }` or OAuth's `{ error, error_description }`, each field
 * redacted and shortened: a server can send a 1 MiB message.
 */
function failureDetails(
  status: number,
  text: string,
  secrets: readonly string[],
): FailureDetails {
  const json = parseJsonOrUndefined(text);
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
export function errorText(error: unknown, secrets: readonly string[]): string {
  const isError = error instanceof Error;
  const text = isError
    ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
    : String(error);
  const kind = isError && error.name === TIMEOUT ? "timeout" : "network error";
  return `${kind}: ${redactAndTruncate(text, secrets)}`;
}

/** How many attempts a call made, after its message: nothing for one. */
export function attemptsText(attempts: number): string {
  return attempts === 1 ? "" : ` (after ${attempts} attempts)`;
}

/** Why a call stopped before its last attempt: the wait would pass the budget. */
export function outOfBudgetText(attempts: number, policy: RetryPolicy, askedMs?: number): string {
  const asked = askedMs === undefined
    ? ""
    : `the server asked to retry after ${Math.ceil(askedMs / 1000)} s; `;
  const tries = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
  return ` (${asked}no time left in the ${policy.budgetMs} ms retry budget after ${tries})`;
}

/** A 2xx response that holds no usable token: HTTP `status` with `what`. */
export function invalidBody(spec: CallSpec, outcome: Attempt, what: string): TokenError {
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
export function unshownBodyText(outcome: Attempt, secrets: readonly string[]): string {
  const type = outcome.headers.get("content-type");
  const shownType = type === null
    ? "no content type"
    : redactAndTruncate(type, secrets, MAX_SERVER_NAME);
  return `(${outcome.text.length} characters, ${shownType}, not shown)`;
}

/** A URL with a user name or password: refused, never sent (a fetch error would quote it). */
export function userinfoFailure(spec: CallSpec): AuthError {
  return spec.error(`${spec.message}: the URL holds a user name or password (user:password@)`, {
    status: 0,
    secrets: spec.secrets,
  });
}

/** A call the runtime's permissions refused: the same at every attempt, so never retried. */
export function permissionFailure(spec: CallSpec, error: Error): AuthError {
  const text = redactAndTruncate(error.message, spec.secrets);
  return spec.error(
    `${spec.message}: the runtime has no permission to make this request (${error.name}: ${text})`,
    { status: 0, cause: error, secrets: spec.secrets, hint: NET_PERMISSION_HINT },
  );
}

/**
 * The error of a call that ended without a 2xx: its last response (Google's or OAuth's error
 * details, the spec's hint), or, with no response, the network `failure` (status 0); `stop` says
 * why it stopped (its attempts, or the budget).
 */
export function failureOf(
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
