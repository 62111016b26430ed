/**
 * `credentialsFromJson()`: credentials from the JSON of a credentials file, checked synchronously.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { ownCopy } from "../_util/own.ts";
import { refuseUnknownOptions } from "../_util/options.ts";
import { CREDENTIALS_OPTION_NAMES } from "./_option_names.ts";
import { quote } from "../_util/quote.ts";
import { isRecord, jsonErrorAt } from "../_util/json.ts";
import { authorizedUserSource } from "./_sources/authorized_user.ts";
import { CachedCredentials } from "./_cache/cached_credentials.ts";
import { externalAccountSource } from "./_sources/external_account.ts";
import { externalAccountAuthorizedUserSource } from "./_sources/external_account_authorized_user.ts";
import {
  type Fields,
  optionalString,
  type Parser,
  requiredString,
  universeOf,
  unsupported,
} from "./_sources/fields.ts";
import { impersonatedServiceAccountSource } from "./_sources/impersonated_service_account.ts";
import { serviceAccountSource } from "./_sources/service_account.ts";
import type { Source } from "./_sources/source.ts";
import type { Credentials, CredentialsOptions, CredentialsType } from "./types.ts";

const SOURCES: Readonly<Record<string, Parser>> = {
  service_account: serviceAccountSource,
  external_account: externalAccountSource,
  impersonated_service_account: (fields) => impersonatedServiceAccountSource(fields, parserOf),
  authorized_user: authorizedUserSource,
  external_account_authorized_user: externalAccountAuthorizedUserSource,
};

/**
 * The parser of `fields` by its `"type"`, which must be one of `types`; else
 * `ERR_CREDENTIALS_UNSUPPORTED` listing them.
 */
function parserOf(
  fields: Fields,
  types: readonly string[] = Object.keys(SOURCES),
): [string, Parser] {
  const type = requiredString(fields, "type");
  if (!types.includes(type)) {
    throw unsupported(
      fields,
      `"type" is ${quote(type)}, expected one of ${types.join(", ")}`,
    );
  }
  return [type, SOURCES[type]!];
}

function malformedError(origin: string, problem: string): CredentialsError {
  return new CredentialsError("ERR_CREDENTIALS_MALFORMED", `Cannot use ${origin}: ${problem}`, {
    option: "credentials",
  });
}

function parseCredentialsJson(json: string | object, origin: string): Record<string, unknown> {
  if (typeof json !== "string") {
    // A promise of the JSON (an un-awaited read) would otherwise read as an object with no type.
    if (typeof (json as { then?: unknown }).then === "function") {
      throw malformedError(origin, "it is a promise: await the JSON before passing it");
    }
    if (isRecord(json)) return json;
    throw malformedError(origin, "expected JSON text or an object");
  }
  if (json.trim() === "") throw malformedError(origin, "it is empty");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw malformedError(origin, `it is not valid JSON${jsonErrorAt(error)}`);
  }
  if (!isRecord(value)) throw malformedError(origin, "it is not a JSON object");
  return value;
}

/**
 * The source of parsed credentials JSON; `origin` names it in errors, `options` may refuse
 * local credential sources.
 */
export function sourceFromJson(
  json: string | object,
  origin: string,
  options: Pick<
    CredentialsOptions,
    "refuseLocalSources" | "subjectTokenSupplier" | "awsSecurityCredentialsSupplier"
  > = {},
): Source {
  const record = parseCredentialsJson(json, origin);
  const fields: Fields = {
    record,
    origin,
    what: "credentials",
    refuseLocalSources: options.refuseLocalSources,
    suppliers: options,
  };
  if (!Object.hasOwn(record, "type")) throw malformedError(origin, `it has no "type"`);
  const [type, source] = parserOf(fields);
  // From here on, errors name the type: `Cannot use <origin> (service_account): ...`.
  fields.what = type;
  const tokens = source(fields);
  return {
    type: type as CredentialsType,
    universeDomain: universeOf(fields),
    quotaProjectId: optionalString(fields, "quota_project_id"),
    ...storeSecretOf(record),
    ...tokens,
  };
}

/**
 * The key material of a shared token store: the configuration's secret (a private key or refresh
 * token, its own or its `source_credentials'`) with the fields that name whom its tokens are for
 * (an impersonation target, a client). A configuration without one (an `external_account`)
 * shares no tokens. Other fields (universe_domain...) are not read again.
 */
function storeSecretOf(record: Record<string, unknown>): { storeSecret?: string } {
  const names = [
    "type",
    "private_key",
    "refresh_token",
    "client_id",
    "client_email",
    "service_account_impersonation_url",
  ];
  const material = (from: Record<string, unknown>): unknown[] | undefined => {
    const values = names.map((name) => from[name]);
    const inner = isRecord(from.source_credentials) ? material(from.source_credentials) : undefined;
    const own = typeof from.private_key === "string" || typeof from.refresh_token === "string";
    return own || inner !== undefined ? [...values, inner] : undefined;
  };
  const secret = material(record);
  return secret === undefined ? {} : { storeSecret: JSON.stringify(secret) };
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
  options: CredentialsOptions = {},
): Credentials {
  refuseUnknownOptions(options, CREDENTIALS_OPTION_NAMES, "credentialsFromJson()");
  options = ownCopy(options);
  return new CachedCredentials(sourceFromJson(json, "credentials JSON", options), options);
}
