// service_account credentials with a fake fetch: the jwt-bearer assertion at the key's
// token_uri, self-signed JWTs outside googleapis.com, keys without private_key_id.
import assert from "node:assert/strict";
import { decodeJwt, jwtVerify } from "jose";
import { credentialsFromJson } from "../../../../auth/mod.ts";
import { routeFetch } from "../../../support/fake_fetch.ts";
import { testKey } from "../../../support/keys.ts";
import { jwt, T0 } from "../../../support/credential_sources.ts";

Deno.test("service_account: a jwt-bearer assertion signed with the key, at the key's token_uri", async () => {
  const { key, publicKey } = await testKey();
  const { fetch, requests } = routeFetch({
    "/token": (request) =>
      new URLSearchParams(request.body).has("assertion") &&
        decodeJwt(new URLSearchParams(request.body).get("assertion")!).target_audience
        ? Response.json({ id_token: jwt({ exp: T0 / 1000 + 3600 }) })
        : Response.json({ access_token: "ya29.sa", expires_in: 3599 }),
  });
  const tokenUri = "https://oauth2.example.test/token";
  const credentials = credentialsFromJson({ ...key, token_uri: tokenUri }, {
    fetch,
    now: () => T0,
    scopes: ["https://www.googleapis.com/auth/devstorage.read_only", "openid"],
  });
  const token = await credentials.getAccessToken();
  assert.deepEqual(token, { token: "ya29.sa", expiresAt: new Date(T0 + 3_599_000) });
  const [access] = requests;
  assert.equal(`${access!.method} ${access!.url}`, `POST ${tokenUri}`);
  assert.equal(access!.headers.get("content-type"), "application/x-www-form-urlencoded");
  const form = new URLSearchParams(access!.body);
  assert.equal(form.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
  const { payload, protectedHeader } = await jwtVerify(form.get("assertion")!, publicKey, {
    currentDate: new Date(T0),
  });
  assert.equal(protectedHeader.kid, key.private_key_id);
  assert.deepEqual(payload, {
    iss: key.client_email,
    aud: tokenUri,
    iat: T0 / 1000,
    exp: T0 / 1000 + 3600,
    scope: "https://www.googleapis.com/auth/devstorage.read_only openid",
  });
  const id = await credentials.getIdToken("https://run.example");
  assert.equal(id.expiresAt.getTime(), T0 + 3_600_000);
  const idClaims = decodeJwt(new URLSearchParams(requests[1]!.body).get("assertion")!);
  assert.equal(idClaims.target_audience, "https://run.example");
  assert.equal(idClaims.scope, undefined);
});

Deno.test("service_account outside googleapis.com: a self-signed JWT with the scopes, no call", async () => {
  const { key, publicKey } = await testKey();
  const { fetch, requests } = routeFetch({});
  const credentials = credentialsFromJson({ ...key, universe_domain: "example.com" }, {
    fetch,
    now: () => T0,
  });
  const { token, expiresAt } = await credentials.getAccessToken();
  const { payload } = await jwtVerify(token, publicKey, { currentDate: new Date(T0) });
  assert.equal(payload.scope, "https://www.googleapis.com/auth/cloud-platform");
  assert.equal(payload.sub, key.client_email);
  assert.equal(expiresAt.getTime(), T0 + 3_600_000);
  assert.equal(requests.length, 0);
});

Deno.test("service_account without private_key_id: the assertion is signed with no kid", async () => {
  const { key, publicKey } = await testKey();
  const { private_key_id: _, ...noId } = key;
  const { fetch, requests } = routeFetch({
    "/token": () => Response.json({ access_token: "ya29.sa", expires_in: 3599 }),
  });
  const credentials = credentialsFromJson(noId, { fetch, now: () => T0 });
  assert.equal((await credentials.getAccessToken()).token, "ya29.sa");
  const assertion = new URLSearchParams(requests[0]!.body).get("assertion")!;
  const { protectedHeader } = await jwtVerify(assertion, publicKey, { currentDate: new Date(T0) });
  assert.deepEqual(protectedHeader, { alg: "RS256", typ: "JWT" });
});
