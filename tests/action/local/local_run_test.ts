// deno task start: bad flags are reported with what is wrong, never a stack trace; inputs are
// handed over as a runner hands them (names, defaults, the unexpected-input warning); every secret
// the run was given is masked in every form it may be printed in.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseStartArgs } from "../../../action/local/local_run.ts";
import { inputVariable } from "../../../action/local/local_runner.ts";
import {
  declaredInputs,
  runnerInputs,
  unexpectedInputsWarning,
} from "../../../action/local/local_inputs.ts";
import { credentialsSecrets, masker } from "../../../action/local/local_secrets.ts";
import { testKey } from "../../support/keys.ts";
import { keySecrets } from "../../support/secrets.ts";
import { base64, base64url } from "../../support/token_encodings.ts";

Deno.test("parseStartArgs() reports an unknown flag, a missing value and a bad value", () => {
  const rows: [string[], RegExp][] = [
    [["--mdoe", "key"], /Unknown option '--mdoe'/],
    [["--mode"], /Option '--mode <value>' argument missing/],
    [["--mode", "oauth"], /--mode "oauth" is not one of wif, wif-direct, key/],
    [["--token", "jwt"], /--token "jwt" is not one of access_token, id_token, none/],
    [
      ["--subject", "admin@example.com", "--token", "id_token"],
      /--subject .* needs --token access_token/,
    ],
    [["--subject", "admin@example.com", "--token", "none"], /needs --token access_token/],
  ];
  for (const [args, problem] of rows) {
    const parsed = parseStartArgs(args);
    assert.ok(typeof parsed === "object" && "problem" in parsed, args.join(" "));
    assert.match(parsed.problem, problem);
  }
});

Deno.test("parseStartArgs() accepts the documented flags", () => {
  assert.equal(parseStartArgs(["--help"]), "help");
  assert.deepEqual(parseStartArgs(["--mode", "key", "--subject", "admin@example.com", "--debug"]), {
    mode: "key",
    token: "access_token",
    subject: "admin@example.com",
    debug: true,
    node: "node",
  });
});

Deno.test("parseStartArgs() takes repeatable --input name=value and -h", () => {
  assert.equal(parseStartArgs(["-h"]), "help");
  const parsed = parseStartArgs([
    "--input",
    "delegates=a@p.iam.gserviceaccount.com,b@p.iam.gserviceaccount.com",
    "--input",
    "docker_registries=gcr.io",
    "--input",
    "request_reason=",
  ]);
  assert.ok(typeof parsed === "object" && !("problem" in parsed));
  assert.deepEqual(parsed.inputs, {
    delegates: "a@p.iam.gserviceaccount.com,b@p.iam.gserviceaccount.com",
    docker_registries: "gcr.io",
    request_reason: "",
  });
  for (const bad of ["docker_registries", "=gcr.io", " =x"]) {
    const problem = parseStartArgs(["--input", bad]);
    assert.ok(typeof problem === "object" && "problem" in problem, bad);
    assert.match(problem.problem, /is not name=value/);
  }
});

Deno.test("parseStartArgs() takes any name a workflow's with: may hold, as the runner does", () => {
  const parsed = parseStartArgs(["--input", "Project_ID=p", "--input", "my input-name=x=y"]);
  assert.ok(typeof parsed === "object" && !("problem" in parsed));
  assert.deepEqual(parsed.inputs, { Project_ID: "p", "my input-name": "x=y" });
});

Deno.test("parseStartArgs() reads --input-file name=path, bounded, and says why it cannot", () => {
  const dir = mkdtempSync(join(tmpdir(), "input-file-"));
  try {
    writeFileSync(join(dir, "key.json"), '{"type":"service_account"}\n');
    const parsed = parseStartArgs(["--input-file", `credentials_json=${join(dir, "key.json")}`]);
    assert.ok(typeof parsed === "object" && !("problem" in parsed));
    assert.deepEqual(parsed.inputs, { credentials_json: '{"type":"service_account"}\n' });
    writeFileSync(join(dir, "huge"), "x".repeat((1 << 20) + 1));
    const rows: [string, RegExp][] = [
      [`credentials_json=${join(dir, "missing.json")}`, /cannot read ".*missing\.json" \(ENOENT\)/],
      [`credentials_json=${join(dir, "huge")}`, /has 1048577 bytes, more than 1048576/],
      [
        "key.json",
        /--input-file "key\.json" is not name=value \(such as credentials_json=key\.json\)/,
      ],
    ];
    for (const [arg, problem] of rows) {
      const result = parseStartArgs(["--input-file", arg]);
      assert.ok(typeof result === "object" && "problem" in result, arg);
      assert.match(result.problem, problem);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("the runner's environment names: INPUT_ and the name upper-cased, spaces as underscores, hyphens kept", () => {
  assert.equal(inputVariable("credentials_json"), "INPUT_CREDENTIALS_JSON");
  assert.equal(inputVariable("Project_ID"), "INPUT_PROJECT_ID");
  assert.equal(inputVariable("my input name"), "INPUT_MY_INPUT_NAME");
  assert.equal(inputVariable("docker-registries"), "INPUT_DOCKER-REGISTRIES");
});

Deno.test("action.yml's inputs as the local run reads them: every name in order, with its default", () => {
  const declared = declaredInputs(readFileSync("action.yml", "utf8"));
  assert.equal(declared.length, 19);
  assert.deepEqual(declared.slice(0, 2), [
    { name: "project_id", default: "" },
    { name: "workload_identity_provider", default: "" },
  ]);
  const defaults = Object.fromEntries(declared.map((input) => [input.name, input.default]));
  assert.equal(defaults.universe, "googleapis.com");
  assert.equal(defaults.access_token_scopes, "https://www.googleapis.com/auth/cloud-platform");
  assert.equal(defaults.create_credentials_file, "true");
  assert.equal(defaults.docker_registries, "");
  assert.deepEqual(runnerInputs({ UNIVERSE: "example.com" }, declared).universe, undefined);
  assert.equal(Object.keys(runnerInputs({ UNIVERSE: "example.com" }, declared)).length, 19);
  assert.throws(
    () => declaredInputs("inputs:\n  a:\n    default: ${{ github.token }}\n"),
    /cannot read the default of input "a"/,
  );
});

Deno.test("the unexpected-input warning is the runner's, names compared without case", () => {
  const declared = [
    { name: "project_id", default: "" },
    { name: "universe", default: "googleapis.com" },
  ];
  assert.equal(unexpectedInputsWarning(["project_id", "UNIVERSE"], declared), undefined);
  assert.equal(
    unexpectedInputsWarning(["bogus", "Project_Id", "other", "BOGUS"], declared),
    "Unexpected input(s) 'bogus', 'other', valid inputs are ['project_id', 'universe']",
  );
});

Deno.test("the masker hides a secret as is, JSON-escaped, percent-encoded, base64, base64url and line by line", async () => {
  const key = (await testKey()).json;
  const privateKey = JSON.parse(key).private_key as string;
  const mask = masker(credentialsSecrets(key));
  const forms = [
    key,
    privateKey,
    JSON.stringify(privateKey).slice(1, -1),
    encodeURIComponent(privateKey),
    base64(privateKey),
    base64url(privateKey),
    privateKey.split("\n")[3]!,
  ];
  for (const [index, form] of forms.entries()) {
    assert.equal(mask(`before ${form} after`), "before *** after", `form ${index}`);
  }
  // The key given as base64 is the same key.
  assert.deepEqual(credentialsSecrets(btoa(key)).slice(1), credentialsSecrets(key).slice(1));
  assert.deepEqual(credentialsSecrets("not a key at all"), ["not a key at all"]);
});

/** Runs `deno task start` as the task does. */
async function localRun(args: string[]): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "action/local/local_run.ts", ...args],
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  return { code, output: decoder.decode(stdout) + decoder.decode(stderr) };
}

Deno.test("the local run warns about an unexpected input in the runner's words, and about nothing it causes itself", async () => {
  const declared = declaredInputs(readFileSync("action.yml", "utf8")).map((input) => input.name);
  const { code, output } = await localRun([
    "--input",
    "bogus=1",
    "--input",
    "Project_ID=chosen-project",
  ]);
  assert.equal(code, 0, output);
  const warnings = output.split("\n").filter((line) => /warning|⚠️/i.test(line));
  const expected = `Warning: Unexpected input(s) 'bogus', valid inputs are ['${
    declared.join("', '")
  }']`;
  // Once in the main step's log, once in the post step's, as a runner writes it.
  assert.deepEqual(warnings, [expected, expected]);
  assert.match(output, /^project_id=chosen-project$/m);
});

Deno.test("the local run masks a key it was given, raw or base64, in every form", async () => {
  const key = (await testKey()).json;
  const privateKey: string = JSON.parse(key).private_key;
  const secrets = [
    ...keySecrets(key), // the key's text and its private key's lines
    base64(key),
    privateKey,
    JSON.stringify(privateKey).slice(1, -1),
    base64(privateKey),
    JSON.parse(key).private_key_id,
  ];
  const runs = await Promise.all(
    [key, base64(key)].map((value) =>
      localRun(["--mode", "key", "--input", `credentials_json=${value}`])
    ),
  );
  // Failure messages name a secret by its index, never quote it.
  for (const [run, { output }] of runs.entries()) {
    // The step wrote the key into the credentials file, which the run prints.
    assert.match(output, /^ {2}"private_key": "\*\*\*",$/m, `run ${run}: private_key not masked`);
    for (const [index, secret] of secrets.entries()) {
      assert.ok(!output.includes(secret), `run ${run} printed secret ${index}`);
    }
  }
});
