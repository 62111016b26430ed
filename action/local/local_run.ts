/**
 * `deno task start`: runs the built step (`dist/main.mjs`, then `dist/post.mjs`) under `node`
 * exactly as a GitHub runner would — temp workspace, `INPUT_*` environment, `GITHUB_OUTPUT`,
 * `GITHUB_ENV` and `GITHUB_STATE` files, `RUNNER_TEMP`, then the post step with `STATE_*` — against
 * the loopback emulator (emulator/mod.ts) of GitHub OIDC and Google STS/IAM/OAuth2 started in-process, and prints
 * the step log, outputs, exported variables, the credentials file and the cleanup, with every
 * secret shown as `***`.
 *
 * Flags: `--mode wif|wif-direct|key` (default `wif`: federation + service account),
 * `--token access_token|id_token|none` (default `access_token`), `--subject <email>` (domain-wide
 * delegation), `--input name=value` (any input, repeatable, over what the other flags chose),
 * `--debug` (step debug logging), `--node <path>` (another Node binary), `--help`/`-h`. With
 * `docker_registries`, the installed helper is called once as Docker would.
 *
 * The task runs it without a node_modules folder and without the lockfile: the step is the built
 * `dist/` and the emulator needs only jose, so a fresh clone fetches that one package instead of
 * every test-only package the lockfile pins (158 MB, with a warning about their build scripts).
 *
 * @module
 */

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  commandValues,
  DIST,
  type RunnerDirs,
  runStep,
  type StepRun,
  withRunnerDirs,
} from "./local_runner.ts";
import { type Emulator, startEmulator } from "../../emulator/mod.ts";

const USAGE = `Usage: deno task start [options]

Runs the built step (dist/) under node as a GitHub runner would, against a loopback emulator.

  --mode wif|wif-direct|key       federation + service account (default), federation alone, a key
  --token access_token|id_token|none   the token_format (default access_token)
  --subject <email>               access_token_subject (domain-wide delegation)
  --input name=value              any input of action.yml, repeatable; wins over the flags above,
                                  such as --input delegates=a@p.iam.gserviceaccount.com
                                  --input credentials_file_path=creds/gcp.json --input docker_registries=gcr.io
  --debug                         step debug logging
  --node <path>                   the Node binary (default: node on PATH)
  -h, --help                      this help`;

function stepInputs(
  world: Emulator,
  mode: string,
  token: string,
  keyJson: string,
  subject: string | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  const inputs: Record<string, string> = mode === "key"
    ? { credentials_json: keyJson }
    : { workload_identity_provider: world.provider };
  if (mode === "wif") inputs.service_account = world.serviceAccount;
  if (token !== "none") inputs.token_format = token;
  if (token === "id_token") inputs.id_token_audience = "https://my-service.example.run.app";
  if (subject !== undefined) inputs.access_token_subject = subject;
  return { ...inputs, ...extra };
}

function masker(runs: StepRun[], extra: string[]): (text: string) => string {
  const secrets = new Set(extra.filter((secret) => secret.length >= 8));
  for (const run of runs) {
    for (const secret of commandValues(run, "add-mask")) secrets.add(secret);
  }
  // A secret also shows JSON-escaped (a key's newlines as \n) in the pretty-printed file.
  for (const secret of [...secrets]) secrets.add(JSON.stringify(secret).slice(1, -1));
  const sorted = [...secrets].sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const secret of sorted) result = result.replaceAll(secret, "***");
    return result.replace(/^::add-mask::.*$/gm, "::add-mask::***");
  };
}

function section(title: string, body: string): void {
  console.log(`\n=== ${title} ===\n${body.trimEnd() || "(nothing)"}`);
}

/** The options of `deno task start`. */
export interface StartOptions {
  mode: string;
  token: string;
  subject?: string;
  debug: boolean;
  node: string;
  /** The `--input` values, when any was given. */
  inputs?: Record<string, string>;
}

/** `name=value` pairs as inputs; what is wrong with the first that is not one. */
function parseInputs(pairs: readonly string[]): Record<string, string> | { problem: string } {
  const inputs: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([a-z][a-z0-9_]*)=(.*)$/s.exec(pair);
    if (match === null) {
      return {
        problem: `--input ${JSON.stringify(pair)} is not name=value (such as universe=example.com)`,
      };
    }
    inputs[match[1]!] = match[2]!;
  }
  return inputs;
}

/**
 * Parses the flags of `deno task start`: the options, `"help"`, or what is wrong (an unknown flag,
 * a flag without its value, a value out of its list, `--subject` without `--token access_token`).
 */
export function parseStartArgs(args: string[]): StartOptions | "help" | { problem: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        mode: { type: "string", default: "wif" },
        token: { type: "string", default: "access_token" },
        subject: { type: "string" },
        debug: { type: "boolean", default: false },
        node: { type: "string", default: "node" },
        input: { type: "string", multiple: true },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return "help";
  const { help: _, input, ...flags } = values;
  const inputs = parseInputs(input ?? []);
  if ("problem" in inputs) return { problem: inputs.problem as string };
  const options: StartOptions = { ...flags, ...(input === undefined ? {} : { inputs }) };
  if (!["wif", "wif-direct", "key"].includes(options.mode)) {
    return { problem: `--mode ${JSON.stringify(options.mode)} is not one of wif, wif-direct, key` };
  }
  if (!["access_token", "id_token", "none"].includes(options.token)) {
    return {
      problem: `--token ${
        JSON.stringify(options.token)
      } is not one of access_token, id_token, none`,
    };
  }
  if (options.subject !== undefined && options.token !== "access_token") {
    return {
      problem:
        "--subject (domain-wide delegation) needs --token access_token, as access_token_subject does in the step",
    };
  }
  return options;
}

async function main(): Promise<number> {
  const values = parseStartArgs(Deno.args);
  if (values === "help") {
    console.log(USAGE);
    return 0;
  }
  if ("problem" in values) {
    console.error(`${values.problem}\n${USAGE}`);
    return 2;
  }
  if (!existsSync(`${DIST}/main.mjs`)) {
    console.error("dist/main.mjs is missing: run `deno task build:dist` first");
    return 1;
  }
  const world = await startEmulator();
  try {
    return await withRunnerDirs((dirs) => runAgainst(world, dirs, values));
  } finally {
    await world.close();
  }
}

/** Runs `docker-credential-<name> <action>` with `input` on stdin: stdout and exit code. */
function runHelper(program: string, input: string): Promise<{ stdout: string; code: number }> {
  return new Promise((done, fail) => {
    // Asynchronous: the emulator answering the helper runs in this process.
    const child = spawn(program, ["get"]);
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.on("error", fail);
    child.on("close", (code) => done({ stdout, code: code ?? -1 }));
    child.stdin.end(input);
  });
}

/** Runs `docker-credential-<name> get` for the first registry the step configured. */
async function callDockerHelper(run: StepRun, dirs: RunnerDirs): Promise<string> {
  const directory = (run.files.path ?? "").trim().split("\n")[0];
  // The runner layout's HOME is its root, so the user's own Docker config is never touched.
  const config = join(dirs.root, ".docker", "config.json");
  if (!directory || !existsSync(config)) return "(no helper was installed)";
  const helpers = JSON.parse(readFileSync(config, "utf8")).credHelpers ?? {};
  const [host, name] = Object.entries(helpers)[0] ?? [];
  if (host === undefined) return "(no registry configured)";
  const answer = await runHelper(join(directory, `docker-credential-${name}`), host);
  return `$ echo ${host} | docker-credential-${name} get\n${answer.stdout}(exit code ${answer.code})`;
}

async function runAgainst(
  world: Emulator,
  dirs: RunnerDirs,
  values: StartOptions,
): Promise<number> {
  const keyJson = await world.serviceAccountKey();
  const inputs = stepInputs(
    world,
    values.mode,
    values.token,
    keyJson,
    values.subject,
    values.inputs,
  );
  const env = {
    ...world.env,
    ...(values.debug ? { RUNNER_DEBUG: "1", ACTIONS_STEP_DEBUG: "true" } : {}),
  };
  console.log(
    `Mode ${values.mode}, token ${values.token}, against the emulator at ${world.url}`,
  );
  console.log(`Workspace ${dirs.workspace}`);
  const mainRun = await runStep("main", { dirs, inputs, env, node: values.node });
  const path = mainRun.state.credentials_file_path;
  const file = path !== undefined && existsSync(path) ? readFileSync(path, "utf8") : undefined;
  const dockerAnswer = inputs.docker_registries ? await callDockerHelper(mainRun, dirs) : undefined;
  const postRun = await runStep("post", {
    dirs,
    inputs,
    env,
    state: mainRun.state,
    node: values.node,
  });
  // The helper's token was never an output, so no ::add-mask:: names it.
  const helperToken = /"Secret":"([^"]+)"/.exec(dockerAnswer ?? "")?.[1] ?? "";
  const mask = masker([mainRun, postRun], [
    helperToken,
    world.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? "",
    JSON.parse(keyJson).private_key ?? "",
  ]);
  const shownInputs = {
    ...inputs,
    ...(inputs.credentials_json ? { credentials_json: "***" } : {}),
  };
  section("Inputs", JSON.stringify(shownInputs, null, 2));
  // A runner shows ::debug:: lines only with step debug logging on.
  const shown = (run: StepRun) =>
    mask(run.stdout + run.stderr).replace(values.debug ? /(?!)/ : /^::debug::.*\n/gm, "");
  section(`Main step log (exit code ${mainRun.code})`, shown(mainRun));
  section(
    "Outputs",
    Object.entries(mainRun.outputs).map(([name, value]) => `${name}=${mask(value)}`).join("\n"),
  );
  section(
    "Exported environment",
    Object.entries(mainRun.exported).map(([name, value]) => `${name}=${value}`).join("\n"),
  );
  section(
    `Credentials file ${path ?? ""}`,
    file === undefined ? "" : mask(JSON.stringify(JSON.parse(file), null, 2)),
  );
  if (dockerAnswer !== undefined) {
    section("Docker credential helper, called as Docker calls it", mask(dockerAnswer));
  }
  section(
    `Post step log (exit code ${postRun.code})`,
    shown(postRun) +
      (path === undefined ? "" : `\nfile still exists: ${existsSync(path)}`),
  );
  section(
    "Requests the emulator received",
    world.requests.map((request) => request.path).join("\n"),
  );
  return mainRun.code;
}

if (import.meta.main) Deno.exit(await main());
