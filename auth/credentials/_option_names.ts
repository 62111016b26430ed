// The option names of the credentials functions, checked against their interfaces by the
// compiler, for refusing a name a JavaScript caller misspelt (see auth/_util/options.ts).
import { CALL_OPTION_NAMES, optionNames, type OptionNameSet } from "../_util/options.ts";
import type {
  CommonCredentialsOptions,
  CredentialsFromJsonOptions,
  CredentialsOptions,
  IdTokenOptions,
  LoadCredentialsOptions,
  MetadataServerCredentialsOptions,
} from "./types.ts";

/** Every name of `CommonCredentialsOptions`: `serviceAccountCredentials()`. */
export const COMMON_CREDENTIALS_OPTION_NAMES: OptionNameSet<CommonCredentialsOptions> =
  /* @__PURE__ */ optionNames<CommonCredentialsOptions>(
    CALL_OPTION_NAMES,
    { scopes: "array", eagerRefreshSeconds: "number" },
  );

/** Every name of `MetadataServerCredentialsOptions`: `metadataServerCredentials()`. */
export const METADATA_SERVER_CREDENTIALS_OPTION_NAMES: OptionNameSet<
  MetadataServerCredentialsOptions
> = /* @__PURE__ */ optionNames<MetadataServerCredentialsOptions, CommonCredentialsOptions>(
  COMMON_CREDENTIALS_OPTION_NAMES,
  { env: "object" },
);

/**
 * Every name of `CredentialsOptions` but `tokenStore`: `externalAccountCredentials()`, whose
 * credentials have no secret of their own to share tokens under.
 */
export const EXTERNAL_ACCOUNT_OPTION_NAMES: OptionNameSet<Omit<CredentialsOptions, "tokenStore">> =
  /* @__PURE__ */ optionNames<Omit<CredentialsOptions, "tokenStore">, CommonCredentialsOptions>(
    COMMON_CREDENTIALS_OPTION_NAMES,
    {
      env: "object",
      readFile: "function",
      refuseLocalSources: "boolean",
      subjectTokenSupplier: "object",
      awsSecurityCredentialsSupplier: "object",
      runExecutable: "function",
    },
  );

/** Every name of `CredentialsOptions`. */
export const CREDENTIALS_OPTION_NAMES: OptionNameSet<CredentialsOptions> =
  /* @__PURE__ */ optionNames<CredentialsOptions, Omit<CredentialsOptions, "tokenStore">>(
    EXTERNAL_ACCOUNT_OPTION_NAMES,
    { tokenStore: "object" },
  );

/** Every name of `CredentialsFromJsonOptions`: `credentialsFromJson()`. */
export const CREDENTIALS_FROM_JSON_OPTION_NAMES: OptionNameSet<CredentialsFromJsonOptions> =
  /* @__PURE__ */ optionNames<CredentialsFromJsonOptions, CredentialsOptions>(
    CREDENTIALS_OPTION_NAMES,
    { allowedTypes: "array" },
  );

/** Every name of `LoadCredentialsOptions`: `loadCredentials()`. */
export const LOAD_CREDENTIALS_OPTION_NAMES: OptionNameSet<LoadCredentialsOptions> =
  /* @__PURE__ */ optionNames<LoadCredentialsOptions, CredentialsFromJsonOptions>(
    CREDENTIALS_FROM_JSON_OPTION_NAMES,
    { credentials: true },
  );

/** Every name of `IdTokenOptions`: `Credentials.getIdToken()`. */
export const ID_TOKEN_OPTION_NAMES: OptionNameSet<IdTokenOptions> = { includeEmail: "boolean" };
