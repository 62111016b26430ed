// credentials.sign() and getServiceAccountEmail() for each kind of credentials against the
// emulator: every signature verifies with the account's public keys where Google publishes them
// (the emulator's service account JWKS), and credentials without a service account refuse.
import assert from "node:assert/strict";
import {
  authenticate,
  AuthError,
  type Credentials,
  credentialsFromJson,
  loadCredentials,
} from "../../../auth/mod.ts";
import { type Emulator, startEmulator } from "../../../emulator/mod.ts";

const DATA = "GOOG4-RSA-SHA256\n20300101T000000Z\nscope\nhash";

/** Whether one of `email`'s published public keys verifies `signature` over `data`. */
async function verifiesWithAccountKeys(
  emulator: Emulator,
  email: string,
  data: string,
  signature: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const { keys } = await (await fetch(emulator.serviceAccountJwksUrl(email))).json();
  for (const jwk of keys as JsonWebKey[]) {
    const key = await crypto.subtle.importKey(
      "jwk",
      jwk,
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["verify"],
    );
    const bytes = new TextEncoder().encode(data);
    if (await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signature, bytes)) return true;
  }
  return false;
}

async function externalAccount(emulator: Emulator, serviceAccount?: string) {
  const result = await authenticate({
    workloadIdentityProvider: emulator.provider,
    serviceAccount,
    oidcRequest: emulator.oidcRequest,
    endpoints: emulator.endpoints,
  });
  return credentialsFromJson(result.credentialsFile!);
}

Deno.test("sign() signs as the service account for every kind that has one", async (t) => {
  await using emulator = await startEmulator();
  const kinds: [string, () => Promise<Credentials>, string[]][] = [
    ["service_account", async () => credentialsFromJson(await emulator.serviceAccountKey()), []],
    [
      "impersonated_service_account",
      async () => credentialsFromJson(await emulator.impersonatedServiceAccount()),
      ["signBlob"],
    ],
    ["external_account", () => externalAccount(emulator, emulator.serviceAccount), ["signBlob"]],
    [
      "metadata_server",
      () =>
        loadCredentials({
          env: { GCE_METADATA_HOST: emulator.metadataHost },
          fetch: emulator.fetch,
        }),
      ["signBlob"],
    ],
  ];
  for (const [type, make, routes] of kinds) {
    await t.step(type, async () => {
      const credentials = await make();
      assert.equal(credentials.type, type);
      const before = emulator.requests.length;
      const email = await credentials.getServiceAccountEmail();
      assert.equal(email, emulator.serviceAccount);
      const signature = new Uint8Array(await credentials.sign(DATA));
      assert.equal(signature.length, 256);
      assert.ok(await verifiesWithAccountKeys(emulator, email, DATA, signature));
      assert.ok(!(await verifiesWithAccountKeys(emulator, email, `${DATA}!`, signature)));
      const called = emulator.requests.slice(before).map((r) => r.route);
      assert.deepEqual(called.filter((route) => route === "signBlob"), routes);
    });
  }
});

Deno.test("sign() on the metadata server reads the account and the universe first, then signs there", async () => {
  await using emulator = await startEmulator({
    universe: "example.com",
    metadata: { scopes: ["https://www.example.com/auth/cloud-platform"] },
  });
  // Any request for Google's own universe would leave loopback: refused here, so it fails the test.
  const fetch = (input: Request | URL | string, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return url.hostname.endsWith(".googleapis.com")
      ? Promise.reject(new TypeError(`left the emulated universe: ${url.origin}`))
      : emulator.fetch(input, init);
  };
  const credentials = await loadCredentials({
    env: { GCE_METADATA_HOST: emulator.metadataHost },
    fetch,
  });
  assert.equal(credentials.serviceAccountEmail, undefined);
  const signature = new Uint8Array(await credentials.sign(DATA));
  assert.ok(await verifiesWithAccountKeys(emulator, emulator.serviceAccount, DATA, signature));
  assert.deepEqual([credentials.serviceAccountEmail, credentials.universeDomain], [
    emulator.serviceAccount,
    "example.com",
  ]);
  assert.equal(emulator.requests.filter((r) => r.route === "signBlob").length, 1);
});

Deno.test("sign() refuses with ERR_SIGN_NO_SERVICE_ACCOUNT where there is no service account", async (t) => {
  await using emulator = await startEmulator();
  const kinds: [string, () => Promise<Credentials>][] = [
    ["authorized_user", async () => credentialsFromJson(await emulator.authorizedUser())],
    ["external_account", () => externalAccount(emulator)],
  ];
  for (const [type, make] of kinds) {
    await t.step(type, async () => {
      const credentials = await make();
      const before = emulator.requests.length;
      const named = (error: unknown) =>
        error instanceof AuthError && error.code === "ERR_SIGN_NO_SERVICE_ACCOUNT" &&
        error.message.includes(type) && /impersonat/.test(error.hint);
      await assert.rejects(credentials.sign(DATA), named);
      await assert.rejects(credentials.getServiceAccountEmail(), named);
      assert.equal(emulator.requests.length, before);
    });
  }
});

Deno.test("sign() through IAM fails with ERR_IAM_SIGN_BLOB_FAILED without the permission", async () => {
  await using emulator = await startEmulator({ bindings: [] });
  const credentials = credentialsFromJson(await emulator.impersonatedServiceAccount());
  await assert.rejects(
    credentials.sign(new Uint8Array([1, 2, 3])),
    (error) =>
      error instanceof AuthError && error.code === "ERR_IAM_SIGN_BLOB_FAILED" &&
      error.status === 403 && /signBlob/.test(error.message),
  );
});

Deno.test("sign() rejects data that is neither bytes nor a string", async () => {
  const credentials = credentialsFromJson({
    type: "authorized_user",
    client_id: "id",
    client_secret: "s",
    refresh_token: "r",
  });
  await assert.rejects(credentials.sign(42 as unknown as string), {
    name: "CredentialsError",
    code: "ERR_OPTIONS_INVALID",
    option: "data",
  });
});
