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
 * delegation), `--debug` (step debug logging), `--node <path>` (another Node binary).
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  commandValues,
  DIST,
  type RunnerDirs,
  runStep,
  type StepRun,
  withRunnerDirs,
} from "./local_runner.ts";
import { type Emulator, startEmulator } from "../emulator/mod.ts";

const USAGE =
  "Usage: deno task start [--mode wif|wif-direct|key] [--token access_token|id_token|none] [--subject <email>] [--debug] [--node <path>]";

function stepInputs(
  world: Emulator,
  mode: string,
  token: string,
  keyJson: string,
  subject: string | undefined,
): Record<string, string> {
  const inputs: Record<string, string> = mode === "key"
    ? { credentials_json: keyJson }
    : { workload_identity_provider: world.provider };
  if (mode === "wif") inputs.service_account = world.serviceAccount;
  if (token !== "none") inputs.token_format = token;
  if (token === "id_token") inputs.id_token_audience = "https://my-service.example.run.app";
  if (subject !== undefined) inputs.access_token_subject = subject;
  return inputs;
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
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return "help";
  const { help: _, ...options } = values;
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

async function runAgainst(
  world: Emulator,
  dirs: RunnerDirs,
  values: StartOptions,
): Promise<number> {
  const keyJson = await world.serviceAccountKey();
  const inputs = stepInputs(world, values.mode, values.token, keyJson, values.subject);
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
  const postRun = await runStep("post", {
    dirs,
    inputs,
    env,
    state: mainRun.state,
    node: values.node,
  });
  const mask = masker([mainRun, postRun], [
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
