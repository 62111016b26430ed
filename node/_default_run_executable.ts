/**
 * The executable runner of the npm package's Node entry points (build_npm.ts puts this module in
 * place of `auth/credentials/_sources/default_run_executable.ts`, whose runner is Deno's and
 * Bun's only): {@linkcode runExecutable} over `node:child_process` on Node as well.
 *
 * @module
 */
import type { RunExecutableLike } from "../auth/mod.ts";
import { runExecutable } from "../auth/credentials/run_executable.ts";

/** The runner of a call without `options.runExecutable`: `node:child_process`. */
export function defaultRunExecutable(): RunExecutableLike | undefined {
  return runExecutable;
}
