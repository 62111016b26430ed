// The option names of the credentials functions, checked against their interfaces by the
// compiler, for refusing a name a JavaScript caller misspelt (see auth/_util/options.ts).
import { CALL_OPTION_NAMES, type OptionNameSet } from "../_util/options.ts";
import type { CredentialsOptions, IdTokenOptions, LoadCredentialsOptions } from "./types.ts";

/** Every name of `CredentialsOptions`: `credentialsFromJson()`. */
export const CREDENTIALS_OPTION_NAMES: OptionNameSet<CredentialsOptions> = {
  ...CALL_OPTION_NAMES,
  env: true,
  readFile: true,
  refuseLocalSources: true,
  scopes: true,
  eagerRefreshSeconds: true,
  subjectTokenSupplier: true,
  awsSecurityCredentialsSupplier: true,
  runExecutable: true,
  tokenStore: true,
};

/** Every name of `LoadCredentialsOptions`: `loadCredentials()`. */
export const LOAD_CREDENTIALS_OPTION_NAMES: OptionNameSet<LoadCredentialsOptions> = {
  ...CREDENTIALS_OPTION_NAMES,
  credentials: true,
};

/** Every name of `IdTokenOptions`: `Credentials.getIdToken()`. */
export const ID_TOKEN_OPTION_NAMES: OptionNameSet<IdTokenOptions> = { includeEmail: true };
