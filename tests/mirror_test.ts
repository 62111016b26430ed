// Tests mirror the source tree: a source file with logic (a function, a class or an arrow function
// of its own) has its tests at the matching path, `auth/flows/sts.ts` at
// `tests/auth/flows/sts_test.ts`. Files that only declare types or re-export need none. The
// exceptions are listed below with the test files that cover them instead; an entry that no
// longer excuses anything must go, so the list only shrinks. Tests of more than one file (fault
// matrices, differential and runtime checks, the docs) sit where they fit best and need no source.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
/** Folders of no source: tests and benches, generated or installed files. */
const NOT_SOURCE = new Set([
  ".git",
  "node_modules",
  "npm",
  "dist",
  "coverage",
  ".tmp",
  "tests",
  "bench",
]);

/**
 * Source files with logic whose tests are elsewhere, each group with where and why. `*` stands for
 * any name within one folder.
 */
const TESTED_ELSEWHERE: readonly { files: readonly string[]; why: string }[] = [
  {
    files: ["auth/flows/*.ts"],
    why: "no test file of their own yet: each flow is tested through authenticate() over the " +
      "emulator (tests/auth/flows/emulator_flows_test.ts) and a fake fetch " +
      "(tests/auth/authenticate/authenticate_test.ts, tests/auth/_transport/http_test.ts)",
  },
  {
    files: ["auth/credentials/_origin_header_fetch.ts"],
    why: "its one user is credentialsFromApiKey().fetch, tested with redirects to its own and to " +
      "another origin over a loopback server (tests/auth/credentials/api_key_test.ts)",
  },
  {
    files: ["auth/token_store/*.ts"],
    why: "the stores are tested together, sharing one token across processes and isolates " +
      "(tests/auth/token_store/shared_tokens_test.ts, shared_tokens_workerd_test.ts)",
  },
  {
    files: ["auth/google_auth_library/google_auth_base.ts"],
    why: "what both GoogleAuth classes share, tested through each " +
      "(tests/auth/google_auth_library/google_auth_test.ts, service_account_test.ts)",
  },
  {
    files: ["auth/google_auth_library/node_stubs.ts"],
    why: "the stubs stand in for Node modules inside @google/genai's bundle, run in workerd " +
      "(tests/sdk/sdks_test.ts)",
  },
  {
    files: ["auth/signing/*.ts"],
    why: "Google's V4 signing conformance cases (tests/auth/signing/conformance_test.ts)",
  },
  {
    files: [
      "auth/credentials/_sources/*.ts",
      "auth/credentials/_cache/*.ts",
      "auth/credentials/_configuration.ts",
      "auth/credentials/_settings.ts",
      "auth/credentials/auth_client.ts",
      "auth/keys/_private_key.ts",
      "auth/keys/domain_wide_delegation.ts",
      "auth/universe.ts",
      "auth/verify/_keys.ts",
    ],
    why: "parts of the credentials, tested through credentialsFromJson(), loadCredentials() and " +
      "the constructors by type (tests/auth/credentials/) and verifyIdToken() (tests/auth/verify/)",
  },
  {
    files: ["auth/_util/*.ts", "auth/_transport/*.ts", "auth/authenticate/*.ts"],
    why: "helpers of every call, tested through the calls (tests/auth/_transport/http_test.ts, " +
      "tests/auth/errors_test.ts, tests/auth/hostile_input_test.ts)",
  },
  {
    files: ["endpoint/_*.ts", "endpoint/uri_template_error.ts"],
    why: "the private steps of endpoint() and parseTemplate(), tested through them " +
      "(tests/endpoint/endpoint_test.ts, uri_template_test.ts, hardening_test.ts, differential_*)",
  },
  {
    files: ["emulator/_core/*.ts", "emulator/_server/*.ts", "emulator/_services/*.ts"],
    why: "the emulator's parts, tested over HTTP through startEmulator() (tests/emulator/)",
  },
  {
    files: ["emulator/_cel/parse.ts"],
    why: "tested through evaluate() (tests/emulator/_cel/cel_test.ts, cel_conformance_test.ts)",
  },
  {
    files: ["emulator/_cel/re2_vm.ts"],
    why: "RE2's matcher, tested through matches() (tests/emulator/_cel/re2_test.ts)",
  },
  {
    files: ["request/_*.ts", "request/request_error.ts"],
    why: "the steps of request(), tested through createRequest() and paginate() " +
      "(tests/request/create_request_test.ts, paginate_test.ts, emulator_test.ts)",
  },
  {
    files: [
      "action/entries/*.ts",
      "action/shims/*.ts",
      "action/docker/*.ts",
      "action/node/web_fetch.ts",
      "action/masked_core.ts",
      "action/report.ts",
      "action/errors.ts",
      "action/boolean_value.ts",
      "action/local/local_runner.ts",
      "action/local/local_inputs.ts",
      "action/local/local_secrets.ts",
    ],
    why: "the step as a runner runs it: through dist/ (tests/bundles/step_test.ts, " +
      "docker_registries_test.ts), run() (tests/action/main_test.ts, inputs_test.ts), the " +
      "bundle build (tests/build_dist_test.ts) and the local run (tests/action/local/)",
  },
  {
    files: ["node/_*.ts"],
    why: "the Node transport and runner, tested through createNodeFetch() " +
      "(tests/node/_fetch_test.ts) and executable sources (tests/auth/credentials/_sources/)",
  },
  {
    files: ["build_npm.ts", "npm_bundle.ts"],
    why: "the npm build, run and verified by .ci/run; its manifest and README steps in " +
      "tests/package_test.ts",
  },
  {
    files: ["tools/*.ts"],
    why: "helpers of the tests and benches, run by the tests that use them",
  },
];

function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/(_test|\.d)\.ts$/.test(entry.name)
      ? [relative(ROOT, path)]
      : [];
  });
}

/** Whether `source` holds logic: a function, class or arrow function, comments aside. */
function hasLogic(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
  return /^\s*(export\s+)?(default\s+)?(async\s+)?function\b/m.test(code) ||
    /^\s*(export\s+)?(abstract\s+)?class\b/m.test(code) ||
    /^\s*(export\s+)?const\s+\w+\s*(:[^=]+)?=\s*(async\s*)?(\([^)]*\)|\w+)\s*(:\s*[^=]+)?=>/m
      .test(code);
}

const testOf = (file: string) => `tests/${file.replace(/\.ts$/, "_test.ts")}`;
const matches = (pattern: string, file: string) =>
  new RegExp(`^${pattern.replaceAll(".", "\\.").replaceAll("*", "[^/]*")}$`).test(file);

const withLogic = sourceFiles().filter((file) => hasLogic(readFileSync(join(ROOT, file), "utf8")));
const untested = withLogic.filter((file) => !existsSync(join(ROOT, testOf(file))));

Deno.test("a source file with logic has its tests at the matching path, or says where they are", () => {
  const unexplained = untested.filter((file) =>
    !TESTED_ELSEWHERE.some(({ files }) => files.some((pattern) => matches(pattern, file)))
  );
  assert.deepEqual(
    unexplained,
    [],
    "write or move their tests to tests/<path>_test.ts (or list them in TESTED_ELSEWHERE, saying where their tests are)",
  );
});

Deno.test("every exception of TESTED_ELSEWHERE still excuses a file", () => {
  const stale = TESTED_ELSEWHERE.flatMap(({ files }) => files)
    .filter((pattern) => !untested.some((file) => matches(pattern, file)));
  assert.deepEqual(stale, [], "these have their tests at the matching path now: drop them");
});

Deno.test("logic is told from declarations", () => {
  assert.ok(hasLogic("export function f() {}"));
  assert.ok(hasLogic("export class A {}"));
  assert.ok(hasLogic("const f = (a: number): number => a;"));
  assert.ok(hasLogic("export const g = async () => 1;"));
  assert.ok(!hasLogic("export type F = (a: number) => number;\nexport interface I { f(): void }"));
  assert.ok(!hasLogic('export { f } from "./f.ts";\n// function g() {}\n/** class C */'));
  assert.ok(withLogic.includes("auth/flows/sts.ts") && !withLogic.includes("auth/mod.ts"));
});
