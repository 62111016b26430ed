/**
 * What the parts of `authenticate()` share: the run's plan, options and call options, and how a
 * token becomes part of the result.
 *
 * @module
 */

import type { AuthenticateOptions, ValidatedAuthenticateOptions } from "./options.ts";
import type { ExpiringToken } from "../types.ts";
import type { CallSettings } from "../_transport/call_settings.ts";
import type { CredentialsFileContents } from "./credentials_file.ts";
import type { ProjectIdSource } from "./options.ts";

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

/** One run of `authenticate()`. */
export interface Run {
  plan: ValidatedAuthenticateOptions;
  options: AuthenticateOptions;
  call: CallSettings;
  secret: (value: string) => string;
  /** Reports the auth token, to `onSecret` first. */
  authToken: (value: string) => void;
}

/**
 * `token` and its expiry as the result members `name` and `${name}ExpiresAt`.
 *
 * @param token The token and its expiry, if known.
 * @param name The result member.
 * @returns The members to spread into the result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withExpiry } from "./run.ts";
 *
 * const expiresAt = new Date(0);
 * assert.deepEqual(withExpiry({ token: "t", expiresAt }, "idToken"), {
 *   idToken: "t",
 *   idTokenExpiresAt: expiresAt,
 * });
 * ```
 */
export function withExpiry(
  token: ExpiringToken,
  name: "authToken" | "accessToken" | "idToken",
): Partial<AuthenticateResult> {
  const result: Partial<AuthenticateResult> = { [name]: token.token };
  if (token.expiresAt !== undefined) result[`${name}ExpiresAt`] = token.expiresAt;
  return result;
}
