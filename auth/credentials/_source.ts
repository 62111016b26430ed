// What every credential source provides to the cache above it: identity facts and the two token
// fetches (no caching here; _cached_credentials.ts caches).
import type { CallOptions, ExpiringToken } from "../types.ts";
import type { CredentialsType, ReadFileLike } from "./types.ts";

/** What a fetch of a source needs besides its own fields. */
export interface _FetchContext {
  call: CallOptions;
  /** The requested scopes, never empty. */
  scopes: readonly string[];
  readFile: ReadFileLike;
}

/** One kind of credentials: what the file says, and how to mint its tokens. */
export interface _Source {
  type: CredentialsType;
  universeDomain: string;
  projectId?: string;
  quotaProjectId?: string;
  serviceAccountEmail?: string;
  accessToken(context: _FetchContext): Promise<ExpiringToken>;
  idToken(audience: string, includeEmail: boolean, context: _FetchContext): Promise<ExpiringToken>;
}
