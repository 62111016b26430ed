/**
 * The one error tree of `auth/`: {@linkcode AuthError} and its subclasses, each with a stable
 * `code` from a closed union, a `hint` that says what to do, and secrets redacted at construction.
 *
 * @module
 */

import { redactCause, redactSecrets } from "./_util/redact.ts";
import { isRetryableStatus } from "./_util/http_status.ts";
import type {
  AuthErrorCode,
  CredentialsErrorCode,
  GithubOidcErrorCode,
  GoogleApiErrorCode,
  TokenErrorCode,
  VerificationErrorCode,
} from "./error_codes.ts";
import {
  CREDENTIALS_ERROR_HINTS,
  GITHUB_OIDC_ERROR_HINTS,
  GOOGLE_API_ERROR_HINTS,
  NETWORK_HINT,
  SERVER_HINT,
  TOKEN_ERROR_HINTS,
  TRANSPORT_ERROR_HINTS,
  VERIFICATION_ERROR_HINTS,
} from "./_hints.ts";

export type * from "./error_codes.ts";

/** Options shared by every {@linkcode AuthError} constructor. */
export interface AuthErrorOptions {
  /**
   * What to do about it; defaults to a network hint for a call that got no answer (status 0 with
   * a cause), a retry-later hint for a retryable status (5xx, 429, 408), else the code's default
   * hint (each class knows its own codes' hints; `AuthError` itself those of its
   * {@linkcode TransportErrorCode}). The codes one function or optional source raises get theirs
   * from it: those of `authenticate()` and its GitHub side, of `loadCredentials()`'s lookup, of
   * the AWS and executable sources, of API keys and access boundaries, of the key JSON parser, of
   * the `allowedTypes` and `refuseLocalSources` checks and of unsupported files, and every
   * `GoogleApiError` code but the token endpoint's (STS, IAM Credentials, certificates, the
   * metadata server and subject tokens give theirs as `defaultHint`). So a bundle without those
   * parts carries none of their hints; built by a caller, such an error has the hint it is given.
   */
  hint?: string;
  /**
   * The code's default hint where the class does not hold it (the module that raises the code
   * gives it): used where the class's own would be, after the network and retry-later hints.
   */
  defaultHint?: string;
  /** The underlying error. */
  cause?: unknown;
  /** HTTP status of the failed call; 0 for a network error or a timeout. */
  status?: number;
  /** Google's `error.status` (such as `PERMISSION_DENIED`) or OAuth `error` (such as `invalid_grant`). */
  googleStatus?: string;
  /** Google's `error.message` or OAuth `error_description`, redacted. */
  googleMessage?: string;
  /** The option the error is about (its camelCase name in this library). */
  option?: string;
  /** Secret values to redact from the message, hint and Google message besides the usual patterns. */
  secrets?: readonly string[];
}

/**
 * The hint of an error of `code`: the one given, else the network hint of a call that got no
 * answer (status 0 with a cause), else the retry-later hint of a retryable status, else the
 * `defaultHint` given, else `defaults[code]`: the table of the class's own codes, so that a bundle
 * carries the hints of the classes and calls it uses only.
 */
function hintOf(
  code: string,
  options: AuthErrorOptions,
  defaults: Readonly<Partial<Record<string, string>>>,
): string {
  if (options.hint !== undefined) return options.hint;
  // No status: no call was made, so neither the network nor the server hint applies.
  const status = options.status ?? -1;
  if (status === 0 && options.cause !== undefined) return NETWORK_HINT;
  if (isRetryableStatus(status)) return SERVER_HINT;
  return options.defaultHint ?? (Object.hasOwn(defaults, code) ? defaults[code]! : "");
}

/**
 * Base class of every domain error of `auth/`. `code` is stable and `switch (error.code)` narrows
 * {@linkcode AnyAuthError}; messages and hints never contain secrets (they are redacted here).
 *
 * @example Narrowing on the code
 * ```ts
 * import assert from "node:assert/strict";
 * import { AuthError } from "./mod.ts";
 * import { parseWorkloadIdentityProvider } from "./flows/mod.ts";
 *
 * try {
 *   parseWorkloadIdentityProvider("my-pool");
 *   assert.fail("expected an error");
 * } catch (error) {
 *   assert.ok(error instanceof AuthError);
 *   assert.equal(error.code, "ERR_PROVIDER_INVALID");
 *   assert.match(error.hint, /projects\/<project number>/);
 * }
 * ```
 */
export class AuthError<Code extends string = AuthErrorCode> extends Error {
  /** The class name, as a string literal so it survives minification. */
  override name = "AuthError";
  /** Stable machine-readable code. */
  declare readonly code: Code;
  /** What to do about it. */
  declare readonly hint: string;
  /** HTTP status of the failed call (0 for network errors and timeouts), if a call failed. */
  declare readonly status?: number;
  /** Google's `error.status` or OAuth `error`, when the response had one. */
  declare readonly googleStatus?: string;
  /** Google's `error.message` or OAuth `error_description` (redacted), when the response had one. */
  declare readonly googleMessage?: string;
  /** The option the error is about, when there is one. */
  declare readonly option?: string;

  /**
   * Builds the error, redacting secrets from every text field.
   *
   * @param code The stable code: one of {@linkcode AuthErrorCode}, or a code of an application
   * built on this library (which then passes its own `hint`).
   * @param message What failed, with context after a colon.
   * @param options Hint, cause, HTTP details and secrets to redact.
   */
  constructor(code: Code, message: string, options: AuthErrorOptions = {}) {
    const secrets = options.secrets ?? [];
    super(
      redactSecrets(message, secrets),
      options.cause === undefined ? {} : { cause: redactCause(options.cause, secrets) },
    );
    this.code = code;
    this.hint = redactSecrets(hintOf(code, options, TRANSPORT_ERROR_HINTS), secrets);
    // Every field is assigned (undefined when not given), so each is an own property.
    this.status = options.status;
    this.googleStatus = options.googleStatus;
    this.googleMessage = options.googleMessage && redactSecrets(options.googleMessage, secrets);
    this.option = options.option;
  }
}

/**
 * A bad option, service account key, provider name, or missing GitHub OIDC environment; raised
 * before any network call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CredentialsError } from "./mod.ts";
 * import { parseServiceAccountKey } from "./keys/mod.ts";
 *
 * assert.throws(() => parseServiceAccountKey("   "), CredentialsError);
 * ```
 */
export class CredentialsError extends AuthError {
  /** Always `"CredentialsError"` (survives minification). */
  override name = "CredentialsError";
  /** Stable machine-readable code. */
  declare readonly code: CredentialsErrorCode;

  /**
   * Builds the error, redacting secrets from every text field.
   *
   * @param code The stable code.
   * @param message What is wrong, naming the option.
   * @param options Hint, cause and the option name.
   */
  constructor(code: CredentialsErrorCode, message: string, options: AuthErrorOptions = {}) {
    super(code, message, { ...options, hint: hintOf(code, options, CREDENTIALS_ERROR_HINTS) });
  }
}

/**
 * A Google call (STS, IAM Credentials, OAuth2) that failed with a non-retryable status or after its
 * retries; `status` is 0 for network errors and timeouts.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { GoogleApiError } from "./mod.ts";
 *
 * const error = new GoogleApiError("ERR_OAUTH2_TOKEN_FAILED", "Failed: 403", { status: 403 });
 * assert.equal(error.status, 403);
 * assert.match(error.hint, /domain-wide delegation/);
 * ```
 */
export class GoogleApiError extends AuthError {
  /** Always `"GoogleApiError"` (survives minification). */
  override name = "GoogleApiError";
  /** Stable machine-readable code. */
  declare readonly code: GoogleApiErrorCode;
  /** HTTP status of the failed call; 0 for a network error or a timeout. */
  declare readonly status: number;

  /**
   * Builds the error, redacting secrets from every text field.
   *
   * @param code The stable code.
   * @param message What failed, with Google's answer after a colon.
   * @param options Status, Google's status and message, hint, cause, secrets to redact.
   */
  constructor(code: GoogleApiErrorCode, message: string, options: AuthErrorOptions = {}) {
    const called = { ...options, status: options.status ?? 0 };
    super(code, message, { ...called, hint: hintOf(code, called, GOOGLE_API_ERROR_HINTS) });
  }
}

/**
 * The GitHub Actions OIDC token request failed with a non-retryable status or after its retries.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { GithubOidcError } from "./mod.ts";
 *
 * const error = new GithubOidcError("ERR_OIDC_REQUEST_FAILED", "Failed", { status: 0 });
 * assert.match(error.hint, /id-token: write/);
 * ```
 */
export class GithubOidcError extends AuthError {
  /** Always `"GithubOidcError"` (survives minification). */
  override name = "GithubOidcError";
  /** Stable machine-readable code. */
  declare readonly code: GithubOidcErrorCode;
  /** HTTP status of the failed call; 0 for a network error or a timeout. */
  declare readonly status: number;

  /**
   * Builds the error, redacting secrets from every text field.
   *
   * @param code The stable code.
   * @param message What failed.
   * @param options Status, hint, cause, secrets to redact.
   */
  constructor(code: GithubOidcErrorCode, message: string, options: AuthErrorOptions = {}) {
    const called = { ...options, status: options.status ?? 0 };
    super(code, message, { ...called, hint: hintOf(code, called, GITHUB_OIDC_ERROR_HINTS) });
  }
}

/**
 * A 2xx response that holds no usable token (not JSON, truncated, a field missing or of the
 * wrong type).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { TokenError } from "./mod.ts";
 *
 * const error = new TokenError("ERR_TOKEN_RESPONSE_INVALID", 'Missing "accessToken"');
 * assert.equal(error.code, "ERR_TOKEN_RESPONSE_INVALID");
 * ```
 */
export class TokenError extends AuthError {
  /** Always `"TokenError"` (survives minification). */
  override name = "TokenError";
  /** Stable machine-readable code. */
  declare readonly code: TokenErrorCode;

  /**
   * Builds the error, redacting secrets from every text field.
   *
   * @param code The stable code.
   * @param message What is missing or wrong.
   * @param options Status, hint, cause, secrets to redact.
   */
  constructor(code: TokenErrorCode, message: string, options: AuthErrorOptions = {}) {
    super(code, message, { ...options, hint: hintOf(code, options, TOKEN_ERROR_HINTS) });
  }
}

/**
 * A token that `verifyIdToken()` or `verifyIapJwt()` refused: its `code` names the check that
 * failed. The message never holds the token.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { VerificationError } from "./mod.ts";
 *
 * const error = new VerificationError("ERR_TOKEN_EXPIRED", "The ID token expired");
 * assert.match(error.hint, /new token/);
 * ```
 */
export class VerificationError extends AuthError {
  /** Always `"VerificationError"` (survives minification). */
  override name = "VerificationError";
  /** Stable machine-readable code. */
  declare readonly code: VerificationErrorCode;

  /**
   * Builds the error, redacting secrets from every text field.
   *
   * @param code The stable code: which check failed.
   * @param message What failed, without the token.
   * @param options Hint, cause, secrets to redact.
   */
  constructor(code: VerificationErrorCode, message: string, options: AuthErrorOptions = {}) {
    super(code, message, { ...options, hint: hintOf(code, options, VERIFICATION_ERROR_HINTS) });
  }
}

/**
 * Any error of the tree, discriminated by `code`.
 *
 * @example Narrowing
 * ```ts
 * import assert from "node:assert/strict";
 * import { type AnyAuthError, CredentialsError } from "./mod.ts";
 *
 * function describe(error: AnyAuthError): string {
 *   switch (error.code) {
 *     case "ERR_OIDC_UNAVAILABLE":
 *       return `option ${error.option ?? "?"}`;
 *     default:
 *       return error.code;
 *   }
 * }
 * assert.equal(describe(new CredentialsError("ERR_KEY_EMPTY", "empty")), "ERR_KEY_EMPTY");
 * ```
 */
export type AnyAuthError =
  | CredentialsError
  | GoogleApiError
  | GithubOidcError
  | TokenError
  | VerificationError;
