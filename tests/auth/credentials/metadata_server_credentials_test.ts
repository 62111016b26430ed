// metadataServerCredentials(): the credentials loadCredentials() finds on the metadata server
// (against the emulator), made without a probe or a file, with one request while loading.
import assert from "node:assert/strict";
import { loadCredentials, metadataServerCredentials } from "../../../auth/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";

Deno.test("metadataServerCredentials() makes what loadCredentials() finds on the metadata server, against the emulator", async () => {
  await using emulator = await startEmulator();
  const env = { GCE_METADATA_HOST: emulator.metadataHost };
  const from = emulator.requests.length;
  const credentials = await metadataServerCredentials({ env });
  // Loading asks for the project id, and nothing else.
  assert.deepEqual(
    emulator.requests.slice(from).map((request) => request.path),
    ["/computeMetadata/v1/project/project-id"],
  );
  const found = await loadCredentials({ env });
  for (const made of [credentials, found]) {
    assert.equal(made.type, "metadata_server");
    assert.equal(made.projectId, "emulated-project");
    const access = await made.getAccessToken();
    assert.equal(emulator.tokenInfo(access.token)?.principal, emulator.serviceAccount);
    assert.equal(await made.getServiceAccountEmail(), emulator.serviceAccount);
  }
});

Deno.test("metadataServerCredentials() looks at no file and no other variable: GCE_METADATA_HOST, else 169.254.169.254", async () => {
  const asked: string[] = [];
  const fetch = (url: Request | URL | string) => {
    asked.push(new URL(String(url)).origin);
    return Promise.resolve(new Response("p", { headers: { "metadata-flavor": "Google" } }));
  };
  const env = { GOOGLE_APPLICATION_CREDENTIALS: "/no/such/file.json", HOME: "/home/me" };
  const credentials = await metadataServerCredentials({ env, fetch });
  assert.equal(credentials.projectId, "p");
  await metadataServerCredentials({ env: { GCE_METADATA_HOST: "127.0.0.1:8080" }, fetch });
  assert.deepEqual(asked, ["http://169.254.169.254", "http://127.0.0.1:8080"]);
});

Deno.test("metadataServerCredentials() without a server is ERR_METADATA_REQUEST_FAILED; its signal bounds loading only", async () => {
  await assert.rejects(
    metadataServerCredentials({
      env: { GCE_METADATA_HOST: "127.0.0.1:1" },
      fetch: () => Promise.reject(new TypeError("connection refused")),
      retry: { attempts: 1 },
    }),
    { name: "GoogleApiError", code: "ERR_METADATA_REQUEST_FAILED", status: 0 },
  );
  const loading = new AbortController();
  const credentials = await metadataServerCredentials({
    env: { GCE_METADATA_HOST: "metadata.test" },
    signal: loading.signal,
    fetch: (url) =>
      Promise.resolve(
        String(url).endsWith("/project-id")
          ? new Response("p")
          : Response.json({ access_token: "ya29.after", expires_in: 3600 }),
      ),
  });
  loading.abort();
  assert.equal((await credentials.getAccessToken()).token, "ya29.after");
});
