// The options of credentials read once, by the public function that took them (an own copy): the
// call settings, scopes and refresh window every kind uses, and what an `external_account` source
// may read or run. The cache and the sources take these plain values and read no option again.
import { type CallSettings, callSettings } from "../_transport/call_settings.ts";
import { ownOption } from "../_util/own.ts";
import { invalidOption } from "../_util/options.ts";
import type { ExpiringToken, FetchLike } from "../types.ts";
import type {
  AwsSecurityCredentialsSupplier,
  RunExecutableLike,
  SubjectTokenSupplier,
} from "./external_account_options.ts";
import { defaultRunExecutable } from "./_sources/default_run_executable.ts";
import {
  type ClientCertificateFetch,
  defaultClientCertificateFetch,
} from "./_sources/client_certificate_fetch.ts";
import { envDefault, readFileDefault } from "./_sources/runtime.ts";
import type {
  CommonCredentialsOptions,
  CredentialsFromJsonOptions,
  EnvLike,
  ReadFileLike,
} from "./types.ts";

const DEFAULT_EAGER_REFRESH_SECONDS = 300;

/** What the cache of every kind of credentials works with. */
export interface CredentialsSettings {
  call: CallSettings;
  /** The caller's `fetch`, as `Credentials.fetch` hands on its `Response`; absent: the runtime's. */
  fetch?: FetchLike<Response>;
  /**
   * The caller's scopes of access tokens; undefined when none were given: then the
   * configuration's own (an impersonated file's `scopes`), else cloud-platform.
   */
  scopes: readonly string[] | undefined;
  /** How long before expiry a cached token is refreshed. */
  eagerRefreshMs: number;
  /**
   * Puts a source's mint behind a token store (`withTokenStore()`), given the configuration it
   * was made of; undefined: tokens are not shared.
   */
  share: TokenSharing | undefined;
}

/**
 * Puts `mint` behind a token store, keyed by `configuration`'s secret and the `scopes` its tokens
 * have (unchanged without a secret).
 */
export type TokenSharing = (
  mint: () => Promise<ExpiringToken>,
  configuration: Readonly<Record<string, unknown>>,
  scopes: readonly string[],
) => () => Promise<ExpiringToken>;

/**
 * The settings of `options` (own properties only): the call settings checked, empty scopes read as
 * none, and `eagerRefreshSeconds` a number >= 0 (else `ERR_OPTIONS_INVALID` naming it).
 */
export function credentialsSettings(options: CommonCredentialsOptions): CredentialsSettings {
  const seconds = ownOption(options, "eagerRefreshSeconds") ?? DEFAULT_EAGER_REFRESH_SECONDS;
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw invalidOption(
      "eagerRefreshSeconds",
      `Cannot use option "eagerRefreshSeconds": expected a number >= 0, got ${seconds}`,
    );
  }
  const scopes = ownOption(options, "scopes");
  return {
    call: callSettings(options),
    fetch: ownOption(options, "fetch"),
    scopes: scopes !== undefined && scopes.length > 0 ? [...scopes] : undefined,
    eagerRefreshMs: seconds * 1000,
    share: undefined,
  };
}

/** What an `external_account` configuration's source may read, run or be given. */
export interface ExternalAccountSettings {
  readFile: ReadFileLike;
  /** The environment: AWS credentials and region, the executables switch. */
  env: EnvLike;
  /** Starts an executable source's program, where the runtime can. */
  runExecutable?: RunExecutableLike;
  /** Whether the caller passed `fetch`: an X.509 source's calls then go through it as it is. */
  callerFetch: boolean;
  /** How an X.509 source presents its certificate without a caller's `fetch`, where the runtime can. */
  clientCertificateFetch?: ClientCertificateFetch;
  /** Refuse sources that read the local machine (a file, a program, AWS credentials). */
  refuseLocalSources: boolean;
  /**
   * The configuration types accepted (`allowedTypes`), at the top level and in `source_credentials`;
   * undefined: any.
   */
  allowedTypes: readonly string[] | undefined;
  /** The options that stand for a `credential_source`: a configuration's top level only. */
  suppliers: {
    subjectTokenSupplier?: SubjectTokenSupplier;
    awsSecurityCredentialsSupplier?: AwsSecurityCredentialsSupplier;
  };
}

/** The types `allowedTypes` may list: every configuration's, and the metadata server's. */
const CONFIGURATION_TYPES: readonly string[] = [
  "service_account",
  "external_account",
  "impersonated_service_account",
  "authorized_user",
  "external_account_authorized_user",
  "metadata_server",
];

/** The `allowedTypes` option checked: a non-empty list of configuration types, else `ERR_OPTIONS_INVALID`. */
function allowedTypesOf(options: CredentialsFromJsonOptions): readonly string[] | undefined {
  const types: unknown = ownOption(options, "allowedTypes");
  if (types === undefined) return undefined;
  if (
    !Array.isArray(types) || types.length === 0 ||
    !types.every((type) => CONFIGURATION_TYPES.includes(type))
  ) {
    throw invalidOption(
      "allowedTypes",
      `Cannot use option "allowedTypes": expected a non-empty list of ${
        CONFIGURATION_TYPES.join(", ")
      }`,
    );
  }
  return [...types];
}

/** The external account settings of `options` (own properties only), the runtime's defaults filled in. */
export function externalAccountSettings(
  options: CredentialsFromJsonOptions,
): ExternalAccountSettings {
  // Every field present, undefined when not given, as in the call settings.
  return {
    readFile: ownOption(options, "readFile") ?? readFileDefault,
    env: ownOption(options, "env") ?? envDefault(),
    runExecutable: ownOption(options, "runExecutable") ?? defaultRunExecutable(),
    callerFetch: ownOption(options, "fetch") !== undefined,
    clientCertificateFetch: defaultClientCertificateFetch(),
    refuseLocalSources: ownOption(options, "refuseLocalSources") === true,
    allowedTypes: allowedTypesOf(options),
    suppliers: {
      subjectTokenSupplier: ownOption(options, "subjectTokenSupplier"),
      awsSecurityCredentialsSupplier: ownOption(options, "awsSecurityCredentialsSupplier"),
    },
  };
}
