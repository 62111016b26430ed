// How an executable source starts its program when the caller passes no `runExecutable`: it
// cannot, as auth/ uses Web APIs only (a Worker has no processes). The npm package's Node entry
// points swap this module, when the build resolves it, for node/_default_run_executable.ts
// (node:child_process); Deno and Bun pass `runExecutable` from `@gcp-oidc/auth/run-executable`.
import type { RunExecutableLike } from "../external_account_options.ts";

/** The runner of a call without `options.runExecutable`: none. */
export function defaultRunExecutable(): RunExecutableLike | undefined {
  return undefined;
}
