/**
 * Types of credentials that refresh themselves: the options, what a credentials object offers,
 * and the tokens it hands out.
 *
 * @module
 */

import type { CallOptions, FetchLike } from "../types.ts";
import type { ExternalAccountOptions } from "./external_account_options.ts";

/**
 * Reads a whole text file; inject one where the runtime has no file system (a Worker). The
 * `signal` aborts the read (the credentials stop waiting for it when it aborts in any case).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ReadFileLike } from "../mod.ts";
 *
 * const files: Record<string, string> = { "/creds.json": "{}" };
 * const readFile: ReadFileLike = (path) =>
 *   path in files
 *     ? Promise.resolve(files[path]!)
 *     : Promise.reject(Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" }));
 * assert.equal(await readFile("/creds.json"), "{}");
 * ```
 */
export type ReadFileLike = (
  path: string,
  options?: { signal?: AbortSignal },
) => Promise<string>;

/**
 * Environment variables by name; `undefined` for a variable that is not set.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EnvLike } from "../mod.ts";
 *
 * const env: EnvLike = { GOOGLE_APPLICATION_CREDENTIALS: "/creds.json" };
 * assert.equal(env.HOME, undefined);
 * ```
 */
export type EnvLike = Readonly<Record<string, string | undefined>>;

/**
 * Options every kind of credentials takes: how its calls are made, the scopes of its access tokens
 * and when it refreshes them. `serviceAccountCredentials()` takes these alone.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { type CommonCredentialsOptions, credentialsFromJson } from "../mod.ts";
 *
 * const options: CommonCredentialsOptions = {
 *   scopes: ["https://www.googleapis.com/auth/devstorage.read_only"],
 *   eagerRefreshSeconds: 60,
 *   now: () => 0,
 *   fetch: async (urlField, init) => {
 *     assert.match(String(init?.body), /grant_type=refresh_token/);
 *     return Response.json({ access_token: "ya29.t", expires_in: 3600 });
 *   },
 * };
 * const credentials = credentialsFromJson({
 *   type: "authorized_user",
 *   client_id: "id",
 *   client_secret: "secret",
 *   refresh_token: "refresh",
 * }, options);
 * assert.equal((await credentials.getAccessToken()).expiresAt.getTime(), 3_600_000);
 * ```
 */
export interface CommonCredentialsOptions extends CallOptions {
  /**
   * The `fetch` to use; default `globalThis.fetch`. It resolves to a `Response`, as
   * {@linkcode Credentials.fetch} hands what it gives on. A rejection is a network failure and
   * retried, except an {@linkcode AuthError}, which ends the call as it is. For an X.509
   * certificate source it must present the client certificate (a Worker's `mtls_certificates`
   * binding): without it, Deno, Bun and the npm package's Node entries present it themselves.
   */
  fetch?: FetchLike<Response>;
  /**
   * OAuth scopes of access tokens; default an `impersonated_service_account` file's `scopes`, else
   * cloud-platform. `authorized_user` ignores them.
   */
  scopes?: readonly string[];
  /** A cached token is refreshed this many seconds before it expires; default 300. */
  eagerRefreshSeconds?: number;
  /**
   * Aborts every call of these credentials for their whole life (to close them): once it aborts,
   * every token refresh rejects with its reason. `loadCredentials()` and
   * `metadataServerCredentials()` use it for loading only.
   */
  signal?: AbortSignal;
}

/**
 * Options of `credentialsFromJson()`, `externalAccountCredentials()` and `loadCredentials()`: the
 * common options, and what an `external_account` configuration may read or run.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson, type CredentialsOptions } from "../mod.ts";
 *
 * const options: CredentialsOptions = {
 *   refuseLocalSources: true,
 *   env: {},
 *   fetch: async () => Response.json({ access_token: "ya29.t", expires_in: 3600 }),
 * };
 * assert.throws(
 *   () =>
 *     credentialsFromJson({
 *       type: "external_account",
 *       audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
 *       subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
 *       credential_source: { file: "/var/run/token" },
 *     }, options),
 *   { code: "ERR_CREDENTIALS_SOURCE_REFUSED" },
 * );
 * ```
 */
export interface CredentialsOptions extends CommonCredentialsOptions, ExternalAccountOptions {
  /**
   * Environment variables (`GOOGLE_APPLICATION_CREDENTIALS`, `CLOUDSDK_CONFIG`, `HOME`,
   * `APPDATA`, `GCE_METADATA_HOST`, `GOOGLE_CLOUD_PROJECT`; for AWS sources `AWS_REGION`,
   * `AWS_DEFAULT_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`; for
   * executable sources `GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES`); default the runtime's environment,
   * looked up through `globalThis` (Deno's `env` or `process.env`), none where there is neither.
   */
  env?: EnvLike;
  /**
   * Reads a file: the ADC file and an `external_account` file source; default the runtime's
   * (Deno's file API, or `node:fs` through `process.getBuiltinModule`), which reads only
   * a regular file (not a FIFO or device) of at most 1 MiB. A file that does not exist should
   * reject with an error whose `code` is `ENOENT` or `name` is `NotFound`. A text over 1 MiB is
   * refused, and a read still pending when `signal` aborts is given up.
   */
  readFile?: ReadFileLike;
  /**
   * Refuses credential sources that read the local machine: an `external_account`'s
   * `credential_source.file`, `executable` (a program to run) and AWS source (the environment's
   * or the instance's AWS credentials) are then `ERR_CREDENTIALS_SOURCE_REFUSED` when the
   * credentials are made. Set it for a configuration from an untrusted source, which could
   * otherwise read any file the process may read, run any program, or sign with its AWS
   * credentials, and send the result to its `token_url`; default false.
   */
  refuseLocalSources?: boolean;
  /**
   * A store shared by isolates or processes (`@gcp-oidc/auth/token-store`: the Cache API,
   * Workers KV, Deno KV): access tokens are looked for there before minting, and written there,
   * encrypted under a key derived from the credentials' own secret (a private key or refresh
   * token; credentials without one, such as an `external_account` configuration's, do not use
   * the store). A store that fails or takes over a second is passed
   * by, with a `log.debug` line.
   */
  tokenStore?: TokenStore;
}

/**
 * Options of `metadataServerCredentials()`: the common options, and the environment that names
 * the metadata server's address.
 *
 * @example Usage
 * ```ts
 * import type { MetadataServerCredentialsOptions } from "../mod.ts";
 *
 * const options: MetadataServerCredentialsOptions = {
 *   env: { GCE_METADATA_HOST: "127.0.0.1:8080" },
 *   signal: AbortSignal.timeout(5000),
 * };
 * ```
 */
export interface MetadataServerCredentialsOptions extends CommonCredentialsOptions {
  /**
   * Environment variables: `GCE_METADATA_HOST` (else `GCE_METADATA_ROOT`, else
   * `GCE_METADATA_IP`) names the server; default the runtime's environment, as
   * {@linkcode CredentialsOptions.env}.
   */
  env?: EnvLike;
}

/**
 * Where access tokens are shared between isolates or processes: `get` gives what `set` stored
 * under `key` (or `undefined`), `set` keeps `value` for at most `ttlSeconds`. Values are
 * encrypted and keys name no secret, so any store will do; `@gcp-oidc/auth/token-store` has the
 * Cache API's, Workers KV's and Deno KV's.
 *
 * @example An in-memory store (one process only: for tests)
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TokenStore } from "../mod.ts";
 *
 * const values = new Map<string, string>();
 * const store: TokenStore = {
 *   get: async (key) => values.get(key),
 *   set: async (key, value) => void values.set(key, value),
 * };
 * await store.set("k", "v", 60);
 * assert.equal(await store.get("k"), "v");
 * ```
 */
export interface TokenStore {
  /** The value stored under `key`, or `undefined`. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key` for at most `ttlSeconds` (a whole number, at least 1). */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/**
 * Options of `credentialsFromJson()` (and `loadCredentials()`): credentials options plus the
 * configuration types to accept.
 *
 * @example Only a service account key, whatever the JSON says
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson, type CredentialsFromJsonOptions } from "../mod.ts";
 *
 * const options: CredentialsFromJsonOptions = { allowedTypes: ["service_account"] };
 * const untrusted = {
 *   type: "external_account",
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
 *   subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
 *   credential_source: { file: "/proc/self/environ" },
 * };
 * assert.throws(() => credentialsFromJson(untrusted, options), {
 *   code: "ERR_CREDENTIALS_TYPE_NOT_ALLOWED",
 *   message: /"type" is "external_account", and the allowedTypes option lists only service_account/,
 * });
 * ```
 */
export interface CredentialsFromJsonOptions extends CredentialsOptions {
  /**
   * The configuration types to accept (`service_account`, `external_account`,
   * `impersonated_service_account`, `authorized_user`, `external_account_authorized_user`; for
   * `loadCredentials()` also `metadata_server`); a configuration of another type, or an
   * `impersonated_service_account` whose `source_credentials` has another type, is
   * `ERR_CREDENTIALS_TYPE_NOT_ALLOWED` before anything it names is read, run or called. For a
   * configuration from an untrusted source. Default: every type.
   */
  allowedTypes?: readonly CredentialsType[];
}

/**
 * Options of `loadCredentials()`: the options of `credentialsFromJson()` plus explicit credentials.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCredentials, type LoadCredentialsOptions } from "../mod.ts";
 *
 * const options: LoadCredentialsOptions = {
 *   credentials: { type: "authorized_user", client_id: "id", client_secret: "s", refresh_token: "r" },
 *   env: { GOOGLE_CLOUD_PROJECT: "my-project" },
 * };
 * const credentials = await loadCredentials(options);
 * assert.deepEqual([credentials.type, credentials.projectId], ["authorized_user", "my-project"]);
 * ```
 */
export interface LoadCredentialsOptions extends CredentialsFromJsonOptions {
  /** Credentials JSON (text or parsed) to use instead of looking for them. */
  credentials?: string | object;
  /**
   * Aborts loading (reading the ADC file, the metadata server probe, and its project id when
   * there is no probe: a read still pending when it aborts is given up); the returned
   * credentials do not keep it, so `AbortSignal.timeout(5000)` bounds the load and not every
   * later token refresh.
   */
  signal?: AbortSignal;
}

/**
 * A token and when it expires.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CredentialsToken } from "../mod.ts";
 *
 * const token: CredentialsToken = { token: "ya29.t", expiresAt: new Date(3_600_000) };
 * const fresh = (now: number) => now < token.expiresAt.getTime() - 300_000;
 * assert.equal(fresh(0), true);
 * ```
 */
export interface CredentialsToken {
  /** The bearer token. */
  token: string;
  /** When it expires (the issuer's expiry; one hour after issue when the issuer gave none). */
  expiresAt: Date;
}

/**
 * Options of `Credentials.getIdToken()`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson, type IdTokenOptions } from "../mod.ts";
 *
 * const credentials = credentialsFromJson({
 *   type: "external_account",
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
 *   subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
 *   credential_source: { file: "/var/run/token" },
 *   service_account_impersonation_url:
 *     "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/ci@my-proj.iam.gserviceaccount.com:generateAccessToken",
 * }, {
 *   readFile: () => Promise.resolve("eyJ.subject.token"),
 *   fetch: async (url, init) => {
 *     if (String(url).endsWith("/token")) return Response.json({ access_token: "federated", expires_in: 3600 });
 *     assert.equal(JSON.parse(String(init?.body)).includeEmail, true);
 *     return Response.json({ token: "id-token" });
 *   },
 * });
 * const options: IdTokenOptions = { includeEmail: true };
 * assert.equal((await credentials.getIdToken("https://run.example", options)).token, "id-token");
 * ```
 */
export interface IdTokenOptions {
  /** Adds the `email` and `email_verified` claims (impersonation; other sources always do). */
  includeEmail?: boolean;
}

/**
 * The `type` of a credentials file, or `metadata_server`; `downscoped` for
 * `downscopedCredentials()` and `api_key` for `credentialsFromApiKey()`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson, type CredentialsType } from "../mod.ts";
 *
 * const type: CredentialsType = credentialsFromJson({
 *   type: "authorized_user",
 *   client_id: "id",
 *   client_secret: "s",
 *   refresh_token: "r",
 * }).type;
 * assert.equal(type, "authorized_user");
 * ```
 */
export type CredentialsType =
  | "service_account"
  | "external_account"
  | "impersonated_service_account"
  | "authorized_user"
  | "external_account_authorized_user"
  | "metadata_server"
  | "downscoped"
  | "api_key";

/**
 * Google Cloud credentials that mint, cache and refresh their own tokens: one cache per object,
 * tokens reused until `eagerRefreshSeconds` before they expire, concurrent callers sharing one
 * refresh.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Credentials, credentialsFromJson } from "../mod.ts";
 *
 * let calls = 0;
 * const credentials: Credentials = credentialsFromJson({
 *   type: "authorized_user",
 *   client_id: "id",
 *   client_secret: "s",
 *   refresh_token: "r",
 *   quota_project_id: "billing",
 * }, { fetch: async () => (calls++, Response.json({ access_token: "ya29.t", expires_in: 3600 })) });
 * await Promise.all([credentials.getAccessToken(), credentials.getRequestHeaders()]);
 * assert.equal(calls, 1);
 * assert.equal((await credentials.getRequestHeaders())["x-goog-user-project"], "billing");
 * ```
 */
export interface Credentials {
  /** The file's `type`, or `metadata_server`. */
  readonly type: CredentialsType;
  /** The project, when the credentials or the environment name one. */
  readonly projectId?: string;
  /**
   * The universe domain as known, such as `googleapis.com`: what a file says; for the metadata
   * server `googleapis.com` until {@linkcode Credentials.getUniverseDomain} (or `sign()`) has read
   * the server's.
   */
  readonly universeDomain: string;
  /** The project billed for quota, sent as `x-goog-user-project`. */
  readonly quotaProjectId?: string;
  /**
   * The service account tokens are minted for, as known: what a file names; for the metadata
   * server `undefined` until {@linkcode Credentials.getServiceAccountEmail} (or `sign()`) has read
   * the server's.
   */
  readonly serviceAccountEmail?: string;
  /** An access token, cached until shortly before it expires. */
  getAccessToken(): Promise<CredentialsToken>;
  /** A Google-signed ID token for `audience`, cached per audience. */
  getIdToken(audience: string, options?: IdTokenOptions): Promise<CredentialsToken>;
  /** `authorization: Bearer <access token>`, plus `x-goog-user-project` with a quota project. */
  getRequestHeaders(): Promise<Record<string, string>>;
  /**
   * `fetch` with the request headers added; a 401 refreshes the token and retries once when the
   * body can be sent again (none, a string, `URLSearchParams`, `Blob`, `FormData`, bytes). A
   * stream body is sent once, never copied, and a 401 to it is returned as is.
   */
  fetch(input: Request | URL | string, init?: RequestInit): Promise<Response>;
  /**
   * An RSA-SHA256 (RSASSA-PKCS1-v1_5) signature of `data` (a string is signed as UTF-8) by
   * {@linkcode Credentials.getServiceAccountEmail}'s account: made locally with a
   * `service_account` key, else by IAM Credentials' `signBlob` (which needs
   * `iam.serviceAccounts.signBlob` on the account). Rejects with `ERR_SIGN_NO_SERVICE_ACCOUNT`
   * for credentials that act as no service account (`authorized_user`, federation without
   * impersonation).
   */
  sign(data: Uint8Array | string): Promise<Uint8Array>;
  /**
   * The email of the service account these credentials act as; rejects with
   * `ERR_SIGN_NO_SERVICE_ACCOUNT` where there is none. The metadata server is asked on the first
   * call (one request, kept); a file's email is what it names.
   */
  getServiceAccountEmail(): Promise<string>;
  /**
   * The universe domain, such as `googleapis.com`. The metadata server is asked on the first call
   * (one request, kept; `googleapis.com` when it has none), as google-auth-library's
   * `getUniverseDomain()` does; a file's universe is what it says. Afterwards
   * {@linkcode Credentials.universeDomain} gives the same.
   *
   * @example The metadata server's universe, read when asked
   * ```ts
   * import assert from "node:assert/strict";
   * import { loadCredentials } from "../mod.ts";
   *
   * const asked: string[] = [];
   * const credentials = await loadCredentials({
   *   env: { GCE_METADATA_HOST: "metadata.test" },
   *   fetch: async (url) => {
   *     const path = new URL(String(url)).pathname.replace("/computeMetadata/v1/", "");
   *     asked.push(path);
   *     const text = path === "universe/universe-domain" ? "example.com" : "my-project";
   *     return new Response(text, { headers: { "metadata-flavor": "Google" } });
   *   },
   * });
   * assert.equal(credentials.universeDomain, "googleapis.com");
   * assert.equal(await credentials.getUniverseDomain(), "example.com");
   * assert.equal(credentials.universeDomain, "example.com");
   * assert.deepEqual(asked, ["project/project-id", "universe/universe-domain"]);
   * ```
   */
  getUniverseDomain(): Promise<string>;
}
