// What every credential source provides to the cache above it: identity facts and the two token
// fetches (no caching here; ../_cache/cached_credentials.ts caches).
import type { ExpiringToken } from "../../types.ts";
import type { CallSettings } from "../../_transport/call_settings.ts";
import type { CredentialsType } from "../types.ts";

/** What a fetch of a source needs besides its own fields and settings. */
export interface FetchContext {
  call: CallSettings;
  /** The requested scopes, never empty. */
  scopes: readonly string[];
}

/** Fetches the current subject token of an `external_account`. */
export type SubjectTokenSource = (context: FetchContext) => Promise<string>;

/**
 * Runs `use` with the current subject token and the context its exchange is made with (an X.509
 * source's presents its certificate, and releases it when `use` ends).
 */
export type SubjectTokenSession = <T>(
  context: FetchContext,
  use: (subjectToken: string, context: FetchContext) => Promise<T>,
) => Promise<T>;

/** The account a signature is made as, and the universe whose IAM Credentials signs. */
export interface Signer {
  serviceAccountEmail: string;
  universeDomain: string;
}

/** How one kind of credentials mints its tokens, and the identity its fields name. */
export interface TokenSource {
  projectId?: string;
  serviceAccountEmail?: string;
  /** The configuration's own scopes (an impersonated file's `scopes`): used when the caller gives none. */
  defaultScopes?: readonly string[];
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
  /** The configuration the source was made of, whose secret keys a shared token store. */
  configuration?: Readonly<Record<string, unknown>>;
  /** Reads the universe when first asked for (the metadata server's; a request, so not at load). */
  readUniverseDomain?(call: CallSettings): Promise<string>;
  /** Reads the account's email when first asked for (the metadata server's), `undefined` if none. */
  readServiceAccountEmail?(call: CallSettings): Promise<string | undefined>;
}
