/**
 * Verification of the tokens Google issues: ID tokens ({@linkcode verifyIdToken}, as a Cloud Run
 * service checks its callers) and IAP's signed headers ({@linkcode verifyIapJwt}), over jose with
 * Google's published keys, cached as their `Cache-Control` says. Every refusal is a
 * `VerificationError` with a code naming the check that failed.
 *
 * @example Refuse a token that is not a JWT
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyIdToken } from "./mod.ts";
 *
 * await assert.rejects(
 *   verifyIdToken("not-a-jwt", { audience: "https://my-service.example" }),
 *   { code: "ERR_TOKEN_MALFORMED" },
 * );
 * ```
 *
 * @module
 */

export { GOOGLE_ID_TOKEN_ISSUERS, verifyIdToken } from "./id_token.ts";
export type { IdTokenPayload, VerifyIdTokenOptions } from "./id_token.ts";
export { IAP_ISSUER, IAP_KEYS_URL, verifyIapJwt } from "./iap.ts";
export type { IapJwtPayload, VerifyIapJwtOptions } from "./iap.ts";
export type { JWTPayload } from "../keys/jwt.ts";
export type {
  AuthLogger,
  CallOptions,
  FetchLike,
  FetchResponse,
  RetryOptions,
  SleepLike,
} from "../types.ts";
