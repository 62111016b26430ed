/**
 * The step's post `run()`: removes the credentials file the main step created, and nothing else
 * (the Docker credential helper of `docker_registries` is `docker/remove.ts`'s).
 *
 * @module
 */

import fs from "node:fs";
import nodePath from "node:path";
import type { ActionCore } from "./core.ts";
import {
  CREDENTIALS_FILE_ID_STATE,
  CREDENTIALS_FILE_NAME,
  CREDENTIALS_PATH_STATE,
} from "./credentials_file_name.ts";
import { booleanValue } from "./boolean_value.ts";

/** What {@linkcode runPost} needs from the runner (the post bundle carries nothing more). */
export type PostCore = Pick<ActionCore, "getInput" | "getState" | "info" | "warning">;

/** Options of {@linkcode runPost}. */
export interface RunPostOptions {
  /** The process environment (`GITHUB_WORKSPACE`). */
  env: Readonly<Record<string, string | undefined>>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The workspace's real path, or why it has none (then nothing can be checked against it). */
function realWorkspace(workspace: string | undefined): { real?: string; problem?: string } {
  if (workspace === undefined) return { problem: "$GITHUB_WORKSPACE is not set" };
  try {
    return { real: fs.realpathSync(workspace) };
  } catch (error) {
    return {
      problem: `$GITHUB_WORKSPACE ${JSON.stringify(workspace)} cannot be resolved (${
        (error as { code?: string }).code ?? errorText(error)
      })`,
    };
  }
}

/** Why `path` must not be removed, or `undefined` when it is the file the main step wrote. */
function refusalOf(path: string, workspace: string): string | undefined {
  if (!nodePath.isAbsolute(path) || !CREDENTIALS_FILE_NAME.test(nodePath.basename(path))) {
    return "it is not a credentials file name this step creates";
  }
  if (fs.realpathSync(nodePath.dirname(path)) !== workspace) {
    return `it is not directly inside the workspace ${JSON.stringify(workspace)}`;
  }
  const stats = fs.lstatSync(path);
  if (stats.isSymbolicLink()) return "it is a symbolic link";
  if (stats.isDirectory()) return "it is a directory";
  if (!stats.isFile()) return "it is not a regular file";
  return undefined;
}

/** Why the file at `path` must not be removed, or `undefined` when it is still file `id`. */
function refusalOfCustom(path: string, id: string): string | undefined {
  const stats = fs.lstatSync(path, { bigint: true });
  if (stats.isSymbolicLink()) return "it is a symbolic link";
  if (!stats.isFile()) return "it is not a regular file";
  if (`${stats.dev}:${stats.ino}` !== id) return "it is not the file this step created";
  return undefined;
}

/**
 * Runs the step's post phase: reads the credentials file path from the main step's state and
 * removes exactly that regular file, also when `export_environment_variables` was false and when
 * the main step failed after writing it. Refuses a directory, a symbolic link, a name the step
 * does not create, or a path outside `$GITHUB_WORKSPACE`; a file written at
 * `credentials_file_path` is removed only while it is the very file main created (same device and
 * inode). Honours `cleanup_credentials: false` and
 * `create_credentials_file: false`. Logs what it did; problems are warnings, never a failure.
 *
 * @param core The runner (or a fake).
 * @param options The environment.
 * @returns What happened, as logged: `"removed"`, `"skipped"`, `"missing"` or `"refused"`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { type PostCore, runPost } from "./post.ts";
 *
 * const workspace = mkdtempSync(join(tmpdir(), "ws-"));
 * const path = join(workspace, "gha-creds-0123456789abcdef.json");
 * writeFileSync(path, "{}", { mode: 0o600 });
 * const log: string[] = [];
 * const core: PostCore = {
 *   getInput: () => "",
 *   getState: (name) => (name === "credentials_file_path" ? path : ""),
 *   info: (message) => log.push(message),
 *   warning: (message) => log.push(`warning: ${message}`),
 * };
 * assert.equal(runPost(core, { env: { GITHUB_WORKSPACE: workspace } }), "removed");
 * assert.equal(existsSync(path), false);
 * rmSync(workspace, { recursive: true });
 * ```
 */
export function runPost(
  core: PostCore,
  options: RunPostOptions,
): "removed" | "skipped" | "missing" | "refused" {
  for (const input of ["create_credentials_file", "cleanup_credentials"]) {
    const value = core.getInput(input);
    const enabled = booleanValue(value, true);
    if (enabled === undefined) {
      core.warning(
        `Skipping credential cleanup: invalid input "${input}": ${
          JSON.stringify(value.slice(0, 60))
        } is not a boolean`,
      );
      return "skipped";
    }
    if (!enabled) {
      core.info(`Skipping credential cleanup: "${input}" is false`);
      return "skipped";
    }
  }
  const path = core.getState(CREDENTIALS_PATH_STATE);
  if (path === "") {
    core.info("Skipping credential cleanup: the main step created no credentials file");
    return "skipped";
  }
  // JSON quotes: a path holding a newline cannot start a workflow command in a log line.
  const shown = JSON.stringify(path);
  const id = core.getState(CREDENTIALS_FILE_ID_STATE);
  if (id !== "") return removeFile(core, path, () => refusalOfCustom(path, id));
  const workspace = realWorkspace(options.env.GITHUB_WORKSPACE?.trim() || undefined);
  if (workspace.real === undefined) {
    core.warning(`Skipping credential cleanup of ${shown}: ${workspace.problem}`);
    return "skipped";
  }
  const real = workspace.real;
  return removeFile(core, path, () => refusalOf(path, real));
}

/** Removes `path` unless `refusal()` says why not; logs what happened. */
function removeFile(
  core: PostCore,
  path: string,
  refusal: () => string | undefined,
): "removed" | "missing" | "refused" {
  const shown = JSON.stringify(path);
  try {
    const problem = refusal();
    if (problem !== undefined) {
      core.warning(`Not removing ${shown}: ${problem}`);
      return "refused";
    }
    fs.unlinkSync(path);
    core.info(`Removed credentials file ${shown}`);
    return "removed";
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") {
      core.info(`Credentials file ${shown} is already gone (a later step removed it)`);
      return "missing";
    }
    core.warning(`Could not remove credentials file ${shown}: ${errorText(error)}`);
    return "refused";
  }
}
