// The secret-hygiene checker itself: it must catch every kind of leak it claims to, or the dist
// tests that rely on it prove nothing.
import assert from "node:assert/strict";
import type { StepRun } from "../../action/local/local_runner.ts";
import { keySecrets, requestSecrets } from "../support/secrets.ts";
import { assertNoSecretLeaks } from "../support/hygiene.ts";

const TOKEN = "ya29.a-secret-access-token";
const D = "ghadelimiter_00000000-0000-0000-0000-000000000000";

interface Written {
  stdout?: string;
  stderr?: string;
  output?: string;
  env?: string;
  state?: string;
}

function run(parts: Written): StepRun {
  return {
    code: 0,
    stdout: parts.stdout ?? "",
    stderr: parts.stderr ?? "",
    files: { output: parts.output ?? "", env: parts.env ?? "", state: parts.state ?? "" },
    outputs: {},
    exported: {},
    state: {},
    outputOrder: [],
  };
}

const output = (name: string, value: string): string => `${name}<<${D}\n${value}\n${D}\n`;

Deno.test("assertNoSecretLeaks() accepts a masked token output", () => {
  assertNoSecretLeaks([
    run({ stdout: `::add-mask::${TOKEN}\n::debug::done\n`, output: output("access_token", TOKEN) }),
  ], []);
});

Deno.test("assertNoSecretLeaks() catches every kind of leak", async (t) => {
  const rows: [string, StepRun, string[]][] = [
    ["a token on a debug line", run({ stdout: `::debug::Bearer ${TOKEN}\n` }), [TOKEN]],
    ["a token on stderr", run({ stderr: `oops ${TOKEN}\n` }), [TOKEN]],
    ["a token output without a mask", run({ output: output("access_token", TOKEN) }), []],
    [
      "a token in another output",
      run({ stdout: `::add-mask::${TOKEN}\n`, output: output("project_id", TOKEN) }),
      [TOKEN],
    ],
    ["a token in GITHUB_ENV", run({ env: output("X", TOKEN) }), [TOKEN]],
    ["a token in GITHUB_STATE", run({ state: output("X", TOKEN) }), [TOKEN]],
    [
      "a masked value repeated on a log line",
      run({ stdout: `::add-mask::runner-request-token\nusing runner-request-token\n` }),
      [],
    ],
    [
      "a multi-line secret, escaped",
      run({ stdout: `::warning::key line1%0Aline2-secret-part\n` }),
      ["line1\nline2-secret-part"],
    ],
  ];
  for (const [name, leaky, secrets] of rows) {
    await t.step(name, () => {
      assert.throws(() => assertNoSecretLeaks([leaky], secrets), assert.AssertionError);
    });
  }
});

Deno.test("keySecrets() and requestSecrets() collect the key, its lines, bearers and assertions", () => {
  const key = JSON.stringify({
    private_key:
      "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n",
  });
  assert.deepEqual(keySecrets(key), [key, "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"]);
  const found = requestSecrets([
    {
      route: "sts",
      method: "POST",
      url: "",
      path: "",
      headers: {},
      body: '{"subjectToken":"eyJ.oidc"}',
    },
    {
      route: "oauth2Token",
      method: "POST",
      url: "",
      path: "",
      headers: { authorization: "Bearer ya29.x" },
      body: "grant_type=x&assertion=eyJ.assertion",
    },
  ]);
  assert.deepEqual(found, ["eyJ.oidc", "ya29.x", "eyJ.assertion"]);
});
