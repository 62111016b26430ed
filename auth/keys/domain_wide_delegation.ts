/**
 * Domain-wide delegation: the claims of the JWT a service account signs to act as a Google
 * Workspace user.
 *
 * @module
 */

import type { JWTPayload } from "./jwt.ts";
import { ownCopy } from "../_util/own.ts";
import { invalidOption, type OptionNameSet, refuseUnknownOptions } from "../_util/options.ts";

/** Google never issues a delegated access token that lives longer than this. */
export const MAX_DELEGATED_LIFETIME_SECONDS = 3600;

/** Options of {@linkcode buildDomainWideDelegationClaims}. */
export interface DomainWideDelegationClaimsOptions {
  /** The service account email (`iss`). */
  serviceAccount: string;
  /** The Workspace user to act as (`sub`). */
  subject: string;
  /** OAuth scopes, joined by spaces into `scope`. */
  scopes: readonly string[];
  /** The token endpoint the assertion is for (`aud`), such as `https://oauth2.googleapis.com/token`. */
  audience: string;
  /** Lifetime in seconds; default and maximum 3600. */
  lifetimeSeconds?: number;
  /** The clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** Every name of {@linkcode DomainWideDelegationClaimsOptions}, for refusing a misspelt one. */
const DWD_OPTION_NAMES: OptionNameSet<DomainWideDelegationClaimsOptions> = {
  serviceAccount: "string",
  subject: "string",
  scopes: "array",
  audience: "string",
  lifetimeSeconds: "number",
  now: "function",
};

/**
 * Builds the claims object (`iss`, `sub`, `aud`, `scope`, `iat`, `exp`) of a domain-wide
 * delegation assertion, to be signed once (locally or with `signJwt()`).
 *
 * @param options Who, for whom, which scopes, for how long.
 * @returns The claims.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` when the lifetime is not an integer from 1 to
 * 3600 seconds.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDomainWideDelegationClaims } from "./mod.ts";
 *
 * const claims = buildDomainWideDelegationClaims({
 *   serviceAccount: "ci@p.iam.gserviceaccount.com",
 *   subject: "admin@example.com",
 *   scopes: ["https://www.googleapis.com/auth/admin.directory.user.readonly"],
 *   audience: "https://oauth2.googleapis.com/token",
 *   now: () => 1_000_000,
 * });
 * assert.deepEqual(claims, {
 *   iss: "ci@p.iam.gserviceaccount.com",
 *   sub: "admin@example.com",
 *   aud: "https://oauth2.googleapis.com/token",
 *   scope: "https://www.googleapis.com/auth/admin.directory.user.readonly",
 *   iat: 1000,
 *   exp: 4600,
 * });
 * ```
 */
export function buildDomainWideDelegationClaims(
  options: DomainWideDelegationClaimsOptions,
): JWTPayload {
  refuseUnknownOptions(options, DWD_OPTION_NAMES, "buildDomainWideDelegationClaims()");
  options = ownCopy(options);
  const lifetime = options.lifetimeSeconds ?? MAX_DELEGATED_LIFETIME_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > MAX_DELEGATED_LIFETIME_SECONDS) {
    throw invalidOption(
      "lifetimeSeconds",
      `Cannot build domain-wide delegation claims: lifetime must be 1 to ${MAX_DELEGATED_LIFETIME_SECONDS} seconds, got ${lifetime}`,
    );
  }
  const { serviceAccount, subject, scopes, audience, now } = options;
  // Without `sub` the assertion would be the service account's own grant, not the user's.
  for (const [name, value] of Object.entries({ serviceAccount, subject, audience })) {
    if (typeof value !== "string" || value.trim() === "") {
      throw invalidOption(
        name,
        `Cannot build domain-wide delegation claims: ${name} must be a non-empty string`,
      );
    }
  }
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((scope) => scope !== "")) {
    throw invalidOption(
      "scopes",
      "Cannot build domain-wide delegation claims: scopes must list at least one scope",
    );
  }
  return delegationClaims({
    serviceAccount,
    subject,
    scopes,
    audience,
    lifetimeSeconds: lifetime,
    now,
  });
}

/**
 * {@linkcode buildDomainWideDelegationClaims} of options already read and checked: the lifetime
 * given, from 1 to {@linkcode MAX_DELEGATED_LIFETIME_SECONDS}.
 */
export function delegationClaims(
  options: DomainWideDelegationClaimsOptions & { lifetimeSeconds: number },
): JWTPayload {
  const iat = Math.floor((options.now ?? Date.now)() / 1000);
  return {
    iss: options.serviceAccount,
    sub: options.subject,
    aud: options.audience,
    scope: options.scopes.join(" "),
    iat,
    exp: iat + options.lifetimeSeconds,
  };
}
