// Reading and checking fields of a credentials file: every problem is a CredentialsError that
// names the file, its type and the field, and never quotes a secret field's value.
import { CredentialsError } from "../../errors.ts";
import type { CredentialsErrorCode } from "../../errors.ts";
import { fieldOf, isRecord } from "../../_util/json.ts";
import { quote } from "../../_util/quote.ts";
import { DEFAULT_UNIVERSE, universeDomainOf } from "../../universe.ts";
import type { ExternalAccountSettings } from "../_settings.ts";
import type { TokenSource } from "./source.ts";
import { CREDENTIALS_UNSUPPORTED_HINT } from "../../_hints.ts";

/** A parsed JSON object and where it came from, for messages. */
export interface Fields {
  record: Record<string, unknown>;
  /** Such as `credentials file "/tmp/x.json"` or `credentials JSON`. */
  origin: string;
  /** Such as `external_account` or `external_account credential_source`. */
  what: string;
  /** The universe domain, once {@linkcode universeOf} has read it. */
  universe?: string;
}

/**
 * An error about `origin`'s `field` (`ERR_CREDENTIALS_FIELD_INVALID` unless `code` says otherwise),
 * with the error that revealed the problem, if any, as its `cause`.
 */
export function fieldError(
  fields: Fields,
  problem: string,
  code: CredentialsErrorCode = "ERR_CREDENTIALS_FIELD_INVALID",
  cause?: unknown,
  hint?: string,
): CredentialsError {
  return new CredentialsError(
    code,
    `Cannot use ${fields.origin} (${fields.what}): ${problem}`,
    { option: "credentials", cause, ...(hint === undefined ? {} : { hint }) },
  );
}

/** An `ERR_CREDENTIALS_UNSUPPORTED` about `fields`: a valid file this package cannot use yet. */
export function unsupported(fields: Fields, problem: string): CredentialsError {
  return fieldError(
    fields,
    problem,
    "ERR_CREDENTIALS_UNSUPPORTED",
    undefined,
    CREDENTIALS_UNSUPPORTED_HINT,
  );
}

/** An `ERR_CREDENTIALS_FIELD_MISSING` about `fields`: a field the file's type needs is not there. */
export function missingError(fields: Fields, problem: string): CredentialsError {
  return fieldError(fields, problem, "ERR_CREDENTIALS_FIELD_MISSING");
}

/** The non-empty string `name`, else `ERR_CREDENTIALS_FIELD_MISSING` (or `_INVALID` if not a string). */
export function requiredString(fields: Fields, name: string): string {
  const value = optionalString(fields, name);
  if (value === undefined) {
    throw missingError(fields, `"${name}" is missing or empty`);
  }
  return value;
}

/** The string `name` (undefined when absent or empty), else `ERR_CREDENTIALS_FIELD_INVALID`. */
export function optionalString(fields: Fields, name: string): string | undefined {
  const value = fieldOf(fields.record, name);
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") {
    throw fieldError(fields, `"${name}" is not a string`);
  }
  return value.trim() === "" ? undefined : value;
}

/** The object `name` (undefined when absent), else `ERR_CREDENTIALS_FIELD_INVALID`. */
export function optionalObject(fields: Fields, name: string): Fields | undefined {
  const value = fieldOf(fields.record, name);
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    throw fieldError(fields, `"${name}" is not an object`);
  }
  return {
    record: value,
    origin: fields.origin,
    what: `${fields.what} ${name}`,
    universe: undefined,
  };
}

/** The object `name`, else `ERR_CREDENTIALS_FIELD_MISSING` or `_INVALID`. */
export function requiredObject(fields: Fields, name: string): Fields {
  const value = optionalObject(fields, name);
  if (value === undefined) {
    throw missingError(fields, `"${name}" is missing`);
  }
  return value;
}

/**
 * The http(s) URL string `name` (required unless `fallback` is given). A URL with a user name or
 * password (`user:password@`) is refused before any use, without quoting it: the password would
 * reach messages, and some runtimes' fetch errors and retry logs.
 */
export function urlField(fields: Fields, name: string, fallback?: string): string {
  const value = fallback === undefined
    ? requiredString(fields, name)
    : optionalString(fields, name) ?? fallback;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url !== undefined && (url.username !== "" || url.password !== "")) {
    throw fieldError(
      fields,
      `"${name}" holds a user name or password (user:password@ before the host); remove it: Google's endpoints take none`,
      "ERR_CREDENTIALS_URL_USERINFO",
    );
  }
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw fieldError(
      fields,
      // The value is not quoted: a URL's query may carry a token.
      `"${name}" is not an http(s) URL`,
    );
  }
  return value;
}

/**
 * Validates one type of credentials file and returns how to mint its tokens; `settings` say what
 * an `external_account` source may read, run or be given.
 */
export type Parser = (fields: Fields, settings: ExternalAccountSettings) => TokenSource;

/** The parser of a file by its `"type"` among `types` (default: every type), and the type. */
export type ParserOf = (fields: Fields, types?: readonly string[]) => [string, Parser];

/**
 * The universe domain of a file: `universe_domain`, default `googleapis.com`; read and checked once
 * per `fields` (a file, or an object in it), however many parts of the parse ask for it.
 */
export function universeOf(fields: Fields): string {
  if (fields.universe !== undefined) return fields.universe;
  const given = optionalString(fields, "universe_domain");
  // Compared with googleapis.com as DNS compares names: "GoogleAPIs.com" is Google's universe
  // (another would take a self-signed JWT instead of a token exchange).
  const universe = given === undefined ? DEFAULT_UNIVERSE : universeDomainOf(given);
  if (universe === undefined) {
    throw fieldError(fields, `"universe_domain" is ${quote(given!)}, not a domain name`);
  }
  return fields.universe = universe;
}

/** A file's OAuth 2.0 token endpoint: `token_uri`, default `https://oauth2.<universe>/token`. */
export function tokenUri(fields: Fields): string {
  return urlField(fields, "token_uri", `https://oauth2.${universeOf(fields)}/token`);
}

/** The message of a failed token request: `Failed to get an access token for <who> from <URL>`. */
export function tokenFailure(
  field: "access_token" | "id_token",
  who: string,
  url: string,
): string {
  return `Failed to get an ${field === "id_token" ? "ID" : "access"} token for ${who} from ${url}`;
}
