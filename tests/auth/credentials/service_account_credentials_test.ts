// serviceAccountCredentials(): the same credentials as credentialsFromJson() makes of a key (the
// same requests to the emulator, tokens for the same account, the same signature), every other
// type refused before any call, and a Worker bundle that holds the key's code only.
import assert from "node:assert/strict";
import { createRemoteJWKSet, jwtVerify } from "jose";
import {
  type Credentials,
  credentialsFromJson,
  serviceAccountCredentials,
  type ServiceAccountKey,
} from "../../../auth/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import { NO_CALL } from "../../support/fake_fetch.ts";
import { consumerBundle, kb } from "../../../tools/credentials_bundles.ts";
import { testKey } from "../../support/keys.ts";
import * as esbuild from "esbuild";

const AUDIENCE = "https://service.example.run.app";

/** The token requests among `requests`, without what differs by mint (the assertion's times). */
function requestShapes(requests: readonly { method: string; path: string; body: string }[]) {
  // The JWKS the ID token is verified with is fetched once, by the first round only.
  return requests.filter(({ method }) => method === "POST").map(({ method, path, body }) => {
    const form = new URLSearchParams(body);
    const assertion = form.get("assertion");
    const claims = assertion === null ? {} : JSON.parse(atob(assertion.split(".")[1]!));
    const { iat: _iat, exp: _exp, ...stable } = claims;
    return { method, path, fields: [...form.keys()].sort(), claims: stable };
  });
}

Deno.test("serviceAccountCredentials() makes what credentialsFromJson() makes of a key, against the emulator", async () => {
  await using emulator = await startEmulator();
  const jwks = createRemoteJWKSet(new URL(emulator.googleCertsUrl));
  const json = await emulator.serviceAccountKey();
  const made: [string, Credentials][] = [
    ["credentialsFromJson", credentialsFromJson(json)],
    ["serviceAccountCredentials, JSON text", serviceAccountCredentials(json)],
    ["serviceAccountCredentials, object", serviceAccountCredentials(JSON.parse(json))],
  ];
  const seen = [];
  for (const [name, credentials] of made) {
    const from = emulator.requests.length;
    const [access, id] = [
      await credentials.getAccessToken(),
      await credentials.getIdToken(AUDIENCE),
    ];
    assert.equal(emulator.tokenInfo(access.token)?.principal, emulator.serviceAccount, name);
    const { payload } = await jwtVerify(id.token, jwks, { audience: AUDIENCE });
    assert.equal(payload.email, emulator.serviceAccount, name);
    const signature = await credentials.sign("bytes to sign");
    const { type, projectId, universeDomain, quotaProjectId, serviceAccountEmail } = credentials;
    seen.push({
      facts: { type, projectId, universeDomain, quotaProjectId, serviceAccountEmail },
      requests: requestShapes(emulator.requests.slice(from)),
      signature: [...signature],
    });
  }
  assert.equal(seen[0]!.requests.length, 2);
  assert.deepEqual(seen[1], seen[0]);
  assert.deepEqual(seen[2], seen[0]);
});

Deno.test("serviceAccountCredentials() refuses every other type with ERR_CREDENTIALS_WRONG_TYPE, before any call", () => {
  const others = [
    { type: "authorized_user", client_id: "c", client_secret: "s", refresh_token: "r" },
    {
      type: "external_account",
      audience:
        "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
      subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
      credential_source: { file: "/etc/passwd" },
    },
    { type: "impersonated_service_account", source_credentials: {} },
    { type: "external_account_authorized_user", audience: "a", refresh_token: "r" },
    { type: "metadata_server" },
    { type: "made_up" },
  ];
  for (const other of others) {
    for (const given of [other, JSON.stringify(other)]) {
      assert.throws(
        () => serviceAccountCredentials(given as ServiceAccountKey, { fetch: NO_CALL }),
        {
          name: "CredentialsError",
          code: "ERR_CREDENTIALS_WRONG_TYPE",
          message:
            `Cannot use credentials JSON (credentials): "type" is "${other.type}", and serviceAccountCredentials() makes service_account credentials only`,
          hint: /credentialsFromJson\(\) takes every type/,
        },
        other.type,
      );
    }
  }
});

Deno.test("serviceAccountCredentials() reports a bad key as credentialsFromJson() does", async () => {
  const { key } = await testKey();
  const { type: _type, ...withoutType } = key;
  const cases: [string, unknown, string][] = [
    ["not JSON", "{", "ERR_CREDENTIALS_MALFORMED"],
    ["no type", withoutType, "ERR_CREDENTIALS_MALFORMED"],
    ["a type that is not a string", { ...key, type: 1 }, "ERR_CREDENTIALS_FIELD_INVALID"],
    ["no private_key", { ...key, private_key: "" }, "ERR_KEY_FIELD_MISSING"],
    [
      "a PKCS #1 key",
      { ...key, private_key: "-----BEGIN RSA PRIVATE KEY-----\nMII" },
      "ERR_KEY_PRIVATE_KEY_INVALID",
    ],
    [
      "a token_uri with a password",
      { ...key, token_uri: "https://u:p@x.example/t" },
      "ERR_CREDENTIALS_URL_USERINFO",
    ],
  ];
  for (const [name, given, code] of cases) {
    const error = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return error as Error & { code: string };
      }
      assert.fail(`${name}: accepted`);
    };
    const ours = error(() => serviceAccountCredentials(given as ServiceAccountKey));
    const generic = error(() => credentialsFromJson(given as object));
    assert.equal(ours.code, code, name);
    assert.deepEqual([ours.code, ours.message], [generic.code, generic.message], name);
    assert.ok(!ours.message.includes("MII"), name);
  }
});

Deno.test("serviceAccountCredentials() reads its options once, own properties only", async () => {
  const { key } = await testKey();
  const stolen: unknown[] = [];
  const polluted = {
    fetch: () => (stolen.push("fetch"), Promise.resolve(Response.json({}))),
    scopes: ["https://attacker.example/scope"],
    log: { debug: (line: string) => stolen.push(line), info: () => {} },
    requestReason: "pwned",
    universe: "attacker.example",
  };
  for (const [name, value] of Object.entries(polluted)) {
    Object.defineProperty(Object.prototype, name, { value, configurable: true, writable: true });
  }
  const forms: URLSearchParams[] = [];
  try {
    const credentials = serviceAccountCredentials(key, {
      fetch: (url, init) => {
        assert.equal(String(url), "https://oauth2.googleapis.com/token");
        assert.equal(new Headers(init?.headers).get("x-goog-request-reason"), null);
        forms.push(new URLSearchParams(String(init?.body)));
        return Promise.resolve(Response.json({ access_token: "ya29.key", expires_in: 3600 }));
      },
    });
    assert.equal((await credentials.getAccessToken()).token, "ya29.key");
    assert.equal(credentials.universeDomain, "googleapis.com");
  } finally {
    for (const name of Object.keys(polluted)) {
      delete (Object.prototype as Record<string, unknown>)[name];
    }
  }
  assert.deepEqual(stolen, []);
  const claims = JSON.parse(atob(forms[0]!.get("assertion")!.split(".")[1]!));
  assert.equal(claims.scope, "https://www.googleapis.com/auth/cloud-platform");
});

Deno.test("a Worker that signs in with a key through serviceAccountCredentials() bundles to at most 30 KB, with no other source", async () => {
  try {
    const key = await consumerBundle("serviceAccountCredentials");
    assert.ok(
      key.bytes <= 30 * 1024,
      `${kb(key.bytes)}: ${JSON.stringify(key.modules.slice(0, 8))}`,
    );
    // What only the other sources, ADC, the route templates and jose carry: a module of them may
    // leave a constant behind (esbuild keeps `1 << 20`), never its code.
    const others =
      /_sources\/(aws|executable|subject_token|external_account|metadata_server|authorized_user|impersonat)|load_credentials|credentials_from_json|endpoint\/_template|\/jose\//;
    const carried = key.modules.filter(([path, bytes]) => others.test(path) && bytes > 32);
    assert.deepEqual(carried, []);
    // The generic loader still carries every source: the constructor is what makes the difference.
    const generic = await consumerBundle("credentialsFromJson");
    assert.ok(generic.bytes > 2 * key.bytes, `${kb(generic.bytes)} against ${kb(key.bytes)}`);
    // Code of the other sources and of ADC, found in a bundle of loadCredentials() and not in
    // the key's.
    const every = await consumerBundle("loadCredentials");
    const texts = [
      "GOOGLE_EXTERNAL_ACCOUNT_TOKEN_TYPE",
      "AWS4-HMAC-SHA256",
      "token-exchange",
      "computeMetadata",
      "application_default_credentials.json",
    ];
    for (const text of texts) {
      assert.ok(every.code.includes(text) && !key.code.includes(text), text);
    }
  } finally {
    await esbuild.stop();
  }
});

Deno.test("a key's universe_domain is compared as a domain name: any case is Google's, a non-domain is refused", async () => {
  const { key } = await testKey();
  const forms: URLSearchParams[] = [];
  const credentials = credentialsFromJson({ ...key, universe_domain: " GoogleAPIs.com " }, {
    fetch: (_url, init) => {
      forms.push(new URLSearchParams(String(init?.body)));
      return Promise.resolve(Response.json({ access_token: "ya29.key", expires_in: 3600 }));
    },
  });
  assert.equal(credentials.universeDomain, "googleapis.com");
  // Google's universe: a token exchange, not a self-signed JWT used as the bearer.
  assert.equal((await credentials.getAccessToken()).token, "ya29.key");
  assert.equal(forms[0]?.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
  assert.throws(
    () => credentialsFromJson({ ...key, universe_domain: "not a domain" }, { fetch: NO_CALL }),
    {
      code: "ERR_CREDENTIALS_FIELD_INVALID",
      message: /"universe_domain" is "not a domain", not a domain name/,
    },
  );
});
