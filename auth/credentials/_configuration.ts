// A credentials configuration (a file's JSON, as text or parsed) as every function that takes one
// reads it: its object, its type, and what every type has (universe, quota project).
import { CredentialsError } from "../errors.ts";
import { isRecord, jsonErrorAt } from "../_util/json.ts";
import { quote } from "../_util/quote.ts";
import {
  fieldError,
  type Fields,
  optionalString,
  requiredString,
  universeOf,
} from "./_sources/fields.ts";
import type { Source, TokenSource } from "./_sources/source.ts";
import type { CredentialsType } from "./types.ts";
import { TYPE_NOT_ALLOWED_HINT } from "../_hints.ts";

function malformedError(origin: string, problem: string): CredentialsError {
  return new CredentialsError("ERR_CREDENTIALS_MALFORMED", `Cannot use ${origin}: ${problem}`, {
    option: "credentials",
  });
}

function parseConfiguration(json: string | object, origin: string): Record<string, unknown> {
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
 * The fields of a configuration (JSON text or its parsed object) that has a `"type"`, else
 * `ERR_CREDENTIALS_MALFORMED`; `origin` names it in errors, which name the type once it is known.
 */
export function configurationFields(json: string | object, origin: string): Fields {
  const record = parseConfiguration(json, origin);
  if (!Object.hasOwn(record, "type")) throw malformedError(origin, `it has no "type"`);
  // `universe` present (undefined until read), so it is never read from Object.prototype.
  return { record, origin, what: "credentials", universe: undefined };
}

/** Refuses a configuration whose `"type"` is not one of `types` with `code`, saying `why`. */
function requireTypeOf(
  fields: Fields,
  types: readonly string[],
  why: string,
  code: "ERR_CREDENTIALS_WRONG_TYPE" | "ERR_CREDENTIALS_TYPE_NOT_ALLOWED",
  hint?: string,
): void {
  const given = requiredString(fields, "type");
  if (!types.includes(given)) {
    throw fieldError(fields, `"type" is ${quote(given)}, and ${why}`, code, undefined, hint);
  }
}

/**
 * Refuses a configuration whose `"type"` is not `type` with `ERR_CREDENTIALS_WRONG_TYPE`: a
 * function made for one type (`maker`) never makes credentials of another, whatever the
 * configuration says. From here on, errors name the type.
 */
export function requireType(fields: Fields, type: CredentialsType, maker: string): void {
  requireTypeOf(
    fields,
    [type],
    `${maker} makes ${type} credentials only`,
    "ERR_CREDENTIALS_WRONG_TYPE",
  );
  fields.what = type;
}

/**
 * Refuses a configuration whose `"type"` the `allowedTypes` option does not list with
 * `ERR_CREDENTIALS_TYPE_NOT_ALLOWED`, before anything else of it is read; `undefined`: any type.
 */
export function requireAllowedType(fields: Fields, allowed: readonly string[] | undefined): void {
  if (allowed === undefined) return;
  requireTypeOf(
    fields,
    allowed,
    `the allowedTypes option lists only ${allowed.join(", ")}`,
    "ERR_CREDENTIALS_TYPE_NOT_ALLOWED",
    TYPE_NOT_ALLOWED_HINT,
  );
}

/** The source of a configuration of `type` whose tokens come from `tokens`. */
export function sourceOf(fields: Fields, type: CredentialsType, tokens: TokenSource): Source {
  return {
    type,
    universeDomain: universeOf(fields),
    quotaProjectId: optionalString(fields, "quota_project_id"),
    configuration: fields.record,
    ...tokens,
  };
}
