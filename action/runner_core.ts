/**
 * {@linkcode createRunnerCore}: the runner side of {@linkcode ActionCore}, speaking the GitHub
 * Actions workflow commands (`::add-mask::`, `::debug::`, ...) and file commands
 * (`GITHUB_OUTPUT`, `GITHUB_STATE`, `GITHUB_ENV`) exactly as `@actions/core` 3 writes them, in a
 * few hundred bytes instead of its 420 KB bundle (most of which is an HTTP client the step does
 * not use).
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { EOL } from "node:os";
import type { ActionCore } from "./core.ts";

/** Options of {@linkcode createRunnerCore}. */
export interface RunnerCoreOptions {
  /** The process environment (read for inputs and file paths, updated by `exportVariable`). */
  env: Record<string, string | undefined>;
  /** Writes to the step's stdout. */
  write: (text: string) => void;
  /** Called by `setFailed` (sets the process exit code to 1). */
  fail: () => void;
}

/** Escapes a workflow command's data as the runner expects (`%`, CR, LF). */
function _escapeData(value: string): string {
  return value.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/** Escapes a workflow command's property value (also `:` and `,`). */
function _escapeProperty(value: string): string {
  return _escapeData(value).replaceAll(":", "%3A").replaceAll(",", "%2C");
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
  const command = (name: string, message: string, properties = ""): void => {
    write(`::${name}${properties}::${_escapeData(message)}${EOL}`);
  };
  const fileCommand = (file: string, legacy: string, name: string, value: string): void => {
    const path = env[`GITHUB_${file}`];
    if (path === undefined || path === "") {
      write(EOL);
      command(legacy, value, ` name=${_escapeProperty(name)}`);
      return;
    }
    const delimiter = `ghadelimiter_${randomUUID()}`;
    if (name.includes(delimiter) || value.includes(delimiter)) {
      throw new Error(
        `Cannot write ${file} command ${JSON.stringify(name)}: it holds the delimiter`,
      );
    }
    appendFileSync(path, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, "utf8");
  };
  return {
    getInput: (name) => (env[`INPUT_${name.replaceAll(" ", "_").toUpperCase()}`] ?? "").trim(),
    setOutput: (name, value) => fileCommand("OUTPUT", "set-output", name, value),
    saveState: (name, value) => fileCommand("STATE", "save-state", name, value),
    getState: (name) => env[`STATE_${name}`] ?? "",
    exportVariable: (name, value) => {
      env[name] = value;
      fileCommand("ENV", "set-env", name, value);
    },
    setSecret: (value) => command("add-mask", value),
    isDebug: () => env.RUNNER_DEBUG === "1",
    debug: (message) => command("debug", message),
    info: (message) => write(`${message}${EOL}`),
    notice: (message) => command("notice", message),
    warning: (message) => command("warning", message),
    setFailed: (message) => {
      fail();
      command("error", message);
    },
  };
}
