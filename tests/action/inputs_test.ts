// A table of bad inputs and environments: each makes the step fail with one error annotation
// naming the input, before any request is sent or any file is written, leaking nothing. Every case
// runs through run() in process (with the real fetch and an emulator); one case of each kind also
// runs through the built dist/main.mjs under node, with step debug logging off and on, and must
// print the same annotation.
import assert from "node:assert/strict";
import { keySecrets } from "../support/secrets.ts";
import { assertNoSecretLeaks } from "../support/hygiene.ts";
import { fakeCore } from "../support/fake_core.ts";
import {
  errors,
  type RunnerDirs,
  runnerEnvironment,
  runStep,
  withRunnerDirs,
  workspaceFiles,
} from "../../action/local/local_runner.ts";
import { run } from "../../action/main.ts";
import { type Emulator, startEmulator } from "../../emulator/mod.ts";

interface Case {
  name: string;
  inputs: (world: Emulator, key: string) => Record<string, string>;
  env?: Record<string, string | undefined>;
  /** Text the annotation must contain (the input or variable it names). */
  names: string;
  /** What else the annotation must say, when the input's name alone does not tell the fault. */
  says?: RegExp;
  /** Secrets of the case besides the runner's token and the key: no line may hold them. */
  secrets?: string[];
}

const WIF = (world: Emulator, extra: Record<string, string> = {}) => ({
  workload_identity_provider: world.provider,
  service_account: world.serviceAccount,
  ...extra,
});
const KEY = (key: string, extra: Record<string, string> = {}) => ({
  credentials_json: key,
  ...extra,
});
const ACCESS = { token_format: "access_token" };
const A_FILE = Deno.makeTempFileSync({ prefix: "not-a-workspace-" });
globalThis.addEventListener("unload", () => Deno.removeSync(A_FILE));

const MISTYPED_PROVIDER =
  "projects/123456789/locations/global/workloadIdentityPools/github/provider/my-repo";
const LONG_PROVIDER = `projects/123456789/locations/global/workloadIdentityPools/${
  "a-pool-".repeat(12)
}/providers/my-repo`;

const CASES: Case[] = [
  {
    name: "both modes",
    inputs: (w, k) => ({ ...WIF(w), credentials_json: k }),
    names: "credentials_json",
  },
  {
    name: "neither mode",
    inputs: () => ({ service_account: "a@b.iam.gserviceaccount.com" }),
    names: "workload_identity_provider",
  },
  {
    name: "neither mode (whitespace-only secrets)",
    inputs: () => ({ workload_identity_provider: "  ", credentials_json: " \n " }),
    names: "workload_identity_provider",
  },
  {
    name: "provider that is a pool name",
    inputs: (w) => WIF(w, { workload_identity_provider: "my-pool" }),
    names: "workload_identity_provider",
  },
  {
    name: "provider with a project id",
    inputs: (w) =>
      WIF(w, {
        workload_identity_provider:
          "projects/my-proj/locations/global/workloadIdentityPools/p/providers/gh",
      }),
    names: "workload_identity_provider",
  },
  {
    name: "provider given as an audience URL",
    inputs: (w) =>
      WIF(w, { workload_identity_provider: `https://iam.googleapis.com/${w.provider}` }),
    names: "workload_identity_provider",
  },
  {
    name: "provider without its provider segment",
    inputs: (w) =>
      WIF(w, { workload_identity_provider: w.provider.replace(/\/providers\/.*$/, "") }),
    names: "workload_identity_provider",
  },
  {
    // Shown as typed, not withheld as "a value that looks like base64 data".
    name: "provider with a mistyped collection (provider/ for providers/)",
    inputs: (w) => WIF(w, { workload_identity_provider: MISTYPED_PROVIDER }),
    names: JSON.stringify(MISTYPED_PROVIDER),
  },
  {
    name: "provider with a pool id too long, shown whole past 120 characters",
    inputs: (w) => WIF(w, { workload_identity_provider: LONG_PROVIDER }),
    names: JSON.stringify(LONG_PROVIDER),
  },
  { name: "key that is not JSON", inputs: () => KEY("{not json"), names: "credentials_json" },
  {
    name: "key that is base64 garbage",
    inputs: () => KEY("!!!~~~notbase64~~~"),
    names: "credentials_json",
  },
  {
    name: "key that is base64 of plain text",
    inputs: () => KEY(btoa("hello, world")),
    names: "credentials_json",
  },
  {
    name: "key that is base64 of an empty object",
    inputs: () => KEY(btoa("{}")),
    names: "credentials_json",
  },
  {
    name: "key of another type",
    inputs: () => KEY('{"type":"authorized_user","client_id":"x"}'),
    names: "credentials_json",
  },
  {
    name: "key without private_key",
    inputs: (_w, k) => KEY(JSON.stringify({ ...JSON.parse(k), private_key: undefined })),
    names: "credentials_json",
  },
  {
    name: "key whose PEM has no END line",
    inputs: (_w, k) => {
      const key = JSON.parse(k);
      return KEY(JSON.stringify({ ...key, private_key: key.private_key.split("-----END")[0] }));
    },
    names: "credentials_json",
  },
  {
    name: "key whose PEM lost its line breaks",
    inputs: (_w, k) => {
      const key = JSON.parse(k);
      return KEY(JSON.stringify({ ...key, private_key: key.private_key.replace(/\n/g, "") }));
    },
    names: "credentials_json",
    says: /"private_key" has lost its line breaks/,
  },
  {
    name: "unknown token format",
    inputs: (w) => WIF(w, { token_format: "jwt" }),
    names: "token_format",
  },
  {
    name: "token format in the wrong case",
    inputs: (w) => WIF(w, { token_format: "Access_Token" }),
    names: "token_format",
  },
  {
    name: "lifetime of 1d",
    inputs: (w) => WIF(w, { ...ACCESS, access_token_lifetime: "1d" }),
    names: "access_token_lifetime",
  },
  {
    name: "lifetime of 13h",
    inputs: (w) => WIF(w, { ...ACCESS, access_token_lifetime: "13h" }),
    names: "access_token_lifetime",
  },
  {
    name: "lifetime of 12h1s",
    inputs: (w) => WIF(w, { ...ACCESS, access_token_lifetime: "12h1s" }),
    names: "access_token_lifetime",
  },
  {
    name: "lifetime of 721m",
    inputs: (w) => WIF(w, { ...ACCESS, access_token_lifetime: "721m" }),
    names: "access_token_lifetime",
  },
  {
    name: "lifetime of -1s",
    inputs: (w) => WIF(w, { ...ACCESS, access_token_lifetime: "-1s" }),
    names: "access_token_lifetime",
  },
  {
    name: "lifetime of 1.5h",
    inputs: (w) => WIF(w, { ...ACCESS, access_token_lifetime: "1.5h" }),
    names: "access_token_lifetime",
  },
  {
    name: "lifetime unit without a number",
    inputs: (w) => WIF(w, { ...ACCESS, access_token_lifetime: "h" }),
    names: "access_token_lifetime",
  },
  {
    name: "lifetime of 13h in key mode",
    inputs: (_w, k) => KEY(k, { ...ACCESS, access_token_lifetime: "13h" }),
    names: "access_token_lifetime",
  },
  {
    name: "subject with a 2h lifetime",
    inputs: (w) =>
      WIF(w, { ...ACCESS, access_token_subject: "admin@example.com", access_token_lifetime: "2h" }),
    names: "access_token_lifetime",
  },
  {
    name: "subject with a 3601s lifetime",
    inputs: (w) =>
      WIF(w, {
        ...ACCESS,
        access_token_subject: "admin@example.com",
        access_token_lifetime: "3601s",
      }),
    names: "access_token_lifetime",
  },
  {
    name: "subject with a 2h lifetime in key mode",
    inputs: (_w, k) =>
      KEY(k, { ...ACCESS, access_token_subject: "admin@example.com", access_token_lifetime: "2h" }),
    names: "access_token_lifetime",
  },
  {
    name: "token format that lists two formats",
    inputs: (w) => WIF(w, { token_format: "access_token,id_token" }),
    names: "token_format",
  },
  {
    name: "id_token without audience in key mode",
    inputs: (_w, k) => KEY(k, { token_format: "id_token" }),
    names: "id_token_audience",
  },
  {
    name: "id_token without audience",
    inputs: (w) => WIF(w, { token_format: "id_token" }),
    names: "id_token_audience",
  },
  {
    name: "id_token with Direct WIF",
    inputs: (w) => ({
      workload_identity_provider: w.provider,
      token_format: "id_token",
      id_token_audience: "https://x",
    }),
    names: "service_account",
  },
  {
    name: "subject with Direct WIF",
    inputs: (w) => ({
      workload_identity_provider: w.provider,
      ...ACCESS,
      access_token_subject: "admin@example.com",
    }),
    names: "service_account",
  },
  {
    name: "create_credentials_file yes",
    inputs: (w) => WIF(w, { create_credentials_file: "yes" }),
    names: "create_credentials_file",
  },
  {
    name: "export_environment_variables on",
    inputs: (w) => WIF(w, { export_environment_variables: "on" }),
    names: "export_environment_variables",
  },
  {
    name: "cleanup_credentials maybe",
    inputs: (w) => WIF(w, { cleanup_credentials: "maybe" }),
    names: "cleanup_credentials",
  },
  {
    name: "id_token_include_email tRuE",
    inputs: (w) => WIF(w, { id_token_include_email: "tRuE" }),
    names: "id_token_include_email",
  },
  {
    name: "service_account that is not an email",
    inputs: (w) => WIF(w, { service_account: "not an email" }),
    names: "service_account",
  },
  {
    name: "universe that is not a domain",
    inputs: (w) => WIF(w, { universe: "not a domain!" }),
    names: "universe",
  },
  {
    name: "request_reason with non-ASCII text",
    inputs: (w) => WIF(w, { request_reason: "razón ✓" }),
    names: "request_reason",
  },
  {
    name: "missing OIDC request URL (no id-token: write)",
    inputs: (w) => WIF(w),
    env: { ACTIONS_ID_TOKEN_REQUEST_URL: undefined },
    names: "id-token: write",
  },
  {
    name: "missing OIDC request token",
    inputs: (w) => WIF(w),
    env: { ACTIONS_ID_TOKEN_REQUEST_TOKEN: undefined },
    names: "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  },
  {
    name: "missing workspace",
    inputs: (w) => WIF(w),
    env: { GITHUB_WORKSPACE: undefined },
    names: "GITHUB_WORKSPACE",
  },
  {
    name: "workspace that does not exist",
    inputs: (w) => WIF(w),
    env: { GITHUB_WORKSPACE: "/nonexistent/gha-workspace" },
    names: "GITHUB_WORKSPACE",
  },
  {
    name: "workspace that is a file",
    inputs: (_w, k) => KEY(k),
    env: { GITHUB_WORKSPACE: A_FILE },
    names: "GITHUB_WORKSPACE",
  },
  {
    name: "endpoint override that is not a URL",
    inputs: (w) => WIF(w),
    env: { GHA_ENDPOINT_OVERRIDE_sts: "not a url" },
    names: "GHA_ENDPOINT_OVERRIDE",
  },
  ...[
    "http:\\\\svc:override-password-1@127.0.0.1:9/sts",
    "http:/svc:override-password-1@127.0.0.1:9/sts",
    "https://svc:override-\tpassword-1@127.0.0.1:9/sts",
  ].map((url): Case => ({
    name: `endpoint override with a password, spelled ${JSON.stringify(url.slice(0, 8))}`,
    inputs: (w) => WIF(w),
    env: { GHA_ENDPOINT_OVERRIDE_sts: url },
    names: "GHA_ENDPOINT_OVERRIDE",
    secrets: ["override-password-1", "override-\tpassword-1", "svc:override"],
  })),
];

const DEBUG = { RUNNER_DEBUG: "1", ACTIONS_STEP_DEBUG: "true" };

/** One case of each kind of check, also run through dist/main.mjs. */
const THROUGH_DIST = new Set([
  "both modes",
  "provider with a project id",
  "key that is base64 of plain text",
  // The step signs over node:crypto, run() above over Web Crypto: both refuse it before signing.
  "key whose PEM has no END line",
  "key whose PEM lost its line breaks",
  "lifetime of 13h in key mode",
  "id_token without audience",
  "create_credentials_file yes",
  "missing OIDC request token",
  "workspace that is a file",
  "endpoint override that is not a URL",
]);

/** The environment a runner gives the step, with `extra` (`undefined` removing a variable). */
function runnerEnv(
  dirs: RunnerDirs,
  extra: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const env = { ...runnerEnvironment(dirs), ...extra };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}

/** The secrets of a case: the runner's request token, the key JSON and the key's lines. */
function secretsOf(world: Emulator, inputs: Record<string, string>, key: string): string[] {
  return [
    world.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? "",
    inputs.credentials_json ?? "",
    ...keySecrets(key),
  ];
}

/** The one annotation names the input and says what to do, with no stack trace. */
function assertAnnotation(row: Case, annotations: string[], log: string): void {
  assert.equal(annotations.length, 1, log);
  assert.ok(annotations[0]!.includes(row.names), annotations[0]);
  if (row.says !== undefined) assert.match(annotations[0]!, row.says);
  assert.match(annotations[0]!, /^ERR_[A-Z0-9_]+: /);
  assert.match(annotations[0]!, /\nHint: /);
  assert.doesNotMatch(log, /\n\s+at |%0A\s+at /, "no stack trace");
  assert.doesNotMatch(log, /Unexpected failure/);
}

/** Runs `row` through run() in process; asserts it failed before any call, file or output. */
async function runInProcess(
  world: Emulator,
  key: string,
  row: Case,
  dirs: RunnerDirs,
): Promise<string[]> {
  const before = world.requests.length;
  const inputs = row.inputs(world, key);
  const core = fakeCore(inputs);
  const calls: string[] = [];
  await run(core, {
    env: runnerEnv(dirs, { ...world.env, ...row.env }),
    fetch: (input, init) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  });
  assertAnnotation(row, core.failed, core.log.join("\n"));
  assert.deepEqual(calls, [], "no request was sent");
  assert.equal(world.requests.length, before, "the emulator got no request");
  assert.deepEqual(workspaceFiles(dirs), [], "no file written");
  assert.deepEqual([...core.outputs], []);
  assert.deepEqual([...core.exported], []);
  assert.deepEqual([...core.saved], []);
  const masked = core.log.filter((line) => line.startsWith("mask:")).map((line) => line.slice(5));
  const secrets = [...secretsOf(world, inputs, key), ...row.secrets ?? [], ...masked].filter((
    secret,
  ) => secret.length >= 8);
  assert.ok(secrets.length > 0, "the hygiene check has secrets to look for");
  for (const line of core.log.filter((line) => !line.startsWith("mask:"))) {
    for (const secret of secrets) {
      assert.ok(!line.includes(secret), `a secret leaks: ${line.slice(0, 120)}`);
    }
  }
  return core.failed;
}

Deno.test("run() rejects bad inputs before sending or writing anything", async (t) => {
  const world = await startEmulator();
  try {
    const key = await world.serviceAccountKey();
    for (const row of CASES) {
      await t.step(row.name, async () => {
        await withRunnerDirs((dirs) => runInProcess(world, key, row, dirs));
      });
    }
    assert.equal(world.requests.length, 0, "no case sent anything");
  } finally {
    await world.close();
  }
});

Deno.test("dist/main.mjs rejects one bad input of each kind as run() does (debug logging off and on)", async (t) => {
  const world = await startEmulator();
  try {
    const key = await world.serviceAccountKey();
    const rows = CASES.filter((row) => THROUGH_DIST.has(row.name));
    assert.equal(rows.length, THROUGH_DIST.size, "every named case exists");
    for (const debug of [false, true]) {
      for (const row of rows) {
        await t.step(`${row.name}${debug ? " (debug)" : ""}`, () =>
          withRunnerDirs(async (dirs) => {
            const expected = await runInProcess(world, key, row, dirs);
            const inputs = row.inputs(world, key);
            const step = await runStep("main", {
              dirs,
              inputs,
              env: { ...world.env, ...(debug ? DEBUG : {}), ...row.env },
            });
            assert.equal(step.code, 1, step.stdout);
            assertAnnotation(row, errors(step), step.stdout + step.stderr);
            assert.deepEqual(errors(step), expected, "the annotation run() gives");
            assert.equal(step.stderr, "");
            assert.equal(world.requests.length, 0, "the emulator got no request");
            assert.deepEqual(workspaceFiles(dirs), [], "no file written");
            assert.deepEqual(step.outputs, {});
            assert.deepEqual(step.exported, {});
            assert.deepEqual(step.state, {});
            assertNoSecretLeaks([step], secretsOf(world, inputs, key));
          }));
      }
    }
  } finally {
    await world.close();
  }
});
