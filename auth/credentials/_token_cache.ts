// One cached token: reused until `eagerMs` before it expires (or, for a token that arrives with
// less than twice that left, until half its remaining life is used), one refresh in flight at a
// time (every caller during a refresh shares it), and a failed refresh leaves the cache as it was.
import type { ExpiringToken } from "../types.ts";
import type { CredentialsToken } from "./types.ts";

/** How long a token the issuer gave no expiry for is assumed to live. */
const ASSUMED_LIFETIME_MS = 3_600_000;

interface _Cached {
  token: CredentialsToken;
  /** When the next call refreshes instead of reusing the token. */
  refreshAt: number;
}

/** A token cache with single-flight refresh. */
export class _TokenCache {
  #mint: () => Promise<ExpiringToken>;
  #now: () => number;
  #eagerMs: number;
  #current: _Cached | undefined;
  #pending: Promise<CredentialsToken> | undefined;

  constructor(mint: () => Promise<ExpiringToken>, now: () => number, eagerMs: number) {
    this.#mint = mint;
    this.#now = now;
    this.#eagerMs = eagerMs;
  }

  /** The cached token while fresh, else the refresh in flight, else a new refresh. */
  get(): Promise<CredentialsToken> {
    const current = this.#current;
    if (current !== undefined && this.#now() < current.refreshAt) {
      return Promise.resolve(current.token);
    }
    this.#pending ??= this.#refresh();
    return this.#pending;
  }

  /** Forgets the cached token `token` (a server refused it), unless a newer one replaced it. */
  invalidate(token: string): void {
    if (this.#current?.token.token === token) this.#current = undefined;
  }

  async #refresh(): Promise<CredentialsToken> {
    try {
      const minted = await this.#mint();
      const now = this.#now();
      const expiresAt = minted.expiresAt ?? new Date(now + ASSUMED_LIFETIME_MS);
      const left = expiresAt.getTime() - now;
      // A token that arrives already inside the refresh window (a metadata server hands out
      // its cached token until minutes before expiry) is reused for half of what it has left,
      // so calls do not each mint one.
      const refreshAt = expiresAt.getTime() - Math.min(this.#eagerMs, Math.max(0, left / 2));
      const token = { token: minted.token, expiresAt };
      this.#current = { token, refreshAt };
      return token;
    } finally {
      this.#pending = undefined;
    }
  }
}
