// The credential configurations `gcloud iam workload-identity-pools create-cred-config` and
// `gcloud iam workforce-pools create-cred-config` write (run here, offline), used as they are with
// credentialsFromJson() against the emulator (emulator.fetch stands in for Google's hosts): file
// and URL sources, JSON formats and headers, impersonation with a lifetime, workforce pools with a
// user project; X.509 configurations stay ERR_CREDENTIALS_UNSUPPORTED (they need mutual TLS).
// Skipped, saying so, where gcloud is not on the PATH. The five commands run in one gcloud process
// (tests/support/gcloud.ts).
import assert from "node:assert/strict";
import { credentialsFromJson } from "../../../auth/mod.ts";
import { githubToken, oidcAudience, withEmulator } from "../../../tools/emulator_calls.ts";
import { GCLOUD_MISSING, skippedWhen } from "../../support/skip.ts";
import { runGcloud } from "../../support/gcloud.ts";

const SA = "ci@emulated-project.iam.gserviceaccount.com";
const CREATOR = "roles/iam.serviceAccountTokenCreator";

/**
 * Runs `gcloud <args> --output-file=<file>` offline for each of `commands`, all in one process,
 * and returns each file's JSON.
 */
async function createCredConfigs(
  dir: string,
  commands: string[][],
): Promise<Record<string, unknown>[]> {
  const files = commands.map((_, index) => `${dir}/config-${index}.json`);
  await runGcloud(
    commands.map((args, index) => ({ args: [...args, `--output-file=${files[index]}`] })),
    {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: dir,
      CLOUDSDK_CONFIG: `${dir}/gcloud`,
      CLOUDSDK_CORE_DISABLE_PROMPTS: "1",
      CLOUDSDK_CORE_DISABLE_USAGE_REPORTING: "true",
      CLOUDSDK_COMPONENT_MANAGER_DISABLE_UPDATE_CHECK: "true",
      // Nothing leaves the machine: a proxy that is not there.
      HTTPS_PROXY: "http://127.0.0.1:9",
      HTTP_PROXY: "http://127.0.0.1:9",
    },
  );
  return await Promise.all(files.map(async (file) => JSON.parse(await Deno.readTextFile(file))));
}

Deno.test(skippedWhen(GCLOUD_MISSING, {
  name: "the files gcloud create-cred-config writes get tokens from the emulator as they are",
  async fn(t) {
    const dir = await Deno.makeTempDir();
    try {
      await withEmulator({
        bindings: [{
          serviceAccount: SA,
          role: CREATOR,
          members: [
            "principalSet://iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/github/*",
            "principalSet://iam.googleapis.com/locations/global/workforcePools/emulated-workforce/*",
          ],
        }, {
          serviceAccount: SA,
          role: "roles/iam.workloadIdentityUser",
          members: [
            "principalSet://iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/github/*",
          ],
        }],
      }, async (emulator) => {
        const workload = [
          "iam",
          "workload-identity-pools",
          "create-cred-config",
          emulator.provider,
        ];
        const workforce = [
          "iam",
          "workforce-pools",
          "create-cred-config",
          emulator.workforceProvider,
          "--workforce-pool-user-project=emulated-project",
        ];
        const workloadToken = await githubToken(emulator, oidcAudience(emulator));
        const workforceToken = await githubToken(
          emulator,
          `https://iam.googleapis.com/${emulator.workforceProvider}`,
        );
        await Deno.writeTextFile(`${dir}/token`, `${workloadToken}\n`);
        await Deno.writeTextFile(`${dir}/token.json`, JSON.stringify({ id_token: workloadToken }));
        await Deno.writeTextFile(`${dir}/workforce-token`, workforceToken);
        const oidcUrl = `${emulator.oidcRequest.url}&audience=${
          encodeURIComponent(`https://iam.googleapis.com/${emulator.workforceProvider}`)
        }`;
        const cases: [string, string[], (token: string) => void][] = [
          [
            "workload, file source",
            [...workload, `--credential-source-file=${dir}/token`],
            (token) => assert.equal(emulator.tokenInfo(token)?.kind, "federated"),
          ],
          ["workload, JSON file source, impersonation with a lifetime", [
            ...workload,
            `--credential-source-file=${dir}/token.json`,
            "--credential-source-type=json",
            "--credential-source-field-name=id_token",
            `--service-account=${SA}`,
            "--service-account-token-lifetime-seconds=1200",
          ], (token) => {
            const info = emulator.tokenInfo(token)!;
            assert.equal(info.principal, SA);
            assert.equal(info.expiresAt.getTime() - info.issuedAt.getTime(), 1_200_000);
          }],
          ["workforce, file source", [
            ...workforce,
            `--credential-source-file=${dir}/workforce-token`,
          ], (token) => assert.equal(emulator.tokenInfo(token)?.userProject, "emulated-project")],
          ["workforce, URL source with headers and a JSON field, impersonation", [
            ...workforce,
            `--credential-source-url=${oidcUrl}`,
            `--credential-source-headers=Authorization=Bearer ${emulator.oidcRequest.token}`,
            "--credential-source-type=json",
            "--credential-source-field-name=value",
            `--service-account=${SA}`,
          ], (token) => assert.equal(emulator.tokenInfo(token)?.principal, SA)],
        ];
        const x509 = [
          ...workload,
          "--credential-cert-path=/certs/cert.pem",
          "--credential-cert-private-key-path=/certs/key.pem",
          `--credential-cert-configuration-output-file=${dir}/certificate_config.json`,
        ];
        const files = await createCredConfigs(dir, [...cases.map(([, args]) => args), x509]);
        for (const [index, [name, , check]] of cases.entries()) {
          await t.step(name, async () => {
            const file = files[index]!;
            assert.match(String(file.token_url), /^https:\/\/sts\.googleapis\.com\//);
            const credentials = credentialsFromJson(file, { fetch: emulator.fetch });
            check((await credentials.getAccessToken()).token);
          });
        }
        await t.step(
          "X.509 (mutual TLS): ERR_CREDENTIALS_UNSUPPORTED naming the certificate source",
          () => {
            assert.throws(() => credentialsFromJson(files.at(-1)!), {
              code: "ERR_CREDENTIALS_UNSUPPORTED",
              message: /certificate/,
            });
          },
        );
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
}));
