// What every credential source provides to the cache above it: identity facts and the two token
// fetches (no caching here; ../_cache/cached_credentials.ts caches).
import type { CallOptions, ExpiringToken } from "../../types.ts";
import type { CredentialsOptions, CredentialsType, ReadFileLike } from "../types.ts";

/** Call options of credentials: their `fetch` resolves to a `Response` (`Credentials.fetch`). */
export type _CredentialsCall = Omit<CallOptions, "fetch"> & Pick<CredentialsOptions, "fetch">;

/** What a fetch of a source needs besides its own fields. */
export interface _FetchContext {
  call: _CredentialsCall;
  /** The requested scopes, never empty. */
  scopes: readonly string[];
  readFile: ReadFileLike;
}

/** How one kind of credentials mints its tokens, and the identity its fields name. */
export interface _TokenSource {
  projectId?: string;
  serviceAccountEmail?: string;
  accessToken(context: _FetchContext): Promise<ExpiringToken>;
  idToken(audience: string, includeEmail: boolean, context: _FetchContext): Promise<ExpiringToken>;
}

/**
 * One kind of credentials: its type, universe and quota project, and how to mint its tokens (a
 * file's universe and quota project are read the same way for every type: `_sourceFromJson`).
 */
export interface _Source extends _TokenSource {
  type: CredentialsType;
  universeDomain: string;
  quotaProjectId?: string;
}
