/**
 * `authenticate()`: the whole credential flow from plain options, with the fewest calls.
 *
 * @module
 */

import {
  type AuthenticateOptions,
  type ProjectIdSource,
  validateAuthenticateOptions,
  type ValidatedAuthenticateOptions,
  type ValidatedServiceAccountKeyOptions,
  type ValidatedWorkloadIdentityOptions,
} from "./authenticate_options.ts";
import {
  buildExternalAccountCredentials,
  type CredentialsFileContents,
} from "./credentials_file.ts";
import { buildDomainWideDelegationClaims } from "./domain_wide_delegation.ts";
import { githubOidcTokenUrl, requestGithubOidcToken } from "./github_oidc.ts";
import { generateAccessToken, generateIdToken, signJwt } from "./iam_credentials.ts";
import { exchangeJwtBearer } from "./oauth2.ts";
import { createSelfSignedJwt, signJwtWithKey } from "./self_signed_jwt.ts";
import type { ServiceAccountKey } from "./service_account_key.ts";
import { exchangeToken } from "./sts.ts";
import type { CallOptions, ExpiringToken } from "./types.ts";
import { stsAudience } from "./workload_identity.ts";
import { _own } from "./_own.ts";

/** What `authenticate()` returns. */
export interface AuthenticateResult {
  /** The project id, when given or derived. */
  projectId?: string;
  /** Where {@linkcode AuthenticateResult.projectId} came from. */
  projectIdSource?: ProjectIdSource;
  /** The service account tokens were minted for, when there is one. */
  serviceAccount?: string;
  /** What the credentials file holds (already passed to `onCredentialsFile`). */
  credentialsFile: CredentialsFileContents;
  /** WIF: the federated STS token; key mode: a self-signed JWT for Google APIs. */
  authToken: string;
  /** When {@linkcode AuthenticateResult.authToken} expires. */
  authTokenExpiresAt?: Date;
  /** The access token, for `tokenFormat: "access_token"` (Direct WIF: the federated token). */
  accessToken?: string;
  /** When {@linkcode AuthenticateResult.accessToken} expires. */
  accessTokenExpiresAt?: Date;
  /** The ID token, for `tokenFormat: "id_token"`. */
  idToken?: string;
  /** When {@linkcode AuthenticateResult.idToken} expires. */
  idTokenExpiresAt?: Date;
}

interface _Flow {
  plan: ValidatedAuthenticateOptions;
  options: AuthenticateOptions;
  call: CallOptions;
  secret: (value: string) => string;
  /** Reports the auth token, to `onSecret` first. */
  authToken: (value: string) => void;
}

function _callOptions(
  options: AuthenticateOptions,
  plan: ValidatedAuthenticateOptions,
): CallOptions {
  const call: CallOptions = Object.create(null);
  if (options.fetch !== undefined) call.fetch = options.fetch;
  if (options.now !== undefined) call.now = options.now;
  if (options.sleep !== undefined) call.sleep = options.sleep;
  if (options.signal !== undefined) call.signal = options.signal;
  if (options.retry !== undefined) call.retry = options.retry;
  if (options.timeoutMs !== undefined) call.timeoutMs = options.timeoutMs;
  if (options.log !== undefined) call.log = options.log;
  if (plan.requestReason !== undefined) call.requestReason = plan.requestReason;
  return call;
}

function _withExpiry(
  token: ExpiringToken,
  name: "authToken" | "accessToken" | "idToken",
): Partial<AuthenticateResult> {
  const result: Partial<AuthenticateResult> = { [name]: token.token };
  if (token.expiresAt !== undefined) result[`${name}ExpiresAt`] = token.expiresAt;
  return result;
}

/** The access or ID token the options ask for, minted as `serviceAccount` with `authToken`. */
async function _mint(
  flow: _Flow,
  authToken: string,
  serviceAccount: string,
  key: ServiceAccountKey | undefined,
): Promise<Partial<AuthenticateResult>> {
  const { plan, call } = flow;
  const iam = {
    ...call,
    serviceAccount,
    authToken,
    delegates: plan.delegates,
    baseUrl: plan.endpoints.iamcredentials,
  };
  if (plan.tokenFormat === "id_token") {
    call.log?.debug(`Creating ID token for ${serviceAccount}`);
    const idToken = await generateIdToken({
      ...iam,
      audience: plan.idTokenAudience ?? "",
      includeEmail: plan.idTokenIncludeEmail,
    });
    flow.secret(idToken.token);
    return _withExpiry(idToken, "idToken");
  }
  if (plan.subject === undefined) {
    call.log?.debug(`Creating access token for ${serviceAccount}`);
    const accessToken = await generateAccessToken({
      ...iam,
      scopes: plan.scopes,
      lifetimeSeconds: plan.lifetimeSeconds,
    });
    flow.secret(accessToken.token);
    return _withExpiry(accessToken, "accessToken");
  }
  call.log?.debug(`Creating domain-wide delegation access token for ${serviceAccount}`);
  const claims = buildDomainWideDelegationClaims({
    serviceAccount,
    subject: plan.subject,
    scopes: plan.scopes,
    audience: `https://oauth2.${plan.universe}/token`,
    lifetimeSeconds: plan.lifetimeSeconds,
    ...(call.now === undefined ? {} : { now: call.now }),
  });
  const assertion = key !== undefined && key.client_email === serviceAccount
    ? await signJwtWithKey(key, claims, flow.options.signRs256)
    : (await signJwt({ ...iam, claims })).signedJwt;
  flow.secret(assertion);
  const accessToken = await exchangeJwtBearer({
    ...call,
    assertion,
    baseUrl: plan.endpoints.oauth2,
  });
  flow.secret(accessToken.token);
  return _withExpiry(accessToken, "accessToken");
}

async function _federated(
  flow: _Flow,
  plan: ValidatedWorkloadIdentityOptions,
): Promise<AuthenticateResult> {
  const { call, options } = flow;
  flow.secret(plan.oidcRequest.token);
  call.log?.debug(`Using workload identity provider "${plan.provider.name}"`);
  call.log?.debug(`Requesting GitHub OIDC token for audience "${plan.oidcAudience}"`);
  const oidcToken = flow.secret(
    await requestGithubOidcToken({
      ...call,
      requestUrl: plan.oidcRequest.url,
      requestToken: plan.oidcRequest.token,
      audience: plan.oidcAudience,
    }),
  );
  const audience = stsAudience(plan.provider, plan.endpoints.iam);
  const credentialsFile = buildExternalAccountCredentials({
    audience,
    stsEndpoint: plan.endpoints.sts,
    oidcTokenUrl: githubOidcTokenUrl(plan.oidcRequest.url, plan.oidcAudience),
    oidcRequestToken: plan.oidcRequest.token,
    iamCredentialsEndpoint: plan.endpoints.iamcredentials,
    universe: plan.universe,
    ...(plan.serviceAccount === undefined ? {} : { serviceAccount: plan.serviceAccount }),
  });
  await options.onCredentialsFile?.(credentialsFile);
  call.log?.debug(`Exchanging the GitHub OIDC token at STS for ${audience}`);
  const federated = await exchangeToken({
    ...call,
    audience,
    subjectToken: oidcToken,
    baseUrl: plan.endpoints.sts,
    scope: `${plan.endpoints.www}/auth/cloud-platform`,
  });
  flow.authToken(federated.token);
  const result: AuthenticateResult = {
    credentialsFile,
    ..._withExpiry(federated, "authToken"),
  } as AuthenticateResult;
  if (plan.tokenFormat === "access_token" && plan.serviceAccount === undefined) {
    call.log?.debug("Direct Workload Identity Federation: the federated token is the access token");
    return { ...result, ..._withExpiry(federated, "accessToken") };
  }
  if (plan.tokenFormat === "" || plan.serviceAccount === undefined) return result;
  return { ...result, ...(await _mint(flow, federated.token, plan.serviceAccount, undefined)) };
}

async function _withKey(
  flow: _Flow,
  plan: ValidatedServiceAccountKeyOptions,
): Promise<AuthenticateResult> {
  const { call, options } = flow;
  call.log?.debug(`Using service account key for ${plan.key.client_email}`);
  await options.onCredentialsFile?.(plan.key);
  const authToken = await createSelfSignedJwt(plan.key, {
    audience: `${new URL(plan.endpoints.iamcredentials).origin}/`,
    ...(call.now === undefined ? {} : { now: call.now }),
    ...(options.signRs256 === undefined ? {} : { signRs256: options.signRs256 }),
  });
  flow.authToken(authToken.token);
  const result = {
    credentialsFile: plan.key,
    ..._withExpiry(authToken, "authToken"),
  } as AuthenticateResult;
  if (plan.tokenFormat === "") return result;
  return { ...result, ...(await _mint(flow, authToken.token, plan.serviceAccount, plan.key)) };
}

/**
 * Authenticates to Google Cloud from plain options: Workload Identity Federation with a GitHub
 * OIDC token (direct, or impersonating a service account) or a service account key, then an
 * optional access token (also by domain-wide delegation) or ID token. Makes the fewest calls
 * (WIF + service account access token: OIDC, STS, IAM; key mode without a token: none), retries
 * transient failures, reports every secret to `onSecret` as soon as it exists, hands the
 * credentials file contents to `onCredentialsFile` before any token is minted, and the auth token
 * to `onAuthToken` before any later call.
 *
 * @param options The credential source, what to mint, and call options.
 * @returns Tokens, expiries, project id and the credentials file contents.
 * @throws {CredentialsError} For invalid options, keys or provider names, or no OIDC environment
 * (before any network call).
 * @throws {RangeError} For a lifetime over the limits (before any network call).
 * @throws {GithubOidcError} When the GitHub OIDC token request fails.
 * @throws {GoogleApiError} When STS, IAM Credentials or OAuth2 rejects a call.
 * @throws {TokenError} When a successful response holds no token.
 *
 * @example Key mode with no token to mint makes no call
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { authenticate } from "./mod.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const credentialsJson = JSON.stringify({
 *   type: "service_account",
 *   project_id: "my-proj",
 *   private_key_id: "kid-1",
 *   private_key: await exportPKCS8(privateKey),
 *   client_email: "ci@my-proj.iam.gserviceaccount.com",
 * });
 * const secrets: string[] = [];
 * const result = await authenticate({
 *   credentialsJson,
 *   onSecret: (value) => secrets.push(value),
 *   fetch: () => Promise.reject(new Error("no call expected")),
 * });
 * assert.equal(result.projectId, "my-proj");
 * assert.equal(result.projectIdSource, "credentials");
 * assert.deepEqual(secrets, [result.authToken]);
 * ```
 */
export async function authenticate(options: AuthenticateOptions): Promise<AuthenticateResult> {
  options = _own(options);
  const plan = validateAuthenticateOptions(options);
  const call = _callOptions(options, plan);
  const flow: _Flow = {
    plan,
    options,
    call,
    secret: (value) => {
      options.onSecret?.(value);
      return value;
    },
    authToken: (value) => {
      options.onSecret?.(value);
      options.onAuthToken?.(value);
    },
  };
  if (plan.projectIdSource === "provider") {
    const notice = options.log?.notice ?? options.log?.info;
    notice?.call(
      options.log,
      `Using the project number ${plan.projectId} of the workload identity provider as the project id; set the project id explicitly to use its name`,
    );
  }
  const result = plan.mode === "workload_identity_federation"
    ? await _federated(flow, plan)
    : await _withKey(flow, plan);
  const identity: Partial<AuthenticateResult> = {};
  if (plan.projectId !== undefined) identity.projectId = plan.projectId;
  if (plan.projectIdSource !== undefined) identity.projectIdSource = plan.projectIdSource;
  if (plan.serviceAccount !== undefined) identity.serviceAccount = plan.serviceAccount;
  return { ...identity, ...result };
}
