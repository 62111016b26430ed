// The emulator as a program: emulator/main.ts under Deno (what `deno run -A
// jsr:@gcp-oidc/auth/emulator/main` runs) and under Node 24 (what the npm command runs, built)
// prints the environment to export, serves, and stops cleanly on SIGTERM; emulator/mod.ts, run the
// same way, starts nothing.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { decodeJwt } from "jose";
import { node24, required, type Runtime } from "../../tools/runtimes.ts";
import { withEmulator } from "../../tools/emulator_calls.ts";
import { credentialsFromJson } from "../../auth/mod.ts";
import { runtimeMissing, skippedWhen } from "../support/skip.ts";
import { runCli } from "../../emulator/_cli.ts";
import process from "node:process";

const MOD = new URL("../../emulator/mod.ts", import.meta.url).pathname;
const MAIN = new URL("../../emulator/main.ts", import.meta.url).pathname;

/** `export NAME='value'` lines back to a record. */
function parseExports(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n").filter((l) => l !== "")) {
    const match = /^export ([A-Za-z_][A-Za-z0-9_]*)='((?:[^']|'\\'')*)'$/.exec(line);
    assert.ok(match, `not an export line: ${line.slice(0, 80)}`);
    env[match[1]!] = match[2]!.replaceAll(`'\\''`, "'");
  }
  return env;
}

/** Runs the program, reads the environment it prints, runs `check`, then stops it with SIGTERM. */
async function withProgram(
  command: string,
  args: string[],
  check: (env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const child = new Deno.Command(command, {
    args,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    // The last line it prints is GOOGLE_APPLICATION_CREDENTIALS when asked for, else GCE_METADATA_IP.
    const last = args.includes("--credentials")
      ? "GOOGLE_APPLICATION_CREDENTIALS"
      : "GCE_METADATA_IP";
    while (!new RegExp(`^export ${last}=.*\\n`, "m").test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`exited before printing its environment: ${await stderr}`);
      text += value;
    }
    await check(parseExports(text));
  } finally {
    child.kill("SIGTERM");
    const rest = await reader.read();
    assert.ok(rest.done, "nothing printed after the environment");
    const { code } = await child.status;
    assert.equal(code, 0, await stderr);
    assert.match(await stderr, /^Emulator listening on http:\/\/127\.0\.0\.1:\d+/);
    // What a request with curl names, besides the exported URLs.
    assert.match(
      await stderr,
      /^Provider: projects\/\d+\/locations\/global\/workloadIdentityPools\//m,
    );
    assert.match(await stderr, /^Service account: \S+@\S+\.iam\.gserviceaccount\.com$/m);
  }
}

/** Asserts that the program serves GitHub OIDC and the metadata server; returns the OIDC `sub`. */
async function assertServes(env: Record<string, string>): Promise<string> {
  const oidc = await fetch(`${env.ACTIONS_ID_TOKEN_REQUEST_URL}&audience=cli`, {
    headers: { authorization: `Bearer ${env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` },
  });
  assert.equal(oidc.status, 200);
  const { sub } = decodeJwt((await oidc.json()).value);
  const project = await fetch(
    `http://${env.GCE_METADATA_HOST}/computeMetadata/v1/project/project-id`,
    { headers: { "metadata-flavor": "Google" } },
  );
  assert.equal(await project.text(), "emulated-project");
  return sub!;
}

Deno.test("emulator/main.ts under Deno prints the environment and serves until SIGTERM", async () => {
  let credentials = "";
  await withProgram(
    Deno.execPath(),
    ["run", "-A", "--quiet", MAIN, "--immutable-subject", "--credentials", "service_account"],
    async (env) => {
      // Every variable of an emulator's env, and the credentials file.
      await withEmulator({}, (emulator) => {
        const names = [...Object.keys(emulator.env), "GOOGLE_APPLICATION_CREDENTIALS"];
        assert.deepEqual(Object.keys(env).sort(), names.sort());
      });
      // GitHub's immutable subject format, as asked for.
      assert.match(await assertServes(env), /^repo:[\w-]+@\d+\/[\w.-]+@\d+:ref:refs\/heads\//);
      credentials = env.GOOGLE_APPLICATION_CREDENTIALS!;
      const key = JSON.parse(readFileSync(credentials, "utf8"));
      assert.equal(key.type, "service_account");
      assert.equal(key.token_uri, `${env.GHA_ENDPOINT_OVERRIDE_oauth2}/token`);
      assert.equal(Deno.statSync(credentials).mode! & 0o777, 0o600);
    },
  );
  assert.equal(existsSync(credentials), false, "the credentials file is removed on exit");
});

Deno.test("--credentials x509 writes an X.509 file, its certificate, key and configuration, and the listener's CA", async () => {
  let dir = "";
  await withProgram(
    Deno.execPath(),
    ["run", "-A", "--quiet", MAIN, "--credentials", "x509"],
    async (env) => {
      const file = JSON.parse(readFileSync(env.GOOGLE_APPLICATION_CREDENTIALS!, "utf8"));
      const configPath = file.credential_source.certificate.certificate_config_location;
      dir = configPath.slice(0, configPath.lastIndexOf("/"));
      const { workload } = JSON.parse(readFileSync(configPath, "utf8")).cert_configs;
      assert.equal(env.DENO_CERT, `${dir}/server-ca.pem`);
      assert.equal(env.NODE_EXTRA_CA_CERTS, env.DENO_CERT);
      for (const path of [workload.cert_path, workload.key_path, configPath, env.DENO_CERT]) {
        assert.equal(Deno.statSync(path).mode! & 0o777, 0o600, path);
      }
      // A client that presents the certificate and trusts the CA gets a token from its STS.
      const client = Deno.createHttpClient({
        cert: readFileSync(workload.cert_path, "utf8"),
        key: readFileSync(workload.key_path, "utf8"),
        caCerts: [readFileSync(env.DENO_CERT!, "utf8")],
      });
      try {
        const credentials = credentialsFromJson(file, {
          fetch: (input, init) => fetch(input, { ...init, client }),
        });
        assert.match((await credentials.getAccessToken()).token, /^ya29\./);
      } finally {
        client.close();
      }
    },
  );
  assert.equal(existsSync(dir), false, "the files are removed on exit");
});

Deno.test("emulator/mod.ts run as the main module starts nothing", async () => {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MOD, "--help"],
    stdin: "null",
  }).output();
  assert.equal(result.code, 0);
  assert.equal(new TextDecoder().decode(result.stdout), "");
  assert.equal(new TextDecoder().decode(result.stderr), "");
});

/** `runCli(args)` in this process: its exit code and what it wrote to stderr. */
async function runCliHere(args: string[]): Promise<{ code: number; stderr: string }> {
  const [write, exitCode] = [process.stderr.write, process.exitCode];
  let stderr = "";
  process.stderr.write = ((chunk: string) => (stderr += chunk, true)) as typeof write;
  try {
    await runCli(args);
    return { code: Number(process.exitCode ?? 0), stderr };
  } finally {
    process.stderr.write = write;
    process.exitCode = exitCode;
  }
}

Deno.test("emulator program explains its options", async () => {
  const run = (...args: string[]) =>
    new Deno.Command(Deno.execPath(), { args: ["run", "-A", "--quiet", MAIN, ...args] }).output();
  const help = await run("--help");
  assert.equal(help.code, 0);
  assert.match(new TextDecoder().decode(help.stdout), /^Usage: gcp-oidc-emulator/);
  // One refusal as a process (exit code 2 and stderr reach the shell), the rest in this process.
  const refused = await run("--port", "http");
  assert.equal(refused.code, 2);
  assert.match(new TextDecoder().decode(refused.stderr), /^--port "http" is not a port number/);
  for (
    const [args, message] of [
      [["--credentials", "api_key"], /--credentials "api_key" is not a type/],
      [["--port", "99999"], /^--port "99999" is not a port number: use 0 to 65535\n/],
      [["--verbose"], /Unknown option '--verbose'/],
      [["--make-keys", "1", "--immutable-subject"], /--make-keys prints keys and exits/],
    ] as const
  ) {
    const result = await runCliHere([...args]);
    assert.equal(result.code, 2, args.join(" "));
    assert.match(result.stderr, message);
    assert.match(result.stderr, /Usage: gcp-oidc-emulator/);
    assert.doesNotMatch(result.stderr, /Cannot.*Cannot/);
  }
});

const node = await node24();

Deno.test(skippedWhen(runtimeMissing(node, "Node 24"), {
  name: "emulator/main.ts (the npm command) runs under Node 24 and stops on SIGTERM",
  fn: async () => {
    const runtime: Runtime = required(node, "Node 24");
    await withProgram(runtime.path, [MAIN], async (env) => {
      // By default, the name-only subject of repositories created before 2026-07-15.
      assert.match(await assertServes(env), /^repo:[\w-]+\/[\w.-]+:ref:refs\/heads\//);
    });
  },
}));
