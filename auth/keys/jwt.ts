/**
 * RS256 JWTs signed locally with a service account key: the key imported and the JWT signed with
 * Web Crypto (RSASSA-PKCS1-v1_5 with SHA-256), the parts base64url-encoded with `btoa`. jose's
 * `importPKCS8` and `SignJWT` would do the same job but add to every bundle that signs the checks
 * of every JOSE algorithm and key form (size in docs/measurements.md).
 *
 * @module
 */

import type { JWTPayload } from "jose";
import { base64Decode, base64urlEncode } from "../_util/base64url.ts";
import { CredentialsError } from "../errors.ts";
import type { ServiceAccountKey } from "./service_account_key.ts";
import { MIN_MODULUS_BITS, pkcs8Base64, UNUSABLE_PRIVATE_KEY } from "./_private_key.ts";
import { isPlainObject, ownCopy } from "../_util/own.ts";
import { invalidOption } from "../_util/options.ts";

export type { JWTPayload };

const RS256: RsaHashedImportParams = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
/** The PEM's PKCS #8 RSA key, for signing only; throws when it is not one of 2048 bits or more. */
async function importSigningKey(pem: string): Promise<CryptoKey> {
  const base64 = pkcs8Base64(pem);
  if (base64 === undefined) throw new TypeError("not a PEM with a PRIVATE KEY block");
  const der = base64Decode(base64.replace(/\s/g, ""));
  const key = await crypto.subtle.importKey("pkcs8", der, RS256, false, ["sign"]);
  if ((key.algorithm as RsaHashedKeyAlgorithm).modulusLength < MIN_MODULUS_BITS) {
    throw new RangeError(`RS256 needs an RSA key of at least ${MIN_MODULUS_BITS} bits`);
  }
  return key;
}

/**
 * Imported keys by PEM: an import costs more than the signature itself (figures in
 * docs/measurements.md), and every refresh signs with the same key again. Bounded, so a process
 * that signs with many keys keeps only the latest few.
 */
const importedKeys = new Map<string, Promise<CryptoKey>>();
const MAX_IMPORTED_KEYS = 16;

/** The imported key of `pem`, imported once; a failed import is not kept. */
function signingKey(pem: string): Promise<CryptoKey> {
  let key = importedKeys.get(pem);
  if (key === undefined) {
    key = importSigningKey(pem);
    importedKeys.set(pem, key);
    key.catch(() => importedKeys.delete(pem));
    if (importedKeys.size > MAX_IMPORTED_KEYS) {
      importedKeys.delete(importedKeys.keys().next().value!);
    }
  }
  return key;
}

/** Signs `data` with RS256 and the PKCS #8 PEM key over Web Crypto: the default signer. */
async function webCryptoRs256(pem: string, data: Uint8Array): Promise<Uint8Array> {
  const key = await signingKey(pem);
  return new Uint8Array(await crypto.subtle.sign(RS256, key, new Uint8Array(data)));
}

/** How long a self-signed auth token is valid, as Google's libraries do. */
export const SELF_SIGNED_JWT_LIFETIME_SECONDS = 3599;

/** Options of {@linkcode createSelfSignedJwt}. */
export interface CreateSelfSignedJwtOptions {
  /** The `aud` claim, such as `https://iamcredentials.googleapis.com/`. */
  audience: string;
  /** The clock in milliseconds; default `Date.now`. */
  now?: () => number;
  /** Signs RS256 with a PKCS #8 PEM key (see {@linkcode signJwtWithKey}); default Web Crypto. */
  signRs256?: (pem: string, data: Uint8Array) => Promise<Uint8Array>;
}

/** A self-signed JWT and its expiry. */
export interface SelfSignedJwt {
  /** The compact JWT. */
  token: string;
  /** When it expires (`exp`). */
  expiresAt: Date;
}

/**
 * Signs `claims` with the key as {@linkcode signJwtWithKey} does, except that a key the signer
 * refuses becomes the error `keyError` makes of the signer's error: the caller's, naming the input
 * the key came from (a credentials file, or the `credentialsJson` option).
 */
export async function signJwt(
  key: ServiceAccountKey,
  claims: JWTPayload,
  keyError: (cause: unknown) => Error,
  signRs256: (pem: string, data: Uint8Array) => Promise<Uint8Array> = webCryptoRs256,
): Promise<string> {
  const kid = key.private_key_id;
  const header = { alg: "RS256", typ: "JWT", ...(kid ? { kid } : {}) };
  const input = `${base64urlEncode(JSON.stringify(header))}.${
    base64urlEncode(JSON.stringify(claims))
  }`;
  let signature: Uint8Array;
  try {
    signature = await signRs256(key.private_key, new TextEncoder().encode(input));
  } catch (cause) {
    throw keyError(cause);
  }
  return `${input}.${base64urlEncode(signature)}`;
}

/**
 * Signs `claims` with the key: header `{"alg":"RS256","typ":"JWT","kid":<private_key_id>}` (no
 * `kid` when the key has no `private_key_id`), the claims object serialized once as the payload.
 *
 * @param key The parsed service account key.
 * @param claims The JWT claims, as an object.
 * @param signRs256 Signs the JWT's bytes with the PEM key, rejecting a key that is not RSA of at
 * least 2048 bits; default Web Crypto (`crypto.subtle`). Under Node, a signer over `node:crypto`
 * saves loading Web Crypto as well.
 * @returns The compact JWT.
 * @throws {CredentialsError} `ERR_KEY_PRIVATE_KEY_INVALID`, with `option: "credentialsJson"` (the
 * `authenticate()` option keys come in), when the private key is not a PKCS #8 RSA key of at least
 * 2048 bits.
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
  signRs256?: (pem: string, data: Uint8Array) => Promise<Uint8Array>,
): Promise<string> {
  // A JWT's claims are a JSON object (RFC 7519, section 7.1): a string or a Date would be signed
  // as a string, a Map as {}.
  if (!isPlainObject(claims)) {
    throw invalidOption("claims", "Cannot sign a JWT: claims must be a plain object of claims");
  }
  return await signJwtWithKeyOption(ownCopy(key), claims, signRs256);
}

/**
 * {@linkcode signJwtWithKey} of a key already read (an own copy, or parsed here): a key the signer
 * refuses is the `credentialsJson` option's `ERR_KEY_PRIVATE_KEY_INVALID`.
 */
export async function signJwtWithKeyOption(
  key: ServiceAccountKey,
  claims: JWTPayload,
  signRs256?: (pem: string, data: Uint8Array) => Promise<Uint8Array>,
): Promise<string> {
  const keyError = (cause: unknown) =>
    new CredentialsError(
      "ERR_KEY_PRIVATE_KEY_INVALID",
      `Failed to sign JWT using private key for ${key.client_email}: ${UNUSABLE_PRIVATE_KEY}`,
      { option: "credentialsJson", cause },
    );
  return await signJwt(key, claims, keyError, signRs256);
}

/**
 * Creates the self-signed JWT Google accepts as a bearer token for its APIs (the key mode
 * `auth_token`): `iss` = `sub` = the key's `client_email`, `aud` as given, `exp` = `iat` + 3599 s.
 * `authenticate()`'s: the key as its plan parsed it, the options as it read them.
 *
 * @param key The parsed service account key.
 * @param options The audience and the clock, every field given (undefined when unset).
 * @returns The JWT and its expiry.
 * @throws {CredentialsError} `ERR_KEY_PRIVATE_KEY_INVALID` when the private key is unusable.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { createSelfSignedJwt } from "./jwt.ts";
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
  const iat = Math.floor((options.now ?? Date.now)() / 1000);
  const exp = iat + SELF_SIGNED_JWT_LIFETIME_SECONDS;
  const token = await signJwtWithKeyOption(key, {
    iss: key.client_email,
    sub: key.client_email,
    aud: options.audience,
    iat,
    exp,
  }, options.signRs256);
  return { token, expiresAt: new Date(exp * 1000) };
}

/**
 * Signs `data` with RS256 (RSASSA-PKCS1-v1_5, SHA-256) and a PKCS #8 PEM key over Web Crypto, as
 * JWTs are signed here: the signature `credentials.sign()` of a key makes.
 */
export function signWithPrivateKey(pem: string, data: Uint8Array): Promise<Uint8Array> {
  return webCryptoRs256(pem, data);
}
