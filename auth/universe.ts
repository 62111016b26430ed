/**
 * Google endpoint base URLs for a universe, with per-service overrides for emulators and private
 * endpoints.
 *
 * @module
 */

import { CredentialsError } from "./errors.ts";
import { ENDPOINT_OVERRIDE_HINT, UNIVERSE_HINT } from "./_hints.ts";
import { ownCopy } from "./_util/own.ts";
import { quote } from "./_util/quote.ts";
import { type OptionNameSet, refuseUnknownOptions } from "./_util/options.ts";

/** The Google services the flows call (`iam` only names the STS audience, `www` the STS scope). */
export type GoogleService = "iam" | "iamcredentials" | "oauth2" | "sts" | "www";

/** Base URLs (no trailing slash) of every {@linkcode GoogleService}. */
export type GoogleEndpoints = Record<GoogleService, string>;

/** The default universe. */
export const DEFAULT_UNIVERSE = "googleapis.com";

/** Options of {@linkcode resolveEndpoints}. */
export interface ResolveEndpointsOptions {
  /** The universe domain; default `googleapis.com`. */
  universe?: string;
  /** Whole base URLs that replace the universe's, such as an emulator's `http://127.0.0.1:8080/sts`. */
  endpoints?: Partial<Record<GoogleService, string>>;
}

/** Every name of {@linkcode ResolveEndpointsOptions}, for refusing a misspelt one. */
const RESOLVE_ENDPOINTS_OPTION_NAMES: OptionNameSet<ResolveEndpointsOptions> = {
  universe: "string",
  endpoints: "object",
};

// Pure: a bundle that never resolves endpoints (such as one of loadCredentials) drops the table.
const TEMPLATES: Readonly<Record<GoogleService, (universe: string) => string>> =
  /* @__PURE__ */ Object.freeze({
    iam: (universe: string) => `https://iam.${universe}/v1`,
    iamcredentials: (universe: string) => `https://iamcredentials.${universe}/v1`,
    oauth2: (universe: string) => `https://oauth2.${universe}`,
    sts: (universe: string) => `https://sts.${universe}/v1`,
    www: (universe: string) => `https://www.${universe}`,
  });

const UNIVERSE =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function baseUrl(service: GoogleService, value: string): string {
  const url = parseUrl(value);
  if (
    url === null || (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== ""
  ) {
    throw new CredentialsError(
      "ERR_OPTIONS_INVALID",
      `Cannot use endpoint override "${service}": ${
        quote(value)
      } is not an http(s) base URL without query, fragment or credentials`,
      { option: "endpoints", hint: ENDPOINT_OVERRIDE_HINT },
    );
  }
  return url.href.replace(/\/+$/, "");
}

/**
 * Returns the base URL of every Google service for `universe`, with `endpoints` overrides applied
 * (trailing slashes removed).
 *
 * @param options The universe and the overrides.
 * @returns One base URL per service.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` when the universe is not a domain name or an
 * override is not an http(s) base URL.
 *
 * @example Default universe with an STS override
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveEndpoints } from "./flows/mod.ts";
 *
 * const endpoints = resolveEndpoints({ endpoints: { sts: "http://127.0.0.1:8080/sts/" } });
 * assert.equal(endpoints.sts, "http://127.0.0.1:8080/sts");
 * assert.equal(endpoints.iamcredentials, "https://iamcredentials.googleapis.com/v1");
 * assert.equal(resolveEndpoints({ universe: "example.com" }).www, "https://www.example.com");
 * ```
 */
export function resolveEndpoints(options: ResolveEndpointsOptions = {}): GoogleEndpoints {
  refuseUnknownOptions(options, RESOLVE_ENDPOINTS_OPTION_NAMES, "resolveEndpoints()");
  options = ownCopy(options);
  return endpointsOf(options.universe, options.endpoints);
}

/**
 * A universe domain as it is compared and put into URLs: trimmed and lowercased (DNS names ignore
 * case), or `undefined` when it is no domain name.
 */
export function universeDomainOf(value: string): string | undefined {
  const universe = value.trim().toLowerCase();
  return UNIVERSE.test(universe) ? universe : undefined;
}

/**
 * {@linkcode resolveEndpoints} of options already read (own properties only): what
 * `authenticate()` and the metadata server's signer use.
 */
export function endpointsOf(
  universeOption: string | undefined,
  overrides: Partial<Record<GoogleService, string>> = {},
): GoogleEndpoints {
  const given = universeOption?.trim().toLowerCase() ?? "";
  const universe = given === "" ? DEFAULT_UNIVERSE : universeDomainOf(given);
  if (universe === undefined) {
    throw new CredentialsError(
      "ERR_OPTIONS_INVALID",
      `Cannot use universe ${quote(given)}: expected a domain name such as "googleapis.com"`,
      { option: "universe", hint: UNIVERSE_HINT },
    );
  }
  const result = {} as GoogleEndpoints;
  for (const service of Object.keys(TEMPLATES) as GoogleService[]) {
    // Own properties only: the default `{}` must not read a polluted Object.prototype.
    const override = Object.hasOwn(overrides, service) ? overrides[service] : undefined;
    result[service] = override === undefined || override.trim() === ""
      ? TEMPLATES[service](universe)
      : baseUrl(service, override.trim());
  }
  return result;
}
