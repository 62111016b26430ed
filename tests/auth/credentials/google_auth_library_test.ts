// The credentials files authenticate() produces, loaded by google-auth-library (the SDK most
// Node users have) and refreshed through the emulator: proves the files work for SDKs.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GoogleAuth } from "google-auth-library";
import { authenticate } from "../../../auth/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";

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
  const emulator = await startEmulator();
  try {
    const result = await authenticate({
      workloadIdentityProvider: emulator.provider,
      serviceAccount: emulator.serviceAccount,
      oidcRequest: emulator.oidcRequest,
      endpoints: emulator.endpoints,
    });
    const before = emulator.requests.length;
    const token = await withTempFile(result.credentialsFile, async (keyFile) => {
      const auth = new GoogleAuth({
        keyFile,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
      });
      const client = await auth.getClient();
      return (await client.getAccessToken()).token;
    });
    assert.equal(emulator.tokenInfo(token ?? "")?.principal, emulator.serviceAccount);
    // The library fetched a fresh GitHub token, exchanged it (form body) and impersonated.
    assert.deepEqual(emulator.requests.slice(before).map((r) => r.route), [
      "oidc",
      "sts",
      "generateAccessToken",
    ]);
    assert.match(
      String(emulator.requests[before + 1]!.headers["content-type"]),
      /x-www-form-urlencoded/,
    );
  } finally {
    await emulator.close();
  }
});

Deno.test("google-auth-library uses the federated token directly with a Direct WIF file", async () => {
  const emulator = await startEmulator();
  try {
    const result = await authenticate({
      workloadIdentityProvider: emulator.provider,
      oidcRequest: emulator.oidcRequest,
      endpoints: emulator.endpoints,
    });
    const token = await withTempFile(result.credentialsFile, async (keyFile) => {
      const client = await new GoogleAuth({
        keyFile,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
      }).getClient();
      return (await client.getAccessToken()).token;
    });
    assert.equal(emulator.tokenInfo(token ?? "")?.kind, "federated");
  } finally {
    await emulator.close();
  }
});

Deno.test("google-auth-library obtains an access token with the key file of a key-mode flow", async () => {
  const emulator = await startEmulator();
  try {
    const result = await authenticate({ credentialsJson: await emulator.serviceAccountKey() });
    const token = await withTempFile(result.credentialsFile, async (keyFile) => {
      const client = await new GoogleAuth({
        keyFile,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
      }).getClient();
      // google-auth-library 11.3.4 ignores the key's token_uri: its JWT client always posts to
      // https://oauth2.googleapis.com/token (gtoken/getToken.js), so route that to the emulator.
      client.transporter.interceptors.request.add({
        resolved: (config) => {
          if (String(config.url) === "https://oauth2.googleapis.com/token") {
            config.url = new URL(`${emulator.endpoints.oauth2}/token`);
          }
          return Promise.resolve(config);
        },
      });
      return (await client.getAccessToken()).token;
    });
    const info = emulator.tokenInfo(token ?? "");
    assert.deepEqual([info?.kind, info?.principal], ["service_account", emulator.serviceAccount]);
    assert.deepEqual(emulator.requests.map((r) => r.route), ["oauth2Token"]);
  } finally {
    await emulator.close();
  }
});
