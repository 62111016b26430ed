/**
 * Tests that need a program the machine may lack are skipped where it is missing, saying why: the
 * test is declared ignored (so it counts as skipped, never as passed) and its name ends with
 * `(skipped: <why>)`, which the test task lists by reason after its runs (tools/test_summary.ts).
 *
 * @module
 */
import { statSync } from "node:fs";
import process from "node:process";
import { type Runtime, RUNTIMES_REQUIRED } from "../../tools/runtimes.ts";

/** `test`, or `test` ignored with its name saying why when `missing` says what it lacks. */
export function skippedWhen(
  missing: string | undefined,
  test: Deno.TestDefinition,
): Deno.TestDefinition {
  if (missing === undefined) return test;
  return { ...test, name: `${test.name} (skipped: ${missing})`, ignore: true };
}

/** The path of `command` in a folder of the PATH, or `undefined` when none has it. */
export function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(":").filter(Boolean)) {
    try {
      if (statSync(`${dir}/${command}`).isFile()) return `${dir}/${command}`;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** Where gcloud is, when it is on the PATH. */
export const GCLOUD: string | undefined = onPath("gcloud");

/**
 * Why a gcloud test is skipped, or `undefined` when gcloud is there. No package registry the
 * project uses has it (docs/testing.md): google-cloud-cli comes from Google's apt repository only.
 */
export const GCLOUD_MISSING: string | undefined = GCLOUD === undefined
  ? "gcloud is not on the PATH; only Google's apt repository has google-cloud-cli, no Debian or npm package"
  : undefined;

/**
 * Why a test of `what` (`runtime`, found or installed from npm) is skipped, or `undefined` when it
 * runs: when the runtime is there, and in CI, where a missing runtime fails the test instead.
 */
export function runtimeMissing(runtime: Runtime | undefined, what: string): string | undefined {
  return runtime !== undefined || RUNTIMES_REQUIRED
    ? undefined
    : `${what} could not be installed from the npm registry`;
}
