/**
 * `externalAccountCredentials()`: credentials of an `external_account` configuration, and of
 * nothing else.
 *
 * @module
 */

import { ownCopy } from "../_util/own.ts";
import { refuseUnknownOptions } from "../_util/options.ts";
import { EXTERNAL_ACCOUNT_OPTION_NAMES } from "./_option_names.ts";
import { CachedCredentials } from "./_cache/cached_credentials.ts";
import { configurationFields, requireType, sourceOf } from "./_configuration.ts";
import { credentialsSettings, externalAccountSettings } from "./_settings.ts";
import { externalAccountSource } from "./_sources/external_account.ts";
import type { Credentials, CredentialsOptions } from "./types.ts";

/**
 * Credentials of an `external_account` configuration (workload or workforce identity
 * federation): a subject token from its `credential_source` (a URL, a file, AWS or an executable)
 * or from a supplier option, exchanged at STS, then impersonation when the configuration names a
 * service account. Such as the file the workflow step writes (`AuthenticateResult.credentialsFile`)
 * or one `gcloud iam workload-identity-pools create-cred-config` writes. Synchronous and without
 * I/O, like {@linkcode credentialsFromJson}; tokens are minted on first use and cached.
 *
 * It makes `external_account` credentials only: another type is refused. Such a configuration
 * decides what is read and where tokens go, so take it from a source you trust; for one you do
 * not, pass `refuseLocalSources` (no file, program or AWS credentials of this machine) and check
 * its `token_url`, `credential_source.url` and `service_account_impersonation_url` yourself. A
 * bundle that imports it carries this type's code only: no key signer and no ADC lookup.
 *
 * @param config The configuration's JSON text or its parsed object.
 * @param options Injected effects (`fetch`, `now`, `readFile`, `env`, `runExecutable`), a supplier
 * of the subject token, `refuseLocalSources`, call options, scopes and the refresh window; not
 * `tokenStore`, refused: such credentials hold no secret to seal shared tokens with.
 * @returns The credentials.
 * @throws {CredentialsError} `ERR_CREDENTIALS_WRONG_TYPE` (another `"type"`),
 * `ERR_CREDENTIALS_MALFORMED`, `ERR_CREDENTIALS_FIELD_MISSING`, `ERR_CREDENTIALS_FIELD_INVALID`,
 * `ERR_CREDENTIALS_UNSUPPORTED` (a certificate source), `ERR_CREDENTIALS_URL_USERINFO`,
 * `ERR_CREDENTIALS_SOURCE_REFUSED` (a local source with `refuseLocalSources`),
 * `ERR_OPTIONS_INVALID` (a supplier option without its methods, an option it does not take, a
 * bad `retry`, `timeoutMs` or `eagerRefreshSeconds`).
 *
 * @example A URL source, with a fake subject token server and STS
 * ```ts
 * import assert from "node:assert/strict";
 * import { externalAccountCredentials } from "../mod.ts";
 *
 * const credentials = externalAccountCredentials({
 *   type: "external_account",
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
 *   subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
 *   token_url: "https://sts.googleapis.com/v1/token",
 *   credential_source: { url: "https://idp.example/token" },
 * }, {
 *   fetch: async (url, init) => {
 *     if (String(url) === "https://idp.example/token") return new Response("eyJ.subject.token");
 *     assert.equal(JSON.parse(String(init?.body)).subjectToken, "eyJ.subject.token");
 *     return Response.json({ access_token: "ya29.federated", expires_in: 3600 });
 *   },
 * });
 * assert.equal((await credentials.getAccessToken()).token, "ya29.federated");
 * ```
 *
 * @example Another type is refused
 * ```ts
 * import assert from "node:assert/strict";
 * import { externalAccountCredentials } from "../mod.ts";
 *
 * assert.throws(
 *   () => externalAccountCredentials('{"type": "authorized_user", "refresh_token": "1//r"}'),
 *   { code: "ERR_CREDENTIALS_WRONG_TYPE" },
 * );
 * ```
 */
export function externalAccountCredentials(
  config: string | object,
  options: Omit<CredentialsOptions, "tokenStore"> = {},
): Credentials {
  refuseUnknownOptions(options, EXTERNAL_ACCOUNT_OPTION_NAMES, "externalAccountCredentials()");
  options = ownCopy(options);
  const fields = configurationFields(config, "credentials JSON");
  requireType(fields, "external_account", "externalAccountCredentials()");
  const tokens = externalAccountSource(fields, externalAccountSettings(options));
  return new CachedCredentials(
    sourceOf(fields, "external_account", tokens),
    credentialsSettings(options),
  );
}
