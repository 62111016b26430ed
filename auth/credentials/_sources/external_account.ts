// `external_account` files (workload and workforce identity federation, and the file the
// workflow step writes): a subject token exchanged at STS, then optionally impersonation.
import {
  CLOUD_PLATFORM_SCOPE,
  MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
} from "../../flows/iam_credentials.ts";
import { exchangeToken } from "../../flows/sts.ts";
import type { ExpiringToken } from "../../types.ts";
import {
  _fieldError,
  type _Fields,
  _optionalObject,
  _optionalString,
  _requiredString,
  _universeOf,
  _unsupported,
  _url,
} from "./fields.ts";
import { _impersonation, _IMPERSONATION_URL } from "./impersonation.ts";
import type { _FetchContext, _TokenSource } from "./source.ts";
import { _subjectTokenSource } from "./subject_token.ts";

const WORKFORCE_AUDIENCE = /^\/\/iam\.[^/]+\/locations\/[^/]+\/workforcePools\/[^/]+\/providers\//;
const MIN_LIFETIME_SECONDS = 600;

function _lifetime(fields: _Fields): number | undefined {
  const impersonation = _optionalObject(fields, "service_account_impersonation");
  if (impersonation === undefined) return undefined;
  // Checked before use: Number.isInteger is false for anything but an integer number.
  const value = impersonation.record.token_lifetime_seconds as number | undefined;
  if (value === undefined) return undefined;
  if (
    !Number.isInteger(value) || value < MIN_LIFETIME_SECONDS ||
    value > MAX_ACCESS_TOKEN_LIFETIME_SECONDS
  ) {
    throw _fieldError(
      impersonation,
      `"token_lifetime_seconds" must be a whole number from ${MIN_LIFETIME_SECONDS} to ${MAX_ACCESS_TOKEN_LIFETIME_SECONDS}`,
    );
  }
  return value;
}

/** Validates an `external_account` file and returns its source. */
export function _externalAccountSource(fields: _Fields): _TokenSource {
  const audience = _requiredString(fields, "audience");
  const subjectTokenType = _requiredString(fields, "subject_token_type");
  const universeDomain = _universeOf(fields);
  const tokenUrl = _url(fields, "token_url", `https://sts.${universeDomain}/v1/token`);
  const subjectToken = _subjectTokenSource(fields);
  const userProject = _optionalString(fields, "workforce_pool_user_project");
  if (userProject !== undefined && !WORKFORCE_AUDIENCE.test(audience)) {
    throw _fieldError(
      fields,
      `"workforce_pool_user_project" needs a workforce pool audience (//iam.googleapis.com/locations/global/workforcePools/...)`,
    );
  }
  if (_optionalString(fields, "client_secret") !== undefined) {
    throw _unsupported(
      fields,
      `"client_secret" (STS client authentication) is not supported yet`,
    );
  }
  const impersonation = _optionalString(fields, _IMPERSONATION_URL) === undefined
    ? undefined
    : _impersonation(fields);
  const lifetimeSeconds = _lifetime(fields);

  async function federated(context: _FetchContext, scopes: readonly string[]) {
    const token = await subjectToken(context);
    return await exchangeToken({
      ...context.call,
      tokenUrl,
      audience,
      subjectToken: token,
      subjectTokenType,
      scope: scopes.join(" "),
      userProject,
    });
  }

  return {
    ...impersonation?.identity,
    async accessToken(context): Promise<ExpiringToken> {
      if (impersonation === undefined) return await federated(context, context.scopes);
      const { token } = await federated(context, [CLOUD_PLATFORM_SCOPE]);
      return await impersonation.accessToken(token, context, lifetimeSeconds);
    },
    async idToken(audienceOfIdToken, includeEmail, context): Promise<ExpiringToken> {
      if (impersonation === undefined) {
        throw _unsupported(
          fields,
          `ID tokens need "${_IMPERSONATION_URL}": a federated identity cannot mint them`,
        );
      }
      const { token } = await federated(context, [CLOUD_PLATFORM_SCOPE]);
      return await impersonation.idToken(token, audienceOfIdToken, includeEmail, context);
    },
  };
}
