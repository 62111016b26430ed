/**
 * Google's OAuth 2.0 token endpoint: one form POST for every grant this package sends (jwt-bearer
 * for keys and domain-wide delegation, refresh_token for authorized users), for access tokens and
 * ID tokens.
 *
 * @module
 */

import { GoogleApiError } from "../errors.ts";
import { CLOCK_HINT } from "../_hints.ts";
import { formRequest } from "../_transport/google_request.ts";
import { requestJson } from "../_transport/http.ts";
import type { FailureDetails } from "../_transport/failure_text.ts";
import { jwtExpiry } from "../_util/jwt_decode.ts";
import { expiresIn, expiring } from "../_transport/response.ts";
import type { CallOptions, ExpiringToken } from "../types.ts";
import { type CallSettings, callSettings } from "../_transport/call_settings.ts";
import { ownCopy } from "../_util/own.ts";
import {
  CALL_OPTION_NAMES,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";

/** Options of {@linkcode exchangeJwtBearer}. */
export interface ExchangeJwtBearerOptions extends CallOptions {
  /** The signed JWT assertion. */
  assertion: string;
  /** OAuth2 base URL; default `https://oauth2.googleapis.com`. */
  baseUrl?: string;
}

/** Every name of `ExchangeJwtBearerOptions`: `exchangeJwtBearer()`. */
const JWT_BEARER_OPTION_NAMES: OptionNameSet<ExchangeJwtBearerOptions> =
  /* @__PURE__ */ optionNames<ExchangeJwtBearerOptions>(CALL_OPTION_NAMES, {
    assertion: "string",
    baseUrl: "string",
  });

/** The jwt-bearer grant type (RFC 7523). */
export const JWT_BEARER_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/**
 * How Google's token endpoint refuses an assertion whose `iat` or `exp` is off its own clock:
 * "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.
 * Check your iat and exp values in the JWT claim." (older answers end "...and use a clock with
 * skew to account for clock differences between systems.").
 */
const ASSERTION_TIMES_REFUSED = /reasonable timeframe|\biat and exp\b/i;

/**
 * The hint of a refused jwt-bearer grant: the clock's, when Google refused the assertion's times
 * (which come from the local clock), else `otherwise` (undefined: the code's own).
 *
 * @param otherwise The hint of any other refusal.
 * @returns The hint function of {@linkcode OAuth2TokenRequest}.
 */
export function jwtBearerHint(
  otherwise?: string,
): (details: FailureDetails) => string | undefined {
  return (details) =>
    ASSERTION_TIMES_REFUSED.test(details.googleMessage ?? "") ? CLOCK_HINT : otherwise;
}

/**
 * Exchanges a signed JWT assertion for an OAuth 2.0 access token at `POST {oauth2}/token` (form
 * body `grant_type` + `assertion`), retrying transient failures.
 *
 * @param options The assertion and call options.
 * @returns The access token and its expiry (from `expires_in` and the clock).
 * @throws {GoogleApiError} `ERR_OAUTH2_TOKEN_FAILED` (such as `unauthorized_client` when the
 * client is not authorised for domain-wide delegation of those scopes).
 * @throws {TokenError} `ERR_TOKEN_RESPONSE_INVALID` when the response lacks `access_token`.
 *
 * @example With an injected fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { exchangeJwtBearer } from "./mod.ts";
 *
 * const token = await exchangeJwtBearer({
 *   assertion: "header.payload.signature",
 *   now: () => 0,
 *   fetch: async (url, init) => {
 *     assert.equal(String(url), "https://oauth2.googleapis.com/token");
 *     const form = new URLSearchParams(String(init?.body));
 *     assert.equal(form.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
 *     return Response.json({ access_token: "ya29.dwd", expires_in: 3599, token_type: "Bearer" });
 *   },
 * });
 * assert.equal(token.expiresAt?.getTime(), 3_599_000);
 * ```
 */
export async function exchangeJwtBearer(options: ExchangeJwtBearerOptions): Promise<ExpiringToken> {
  refuseUnknownOptions(options, JWT_BEARER_OPTION_NAMES, "exchangeJwtBearer()");
  options = ownCopy(options);
  const baseUrl = options.baseUrl ?? "https://oauth2.googleapis.com";
  return await jwtBearerToken(options.assertion, baseUrl, callSettings(options));
}

/** {@linkcode exchangeJwtBearer} of values already read: the assertion at `{baseUrl}/token`. */
export async function jwtBearerToken(
  assertion: string,
  baseUrl: string,
  call: CallSettings,
): Promise<ExpiringToken> {
  return await requestOAuth2Token({
    tokenUrl: `${baseUrl}/token`,
    form: { grant_type: JWT_BEARER_GRANT_TYPE, assertion },
    field: "access_token",
    message: "Failed to generate Google Cloud Domain Wide Delegation OAuth 2.0 Access Token",
    secrets: [assertion],
    hint: jwtBearerHint(),
  }, call);
}

/** One form POST to an OAuth 2.0 token endpoint, and how its failure reads. */
export interface OAuth2TokenRequest {
  tokenUrl: string;
  form: Record<string, string>;
  /** `access_token`, or `id_token` for a `target_audience` request. */
  field: "access_token" | "id_token";
  /** The failure's message, such as `Failed to get an access token for <who> from <URL>`. */
  message: string;
  /** Form values to redact from errors (assertion, refresh token, client secret). */
  secrets: readonly string[];
  /** The hint of a rejected request. */
  hint?: (details: FailureDetails) => string | undefined;
  /**
   * The error of a failed request: default `ERR_OAUTH2_TOKEN_FAILED`; STS's refresh and
   * downscoping exchanges give `ERR_STS_EXCHANGE_FAILED` with its `defaultHint`.
   */
  code?: "ERR_OAUTH2_TOKEN_FAILED" | "ERR_STS_EXCHANGE_FAILED";
  /** The code's default hint, when `code` is one that the error class does not hold. */
  defaultHint?: string;
  /** Headers besides the form's content type, such as an OAuth client's HTTP Basic authorization. */
  headers?: Record<string, string>;
  /** Reads the successful response's JSON, for fields besides the token (a new refresh token). */
  read?: (json: unknown) => void;
}

/**
 * POSTs the form to the token endpoint and returns the token with its expiry (`expires_in`, or the
 * ID token's `exp`), retrying transient failures: the one OAuth 2.0 form request of this package,
 * whatever the grant and endpoint (the OAuth2 token endpoint, or STS for a refresh grant and
 * downscoping).
 *
 * @param request The endpoint, the form, which token to read, and how a failure reads.
 * @param call Call settings (fetch, clock, retries, signal), already checked.
 * @returns The token and its expiry.
 * @throws {GoogleApiError} `ERR_OAUTH2_TOKEN_FAILED`, with the form's secrets redacted.
 *
 * @example A refresh_token grant
 * ```ts
 * import assert from "node:assert/strict";
 * import { callSettings } from "../_transport/call_settings.ts";
 * import { requestOAuth2Token } from "./oauth2_token.ts";
 *
 * const token = await requestOAuth2Token({
 *   tokenUrl: "https://oauth2.googleapis.com/token",
 *   form: { grant_type: "refresh_token", refresh_token: "1//r", client_id: "c", client_secret: "s" },
 *   field: "access_token",
 *   message: "Failed to get an access token for the user",
 *   secrets: ["1//r", "s"],
 * }, callSettings({
 *   now: () => 0,
 *   fetch: async (_url, init) => {
 *     assert.equal(new URLSearchParams(String(init?.body)).get("grant_type"), "refresh_token");
 *     return Response.json({ access_token: "ya29.user", expires_in: 3599 });
 *   },
 * }));
 * assert.deepEqual(token, { token: "ya29.user", expiresAt: new Date(3_599_000) });
 * ```
 */
export async function requestOAuth2Token(
  request: OAuth2TokenRequest,
  call: CallSettings,
): Promise<ExpiringToken> {
  // The form (secrets in it) goes into the body only; the failure spec gets the rest.
  const {
    tokenUrl,
    form,
    code = "ERR_OAUTH2_TOKEN_FAILED",
    defaultHint,
    headers,
    read,
    ...spec
  } = request;
  const http = formRequest(
    tokenUrl,
    new URLSearchParams(form).toString(),
    call.requestReason,
    headers,
  );
  const idToken = spec.field === "id_token";
  const response = await requestJson(http, call, {
    ...spec,
    error: (text, details) => new GoogleApiError(code, text, { ...details, defaultHint }),
  });
  const { token } = response;
  read?.(response.json);
  return expiring(
    token,
    idToken ? jwtExpiry(token) : expiresIn(response.json, "expires_in", call.now),
  );
}
