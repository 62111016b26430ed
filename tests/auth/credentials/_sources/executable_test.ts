// Executable sources: a real program (tests/support/executable_tool.mjs under Node, started by this
// Deno through auth/credentials/run_executable.ts) gets tokens from the emulator with the GOOGLE_EXTERNAL_ACCOUNT_*
// variables, the output_file cache, the allow switch, the timeout and the output bound; every
// malformed response is a named error that never quotes the program's output.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  AuthError,
  credentialsFromJson,
  type ExecutableRequest,
  type RunExecutableLike,
} from "../../../../auth/mod.ts";
import { splitCommand } from "../../../../auth/credentials/_sources/executable.ts";
import { runExecutable } from "../../../../auth/credentials/run_executable.ts";
import { type Emulator, startEmulator } from "../../../../emulator/mod.ts";
import { githubToken, oidcAudience } from "../../../../tools/emulator_calls.ts";
import { node20, required } from "../../../../tools/runtimes.ts";
import { runtimeMissing, skippedWhen } from "../../../support/skip.ts";

const TOOL = resolve("tests/support/executable_tool.mjs");
const JWT = "urn:ietf:params:oauth:token-type:jwt";
const ALLOW = { GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "1" };
const AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x";

/** The program's runtime: Node, which starts in a fraction of Deno's time. */
const nodeRuntime = await node20();
/** Why the tests that run the program are skipped, or `undefined` when they run. */
const NODE_MISSING = runtimeMissing(nodeRuntime, "Node 20");

function nodePath(): string {
  return required(nodeRuntime, "Node 20").path;
}

function command(mode: string, ...args: string[]): string {
  return [`"${nodePath()}"`, `"${TOOL}"`, mode, ...args].join(" ");
}

/**
 * A program that writes its pid to TOOL_REPORT (when set) and sleeps a minute: a shell, which does
 * so within milliseconds however busy the machine, where a runtime's start can take seconds and
 * outlast a timeout before it writes anything.
 */
const SLEEPER = '/bin/sh -c "echo $$ >${TOOL_REPORT:-/dev/null}; exec sleep 60"';

function fileFor(emulator: Emulator, executable: Record<string, unknown>, extra = {}) {
  return {
    type: "external_account",
    audience: `//iam.googleapis.com/${emulator.provider}`,
    subject_token_type: JWT,
    token_url: `${emulator.endpoints.sts}/token`,
    credential_source: { executable: { timeout_millis: 30000, ...executable } },
    ...extra,
  };
}

/** The real runner, with TOOL_* variables added and each request recorded. */
function recordingRunner(extra: Record<string, string>, seen: ExecutableRequest[]) {
  const runner: RunExecutableLike = (request) => {
    seen.push(request);
    return runExecutable({ ...request, env: { ...request.env, ...extra } });
  };
  return runner;
}

Deno.test(skippedWhen(NODE_MISSING, {
  name:
    "an executable source gets tokens from the emulator, passing the GOOGLE_EXTERNAL_ACCOUNT_* variables",
  fn: async () => {
    await using emulator = await startEmulator();
    const dir = await mkdtemp(join(tmpdir(), "executable-"));
    try {
      const report = join(dir, "report.json");
      const seen: ExecutableRequest[] = [];
      const runner = recordingRunner({
        TOOL_TOKEN: await githubToken(emulator, oidcAudience(emulator)),
        TOOL_REPORT: report,
      }, seen);
      const impersonation =
        `${emulator.endpoints.iamcredentials}/projects/-/serviceAccounts/${emulator.serviceAccount}:generateAccessToken`;
      // Standard error is not read (google-auth-library mixes it into the response).
      const credentials = credentialsFromJson(
        fileFor(emulator, { command: command("noisy", '"an argument"', "two") }, {
          service_account_impersonation_url: impersonation,
        }),
        { runExecutable: runner, env: ALLOW },
      );
      const token = await credentials.getAccessToken();
      assert.equal(emulator.tokenInfo(token.token)?.principal, emulator.serviceAccount);
      assert.deepEqual(JSON.parse(await readFile(report, "utf8")), {
        args: ["an argument", "two"],
        env: {
          GOOGLE_EXTERNAL_ACCOUNT_AUDIENCE: `//iam.googleapis.com/${emulator.provider}`,
          GOOGLE_EXTERNAL_ACCOUNT_TOKEN_TYPE: JWT,
          GOOGLE_EXTERNAL_ACCOUNT_INTERACTIVE: "0",
          GOOGLE_EXTERNAL_ACCOUNT_IMPERSONATED_EMAIL: emulator.serviceAccount,
        },
      });
      assert.equal(seen.length, 1);
      assert.equal(seen[0]!.command, nodePath());
      assert.equal(seen[0]!.maxOutputBytes, 1 << 20);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
}));

Deno.test(skippedWhen(NODE_MISSING, {
  name:
    "output_file: a live response is reused without a run; a stale or broken one runs the program again",
  fn: async () => {
    await using emulator = await startEmulator();
    const dir = await mkdtemp(join(tmpdir(), "executable-"));
    try {
      const outputFile = join(dir, "out.json");
      const seen: ExecutableRequest[] = [];
      const subject = await githubToken(emulator, oidcAudience(emulator));
      const runner = recordingRunner({ TOOL_TOKEN: subject }, seen);
      const file = fileFor(emulator, { command: command("ok"), output_file: outputFile });
      const make = () => credentialsFromJson(file, { runExecutable: runner, env: ALLOW });
      await make().getAccessToken();
      assert.equal(seen.length, 1);
      assert.equal(seen[0]!.env.GOOGLE_EXTERNAL_ACCOUNT_OUTPUT_FILE, outputFile);
      assert.equal(JSON.parse(await readFile(outputFile, "utf8")).id_token, subject);
      await make().getAccessToken(); // from the file
      assert.equal(seen.length, 1);
      const stale = {
        version: 1,
        success: true,
        token_type: JWT,
        id_token: "eyJ.old.x",
        expiration_time: 1,
      };
      for (
        const content of [
          JSON.stringify(stale),
          "{ half",
          JSON.stringify({ version: 1, success: false, code: "1", message: "m" }),
        ]
      ) {
        await writeFile(outputFile, content);
        await make().getAccessToken();
      }
      assert.equal(seen.length, 4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
}));

Deno.test("executables run only with GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES=1, the runtime's runner or the option's", async () => {
  const file = {
    type: "external_account",
    audience: AUDIENCE,
    subject_token_type: JWT,
    credential_source: { executable: { command: "/usr/bin/mytool" } },
  };
  let runs = 0;
  const runner: RunExecutableLike = () => (runs++, Promise.reject(new Error("not run")));
  for (const env of [{}, { GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "true" }]) {
    await assert.rejects(
      credentialsFromJson(file, { env, runExecutable: runner }).getAccessToken(),
      {
        code: "ERR_EXECUTABLES_NOT_ALLOWED",
        message:
          /"\/usr\/bin\/mytool": executables run only with GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES=1/,
      },
    );
  }
  // The runtime's runner (Deno's here) is held by the same switch: nothing is started.
  await assert.rejects(credentialsFromJson(file, { env: {} }).getAccessToken(), {
    code: "ERR_EXECUTABLES_NOT_ALLOWED",
  });
  // A runtime without one says to pass it: tests/auth/credentials/run_executable_test.ts, and
  // a real Worker in tests/runtime/credentials_workerd.mjs.
  assert.equal(runs, 0);
});

Deno.test("a program that outlives timeout_millis is killed: ERR_EXECUTABLE_TIMEOUT", async () => {
  const dir = await mkdtemp(join(tmpdir(), "executable-"));
  try {
    const report = join(dir, "pid");
    const credentials = credentialsFromJson({
      type: "external_account",
      audience: AUDIENCE,
      subject_token_type: JWT,
      credential_source: { executable: { command: SLEEPER, timeout_millis: 5000 } },
    }, { runExecutable: recordingRunner({ TOOL_REPORT: report }, []), env: ALLOW });
    const started = Date.now();
    await assert.rejects(credentials.getAccessToken(), {
      code: "ERR_EXECUTABLE_TIMEOUT",
      message: /"timeout_millis", 5000 ms/,
    });
    assert.ok(Date.now() - started >= 5000);
    const pid = Number(await readFile(report, "utf8"));
    const alive = () => {
      try {
        Deno.kill(pid, "SIGCONT");
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(alive(), false, "the program was killed");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

Deno.test(skippedWhen(NODE_MISSING, {
  name: "a failing, missing or flooding program is ERR_EXECUTABLE_FAILED, its output never shown",
  fn: async (t) => {
    const make = (commandLine: string) =>
      credentialsFromJson({
        type: "external_account",
        audience: AUDIENCE,
        subject_token_type: JWT,
        credential_source: { executable: { command: commandLine } },
      }, { runExecutable, env: ALLOW });
    for (
      const [name, commandLine, message] of [
        ["exit 3", command("fail"), /it exited with code 3 \(its output is not shown\)/],
        [
          "no such program",
          "/nonexistent/tool --x",
          /"\/nonexistent\/tool": it could not be run: ENOENT/,
        ],
        ["2 MiB of output", command("flood"), /its output went past 1048576 bytes/],
        ["2 MiB of two-byte characters", command("flood2"), /its output went past 1048576 bytes/],
      ] as const
    ) {
      await t.step(name, async () => {
        await assert.rejects(make(commandLine).getAccessToken(), (error) => {
          assert.ok(error instanceof AuthError);
          assert.equal(error.code, "ERR_EXECUTABLE_FAILED");
          assert.match(error.message, message);
          assert.doesNotMatch(`${error.message} ${error.stack}`, /eyJ|failed\n|xxxx/);
          return true;
        });
      });
    }
  },
}));

/** Credentials whose runner answers `stdout` (exit 0), and the subject token STS got. */
function answering(
  stdout: string,
  executable: Record<string, unknown> = {},
  now = 1_700_000_000_000,
) {
  const sent: string[] = [];
  const credentials = credentialsFromJson({
    type: "external_account",
    audience: AUDIENCE,
    subject_token_type: JWT,
    credential_source: { executable: { command: "/usr/bin/mytool", ...executable } },
  }, {
    env: ALLOW,
    now: () => now,
    readFile: () => Promise.reject(Object.assign(new Error("ENOENT"), { code: "ENOENT" })),
    runExecutable: () => Promise.resolve({ exitCode: 0, stdout }),
    fetch: (_url, init) => {
      sent.push(JSON.parse(String(init?.body)).subjectToken);
      return Promise.resolve(Response.json({ access_token: "federated", expires_in: 3600 }));
    },
  });
  return { credentials, sent };
}

Deno.test("a runner's output past 1 MiB in bytes is refused, though under it in UTF-16 units", async () => {
  // A runner that does not report the overflow itself: 1.2 MB of UTF-8 in 600,000 units.
  const { credentials, sent } = answering("é".repeat(600_000));
  await assert.rejects(credentials.getAccessToken(), (error) => {
    assert.ok(error instanceof AuthError);
    assert.equal(error.code, "ERR_EXECUTABLE_FAILED");
    assert.match(error.message, /its output went past 1048576 bytes/);
    return true;
  });
  assert.deepEqual(sent, []);
});

Deno.test("every malformed response is ERR_EXECUTABLE_RESPONSE_INVALID naming the field, never quoting it", async (t) => {
  const secret = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzZWNyZXQifQ.c2VjcmV0";
  const ok = { version: 1, success: true, token_type: JWT, id_token: secret };
  const cases: [string, unknown, RegExp, Record<string, unknown>?][] = [
    ["not JSON", `token ${secret}`, /it is not JSON/],
    ["an array", [ok], /not a JSON object/],
    ["no version", { ...ok, version: undefined }, /no "version" number/],
    ["version 2", { ...ok, version: 2 }, /"version" is 2; only version 1/],
    ["no success", { ...ok, success: "yes" }, /no "success" boolean/],
    [
      "an unknown token_type",
      { ...ok, token_type: "urn:x" },
      /"token_type" is "urn:x", expected one of/,
    ],
    [
      "no id_token",
      { ...ok, id_token: "" },
      /no "id_token" string \(token_type urn:ietf:params:oauth:token-type:jwt\)/,
    ],
    [
      "saml2 without saml_response",
      { ...ok, token_type: "urn:ietf:params:oauth:token-type:saml2" },
      /no "saml_response" string/,
    ],
    ["unsuccessful without code", { version: 1, success: false, message: "m" }, /no "code" string/],
    [
      "unsuccessful without message",
      { version: 1, success: false, code: "401" },
      /no "message" string/,
    ],
    [
      "expiration_time a string",
      { ...ok, expiration_time: "soon" },
      /"expiration_time" is not a whole number/,
    ],
    [
      "no expiration_time with output_file",
      ok,
      /no "expiration_time" \(a successful response needs one with an output_file\)/,
      { output_file: "/tmp/x.json" },
    ],
    [
      "expired",
      { ...ok, expiration_time: 1_600_000_000 },
      /its token expired at 2020-09-13T12:26:40\.000Z/,
    ],
  ];
  for (const [name, response, message, executable] of cases) {
    await t.step(name, async () => {
      const text = typeof response === "string" ? response : JSON.stringify(response);
      const { credentials, sent } = answering(text, executable);
      await assert.rejects(credentials.getAccessToken(), (error) => {
        assert.ok(error instanceof AuthError);
        assert.equal(error.code, "ERR_EXECUTABLE_RESPONSE_INVALID");
        assert.match(error.message, message);
        assert.ok(!`${error.message}${error.stack}`.includes(secret.slice(0, 20)));
        return true;
      });
      assert.deepEqual(sent, []);
    });
  }
});

Deno.test("responses: id_token, jwt and saml2 token types; an unsuccessful one says its code and message", async () => {
  for (
    const [type, field] of [
      ["urn:ietf:params:oauth:token-type:id_token", "id_token"],
      [JWT, "id_token"],
      ["urn:ietf:params:oauth:token-type:saml2", "saml_response"],
    ] as const
  ) {
    const { credentials, sent } = answering(
      JSON.stringify({
        version: 1,
        success: true,
        token_type: type,
        [field]: "PHNhbWw+",
        expiration_time: 1_700_000_100,
      }),
    );
    await credentials.getAccessToken();
    assert.deepEqual(sent, ["PHNhbWw+"]);
  }
  const { credentials } = answering(
    JSON.stringify({ version: 1, success: false, code: "401", message: "Caller not authorized." }),
  );
  await assert.rejects(credentials.getAccessToken(), {
    code: "ERR_EXECUTABLE_UNSUCCESSFUL",
    message: /answered unsuccessful, code "401": Caller not authorized\./,
  });
});

Deno.test("the credentials' signal stops a running program", async () => {
  const controller = new AbortController();
  const credentials = credentialsFromJson({
    type: "external_account",
    audience: AUDIENCE,
    subject_token_type: JWT,
    credential_source: { executable: { command: SLEEPER } },
  }, { runExecutable, env: ALLOW, signal: controller.signal });
  const pending = credentials.getAccessToken();
  setTimeout(() => controller.abort(new Error("closed")), 200);
  await assert.rejects(pending, { message: "closed" });
});

Deno.test("splitCommand() splits on white space except inside double quotes, as google-auth-library", () => {
  assert.deepEqual(splitCommand('"/opt/my tool/run" --flag "a b" c'), [
    "/opt/my tool/run",
    "--flag",
    "a b",
    "c",
  ]);
  assert.deepEqual(splitCommand("  /usr/bin/mytool\t--arg  "), ["/usr/bin/mytool", "--arg"]);
  assert.deepEqual(splitCommand('--x="y z"'), ['--x="y z"']);
  assert.deepEqual(splitCommand("   "), []);
});
