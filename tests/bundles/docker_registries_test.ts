// credentials_file_path and docker_registries through the built dist/, as a runner runs the step
// and as Docker calls the helper (`docker-credential-<name> get`, the registry on stdin), against
// the emulator, in each mode. The helper's clock moves with the emulator's through a preloaded
// module (NODE_OPTIONS reaches it as it would from Docker's environment).
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { assertNoSecretLeaks } from "../support/hygiene.ts";
import { keySecrets, requestSecrets } from "../support/secrets.ts";
import {
  errors,
  type RunnerDirs,
  runStep,
  type StepRun,
  withRunnerDirs,
} from "../../action/local/local_runner.ts";
import { type Emulator, startEmulator } from "../../emulator/mod.ts";

const HOUR = 3_600_000;
const REGISTRIES = "us-docker.pkg.dev,\n gcr.io";
const ORIGINAL_CONFIG = {
  auths: { "ghcr.io": { auth: "dXNlcjpwYXNz" } },
  credHelpers: { "gcr.io": "gcloud", "quay.io": "other" },
  psFormat: "table {{.ID}}",
};

/** Moves `Date.now` of the helper's Node by `GCP_OIDC_TEST_CLOCK_OFFSET_MS`. */
const CLOCK_MODULE = `data:text/javascript,${
  encodeURIComponent(
    "const o=Number(process.env.GCP_OIDC_TEST_CLOCK_OFFSET_MS||0);const n=Date.now;Date.now=()=>n()+o;",
  )
}`;

interface HelperAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

/** Calls `docker-credential-<helper> <action>` found on the step's added PATH, as Docker does. */
function callHelper(
  main: StepRun,
  helper: string,
  action: string,
  stdin: string,
  offsetMs: number,
): Promise<HelperAnswer> {
  const [directory] = (main.files.path ?? "").trim().split("\n");
  assert.ok(directory, "the step added a directory to PATH");
  const program = join(directory, `docker-credential-${helper}`);
  return new Promise((done, fail) => {
    const child = spawn(program, [action], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_OPTIONS: `--import=${CLOCK_MODULE}`,
        GCP_OIDC_TEST_CLOCK_OFFSET_MS: String(offsetMs),
      },
    });
    let stdout = "";
    let stderr = "";
    // A helper stuck on a read would keep `docker push` waiting: it fails the test instead.
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, stdout, stderr });
    });
    // A helper that stops reading early closes the pipe under a large write.
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
  });
}

interface World {
  world: Emulator;
  clock: { offset: number };
}

async function withWorld(fn: (world: World, dirs: RunnerDirs) => Promise<void>): Promise<void> {
  const clock = { offset: 0 };
  const world = await startEmulator({ now: () => Date.now() + clock.offset });
  try {
    await withRunnerDirs((dirs) => fn({ world, clock }, dirs));
  } finally {
    await world.close();
  }
}

async function modeInputs(world: Emulator, mode: string): Promise<Record<string, string>> {
  if (mode === "key") return { credentials_json: await world.serviceAccountKey() };
  return {
    workload_identity_provider: world.provider,
    ...(mode === "wif" ? { service_account: world.serviceAccount } : {}),
  };
}

for (const mode of ["wif", "wif-direct", "key"]) {
  Deno.test(`dist/: credentials_file_path and docker_registries (${mode}): file, helper, refresh, cleanup`, async () => {
    await withWorld(async ({ world, clock }, dirs) => {
      const dockerConfig = join(dirs.root, "docker");
      mkdirSync(dockerConfig);
      const configFile = join(dockerConfig, "config.json");
      writeFileSync(configFile, JSON.stringify(ORIGINAL_CONFIG), { mode: 0o600 });
      const path = join(dirs.temp, "gcp", "credentials.json");
      const inputs: Record<string, string> = {
        ...await modeInputs(world, mode),
        credentials_file_path: path,
        docker_registries: REGISTRIES,
      };
      const env = { ...world.env, DOCKER_CONFIG: dockerConfig };
      const main = await runStep("main", { dirs, inputs, env });
      assert.equal(main.code, 0, main.stdout);
      assert.equal(main.outputs.credentials_file_path, path);
      assert.equal(main.exported.GOOGLE_APPLICATION_CREDENTIALS, path);
      assert.equal(statSync(path).mode & 0o777, 0o600);
      assert.equal(statSync(join(dirs.temp, "gcp")).mode & 0o777, 0o700);
      assert.deepEqual(readdirSync(dirs.workspace), [], "nothing lands in the workspace");

      const config = JSON.parse(readFileSync(configFile, "utf8"));
      const helper = config.credHelpers["us-docker.pkg.dev"];
      assert.match(helper, /^gcp-oidc-[0-9a-f]{16}$/);
      assert.deepEqual(config, {
        ...ORIGINAL_CONFIG,
        credHelpers: { "gcr.io": helper, "quay.io": "other", "us-docker.pkg.dev": helper },
      });

      const first = await callHelper(main, helper, "get", "us-docker.pkg.dev\n", clock.offset);
      assert.equal(first.code, 0, first.stdout + first.stderr);
      const answer = JSON.parse(first.stdout);
      assert.deepEqual(Object.keys(answer), ["ServerURL", "Username", "Secret"]);
      assert.equal(answer.ServerURL, "us-docker.pkg.dev");
      assert.equal(answer.Username, "oauth2accesstoken");
      const info = world.tokenInfo(answer.Secret);
      assert.ok(info, "the emulator accepts the token");
      assert.equal(info.kind, mode === "wif-direct" ? "federated" : "service_account");

      const helperDir = (main.files.path ?? "").trim();
      assert.equal(statSync(helperDir).mode & 0o777, 0o700);
      assert.equal(statSync(join(helperDir, "token.json")).mode & 0o777, 0o600);
      const calls = world.requests.length;
      const cached = await callHelper(main, helper, "get", "https://gcr.io", clock.offset);
      assert.equal(JSON.parse(cached.stdout).Secret, answer.Secret, "the cached token");
      assert.equal(world.requests.length, calls, "no call for a cached token");

      clock.offset += 2 * HOUR;
      assert.equal(world.tokenInfo(answer.Secret), undefined, "the first token expired");
      const later = await callHelper(main, helper, "get", "us-docker.pkg.dev", clock.offset);
      assert.equal(later.code, 0, later.stdout + later.stderr);
      const fresh = JSON.parse(later.stdout).Secret;
      assert.notEqual(fresh, answer.Secret);
      assert.ok(world.tokenInfo(fresh), "the emulator accepts the new token");

      const other = await callHelper(main, helper, "get", "ghcr.io", clock.offset);
      assert.deepEqual(other, {
        code: 1,
        stdout: "credentials not found in native keychain\n",
        stderr: "",
      });
      assert.equal((await callHelper(main, helper, "store", "{}", clock.offset)).code, 0);
      assert.equal((await callHelper(main, helper, "erase", "gcr.io", clock.offset)).code, 0);
      assert.deepEqual(JSON.parse((await callHelper(main, helper, "list", "", 0)).stdout), {
        "us-docker.pkg.dev": "oauth2accesstoken",
        "gcr.io": "oauth2accesstoken",
      });

      const post = await runStep("post", { dirs, inputs, env, state: main.state });
      assert.equal(post.code, 0, post.stdout);
      assert.deepEqual(JSON.parse(readFileSync(configFile, "utf8")), ORIGINAL_CONFIG);
      assert.equal(existsSync(path), false, "the credentials file is removed");
      assert.equal(existsSync(helperDir), false, "the helper and its cache are removed");
      assertNoSecretLeaks([main, post], [
        answer.Secret,
        fresh,
        ...requestSecrets(world.requests),
        ...(mode === "key" ? keySecrets(inputs.credentials_json!) : []),
      ]);
    });
  });
}

Deno.test("dist/: without a Docker config, the post step removes the one the step created", async () => {
  await withWorld(async ({ world }, dirs) => {
    const inputs = {
      credentials_json: await world.serviceAccountKey(),
      docker_registries: "gcr.io",
    };
    const main = await runStep("main", { dirs, inputs, env: world.env });
    assert.equal(main.code, 0, main.stdout);
    const configFile = join(dirs.root, ".docker", "config.json");
    assert.deepEqual(JSON.parse(readFileSync(configFile, "utf8")).credHelpers, {
      "gcr.io": JSON.parse(readFileSync(configFile, "utf8")).credHelpers["gcr.io"],
    });
    assert.equal(statSync(configFile).mode & 0o777, 0o600);
    const post = await runStep("post", { dirs, inputs, env: world.env, state: main.state });
    assert.equal(post.code, 0, post.stdout);
    assert.equal(existsSync(join(dirs.root, ".docker")), false);
    assert.deepEqual(readdirSync(dirs.workspace), [], "the default credentials file is removed");
  });
});

Deno.test("dist/: a Docker config that is not JSON is left untouched, with a warning", async () => {
  await withWorld(async ({ world }, dirs) => {
    const dockerConfig = join(dirs.root, "docker");
    mkdirSync(dockerConfig);
    writeFileSync(join(dockerConfig, "config.json"), "{ not json");
    const inputs = {
      credentials_json: await world.serviceAccountKey(),
      docker_registries: "gcr.io",
    };
    const env = { ...world.env, DOCKER_CONFIG: dockerConfig };
    const main = await runStep("main", { dirs, inputs, env });
    assert.equal(main.code, 0, main.stdout);
    assert.match(main.stdout, /::warning::Not configuring "docker_registries".*not valid JSON/);
    assert.equal(readFileSync(join(dockerConfig, "config.json"), "utf8"), "{ not json");
    assert.equal(main.files.path, "", "nothing added to PATH");
    assert.deepEqual(readdirSync(dirs.temp).filter((name) => name.startsWith("gcp-oidc")), []);
  });
});

Deno.test("dist/: a Docker config that is a FIFO, past 1 MiB or a link to nothing is left untouched, with a warning", async (t) => {
  await withWorld(async ({ world }, dirs) => {
    const inputs = {
      credentials_json: await world.serviceAccountKey(),
      docker_registries: "gcr.io",
    };
    const large = JSON.stringify({ psFormat: "x".repeat(2 << 20) });
    const rows: [string, (path: string) => void, RegExp][] = [
      ["a FIFO", (path) => execFileSync("mkfifo", [path]), /is a FIFO, not a regular file/],
      ["2 MiB", (path) => writeFileSync(path, large), /is larger than 1048576 bytes/],
      [
        "a dangling link",
        (path) => Deno.symlinkSync(join(path, "..", "gone.json"), path),
        /is a symbolic link to a file that does not exist/,
      ],
    ];
    for (const [name, make, message] of rows) {
      await t.step(name, async () => {
        const dockerConfig = join(dirs.root, `docker-${name.replaceAll(" ", "-")}`);
        mkdirSync(dockerConfig);
        const path = join(dockerConfig, "config.json");
        make(path);
        const env = { ...world.env, DOCKER_CONFIG: dockerConfig };
        const main = await runStep("main", { dirs, inputs, env });
        assert.equal(main.code, 0, main.stdout);
        assert.match(
          main.stdout,
          /::warning::Not configuring "docker_registries": the Docker config/,
        );
        assert.match(main.stdout, message);
        assert.equal(main.files.path, "", "nothing added to PATH");
        assert.deepEqual(readdirSync(dockerConfig), ["config.json"]);
        const kind = lstatSync(path);
        assert.equal(kind.isFIFO() || kind.isSymbolicLink() || kind.size === large.length, true);
      });
    }
  });
});

Deno.test("dist/: the helper and post refuse a FIFO or a file past 1 MiB, and stdin past 64 KiB", async () => {
  await withWorld(async ({ world, clock }, dirs) => {
    const credentialsFile = join(dirs.temp, "credentials.json");
    const inputs = {
      credentials_json: await world.serviceAccountKey(),
      credentials_file_path: credentialsFile,
      docker_registries: "gcr.io",
    };
    const main = await runStep("main", { dirs, inputs, env: world.env });
    assert.equal(main.code, 0, main.stdout);
    const helper = JSON.parse(readFileSync(join(dirs.root, ".docker", "config.json"), "utf8"))
      .credHelpers["gcr.io"];
    const helperDir = (main.files.path ?? "").trim();
    const get = (stdin = "gcr.io") => callHelper(main, helper, "get", stdin, clock.offset);
    const oneLineFailure = (answer: HelperAnswer, message: RegExp) => {
      assert.equal(answer.code, 1, answer.stdout + answer.stderr);
      assert.match(answer.stdout, message);
      assert.equal(answer.stdout.split("\n").length, 2, answer.stdout);
      assert.equal(answer.stderr, "");
    };

    oneLineFailure(
      await get(`gcr.io${" ".repeat(70_000)}`),
      /^gcp-oidc docker credential helper: standard input is longer than 65536 bytes$/m,
    );

    // A FIFO as token cache is passed over (a new token is minted and cached in its place).
    const cache = join(helperDir, "token.json");
    execFileSync("mkfifo", [cache]);
    const minted = await get();
    assert.equal(minted.code, 0, minted.stdout);
    assert.ok(lstatSync(cache).isFile(), "the token replaced the FIFO");

    clock.offset += 2 * HOUR;
    rmSync(credentialsFile);
    execFileSync("mkfifo", [credentialsFile]);
    oneLineFailure(await get(), /the credentials file ".*" is a FIFO, not a regular file$/m);
    rmSync(credentialsFile);
    writeFileSync(credentialsFile, " ".repeat(2 << 20));
    oneLineFailure(await get(), /the credentials file ".*" is larger than 1048576 bytes/);

    const config = join(helperDir, "helper.json");
    rmSync(config);
    execFileSync("mkfifo", [config]);
    oneLineFailure(
      await get(),
      /cannot read its configuration \(".*helper\.json" is a FIFO, not a regular file\)/,
    );

    // Post reads the Docker config through the same bound.
    const dockerConfig = join(dirs.root, ".docker", "config.json");
    rmSync(dockerConfig);
    execFileSync("mkfifo", [dockerConfig]);
    const post = await runStep("post", { dirs, inputs, env: world.env, state: main.state });
    assert.equal(post.code, 0, post.stdout);
    assert.match(post.stdout, /::warning::Could not restore the Docker config .* is a FIFO/);
    assert.equal(existsSync(helperDir), false, "the helper is removed all the same");
  });
});

Deno.test("dist/: a helper call that cannot mint prints one line, no stack or secret, exit 1", async () => {
  await withWorld(async ({ world, clock }, dirs) => {
    const inputs = {
      workload_identity_provider: world.provider,
      service_account: world.serviceAccount,
      docker_registries: "gcr.io",
    };
    const main = await runStep("main", { dirs, inputs, env: world.env });
    assert.equal(main.code, 0, main.stdout);
    const helper = JSON.parse(readFileSync(join(dirs.root, ".docker", "config.json"), "utf8"))
      .credHelpers["gcr.io"];
    world.injectFault("generateAccessToken", {
      status: 403,
      body: JSON.stringify({
        error: { code: 403, message: "Permission denied", status: "PERMISSION_DENIED" },
      }),
    });
    const failed = await callHelper(main, helper, "get", "gcr.io", clock.offset);
    assert.equal(failed.code, 1);
    assert.equal(failed.stdout.split("\n").length, 2, failed.stdout);
    assert.match(failed.stdout, /^gcp-oidc: cannot get an access token for gcr\.io: ERR_/);
    assert.doesNotMatch(failed.stdout + failed.stderr, /\n\s+at /);
    for (const secret of requestSecrets(world.requests)) {
      assert.ok(!(failed.stdout + failed.stderr).includes(secret), "no secret in the error");
    }
    world.clearFaults();
    const post = await runStep("post", { dirs, inputs, env: world.env, state: main.state });
    assert.equal(post.code, 0);
    assert.equal(
      existsSync((main.files.path ?? "").trim()),
      false,
      "the helper is gone after post",
    );
  });
});

Deno.test("dist/: bad credentials_file_path and docker_registries fail naming the input, before any call", async (t) => {
  await withWorld(async ({ world }, dirs) => {
    writeFileSync(join(dirs.workspace, "taken.json"), "{}");
    mkdirSync(join(dirs.workspace, "real"));
    Deno.symlinkSync(join(dirs.workspace, "real"), join(dirs.workspace, "link"));
    const rows: [string, Record<string, string>, RegExp][] = [
      [
        "a directory",
        { credentials_file_path: dirs.temp },
        /"credentials_file_path".*is a directory/,
      ],
      [
        "an existing file",
        { credentials_file_path: "taken.json" },
        /"credentials_file_path".*already exists/,
      ],
      [
        "through a symlink",
        { credentials_file_path: "link/creds.json" },
        /"credentials_file_path".*symbolic link/,
      ],
      [
        "without the file",
        { credentials_file_path: "x.json", create_credentials_file: "false" },
        /"credentials_file_path"/,
      ],
      [
        "a URL as registry",
        { docker_registries: "https://gcr.io/proj" },
        /"docker_registries".*not a registry host name/,
      ],
      ["a bad host", { docker_registries: "gcr.io, bad_host" }, /"docker_registries".*"bad_host"/],
      ["registries without the file", {
        docker_registries: "gcr.io",
        create_credentials_file: "false",
      }, /"docker_registries"/],
    ];
    for (const [name, extra, expected] of rows) {
      await t.step(name, async () => {
        const before = world.requests.length;
        const inputs = { workload_identity_provider: world.provider, ...extra };
        const main = await runStep("main", { dirs, inputs, env: world.env });
        assert.equal(main.code, 1);
        assert.match(errors(main).join("\n"), expected);
        assert.equal(world.requests.length, before, "nothing was sent");
        assert.equal(main.files.path, "");
      });
    }
  });
});
