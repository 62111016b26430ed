/**
 * Google Cloud credentials over `fetch` and Web Crypto, for Deno, Node, Bun and Workers: Application
 * Default Credentials and credentials made from a configuration ({@linkcode loadCredentials},
 * {@linkcode credentialsFromJson}, or the constructor of one type, which refuses any other and
 * bundles that type's code only: {@linkcode serviceAccountCredentials},
 * {@linkcode externalAccountCredentials}, {@linkcode metadataServerCredentials}), whose tokens
 * refresh themselves; {@linkcode toAuthClient} for SDKs that take google-auth-library's clients;
 * and {@linkcode authenticate}, the GitHub OIDC -> Workload Identity Federation -> IAM Credentials
 * flow of the workflow step. Every call retries transient failures within a bounded budget; every
 * error is an {@linkcode AuthError} with a stable `code`, a `hint`, and no secret in it.
 *
 * The rest has entries of its own: `@gcp-oidc/auth/flows` (each Google and GitHub call),
 * `/keys` (service account keys and JWTs), `/signing` (signed URLs and POST policies), `/verify`
 * (ID tokens and IAP assertions), `/endpoint` (the request options builder) and `/emulator`.
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
export type { AuthenticateOptions, ProjectIdSource, TokenFormat } from "./authenticate/options.ts";
export type {
  CredentialsFileContents,
  ExternalAccountCredentials,
} from "./authenticate/credentials_file.ts";
export {
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
  TokenErrorCode,
  TransportErrorCode,
  VerificationErrorCode,
} from "./errors.ts";
export type { ServiceAccountKey } from "./keys/service_account_key.ts";
export type {
  AuthLogger,
  CallOptions,
  FetchLike,
  FetchResponse,
  RetryOptions,
  SleepLike,
} from "./types.ts";
export type { GoogleEndpoints, GoogleService } from "./universe.ts";
export { credentialsFromJson } from "./credentials/credentials_from_json.ts";
export { loadCredentials } from "./credentials/load_credentials.ts";
export { serviceAccountCredentials } from "./credentials/service_account_credentials.ts";
export { externalAccountCredentials } from "./credentials/external_account_credentials.ts";
export { metadataServerCredentials } from "./credentials/metadata_server_credentials.ts";
export { toAuthClient } from "./credentials/auth_client.ts";
export type { AuthClient } from "./credentials/auth_client.ts";
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
export type {
  CommonCredentialsOptions,
  Credentials,
  CredentialsFromJsonOptions,
  CredentialsOptions,
  CredentialsToken,
  CredentialsType,
  EnvLike,
  IdTokenOptions,
  LoadCredentialsOptions,
  MetadataServerCredentialsOptions,
  ReadFileLike,
  TokenStore,
} from "./credentials/types.ts";
