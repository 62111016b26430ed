// Reading fields of successful token responses; a missing field is a TokenError.
import { TokenError } from "../errors.ts";
import type { ExpiringToken } from "../types.ts";

/**
 * Where `JSON.parse` failed, as ` (error at position N)`, or `""`: only the position, as the
 * engine's message may quote the input (a secret).
 */
export function _jsonErrorAt(error: unknown): string {
  const position = error instanceof Error ? /position \d+/.exec(error.message)?.[0] : undefined;
  return position === undefined ? "" : ` (error at ${position})`;
}

/** Whether `value` is a JSON object (not an array or null). */
export function _isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The own property `field` of `json` when it is an object (never an inherited one), else undefined. */
export function _field(json: unknown, field: string): unknown {
  if (typeof json !== "object" || json === null || !Object.hasOwn(json, field)) return undefined;
  return (json as Record<string, unknown>)[field];
}

/**
 * The date `toMs` makes of `json[field]`, or undefined when the field is absent; a TokenError when
 * present but `toMs` gives no valid date (NaN: a server bug, or not Google).
 */
function _expiry(json: unknown, field: string, toMs: (raw: unknown) => number): Date | undefined {
  const raw = _field(json, field);
  if (raw === undefined) return undefined;
  const date = new Date(toMs(raw));
  if (Number.isNaN(date.getTime())) {
    throw new TokenError(
      "ERR_TOKEN_RESPONSE_INVALID",
      `The token response has an invalid "${field}": ${JSON.stringify(raw)?.slice(0, 40)}`,
    );
  }
  return date;
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
  return _expiry(json, field, (raw) => {
    const seconds = typeof raw === "number" || typeof raw === "string" ? Number(raw) : NaN;
    return seconds > 0 ? (now ?? Date.now)() + seconds * 1000 : NaN;
  });
}

/**
 * `json[field]` as an RFC 3339 timestamp, or undefined when absent; a TokenError when present but
 * not a valid date.
 */
export function _expireTime(json: unknown, field: string): Date | undefined {
  return _expiry(json, field, (raw) => typeof raw === "string" ? Date.parse(raw) : NaN);
}

/** `{ token, expiresAt }`, without an `expiresAt` key when the expiry is unknown. */
export function _expiring(token: string, expiresAt: Date | undefined): ExpiringToken {
  return expiresAt === undefined ? { token } : { token, expiresAt };
}
