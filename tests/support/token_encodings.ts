// A token in the encodings a store could hold it in: UTF-8, base64, base64url, hex and
// percent-encoding (of the whole token and of its JWT parts, where it has them); and the
// encoders of UTF-8 text the tests use to echo secrets.
import assert from "node:assert/strict";

/** Standard base64 (padded) of `text`'s UTF-8 bytes. */
export function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
}

/** base64url (unpadded) of `text`'s UTF-8 bytes. */
export function base64url(text: string): string {
  return base64(text).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
}

/** Lower-case hex of `text`'s UTF-8 bytes. */
export function hex(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

function encodings(token: string): string[] {
  const parts = token.split(".").filter((part) => part.length >= 16);
  return [
    token,
    base64(token),
    base64url(token),
    hex(token),
    hex(token).toUpperCase(),
    encodeURIComponent(token),
    ...parts,
  ];
}

/** Asserts no value holds `token` in any of those encodings. */
export function assertHoldsNoToken(values: readonly string[], token: string): void {
  for (const value of values) {
    for (const encoded of encodings(token)) {
      assert.ok(!value.includes(encoded), "a stored value holds the token");
    }
  }
}
