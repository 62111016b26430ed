/**
 * Verification of Identity-Aware Proxy's signed headers (`x-goog-iap-jwt-assertion`): ES256
 * against IAP's published keys, issuer `https://cloud.google.com/iap`, your audience.
 *
 * @module
 */

import type { JWTPayload } from "jose";
import { ownCopy } from "../_util/own.ts";
import { callSettings } from "../_transport/call_settings.ts";
import {
  CALL_OPTION_NAMES,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";
import type { CallOptions } from "../types.ts";
import { verifyToken } from "./_keys.ts";

/** Where IAP publishes the public keys of its assertions. */
export const IAP_KEYS_URL = "https://www.gstatic.com/iap/verify/public_key-jwk";

/** The issuer of IAP's assertions. */
export const IAP_ISSUER = "https://cloud.google.com/iap";

/** Options of {@linkcode verifyIapJwt}. */
export interface VerifyIapJwtOptions extends CallOptions {
  /** Leeway for `exp`, `nbf` and `iat`, in seconds; default 300, as Google's libraries allow. */
  clockSkewSeconds?: number;
  /**
   * The `aud` the assertion must have: `/projects/<project number>/global/backendServices/<id>`
   * (load balancer) or `/projects/<project number>/apps/<project id>` (App Engine). Required.
   */
  audience: string | readonly string[];
  /** The JWK Set URL instead of {@linkcode IAP_KEYS_URL}, such as an emulator's `iapKeysUrl`. */
  keysUrl?: string;
}

const VERIFY_IAP_JWT_OPTION_NAMES: OptionNameSet<VerifyIapJwtOptions> = /* @__PURE__ */ optionNames<
  VerifyIapJwtOptions
>(
  CALL_OPTION_NAMES,
  { clockSkewSeconds: "number", audience: true, keysUrl: "string" },
);

/** The claims of a verified IAP assertion. */
export interface IapJwtPayload extends JWTPayload {
  /** The signed-in user's email. */
  email?: string;
  /** The user's Google Workspace domain, when there is one. */
  hd?: string;
}

/**
 * Verifies IAP's `x-goog-iap-jwt-assertion` header and returns its claims: ES256 only, against
 * IAP's keys (cached as their `Cache-Control: max-age` says, fetched again once for an unknown key
 * id), issuer `https://cloud.google.com/iap`, the audience, `exp` and `iat` within
 * `clockSkewSeconds`.
 *
 * @param jwt The header's value.
 * @param options The audience (required), and `fetch`, `now`, `signal`.
 * @returns The assertion's claims.
 * @throws {VerificationError} With a code that names the failed check; never the assertion.
 * @throws {GoogleApiError} `ERR_CERTS_REQUEST_FAILED` when the keys cannot be fetched.
 *
 * @example An assertion the emulator minted
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyIapJwt } from "./mod.ts";
 * import { startEmulator } from "../../emulator/mod.ts";
 *
 * await using emulator = await startEmulator();
 * const audience = "/projects/123456789012/global/backendServices/42";
 * const jwt = await emulator.iapJwt({ audience, email: "alice@example.com" });
 * const claims = await verifyIapJwt(jwt, { audience, keysUrl: emulator.iapKeysUrl });
 * assert.equal(claims.email, "alice@example.com");
 * ```
 */
export async function verifyIapJwt(
  jwt: string,
  options: VerifyIapJwtOptions,
): Promise<IapJwtPayload> {
  refuseUnknownOptions(options, VERIFY_IAP_JWT_OPTION_NAMES, "verifyIapJwt()");
  options = ownCopy(options);
  return await verifyToken(
    jwt,
    {
      what: "IAP assertion",
      algorithm: "ES256",
      keysUrl: options.keysUrl ?? IAP_KEYS_URL,
      issuers: [IAP_ISSUER],
      audience: options.audience,
    },
    options.clockSkewSeconds,
    callSettings(options),
  );
}
