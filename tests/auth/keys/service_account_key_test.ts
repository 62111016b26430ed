import assert from "node:assert/strict";
import { CredentialsError } from "../../../auth/mod.ts";
import { parseServiceAccountKey } from "../../../auth/keys/mod.ts";
import { testKey } from "../../support/keys.ts";

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

Deno.test("parseServiceAccountKey() accepts raw JSON, base64, base64url and wrapped base64", async (t) => {
  const { key, json } = await testKey();
  const rows: [string, string][] = [
    ["raw", json],
    ["raw with whitespace", `\n  ${json}\n`],
    ["base64", btoa(json)],
    ["base64url unpadded", base64url(json)],
    ["base64 wrapped at 76 columns", btoa(json).replace(/(.{76})/g, "$1\n")],
  ];
  for (const [name, input] of rows) {
    await t.step(name, () => assert.deepEqual(parseServiceAccountKey(input), key));
  }
});

Deno.test("parseServiceAccountKey() keeps every field in order", () => {
  const input =
    '{"type":"service_account","z":1,"private_key_id":"k","private_key":"-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n","client_email":"a@b.c","universe_domain":"x.y"}';
  assert.equal(JSON.stringify(parseServiceAccountKey(input)), input);
});

Deno.test("parseServiceAccountKey() throws CredentialsError with a code and never echoes the key", async (t) => {
  const { key, json } = await testKey();
  const secretLine = key.private_key.split("\n")[5]!;
  const rows: [string, string, string, RegExp][] = [
    ["empty", "  \n ", "ERR_KEY_EMPTY", /the value is empty/],
    ["not JSON", `{${secretLine}`, "ERR_KEY_MALFORMED", /the value is not valid JSON/],
    ["truncated JSON", json.slice(0, 200), "ERR_KEY_MALFORMED", /not valid JSON/],
    [
      "base64 garbage",
      "bm90IGpzb24gYXQgYWxs",
      "ERR_KEY_MALFORMED",
      /base64 of text that is not a JSON object/,
    ],
    [
      "binary base64",
      btoa("\u00ff\u00fe\u0000\u0001"),
      "ERR_KEY_MALFORMED",
      /base64 of binary data/,
    ],
    ["neither", "this is: not base64!", "ERR_KEY_MALFORMED", /neither JSON .* nor base64/],
    ["bad base64 length", "abcde", "ERR_KEY_MALFORMED", /nor base64/],
    [
      "base64 of broken JSON",
      btoa(`{"private_key":"${secretLine}`),
      "ERR_KEY_MALFORMED",
      /decoded base64 is not valid JSON/,
    ],
    ["array", "[1,2]", "ERR_KEY_MALFORMED", /neither JSON/],
    [
      "inherited type",
      '{"__proto__":{"type":"service_account"}}',
      "ERR_KEY_UNSUPPORTED_TYPE",
      /missing/,
    ],
    [
      "external_account",
      '{"type":"external_account"}',
      "ERR_KEY_UNSUPPORTED_TYPE",
      /"type" is "external_account"/,
    ],
    ["no type", '{"private_key":"x"}', "ERR_KEY_UNSUPPORTED_TYPE", /"type" is missing/],
    [
      "authorized_user",
      btoa('{"type":"authorized_user"}'),
      "ERR_KEY_UNSUPPORTED_TYPE",
      /authorized_user/,
    ],
    [
      "missing fields",
      '{"type":"service_account","private_key":""}',
      "ERR_KEY_FIELD_MISSING",
      /missing or empty "client_email", "private_key", "private_key_id"/,
    ],
    [
      "a private_key_id that is not a string",
      JSON.stringify({ ...key, private_key_id: 12 }),
      "ERR_KEY_FIELD_INVALID",
      /"private_key_id" is not a string/,
    ],
    [
      "PKCS #1 key",
      json.replaceAll("PRIVATE KEY", "RSA PRIVATE KEY"),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" is PKCS #1 .*`openssl pkcs8 -topk8 -nocrypt -in key\.pem`/,
    ],
    [
      "a PEM cut short before its END line",
      JSON.stringify({ ...key, private_key: key.private_key.slice(0, 900) }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" has no END PRIVATE KEY line: it was cut short .*; use the whole key file/,
    ],
    [
      "a PEM without its END line",
      JSON.stringify({ ...key, private_key: key.private_key.replace("-----END", "") }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" has no END PRIVATE KEY line/,
    ],
    [
      "a PEM on one line (its line breaks lost)",
      JSON.stringify({ ...key, private_key: key.private_key.replace(/\n/g, "") }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" has lost its line breaks: .*; pass the key file as downloaded, or its base64$/,
    ],
    [
      "a PEM whose line breaks became spaces",
      JSON.stringify({ ...key, private_key: key.private_key.replace(/\n/g, " ") }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" has lost its line breaks: /,
    ],
    [
      "a PEM whose line breaks are the two characters \\n",
      JSON.stringify({ ...key, private_key: key.private_key.replace(/\n/g, "\\n") }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" has lost its line breaks \(it holds `\\n` as two characters\): /,
    ],
    [
      "a PEM whose END line was joined to the body",
      JSON.stringify({ ...key, private_key: key.private_key.replace("\n-----END", "-----END") }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" has lost its line breaks: /,
    ],
    [
      "a PEM after other text (the signers need it first)",
      JSON.stringify({ ...key, private_key: `\n${key.private_key}` }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" is not a PEM PKCS #8 key/,
    ],
    [
      "not a PEM key",
      JSON.stringify({ ...key, private_key: secretLine }),
      "ERR_KEY_PRIVATE_KEY_INVALID",
      /"private_key" is not a PEM PKCS #8 key/,
    ],
  ];
  for (const [name, input, code, message] of rows) {
    await t.step(name, () => {
      assert.throws(() => parseServiceAccountKey(input), (error) => {
        assert.ok(error instanceof CredentialsError);
        assert.equal(error.code, code);
        assert.equal(error.option, "credentialsJson");
        assert.match(error.message, message);
        assert.equal(error.cause, undefined);
        assert.ok(!error.message.includes(secretLine));
        assert.ok(!error.message.includes("MII"));
        return true;
      });
    });
  }
});

Deno.test("parseServiceAccountKey() refuses a non-string as ERR_KEY_MALFORMED", () => {
  assert.throws(() => parseServiceAccountKey(42 as unknown as string), {
    name: "CredentialsError",
    code: "ERR_KEY_MALFORMED",
    message: "Cannot parse service account key JSON: expected a string, got number",
  });
});
