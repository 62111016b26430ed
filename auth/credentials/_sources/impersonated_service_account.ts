// `impersonated_service_account` files (gcloud's `--impersonate-service-account` ADC): the source
// credentials' cloud-platform token impersonates the target, through `delegates` when given, for
// the caller's scopes, else the file's `scopes`.
import { CLOUD_PLATFORM_SCOPE } from "../../flows/iam_credentials.ts";
import { fieldOf } from "../../_util/json.ts";
import { fieldError, type Fields, type ParserOf, requiredObject } from "./fields.ts";
import { parseImpersonation } from "./impersonation.ts";
import type { FetchContext, TokenSource } from "./source.ts";
import type { ExternalAccountSettings } from "../_settings.ts";

/** The types a file's `source_credentials` may have. */
const SOURCE_TYPES = ["authorized_user", "service_account", "external_account"];

function delegatesOf(fields: Fields): string[] {
  const value = fieldOf(fields.record, "delegates");
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw fieldError(
      fields,
      `"delegates" is not a list of strings`,
    );
  }
  return value;
}

/**
 * The file's `scopes` (a list, or one scope as a string, as google-auth-library takes it): the
 * target's scopes when the caller gives none, as google-auth-library and Python google-auth do.
 */
function scopesOf(fields: Fields): string[] | undefined {
  const value = fieldOf(fields.record, "scopes");
  if (value === undefined || value === null) return undefined;
  const scopes = typeof value === "string" ? [value] : value;
  if (
    !Array.isArray(scopes) ||
    !scopes.every((scope) => typeof scope === "string" && /^[\x21-\x7e]{1,2048}$/.test(scope))
  ) {
    throw fieldError(fields, `"scopes" is not a list of scopes (strings without spaces)`);
  }
  return scopes.length === 0 ? undefined : scopes;
}

/**
 * Validates an `impersonated_service_account` file and returns its source; `parserOf` parses its
 * `source_credentials` (passed in: the parsers of every type live in credentials_from_json.ts).
 */
export function impersonatedServiceAccountSource(
  fields: Fields,
  settings: ExternalAccountSettings,
  parserOf: ParserOf,
): TokenSource {
  const sourceFields = requiredObject(fields, "source_credentials");
  const [, parseSource] = parserOf(sourceFields, SOURCE_TYPES);
  // The supplier options stand for the top level's credential_source only.
  const suppliers = { subjectTokenSupplier: undefined, awsSecurityCredentialsSupplier: undefined };
  const source = parseSource(sourceFields, { ...settings, suppliers });
  const impersonation = parseImpersonation(fields, delegatesOf(fields));
  const defaultScopes = scopesOf(fields);
  const sourceToken = async (context: FetchContext) =>
    (await source.accessToken({ ...context, scopes: [CLOUD_PLATFORM_SCOPE] })).token;
  return {
    ...impersonation.identity,
    ...(defaultScopes === undefined ? {} : { defaultScopes }),
    accessToken: async (context) =>
      await impersonation.accessToken(await sourceToken(context), context),
    idToken: async (audience, includeEmail, context) =>
      await impersonation.idToken(await sourceToken(context), audience, includeEmail, context),
    sign: async (data, context) =>
      await impersonation.signBlob(await sourceToken(context), data, context),
  };
}
