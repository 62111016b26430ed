/**
 * Stands in for `@actions/exec` in the step's bundle: `@actions/core` imports it only for
 * `platform.getDetails()`, which the step never calls.
 *
 * @module
 */

import type * as Exec from "@actions/exec";
import { notBundled } from "./not_bundled.ts";

/** Throws: the step runs no command. */
export function getExecOutput(
  ..._args: Parameters<typeof Exec.getExecOutput>
): ReturnType<typeof Exec.getExecOutput> {
  throw notBundled("getExecOutput", "@actions/exec");
}
