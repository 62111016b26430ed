// verifyIdToken(): accepts the emulator's ID tokens from every minting path, and refuses each
// kind of bad token with the code of the check it failed, never echoing the token. Keys are
// served by the emulator or by a fake fetch that counts its calls.
import assert from "node:assert/strict";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import {
  authenticate,
  AuthError,
  credentialsFromJson,
  loadCredentials,
} from "../../../auth/mod.ts";
import { verifyIdToken } from "../../../auth/verify/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";

const AUDIENCE = "https://service.example.run.app";
const CERTS = "https://www.googleapis.com/oauth2/v3/certs";
const NOW = 1_900_000_000_000;

/**
 * A key pair published by a fake fetch of Google's certs URL, and the count of fetches; the keys
 * are sent with `Cache-Control: public, max-age=<maxAge>`, or the given Cache-Control when a
 * string, or none when null.
 */
async function fakeGoogle(maxAge: number | string | null = 3600) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const published = [{ ...await exportJWK(publicKey), kid: "k1", alg: "RS256", use: "sig" }];
  const state = { fetches: 0, published, publicKey };
  const fetch = (url: Request | URL | string) => {
    state.fetches++;
    assert.equal(String(url), CERTS);
    return Promise.resolve(
      Response.json({ keys: state.published }, {
        headers: maxAge === null
          ? {}
          : { "cache-control": typeof maxAge === "string" ? maxAge : `public, max-age=${maxAge}` },
      }),
    );
  };
  const sign = (claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
    new SignJWT({
      iss: "https://accounts.google.com",
      aud: AUDIENCE,
      sub: "1234",
      iat: NOW / 1000,
      exp: NOW / 1000 + 3600,
      ...claims,
    }).setProtectedHeader({ alg: "RS256", kid: "k1", ...header }).sign(privateKey);
  return { state, fetch, sign };
}

function refused(code: string, token: string) {
  return (error: unknown) => {
    assert.ok(error instanceof AuthError, String(error));
    assert.equal(error.code, code, error.message);
    assert.ok(!error.message.includes(token) && !error.hint.includes(token));
    return true;
  };
}

Deno.test("verifyIdToken accepts the emulator's ID tokens from every minting path", async (t) => {
  await using emulator = await startEmulator();
  const verify = (token: string) =>
    verifyIdToken(token, { audience: [AUDIENCE, "other"], certsUrl: emulator.googleCertsUrl });
  const paths: [string, () => Promise<string>][] = [
    [
      "service_account key (OAuth2 jwt-bearer)",
      async () =>
        (await credentialsFromJson(await emulator.serviceAccountKey()).getIdToken(AUDIENCE)).token,
    ],
    [
      "impersonated_service_account (generateIdToken)",
      async () =>
        (await credentialsFromJson(await emulator.impersonatedServiceAccount()).getIdToken(
          AUDIENCE,
        ))
          .token,
    ],
    [
      "metadata server (identity)",
      async () =>
        (await (await loadCredentials({ env: { GCE_METADATA_HOST: emulator.metadataHost } }))
          .getIdToken(AUDIENCE)).token,
    ],
    ["the step (WIF + service account)", async () =>
      (await authenticate({
        workloadIdentityProvider: emulator.provider,
        serviceAccount: emulator.serviceAccount,
        oidcRequest: emulator.oidcRequest,
        endpoints: emulator.endpoints,
        tokenFormat: "id_token",
        idTokenAudience: AUDIENCE,
        idTokenIncludeEmail: true,
      })).idToken!],
  ];
  for (const [name, mint] of paths) {
    await t.step(name, async () => {
      const claims = await verify(await mint());
      assert.equal(claims.aud, AUDIENCE);
      assert.equal(claims.iss, "https://accounts.google.com");
    });
  }
  await t.step("email is checked when asked", async () => {
    const token = (await credentialsFromJson(await emulator.impersonatedServiceAccount())
      .getIdToken(AUDIENCE, { includeEmail: true })).token;
    const options = { audience: AUDIENCE, certsUrl: emulator.googleCertsUrl };
    assert.equal(
      (await verifyIdToken(token, { ...options, email: emulator.serviceAccount })).email,
      emulator.serviceAccount,
    );
    await assert.rejects(
      verifyIdToken(token, { ...options, email: "someone@example.com" }),
      refused("ERR_TOKEN_CLAIM_MISMATCH", token),
    );
    await assert.rejects(
      verifyIdToken(token, { ...options, hd: "example.com" }),
      refused("ERR_TOKEN_CLAIM_MISMATCH", token),
    );
  });
});

Deno.test("verifyIdToken refuses bad tokens with the code of the failed check", async (t) => {
  const google = await fakeGoogle(86_400);
  const options = { audience: AUDIENCE, fetch: google.fetch, now: () => NOW };
  const good = await google.sign();
  assert.equal((await verifyIdToken(good, options)).sub, "1234");
  const cases: [string, () => Promise<string>, string, object?][] = [
    [
      "a bad signature",
      () => Promise.resolve(`${good.slice(0, -4)}AAAA`),
      "ERR_TOKEN_SIGNATURE_INVALID",
    ],
    [
      "another audience",
      () => google.sign({ aud: "https://elsewhere" }),
      "ERR_TOKEN_AUDIENCE_MISMATCH",
    ],
    [
      "another issuer",
      () => google.sign({ iss: "https://evil.example" }),
      "ERR_TOKEN_ISSUER_MISMATCH",
    ],
    ["expired beyond the skew", () => Promise.resolve(good), "ERR_TOKEN_EXPIRED", {
      now: () => NOW + 3_601_000 + 300_000,
    }],
    ["not yet valid", () => google.sign({ nbf: NOW / 1000 + 301 }), "ERR_TOKEN_NOT_YET_VALID"],
    // google-auth-library 11.3.4 and Python google-auth: "Token used too early".
    [
      "issued 2 h in the future (no nbf, as Google's tokens have none)",
      () => google.sign({ iat: NOW / 1000 + 7200, exp: NOW / 1000 + 10_800 }),
      "ERR_TOKEN_USED_TOO_EARLY",
    ],
    [
      "issued 10 years in the future",
      () => google.sign({ iat: NOW / 1000 + 315_360_000, exp: NOW / 1000 + 315_363_600 }),
      "ERR_TOKEN_USED_TOO_EARLY",
    ],
    [
      "issued just past the 300 s skew",
      () => google.sign({ iat: NOW / 1000 + 301 }),
      "ERR_TOKEN_USED_TOO_EARLY",
    ],
    // google-auth-library's maxExpiry: a day.
    [
      "a 10-year lifetime",
      () => google.sign({ exp: NOW / 1000 + 315_360_000 }),
      "ERR_TOKEN_LIFETIME_TOO_LONG",
    ],
    [
      "a lifetime of a day and a second, issued long ago",
      () => google.sign({ iat: NOW / 1000 - 86_000, exp: NOW / 1000 + 401 }),
      "ERR_TOKEN_LIFETIME_TOO_LONG",
    ],
    ["alg none", () => {
      const [, payload] = good.split(".");
      return Promise.resolve(`${btoa('{"alg":"none"}').replace(/=+$/, "")}.${payload}.`);
    }, "ERR_TOKEN_ALGORITHM"],
    ["HS256 signed with the public key", async () => {
      const secret = new TextEncoder().encode(JSON.stringify(google.state.published[0]));
      return await new SignJWT({
        iss: "https://accounts.google.com",
        aud: AUDIENCE,
        iat: NOW / 1000,
        exp: NOW / 1000 + 60,
      })
        .setProtectedHeader({ alg: "HS256", kid: "k1" }).sign(secret);
    }, "ERR_TOKEN_ALGORITHM"],
    ["not a JWT", () => Promise.resolve("not-a-jwt"), "ERR_TOKEN_MALFORMED"],
    ["no exp", () => google.sign({ exp: undefined }), "ERR_TOKEN_MALFORMED"],
    [
      "exp not a number",
      () => google.sign({ exp: String(NOW / 1000 + 60) }),
      "ERR_TOKEN_MALFORMED",
    ],
    ["no iat", () => google.sign({ iat: undefined }), "ERR_TOKEN_MALFORMED"],
    ["iat not a number", () => google.sign({ iat: "yesterday" }), "ERR_TOKEN_MALFORMED"],
    ["nbf not a number", () => google.sign({ nbf: "now" }), "ERR_TOKEN_MALFORMED"],
  ];
  for (const [name, make, code, extra] of cases) {
    await t.step(name, async () => {
      const token = await make();
      await assert.rejects(verifyIdToken(token, { ...options, ...extra }), refused(code, token));
    });
  }
  await t.step("iat within the skew and a lifetime of exactly a day pass", async () => {
    assert.ok(await verifyIdToken(await google.sign({ iat: NOW / 1000 + 300 }), options));
    const day = await google.sign({ iat: NOW / 1000 - 3600, exp: NOW / 1000 + 82_800 });
    assert.ok(await verifyIdToken(day, options));
    const early = await google.sign({ iat: NOW / 1000 + 120 });
    await assert.rejects(
      verifyIdToken(early, { ...options, clockSkewSeconds: 60 }),
      refused("ERR_TOKEN_USED_TOO_EARLY", early),
    );
  });
  await t.step("within the default 300 s skew an expired token still passes", async () => {
    assert.ok(await verifyIdToken(good, { ...options, now: () => NOW + 3_600_000 + 299_000 }));
  });
  await t.step("the keys were fetched once for all of it (Cache-Control max-age)", () => {
    assert.equal(google.state.fetches, 1);
  });
});

Deno.test("verifyIdToken's audience refusal shows the token's aud beside the expected one", async (t) => {
  const google = await fakeGoogle();
  const options = { audience: AUDIENCE, fetch: google.fetch, now: () => NOW };
  const cases: [string, unknown, string][] = [
    ["one audience", "https://elsewhere.example", '"https://elsewhere.example"'],
    [
      "a list",
      ["https://a.example", "https://b.example"],
      '"https://a.example", "https://b.example"',
    ],
    ["a long list, shortened", ["1", "2", "3", "4", "5"], '"1", "2", "3" and 2 more'],
    ["none", undefined, "missing"],
  ];
  for (const [name, aud, shown] of cases) {
    await t.step(name, async () => {
      const token = await google.sign({ aud });
      await assert.rejects(verifyIdToken(token, options), (error: unknown) => {
        refused("ERR_TOKEN_AUDIENCE_MISMATCH", token)(error);
        assert.ok(
          (error as Error).message.endsWith(
            `(the token's aud is ${shown}; expected ${JSON.stringify(AUDIENCE)})`,
          ),
          (error as Error).message,
        );
        return true;
      });
    });
  }
});

Deno.test("verifyIdToken caches keys for max-age, shares one fetch, refetches once for an unknown kid", async (t) => {
  const google = await fakeGoogle(60);
  let now = NOW;
  const options = { audience: AUDIENCE, fetch: google.fetch, now: () => now };
  const token = await google.sign();
  await t.step("concurrent verifications share one fetch", async () => {
    await Promise.all([1, 2, 3].map(() => verifyIdToken(token, options)));
    assert.equal(google.state.fetches, 1);
  });
  await t.step("after max-age the keys are fetched again", async () => {
    now += 61_000;
    await verifyIdToken(token, options);
    assert.equal(google.state.fetches, 2);
  });
  await t.step("an unknown kid fetches once more, then fails", async () => {
    now += 31_000;
    const unknown = await google.sign({}, { kid: "k2" });
    await assert.rejects(
      verifyIdToken(unknown, options),
      refused("ERR_TOKEN_KEY_UNKNOWN", unknown),
    );
    assert.equal(google.state.fetches, 3);
    await assert.rejects(
      verifyIdToken(unknown, options),
      (error: Error) =>
        refused("ERR_TOKEN_KEY_UNKNOWN", unknown)(error) &&
        error.message.startsWith(`The ID token's key "k2" is not among the keys at ${CERTS}`),
    );
    assert.equal(google.state.fetches, 3, "no second refetch within 30 s");
  });
  await t.step("a rotated key is found by that one refetch", async () => {
    now += 31_000;
    google.state.published = [{ ...google.state.published[0]!, kid: "k3" }];
    const rotated = await google.sign({}, { kid: "k3" });
    assert.ok(await verifyIdToken(rotated, options));
    assert.equal(google.state.fetches, 4);
  });
});

Deno.test("verifyIdToken keeps keys sent without max-age for 30 s, so a forged kid cannot flood", async (t) => {
  for (const cacheControl of [null, "no-cache", "public, max-age=0"]) {
    await t.step(`Cache-Control: ${cacheControl ?? "none"}`, async () => {
      const google = await fakeGoogle(cacheControl);
      let now = NOW;
      const options = { audience: AUDIENCE, fetch: google.fetch, now: () => now };
      const forged = await google.sign({}, { kid: "forged" });
      for (let i = 0; i < 5; i++) {
        await assert.rejects(
          verifyIdToken(forged, options),
          refused("ERR_TOKEN_KEY_UNKNOWN", forged),
        );
        assert.ok(await verifyIdToken(await google.sign(), options));
      }
      assert.equal(google.state.fetches, 1);
      now += 30_000;
      await assert.rejects(
        verifyIdToken(forged, options),
        refused("ERR_TOKEN_KEY_UNKNOWN", forged),
      );
      assert.equal(google.state.fetches, 2, "fetched again once 30 s have passed");
    });
  }
});

Deno.test("verifyIdToken: a certs answer that is not a JWK Set, and a failing certs URL", async () => {
  const token = await (await fakeGoogle()).sign();
  await assert.rejects(
    verifyIdToken(token, {
      audience: AUDIENCE,
      fetch: () => Promise.resolve(new Response("<html>")),
    }),
    refused("ERR_CERTS_INVALID", token),
  );
  await assert.rejects(
    verifyIdToken(token, {
      audience: AUDIENCE,
      fetch: () => Promise.resolve(new Response("nope", { status: 404 })),
    }),
    refused("ERR_CERTS_REQUEST_FAILED", token),
  );
});

Deno.test("verifyIdToken requires an audience", async () => {
  await assert.rejects(verifyIdToken("a.b.c", { audience: [] }), {
    name: "CredentialsError",
    code: "ERR_OPTIONS_INVALID",
    option: "audience",
  });
});
