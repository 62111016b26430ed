/**
 * {@linkcode nodeRs256}: the step's RS256 signer for `authenticate({ signRs256 })`, over
 * `node:crypto`. `auth/` signs with Web Crypto by default; under Node its key import and signature
 * are slower (about 15 ms against 12 ms of wall time for load, import and sign in a fresh Node
 * 24.21 process), and the step used to load both: key mode went from 1.82x to 1.66x an empty run.
 *
 * @module
 */

import type * as NodeCrypto from "node:crypto";
import process from "node:process";

const PKCS8_HEADER = "-----BEGIN PRIVATE KEY-----";
/** The smallest RSA modulus accepted for RS256 (RFC 7518, section 3.3), as `auth/` checks it. */
const MIN_MODULUS_BITS = 2048;

/**
 * Signs `data` with RS256 (RSASSA-PKCS1-v1_5 with SHA-256) and `pem`, an unencrypted PKCS #8 PEM
 * RSA private key of at least 2048 bits. `node:crypto` is taken at the first call, so a run that
 * signs nothing does not load it.
 *
 * @param pem The PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`).
 * @param data The bytes to sign.
 * @returns The signature.
 * @throws {TypeError} When `pem` is not a PKCS #8 PEM or not an RSA key.
 * @throws {RangeError} When the modulus has fewer than 2048 bits.
 */
export function nodeRs256(pem: string, data: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve) => {
    if (typeof pem !== "string" || !pem.startsWith(PKCS8_HEADER)) {
      throw new TypeError("not a PEM with a PRIVATE KEY block");
    }
    const crypto = process.getBuiltinModule("node:crypto") as typeof NodeCrypto;
    const key = crypto.createPrivateKey({ key: pem, format: "pem" });
    if (key.asymmetricKeyType !== "rsa") {
      throw new TypeError(`not an RSA key (${key.asymmetricKeyType})`);
    }
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_MODULUS_BITS) {
      throw new RangeError(`RS256 needs an RSA key of at least ${MIN_MODULUS_BITS} bits`);
    }
    resolve(new Uint8Array(crypto.sign("sha256", data, key)));
  });
}
