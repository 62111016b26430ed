// The AWS and executable files that `gcloud iam workload-identity-pools create-cred-config` writes
// (--aws, --enable-imdsv2, --executable-command, --executable-output-file, --service-account) get
// tokens from the emulator unchanged: emulator.fetch sends Google's hosts and the EC2 metadata
// address (169.254.169.254) to it. Runs where gcloud is on the PATH; skipped, saying so, elsewhere.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { credentialsFromJson, type RunExecutableLike } from "../../../auth/mod.ts";
import { runExecutable } from "../../../auth/credentials/run_executable.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import { githubToken, oidcAudience } from "../../../tools/emulator_calls.ts";
import { GCLOUD_MISSING, skippedWhen } from "../../support/skip.ts";
import { offlineGcloudEnv, runGcloud } from "../../support/gcloud.ts";

Deno.test(skippedWhen(GCLOUD_MISSING, {
  name: "the AWS and executable files gcloud writes get tokens from the emulator",
  fn: async (t) => {
    await using emulator = await startEmulator();
    const dir = await mkdtemp(join(tmpdir(), "gcloud-"));
    const sa = `--service-account=${emulator.serviceAccount}`;
    const tool = resolve("tests/support/executable_tool.mjs");
    const outputFile = join(dir, "out.json");
    // The three files, written by one gcloud process with a configuration directory of its own:
    // no account, no prompts, nothing of the user's, nothing sent.
    const configs: [string, string, ...string[]][] = [
      ["aws.json", emulator.aws.provider, "--aws"],
      ["aws-imp.json", emulator.aws.provider, "--aws", "--enable-imdsv2", sa],
      [
        "exec.json",
        emulator.provider,
        `--executable-command="${Deno.execPath()}" run -A "${tool}" ok`,
        "--executable-timeout-millis=30000",
        `--executable-output-file=${outputFile}`,
        sa,
      ],
    ];
    try {
      await runGcloud(
        configs.map(([name, provider, ...flags]) => ({
          args: [
            "iam",
            "workload-identity-pools",
            "create-cred-config",
            provider,
            ...flags,
            `--output-file=${join(dir, name)}`,
          ],
        })),
        offlineGcloudEnv(dir),
      );
      const written = (name: string) => readFile(join(dir, name), "utf8");
      await t.step("--aws, its metadata service read through IMDSv1", async () => {
        const json = await written("aws.json");
        // The emulator's own helper writes the same file, its URLs aside.
        const ours = JSON.parse(emulator.aws.credentialsFile());
        assert.deepEqual(Object.keys(JSON.parse(json)), Object.keys(ours));
        const credentials = credentialsFromJson(json, { fetch: emulator.fetch, env: {} });
        const { token } = await credentials.getAccessToken();
        assert.match(
          emulator.tokenInfo(token)!.principal,
          /subject\/arn:aws:sts::123456789012:assumed-role\/emulated-role\//,
        );
      });
      await t.step("--aws --enable-imdsv2 --service-account", async () => {
        const json = await written("aws-imp.json");
        const from = emulator.requests.length;
        const credentials = credentialsFromJson(json, { fetch: emulator.fetch, env: {} });
        const { token } = await credentials.getAccessToken();
        assert.equal(emulator.tokenInfo(token)?.principal, emulator.serviceAccount);
        const routes = emulator.requests.slice(from).map((r) => `${r.route} ${r.method}`);
        assert.deepEqual(routes.filter((route) => route === "awsMetadata PUT").length, 2);
        assert.equal(routes.at(-1), "generateAccessToken POST");
      });
      await t.step("--executable-command --executable-output-file --service-account", async () => {
        const json = await written("exec.json");
        const subject = await githubToken(emulator, oidcAudience(emulator));
        let runs = 0;
        const runner: RunExecutableLike = (request) => (
          runs++, runExecutable({ ...request, env: { ...request.env, TOOL_TOKEN: subject } })
        );
        const options = {
          fetch: emulator.fetch,
          runExecutable: runner,
          env: { GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "1" },
        };
        for (let i = 0; i < 2; i++) {
          const { token } = await credentialsFromJson(json, options).getAccessToken();
          assert.equal(emulator.tokenInfo(token)?.principal, emulator.serviceAccount);
        }
        assert.equal(runs, 1, "the second credentials read the output file");
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
}));
