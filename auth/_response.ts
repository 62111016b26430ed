// Reading fields of successful token responses; a missing field is a TokenError.
import { TokenError } from "./errors.ts";

function _field(json: unknown, field: string): unknown {
  if (typeof json !== "object" || json === null || !Object.hasOwn(json, field)) return undefined;
  return (json as Record<string, unknown>)[field];
}

/** The non-empty string `json[field]` of a response, else a TokenError prefixed with `message`. */
export function _requireString(
  response: { status: number; json: unknown },
  field: string,
  message: string,
): string {
  const value = _field(response.json, field);
  if (typeof value === "string" && value !== "") return value;
  throw new TokenError(
    "ERR_TOKEN_RESPONSE_INVALID",
    `${message}: HTTP ${response.status} with no "${field}" string in the response`,
    { status: response.status },
  );
}

/** `now + json[field]` seconds (a number or a numeric string), or undefined when absent. */
export function _expiresIn(
  json: unknown,
  field: string,
  now: (() => number) | undefined,
): Date | undefined {
  const value = Number(_field(json, field));
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return new Date((now ?? Date.now)() + value * 1000);
}

/** `json[field]` as an RFC 3339 timestamp, or undefined when absent or unparsable. */
export function _expireTime(json: unknown, field: string): Date | undefined {
  const value = _field(json, field);
  if (typeof value !== "string") return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}
