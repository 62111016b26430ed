// The emulator's signBlob (IAM bindings checked as for signJwt, Google's error shapes) and each
// service account's public keys at Google's JWK path.
import assert from "node:assert/strict";
import { startEmulator } from "../../../emulator/mod.ts";

const OTHER = "other@emulated-project.iam.gserviceaccount.com";

Deno.test("emulator signBlob", async (t) => {
  await using emulator = await startEmulator({
    serviceAccounts: ["ci@emulated-project.iam.gserviceaccount.com", OTHER],
    bindings: [{
      serviceAccount: "ci@emulated-project.iam.gserviceaccount.com",
      role: "roles/iam.serviceAccountTokenCreator",
      members: ["user:developer@example.com"],
    }],
  });
  const user = JSON.parse(await emulator.authorizedUser());
  const tokenResponse = await fetch(user.token_uri, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "refresh_token",
      client_id: user.client_id,
      client_secret: user.client_secret,
      refresh_token: user.refresh_token,
    }),
  });
  const { access_token: token } = await tokenResponse.json();
  const call = (email: string, body: unknown) =>
    fetch(`${emulator.endpoints.iamcredentials}/projects/-/serviceAccounts/${email}:signBlob`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  await t.step("signs with the Google-managed key listed at the account's JWK URL", async () => {
    const response = await call(emulator.serviceAccount, { payload: btoa("hello") });
    assert.equal(response.status, 200);
    const { keyId, signedBlob } = await response.json();
    const { keys } = await (await fetch(emulator.serviceAccountJwksUrl())).json();
    const jwk = keys.find((key: { kid: string }) => key.kid === keyId);
    assert.ok(jwk, "the signing key is published");
    const key = await crypto.subtle.importKey(
      "jwk",
      jwk,
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["verify"],
    );
    const signature = Uint8Array.from(atob(signedBlob), (c) => c.charCodeAt(0));
    const data = new TextEncoder().encode("hello");
    assert.ok(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signature, data));
    assert.equal(emulator.requests.at(-2)?.route, "signBlob");
  });
  await t.step("403 without iam.serviceAccounts.signBlob on the account", async () => {
    const response = await call(OTHER, { payload: btoa("hello") });
    assert.equal(response.status, 403);
    const { error } = await response.json();
    assert.equal(error.details[0].metadata.permission, "iam.serviceAccounts.signBlob");
  });
  await t.step("400 for a payload that is missing or not base64", async () => {
    for (const body of [{}, { payload: "%%%" }]) {
      const response = await call(emulator.serviceAccount, body);
      assert.equal(response.status, 400);
      assert.equal((await response.json()).error.status, "INVALID_ARGUMENT");
    }
  });
  await t.step("404 for the keys of an unknown account", async () => {
    const response = await fetch(
      emulator.serviceAccountJwksUrl("nobody@x.iam.gserviceaccount.com"),
    );
    assert.equal(response.status, 404);
    await response.body?.cancel();
  });
  await t.step("a user-managed key is published too", async () => {
    const key = JSON.parse(await emulator.serviceAccountKey());
    const { keys } = await (await fetch(emulator.serviceAccountJwksUrl())).json();
    assert.ok(keys.some((jwk: { kid: string }) => jwk.kid === key.private_key_id));
  });
});
