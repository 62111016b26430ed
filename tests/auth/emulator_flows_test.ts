// Every flow against the shared emulator (emulator/mod.ts), when it exists: WIF direct and with a
// service account, key mode, delegation, request reasons on every Google call, and transport
// faults over real sockets. Only the emulator's documented interface is used.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { authenticate, type AuthenticateOptions, GoogleApiError } from "../../auth/mod.ts";

const EMULATOR = new URL("../../emulator/mod.ts", import.meta.url);
const ignore = !existsSync(EMULATOR);

// deno-lint-ignore no-explicit-any
type Emulator = any;

async function start(): Promise<Emulator> {
  const { startEmulator } = await import(EMULATOR.href);
  return await startEmulator();
}

function endpoints(emu: Emulator): AuthenticateOptions["endpoints"] {
  const result: Record<string, string> = {};
  for (const service of ["iam", "iamcredentials", "oauth2", "sts", "www"]) {
    const value = emu.env[`GHA_ENDPOINT_OVERRIDE_${service}`];
    if (value) result[service] = value;
  }
  return result;
}

function wif(emu: Emulator, extra: Partial<AuthenticateOptions> = {}): AuthenticateOptions {
  return {
    workloadIdentityProvider: emu.provider,
    serviceAccount: emu.serviceAccount,
    oidcRequest: {
      url: emu.env.ACTIONS_ID_TOKEN_REQUEST_URL,
      token: emu.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN,
    },
    endpoints: endpoints(emu),
    ...extra,
  };
}

async function keyJson(emu: Emulator): Promise<string> {
  const key = await emu.serviceAccountKey();
  return typeof key === "string" ? key : JSON.stringify(key);
}

// deno-lint-ignore no-explicit-any
function headerOf(request: any, name: string): string | undefined {
  const headers = request.headers;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(", ") : String(value);
  }
  return undefined;
}

Deno.test({
  name: "authenticate() runs every flow against the emulator",
  ignore,
  fn: async (t) => {
    const emu = await start();
    try {
      await t.step("Direct WIF auth token, and access token = federated token", async () => {
        const auth = await authenticate(wif(emu, { serviceAccount: undefined }));
        assert.ok(auth.authToken);
        const access = await authenticate(
          wif(emu, { serviceAccount: undefined, tokenFormat: "access_token" }),
        );
        assert.equal(access.accessToken, access.authToken);
        assert.ok(access.accessTokenExpiresAt instanceof Date);
      });
      await t.step(
        "WIF + service account access token, custom lifetime, scopes, delegates",
        async () => {
          const result = await authenticate(wif(emu, {
            tokenFormat: "access_token",
            accessTokenLifetimeSeconds: 1200,
            accessTokenScopes: ["https://www.googleapis.com/auth/cloud-platform.read-only"],
          }));
          assert.ok(result.accessToken && result.accessToken !== result.authToken);
          const seconds = (result.accessTokenExpiresAt!.getTime() - Date.now()) / 1000;
          assert.ok(seconds > 1100 && seconds <= 1200, `expires in ${seconds} s`);
        },
      );
      await t.step("WIF + service account ID token with and without email", async () => {
        for (const idTokenIncludeEmail of [true, false]) {
          const result = await authenticate(wif(emu, {
            tokenFormat: "id_token",
            idTokenAudience: "https://svc.example",
            idTokenIncludeEmail,
          }));
          const claims = JSON.parse(
            atob(result.idToken!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")),
          );
          assert.equal(claims.aud, "https://svc.example");
          assert.equal(claims.email !== undefined, idTokenIncludeEmail);
        }
      });
      await t.step("key mode: none, access token, ID token", async () => {
        const credentialsJson = await keyJson(emu);
        const none = await authenticate({ credentialsJson, endpoints: endpoints(emu) });
        assert.equal(none.credentialsFile.type, "service_account");
        const access = await authenticate({
          credentialsJson,
          endpoints: endpoints(emu),
          tokenFormat: "access_token",
        });
        assert.ok(access.accessToken);
        const id = await authenticate({
          credentialsJson,
          endpoints: endpoints(emu),
          tokenFormat: "id_token",
          idTokenAudience: "https://svc.example",
        });
        assert.ok(id.idToken);
      });
      await t.step("domain-wide delegation in both modes", async () => {
        const wifDwd = await authenticate(
          wif(emu, { tokenFormat: "access_token", accessTokenSubject: "admin@example.com" }),
        );
        assert.ok(wifDwd.accessToken);
        const keyDwd = await authenticate({
          credentialsJson: await keyJson(emu),
          endpoints: endpoints(emu),
          tokenFormat: "access_token",
          accessTokenSubject: "admin@example.com",
        });
        assert.ok(keyDwd.accessToken);
      });
      await t.step("request reason on every Google call", async () => {
        const before = emu.requests.length;
        await authenticate(wif(emu, { tokenFormat: "access_token", requestReason: "emu-check" }));
        await authenticate(
          wif(emu, {
            tokenFormat: "access_token",
            accessTokenSubject: "a@example.com",
            requestReason: "emu-check",
          }),
        );
        const oidcPath = new URL(emu.env.ACTIONS_ID_TOKEN_REQUEST_URL).pathname;
        // deno-lint-ignore no-explicit-any
        const google = emu.requests.slice(before).filter((r: any) =>
          !String(r.url ?? r.path ?? "").includes(oidcPath)
        );
        assert.equal(google.length, 5);
        for (const request of google) {
          assert.equal(headerOf(request, "x-goog-request-reason"), "emu-check");
        }
      });
      await t.step("a missing role fails once with status 403", async () => {
        const error = await authenticate(wif(emu, {
          serviceAccount: "nobody@unknown-proj.iam.gserviceaccount.com",
          tokenFormat: "access_token",
        })).then(() => undefined, (e) => e);
        assert.ok(error instanceof GoogleApiError, String(error));
        assert.equal(error.code, "ERR_IAM_ACCESS_TOKEN_FAILED");
        assert.ok(error.status === 403 || error.status === 404, `status ${error.status}`);
      });
      await t.step("a wrong audience is rejected by STS", async () => {
        const error = await authenticate(wif(emu, { audience: "https://wrong.example" })).then(
          () => undefined,
          (e) => e,
        );
        assert.ok(error instanceof GoogleApiError, String(error));
        assert.equal(error.code, "ERR_STS_EXCHANGE_FAILED");
      });
      await t.step("transport faults are retried over real sockets", async () => {
        for (const route of ["oidc", "sts", "generateAccessToken"]) {
          for (
            const fault of [{ status: 503, times: 1 }, { reset: true, times: 1 }, {
              truncate: true,
              times: 1,
            }, { status: 429, headers: { "retry-after": "0" }, times: 1 }]
          ) {
            emu.injectFault(route, fault);
            const result = await authenticate(
              wif(emu, { tokenFormat: "access_token", timeoutMs: 2000 }),
            );
            assert.ok(result.accessToken, `${route} ${JSON.stringify(fault)}`);
            emu.clearFaults();
          }
        }
      });
    } finally {
      await emu.close();
    }
  },
});
