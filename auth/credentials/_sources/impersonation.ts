// Service account impersonation as credentials files describe it: the
// `service_account_impersonation_url` names IAM Credentials' base URL and the service account;
// tokens come from generateAccessToken and generateIdToken with the caller's token.
import {
  iamAccessToken,
  iamIdToken,
  iamSignBlob,
  type IamTarget,
} from "../../flows/iam_credentials.ts";
import {
  normalizeDelegates,
  projectIdFromServiceAccount,
  validateServiceAccount,
} from "../../flows/service_account_name.ts";
import type { ExpiringToken } from "../../types.ts";
import { fieldError, type Fields, urlField } from "./fields.ts";
import type { FetchContext } from "./source.ts";

const IMPERSONATION_URL =
  /^(https?:\/\/[^?#]+?)\/projects\/[^/?#]+\/serviceAccounts\/([^/?#:]+):generateAccessToken$/;

/** The impersonation a file asks for. */
export interface Impersonation {
  /** The target's email and the project its email names, as a source reports them. */
  identity: { serviceAccountEmail: string; projectId?: string };
  accessToken(
    authToken: string,
    context: FetchContext,
    lifetimeSeconds?: number,
  ): Promise<ExpiringToken>;
  idToken(
    authToken: string,
    audience: string,
    includeEmail: boolean,
    context: FetchContext,
  ): Promise<ExpiringToken>;
  /** Signs `data` with a Google-managed key of the target (IAM Credentials' signBlob). */
  signBlob(authToken: string, data: Uint8Array, context: FetchContext): Promise<Uint8Array>;
}

/** The field of an `external_account` or `impersonated_service_account` file that names the target. */
export const IMPERSONATION_URL_FIELD = "service_account_impersonation_url";

/** Parses `service_account_impersonation_url` (and `delegates`) of `fields`. */
export function parseImpersonation(
  fields: Fields,
  delegates: readonly string[] = [],
): Impersonation {
  const url = urlField(fields, IMPERSONATION_URL_FIELD);
  const match = IMPERSONATION_URL.exec(url);
  if (match === null) {
    throw fieldError(
      fields,
      `"${IMPERSONATION_URL_FIELD}" is not <base URL>/projects/-/serviceAccounts/<email>:generateAccessToken`,
    );
  }
  const baseUrl = match[1]!;
  let serviceAccount: string;
  let chain: string[];
  try {
    serviceAccount = validateServiceAccount(decodeURIComponent(match[2]!));
    chain = normalizeDelegates(delegates);
  } catch {
    throw fieldError(
      fields,
      `"${IMPERSONATION_URL_FIELD}" or "delegates" has an invalid service account email or resource name`,
    );
  }
  const target = (authToken: string): IamTarget => ({
    serviceAccount,
    baseUrl,
    delegates: chain,
    authToken,
  });
  return {
    identity: {
      serviceAccountEmail: serviceAccount,
      projectId: projectIdFromServiceAccount(serviceAccount),
    },
    accessToken: (authToken, context, lifetimeSeconds = 3600) =>
      iamAccessToken(target(authToken), context.scopes, lifetimeSeconds, context.call),
    idToken: (authToken, audience, includeEmail, context) =>
      iamIdToken(target(authToken), audience, includeEmail, context.call),
    signBlob: async (authToken, payload, context) =>
      (await iamSignBlob(target(authToken), payload, context.call)).signature,
  };
}
