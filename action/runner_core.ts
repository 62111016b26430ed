/**
 * {@linkcode createRunnerCore}: the runner side of {@linkcode ActionCore}, speaking the GitHub
 * Actions workflow commands (`::add-mask::`, `::debug::`, ...) and file commands
 * (`GITHUB_OUTPUT`, `GITHUB_STATE`, `GITHUB_ENV`) exactly as `@actions/core` 3 writes them, in a
 * few hundred bytes instead of its 420 KB bundle (most of which is an HTTP client the step does
 * not use). {@linkcode createRunnerLog} is the read-and-log half the post step needs.
 *
 * It uses nothing but `node:fs` and `process`, through `_node_builtins.ts` (the delimiter comes
 * from Web Crypto's `randomUUID`) and writes to stdout with {@linkcode writeStdout}: every extra built-in module
 * (`node:os`, `node:crypto`, and `node:stream` behind `process.stdout`) costs the step start-up
 * time under Node.
 *
 * @module
 */

import { fs, process } from "./_node_builtins.ts";
import type { ActionCore } from "./core.ts";

/** What the post step needs from the runner: inputs, state and log lines. */
export type RunnerLog = Pick<
  ActionCore,
  "getInput" | "getState" | "setSecret" | "isDebug" | "debug" | "info" | "notice" | "warning"
>;

/** Options of {@linkcode createRunnerLog}. */
export interface RunnerLogOptions {
  /** The process environment (read for inputs, state and `RUNNER_DEBUG`). */
  env: Record<string, string | undefined>;
  /** Writes to the step's stdout. */
  write: (text: string) => void;
}

/** Options of {@linkcode createRunnerCore}. */
export interface RunnerCoreOptions extends RunnerLogOptions {
  /** The process environment (read for inputs and file paths, updated by `exportVariable`). */
  env: Record<string, string | undefined>;
  /** Called by `setFailed` (sets the process exit code to 1). */
  fail: () => void;
}

/** The line ending `@actions/core` writes (`os.EOL`), without loading `node:os`. */
const EOL = process.platform === "win32" ? "\r\n" : "\n";

/** Escapes a workflow command's data as the runner expects (`%`, CR, LF). */
function _escapeData(value: string): string {
  return value.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/** Escapes a workflow command's property value (also `:` and `,`). */
function _escapeProperty(value: string): string {
  return _escapeData(value).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/** Blocks the thread for `ms` milliseconds (without a busy loop). */
function _pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Writes `text` to file descriptor 1 synchronously and completely, without creating
 * `process.stdout` (which loads `node:stream` and costs a few milliseconds of start-up). Retries
 * a pipe that is momentarily full (`EAGAIN`), so nothing is lost or reordered.
 *
 * @param text What to write.
 * @throws {Error} When stdout is closed or fails for another reason (`EPIPE`, `EBADF`).
 *
 * @example Usage
 * ```ts ignore
 * import { writeStdout } from "./runner_core.ts";
 *
 * writeStdout("::debug::hello\n");
 * ```
 */
export function writeStdout(text: string): void {
  let bytes = new TextEncoder().encode(text);
  for (let attempt = 0; bytes.length > 0;) {
    try {
      bytes = bytes.subarray(fs.writeSync(1, bytes));
      attempt = 0;
    } catch (error) {
      if ((error as { code?: string }).code !== "EAGAIN" || ++attempt > 1000) throw error;
      _pause(1);
    }
  }
}

/** Writes `::name props::message` as `@actions/core` does. */
function _command(write: (text: string) => void, name: string, message: string, props = ""): void {
  write(`::${name}${props}::${_escapeData(message)}${EOL}`);
}

/**
 * Creates the read-and-log half of the runner core: inputs from `INPUT_<NAME>` (trimmed), state
 * from `STATE_<name>`, masks and log lines as workflow commands on stdout. The post step uses it
 * alone; {@linkcode createRunnerCore} adds outputs, state, variables and failure.
 *
 * @param options The environment and the stdout writer.
 * @returns The log core.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRunnerLog } from "./runner_core.ts";
 *
 * let out = "";
 * const log = createRunnerLog({
 *   env: { STATE_credentials_file_path: "/w/gha-creds-0123456789abcdef.json" },
 *   write: (text) => (out += text),
 * });
 * assert.equal(log.getState("credentials_file_path"), "/w/gha-creds-0123456789abcdef.json");
 * log.warning("50% done");
 * assert.equal(out, "::warning::50%25 done\n");
 * ```
 */
export function createRunnerLog(options: RunnerLogOptions): RunnerLog {
  const { env, write } = options;
  return {
    getInput: (name) => (env[`INPUT_${name.replaceAll(" ", "_").toUpperCase()}`] ?? "").trim(),
    getState: (name) => env[`STATE_${name}`] ?? "",
    setSecret: (value) => _command(write, "add-mask", value),
    isDebug: () => env.RUNNER_DEBUG === "1",
    debug: (message) => _command(write, "debug", message),
    info: (message) => write(`${message}${EOL}`),
    notice: (message) => _command(write, "notice", message),
    warning: (message) => _command(write, "warning", message),
  };
}

/**
 * Creates an {@linkcode ActionCore} that talks to the runner like `@actions/core` does: inputs
 * from `INPUT_<NAME>`, state from `STATE_<name>`, outputs, state and variables appended to the
 * `GITHUB_OUTPUT`, `GITHUB_STATE` and `GITHUB_ENV` files with a random `ghadelimiter_<uuid>`
 * heredoc (or the legacy `::set-output::` commands when a file is not configured), and logs as
 * workflow commands on stdout.
 *
 * @param options The environment, the stdout writer and the failure hook.
 * @returns The core object `run()` takes.
 * @throws {Error} From a file command when a value contains the random delimiter (never in
 * practice) or the file cannot be appended to.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRunnerCore } from "./runner_core.ts";
 *
 * let out = "";
 * const core = createRunnerCore({
 *   env: { INPUT_TOKEN_FORMAT: " id_token " },
 *   write: (text) => (out += text),
 *   fail: () => {},
 * });
 * assert.equal(core.getInput("token_format"), "id_token");
 * core.setSecret("s3cret\nline");
 * assert.equal(out, "::add-mask::s3cret%0Aline\n");
 * ```
 */
export function createRunnerCore(options: RunnerCoreOptions): ActionCore {
  const { env, write, fail } = options;
  const fileCommand = (file: string, legacy: string, name: string, value: string): void => {
    const path = env[`GITHUB_${file}`];
    if (path === undefined || path === "") {
      write(EOL);
      _command(write, legacy, value, ` name=${_escapeProperty(name)}`);
      return;
    }
    const delimiter = `ghadelimiter_${crypto.randomUUID()}`;
    if (name.includes(delimiter) || value.includes(delimiter)) {
      throw new Error(
        `Cannot write ${file} command ${JSON.stringify(name)}: it holds the delimiter`,
      );
    }
    fs.appendFileSync(path, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, "utf8");
  };
  return {
    ...createRunnerLog(options),
    setOutput: (name, value) => fileCommand("OUTPUT", "set-output", name, value),
    saveState: (name, value) => fileCommand("STATE", "save-state", name, value),
    exportVariable: (name, value) => {
      env[name] = value;
      fileCommand("ENV", "set-env", name, value);
    },
    setFailed: (message) => {
      fail();
      _command(write, "error", message);
    },
  };
}
