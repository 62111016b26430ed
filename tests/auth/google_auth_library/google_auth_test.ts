// GoogleAuth, the google-auth-library stand-in: lazy, keyFile read where there is a file system,
// a key without `type`, the project option, and a failed search tried again.
import assert from "node:assert/strict";
import { GoogleAuth } from "../../../auth/google_auth_library/mod.ts";
import { testKey } from "../../support/keys.ts";

const USER = {
  type: "authorized_user",
  client_id: "id",
  client_secret: "s",
  refresh_token: "r",
};

function countingFetch(token = "ya29.t") {
  const calls: string[] = [];
  const fetch = (input: Request | URL | string, init?: RequestInit) => {
    calls.push(`${String(input)} ${new URLSearchParams(String(init?.body)).get("scope") ?? ""}`);
    return Promise.resolve(Response.json({ access_token: token, expires_in: 3600 }));
  };
  return { calls, fetch };
}

Deno.test("GoogleAuth makes no call at construction and one client for every call", async () => {
  const { calls, fetch } = countingFetch();
  const auth = new GoogleAuth({ credentials: USER, fetch });
  assert.equal(calls.length, 0);
  const [a, b] = await Promise.all([auth.getClient(), auth.getClient()]);
  assert.equal(a, b);
  assert.equal((await auth.getRequestHeaders()).get("authorization"), "Bearer ya29.t");
  assert.equal(await auth.getAccessToken(), "ya29.t");
  assert.equal(await auth.getUniverseDomain(), "googleapis.com");
  assert.equal(calls.length, 1);
});

Deno.test("GoogleAuth takes a key without type, a scope as a string, and the projectId option", async () => {
  const { key } = await testKey();
  const { type: _type, ...untyped } = key;
  const { calls, fetch } = countingFetch();
  const auth = new GoogleAuth({
    credentials: JSON.stringify(untyped),
    scopes: "https://www.googleapis.com/auth/devstorage.read_only",
    projectId: "other-project",
    fetch,
  });
  assert.equal(await auth.getProjectId(), "other-project");
  assert.equal((await auth.getClient()).projectId, "other-project");
  await auth.getAccessToken();
  assert.match(calls[0]!, /oauth2\.googleapis\.com\/token/);
  // Without a projectId option, the key's project.
  assert.equal(await new GoogleAuth({ credentials: key, fetch }).getProjectId(), "test-project");
});

Deno.test("GoogleAuth reads keyFile where the runtime has a file system", async () => {
  const { key } = await testKey();
  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(path, JSON.stringify(key));
    const client = await new GoogleAuth({ keyFilename: path }).getClient();
    assert.equal(
      await client.getProjectId(),
      Deno.env.get("GOOGLE_CLOUD_PROJECT") ?? "test-project",
    );
    await assert.rejects(new GoogleAuth({ keyFile: `${path}.missing` }).getClient(), {
      code: "ERR_CREDENTIALS_UNREADABLE",
      message: /keyFile/,
    });
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("GoogleAuth gives an authClient as it is, and searches again after a failure", async () => {
  const { fetch } = countingFetch();
  const client = await new GoogleAuth({ credentials: USER, fetch }).getClient();
  assert.equal(
    await new GoogleAuth({ authClient: client, keyFile: "/nowhere" }).getClient(),
    client,
  );
  const auth = new GoogleAuth({ credentials: "{not json" });
  const malformed = { code: "ERR_CREDENTIALS_MALFORMED", message: /not valid JSON/ };
  await assert.rejects(auth.getClient(), malformed);
  await assert.rejects(auth.getClient(), malformed);
});
