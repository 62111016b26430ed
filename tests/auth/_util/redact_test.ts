import assert from "node:assert/strict";
import { redactAndTruncate, redactSecrets } from "../../../auth/_util/redact.ts";
import { assertLinear } from "../../support/linear_time.ts";
import { base64, base64url, hex } from "../../support/token_encodings.ts";

Deno.test("redactSecrets() removes JWTs, bearer credentials, Google tokens, keys and token fields", async (t) => {
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
    ...[
      "refresh_token",
      "refreshToken",
      "client_secret",
      "clientSecret",
      "id_token",
      "idToken",
      "private_key",
      "privateKey",
      "subject_token",
      "subjectToken",
      "token",
      "signedJwt",
      "assertion",
      "value",
      "SecretAccessKey",
      "secretAccessKey",
      "aws_secret_access_key",
      "Token",
      "SessionToken",
      "sessionToken",
      "aws_session_token",
    ].map((field): [string, string, string] => [
      `JSON ${field} field`,
      `{"${field}":"opaque-s3cr3t","n":1}`,
      `{"${field}":"[REDACTED]","n":1}`,
    ]),
    [
      "AWS signature",
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/sts/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/sts/aws4_request, SignedHeaders=host;x-amz-date, Signature=[REDACTED]",
    ],
  ];
  for (const [name, input, expected] of rows) {
    await t.step(name, () => assert.equal(redactSecrets(input), expected));
  }
  // The field list is written once for both spellings: other names and mixed forms are kept.
  for (
    const field of [
      "access_Token",
      "accesstoken",
      "tokens",
      "client_Secret",
      "email",
      "AccessKeyId",
    ]
  ) {
    assert.equal(redactSecrets(`{"${field}":"kept"}`), `{"${field}":"kept"}`, field);
  }
});

Deno.test("redactSecrets() removes literal secrets of 8+ characters", () => {
  assert.equal(
    redactSecrets("a opaque-request-token b", ["opaque-request-token"]),
    "a [REDACTED] b",
  );
  assert.equal(redactSecrets("short abc", ["abc"]), "short abc");
});

Deno.test("redactSecrets() keeps a JWT preceded by other token characters out", () => {
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
  assert.equal(redactSecrets(`id-${jwt} and x${jwt}.`), "id-[REDACTED] and x[REDACTED]");
  assert.equal(redactSecrets("eyJ-eyJ-eyJ- and eyJonly.one"), "eyJ-eyJ-eyJ- and eyJonly.one");
});

Deno.test("redactSecrets() and redactAndTruncate() take linear time on hostile bodies", async (t) => {
  const hostile: Record<string, (size: number) => string> = {
    '"eyJ-" repeated (a JWT regex restarting at every eyJ is quadratic)': (size) =>
      "eyJ-".repeat(size / 4),
    '"eyJa." repeated': (size) => "eyJa.".repeat(size / 5),
    "an unterminated token field": (size) => `{"access_token":"${"a".repeat(size)}`,
    "Bearer and spaces": (size) => `Bearer${" ".repeat(size)}`,
    "an unterminated private key": (size) =>
      `-----BEGIN PRIVATE KEY-----\n${"-----END ".repeat(size / 9)}`,
  };
  for (const [name, make] of Object.entries(hostile)) {
    await t.step(
      `redactSecrets(): ${name}`,
      () => assertLinear((size) => () => redactSecrets(make(size))),
    );
    await t.step(`redactAndTruncate(): ${name}`, () => {
      const secrets = ["literal-secret"];
      assertLinear((size) => () => redactAndTruncate(make(size), secrets));
      const result = redactAndTruncate(make(256 * 1024), secrets);
      assert.ok(result.length <= 600, `${result.length} characters`);
    });
  }
});

Deno.test("redactAndTruncate() shortens to about max characters and says how much it left out", () => {
  const result = redactAndTruncate(`${"word ".repeat(400)}`, [], 100);
  assert.equal(result, `${"word ".repeat(20)}… (1900 more characters)`);
  assert.equal(redactAndTruncate("short", [], 100), "short");
});

Deno.test("redactAndTruncate() never keeps part of a secret that crosses the cut", async (t) => {
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
  const literal = "opaque refresh token with spaces";
  const rows: [string, string, string[], RegExp][] = [
    ["a JWT", jwt, [], /eyJ|c2ln/],
    ["a Google access token", "ya29.a0AfH6SMB-x_y_zzzzzzzzzzzzzzzz", [], /ya29|a0Af/],
    ["a literal secret with spaces", literal, [literal], /opaque|refresh/],
    ["a JSON token field", '{"access_token":"abc def ghi jkl mno"}', [], /abc|def/],
    [
      "a private key",
      "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----",
      [],
      /MIIE|BKcw/,
    ],
  ];
  for (const [name, secret, secrets, part] of rows) {
    await t.step(name, () => {
      for (let offset = 1; offset < Math.min(secret.length, 100); offset++) {
        const text = `${"x ".repeat(50 - offset / 2)}${" ".repeat(offset % 2)}${secret} tail`;
        const cut = 100 - offset;
        assert.equal(text.indexOf(secret), cut, "the secret starts before the cut");
        const result = redactAndTruncate(text, secrets, 100);
        assert.doesNotMatch(result, part, `cut ${offset} characters into it: ${result}`);
      }
    });
  }
});

Deno.test("redactSecrets() removes a literal secret in every encoding a server may echo", async (t) => {
  const secret = "1//0gRefresh+Token/with spaces&=*'!~é";
  const encodings: [string, string][] = [
    ["raw", secret],
    ["percent-encoded", encodeURIComponent(secret)],
    [
      "percent-encoded, lower-case hex",
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    ],
    ["form-encoded", new URLSearchParams({ refresh_token: secret }).toString().split("=")[1]!],
    ["JSON-encoded", JSON.stringify(secret).slice(1, -1)],
    [
      "JSON-encoded with escaped slashes",
      JSON.stringify(secret).slice(1, -1).replaceAll("/", "\\/"),
    ],
  ];
  for (const [name, encoded] of encodings) {
    await t.step(name, () => {
      const text = `echo: grant_type=refresh_token&refresh_token=${encoded}&x=1`;
      assert.equal(
        redactSecrets(text, [secret]),
        "echo: grant_type=refresh_token&refresh_token=[REDACTED]&x=1",
      );
      // Cut in the middle of the encoded secret: no part of it is kept.
      const cut = redactAndTruncate(text, [secret], text.indexOf(encoded) + 5);
      assert.ok(!cut.includes(encoded.slice(0, 5)), cut);
    });
  }
});

Deno.test("redactSecrets() removes a secret echoed as base64, base64url or hex, alone or inside an encoded body", async (t) => {
  const secret = "1//0gRefresh+Token/with spaces&=*'!~é";
  for (
    const [name, encode] of [["base64", base64], ["base64url", base64url], ["hex", hex]] as const
  ) {
    await t.step(`${name} of the secret alone`, () => {
      const text = `echo: ${encode(secret)} end`;
      assert.equal(redactSecrets(text, [secret]), "echo: [REDACTED] end");
    });
    await t.step(`${name} of the secret inside a longer body, at each byte alignment`, () => {
      for (const before of ["", "a", "ab", "abc", "refresh_token="]) {
        const encoded = encode(`${before}${secret}&client_id=x`);
        const redacted = redactSecrets(`body: ${encoded}`, [secret]);
        assert.match(redacted, /\[REDACTED\]/, `${before}: ${redacted}`);
        // What is left of the encoded secret is at most a few characters of its edges.
        const inner = encode(secret).replace(/=+$/, "").slice(4, -4);
        assert.ok(!redacted.includes(inner.slice(0, 8)), redacted);
      }
    });
  }
  await t.step("upper-case hex and percent-encoded base64", () => {
    assert.equal(redactSecrets(hex(secret).toUpperCase(), [secret]), "[REDACTED]");
    assert.equal(redactSecrets(encodeURIComponent(base64(secret)), [secret]), "[REDACTED]");
  });
});

Deno.test("redactSecrets() removes the bare credential of a Basic or Bearer value it is given", () => {
  const credential = base64("client-id:client-secret-value");
  for (const scheme of ["Basic", "Bearer"]) {
    assert.equal(
      redactSecrets(`the server echoed ${credential} alone`, [`${scheme} ${credential}`]),
      "the server echoed [REDACTED] alone",
    );
  }
});

Deno.test("redactSecrets() leaves out a URL's user name and password, in any spelling", () => {
  assert.equal(
    redactSecrets("at http:\\\\svc:p4ss@host/x and http:/u:p@h, keep sa@p.iam.gserviceaccount.com"),
    "at http:\\\\…@host/x and http:/…@h, keep sa@p.iam.gserviceaccount.com",
  );
});

Deno.test("redactSecrets() sees a secret added to a list it has redacted with before", () => {
  const secrets = ["first-secret-value"];
  assert.equal(redactSecrets("first-secret-value", secrets), "[REDACTED]");
  secrets.push("second-secret-value");
  assert.equal(redactSecrets("second-secret-value", secrets), "[REDACTED]");
  secrets[0] = "third-secret-value";
  assert.equal(redactSecrets("third-secret-value", secrets), "[REDACTED]");
});
