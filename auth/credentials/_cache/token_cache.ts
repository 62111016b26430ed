// One cached token: reused until `eagerMs` before it expires (or, for a token that arrives with
// less than twice that left, until half its remaining life is used), one refresh in flight at a
// time (every caller during a refresh shares it), and a failed refresh leaves the cache as it was.
import type { ExpiringToken } from "../../types.ts";
import type { CredentialsToken } from "../types.ts";

/** How long a token the issuer gave no expiry for is assumed to live. */
const ASSUMED_LIFETIME_MS = 3_600_000;

interface Cached {
  token: CredentialsToken;
  /** When the next call refreshes instead of reusing the token. */
  refreshAt: number;
}

/** A token cache with single-flight refresh. */
export interface TokenCache {
  /** The cached token while fresh, else the refresh in flight, else a new refresh. */
  get(): Promise<CredentialsToken>;
  /** Forgets the cached token `token` (a server refused it), unless a newer one replaced it. */
  invalidate(token: string): void;
}

/** A cache of the tokens `mint` gives, read with the `now` clock, refreshed `eagerMs` early. */
export function tokenCache(
  mint: () => Promise<ExpiringToken>,
  now: () => number,
  eagerMs: number,
): TokenCache {
  let current: Cached | undefined;
  let pending: Promise<CredentialsToken> | undefined;
  const refresh = async (): Promise<CredentialsToken> => {
    try {
      const minted = await mint();
      const at = now();
      const expiresAt = minted.expiresAt ?? new Date(at + ASSUMED_LIFETIME_MS);
      const left = expiresAt.getTime() - at;
      // A token that arrives already inside the refresh window (a metadata server hands out
      // its cached token until minutes before expiry) is reused for half of what it has left,
      // so calls do not each mint one.
      const refreshAt = expiresAt.getTime() - Math.min(eagerMs, Math.max(0, left / 2));
      const token = { token: minted.token, expiresAt };
      current = { token, refreshAt };
      return token;
    } finally {
      pending = undefined;
    }
  };
  return {
    get() {
      if (current !== undefined && now() < current.refreshAt) return Promise.resolve(current.token);
      pending ??= refresh();
      return pending;
    },
    invalidate(token) {
      if (current?.token.token === token) current = undefined;
    },
  };
}
