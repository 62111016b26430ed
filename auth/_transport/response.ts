// Reading fields of successful token responses; a missing field is a TokenError.
import { TokenError } from "../errors.ts";
import type { ExpiringToken } from "../types.ts";
import { fieldOf } from "../_util/json.ts";

/**
 * The date `toMs` makes of `json[field]`, or undefined when the field is absent; a TokenError when
 * present but `toMs` gives no valid date (NaN: a server bug, or not Google).
 */
function expiryOf(json: unknown, field: string, toMs: (raw: unknown) => number): Date | undefined {
  const raw = fieldOf(json, field);
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
export function expiresIn(
  json: unknown,
  field: string,
  now: (() => number) | undefined,
): Date | undefined {
  return expiryOf(json, field, (raw) => {
    const seconds = typeof raw === "number" || typeof raw === "string" ? Number(raw) : NaN;
    return seconds > 0 ? (now ?? Date.now)() + seconds * 1000 : NaN;
  });
}

/**
 * `json[field]` as an RFC 3339 timestamp, or undefined when absent; a TokenError when present but
 * not a valid date.
 */
export function expireTimeOf(json: unknown, field: string): Date | undefined {
  return expiryOf(json, field, (raw) => typeof raw === "string" ? Date.parse(raw) : NaN);
}

/** `{ token, expiresAt }`, without an `expiresAt` key when the expiry is unknown. */
export function expiring(token: string, expiresAt: Date | undefined): ExpiringToken {
  return expiresAt === undefined ? { token } : { token, expiresAt };
}
