/**
 * Service account key JSON: parsing raw or base64/base64url input, with errors that never echo
 * the key.
 *
 * @module
 */

import { CredentialsError, type CredentialsErrorCode } from "../errors.ts";
import { quote } from "../_util/quote.ts";
import { base64Decode } from "../_util/base64url.ts";
import { fieldOf, jsonErrorAt } from "../_util/json.ts";
import { privateKeyProblem } from "./_private_key.ts";
import { KEY_EMPTY_HINT, KEY_MALFORMED_HINT, KEY_UNSUPPORTED_TYPE_HINT } from "../_hints.ts";

/** A Google service account key file (`type: "service_account"`), every field preserved. */
export interface ServiceAccountKey {
  /** Always `service_account`. */
  type: "service_account";
  /** The project the service account belongs to. */
  project_id?: string;
  /**
   * The key's id, sent as the JWT `kid` (optional, as in google-auth-library: no `kid` without
   * it; {@linkcode parseServiceAccountKey} still requires it, as Google's key files carry it).
   */
  private_key_id?: string;
  /** The PKCS #8 PEM private key. */
  private_key: string;
  /** The service account's email. */
  client_email: string;
  /** The service account's unique id. */
  client_id?: string;
  /** The OAuth2 token endpoint SDKs use with this key. */
  token_uri?: string;
  /** The universe the key belongs to. */
  universe_domain?: string;
  /** Any other field of the file. */
  [field: string]: unknown;
}

/** Where a key was read from, for its errors: the option that carried it and the words naming it. */
export interface KeyOrigin {
  /** The option the key came in: `credentialsJson` (`authenticate()`) or `credentials` (a file). */
  option: "credentialsJson" | "credentials";
  /** How messages name it, such as `service account key` or `credentials file "/k.json" (service_account)`. */
  label: string;
  /** Whether `private_key_id` must be there (a self-signed JWT names it as `kid`). */
  requireKeyId: boolean;
}

const OPTION = "credentialsJson";
/** The key `authenticate({ credentialsJson })` and {@linkcode parseServiceAccountKey} read. */
const KEY_JSON: KeyOrigin = { option: OPTION, label: "service account key", requireKeyId: true };
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const WHITESPACE = /\s+/g;

function malformedError(problem: string): CredentialsError {
  return new CredentialsError(
    "ERR_KEY_MALFORMED",
    `Cannot parse service account key JSON: ${problem}`,
    { option: OPTION, hint: KEY_MALFORMED_HINT },
  );
}

function decodeBase64(text: string): string {
  const compact = text.replace(WHITESPACE, "");
  if (!BASE64.test(compact) || compact.replace(/=+$/, "").length % 4 === 1) {
    throw malformedError('the value is neither JSON (it does not start with "{") nor base64');
  }
  const standard = compact.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  let bytes: Uint8Array;
  try {
    bytes = base64Decode(standard);
  } catch {
    throw malformedError("the value is neither JSON nor valid base64");
  }
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw malformedError("the value is base64 of binary data, not of JSON text");
  }
  if (!decoded.trimStart().startsWith("{")) {
    throw malformedError("the value is base64 of text that is not a JSON object");
  }
  return decoded;
}

function parseJsonText(text: string, encoded: boolean): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw malformedError(
      `${encoded ? "the decoded base64 is" : "the value is"} not valid JSON${
        jsonErrorAt(error)
      }; if it came from a multi-line secret, make sure it was not altered`,
    );
  }
}

/**
 * Parses a service account key given as raw JSON or as base64/base64url of it (padding and line
 * breaks optional). Only `type: "service_account"` keys are accepted; `client_email`,
 * `private_key` and `private_key_id` must be non-empty strings, and `private_key` a PEM PKCS #8
 * key from its `BEGIN PRIVATE KEY` line to its `END PRIVATE KEY` line, as Google's key files hold.
 * The returned object is the key as parsed, every field and its order preserved (it is what the
 * credentials file holds).
 *
 * @param raw The key JSON or its base64 encoding.
 * @returns The key.
 * @throws {CredentialsError} `ERR_KEY_EMPTY`, `ERR_KEY_MALFORMED` (not JSON, base64 garbage),
 * `ERR_KEY_UNSUPPORTED_TYPE`, `ERR_KEY_FIELD_MISSING` or `ERR_KEY_PRIVATE_KEY_INVALID` (PKCS #1,
 * not a PEM, or cut short before its END line); messages never contain key material.
 *
 * @example Raw or base64
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseServiceAccountKey } from "./mod.ts";
 *
 * const json = JSON.stringify({
 *   type: "service_account",
 *   project_id: "my-project",
 *   private_key_id: "abc123",
 *   private_key: "-----BEGIN PRIVATE KEY-----\nMIIE...\n-----END PRIVATE KEY-----\n",
 *   client_email: "deployer@my-project.iam.gserviceaccount.com",
 * });
 * assert.equal(parseServiceAccountKey(json).client_email, "deployer@my-project.iam.gserviceaccount.com");
 * assert.equal(parseServiceAccountKey(btoa(json)).project_id, "my-project");
 * ```
 */
export function parseServiceAccountKey(raw: string): ServiceAccountKey {
  if (typeof raw !== "string") {
    throw malformedError(`expected a string, got ${typeof raw}`);
  }
  const text = raw.trim();
  if (text === "") {
    throw new CredentialsError(
      "ERR_KEY_EMPTY",
      "Cannot parse service account key JSON: the value is empty",
      { option: OPTION, hint: KEY_EMPTY_HINT },
    );
  }
  const encoded = !text.startsWith("{");
  const value = parseJsonText(encoded ? decodeBase64(text) : text, encoded);
  // Text starting with "{" that parses is always an object.
  const record = value as Record<string, unknown>;
  const type = fieldOf(record, "type");
  if (type !== "service_account") {
    const found = typeof type === "string" ? quote(type) : "missing";
    throw new CredentialsError(
      "ERR_KEY_UNSUPPORTED_TYPE",
      `Cannot use credentials JSON: "type" is ${found}, expected "service_account"`,
      { option: OPTION, hint: KEY_UNSUPPORTED_TYPE_HINT },
    );
  }
  return checkServiceAccountKey(record, KEY_JSON);
}

/**
 * Checks the fields of a `service_account` key that signing needs, wherever the key was read
 * (the one check of a key's faults, so that each fault has one code whichever entry read it):
 * `client_email` and `private_key` (and `private_key_id` when `origin` requires it) non-empty
 * strings, and `private_key` a whole PEM PKCS #8 key. Messages name the fields, never their values.
 *
 * @param record The key file's JSON object.
 * @param origin The option it came in and how messages name it.
 * @returns The key, the same object.
 * @throws {CredentialsError} `ERR_KEY_FIELD_MISSING`, `ERR_KEY_FIELD_INVALID` (not a string) or
 * `ERR_KEY_PRIVATE_KEY_INVALID`.
 *
 * @example A key file without its private key
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkServiceAccountKey } from "./service_account_key.ts";
 *
 * const origin = { option: "credentials", label: "credentials JSON", requireKeyId: false } as const;
 * assert.throws(
 *   () => checkServiceAccountKey({ type: "service_account", client_email: "a@b.c" }, origin),
 *   { code: "ERR_KEY_FIELD_MISSING", message: 'Cannot use credentials JSON: missing or empty "private_key"' },
 * );
 * ```
 */
export function checkServiceAccountKey(
  record: Record<string, unknown>,
  origin: KeyOrigin,
): ServiceAccountKey {
  const fail = (code: CredentialsErrorCode, problem: string) =>
    new CredentialsError(code, `Cannot use ${origin.label}: ${problem}`, { option: origin.option });
  const required = origin.requireKeyId
    ? ["client_email", "private_key", "private_key_id"]
    : ["client_email", "private_key"];
  const notString = [...required, ...(origin.requireKeyId ? [] : ["private_key_id"])].find(
    (field) => {
      const value = fieldOf(record, field);
      return value !== undefined && value !== null && typeof value !== "string";
    },
  );
  if (notString !== undefined) {
    throw fail("ERR_KEY_FIELD_INVALID", `"${notString}" is not a string`);
  }
  const missing = required.filter((field) => {
    const value = fieldOf(record, field);
    return typeof value !== "string" || value.trim() === "";
  });
  if (missing.length > 0) {
    throw fail(
      "ERR_KEY_FIELD_MISSING",
      `missing or empty ${missing.map((field) => `"${field}"`).join(", ")}`,
    );
  }
  const problem = privateKeyProblem(record.private_key as string);
  if (problem !== undefined) throw fail("ERR_KEY_PRIVATE_KEY_INVALID", problem);
  return record as ServiceAccountKey;
}
