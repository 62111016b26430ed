// A token in the encodings a store could hold it in: UTF-8, base64, base64url, hex and
// percent-encoding (of the whole token and of its JWT parts, where it has them).
import assert from "node:assert/strict";

function encodings(token: string): string[] {
  const bytes = new TextEncoder().encode(token);
  const base64 = btoa(String.fromCharCode(...bytes));
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  const parts = token.split(".").filter((part) => part.length >= 16);
  return [
    token,
    base64,
    base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
    hex,
    hex.toUpperCase(),
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
