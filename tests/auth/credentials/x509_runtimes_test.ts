// X.509 certificate-based federation end to end, in each runtime's own way of presenting a client
// certificate (no fetch option): Deno's createHttpClient and Bun's tls option on the sources, and
// the npm build's Node transport under Node 24 (its Node entry, bundled here as build_npm.ts
// bundles it). The files are the emulator's (as gcloud writes them, for CI without gcloud) and
// gcloud's own `create-cred-config --credential-cert-path ...` output, whose Google URLs are
// pointed at the emulator's mutual TLS listener (the only change). The references,
// google-auth-library under Node 24 and Python google-auth (gcloud's bundled copy, where gcloud is),
// get tokens with the same files and send the same subject tokens. Every program trusts the
// listener's CA (DENO_CERT, NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE), as a user trusts a private CA.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { bundleExports } from "../../../npm_bundle.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import type { Emulator } from "../../../emulator/mod.ts";
import { bun, node24, required, type Runtime } from "../../../tools/runtimes.ts";
import { GCLOUD_MISSING, runtimeMissing, skippedWhen } from "../../support/skip.ts";
import { gcloudSdk, offlineGcloudEnv, runGcloud } from "../../support/gcloud.ts";

const run = promisify(execFile);
const CHECKS = new URL("../../runtime/x509_checks.mjs", import.meta.url).pathname;
const REFERENCE = new URL("../../runtime/x509_google_auth_library.mjs", import.meta.url).pathname;
const PYTHON_REFERENCE =
  new URL("../../support/google_auth_python_x509.py", import.meta.url).pathname;
const SOURCES = new URL("../../../auth/mod.ts", import.meta.url).pathname;
const WORKLOAD_PRINCIPAL =
  "principal://iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/github/subject/emulated-workload";

/** The certificate files of the emulator's workload, and its X.509 credential files, in `dir`. */
async function writeFiles(emulator: Emulator, dir: string): Promise<Record<string, string>> {
  const { x509 } = emulator;
  const files: Record<string, string> = {
    "cert.pem": x509.certificate,
    "key.pem": x509.privateKey,
    "chain.pem": `${x509.certificate}${x509.intermediateCa}`,
    "server-ca.pem": x509.serverCa,
    "certificate_config.json": JSON.stringify({
      cert_configs: { workload: { cert_path: `${dir}/cert.pem`, key_path: `${dir}/key.pem` } },
    }),
    // The default configuration (GOOGLE_API_CERTIFICATE_CONFIG), no chain, no impersonation.
    "default.json": x509.credentialsFile(),
    // A named configuration and a chain with the leaf on top, impersonating.
    "chain.json": x509.credentialsFile({
      certificateConfigLocation: `${dir}/certificate_config.json`,
      trustChainPath: `${dir}/chain.pem`,
      serviceAccount: emulator.serviceAccount,
    }),
  };
  await Promise.all(
    Object.entries(files).map(([name, text]) => Deno.writeTextFile(`${dir}/${name}`, text)),
  );
  return Object.fromEntries(Object.keys(files).map((name) => [name, `${dir}/${name}`]));
}

/** The command that runs this package's checks under `runtime` with the auth module `module`. */
function checks(runtime: Runtime, module: string): string[] {
  const args = runtime.name === "deno" ? ["run", "-A", "--no-lock"] : [];
  return [runtime.path, ...args, CHECKS, module];
}

/**
 * Runs `command` (a program and its arguments before the files: this package's checks, or a
 * reference library's) over `files`; one result each. Every program trusts the listener's CA.
 */
async function tokensIn(
  command: string[],
  dir: string,
  files: string[],
  where: Record<string, string> = {
    GOOGLE_API_CERTIFICATE_CONFIG: `${dir}/certificate_config.json`,
  },
): Promise<{ token?: string; error?: string; message?: string }[]> {
  const [program, ...args] = command;
  const { stdout } = await run(program!, [...args, ...files], {
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: dir,
      DENO_CERT: `${dir}/server-ca.pem`,
      NODE_EXTRA_CA_CERTS: `${dir}/server-ca.pem`,
      REQUESTS_CA_BUNDLE: `${dir}/server-ca.pem`,
      NO_COLOR: "1",
      ...where,
    },
    timeout: 60_000,
  });
  return stdout.trim().split("\n").map((line) => JSON.parse(line));
}

/** The subject token of an STS request: a JSON body (this package) or a form (google-auth-library). */
function subjectTokenOf(body: string): string {
  return body.startsWith("{")
    ? JSON.parse(body).subjectToken
    : new URLSearchParams(body).get("subject_token") ?? "";
}

/**
 * Asserts the federated and the impersonated tokens, and that every STS call of the run (the
 * emulator's requests from index `from` on) used mutual TLS.
 */
function assertTokens(emulator: Emulator, from: number, results: { token?: string }[]): void {
  assert.equal(results.length, 2, JSON.stringify(results));
  const [federated, impersonated] = results.map((result) => {
    assert.ok(result.token, JSON.stringify(result));
    return emulator.tokenInfo(result.token)!;
  });
  assert.equal(federated!.kind, "federated");
  assert.equal(federated!.principal, WORKLOAD_PRINCIPAL);
  assert.equal(impersonated!.principal, emulator.serviceAccount);
  const sts = emulator.requests.slice(from).filter((request) => request.route === "sts");
  assert.ok(sts.length >= 2);
  for (const request of sts) assert.ok(request.url.startsWith(`${emulator.x509.url}/`));
  const subject = JSON.parse(subjectTokenOf(sts[0]!.body));
  // The default file has no chain: the leaf alone.
  assert.equal(subject.length, 1);
}

/** Runs `check` with an emulator and a scratch folder holding the files. */
async function withFiles(
  check: (emulator: Emulator, dir: string, files: Record<string, string>) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const emulator = await startEmulator();
  try {
    await check(emulator, dir, await writeFiles(emulator, dir));
  } finally {
    await emulator.close();
    await Deno.remove(dir, { recursive: true });
  }
}

const [bunRuntime, node24Runtime] = await Promise.all([bun(), node24()]);
const deno: Runtime = { name: "deno", path: Deno.execPath() };

let npmAuth: Promise<string> | undefined;
/**
 * The npm build's Node entry of `./auth`, bundled as build_npm.ts bundles it, once for the tests
 * that run it (in a folder removed when the tests end).
 */
function npmAuthNodeEntry(): Promise<string> {
  npmAuth ??= (async () => {
    const dir = await Deno.makeTempDir();
    globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
    const [bundled] = await bundleExports({ "./auth": "./auth/mod.ts" }, `${dir}/npm`, []);
    return `${dir}/npm/${bundled!.node}`;
  })();
  return npmAuth;
}

Deno.test("X.509 files get tokens over mutual TLS in Deno (Deno.createHttpClient)", async () => {
  await withFiles(async (emulator, dir, files) => {
    const from = emulator.requests.length;
    const results = await tokensIn(checks(deno, SOURCES), dir, [
      files["default.json"]!,
      files["chain.json"]!,
    ]);
    assertTokens(emulator, from, results);
    // The chain file starts with the leaf: it is sent as it is, the leaf once.
    const chained = emulator.requests.slice(from).filter((request) => request.route === "sts")[1]!;
    assert.equal(JSON.parse(subjectTokenOf(chained.body)).length, 2);
  });
});

Deno.test(skippedWhen(runtimeMissing(bunRuntime, "Bun"), {
  name: "X.509 files get tokens over mutual TLS in Bun (fetch's tls option)",
  fn: () =>
    withFiles(async (emulator, dir, files) => {
      const from = emulator.requests.length;
      const results = await tokensIn(checks(required(bunRuntime, "Bun"), SOURCES), dir, [
        files["default.json"]!,
        files["chain.json"]!,
      ]);
      assertTokens(emulator, from, results);
    }),
}));

Deno.test(skippedWhen(runtimeMissing(node24Runtime, "Node 24"), {
  name: "X.509 files get tokens over mutual TLS in Node 24 (the npm build's Node transport)",
  fn: () =>
    withFiles(async (emulator, dir, files) => {
      const node = required(node24Runtime, "Node 24");
      const module = await npmAuthNodeEntry();
      const from = emulator.requests.length;
      const results = await tokensIn(checks(node, module), dir, [
        files["default.json"]!,
        files["chain.json"]!,
      ]);
      assertTokens(emulator, from, results);
      // The sources under Node 24 have no Node transport: the file is refused at load, saying so.
      const [refused] = await tokensIn(checks(node, SOURCES), dir, [files["default.json"]!]);
      assert.equal(refused!.error, "ERR_CREDENTIALS_UNSUPPORTED");
      assert.match(refused!.message!, /mutual TLS.*pass the option fetch/);
    }),
}));

/**
 * Asserts that `reference` (a command) gets tokens with the emulator's files and sends the same
 * subject tokens as this package does in Deno.
 */
async function assertSameAsReference(reference: string[], where: Record<string, string> = {}) {
  await withFiles(async (emulator, dir, files) => {
    const both = [files["default.json"]!, files["chain.json"]!];
    const sent = (from: number) =>
      emulator.requests.slice(from).filter((request) => request.route === "sts")
        .map((request) => JSON.parse(subjectTokenOf(request.body)));
    const config = { GOOGLE_API_CERTIFICATE_CONFIG: `${dir}/certificate_config.json`, ...where };
    assertTokens(emulator, 0, await tokensIn(reference, dir, both, config));
    const theirs = sent(0);
    const ours = emulator.requests.length;
    assertTokens(emulator, ours, await tokensIn(checks(deno, SOURCES), dir, both));
    assert.deepEqual(sent(ours), theirs);
  });
}

Deno.test(skippedWhen(runtimeMissing(node24Runtime, "Node 24"), {
  name: "google-auth-library gets tokens with the same files, sending the same subject tokens",
  fn: () => assertSameAsReference([required(node24Runtime, "Node 24").path, REFERENCE]),
}));

Deno.test(skippedWhen(GCLOUD_MISSING, {
  name:
    "Python google-auth (gcloud's) gets tokens with the same files, sending the same subject tokens",
  fn: () => {
    const { python, thirdParty } = gcloudSdk();
    return assertSameAsReference([python, PYTHON_REFERENCE], { PYTHONPATH: thirdParty });
  },
}));

Deno.test(skippedWhen(GCLOUD_MISSING, {
  name:
    "the X.509 files gcloud create-cred-config writes get tokens over mutual TLS in Deno, Bun and Node 24",
  fn: (t) =>
    withFiles(async (emulator, dir, files) => {
      const workload = [
        "iam",
        "workload-identity-pools",
        "create-cred-config",
        emulator.x509
          .provider,
      ];
      const cert = [
        `--credential-cert-path=${files["cert.pem"]}`,
        `--credential-cert-private-key-path=${files["key.pem"]}`,
      ];
      await runGcloud([
        { args: [...workload, ...cert, `--output-file=${dir}/gcloud-default.json`] },
        {
          args: [
            ...workload,
            ...cert,
            `--credential-cert-trust-chain-path=${files["chain.pem"]}`,
            `--credential-cert-configuration-output-file=${dir}/gcloud-config.json`,
            `--service-account=${emulator.serviceAccount}`,
            `--output-file=${dir}/gcloud-chain.json`,
          ],
        },
      ], offlineGcloudEnv(dir));
      const written = [];
      for (const name of ["gcloud-default.json", "gcloud-chain.json"]) {
        const text = await Deno.readTextFile(`${dir}/${name}`);
        const file = JSON.parse(text);
        assert.equal(file.subject_token_type, "urn:ietf:params:oauth:token-type:mtls");
        assert.equal(file.token_url, "https://sts.mtls.googleapis.com/v1/token");
        written.push(file);
        // Google's mTLS hosts -> the emulator's mutual TLS listener; nothing else changes.
        await Deno.writeTextFile(
          `${dir}/${name}`,
          text.replaceAll("https://sts.mtls.googleapis.com/v1", emulator.x509.endpoints.sts)
            .replaceAll(
              "https://iamcredentials.mtls.googleapis.com/v1",
              emulator.x509.endpoints.iamcredentials,
            ),
        );
      }
      assert.deepEqual(written[0].credential_source, {
        certificate: { use_default_certificate_config: true },
      });
      assert.match(
        written[1].service_account_impersonation_url,
        /^https:\/\/iamcredentials\.mtls\.googleapis\.com\//,
      );
      // gcloud wrote its default configuration into CLOUDSDK_CONFIG: read from there, in each
      // runtime; a missing one is a skipped step (one gcloud run serves them all).
      const gcloudFiles = [`${dir}/gcloud-default.json`, `${dir}/gcloud-chain.json`];
      const where = { CLOUDSDK_CONFIG: `${dir}/gcloud` };
      const runs: [string, Runtime | undefined, () => Promise<string>][] = [
        ["Deno", deno, () => Promise.resolve(SOURCES)],
        ["Bun", bunRuntime, () => Promise.resolve(SOURCES)],
        ["Node 24", node24Runtime, npmAuthNodeEntry],
      ];
      for (const [name, runtime, module] of runs) {
        await t.step(skippedWhen(runtimeMissing(runtime, name), {
          name: `in ${name}`,
          fn: async () => {
            const command = checks(required(runtime, name), await module());
            const from = emulator.requests.length;
            assertTokens(emulator, from, await tokensIn(command, dir, gcloudFiles, where));
          },
        }));
      }
    }),
}));
