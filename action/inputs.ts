/**
 * {@linkcode readInputs}: reads and validates every input of the step and the runner environment
 * it needs, completely, before anything is sent or written.
 *
 * @module
 */

import {
  type AuthenticateOptions,
  AuthError,
  type GoogleService,
  type TokenFormat,
} from "../auth/mod.ts";
import {
  checkAuthenticateOptions,
  lifetimeProblem,
  type OptionNames,
  quote,
  type ValidatedAuthenticateOptions,
} from "../auth/_step.ts";
import type { ActionCore } from "./core.ts";
import { checkCredentialsFilePath, type RunnerRoots } from "./credentials_file_path.ts";
import { dockerConfigPath } from "./docker/config.ts";
import { parseDockerRegistries } from "./docker/registries.ts";
import { ActionInputError } from "./errors.ts";
import { parseBooleanInput, parseDurationInput, parseMultilineCsv } from "./input_parsers.ts";

export type { AuthenticateOptions, ValidatedAuthenticateOptions };

/** The step's configuration: its own switches plus `authenticate()` options, all validated. */
export interface StepInputs {
  /** Whether to write the credentials file (`create_credentials_file`). */
  createCredentialsFile: boolean;
  /** Whether to export credential and project variables (`export_environment_variables`). */
  exportEnvironmentVariables: boolean;
  /**
   * `$GITHUB_WORKSPACE`, where the credentials file goes (set when the file is wanted and
   * `credentials_file_path` is empty).
   */
  workspace?: string;
  /** The checked absolute path of `credentials_file_path` (set when the file is wanted there). */
  credentialsFilePath?: string;
  /** The runner's directories `credentialsFilePath` was checked against; the write checks again. */
  credentialsFileRoots?: RunnerRoots;
  /** The registry hosts of `docker_registries`; with them, where the helper goes. */
  docker?: DockerInputs;
  /** The options for `authenticate()` (without callbacks, fetch or clock). */
  auth: AuthenticateOptions;
  /** What `authenticate()` will do, resolved without any side effect. */
  plan: ValidatedAuthenticateOptions;
}

/** What `docker_registries` needs, checked. */
export interface DockerInputs {
  /** The registry hosts. */
  registries: string[];
  /** `$RUNNER_TEMP`, where the helper's directory goes. */
  runnerTemp: string;
  /** The Docker config file to add them to. */
  configPath: string;
}

/** The environment variable overriding each Google service's base URL. */
const ENDPOINT_OVERRIDES: readonly GoogleService[] = [
  "iam",
  "iamcredentials",
  "oauth2",
  "sts",
  "www",
];

/** The step input named by each `authenticate()` option, for errors raised by `auth/`. */
const INPUT_OF_OPTION = {
  workloadIdentityProvider: "workload_identity_provider",
  credentialsJson: "credentials_json",
  serviceAccount: "service_account",
  projectId: "project_id",
  tokenFormat: "token_format",
  requestReason: "request_reason",
  accessTokenLifetimeSeconds: "access_token_lifetime",
  accessTokenScopes: "access_token_scopes",
  accessTokenSubject: "access_token_subject",
  idTokenAudience: "id_token_audience",
  idTokenIncludeEmail: "id_token_include_email",
  oidcRequest: "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  endpoints: "GHA_ENDPOINT_OVERRIDE_*",
} as const satisfies OptionNames;

function nonEmpty(value: string): string | undefined {
  return value === "" ? undefined : value;
}

function lifetimeOf(core: Pick<ActionCore, "getInput">, subject: string | undefined): number {
  const raw = core.getInput("access_token_lifetime");
  const seconds = parseDurationInput("access_token_lifetime", raw);
  // 0 (the input's empty default) means the option's own default.
  const problem = seconds === 0
    ? undefined
    : lifetimeProblem(seconds, subject !== undefined, INPUT_OF_OPTION);
  if (problem !== undefined) {
    throw new ActionInputError(
      "access_token_lifetime",
      `Invalid input "access_token_lifetime": ${quote(raw)} is ${seconds} seconds: ${problem}`,
      {
        hint: subject === undefined
          ? 'Set "access_token_lifetime" to at most 12h (more than 1h needs the org policy constraints/iam.allowServiceAccountCredentialLifetimeExtension)'
          : 'Set "access_token_lifetime" to 3600s or less when "access_token_subject" is set',
      },
    );
  }
  return seconds;
}

function endpointOverrides(
  env: Readonly<Record<string, string | undefined>>,
): Partial<Record<GoogleService, string>> {
  const endpoints: Partial<Record<GoogleService, string>> = {};
  for (const service of ENDPOINT_OVERRIDES) {
    const value = env[`GHA_ENDPOINT_OVERRIDE_${service}`]?.trim();
    if (value !== undefined && value !== "") endpoints[service] = value.replace(/\/+$/, "");
  }
  return endpoints;
}

/**
 * An `auth/` validation error as the step's: the input comes from the structured `option`, and the
 * validator was given the inputs' names for the rest of the message.
 */
function asInputError(error: AuthError): AuthError<string> {
  const option = error.option as keyof typeof INPUT_OF_OPTION | undefined;
  // The runner's variables are not inputs: the OIDC error names the two the runner did not
  // provide, and an endpoint override is named as the variable it is.
  if (option === "oidcRequest") return error;
  if (option === "endpoints") {
    return new ActionInputError(
      INPUT_OF_OPTION.endpoints,
      `Invalid environment variable "${INPUT_OF_OPTION.endpoints}": ${error.message}`,
      { hint: error.hint, code: error.code, cause: error },
    );
  }
  const input = (option === undefined ? undefined : INPUT_OF_OPTION[option]) ?? "inputs";
  return new ActionInputError(input, `Invalid input "${input}": ${error.message}`, {
    hint: error.hint,
    code: error.code,
    cause: error,
  });
}

/**
 * Reads every input of the step (and `GITHUB_WORKSPACE`, `ACTIONS_ID_TOKEN_REQUEST_URL`/`_TOKEN`,
 * `GHA_ENDPOINT_OVERRIDE_*`) and validates all of it: exactly one of
 * `workload_identity_provider` and `credentials_json`, the provider name, the key JSON, booleans,
 * the token format and what it needs, lifetimes, delegates, universe and endpoints. Nothing is
 * sent or written; an empty input takes its `action.yml` default.
 *
 * @param core Where inputs come from.
 * @param env The process environment.
 * @returns The validated configuration.
 * @throws {ActionInputError} Naming the input (or environment variable) that is wrong.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readInputs } from "./inputs.ts";
 *
 * const inputs: Record<string, string> = {
 *   workload_identity_provider: "projects/123/locations/global/workloadIdentityPools/gh-pool/providers/repo",
 *   service_account: "ci@my-proj.iam.gserviceaccount.com",
 *   token_format: "access_token",
 *   access_token_lifetime: "1h30m",
 * };
 * const { plan } = readInputs({ getInput: (name) => inputs[name] ?? "" }, {
 *   GITHUB_WORKSPACE: "/home/runner/work/repo/repo",
 *   ACTIONS_ID_TOKEN_REQUEST_URL: "https://runner.example/token?api-version=2.0",
 *   ACTIONS_ID_TOKEN_REQUEST_TOKEN: "runner-token",
 * });
 * assert.equal(plan.mode, "workload_identity_federation");
 * assert.equal(plan.lifetimeSeconds, 5400);
 * assert.equal(plan.projectId, "my-proj");
 * ```
 */
export function readInputs(
  core: Pick<ActionCore, "getInput">,
  env: Readonly<Record<string, string | undefined>>,
): StepInputs {
  const input = (name: string): string | undefined => nonEmpty(core.getInput(name));
  const workloadIdentityProvider = input("workload_identity_provider");
  const credentialsJson = input("credentials_json");
  const createCredentialsFile = parseBooleanInput(
    "create_credentials_file",
    core.getInput("create_credentials_file"),
    true,
  );
  const exportEnvironmentVariables = parseBooleanInput(
    "export_environment_variables",
    core.getInput("export_environment_variables"),
    true,
  );
  parseBooleanInput("cleanup_credentials", core.getInput("cleanup_credentials"), true);
  const idTokenIncludeEmail = parseBooleanInput(
    "id_token_include_email",
    core.getInput("id_token_include_email"),
    false,
  );
  // auth/ checks the format's value; until then an unknown format reads as none.
  const tokenFormat = core.getInput("token_format") as TokenFormat;
  const accessTokenSubject = tokenFormat === "access_token"
    ? input("access_token_subject")
    : undefined;
  const lifetime = lifetimeOf(core, accessTokenSubject);
  const idTokenAudience = input("id_token_audience");
  const workspace = nonEmpty(env.GITHUB_WORKSPACE?.trim() ?? "");
  const customPath = input("credentials_file_path");
  if (createCredentialsFile && workspace === undefined && customPath === undefined) {
    throw new ActionInputError(
      "GITHUB_WORKSPACE",
      "Cannot write the credentials file: $GITHUB_WORKSPACE is not set",
      { hint: 'Run the step in a GitHub Actions job, or set "create_credentials_file: false"' },
    );
  }
  const auth: AuthenticateOptions = {
    tokenFormat,
    delegates: parseMultilineCsv(core.getInput("delegates")),
    endpoints: endpointOverrides(env),
    idTokenIncludeEmail,
  };
  const optional = {
    workloadIdentityProvider,
    credentialsJson,
    projectId: input("project_id"),
    serviceAccount: input("service_account"),
    audience: input("audience"),
    universe: input("universe"),
    requestReason: input("request_reason"),
    accessTokenSubject,
    idTokenAudience: tokenFormat === "id_token" ? idTokenAudience : undefined,
    accessTokenLifetimeSeconds: tokenFormat === "access_token" && lifetime > 0
      ? lifetime
      : undefined,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(auth, { [key]: value });
  }
  if (tokenFormat === "access_token") {
    const scopes = parseMultilineCsv(core.getInput("access_token_scopes"));
    if (scopes.length > 0) auth.accessTokenScopes = scopes;
  }
  if (workloadIdentityProvider !== undefined) {
    auth.oidcRequest = {
      url: env.ACTIONS_ID_TOKEN_REQUEST_URL?.trim() ?? "",
      token: env.ACTIONS_ID_TOKEN_REQUEST_TOKEN?.trim() ?? "",
    };
  }
  let plan: ValidatedAuthenticateOptions;
  try {
    plan = checkAuthenticateOptions(auth, INPUT_OF_OPTION);
  } catch (error) {
    if (error instanceof AuthError) throw asInputError(error);
    throw error;
  }
  const runnerTemp = nonEmpty(env.RUNNER_TEMP?.trim() ?? "");
  const credentialsFileRoots: RunnerRoots = {
    ...(workspace === undefined ? {} : { workspace }),
    ...(runnerTemp === undefined ? {} : { runnerTemp }),
  };
  const credentialsFilePath = customPath === undefined
    ? undefined
    : customCredentialsFilePath(customPath, createCredentialsFile, credentialsFileRoots);
  const docker = dockerInputs(core.getInput("docker_registries"), createCredentialsFile, env);
  return {
    createCredentialsFile,
    exportEnvironmentVariables,
    ...(createCredentialsFile && workspace !== undefined && credentialsFilePath === undefined
      ? { workspace }
      : {}),
    ...(credentialsFilePath === undefined ? {} : { credentialsFilePath, credentialsFileRoots }),
    ...(docker === undefined ? {} : { docker }),
    auth,
    plan,
  };
}

function customCredentialsFilePath(
  value: string,
  createCredentialsFile: boolean,
  roots: RunnerRoots,
): string {
  if (!createCredentialsFile) {
    throw new ActionInputError(
      "credentials_file_path",
      'Invalid input "credentials_file_path": it is set, but "create_credentials_file" is false',
      { hint: 'Leave "credentials_file_path" empty, or set "create_credentials_file: true"' },
    );
  }
  return checkCredentialsFilePath(value, roots);
}

function dockerInputs(
  value: string,
  createCredentialsFile: boolean,
  env: Readonly<Record<string, string | undefined>>,
): DockerInputs | undefined {
  const registries = parseDockerRegistries(value);
  if (registries.length === 0) return undefined;
  if (!createCredentialsFile) {
    throw new ActionInputError(
      "docker_registries",
      'Invalid input "docker_registries": the Docker credential helper mints tokens from the credentials file, and "create_credentials_file" is false',
      { hint: 'Set "create_credentials_file: true", or leave "docker_registries" empty' },
    );
  }
  const runnerTemp = nonEmpty(env.RUNNER_TEMP?.trim() ?? "");
  if (runnerTemp === undefined) {
    throw new ActionInputError(
      "RUNNER_TEMP",
      'Cannot install the Docker credential helper of "docker_registries": $RUNNER_TEMP is not set',
      { hint: 'Run the step in a GitHub Actions job, or leave "docker_registries" empty' },
    );
  }
  const configPath = dockerConfigPath(env);
  if (configPath === undefined) {
    throw new ActionInputError(
      "HOME",
      'Cannot find the Docker config for "docker_registries": neither $DOCKER_CONFIG nor $HOME is set',
      { hint: 'Set DOCKER_CONFIG or HOME for the step, or leave "docker_registries" empty' },
    );
  }
  return { registries, runnerTemp, configPath };
}
