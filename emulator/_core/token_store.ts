// The access tokens an emulator issued, until they expire: an expired token is forgotten when it
// is looked up, and the whole store is swept of expired tokens at most once a minute of the
// emulator's clock, when a token is issued, so memory follows the tokens alive, not all ever made.
import type { TokenInfo } from "../types.ts";

const SWEEP_EVERY_MS = 60_000;

/** Issued access tokens by value. */
export class TokenStore {
  readonly #tokens = new Map<string, TokenInfo>();
  readonly #now: () => number;
  #nextSweep: number;

  constructor(now: () => number) {
    this.#now = now;
    this.#nextSweep = now() + SWEEP_EVERY_MS;
  }

  /** How many tokens the store holds (expired ones not yet swept included). */
  get size(): number {
    return this.#tokens.size;
  }

  /** Remembers `token` as standing for `info`. */
  add(token: string, info: TokenInfo): void {
    const now = this.#now();
    if (now >= this.#nextSweep) {
      this.#nextSweep = now + SWEEP_EVERY_MS;
      for (const [value, { expiresAt }] of this.#tokens) {
        if (expiresAt.getTime() <= now) this.#tokens.delete(value);
      }
    }
    this.#tokens.set(token, info);
  }

  /** What a live token stands for; `undefined` for an unknown or expired one. */
  get(token: string): TokenInfo | undefined {
    const info = this.#tokens.get(token);
    if (info === undefined || info.expiresAt.getTime() > this.#now()) return info;
    this.#tokens.delete(token);
    return undefined;
  }
}
