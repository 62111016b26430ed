/**
 * Quoting user-supplied values in messages, for `auth/` and the workflow step alike: JSON-style
 * quotes and a bounded length, except for a value that looks like a secret pasted into the wrong
 * input (a key JSON, a PEM block, a JWT or long base64), which is described, never shown: even a
 * part of it can hold a key id, and the runner's mask of the raw secret does not match its
 * JSON-escaped form. The patterns ignore case: some values are lowercased before they are checked.
 *
 * @module
 */

const MAX_QUOTED = 120;

const SECRET_SHAPES: readonly [RegExp, string][] = [
  [/^\s*[{[]/, "JSON"],
  [/-----BEGIN /i, "a PEM block"],
  [/^\s*eyJ/i, "a JWT or base64-encoded JSON"],
  [/^\s*[A-Za-z0-9+/_-]{64,}={0,2}\s*$/, "base64 data"],
];

/** What `value` looks like when it looks like a secret, such as `JSON`; else `undefined`. */
function secretShape(value: string): string | undefined {
  return SECRET_SHAPES.find(([pattern]) => pattern.test(value))?.[1];
}

/**
 * `"value"` with JSON escapes, shortened to about 120 characters; for a value that looks like a
 * secret, a description such as `(a value that looks like JSON, 2313 characters, not shown)`.
 *
 * @param value What the user gave.
 * @returns The text to put in a message.
 *
 * @example A plain value, and a key pasted into the wrong input
 * ```ts
 * import assert from "node:assert/strict";
 * import { quote } from "./quote.ts";
 *
 * assert.equal(quote("jwt"), '"jwt"');
 * assert.equal(quote('{"type":"service_account"}'), "(a value that looks like JSON, 26 characters, not shown)");
 * ```
 */
export function quote(value: string): string {
  const shape = secretShape(value);
  if (shape !== undefined) {
    return `(a value that looks like ${shape}, ${value.length} characters, not shown)`;
  }
  const shown = value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value;
  return JSON.stringify(shown);
}
