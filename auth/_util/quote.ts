/**
 * Quoting user-supplied values in messages, for `auth/` and the workflow step alike: JSON-style
 * quotes and a bounded length, except for a value that looks like a secret pasted into the wrong
 * input (a key JSON, a PEM block, a JWT or long base64), which is described, never shown: even a
 * part of it can hold a key id, and the runner's mask of the raw secret does not match its
 * JSON-escaped form. A resource name (`projects/p/locations/global/...`) is a long run of base64
 * characters too, and is shown; a URL's `user:password@` is left out. The patterns ignore case:
 * some values are lowercased before they are checked.
 *
 * @module
 */

import { hasUserinfo, withoutUserinfo } from "./url_userinfo.ts";

const MAX_QUOTED = 120;

const SECRET_SHAPES: readonly [RegExp, string][] = [
  [/^\s*[{[]/, "JSON"],
  [/-----BEGIN /i, "a PEM block"],
  [/^\s*eyJ/i, "a JWT or base64-encoded JSON"],
  [/^\s*[A-Za-z0-9+/_-]{64,}={0,2}\s*$/, "base64 data"],
];

/**
 * A collection of a resource name: a word in lower camel case, such as `workloadIdentityPools`,
 * or `provider` where `providers` was meant (a mistyped name is the one its error must show).
 */
const COLLECTION = /^[a-z]+(?:[A-Z][a-z]+)*$/;
/**
 * The first collection of a resource name: one of the roots of Google's resource tree, or its
 * singular (a typo the error must show). Base64 data can begin with any short word and a `/`.
 */
const ROOT_COLLECTION = /^(?:project|organization|folder|billingAccount)s?$/i;
/**
 * The longest resource name shown whole: a name is shown as typed when it is what is wrong, and
 * cutting it could hide the mistake; Google's longest names are a few hundred characters. A longer
 * one is cut as any value is: its length is what is wrong.
 */
const MAX_RESOURCE_NAME = 1_000;

/**
 * Whether `value` reads as a resource name, `<collection>/<id>/<collection>/<id>...`, such as
 * `projects/my-project/locations/global/...`: long runs of base64 characters too, but shown.
 * Base64 data has a `/` every 64 characters on average, and a segment that is a word of letters
 * in camel case is rare, let alone every other one, but short ones happen (`d/AAAA…/da`, found
 * by the property test); a root collection first is not; `+` and `=` are base64's alone.
 */
function isResourceName(value: string): boolean {
  const segments = value.trim().split("/");
  return segments.length >= 3 && !/[+=]/.test(value) && ROOT_COLLECTION.test(segments[0]!) &&
    segments.every((segment, i) => i % 2 === 0 ? COLLECTION.test(segment) : segment !== "");
}

/** What `value` looks like when it looks like a secret, such as `JSON`; else `undefined`. */
function secretShape(value: string): string | undefined {
  const shape = SECRET_SHAPES.find(([pattern]) => pattern.test(value))?.[1];
  return shape === "base64 data" && isResourceName(value) ? undefined : shape;
}

/**
 * `value` with a URL's user name and password left out (`…@`), found as `new URL()` finds them:
 * `http:\\user:password@host`, `http:/user:password@host` and tab-split URLs included.
 */
function withoutCredentials(value: string): string {
  if (hasUserinfo(value)) {
    const url = new URL(value);
    return `${url.protocol}//…@${url.host}${url.pathname}${url.search}${url.hash}`;
  }
  return withoutUserinfo(value);
}

/**
 * `"value"` with JSON escapes, shortened to about 120 characters, a URL's `user:password@` left out
 * (`//…@`); for a value that looks like a secret, a description such as
 * `(a value that looks like JSON, 2313 characters, not shown)`. Resource names of up to 1,000
 * characters are shown whole.
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
 * const provider = "projects/my-project/locations/global/workloadIdentityPools/github/providers/my-repo";
 * assert.equal(quote(provider), JSON.stringify(provider));
 * assert.equal(quote("https://user:secret@sts.example/v1"), '"https://…@sts.example/v1"');
 * ```
 */
export function quote(value: string): string {
  const shape = secretShape(value);
  if (shape !== undefined) {
    return `(a value that looks like ${shape}, ${value.length} characters, not shown)`;
  }
  const safe = withoutCredentials(value);
  const whole = safe.length <= MAX_RESOURCE_NAME && isResourceName(value);
  const shown = whole || safe.length <= MAX_QUOTED ? safe : `${safe.slice(0, MAX_QUOTED)}…`;
  return JSON.stringify(shown);
}
