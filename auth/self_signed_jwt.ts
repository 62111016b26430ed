/**
 * RS256 JWTs signed locally with a service account key.
 *
 * @module
 */

import { importPKCS8, type JWTPayload, SignJWT } from "jose";
import { CredentialsError } from "./errors.ts";
import type { ServiceAccountKey } from "./service_account_key.ts";
import { _own } from "./_own.ts";

export type { JWTPayload };

/** How long a self-signed auth token is valid, as Google's libraries do. */
export const SELF_SIGNED_JWT_LIFETIME_SECONDS = 3599;

/** Options of {@linkcode createSelfSignedJwt}. */
export interface CreateSelfSignedJwtOptions {
  /** The `aud` claim, such as `https://iamcredentials.googleapis.com/`. */
  audience: string;
  /** The clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** A self-signed JWT and its expiry. */
export interface SelfSignedJwt {
  /** The compact JWT. */
  token: string;
  /** When it expires (`exp`). */
  expiresAt: Date;
}

/**
 * Signs `claims` with the key: header `{"alg":"RS256","typ":"JWT","kid":<private_key_id>}`, the
 * claims object serialized once as the payload.
 *
 * @param key The parsed service account key.
 * @param claims The JWT claims, as an object.
 * @returns The compact JWT.
 * @throws {CredentialsError} `ERR_KEY_PRIVATE_KEY_INVALID` when the private key is not a PKCS #8
 * RSA key.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { signJwtWithKey } from "./mod.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const key = {
 *   type: "service_account" as const,
 *   private_key_id: "kid-1",
 *   private_key: await exportPKCS8(privateKey),
 *   client_email: "sa@p.iam.gserviceaccount.com",
 * };
 * const jwt = await signJwtWithKey(key, { iss: key.client_email, sub: "user@example.com" });
 * assert.equal(JSON.parse(atob(jwt.split(".")[1]!)).sub, "user@example.com");
 * ```
 */
export async function signJwtWithKey(
  key: ServiceAccountKey,
  claims: JWTPayload,
): Promise<string> {
  key = _own(key);
  let privateKey: CryptoKey;
  try {
    privateKey = await importPKCS8(key.private_key, "RS256");
  } catch (cause) {
    throw new CredentialsError(
      "ERR_KEY_PRIVATE_KEY_INVALID",
      `Failed to sign JWT using private key for ${key.client_email}: "private_key" is not a PKCS #8 RSA private key`,
      { option: "credentialsJson", cause },
    );
  }
  return await new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.private_key_id })
    .sign(privateKey);
}

/**
 * Creates the self-signed JWT Google accepts as a bearer token for its APIs (the key mode
 * `auth_token`): `iss` = `sub` = the key's `client_email`, `aud` as given, `exp` = `iat` + 3599 s.
 *
 * @param key The parsed service account key.
 * @param options The audience and the clock.
 * @returns The JWT and its expiry.
 * @throws {CredentialsError} `ERR_KEY_PRIVATE_KEY_INVALID` when the private key is unusable.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { createSelfSignedJwt } from "./mod.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const key = {
 *   type: "service_account" as const,
 *   private_key_id: "kid-1",
 *   private_key: await exportPKCS8(privateKey),
 *   client_email: "sa@p.iam.gserviceaccount.com",
 * };
 * const jwt = await createSelfSignedJwt(key, {
 *   audience: "https://iamcredentials.googleapis.com/",
 *   now: () => 1_700_000_000_000,
 * });
 * assert.equal(jwt.expiresAt.toISOString(), "2023-11-14T23:13:19.000Z");
 * ```
 */
export async function createSelfSignedJwt(
  key: ServiceAccountKey,
  options: CreateSelfSignedJwtOptions,
): Promise<SelfSignedJwt> {
  key = _own(key);
  options = _own(options);
  const iat = Math.floor((options.now ?? Date.now)() / 1000);
  const exp = iat + SELF_SIGNED_JWT_LIFETIME_SECONDS;
  const token = await signJwtWithKey(key, {
    iss: key.client_email,
    sub: key.client_email,
    aud: options.audience,
    iat,
    exp,
  });
  return { token, expiresAt: new Date(exp * 1000) };
}
