/**
 * GitHub Actions OIDC: requesting the job's ID token from the runner's token service.
 *
 * @module
 */

import { endpoint } from "../../endpoint/mod.ts";
import { CredentialsError, GithubOidcError } from "../errors.ts";
import { AUTHENTICATE_HINTS, OIDC_PERMISSION_HINT } from "../_hints.ts";
import { httpRequest } from "../_transport/google_request.ts";
import { requestJson } from "../_transport/http.ts";
import { quote } from "../_util/quote.ts";
import type { CallOptions } from "../types.ts";
import { type CallSettings, callSettings } from "../_transport/call_settings.ts";
import { ownCopy } from "../_util/own.ts";
import {
  CALL_OPTION_NAMES,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";

/** Options of {@linkcode requestGithubOidcToken}. */
export interface RequestGithubOidcTokenOptions extends CallOptions {
  /** `ACTIONS_ID_TOKEN_REQUEST_URL`. */
  requestUrl: string;
  /** `ACTIONS_ID_TOKEN_REQUEST_TOKEN` (a secret). */
  requestToken: string;
  /** The `aud` claim to request. */
  audience: string;
}

/** Every name of `RequestGithubOidcTokenOptions`: `requestGithubOidcToken()`. */
const GITHUB_OIDC_OPTION_NAMES: OptionNameSet<RequestGithubOidcTokenOptions> =
  /* @__PURE__ */ optionNames<RequestGithubOidcTokenOptions>(CALL_OPTION_NAMES, {
    requestUrl: "string",
    requestToken: "string",
    audience: "string",
  });

/**
 * The token request URL with its `audience` query parameter set (replacing any existing one), as
 * requested here and as written into `credential_source.url` of the credentials file.
 *
 * @param requestUrl `ACTIONS_ID_TOKEN_REQUEST_URL`.
 * @param audience The audience.
 * @returns The URL.
 * @throws {CredentialsError} `ERR_OIDC_UNAVAILABLE` when `requestUrl` is not an http(s) URL.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { githubOidcTokenUrl } from "./mod.ts";
 *
 * assert.equal(
 *   githubOidcTokenUrl("https://runner.example/token?api-version=2.0", "https://iam.googleapis.com/x"),
 *   "https://runner.example/token?api-version=2.0&audience=https%3A%2F%2Fiam.googleapis.com%2Fx",
 * );
 * ```
 */
export function githubOidcTokenUrl(requestUrl: string, audience: string): string {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    url = new URL("invalid:");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new CredentialsError(
      "ERR_OIDC_UNAVAILABLE",
      `Cannot request a GitHub OIDC token: the request URL ${
        quote(requestUrl)
      } is not an http(s) URL`,
      { option: "oidcRequest", hint: AUTHENTICATE_HINTS.ERR_OIDC_UNAVAILABLE },
    );
  }
  url.searchParams.set("audience", audience);
  return url.href;
}

/**
 * Requests the job's GitHub OIDC token for `audience` (`GET <request URL>&audience=...` with the
 * runner's bearer token; the token is the `value` field), retrying transient failures.
 *
 * @param options The request URL and token, the audience, and call options.
 * @returns The OIDC token (a JWT).
 * @throws {GithubOidcError} `ERR_OIDC_REQUEST_FAILED`; its hint names `id-token: write`.
 * @throws {CredentialsError} `ERR_OIDC_UNAVAILABLE` when the URL or token is missing.
 * @throws {TokenError} `ERR_TOKEN_RESPONSE_INVALID` when the response lacks `value`.
 *
 * @example With an injected fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestGithubOidcToken } from "./mod.ts";
 *
 * const token = await requestGithubOidcToken({
 *   requestUrl: "https://runner.example/token?api-version=2.0",
 *   requestToken: "runner-request-token",
 *   audience: "my-audience",
 *   fetch: async (url, init) => {
 *     assert.equal(new URL(String(url)).searchParams.get("audience"), "my-audience");
 *     assert.equal(new Headers(init?.headers).get("authorization"), "Bearer runner-request-token");
 *     return Response.json({ count: 1, value: "eyJ.oidc.token" });
 *   },
 * });
 * assert.equal(token, "eyJ.oidc.token");
 * ```
 */
export async function requestGithubOidcToken(
  options: RequestGithubOidcTokenOptions,
): Promise<string> {
  refuseUnknownOptions(options, GITHUB_OIDC_OPTION_NAMES, "requestGithubOidcToken()");
  options = ownCopy(options);
  // Missing (undefined) is as empty: a token request without them would send "Bearer undefined".
  if (!options.requestUrl || !options.requestToken) {
    throw new CredentialsError(
      "ERR_OIDC_UNAVAILABLE",
      "GitHub Actions did not provide ACTIONS_ID_TOKEN_REQUEST_URL and ACTIONS_ID_TOKEN_REQUEST_TOKEN to this job",
      { option: "oidcRequest", hint: OIDC_PERMISSION_HINT },
    );
  }
  const { requestUrl, requestToken, audience } = options;
  return await githubOidcToken({ requestUrl, requestToken, audience }, callSettings(options));
}

/** The runner's OIDC token request, every value read: what {@linkcode requestGithubOidcToken} sends. */
export interface GithubOidcRequest {
  requestUrl: string;
  requestToken: string;
  audience: string;
}

/** {@linkcode requestGithubOidcToken} of a request already read and checked. */
export async function githubOidcToken(
  request: GithubOidcRequest,
  call: CallSettings,
): Promise<string> {
  const url = githubOidcTokenUrl(request.requestUrl, request.audience);
  const http = httpRequest(endpoint("GET {+url}", {
    url,
    headers: { accept: "application/json", authorization: `Bearer ${request.requestToken}` },
  }));
  const message = `Failed to get a GitHub OIDC token for audience ${quote(request.audience)}`;
  const response = await requestJson(http, call, {
    message,
    field: "value",
    secrets: [request.requestToken],
    error: (text, details) => new GithubOidcError("ERR_OIDC_REQUEST_FAILED", text, details),
    hint: (details) =>
      details.status === 401 || details.status === 403 || details.status === 404
        ? OIDC_PERMISSION_HINT
        : undefined,
  });
  return response.token;
}
