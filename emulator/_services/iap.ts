// Identity-Aware Proxy's side: the public keys of its signed headers (as
// https://www.gstatic.com/iap/verify/public_key-jwk) and the assertions it puts in
// `x-goog-iap-jwt-assertion`, minted on request for tests.
import { SignJWT } from "jose";
import type { State } from "../_core/state.ts";
import type { IapJwtOptions } from "../types.ts";

/** The emulator path of IAP's keys (`www.gstatic.com` is served under `/gstatic`). */
export const IAP_KEYS_PATH = "/gstatic/iap/verify/public_key-jwk";

const IAP_ISSUER = "https://cloud.google.com/iap";
const ASSERTION_LIFETIME_SECONDS = 600;

/** Answers IAP's JWKS. */
export async function iapKeys(state: State): Promise<Response> {
  return Response.json(await state.iapJwks(), {
    headers: { "cache-control": "public, max-age=3600" },
  });
}

/** An assertion as IAP signs it for the user of `options`. */
export async function iapJwt(state: State, options: IapJwtOptions): Promise<string> {
  if (typeof options?.audience !== "string" || options.audience === "") {
    throw new TypeError("Cannot mint an IAP assertion: audience must be a non-empty string");
  }
  const key = await state.iapKey();
  const iat = Math.floor(state.config.now() / 1000);
  const email = options.email ?? state.config.user;
  return await new SignJWT({
    iss: IAP_ISSUER,
    aud: options.audience,
    sub: `accounts.google.com:${state.uniqueId(email)}`,
    email,
    ...(options.hd === undefined ? {} : { hd: options.hd }),
    iat,
    exp: iat + ASSERTION_LIFETIME_SECONDS,
    ...options.claims,
  }).setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" }).sign(key.privateKey);
}
