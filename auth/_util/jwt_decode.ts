// Reading (never verifying) claims of tokens this package received, for expiries and hints.
import type { JWTPayload } from "jose";
import { base64urlDecode } from "./base64url.ts";
import { isRecord } from "./json.ts";

/** The claims of a JWT (three dot-separated parts, a JSON object payload), else `undefined`. */
export function jwtClaims(token: string): JWTPayload | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const json = new TextDecoder("utf-8", { fatal: true }).decode(base64urlDecode(parts[1]!));
    const claims: unknown = JSON.parse(json);
    return isRecord(claims) ? claims as JWTPayload : undefined;
  } catch {
    return undefined;
  }
}

/** The `exp` of a JWT as a Date, or `undefined` when it is not a JWT with a numeric `exp`. */
export function jwtExpiry(token: string): Date | undefined {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? new Date(exp * 1000) : undefined;
}
