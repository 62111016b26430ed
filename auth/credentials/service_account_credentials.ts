/**
 * `serviceAccountCredentials()`: credentials of a service account key, and of nothing else.
 *
 * @module
 */

import { ownCopy } from "../_util/own.ts";
import { refuseUnknownOptions } from "../_util/options.ts";
import { COMMON_CREDENTIALS_OPTION_NAMES } from "./_option_names.ts";
import type { ServiceAccountKey } from "../keys/service_account_key.ts";
import { CachedCredentials } from "./_cache/cached_credentials.ts";
import { configurationFields, requireType, sourceOf } from "./_configuration.ts";
import { credentialsSettings } from "./_settings.ts";
import { serviceAccountSource } from "./_sources/service_account.ts";
import type { Source } from "./_sources/source.ts";
import type { CommonCredentialsOptions, Credentials } from "./types.ts";

/**
 * Credentials of a service account key: the key file as the Cloud console downloads it (its JSON
 * text, or the parsed object), whose access tokens come from a JWT signed with the key (with
 * Web Crypto) and exchanged at the key's `token_uri`, and whose ID tokens and `sign()` use the key
 * too. Synchronous and without I/O, like {@linkcode credentialsFromJson}: every fault of the key is
 * reported here; tokens are minted on first use and cached.
 *
 * It makes `service_account` credentials only, whatever the JSON says: another type is refused,
 * so a configuration from elsewhere cannot turn into credentials that read files, run programs
 * or send tokens to its own URLs (google-auth-library 10.4 deprecated its generic loaders for
 * that reason, for the constructor of each type). A bundle that imports it carries the key's
 * code only: no other credential source, file reader or environment lookup.
 *
 * @param key The key file's JSON text or its parsed object.
 * @param options Injected effects (`fetch`, `now`), call options, scopes and the refresh window.
 * @returns The credentials.
 * @throws {CredentialsError} `ERR_CREDENTIALS_WRONG_TYPE` (another `"type"`),
 * `ERR_CREDENTIALS_MALFORMED` (not a JSON object, no `"type"`), `ERR_KEY_FIELD_MISSING`,
 * `ERR_KEY_FIELD_INVALID` or `ERR_KEY_PRIVATE_KEY_INVALID` (no `client_email`, a private key
 * that is not a whole PEM PKCS #8 key), `ERR_CREDENTIALS_FIELD_INVALID` (a `token_uri` that is
 * not an http(s) URL); the message names the field and never holds the key.
 * `ERR_OPTIONS_INVALID` for an option it does not take, or a bad `retry`, `timeoutMs` or
 * `eagerRefreshSeconds`.
 *
 * @example A key's access token, with a fake token endpoint
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { serviceAccountCredentials } from "../mod.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const key = {
 *   type: "service_account" as const,
 *   project_id: "my-project",
 *   private_key: await exportPKCS8(privateKey),
 *   client_email: "worker@my-project.iam.gserviceaccount.com",
 * };
 * const credentials = serviceAccountCredentials(JSON.stringify(key), {
 *   now: () => 0,
 *   fetch: async (url, init) => {
 *     assert.equal(String(url), "https://oauth2.googleapis.com/token");
 *     const form = new URLSearchParams(String(init?.body));
 *     assert.equal(form.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
 *     return Response.json({ access_token: "ya29.key", expires_in: 3599 });
 *   },
 * });
 * assert.deepEqual([credentials.type, credentials.projectId], ["service_account", "my-project"]);
 * assert.equal((await credentials.getAccessToken()).token, "ya29.key");
 * ```
 *
 * @example Another type is refused
 * ```ts
 * import assert from "node:assert/strict";
 * import { serviceAccountCredentials, type ServiceAccountKey } from "../mod.ts";
 *
 * const notAKey = { type: "external_account", audience: "//iam.googleapis.com/x" };
 * assert.throws(() => serviceAccountCredentials(notAKey as unknown as ServiceAccountKey), {
 *   code: "ERR_CREDENTIALS_WRONG_TYPE",
 *   message: /"type" is "external_account", and serviceAccountCredentials\(\) makes service_account/,
 * });
 * ```
 */
export function serviceAccountCredentials(
  key: ServiceAccountKey | string,
  options: CommonCredentialsOptions = {},
): Credentials {
  refuseUnknownOptions(options, COMMON_CREDENTIALS_OPTION_NAMES, "serviceAccountCredentials()");
  options = ownCopy(options);
  const source = serviceAccountKeySource(key, "serviceAccountCredentials()");
  return new CachedCredentials(source, credentialsSettings(options));
}

/**
 * The source of a service account key (JSON text or object); another `"type"` is refused with
 * `ERR_CREDENTIALS_WRONG_TYPE`, naming `maker`, the function that takes keys only.
 */
export function serviceAccountKeySource(key: string | object, maker: string): Source {
  const fields = configurationFields(key, "credentials JSON");
  requireType(fields, "service_account", maker);
  return sourceOf(fields, "service_account", serviceAccountSource(fields));
}
