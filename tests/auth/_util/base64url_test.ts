import assert from "node:assert/strict";
import { base64url, decodeJwt } from "jose";
import { base64urlDecode, base64urlEncode } from "../../../auth/_util/base64url.ts";
import { jwtClaims, jwtExpiry } from "../../../auth/_util/jwt_decode.ts";

Deno.test("base64urlEncode agrees with jose's base64url on strings and random bytes", () => {
  for (const text of ["", "a", "ab", "abc", '{"alg":"RS256"}', "ü€😀 \u{10FFFF}"]) {
    assert.equal(base64urlEncode(text), base64url.encode(text), text);
  }
  for (let length = 0; length < 300; length += 7) {
    const bytes = crypto.getRandomValues(new Uint8Array(length));
    const encoded = base64urlEncode(bytes);
    assert.equal(encoded, base64url.encode(bytes));
    assert.deepEqual(base64urlDecode(encoded), bytes);
  }
  // Around the 8 KiB chunk the encoder takes bytes in.
  for (const length of [0x1fff, 0x2000, 0x2001, 0x4000 + 3]) {
    const bytes = crypto.getRandomValues(new Uint8Array(length));
    assert.equal(base64urlEncode(bytes), base64url.encode(bytes), String(length));
  }
});

Deno.test("base64urlDecode refuses the base64 alphabet, stray characters and bad lengths", () => {
  for (const text of ["ab+c", "ab/c", "a b", "ab.c", "abcde", "a=bc"]) {
    assert.throws(() => base64urlDecode(text), text);
  }
  assert.deepEqual(base64urlDecode("-_8="), Uint8Array.of(0xfb, 0xff));
});

Deno.test("jwtClaims reads what jose's decodeJwt reads and nothing it refuses", () => {
  const part = (value: unknown) => base64url.encode(JSON.stringify(value));
  const header = part({ alg: "none" });
  const tokens = [
    `${header}.${part({ exp: 1700000000, sub: "s" })}.sig`,
    `${header}.${part({ name: "ü€" })}.`,
    `${header}.${part([1, 2])}.sig`,
    `${header}.${part("text")}.sig`,
    `${header}.${part(null)}.sig`,
    `${header}..sig`,
    `${header}.${part({})}`,
    `${header}.${part({})}.a.b`,
    `${header}.${part({})}.a.b.c`,
    `${header}.${base64url.encode(Uint8Array.of(0x7b, 0xff, 0x7d))}.sig`,
    `${header}.${base64url.encode("{not json")}.sig`,
    `${header}.${part({ a: 1 }).replace(/.$/, "+")}.sig`,
    "not a jwt",
  ];
  for (const token of tokens) {
    let expected: unknown;
    try {
      expected = decodeJwt(token);
    } catch {
      expected = undefined;
    }
    assert.deepEqual(jwtClaims(token), expected, token);
  }
  assert.deepEqual(jwtExpiry(tokens[0]!), new Date(1700000000 * 1000));
  assert.equal(jwtExpiry(`${header}.${part({ exp: "soon" })}.sig`), undefined);
});
