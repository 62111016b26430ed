import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "../../action/main.ts";
import { fakeCore } from "../support/fake_core.ts";

const PROVIDER = "projects/123/locations/global/workloadIdentityPools/gh-pool/providers/repo";
const SA = "ci@my-proj.iam.gserviceaccount.com";
const OIDC = {
  ACTIONS_ID_TOKEN_REQUEST_URL: "https://runner.test/oidc?api-version=2.0",
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: "runner-secret-token",
};

function fakeGoogle(
  iam: () => Response = () =>
    Response.json({ accessToken: "ya29.minted-token", expireTime: "2030-01-01T00:00:00Z" }),
): {
  fetch: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  urls: string[];
} {
  const urls: string[] = [];
  return {
    urls,
    fetch: (input, _init) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url);
      if (url.includes("/oidc")) {
        return Promise.resolve(Response.json({ value: "eyJ.github-oidc.jwt" }));
      }
      if (url.endsWith("/token")) {
        return Promise.resolve(
          Response.json({ access_token: "federated-token", expires_in: 3600 }),
        );
      }
      return Promise.resolve(iam());
    },
  };
}

function withWorkspace(fn: (workspace: string) => Promise<void>): Promise<void> {
  const workspace = mkdtempSync(join(tmpdir(), "main-"));
  return fn(workspace).finally(() => rmSync(workspace, { recursive: true }));
}

Deno.test("run() masks every token before any output holds it, outputs in google-github-actions/auth's order", () =>
  withWorkspace(async (workspace) => {
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      service_account: SA,
      token_format: "access_token",
    });
    const google = fakeGoogle();
    await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: google.fetch });
    assert.deepEqual(core.failed, []);
    assert.deepEqual([...core.outputs.keys()], [
      "credentials_file_path",
      "project_id",
      "auth_token",
      "access_token",
      "access_token_expiration",
    ]);
    assert.equal(core.outputs.get("access_token_expiration"), "2030-01-01T00:00:00Z");
    for (
      const secret of [
        "runner-secret-token",
        "eyJ.github-oidc.jwt",
        "federated-token",
        "ya29.minted-token",
      ]
    ) {
      const masked = core.log.indexOf(`mask:${secret}`);
      assert.ok(masked >= 0, `${secret} is masked`);
      const firstUse = core.log.findIndex((line) =>
        !line.startsWith("mask:") && line.includes(secret)
      );
      assert.ok(firstUse === -1 || firstUse > masked, `${secret} is masked before it is used`);
      assert.ok(
        core.log.every((line) =>
          line.startsWith("mask:") || line.startsWith("output:") || !line.includes(secret)
        ),
        `${secret} is never logged`,
      );
    }
    assert.equal(
      core.log.filter((line) => line === "mask:federated-token").length,
      1,
      "masked once",
    );
    assert.equal(
      core.saved.get("credentials_file_path"),
      core.outputs.get("credentials_file_path"),
    );
    assert.equal(core.outputs.get("auth_token"), "federated-token");
    assert.equal(
      core.log.filter((line) => line.startsWith("output:auth_token=")).length,
      1,
      "auth_token is set once",
    );
  }));

Deno.test("run() writes the credentials file before any token is minted", () =>
  withWorkspace(async (workspace) => {
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      service_account: SA,
      token_format: "access_token",
    });
    const google = fakeGoogle(() =>
      Response.json({ error: { code: 403, status: "PERMISSION_DENIED", message: "denied" } }, {
        status: 403,
      })
    );
    await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: google.fetch });
    assert.equal(core.failed.length, 1);
    assert.match(core.failed[0] ?? "", /^ERR_IAM_ACCESS_TOKEN_FAILED: /);
    assert.match(core.failed[0] ?? "", /\nHint: .*serviceAccountTokenCreator/);
    const path = core.saved.get("credentials_file_path") ?? "";
    assert.ok(existsSync(path));
    const file = JSON.parse(readFileSync(path, "utf8"));
    assert.equal(file.type, "external_account");
    assert.equal(file.credential_source.headers.Authorization, "Bearer runner-secret-token");
    assert.deepEqual([...core.outputs.keys()], [
      "credentials_file_path",
      "project_id",
      "auth_token",
    ]);
    assert.equal(core.outputs.get("auth_token"), "federated-token", "set before the IAM call");
    const masked = core.log.indexOf("mask:federated-token");
    assert.ok(masked >= 0 && masked < core.log.indexOf("output:auth_token=federated-token"));
  }));

Deno.test("run() passes GHA_ENDPOINT_OVERRIDE_* to auth/ as base URLs and honours universe", () =>
  withWorkspace(async (workspace) => {
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      service_account: SA,
      token_format: "access_token",
      universe: "example.com",
    });
    const google = fakeGoogle();
    await run(core, {
      env: {
        ...OIDC,
        GITHUB_WORKSPACE: workspace,
        GHA_ENDPOINT_OVERRIDE_sts: "http://127.0.0.1:9/sts/v1/",
        GHA_ENDPOINT_OVERRIDE_iamcredentials: "http://127.0.0.1:9/iam/v1",
      },
      fetch: google.fetch,
    });
    assert.deepEqual(core.failed, []);
    assert.deepEqual(google.urls.slice(1), [
      "http://127.0.0.1:9/sts/v1/token",
      `http://127.0.0.1:9/iam/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
    ]);
    assert.match(google.urls[0] ?? "", /audience=https%3A%2F%2Fiam\.example\.com%2F/);
    const file = JSON.parse(readFileSync(core.outputs.get("credentials_file_path") ?? "", "utf8"));
    assert.equal(file.universe_domain, "example.com");
  }));

Deno.test("run() exports nothing when export_environment_variables is false, still saves state", () =>
  withWorkspace(async (workspace) => {
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      export_environment_variables: "false",
    });
    await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: fakeGoogle().fetch });
    assert.deepEqual(core.failed, []);
    assert.equal(core.exported.size, 0);
    assert.ok(core.saved.has("credentials_file_path"));
    assert.ok(core.log.some((line) => line.startsWith("notice:") && line.includes("123")));
  }));

Deno.test("run() reports a bad input as one failure, sending and writing nothing", () =>
  withWorkspace(async (workspace) => {
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      service_account: SA,
      token_format: "access_token",
      access_token_lifetime: "13h",
    });
    const google = fakeGoogle();
    await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: google.fetch });
    assert.equal(core.failed.length, 1);
    assert.match(core.failed[0] ?? "", /^ERR_ACTION_INPUT: Invalid input "access_token_lifetime"/);
    assert.deepEqual(google.urls, []);
    assert.equal(core.outputs.size + core.saved.size, 0);
  }));

Deno.test("run() redacts a masked secret even if an unexpected error carries it", () =>
  withWorkspace(async (workspace) => {
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      service_account: SA,
      token_format: "access_token",
    });
    const google = fakeGoogle(() => {
      throw new Error("proxy said: federated-token is bad");
    });
    await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: google.fetch });
    assert.equal(core.failed.length, 1);
    const logged = core.log.filter((line) =>
      !line.startsWith("mask:") && line !== "output:auth_token=federated-token"
    );
    for (const line of logged) assert.ok(!line.includes("federated-token"), line);
  }));

Deno.test("run() warns when the step is pinned to a branch", async () => {
  const core = fakeCore({ credentials_json: "{", create_credentials_file: "false" });
  await run(core, { env: { GITHUB_ACTION_REF: "main" } });
  assert.match(core.log[0] ?? "", /^warning:The step is pinned at "main"/);
});

Deno.test("run() rejects a workspace that does not exist before sending anything", async () => {
  const core = fakeCore({ workload_identity_provider: PROVIDER, service_account: SA });
  const google = fakeGoogle();
  const workspace = join(tmpdir(), `missing-${crypto.randomUUID()}`);
  await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: google.fetch });
  assert.equal(core.failed.length, 1);
  assert.match(
    core.failed[0] ?? "",
    /^ERR_ACTION_INPUT: Cannot write the credentials file in \$GITHUB_WORKSPACE .*does not exist\nHint: /,
  );
  assert.deepEqual(google.urls, []);
  assert.equal(core.outputs.size + core.saved.size, 0);
});

Deno.test("run() reports a workspace that vanishes mid-flight as ERR_CREDENTIALS_FILE, not a bug", async () => {
  const workspace = mkdtempSync(join(tmpdir(), "main-"));
  const core = fakeCore({ workload_identity_provider: PROVIDER, service_account: SA });
  const google = fakeGoogle();
  await run(core, {
    env: { ...OIDC, GITHUB_WORKSPACE: workspace },
    fetch: (input, init) => {
      rmSync(workspace, { recursive: true, force: true });
      return google.fetch(input, init);
    },
  });
  assert.equal(core.failed.length, 1);
  assert.match(
    core.failed[0] ?? "",
    /^ERR_CREDENTIALS_FILE: Cannot write the credentials file in \$GITHUB_WORKSPACE .*ENOENT\nHint: /,
  );
  assert.ok(core.log.every((line) => !/\n\s+at /.test(line)), "no stack trace, not even in debug");
  assert.ok(
    core.log.every((line) => !line.includes("runner-secret-token") || line.startsWith("mask:")),
  );
  assert.equal(core.saved.size, 0);
});

Deno.test("run() writes credentials_file_path through no link put at its missing directory during the OIDC request", () =>
  withWorkspace(async (workspace) => {
    const runnerTemp = join(workspace, "_temp");
    const elsewhere = join(workspace, "elsewhere");
    mkdirSync(runnerTemp);
    mkdirSync(elsewhere);
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      service_account: SA,
      credentials_file_path: join(runnerTemp, "gcp", "credentials.json"),
    });
    const google = fakeGoogle();
    await run(core, {
      env: { ...OIDC, GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp },
      fetch: (input, init) => {
        // After the inputs were checked, before the file is written.
        if (!existsSync(join(runnerTemp, "gcp"))) symlinkSync(elsewhere, join(runnerTemp, "gcp"));
        return google.fetch(input, init);
      },
    });
    assert.equal(core.failed.length, 1);
    assert.match(
      core.failed[0] ?? "",
      /^ERR_CREDENTIALS_FILE: Cannot write the credentials file at "credentials_file_path" .*: it points through a symbolic link at .*\nHint: /,
    );
    assert.deepEqual(readdirSync(elsewhere), [], "nothing written through the link");
    assert.equal(core.saved.size, 0);
  }));

Deno.test("run() without a credentials file needs no workspace and exports only the project", async () => {
  const core = fakeCore({
    workload_identity_provider: PROVIDER,
    service_account: SA,
    create_credentials_file: "false",
  });
  await run(core, { env: OIDC, fetch: fakeGoogle().fetch });
  assert.deepEqual(core.failed, []);
  assert.deepEqual([...core.outputs.keys()], ["project_id", "auth_token"]);
  assert.deepEqual([...core.exported.keys()], [
    "CLOUDSDK_CORE_PROJECT",
    "CLOUDSDK_PROJECT",
    "GCLOUD_PROJECT",
    "GCP_PROJECT",
    "GOOGLE_CLOUD_PROJECT",
  ]);
  assert.equal(core.saved.size, 0);
});

Deno.test("run() reports an out-of-range token expiry as ERR_TOKEN_RESPONSE_INVALID before any token output", async (t) => {
  const cases = {
    "STS expires_in 1e300 (direct WIF)": {
      inputs: { workload_identity_provider: PROVIDER, token_format: "access_token" },
      sts: { access_token: "federated-token", expires_in: 1e300 },
      iam: {},
    },
    "IAM expireTime beyond year 275760": {
      inputs: {
        workload_identity_provider: PROVIDER,
        service_account: SA,
        token_format: "access_token",
      },
      sts: { access_token: "federated-token", expires_in: 3600 },
      iam: { accessToken: "ya29.minted-token", expireTime: "+275761-01-01T00:00:00Z" },
    },
  };
  for (const [name, { inputs, sts, iam }] of Object.entries(cases)) {
    await t.step(name, async () => {
      const core = fakeCore({ ...inputs, create_credentials_file: "false" });
      const fetch = (input: Request | URL | string) => {
        const url = String(input);
        if (url.includes("/oidc")) return Promise.resolve(Response.json({ value: "eyJ.oidc.jwt" }));
        return Promise.resolve(Response.json(url.endsWith("/token") ? sts : iam));
      };
      await run(core, { env: OIDC, fetch });
      assert.equal(core.failed.length, 1);
      assert.match(
        core.failed[0]!,
        /^ERR_TOKEN_RESPONSE_INVALID: The token response has an invalid "(expires_in|expireTime)"/,
      );
      assert.equal(core.outputs.has("access_token"), false);
      assert.equal(core.outputs.has("access_token_expiration"), false);
    });
  }
});

Deno.test("run() rejects a relative workspace before sending anything", async () => {
  const core = fakeCore({ workload_identity_provider: PROVIDER, service_account: SA });
  const google = fakeGoogle();
  await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: "." }, fetch: google.fetch });
  assert.equal(core.failed.length, 1);
  assert.match(
    core.failed[0] ?? "",
    /^ERR_ACTION_INPUT: Cannot write the credentials file in \$GITHUB_WORKSPACE "\.": it is not an absolute path\nHint: /,
  );
  assert.deepEqual(google.urls, []);
});

Deno.test("run() removes the credentials file and fails when its path cannot be saved in state", () =>
  withWorkspace(async (workspace) => {
    const core = fakeCore({ workload_identity_provider: PROVIDER, service_account: SA });
    core.saveState = () => {
      throw new Error("Missing file at path: /runner/temp/_runner_file_commands/save_state_1");
    };
    await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: fakeGoogle().fetch });
    assert.equal(core.failed.length, 1);
    assert.match(
      core.failed[0] ?? "",
      /^ERR_CREDENTIALS_FILE: Cannot save the credentials file path to \$GITHUB_STATE \(Error: Missing file at path: .*\); the file was removed\nHint: /,
    );
    assert.deepEqual(readdirSync(workspace), []);
    assert.equal(core.outputs.has("credentials_file_path"), false);
  }));

Deno.test("run() prints a workspace path holding a newline so it cannot start a workflow command", () =>
  withWorkspace(async (root) => {
    const workspace = join(root, "ws\n::warning::injected");
    mkdirSync(workspace);
    const core = fakeCore({
      workload_identity_provider: PROVIDER,
      service_account: SA,
      token_format: "access_token",
    });
    await run(core, { env: { ...OIDC, GITHUB_WORKSPACE: workspace }, fetch: fakeGoogle().fetch });
    assert.deepEqual(core.failed, []);
    const infos = core.log.filter((line) => line.startsWith("info:") && line.includes("injected"));
    assert.equal(infos.length, 2, "the file path and the empty-workspace notice");
    for (const line of infos) assert.ok(!line.includes("\n"), line);
  }));
