/**
 * The step's main `run()`: validate inputs, authenticate, write the credentials file, export
 * variables, and set outputs, masking every token before it can appear anywhere.
 *
 * @module
 */

import {
  authenticate,
  type AuthenticateResult,
  type CredentialsFileContents,
  type FetchLike as AuthFetchLike,
  type FetchResponse,
} from "../auth/mod.ts";
import type { ActionCore } from "./core.ts";
import process from "node:process";
import {
  checkWorkspace,
  isWorkspaceEmpty,
  recordCredentialsFile,
  writeCredentialsFile,
  writeCredentialsFileAt,
} from "./credentials_file.ts";
import { CREDENTIALS_FILE_ID_STATE, CREDENTIALS_PATH_STATE } from "./credentials_file_name.ts";
import { installDockerHelper } from "./docker/install.ts";
import { readInputs, type StepInputs } from "./inputs.ts";
import { type MaskedCore, maskedCore } from "./masked_core.ts";
import { formatFailure } from "./report.ts";

/**
 * The step's `fetch`: a response needs only what `auth/` reads of it, as the Node transport's
 * have (see `../node/fetch.ts`).
 */
export type FetchLike = AuthFetchLike<FetchResponse>;

/** Variables pointing tools at the credentials file. */
const CREDENTIALS_VARIABLES = [
  "CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "GOOGLE_GHA_CREDS_PATH",
] as const;

/** Variables holding the project id. */
const PROJECT_VARIABLES = [
  "CLOUDSDK_CORE_PROJECT",
  "CLOUDSDK_PROJECT",
  "GCLOUD_PROJECT",
  "GCP_PROJECT",
  "GOOGLE_CLOUD_PROJECT",
] as const;

/** Options of {@linkcode run}. */
export interface RunOptions {
  /** The process environment (`GITHUB_WORKSPACE`, OIDC request, endpoint overrides, ...). */
  env: Readonly<Record<string, string | undefined>>;
  /** The `fetch` to use; default `globalThis.fetch`. */
  fetch?: FetchLike;
  /** The clock in milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** The RS256 signer of key mode (`authenticate({ signRs256 })`); default Web Crypto. */
  signRs256?: (pem: string, data: Uint8Array) => Promise<Uint8Array>;
  /**
   * What runs the Docker credential helper of `docker_registries`: the Node binary (the step's
   * own) and the bundled helper module. Without it, `docker_registries` fails the step.
   */
  dockerHelper?: { node: string; module: string };
  /** The platform, as `process.platform`; default the running one. */
  platform?: string;
}

/** Formats an expiry as RFC 3339 UTC in whole seconds (rounded down, never later than real). */
function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function warnIfPinnedToHead(core: ActionCore, env: RunOptions["env"]): void {
  const ref = env.GITHUB_ACTION_REF;
  if (ref === "main" || ref === "master") {
    core.warning(
      `The step is pinned at "${ref}": its behaviour can change at any time; pin a release tag such as @v1 or a commit SHA`,
    );
  }
}

/** Writes the credentials file where the inputs say, records it for post; returns its path. */
function writeFile(
  core: MaskedCore,
  inputs: StepInputs,
  contents: CredentialsFileContents,
): string | undefined {
  if (inputs.credentialsFilePath !== undefined) {
    core.debug("Creating credentials file");
    const path = inputs.credentialsFilePath;
    const id = writeCredentialsFileAt(path, contents, inputs.credentialsFileRoots);
    recordCredentialsFile(path, (saved) => {
      core.saveState(CREDENTIALS_PATH_STATE, saved);
      core.saveState(CREDENTIALS_FILE_ID_STATE, id);
    });
    core.info(`Created credentials file at ${JSON.stringify(path)}`);
    return path;
  }
  if (inputs.workspace === undefined) return undefined;
  const emptyWorkspace = isWorkspaceEmpty(inputs.workspace);
  core.debug("Creating credentials file");
  const path = writeCredentialsFile(inputs.workspace, contents);
  recordCredentialsFile(path, (saved) => core.saveState(CREDENTIALS_PATH_STATE, saved));
  core.info(`Created credentials file at ${JSON.stringify(path)}`);
  if (emptyWorkspace) {
    core.info(
      `⚠️ The workspace ${
        JSON.stringify(inputs.workspace)
      } was empty: if actions/checkout runs after this step, it deletes the credentials file. Run actions/checkout before this step.`,
    );
  }
  return path;
}

function credentialsFileWriter(
  core: MaskedCore,
  inputs: StepInputs,
  written: (path: string) => void,
): (contents: CredentialsFileContents) => void {
  return (contents) => {
    const { plan } = inputs;
    const path = writeFile(core, inputs, contents);
    if (path !== undefined) {
      written(path);
      core.setOutput("credentials_file_path", path);
      if (inputs.exportEnvironmentVariables) {
        for (const name of CREDENTIALS_VARIABLES) core.exportVariable(name, path);
      }
    }
    if (plan.projectId === undefined) {
      core.info(
        '⚠️ Could not determine a project id: set the "project_id" input to export one',
      );
      return;
    }
    core.setOutput("project_id", plan.projectId);
    if (inputs.exportEnvironmentVariables) {
      for (const name of PROJECT_VARIABLES) core.exportVariable(name, plan.projectId);
    }
  };
}

/** Installs the Docker credential helper of `docker_registries` (not on Windows: a notice). */
function setUpDocker(
  core: MaskedCore,
  inputs: StepInputs,
  credentialsFile: string | undefined,
  options: RunOptions,
): void {
  const { docker } = inputs;
  if (docker === undefined || credentialsFile === undefined) return;
  if ((options.platform ?? process.platform) === "win32") {
    core.notice(
      '"docker_registries" is not supported on Windows runners: no Docker credential helper was installed. Log in with "token_format: access_token" and docker/login-action instead',
    );
    return;
  }
  if (options.dockerHelper === undefined) {
    throw new Error("this run of the step cannot start the Docker credential helper");
  }
  installDockerHelper(core, {
    registries: docker.registries,
    credentialsFile,
    runnerTemp: docker.runnerTemp,
    node: options.dockerHelper.node,
    helperModule: options.dockerHelper.module,
    dockerConfig: docker.configPath,
  });
}

function setTokenOutputs(core: MaskedCore, result: AuthenticateResult): void {
  if (result.accessToken !== undefined) {
    core.setSecret(result.accessToken);
    core.setOutput("access_token", result.accessToken);
    if (result.accessTokenExpiresAt !== undefined) {
      core.setOutput("access_token_expiration", rfc3339(result.accessTokenExpiresAt));
    }
  }
  if (result.idToken !== undefined) {
    core.setSecret(result.idToken);
    core.setOutput("id_token", result.idToken);
  }
}

/**
 * Runs the step's main phase. Every input (and the workspace the credentials file goes to) is
 * validated before anything is sent or written; then
 * `authenticate()` runs with every secret masked as soon as it exists. The credentials file is
 * written (and its path saved in state for the post step) before any token is minted, then
 * `credentials_file_path`, `project_id`, `auth_token`, `access_token`,
 * `access_token_expiration` and `id_token` are set in that order, each as soon as it exists
 * (`auth_token` before the access or ID token is requested). Last, with `docker_registries`, the
 * Docker credential helper is installed (see `docker/install.ts`). A failure is reported as one
 * error annotation (code, message naming the input or call, hint) and the step fails; outputs
 * already set stay set. Never throws.
 *
 * @param core The runner (or a fake).
 * @param options The environment, and `fetch`, clock and signer (tests, the Node entry).
 * @returns When the step is done.
 *
 * @example Key mode without a token makes no call
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { run } from "./main.ts";
 * import type { ActionCore } from "./core.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const inputs: Record<string, string> = {
 *   credentials_json: JSON.stringify({
 *     type: "service_account",
 *     project_id: "my-proj",
 *     private_key_id: "kid",
 *     private_key: await exportPKCS8(privateKey),
 *     client_email: "ci@my-proj.iam.gserviceaccount.com",
 *   }),
 *   create_credentials_file: "false",
 * };
 * const outputs = new Map<string, string>();
 * const masked: string[] = [];
 * let failed = "";
 * const core: ActionCore = {
 *   getInput: (name) => inputs[name] ?? "",
 *   setOutput: (name, value) => outputs.set(name, value),
 *   saveState: () => {},
 *   getState: () => "",
 *   exportVariable: () => {},
 *   setSecret: (value) => masked.push(value),
 *   isDebug: () => false,
 *   debug: () => {},
 *   info: () => {},
 *   notice: () => {},
 *   warning: () => {},
 *   setFailed: (message) => (failed = message),
 * };
 * await run(core, { env: {}, fetch: () => Promise.reject(new Error("no call expected")) });
 * assert.equal(failed, "");
 * assert.equal(outputs.get("project_id"), "my-proj");
 * assert.deepEqual(masked, [outputs.get("auth_token")]);
 * ```
 */
export async function run(core: ActionCore, options: RunOptions): Promise<void> {
  const masked = maskedCore(core);
  try {
    warnIfPinnedToHead(masked, options.env);
    const inputs = readInputs(masked, options.env);
    if (inputs.workspace !== undefined) checkWorkspace(inputs.workspace);
    const log = {
      debug: (message: string) => masked.debug(message),
      info: (message: string) => masked.info(message),
      notice: (message: string) => masked.notice(message),
    };
    // The auth token is an output as soon as it exists, as google-github-actions/auth does, so it
    // stays set when a later call fails (for `continue-on-error`).
    let credentialsFile: string | undefined;
    const result = await authenticate({
      ...inputs.auth,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.signRs256 === undefined ? {} : { signRs256: options.signRs256 }),
      log,
      onSecret: (value) => masked.setSecret(value),
      onCredentialsFile: credentialsFileWriter(masked, inputs, (path) => (credentialsFile = path)),
      onAuthToken: (token) => masked.setOutput("auth_token", token),
    });
    setTokenOutputs(masked, result);
    setUpDocker(masked, inputs, credentialsFile, options);
  } catch (error) {
    const failure = formatFailure(error);
    for (const line of failure.debug) masked.debug(line);
    masked.setFailed(failure.annotation);
  }
}
