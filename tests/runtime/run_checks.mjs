// Runs the cross-runtime behaviour checks of endpoint/, auth/ and request/ (with the emulator) in
// whatever runtime executes this file: Deno or Bun on the TypeScript sources, Node on the npm
// build.
//
// Usage: <runtime> tests/runtime/run_checks.mjs <package root> <js|ts|exports>
// where <package root> holds endpoint/, auth/, request/ and emulator/ mod.<ext>; with
// `exports`, <package root> is an installed package and each area is the file its `exports`
// conditions give this runtime (under Node, the node:http(s) transport).
// Prints one line per area and exits non-zero on the first failed check.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import checkEndpoint from "./endpoint_checks.mjs";
import checkAuth from "./auth_checks.mjs";
import checkCredentials from "./credentials_checks.mjs";
import checkSigning from "./signing_checks.mjs";
import checkRequest, { REQUEST_CHECK_OBJECTS } from "./request_checks.mjs";
import { assertIssuedBy, credentialsFixture } from "./credentials_fixture.mjs";

const [root = ".", ext = "js"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const manifest = join(resolve(root), "package.json");
/** The module of each area in the sources; `run-executable` is auth/credentials/run_executable. */
const SOURCES = {
  "run-executable": ["auth", "credentials", "run_executable"],
  flows: ["auth", "flows", "mod"],
  keys: ["auth", "keys", "mod"],
  signing: ["auth", "signing", "mod"],
  verify: ["auth", "verify", "mod"],
};
const fileOf = (area) =>
  ext === "exports"
    ? createRequire(manifest).resolve(`${JSON.parse(readFileSync(manifest, "utf8")).name}/${area}`)
    : join(resolve(root), ...(SOURCES[area] ?? [area, "mod"])) + `.${ext}`;
const load = (area) => import(pathToFileURL(fileOf(area)).href);
/** The library's entries as one namespace: classes must be one across entries. */
const loadLibrary = async () => {
  const areas = ["auth", "flows", "keys", "signing", "verify"];
  return Object.assign({}, ...await Promise.all(areas.map(load)));
};

const runtime = globalThis.Deno
  ? `deno ${globalThis.Deno.version.deno}`
  : globalThis.Bun
  ? `bun ${globalThis.Bun.version}`
  : `node ${process.versions.node}`;

const endpointChecks = await checkEndpoint(await load("endpoint"));
console.log(`endpoint: ${endpointChecks} checks passed on ${runtime}`);
const authMod = await loadLibrary();
const authChecks = await checkAuth(authMod, await load("emulator"));
console.log(
  `auth: ${authChecks} checks passed on ${runtime} (${fileOf("auth").split(/[\\/]/).pop()})`,
);

const conformanceFile = (name) =>
  readFileSync(new URL(`../auth/_fixtures/conformance/${name}`, import.meta.url), "utf8");
const signingChecks = await checkSigning(
  authMod,
  JSON.parse(conformanceFile("v4_signatures.json")),
  conformanceFile("service-account"),
  assert,
);
console.log(`signing: ${signingChecks} conformance cases passed on ${runtime}`);
{
  const requestEmulator = await (await load("emulator")).startEmulator({
    storageObjects: REQUEST_CHECK_OBJECTS,
  });
  try {
    const requestChecks = await checkRequest(await load("request"), authMod, {
      key: await requestEmulator.serviceAccountKey(),
      storageUrl: requestEmulator.endpoints.storage,
    });
    console.log(`request: ${requestChecks} checks passed on ${runtime}`);
  } finally {
    await requestEmulator.close();
  }
}
const emu = await (await load("emulator")).startEmulator();
const dir = await mkdtemp(join(tmpdir(), "credentials-checks-"));
try {
  const fixture = await credentialsFixture(authMod, emu);
  const stepFilePath = join(dir, "gha-creds.json");
  await writeFile(stepFilePath, fixture.files.external_account, { mode: 0o600 });
  const { ok, equal } = assert;
  // A FIFO no one writes to: reading it would block (there is none on Windows).
  const fifoPath = process.platform === "win32" ? undefined : join(dir, "token.fifo");
  if (fifoPath !== undefined) execFileSync("mkfifo", [fifoPath]);
  // The program of the executable check, run by this runtime; it prints TOOL_TOKEN. Deno, Bun and
  // the npm package's Node entry point start it with their default runner; Node on the sources or
  // the Web files gets one passed.
  process.env.TOOL_TOKEN = fixture.executable.subjectToken;
  const tool = fileURLToPath(new URL("../support/executable_tool.mjs", import.meta.url));
  const command = globalThis.Deno
    ? `"${process.execPath}" run -A "${tool}" ok`
    : `"${process.execPath}" "${tool}" ok`;
  const runtimeDefault = globalThis.Deno || globalThis.Bun || ext === "exports";
  const runExecutable = runtimeDefault ? undefined : (await load("run-executable")).runExecutable;
  const isNodeSources = ext === "ts" && !globalThis.Deno && !globalThis.Bun;
  const executable = { ...fixture.executable, command, runExecutable };
  let result;
  try {
    result = await checkCredentials(authMod, {
      ...fixture,
      executable,
      // Deno's createHttpClient, Bun's tls, the npm package's Node transport: all but Node's
      // type stripping of the sources present a client certificate.
      x509: { ...fixture.x509, presents: !isNodeSources },
      stepFilePath,
      fifoPath,
      ok,
      equal,
    });
  } finally {
    // Opening it read-write never blocks, and releases a reader a failed check left blocked.
    if (fifoPath !== undefined) closeSync(openSync(fifoPath, "r+"));
  }
  assertIssuedBy(emu, result.tokens);
  console.log(`credentials: ${result.checks} checks passed on ${runtime}`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await emu.close();
}
