/**
 * `credentialsFromJson()`: credentials from the JSON of a credentials file, checked synchronously.
 *
 * @module
 */

import { ownCopy } from "../_util/own.ts";
import { refuseUnknownOptions } from "../_util/options.ts";
import { CREDENTIALS_FROM_JSON_OPTION_NAMES } from "./_option_names.ts";
import { quote } from "../_util/quote.ts";
import { authorizedUserSource } from "./_sources/authorized_user.ts";
import { CachedCredentials } from "./_cache/cached_credentials.ts";
import { withTokenStore } from "./_cache/shared_token.ts";
import { configurationFields, requireAllowedType, sourceOf } from "./_configuration.ts";
import { externalAccountSource } from "./_sources/external_account.ts";
import { externalAccountAuthorizedUserSource } from "./_sources/external_account_authorized_user.ts";
import { type Fields, type Parser, requiredString, unsupported } from "./_sources/fields.ts";
import { impersonatedServiceAccountSource } from "./_sources/impersonated_service_account.ts";
import { serviceAccountSource } from "./_sources/service_account.ts";
import type { Source } from "./_sources/source.ts";
import {
  credentialsSettings,
  type ExternalAccountSettings,
  externalAccountSettings,
} from "./_settings.ts";
import type { Credentials, CredentialsFromJsonOptions, CredentialsType } from "./types.ts";

const SOURCES: Readonly<Record<string, Parser>> = {
  service_account: serviceAccountSource,
  external_account: externalAccountSource,
  // Its source_credentials are held to the same allowedTypes.
  impersonated_service_account: (fields, settings) =>
    impersonatedServiceAccountSource(
      fields,
      settings,
      (source, types) => parserOf(source, types, settings.allowedTypes),
    ),
  authorized_user: authorizedUserSource,
  external_account_authorized_user: externalAccountAuthorizedUserSource,
};

/**
 * The parser of `fields` by its `"type"`, which must be one of `allowed` (the `allowedTypes`
 * option; else `ERR_CREDENTIALS_TYPE_NOT_ALLOWED`) and of `types` (else
 * `ERR_CREDENTIALS_UNSUPPORTED` listing them).
 */
function parserOf(
  fields: Fields,
  types: readonly string[] = Object.keys(SOURCES),
  allowed?: readonly string[],
): [string, Parser] {
  requireAllowedType(fields, allowed);
  const type = requiredString(fields, "type");
  if (!types.includes(type)) {
    throw unsupported(
      fields,
      `"type" is ${quote(type)}, expected one of ${types.join(", ")}`,
    );
  }
  return [type, SOURCES[type]!];
}

/**
 * The source of a configuration of any type (JSON text or its parsed object); `origin` names it in
 * errors, `settings` say what an `external_account` source may read, run or be given.
 */
export function sourceFromJson(
  json: string | object,
  origin: string,
  settings: ExternalAccountSettings,
): Source {
  const fields = configurationFields(json, origin);
  const [type, parse] = parserOf(fields, undefined, settings.allowedTypes);
  // From here on, errors name the type: `Cannot use <origin> (service_account): ...`.
  fields.what = type;
  return sourceOf(fields, type as CredentialsType, parse(fields, settings));
}

/**
 * Credentials from the JSON of a credentials file: `service_account` (a key),
 * `external_account` (workload or workforce identity federation with a `url` or `file` source,
 * such as the file the workflow step writes, an AWS or `executable` source, or a supplier option),
 * `impersonated_service_account`, `authorized_user` or `external_account_authorized_user` (a
 * workforce pool user's sign-in). Synchronous and without I/O: every malformed file and missing field is
 * reported here, before any call; tokens are minted on first use and cached.
 *
 * @param json The file's text or its parsed object.
 * @param options Injected effects (`fetch`, `now`, `readFile`), scopes and the refresh window.
 * @returns The credentials.
 * @throws {CredentialsError} `ERR_CREDENTIALS_MALFORMED` (not a JSON object, no `type`),
 * `ERR_CREDENTIALS_FIELD_MISSING`, `ERR_CREDENTIALS_FIELD_INVALID` or
 * `ERR_CREDENTIALS_UNSUPPORTED` (another type, a certificate source),
 * `ERR_CREDENTIALS_TYPE_NOT_ALLOWED` (a type, or a `source_credentials` type, that `allowedTypes`
 * does not list),
 * `ERR_CREDENTIALS_URL_USERINFO` (a URL with `user:password@`), `ERR_CREDENTIALS_SOURCE_REFUSED`
 * (a file, executable or AWS source with `refuseLocalSources`), `ERR_OPTIONS_INVALID` (a supplier
 * option without its methods); the message names the field and never holds a secret.
 *
 * @example An authorized user file, with a fake token endpoint
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson } from "./credentials_from_json.ts";
 *
 * let calls = 0;
 * const credentials = credentialsFromJson({
 *   type: "authorized_user",
 *   client_id: "123.apps.googleusercontent.com",
 *   client_secret: "client-secret",
 *   refresh_token: "1//refresh-token",
 *   quota_project_id: "billing-project",
 * }, {
 *   now: () => 0,
 *   fetch: async (urlField, init) => {
 *     calls++;
 *     assert.equal(new URLSearchParams(String(init?.body)).get("grant_type"), "refresh_token");
 *     return Response.json({ access_token: "ya29.user", expires_in: 3599 });
 *   },
 * });
 * assert.deepEqual(await credentials.getRequestHeaders(), {
 *   authorization: "Bearer ya29.user",
 *   "x-goog-user-project": "billing-project",
 * });
 * assert.equal((await credentials.getAccessToken()).expiresAt.getTime(), 3_599_000);
 * assert.equal(calls, 1);
 * ```
 *
 * @example A malformed file is refused before any call
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson } from "./credentials_from_json.ts";
 *
 * assert.throws(
 *   () => credentialsFromJson('{"type": "service_account", "client_email": "sa@p.iam.gserviceaccount.com"}'),
 *   { code: "ERR_KEY_FIELD_MISSING", message: /missing or empty "private_key"/ },
 * );
 * ```
 */
export function credentialsFromJson(
  json: string | object,
  options: CredentialsFromJsonOptions = {},
): Credentials {
  refuseUnknownOptions(options, CREDENTIALS_FROM_JSON_OPTION_NAMES, "credentialsFromJson()");
  options = ownCopy(options);
  const source = sourceFromJson(json, "credentials JSON", externalAccountSettings(options));
  const settings = withTokenStore(credentialsSettings(options), options.tokenStore);
  return new CachedCredentials(source, settings);
}
