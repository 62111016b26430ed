/**
 * The private key of a service account key file: where its PKCS #8 body is, and what is wrong
 * with it before any signing. Both the key parser and the signers read it through this module.
 *
 * @module
 */

/** How a PEM PKCS #8 private key (what Google's key files hold) begins. */
const PKCS8_HEADER = "-----BEGIN PRIVATE KEY-----";
/** How it ends. */
const PKCS8_FOOTER = "-----END PRIVATE KEY-----";
const PKCS1_HEADER = "-----BEGIN RSA PRIVATE KEY-----";

/**
 * The base64 of a PEM PKCS #8 key, as both RS256 signers read it: what lies between the
 * `BEGIN PRIVATE KEY` line, which must open the PEM, and the first `END PRIVATE KEY` line after
 * it (anything after that line is ignored); `undefined` when either line is missing. A key file
 * from Google always has both, so a PEM without its END line was cut short (most often in a copy
 * and paste) and is refused, not signed.
 *
 * @param pem The key file's `private_key`.
 * @returns The base64 between the lines, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pkcs8Base64 } from "./_private_key.ts";
 *
 * assert.equal(pkcs8Base64("-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n"), "\nMII\n");
 * assert.equal(pkcs8Base64("-----BEGIN PRIVATE KEY-----\nMII"), undefined);
 * ```
 */
export function pkcs8Base64(pem: string): string | undefined {
  if (typeof pem !== "string" || !pem.startsWith(PKCS8_HEADER)) return undefined;
  const end = pem.indexOf(PKCS8_FOOTER, PKCS8_HEADER.length);
  return end === -1 ? undefined : pem.slice(PKCS8_HEADER.length, end);
}

/**
 * The BEGIN line ends its line (blanks before the break allowed) and the END line starts one:
 * OpenSSL's PEM reader, which Node's `crypto`, google-auth-library and gcloud sign with, refuses a
 * PEM whose lines were joined, though it takes a body on one line or with blanks.
 */
const HEADER_LINE_END = /^[ \t]*\r?\n/;
const FOOTER_LINE_START = /\n$/;

/**
 * What is wrong with a key file's `private_key`, found before any signing: `undefined` for a PEM
 * PKCS #8 key with both its lines, each on a line of its own (what Google's key files hold, and
 * what {@linkcode pkcs8Base64} reads); for a PEM cut short, to use the whole file; for a PEM whose
 * line breaks were lost (joined into one line, or written as the two characters `\n`), to pass
 * the file as downloaded; for a PKCS #1 key, the command that converts it. The problem never
 * quotes the key.
 *
 * @param pem The key file's `private_key`.
 * @returns The problem, or `undefined` for a usable PEM.
 *
 * @example A PKCS #1 key gets the command that converts it
 * ```ts
 * import assert from "node:assert/strict";
 * import { privateKeyProblem } from "./_private_key.ts";
 *
 * assert.match(
 *   privateKeyProblem("-----BEGIN RSA PRIVATE KEY-----\nMII\n-----END RSA PRIVATE KEY-----\n") ?? "",
 *   /openssl pkcs8 -topk8/,
 * );
 * assert.equal(privateKeyProblem("-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n"), undefined);
 * assert.match(
 *   privateKeyProblem("-----BEGIN PRIVATE KEY-----MII-----END PRIVATE KEY-----") ?? "",
 *   /has lost its line breaks/,
 * );
 * ```
 */
export function privateKeyProblem(pem: string): string | undefined {
  const base64 = pkcs8Base64(pem);
  if (base64 !== undefined) {
    if (HEADER_LINE_END.test(base64) && FOOTER_LINE_START.test(base64)) return undefined;
    const escaped = base64.includes("\\n") ? " (it holds `\\n` as two characters)" : "";
    return `"private_key" has lost its line breaks${escaped}: its BEGIN PRIVATE KEY and END PRIVATE KEY lines must each be on a line of their own (Node, google-auth-library and gcloud refuse it otherwise); pass the key file as downloaded, or its base64`;
  }
  if (pem.startsWith(PKCS8_HEADER)) {
    return `"private_key" has no END PRIVATE KEY line: it was cut short (often in a copy and paste); use the whole key file`;
  }
  return pem.startsWith(PKCS1_HEADER)
    ? `"private_key" is PKCS #1 (BEGIN RSA PRIVATE KEY); convert it with \`openssl pkcs8 -topk8 -nocrypt -in key.pem\``
    : `"private_key" is not a PEM PKCS #8 key (BEGIN PRIVATE KEY)`;
}

/** The smallest RSA modulus accepted for RS256 (RFC 7518, section 3.3). */
export const MIN_MODULUS_BITS = 2048;

/** Why a signer refused a key: the problem each `ERR_KEY_PRIVATE_KEY_INVALID` of signing names. */
export const UNUSABLE_PRIVATE_KEY =
  `"private_key" is not a PKCS #8 RSA private key of at least ${MIN_MODULUS_BITS} bits`;
