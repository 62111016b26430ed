/**
 * What main and post share about the Docker credential helper: state keys and the shape of what
 * main records, alone in a module so the post step's bundle carries no installer.
 *
 * @module
 */

/** The state key of the helper's directory (script, configuration, token cache). */
export const DOCKER_HELPER_DIR_STATE = "docker_helper_dir";

/** The state key of the Docker config changes ({@linkcode DockerConfigChanges} as JSON). */
export const DOCKER_CONFIG_STATE = "docker_config";

/** The helper directory's name pattern under `$RUNNER_TEMP`. */
export const DOCKER_HELPER_DIR_NAME: RegExp = /^gcp-oidc-docker-[0-9a-f]{16}$/;

/** What main changed in the Docker config, for post to undo (no secret in it). */
export interface DockerConfigChanges {
  /** The config file written (symbolic links resolved). */
  path: string;
  /** The helper's name, as the `credHelpers` values hold it. */
  helper: string;
  /** Each host's `credHelpers` value before, or `null` when it had none. */
  previous: Record<string, string | null>;
  /** Whether the config had a `credHelpers` object before. */
  hadCredHelpers: boolean;
  /** Whether main created the file. */
  createdFile: boolean;
  /** Whether main created the file's directory. */
  createdDirectory: boolean;
}
