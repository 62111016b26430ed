// `external_account` files (workload and workforce identity federation, and the file the
// workflow step writes): a subject token exchanged at STS, then optionally impersonation.
import {
  CLOUD_PLATFORM_SCOPE,
  MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
} from "../../flows/iam_credentials.ts";
import { stsExchange } from "../../flows/sts.ts";
import type { ExpiringToken } from "../../types.ts";
import {
  fieldError,
  type Fields,
  missingError,
  optionalObject,
  optionalString,
  requiredString,
  universeOf,
  unsupported,
  urlField,
} from "./fields.ts";
import { IMPERSONATION_URL_FIELD, parseImpersonation } from "./impersonation.ts";
import type { FetchContext, TokenSource } from "./source.ts";
import { subjectTokenSession } from "./subject_token.ts";
import { MTLS_SUBJECT_TOKEN_TYPE } from "./certificate.ts";
import type { ExternalAccountSettings } from "../_settings.ts";

const WORKFORCE_AUDIENCE = /^\/\/iam\.[^/]+\/locations\/[^/]+\/workforcePools\/[^/]+\/providers\//;
const MIN_LIFETIME_SECONDS = 600;

function lifetimeOf(fields: Fields): number | undefined {
  const impersonation = optionalObject(fields, "service_account_impersonation");
  if (impersonation === undefined) return undefined;
  // Checked before use: Number.isInteger is false for anything but an integer number.
  const value = impersonation.record.token_lifetime_seconds as number | undefined;
  if (value === undefined) return undefined;
  if (
    !Number.isInteger(value) || value < MIN_LIFETIME_SECONDS ||
    value > MAX_ACCESS_TOKEN_LIFETIME_SECONDS
  ) {
    throw fieldError(
      impersonation,
      `"token_lifetime_seconds" must be a whole number from ${MIN_LIFETIME_SECONDS} to ${MAX_ACCESS_TOKEN_LIFETIME_SECONDS}`,
    );
  }
  return value;
}

/** STS client authentication: `client_id`, with `client_secret` if any (HTTP Basic). */
function clientOf(fields: Fields): { id: string; secret: string } | undefined {
  const id = optionalString(fields, "client_id");
  const secret = optionalString(fields, "client_secret");
  if (id === undefined && secret !== undefined) {
    throw missingError(fields, `"client_secret" is set without "client_id"`);
  }
  return id === undefined ? undefined : { id, secret: secret ?? "" };
}

/** Validates an `external_account` file and returns its source. */
export function externalAccountSource(
  fields: Fields,
  settings: ExternalAccountSettings,
): TokenSource {
  const audience = requiredString(fields, "audience");
  const subjectTokenType = requiredString(fields, "subject_token_type");
  const universeDomain = universeOf(fields);
  // X.509 sources exchange over mutual TLS, at STS's mTLS host (gcloud writes it as token_url).
  const stsHost = subjectTokenType === MTLS_SUBJECT_TOKEN_TYPE ? "sts.mtls" : "sts";
  const tokenUrl = urlField(fields, "token_url", `https://${stsHost}.${universeDomain}/v1/token`);
  const session = subjectTokenSession(fields, settings);
  const userProject = optionalString(fields, "workforce_pool_user_project");
  if (userProject !== undefined && !WORKFORCE_AUDIENCE.test(audience)) {
    throw fieldError(
      fields,
      `"workforce_pool_user_project" needs a workforce pool audience (//iam.googleapis.com/locations/global/workforcePools/...)`,
    );
  }
  const client = clientOf(fields);
  const impersonation = optionalString(fields, IMPERSONATION_URL_FIELD) === undefined
    ? undefined
    : parseImpersonation(fields);
  const lifetimeSeconds = lifetimeOf(fields);

  async function federated(token: string, context: FetchContext, scopes: readonly string[]) {
    return await stsExchange({
      tokenUrl,
      audience,
      subjectToken: token,
      subjectTokenType,
      scope: scopes.join(" "),
      // An authenticated client names the project itself (google-auth-library and Python
      // google-auth send no userProject then).
      userProject: client === undefined ? userProject : undefined,
      client,
    }, context.call);
  }

  return {
    ...impersonation?.identity,
    accessToken: (context) =>
      session(context, async (subject, context): Promise<ExpiringToken> => {
        if (impersonation === undefined) return await federated(subject, context, context.scopes);
        const { token } = await federated(subject, context, [CLOUD_PLATFORM_SCOPE]);
        return await impersonation.accessToken(token, context, lifetimeSeconds);
      }),
    idToken(audienceOfIdToken, includeEmail, context): Promise<ExpiringToken> {
      if (impersonation === undefined) {
        return Promise.reject(unsupported(
          fields,
          `ID tokens need "${IMPERSONATION_URL_FIELD}": a federated identity cannot mint them`,
        ));
      }
      return session(context, async (subject, context) => {
        const { token } = await federated(subject, context, [CLOUD_PLATFORM_SCOPE]);
        return await impersonation.idToken(token, audienceOfIdToken, includeEmail, context);
      });
    },
    ...(impersonation === undefined ? {} : {
      sign: (data: Uint8Array, context: FetchContext): Promise<Uint8Array> =>
        session(context, async (subject, context) => {
          const { token } = await federated(subject, context, [CLOUD_PLATFORM_SCOPE]);
          return await impersonation.signBlob(token, data, context);
        }),
    }),
  };
}
