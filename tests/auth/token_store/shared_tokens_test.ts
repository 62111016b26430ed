// The tokenStore option: tokens shared between credentials (isolates, processes) through a store,
// encrypted under the credentials' own secret, checked for expiry on read, written with a TTL
// that ends at the eager-refresh window, and a store that throws or hangs passed by.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { credentialsFromJson, type TokenStore } from "../../../auth/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import { testKey } from "../../support/keys.ts";
import { assertHoldsNoToken } from "../../support/token_encodings.ts";
import { memoryStore } from "../../support/memory_store.ts";

const run = promisify(execFile);

function tokenEndpoint() {
  let minted = 0;
  const fetch = () => {
    minted++;
    return Promise.resolve(
      Response.json({ access_token: `ya29.token-number-${minted}-abcdefgh`, expires_in: 3600 }),
    );
  };
  return { fetch, minted: () => minted };
}

Deno.test("credentials over one store mint once; the store holds no token and no secret", async () => {
  const { key, json } = await testKey();
  const { store, writes } = memoryStore();
  const endpoint = tokenEndpoint();
  const make = () =>
    credentialsFromJson(json, { tokenStore: store, fetch: endpoint.fetch, now: () => 0 });
  const first = await make().getAccessToken();
  const second = await make().getAccessToken();
  assert.equal(second.token, first.token);
  assert.equal(second.expiresAt.getTime(), first.expiresAt.getTime());
  assert.equal(endpoint.minted(), 1);
  assert.equal(writes.length, 1);
  // The TTL ends where the eager refresh begins: 3600 - 300 s.
  assert.equal(writes[0]!.ttl, 3300);
  assert.match(writes[0]!.key, /^gcp-oidc-token-[\w-]{43}$/);
  assertHoldsNoToken([writes[0]!.key, writes[0]!.value], first.token);
  for (const line of key.private_key.split("\n").filter((l) => l.length > 16)) {
    assert.ok(!writes[0]!.value.includes(line) && !writes[0]!.key.includes(line));
  }
  assert.ok(!writes[0]!.key.includes(key.client_email));
});

Deno.test("the store key differs per identity and per scope set", async () => {
  const { json } = await testKey();
  const { store, writes } = memoryStore();
  const { fetch } = tokenEndpoint();
  const user = {
    type: "authorized_user",
    client_id: "id",
    client_secret: "s",
    refresh_token: "r",
  };
  await credentialsFromJson(json, { tokenStore: store, fetch }).getAccessToken();
  await credentialsFromJson(json, { tokenStore: store, fetch, scopes: ["https://x/a"] })
    .getAccessToken();
  await credentialsFromJson(user, { tokenStore: store, fetch }).getAccessToken();
  await credentialsFromJson({ ...user, refresh_token: "r2" }, { tokenStore: store, fetch })
    .getAccessToken();
  assert.equal(new Set(writes.map((w) => w.key)).size, 4);
});

Deno.test("the store key follows an impersonated file's own scopes", async () => {
  const { store, writes } = memoryStore();
  const { fetch } = tokenEndpoint();
  const iamFetch = (input: Request | URL | string) =>
    String(input).includes("generateAccessToken")
      ? Promise.resolve(
        Response.json({ accessToken: "ya29.target", expireTime: "2099-01-01T00:00:00Z" }),
      )
      : fetch();
  const file = (scopes: string[]) => ({
    type: "impersonated_service_account",
    service_account_impersonation_url:
      "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com:generateAccessToken",
    scopes,
    source_credentials: {
      type: "authorized_user",
      client_id: "id",
      client_secret: "s",
      refresh_token: "r",
    },
  });
  const options = { tokenStore: store, fetch: iamFetch };
  await credentialsFromJson(file(["https://x/a"]), options).getAccessToken();
  await credentialsFromJson(file(["https://x/b"]), options).getAccessToken();
  // The file's scopes are the caller's when the caller gives none: the same key.
  await credentialsFromJson(file(["https://x/c"]), { ...options, scopes: ["https://x/a"] })
    .getAccessToken();
  const keys = writes.map((w) => w.key);
  assert.equal(keys.length, 2, "the third found the first's token");
  assert.notEqual(keys[0], keys[1]);
});

Deno.test("a stored token is used only while its own expiry leaves more than the refresh window", async () => {
  const { json } = await testKey();
  const { store } = memoryStore();
  const endpoint = tokenEndpoint();
  let now = 0;
  const make = () =>
    credentialsFromJson(json, { tokenStore: store, fetch: endpoint.fetch, now: () => now });
  await make().getAccessToken();
  now = 3_000_000; // 600 s left: used.
  await make().getAccessToken();
  assert.equal(endpoint.minted(), 1);
  now = 3_400_000; // 200 s left, inside the 300 s window: minted again (the store kept it).
  const fresh = await make().getAccessToken();
  assert.equal(endpoint.minted(), 2);
  assert.equal(fresh.token, "ya29.token-number-2-abcdefgh");
});

Deno.test("a value the credentials cannot open is passed by: another secret's, or garbage", async () => {
  const { json } = await testKey();
  const { store, values } = memoryStore();
  const endpoint = tokenEndpoint();
  const lines: string[] = [];
  const log = { debug: (line: string) => lines.push(line), info() {} };
  const user = { type: "authorized_user", client_id: "id", client_secret: "s", refresh_token: "r" };
  await credentialsFromJson(json, { tokenStore: store, fetch: endpoint.fetch }).getAccessToken();
  await credentialsFromJson(user, { tokenStore: store, fetch: endpoint.fetch }).getAccessToken();
  const [keyOfKey, keyOfUser] = [...values.keys()];
  // The user's sealed token under the key's store key: another secret's, it does not open.
  values.set(keyOfKey!, values.get(keyOfUser!)!);
  await credentialsFromJson(json, { tokenStore: store, fetch: endpoint.fetch, log })
    .getAccessToken();
  assert.equal(endpoint.minted(), 3);
  values.set(keyOfKey!, "v1.AAAA.BBBB");
  await credentialsFromJson(json, { tokenStore: store, fetch: endpoint.fetch, log })
    .getAccessToken();
  assert.equal(endpoint.minted(), 4);
  assert.equal(lines.filter((line) => line.startsWith("Token store passed by (get)")).length, 2);
});

Deno.test("a throwing or hanging store still yields tokens, logged without them", async () => {
  const { json } = await testKey();
  const endpoint = tokenEndpoint();
  const lines: string[] = [];
  const log = { debug: (line: string) => lines.push(line), info() {} };
  const throwing: TokenStore = {
    get: () => Promise.reject(new Error("store down")),
    set: () => Promise.reject(new Error("store down")),
  };
  const a = await credentialsFromJson(json, { tokenStore: throwing, fetch: endpoint.fetch, log })
    .getAccessToken();
  assert.match(a.token, /^ya29\./);
  assert.deepEqual(lines, [
    "Token store passed by (get): Error: store down",
    "Token store passed by (set): Error: store down",
  ]);
  const hanging: TokenStore = {
    get: () => new Promise(() => {}),
    set: () => new Promise(() => {}),
  };
  const b = await credentialsFromJson(json, { tokenStore: hanging, fetch: endpoint.fetch, log })
    .getAccessToken();
  assert.match(b.token, /^ya29\./);
  assert.match(lines[2]!, /get\): Error: the token store's get took over 1000 ms/);
  assert.match(lines[3]!, /set\): Error: the token store's set took over 1000 ms/);
  for (const line of lines) assert.doesNotMatch(line, /ya29/);
});

Deno.test("credentials without a secret (external_account) do not use the store", async () => {
  const { store, writes } = memoryStore();
  let gets = 0;
  const counting: TokenStore = { get: (k) => (gets++, store.get(k)), set: store.set };
  const credentials = credentialsFromJson({
    type: "external_account",
    audience:
      "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: "https://sts.googleapis.com/v1/token",
    credential_source: { url: "https://oidc.example/token" },
  }, {
    tokenStore: counting,
    fetch: (input) =>
      Promise.resolve(
        String(input).startsWith("https://oidc")
          ? new Response("subject")
          : Response.json({ access_token: "ya29.federated", expires_in: 3600 }),
      ),
  });
  assert.equal((await credentials.getAccessToken()).token, "ya29.federated");
  assert.equal(gets, 0);
  assert.equal(writes.length, 0);
});

Deno.test("two Deno processes sharing one Deno KV file: the second mints nothing", async () => {
  await using emulator = await startEmulator();
  const key = await emulator.serviceAccountKey();
  const dir = await Deno.makeTempDir();
  const path = `${dir}/tokens.kv`;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { stdout } = await run(Deno.execPath(), [
        "run",
        "-A",
        "--unstable-kv",
        "tests/auth/token_store/kv_process.ts",
        path,
        key,
      ], { timeout: 60_000 });
      tokens.push(/^token (\S+)$/m.exec(stdout)?.[1] ?? "");
    }
    assert.equal(tokens[1], tokens[0]);
    assert.ok(emulator.tokenInfo(tokens[0]!) !== undefined);
    assert.equal(emulator.requests.filter((r) => r.route === "oauth2Token").length, 1);
    // The KV file (SQLite, with its write-ahead log) never holds the token.
    const files = [];
    for await (const entry of Deno.readDir(dir)) {
      files.push(new TextDecoder("latin1").decode(await readFile(`${dir}/${entry.name}`)));
    }
    assertHoldsNoToken(files, tokens[0]!);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
