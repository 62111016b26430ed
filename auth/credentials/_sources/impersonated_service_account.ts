// `impersonated_service_account` files (gcloud's `--impersonate-service-account` ADC): the source
// credentials' cloud-platform token impersonates the target, through `delegates` when given.
import { CLOUD_PLATFORM_SCOPE } from "../../flows/iam_credentials.ts";
import { _field } from "../../_util/json.ts";
import { _fieldError, type _Fields, type _ParserOf, _requiredObject } from "./fields.ts";
import { _impersonation } from "./impersonation.ts";
import type { _FetchContext, _TokenSource } from "./source.ts";

/** The types a file's `source_credentials` may have. */
const SOURCE_TYPES = ["authorized_user", "service_account", "external_account"];

function _delegates(fields: _Fields): string[] {
  const value = _field(fields.record, "delegates");
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw _fieldError(
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
export function _impersonatedServiceAccountSource(
  fields: _Fields,
  parserOf: _ParserOf,
): _TokenSource {
  const sourceFields = _requiredObject(fields, "source_credentials");
  const [, parseSource] = parserOf(sourceFields, SOURCE_TYPES);
  const source = parseSource(sourceFields);
  const impersonation = _impersonation(fields, _delegates(fields));
  const sourceToken = async (context: _FetchContext) =>
    (await source.accessToken({ ...context, scopes: [CLOUD_PLATFORM_SCOPE] })).token;
  return {
    ...impersonation.identity,
    accessToken: async (context) =>
      await impersonation.accessToken(await sourceToken(context), context),
    idToken: async (audience, includeEmail, context) =>
      await impersonation.idToken(await sourceToken(context), audience, includeEmail, context),
  };
}
