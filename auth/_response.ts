// Reading fields of successful token responses; a missing field is a TokenError.
import { TokenError } from "./errors.ts";
import type { ExpiringToken } from "./types.ts";

/** Whether `value` is a JSON object (not an array or null). */
export function _isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The own property `field` of `json` when it is an object (never an inherited one), else undefined. */
export function _field(json: unknown, field: string): unknown {
  if (typeof json !== "object" || json === null || !Object.hasOwn(json, field)) return undefined;
  return (json as Record<string, unknown>)[field];
}

/** A present expiry field that gives no valid date (a server bug, or not Google). */
function _invalidExpiry(field: string, value: unknown): TokenError {
  return new TokenError(
    "ERR_TOKEN_RESPONSE_INVALID",
    `The token response has an invalid "${field}": ${JSON.stringify(value)?.slice(0, 40)}`,
  );
}

/**
 * `now + json[field]` seconds (a number or a numeric string), or undefined when absent; a TokenError
 * when present but not a positive number of seconds that gives a valid date.
 */
export function _expiresIn(
  json: unknown,
  field: string,
  now: (() => number) | undefined,
): Date | undefined {
  const raw = _field(json, field);
  if (raw === undefined) return undefined;
  const value = typeof raw === "number" || typeof raw === "string" ? Number(raw) : NaN;
  const date = new Date((now ?? Date.now)() + value * 1000);
  if (!(value > 0) || Number.isNaN(date.getTime())) throw _invalidExpiry(field, raw);
  return date;
}

/**
 * `json[field]` as an RFC 3339 timestamp, or undefined when absent; a TokenError when present but
 * not a valid date.
 */
export function _expireTime(json: unknown, field: string): Date | undefined {
  const raw = _field(json, field);
  if (raw === undefined) return undefined;
  const time = typeof raw === "string" ? Date.parse(raw) : NaN;
  if (Number.isNaN(time)) throw _invalidExpiry(field, raw);
  return new Date(time);
}

/** `{ token, expiresAt }`, without an `expiresAt` key when the expiry is unknown. */
export function _expiring(token: string, expiresAt: Date | undefined): ExpiringToken {
  return expiresAt === undefined ? { token } : { token, expiresAt };
}
