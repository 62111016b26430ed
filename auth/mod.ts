/**
 * Google Cloud credentials from GitHub Actions OIDC or service account keys, over `fetch` and Web
 * Crypto: GitHub OIDC tokens, Workload Identity Federation (STS), IAM Credentials (access tokens,
 * ID tokens, `signJwt`), self-signed JWTs, domain-wide delegation, and one high-level
 * {@linkcode authenticate}. Every call retries transient failures within a bounded budget; every
 * error is an {@linkcode AuthError} with a stable `code`, a `hint`, and no secret in it.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { authenticate } from "./mod.ts";
 *
 * // Workload Identity Federation + impersonation, with a fake fetch standing in for
 * // GitHub, STS and IAM Credentials.
 * const seen: string[] = [];
 * const fetch = async (url: Request | URL | string): Promise<Response> => {
 *   const { pathname } = new URL(String(url));
 *   seen.push(pathname);
 *   if (pathname === "/token") return Response.json({ value: "eyJ.github.oidc" });
 *   if (pathname === "/v1/token") return Response.json({ access_token: "federated", expires_in: 3600 });
 *   return Response.json({ accessToken: "ya29.sa-token", expireTime: "2030-01-01T00:00:00Z" });
 * };
 * const result = await authenticate({
 *   workloadIdentityProvider: "projects/123/locations/global/workloadIdentityPools/github/providers/repo",
 *   serviceAccount: "ci@my-proj.iam.gserviceaccount.com",
 *   oidcRequest: { url: "https://runner.example/token?api-version=2.0", token: "runner-token" },
 *   tokenFormat: "access_token",
 *   fetch,
 * });
 * assert.equal(result.accessToken, "ya29.sa-token");
 * assert.equal(result.projectId, "my-proj");
 * assert.deepEqual(seen, [
 *   "/token",
 *   "/v1/token",
 *   "/v1/projects/-/serviceAccounts/ci@my-proj.iam.gserviceaccount.com:generateAccessToken",
 * ]);
 * ```
 *
 * @module
 */

export { authenticate } from "./authenticate/authenticate.ts";
export type { AuthenticateResult } from "./authenticate/run.ts";
export {
  DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS,
  MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
  validateAuthenticateOptions,
} from "./authenticate/options.ts";
export type {
  AuthenticateOptions,
  ProjectIdSource,
  TokenFormat,
  ValidatedAuthenticateOptions,
  ValidatedCommonOptions,
  ValidatedServiceAccountKeyOptions,
  ValidatedWorkloadIdentityOptions,
} from "./authenticate/options.ts";
export { buildExternalAccountCredentials } from "./authenticate/credentials_file.ts";
export type {
  CredentialsFileContents,
  ExternalAccountCredentials,
  ExternalAccountCredentialsOptions,
} from "./authenticate/credentials_file.ts";
export {
  buildDomainWideDelegationClaims,
  MAX_DELEGATED_LIFETIME_SECONDS,
} from "./keys/domain_wide_delegation.ts";
export type { DomainWideDelegationClaimsOptions } from "./keys/domain_wide_delegation.ts";
export {
  AUTH_ERROR_HINTS,
  AuthError,
  CredentialsError,
  GithubOidcError,
  GoogleApiError,
  TokenError,
  VerificationError,
} from "./errors.ts";
export type {
  AnyAuthError,
  AuthErrorCode,
  AuthErrorOptions,
  CredentialsErrorCode,
  GithubOidcErrorCode,
  GoogleApiErrorCode,
  StepErrorCode,
  TokenErrorCode,
  TransportErrorCode,
  VerificationErrorCode,
} from "./errors.ts";
export { githubOidcTokenUrl, requestGithubOidcToken } from "./flows/github_oidc.ts";
export type { RequestGithubOidcTokenOptions } from "./flows/github_oidc.ts";
export {
  CLOUD_PLATFORM_SCOPE,
  generateAccessToken,
  generateIdToken,
  signBlob,
  signJwt,
} from "./flows/iam_credentials.ts";
export type {
  GenerateAccessTokenOptions,
  GenerateIdTokenOptions,
  IamCredentialsOptions,
  SignBlobOptions,
  SignBlobResult,
  SignJwtOptions,
  SignJwtResult,
} from "./flows/iam_credentials.ts";
export { exchangeJwtBearer, JWT_BEARER_GRANT_TYPE } from "./flows/oauth2_token.ts";
export type { ExchangeJwtBearerOptions } from "./flows/oauth2_token.ts";
export {
  createSelfSignedJwt,
  SELF_SIGNED_JWT_LIFETIME_SECONDS,
  signJwtWithKey,
} from "./keys/jwt.ts";
export type { CreateSelfSignedJwtOptions, JWTPayload, SelfSignedJwt } from "./keys/jwt.ts";
export { parseServiceAccountKey } from "./keys/service_account_key.ts";
export type { ServiceAccountKey } from "./keys/service_account_key.ts";
export {
  normalizeDelegates,
  projectIdFromServiceAccount,
  validateServiceAccount,
} from "./flows/service_account_name.ts";
export { exchangeToken, GITHUB_TOKEN_HINT_CLAIMS } from "./flows/sts.ts";
export type { ExchangeTokenOptions } from "./flows/sts.ts";
export type {
  AuthLogger,
  CallOptions,
  ExpiringToken,
  FetchLike,
  FetchResponse,
  RetryOptions,
  SleepLike,
} from "./types.ts";
export { DEFAULT_UNIVERSE, resolveEndpoints } from "./universe.ts";
export type { GoogleEndpoints, GoogleService, ResolveEndpointsOptions } from "./universe.ts";
export {
  defaultOidcAudience,
  parseWorkloadIdentityProvider,
  stsAudience,
} from "./flows/workload_identity.ts";
export type { WorkloadIdentityProvider } from "./flows/workload_identity.ts";
export { createSignedUrl } from "./signing/signed_url.ts";
export type { SignedUrlOptions, SigningCredentials, UrlStyle } from "./signing/signed_url.ts";
export { createSignedPostPolicy } from "./signing/signed_post_policy.ts";
export type {
  PostPolicyConditions,
  SignedPostPolicy,
  SignedPostPolicyOptions,
} from "./signing/signed_post_policy.ts";
export { GOOGLE_ID_TOKEN_ISSUERS, verifyIdToken } from "./verify/id_token.ts";
export type { IdTokenPayload, VerifyIdTokenOptions } from "./verify/id_token.ts";
export { IAP_ISSUER, IAP_KEYS_URL, verifyIapJwt } from "./verify/iap.ts";
export type { IapJwtPayload, VerifyIapJwtOptions } from "./verify/iap.ts";
export { credentialsFromJson } from "./credentials/credentials_from_json.ts";
export { loadCredentials } from "./credentials/load_credentials.ts";
export { toAuthClient } from "./credentials/auth_client.ts";
export { credentialsFromApiKey } from "./credentials/api_key.ts";
export type { ApiKeyOptions } from "./credentials/api_key.ts";
export { downscopedCredentials } from "./credentials/downscoped_credentials.ts";
export type {
  AccessBoundaryRule,
  CredentialAccessBoundary,
  DownscopedCredentialsOptions,
} from "./credentials/downscoped_credentials.ts";
export type {
  AwsSecurityCredentials,
  AwsSecurityCredentialsSupplier,
  ExecutableRequest,
  ExecutableResult,
  ExternalAccountOptions,
  ExternalAccountSupplierContext,
  RunExecutableLike,
  SubjectTokenSupplier,
} from "./credentials/external_account_options.ts";
export type { AuthClient } from "./credentials/auth_client.ts";
export type {
  Credentials,
  CredentialsOptions,
  CredentialsToken,
  CredentialsType,
  EnvLike,
  IdTokenOptions,
  LoadCredentialsOptions,
  ReadFileLike,
} from "./credentials/types.ts";
