// gcloud and the Python google-auth bundled with it against the emulator, offline: a Direct WIF
// external_account file (gcloud adds its own OAuth client at STS and introspects the token), an
// external_account_authorized_user file, impersonation through a delegate given as a bare email
// (access and ID tokens), `gcloud storage` reading the Cloud Storage stand-in, and Python's IAM ID
// token flow (useEmailAzp as "true"), its verification against oauth2/v1/certs and its
// impersonated_credentials with bare delegates. Every gcloud endpoint is overridden to the
// emulator, and HTTP(S)_PROXY names a loopback proxy that refuses and records whatever else would
// leave the machine: the test fails if anything reached it. Skipped, saying so, where gcloud is
// not on the PATH. The gcloud commands run in one process (tests/support/gcloud.ts).
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import type { Emulator } from "../../emulator/mod.ts";
import {
  GCLOUD_CLIENT,
  githubToken,
  oidcAudience,
  withEmulator,
} from "../../tools/emulator_calls.ts";
import { startForwardProxy } from "../../tools/forward_proxy.ts";
import { GCLOUD_MISSING, skippedWhen } from "../support/skip.ts";
import { gcloudSdk, offlineGcloudEnv, runGcloud } from "../support/gcloud.ts";

const PROJECT = "emulated-project.iam.gserviceaccount.com";
const [SOURCE, MIDDLE, TARGET] = ["src", "mid", "target"].map((name) => `${name}@${PROJECT}`) as [
  string,
  string,
  string,
];
const CREATOR = "roles/iam.serviceAccountTokenCreator";
const AUDIENCE = "https://svc.example.run.app";

async function run(command: string, args: string[], env: Record<string, string>) {
  const { success, stdout, stderr } = await new Deno.Command(command, {
    args,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(stdout).trim();
  assert.ok(success, `${args.join(" ")}: ${new TextDecoder().decode(stderr).slice(0, 1500)}`);
  return text;
}

async function files(emulator: Emulator, dir: string) {
  const token = await githubToken(emulator, oidcAudience(emulator));
  await Deno.writeTextFile(`${dir}/token`, `${token}\n`);
  const wif = {
    universe_domain: "googleapis.com",
    type: "external_account",
    audience: `//iam.googleapis.com/${emulator.provider}`,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: `${emulator.endpoints.sts}/token`,
    credential_source: { file: `${dir}/token` },
    token_info_url: `${emulator.endpoints.sts}/introspect`,
  };
  await Deno.writeTextFile(`${dir}/wif.json`, JSON.stringify(wif));
  await Deno.writeTextFile(`${dir}/key.json`, await emulator.serviceAccountKey(SOURCE));
  await Deno.writeTextFile(
    `${dir}/workforce_user.json`,
    await emulator.externalAccountAuthorizedUser({ subject: "alice@idp.example" }),
  );
  await Deno.writeTextFile(
    `${dir}/python.json`,
    JSON.stringify({
      wifFile: `${dir}/wif.json`,
      keyFile: `${dir}/key.json`,
      iamBase: emulator.endpoints.iamcredentials,
      pemCertsUrl: emulator.googlePemCertsUrl,
      target: TARGET,
      audience: AUDIENCE,
      delegates: [MIDDLE],
    }),
  );
}

Deno.test(skippedWhen(GCLOUD_MISSING, {
  name: "gcloud and Python google-auth get tokens from the emulator, with nothing leaving loopback",
  async fn(t) {
    const proxy = await startForwardProxy({ hosts: {}, refuseWith: 403 });
    const dir = await Deno.makeTempDir();
    try {
      await withEmulator({
        serviceAccounts: [SOURCE, MIDDLE, TARGET],
        bindings: [
          { serviceAccount: MIDDLE, role: CREATOR, members: [`serviceAccount:${SOURCE}`] },
          {
            serviceAccount: TARGET,
            role: CREATOR,
            members: [`serviceAccount:${MIDDLE}`, `serviceAccount:${SOURCE}`],
          },
        ],
      }, async (emulator) => {
        await files(emulator, dir);
        // gcloud's offline environment, its calls sent to the emulator, anything else to a proxy
        // that refuses and records it.
        const env = {
          ...offlineGcloudEnv(dir),
          CLOUDSDK_AUTH_TOKEN_HOST: `${emulator.endpoints.oauth2}/token`,
          CLOUDSDK_API_ENDPOINT_OVERRIDES_IAMCREDENTIALS: `${emulator.url}/iamcredentials/`,
          CLOUDSDK_API_ENDPOINT_OVERRIDES_STS: `${emulator.url}/sts/`,
          CLOUDSDK_API_ENDPOINT_OVERRIDES_STORAGE: `${emulator.endpoints.storage}/`,
          HTTPS_PROXY: proxy.url,
          HTTP_PROXY: proxy.url,
          https_proxy: proxy.url,
          http_proxy: proxy.url,
          NO_PROXY: "127.0.0.1",
          no_proxy: "127.0.0.1",
        };
        const chain = `--impersonate-service-account=${MIDDLE},${TARGET}`;
        const object = "gs://emulated-bucket/hello.txt";
        const withFile = (file: string, ...args: string[]) => ({
          args,
          env: { CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: `${dir}/${file}` },
        });
        // One gcloud process for every command (tests/support/gcloud.ts), so the requests are
        // told apart by route, not by when they came.
        const from = emulator.requests.length;
        const [wifToken, userToken, impersonated, id, described, content] = (await runGcloud([
          withFile("wif.json", "auth", "print-access-token"),
          withFile("workforce_user.json", "auth", "print-access-token"),
          withFile("key.json", "auth", "print-access-token", chain),
          withFile(
            "key.json",
            "auth",
            "print-identity-token",
            `--audiences=${AUDIENCE}`,
            "--include-email",
            chain,
          ),
          withFile("key.json", "storage", "objects", "describe", object),
          withFile("key.json", "storage", "cat", object),
        ], env)).map((output) => output.trim()) as [string, string, string, string, string, string];
        const requests = emulator.requests.slice(from);

        await t.step(
          "gcloud: a Direct WIF external_account file (STS, then introspection)",
          () => {
            assert.equal(emulator.tokenInfo(wifToken)?.kind, "federated");
            const exchange = requests.find((r) => r.route === "sts")!;
            assert.equal(
              exchange.headers.authorization,
              `Basic ${btoa(`${GCLOUD_CLIENT.id}:${GCLOUD_CLIENT.secret}`)}`,
            );
            assert.ok(requests.some((r) => r.route === "stsIntrospect"), "gcloud introspects");
          },
        );

        await t.step("gcloud: an external_account_authorized_user file", () => {
          assert.match(
            emulator.tokenInfo(userToken)!.principal,
            /workforcePools\/.*\/subject\/alice@idp\.example$/,
          );
        });

        await t.step("gcloud: impersonation through a delegate given as a bare email", () => {
          assert.equal(emulator.tokenInfo(impersonated)?.principal, TARGET);
          const call = requests.find((r) => r.route === "generateAccessToken")!;
          assert.deepEqual(JSON.parse(call.body).delegates, [MIDDLE]);
          assert.deepEqual([decodeJwt(id).aud, decodeJwt(id).email], [AUDIENCE, TARGET]);
        });

        await t.step("gcloud storage: objects describe, and cat from the mediaLink", () => {
          assert.match(described, /^size: 24$/m);
          // Without the object's mediaLink, gcloud 528 crashed in cat, in apitools ("TypeError:
          // endswith first arg must be bytes").
          assert.equal(content, "Hello from the emulator");
          const reads = requests.filter((r) => r.route === "storage");
          assert.ok(reads.some((r) => r.url.includes("/download/storage/v1/")), "the media link");
        });

        await t.step(
          "Python google-auth: Direct WIF, useEmailAzp, v1 certs, bare delegates",
          async () => {
            const { python, thirdParty: path } = gcloudSdk();
            const out = JSON.parse(
              await run(python, [
                new URL("../support/google_auth_python.py", import.meta.url).pathname,
                `${dir}/python.json`,
              ], {
                ...env,
                PYTHONPATH: path,
              }),
            );
            assert.equal(emulator.tokenInfo(out.wifToken)?.kind, "federated");
            assert.deepEqual([out.claims.azp, out.claims.email, out.claims.aud], [
              TARGET,
              TARGET,
              AUDIENCE,
            ]);
            assert.equal(emulator.tokenInfo(out.delegatedToken)?.principal, TARGET);
            const idCall = emulator.requests.findLast((r) => r.route === "generateIdToken")!;
            assert.deepEqual(JSON.parse(idCall.body), {
              audience: AUDIENCE,
              includeEmail: "true",
              useEmailAzp: "true",
            });
          },
        );
      });
      assert.deepEqual(proxy.requests, [], "a request left loopback");
    } finally {
      await proxy.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
}));
