import assert from "node:assert/strict";
import { _redact, _redactAndTruncate } from "../../auth/_redact.ts";

Deno.test("_redact() removes JWTs, bearer credentials, Google tokens, keys and token fields", async (t) => {
  const rows: [string, string, string][] = [
    ["JWT", "token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl end", "token [REDACTED] end"],
    ["bearer", "Authorization: Bearer abc.def-123", "Authorization: Bearer [REDACTED]"],
    ["access token", "got ya29.a0AfH6SMB-x_y ok", "got [REDACTED] ok"],
    [
      "private key",
      "k=-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY----- done",
      "k=[REDACTED] done",
    ],
    ["unterminated private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIE", "[REDACTED]"],
    [
      "JSON token field",
      '{"access_token":"opaque-secret","x":1}',
      '{"access_token":"[REDACTED]","x":1}',
    ],
    ["JSON accessToken field", '{"accessToken" : "s3cr3t"}', '{"accessToken" : "[REDACTED]"}'],
  ];
  for (const [name, input, expected] of rows) {
    await t.step(name, () => assert.equal(_redact(input), expected));
  }
});

Deno.test("_redact() removes literal secrets of 8+ characters", () => {
  assert.equal(_redact("a opaque-request-token b", ["opaque-request-token"]), "a [REDACTED] b");
  assert.equal(_redact("short abc", ["abc"]), "short abc");
});

Deno.test("_redactAndTruncate() redacts before truncating", () => {
  const secret = "s".repeat(40);
  const text = `${"x".repeat(490)}${secret}`;
  const result = _redactAndTruncate(text, [secret], 500);
  assert.ok(!result.includes("ssssssssss"));
  assert.ok(result.length < 600);
});
