/**
 * `authenticate()`: the whole credential flow from plain options, with the fewest calls.
 *
 * @module
 */

import {
  type AuthenticateOptions,
  validateAuthenticateOptions,
  type ValidatedAuthenticateOptions,
  type ValidatedServiceAccountKeyOptions,
} from "./options.ts";
import { createSelfSignedJwt } from "../keys/jwt.ts";
import type { CallOptions } from "../types.ts";
import { federated } from "./_federated.ts";
import { mint } from "./_mint.ts";
import { type AuthenticateResult, type Run, withExpiry } from "./run.ts";
import { ownCopy } from "../_util/own.ts";

function callOptions(
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

async function withKey(
  flow: Run,
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
    ...withExpiry(authToken, "authToken"),
  } as AuthenticateResult;
  if (plan.tokenFormat === "") return result;
  return { ...result, ...(await mint(flow, authToken.token, plan.serviceAccount, plan.key)) };
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
 * @throws {CredentialsError} For invalid options (an unknown option name, a lifetime over the
 * limits), keys or provider names, or no OIDC environment (before any network call).
 * @throws {GithubOidcError} When the GitHub OIDC token request fails.
 * @throws {GoogleApiError} When STS, IAM Credentials or OAuth2 rejects a call.
 * @throws {TokenError} When a successful response holds no token.
 *
 * @example Key mode with no token to mint makes no call
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { authenticate } from "../mod.ts";
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
  options = ownCopy(options);
  const plan = validateAuthenticateOptions(options);
  const call = callOptions(options, plan);
  const flow: Run = {
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
    ? await federated(flow, plan)
    : await withKey(flow, plan);
  const identity: Partial<AuthenticateResult> = {};
  if (plan.projectId !== undefined) identity.projectId = plan.projectId;
  if (plan.projectIdSource !== undefined) identity.projectIdSource = plan.projectIdSource;
  if (plan.serviceAccount !== undefined) identity.serviceAccount = plan.serviceAccount;
  return { ...identity, ...result };
}
