/**
 * Types of credentials that refresh themselves: the options, what a credentials object offers,
 * and the tokens it hands out.
 *
 * @module
 */

import type { CallOptions } from "../types.ts";

/** Reads a whole text file; inject one where the runtime has no file system (a Worker). */
export type ReadFileLike = (path: string) => Promise<string>;

/** Environment variables by name; `undefined` for a variable that is not set. */
export type EnvLike = Readonly<Record<string, string | undefined>>;

/** Options of {@linkcode credentialsFromJson} and `loadCredentials()`. */
export interface CredentialsOptions extends CallOptions {
  /**
   * Environment variables (`GOOGLE_APPLICATION_CREDENTIALS`, `CLOUDSDK_CONFIG`, `HOME`,
   * `APPDATA`, `GCE_METADATA_HOST`, `GOOGLE_CLOUD_PROJECT`); default the runtime's environment,
   * looked up through `globalThis` (Deno's `env` or `process.env`), none where there is neither.
   */
  env?: EnvLike;
  /**
   * Reads a file: the ADC file and an `external_account` file source; default the runtime's
   * (Deno's `readTextFile`, or `node:fs/promises` through `process.getBuiltinModule`). A file that
   * does not exist should reject with an error whose `code` is `ENOENT` or `name` is `NotFound`.
   */
  readFile?: ReadFileLike;
  /** OAuth scopes of access tokens; default cloud-platform. `authorized_user` ignores them. */
  scopes?: readonly string[];
  /** A cached token is refreshed this many seconds before it expires; default 300. */
  eagerRefreshSeconds?: number;
}

/** Options of `loadCredentials()`: credentials options plus explicit credentials. */
export interface LoadCredentialsOptions extends CredentialsOptions {
  /** Credentials JSON (text or parsed) to use instead of looking for them. */
  credentials?: string | object;
}

/** A token and when it expires. */
export interface CredentialsToken {
  /** The bearer token. */
  token: string;
  /** When it expires (the issuer's expiry; one hour after issue when the issuer gave none). */
  expiresAt: Date;
}

/** Options of `Credentials.getIdToken()`. */
export interface IdTokenOptions {
  /** Adds the `email` and `email_verified` claims (impersonation; other sources always do). */
  includeEmail?: boolean;
}

/** The `type` of a credentials file, or `metadata_server`. */
export type CredentialsType =
  | "service_account"
  | "external_account"
  | "impersonated_service_account"
  | "authorized_user"
  | "metadata_server";

/**
 * Google Cloud credentials that mint, cache and refresh their own tokens: one cache per object,
 * tokens reused until `eagerRefreshSeconds` before they expire, concurrent callers sharing one
 * refresh.
 */
export interface Credentials {
  /** The file's `type`, or `metadata_server`. */
  readonly type: CredentialsType;
  /** The project, when the credentials or the environment name one. */
  readonly projectId?: string;
  /** The universe domain, such as `googleapis.com`. */
  readonly universeDomain: string;
  /** The project billed for quota, sent as `x-goog-user-project`. */
  readonly quotaProjectId?: string;
  /** The service account tokens are minted for, when there is one. */
  readonly serviceAccountEmail?: string;
  /** An access token, cached until shortly before it expires. */
  getAccessToken(): Promise<CredentialsToken>;
  /** A Google-signed ID token for `audience`, cached per audience. */
  getIdToken(audience: string, options?: IdTokenOptions): Promise<CredentialsToken>;
  /** `authorization: Bearer <access token>`, plus `x-goog-user-project` with a quota project. */
  getRequestHeaders(): Promise<Record<string, string>>;
  /** `fetch` with the request headers added; a 401 refreshes the token and retries once. */
  fetch(input: Request | URL | string, init?: RequestInit): Promise<Response>;
}
