/**
 * IAM Service Account Credentials API: access tokens, ID tokens, JWT and blob signatures for a
 * service account, authorised by a federated token or a self-signed JWT.
 *
 * @module
 */

import { GoogleApiError, TokenError } from "../errors.ts";
import type { GoogleApiErrorCode } from "../errors.ts";
import type { JWTPayload } from "../keys/jwt.ts";
import { normalizeDelegates, validateServiceAccount } from "./service_account_name.ts";
import { googleRequest } from "../_transport/google_request.ts";
import { requestJson } from "../_transport/http.ts";
import type { JsonResponse } from "../_transport/http.ts";
import type { FailureDetails } from "../_transport/failure_text.ts";
import {
  IAM_SIGN_BLOB_HINT,
  IAM_SIGN_JWT_HINT,
  IAM_TOKEN_HINT,
  LIFETIME_MAX_HINT,
  LIFETIME_ORG_POLICY_HINT,
} from "../_hints.ts";
import { jwtExpiry } from "../_util/jwt_decode.ts";
import { expireTimeOf, expiring } from "../_transport/response.ts";
import type { CallOptions, ExpiringToken } from "../types.ts";
import { type CallSettings, callSettings } from "../_transport/call_settings.ts";
import { ownCopy } from "../_util/own.ts";
import { base64Decode, base64Encode } from "../_util/base64url.ts";
import {
  CALL_OPTION_NAMES,
  invalidOption,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";

/** The default scope of access tokens. */
export const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";

/** The longest access token lifetime Google issues (12 h, with the org policy that allows it). */
export const MAX_ACCESS_TOKEN_LIFETIME_SECONDS = 43_200;

/** Options shared by the IAM Credentials calls. */
export interface IamCredentialsOptions extends CallOptions {
  /** The service account (email or unique id) to act as. */
  serviceAccount: string;
  /** The bearer token of the caller: a federated token or a self-signed JWT. */
  authToken: string;
  /** Delegation chain; bare emails are normalised to `projects/-/serviceAccounts/<email>`. */
  delegates?: readonly string[];
  /** IAM Credentials base URL; default `https://iamcredentials.googleapis.com/v1`. */
  baseUrl?: string;
}

/** Options of {@linkcode generateAccessToken}. */
export interface GenerateAccessTokenOptions extends IamCredentialsOptions {
  /** OAuth scopes; default cloud-platform. */
  scopes?: readonly string[];
  /** Lifetime in seconds (sent as `"<n>s"`); default 3600. */
  lifetimeSeconds?: number;
}

/** Options of {@linkcode generateIdToken}. */
export interface GenerateIdTokenOptions extends IamCredentialsOptions {
  /** The `aud` of the ID token, such as a Cloud Run URL. */
  audience: string;
  /** Adds the `email` and `email_verified` claims; default false. */
  includeEmail?: boolean;
}

/** Options of {@linkcode signJwt}. */
export interface SignJwtOptions extends IamCredentialsOptions {
  /** The claims, serialized once into the `payload` string Google signs. */
  claims: JWTPayload;
}

/** What {@linkcode signJwt} returns. */
export interface SignJwtResult {
  /** The signed JWT. */
  signedJwt: string;
  /** The id of the Google-managed key that signed it, when returned. */
  keyId?: string;
}

/** Options of {@linkcode signBlob}. */
export interface SignBlobOptions extends IamCredentialsOptions {
  /** The bytes to sign (sent base64-encoded as `payload`). */
  payload: Uint8Array;
}

/** Every name of `IamCredentialsOptions`, which the IAM Credentials calls' options extend. */
const IAM_OPTION_NAMES: OptionNameSet<IamCredentialsOptions> = /* @__PURE__ */ optionNames<
  IamCredentialsOptions
>(CALL_OPTION_NAMES, {
  serviceAccount: "string",
  authToken: "string",
  delegates: "array",
  baseUrl: "string",
});

/** Every name of `GenerateAccessTokenOptions`: `generateAccessToken()`. */
const GENERATE_ACCESS_TOKEN_OPTION_NAMES: OptionNameSet<GenerateAccessTokenOptions> =
  /* @__PURE__ */ optionNames<GenerateAccessTokenOptions, IamCredentialsOptions>(
    IAM_OPTION_NAMES,
    { scopes: "array", lifetimeSeconds: "number" },
  );

/** Every name of `GenerateIdTokenOptions`: `generateIdToken()`. */
const GENERATE_ID_TOKEN_OPTION_NAMES: OptionNameSet<GenerateIdTokenOptions> =
  /* @__PURE__ */ optionNames<GenerateIdTokenOptions, IamCredentialsOptions>(
    IAM_OPTION_NAMES,
    { audience: "string", includeEmail: "boolean" },
  );

/** Every name of `SignJwtOptions`: `signJwt()`. */
const SIGN_JWT_OPTION_NAMES: OptionNameSet<SignJwtOptions> = /* @__PURE__ */ optionNames<
  SignJwtOptions,
  IamCredentialsOptions
>(IAM_OPTION_NAMES, {
  claims: "object",
});

/** Every name of `SignBlobOptions`: `signBlob()`. */
const SIGN_BLOB_OPTION_NAMES: OptionNameSet<SignBlobOptions> = /* @__PURE__ */ optionNames<
  SignBlobOptions,
  IamCredentialsOptions
>(IAM_OPTION_NAMES, {
  payload: "object",
});

/** What {@linkcode signBlob} returns. */
export interface SignBlobResult {
  /** The RSA-SHA256 (RSASSA-PKCS1-v1_5) signature. */
  signature: Uint8Array;
  /** The id of the Google-managed key that signed it, when returned. */
  keyId?: string;
}

/**
 * Who an IAM Credentials call acts as, every value read and checked (by the public functions
 * below from their options, or by a credentials file's parse).
 */
export interface IamTarget {
  /** The service account, an email or unique id. */
  serviceAccount: string;
  /** The delegation chain, normalised to `projects/-/serviceAccounts/<email>`. */
  delegates: readonly string[];
  /** IAM Credentials' base URL. */
  baseUrl: string;
  /** The caller's bearer token. */
  authToken: string;
}

/** The target of `options`: the service account checked, the delegates normalised. */
function targetOf(options: IamCredentialsOptions): IamTarget {
  return {
    serviceAccount: validateServiceAccount(options.serviceAccount),
    delegates: normalizeDelegates(options.delegates ?? []),
    baseUrl: options.baseUrl ?? "https://iamcredentials.googleapis.com/v1",
    authToken: options.authToken,
  };
}

/**
 * One IAM Credentials call: `method` for `target.serviceAccount` (through its delegates) with
 * `body`; a failure is a GoogleApiError with `code` (and its `defaultHint`), its message
 * `${message} <service account>`;
 * the answer's `field` is the token.
 */
async function callIam(
  target: IamTarget,
  method: "generateAccessToken" | "generateIdToken" | "signJwt" | "signBlob",
  field: string,
  code: GoogleApiErrorCode,
  defaultHint: string,
  message: string,
  body: Record<string, unknown>,
  call: CallSettings,
): Promise<JsonResponse> {
  const { serviceAccount, delegates } = target;
  const request = googleRequest(
    // {+name} keeps the validated email's "@" and the ":method" suffix as they are.
    "POST /projects/-/serviceAccounts/{+name}",
    target.baseUrl,
    {
      name: `${serviceAccount}:${method}`,
      ...(delegates.length > 0 ? { delegates } : {}),
      ...body,
    },
    call.requestReason,
    {},
    target.authToken,
  );
  return await requestJson(request, call, {
    message: `${message} ${serviceAccount}`,
    field,
    secrets: [target.authToken],
    error: (text, details) => new GoogleApiError(code, text, { ...details, defaultHint }),
    hint: lifetimeHint,
  });
}

/**
 * The hint of Google's 400 for a lifetime past the limit ("can not have lifetimes of more than 1
 * hour"): the organization policy, not a role, is what is missing.
 */
function lifetimeHint(details: FailureDetails): string | undefined {
  const message = details.googleMessage ?? "";
  if (details.status !== 400 || !/lifetimes? of more than/i.test(message)) return undefined;
  return /more than 1 hour/i.test(message) ? LIFETIME_ORG_POLICY_HINT : LIFETIME_MAX_HINT;
}

/**
 * `scopes` when there are any, else the cloud-platform scope.
 *
 * @param scopes The scopes asked for, if any.
 * @returns The scopes to send.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLOUD_PLATFORM_SCOPE, scopesOrDefault } from "./iam_credentials.ts";
 *
 * assert.deepEqual(scopesOrDefault([]), [CLOUD_PLATFORM_SCOPE]);
 * assert.deepEqual(scopesOrDefault(["a"]), ["a"]);
 * ```
 */
export function scopesOrDefault(scopes: readonly string[] | undefined): string[] {
  return scopes !== undefined && scopes.length > 0 ? [...scopes] : [CLOUD_PLATFORM_SCOPE];
}

/**
 * Mints an OAuth 2.0 access token for a service account
 * ([generateAccessToken](https://cloud.google.com/iam/docs/reference/credentials/rest/v1/projects.serviceAccounts/generateAccessToken)).
 *
 * @param options The service account, the caller's token, scopes, lifetime and delegates.
 * @returns The access token and its `expireTime`.
 * @throws {GoogleApiError} `ERR_IAM_ACCESS_TOKEN_FAILED` (a 403 usually means a missing
 * `roles/iam.serviceAccountTokenCreator` or `roles/iam.workloadIdentityUser` binding).
 * @throws {TokenError} `ERR_TOKEN_RESPONSE_INVALID` when the response lacks `accessToken`.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for a malformed service account or delegate.
 *
 * @example With an injected fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateAccessToken } from "./mod.ts";
 *
 * const token = await generateAccessToken({
 *   serviceAccount: "ci@my-proj.iam.gserviceaccount.com",
 *   authToken: "federated-token",
 *   lifetimeSeconds: 600,
 *   fetch: async (url, init) => {
 *     assert.equal(String(url), "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/ci@my-proj.iam.gserviceaccount.com:generateAccessToken");
 *     assert.deepEqual(JSON.parse(String(init?.body)), {
 *       scope: ["https://www.googleapis.com/auth/cloud-platform"],
 *       lifetime: "600s",
 *     });
 *     return Response.json({ accessToken: "ya29.token", expireTime: "2030-01-01T00:00:00Z" });
 *   },
 * });
 * assert.equal(token.expiresAt?.toISOString(), "2030-01-01T00:00:00.000Z");
 * ```
 */
export async function generateAccessToken(
  options: GenerateAccessTokenOptions,
): Promise<ExpiringToken> {
  refuseUnknownOptions(options, GENERATE_ACCESS_TOKEN_OPTION_NAMES, "generateAccessToken()");
  options = ownCopy(options);
  const scopes = scopesOrDefault(options.scopes);
  const lifetimeSeconds = options.lifetimeSeconds ?? 3600;
  return await iamAccessToken(targetOf(options), scopes, lifetimeSeconds, callSettings(options));
}

/** {@linkcode generateAccessToken} for a target already checked: the scopes never empty. */
export async function iamAccessToken(
  target: IamTarget,
  scopes: readonly string[],
  lifetimeSeconds: number,
  call: CallSettings,
): Promise<ExpiringToken> {
  const { token, json } = await callIam(
    target,
    "generateAccessToken",
    "accessToken",
    "ERR_IAM_ACCESS_TOKEN_FAILED",
    IAM_TOKEN_HINT,
    "Failed to generate Google Cloud OAuth 2.0 Access Token for",
    { scope: scopes, lifetime: `${lifetimeSeconds}s` },
    call,
  );
  return expiring(token, expireTimeOf(json, "expireTime"));
}

/**
 * Mints a Google-signed OpenID Connect ID token for a service account
 * ([generateIdToken](https://cloud.google.com/iam/docs/reference/credentials/rest/v1/projects.serviceAccounts/generateIdToken)).
 *
 * @param options The service account, the caller's token, audience, includeEmail and delegates.
 * @returns The ID token and its `exp`.
 * @throws {GoogleApiError} `ERR_IAM_ID_TOKEN_FAILED`.
 * @throws {TokenError} `ERR_TOKEN_RESPONSE_INVALID` when the response lacks `token`.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for a malformed service account or delegate.
 *
 * @example With an injected fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateIdToken } from "./mod.ts";
 *
 * const token = await generateIdToken({
 *   serviceAccount: "ci@my-proj.iam.gserviceaccount.com",
 *   authToken: "federated-token",
 *   audience: "https://my-service.a.run.app",
 *   includeEmail: true,
 *   fetch: async (urlField, init) => {
 *     assert.deepEqual(JSON.parse(String(init?.body)), {
 *       audience: "https://my-service.a.run.app",
 *       includeEmail: true,
 *     });
 *     return Response.json({ token: "id-token" });
 *   },
 * });
 * assert.equal(token.token, "id-token");
 * ```
 */
export async function generateIdToken(options: GenerateIdTokenOptions): Promise<ExpiringToken> {
  refuseUnknownOptions(options, GENERATE_ID_TOKEN_OPTION_NAMES, "generateIdToken()");
  options = ownCopy(options);
  const includeEmail = options.includeEmail ?? false;
  return await iamIdToken(targetOf(options), options.audience, includeEmail, callSettings(options));
}

/** {@linkcode generateIdToken} for a target already checked. */
export async function iamIdToken(
  target: IamTarget,
  audience: string,
  includeEmail: boolean,
  call: CallSettings,
): Promise<ExpiringToken> {
  const { token } = await callIam(
    target,
    "generateIdToken",
    "token",
    "ERR_IAM_ID_TOKEN_FAILED",
    IAM_TOKEN_HINT,
    "Failed to generate Google Cloud OpenID Connect ID token for",
    { audience, includeEmail },
    call,
  );
  return expiring(token, jwtExpiry(token));
}

/**
 * Signs JWT claims with a Google-managed key of a service account
 * ([signJwt](https://cloud.google.com/iam/docs/reference/credentials/rest/v1/projects.serviceAccounts/signJwt));
 * the claims object is serialized exactly once into the `payload` string.
 *
 * @param options The service account, the caller's token, the claims and delegates.
 * @returns The signed JWT and the key id.
 * @throws {GoogleApiError} `ERR_IAM_SIGN_JWT_FAILED`.
 * @throws {TokenError} `ERR_TOKEN_RESPONSE_INVALID` when the response lacks `signedJwt`.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for a malformed service account or delegate.
 *
 * @example With an injected fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { signJwt } from "./mod.ts";
 *
 * const result = await signJwt({
 *   serviceAccount: "ci@my-proj.iam.gserviceaccount.com",
 *   authToken: "federated-token",
 *   claims: { sub: "user@example.com" },
 *   fetch: async (urlField, init) => {
 *     assert.deepEqual(JSON.parse(String(init?.body)), { payload: '{"sub":"user@example.com"}' });
 *     return Response.json({ keyId: "k1", signedJwt: "a.b.c" });
 *   },
 * });
 * assert.deepEqual(result, { signedJwt: "a.b.c", keyId: "k1" });
 * ```
 */
export async function signJwt(options: SignJwtOptions): Promise<SignJwtResult> {
  refuseUnknownOptions(options, SIGN_JWT_OPTION_NAMES, "signJwt()");
  options = ownCopy(options);
  return await iamSignJwt(targetOf(options), options.claims, callSettings(options));
}

/** {@linkcode signJwt} for a target already checked. */
export async function iamSignJwt(
  target: IamTarget,
  claims: JWTPayload,
  call: CallSettings,
): Promise<SignJwtResult> {
  const { token: signedJwt, json } = await callIam(
    target,
    "signJwt",
    "signedJwt",
    "ERR_IAM_SIGN_JWT_FAILED",
    IAM_SIGN_JWT_HINT,
    "Failed to sign JWT using",
    { payload: JSON.stringify(claims) },
    call,
  );
  const keyId = (json as Record<string, unknown>).keyId;
  return typeof keyId === "string" ? { signedJwt, keyId } : { signedJwt };
}

/**
 * Signs bytes with a Google-managed key of a service account, RSA-SHA256
 * ([signBlob](https://cloud.google.com/iam/docs/reference/credentials/rest/v1/projects.serviceAccounts/signBlob)):
 * what `credentials.sign()` calls for credentials without a private key of their own.
 *
 * @param options The service account, the caller's token, the bytes and delegates.
 * @returns The signature and the key id.
 * @throws {GoogleApiError} `ERR_IAM_SIGN_BLOB_FAILED` (a 403 means the caller lacks
 * `iam.serviceAccounts.signBlob`, in roles/iam.serviceAccountTokenCreator, on the account).
 * @throws {TokenError} `ERR_TOKEN_RESPONSE_INVALID` when the response lacks a base64 `signedBlob`.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for a malformed service account or delegate.
 *
 * @example With an injected fetch
 * ```ts
 * import assert from "node:assert/strict";
 * import { signBlob } from "./mod.ts";
 *
 * const result = await signBlob({
 *   serviceAccount: "ci@my-proj.iam.gserviceaccount.com",
 *   authToken: "federated-token",
 *   payload: new TextEncoder().encode("hi"),
 *   fetch: async (url, init) => {
 *     assert.match(String(url), /:signBlob$/);
 *     assert.deepEqual(JSON.parse(String(init?.body)), { payload: "aGk=" });
 *     return Response.json({ keyId: "k1", signedBlob: "AQID" });
 *   },
 * });
 * assert.deepEqual([...result.signature], [1, 2, 3]);
 * ```
 */
export async function signBlob(options: SignBlobOptions): Promise<SignBlobResult> {
  refuseUnknownOptions(options, SIGN_BLOB_OPTION_NAMES, "signBlob()");
  options = ownCopy(options);
  // Anything else (an ArrayBuffer, a DataView) would be encoded as zero bytes, and signed.
  if (!(options.payload instanceof Uint8Array)) {
    throw invalidOption("payload", "Cannot sign a blob: payload must be a Uint8Array");
  }
  return await iamSignBlob(targetOf(options), options.payload, callSettings(options));
}

/** {@linkcode signBlob} for a target already checked. */
export async function iamSignBlob(
  target: IamTarget,
  payload: Uint8Array,
  call: CallSettings,
): Promise<SignBlobResult> {
  const { token: signedBlob, json } = await callIam(
    target,
    "signBlob",
    "signedBlob",
    "ERR_IAM_SIGN_BLOB_FAILED",
    IAM_SIGN_BLOB_HINT,
    "Failed to sign bytes using",
    { payload: base64Encode(payload) },
    call,
  );
  let signature: Uint8Array;
  try {
    signature = base64Decode(signedBlob);
  } catch {
    throw new TokenError(
      "ERR_TOKEN_RESPONSE_INVALID",
      `Failed to sign bytes using ${target.serviceAccount}: "signedBlob" is not base64`,
    );
  }
  const keyId = (json as Record<string, unknown>).keyId;
  return typeof keyId === "string" ? { signature, keyId } : { signature };
}
