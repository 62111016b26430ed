// `impersonated_service_account` files (gcloud's `--impersonate-service-account` ADC): the source
// credentials' cloud-platform token impersonates the target, through `delegates` when given.
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
  const sourceToken = async (context: FetchContext) =>
    (await source.accessToken({ ...context, scopes: [CLOUD_PLATFORM_SCOPE] })).token;
  return {
    ...impersonation.identity,
    accessToken: async (context) =>
      await impersonation.accessToken(await sourceToken(context), context),
    idToken: async (audience, includeEmail, context) =>
      await impersonation.idToken(await sourceToken(context), audience, includeEmail, context),
    sign: async (data, context) =>
      await impersonation.signBlob(await sourceToken(context), data, context),
  };
}
