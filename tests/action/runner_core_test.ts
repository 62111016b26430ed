// createRunnerCore() writes the same workflow and file commands as @actions/core 3, the reference.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRunnerCore, createRunnerLog } from "../../action/runner_core.ts";
import { parseFileCommands } from "../../action/_local_runner.ts";

const SCRIPT = `
import * as core from "@actions/core";
core.setSecret("s%e\\ncr:et");
core.setOutput("auth_token", "line1\\nline2 % : ,");
core.saveState("credentials_file_path", "/w/gha-creds-0123456789abcdef.json");
core.exportVariable("GOOGLE_CLOUD_PROJECT", "my-proj");
core.debug("dbg 100% done\\r\\nnext");
core.info("plain line");
core.notice("a notice");
core.warning("a warning");
core.setFailed("ERR_X: failed\\nHint: do y");
`;

function files(dir: string, prefix: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["OUTPUT", "STATE", "ENV"]) {
    const path = join(dir, `${prefix}-${name}`);
    writeFileSync(path, "");
    env[`GITHUB_${name}`] = path;
  }
  return env;
}

function normalise(text: string): string {
  return text.replace(/ghadelimiter_[0-9a-f-]{36}/g, "ghadelimiter_X");
}

Deno.test("createRunnerCore() writes what @actions/core writes", () => {
  const dir = mkdtempSync(join(tmpdir(), "core-"));
  try {
    const referenceEnv = files(dir, "ref");
    const script = join(dir, "reference.ts");
    writeFileSync(script, SCRIPT);
    let referenceOut = "";
    try {
      referenceOut = execFileSync(Deno.execPath(), [
        "run",
        "-A",
        `--config=${join(import.meta.dirname!, "../../deno.json")}`,
        script,
      ], {
        env: { ...Deno.env.toObject(), ...referenceEnv, NO_COLOR: "1" },
        encoding: "utf8",
      });
    } catch (error) {
      referenceOut = String((error as { stdout?: string }).stdout ?? "");
    }
    const oursEnv = files(dir, "ours");
    let oursOut = "";
    let failed = false;
    const env: Record<string, string | undefined> = { ...oursEnv };
    const core = createRunnerCore({
      env,
      write: (text) => (oursOut += text),
      fail: () => (failed = true),
    });
    core.setSecret("s%e\ncr:et");
    core.setOutput("auth_token", "line1\nline2 % : ,");
    core.saveState("credentials_file_path", "/w/gha-creds-0123456789abcdef.json");
    core.exportVariable("GOOGLE_CLOUD_PROJECT", "my-proj");
    core.debug("dbg 100% done\r\nnext");
    core.info("plain line");
    core.notice("a notice");
    core.warning("a warning");
    core.setFailed("ERR_X: failed\nHint: do y");
    assert.equal(oursOut, referenceOut);
    assert.ok(failed);
    assert.equal(env.GOOGLE_CLOUD_PROJECT, "my-proj");
    for (const name of ["OUTPUT", "STATE", "ENV"]) {
      const ours = readFileSync(oursEnv[`GITHUB_${name}`]!, "utf8");
      const reference = readFileSync(referenceEnv[`GITHUB_${name}`]!, "utf8");
      assert.equal(normalise(ours), normalise(reference), name);
      assert.deepEqual(parseFileCommands(ours), parseFileCommands(reference));
    }
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("createRunnerCore() falls back to ::set-output:: without file commands, like @actions/core", () => {
  let out = "";
  const core = createRunnerCore({ env: {}, write: (text) => (out += text), fail: () => {} });
  core.setOutput("a,b:c", "v\n1");
  assert.equal(out, "\n::set-output name=a%2Cb%3Ac::v%0A1\n");
});

Deno.test("createRunnerCore() reads INPUT_* trimmed and STATE_* as is", () => {
  const core = createRunnerCore({
    env: { "INPUT_ID_TOKEN_AUDIENCE": "  https://x \n", STATE_credentials_file_path: "/p" },
    write: () => {},
    fail: () => {},
  });
  assert.equal(core.getInput("id_token_audience"), "https://x");
  assert.equal(core.getInput("missing"), "");
  assert.equal(core.getState("credentials_file_path"), "/p");
  assert.equal(core.isDebug(), false);
});

Deno.test("createRunnerLog() writes the same commands as createRunnerCore() and no file command", () => {
  const env = {
    INPUT_CLEANUP_CREDENTIALS: " false ",
    STATE_credentials_file_path: "/p",
    RUNNER_DEBUG: "1",
  };
  let fromLog = "";
  let fromCore = "";
  const log = createRunnerLog({ env, write: (text) => (fromLog += text) });
  const core = createRunnerCore({ env, write: (text) => (fromCore += text), fail: () => {} });
  for (const sink of [log, core]) {
    sink.setSecret("a%b");
    sink.debug("d\ne");
    sink.info("i");
    sink.notice("n");
    sink.warning("w,x:y");
  }
  assert.equal(fromLog, fromCore);
  assert.equal(fromLog, "::add-mask::a%25b\n::debug::d%0Ae\ni\n::notice::n\n::warning::w,x:y\n");
  assert.equal(log.getInput("cleanup_credentials"), "false");
  assert.equal(log.getState("credentials_file_path"), "/p");
  assert.equal(log.isDebug(), true);
  assert.deepEqual(Object.keys(log).sort(), [
    "debug",
    "getInput",
    "getState",
    "info",
    "isDebug",
    "notice",
    "setSecret",
    "warning",
  ]);
});
