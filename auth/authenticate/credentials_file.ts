/**
 * Contents of the credentials file SDKs read through `GOOGLE_APPLICATION_CREDENTIALS`: an
 * `external_account` configuration for Workload Identity Federation, or the key itself.
 *
 * @module
 */

import type { ServiceAccountKey } from "../keys/service_account_key.ts";
import { ownCopy } from "../_util/own.ts";

/** An `external_account` credentials configuration with a URL-sourced GitHub OIDC token. */
export interface ExternalAccountCredentials {
  /** Always `external_account`. */
  type: "external_account";
  /** The STS audience, `//iam.<universe>/<provider name>`. */
  audience: string;
  /** Always the JWT token type. */
  subject_token_type: "urn:ietf:params:oauth:token-type:jwt";
  /** The STS token endpoint. */
  token_url: string;
  /** Where SDKs fetch a fresh GitHub OIDC token. */
  credential_source: {
    /** The runner's token URL with the `audience` query parameter set. */
    url: string;
    /** The runner's bearer token. */
    headers: { Authorization: string };
    /** The token is the `value` field of a JSON response. */
    format: { type: "json"; subject_token_field_name: "value" };
  };
  /** Present only when a service account is impersonated. */
  service_account_impersonation_url?: string;
  /** The universe of the endpoints. */
  universe_domain: string;
}

/** What the credentials file holds: WIF configuration or the service account key as parsed. */
export type CredentialsFileContents = ExternalAccountCredentials | ServiceAccountKey;

/** Options of {@linkcode buildExternalAccountCredentials}. */
export interface ExternalAccountCredentialsOptions {
  /** The STS audience (see `stsAudience()`). */
  audience: string;
  /** The STS base URL, such as `https://sts.googleapis.com/v1`. */
  stsEndpoint: string;
  /** The token URL with its audience (see `githubOidcTokenUrl()`). */
  oidcTokenUrl: string;
  /** `ACTIONS_ID_TOKEN_REQUEST_TOKEN`. */
  oidcRequestToken: string;
  /** The service account to impersonate; omit for Direct WIF. */
  serviceAccount?: string;
  /** The IAM Credentials base URL, such as `https://iamcredentials.googleapis.com/v1`. */
  iamCredentialsEndpoint: string;
  /** The universe domain. */
  universe: string;
}

/**
 * Builds the `external_account` configuration, keys in the order google-github-actions/auth
 * writes them, plus `universe_domain`.
 *
 * @param options Audience, endpoints, OIDC source and the optional service account.
 * @returns The configuration; write it with `JSON.stringify`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildExternalAccountCredentials } from "./credentials_file.ts";
 *
 * const file = buildExternalAccountCredentials({
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
 *   stsEndpoint: "https://sts.googleapis.com/v1",
 *   oidcTokenUrl: "https://runner.example/token?audience=x",
 *   oidcRequestToken: "request-token",
 *   serviceAccount: "ci@p.iam.gserviceaccount.com",
 *   iamCredentialsEndpoint: "https://iamcredentials.googleapis.com/v1",
 *   universe: "googleapis.com",
 * });
 * assert.deepEqual(Object.keys(file), [
 *   "type", "audience", "subject_token_type", "token_url", "credential_source",
 *   "service_account_impersonation_url", "universe_domain",
 * ]);
 * ```
 */
export function buildExternalAccountCredentials(
  options: ExternalAccountCredentialsOptions,
): ExternalAccountCredentials {
  options = ownCopy(options);
  const contents: ExternalAccountCredentials = {
    type: "external_account",
    audience: options.audience,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: `${options.stsEndpoint}/token`,
    credential_source: {
      url: options.oidcTokenUrl,
      headers: { Authorization: `Bearer ${options.oidcRequestToken}` },
      format: { type: "json", subject_token_field_name: "value" },
    },
    universe_domain: options.universe,
  };
  if (options.serviceAccount === undefined) return contents;
  const { universe_domain, ...head } = contents;
  return {
    ...head,
    service_account_impersonation_url:
      `${options.iamCredentialsEndpoint}/projects/-/serviceAccounts/${options.serviceAccount}:generateAccessToken`,
    universe_domain,
  };
}
