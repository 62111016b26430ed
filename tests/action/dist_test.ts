// The built dist/ bundles driven under node exactly as a runner does, against the emulator, for
// every mode and token format.
import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import { node24, required, RUNTIMES_REQUIRED } from "../_helpers/runtimes.ts";
import { assertNoSecretLeaks, keySecrets, requestSecrets } from "./_hygiene.ts";
import {
  errors,
  runMainAndPost,
  runnerDirs,
  runStep,
  type RunStepOptions,
  type StepRun,
  workspaceFiles,
} from "../../action/_local_runner.ts";
import { type Emulator, startEmulator } from "../../emulator/mod.ts";

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

interface Scenario {
  world: Emulator;
  main: StepRun;
  post: StepRun;
  file?: string;
  contents?: Record<string, unknown>;
  keyJson?: string;
}

async function scenario(
  inputs: (world: Emulator, keyJson: string) => Record<string, string>,
  extra: Partial<RunStepOptions> = {},
): Promise<Scenario> {
  const world = await startEmulator();
  try {
    const keyJson = await world.serviceAccountKey();
    const dirs = runnerDirs();
    let file: string | undefined;
    let contents: Record<string, unknown> | undefined;
    const main = await runStep("main", {
      dirs,
      inputs: inputs(world, keyJson),
      ...extra,
      env: { ...world.env, ...extra.env },
    });
    const path = main.state.credentials_file_path;
    if (path !== undefined) {
      file = path;
      assert.equal(statSync(path).mode & 0o777, 0o600, "credentials file mode");
      contents = JSON.parse(readFileSync(path, "utf8"));
      assert.ok(!readFileSync(path, "utf8").includes("\n"), "compact JSON");
    }
    const post = await runStep("post", {
      dirs,
      inputs: inputs(world, keyJson),
      ...extra,
      env: { ...world.env, ...extra.env },
      state: main.state,
    });
    assert.equal(post.code, 0, "the post step never fails");
    assert.deepEqual(workspaceFiles(dirs), [], "post leaves the workspace as it was");
    assertNoSecretLeaks(
      [main, post],
      [
        world.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? "",
        ...keySecrets(keyJson),
        ...requestSecrets(world.requests),
      ],
    );
    return {
      world,
      main,
      post,
      ...(file === undefined ? {} : { file }),
      ...(contents === undefined ? {} : { contents }),
      keyJson,
    };
  } finally {
    await world.close();
  }
}

function wif(world: Emulator, extra: Record<string, string> = {}): Record<string, string> {
  return { workload_identity_provider: world.provider, ...extra };
}

function assertExported(run: StepRun, path: string, project: string): void {
  assert.deepEqual(Object.keys(run.exported), [...CREDENTIAL_VARIABLES, ...PROJECT_VARIABLES]);
  for (const name of CREDENTIAL_VARIABLES) assert.equal(run.exported[name], path);
  for (const name of PROJECT_VARIABLES) assert.equal(run.exported[name], project);
}

Deno.test("dist/main.mjs mints an access token with WIF + service account, dist/post.mjs removes the file", async () => {
  const { main, post, world, file, contents } = await scenario((world) =>
    wif(world, { service_account: world.serviceAccount, token_format: "access_token" })
  );
  assert.equal(main.code, 0, main.stdout);
  assert.deepEqual(main.outputOrder, [
    "credentials_file_path",
    "project_id",
    "auth_token",
    "access_token",
    "access_token_expiration",
  ]);
  assert.ok(file !== undefined);
  assert.match(basename(file), /^gha-creds-[0-9a-f]{16}\.json$/);
  assert.equal(main.outputs.credentials_file_path, file);
  assert.match(main.outputs.access_token_expiration ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assertExported(main, file, main.outputs.project_id ?? "");
  assert.equal(contents?.type, "external_account");
  assert.match(String(contents?.service_account_impersonation_url), /:generateAccessToken$/);
  assert.equal(contents?.universe_domain, "googleapis.com");
  assert.equal(world.requests.length, 3, "OIDC + STS + IAM, nothing else");
  assert.match(post.stdout, /Removed credentials file/);
  assert.ok(!existsSync(file));
});

Deno.test("dist/main.mjs returns the federated token as access_token with Direct WIF", async () => {
  const { main, contents, world } = await scenario((world) =>
    wif(world, { token_format: "access_token" })
  );
  assert.equal(main.code, 0, main.stdout);
  assert.equal(main.outputs.access_token, main.outputs.auth_token);
  assert.ok(contents !== undefined && !("service_account_impersonation_url" in contents));
  assert.equal(world.requests.length, 2, "OIDC + STS");
});

Deno.test("dist/main.mjs mints an ID token with WIF + service account", async () => {
  const { main, world } = await scenario((world) =>
    wif(world, {
      service_account: world.serviceAccount,
      token_format: "id_token",
      id_token_audience: "https://svc.example.run.app",
      id_token_include_email: "true",
    })
  );
  assert.equal(main.code, 0, main.stdout);
  assert.deepEqual(main.outputOrder, [
    "credentials_file_path",
    "project_id",
    "auth_token",
    "id_token",
  ]);
  const claims = JSON.parse(
    atob((main.outputs.id_token ?? "").split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")),
  );
  assert.equal(claims.aud, "https://svc.example.run.app");
  const generate = world.requests.at(-1);
  assert.deepEqual(JSON.parse(generate?.body ?? "{}").includeEmail, true);
});

Deno.test("dist/main.mjs with WIF and no token format sets auth_token only", async () => {
  const { main, world } = await scenario((world) =>
    wif(world, { service_account: world.serviceAccount })
  );
  assert.equal(main.code, 0, main.stdout);
  assert.deepEqual(main.outputOrder, ["credentials_file_path", "project_id", "auth_token"]);
  assert.equal(world.requests.length, 2);
});

Deno.test("dist/main.mjs in key mode without a token makes no request and writes the key", async () => {
  const { main, world, contents, keyJson } = await scenario((_world, keyJson) => ({
    credentials_json: keyJson,
  }));
  assert.equal(main.code, 0, main.stdout);
  assert.equal(world.requests.length, 0);
  assert.deepEqual(contents, JSON.parse(keyJson ?? ""));
  assert.equal(main.outputs.project_id, JSON.parse(keyJson ?? "").project_id);
  assert.equal(main.outputs.auth_token?.split(".").length, 3);
});

Deno.test("dist/main.mjs in key mode accepts base64 key JSON and mints an access token", async () => {
  const { main, world } = await scenario((_world, keyJson) => ({
    credentials_json: btoa(keyJson),
    token_format: "access_token",
  }));
  assert.equal(main.code, 0, main.stdout);
  assert.ok(main.outputs.access_token);
  assert.equal(world.requests.length, 1, "IAM only");
});

Deno.test("dist/main.mjs in key mode mints an ID token", async () => {
  const { main } = await scenario((_world, keyJson) => ({
    credentials_json: keyJson,
    token_format: "id_token",
    id_token_audience: "https://svc.example.run.app",
  }));
  assert.equal(main.code, 0, main.stdout);
  assert.ok(main.outputs.id_token);
});

Deno.test("dist/main.mjs mints a domain-wide delegation token with WIF + service account", async () => {
  const { main, world } = await scenario((world) =>
    wif(world, {
      service_account: world.serviceAccount,
      token_format: "access_token",
      access_token_subject: "admin@example.com",
      access_token_scopes: "https://www.googleapis.com/auth/admin.directory.user.readonly",
    })
  );
  assert.equal(main.code, 0, main.stdout);
  assert.ok(main.outputs.access_token);
  assert.deepEqual(world.requests.map((request) => request.route), [
    "oidc",
    "sts",
    "signJwt",
    "oauth2Token",
  ]);
});

Deno.test("dist/post.mjs removes the file when export_environment_variables is false", async () => {
  const { main, post, file } = await scenario((_world, keyJson) => ({
    credentials_json: keyJson,
    export_environment_variables: "false",
  }));
  assert.equal(main.code, 0, main.stdout);
  assert.deepEqual(main.exported, {});
  assert.ok(file !== undefined);
  assert.match(post.stdout, /Removed credentials file/);
});

Deno.test("dist/post.mjs removes the file when main failed after writing it", async () => {
  const { main, post, file } = await scenario((world) =>
    wif(world, { audience: "https://not-the-provider.example" })
  );
  assert.equal(main.code, 1);
  assert.equal(errors(main).length, 1, main.stdout);
  assert.match(errors(main)[0] ?? "", /^ERR_STS_EXCHANGE_FAILED: /);
  assert.doesNotMatch(main.stdout + main.stderr, /\n\s+at /, "no stack trace");
  assert.ok(file !== undefined);
  assert.equal(main.outputs.credentials_file_path, file);
  assert.match(post.stdout, /Removed credentials file/);
});

Deno.test("dist/main.mjs writes no file and post skips when create_credentials_file is false", async () => {
  const { main, post, file } = await scenario((_world, keyJson) => ({
    credentials_json: keyJson,
    create_credentials_file: "false",
  }));
  assert.equal(main.code, 0, main.stdout);
  assert.equal(file, undefined);
  assert.deepEqual(main.outputOrder, ["project_id", "auth_token"]);
  assert.deepEqual(Object.keys(main.exported), PROJECT_VARIABLES);
  assert.match(post.stdout, /Skipping credential cleanup/);
});

Deno.test("dist/main.mjs leaks no secret with step debug logging on", async () => {
  const debug = { RUNNER_DEBUG: "1", ACTIONS_STEP_DEBUG: "true" };
  for (const format of ["access_token", "id_token"]) {
    const { main } = await scenario((world) =>
      wif(world, {
        service_account: world.serviceAccount,
        token_format: format,
        id_token_audience: "https://svc.example",
        request_reason: "ticket-42",
      }), { env: debug });
    assert.equal(main.code, 0, main.stdout);
    assert.match(main.stdout, /::debug::/);
  }
  const { main } = await scenario((world) =>
    wif(world, {
      service_account: world.serviceAccount,
      token_format: "access_token",
      access_token_subject: "admin@example.com",
    }), { env: debug });
  assert.equal(main.code, 0, main.stdout);
});

Deno.test("dist/main.mjs sends request_reason on every Google call", async () => {
  const { main, world } = await scenario((world) =>
    wif(world, {
      service_account: world.serviceAccount,
      token_format: "access_token",
      request_reason: "ticket-42",
    })
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
    const empty = runnerDirs();
    const { main } = await runMainAndPost({ dirs: empty, inputs: { credentials_json: keyJson } });
    assert.match(main.stdout, /actions\/checkout/);
    const full = runnerDirs();
    await Deno.writeTextFile(`${full.workspace}/README.md`, "# repo");
    const second = await runMainAndPost({ dirs: full, inputs: { credentials_json: keyJson } });
    assert.doesNotMatch(second.main.stdout, /actions\/checkout/);
    assert.deepEqual(workspaceFiles(full), ["README.md"]);
  } finally {
    await world.close();
  }
});

Deno.test({
  name: "dist/ main and post run under Node 24",
  ignore: (await node24()) === undefined && !RUNTIMES_REQUIRED,
  fn: async () => {
    const node = required(await node24(), "Node 24").path;
    const { main, post, file } = await scenario(
      (world) =>
        wif(world, { service_account: world.serviceAccount, token_format: "access_token" }),
      { node },
    );
    assert.equal(main.code, 0, main.stdout + main.stderr);
    assert.ok(main.outputs.access_token);
    assert.ok(file !== undefined);
    assert.match(post.stdout, /Removed credentials file/);
  },
});
