/**
 * `downscopedCredentials()`: tokens narrowed by a Credential Access Boundary, as
 * google-auth-library's `DownscopedClient` and Python google-auth's `downscoped.Credentials` make
 * them.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import {
  ACCESS_BOUNDARY_HINT,
  CREDENTIALS_UNSUPPORTED_HINT,
  STS_EXCHANGE_HINT,
} from "../_hints.ts";
import { requestOAuth2Token } from "../flows/oauth2_token.ts";
import { ownCopy } from "../_util/own.ts";
import {
  CALL_OPTION_NAMES,
  invalidOption,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";
import { isRecord } from "../_util/json.ts";
import { quote } from "../_util/quote.ts";
import { DEFAULT_UNIVERSE, endpointsOf } from "../universe.ts";
import { CachedCredentials } from "./_cache/cached_credentials.ts";
import { credentialsSettings } from "./_settings.ts";
import type { Source } from "./_sources/source.ts";
import type { CommonCredentialsOptions, Credentials, CredentialsToken } from "./types.ts";

/**
 * One rule of a Credential Access Boundary: the resource (a Cloud Storage bucket), the roles that
 * may be used on it, and an optional condition.
 *
 * @example Objects of one bucket under a prefix, read-only
 * ```ts
 * import type { AccessBoundaryRule } from "../mod.ts";
 *
 * const rule: AccessBoundaryRule = {
 *   availableResource: "//storage.googleapis.com/projects/_/buckets/bucket-123",
 *   availablePermissions: ["inRole:roles/storage.objectViewer"],
 *   availabilityCondition: {
 *     expression: "resource.name.startsWith('projects/_/buckets/bucket-123/objects/customer-a')",
 *   },
 * };
 * void rule;
 * ```
 */
export interface AccessBoundaryRule {
  /** Such as `//storage.googleapis.com/projects/_/buckets/<bucket>`. */
  availableResource: string;
  /** Roles as `inRole:roles/<role>`, at least one. */
  availablePermissions: readonly string[];
  /** A CEL condition the resource must meet, with an optional title and description. */
  availabilityCondition?: { expression: string; title?: string; description?: string };
}

/**
 * A Credential Access Boundary, in the shape STS and google-auth-library take it.
 *
 * @example One rule
 * ```ts
 * import type { CredentialAccessBoundary } from "../mod.ts";
 *
 * const boundary: CredentialAccessBoundary = {
 *   accessBoundary: {
 *     accessBoundaryRules: [{
 *       availableResource: "//storage.googleapis.com/projects/_/buckets/bucket-123",
 *       availablePermissions: ["inRole:roles/storage.objectViewer"],
 *     }],
 *   },
 * };
 * void boundary;
 * ```
 */
export interface CredentialAccessBoundary {
  /** The rules, 1 to 10. */
  accessBoundary: { accessBoundaryRules: readonly AccessBoundaryRule[] };
}

/**
 * Options of {@linkcode downscopedCredentials}: the call options of credentials (`fetch`, `now`,
 * `eagerRefreshSeconds`, `signal`, `retry`, `timeoutMs`, `log`) and the STS token URL.
 *
 * @example An STS at another URL (an emulator)
 * ```ts
 * import type { DownscopedCredentialsOptions } from "../mod.ts";
 *
 * const options: DownscopedCredentialsOptions = { tokenUrl: "http://127.0.0.1:8080/sts/v1/token" };
 * void options;
 * ```
 */
export interface DownscopedCredentialsOptions extends Omit<CommonCredentialsOptions, "scopes"> {
  /**
   * STS's token URL; default `https://sts.<the source's universe>/v1/token`, the universe read
   * with the source's `getUniverseDomain()` when minting (the metadata server's is asked then).
   */
  tokenUrl?: string;
}

const DOWNSCOPED_OPTION_NAMES: OptionNameSet<DownscopedCredentialsOptions> =
  /* @__PURE__ */ optionNames<DownscopedCredentialsOptions>(
    CALL_OPTION_NAMES,
    {
      eagerRefreshSeconds: "number",
      tokenUrl: "string",
    },
  );

/** The most rules a boundary may have, as Google's STS and its libraries allow. */
const MAX_RULES = 10;
const ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";

function invalid(problem: string): CredentialsError {
  return new CredentialsError(
    "ERR_ACCESS_BOUNDARY_INVALID",
    `Cannot use the credential access boundary: ${problem}`,
    { option: "credentialAccessBoundary", hint: ACCESS_BOUNDARY_HINT },
  );
}

/**
 * Refuses a field of `value` (a boundary, a rule, a condition at `at`) that `fields` does not list:
 * a misspelt `availabilityConditions` would drop the condition, and the token reach more.
 */
function refuseUnknownFields(
  value: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  at: string,
): void {
  const name = Object.keys(value).find((name) => !fields.includes(name));
  if (name !== undefined) {
    throw invalid(`${at} has ${quote(name)}, which is none of ${fields.join(", ")}`);
  }
}

function optionalText(value: unknown, at: string): void {
  if (value !== undefined && value !== null && typeof value !== "string") {
    throw invalid(`${at} is not a string`);
  }
}

/** Checks one rule as google-auth-library and Python google-auth do, naming the field. */
function checkRule(rule: unknown, index: number): void {
  const at = `accessBoundaryRules[${index}]`;
  if (!isRecord(rule)) throw invalid(`${at} is not an object`);
  refuseUnknownFields(
    rule,
    ["availableResource", "availablePermissions", "availabilityCondition"],
    at,
  );
  const { availableResource, availablePermissions, availabilityCondition } = rule;
  if (typeof availableResource !== "string" || availableResource.trim() === "") {
    throw invalid(`${at}.availableResource is missing or not a string`);
  }
  if (!Array.isArray(availablePermissions) || availablePermissions.length === 0) {
    throw invalid(`${at}.availablePermissions must list at least one permission`);
  }
  for (const [i, permission] of availablePermissions.entries()) {
    if (typeof permission !== "string" || !permission.startsWith("inRole:")) {
      throw invalid(
        `${at}.availablePermissions[${i}] is ${
          typeof permission === "string" ? quote(permission) : typeof permission
        }: permissions are roles written inRole:roles/<role>`,
      );
    }
  }
  if (availabilityCondition === undefined) return;
  // null is not "no condition": a caller who wrote the field meant one.
  if (!isRecord(availabilityCondition)) {
    throw invalid(`${at}.availabilityCondition is not an object`);
  }
  refuseUnknownFields(
    availabilityCondition,
    ["expression", "title", "description"],
    `${at}.availabilityCondition`,
  );
  const { expression, title, description } = availabilityCondition;
  if (typeof expression !== "string" || expression.trim() === "") {
    throw invalid(`${at}.availabilityCondition.expression is missing or not a string`);
  }
  optionalText(title, `${at}.availabilityCondition.title`);
  optionalText(description, `${at}.availabilityCondition.description`);
}

/** Checks a boundary and returns it as STS's `options` JSON. */
function boundaryJson(boundary: unknown): string {
  const shape = "expected { accessBoundary: { accessBoundaryRules: [...] } }";
  if (!isRecord(boundary)) throw invalid(shape);
  const accessBoundary = boundary.accessBoundary;
  if (!isRecord(accessBoundary)) throw invalid(shape);
  refuseUnknownFields(boundary, ["accessBoundary"], "the boundary");
  refuseUnknownFields(accessBoundary, ["accessBoundaryRules"], "accessBoundary");
  const rules = accessBoundary.accessBoundaryRules;
  if (!Array.isArray(rules)) throw invalid(shape);
  if (rules.length === 0) throw invalid("accessBoundaryRules is empty; give at least one rule");
  if (rules.length > MAX_RULES) {
    throw invalid(`accessBoundaryRules has ${rules.length} rules, more than ${MAX_RULES}`);
  }
  rules.forEach(checkRule);
  return JSON.stringify(boundary);
}

/** `url` without its query and fragment, for messages: a query may carry a token. */
function withoutQuery(url: string): string {
  const parsed = URL.parse(url);
  return parsed === null ? "the token URL" : `${parsed.origin}${parsed.pathname}`;
}

/**
 * Credentials whose access tokens are `source`'s narrowed by a Credential Access Boundary: each
 * refresh takes `source`'s current access token (which refreshes itself) and exchanges it at STS
 * (`grant_type=token-exchange`, `subject_token_type=access_token`, the boundary as `options`),
 * as google-auth-library's `DownscopedClient` does. A downscoped token expires with its source
 * token when STS gives no `expires_in` (as it does for Google-issued tokens). The boundary is
 * checked here, before any call; only Cloud Storage takes such tokens today. They give no ID
 * tokens (`ERR_CREDENTIALS_UNSUPPORTED`) and sign nothing (`ERR_SIGN_NO_SERVICE_ACCOUNT`).
 *
 * @param source Credentials that give access tokens (from `loadCredentials()`,
 * `credentialsFromJson()`, or any object with their `getAccessToken()`).
 * @param credentialAccessBoundary 1 to 10 rules, each a resource, roles and an optional condition.
 * @param options Call options and STS's `tokenUrl`.
 * @returns Credentials of type `downscoped` with `source`'s project, quota project and universe.
 * @throws {CredentialsError} `ERR_ACCESS_BOUNDARY_INVALID` naming the rule and field: no rule,
 * more than 10, a rule with no permission or one not written `inRole:...`, a resource, condition,
 * title or description that is not a string.
 *
 * @example With a fake STS
 * ```ts
 * import assert from "node:assert/strict";
 * import { downscopedCredentials } from "../mod.ts";
 *
 * const source = {
 *   getAccessToken: async () => ({ token: "ya29.source", expiresAt: new Date(3_600_000) }),
 * };
 * const credentials = downscopedCredentials(source, {
 *   accessBoundary: {
 *     accessBoundaryRules: [{
 *       availableResource: "//storage.googleapis.com/projects/_/buckets/bucket-123",
 *       availablePermissions: ["inRole:roles/storage.objectViewer"],
 *     }],
 *   },
 * }, {
 *   now: () => 0,
 *   fetch: async (url, init) => {
 *     assert.equal(String(url), "https://sts.googleapis.com/v1/token");
 *     const form = new URLSearchParams(String(init?.body));
 *     assert.equal(form.get("subject_token"), "ya29.source");
 *     assert.match(form.get("options") ?? "", /bucket-123/);
 *     return Response.json({ access_token: "ya29.narrow", token_type: "Bearer" });
 *   },
 * });
 * const token = await credentials.getAccessToken();
 * assert.deepEqual([token.token, token.expiresAt.getTime()], ["ya29.narrow", 3_600_000]);
 * ```
 */
export function downscopedCredentials(
  source: Pick<Credentials, "getAccessToken"> & Partial<Credentials>,
  credentialAccessBoundary: CredentialAccessBoundary,
  options: DownscopedCredentialsOptions = {},
): Credentials {
  refuseUnknownOptions(options, DOWNSCOPED_OPTION_NAMES, "downscopedCredentials()");
  const { tokenUrl: givenTokenUrl, ...rest } = ownCopy(options);
  if (typeof source?.getAccessToken !== "function") {
    throw invalidOption(
      "source",
      "Cannot make downscoped credentials: the source must have getAccessToken(), as credentials from loadCredentials() or credentialsFromJson() do",
    );
  }
  const boundary = boundaryJson(credentialAccessBoundary);
  // The source's universe as it reads it (the metadata server's is not known until asked).
  const readUniverseDomain = async () =>
    await source.getUniverseDomain?.() ?? source.universeDomain ?? DEFAULT_UNIVERSE;
  const downscoped: Source = {
    type: "downscoped",
    universeDomain: source.universeDomain ?? DEFAULT_UNIVERSE,
    readUniverseDomain,
    projectId: source.projectId,
    quotaProjectId: source.quotaProjectId,
    async accessToken(context) {
      const [subject, tokenUrl]: [CredentialsToken, string] = await Promise.all([
        source.getAccessToken(),
        givenTokenUrl ??
          // Through endpointsOf: the universe a metadata server names is checked as a domain.
          readUniverseDomain().then((universe) => `${endpointsOf(universe).sts}/token`),
      ]);
      const token = await requestOAuth2Token({
        tokenUrl,
        form: {
          grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
          requested_token_type: ACCESS_TOKEN,
          subject_token: subject.token,
          subject_token_type: ACCESS_TOKEN,
          options: boundary,
        },
        field: "access_token",
        code: "ERR_STS_EXCHANGE_FAILED",
        defaultHint: STS_EXCHANGE_HINT,
        message: `Failed to get a downscoped access token from ${withoutQuery(tokenUrl)}`,
        secrets: [subject.token],
      }, context.call);
      return token.expiresAt !== undefined || !(subject.expiresAt instanceof Date)
        ? token
        : { token: token.token, expiresAt: subject.expiresAt };
    },
    idToken() {
      return Promise.reject(
        new CredentialsError(
          "ERR_CREDENTIALS_UNSUPPORTED",
          "Cannot get an ID token: downscoped credentials give access tokens only",
          { hint: CREDENTIALS_UNSUPPORTED_HINT },
        ),
      );
    },
  };
  return new CachedCredentials(downscoped, credentialsSettings(rest));
}
