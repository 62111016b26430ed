// Runs the built dist/ bundles under node exactly as a GitHub runner does (INPUT_* env, GITHUB_OUTPUT,
// GITHUB_ENV, GITHUB_STATE and GITHUB_PATH files, RUNNER_TEMP, STATE_* for the post step) and collects every
// byte the step writes, for the assertions and the secret-hygiene check.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The built step: `dist/main.mjs` and `dist/post.mjs`. */
export const DIST = resolve(import.meta.dirname ?? ".", "../../dist");

/** Everything one step invocation did. */
export interface StepRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Raw contents of the file commands. */
  files: { output: string; env: string; state: string; path?: string };
  outputs: Record<string, string>;
  exported: Record<string, string>;
  state: Record<string, string>;
  /** Output names in the order they were set. */
  outputOrder: string[];
}

/** A temporary runner layout: workspace, temp dir, file command paths. */
export interface RunnerDirs {
  root: string;
  workspace: string;
  temp: string;
}

/** Creates a runner layout under the system temp dir. */
export function runnerDirs(): RunnerDirs {
  const root = mkdtempSync(join(tmpdir(), "step-"));
  const workspace = join(root, "workspace");
  const temp = join(root, "temp");
  mkdirSync(workspace);
  mkdirSync(temp);
  return { root, workspace, temp };
}

/** Runs `run` with a fresh runner layout and removes it, whatever the step left there. */
export async function withRunnerDirs<T>(run: (dirs: RunnerDirs) => Promise<T>): Promise<T> {
  const dirs = runnerDirs();
  try {
    return await run(dirs);
  } finally {
    rmSync(dirs.root, { recursive: true, force: true });
  }
}

/** Parses `name<<delimiter\nvalue\ndelimiter\n` file command records, in order. */
export function parseFileCommands(text: string): [string, string][] {
  const records: [string, string][] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(ghadelimiter_[0-9a-f-]{36})$/.exec(lines[i] ?? "");
    if (match === null) continue;
    const end = lines.indexOf(match[2]!, i + 1);
    if (end < 0) throw new Error(`unterminated file command ${match[1]}`);
    records.push([match[1]!, lines.slice(i + 1, end).join("\n")]);
    i = end;
  }
  return records;
}

/** How to run a step: its layout, `INPUT_*` values, environment, `STATE_*` values and Node. */
export interface RunStepOptions {
  dirs: RunnerDirs;
  inputs?: Record<string, string>;
  /** Added to the runner's environment; an `undefined` value removes the variable. */
  env?: Record<string, string | undefined>;
  state?: Record<string, string>;
  node?: string;
}

/** What a runner sets for every step in `dirs`, besides `PATH` and the file command files. */
export function runnerEnvironment(dirs: RunnerDirs): Record<string, string> {
  return {
    HOME: dirs.root,
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: dirs.workspace,
    RUNNER_TEMP: dirs.temp,
  };
}

/**
 * The variable a runner passes input `name` in: `INPUT_`, then the name with its spaces as
 * underscores, upper-cased; hyphens stay (actions/runner's `Handler.AddInputsToEnvironment`, and
 * what `@actions/core`'s `getInput` reads).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inputVariable } from "./local_runner.ts";
 *
 * assert.equal(inputVariable("token_format"), "INPUT_TOKEN_FORMAT");
 * assert.equal(inputVariable("my input-name"), "INPUT_MY_INPUT-NAME");
 * ```
 */
export function inputVariable(name: string): string {
  return `INPUT_${name.replaceAll(" ", "_").toUpperCase()}`;
}

/** Runs `dist/<entry>.mjs` like the runner: inputs as INPUT_*, fresh file command files. */
export function runStep(entry: "main" | "post", options: RunStepOptions): Promise<StepRun> {
  const { dirs } = options;
  const id = crypto.randomUUID();
  const paths = {
    output: join(dirs.temp, `output-${id}`),
    env: join(dirs.temp, `env-${id}`),
    state: join(dirs.temp, `state-${id}`),
    path: join(dirs.temp, `path-${id}`),
  };
  for (const path of Object.values(paths)) writeFileSync(path, "");
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? "",
    ...runnerEnvironment(dirs),
    GITHUB_OUTPUT: paths.output,
    GITHUB_ENV: paths.env,
    GITHUB_STATE: paths.state,
    GITHUB_PATH: paths.path,
    ...options.env,
  };
  for (const [name, value] of Object.entries(options.inputs ?? {})) {
    env[inputVariable(name)] = value;
  }
  for (const [name, value] of Object.entries(options.state ?? {})) env[`STATE_${name}`] = value;
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return new Promise((done, fail) => {
    const child = execFile(
      options.node ?? "node",
      [join(DIST, `${entry}.mjs`)],
      { env, cwd: dirs.workspace, timeout: 60_000, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== "number") return fail(error);
        const files = {
          output: readFileSync(paths.output, "utf8"),
          env: readFileSync(paths.env, "utf8"),
          state: readFileSync(paths.state, "utf8"),
          path: readFileSync(paths.path, "utf8"),
        };
        const outputs = parseFileCommands(files.output);
        done({
          code: typeof error?.code === "number" ? error.code : 0,
          stdout,
          stderr,
          files,
          outputs: Object.fromEntries(outputs),
          exported: Object.fromEntries(parseFileCommands(files.env)),
          state: Object.fromEntries(parseFileCommands(files.state)),
          outputOrder: outputs.map(([name]) => name),
        });
      },
    );
    child.stdin?.end();
  });
}

/** Runs main, then post with main's saved state (as the runner does). */
export async function runMainAndPost(
  options: RunStepOptions,
): Promise<{ main: StepRun; post: StepRun }> {
  const main = await runStep("main", options);
  const post = await runStep("post", { ...options, state: main.state });
  return { main, post };
}

/** Names of the files in the workspace. */
export function workspaceFiles(dirs: RunnerDirs): string[] {
  return readdirSync(dirs.workspace);
}

/** The data of a run's `::<command>::` workflow commands, decoded (`%0A`, `%0D`, `%25`). */
export function commandValues(run: StepRun, command: "error" | "add-mask"): string[] {
  const prefix = `::${command}::`;
  return run.stdout.split("\n").filter((line) => line.startsWith(prefix)).map((line) =>
    line.slice(prefix.length).replaceAll("%0A", "\n").replaceAll("%0D", "\r").replaceAll("%25", "%")
  );
}

/** The `::error::` annotations of a run (decoded). */
export function errors(run: StepRun): string[] {
  return commandValues(run, "error");
}
