// One cached token: reused until `eagerMs` before it expires, one refresh in flight at a time
// (every caller during a refresh shares it), and a failed refresh leaves the cache as it was.
import type { ExpiringToken } from "../types.ts";
import type { CredentialsToken } from "./types.ts";

/** How long a token the issuer gave no expiry for is assumed to live. */
const ASSUMED_LIFETIME_MS = 3_600_000;

/** A token cache with single-flight refresh. */
export class _TokenCache {
  #mint: () => Promise<ExpiringToken>;
  #now: () => number;
  #eagerMs: number;
  #current: CredentialsToken | undefined;
  #pending: Promise<CredentialsToken> | undefined;

  constructor(mint: () => Promise<ExpiringToken>, now: () => number, eagerMs: number) {
    this.#mint = mint;
    this.#now = now;
    this.#eagerMs = eagerMs;
  }

  /** The cached token while fresh, else the refresh in flight, else a new refresh. */
  get(): Promise<CredentialsToken> {
    const current = this.#current;
    if (current !== undefined && this.#now() < current.expiresAt.getTime() - this.#eagerMs) {
      return Promise.resolve(current);
    }
    this.#pending ??= this.#refresh();
    return this.#pending;
  }

  /** Forgets the cached token `token` (a server refused it), unless a newer one replaced it. */
  invalidate(token: string): void {
    if (this.#current?.token === token) this.#current = undefined;
  }

  async #refresh(): Promise<CredentialsToken> {
    const startedAt = this.#now();
    try {
      const minted = await this.#mint();
      const token = {
        token: minted.token,
        expiresAt: minted.expiresAt ?? new Date(startedAt + ASSUMED_LIFETIME_MS),
      };
      this.#current = token;
      return token;
    } finally {
      this.#pending = undefined;
    }
  }
}
