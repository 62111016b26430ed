/**
 * {@linkcode nodeRs256}: the step's RS256 signer for `authenticate({ signRs256 })`, over
 * `node:crypto`. `auth/` signs with Web Crypto by default, whose key import and signature are
 * slower under Node, and the step would load both Web Crypto and `node:crypto` (figures in
 * docs/step.md).
 *
 * @module
 */

import type * as NodeCrypto from "node:crypto";
import process from "node:process";
import { MIN_MODULUS_BITS, pkcs8Base64 } from "../../auth/_step.ts";

const PKCS8_FOOTER = "-----END PRIVATE KEY-----";

/**
 * Signs `data` with RS256 (RSASSA-PKCS1-v1_5 with SHA-256) and `pem`, an unencrypted PKCS #8 PEM
 * RSA private key of at least 2048 bits: the keys the Web Crypto signer takes, read by Node's own
 * key parser. `node:crypto` is taken at the first call, so a run that signs nothing does not load
 * it.
 *
 * @param pem The PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`); anything after its END line is
 * ignored.
 * @param data The bytes to sign.
 * @returns The signature.
 * @throws {TypeError} When `pem` is not a PKCS #8 PEM or not an RSA key.
 * @throws {RangeError} When the modulus has fewer than 2048 bits.
 */
export function nodeRs256(pem: string, data: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve) => {
    // Node also takes PKCS #1 and other PEM blocks, but not text right after the END line: hand
    // it the block the Web Crypto signer reads.
    if (pkcs8Base64(pem) === undefined) throw new TypeError("not a PEM with a PRIVATE KEY block");
    const block = pem.slice(0, pem.indexOf(PKCS8_FOOTER) + PKCS8_FOOTER.length);
    const crypto = process.getBuiltinModule("node:crypto") as typeof NodeCrypto;
    const key = crypto.createPrivateKey(block);
    if (key.asymmetricKeyType !== "rsa") throw new TypeError("not an RSA key");
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_MODULUS_BITS) {
      throw new RangeError(`RS256 needs an RSA key of at least ${MIN_MODULUS_BITS} bits`);
    }
    resolve(new Uint8Array(crypto.sign("sha256", data, key)));
  });
}
