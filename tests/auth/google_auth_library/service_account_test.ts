// The key-only GoogleAuth (`@gcp-oidc/auth/google-auth-library/service-account`): a key with or
// without `type` against the emulator, tokens shared through a store, and every other way in
// refused with an error that names the option and points to the full stand-in.
import assert from "node:assert/strict";
import { GoogleAuth } from "../../../auth/google_auth_library/service_account.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import { memoryStore } from "../../support/memory_store.ts";

Deno.test("the key-only GoogleAuth mints with a key, typed or not, and shares tokens through a store", async () => {
  await using emulator = await startEmulator();
  const key = JSON.parse(await emulator.serviceAccountKey());
  const { type: _type, ...untyped } = key;
  const { store: tokenStore, writes } = memoryStore();
  const options = { fetch: emulator.fetch, tokenStore, projectId: "other-project" };
  const auth = new GoogleAuth({ credentials: JSON.stringify(untyped), ...options });
  const client = await auth.getClient();
  assert.equal(client.projectId, "other-project");
  const token = await auth.getAccessToken();
  assert.equal(emulator.tokenInfo(token)?.principal, key.client_email);
  assert.equal(writes.length, 1);
  // A second GoogleAuth (another isolate's) reads the stored token and mints nothing.
  const minted = emulator.requests.length;
  const other = new GoogleAuth({ credentials: key, ...options });
  assert.equal(await other.getAccessToken(), token);
  assert.equal(emulator.requests.length, minted);
  assert.equal((await other.getRequestHeaders()).get("authorization"), `Bearer ${token}`);
  assert.equal(await new GoogleAuth({ credentials: key }).getProjectId(), key.project_id);
});

Deno.test("the key-only GoogleAuth refuses files, other types and no credentials, naming the option", async () => {
  for (const option of ["keyFile", "keyFilename"]) {
    assert.throws(() => new GoogleAuth({ [option]: "/key.json" }), {
      code: "ERR_OPTIONS_INVALID",
      message: new RegExp(`GoogleAuth's ${option}: .* reads no file`),
      hint: /alias google-auth-library to @gcp-oidc\/auth\/google-auth-library/,
    });
  }
  // Constructing one does nothing: an SDK may do so at module load.
  const bare = new GoogleAuth();
  await assert.rejects(bare.getClient(), {
    code: "ERR_OPTIONS_INVALID",
    message: /needs the credentials option .* looks for no Application Default Credentials/,
  });
  const user = { type: "authorized_user", client_id: "i", client_secret: "s", refresh_token: "r" };
  await assert.rejects(new GoogleAuth({ credentials: user }).getClient(), {
    code: "ERR_CREDENTIALS_WRONG_TYPE",
    message: /"type" is "authorized_user", and the GoogleAuth of .*service-account makes/,
  });
  await assert.rejects(new GoogleAuth({ credentials: "{not json" }).getClient(), {
    code: "ERR_CREDENTIALS_MALFORMED",
  });
});

Deno.test("the key-only GoogleAuth refuses a key without its fields, and gives an authClient as it is", async () => {
  await assert.rejects(new GoogleAuth({ credentials: { type: "service_account" } }).getClient(), {
    code: "ERR_KEY_FIELD_MISSING",
    message: /missing or empty "client_email", "private_key"/,
  });
  const full = await import("../../../auth/google_auth_library/mod.ts");
  const user = { type: "authorized_user", client_id: "i", client_secret: "s", refresh_token: "r" };
  const given = await new full.GoogleAuth({ credentials: user }).getClient();
  assert.equal(await new GoogleAuth({ authClient: given, keyFile: "/nowhere" }).getClient(), given);
});
