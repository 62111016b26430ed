// `impersonated_service_account` files (gcloud's `--impersonate-service-account` ADC): the source
// credentials' cloud-platform token impersonates the target, through `delegates` when given.
import { CLOUD_PLATFORM_SCOPE } from "../iam_credentials.ts";
import { _quote } from "../_quote.ts";
import { _field } from "../_response.ts";
import { _authorizedUserSource } from "./_authorized_user.ts";
import { _externalAccountSource } from "./_external_account.ts";
import { _fieldError, type _Fields, _requiredObject, _requiredString } from "./_fields.ts";
import { _impersonation } from "./_impersonation.ts";
import { _serviceAccountSource } from "./_service_account.ts";
import type { _FetchContext, _TokenSource } from "./_source.ts";

const SOURCES: Readonly<Record<string, (fields: _Fields) => _TokenSource>> = {
  authorized_user: _authorizedUserSource,
  service_account: _serviceAccountSource,
  external_account: _externalAccountSource,
};

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

/** Validates an `impersonated_service_account` file and returns its source. */
export function _impersonatedServiceAccountSource(fields: _Fields): _TokenSource {
  const sourceFields = _requiredObject(fields, "source_credentials");
  const sourceType = _requiredString(sourceFields, "type");
  const parseSource = _field(SOURCES, sourceType) as typeof SOURCES[string] | undefined;
  if (parseSource === undefined) {
    throw _fieldError(
      sourceFields,
      `"type" is ${_quote(sourceType)}; source credentials must be ${
        Object.keys(SOURCES).join(", ")
      }`,
      "ERR_CREDENTIALS_UNSUPPORTED",
    );
  }
  const source = parseSource(sourceFields);
  const impersonation = _impersonation(fields, _delegates(fields));
  const sourceToken = async (context: _FetchContext) =>
    (await source.accessToken({ ...context, scopes: [CLOUD_PLATFORM_SCOPE] })).token;
  return {
    serviceAccountEmail: impersonation.serviceAccount,
    projectId: impersonation.projectId,
    accessToken: async (context) =>
      await impersonation.accessToken(await sourceToken(context), context),
    idToken: async (audience, includeEmail, context) =>
      await impersonation.idToken(await sourceToken(context), audience, includeEmail, context),
  };
}
