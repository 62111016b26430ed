// The emulator as a program, for tools that are not JavaScript (gcloud, Python google-auth, curl):
// starts it, prints the environment to export as `export NAME='value'` lines on stdout (with
// `--credentials`, also a credentials file whose URLs point at the emulator, named by
// GOOGLE_APPLICATION_CREDENTIALS), says where it listens and names the provider and service
// account on stderr, and serves until SIGINT or
// SIGTERM, then closes and removes the file. Runtime-neutral: node:* only.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { parseArgs } from "node:util";
import { startEmulator } from "./emulator.ts";
import { KEYS_VARIABLE, makeKeySet } from "./_core/key_pool.ts";
import type { Emulator } from "./types.ts";

const USAGE = `Usage: gcp-oidc-emulator [--port <port>] [--credentials <type>] [--immutable-subject]
       gcp-oidc-emulator --make-keys <count>

Starts the emulator of GitHub OIDC and Google STS, IAM Credentials, OAuth2, Cloud Resource Manager
and the metadata server on 127.0.0.1, prints the environment to export (export NAME='value' lines)
and serves until SIGINT or SIGTERM.

  --port <port>         the port to listen on; default a free one
  --credentials <type>  also write a credentials file pointing at the emulator and export
                        GOOGLE_APPLICATION_CREDENTIALS: service_account, authorized_user,
                        impersonated_service_account or x509 (an X.509 file, its certificate,
                        key and configuration beside it, and DENO_CERT and NODE_EXTRA_CA_CERTS
                        naming the CA of the mutual TLS listener)
  --immutable-subject   GitHub OIDC tokens carry the immutable sub of repositories created
                        from 2026-07-15 on: repo:OWNER@OWNER_ID/REPO@REPO_ID:ref:REF
  --make-keys <count>   print a JWK Set of <count> new RSA private keys and exit: name that file
                        in ${KEYS_VARIABLE} and every emulator process starts from those keys
                        instead of making its own (for test suites that start many emulators)
  --help                print this
`;

/** Writes what a credentials file needs besides itself into `dir`, and says what to export. */
type CredentialsWriter = (
  emulator: Emulator,
  dir: string,
) => Promise<{ file: string; env?: Record<string, string> }>;

const CREDENTIALS: Readonly<Record<string, CredentialsWriter>> = {
  service_account: async (emulator) => ({ file: await emulator.serviceAccountKey() }),
  authorized_user: async (emulator) => ({ file: await emulator.authorizedUser() }),
  impersonated_service_account: async (emulator) => ({
    file: await emulator.impersonatedServiceAccount(),
  }),
  x509: x509Files,
};

/** Writes `text` to `path`, readable by the user only, never over an existing file. */
async function writePrivate(path: string, text: string): Promise<void> {
  await writeFile(path, text, { mode: 0o600, flag: "wx" });
}

/**
 * The X.509 provider's workload certificate, key, certificate configuration and the listener's CA
 * in `dir`; the file names the configuration, and DENO_CERT and NODE_EXTRA_CA_CERTS the CA (both
 * add to the runtime's trusted CAs).
 */
async function x509Files(
  emulator: Emulator,
  dir: string,
): Promise<{ file: string; env: Record<string, string> }> {
  const { x509 } = emulator;
  const path = (name: string) => join(dir, name);
  await writePrivate(path("certificate.pem"), x509.certificate);
  await writePrivate(path("key.pem"), x509.privateKey);
  await writePrivate(path("server-ca.pem"), x509.serverCa);
  await writePrivate(
    path("certificate_config.json"),
    JSON.stringify({
      cert_configs: {
        workload: { cert_path: path("certificate.pem"), key_path: path("key.pem") },
      },
    }),
  );
  return {
    file: x509.credentialsFile({ certificateConfigLocation: path("certificate_config.json") }),
    env: { DENO_CERT: path("server-ca.pem"), NODE_EXTRA_CA_CERTS: path("server-ca.pem") },
  };
}

/** A POSIX shell word that stands for `value`. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function parseOptions(
  args: readonly string[],
):
  | { port: number; credentials?: string; immutableSubject: boolean }
  | { makeKeys: number }
  | "help" {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: "string" },
      credentials: { type: "string" },
      "make-keys": { type: "string" },
      "immutable-subject": { type: "boolean" },
      help: { type: "boolean" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help === true) return "help";
  const makeKeys = values["make-keys"];
  if (makeKeys !== undefined) {
    if (!/^[1-9]\d{0,2}$/.test(makeKeys)) {
      throw new TypeError(`--make-keys "${makeKeys}" is not a count: use 1 to 999`);
    }
    if (
      values.port !== undefined || values.credentials !== undefined ||
      values["immutable-subject"] !== undefined
    ) {
      throw new TypeError("--make-keys prints keys and exits: pass it alone");
    }
    return { makeKeys: Number(makeKeys) };
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (values.port !== undefined && (!/^\d{1,5}$/.test(values.port) || port > 65535)) {
    throw new TypeError(`--port "${values.port}" is not a port number: use 0 to 65535`);
  }
  if (values.credentials !== undefined && !Object.hasOwn(CREDENTIALS, values.credentials)) {
    throw new TypeError(
      `--credentials "${values.credentials}" is not a type: use ${
        Object.keys(CREDENTIALS).join(", ")
      }`,
    );
  }
  const immutableSubject = values["immutable-subject"] === true;
  return values.credentials === undefined
    ? { port, immutableSubject }
    : { port, credentials: values.credentials, immutableSubject };
}

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** Runs the emulator program with `args` (default the process's); sets the exit code. */
export async function runCli(args: readonly string[] = process.argv.slice(2)): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(args);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === "help") {
    process.stdout.write(USAGE);
    return;
  }
  if ("makeKeys" in options) {
    process.stdout.write(`${JSON.stringify(await makeKeySet(options.makeKeys))}\n`);
    return;
  }
  let emulator: Emulator | undefined;
  let dir: string | undefined;
  try {
    const stopped = untilStopped();
    emulator = await startEmulator({
      port: options.port,
      github: { immutableSubject: options.immutableSubject },
    });
    const env: Record<string, string> = { ...emulator.env };
    if (options.credentials !== undefined) {
      dir = await mkdtemp(join(tmpdir(), "gcp-oidc-emulator-"));
      const path = join(dir, "credentials.json");
      const written = await CREDENTIALS[options.credentials]!(emulator, dir);
      await writePrivate(path, written.file);
      Object.assign(env, written.env);
      env.GOOGLE_APPLICATION_CREDENTIALS = path;
    }
    process.stdout.write(
      Object.entries(env).map(([name, value]) => `export ${name}=${shellQuote(value)}\n`).join(""),
    );
    process.stderr.write(
      `Emulator listening on ${emulator.url}; stop it with Ctrl+C.\n` +
        `Provider: ${emulator.provider}\nService account: ${emulator.serviceAccount}\n`,
    );
    await stopped;
  } catch (error) {
    // The message says what failed ("Cannot ..."): printed once, after the program's name.
    process.stderr.write(`gcp-oidc-emulator: ${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await emulator?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }
}
