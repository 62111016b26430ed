// The built dist/ bundles driven under node exactly as a runner does, against the emulator, for
// every mode and token format; every run goes through the secret-hygiene check and the post step.
// The step writes its ::debug:: lines whether or not step debug logging is on (nothing in it reads
// RUNNER_DEBUG), so the full matrix and the failures run once, with debug logging on, and the Node
// 20 rows and the single cases below run with it off. Last, what the bundles load and how they
// end under Node 24.
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { node20, node24, required } from "../../tools/runtimes.ts";
import { runtimeMissing, skippedWhen } from "../support/skip.ts";
import { keySecrets, requestSecrets } from "../support/secrets.ts";
import { claimsOf } from "../../tools/emulator_calls.ts";
import { assertNoSecretLeaks } from "../support/hygiene.ts";
import { startForwardProxy } from "../../tools/forward_proxy.ts";
import {
  errors,
  runMainAndPost,
  runStep,
  type RunStepOptions,
  type StepRun,
  withRunnerDirs,
  workspaceFiles,
} from "../../action/local/local_runner.ts";
import { type Emulator, type EmulatorOptions, startEmulator } from "../../emulator/mod.ts";

const CREDENTIAL_VARIABLES = [
  "CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "GOOGLE_GHA_CREDS_PATH",
];
const PROJECT_VARIABLES = [
  "CLOUDSDK_CORE_PROJECT",
  "CLOUDSDK_PROJECT",
  "GCLOUD_PROJECT",
  "GCP_PROJECT",
  "GOOGLE_CLOUD_PROJECT",
];
const DEBUG = { RUNNER_DEBUG: "1", ACTIONS_STEP_DEBUG: "true" };
const AUDIENCE = "https://svc.example.run.app";
const SUBJECT = "admin@example.com";
const OTHER = "deployer@emulated-project.iam.gserviceaccount.com";

/** Two service accounts: `ci` (the default, whose key the key-mode rows use) and `deployer`. */
function twoAccounts(): EmulatorOptions {
  const ci = "ci@emulated-project.iam.gserviceaccount.com";
  const pool =
    "principalSet://iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/github/*";
  const creator = "roles/iam.serviceAccountTokenCreator";
  return {
    serviceAccounts: [ci, OTHER],
    bindings: [
      ...[ci, OTHER].flatMap((serviceAccount) => [
        { serviceAccount, role: "roles/iam.workloadIdentityUser", members: [pool] },
        { serviceAccount, role: creator, members: [pool, `serviceAccount:${serviceAccount}`] },
      ]),
      // ci's key may mint for deployer; deployer may act as a delegate towards ci.
      { serviceAccount: OTHER, role: creator, members: [`serviceAccount:${ci}`] },
      { serviceAccount: ci, role: creator, members: [`serviceAccount:${OTHER}`] },
    ],
  };
}

interface Scenario {
  world: Emulator;
  main: StepRun;
  post: StepRun;
  file?: string;
  contents?: Record<string, unknown>;
  keyJson: string;
}

interface ScenarioOptions extends Partial<RunStepOptions> {
  emulator?: EmulatorOptions;
  /** Runs before the step (faults). */
  setup?: (world: Emulator) => void;
}

/**
 * Runs main then post against a fresh emulator; checks the file (mode 0600, compact JSON, gone
 * after post), that post succeeds and leaves the workspace empty, and secret hygiene.
 */
async function scenario(
  inputs: (world: Emulator, keyJson: string) => Record<string, string>,
  options: ScenarioOptions = {},
): Promise<Scenario> {
  const { emulator, setup, ...extra } = options;
  const world = await startEmulator(emulator);
  try {
    return await withRunnerDirs(async (dirs) => {
      const keyJson = await world.serviceAccountKey();
      setup?.(world);
      const given = inputs(world, keyJson);
      const run = { dirs, inputs: given, ...extra, env: { ...world.env, ...extra.env } };
      const main = await runStep("main", run);
      const path = main.state.credentials_file_path;
      let contents: Record<string, unknown> | undefined;
      if (path !== undefined) {
        const text = readFileSync(path, "utf8");
        assert.equal(statSync(path).mode & 0o777, 0o600, "credentials file mode");
        assert.match(basename(path), /^gha-creds-[0-9a-f]{16}\.json$/);
        assert.ok(!text.includes("\n"), "compact JSON");
        contents = JSON.parse(text);
      }
      const post = await runStep("post", { ...run, state: main.state });
      assert.equal(post.code, 0, "the post step never fails");
      assert.equal(errors(post).length, 0, post.stdout);
      assert.deepEqual(workspaceFiles(dirs), [], "post leaves the workspace as it was");
      if (path !== undefined) assert.match(post.stdout, /Removed credentials file/);
      assertNoSecretLeaks(
        [main, post],
        [
          world.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? "",
          given.credentials_json ?? "",
          ...keySecrets(keyJson),
          ...requestSecrets(world.requests),
        ],
      );
      return {
        world,
        main,
        post,
        ...(path === undefined ? {} : { file: path }),
        ...(contents === undefined ? {} : { contents }),
        keyJson,
      };
    });
  } finally {
    await world.close();
  }
}

function wif(world: Emulator, extra: Record<string, string> = {}): Record<string, string> {
  return { workload_identity_provider: world.provider, ...extra };
}

function withSa(world: Emulator, extra: Record<string, string> = {}): Record<string, string> {
  return wif(world, { service_account: world.serviceAccount, ...extra });
}

function assertExported(run: StepRun, path: string, project: string): void {
  assert.deepEqual(Object.keys(run.exported), [...CREDENTIAL_VARIABLES, ...PROJECT_VARIABLES]);
  for (const name of CREDENTIAL_VARIABLES) assert.equal(run.exported[name], path);
  for (const name of PROJECT_VARIABLES) assert.equal(run.exported[name], project);
}

const BASE = ["credentials_file_path", "project_id", "auth_token"];
const ACCESS = [...BASE, "access_token", "access_token_expiration"];
const ID = [...BASE, "id_token"];

interface Row {
  name: string;
  inputs: (world: Emulator, keyJson: string) => Record<string, string>;
  emulator?: EmulatorOptions;
  /** The calls the emulator must see, in order. */
  routes: string[];
  /** The outputs, in the order they are set. */
  outputs: string[];
  /** Checks specific to the row. */
  check?: (result: Scenario) => void;
}

/** Every mode and token format the step supports. */
const MATRIX: Row[] = [
  {
    name: "Direct WIF, no token",
    inputs: (w) => wif(w),
    routes: ["oidc", "sts"],
    outputs: BASE,
    check: ({ main, contents, world }) => {
      assert.ok(contents !== undefined && !("service_account_impersonation_url" in contents));
      assert.equal(main.outputs.project_id, "123456789012", "the provider's project number");
      assert.match(main.stdout, /^::notice::.*123456789012/m);
      assert.equal(world.tokenInfo(main.outputs.auth_token ?? "")?.kind, "federated");
    },
  },
  {
    name: "Direct WIF, access_token",
    inputs: (w) => wif(w, { token_format: "access_token" }),
    routes: ["oidc", "sts"],
    outputs: ACCESS,
    check: ({ main }) => assert.equal(main.outputs.access_token, main.outputs.auth_token),
  },
  {
    name: "WIF + service account, no token",
    inputs: (w) => withSa(w),
    routes: ["oidc", "sts"],
    outputs: BASE,
  },
  {
    name: "WIF + service account, access_token",
    inputs: (w) => withSa(w, { token_format: "access_token", access_token_lifetime: "10m" }),
    routes: ["oidc", "sts", "generateAccessToken"],
    outputs: ACCESS,
    check: ({ main, world, contents }) => {
      assert.match(String(contents?.service_account_impersonation_url), /:generateAccessToken$/);
      const info = world.tokenInfo(main.outputs.access_token ?? "");
      assert.equal(info?.principal, world.serviceAccount);
      assert.equal(JSON.parse(world.requests[2]?.body ?? "{}").lifetime, "600s");
    },
  },
  {
    name: "WIF + service account, access_token through a delegate",
    emulator: twoAccounts(),
    inputs: (w) => withSa(w, { token_format: "access_token", delegates: OTHER }),
    routes: ["oidc", "sts", "generateAccessToken"],
    outputs: ACCESS,
    check: ({ world }) => {
      assert.deepEqual(JSON.parse(world.requests[2]?.body ?? "{}").delegates, [
        `projects/-/serviceAccounts/${OTHER}`,
      ]);
    },
  },
  {
    name: "WIF + service account, id_token with email",
    inputs: (w) =>
      withSa(w, {
        token_format: "id_token",
        id_token_audience: AUDIENCE,
        id_token_include_email: "true",
      }),
    routes: ["oidc", "sts", "generateIdToken"],
    outputs: ID,
    check: ({ main, world }) => {
      const idToken = claimsOf(main.outputs.id_token);
      assert.equal(idToken.aud, AUDIENCE);
      assert.equal(idToken.email, world.serviceAccount);
    },
  },
  {
    name: "WIF + service account, id_token without email",
    inputs: (w) => withSa(w, { token_format: "id_token", id_token_audience: AUDIENCE }),
    routes: ["oidc", "sts", "generateIdToken"],
    outputs: ID,
    check: ({ main, world }) => {
      assert.equal(claimsOf(main.outputs.id_token).email, undefined);
      assert.equal(JSON.parse(world.requests[2]?.body ?? "{}").includeEmail, false);
    },
  },
  {
    name: "WIF + service account, domain-wide delegation",
    inputs: (w) =>
      withSa(w, {
        token_format: "access_token",
        access_token_subject: SUBJECT,
        access_token_scopes: "https://www.googleapis.com/auth/admin.directory.user.readonly",
      }),
    routes: ["oidc", "sts", "signJwt", "oauth2Token"],
    outputs: ACCESS,
    check: ({ main, world }) => {
      const info = world.tokenInfo(main.outputs.access_token ?? "");
      assert.equal(info?.kind, "delegated");
      assert.equal(info?.subject, SUBJECT);
    },
  },
  {
    name: "key, no token",
    inputs: (_w, key) => ({ credentials_json: key }),
    routes: [],
    outputs: BASE,
    check: ({ main, contents, keyJson }) => {
      assert.deepEqual(contents, JSON.parse(keyJson));
      assert.equal(main.outputs.project_id, JSON.parse(keyJson).project_id);
      assert.equal(claimsOf(main.outputs.auth_token).iss, JSON.parse(keyJson).client_email);
    },
  },
  {
    name: "key, access_token",
    inputs: (_w, key) => ({ credentials_json: key, token_format: "access_token" }),
    routes: ["generateAccessToken"],
    outputs: ACCESS,
    check: ({ main, world }) =>
      assert.equal(
        world.tokenInfo(main.outputs.access_token ?? "")?.principal,
        world.serviceAccount,
      ),
  },
  {
    name: "key (base64), access_token",
    inputs: (_w, key) => ({ credentials_json: btoa(key), token_format: "access_token" }),
    routes: ["generateAccessToken"],
    outputs: ACCESS,
    check: ({ contents, keyJson }) => assert.deepEqual(contents, JSON.parse(keyJson)),
  },
  {
    name: "key, id_token",
    inputs: (_w, key) => ({
      credentials_json: key,
      token_format: "id_token",
      id_token_audience: AUDIENCE,
    }),
    routes: ["generateIdToken"],
    outputs: ID,
    check: ({ main }) => assert.equal(claimsOf(main.outputs.id_token).aud, AUDIENCE),
  },
  {
    name: "key, domain-wide delegation (signed locally)",
    inputs: (_w, key) => ({
      credentials_json: key,
      token_format: "access_token",
      access_token_subject: SUBJECT,
    }),
    routes: ["oauth2Token"],
    outputs: ACCESS,
    check: ({ main, world }) =>
      assert.equal(world.tokenInfo(main.outputs.access_token ?? "")?.subject, SUBJECT),
  },
  {
    name: "key + service_account override, access_token",
    emulator: twoAccounts(),
    inputs: (_w, key) => ({
      credentials_json: key,
      service_account: OTHER,
      token_format: "access_token",
    }),
    routes: ["generateAccessToken"],
    outputs: ACCESS,
    check: ({ main, world, contents, keyJson }) => {
      assert.equal(world.tokenInfo(main.outputs.access_token ?? "")?.principal, OTHER);
      assert.match(world.requests[0]?.path ?? "", new RegExp(`${OTHER}:generateAccessToken$`));
      assert.deepEqual(contents, JSON.parse(keyJson), "the file is the key, unchanged");
    },
  },
  {
    name: "key + service_account override, id_token",
    emulator: twoAccounts(),
    inputs: (_w, key) => ({
      credentials_json: key,
      service_account: OTHER,
      token_format: "id_token",
      id_token_audience: AUDIENCE,
      id_token_include_email: "true",
    }),
    routes: ["generateIdToken"],
    outputs: ID,
    check: ({ main }) => assert.equal(claimsOf(main.outputs.id_token).email, OTHER),
  },
  {
    name: "key + service_account override, domain-wide delegation (signJwt)",
    emulator: twoAccounts(),
    inputs: (_w, key) => ({
      credentials_json: key,
      service_account: OTHER,
      token_format: "access_token",
      access_token_subject: SUBJECT,
    }),
    routes: ["signJwt", "oauth2Token"],
    outputs: ACCESS,
    check: ({ main, world }) => {
      const info = world.tokenInfo(main.outputs.access_token ?? "");
      assert.equal(info?.principal, OTHER);
      assert.equal(info?.subject, SUBJECT);
    },
  },
];

async function assertRow(row: Row, debug: boolean, extra: ScenarioOptions = {}): Promise<void> {
  const result = await scenario(row.inputs, {
    ...(row.emulator === undefined ? {} : { emulator: row.emulator }),
    ...extra,
    env: { ...(debug ? DEBUG : {}), ...extra.env },
  });
  const { main, world, file } = result;
  assert.equal(main.code, 0, main.stdout + main.stderr);
  assert.deepEqual(errors(main), []);
  assert.equal(main.stderr, "");
  assert.deepEqual(world.requests.map((request) => request.route), row.routes);
  assert.deepEqual(main.outputOrder, row.outputs);
  assert.ok(file !== undefined);
  assert.equal(main.outputs.credentials_file_path, file);
  assert.ok(!existsSync(file), "post removed the file");
  assertExported(main, file, main.outputs.project_id ?? "");
  if (row.outputs.includes("access_token_expiration")) {
    const expiration = main.outputs.access_token_expiration ?? "";
    assert.match(expiration, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(Date.parse(expiration) > Date.now(), "in the future");
  }
  if (row.inputs(world, result.keyJson).workload_identity_provider !== undefined) {
    const { contents } = result;
    assert.equal(contents?.type, "external_account");
    assert.equal(contents?.audience, `//iam.googleapis.com/${world.provider}`);
    assert.equal(contents?.universe_domain, "googleapis.com");
    const source = contents?.credential_source as { headers: Record<string, string> };
    assert.equal(
      source.headers.Authorization,
      `Bearer ${world.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}`,
    );
  }
  if (debug) assert.match(main.stdout, /^::debug::/m, "debug lines are written");
  row.check?.(result);
}

Deno.test("dist/main.mjs and dist/post.mjs: every mode and token format with step debug logging on", async (t) => {
  for (const row of MATRIX) await t.step(row.name, () => assertRow(row, true));
});

/** Failures after the credentials file was written: main fails, post still removes the file. */
const FAILURES: {
  name: string;
  inputs: (world: Emulator, keyJson: string) => Record<string, string>;
  emulator?: EmulatorOptions;
  code: string;
  outputs: string[];
}[] = [
  {
    name: "STS rejects the audience",
    inputs: (w) => withSa(w, { audience: "https://not-the-provider.example" }),
    code: "ERR_STS_EXCHANGE_FAILED",
    outputs: ["credentials_file_path", "project_id"],
  },
  {
    name: "STS rejects the attribute condition",
    emulator: { provider: { attributeCondition: "assertion.repository_owner == 'someone-else'" } },
    inputs: (w) => withSa(w),
    code: "ERR_STS_EXCHANGE_FAILED",
    outputs: ["credentials_file_path", "project_id"],
  },
  {
    name: "IAM denies generateAccessToken",
    emulator: { bindings: [] },
    inputs: (w) => withSa(w, { token_format: "access_token" }),
    code: "ERR_IAM_ACCESS_TOKEN_FAILED",
    outputs: ["credentials_file_path", "project_id", "auth_token"],
  },
  {
    name: "IAM denies generateIdToken in key mode",
    emulator: { bindings: [] },
    inputs: (_w, key) => ({
      credentials_json: key,
      token_format: "id_token",
      id_token_audience: AUDIENCE,
    }),
    code: "ERR_IAM_ID_TOKEN_FAILED",
    outputs: ["credentials_file_path", "project_id", "auth_token"],
  },
  {
    name: "OAuth2 refuses the domain-wide delegation scope",
    emulator: { domainWideDelegation: {} },
    inputs: (w) => withSa(w, { token_format: "access_token", access_token_subject: SUBJECT }),
    code: "ERR_OAUTH2_TOKEN_FAILED",
    outputs: ["credentials_file_path", "project_id", "auth_token"],
  },
  {
    name: "IAM lifetime over 1 h without the org policy",
    inputs: (w) => withSa(w, { token_format: "access_token", access_token_lifetime: "2h" }),
    code: "ERR_IAM_ACCESS_TOKEN_FAILED",
    outputs: ["credentials_file_path", "project_id", "auth_token"],
  },
];

Deno.test("dist/post.mjs removes the file when main failed after writing it (debug logging on)", async (t) => {
  for (const row of FAILURES) {
    await t.step(row.name, async () => {
      const { main, post, file } = await scenario(row.inputs, {
        ...(row.emulator === undefined ? {} : { emulator: row.emulator }),
        env: DEBUG,
      });
      assert.equal(main.code, 1, main.stdout);
      const annotations = errors(main);
      assert.equal(annotations.length, 1, main.stdout);
      assert.match(annotations[0] ?? "", new RegExp(`^${row.code}: `));
      assert.match(annotations[0] ?? "", /\nHint: /);
      assert.doesNotMatch(main.stdout + main.stderr, /\n\s+at |%0A\s+at /, "no stack trace");
      assert.ok(file !== undefined, "the file was written before the failing call");
      assert.deepEqual(main.outputOrder, row.outputs);
      assert.match(post.stdout, /Removed credentials file/);
    });
  }
});

Deno.test("dist/main.mjs reports a GitHub OIDC failure once, and post has nothing to remove", async () => {
  const { main, post, file, world } = await scenario((w) => withSa(w), {
    setup: (w) => w.injectFault("oidc", { status: 403, body: '{"message":"denied"}' }),
    env: DEBUG,
  });
  assert.equal(main.code, 1);
  assert.match(errors(main)[0] ?? "", /^ERR_OIDC_REQUEST_FAILED: /);
  assert.equal(errors(main).length, 1);
  assert.equal(file, undefined, "no file before the OIDC token");
  assert.deepEqual(world.requests.map((request) => request.route), ["oidc"], "403 is not retried");
  assert.match(post.stdout, /Skipping credential cleanup: the main step created no/);
});

Deno.test("dist/post.mjs removes the file when export_environment_variables is false", async () => {
  const { main, post, file } = await scenario((_world, keyJson) => ({
    credentials_json: keyJson,
    export_environment_variables: "false",
  }));
  assert.equal(main.code, 0, main.stdout);
  assert.deepEqual(main.exported, {});
  assert.ok(file !== undefined);
  assert.equal(main.state.credentials_file_path, file);
  assert.match(post.stdout, /Removed credentials file/);
});

Deno.test("dist/post.mjs removes the file when export_environment_variables is false and main failed", async () => {
  const { main, post, file } = await scenario(
    (world) =>
      withSa(world, { export_environment_variables: "false", token_format: "access_token" }),
    { emulator: { bindings: [] } },
  );
  assert.equal(main.code, 1);
  assert.deepEqual(main.exported, {});
  assert.ok(file !== undefined);
  assert.match(post.stdout, /Removed credentials file/);
});

Deno.test("dist/main.mjs writes no file and post skips when create_credentials_file is false", async () => {
  const { main, post, file } = await scenario((_world, keyJson) => ({
    credentials_json: keyJson,
    create_credentials_file: "false",
  }), { env: { GITHUB_WORKSPACE: undefined } });
  assert.equal(main.code, 0, main.stdout);
  assert.equal(file, undefined);
  assert.deepEqual(main.outputOrder, ["project_id", "auth_token"]);
  assert.deepEqual(Object.keys(main.exported), PROJECT_VARIABLES);
  assert.match(post.stdout, /Skipping credential cleanup/);
});

Deno.test("dist/post.mjs keeps the file when cleanup_credentials is false", async () => {
  const world = await startEmulator();
  try {
    await withRunnerDirs(async (dirs) => {
      const inputs = {
        credentials_json: await world.serviceAccountKey(),
        cleanup_credentials: "false",
      };
      const { main, post } = await runMainAndPost({ dirs, inputs });
      assert.equal(main.code, 0, main.stdout);
      assert.match(post.stdout, /Skipping credential cleanup: "cleanup_credentials" is false/);
      assert.ok(existsSync(main.state.credentials_file_path ?? ""));
    });
  } finally {
    await world.close();
  }
});

Deno.test("dist/post.mjs refuses a state path that is not the step's file, without failing", () =>
  withRunnerDirs(async (dirs) => {
    await Deno.writeTextFile(`${dirs.workspace}/important.json`, "{}");
    await Deno.mkdir(`${dirs.workspace}/gha-creds-0123456789abcdef.json`);
    for (
      const path of [
        `${dirs.workspace}/important.json`,
        `${dirs.workspace}/gha-creds-0123456789abcdef.json`,
        "/etc/passwd",
      ]
    ) {
      const post = await runStep("post", { dirs, state: { credentials_file_path: path } });
      assert.equal(post.code, 0);
      assert.match(post.stdout, /^::warning::Not removing/m);
      assert.ok(existsSync(path));
    }
  }));

Deno.test("dist/main.mjs sends request_reason on every Google call", async () => {
  const { main, world } = await scenario((world) =>
    withSa(world, { token_format: "access_token", request_reason: "ticket-42" })
  );
  assert.equal(main.code, 0, main.stdout);
  const google = world.requests.slice(1);
  assert.equal(google.length, 2);
  for (const request of google) assert.equal(request.headers["x-goog-request-reason"], "ticket-42");
});

Deno.test("dist/main.mjs logs the checkout hint only when the workspace is empty", async () => {
  const world = await startEmulator();
  try {
    const keyJson = await world.serviceAccountKey();
    await withRunnerDirs(async (empty) => {
      const { main } = await runMainAndPost({ dirs: empty, inputs: { credentials_json: keyJson } });
      assert.match(main.stdout, /^⚠️ The workspace .* was empty: .*actions\/checkout/m);
    });
    await withRunnerDirs(async (full) => {
      await Deno.writeTextFile(`${full.workspace}/README.md`, "# repo");
      const second = await runMainAndPost({ dirs: full, inputs: { credentials_json: keyJson } });
      assert.doesNotMatch(second.main.stdout, /actions\/checkout/);
      assert.deepEqual(workspaceFiles(full), ["README.md"]);
    });
  } finally {
    await world.close();
  }
});

/** A few rows of the matrix under another Node: WIF + SA, key, Direct WIF. */
const RUNTIME_ROWS = [
  "WIF + service account, access_token",
  "key, no token",
  "Direct WIF, access_token",
].map((name) => MATRIX.find((row) => row.name === name)!);

for (
  const [name, find, debug] of [["Node 20", node20, false], ["Node 24", node24, true]] as const
) {
  Deno.test(skippedWhen(runtimeMissing(await find(), name), {
    name: `dist/ main and post run under ${name}${debug ? " with debug logging" : ""}`,
    fn: async (t) => {
      const node = required(await find(), name).path;
      for (const row of RUNTIME_ROWS) await t.step(row.name, () => assertRow(row, debug, { node }));
    },
  }));
}

Deno.test("dist/main.mjs reaches GitHub OIDC, STS and IAM only through the runner's proxy", async (t) => {
  const world = await startEmulator();
  const port = Number(new URL(world.url).port);
  // Only the proxy resolves this name, so a call that reaches the emulator came through it.
  const proxy = await startForwardProxy({ hosts: { "gcp-emulator.test": port } });
  try {
    const env = Object.fromEntries(
      Object.entries(world.env).map(([name, value]) => [
        name,
        value?.replaceAll("127.0.0.1", "gcp-emulator.test"),
      ]),
    );
    for (const variable of ["HTTP_PROXY", "http_proxy"]) {
      await t.step(variable, () =>
        withRunnerDirs(async (dirs) => {
          proxy.requests.length = 0;
          const { main } = await runMainAndPost({
            dirs,
            inputs: withSa(world, { token_format: "access_token" }),
            env: { ...env, [variable]: proxy.url },
          });
          assert.equal(main.code, 0, main.stdout + main.stderr);
          assert.ok(main.outputs.access_token);
          assert.deepEqual(
            proxy.requests.map((request) => `${request.method} ${request.target}`),
            Array(3).fill(`CONNECT gcp-emulator.test:${port}`),
          );
        }));
    }
  } finally {
    await proxy.close();
    await world.close();
  }
});

Deno.test("dist/main.mjs fails once, unretried, on an unusable proxy variable, without its value", async () => {
  const world = await startEmulator();
  try {
    // Not loopback, so the proxy variable applies (loopback always goes direct).
    const env = Object.fromEntries(
      Object.entries(world.env).map(([name, value]) => [
        name,
        value?.replaceAll("127.0.0.1", "gcp-emulator.test"),
      ]),
    );
    await withRunnerDirs(async (dirs) => {
      const { main } = await runMainAndPost({
        dirs,
        inputs: withSa(world),
        env: { ...env, ...DEBUG, http_proxy: "socks5://alice:s3cret@proxy.corp:1080" },
      });
      assert.equal(main.code, 1);
      const [error, ...more] = errors(main);
      assert.deepEqual(more, []);
      assert.equal(
        error?.split("\n").slice(0, 2).join("\n"),
        "ERR_PROXY_INVALID: Cannot use the proxy in http_proxy: scheme socks5: is not supported (use http:// or https://)\n" +
          "Hint: Set the variable to http://host:port or https://host:port (user:password@ allowed, percent-encoded), or unset it",
      );
      assert.doesNotMatch(main.stdout + main.stderr, /Retrying|attempts|s3cret|alice/);
    });
    assert.deepEqual(world.requests, []);
  } finally {
    await world.close();
  }
});

/** The path of a built bundle. */
const dist = (name: string) => new URL(`../../dist/${name}`, import.meta.url).pathname;

/** A service account key JSON with a fresh RSA 2048 key. */
function keyJson(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return JSON.stringify({
    type: "service_account",
    project_id: "my-proj",
    private_key_id: "kid",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
    client_email: "ci@my-proj.iam.gserviceaccount.com",
  });
}

/** What a run of a bundle under Node 24 did, seen from a preloaded hook. */
interface BundleRun {
  /** The built-in modules loaded by the end (`process.moduleLoadList`). */
  modules: string[];
  /** Whether the event loop ran dry (`beforeExit`) rather than the bundle ending the process. */
  ranDry: boolean;
  /** The exit code. */
  code: number;
}

/** Runs `node <bundle>` in a fresh runner layout with `inputs`. */
async function runBundle(
  node: string,
  bundle: string,
  inputs: Record<string, string>,
): Promise<BundleRun> {
  const root = mkdtempSync(join(tmpdir(), "dist-modules-"));
  try {
    const report = join(root, "report.json");
    const env: Record<string, string> = { GITHUB_WORKSPACE: root, ...inputs };
    for (const name of ["OUTPUT", "ENV", "STATE"]) {
      env[`GITHUB_${name}`] = join(root, name);
      writeFileSync(env[`GITHUB_${name}`]!, "");
    }
    const hook = `let ranDry=false;process.on("beforeExit",()=>{ranDry=true});` +
      `process.on("exit",()=>process.getBuiltinModule("node:fs").writeFileSync(${
        JSON.stringify(report)
      },JSON.stringify({modules:process.moduleLoadList,ranDry})))`;
    // Asynchronous: in WIF mode the step calls the emulator this process serves.
    const { code } = await new Deno.Command(node, {
      args: ["--import", `data:text/javascript,${encodeURIComponent(hook)}`, bundle],
      env,
      stdout: "null",
      stderr: "null",
    }).output();
    return { ...JSON.parse(Deno.readTextFileSync(report)), code };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

Deno.test(skippedWhen(runtimeMissing(await node24(), "Node 24"), {
  name:
    "dist/ under Node 24: key mode loads no Web Crypto, WIF and post no crypto, none fs.promises, key mode and post no node:os",
  fn: async () => {
    const node = required(await node24(), "Node 24").path;
    const key = keyJson();
    const keyRun = await runBundle(node, dist("main.mjs"), { INPUT_CREDENTIALS_JSON: key });
    assert.equal(keyRun.code, 0);
    const main = keyRun.modules;
    assert.ok(main.includes("NativeModule internal/crypto/sig"), "key mode signs");
    for (
      const unwanted of [
        "internal/fs/promises",
        "internal/webstreams/readablestream",
        "http",
        "internal/crypto/webcrypto",
        "os",
      ]
    ) {
      assert.ok(!main.includes(`NativeModule ${unwanted}`), `key mode loads ${unwanted}`);
    }
    const { modules: post } = await runBundle(node, dist("post.mjs"), {});
    for (const unwanted of ["crypto", "internal/fs/promises", "os"]) {
      assert.ok(!post.includes(`NativeModule ${unwanted}`), `the post step loads ${unwanted}`);
    }
    const world = await startEmulator();
    try {
      const { modules: wif, code } = await runBundle(node, dist("main.mjs"), {
        ...world.env,
        INPUT_WORKLOAD_IDENTITY_PROVIDER: world.provider,
        INPUT_SERVICE_ACCOUNT: world.serviceAccount,
        INPUT_TOKEN_FORMAT: "access_token",
      });
      assert.equal(code, 0);
      assert.ok(wif.includes("NativeModule http"), "WIF calls over node:http");
      for (const unwanted of ["crypto", "internal/crypto/webcrypto", "internal/fs/promises"]) {
        assert.ok(!wif.includes(`NativeModule ${unwanted}`), `WIF mode loads ${unwanted}`);
      }
    } finally {
      await world.close();
    }
  },
}));

Deno.test(skippedWhen(runtimeMissing(await node24(), "Node 24"), {
  name: "dist/main.mjs ends the process itself once the run is done, with the run's exit code",
  fn: async () => {
    const node = required(await node24(), "Node 24").path;
    const done = await runBundle(node, dist("main.mjs"), { INPUT_CREDENTIALS_JSON: keyJson() });
    assert.deepEqual([done.code, done.ranDry], [0, false]);
    const failed = await runBundle(node, dist("main.mjs"), {});
    assert.deepEqual([failed.code, failed.ranDry], [1, false]);
    // The hook sees a bundle that lets the event loop run dry (the post step does).
    const post = await runBundle(node, dist("post.mjs"), {});
    assert.deepEqual([post.code, post.ranDry], [0, true]);
  },
}));
