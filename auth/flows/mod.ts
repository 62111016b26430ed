/**
 * Each Google and GitHub call of the credential flows, one function per call: the GitHub OIDC
 * token request, the STS token exchange, IAM Credentials (`generateAccessToken`,
 * `generateIdToken`, `signJwt`, `signBlob`) and the OAuth2 JWT bearer grant; and the names they
 * take (Workload Identity provider names, service account names, endpoints by universe). Most
 * users want `loadCredentials()` or `authenticate()` from `@gcp-oidc/auth` instead.
 *
 * @example Exchange a GitHub OIDC token for a federated token
 * ```ts
 * import assert from "node:assert/strict";
 * import { exchangeToken, parseWorkloadIdentityProvider } from "./mod.ts";
 *
 * const fetch = async (): Promise<Response> =>
 *   Response.json({ access_token: "federated", expires_in: 3600 });
 * const provider = parseWorkloadIdentityProvider(
 *   "projects/123/locations/global/workloadIdentityPools/github/providers/repo",
 * );
 * const token = await exchangeToken({
 *   audience: `//iam.googleapis.com/${provider.name}`,
 *   subjectToken: "eyJ.github.oidc",
 *   fetch,
 * });
 * assert.equal(token.token, "federated");
 * ```
 *
 * @module
 */

export { githubOidcTokenUrl, requestGithubOidcToken } from "./github_oidc.ts";
export type { RequestGithubOidcTokenOptions } from "./github_oidc.ts";
export {
  CLOUD_PLATFORM_SCOPE,
  generateAccessToken,
  generateIdToken,
  MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
  signBlob,
  signJwt,
} from "./iam_credentials.ts";
export type {
  GenerateAccessTokenOptions,
  GenerateIdTokenOptions,
  IamCredentialsOptions,
  SignBlobOptions,
  SignBlobResult,
  SignJwtOptions,
  SignJwtResult,
} from "./iam_credentials.ts";
export { exchangeJwtBearer, JWT_BEARER_GRANT_TYPE } from "./oauth2_token.ts";
export type { ExchangeJwtBearerOptions } from "./oauth2_token.ts";
export {
  normalizeDelegates,
  projectIdFromServiceAccount,
  validateServiceAccount,
} from "./service_account_name.ts";
export { exchangeToken } from "./sts.ts";
export type { ExchangeTokenOptions } from "./sts.ts";
export {
  defaultOidcAudience,
  parseWorkloadIdentityProvider,
  stsAudience,
} from "./workload_identity.ts";
export type { WorkloadIdentityProvider } from "./workload_identity.ts";
export { DEFAULT_UNIVERSE, resolveEndpoints } from "../universe.ts";
export type { GoogleEndpoints, GoogleService, ResolveEndpointsOptions } from "../universe.ts";
export type {
  AuthLogger,
  CallOptions,
  ExpiringToken,
  FetchLike,
  FetchResponse,
  RetryOptions,
  SleepLike,
} from "../types.ts";
