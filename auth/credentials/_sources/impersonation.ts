// Service account impersonation as credentials files describe it: the
// `service_account_impersonation_url` names IAM Credentials' base URL and the service account;
// tokens come from generateAccessToken and generateIdToken with the caller's token.
import { generateAccessToken, generateIdToken } from "../../flows/iam_credentials.ts";
import {
  normalizeDelegates,
  projectIdFromServiceAccount,
  validateServiceAccount,
} from "../../flows/service_account_name.ts";
import type { ExpiringToken } from "../../types.ts";
import { _fieldError, type _Fields, _url } from "./fields.ts";
import type { _FetchContext } from "./source.ts";

const IMPERSONATION_URL =
  /^(https?:\/\/[^?#]+?)\/projects\/[^/?#]+\/serviceAccounts\/([^/?#:]+):generateAccessToken$/;

/** The impersonation a file asks for. */
export interface _Impersonation {
  /** The target's email and the project its email names, as a source reports them. */
  identity: { serviceAccountEmail: string; projectId?: string };
  accessToken(
    authToken: string,
    context: _FetchContext,
    lifetimeSeconds?: number,
  ): Promise<ExpiringToken>;
  idToken(
    authToken: string,
    audience: string,
    includeEmail: boolean,
    context: _FetchContext,
  ): Promise<ExpiringToken>;
}

/** The field of an `external_account` or `impersonated_service_account` file that names the target. */
export const _IMPERSONATION_URL = "service_account_impersonation_url";

/** Parses `service_account_impersonation_url` (and `delegates`) of `fields`. */
export function _impersonation(fields: _Fields, delegates: readonly string[] = []): _Impersonation {
  const url = _url(fields, _IMPERSONATION_URL);
  const match = IMPERSONATION_URL.exec(url);
  if (match === null) {
    throw _fieldError(
      fields,
      `"${_IMPERSONATION_URL}" is not <base URL>/projects/-/serviceAccounts/<email>:generateAccessToken`,
    );
  }
  const baseUrl = match[1]!;
  let serviceAccount: string;
  let chain: string[];
  try {
    serviceAccount = validateServiceAccount(decodeURIComponent(match[2]!));
    chain = normalizeDelegates(delegates);
  } catch {
    throw _fieldError(
      fields,
      `"${_IMPERSONATION_URL}" or "delegates" has an invalid service account email or resource name`,
    );
  }
  const target = { serviceAccount, baseUrl, delegates: chain };
  return {
    identity: {
      serviceAccountEmail: serviceAccount,
      projectId: projectIdFromServiceAccount(serviceAccount),
    },
    accessToken: (authToken, context, lifetimeSeconds) =>
      generateAccessToken({
        ...context.call,
        ...target,
        authToken,
        scopes: context.scopes,
        lifetimeSeconds,
      }),
    idToken: (authToken, audience, includeEmail, context) =>
      generateIdToken({ ...context.call, ...target, authToken, audience, includeEmail }),
  };
}
