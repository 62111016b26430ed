/**
 * {@linkcode removeDockerHelper}: the post step's half of `docker_registries`: the Docker config's
 * `credHelpers` entries back as they were, and the helper's directory (script, configuration,
 * token cache) removed.
 *
 * @module
 */

import fs from "node:fs";
import nodePath from "node:path";
import type { ActionCore } from "../core.ts";
import { removeCredHelpers } from "./config.ts";
import {
  DOCKER_CONFIG_STATE,
  DOCKER_HELPER_DIR_NAME,
  DOCKER_HELPER_DIR_STATE,
  type DockerConfigChanges,
} from "./state.ts";

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function restoreConfig(core: Pick<ActionCore, "info" | "warning">, saved: string): void {
  let changes: DockerConfigChanges;
  try {
    changes = JSON.parse(saved) as DockerConfigChanges;
  } catch {
    core.warning("Not restoring the Docker config: the main step's record of it is unreadable");
    return;
  }
  try {
    const restored = removeCredHelpers(changes);
    core.info(
      `Restored the Docker config ${JSON.stringify(changes.path)} (${
        restored.length === 0 ? "no entry was still the step's" : restored.join(", ")
      })`,
    );
  } catch (error) {
    core.warning(
      `Could not restore the Docker config ${JSON.stringify(changes.path)}: ${errorText(error)}`,
    );
  }
}

function removeDirectory(core: Pick<ActionCore, "info" | "warning">, directory: string): void {
  const shown = JSON.stringify(directory);
  try {
    const stats = fs.lstatSync(directory);
    if (!DOCKER_HELPER_DIR_NAME.test(nodePath.basename(directory)) || !stats.isDirectory()) {
      core.warning(`Not removing ${shown}: it is not a helper directory this step creates`);
      return;
    }
    fs.rmSync(directory, { recursive: true, force: true });
    core.info(`Removed the Docker credential helper and its token cache ${shown}`);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return;
    core.warning(`Could not remove ${shown}: ${errorText(error)}`);
  }
}

/**
 * Undoes what `installDockerHelper()` did, from the main step's state: restores the Docker config
 * and removes the helper's directory. Does nothing when main installed no helper. Problems are
 * warnings, never a failure.
 *
 * @param core The runner.
 * @returns Whether there was a helper to remove.
 *
 * @example Nothing installed, nothing done
 * ```ts
 * import assert from "node:assert/strict";
 * import { removeDockerHelper } from "./remove.ts";
 *
 * const log: string[] = [];
 * const core = { getState: () => "", info: (m: string) => log.push(m), warning: (m: string) => log.push(m) };
 * assert.equal(removeDockerHelper(core), false);
 * assert.deepEqual(log, []);
 * ```
 */
export function removeDockerHelper(
  core: Pick<ActionCore, "getState" | "info" | "warning">,
): boolean {
  const directory = core.getState(DOCKER_HELPER_DIR_STATE);
  const config = core.getState(DOCKER_CONFIG_STATE);
  if (config !== "") restoreConfig(core, config);
  if (directory !== "") removeDirectory(core, directory);
  return directory !== "" || config !== "";
}
