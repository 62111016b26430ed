/**
 * {@linkcode installDockerHelper}: installs the Docker credential helper for `docker_registries`:
 * a 0700 directory under `$RUNNER_TEMP` holding the `docker-credential-gcp-oidc-<hex>` script
 * (which runs the step's own Node on the bundled helper), its configuration and later its token
 * cache; the directory goes on `PATH` and the hosts into the Docker config's `credHelpers`.
 *
 * @module
 */

import fs from "node:fs";
import nodePath from "node:path";
import type { ActionCore } from "../core.ts";
import { ActionInputError } from "../errors.ts";
import { randomBytes, toHex } from "../node/random.ts";
import { addCredHelpers, DockerConfigUnreadable } from "./config.ts";
import type { CredentialHelperConfig } from "./credential_helper.ts";
import { DOCKER_CONFIG_STATE, DOCKER_HELPER_DIR_STATE } from "./state.ts";

/** What {@linkcode installDockerHelper} needs to know. */
export interface DockerHelperSetup {
  /** The registry hosts (`docker_registries`). */
  registries: readonly string[];
  /** The step's credentials file, which the helper mints tokens from. */
  credentialsFile: string;
  /** `$RUNNER_TEMP`, where the helper's directory goes. */
  runnerTemp: string;
  /** The Node binary that runs the helper (the step's own, `process.execPath`). */
  node: string;
  /** The bundled helper (`dist/docker_credential_helper.mjs`). */
  helperModule: string;
  /** The Docker config file (`dockerConfigPath()`). */
  dockerConfig: string;
}

/** `value` quoted for a POSIX shell: single quotes, each `'` written as `'\''`. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function installError(setup: DockerHelperSetup, error: unknown): ActionInputError {
  const code = (error as { code?: unknown } | null)?.code;
  return new ActionInputError(
    "RUNNER_TEMP",
    `Cannot install the Docker credential helper of "docker_registries" in $RUNNER_TEMP ${
      JSON.stringify(setup.runnerTemp)
    }: ${typeof code === "string" ? code : String(error)}`,
    {
      cause: error,
      hint:
        'Check that the runner\'s temp directory is writable and has free space, or leave "docker_registries" empty',
    },
  );
}

/**
 * Installs the helper (see the module). Each run gets its own helper name, so two steps of a job
 * do not replace each other's. What it changed is saved in state for the post step, which
 * removes it. A Docker config that is not a JSON object is left untouched: a warning says so and
 * the helper directory is removed again.
 *
 * @param core The runner (`addPath`, `saveState`, logs).
 * @param setup What to install and where.
 * @returns Whether the registries were configured.
 * @throws {ActionInputError} Naming `RUNNER_TEMP` when the helper's files cannot be written, or
 * `docker_registries` when the Docker config cannot be written.
 */
export function installDockerHelper(
  core: Pick<ActionCore, "addPath" | "saveState" | "info" | "warning">,
  setup: DockerHelperSetup,
): boolean {
  if (core.addPath === undefined) throw new Error("the runner core has no addPath");
  const id = toHex(randomBytes(8));
  const helper = `gcp-oidc-${id}`;
  const directory = nodePath.join(setup.runnerTemp, `gcp-oidc-docker-${id}`);
  const configFile = nodePath.join(directory, "helper.json");
  const config: CredentialHelperConfig = {
    credentialsFile: setup.credentialsFile,
    cacheFile: nodePath.join(directory, "token.json"),
    registries: [...setup.registries],
  };
  const script = `#!/bin/sh\nexec ${shellQuote(setup.node)} ${shellQuote(setup.helperModule)} ${
    shellQuote(configFile)
  } "$@"\n`;
  try {
    fs.mkdirSync(directory, { mode: 0o700 });
    core.saveState(DOCKER_HELPER_DIR_STATE, directory);
    fs.writeFileSync(configFile, JSON.stringify(config), { flag: "wx", mode: 0o600 });
    fs.writeFileSync(nodePath.join(directory, `docker-credential-${helper}`), script, {
      flag: "wx",
      mode: 0o700,
    });
  } catch (error) {
    throw installError(setup, error);
  }
  const path = setup.dockerConfig;
  try {
    const changes = addCredHelpers(path, setup.registries, helper);
    core.saveState(DOCKER_CONFIG_STATE, JSON.stringify(changes));
  } catch (error) {
    if (error instanceof DockerConfigUnreadable) {
      fs.rmSync(directory, { recursive: true, force: true });
      core.warning(
        `Not configuring "docker_registries": the Docker config ${error.message}; it was left untouched. Fix it, or log in to the registries another way`,
      );
      return false;
    }
    const code = (error as { code?: unknown } | null)?.code;
    throw new ActionInputError(
      "docker_registries",
      `Cannot add the registries of "docker_registries" to the Docker config ${
        JSON.stringify(path)
      }: ${typeof code === "string" ? code : String(error)}`,
      {
        cause: error,
        hint:
          'Check that $DOCKER_CONFIG (or ~/.docker) is writable, or leave "docker_registries" empty',
      },
    );
  }
  core.addPath(directory);
  core.info(
    `Docker credential helper "docker-credential-${helper}" set for ${
      setup.registries.join(", ")
    } in ${JSON.stringify(path)}`,
  );
  return true;
}
