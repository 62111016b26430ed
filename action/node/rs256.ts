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
import {
  MIN_MODULUS_BITS as _MIN_MODULUS_BITS,
  pkcs8Base64 as _pkcs8Base64,
} from "../../auth/keys/private_key.ts";

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
 * The integers of an `RSAPrivateKey` after its version (RFC 8017, appendix A.1.2), in order, each
 * named as the member of an RSA JWK that holds it (RFC 7518, section 6.3).
 */
const RSA_KEY_MEMBERS = ["n", "e", "d", "p", "q", "dp", "dq", "qi"] as const;

/** The bit length of the unsigned big-endian integer in `bytes`. */
function _bitLength(bytes: Uint8Array): number {
  let first = 0;
  while (first < bytes.length && bytes[first] === 0) first++;
  return first === bytes.length
    ? 0
    : (bytes.length - first - 1) * 8 + 32 - Math.clz32(bytes[first]!);
}

/**
 * The private JWK of a PKCS #8 PEM of an RSA key of at least 2048 bits: `PrivateKeyInfo` (RFC 5208)
 * holding `rsaEncryption` and an `RSAPrivateKey` (RFC 8017, appendix A.1.2), whose integers become
 * the JWK's members (base64url of their unsigned value, RFC 7518 section 6.3). Exported for the
 * tests: OpenSSL checks each signature it makes with the CRT members and, when one is wrong, signs
 * again without them, so a wrong member would not show in a signature.
 *
 * @param pem The PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`).
 * @returns The JWK (`kty`, `n`, `e`, `d`, `p`, `q`, `dp`, `dq`, `qi`).
 * @throws {TypeError} When `pem` is not a PKCS #8 PEM or not an RSA key.
 * @throws {RangeError} When the modulus has fewer than 2048 bits.
 */
export function _rsaPrivateJwk(pem: string): NodeCrypto.JsonWebKey {
  const body = _pkcs8Base64(pem) ?? "";
  if (!/^[A-Za-z0-9+/=\s]+$/.test(body)) {
    throw new TypeError("not a PEM with a PRIVATE KEY block");
  }
  const der = Buffer.from(body, "base64");
  const info = _element(der, 0, der.length, 0x30);
  const version = _element(der, info.start, info.end, 0x02);
  const algorithm = _element(der, version.end, info.end, 0x30);
  const oid = _element(der, algorithm.start, algorithm.end, 0x06);
  if (der.toString("hex", algorithm.start, oid.end) !== RSA_ENCRYPTION) {
    throw new TypeError("not an RSA key (its algorithm is not rsaEncryption)");
  }
  const octets = _element(der, algorithm.end, info.end, 0x04);
  const rsaKey = _element(der, octets.start, octets.end, 0x30);
  let offset = _element(der, rsaKey.start, rsaKey.end, 0x02).end;
  const jwk: Record<string, string> = { kty: "RSA" };
  let modulusBits = 0;
  for (const member of RSA_KEY_MEMBERS) {
    const integer = _element(der, offset, rsaKey.end, 0x02);
    let first = integer.start;
    while (first < integer.end - 1 && der[first] === 0) first++;
    jwk[member] = der.toString("base64url", first, integer.end);
    if (member === "n") modulusBits = _bitLength(der.subarray(first, integer.end));
    offset = integer.end;
  }
  if (modulusBits < _MIN_MODULUS_BITS) {
    throw new RangeError(`RS256 needs an RSA key of at least ${_MIN_MODULUS_BITS} bits`);
  }
  return jwk;
}

/**
 * Signs `data` with RS256 (RSASSA-PKCS1-v1_5 with SHA-256) and `pem`, an unencrypted PKCS #8 PEM
 * RSA private key of at least 2048 bits. The key's integers are read from the DER and handed to
 * `node:crypto` as a JWK: OpenSSL then builds the key from them, where a DER key goes through its
 * decoders first, about 0.7 ms more of a first signature in a fresh Node 24.21 process (the same
 * signature either way: RS256 is deterministic); a `KeyObject` built only to ask the algorithm and
 * modulus size cost about 0.6 ms more again. `node:crypto` is taken at the first call, so a run
 * that signs nothing does not load it.
 *
 * @param pem The PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`).
 * @param data The bytes to sign.
 * @returns The signature.
 * @throws {TypeError} When `pem` is not a PKCS #8 PEM or not an RSA key.
 * @throws {RangeError} When the modulus has fewer than 2048 bits.
 */
export function nodeRs256(pem: string, data: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const jwk = _rsaPrivateJwk(pem);
    const crypto = process.getBuiltinModule("node:crypto") as typeof NodeCrypto;
    resolve(new Uint8Array(crypto.sign("sha256", data, { key: jwk, format: "jwk" })));
  });
}
