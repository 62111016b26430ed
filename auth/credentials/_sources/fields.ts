// Reading and checking fields of a credentials file: every problem is a CredentialsError that
// names the file, its type and the field, and never quotes a secret field's value.
import { CredentialsError } from "../../errors.ts";
import type { CredentialsErrorCode } from "../../errors.ts";
import { quote } from "../../quote.ts";
import { _field, _isRecord } from "../../_util/json.ts";
import { DEFAULT_UNIVERSE } from "../../universe.ts";
import type { _TokenSource } from "./source.ts";

/** A parsed JSON object and where it came from, for messages. */
export interface _Fields {
  record: Record<string, unknown>;
  /** Such as `credentials file "/tmp/x.json"` or `credentials JSON`. */
  origin: string;
  /** Such as `external_account` or `external_account credential_source`. */
  what: string;
  /** The universe domain, once {@linkcode _universeOf} has read it. */
  universe?: string;
}

/**
 * An error about `origin`'s `field` (`ERR_CREDENTIALS_FIELD_INVALID` unless `code` says otherwise),
 * with the error that revealed the problem, if any, as its `cause`.
 */
export function _fieldError(
  fields: _Fields,
  problem: string,
  code: CredentialsErrorCode = "ERR_CREDENTIALS_FIELD_INVALID",
  cause?: unknown,
): CredentialsError {
  return new CredentialsError(
    code,
    `Cannot use ${fields.origin} (${fields.what}): ${problem}`,
    { option: "credentials", cause },
  );
}

/** An `ERR_CREDENTIALS_UNSUPPORTED` about `fields`: a valid file this package cannot use yet. */
export function _unsupported(fields: _Fields, problem: string): CredentialsError {
  return _fieldError(fields, problem, "ERR_CREDENTIALS_UNSUPPORTED");
}

/** An `ERR_CREDENTIALS_FIELD_MISSING` about `fields`: a field the file's type needs is not there. */
export function _missing(fields: _Fields, problem: string): CredentialsError {
  return _fieldError(fields, problem, "ERR_CREDENTIALS_FIELD_MISSING");
}

/** The non-empty string `name`, else `ERR_CREDENTIALS_FIELD_MISSING` (or `_INVALID` if not a string). */
export function _requiredString(fields: _Fields, name: string): string {
  const value = _optionalString(fields, name);
  if (value === undefined) {
    throw _missing(fields, `"${name}" is missing or empty`);
  }
  return value;
}

/** The string `name` (undefined when absent or empty), else `ERR_CREDENTIALS_FIELD_INVALID`. */
export function _optionalString(fields: _Fields, name: string): string | undefined {
  const value = _field(fields.record, name);
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") {
    throw _fieldError(fields, `"${name}" is not a string`);
  }
  return value.trim() === "" ? undefined : value;
}

/** The object `name` (undefined when absent), else `ERR_CREDENTIALS_FIELD_INVALID`. */
export function _optionalObject(fields: _Fields, name: string): _Fields | undefined {
  const value = _field(fields.record, name);
  if (value === undefined || value === null) return undefined;
  if (!_isRecord(value)) {
    throw _fieldError(fields, `"${name}" is not an object`);
  }
  return { record: value, origin: fields.origin, what: `${fields.what} ${name}` };
}

/** The object `name`, else `ERR_CREDENTIALS_FIELD_MISSING` or `_INVALID`. */
export function _requiredObject(fields: _Fields, name: string): _Fields {
  const value = _optionalObject(fields, name);
  if (value === undefined) {
    throw _missing(fields, `"${name}" is missing`);
  }
  return value;
}

/** The http(s) URL string `name` (required unless `fallback` is given). */
export function _url(fields: _Fields, name: string, fallback?: string): string {
  const value = fallback === undefined
    ? _requiredString(fields, name)
    : _optionalString(fields, name) ?? fallback;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw _fieldError(
      fields,
      `"${name}" is not an http(s) URL: ${quote(value)}`,
    );
  }
  return value;
}

/** Validates one type of credentials file and returns how to mint its tokens. */
export type _Parser = (fields: _Fields) => _TokenSource;

/** The parser of a file by its `"type"` among `types` (default: every type), and the type. */
export type _ParserOf = (fields: _Fields, types?: readonly string[]) => [string, _Parser];

/**
 * The universe domain of a file: `universe_domain`, default `googleapis.com`; read and checked once
 * per `fields` (a file, or an object in it), however many parts of the parse ask for it.
 */
export function _universeOf(fields: _Fields): string {
  return fields.universe ??= _optionalString(fields, "universe_domain") ?? DEFAULT_UNIVERSE;
}

/** A file's OAuth 2.0 token endpoint: `token_uri`, default `https://oauth2.<universe>/token`. */
export function _tokenUri(fields: _Fields): string {
  return _url(fields, "token_uri", `https://oauth2.${_universeOf(fields)}/token`);
}

/** The message of a failed token request: `Failed to get an access token for <who> from <URL>`. */
export function _tokenFailure(
  field: "access_token" | "id_token",
  who: string,
  url: string,
): string {
  return `Failed to get an ${field === "id_token" ? "ID" : "access"} token for ${who} from ${url}`;
}
