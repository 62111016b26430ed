/**
 * `deno task start`: runs the built step (`dist/main.mjs`, then `dist/post.mjs`) under `node`
 * exactly as a GitHub runner would — a workspace holding a checkout's stand-in, every input of
 * action.yml as `INPUT_*` (defaults for those not given; the runner's warning for names it does not
 * declare), `GITHUB_OUTPUT`, `GITHUB_ENV` and `GITHUB_STATE` files, `RUNNER_TEMP`, then the post
 * step with `STATE_*` — against the loopback emulator (emulator/mod.ts) of GitHub OIDC and Google
 * STS/IAM/OAuth2 started in-process, and prints the step log, outputs, exported variables, the
 * credentials file and the cleanup, with every secret it was handed or saw shown as `***`, in every
 * form (local_secrets.ts).
 *
 * Flags: `--mode wif|wif-direct|key` (default `wif`: federation + service account),
 * `--token access_token|id_token|none` (default `access_token`), `--subject <email>` (domain-wide
 * delegation), `--input name=value` (any input, repeatable, over what the other flags chose),
 * `--input-file name=path` (the same, the value read from a file: a key stays off the command line,
 * which `deno task` echoes), `--debug` (step debug logging), `--node <path>` (another Node binary),
 * `--help`/`-h`. With `docker_registries`, the installed helper is called once as Docker would.
 *
 * The task runs it without a node_modules folder and without the lockfile: the step is the built
 * `dist/` and the emulator needs only jose, so a fresh clone fetches that one package instead of
 * every test-only package the lockfile pins (158 MB, with a warning about their build scripts);
 * deno.json's `"nodeModulesDir": "manual"` keeps `deno task` itself from installing them first
 * (docs/testing.md).
 *
 * @module
 */

import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  commandValues,
  DIST,
  type RunnerDirs,
  runStep,
  type StepRun,
  withRunnerDirs,
} from "./local_runner.ts";
import {
  type DeclaredInput,
  declaredInputs,
  runnerInputs,
  unexpectedInputsWarning,
} from "./local_inputs.ts";
import { credentialsSecrets, masker } from "./local_secrets.ts";
import { type Emulator, startEmulator } from "../../emulator/mod.ts";

const ACTION_YML = resolve(import.meta.dirname ?? ".", "../../action.yml");
/** The inputs whose values are secrets in a workflow (`${{ secrets.* }}`), as the runner masks them. */
const SECRET_INPUTS = ["credentials_json"];
/** The largest file `--input-file` reads: a key file is about 2.3 KB. */
const INPUT_FILE_LIMIT = 1 << 20;

const USAGE = `Usage: deno task start [options]

Runs the built step (dist/) under node as a GitHub runner would, against a loopback emulator.

  --mode wif|wif-direct|key       federation + service account (default), federation alone, a key
  --token access_token|id_token|none   the token_format (default access_token)
  --subject <email>               access_token_subject (domain-wide delegation)
  --input name=value              any input of action.yml, repeatable; wins over the flags above,
                                  such as --input delegates=a@p.iam.gserviceaccount.com
                                  --input credentials_file_path=creds/gcp.json --input docker_registries=gcr.io;
                                  a name action.yml does not declare gets the runner's warning
  --input-file name=path          the same, the value read from a file, such as
                                  --mode key --input-file credentials_json=key.json (deno task
                                  echoes its command line: a key given there shows in it)
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
  /** The `--input` and `--input-file` values, when any was given. */
  inputs?: Record<string, string>;
}

/** The contents of `path` for `--input-file`, or what keeps it from being read. */
function inputFile(path: string): string | { problem: string } {
  try {
    const size = statSync(path).size;
    if (size > INPUT_FILE_LIMIT) {
      return {
        problem: `--input-file: "${path}" has ${size} bytes, more than ${INPUT_FILE_LIMIT}`,
      };
    }
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    return { problem: `--input-file: cannot read "${path}" (${code})` };
  }
}

/**
 * `name=value` pairs as inputs (a name is what a workflow's `with:` key may be: anything but empty
 * and `=`), `name=path` pairs read from their files; what is wrong with the first that is not one.
 */
function parseInputs(
  pairs: readonly string[],
  files: readonly string[],
): Record<string, string> | { problem: string } {
  const inputs: Record<string, string> = {};
  for (const [flag, list] of [["--input", pairs], ["--input-file", files]] as const) {
    for (const pair of list) {
      const match = /^([^=]+)=(.*)$/s.exec(pair);
      if (match === null || match[1]!.trim() === "") {
        const example = flag === "--input" ? "universe=example.com" : "credentials_json=key.json";
        return {
          problem: `${flag} ${JSON.stringify(pair)} is not name=value (such as ${example})`,
        };
      }
      const value = flag === "--input" ? match[2]! : inputFile(match[2]!);
      if (typeof value !== "string") return value;
      inputs[match[1]!] = value;
    }
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
        "input-file": { type: "string", multiple: true },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return "help";
  const { help: _, input, "input-file": files, ...flags } = values;
  const inputs = parseInputs(input ?? [], files ?? []);
  if ("problem" in inputs) return { problem: inputs.problem as string };
  const given = input !== undefined || files !== undefined;
  const options: StartOptions = { ...flags, ...(given ? { inputs } : {}) };
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

/** What actions/checkout would have put in the workspace before the step: the step warns without it. */
function checkOutStandIn(dirs: RunnerDirs): void {
  writeFileSync(
    join(dirs.workspace, "README.md"),
    "A stand-in for the repository actions/checkout puts here before the step runs.\n",
  );
}

/** The secrets of a run: what the step masked, the inputs that are secrets, the harness's tokens. */
function secretsOf(runs: StepRun[], inputs: Record<string, string>, harness: string[]): string[] {
  const secretInputs = Object.entries(inputs)
    .filter(([name]) => SECRET_INPUTS.includes(name.toLowerCase()))
    .flatMap(([, value]) => credentialsSecrets(value));
  return [...runs.flatMap((run) => commandValues(run, "add-mask")), ...secretInputs, ...harness];
}

async function runAgainst(
  world: Emulator,
  dirs: RunnerDirs,
  values: StartOptions,
): Promise<number> {
  const keyJson = await world.serviceAccountKey();
  const given = stepInputs(
    world,
    values.mode,
    values.token,
    keyJson,
    values.subject,
    values.inputs,
  );
  const declared: DeclaredInput[] = declaredInputs(readFileSync(ACTION_YML, "utf8"));
  const inputs = runnerInputs(given, declared);
  // The runner writes its warning into the log of the step, main and post alike.
  const warning = unexpectedInputsWarning(Object.keys(given), declared);
  const runnerLog = warning === undefined ? "" : `Warning: ${warning}\n`;
  const env = {
    ...world.env,
    ...(values.debug ? { RUNNER_DEBUG: "1", ACTIONS_STEP_DEBUG: "true" } : {}),
  };
  console.log(`Mode ${values.mode}, token ${values.token}, against the emulator at ${world.url}`);
  console.log(`Workspace ${dirs.workspace}`);
  checkOutStandIn(dirs);
  const mainRun = await runStep("main", { dirs, inputs, env, node: values.node });
  const path = mainRun.state.credentials_file_path;
  const file = path !== undefined && existsSync(path) ? readFileSync(path, "utf8") : undefined;
  const dockerAnswer = given.docker_registries ? await callDockerHelper(mainRun, dirs) : undefined;
  const postRun = await runStep("post", {
    dirs,
    inputs,
    env,
    state: mainRun.state,
    node: values.node,
  });
  // The helper's token was never an output, so no ::add-mask:: names it.
  const helperToken = /"Secret":"([^"]+)"/.exec(dockerAnswer ?? "")?.[1] ?? "";
  const mask = masker(secretsOf([mainRun, postRun], inputs, [
    helperToken,
    world.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? "",
    ...credentialsSecrets(keyJson),
  ]));
  const show = (title: string, body: string) => section(mask(title), mask(body));
  show("Inputs", JSON.stringify(given, null, 2));
  // A runner shows ::debug:: lines only with step debug logging on.
  const shown = (run: StepRun) =>
    runnerLog + (run.stdout + run.stderr).replace(values.debug ? /(?!)/ : /^::debug::.*\n/gm, "");
  show(`Main step log (exit code ${mainRun.code})`, shown(mainRun));
  show(
    "Outputs",
    Object.entries(mainRun.outputs).map(([name, value]) => `${name}=${value}`).join("\n"),
  );
  show(
    "Exported environment",
    Object.entries(mainRun.exported).map(([name, value]) => `${name}=${value}`).join("\n"),
  );
  show(
    `Credentials file ${path ?? ""}`,
    file === undefined ? "" : JSON.stringify(JSON.parse(file), null, 2),
  );
  if (dockerAnswer !== undefined) {
    show("Docker credential helper, called as Docker calls it", dockerAnswer);
  }
  show(
    `Post step log (exit code ${postRun.code})`,
    shown(postRun) + (path === undefined ? "" : `\nfile still exists: ${existsSync(path)}`),
  );
  show("Requests the emulator received", world.requests.map((request) => request.path).join("\n"));
  return mainRun.code;
}

if (import.meta.main) Deno.exit(await main());
