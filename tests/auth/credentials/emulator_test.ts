// End to end against the emulator: the exact file the step writes, used by loadCredentials() in
// a later process (as a later workflow step would), and access + ID tokens of every source,
// side by side against one emulator; ID tokens verify against the emulator's Google JWKS.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import { promisify } from "node:util";
import { createRemoteJWKSet, jwtVerify } from "jose";
import {
  authenticate,
  type Credentials,
  credentialsFromJson,
  loadCredentials,
} from "../../../auth/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";

const run = promisify(execFile);
const AUDIENCE = "https://service.example.run.app";

const LATER_STEP = `
import { loadCredentials } from ${JSON.stringify(resolve("auth/mod.ts"))};
const credentials = await loadCredentials();
const [access, id] = await Promise.all([
  credentials.getAccessToken(),
  credentials.getIdToken(${JSON.stringify(AUDIENCE)}, { includeEmail: true }),
]);
console.log(JSON.stringify({ type: credentials.type, projectId: credentials.projectId, access: access.token, id: id.token }));
`;

Deno.test("credentials end to end against the emulator", async (t) => {
  const emulator = await startEmulator();
  const jwks = createRemoteJWKSet(new URL(emulator.googleCertsUrl));
  const dir = await mkdtemp(join(tmpdir(), "creds-e2e-"));
  const principal = (token: string) => emulator.tokenInfo(token)?.principal;
  async function idClaims(token: string, audience = AUDIENCE) {
    const { payload } = await jwtVerify(token, jwks, { audience });
    return payload;
  }
  try {
    await t.step(
      "a later step loads the step's credentials file from GOOGLE_APPLICATION_CREDENTIALS",
      async () => {
        const step = await authenticate({
          workloadIdentityProvider: emulator.provider,
          serviceAccount: emulator.serviceAccount,
          oidcRequest: emulator.oidcRequest,
          endpoints: emulator.endpoints,
        });
        const path = join(dir, "gha-creds-0123456789abcdef.json");
        await writeFile(path, JSON.stringify(step.credentialsFile), { mode: 0o600, flag: "wx" });
        const script = join(dir, "later_step.ts");
        await writeFile(script, LATER_STEP);
        const { stdout } = await run(
          Deno.execPath(),
          [
            "run",
            "--no-check",
            `--config=${resolve("deno.json")}`,
            "--allow-read",
            "--allow-env",
            "--allow-net=127.0.0.1",
            script,
          ],
          {
            env: {
              PATH: process.env.PATH ?? "",
              NO_COLOR: "1",
              GOOGLE_APPLICATION_CREDENTIALS: path,
            },
            timeout: 30_000,
          },
        );
        const later = JSON.parse(stdout) as Record<string, string>;
        assert.equal(later.type, "external_account");
        assert.equal(later.projectId, "emulated-project");
        assert.equal(principal(later.access!), emulator.serviceAccount);
        const claims = await idClaims(later.id!);
        assert.equal(claims.email, emulator.serviceAccount);
      },
    );

    const sources: [string, () => Promise<Credentials>, string | undefined][] = [
      [
        "service_account",
        async () => credentialsFromJson(await emulator.serviceAccountKey()),
        emulator.serviceAccount,
      ],
      [
        "authorized_user",
        async () => credentialsFromJson(await emulator.authorizedUser()),
        undefined,
      ],
      [
        "impersonated_service_account",
        async () => credentialsFromJson(await emulator.impersonatedServiceAccount()),
        emulator.serviceAccount,
      ],
      [
        "metadata_server",
        () => loadCredentials({ env: { GCE_METADATA_HOST: emulator.metadataHost } }),
        undefined,
      ],
    ];
    await t.step("every source mints access and ID tokens (side by side)", async () => {
      await Promise.all(sources.map(async ([type, make, serviceAccount]) => {
        const credentials = await make();
        assert.equal(credentials.type, type);
        const [access, id] = await Promise.all([
          credentials.getAccessToken(),
          credentials.getIdToken(AUDIENCE),
        ]);
        const info = emulator.tokenInfo(access.token);
        assert.ok(info !== undefined, `${type}: the emulator issued the access token`);
        if (serviceAccount !== undefined) assert.equal(info.principal, serviceAccount, type);
        assert.ok(access.expiresAt.getTime() > Date.now(), type);
        // A user's ID token is for the OAuth client, whatever the audience asked for (Google's
        // behaviour for user credentials; gcloud auth print-identity-token does the same).
        const audience = type === "authorized_user"
          ? JSON.parse(await emulator.authorizedUser()).client_id
          : AUDIENCE;
        const claims = await idClaims(id.token, audience);
        assert.equal(id.expiresAt.getTime(), claims.exp! * 1000, type);
        // The cached tokens come back without another request.
        const before = emulator.requests.length;
        await credentials.getAccessToken();
        await credentials.getIdToken(AUDIENCE);
        assert.equal(emulator.requests.length, before, type);
      }));
    });

    await t.step("a 401 from an API refreshes the token once (authorized fetch)", async () => {
      const credentials = credentialsFromJson(await emulator.authorizedUser());
      const seen: string[] = [];
      const api = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
        seen.push(request.headers.get("authorization") ?? "");
        return new Response(seen.length === 1 ? "stale" : "ok", {
          status: seen.length === 1 ? 401 : 200,
        });
      });
      try {
        const response = await credentials.fetch(`http://127.0.0.1:${api.addr.port}/v1/things`);
        assert.equal(await response.text(), "ok");
        assert.equal(seen.length, 2);
        assert.notEqual(seen[0], seen[1]);
        assert.ok(emulator.tokenInfo(seen[1]!.slice("Bearer ".length)) !== undefined);
      } finally {
        await api.shutdown();
      }
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
    await emulator.close();
  }
});
