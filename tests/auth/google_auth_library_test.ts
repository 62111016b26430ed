// The credentials files authenticate() produces, loaded by google-auth-library (the SDK most
// Node users have) and refreshed through the loopback stand-in: proves the files work for SDKs.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GoogleAuth } from "google-auth-library";
import { authenticate } from "../../auth/mod.ts";
import { startLoopbackGoogle } from "./_loopback_google.ts";
import { testKey } from "./_keys.ts";

async function withTempFile<T>(contents: unknown, run: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "gha-creds-"));
  try {
    const path = join(dir, "creds.json");
    await writeFile(path, JSON.stringify(contents), { mode: 0o600, flag: "wx" });
    return await run(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

Deno.test("google-auth-library refreshes through the external_account file of a WIF + service account flow", async () => {
  const loop = await startLoopbackGoogle();
  try {
    const result = await authenticate({
      workloadIdentityProvider: loop.provider,
      serviceAccount: loop.serviceAccount,
      oidcRequest: loop.oidcRequest,
      endpoints: loop.endpoints,
    });
    const before = loop.requests.length;
    const token = await withTempFile(result.credentialsFile, async (keyFile) => {
      const auth = new GoogleAuth({
        keyFile,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
      });
      const client = await auth.getClient();
      return (await client.getAccessToken()).token;
    });
    assert.ok(token);
    assert.match(
      loop.issued.get(token) ?? "",
      new RegExp(`^fed\\(.*\\)>${loop.serviceAccount}\\|$`),
    );
    // The library fetched a fresh GitHub token, exchanged it (form body) and impersonated.
    assert.deepEqual(loop.requests.slice(before).map((r) => r.route), [
      "oidc",
      "sts",
      "generateAccessToken",
    ]);
    assert.match(
      String(loop.requests[before + 1]!.headers["content-type"]),
      /x-www-form-urlencoded/,
    );
  } finally {
    await loop.close();
  }
});

Deno.test("google-auth-library uses the federated token directly with a Direct WIF file", async () => {
  const loop = await startLoopbackGoogle();
  try {
    const result = await authenticate({
      workloadIdentityProvider: loop.provider,
      oidcRequest: loop.oidcRequest,
      endpoints: loop.endpoints,
    });
    const token = await withTempFile(result.credentialsFile, async (keyFile) => {
      const client = await new GoogleAuth({
        keyFile,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
      }).getClient();
      return (await client.getAccessToken()).token;
    });
    assert.match(loop.issued.get(token ?? "") ?? "", /^fed\(/);
  } finally {
    await loop.close();
  }
});

Deno.test("google-auth-library obtains an access token with the key file of a key-mode flow", async () => {
  const loop = await startLoopbackGoogle();
  try {
    const { key, json, publicKey } = await testKey();
    loop.trustKey(publicKey, key.client_email);
    const result = await authenticate({ credentialsJson: json });
    const token = await withTempFile(result.credentialsFile, async (keyFile) => {
      const client = await new GoogleAuth({
        keyFile,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
      }).getClient();
      // google-auth-library 11.3.4 ignores the key's token_uri: its JWT client always posts to
      // https://oauth2.googleapis.com/token (gtoken/getToken.js), so route that to the loopback.
      client.transporter.interceptors.request.add({
        resolved: (config) => {
          if (String(config.url) === "https://oauth2.googleapis.com/token") {
            config.url = new URL(`${loop.endpoints.oauth2}/token`);
          }
          return Promise.resolve(config);
        },
      });
      return (await client.getAccessToken()).token;
    });
    assert.equal(loop.issued.get(token ?? ""), `dwd:${key.client_email}>${key.client_email}`);
    assert.deepEqual(loop.requests.map((r) => r.route), ["oauth2Token"]);
  } finally {
    await loop.close();
  }
});
