/**
 * Workload Identity Federation provider names: parsing, validation, and the audiences derived
 * from them.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { quote } from "../_util/quote.ts";

/** A parsed workload identity provider resource name. */
export interface WorkloadIdentityProvider {
  /** The project number (digits; a project id is not accepted by STS). */
  projectNumber: string;
  /** The workload identity pool id. */
  pool: string;
  /** The provider id. */
  provider: string;
  /** The canonical resource name `projects/<n>/locations/global/workloadIdentityPools/<pool>/providers/<p>`. */
  name: string;
}

const PROVIDER =
  /^projects\/(\d{1,30})\/locations\/global\/workloadIdentityPools\/([a-z0-9-]{4,32})\/providers\/([a-z0-9-]{4,32})$/;
const MAX_INPUT = 1_000;

function problemOf(name: string): string {
  if (name === "") return "it is empty";
  if (name.length > MAX_INPUT) return `it is ${name.length} characters long`;
  if (name.startsWith("//") || /^https?:/.test(name)) {
    return "it is an audience or URL; drop everything before projects/";
  }
  const parts = name.split("/");
  if (parts[0] !== "projects" || parts.length < 2) return 'it does not start with "projects/"';
  if (!/^\d+$/.test(parts[1] ?? "")) {
    return `${quote(parts[1] ?? "")} is a project id; use the project number`;
  }
  if (parts[2] !== "locations" || parts[3] !== "global") {
    return 'the location must be "locations/global"';
  }
  if (parts[4] !== "workloadIdentityPools" || parts.length < 6) {
    return 'it does not name a pool ("workloadIdentityPools/<pool>")';
  }
  if (parts.length === 6) return "it names a pool, not a provider; append /providers/<provider>";
  if (parts[6] !== "providers" || parts.length !== 8) {
    return 'it does not end with "providers/<provider>"';
  }
  const ids = `${parts[5]}/${parts[7]}`;
  if (ids !== ids.toLowerCase()) return "pool and provider ids are lowercase";
  return "pool and provider ids are 4 to 32 characters of a-z, 0-9 and -";
}

/**
 * Parses and validates a workload identity provider resource name (surrounding whitespace is
 * ignored) and says precisely what is wrong with a bad one.
 *
 * @param name `projects/<project number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>`.
 * @returns Its parts and the canonical name.
 * @throws {CredentialsError} `ERR_PROVIDER_INVALID` naming the problem (project id instead of
 * number, pool without provider, an audience URL, uppercase, ...).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWorkloadIdentityProvider } from "./mod.ts";
 *
 * const provider = parseWorkloadIdentityProvider(
 *   "projects/123456789/locations/global/workloadIdentityPools/github/providers/my-repo",
 * );
 * assert.equal(provider.projectNumber, "123456789");
 * assert.equal(provider.pool, "github");
 * assert.equal(provider.provider, "my-repo");
 * ```
 */
export function parseWorkloadIdentityProvider(name: string): WorkloadIdentityProvider {
  if (typeof name !== "string") {
    throw new CredentialsError(
      "ERR_PROVIDER_INVALID",
      `Cannot parse workload identity provider: expected a string, got ${typeof name}`,
      { option: "workloadIdentityProvider" },
    );
  }
  const trimmed = name.length > MAX_INPUT ? name : name.trim();
  const match = trimmed.length > MAX_INPUT ? null : PROVIDER.exec(trimmed);
  if (match === null) {
    throw new CredentialsError(
      "ERR_PROVIDER_INVALID",
      `Cannot use workload identity provider ${quote(trimmed)}: ${problemOf(trimmed)}`,
      { option: "workloadIdentityProvider" },
    );
  }
  const [, projectNumber = "", pool = "", provider = ""] = match;
  return { projectNumber, pool, provider, name: trimmed };
}

/**
 * The STS audience of a provider: `//` + the host of the IAM endpoint + `/` + the provider name.
 *
 * @param provider The parsed provider.
 * @param iamEndpoint The IAM base URL (see `resolveEndpoints()`), such as `https://iam.googleapis.com/v1`.
 * @returns The audience STS expects, such as `//iam.googleapis.com/projects/1/...`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWorkloadIdentityProvider, stsAudience } from "./mod.ts";
 *
 * const provider = parseWorkloadIdentityProvider(
 *   "projects/1/locations/global/workloadIdentityPools/pool/providers/prov",
 * );
 * assert.equal(
 *   stsAudience(provider, "https://iam.googleapis.com/v1"),
 *   "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/pool/providers/prov",
 * );
 * ```
 */
export function stsAudience(provider: WorkloadIdentityProvider, iamEndpoint: string): string {
  return `//${new URL(iamEndpoint).host}/${provider.name}`;
}

/**
 * The default GitHub OIDC audience for a provider: `https://iam.<universe>/<provider name>`, the
 * audience a provider accepts when it has no allowed audiences configured.
 *
 * @param provider The parsed provider.
 * @param universe The universe domain, such as `googleapis.com`.
 * @returns The audience to request the GitHub OIDC token for.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultOidcAudience, parseWorkloadIdentityProvider } from "./mod.ts";
 *
 * const provider = parseWorkloadIdentityProvider(
 *   "projects/1/locations/global/workloadIdentityPools/pool/providers/prov",
 * );
 * assert.equal(
 *   defaultOidcAudience(provider, "example.com"),
 *   "https://iam.example.com/projects/1/locations/global/workloadIdentityPools/pool/providers/prov",
 * );
 * ```
 */
export function defaultOidcAudience(provider: WorkloadIdentityProvider, universe: string): string {
  return `https://iam.${universe}/${provider.name}`;
}
