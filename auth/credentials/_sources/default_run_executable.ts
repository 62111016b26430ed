// How an executable source starts its program when the caller passes no `runExecutable`: on Deno
// and Bun with `node:child_process` (../run_executable.ts, looked up through globalThis when a
// program runs); elsewhere not at all (a Worker has no processes), so such a source says to pass
// the option. The npm package's Node entry points swap this module, when the build resolves it,
// for node/_default_run_executable.ts, which runs programs on Node too.
import type { RunExecutableLike } from "../external_account_options.ts";
import { runExecutable } from "../run_executable.ts";

/**
 * The runner of a call without `options.runExecutable`: {@linkcode runExecutable} where `runtime`
 * (the global object) is Deno's or Bun's, else none.
 */
export function defaultRunExecutable(runtime: object = globalThis): RunExecutableLike | undefined {
  const { Deno: deno, Bun: bun } = runtime as { Deno?: unknown; Bun?: unknown };
  return deno !== undefined || bun !== undefined ? runExecutable : undefined;
}
