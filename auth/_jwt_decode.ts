// Reading (never verifying) claims of tokens this package received, for expiries and hints.
import { decodeJwt, type JWTPayload } from "jose";

/** The claims of a JWT, or `undefined` when it is not a JWT. */
export function _jwtClaims(token: string): JWTPayload | undefined {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
}

/** The `exp` of a JWT as a Date, or `undefined` when it is not a JWT with a numeric `exp`. */
export function _jwtExpiry(token: string): Date | undefined {
  const exp = _jwtClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? new Date(exp * 1000) : undefined;
}
