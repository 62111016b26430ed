/**
 * The token `authenticate()` mints after the auth token, as the options ask: an access token
 * (also by domain-wide delegation) or an ID token of the service account.
 *
 * @module
 */

import { delegationClaims } from "../keys/domain_wide_delegation.ts";
import {
  iamAccessToken,
  iamIdToken,
  iamSignJwt,
  type IamTarget,
} from "../flows/iam_credentials.ts";
import { jwtBearerToken } from "../flows/oauth2_token.ts";
import { signJwtWithKeyOption } from "../keys/jwt.ts";
import type { ServiceAccountKey } from "../keys/service_account_key.ts";
import { type AuthenticateResult, type Run, withExpiry } from "./run.ts";

/** The access or ID token the options ask for, minted as `serviceAccount` with `authToken`. */
export async function mint(
  flow: Run,
  authToken: string,
  serviceAccount: string,
  key: ServiceAccountKey | undefined,
): Promise<Partial<AuthenticateResult>> {
  const { plan, call } = flow;
  const target: IamTarget = {
    serviceAccount,
    delegates: plan.delegates,
    baseUrl: plan.endpoints.iamcredentials,
    authToken,
  };
  if (plan.tokenFormat === "id_token") {
    call.log?.debug(`Creating ID token for ${serviceAccount}`);
    const audience = plan.idTokenAudience ?? "";
    const idToken = await iamIdToken(target, audience, plan.idTokenIncludeEmail, call);
    flow.secret(idToken.token);
    return withExpiry(idToken, "idToken");
  }
  if (plan.subject === undefined) {
    call.log?.debug(`Creating access token for ${serviceAccount}`);
    const accessToken = await iamAccessToken(target, plan.scopes, plan.lifetimeSeconds, call);
    flow.secret(accessToken.token);
    return withExpiry(accessToken, "accessToken");
  }
  call.log?.debug(`Creating domain-wide delegation access token for ${serviceAccount}`);
  const claims = delegationClaims({
    serviceAccount,
    subject: plan.subject,
    scopes: plan.scopes,
    audience: `https://oauth2.${plan.universe}/token`,
    lifetimeSeconds: plan.lifetimeSeconds,
    now: call.now,
  });
  const assertion = key !== undefined && key.client_email === serviceAccount
    ? await signJwtWithKeyOption(key, claims, flow.options.signRs256)
    : (await iamSignJwt(target, claims, call)).signedJwt;
  flow.secret(assertion);
  const accessToken = await jwtBearerToken(assertion, plan.endpoints.oauth2, call);
  flow.secret(accessToken.token);
  return withExpiry(accessToken, "accessToken");
}
