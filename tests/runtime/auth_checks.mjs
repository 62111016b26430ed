// Behaviour checks of auth/ against the emulator that run unchanged in any runtime: Deno and Bun
// on the TypeScript sources, Node on the npm build. Plain JavaScript, only node:assert/strict and
// node:net (for a closed port). The default export starts the emulator, runs a few flows, closes
// it and returns how many checks passed; the first failure throws.
import assert from "node:assert/strict";
import { createServer } from "node:net";

/**
 * The endpoint overrides the emulator exports as GHA_ENDPOINT_OVERRIDE_<service>.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
function endpointsFrom(env) {
  /** @type {Record<string, string>} */
  const endpoints = {};
  for (const service of ["iam", "iamcredentials", "oauth2", "sts", "www"]) {
    const value = env[`GHA_ENDPOINT_OVERRIDE_${service}`];
    if (value) endpoints[service] = value;
  }
  return endpoints;
}

/**
 * @param {any} value The emulator's key: JSON text or an object.
 * @returns {string}
 */
function keyJson(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Every text an error carries: message, hint, Google's message, its JSON, and each cause's
 * message and stack.
 *
 * @param {any} error
 * @returns {string}
 */
function textsOf(error) {
  const texts = [error.message, error.hint, error.googleMessage, JSON.stringify(error)];
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) {
    texts.push(cause.message, cause.stack ?? "");
  }
  return texts.join("\n");
}

/**
 * A loopback port nothing listens on: one a server had, closed again.
 *
 * @returns {Promise<number>}
 */
function closedPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {any} authMod The auth module namespace (`auth/mod.ts` or `npm/auth/mod.js`).
 * @param {any} emulatorMod The emulator module namespace.
 * @returns {Promise<number>} How many checks passed.
 */
export default async function check(authMod, emulatorMod) {
  const { authenticate, AuthError, exchangeToken, parseWorkloadIdentityProvider } = authMod;
  const emu = await emulatorMod.startEmulator();
  try {
    const endpoints = endpointsFrom(emu.env);
    const oidcRequest = {
      url: emu.env.ACTIONS_ID_TOKEN_REQUEST_URL,
      token: emu.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN,
    };
    /** @type {[string, () => Promise<void> | void][]} */
    const checks = [
      ["WIF + service account access token", async () => {
        /** @type {string[]} */
        const secrets = [];
        const result = await authenticate({
          workloadIdentityProvider: emu.provider,
          serviceAccount: emu.serviceAccount,
          oidcRequest,
          endpoints,
          tokenFormat: "access_token",
          requestReason: "runtime-check",
          onSecret: (/** @type {string} */ value) => secrets.push(value),
        });
        assert.equal(typeof result.accessToken, "string");
        assert.ok(result.accessToken.length > 0);
        assert.notEqual(result.accessToken, result.authToken);
        assert.ok(result.accessTokenExpiresAt instanceof Date);
        assert.equal(result.credentialsFile.type, "external_account");
        assert.ok(secrets.includes(result.accessToken) && secrets.includes(result.authToken));
      }],
      ["Direct WIF access token is the federated token", async () => {
        const result = await authenticate({
          workloadIdentityProvider: emu.provider,
          oidcRequest,
          endpoints,
          tokenFormat: "access_token",
        });
        assert.equal(result.accessToken, result.authToken);
        assert.equal(result.projectIdSource, "provider");
      }],
      ["key mode ID token", async () => {
        const credentialsJson = keyJson(await emu.serviceAccountKey());
        const result = await authenticate({
          credentialsJson,
          endpoints,
          tokenFormat: "id_token",
          idTokenAudience: "https://runtime-check.example",
          idTokenIncludeEmail: true,
        });
        assert.equal(result.idToken.split(".").length, 3);
        assert.equal(result.credentialsFile.type, "service_account");
        assert.equal(result.authToken.split(".").length, 3);
      }],
      ["a URL's password in any spelling is refused unsent and never quoted", async () => {
        const spellings = [
          "http:\\\\svc:url-password-1@127.0.0.1:9/v1/token",
          "http:/svc:url-password-1@127.0.0.1:9/v1/token",
          "http:svc:url-password-1@127.0.0.1:9/v1/token",
          "http://svc:url-pass\tword-1@127.0.0.1:9/v1/token",
          "ht\ttp://svc:url-password-1@127.0.0.1:9/v1/token",
        ];
        for (const tokenUrl of spellings) {
          await assert.rejects(
            exchangeToken({
              audience: `//iam.googleapis.com/${emu.provider}`,
              subjectToken: "subject-token-never-sent",
              tokenUrl,
              retry: { attempts: 1 },
            }),
            (/** @type {any} */ error) => {
              assert.ok(error instanceof AuthError, String(error));
              assert.match(error.message, /holds a user name or password/, tokenUrl);
              assert.doesNotMatch(textsOf(error), /url-pass|word-1/, tokenUrl);
              return true;
            },
          );
        }
      }],
      ["a network error's text holds no query of the request URL", async () => {
        /** @type {string[]} */
        const lines = [];
        const secret = "query-secret-0123456789";
        await assert.rejects(
          exchangeToken({
            audience: `//iam.googleapis.com/${emu.provider}`,
            subjectToken: "subject-token-of-the-call",
            tokenUrl: `http://127.0.0.1:${await closedPort()}/v1/token?sig=${secret}&x=1`,
            retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
            timeoutMs: 2000,
            log: { debug: (/** @type {string} */ line) => lines.push(line) },
          }),
          (/** @type {any} */ error) => {
            assert.ok(error instanceof AuthError, String(error));
            assert.equal(error.status, 0);
            assert.ok(
              !`${textsOf(error)}\n${lines.join("\n")}`.includes(secret),
              "the error or the debug log shows the query's secret",
            );
            return true;
          },
        );
      }],
      ["error codes", async () => {
        assert.throws(() => parseWorkloadIdentityProvider("projects/my-project/x"), (error) => {
          assert.ok(error instanceof AuthError);
          assert.equal(error.code, "ERR_PROVIDER_INVALID");
          return true;
        });
        await assert.rejects(
          authenticate({ credentialsJson: '{"type":"authorized_user"}' }),
          (/** @type {any} */ error) =>
            error instanceof AuthError && error.code === "ERR_KEY_UNSUPPORTED_TYPE",
        );
        await assert.rejects(
          authenticate({ workloadIdentityProvider: emu.provider, endpoints }),
          (/** @type {any} */ error) =>
            error.code === "ERR_OIDC_UNAVAILABLE" && /id-token: write/.test(error.hint),
        );
      }],
    ];
    let passed = 0;
    for (const [name, run] of checks) {
      try {
        await run();
      } catch (error) {
        throw new Error(`auth check "${name}" failed`, { cause: error });
      }
      passed++;
    }
    return passed;
  } finally {
    await emu.close();
  }
}
