// google-auth-library against the emulator, offline, with the recipes of docs/emulator.md: its
// clients built from the emulator's files with `transporterOptions.fetchImplementation` set to
// `emulator.fetch` (the library posts to Google's fixed token URL whatever a key file says, and
// looks an external_account's project up at Cloud Resource Manager), and Application Default
// Credentials on the emulated metadata server in a process whose environment is `emulator.env`.
import assert from "node:assert/strict";
import {
  IdentityPoolClient,
  Impersonated,
  JWT,
  OAuth2Client,
  UserRefreshClient,
} from "google-auth-library";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { authenticate } from "../../auth/mod.ts";
import type { Emulator } from "../../emulator/mod.ts";
import { withEmulator } from "../../tools/emulator_calls.ts";

const CLOUD_PLATFORM = "https://www.googleapis.com/auth/cloud-platform";

async function verifyIdToken(emulator: Emulator, token: string, audience: string) {
  return (await jwtVerify(token, createRemoteJWKSet(new URL(emulator.googleCertsUrl)), {
    issuer: "https://accounts.google.com",
    audience,
  })).payload;
}

Deno.test("google-auth-library gets access and ID tokens with an emulator key through emulator.fetch", async () => {
  await withEmulator({}, async (emulator) => {
    const key = JSON.parse(await emulator.serviceAccountKey());
    const client = new JWT({
      email: key.client_email,
      key: key.private_key,
      keyId: key.private_key_id,
      scopes: [CLOUD_PLATFORM],
      transporterOptions: { fetchImplementation: emulator.fetch },
    });
    const token = (await client.getAccessToken()).token ?? "";
    const info = emulator.tokenInfo(token);
    assert.deepEqual([info?.kind, info?.principal], ["service_account", emulator.serviceAccount]);
    const idToken = await client.fetchIdToken("https://run.example");
    const claims = await verifyIdToken(emulator, idToken, "https://run.example");
    assert.equal(claims.email, emulator.serviceAccount);
    assert.deepEqual(emulator.requests.map((r) => r.path), [
      "/oauth2/token",
      "/oauth2/token",
      "/www/oauth2/v3/certs",
    ]);
  });
});

Deno.test("google-auth-library refreshes an emulator authorized_user file through emulator.fetch", async () => {
  await withEmulator({}, async (emulator) => {
    const file = JSON.parse(await emulator.authorizedUser({ quotaProjectId: "billing" }));
    const client = new UserRefreshClient({
      clientId: file.client_id,
      clientSecret: file.client_secret,
      refreshToken: file.refresh_token,
      quotaProjectId: file.quota_project_id,
      transporterOptions: { fetchImplementation: emulator.fetch },
    });
    const token = (await client.getAccessToken()).token ?? "";
    assert.equal(emulator.tokenInfo(token)?.principal, "developer@example.com");
    assert.equal((await client.getRequestHeaders()).get("x-goog-user-project"), "billing");
    const form = new URLSearchParams(emulator.requests[0]!.body);
    assert.deepEqual([...form.keys()].sort(), [
      "client_id",
      "client_secret",
      "grant_type",
      "refresh_token",
    ]);
  });
});

Deno.test("google-auth-library finds an external_account file's project at the emulated Cloud Resource Manager", async () => {
  await withEmulator({}, async (emulator) => {
    const { credentialsFile } = await authenticate({
      workloadIdentityProvider: emulator.provider,
      serviceAccount: emulator.serviceAccount,
      oidcRequest: emulator.oidcRequest,
      endpoints: emulator.endpoints,
    });
    const client = new IdentityPoolClient(
      {
        ...credentialsFile,
        transporterOptions: { fetchImplementation: emulator.fetch },
      } as ConstructorParameters<typeof IdentityPoolClient>[0],
    );
    assert.equal(await client.getProjectId(), "emulated-project");
    const lookup = emulator.requests.at(-1)!;
    assert.equal(lookup.route, "projects");
    assert.equal(lookup.path, "/cloudresourcemanager/v1/projects/123456789012");
    // Or with cloud_resource_manager_url naming the emulator, and the library's own transport.
    const named = new IdentityPoolClient(
      {
        ...credentialsFile,
        cloud_resource_manager_url: `${emulator.endpoints.cloudresourcemanager}/projects/`,
      } as ConstructorParameters<typeof IdentityPoolClient>[0],
    );
    const before = emulator.requests.length;
    assert.equal(await named.getProjectId(), "emulated-project");
    assert.equal(emulator.requests.at(-1)!.route, "projects");
    assert.ok(emulator.requests.length > before);
  });
});

Deno.test("google-auth-library ADC uses the emulated metadata server with emulator.env", async () => {
  await withEmulator({}, async (emulator) => {
    const home = await Deno.makeTempDir();
    try {
      const { stdout, stderr, success } = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--quiet",
          new URL("../support/adc_metadata.ts", import.meta.url).pathname,
        ],
        clearEnv: true,
        env: { ...emulator.env, HOME: home, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.ok(success, new TextDecoder().decode(stderr).slice(0, 2000));
      const found = JSON.parse(new TextDecoder().decode(stdout));
      assert.equal(found.client, "Compute");
      assert.equal(emulator.tokenInfo(found.token)?.principal, emulator.serviceAccount);
      assert.equal(found.projectId, "emulated-project");
      assert.equal(found.email, emulator.serviceAccount);
      assert.equal(found.universe, "googleapis.com");
      const routes = new Set(emulator.requests.map((r) => r.route));
      assert.deepEqual([...routes].sort(), ["metadata", "metadataIdentity", "metadataToken"]);
      assert.ok(emulator.requests.every((r) => r.headers["metadata-flavor"] === "Google"));
      const claims = await verifyIdToken(emulator, found.idToken, "https://run.example");
      assert.equal(
        (claims.google as { compute_engine: { project_id: string } }).compute_engine.project_id,
        "emulated-project",
      );
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  });
});

Deno.test("google-auth-library: Impersonated with a bare delegate, fetchIdToken's useEmailAzp, verifyIdToken on v1 certs", async () => {
  const [source, middle, target] = ["src", "mid", "target"].map((name) =>
    `${name}@emulated-project.iam.gserviceaccount.com`
  ) as [string, string, string];
  const creator = "roles/iam.serviceAccountTokenCreator";
  await withEmulator({
    serviceAccounts: [source, middle, target],
    bindings: [
      { serviceAccount: middle, role: creator, members: [`serviceAccount:${source}`] },
      { serviceAccount: target, role: creator, members: [`serviceAccount:${middle}`] },
    ],
  }, async (emulator) => {
    const key = JSON.parse(await emulator.serviceAccountKey(source));
    const transporterOptions = { fetchImplementation: emulator.fetch };
    const sourceClient = new JWT({
      email: key.client_email,
      key: key.private_key,
      scopes: [CLOUD_PLATFORM],
      transporterOptions,
    });
    const impersonated = new Impersonated({
      sourceClient,
      targetPrincipal: target,
      delegates: [middle], // a bare email, as gcloud, Python and Go send them
      targetScopes: [CLOUD_PLATFORM],
      transporterOptions,
    });
    const token = (await impersonated.getAccessToken()).token ?? "";
    assert.equal(emulator.tokenInfo(token)?.principal, target);
    const idToken = await impersonated.fetchIdToken("https://run.example");
    const idCall = emulator.requests.findLast((r) => r.route === "generateIdToken")!;
    assert.deepEqual(JSON.parse(idCall.body), {
      delegates: [middle],
      audience: "https://run.example",
      includeEmail: true,
      useEmailAzp: true,
    });
    // OAuth2Client.verifyIdToken() reads the PEM certificates of oauth2/v1/certs outside browsers.
    const verifier = new OAuth2Client({ transporterOptions });
    const ticket = await verifier.verifyIdToken({ idToken, audience: "https://run.example" });
    const payload = ticket.getPayload()!;
    assert.deepEqual([payload.azp, payload.email], [target, target]);
    assert.ok(emulator.requests.some((r) => r.path === "/www/oauth2/v1/certs"));
  });
});
