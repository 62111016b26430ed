// What an emulator keeps is bounded: the request record (by count and bytes, oldest dropped),
// tokens (expired ones forgotten and swept, from the metadata server's cache too), and keys (each
// emulator's own, taken from a pool and given back on close, so emulators side by side never accept
// each other's JWTs).
import assert from "node:assert/strict";
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from "jose";
import { resolveConfig } from "../../emulator/_core/config.ts";
import { metadataAnswer } from "../../emulator/_services/metadata_server.ts";
import { State } from "../../emulator/_core/state.ts";
import { TokenStore } from "../../emulator/_core/token_store.ts";
import { startEmulator } from "../../emulator/mod.ts";
import type { TokenInfo } from "../../emulator/mod.ts";
import {
  exchange,
  githubToken,
  iam,
  jwtBearer,
  oidcAudience,
  stsJson,
  withEmulator,
} from "../../tools/emulator_calls.ts";

Deno.test("startEmulator() keeps at most record.maxRequests requests, the newest", async () => {
  await withEmulator({ record: { maxRequests: 3 } }, async (emulator) => {
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${emulator.url}/nowhere/${i}`);
      await response.body?.cancel();
    }
    assert.deepEqual(emulator.requests.map((r) => r.path), [
      "/nowhere/2",
      "/nowhere/3",
      "/nowhere/4",
    ]);
  });
  await withEmulator({ record: { maxRequests: 0 } }, async (emulator) => {
    await githubToken(emulator);
    assert.equal(emulator.requests.length, 0);
  });
});

Deno.test("startEmulator() keeps at most record.maxBytes of requests", async () => {
  const body = "x".repeat(100_000);
  await withEmulator({ record: { maxBytes: 250_000 } }, async (emulator) => {
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${emulator.url}/nowhere/${i}`, { method: "POST", body });
      await response.body?.cancel();
    }
    assert.deepEqual(emulator.requests.map((r) => r.path), ["/nowhere/18", "/nowhere/19"]);
    const kept = emulator.requests.reduce((sum, r) => sum + r.body.length, 0);
    assert.ok(kept <= 250_000, `${kept} body bytes kept`);
  });
  await assert.rejects(startEmulator({ record: { maxBytes: -1 } }), /"record\.maxBytes"/);
});

Deno.test("startEmulator() forgets expired tokens and sweeps them as it issues new ones", () => {
  let now = 0;
  const store = new TokenStore(() => now);
  const info = (expiresAt: number): TokenInfo => ({
    kind: "service_account",
    principal: "ci@emulated-project.iam.gserviceaccount.com",
    attributes: {},
    scopes: [],
    issuedAt: new Date(0),
    expiresAt: new Date(expiresAt),
  });
  for (let i = 0; i < 1000; i++) store.add(`short-${i}`, info(3_600_000));
  store.add("long", info(43_200_000));
  assert.equal(store.size, 1001);
  assert.ok(store.get("short-1"));
  now = 3_600_000;
  assert.equal(store.get("short-1"), undefined, "expired on the store's clock");
  assert.equal(store.size, 1000, "a lookup forgets the expired token it meets");
  store.add("new", info(7_200_000));
  assert.equal(store.size, 2, "issuing sweeps every expired token");
  assert.ok(store.get("long"));
});

Deno.test("startEmulator() metadata server forgets the scope sets whose tokens expired", async () => {
  let now = 0;
  const state = new State(resolveConfig({ now: () => now }));
  const token = (scopes: string) =>
    metadataAnswer({
      method: "GET",
      url: new URL(
        `http://m.test/computeMetadata/v1/instance/service-accounts/default/token?scopes=${scopes}`,
      ),
      headers: new Headers({ "metadata-flavor": "Google" }),
      body: "",
    }, state);
  try {
    for (let i = 0; i < 100; i++) await token(`https://x.test/${i}`);
    assert.equal(state.metadataTokens.size, 100);
    now = 1_800_000;
    await token("https://x.test/late");
    now = 3_600_000;
    await token("openid");
    assert.equal(state.metadataTokens.size, 2, "the late scope set and openid are live");
  } finally {
    await state.release();
  }
});

Deno.test("startEmulator() emulators side by side do not accept each other's JWTs", async () => {
  await withEmulator({}, async (a) => {
    await withEmulator({}, async (b) => {
      // A GitHub token of A at B's STS.
      const fromA = await githubToken(a, oidcAudience(a));
      const atB = await stsJson(b, exchange(b, fromA));
      assert.equal(atB.status, 400);
      assert.equal(atB.json.error, "invalid_grant");
      assert.equal((await stsJson(a, exchange(a, fromA))).status, 200);
      // A key of A, with and without its key id, at B's token endpoint.
      const keyOfA = JSON.parse(await a.serviceAccountKey());
      const iat = Math.floor(Date.now() / 1000);
      const sign = (kid?: string) =>
        importPKCS8(keyOfA.private_key, "RS256").then((key) =>
          new SignJWT({
            iss: keyOfA.client_email,
            aud: "https://oauth2.googleapis.com/token",
            scope: "https://www.googleapis.com/auth/cloud-platform",
            iat,
            exp: iat + 600,
          }).setProtectedHeader({ alg: "RS256", ...(kid === undefined ? {} : { kid }) })
            .sign(key)
        );
      for (const kid of [keyOfA.private_key_id, undefined]) {
        assert.equal((await jwtBearer(b, await sign(kid))).json.error, "invalid_grant");
        assert.equal((await jwtBearer(a, await sign(kid))).status, 200);
      }
      // An ID token of A does not verify at B's certs.
      const bearer = (await jwtBearer(a, await sign())).json.access_token;
      const { json } = await iam(a, a.serviceAccount, "generateIdToken", { audience: "x" }, bearer);
      await assert.rejects(jwtVerify(json.token, createRemoteJWKSet(new URL(b.googleCertsUrl))));
      await jwtVerify(json.token, createRemoteJWKSet(new URL(a.googleCertsUrl)));
    });
  });
});

Deno.test("startEmulator() reuses the key pair of a closed emulator under new key ids", async () => {
  const modulus = async (certsUrl: string) => {
    const { keys: [key] } = await (await fetch(certsUrl)).json();
    return [key.n, key.kid];
  };
  const first = await startEmulator();
  const [n, kid] = await modulus(first.googleCertsUrl);
  const token = await githubToken(first, oidcAudience(first));
  await first.close();
  await withEmulator({}, async (next) => {
    const [nextN, nextKid] = await modulus(next.googleCertsUrl);
    assert.equal(nextN, n, "the closed emulator's key pair, from the pool");
    assert.notEqual(nextKid, kid);
    assert.equal((await stsJson(next, exchange(next, token))).json.error, "invalid_grant");
  });
});
