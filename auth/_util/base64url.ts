// base64url without padding (RFC 7515, section 2): what JWTs are made of. Web APIs only (`btoa`,
// `atob`); jose's base64url carries more than the few functions this package needs.

/**
 * How many bytes one `String.fromCharCode` call takes as arguments: far below every engine's limit
 * on arguments, and above every JWT part this package encodes.
 */
const CHUNK_BYTES = 0x2000;

/** The unpadded base64url text of `input` (a string is encoded as UTF-8 first). */
export function base64urlEncode(input: string | Uint8Array): string {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  return base64Encode(bytes).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
}

/** The padded standard base64 text of `bytes` (what Google's JSON `bytes` fields hold). */
export function base64Encode(bytes: Uint8Array): string {
  // One call per chunk, not one per byte: the workflow step encodes its JWT before any of this code
  // is optimized, where a byte loop is slow (docs/measurements.md).
  let binary = "";
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    const chunk = bytes.subarray(start, start + CHUNK_BYTES);
    binary += String.fromCharCode.apply(null, chunk as unknown as number[]);
  }
  return btoa(binary);
}

/** The bytes of base64url text (padding optional); throws on anything else. */
export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[\w-]*={0,2}$/.test(text)) throw new TypeError("not base64url");
  return base64Decode(text.replaceAll("-", "+").replaceAll("_", "/"));
}

/** The bytes of standard base64 text (`atob`, so whitespace is skipped); throws on anything else. */
export function base64Decode(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/**
 * An HTTP Basic `authorization` value for an OAuth client, as Google's libraries send it: base64 of
 * the UTF-8 `id:secret` (not form-encoded first).
 */
export function basicAuthorization(id: string, secret: string): string {
  return `Basic ${base64Encode(new TextEncoder().encode(`${id}:${secret}`))}`;
}
