/**
 * The one error tree of `auth/`: {@linkcode AuthError} and its subclasses, each with a stable
 * `code` from a closed union, a `hint` that says what to do, and secrets redacted at construction.
 *
 * @module
 */

import { _redact, _redactCause } from "./_util/redact.ts";
import { _isRetryableStatus } from "./_transport/retry.ts";

/** Codes of {@linkcode CredentialsError}: a bad option, key, provider name or OIDC environment. */
export type CredentialsErrorCode =
  | "ERR_OPTIONS_INVALID"
  | "ERR_OPTIONS_CREDENTIAL_SOURCE"
  | "ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED"
  | "ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED"
  | "ERR_PROVIDER_INVALID"
  | "ERR_KEY_EMPTY"
  | "ERR_KEY_MALFORMED"
  | "ERR_KEY_UNSUPPORTED_TYPE"
  | "ERR_KEY_FIELD_MISSING"
  | "ERR_KEY_FIELD_INVALID"
  | "ERR_KEY_PRIVATE_KEY_INVALID"
  | "ERR_OIDC_UNAVAILABLE"
  | "ERR_CREDENTIALS_NOT_FOUND"
  | "ERR_CREDENTIALS_UNREADABLE"
  | "ERR_CREDENTIALS_MALFORMED"
  | "ERR_CREDENTIALS_FIELD_MISSING"
  | "ERR_CREDENTIALS_FIELD_INVALID"
  | "ERR_CREDENTIALS_UNSUPPORTED";

/** Codes of {@linkcode GoogleApiError}: a Google call that failed (after retries). */
export type GoogleApiErrorCode =
  | "ERR_STS_EXCHANGE_FAILED"
  | "ERR_IAM_ACCESS_TOKEN_FAILED"
  | "ERR_IAM_ID_TOKEN_FAILED"
  | "ERR_IAM_SIGN_JWT_FAILED"
  | "ERR_OAUTH2_TOKEN_FAILED"
  | "ERR_METADATA_REQUEST_FAILED"
  | "ERR_SUBJECT_TOKEN_FAILED";

/** Codes of {@linkcode GithubOidcError}: the GitHub OIDC token request failed (after retries). */
export type GithubOidcErrorCode = "ERR_OIDC_REQUEST_FAILED";

/** Codes of {@linkcode TokenError}: a successful response that does not hold a usable token. */
export type TokenErrorCode = "ERR_TOKEN_RESPONSE_INVALID";

/** Every code an {@linkcode AuthError} can carry. */
export type AuthErrorCode =
  | CredentialsErrorCode
  | GoogleApiErrorCode
  | GithubOidcErrorCode
  | TokenErrorCode;

const NEW_KEY_HINT = "Create a new key and pass the file as downloaded";
const FORKS_GET_NO = "forks and Dependabot get no";
const ID_TOKEN_WRITE = "`permissions: id-token: write`";
const TOKEN_CREATOR = "roles/iam.serviceAccountTokenCreator";
const IAM_DELAY = "; IAM changes take up to 5 minutes";
const IAM_TOKEN_HINT =
  `Grant the caller ${TOKEN_CREATOR} (or roles/iam.workloadIdentityUser for federation) on the service account${IAM_DELAY}`;
/** `gcloud auth application-default login`, quoted as a command. */
export const _ADC_LOGIN = "`gcloud auth application-default login`";
/** Where there is no file system (a Worker), the `readFile` option. */
export const _PASS_READ_FILE = "pass `readFile` where there is no file system";

/** The default hint of each code: one imperative sentence saying what to do. */
export const AUTH_ERROR_HINTS: Readonly<Record<AuthErrorCode, string>> = Object.freeze({
  ERR_OPTIONS_INVALID: "Fix the named option",
  ERR_OPTIONS_CREDENTIAL_SOURCE:
    `Set exactly one of workload_identity_provider or credentials_json; ${FORKS_GET_NO} secrets`,
  ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED: "Set service_account to the account to impersonate",
  ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED: "Set id_token_audience (such as a Cloud Run URL)",
  ERR_PROVIDER_INVALID:
    "Use projects/<project number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>",
  ERR_KEY_EMPTY: `Pass the service account key JSON; ${FORKS_GET_NO} secrets`,
  ERR_KEY_MALFORMED: "Pass the key file as downloaded (or `jq -c .` of it) or its base64",
  ERR_KEY_UNSUPPORTED_TYPE:
    'Pass a "service_account" key; use workload_identity_provider for federation',
  ERR_KEY_FIELD_MISSING: NEW_KEY_HINT,
  ERR_KEY_FIELD_INVALID: NEW_KEY_HINT,
  ERR_KEY_PRIVATE_KEY_INVALID: NEW_KEY_HINT,
  ERR_OIDC_UNAVAILABLE: `Add ${ID_TOKEN_WRITE} to the job; ${FORKS_GET_NO} OIDC token`,
  ERR_CREDENTIALS_NOT_FOUND:
    `Set GOOGLE_APPLICATION_CREDENTIALS, run ${_ADC_LOGIN}, pass \`credentials\` or run on Google Cloud`,
  ERR_CREDENTIALS_UNREADABLE:
    `Make the file named by GOOGLE_APPLICATION_CREDENTIALS readable, or ${_PASS_READ_FILE}`,
  ERR_CREDENTIALS_MALFORMED:
    "Pass the file as gcloud, the Cloud console or the workflow step wrote it",
  ERR_CREDENTIALS_FIELD_MISSING:
    "Add the field, or create the file again with gcloud or the Cloud console",
  ERR_CREDENTIALS_FIELD_INVALID: "Fix the field (docs/credentials.md lists each type's)",
  ERR_CREDENTIALS_UNSUPPORTED:
    "Use a service_account, external_account (url or file source), impersonated_service_account or authorized_user file",
  ERR_OIDC_REQUEST_FAILED:
    `Check ${ID_TOKEN_WRITE} and that the job still runs; retry after a GitHub outage`,
  ERR_STS_EXCHANGE_FAILED:
    "Check the provider name, the OIDC audience and the attribute condition against the token's claims",
  ERR_IAM_ACCESS_TOKEN_FAILED: IAM_TOKEN_HINT,
  ERR_IAM_ID_TOKEN_FAILED: IAM_TOKEN_HINT,
  ERR_IAM_SIGN_JWT_FAILED:
    `Grant the workload identity principal ${TOKEN_CREATOR} on the service account${IAM_DELAY}`,
  ERR_OAUTH2_TOKEN_FAILED:
    "Authorize the client ID for the scopes (Workspace admin console, domain-wide delegation); keep the lifetime at most 1 hour",
  ERR_METADATA_REQUEST_FAILED:
    "Attach a service account to the workload; check GCE_METADATA_HOST if set",
  ERR_SUBJECT_TOKEN_FAILED:
    "Check credential_source: its URL must answer (with its headers) or its file hold the token",
  ERR_TOKEN_RESPONSE_INVALID:
    "Retry; if it persists, check that endpoint overrides point at Google",
});

/**
 * The hint of a call that got no response (status 0 with the network error as cause: DNS,
 * refused, reset, timeout), whatever the code: the code's own hint would blame permissions or
 * the provider's configuration for what is a network problem.
 */
const NETWORK_HINT =
  "Check that the runner can reach the host (DNS, firewall, HTTPS_PROXY/NO_PROXY); a timeout or reset is often transient: retry";

/**
 * The hint of a call whose last answer, after its retries, had a retryable status (5xx, 429,
 * 408), whatever the code: the service failed, so the code's own hint (permissions, the
 * provider's configuration, domain-wide delegation) would blame what is not the cause.
 */
const SERVER_HINT = "Retry later: the service kept failing or throttling (HTTP 5xx, 429 or 408)";

/** Options shared by every {@linkcode AuthError} constructor. */
export interface AuthErrorOptions {
  /**
   * What to do about it; defaults to a network hint for a call that got no answer (status 0 with
   * a cause), a retry-later hint for a retryable status (5xx, 429, 408), else the code's entry in
   * {@linkcode AUTH_ERROR_HINTS}.
   */
  hint?: string;
  /** The underlying error. */
  cause?: unknown;
  /** HTTP status of the failed call; 0 for a network error or a timeout. */
  status?: number;
  /** Google's `error.status` (such as `PERMISSION_DENIED`) or OAuth `error` (such as `invalid_grant`). */
  googleStatus?: string;
  /** Google's `error.message` or OAuth `error_description`, redacted. */
  googleMessage?: string;
  /** The option (camelCase name of an `authenticate()` option) the error is about. */
  option?: string;
  /** Secret values to redact from the message, hint and Google message besides the usual patterns. */
  secrets?: readonly string[];
}

/**
 * Base class of every domain error of `auth/`. `code` is stable and `switch (error.code)` narrows
 * {@linkcode AnyAuthError}; messages and hints never contain secrets (they are redacted here).
 *
 * @example Narrowing on the code
 * ```ts
 * import assert from "node:assert/strict";
 * import { AuthError, parseWorkloadIdentityProvider } from "./mod.ts";
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
export class AuthError extends Error {
  /** The class name, as a string literal so it survives minification. */
  override name = "AuthError";
  /** Stable machine-readable code. */
  declare readonly code: AuthErrorCode;
  /** What to do about it. */
  declare readonly hint: string;
  /** HTTP status of the failed call (0 for network errors and timeouts), if a call failed. */
  declare readonly status?: number;
  /** Google's `error.status` or OAuth `error`, when the response had one. */
  declare readonly googleStatus?: string;
  /** Google's `error.message` or OAuth `error_description` (redacted), when the response had one. */
  declare readonly googleMessage?: string;
  /** The `authenticate()` option the error is about, when there is one. */
  declare readonly option?: string;

  /**
   * Builds the error, redacting secrets from every text field.
   *
   * @param code The stable code.
   * @param message What failed, with context after a colon.
   * @param options Hint, cause, HTTP details and secrets to redact.
   */
  constructor(code: AuthErrorCode, message: string, options: AuthErrorOptions = {}) {
    const secrets = options.secrets ?? [];
    super(
      _redact(message, secrets),
      options.cause === undefined ? {} : { cause: _redactCause(options.cause, secrets) },
    );
    this.code = code;
    // No status: no call was made, so neither the network nor the server hint applies.
    const status = options.status ?? -1;
    this.hint = _redact(
      options.hint ??
        (status === 0 && options.cause !== undefined
          ? NETWORK_HINT
          : _isRetryableStatus(status)
          ? SERVER_HINT
          : AUTH_ERROR_HINTS[code]),
      secrets,
    );
    // Every field is assigned (undefined when not given), so each is an own property.
    this.status = options.status;
    this.googleStatus = options.googleStatus;
    this.googleMessage = options.googleMessage && _redact(options.googleMessage, secrets);
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
 * import { CredentialsError, parseServiceAccountKey } from "./mod.ts";
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
    super(code, message, options);
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
 * const error = new GoogleApiError("ERR_IAM_ACCESS_TOKEN_FAILED", "Failed: 403", { status: 403 });
 * assert.equal(error.status, 403);
 * assert.match(error.hint, /serviceAccountTokenCreator/);
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
    super(code, message, { ...options, status: options.status ?? 0 });
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
    super(code, message, { ...options, status: options.status ?? 0 });
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
    super(code, message, options);
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
export type AnyAuthError = CredentialsError | GoogleApiError | GithubOidcError | TokenError;
