/**
 * Options of `authenticate()` and their pure validation, which the workflow step runs before it
 * sends or writes anything.
 *
 * @module
 */

import type { CredentialsFileContents } from "./credentials_file.ts";
import { CredentialsError } from "../errors.ts";
import { AUTHENTICATE_HINTS } from "../_hints.ts";
import {
  CLOUD_PLATFORM_SCOPE,
  MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
} from "../flows/iam_credentials.ts";
import { MAX_DELEGATED_LIFETIME_SECONDS } from "../keys/domain_wide_delegation.ts";
import { parseServiceAccountKey, type ServiceAccountKey } from "../keys/service_account_key.ts";
import {
  normalizeDelegates,
  projectIdFromServiceAccount,
  validateServiceAccount,
} from "../flows/service_account_name.ts";
import type { CallOptions } from "../types.ts";
import {
  DEFAULT_UNIVERSE,
  endpointsOf,
  type GoogleEndpoints,
  type GoogleService,
} from "../universe.ts";
import {
  defaultOidcAudience,
  parseWorkloadIdentityProvider,
  type WorkloadIdentityProvider,
} from "../flows/workload_identity.ts";
import { ownCopy, withoutPrototype } from "../_util/own.ts";
import {
  CALL_OPTION_NAMES,
  invalidOption,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";
import { quote } from "../_util/quote.ts";

/** The token `authenticate()` mints besides the auth token. */
export type TokenFormat = "" | "access_token" | "id_token";

/** Where the project id came from. */
export type ProjectIdSource = "input" | "credentials" | "service_account" | "provider";

export { MAX_ACCESS_TOKEN_LIFETIME_SECONDS };

/** The default access token lifetime (1 h). */
export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** Options of `authenticate()`: exactly one of `workloadIdentityProvider` and `credentialsJson`. */
export interface AuthenticateOptions extends CallOptions {
  /** `projects/<n>/locations/global/workloadIdentityPools/<pool>/providers/<p>`. */
  workloadIdentityProvider?: string;
  /** Service account key JSON, raw or base64/base64url. */
  credentialsJson?: string;
  /** The service account to impersonate; optional for WIF (Direct WIF without it). */
  serviceAccount?: string;
  /** The GitHub OIDC audience; default `https://iam.<universe>/<provider>`. */
  audience?: string;
  /** The project id to report; derived when absent. */
  projectId?: string;
  /** The token to mint besides the auth token; default `""` (none). */
  tokenFormat?: TokenFormat;
  /** Delegation chain; bare emails are normalised to `projects/-/serviceAccounts/<email>`. */
  delegates?: readonly string[];
  /** The universe domain; default `googleapis.com`. */
  universe?: string;
  /** Whole base URLs replacing the universe's, per service. */
  endpoints?: Partial<Record<GoogleService, string>>;
  /** Access token lifetime in seconds: default 3600, at most 43200, at most 3600 with a subject. */
  accessTokenLifetimeSeconds?: number;
  /** Access token scopes; default cloud-platform. */
  accessTokenScopes?: readonly string[];
  /** The Workspace user to act as (domain-wide delegation). */
  accessTokenSubject?: string;
  /** The `aud` of the ID token (required for `id_token`). */
  idTokenAudience?: string;
  /** Adds `email` claims to the ID token; default false. */
  idTokenIncludeEmail?: boolean;
  /** `ACTIONS_ID_TOKEN_REQUEST_URL` and `_TOKEN` (WIF only). */
  oidcRequest?: { url: string; token: string };
  /**
   * Signs RS256 with the key's PKCS #8 PEM (key mode's auth token and domain-wide delegation),
   * rejecting a key that is not RSA of at least 2048 bits; default Web Crypto.
   */
  signRs256?: (pem: string, data: Uint8Array) => Promise<Uint8Array>;
  /** Called with every secret value as soon as it exists (mask it here). */
  onSecret?: (value: string) => void;
  /** Called with the credentials file contents before any token is minted (write the file here). */
  onCredentialsFile?: (contents: CredentialsFileContents) => void | Promise<void>;
  /**
   * Called with the auth token (the STS token, or the key's self-signed JWT) as soon as it exists,
   * after `onSecret` has seen it: it stays valid when a later call fails.
   */
  onAuthToken?: (token: string) => void;
}

/** Every name of {@linkcode AuthenticateOptions}, for JavaScript callers' misspellings. */
const AUTHENTICATE_OPTION_NAMES: OptionNameSet<AuthenticateOptions> = /* @__PURE__ */ optionNames<
  AuthenticateOptions
>(
  CALL_OPTION_NAMES,
  {
    workloadIdentityProvider: "string",
    credentialsJson: "string",
    serviceAccount: "string",
    audience: "string",
    projectId: "string",
    tokenFormat: "string",
    delegates: "array",
    universe: "string",
    endpoints: "object",
    accessTokenLifetimeSeconds: "number",
    accessTokenScopes: "array",
    accessTokenSubject: "string",
    idTokenAudience: "string",
    idTokenIncludeEmail: "boolean",
    oidcRequest: "object",
    signRs256: "function",
    onSecret: "function",
    onCredentialsFile: "function",
    onAuthToken: "function",
  },
);

/** The resolved options both modes share. */
export interface ValidatedCommonOptions {
  /** The service account tokens are minted for (key mode: the override or the key's email). */
  serviceAccount?: string;
  /** The token to mint besides the auth token. */
  tokenFormat: TokenFormat;
  /** Normalised delegation chain. */
  delegates: string[];
  /** The universe domain, lowercase. */
  universe: string;
  /** Base URLs of every Google service. */
  endpoints: GoogleEndpoints;
  /** Access token lifetime in seconds. */
  lifetimeSeconds: number;
  /** Access token scopes (never empty). */
  scopes: string[];
  /** The Workspace user for domain-wide delegation. */
  subject?: string;
  /** The ID token audience. */
  idTokenAudience?: string;
  /** Whether the ID token carries `email`. */
  idTokenIncludeEmail: boolean;
  /** The `X-Goog-Request-Reason` value. */
  requestReason?: string;
  /** The project id, given or derived. */
  projectId?: string;
  /** Where the project id came from. */
  projectIdSource?: ProjectIdSource;
}

/** Validated Workload Identity Federation options. */
export interface ValidatedWorkloadIdentityOptions extends ValidatedCommonOptions {
  /** Workload Identity Federation. */
  mode: "workload_identity_federation";
  /** The parsed provider. */
  provider: WorkloadIdentityProvider;
  /** The GitHub OIDC audience. */
  oidcAudience: string;
  /** The runner's OIDC token request. */
  oidcRequest: { url: string; token: string };
}

/** Validated service account key options. */
export interface ValidatedServiceAccountKeyOptions extends ValidatedCommonOptions {
  /** Service account key. */
  mode: "service_account_key";
  /** The parsed key. */
  key: ServiceAccountKey;
  /** The target service account. */
  serviceAccount: string;
}

/** The result of {@linkcode validateAuthenticateOptions}: everything resolved, nothing sent. */
export type ValidatedAuthenticateOptions =
  | ValidatedWorkloadIdentityOptions
  | ValidatedServiceAccountKeyOptions;

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/**
 * How messages name the options: by default `authenticate()`'s own names; the workflow step passes
 * its input names (`credentialsJson` -> `credentials_json`), so its errors name what the user set
 * without any rewriting of the text. Every error still carries the option itself as `option`.
 */
export type OptionNames = Readonly<Partial<Record<keyof AuthenticateOptions, string>>>;

/**
 * What is wrong with an access token lifetime, or `undefined`: the one check of Google's limits,
 * which the step runs on its duration input and `validateAuthenticateOptions()` on the option.
 *
 * @param seconds The lifetime.
 * @param delegated Whether the token is for domain-wide delegation (`accessTokenSubject`).
 * @param names How to name `accessTokenSubject` in the problem.
 * @returns The problem, or `undefined` when the lifetime is allowed.
 *
 * @example Domain-wide delegation tokens last at most an hour
 * ```ts
 * import assert from "node:assert/strict";
 * import { lifetimeProblem } from "./options.ts";
 *
 * assert.equal(lifetimeProblem(3600, true), undefined);
 * assert.match(lifetimeProblem(7200, true) ?? "", /at most 3600 seconds/);
 * ```
 */
export function lifetimeProblem(
  seconds: number,
  delegated: boolean,
  names: OptionNames = {},
): string | undefined {
  if (!Number.isInteger(seconds) || seconds < 1) {
    return "expected a whole number of seconds >= 1";
  }
  if (seconds > MAX_ACCESS_TOKEN_LIFETIME_SECONDS) {
    return `Google issues access tokens for at most ${MAX_ACCESS_TOKEN_LIFETIME_SECONDS} seconds (12 hours)`;
  }
  if (delegated && seconds > MAX_DELEGATED_LIFETIME_SECONDS) {
    return `with ${
      names.accessTokenSubject ?? "accessTokenSubject"
    }, domain-wide delegation tokens last at most ${MAX_DELEGATED_LIFETIME_SECONDS} seconds (1 hour)`;
  }
  return undefined;
}

function lifetimeOf(
  options: AuthenticateOptions,
  subject: string | undefined,
  names: OptionNames,
): number {
  const lifetime = options.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
  const problem = lifetimeProblem(lifetime, subject !== undefined, names);
  if (problem !== undefined) {
    throw invalidOption(
      "accessTokenLifetimeSeconds",
      `Cannot use ${
        names.accessTokenLifetimeSeconds ?? "accessTokenLifetimeSeconds"
      } ${lifetime}: ${problem}`,
    );
  }
  return lifetime;
}

function parseTokenFormat(value: string | undefined, names: OptionNames): TokenFormat {
  const format = value ?? "";
  if (format === "" || format === "access_token" || format === "id_token") return format;
  throw invalidOption(
    "tokenFormat",
    `Cannot use ${names.tokenFormat ?? "tokenFormat"} ${
      quote(String(format))
    }: expected "", "access_token" or "id_token"`,
  );
}

function checkRequestReason(value: string | undefined, names: OptionNames): string | undefined {
  const reason = present(value);
  if (reason !== undefined && !/^[\x20-\x7e\t]{1,1024}$/.test(reason)) {
    throw invalidOption(
      "requestReason",
      `Cannot use ${
        names.requestReason ?? "requestReason"
      }: it must be at most 1024 printable ASCII characters (it is sent as an HTTP header)`,
    );
  }
  return reason;
}

function resolveProjectId(
  options: AuthenticateOptions,
  key: ServiceAccountKey | undefined,
  serviceAccount: string | undefined,
  provider: WorkloadIdentityProvider | undefined,
): Pick<ValidatedCommonOptions, "projectId" | "projectIdSource"> {
  const input = present(options.projectId);
  if (input !== undefined) return { projectId: input, projectIdSource: "input" };
  // The key is parsed JSON: its optional fields are read only when they are its own.
  const keyProject = key !== undefined && Object.hasOwn(key, "project_id") ? key.project_id : "";
  const fromKey = typeof keyProject === "string" ? present(keyProject) : undefined;
  if (fromKey !== undefined) return { projectId: fromKey, projectIdSource: "credentials" };
  const fromEmail = serviceAccount === undefined
    ? undefined
    : projectIdFromServiceAccount(serviceAccount);
  if (fromEmail !== undefined) return { projectId: fromEmail, projectIdSource: "service_account" };
  if (provider !== undefined) {
    return { projectId: provider.projectNumber, projectIdSource: "provider" };
  }
  return {};
}

/**
 * Validates and resolves `authenticate()` options without any network call or side effect:
 * exactly one credential source, the provider name or the key, the service account, delegates,
 * token format and its requirements, lifetime limits, universe and endpoints, project id.
 *
 * @param options The options `authenticate()` would get.
 * @returns The resolved options.
 * @throws {CredentialsError} `ERR_OPTIONS_CREDENTIAL_SOURCE` (not exactly one source),
 * `ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED` (ID token or delegation in Direct WIF),
 * `ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED`, `ERR_OPTIONS_INVALID`, `ERR_OIDC_UNAVAILABLE`,
 * `ERR_PROVIDER_INVALID` and the `ERR_KEY_*` codes; `ERR_OPTIONS_INVALID` also for an option
 * name `authenticate()` does not take, and for an `accessTokenLifetimeSeconds` over 43200, over
 * 3600 with `accessTokenSubject`, or not a positive integer.
 *
 * @example Direct WIF cannot mint ID tokens
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateAuthenticateOptions } from "./options.ts";
 *
 * assert.throws(
 *   () =>
 *     validateAuthenticateOptions({
 *       workloadIdentityProvider: "projects/1/locations/global/workloadIdentityPools/pool/providers/prov",
 *       oidcRequest: { url: "https://runner.example/token", token: "t" },
 *       tokenFormat: "id_token",
 *       idTokenAudience: "https://svc.example",
 *     }),
 *   { code: "ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED" },
 * );
 * ```
 */
export function validateAuthenticateOptions(
  options: AuthenticateOptions,
): ValidatedAuthenticateOptions {
  return checkAuthenticateOptions(options, {});
}

/**
 * {@linkcode validateAuthenticateOptions} with messages that name the options as `names` says:
 * the workflow step's one validation of its inputs.
 *
 * @param options The options `authenticate()` would get.
 * @param names How messages name each option (default: the option's own name).
 * @returns The resolved options.
 *
 * @example The step's names in the message, the option in `option`
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkAuthenticateOptions } from "./options.ts";
 *
 * const names = { workloadIdentityProvider: "workload_identity_provider", credentialsJson: "credentials_json" };
 * assert.throws(() => checkAuthenticateOptions({}, names), {
 *   option: "workloadIdentityProvider",
 *   message:
 *     "Cannot authenticate: expected exactly one of workload_identity_provider or credentials_json, got neither",
 * });
 * ```
 */
export function checkAuthenticateOptions(
  options: AuthenticateOptions,
  names: OptionNames,
): ValidatedAuthenticateOptions {
  return planOf(ownCopy(options), names);
}

/**
 * {@linkcode checkAuthenticateOptions} of options already read (an own copy): `authenticate()`'s
 * one validation of what it was given.
 */
export function planOf(
  options: AuthenticateOptions,
  names: OptionNames,
): ValidatedAuthenticateOptions {
  refuseUnknownOptions(options, AUTHENTICATE_OPTION_NAMES, "authenticate()");
  const name = (option: keyof AuthenticateOptions): string => names[option] ?? option;
  const providerName = present(options.workloadIdentityProvider);
  const credentialsJson = present(options.credentialsJson);
  if ((providerName === undefined) === (credentialsJson === undefined)) {
    throw new CredentialsError(
      "ERR_OPTIONS_CREDENTIAL_SOURCE",
      `Cannot authenticate: expected exactly one of ${name("workloadIdentityProvider")} or ${
        name("credentialsJson")
      }, got ${providerName === undefined ? "neither" : "both"}`,
      {
        option: "workloadIdentityProvider",
        hint: `Set exactly one of ${name("workloadIdentityProvider")} or ${
          name("credentialsJson")
        }; forks and Dependabot get no secrets`,
      },
    );
  }
  const tokenFormat = parseTokenFormat(options.tokenFormat, names);
  const subject = present(options.accessTokenSubject);
  const lifetimeSeconds = lifetimeOf(options, subject, names);
  const universe = (present(options.universe) ?? DEFAULT_UNIVERSE).toLowerCase();
  const endpoints = endpointsOf(universe, options.endpoints);
  const requestedAccount = present(options.serviceAccount);
  const explicitAccount = requestedAccount === undefined
    ? undefined
    : validateServiceAccount(requestedAccount, "serviceAccount", name("serviceAccount"));
  const scopes = (options.accessTokenScopes ?? []).map((scope) => scope.trim()).filter((s) => s);
  const idTokenAudience = present(options.idTokenAudience);
  if (tokenFormat === "id_token" && idTokenAudience === undefined) {
    throw new CredentialsError(
      "ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED",
      `Cannot mint an ID token: ${name("idTokenAudience")} is required with ${
        name("tokenFormat")
      } "id_token"`,
      {
        option: "idTokenAudience",
        hint: `Set ${name("idTokenAudience")} (such as a Cloud Run URL)`,
      },
    );
  }
  const requestReason = checkRequestReason(options.requestReason, names);
  const common: Omit<ValidatedCommonOptions, "serviceAccount" | "projectId" | "projectIdSource"> = {
    tokenFormat,
    delegates: normalizeDelegates(options.delegates ?? []),
    universe,
    endpoints,
    lifetimeSeconds,
    scopes: scopes.length > 0 ? scopes : [CLOUD_PLATFORM_SCOPE],
    idTokenIncludeEmail: options.idTokenIncludeEmail ?? false,
    ...(subject === undefined ? {} : { subject }),
    ...(idTokenAudience === undefined ? {} : { idTokenAudience }),
    ...(requestReason === undefined ? {} : { requestReason }),
  };

  if (credentialsJson !== undefined) {
    const key = parseServiceAccountKey(credentialsJson);
    const serviceAccount = explicitAccount ??
      validateServiceAccount(key.client_email, "credentialsJson", name("credentialsJson"));
    // A null prototype: reading an optional field left unset never reaches Object.prototype.
    return withoutPrototype({
      ...common,
      mode: "service_account_key",
      key,
      serviceAccount,
      ...resolveProjectId(options, key, serviceAccount, undefined),
    });
  }

  const provider = parseWorkloadIdentityProvider(providerName ?? "");
  if (explicitAccount === undefined && (tokenFormat === "id_token" || subject !== undefined)) {
    throw new CredentialsError(
      "ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED",
      tokenFormat === "id_token"
        ? `Cannot mint an ID token with Direct Workload Identity Federation: ${
          name("serviceAccount")
        } is required with ${name("tokenFormat")} "id_token"`
        : `Cannot use domain-wide delegation with Direct Workload Identity Federation: ${
          name("serviceAccount")
        } is required with ${name("accessTokenSubject")}`,
      {
        option: "serviceAccount",
        hint: `Set ${name("serviceAccount")} to the account to impersonate`,
      },
    );
  }
  const oidcUrl = present(options.oidcRequest?.url);
  const oidcToken = present(options.oidcRequest?.token);
  if (oidcUrl === undefined || oidcToken === undefined) {
    throw new CredentialsError(
      "ERR_OIDC_UNAVAILABLE",
      "GitHub Actions did not inject ACTIONS_ID_TOKEN_REQUEST_URL and ACTIONS_ID_TOKEN_REQUEST_TOKEN into this job, so no GitHub OIDC token can be requested",
      { option: "oidcRequest", hint: AUTHENTICATE_HINTS.ERR_OIDC_UNAVAILABLE },
    );
  }
  // A null prototype: reading an optional field left unset never reaches Object.prototype.
  return withoutPrototype({
    ...common,
    mode: "workload_identity_federation",
    provider,
    oidcAudience: present(options.audience) ?? defaultOidcAudience(provider, common.universe),
    oidcRequest: { url: oidcUrl, token: oidcToken },
    ...(explicitAccount === undefined ? {} : { serviceAccount: explicitAccount }),
    ...resolveProjectId(options, undefined, explicitAccount, provider),
  });
}
