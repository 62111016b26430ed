// base64url without padding (RFC 7515, section 2): what JWTs are made of. Web APIs only (`btoa`,
// `atob`); jose's base64url carries more than the two functions this package needs.

/** The unpadded base64url text of `input` (a string is encoded as UTF-8 first). */
export function _base64urlEncode(input: string | Uint8Array): string {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
}

/** The bytes of base64url text (padding optional); throws on anything else. */
export function _base64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[\w-]*={0,2}$/.test(text)) throw new TypeError("not base64url");
  return _base64Decode(text.replaceAll("-", "+").replaceAll("_", "/"));
}

/** The bytes of standard base64 text (`atob`, so whitespace is skipped); throws on anything else. */
export function _base64Decode(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
