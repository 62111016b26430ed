// The emulated OAuth2 token endpoint: the JWT bearer grant with a user-managed key or a signJwt
// signature, Google's rejections (grant type, payload shape, signature, audience, lifetime,
// scope) and domain-wide delegation scopes.
import assert from "node:assert/strict";
import { base64url, importPKCS8, SignJWT } from "jose";
import { federatedToken, iam, jwtBearer, withEmulator } from "../../../tools/emulator_calls.ts";
import type { Emulator } from "../../../emulator/mod.ts";

const AUD = "https://oauth2.googleapis.com/token";
const GMAIL = "https://www.googleapis.com/auth/gmail.readonly";

/** One user-managed key per emulator for its assertions (each new key costs an RSA key pair). */
const KEYS = new WeakMap<Emulator, Promise<string>>();

async function assertion(
  emulator: Emulator,
  claims: Record<string, unknown>,
  lifetime = 3600,
): Promise<string> {
  if (!KEYS.has(emulator)) KEYS.set(emulator, emulator.serviceAccountKey());
  const key = JSON.parse(await KEYS.get(emulator)!);
  const iat = Math.floor(Date.now() / 1000);
  return await new SignJWT({
    iss: key.client_email,
    aud: AUD,
    scope: GMAIL,
    iat,
    exp: iat + lifetime,
    ...claims,
  }).setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.private_key_id })
    .sign(await importPKCS8(key.private_key, "RS256"));
}

Deno.test("startEmulator() OAuth2 issues a delegated token for a key-signed assertion with sub", async () => {
  await withEmulator({}, async (emulator) => {
    const { status, json } = await jwtBearer(
      emulator,
      await assertion(emulator, { sub: "admin@example.com" }),
    );
    assert.equal(status, 200);
    assert.equal(json.token_type, "Bearer");
    assert.equal(json.expires_in, 3599);
    const info = emulator.tokenInfo(json.access_token)!;
    assert.equal(info.kind, "delegated");
    assert.equal(info.subject, "admin@example.com");
    assert.deepEqual(info.scopes, [GMAIL]);
  });
});

Deno.test("startEmulator() OAuth2 accepts an assertion signed by signJwt (WIF delegation)", async () => {
  await withEmulator({}, async (emulator) => {
    const iat = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      iss: emulator.serviceAccount,
      sub: "user@example.com",
      aud: AUD,
      scope: GMAIL,
      iat,
      exp: iat + 3600,
    });
    const signed = await iam(
      emulator,
      emulator.serviceAccount,
      "signJwt",
      { payload },
      await federatedToken(emulator),
    );
    const { status, json } = await jwtBearer(emulator, signed.json.signedJwt);
    assert.equal(status, 200);
    assert.equal(emulator.tokenInfo(json.access_token)?.subject, "user@example.com");
  });
});

Deno.test("startEmulator() OAuth2 rejects bad grants with Google's errors", async (t) => {
  await withEmulator({}, async (emulator) => {
    const key = JSON.parse(await emulator.serviceAccountKey());
    const privateKey = await importPKCS8(key.private_key, "RS256");
    const header = { alg: "RS256", typ: "JWT", kid: key.private_key_id };
    const b64 = (value: unknown) => base64url.encode(JSON.stringify(value));
    const iat = Math.floor(Date.now() / 1000);
    const claims = {
      iss: key.client_email,
      sub: "u@example.com",
      aud: AUD,
      scope: GMAIL,
      iat,
      exp: iat + 3600,
    };
    // The defect of google-github-actions/auth in key mode: the claims JSON encoded twice.
    const input = `${b64(header)}.${b64(JSON.stringify(claims))}`;
    const signature = new Uint8Array(
      await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, new TextEncoder().encode(input)),
    );
    const doubleEncoded = `${input}.${base64url.encode(signature)}`;
    const cases: [string, () => Promise<string>, string, RegExp][] = [
      [
        "double-encoded payload",
        () => Promise.resolve(doubleEncoded),
        "invalid_grant",
        /Invalid JWT/,
      ],
      [
        "audience",
        () => assertion(emulator, { aud: "https://oauth2.example/token" }),
        "invalid_grant",
        /audience/,
      ],
      ["lifetime over 1 hour", () => assertion(emulator, {}, 7200), "invalid_grant", /short-lived/],
      [
        "expired an hour ago",
        () => assertion(emulator, { iat: iat - 7200, exp: iat - 3600 }),
        "invalid_grant",
        /short-lived/,
      ],
      ["no scope", () => assertion(emulator, { scope: "" }), "invalid_scope", /scope/],
      [
        "unknown issuer",
        () => assertion(emulator, { iss: "ghost@x.iam.gserviceaccount.com" }),
        "invalid_grant",
        /Signature/,
      ],
    ];
    for (const [name, make, error, description] of cases) {
      await t.step(name, async () => {
        const answer = await jwtBearer(emulator, await make());
        assert.equal(answer.status, 400);
        assert.equal(answer.json.error, error);
        assert.match(answer.json.error_description, description);
      });
    }
    await t.step("grant type", async () => {
      const answer = await jwtBearer(emulator, await assertion(emulator, {}), "client_credentials");
      assert.equal(answer.json.error, "unsupported_grant_type");
    });
  });
});

Deno.test("startEmulator() OAuth2 checks the assertion's times on the emulator's clock", async () => {
  const now = Date.UTC(2020, 0, 1, 12);
  await withEmulator({ now: () => now }, async (emulator) => {
    const iat = Math.floor(now / 1000);
    const answer = await jwtBearer(emulator, await assertion(emulator, { iat, exp: iat + 3600 }));
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    assert.equal(emulator.tokenInfo(answer.json.access_token)?.expiresAt.getTime(), now + 3600_000);
  });
});

Deno.test("startEmulator() OAuth2 delegation is limited to the scopes the admin authorized", async () => {
  await withEmulator({
    domainWideDelegation: { "ci@emulated-project.iam.gserviceaccount.com": [GMAIL] },
  }, async (emulator) => {
    const allowed = await jwtBearer(emulator, await assertion(emulator, { sub: "u@example.com" }));
    assert.equal(allowed.status, 200);
    const denied = await jwtBearer(
      emulator,
      await assertion(emulator, {
        sub: "u@example.com",
        scope: `${GMAIL} https://www.googleapis.com/auth/drive`,
      }),
    );
    assert.equal(denied.status, 401);
    assert.equal(denied.json.error, "unauthorized_client");
  });
});
