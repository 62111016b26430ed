/**
 * `credentialsFromJson()`: credentials from the JSON of a credentials file, checked synchronously.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { _own } from "../_util/own.ts";
import { quote } from "../quote.ts";
import { _isRecord, _jsonErrorAt } from "../_util/json.ts";
import { _authorizedUserSource } from "./_sources/authorized_user.ts";
import { _CachedCredentials } from "./_cache/cached_credentials.ts";
import { _externalAccountSource } from "./_sources/external_account.ts";
import {
  type _Fields,
  _optionalString,
  type _Parser,
  _requiredString,
  _universeOf,
  _unsupported,
} from "./_sources/fields.ts";
import { _impersonatedServiceAccountSource } from "./_sources/impersonated_service_account.ts";
import { _serviceAccountSource } from "./_sources/service_account.ts";
import type { _Source } from "./_sources/source.ts";
import type { Credentials, CredentialsOptions, CredentialsType } from "./types.ts";

const SOURCES: Readonly<Record<string, _Parser>> = {
  service_account: _serviceAccountSource,
  external_account: _externalAccountSource,
  impersonated_service_account: (fields) => _impersonatedServiceAccountSource(fields, _parserOf),
  authorized_user: _authorizedUserSource,
};

/**
 * The parser of `fields` by its `"type"`, which must be one of `types`; else
 * `ERR_CREDENTIALS_UNSUPPORTED` listing them.
 */
function _parserOf(
  fields: _Fields,
  types: readonly string[] = Object.keys(SOURCES),
): [string, _Parser] {
  const type = _requiredString(fields, "type");
  if (!types.includes(type)) {
    throw _unsupported(
      fields,
      `"type" is ${quote(type)}, expected one of ${types.join(", ")}`,
    );
  }
  return [type, SOURCES[type]!];
}

function _malformed(origin: string, problem: string): CredentialsError {
  return new CredentialsError("ERR_CREDENTIALS_MALFORMED", `Cannot use ${origin}: ${problem}`, {
    option: "credentials",
  });
}

function _parse(json: string | object, origin: string): Record<string, unknown> {
  if (typeof json !== "string") {
    if (_isRecord(json)) return json;
    throw _malformed(origin, "expected JSON text or an object");
  }
  if (json.trim() === "") throw _malformed(origin, "it is empty");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw _malformed(origin, `it is not valid JSON${_jsonErrorAt(error)}`);
  }
  if (!_isRecord(value)) throw _malformed(origin, "it is not a JSON object");
  return value;
}

/** The source of parsed credentials JSON; `origin` names it in errors. */
export function _sourceFromJson(json: string | object, origin: string): _Source {
  const record = _parse(json, origin);
  const fields: _Fields = { record, origin, what: "credentials" };
  if (!Object.hasOwn(record, "type")) throw _malformed(origin, `it has no "type"`);
  const [type, source] = _parserOf(fields);
  // From here on, errors name the type: `Cannot use <origin> (service_account): ...`.
  fields.what = type;
  const tokens = source(fields);
  return {
    type: type as CredentialsType,
    universeDomain: _universeOf(fields),
    quotaProjectId: _optionalString(fields, "quota_project_id"),
    ...tokens,
  };
}

/**
 * Credentials from the JSON of a credentials file: `service_account` (a key),
 * `external_account` (workload or workforce identity federation with a `url` or `file` source,
 * such as the file the workflow step writes), `impersonated_service_account` or
 * `authorized_user`. Synchronous and without I/O: every malformed file and missing field is
 * reported here, before any call; tokens are minted on first use and cached.
 *
 * @param json The file's text or its parsed object.
 * @param options Injected effects (`fetch`, `now`, `readFile`), scopes and the refresh window.
 * @returns The credentials.
 * @throws {CredentialsError} `ERR_CREDENTIALS_MALFORMED` (not a JSON object, no `type`),
 * `ERR_CREDENTIALS_FIELD_MISSING`, `ERR_CREDENTIALS_FIELD_INVALID` or
 * `ERR_CREDENTIALS_UNSUPPORTED` (another type, an AWS, executable or certificate source); the
 * message names the field and never holds a secret.
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
 *   fetch: async (_url, init) => {
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
  return new _CachedCredentials(_sourceFromJson(json, "credentials JSON"), _own(options));
}
