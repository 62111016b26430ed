// What every credential source provides to the cache above it: identity facts and the two token
// fetches (no caching here; ../_cache/cached_credentials.ts caches).
import type { CallOptions, ExpiringToken } from "../../types.ts";
import type { RunExecutableLike } from "../external_account_options.ts";
import type { CredentialsOptions, CredentialsType, EnvLike, ReadFileLike } from "../types.ts";

/** Call options of credentials: their `fetch` resolves to a `Response` (`Credentials.fetch`). */
export type CredentialsCall = Omit<CallOptions, "fetch"> & Pick<CredentialsOptions, "fetch">;

/** What a fetch of a source needs besides its own fields. */
export interface FetchContext {
  call: CredentialsCall;
  /** The requested scopes, never empty. */
  scopes: readonly string[];
  readFile: ReadFileLike;
  /** The environment (AWS credentials and region, the executables switch). */
  env: EnvLike;
  /** Starts an executable source's program, where the runtime can. */
  runExecutable?: RunExecutableLike;
}

/** Fetches the current subject token of an `external_account`. */
export type SubjectTokenSource = (context: FetchContext) => Promise<string>;

/** The account a signature is made as, and the universe whose IAM Credentials signs. */
export interface Signer {
  serviceAccountEmail: string;
  universeDomain: string;
}

/** How one kind of credentials mints its tokens, and the identity its fields name. */
export interface TokenSource {
  projectId?: string;
  serviceAccountEmail?: string;
  accessToken(context: FetchContext): Promise<ExpiringToken>;
  idToken(audience: string, includeEmail: boolean, context: FetchContext): Promise<ExpiringToken>;
  /**
   * Signs `data` RS256 as `signer`'s account (the credentials' email, read first where the source
   * reads it late): with the key, or with IAM Credentials' signBlob (`ownToken` gives these
   * credentials' own cached access token). Absent where the credentials act as no service account.
   */
  sign?(
    data: Uint8Array,
    context: FetchContext,
    ownToken: () => Promise<string>,
    signer: Signer,
  ): Promise<Uint8Array>;
}

/**
 * One kind of credentials: its type, universe and quota project, and how to mint its tokens (a
 * file's universe and quota project are read the same way for every type: `sourceFromJson`).
 */
export interface Source extends TokenSource {
  type: CredentialsType;
  /** The universe as known: the default until {@linkcode readUniverseDomain} (where set) has read it. */
  universeDomain: string;
  quotaProjectId?: string;
  /**
   * The configuration with its secret (a private key or refresh token), from which a shared
   * token store's keys are derived; absent where the configuration holds no secret.
   */
  storeSecret?: string;
  /** Reads the universe when first asked for (the metadata server's; a request, so not at load). */
  readUniverseDomain?(call: CredentialsCall): Promise<string>;
  /** Reads the account's email when first asked for (the metadata server's), `undefined` if none. */
  readServiceAccountEmail?(call: CredentialsCall): Promise<string | undefined>;
}
