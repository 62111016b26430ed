/**
 * Google Security Token Service: exchanges a subject token (a GitHub OIDC token, or another
 * identity provider's) for a federated access token.
 *
 * @module
 */

import { GoogleApiError } from "../errors.ts";
import {
  STS_ATTRIBUTE_CONDITION_HINT,
  STS_AUDIENCE_HINT,
  STS_EXCHANGE_HINT,
  STS_IMMUTABLE_SUBJECT_HINT,
  STS_PROVIDER_HINT,
} from "../_hints.ts";
import { requestJson } from "../_transport/http.ts";
import type { FailureDetails } from "../_transport/failure_text.ts";
import { googleRequest } from "../_transport/google_request.ts";
import { jwtClaims } from "../_util/jwt_decode.ts";
import { isRecord } from "../_util/json.ts";
import { expiresIn, expiring } from "../_transport/response.ts";
import type { CallOptions, ExpiringToken } from "../types.ts";
import { type CallSettings, callSettings } from "../_transport/call_settings.ts";
import { ownCopy } from "../_util/own.ts";
import { basicAuthorization } from "../_util/base64url.ts";
import { CLOUD_PLATFORM_SCOPE } from "./iam_credentials.ts";
import {
  CALL_OPTION_NAMES,
  invalidOption,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";

/** Options of {@linkcode exchangeToken}. */
export interface ExchangeTokenOptions extends CallOptions {
  /** The STS audience, `//iam.<universe>/<provider name>` (see `stsAudience()`). */
  audience: string;
  /** The GitHub OIDC token (a JWT). */
  subjectToken: string;
  /** STS base URL; default `https://sts.googleapis.com/v1`. */
  baseUrl?: string;
  /** The scope; default `https://www.googleapis.com/auth/cloud-platform`. */
  scope?: string;
  /** The whole token URL (an `external_account` file's `token_url`); overrides `baseUrl`. */
  tokenUrl?: string;
  /** The subject token's type; default `urn:ietf:params:oauth:token-type:jwt`. */
  subjectTokenType?: string;
  /** A workforce pool's user project, sent as `options: {"userProject": ...}`. */
  userProject?: string;
  /**
   * An OAuth client that authenticates the exchange (HTTP Basic), as an `external_account` file's
   * `client_id` and `client_secret` say.
   */
  client?: { id: string; secret: string };
}

/** Every name of `ExchangeTokenOptions`: `exchangeToken()`. */
const EXCHANGE_TOKEN_OPTION_NAMES: OptionNameSet<ExchangeTokenOptions> =
  /* @__PURE__ */ optionNames<ExchangeTokenOptions>(CALL_OPTION_NAMES, {
    audience: "string",
    subjectToken: "string",
    baseUrl: "string",
    scope: "string",
    tokenUrl: "string",
    subjectTokenType: "string",
    userProject: "string",
    client: "object",
  });

/** The names of `ExchangeTokenOptions.client`. */
const CLIENT_NAMES: OptionNameSet<{ id: string; secret: string }> = {
  id: "string",
  secret: "string",
};

/** The claims of a GitHub OIDC token that attribute conditions are written against. */
export const GITHUB_TOKEN_HINT_CLAIMS: readonly string[] = /* @__PURE__ */ Object.freeze([
  "sub",
  "repository",
  "repository_owner",
  "repository_id",
  "repository_owner_id",
  "ref",
  "workflow",
  "event_name",
  "job_workflow_ref",
]);

function claimsText(subjectToken: string): string {
  const claims = jwtClaims(subjectToken);
  if (claims === undefined) return "";
  const parts = [...GITHUB_TOKEN_HINT_CLAIMS, "aud"].flatMap((name) => {
    const value = claims[name];
    if (value === undefined) return [];
    return [`${name}=${JSON.stringify(value).slice(0, 200)}`];
  });
  return parts.length === 0 ? "" : `; the GitHub token's claims: ${parts.join(", ")}`;
}

/**
 * What an AWS subject token (the percent-encoded JSON of a signed GetCallerIdentity request) holds
 * that is secret on its own: the session token and the signature. An answer may quote either one
 * without the rest of the token.
 */
function signedRequestSecrets(subjectToken: string): string[] {
  let request: unknown;
  try {
    request = JSON.parse(decodeURIComponent(subjectToken));
  } catch {
    return [];
  }
  const headers = isRecord(request) && Array.isArray(request.headers) ? request.headers : [];
  return headers.flatMap((header: unknown) => {
    if (!isRecord(header) || typeof header.value !== "string") return [];
    const name = String(header.key).toLowerCase();
    if (name === "x-amz-security-token") return [header.value];
    const signature = name === "authorization" ? /Signature=([0-9a-f]+)/.exec(header.value) : null;
    return signature === null ? [] : [signature[1]!];
  });
}

/**
 * Whether the subject token is a GitHub Actions OIDC token (it has `repository` and `workflow`
 * claims, whoever issued it, an emulator included): only its rejections get the GitHub hints.
 */
function isGithubToken(subjectToken: string): boolean {
  const claims = jwtClaims(subjectToken);
  return typeof claims?.repository === "string" && typeof claims.workflow === "string";
}

/** GitHub's immutable `sub`: `repo:OWNER@OWNER_ID/REPO@REPO_ID:...`. */
const IMMUTABLE_SUBJECT = /^repo:[^/:@]+@\d+\/[^/:@]+@\d+:/;

/**
 * When the token's `sub` has GitHub's immutable ids, says so and how to write a condition that
 * matches it: a condition on the name-only `sub` stops matching when a repository switches.
 */
function immutableSubjectText(subjectToken: string): string {
  const claims = jwtClaims(subjectToken);
  const sub = claims?.sub;
  if (typeof sub !== "string" || !IMMUTABLE_SUBJECT.test(sub)) return "";
  const id = typeof claims?.repository_id === "string" ? claims.repository_id.slice(0, 40) : "ID";
  return `. ${STS_IMMUTABLE_SUBJECT_HINT}: assertion.repository_id == '${id}', or the new sub`;
}

function stsHint(details: FailureDetails, subjectToken: string): string | undefined {
  if (details.status < 400 || details.status >= 500) return undefined;
  const text = `${details.googleStatus ?? ""} ${details.googleMessage ?? ""}`.toLowerCase();
  const claims = claimsText(subjectToken);
  if (text.includes("audience")) {
    return `${STS_AUDIENCE_HINT}${claims}`;
  }
  const immutable = immutableSubjectText(subjectToken);
  if (text.includes("attribute condition")) {
    return `${STS_ATTRIBUTE_CONDITION_HINT}${claims}${immutable}`;
  }
  return `${STS_PROVIDER_HINT}${claims}${immutable}`;
}

/**
 * Exchanges a subject token (a GitHub OIDC token, or any an `external_account` file names) for a
 * federated Google access token at STS (`POST {sts}/token`, JSON body with camelCase fields, no
 * `Authorization` unless an OAuth `client` authenticates with HTTP Basic), retrying transient
 * failures.
 *
 * @param options The audience, the subject token, and call options.
 * @returns The federated token and its expiry (from `expires_in` and the clock).
 * @throws {GoogleApiError} `ERR_STS_EXCHANGE_FAILED`; for a rejected GitHub token the hint lists
 * the token's non-secret claims (`sub`, `repository`, `repository_id`, `ref`, ...) that attribute
 * conditions match, and says when the `sub` is GitHub's immutable form (`repo:OWNER@OWNER_ID/...`).
 * @throws {TokenError} `ERR_TOKEN_RESPONSE_INVALID` when the response lacks `access_token`.
 *
 * @example With an injected fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { exchangeToken } from "./mod.ts";
 *
 * const token = await exchangeToken({
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
 *   subjectToken: "eyJhbGciOiJSUzI1NiJ9.e30.sig",
 *   now: () => 0,
 *   fetch: async (urlField, init) => {
 *     assert.equal(JSON.parse(String(init?.body)).grantType, "urn:ietf:params:oauth:grant-type:token-exchange");
 *     return Response.json({ access_token: "federated", expires_in: 3600 });
 *   },
 * });
 * assert.equal(token.token, "federated");
 * assert.equal(token.expiresAt?.getTime(), 3_600_000);
 * ```
 */
export async function exchangeToken(options: ExchangeTokenOptions): Promise<ExpiringToken> {
  refuseUnknownOptions(options, EXCHANGE_TOKEN_OPTION_NAMES, "exchangeToken()");
  options = ownCopy(options);
  const { client } = options;
  if (client !== undefined) {
    // A misspelt `secret` would send `<id>:undefined` as the client's credentials. The names and
    // kinds checked, what is left is a missing or empty one.
    refuseUnknownOptions(client, CLIENT_NAMES, "client");
    if (!client.id || !client.secret) {
      throw invalidOption(
        "client",
        'Cannot use option "client": expected { id, secret }, both non-empty strings',
      );
    }
  }
  const exchange: StsExchange = {
    tokenUrl: options.tokenUrl ?? `${options.baseUrl ?? "https://sts.googleapis.com/v1"}/token`,
    audience: options.audience,
    subjectToken: options.subjectToken,
    subjectTokenType: options.subjectTokenType ?? "urn:ietf:params:oauth:token-type:jwt",
    scope: options.scope ?? CLOUD_PLATFORM_SCOPE,
    userProject: options.userProject,
    client,
  };
  return await stsExchange(exchange, callSettings(options));
}

/**
 * One STS exchange, every value read: what {@linkcode exchangeToken} sends. Every field is given
 * (the optional ones as undefined), so none is read from Object.prototype.
 */
export interface StsExchange {
  /** The whole token URL. */
  tokenUrl: string;
  audience: string;
  subjectToken: string;
  subjectTokenType: string;
  scope: string;
  /** A workforce pool's user project. */
  userProject: string | undefined;
  /** An OAuth client that authenticates the exchange (HTTP Basic). */
  client: { id: string; secret: string } | undefined;
}

/** {@linkcode exchangeToken} of values already read and checked (by it, or by a credentials file). */
export async function stsExchange(
  exchange: StsExchange,
  call: CallSettings,
): Promise<ExpiringToken> {
  const { subjectToken, client, userProject } = exchange;
  const authorization = client === undefined ? "" : basicAuthorization(client.id, client.secret);
  const request = googleRequest(
    "POST {+tokenUrl}",
    exchange.tokenUrl,
    {
      tokenUrl: exchange.tokenUrl,
      audience: exchange.audience,
      grantType: "urn:ietf:params:oauth:grant-type:token-exchange",
      requestedTokenType: "urn:ietf:params:oauth:token-type:access_token",
      scope: exchange.scope,
      subjectTokenType: exchange.subjectTokenType,
      subjectToken,
      ...(userProject === undefined ? {} : { options: JSON.stringify({ userProject }) }),
    },
    call.requestReason,
    client === undefined ? {} : { authorization },
  );
  const response = await requestJson(request, call, {
    message: `Failed to generate Google Cloud federated token for ${exchange.audience}`,
    field: "access_token",
    secrets: [
      subjectToken,
      ...signedRequestSecrets(subjectToken),
      ...(client === undefined ? [] : [client.secret, authorization]),
    ],
    error: (text, details) =>
      new GoogleApiError("ERR_STS_EXCHANGE_FAILED", text, {
        ...details,
        defaultHint: STS_EXCHANGE_HINT,
      }),
    hint: (details) => isGithubToken(subjectToken) ? stsHint(details, subjectToken) : undefined,
  });
  const { token } = response;
  return expiring(token, expiresIn(response.json, "expires_in", call.now));
}
