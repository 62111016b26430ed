// externalAccountCredentials(): the same credentials as credentialsFromJson() makes of an
// external_account file (the step's own, against the emulator), every other type refused before
// any call, and credentialsFromJson()'s options (refuseLocalSources, suppliers) kept.
import assert from "node:assert/strict";
import { createRemoteJWKSet, jwtVerify } from "jose";
import {
  authenticate,
  type Credentials,
  credentialsFromJson,
  externalAccountCredentials,
} from "../../../auth/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import { NO_CALL } from "../../support/fake_fetch.ts";

const AUDIENCE = "https://service.example.run.app";
const POOL_AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x";

/** The emulator's POST requests (STS, IAM Credentials) without their bodies' tokens. */
function requestShapes(requests: readonly { method: string; path: string; body: string }[]) {
  return requests.filter(({ method }) => method === "POST").map(({ path, body }) => {
    const json = JSON.parse(body) as Record<string, unknown>;
    return { path, fields: Object.keys(json).sort(), audience: json.audience ?? json.scope };
  });
}

Deno.test("externalAccountCredentials() makes what credentialsFromJson() makes of the step's file, against the emulator", async () => {
  await using emulator = await startEmulator();
  const jwks = createRemoteJWKSet(new URL(emulator.googleCertsUrl));
  const step = await authenticate({
    workloadIdentityProvider: emulator.provider,
    serviceAccount: emulator.serviceAccount,
    oidcRequest: emulator.oidcRequest,
    endpoints: emulator.endpoints,
  });
  const file = step.credentialsFile;
  const made: [string, Credentials][] = [
    ["credentialsFromJson", credentialsFromJson(file)],
    ["externalAccountCredentials, object", externalAccountCredentials(file)],
    ["externalAccountCredentials, JSON text", externalAccountCredentials(JSON.stringify(file))],
  ];
  const seen = [];
  for (const [name, credentials] of made) {
    const from = emulator.requests.length;
    const access = await credentials.getAccessToken();
    const id = await credentials.getIdToken(AUDIENCE, { includeEmail: true });
    assert.equal(emulator.tokenInfo(access.token)?.principal, emulator.serviceAccount, name);
    const { payload } = await jwtVerify(id.token, jwks, { audience: AUDIENCE });
    assert.equal(payload.email, emulator.serviceAccount, name);
    const { type, projectId, universeDomain, quotaProjectId, serviceAccountEmail } = credentials;
    seen.push({
      facts: { type, projectId, universeDomain, quotaProjectId, serviceAccountEmail },
      requests: requestShapes(emulator.requests.slice(from)),
    });
  }
  // An exchange and an access token, an exchange and an ID token.
  assert.equal(seen[0]!.requests.length, 4);
  assert.deepEqual(seen[1], seen[0]);
  assert.deepEqual(seen[2], seen[0]);
});

Deno.test("externalAccountCredentials() refuses every other type with ERR_CREDENTIALS_WRONG_TYPE, before any call", () => {
  const others = [
    { type: "service_account", client_email: "a@b.iam.gserviceaccount.com", private_key: "x" },
    { type: "authorized_user", client_id: "c", client_secret: "s", refresh_token: "r" },
    { type: "impersonated_service_account", source_credentials: {} },
    { type: "external_account_authorized_user", audience: POOL_AUDIENCE, refresh_token: "r" },
    { type: "made_up" },
  ];
  for (const other of others) {
    for (const given of [other, JSON.stringify(other)]) {
      assert.throws(() => externalAccountCredentials(given, { fetch: NO_CALL }), {
        name: "CredentialsError",
        code: "ERR_CREDENTIALS_WRONG_TYPE",
        message:
          `Cannot use credentials JSON (credentials): "type" is "${other.type}", and externalAccountCredentials() makes external_account credentials only`,
      }, other.type);
    }
  }
});

Deno.test("externalAccountCredentials() takes credentialsFromJson()'s options: refuseLocalSources, a supplier, readFile", async () => {
  const config = {
    type: "external_account",
    audience: POOL_AUDIENCE,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
  };
  assert.throws(
    () =>
      externalAccountCredentials({ ...config, credential_source: { file: "/var/run/token" } }, {
        refuseLocalSources: true,
      }),
    { code: "ERR_CREDENTIALS_SOURCE_REFUSED" },
  );
  const subjectTokens: string[] = [];
  const fetch = (_url: Request | URL | string, init?: RequestInit) => {
    subjectTokens.push(JSON.parse(String(init?.body)).subjectToken);
    return Promise.resolve(Response.json({ access_token: "ya29.federated", expires_in: 3600 }));
  };
  const supplied = externalAccountCredentials(config, {
    subjectTokenSupplier: { getSubjectToken: () => Promise.resolve("eyJ.supplied") },
    fetch,
  });
  const read = externalAccountCredentials({ ...config, credential_source: { file: "/t" } }, {
    readFile: (path) => Promise.resolve(path === "/t" ? "eyJ.from-file\n" : ""),
    fetch,
  });
  for (const credentials of [supplied, read]) {
    assert.equal((await credentials.getAccessToken()).token, "ya29.federated");
  }
  assert.deepEqual(subjectTokens, ["eyJ.supplied", "eyJ.from-file"]);
});
