/**
 * {@linkcode nodeRs256}: the step's RS256 signer for `authenticate({ signRs256 })`, over
 * `node:crypto`. `auth/` signs with Web Crypto by default; under Node its key import and signature
 * are slower (about 15 ms against 12 ms of wall time for load, import and sign in a fresh Node
 * 24.21 process), and the step used to load both: key mode went from 1.82x to 1.66x an empty run.
 *
 * @module
 */

import type * as NodeCrypto from "node:crypto";
import { Buffer } from "node:buffer";
import process from "node:process";

const PKCS8_HEADER = "-----BEGIN PRIVATE KEY-----";
const PKCS8_FOOTER = "-----END PRIVATE KEY-----";
/** The smallest RSA modulus accepted for RS256 (RFC 7518, section 3.3), as `auth/` checks it. */
const MIN_MODULUS_BITS = 2048;
/** The DER of the OID rsaEncryption (1.2.840.113549.1.1.1, RFC 8017 appendix C). */
const RSA_ENCRYPTION = "06092a864886f70d010101";

/** Where the contents of a DER element start and end. */
interface _Element {
  start: number;
  end: number;
}

/** The DER element at `offset` within `limit`, of tag `tag`; throws when there is none. */
function _element(der: Uint8Array, offset: number, limit: number, tag: number): _Element {
  if (offset + 2 > limit || der[offset] !== tag) throw new TypeError("not a PKCS #8 key");
  let length = der[offset + 1]!;
  let start = offset + 2;
  if (length > 0x80 && length <= 0x84) {
    const bytes = length - 0x80;
    length = 0;
    for (let index = 0; index < bytes; index++) length = length * 256 + (der[start + index] ?? 0);
    start += bytes;
  } else if (length >= 0x80) {
    throw new TypeError("not a PKCS #8 key");
  }
  if (start + length > limit) throw new TypeError("not a PKCS #8 key");
  return { start, end: start + length };
}

/**
 * The DER of a PKCS #8 PEM of an RSA key of at least 2048 bits, read only as far as the algorithm
 * and the modulus (OpenSSL reads the whole key when it signs): `PrivateKeyInfo` (RFC 5208) holding
 * `rsaEncryption` and an `RSAPrivateKey` (RFC 8017, appendix A.1.2).
 */
function _rsaKeyDer(pem: string): Uint8Array {
  const end = typeof pem === "string" && pem.startsWith(PKCS8_HEADER)
    ? pem.indexOf(PKCS8_FOOTER)
    : -1;
  const body = end === -1 ? "" : pem.slice(PKCS8_HEADER.length, end);
  if (!/^[A-Za-z0-9+/=\s]+$/.test(body)) {
    throw new TypeError("not a PEM with a PRIVATE KEY block");
  }
  const der = new Uint8Array(Buffer.from(body, "base64"));
  const info = _element(der, 0, der.length, 0x30);
  const version = _element(der, info.start, info.end, 0x02);
  const algorithm = _element(der, version.end, info.end, 0x30);
  const oid = _element(der, algorithm.start, algorithm.end, 0x06);
  if (Buffer.from(der.subarray(algorithm.start, oid.end)).toString("hex") !== RSA_ENCRYPTION) {
    throw new TypeError("not an RSA key (its algorithm is not rsaEncryption)");
  }
  const octets = _element(der, algorithm.end, info.end, 0x04);
  const rsaKey = _element(der, octets.start, octets.end, 0x30);
  const rsaVersion = _element(der, rsaKey.start, rsaKey.end, 0x02);
  const modulus = _element(der, rsaVersion.end, rsaKey.end, 0x02);
  let first = modulus.start;
  while (first < modulus.end && der[first] === 0) first++;
  const bits = first === modulus.end
    ? 0
    : (modulus.end - first - 1) * 8 + 32 - Math.clz32(der[first]!);
  if (bits < MIN_MODULUS_BITS) {
    throw new RangeError(`RS256 needs an RSA key of at least ${MIN_MODULUS_BITS} bits`);
  }
  return der;
}

/**
 * Signs `data` with RS256 (RSASSA-PKCS1-v1_5 with SHA-256) and `pem`, an unencrypted PKCS #8 PEM
 * RSA private key of at least 2048 bits. The algorithm and modulus size are read from the DER and
 * the DER is handed to `node:crypto` as it is: a `KeyObject` built only to ask them cost about
 * 0.6 ms more of a key mode run (Node 24.21, in-process timing). `node:crypto` is taken at the
 * first call, so a run that signs nothing does not load it.
 *
 * @param pem The PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`).
 * @param data The bytes to sign.
 * @returns The signature.
 * @throws {TypeError} When `pem` is not a PKCS #8 PEM or not an RSA key.
 * @throws {RangeError} When the modulus has fewer than 2048 bits.
 */
export function nodeRs256(pem: string, data: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const der = _rsaKeyDer(pem);
    const crypto = process.getBuiltinModule("node:crypto") as typeof NodeCrypto;
    const key = { key: Buffer.from(der.buffer, der.byteOffset, der.byteLength) };
    resolve(
      new Uint8Array(crypto.sign("sha256", data, { ...key, format: "der", type: "pkcs8" })),
    );
  });
}
